"""Squads' computer players (rules S3, S5): each decides from its own view, with exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.core.squads.squads_helpers import joint, mission, toy_rules
from toptrumps_core import load_deck, play
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.probability.settle import win_chance
from toptrumps_core.squads import MissionChosen, PickUp, Place, SquadsRules
from toptrumps_core.strategies import ExpectedTokensBuilder, RandomBuilder, ThresholdBuilder, default_player
from toptrumps_core.strategies.squads import slot_chances


def _holding(card_row: list[str], slot: int = 0):  # type: ignore[no-untyped-def]
    """Seat 0 picked up `slot` of `card_row`; seat 1 did the same with its own row."""
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[card_row, ["Gnu", "Hen", "Cat"]], mission="Test mission")
    state = joint(rules, state, [PickUp(slot), PickUp(slot)]).state
    return rules, state


def test_slot_chances_are_exact_from_the_unseen_cards() -> None:
    rules, state = _holding(["Fox", "Ant", "Bee"])  # holds Fox: Speed 50, the best in the deck
    view = rules.observe(state, 0)
    tokens, here, average = slot_chances(view, view.held, 0)  # type: ignore[arg-type]
    unseen = [rules.deck.cards[c].values[0] for c in view.unseen]
    assert tokens == 3 and here == win_chance(50, unseen, 1, "highest") == 1
    assert 0 < average < 1


def test_expected_tokens_builder_puts_the_best_speed_in_the_speed_slot() -> None:
    rules, state = _holding(["Ant", "Fox", "Bee"], slot=0)  # holds Ant (Speed 1): a poor Speed card
    view = rules.observe(state, 0)
    legal = rules.legal_actions(state, 0)
    # Ant is the worst Speed and a middling Height: not the Critical slot
    assert ExpectedTokensBuilder().choose(view, legal, random.Random(0)) != Place(0)
    rules, state = _holding(["Fox", "Ant", "Bee"], slot=0)  # holds Fox (Speed 50): the best
    assert ExpectedTokensBuilder().choose(
        rules.observe(state, 0), rules.legal_actions(state, 0), random.Random(0)
    ) == Place(0)


def test_threshold_builder_waits_below_its_threshold_and_settles_above_it() -> None:
    deck = load_deck("animals")
    rules = SquadsRules(deck, seats=3)
    m = rules.mission_list[0]  # Critical: Top speed, highest; Gestation (slot 3) is outside the mission
    assert m.critical.category == "Top speed" and m.tokens_by_category(deck)[3] == 0
    rows = [
        ["Garden snail", "Cheetah", "Lion", "Tiger"],
        ["Giraffe", "Plains zebra", "Red fox", "Ostrich"],
        ["Blue whale", "Red kangaroo", "Polar bear", "Three-toed sloth"],
    ]
    state = rules.start_from(rows=rows, mission=m.title)
    state = joint(rules, state, [PickUp(1), PickUp(0), PickUp(0)]).state  # seat 0 holds the Cheetah
    view = rules.observe(state, 0)
    legal = rules.legal_actions(state, 0)
    chance = slot_chances(view, view.held, 0)[1]  # type: ignore[arg-type]
    assert chance > Fraction(9, 10)
    assert ThresholdBuilder(Fraction(1, 2)).choose(view, legal, random.Random(0)) == Place(0)
    assert ThresholdBuilder(1).choose(view, legal, random.Random(0)) == Place(3)  # Gestation is outside the mission
    assert ThresholdBuilder(0).choose(view, legal, random.Random(0)) == Place(0)  # the open slot with most tokens


@pytest.mark.parametrize("threshold", ["x", "0.5", True, None, -0.1, Fraction(3, 2), float("nan")])
def test_threshold_builder_refuses_a_threshold_that_is_not_a_chance_when_it_is_made(threshold: object) -> None:
    with pytest.raises(RuleOptionError, match="the threshold must be a win chance from 0 to 1"):
        ThresholdBuilder(threshold)  # type: ignore[arg-type]


def test_every_builder_plays_whole_games_and_the_default_is_expected_tokens() -> None:
    rules = SquadsRules(load_deck("countries"), seats=3, tokens_to_win=6)
    assert isinstance(default_player(rules), ExpectedTokensBuilder)
    for players in (
        [RandomBuilder()] * 3,
        [ThresholdBuilder(0)] * 3,
        [ThresholdBuilder(1), RandomBuilder(), ExpectedTokensBuilder()],
    ):
        record = play(rules, players, seed=5)
        assert record.outcome is not None


def test_the_expected_tokens_builder_beats_random_builders_over_many_games() -> None:
    rules = SquadsRules(load_deck("animals"), seats=2, tokens_to_win=10)
    wins = 0
    for seed in range(30):
        record = play(rules, [ExpectedTokensBuilder(), RandomBuilder()], seed=seed)
        assert record.outcome is not None
        wins += record.outcome.winners == frozenset({0})
    assert wins >= 20


def test_computer_mission_makers_choose_among_the_prepared_missions() -> None:
    rules = toy_rules(seats=2, missions=(mission(), mission(title="Second")), tokens_to_win=12)
    record = play(rules, None, seed=2)
    chosen = [e.mission.title for e in record.events if isinstance(e, MissionChosen)]
    assert len(chosen) >= 2 and set(chosen) <= {"Test mission", "Second"}
