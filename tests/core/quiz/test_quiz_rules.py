"""Scenario tests of the Top Ten Quiz, one or more per rule ID (Q1-Q12; Q13's judge node here too)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from toptrumps_core import CHANCE, JUDGE, SIMULTANEOUS, TERMINAL, IllegalActionError, RuleOptionError
from toptrumps_core.quiz import (
    AnswerRepeated,
    AnswerWrong,
    BiddingWon,
    BidPassed,
    BidRaised,
    ChartRevealed,
    ChartsPicked,
    GiveUp,
    JudgeAnswer,
    NearMissJudged,
    NearMissOffered,
    OpposingChanceBegan,
    PassBid,
    QuizEnded,
    QuizRoundStarted,
    QuizStage,
    QuizState,
    RankTurned,
    RoundUnwon,
    RoundWon,
    ShowdownBegan,
    SpecialTileReactivated,
    SpecialTileUsed,
    TaskRead,
    TiebreakerSide,
    TiebreakerTurned,
    TimeRanOut,
    TimeUp,
    UseSpecialTile,
)
from toptrumps_core.quiz.actions import Answer, Bid
from toptrumps_core.quiz.rounds import quiz_outcome

from .quiz_helpers import FRUITS, TINY, bids, of_type, run, tiny_rules


def guessing(rules=None, **given):
    rules = rules or tiny_rules()
    return rules, rules.start_from(**given)


# -- Q1 teams and sets --------------------------------------------------------------


def test_q1_teams_are_green_and_black_of_two_or_more_named_members() -> None:
    rules = tiny_rules()
    assert rules.teams == ("Green", "Black") and rules.seats == 2
    assert all(len(members) >= 2 for members in rules.members)
    with pytest.raises(RuleOptionError, match="at least 2"):
        tiny_rules(members=(("Ada",), ("Ben", "Cy")))
    with pytest.raises(RuleOptionError, match="different names"):
        tiny_rules(members=(("Ada", "Ada"), ("Ben", "Cy")))
    assert tiny_rules(teams=("Owls", "Foxes")).teams == ("Owls", "Foxes")


def test_q1_a_quiz_sets_out_seven_charts_then_tosses_the_tiebreaker() -> None:
    rules = tiny_rules()
    state = rules.initial_state()
    assert rules.actor(state) is CHANCE
    pick = rules.chance(state).sample(random.Random(1))
    state, events = run(rules, state, [pick])
    assert isinstance(events[0], ChartsPicked) and len(events[0].keys) == 7
    assert events[0].keys == tuple(c.key for c in TINY.charts)
    assert rules.actor(state) is CHANCE  # the toss (Q4)


# -- Q2 winner tiles --------------------------------------------------------------------


def test_q2_round_r_puts_tile_r_in_the_middle_and_unwon_tiles_stay() -> None:
    rules = tiny_rules()
    state = rules.start_from(round=1, specials=(0, 0))
    # Green bids 3, Black 1: Green is active; a wrong answer with no special tile left
    # hands Black one answer (Q8); Black is wrong too, so nobody wins tile 1.
    state, events = run(rules, state, [bids(3, 1), Answer("Thistle"), Answer("Nettle")])
    assert of_type(events, RoundUnwon) == [RoundUnwon(1, (1,))]
    started = of_type(events, QuizRoundStarted)[-1]
    assert started.round == 2 and started.middle == (1, 2) and state.middle == (1, 2)
    # Round 2: Black bids higher and names two right answers: it takes both tiles.
    state, events = run(rules, state, [bids(1, 2), Answer("Apple"), Answer("Fig")])
    assert of_type(events, RoundWon) == [RoundWon(2, 1, (1, 2))]
    assert state.won == ((), (1, 2)) and state.middle == (3,)


# -- Q3 captains ------------------------------------------------------------------------


def test_q3_each_round_each_team_has_a_new_captain_in_turn() -> None:
    rules = tiny_rules(members=(("Ada", "Bo", "Cy"), ("Xi", "Yu")))
    captains = [rules.observe(rules.start_from(round=r), 0).captains for r in range(1, 5)]
    assert captains == [("Ada", "Xi"), ("Bo", "Yu"), ("Cy", "Xi"), ("Ada", "Yu")]


# -- Q4 secret bids ---------------------------------------------------------------------


def test_q4_the_tiebreaker_tile_starts_on_a_random_side() -> None:
    rules = tiny_rules()
    state, _ = run(rules, rules.initial_state(), [rules.chance(rules.initial_state()).sample(random.Random(0))])
    toss = rules.chance(state)
    assert toss.probability(TiebreakerSide(0)) == toss.probability(TiebreakerSide(1)) == Fraction(1, 2)
    state, events = run(rules, state, [TiebreakerSide(1)])
    assert events[0] == TiebreakerTurned(1, True) and state.tiebreaker == 1
    assert rules.actor(state) is SIMULTANEOUS and rules.seats_to_act(state) == (0, 1)


def test_q4_both_captains_bid_at_once_and_the_higher_bid_is_active_without_turning_the_tile() -> None:
    rules, state = guessing(tiebreaker=0)
    assert rules.observe(state, 0).category == TINY.charts[0].category
    assert rules.observe(state, 0).task == ""  # the task is read only after the bidding (Q5)
    state, events = run(rules, state, [bids(2, 5)])
    assert of_type(events, BiddingWon) == [BiddingWon(1, 5, False)]
    assert of_type(events, TiebreakerTurned) == [] and state.tiebreaker == 0
    assert of_type(events, TaskRead) and rules.observe(state, 0).task.startswith("Name the ten plants")


@pytest.mark.parametrize("side", [0, 1])
def test_q4_equal_bids_go_to_the_tiebreaker_team_and_only_then_the_tile_turns(side: int) -> None:
    rules, state = guessing(tiebreaker=side)
    state, events = run(rules, state, [bids(4, 4)])
    assert of_type(events, BiddingWon) == [BiddingWon(side, 4, True)]
    assert of_type(events, TiebreakerTurned) == [TiebreakerTurned(1 - side, False)]
    assert state.tiebreaker == 1 - side and state.active == side


def test_q4_a_bid_is_1_to_10_and_must_come_from_both_captains() -> None:
    rules, state = guessing()
    assert rules.legal_actions(state, 0) == tuple(Bid(n) for n in range(1, 11))
    with pytest.raises(IllegalActionError):
        rules.apply(state, bids(0, 3))
    with pytest.raises(IllegalActionError):
        rules.apply(state, Bid(3))


# -- Q5 guessing ----------------------------------------------------------------------


def test_q5_a_right_answer_turns_the_tile_of_its_rank() -> None:
    rules, state = guessing(active=0, target=3)
    state, events = run(rules, state, [Answer("cherry")])
    assert events == [RankTurned(0, "cherry", 3, "Cherry", 1)]
    assert rules.observe(state, 1).turned == ((3, "Cherry"),)


def test_q5_an_answer_already_given_is_neither_right_nor_wrong() -> None:
    rules, state = guessing(active=0, target=3, specials=(0, 3))
    state, _ = run(rules, state, [Answer("Fig")])
    again, events = run(rules, state, [Answer("FIG!")])
    assert events == [AnswerRepeated(0, "FIG!", 6)]
    assert again == state  # no special tile, no turn lost, still guessing
    assert rules.actor(again) == 0


def test_q5_the_timer_is_an_action_so_the_core_never_reads_a_clock() -> None:
    rules, state = guessing(active=1, target=2)
    assert TimeUp() in rules.legal_actions(state)
    state, events = run(rules, state, [TimeUp()])
    assert events == [TimeRanOut(1), OpposingChanceBegan(0, 10)]
    assert rules.actor(state) == 0


def test_q5_a_blank_or_overlong_answer_is_refused() -> None:
    rules, state = guessing(active=0, target=2)
    for text in ("", "  ?! ", "x" * 500):
        with pytest.raises(IllegalActionError):
            rules.apply(state, Answer(text))


# -- Q6 special tiles -------------------------------------------------------------------


def test_q6_after_a_wrong_answer_a_special_tile_keeps_the_team_guessing() -> None:
    rules, state = guessing(active=0, target=2)
    state, events = run(rules, state, [Answer("Thistle")])
    assert events == [AnswerWrong(0, "Thistle")] and state.stage is QuizStage.SPECIAL
    assert set(rules.legal_actions(state)) == {UseSpecialTile(), GiveUp(), TimeUp()}
    state, events = run(rules, state, [UseSpecialTile()])
    assert events == [SpecialTileUsed(0, 2)] and state.stage is QuizStage.GUESSING
    assert rules.observe(state, 1).wrong == ("Thistle",)


def test_q6_without_special_tiles_a_wrong_answer_passes_to_the_opposing_team() -> None:
    rules, state = guessing(active=0, target=2, specials=(0, 3))
    state, events = run(rules, state, [Answer("Thistle")])
    assert events == [AnswerWrong(0, "Thistle"), OpposingChanceBegan(1, 10)]


def test_q6_declining_the_special_tile_keeps_it() -> None:
    rules, state = guessing(active=0, target=2)
    state, _ = run(rules, state, [Answer("Thistle"), GiveUp()])
    assert state.specials == (3, 3) and state.stage is QuizStage.OPPOSING


def test_q6_a_bid_of_6_reactivates_a_used_tile_even_for_the_losing_bidder() -> None:
    rules, state = guessing(specials=(1, 2))
    state, events = run(rules, state, [bids(7, 6)])
    # Green wins the bidding with 7; Black lost with 6, and both bid 6 or more.
    assert of_type(events, SpecialTileReactivated) == [SpecialTileReactivated(0, 2), SpecialTileReactivated(1, 3)]
    assert state.specials == (2, 3) and state.active == 0


def test_q6_a_bid_under_6_or_no_used_tile_reactivates_nothing() -> None:
    rules, state = guessing(specials=(3, 1))
    state, events = run(rules, state, [bids(8, 5)])
    assert of_type(events, SpecialTileReactivated) == [] and state.specials == (3, 1)


# -- Q7 winning at the bid ------------------------------------------------------------------


def test_q7_the_active_team_wins_the_round_when_its_right_answers_reach_its_bid() -> None:
    rules, state = guessing(active=1, target=2)
    state, events = run(rules, state, [Answer("Apple")])
    assert of_type(events, RoundWon) == []
    state, events = run(rules, state, [Answer("Pomme"), Answer("Banana")])
    assert of_type(events, AnswerRepeated) == [AnswerRepeated(1, "Pomme", 1)]
    assert of_type(events, RoundWon) == [RoundWon(1, 1, (1,))]
    assert of_type(events, ChartRevealed)[0].answers == FRUITS
    assert state.round == 2 and state.won == ((), (1,))


# -- Q8 the opposing team ---------------------------------------------------------------


def opposing(**given):
    rules, state = guessing(active=0, target=3, specials=(0, 3), **given)
    state, _ = run(rules, state, [Answer("Apple"), Answer("Thistle")])
    assert rules.actor(state) == 1 and state.stage is QuizStage.OPPOSING
    return rules, state


def test_q8_the_opposing_team_right_and_not_yet_given_wins_the_round() -> None:
    rules, state = opposing()
    state, events = run(rules, state, [Answer("Juniper")])
    assert events[0] == RankTurned(1, "Juniper", 10, "Juniper", 2)
    assert of_type(events, RoundWon) == [RoundWon(1, 1, (1,))]


def test_q8_the_opposing_team_wrong_wins_nothing_and_the_tiles_stay() -> None:
    rules, state = opposing()
    state, events = run(rules, state, [Answer("Thistle")])
    assert of_type(events, RoundUnwon) == [RoundUnwon(1, (1,))] and state.middle == (1, 2)


def test_q8_the_opposing_team_repeating_a_given_answer_wins_nothing() -> None:
    rules, state = opposing()
    state, events = run(rules, state, [Answer("apple")])
    assert of_type(events, AnswerRepeated) and of_type(events, RoundUnwon) == [RoundUnwon(1, (1,))]


def test_q8_the_opposing_team_out_of_time_wins_nothing() -> None:
    rules, state = opposing()
    state, events = run(rules, state, [TimeUp()])
    assert events[0] == TimeRanOut(1) and of_type(events, RoundUnwon) == [RoundUnwon(1, (1,))]


def test_q8_giving_up_or_running_out_of_time_hands_over_too() -> None:
    for ending in (GiveUp(), TimeUp()):
        rules, state = guessing(active=0, target=3)
        state, events = run(rules, state, [ending])
        assert of_type(events, OpposingChanceBegan) == [OpposingChanceBegan(1, 10)]
    assert tiny_rules(opposing_seconds=15).opposing_seconds == 15


# -- Q9 the showdown ---------------------------------------------------------------------


def round_seven_unwon(first: int = 0):
    rules = tiny_rules()
    state = rules.start_from(round=7, won=[[1, 2], [3]], specials=(0, 0), active=first, target=5)
    state, events = run(rules, state, [Answer("Thistle"), Answer("Nettle")])
    return rules, state, events


def test_q9_an_unwon_round_7_begins_a_showdown_on_the_same_chart_active_team_first() -> None:
    rules, state, events = round_seven_unwon(first=1)
    assert of_type(events, ShowdownBegan) == [ShowdownBegan(1, 3)]
    assert of_type(events, RoundUnwon) == [] and of_type(events, ChartRevealed) == []
    assert state.stage is QuizStage.SHOWDOWN and rules.actor(state) == 1
    assert state.middle == (4, 5, 6, 7)


def test_q9_the_first_right_answer_wins_the_middle_tiles() -> None:
    rules, state, _ = round_seven_unwon(first=0)
    state, events = run(rules, state, [Answer("Moss"), Answer("Grape")])
    assert rules.actor(state) is TERMINAL
    assert of_type(events, RoundWon) == [RoundWon(7, 1, (4, 5, 6, 7))]
    assert state.won == ((1, 2), (3, 4, 5, 6, 7))


def test_q9_after_three_wrong_answers_each_nobody_wins_the_showdown() -> None:
    rules, state, _ = round_seven_unwon(first=0)
    turns = []
    for text in ("Moss", "Fern", "Reed", "Rush", "Sedge"):
        turns.append(rules.actor(state))
        state, _ = run(rules, state, [Answer(text)])
    turns.append(rules.actor(state))
    state, events = run(rules, state, [TimeUp()])
    assert turns == [0, 1, 0, 1, 0, 1]  # alternating, the active team first
    assert of_type(events, RoundUnwon) == [RoundUnwon(7, (4, 5, 6, 7))]
    ended = of_type(events, QuizEnded)[0]
    assert ended.points == (3, 3) and ended.tiles == (2, 1) and ended.outcome.winners == {0}


# -- Q10 the score -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "winners"),
    [
        (((2, 3, 4), (7, 1)), {0}),  # 9 points beat 8
        (((7, 1), (2, 3, 4)), {1}),
        (((1, 2, 4), (7,)), {0}),  # equal points (7): three tiles beat one
        (((7,), (3, 4)), {1}),  # equal points (7): two tiles beat one
        (((3, 4), (1, 6)), {0, 1}),  # equal points and tiles: a draw
    ],
)
def test_q10_more_points_wins_then_more_tiles_else_a_draw(won, winners) -> None:
    outcome = quiz_outcome(QuizState(stage=QuizStage.OVER, won=won))
    assert outcome.winners == winners and outcome.is_draw == (len(winners) == 2)


# -- Q11 the high-bid variant -----------------------------------------------------------------


def test_q11_the_tiebreaker_side_opens_and_bids_rise_by_one_until_a_pass() -> None:
    rules = tiny_rules(bidding="high_bid")
    state = rules.start_from(tiebreaker=1)
    assert rules.actor(state) == 1 and rules.legal_actions(state) == tuple(Bid(n) for n in range(1, 11))
    state, events = run(rules, state, [Bid(3)])
    assert rules.actor(state) == 0 and set(rules.legal_actions(state)) == {Bid(4), PassBid()}
    with pytest.raises(IllegalActionError):
        rules.apply(state, Bid(5))  # exactly one higher
    state, events = run(rules, state, [Bid(4), Bid(5), PassBid()])
    assert events[:3] == [BidRaised(0, 4), BidRaised(1, 5), BidPassed(0, False)]
    assert of_type(events, BiddingWon) == [BiddingWon(1, 5, False)]
    assert state.active == 1 and state.target == 5


def test_q11_a_bid_of_10_ends_the_bidding_and_reactivates_a_tile() -> None:
    rules = tiny_rules(bidding="high_bid")
    state = rules.start_from(tiebreaker=0, specials=(3, 1))
    state, events = run(rules, state, [Bid(9), Bid(10)])
    assert events[:2] == [BidRaised(0, 9), BidRaised(1, 10)]
    assert BidPassed(0, True) in events and of_type(events, BiddingWon) == [BiddingWon(1, 10, False)]
    assert of_type(events, SpecialTileReactivated) == [SpecialTileReactivated(1, 2)]


def test_q11_the_tiebreaker_tile_turns_at_the_start_of_each_later_round() -> None:
    rules = tiny_rules(bidding="high_bid")
    state = rules.start_from(tiebreaker=0, active=0, target=1)
    state, events = run(rules, state, [Answer("Apple")])
    assert of_type(events, TiebreakerTurned) == [TiebreakerTurned(1, False)]
    assert rules.actor(state) == 1 and state.stage is QuizStage.HIGH_BIDDING


# -- Q13 the judge node ---------------------------------------------------------------------


def test_q13_a_near_miss_goes_to_the_judge_who_is_not_a_seat() -> None:
    rules, state = guessing(active=0, target=2)
    state, events = run(rules, state, [Answer("Junipr")])
    assert events == [NearMissOffered(0, "Junipr", events[0].similarity)] and events[0].similarity >= 80
    assert rules.actor(state) is JUDGE
    assert rules.judge_view(state).answer == "Juniper"
    assert "Juniper" not in repr(rules.observe(state, 1))  # hidden from both teams
    _, events = run(rules, state, [JudgeAnswer(True)])
    assert events == [NearMissJudged(0, "Junipr", True), RankTurned(0, "Junipr", 10, "Juniper", 1)]
    rejected, events = run(rules, state, [JudgeAnswer(False)])
    assert events == [NearMissJudged(0, "Junipr", False), AnswerWrong(0, "Junipr")]
    assert rejected.stage is QuizStage.SPECIAL


def test_q13_no_view_holds_an_answer_not_yet_turned() -> None:
    rules, state = guessing(active=0, target=3)
    state, _ = run(rules, state, [Answer("Apple")])
    seen = repr(rules.observe(state, 0)) + repr(rules.observe(state, 1))
    assert "Apple" in seen and not any(answer in seen for answer in FRUITS[1:])


def test_the_quiz_is_over_after_round_7_and_refuses_more_actions() -> None:
    rules = tiny_rules()
    state = rules.start_from(round=7, won=[[1, 2, 3], [4, 5, 6]], active=0, target=1)
    state, events = run(rules, state, [Answer("Apple")])
    assert rules.actor(state) is TERMINAL and rules.outcome(state).winners == {1}  # 13 points against 15
    assert of_type(events, QuizEnded)[0].points == (13, 15)
    with pytest.raises(IllegalActionError):
        rules.apply(state, Answer("Fig"))
