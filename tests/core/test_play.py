"""The driver: what `Match` and `play` accept per seat, seat numbers, and `Match.from_record`.

A bad seat must be refused when the match is made, with a message that names
the seat, never halfway through a game; a match rebuilt from its record must
stand exactly where the original stood, streams included, so that play goes
on the same (resume, undo).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from toptrumps_core.cards import Deck
from toptrumps_core.chance import FRESH_SEED_MAX
from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.play import Match, play
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import HUMAN, BestRank, CardCounting, Human, RandomStrategy, default_player, get_strategy
from toptrumps_core.tournament import TournamentRules
from toptrumps_core.tournament.game import TournamentState


@pytest.fixture
def rules(zoo: Deck) -> ClassicRules:
    return ClassicRules(zoo, seats=3)


# -- what a seat may be --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strategies", "words"),
    [
        ([HUMAN, None, RandomStrategy()], "seat 1"),
        ([RandomStrategy(), RandomStrategy(), 7], "seat 2"),
        ([RandomStrategy(), object(), RandomStrategy()], "choose(view, legal, rng)"),
        (["random", "grandmaster", "random"], "seat 1: no strategy 'grandmaster'; expected one of"),
        ([RandomStrategy, RandomStrategy(), RandomStrategy()], "write RandomStrategy()"),
        ([Human, RandomStrategy(), RandomStrategy()], "write HUMAN"),
        ("random", "one entry per seat"),
        ([RandomStrategy()] * 2, "expected 3 strategies"),
    ],
    ids=["none", "number", "no_choose", "unknown_name", "class", "human_class", "a_string", "too_few"],
)
def test_a_bad_seat_is_refused_when_the_match_is_made(rules: ClassicRules, strategies: Any, words: str) -> None:
    with pytest.raises(RuleOptionError) as info:
        Match(rules, strategies, seed=1)
    assert words in str(info.value)
    with pytest.raises(RuleOptionError):
        play(rules, strategies, seed=1)


def test_strategy_names_are_resolved(rules: ClassicRules) -> None:
    by_name = play(rules, ["random", "easy", "random"], seed=5)
    by_object = play(rules, [RandomStrategy()] * 3, seed=5)
    assert by_name.actions == by_object.actions
    assert Match(rules, ["hard", HUMAN, "random"]).strategies == (BestRank(), HUMAN, RandomStrategy())


def test_a_named_card_counter_plays_the_games_no_data_option(zoo: Deck) -> None:
    # Rule C6: card counting's odds must be those of the game being played.
    rules = ClassicRules(zoo, seats=2, no_data="loses")
    assert Match(rules, ["expert", "card_counting"]).strategies == (CardCounting(no_data="loses"),) * 2
    assert Match(rules, [get_strategy("expert")] * 2).strategies == (CardCounting(no_data="tie"),) * 2  # as given


def test_play_still_refuses_a_human_seat_and_names_it(rules: ClassicRules) -> None:
    with pytest.raises(RuleOptionError, match="seat 2 is HUMAN"):
        play(rules, ["random", "random", HUMAN], seed=1)


# -- seat numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", ["0", True, False, 1.0, 3, -1, None])
def test_view_refuses_what_is_not_a_seat(rules: ClassicRules, seat: Any) -> None:
    match = Match(rules, seed=2)
    match.advance()
    with pytest.raises(IllegalActionError, match=r"the seat must be a whole number from 0 to 2; got "):
        match.view(seat)
    with pytest.raises(IllegalActionError):
        rules.observe(match.state, seat)


def test_view_of_each_seat(rules: ClassicRules) -> None:
    match = Match(rules, seed=2)
    assert [match.view(s).seat for s in range(3)] == [0, 1, 2]


# -- from_record ------------------------------------------------------------------------------------


def played_with_a_human(rules: Any, strategies: list[Any], *, choices: int, seed: int = 4) -> Match:
    """Returns a match in which the human seats took `choices` decisions, picked by a fixed generator."""
    match = Match(rules, strategies, seed=seed)
    pick = random.Random(seed)
    for _ in range(choices):
        match.advance()
        if match.waiting_for is None:
            break
        match.submit(pick.choice(match.legal_actions()))
    return match


def carry_on(match: Match, choices: int) -> list[Any]:
    """Plays `choices` more human decisions the same way and returns every action taken after."""
    pick = random.Random(99)
    start = len(match.actions)
    for _ in range(choices):
        match.advance()
        if match.waiting_for is None:
            break
        match.submit(pick.choice(match.legal_actions()))
    return match.actions[start:]


def test_from_record_stands_where_the_match_stood_and_goes_on_the_same(rules: ClassicRules) -> None:
    strategies = [HUMAN, "expert", "random"]
    match = played_with_a_human(rules, strategies, choices=3)
    again = Match.from_record(match.record, strategies)
    assert (again.state, again.actions, again.events) == (match.state, match.actions, match.events)
    assert (again.seed, again.start, again.strategies) == (match.seed, match.start, match.strategies)
    # The chance and seat streams stand where they stood: the future is the same.
    assert carry_on(again, 50) == carry_on(match, 50)
    assert again.outcome == match.outcome


def test_from_record_of_a_saved_text(rules: ClassicRules) -> None:
    match = played_with_a_human(rules, [HUMAN, "random", "random"], choices=2)
    loaded = GameRecord.from_json(match.record.to_json())
    again = Match.from_record(loaded, [HUMAN, "random", "random"])
    assert again.state == match.state and again.record.to_json() == match.record.to_json()


def test_from_record_upto_undoes_to_an_earlier_action(rules: ClassicRules) -> None:
    match = played_with_a_human(rules, [HUMAN, "random", "random"], choices=4)
    for count in (0, 1, len(match.actions) // 2, len(match.actions)):
        undone = Match.from_record(match.record, match.strategies, upto=count)
        assert undone.actions == match.actions[:count]
        fresh = Match(rules, match.strategies, seed=match.seed)
        for action in match.actions[:count]:
            if fresh.waiting_for is not None:
                fresh.submit(action)
            else:
                fresh.step()
        assert undone.state == fresh.state


def test_from_record_keeps_a_scenario_start(rules: ClassicRules) -> None:
    start = rules.start_from(stacks=[["Cat", "Bee"], ["Dog", "Eel"], ["Fox", "Ant"]], chooser=1)
    record = play(rules, ["random"] * 3, seed=8, start=start)
    again = Match.from_record(record, ["random"] * 3)
    assert again.start == start and again.record.actions == record.actions and again.outcome == record.outcome


def test_from_record_rebuilds_a_tournament() -> None:
    # The tournament page saves and resumes through this (widgets/tournament/saves.py).
    rules = TournamentRules(seats=3)
    strategies = [HUMAN, *[default_player(rules)] * 2]
    match = played_with_a_human(rules, strategies, choices=6, seed=3)
    assert not match.is_over and len(match.actions) > 6  # the person has taken six decisions, the game goes on
    again = Match.from_record(GameRecord.from_json(match.record.to_json()), strategies)
    assert isinstance(again.state, TournamentState)
    assert again.state == match.state and again.actions == match.actions


def test_from_record_refuses_a_replay_that_comes_out_differently(rules: ClassicRules) -> None:
    record = play(rules, ["expert", "expert", "expert"], seed=6)
    with pytest.raises(RecordError, match=r"action \d+: seat \d's strategy drew .* where the record has"):
        Match.from_record(record, ["random", "random", "random"])


def test_from_record_refuses_what_it_cannot_replay(rules: ClassicRules) -> None:
    record = play(rules, ["random"] * 3, seed=6)
    no_seed = GameRecord(record.rules, None, None, record.actions, record.events, record.outcome)
    with pytest.raises(RecordError, match="no seed"):
        Match.from_record(no_seed)
    for upto in (-1, len(record.actions) + 1, True, 1.5):
        with pytest.raises(RecordError, match="upto"):
            Match.from_record(record, ["random"] * 3, upto=upto)
    with pytest.raises(RecordError, match="does not replay"):  # the cap ends the game before the record does
        Match.from_record(record, ["random"] * 3, max_actions=2)


def test_a_match_without_a_seed_draws_one_too_many_to_guess_and_keeps_it() -> None:
    # unseen cards stay unseen: the drawn seed ranges over fifteen digits, not a guessable million
    rules = ClassicRules(load_deck("animals"), seats=2)
    seeds = [Match(rules, seed=None).seed for _ in range(20)]
    assert all(isinstance(s, int) and 0 <= s <= FRESH_SEED_MAX for s in seeds), seeds
    assert max(seeds) > 10**12, f"twenty drawn seeds all below 10**12: {seeds}"
    assert len(set(seeds)) == len(seeds), seeds
    replayed = play(rules, None, seed=seeds[0])
    assert replayed.seed == seeds[0]
