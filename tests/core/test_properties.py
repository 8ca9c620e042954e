"""Invariants of classic play over random decks, options, seeds and strategies.

Hypothesis draws decks of 2-5 categories in random directions with small
integer values (so ties and no data are common), 2-6 seats, every combination
of rule options, a seed and one computer strategy per seat.  After every
action of every game the cards are conserved; every decision node has legal
actions; chance nodes have exact distributions; games end or are reported
UNFINISHED at the cap; records round-trip; and the seed alone fixes the game.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.chance import DEFAULT_SEED_SCHEME, match_streams
from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicView, PickCard
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.events import GameEnded, Revealed, Tied, Won
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import CHANCE, TERMINAL, Finite, Shuffle, Termination, UniformPermutation
from toptrumps_core.record import GameRecord, replay
from toptrumps_core.strategies import BestRank, BestValue, CardCounting, RandomStrategy, Strategy

CAP = 250
"""The driver's action cap in these games (rule C12)."""

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class GlobalNoise(Strategy[Any]):
    """Wraps a strategy and disturbs the global generator before each choice."""

    inner: Strategy

    def choose(self, view: ClassicView, legal: Sequence[Any], rng: random.Random) -> Any:
        random.random()  # noqa: TID251 - the point is to touch the global generator
        return self.inner.choose(view, legal, rng)


@st.composite
def decks(draw: st.DrawFn, min_cards: int = 2) -> Deck:
    n_categories = draw(st.integers(2, 5))
    categories = [Category(f"K{i}", higher_is_better=draw(st.booleans())) for i in range(n_categories)]
    n_cards = draw(st.sampled_from(range(min_cards, 31)))  # uniform: not shrunk to tiny decks
    value = st.sampled_from([None, 0, 1, 2, 3, 4, 5, 6])  # small: ties are common
    rows = {f"c{j}": draw(st.lists(value, min_size=n_categories, max_size=n_categories)) for j in range(n_cards)}
    return Deck.from_rows("Random", categories, rows)


@st.composite
def games(draw: st.DrawFn) -> tuple[ClassicRules, list[Strategy], int]:
    deck = draw(decks())
    rules = ClassicRules(
        deck,
        seats=draw(st.integers(2, min(6, len(deck)))),
        leftover=draw(st.sampled_from(["deal_all", "set_aside"])),
        collect_order=draw(st.sampled_from(["fixed", "shuffled"])),
        no_data=draw(st.sampled_from(["tie", "loses"])),
        look_at_last=draw(st.sampled_from([None, 2, 3, 5])),
        round_limit=draw(st.sampled_from([None, None, 1, 7, 60])),
    )
    choices: list[Strategy] = [RandomStrategy(), BestValue(), BestRank(), CardCounting(no_data=rules.no_data)]
    strategies = draw(st.lists(st.sampled_from(choices), min_size=rules.seats, max_size=rules.seats))
    return rules, strategies, draw(st.integers(0, 10**9))


def check_chance_node(rules: ClassicRules, match: Match) -> None:
    dist = rules.chance(match.state)
    if isinstance(dist, Finite):
        probabilities = [p for _, p in dist.outcomes]
        assert all(type(p) is Fraction and p > 0 for p in probabilities)
        assert sum(probabilities) == 1
        assert len({p for p in probabilities}) == 1  # the only Finite node is the C8 lot: uniform
    else:
        assert isinstance(dist, UniformPermutation)
        # The deal shuffles the deck (C2); a shuffled collect the pending cards (C4).
        expected = len(match.state.pending) or len(rules.deck)
        assert dist.n == expected >= 1
        assert dist.probability(Shuffle(tuple(range(dist.n)))) == Fraction(1, factorial(dist.n))


def check_state(rules: ClassicRules, match: Match) -> None:
    state = match.state
    assert state.card_count() == len(rules.deck)
    every = [c for stack in state.stacks for c in stack] + [*state.pot, *state.set_aside, *state.pending]
    assert sorted(every) == list(range(len(rules.deck)))
    rules.check_start(state)  # a reachable state is always a valid start state
    if rules.round_limit is not None:
        assert state.comparisons <= rules.round_limit
    for seat, own in enumerate(state.stacks):
        view = rules.observe(state, seat)
        assert view.stack in (own[:1], own)
        assert view.stack_sizes == tuple(map(len, state.stacks))
        assert not set(view.unseen) & set(view.stack[:1])


def check_outcome(rules: ClassicRules, match: Match) -> None:
    outcome = match.outcome
    assert outcome is not None
    if outcome.termination is Termination.UNFINISHED:
        assert len(match.actions) == CAP and outcome.winners == frozenset()
        assert not any(isinstance(e, GameEnded) for e in match.events)
        return
    assert match.events[-1] == GameEnded(outcome)
    assert sum(isinstance(e, GameEnded) for e in match.events) == 1
    stacks = match.state.stacks
    if outcome.termination is Termination.LAST_STACK:
        (winner,) = outcome.winners
        assert [bool(s) for s in stacks] == [seat == winner for seat in range(rules.seats)]
        assert match.state.pot == ()
    elif outcome.termination is Termination.DRAW_ALL_OUT:
        assert not any(stacks) and len(outcome.winners) >= 2
    else:
        assert outcome.termination is Termination.ROUND_LIMIT
        assert match.state.comparisons == rules.round_limit
        most = max(map(len, stacks))
        assert outcome.winners == {seat for seat, s in enumerate(stacks) if len(s) == most}


@FAST
@given(games())
def test_invariants_hold_after_every_action(game: tuple[ClassicRules, list[Strategy], int]) -> None:
    rules, strategies, seed = game
    match = Match(rules, strategies, seed=seed, max_actions=CAP)
    while not match.is_over:
        actor = match.actor
        if actor is CHANCE:
            check_chance_node(rules, match)
        else:
            assert isinstance(actor, int)
            legal = match.legal_actions()
            assert legal  # rule: every decision node offers something
            assert all(isinstance(a, (ChooseCategory, PickCard)) for a in legal)
            assert match.state.stacks[actor]
        match.step()
        check_state(rules, match)
    assert match.actor is TERMINAL
    check_outcome(rules, match)
    assert match.outcome is not None
    event(match.outcome.termination.name)
    event(f"actions: {'<10' if len(match.actions) < 10 else '<50' if len(match.actions) < 50 else '>=50'}")
    # Every comparison is narrated as a reveal followed by a win or a tie.
    for i, happened in enumerate(match.events):
        if isinstance(happened, Revealed):
            assert isinstance(match.events[i + 1], (Won, Tied))
    # The record replays exactly from its JSON.
    record = match.record
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.actions == record.actions
    assert loaded.events == record.events
    assert loaded.outcome == record.outcome


@FAST
@given(games(), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_the_seed_alone_fixes_the_game_whatever_the_global_generator_does(
    game: tuple[ClassicRules, list[Strategy], int], noise_a: int, noise_b: int
) -> None:
    rules, strategies, seed = game
    random.seed(noise_a)  # noqa: TID251 - disturbing the global generator on purpose
    quiet = play(rules, strategies, seed=seed, max_actions=CAP)
    random.seed(noise_b)  # noqa: TID251
    noisy = play(rules, [GlobalNoise(s) for s in strategies], seed=seed, max_actions=CAP)
    assert noisy.actions == quiet.actions
    assert noisy.events == quiet.events
    assert noisy.outcome == quiet.outcome


@FAST
@given(games(), st.data())
def test_changing_one_seats_strategy_leaves_the_deal_unchanged(
    game: tuple[ClassicRules, list[Strategy], int], data: st.DataObject
) -> None:
    rules, strategies, seed = game
    seat = data.draw(st.integers(0, rules.seats - 1))
    others: list[Strategy] = [RandomStrategy(), BestValue(), BestRank(), CardCounting()]
    swapped = list(strategies)
    swapped[seat] = data.draw(st.sampled_from([s for s in others if s != strategies[seat]]))
    a = play(rules, strategies, seed=seed, max_actions=3)
    b = play(rules, swapped, seed=seed, max_actions=3)
    assert isinstance(a.actions[0], Shuffle)
    assert a.actions[0] == b.actions[0]
    assert a.events[0] == b.events[0]


def protocol_play(rules: ClassicRules, strategies: Sequence[Strategy], seed: int, cap: int) -> tuple[Any, list, list]:
    """Plays a game by the protocol alone, as `toptrumps_core.play` describes its loop.

    Every seat gets its view and the full list of legal actions; chance draws
    from the ``"chance"`` stream, each seat from ``"seat/N"``, by the default
    seed scheme.  Returns the final state, the actions and the events.
    """
    chance_rng, seat_rngs, _ = match_streams(seed, rules.seats, DEFAULT_SEED_SCHEME, judged=False)
    state = rules.initial_state()
    actions: list[Any] = []
    events: list[Any] = []
    while rules.outcome(state) is None and len(actions) < cap:
        actor = rules.actor(state)
        if actor is CHANCE:
            action = rules.chance(state).sample(chance_rng)
        else:
            assert isinstance(actor, int)
            view = rules.observe(state, actor)
            action = strategies[actor].choose(view, rules.legal_actions(state), seat_rngs[actor])
        step = rules.apply(state, action)
        state = step.state
        actions.append(action)
        events.extend(step.events)
    return state, actions, events


@FAST
@given(games())
def test_the_driver_plays_the_game_the_protocol_alone_plays(game: tuple[ClassicRules, list[Strategy], int]) -> None:
    # The driver takes shortcuts (no view for a strategy that reads none); the game must not change.
    rules, strategies, seed = game
    state, actions, events = protocol_play(rules, strategies, seed, CAP)
    match = Match(rules, strategies, seed=seed, max_actions=CAP)
    match.advance()
    assert match.actions == actions
    assert match.events == events
    assert match.state == state
    loaded = GameRecord.from_json(match.record.to_json())
    assert replay(rules, loaded.actions) == (state, tuple(events))
    again = Match.from_record(loaded, strategies)
    assert again.state == state and again.events == events


@settings(max_examples=40, deadline=None)
@given(decks(min_cards=4), st.integers(0, 10**6))
def test_every_state_is_immutable_and_illegal_actions_change_nothing(deck: Deck, seed: int) -> None:
    rules = ClassicRules(deck, seats=2, look_at_last=3, collect_order="shuffled")
    match = Match(rules, [RandomStrategy()] * 2, seed=seed, max_actions=60)
    n_categories = len(deck.categories)
    while not match.is_over:
        state = match.state
        frozen = repr(state)
        for bad in (ChooseCategory(n_categories), ChooseCategory(-1), PickCard(99), Shuffle((0,)), "nonsense"):
            with pytest.raises(IllegalActionError):
                rules.apply(state, bad)
        assert repr(state) == frozen
        match.step()


def test_the_same_seed_gives_the_same_record_in_fresh_interpreters() -> None:
    # String hashing differs between interpreters (PYTHONHASHSEED); the game must not.
    code = (
        "from toptrumps_core.cards import Category, Deck\n"
        "from toptrumps_core.classic import ClassicRules\n"
        "from toptrumps_core.play import play\n"
        "deck = Deck.from_rows('D', [Category('A'), Category('B', higher_is_better=False)],\n"
        "                      {f'c{i}': [i % 4, (i * 5) % 7 or None] for i in range(14)})\n"
        "rules = ClassicRules(deck, seats=3, collect_order='shuffled', look_at_last=3)\n"
        "print(play(rules, seed='lesson-7', max_actions=500).to_json())\n"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert len(GameRecord.from_json(outputs[0]).actions) > 2


def test_every_reachable_state_of_tiny_games_is_sound() -> None:
    # Exhaustive rather than random: every shuffle, choice, pick, lot and collect
    # order of a 4-card deck (ties, no data, both directions), 2 and 3 seats, every
    # option combination, up to 12 actions deep.
    deck = Deck.from_rows(
        "Tiny",
        [Category("A"), Category("B", higher_is_better=False)],
        {"w": [1, None], "x": [2, 2], "y": [2, 1], "z": [None, 3]},
    )
    options = itertools.product(
        ["deal_all", "set_aside"], ["fixed", "shuffled"], ["tie", "loses"], [None, 2, 3], [None, 3]
    )
    endings: set[Termination] = set()
    for seats, (leftover, collect_order, no_data, look_at_last, round_limit) in itertools.product((2, 3), options):
        rules = ClassicRules(
            deck,
            seats,
            leftover=leftover,  # type: ignore[arg-type]
            collect_order=collect_order,  # type: ignore[arg-type]
            no_data=no_data,  # type: ignore[arg-type]
            look_at_last=look_at_last,
            round_limit=round_limit,
        )
        todo = [(rules.initial_state(), 0)]
        seen = set()
        while todo:
            state, depth = todo.pop()
            if state in seen or depth > 12:
                continue
            seen.add(state)
            actor = rules.actor(state)
            if actor is TERMINAL:
                outcome = rules.outcome(state)
                assert outcome is not None and outcome.winners
                endings.add(outcome.termination)
                continue
            if actor is CHANCE:
                dist = rules.chance(state)
                if isinstance(dist, Finite):
                    assert sum(p for _, p in dist.outcomes) == 1
                    actions: Sequence[Any] = [a for a, _ in dist.outcomes]
                else:
                    assert isinstance(dist, UniformPermutation) and dist.n >= 1
                    actions = [Shuffle(order) for order in itertools.permutations(range(dist.n))]
            else:
                actions = rules.legal_actions(state)
                assert actions
            for action in actions:
                after = rules.apply(state, action).state
                assert after.card_count() == len(deck)
                rules.check_start(after)
                for seat in range(seats):
                    rules.observe(after, seat)
                todo.append((after, depth + 1))
    assert endings == {Termination.LAST_STACK, Termination.DRAW_ALL_OUT, Termination.ROUND_LIMIT}
