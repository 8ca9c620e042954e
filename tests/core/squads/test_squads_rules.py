"""Scenario tests for Top Trump Squads, one or more per rule (S1-S7), on the TOY deck.

TOY: Speed (km/h), Height (cm), Age (years); every comment works the
expected result out by hand from the table in `squads_helpers`.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.core.squads.squads_helpers import build_as_dealt, joint, mission, toy_deck, toy_rules
from toptrumps_core import GameRecord, Match, load_deck, play
from toptrumps_core.cards import Category, Deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import GameEnded
from toptrumps_core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, JointAction, Shuffle
from toptrumps_core.squads import (
    CardPickedUp,
    CardPlaced,
    ChooseMission,
    MissionError,
    MissionSlot,
    PickUp,
    Place,
    RoundScored,
    SlotScored,
    SquadBuilt,
    SquadsDealt,
    SquadsEnd,
    SquadsPhase,
    SquadsRevealed,
    SquadsRules,
    check_mission,
)
from toptrumps_core.strategies import HUMAN

# -- S1: players and the deal ---------------------------------------------------------


def test_s1_each_seat_gets_k_cards_face_down_slot_i_for_category_i() -> None:
    rules = toy_rules(seats=2)
    step = rules.apply(rules.initial_state(), Shuffle(tuple(range(8))))
    # dealt one at a time around the table: seat 0 gets 0, 2, 4; seat 1 gets 1, 3, 5
    assert [row.cards for row in step.state.rows] == [(0, 2, 4), (1, 3, 5)]
    assert all(not any(row.face_up) for row in step.state.rows)
    assert step.events == (SquadsDealt(1, 0, 3),)
    assert rules.actor(step.state) == 0  # the mission maker


def test_s1_a_deck_too_small_for_the_players_names_the_deck_players_and_cards() -> None:
    with pytest.raises(RuleOptionError, match=r"deck 'Toy' has 8 cards, too few for 3 players of 3 cards each \(9"):
        toy_rules(seats=3)


def test_s1_two_or_more_players_and_three_categories() -> None:
    with pytest.raises(RuleOptionError, match="S1"):
        toy_rules(seats=1)
    two = Deck.from_rows("Two", [Category("A"), Category("B")], {"x": [1, 2], "y": [2, 1], "z": [3, 3], "w": [1, 1]})
    with pytest.raises(RuleOptionError, match="3"):
        SquadsRules(two, seats=2, missions=())


# -- S2: missions -------------------------------------------------------------------------


def test_s2_roles_win_three_two_and_one_tokens() -> None:
    m = mission()
    assert [(role, tokens) for role, tokens, _ in m.roles()] == [("critical", 3), ("important", 2), ("useful", 1)]
    assert m.tokens_by_category(toy_deck()) == (3, 2, 1)


@pytest.mark.parametrize(
    ("made", "field", "words"),
    [
        (lambda: mission(critical=("Weight", "highest", None)), "critical.category", "a category of deck 'Toy'"),
        (lambda: mission(useful=("Speed", "lowest", None)), "useful.category", "three different categories"),
        (lambda: mission(important=("Height", "nearest", None)), "important.target", "a number in cm"),
        (lambda: mission(important=("Height", "highest", 4)), "important.target", "no target unless"),
        (lambda: mission(critical=("Speed", "fastest", None)), "critical.goal", "'highest', 'lowest' or 'nearest'"),
    ],
)
def test_s2_an_invalid_mission_is_refused_naming_the_mission_and_field(made, field, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MissionError, match=words) as err:
        toy_rules(missions=(made(),))
    assert err.value.field == field
    assert err.value.mission == "Test mission"  # its title; '#1' only when it has no usable title
    assert "Fraction(" not in str(err.value)


def test_s2_a_mission_without_a_usable_title_is_named_by_its_position_and_never_as_an_empty_name() -> None:
    with pytest.raises(MissionError, match="some words") as err:
        toy_rules(missions=(mission(title=" "),))
    assert err.value.mission == "#1" and "mission '#1'" in str(err.value) and "mission ''" not in str(err.value)
    with pytest.raises(MissionError) as err:
        check_mission(mission(title=""), toy_deck())
    assert err.value.mission is None and "mission ''" not in str(err.value)


def test_s2_a_target_reads_as_players_write_it() -> None:
    with pytest.raises(MissionError, match=r"no target unless the goal is 'nearest'; got 5$"):
        check_mission(mission(important=("Height", "highest", 5)), toy_deck())
    with pytest.raises(MissionError, match=r"got 2\.5$"):
        check_mission(mission(important=("Height", "lowest", 2.5)), toy_deck())


def test_s2_a_float_target_is_the_decimal_it_is_written_as() -> None:
    assert MissionSlot("Weight", "nearest", 2.5).target == Fraction(5, 2)  # type: ignore[arg-type]
    assert MissionSlot("Weight", "nearest", 0.1).target == Fraction(1, 10)  # type: ignore[arg-type]
    check_mission(mission(important=("Height", "nearest", 2.5)), toy_deck())


def test_s2_a_target_is_told_with_its_unit_as_players_say_it() -> None:
    deck = load_deck("dinosaurs")
    named = deck.categories[deck.category_index("Named")]
    assert named.unit == "year"
    assert MissionSlot("Named", "nearest", Fraction(1900)).describe(named) == "Named nearest to 1900"
    price = Category("Price", "£")
    assert MissionSlot("Price", "nearest", Fraction(40)).describe(price) == "Price nearest to £40"


def test_s2_a_target_on_a_category_without_numbers_is_refused() -> None:
    deck = Deck.from_rows(
        "Blank",
        [Category("A"), Category("B"), Category("C")],
        {n: [i, i, "n/a"] for i, n in enumerate("pqrstu")},
    )
    with pytest.raises(MissionError, match="a category with numbers"):
        SquadsRules(
            deck, seats=2, missions=(mission(("A", "highest", None), ("B", "lowest", None), ("C", "nearest", 1)),)
        )


def test_s2_the_mission_maker_passes_left_each_round() -> None:
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission", maker=0)
    after = build_as_dealt(rules, state).state
    assert after.phase is SquadsPhase.SHUFFLE and after.maker == 1
    dealt = rules.apply(after, Shuffle(tuple(range(8))))
    assert rules.actor(dealt.state) == 1 and dealt.events == (SquadsDealt(2, 1, 3),)


def test_s2_the_maker_may_set_any_valid_mission_but_no_invalid_one() -> None:
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]])
    assert rules.actor(state) == 0
    own = mission(("Age", "lowest", None), ("Speed", "nearest", 10), ("Height", "highest", None), title="Own")
    step = rules.apply(state, ChooseMission(own))
    assert step.state.mission == own and rules.actor(step.state) is SIMULTANEOUS
    with pytest.raises(IllegalActionError, match="cannot be played"):
        rules.apply(state, ChooseMission(mission(useful=("Speed", "highest", None))))


# -- S3: building ---------------------------------------------------------------------------


def _built_start(seats: int = 2):  # type: ignore[no-untyped-def]
    rules = toy_rules(seats=seats)
    rows = [["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]]
    return rules, rules.start_from(rows=rows, mission="Test mission")


def test_s3_a_card_may_go_back_into_the_slot_it_came_from() -> None:
    rules, state = _built_start()
    step = joint(rules, state, [PickUp(1), PickUp(0)])
    assert step.state.rows[0].held == 1 and step.state.rows[0].empty_slot == 1
    assert set(rules.legal_actions(step.state, 0)) == {Place(0), Place(1), Place(2)}
    back = joint(rules, step.state, [Place(1), Place(0)])
    assert back.state.rows[0].cards == (0, 1, 2) and back.state.rows[0].face_up == (False, True, False)
    assert back.state.rows[0].held is None
    assert back.events == (CardPlaced(0, 1, False), CardPlaced(1, 0, False))
    # nothing in hand: pick up any face-down card next
    assert rules.legal_actions(back.state, 0) == (PickUp(0), PickUp(2))


def test_s3_placing_on_a_face_down_card_continues_with_that_card() -> None:
    rules, state = _built_start()
    state = joint(rules, state, [PickUp(0), PickUp(0)]).state  # seat 0 holds Ant
    step = joint(rules, state, [Place(2), Place(0)])  # Ant onto Cat: seat 0 now holds Cat
    row = step.state.rows[0]
    assert row.cards == (None, 1, 0) and row.face_up == (False, False, True) and row.held == 2
    assert step.events[0] == CardPlaced(0, 2, True)
    assert rules.observe(step.state, 0).held == 2  # looked at


def test_s3_face_up_cards_never_move() -> None:
    rules, state = _built_start()
    state = joint(rules, state, [PickUp(0), PickUp(0)]).state
    state = joint(rules, state, [Place(0), Place(0)]).state  # slot 0 face up for both
    assert PickUp(0) not in rules.legal_actions(state, 0)
    state = joint(rules, state, [PickUp(1), PickUp(1)]).state
    assert Place(0) not in rules.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="not legal for seat 0"):
        joint(rules, state, [Place(0), Place(1)])


def test_s3_building_ends_when_every_slot_is_face_up_and_seats_drop_out_as_they_finish() -> None:
    rules, state = _built_start()
    # seat 0 builds by displacing (3 moves); seat 1 picks up and places back (6 moves)
    state = joint(rules, state, [PickUp(0), PickUp(0)]).state
    state = joint(rules, state, [Place(1), Place(0)]).state  # seat 0 holds Bee
    state = joint(rules, state, [Place(2), PickUp(1)]).state  # seat 0 holds Cat
    step = joint(rules, state, [Place(0), Place(1)])
    assert SquadBuilt(0) in step.events and step.state.rows[0].is_built
    assert rules.seats_to_act(step.state) == (1,)
    assert step.state.rows[0].cards == (2, 0, 1)


def test_s3_a_seat_sees_its_own_face_up_cards_and_hand_never_another_row() -> None:
    rules, state = _built_start()
    state = joint(rules, state, [PickUp(0), PickUp(0)]).state
    state = joint(rules, state, [Place(1), Place(2)]).state
    mine, theirs = rules.observe(state, 0), rules.observe(state, 1)
    assert mine.row == (None, 0, None) and mine.held == 1  # Ant face up in slot 1; Bee in hand
    assert theirs.row == (None, None, 3) and theirs.held == 5
    assert mine.placed == (1, 1) and mine.holding == (True, True)  # counts only
    assert set(mine.seen) == {0, 1} and not {3, 4, 5} & set(mine.seen)
    assert 2 not in mine.seen  # Cat is still face down in seat 0's own row


def test_s3_every_seat_builds_at_once_through_the_simultaneous_node() -> None:
    rules, state = _built_start()
    assert rules.actor(state) is SIMULTANEOUS and rules.seats_to_act(state) == (0, 1)
    with pytest.raises(IllegalActionError, match="JointAction"):
        rules.apply(state, PickUp(0))
    step = rules.apply(state, JointAction(((1, PickUp(2)), (0, PickUp(1)))))
    assert step.events == (CardPickedUp(0, 1), CardPickedUp(1, 2))


def test_s3_a_person_s_move_stays_sealed_until_the_computers_have_moved() -> None:
    rules, state = _built_start()
    match = Match(rules, [HUMAN, "random"], seed=2, start=state)
    match.advance()
    assert match.waiting_for == 0
    assert match.submit(PickUp(2)) != ()  # the last person in closes the joint move
    assert match.view(1).held is not None and match.view(0).held == 2


# -- S4 and S5: scoring -------------------------------------------------------------------


def _score(rows, m, seats=2, deck=None):  # type: ignore[no-untyped-def]
    rules = SquadsRules(deck or toy_deck(), seats=seats, missions=(m,))
    step = build_as_dealt(rules, rules.start_from(rows=rows, mission=m.title))
    return [e for e in step.events if isinstance(e, SlotScored)], step


def test_s4_only_the_mission_slots_count() -> None:
    deck = Deck.from_rows(
        "Four",
        [Category("A"), Category("B"), Category("C"), Category("D")],
        {
            "p": [1, 1, 1, 1],
            "q": [1, 1, 1, 1],
            "r": [1, 1, 1, 1],
            "s": [1, 1, 1, 99],
            "t": [2, 2, 2, 0],
            "u": [1, 1, 1, 0],
            "v": [1, 1, 1, 0],
            "w": [1, 1, 1, 0],
        },
    )
    m = mission(("A", "highest", None), ("B", "highest", None), ("C", "highest", None))
    # seat 0 has s (99) in slot D, outside the mission: it wins nothing; seat 1's t wins A only
    scored, step = _score([["p", "q", "r", "s"], ["t", "u", "v", "w"]], m, deck=deck)
    assert [e.category for e in scored] == [0, 1, 2]
    assert step.events[-1] == RoundScored(1, (3, 6), (3, 6))


def test_s5_nearest_to_target_two_cards_at_the_same_distance_on_either_side_both_win() -> None:
    # Height nearest to 5 cm: Cat 8 cm is 3 away above; Dog 2 cm is 3 away below: both win 3 tokens
    m = mission(("Height", "nearest", 5), ("Speed", "highest", None), ("Age", "highest", None))
    scored, _ = _score([["Ant", "Cat", "Bee"], ["Eel", "Dog", "Hen"]], m)
    height = next(e for e in scored if e.category == 1)
    assert height.winners == (0, 1) and height.tokens == 3


def test_s5_lowest_wins_with_a_tie() -> None:
    # Height lowest: Bee 3 cm and Eel 3 cm tie; Fox 9 cm loses
    m = mission(("Height", "lowest", None), ("Speed", "highest", None), ("Age", "highest", None))
    scored, _ = _score([["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], m)
    assert next(e for e in scored if e.category == 1).winners == (0, 1)
    scored, _ = _score([["Ant", "Fox", "Cat"], ["Dog", "Eel", "Bee"]], m)
    assert next(e for e in scored if e.category == 1).winners == (1,)


def test_s5_no_data_never_wins_even_lowest() -> None:
    # Age lowest: Ant has no data, Bee 1 year: Bee wins; no data is never "lowest"
    m = mission(("Age", "lowest", None), ("Speed", "highest", None), ("Height", "highest", None))
    scored, _ = _score([["Cat", "Dog", "Ant"], ["Eel", "Fox", "Bee"]], m)
    assert next(e for e in scored if e.category == 2).winners == (1,)


def test_s5_nobody_scores_a_slot_where_all_lack_data() -> None:
    m = mission(("Age", "highest", None), ("Speed", "highest", None), ("Height", "highest", None))
    scored, step = _score([["Cat", "Dog", "Ant"], ["Eel", "Fox", "Gnu"]], m)
    age = next(e for e in scored if e.category == 2)
    assert age.winners == () and age.tokens == 3
    # Speed: Cat 30 vs Eel 5: seat 0 wins 2; Height: Dog 2 vs Fox 9: seat 1 wins 1
    assert next(e for e in step.events if isinstance(e, RoundScored)).tokens == (2, 1)


def test_s5_the_reveal_shows_every_row_then_each_slot_then_the_round() -> None:
    _, step = _score([["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission())
    kinds = [type(e) for e in step.events if not isinstance(e, (CardPlaced, SquadBuilt))]
    assert kinds == [SquadsRevealed, SlotScored, SlotScored, SlotScored, RoundScored]
    # Speed: Ant 1 vs Dog 30 -> seat 1 +3; Height: Bee 3 vs Eel 3 tie -> both +2; Age: Cat 4 vs Fox 6 -> seat 1 +1
    assert step.events[-1] == RoundScored(1, (2, 6), (2, 6))


# -- S6: rounds -------------------------------------------------------------------------


def test_s6_each_round_uses_a_fresh_shuffle_of_the_whole_deck_and_a_new_mission() -> None:
    rules = toy_rules(seats=2)
    state = build_as_dealt(
        rules, rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission")
    ).state
    assert rules.actor(state) is CHANCE and state.mission is None and state.rows == ()
    assert rules.chance(state).probability(Shuffle(tuple(reversed(range(8))))) == Fraction(1, 40320)
    assert state.last is not None and state.last.rows == ((0, 1, 2), (3, 4, 5))


# -- S7: the end ------------------------------------------------------------------------------


def test_s7_two_players_passing_10_in_the_same_round_the_highest_wins() -> None:
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission", scores=[9, 5])
    step = build_as_dealt(rules, state)  # seat 0: 9 + 2 = 11; seat 1: 5 + 6 = 11
    assert step.state.scores == (11, 11)
    assert rules.outcome(step.state).winners == frozenset({0, 1})  # type: ignore[union-attr]
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission", scores=[9, 6])
    step = build_as_dealt(rules, state)
    assert step.state.scores == (11, 12) and rules.actor(step.state) is TERMINAL
    assert step.events[-1] == GameEnded(rules.outcome(step.state))  # type: ignore[arg-type]
    assert rules.outcome(step.state).winners == frozenset({1})  # type: ignore[union-attr]
    assert rules.outcome(step.state).termination is SquadsEnd.TOKENS_REACHED  # type: ignore[union-attr]


def test_s7_an_equal_highest_final_score_is_a_tie() -> None:
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission", scores=[8, 4])
    step = build_as_dealt(rules, state)  # 8 + 2 = 10, 4 + 6 = 10
    outcome = rules.outcome(step.state)
    assert outcome is not None and outcome.winners == frozenset({0, 1}) and outcome.is_draw


def test_s7_below_the_tokens_to_win_the_game_goes_on() -> None:
    rules = toy_rules(seats=2)
    state = rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Test mission", scores=[0, 3])
    step = build_as_dealt(rules, state)  # 2 and 9
    assert rules.outcome(step.state) is None and step.state.phase is SquadsPhase.SHUFFLE


# -- whole games and records -------------------------------------------------------------


def test_default_computer_players_play_a_whole_game_on_a_bundled_deck() -> None:
    record = play(SquadsRules(load_deck("animals"), seats=3), None, seed=1)
    assert record.outcome is not None and record.outcome.termination is SquadsEnd.TOKENS_REACHED
    final = [e for e in record.events if isinstance(e, RoundScored)][-1]
    assert max(final.scores) >= 10
    assert record.outcome.winners == frozenset(s for s, t in enumerate(final.scores) if t == max(final.scores))


def test_a_record_replays_and_resumes() -> None:
    rules = SquadsRules(load_deck("dinosaurs"), seats=3, tokens_to_win=5)
    record = play(rules, None, seed=4)
    again = GameRecord.from_json(record.to_json())
    assert again.events == record.events and again.rules == rules
    match = Match.from_record(record, upto=len(record.actions) // 2)
    match.advance()
    assert tuple(match.events) == record.events


def test_scenario_start_refuses_bad_rows() -> None:
    rules = toy_rules(seats=2)
    with pytest.raises(RuleOptionError, match="twice"):
        rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Ant", "Eel", "Fox"]])
    with pytest.raises(RuleOptionError, match="3 cards"):
        rules.start_from(rows=[["Ant", "Bee"], ["Dog", "Eel", "Fox"]])
    with pytest.raises(RuleOptionError, match="no prepared mission"):
        rules.start_from(rows=[["Ant", "Bee", "Cat"], ["Dog", "Eel", "Fox"]], mission="Nope")
