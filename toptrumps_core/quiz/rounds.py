"""The steps of a round of the Top Ten Quiz: bidding, answers, special tiles, the end (rules Q2-Q10).

Pure functions from a `QuizState` (and the rules' options, as `RoundRules`)
to a `Transition`.  `toptrumps_core.quiz.rules` checks legality and calls
them; they assume the action is legal.

Rulings this module makes where the source is silent:

- Reactivation (Q6) happens by itself at the reveal: turning a used special
  tile back never hurts, so the team is not asked.
- In the showdown (Q9) an answer already turned counts as that team's
  wrong answer, and so does running out of time: each team has its three
  tries, so the showdown always ends.
- The opposing team's answer (Q8) that was already given wins nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from toptrumps_core.protocol import Event, Outcome, Transition
from toptrumps_core.quiz.charts import Chart
from toptrumps_core.quiz.events import (
    AnswerRepeated,
    AnswerWrong,
    BiddingWon,
    BidsRevealed,
    ChartRevealed,
    GaveUp,
    NearMissOffered,
    OpposingChanceBegan,
    QuizEnded,
    QuizRoundStarted,
    RankTurned,
    RoundUnwon,
    RoundWon,
    ShowdownBegan,
    SpecialTileReactivated,
    TaskRead,
    TiebreakerTurned,
    TimeRanOut,
)
from toptrumps_core.quiz.matching import Verdict
from toptrumps_core.quiz.state import NearMiss, QuizEnd, QuizStage, QuizState

__all__ = [
    "REACTIVATE_AT",
    "ROUNDS",
    "SHOWDOWN_TRIES",
    "SPECIAL_TILES",
    "RoundRules",
    "answered",
    "captains",
    "close_bidding",
    "out_of_chances",
    "quiz_outcome",
    "reveal_bids",
    "start_round",
    "stop_guessing",
]

ROUNDS = 7
"""Seven rounds, winner tiles 1..7 (Q2)."""
SPECIAL_TILES = 3
"""Special tiles per team (Q6)."""
REACTIVATE_AT = 6
"""A captain who bids this many or more reactivates a used special tile (Q6)."""
SHOWDOWN_TRIES = 3
"""Wrong answers each team may give in the showdown (Q9)."""


class RoundRules(Protocol):
    """The options of `QuizRules` that the steps of a round read."""

    @property
    def members(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Each team's members, in captain order (Q3)."""
        ...

    @property
    def bidding(self) -> str:
        """``"secret"`` (Q4) or ``"high_bid"`` (Q11)."""
        ...

    @property
    def opposing_seconds(self) -> int:
        """The opposing team's time to answer (Q8)."""
        ...

    def chart(self, key: str) -> Chart:
        """Returns the chart with `key`."""
        ...


def captains(rules: RoundRules, round_: int) -> tuple[str, str]:
    """Returns each team's captain in round `round_` (1..7): members take turns (Q3)."""
    return (
        rules.members[0][(round_ - 1) % len(rules.members[0])],
        rules.members[1][(round_ - 1) % len(rules.members[1])],
    )


def start_round(
    rules: RoundRules, state: QuizState, round_: int, events: Sequence[Event] = ()
) -> Transition[QuizState]:
    """Returns round `round_` begun: its winner tile joins the middle, new captains, the bidding (Q2-Q4, Q11)."""
    out = list(events)
    tiebreaker = state.tiebreaker
    if rules.bidding == "high_bid" and round_ > 1 and tiebreaker is not None:
        tiebreaker = 1 - tiebreaker  # Q11: turned at the start of each later round
        out.append(TiebreakerTurned(tiebreaker, False))
    middle = (*state.middle, round_)
    high = rules.bidding == "high_bid"
    after = replace(
        state,
        stage=QuizStage.HIGH_BIDDING if high else QuizStage.BIDDING,
        round=round_,
        tiebreaker=tiebreaker,
        middle=middle,
        bids=(None, None),
        on_turn=tiebreaker if tiebreaker is not None else 0,
        active=None,
        target=0,
        turned=(),
        wrong=(),
        pending=None,
        showdown_wrong=(0, 0),
        showdown_turn=0,
    )
    chart = rules.chart(state.charts[round_ - 1])
    out.append(QuizRoundStarted(round_, middle, captains(rules, round_), chart.category))
    return Transition(after, tuple(out))


def reveal_bids(rules: RoundRules, state: QuizState, bids: tuple[int, int]) -> Transition[QuizState]:
    """Returns the secret bids revealed: the higher bid is active, equal bids go by the tiebreaker (Q4)."""
    events: list[Event] = [BidsRevealed(bids)]
    tiebreaker = state.tiebreaker
    if bids[0] != bids[1]:
        active, by_tiebreaker = (0 if bids[0] > bids[1] else 1), False
    else:
        assert tiebreaker is not None
        active, by_tiebreaker = tiebreaker, True
        tiebreaker = 1 - tiebreaker  # Q4: turned only on equal bids
        events.append(TiebreakerTurned(tiebreaker, False))
    after = replace(state, bids=bids, tiebreaker=tiebreaker)
    return close_bidding(rules, after, active, bids[active], by_tiebreaker, events)


def close_bidding(
    rules: RoundRules,
    state: QuizState,
    active: int,
    target: int,
    by_tiebreaker: bool,
    events: Sequence[Event],
) -> Transition[QuizState]:
    """Returns the bidding over: the active team and target, reactivations (Q6), the task read (Q5)."""
    out = [*events, BiddingWon(active, target, by_tiebreaker)]
    specials = list(state.specials)
    for team in (0, 1):
        bid = state.bids[team]
        if bid is not None and bid >= REACTIVATE_AT and specials[team] < SPECIAL_TILES:
            specials[team] += 1
            out.append(SpecialTileReactivated(team, specials[team]))
    chart = rules.chart(state.charts[state.round - 1])
    out.append(TaskRead(state.round, chart.task))
    after = replace(state, stage=QuizStage.GUESSING, active=active, target=target, specials=(specials[0], specials[1]))
    return Transition(after, tuple(out))


def answered(rules: RoundRules, state: QuizState, team: int, text: str, verdict: Verdict) -> Transition[QuizState]:
    """Returns the state after `team`'s answer `text` with its `verdict`, in the stage the answer was given."""
    stage = state.stage
    chart = rules.chart(state.charts[state.round - 1])
    if verdict.kind == "near":
        assert verdict.rank is not None
        pending = NearMiss(team, text, verdict.rank, verdict.similarity, stage)
        return Transition(
            replace(state, stage=QuizStage.JUDGING, pending=pending), (NearMissOffered(team, text, verdict.similarity),)
        )
    if verdict.kind == "right":
        assert verdict.rank is not None
        turned = (*state.turned, verdict.rank)
        after = replace(state, turned=turned)
        event = RankTurned(team, text, verdict.rank, chart.answer(verdict.rank).text, len(turned))
        if stage is QuizStage.GUESSING and len(turned) < state.target:
            return Transition(after, (event,))
        return end_round(rules, after, team, (event,))  # Q7 reached the bid; Q8 or Q9 one right answer
    if verdict.kind == "repeated":
        assert verdict.rank is not None
        event_r: Event = AnswerRepeated(team, text, verdict.rank)
        if stage is QuizStage.GUESSING:
            return Transition(state, (event_r,))  # Q5: neither right nor wrong
        return out_of_chances(rules, state, team, (event_r,))
    wrong = AnswerWrong(team, text)
    if stage is QuizStage.GUESSING:
        state = replace(state, wrong=(*state.wrong, text))
        if state.specials[team] > 0:
            return Transition(replace(state, stage=QuizStage.SPECIAL), (wrong,))
        return opposing_chance(rules, state, (wrong,))
    return out_of_chances(rules, state, team, (wrong,))


def stop_guessing(rules: RoundRules, state: QuizState, team: int, *, time_up: bool) -> Transition[QuizState]:
    """Returns the state after `team` gave up or ran out of time, in any stage where it answers."""
    event: Event = TimeRanOut(team) if time_up else GaveUp(team)
    if state.stage in (QuizStage.GUESSING, QuizStage.SPECIAL):
        return opposing_chance(rules, state, (event,))
    return out_of_chances(rules, state, team, (event,))


def opposing_chance(rules: RoundRules, state: QuizState, events: Sequence[Event]) -> Transition[QuizState]:
    """Returns the opposing team's one answer within 10 seconds begun (Q8)."""
    assert state.opposing is not None
    after = replace(state, stage=QuizStage.OPPOSING)
    return Transition(after, (*events, OpposingChanceBegan(state.opposing, rules.opposing_seconds)))


def out_of_chances(rules: RoundRules, state: QuizState, team: int, events: Sequence[Event]) -> Transition[QuizState]:
    """Returns the state after a failed opposing answer (Q8) or a failed showdown answer (Q9)."""
    if state.stage is not QuizStage.SHOWDOWN:
        return end_round(rules, state, None, events)
    wrong = list(state.showdown_wrong)
    wrong[team] += 1
    if min(wrong) >= SHOWDOWN_TRIES:
        after = replace(state, showdown_wrong=(wrong[0], wrong[1]))
        return finish_round(rules, after, None, events)
    other = 1 - team
    turn = other if wrong[other] < SHOWDOWN_TRIES else team
    return Transition(replace(state, showdown_wrong=(wrong[0], wrong[1]), showdown_turn=turn), tuple(events))


def end_round(
    rules: RoundRules, state: QuizState, winner: int | None, events: Sequence[Event]
) -> Transition[QuizState]:
    """Returns the round ended with `winner` (None: nobody), or round 7's showdown begun (Q9)."""
    if winner is None and state.round == ROUNDS and state.stage is not QuizStage.SHOWDOWN:
        assert state.active is not None
        after = replace(state, stage=QuizStage.SHOWDOWN, showdown_turn=state.active, showdown_wrong=(0, 0))
        return Transition(after, (*events, ShowdownBegan(state.active, SHOWDOWN_TRIES)))
    return finish_round(rules, state, winner, events)


def finish_round(
    rules: RoundRules, state: QuizState, winner: int | None, events: Sequence[Event]
) -> Transition[QuizState]:
    """Returns the round over: tiles taken or left (Q2), the chart shown, then the next round or the end."""
    out = list(events)
    if winner is not None:
        won = list(state.won)
        won[winner] = (*won[winner], *state.middle)
        out.append(RoundWon(state.round, winner, state.middle))
        state = replace(state, won=(won[0], won[1]), middle=())
    else:
        out.append(RoundUnwon(state.round, state.middle))
    chart = rules.chart(state.charts[state.round - 1])
    out.append(ChartRevealed(state.round, tuple(a.text for a in chart.answers)))
    state = replace(state, pending=None)
    if state.round < ROUNDS:
        return start_round(rules, state, state.round + 1, out)
    over = replace(state, stage=QuizStage.OVER)
    out.append(QuizEnded(over.points, (len(over.won[0]), len(over.won[1])), quiz_outcome(over)))
    return Transition(over, tuple(out))


def quiz_outcome(state: QuizState) -> Outcome:
    """Returns the winner by tile points, then by number of tiles, else a draw (Q10)."""
    points, tiles = state.points, (len(state.won[0]), len(state.won[1]))
    if points[0] != points[1]:
        winners = frozenset({0 if points[0] > points[1] else 1})
    elif tiles[0] != tiles[1]:
        winners = frozenset({0 if tiles[0] > tiles[1] else 1})
    else:
        winners = frozenset({0, 1})
    return Outcome(QuizEnd.SEVEN_ROUNDS, winners)
