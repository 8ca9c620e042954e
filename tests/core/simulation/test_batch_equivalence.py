"""The batch engine plays the rules engine's games: the same game for the same seed (rules C1-C12, D3).

The strongest test of the project: random decks (no data, lower-is-better
categories, equal values), 2 to 6 seats, every supported option and
strategy, and random seeds, checked game by game against `Match`, the
rules engine, down to the final stacks, the pot and the lots.  The engine
compiles once per session (numba's cache keeps it between sessions), and
each example plays a batch of games.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.cards import Category, Deck
from toptrumps_core.events import Tied
from toptrumps_core.play import Match
from toptrumps_core.protocol import Lot
from toptrumps_core.simulation import BATCH_STRATEGIES, BatchGames, play_batch


@dataclass(frozen=True)
class Setup:
    rules: ClassicRules
    strategies: tuple[str, ...]
    seeds: tuple[int, ...]
    max_actions: int | None


@st.composite
def decks(draw: st.DrawFn, min_cards: int) -> Deck:
    """Decks of few distinct values (many ties), some no data, some lower-is-better categories."""
    categories = draw(st.integers(2, 5))
    cards = draw(st.integers(min_cards, 14))
    spread = draw(st.sampled_from([2, 3, 5, 100]))  # few values: equal values and ties are common
    value = st.one_of(st.integers(0, spread), st.just("n/a"), st.sampled_from([0.5, 2.25, -1]))
    rows = {f"card {i}": draw(st.lists(value, min_size=categories, max_size=categories)) for i in range(cards)}
    kinds = [Category(f"cat {k}", higher_is_better=draw(st.booleans())) for k in range(categories)]
    return Deck.from_rows("random deck", kinds, rows)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    seats = draw(st.integers(2, 6))
    rules = ClassicRules(
        draw(decks(seats)),
        seats=seats,
        leftover=draw(st.sampled_from(["deal_all", "set_aside"])),
        no_data=draw(st.sampled_from(["tie", "loses"])),
        round_limit=draw(st.one_of(st.none(), st.integers(1, 80))),
    )
    strategies = tuple(draw(st.lists(st.sampled_from(BATCH_STRATEGIES), min_size=seats, max_size=seats)))
    seeds = tuple(draw(st.lists(st.integers(-(10**17), 10**17), min_size=1, max_size=5)))
    max_actions = draw(st.integers(1, 400))  # small enough for the rules engine; small caps reach C12 often
    return Setup(rules, strategies, seeds, max_actions)


def assert_same_game(games: BatchGames, index: int, setup: Setup) -> None:
    """Asserts that batch game `index` is the rules engine's game for its seed, in every part."""
    match = Match(setup.rules, setup.strategies, seed=setup.seeds[index], max_actions=setup.max_actions)
    match.advance()
    outcome, state = match.outcome, match.state
    assert outcome is not None
    where = f"seed {setup.seeds[index]}"
    assert int(games.seeds[index]) == setup.seeds[index]
    assert games.terminations()[index] == outcome.termination, where
    assert set(games.winners[index].nonzero()[0].tolist()) == set(outcome.winners), where
    assert int(games.comparisons[index]) == state.comparisons, where
    assert int(games.ties[index]) == sum(isinstance(e, Tied) for e in match.events), where
    assert int(games.lots[index]) == sum(isinstance(a, Lot) for a in match.actions), where
    assert len(match.actions) == 1 + state.comparisons + int(games.lots[index]), where
    assert games.stacks(index) == state.stacks, where
    assert games.pot(index) == state.pot, where
    held = int(games.stack_sizes[index].sum()) + int(games.pot_sizes[index])
    assert tuple(games.final_cards[index, held:].tolist()) == state.set_aside, where


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_the_batch_engine_plays_the_rules_engines_games(setup: Setup) -> None:
    games = play_batch(setup.rules, setup.strategies, setup.seeds, max_actions=setup.max_actions)
    assert len(games) == len(setup.seeds)
    for index in range(len(setup.seeds)):
        assert_same_game(games, index, setup)
    for termination in games.terminations():
        event(termination.name)
    event("lots" if games.lots.any() else "no lots")


@st.composite
def random_choosers(draw: st.DrawFn) -> Setup:
    """Two random choosers, whose next categories the engine draws ahead, and caps long enough to pass 256 words."""
    rules = ClassicRules(
        draw(decks(2)),
        seats=2,
        leftover=draw(st.sampled_from(["deal_all", "set_aside"])),
        no_data=draw(st.sampled_from(["tie", "loses"])),
        round_limit=draw(st.one_of(st.none(), st.integers(1, 1500))),
    )
    seeds = tuple(draw(st.lists(st.integers(-(10**17), 10**17), min_size=1, max_size=5)))
    return Setup(rules, ("random", "random"), seeds, draw(st.integers(1, 1500)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_choosers())
def test_two_random_choosers_play_the_rules_engines_games(setup: Setup) -> None:
    games = play_batch(setup.rules, setup.strategies, setup.seeds, max_actions=setup.max_actions)
    for index in range(len(setup.seeds)):
        assert_same_game(games, index, setup)
    event("over 400 comparisons (past a seat's 256 ready words)" if games.comparisons.max() > 400 else "shorter")


def test_two_random_choosers_past_every_ready_word() -> None:
    # Animals has 4 categories: randrange(4) draws 3 bits and keeps half the words,
    # so each seat, choosing about every other comparison, reads about one word a
    # comparison: games of over 400 comparisons read past the 256 words each stream
    # has twisted at seeding.
    rules = ClassicRules(load_deck("animals"), seats=2)
    seeds = tuple(range(300))
    games = play_batch(rules, ("random", "random"), seeds)
    long_games = [i for i in range(len(seeds)) if games.comparisons[i] > 400]
    assert long_games
    for index in long_games[:10]:
        assert_same_game(games, index, Setup(rules, ("random", "random"), seeds, 100_000))


def test_bundled_decks_with_the_default_cap_and_a_round_limit() -> None:
    # The lesson's set-up: a bundled deck (no data, lower-is-better, equal
    # values), play's default cap, every seat count, both no-data options.
    for seats, deck in zip(
        range(2, 7), ["animals", "dinosaurs", "countries", "mountains", "chemical_elements"], strict=True
    ):
        rules = ClassicRules(load_deck(deck), seats=seats, no_data="loses" if seats % 2 else "tie", round_limit=300)
        strategies = tuple(BATCH_STRATEGIES[s % 3] for s in range(seats))
        setup = Setup(rules, strategies, tuple(range(100, 106)), None)
        games = play_batch(rules, strategies, setup.seeds)
        for index in range(len(setup.seeds)):
            assert_same_game(games, index, Setup(rules, strategies, setup.seeds, 100_000))


def test_c8_lots_happen_and_match() -> None:
    # A chooser who ties away their last card while others hold more is
    # replaced by lot (C8): rare, so the games with a lot are picked out
    # of many and each is checked (four of these 900 games draw one).
    rules = ClassicRules(load_deck("chemical_elements"), seats=6)
    strategies = ("random", "best_value", "best_rank") * 2
    seeds = tuple(range(3200, 4100))
    games = play_batch(rules, strategies, seeds)
    with_lots = [i for i in range(len(seeds)) if games.lots[i] > 0]
    assert with_lots
    for index in with_lots:
        assert_same_game(games, index, Setup(rules, strategies, seeds, 100_000))


def test_c7_draws_happen_and_match() -> None:
    # Every value equal, two cards each: both comparisons tie (C5), and the
    # tie that empties every stack is a draw among its seats (C7).
    deck = Deck.from_rows("Flat", [Category("A"), Category("B")], {f"c{i}": [1, 1] for i in range(6)})
    setup = Setup(ClassicRules(deck, seats=3), ("random",) * 3, tuple(range(20)), 100_000)
    games = play_batch(setup.rules, setup.strategies, setup.seeds)
    assert {t.name for t in games.terminations()} == {"DRAW_ALL_OUT"} and games.winners.all()
    for index in range(len(setup.seeds)):
        assert_same_game(games, index, setup)


def test_two_threads_play_the_same_games_as_one() -> None:
    rules = ClassicRules(load_deck("animals"), seats=4, round_limit=500)
    seeds = list(range(-300, 300))
    one = play_batch(rules, ["random", "best_value", "best_rank", "random"], seeds)
    two = play_batch(rules, ["random", "best_value", "best_rank", "random"], seeds, threads=2)
    for field in ("seeds", "winners", "comparisons", "ties", "lots", "termination", "stack_sizes", "pot_sizes"):
        assert (getattr(one, field) == getattr(two, field)).all(), field
    assert (one.final_cards == two.final_cards).all()
