"""The driver's SIMULTANEOUS and JUDGE nodes, on two tiny test games.

`sealed_bid` has every seat bid at once: a seat's sealed bid must never show
in another seat's view or in the record before every bid is in, and the bids
are applied together as one `JointAction`.  `guess_and_judge` has a judge who
is not a seat rule on near misses: a person through `Match.submit`, or a
computer judge with its own stream.  Both play, replay, resume from their
record, and refuse illegal or out-of-turn actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.core.guess_and_judge import (
    DrawSecret,
    GuessInOrder,
    GuessJudged,
    GuessRules,
    GuessSecret,
    GuessState,
    JudgeGuess,
    JudgeView,
    LenientJudge,
)
from tests.core.sealed_bid import BidAll, BidAtRandom, SealBid, SealedBidRules, SealedBidsOpened
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import JUDGE, SIMULTANEOUS, TERMINAL, Action, JointAction, Termination
from toptrumps_core.record import FORMAT, GameRecord, replay
from toptrumps_core.strategies import HUMAN, Strategy


@dataclass
class Spy(Strategy[Any]):
    """A computer bidder that keeps every view it was handed."""

    views: list[Any] = field(default_factory=list)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        self.views.append(view)
        return legal[-1]


# -- SIMULTANEOUS: the sealed-bid game -------------------------------------------------------------


def test_computer_bidders_play_a_whole_game_of_joint_actions() -> None:
    rules = SealedBidRules(seats=3, coins=3, rounds=2)
    record = play(rules, [BidAll(), BidAll(0.5), BidAtRandom()], seed=5)
    assert all(isinstance(a, JointAction) for a in record.actions) and len(record.actions) == 2
    first = record.events[0]
    assert isinstance(first, SealedBidsOpened) and first.bids[:2] == ((0, 3), (1, 1))
    assert first.winner == 0 or first.bids[2][1] == 3  # seat 0 bid all 3: only an equal bid stops it
    assert record.outcome is not None and record.outcome.termination is Termination.ROUND_LIMIT
    _, events = replay(rules, record.actions)
    assert events == record.events
    again = play(rules, [BidAll(), BidAll(0.5), BidAtRandom()], seed=5)
    assert again.actions == record.actions


def test_a_sealed_bid_never_shows_in_another_seats_view_or_the_record() -> None:
    rules = SealedBidRules(seats=3)
    spy = Spy()
    match = Match(rules, [HUMAN, HUMAN, spy], seed=1)
    assert match.advance() == () and match.actor is SIMULTANEOUS
    assert match.waiting_seats == (0, 1) and match.waiting_for == 0
    before = [match.view(s) for s in range(3)]
    assert match.submit(SealBid(2), seat=0) == ()
    assert [match.view(s) for s in range(3)] == before
    assert match.record.actions == () and match.submitted == (0,) and match.waiting_seats == (1,)
    assert match.legal_actions(0) == () and SealBid(3) in match.legal_actions(1)
    events = match.submit(SealBid(1))  # the only person left to bid
    assert spy.views == [before[2]]  # the computer chose from the view before any bid was in
    assert events == (SealedBidsOpened(((0, 2), (1, 1), (2, 3)), 2),)
    assert match.actions == [JointAction(((0, SealBid(2)), (1, SealBid(1)), (2, SealBid(3))))]
    assert match.submitted == ()


def test_illegal_and_out_of_turn_bids_are_refused_and_change_nothing() -> None:
    rules = SealedBidRules(seats=3)
    match = Match(rules, [HUMAN, HUMAN, BidAll()], seed=2)
    with pytest.raises(IllegalActionError, match="say which one"):
        match.submit(SealBid(1))
    with pytest.raises(IllegalActionError, match="not legal for seat 0"):
        match.submit(SealBid(4), seat=0)
    with pytest.raises(IllegalActionError, match="seat 2 is not to act"):
        match.submit(SealBid(1), seat=2)  # a computer seat
    match.submit(SealBid(1), seat=0)
    with pytest.raises(IllegalActionError, match="already submitted"):
        match.submit(SealBid(0), seat=0)
    with pytest.raises(IllegalActionError, match="human seat"):
        match.step()
    assert match.submitted == (0,) and match.actions == []
    state = rules.initial_state()
    with pytest.raises(IllegalActionError, match="expected a JointAction"):
        rules.apply(state, SealBid(1))
    with pytest.raises(IllegalActionError, match=r"each of seats \[0, 1, 2\]"):
        rules.apply(state, JointAction(((0, SealBid(1)), (1, SealBid(1)))))
    with pytest.raises(IllegalActionError, match="not legal for seat 2"):
        rules.apply(state, JointAction(((0, SealBid(1)), (1, SealBid(1)), (2, SealBid(7)))))
    with pytest.raises(RecordError, match="action 0"):
        replay(rules, [JointAction(((0, SealBid(1)), (1, SealBid(9)), (2, SealBid(0))))])


def test_seats_without_coins_are_not_listed_and_the_game_ends() -> None:
    rules = SealedBidRules(seats=2, coins=1, rounds=3)
    match = Match(rules, [HUMAN, BidAll()], seed=3)
    match.submit(SealBid(0))  # seat 1 bids its only coin and wins
    assert rules.seats_to_act(match.state) == (0,) and match.waiting_seats == (0,)
    match.submit(SealBid(1))
    assert match.actor is TERMINAL and match.outcome is not None and match.outcome.winners == {0, 1}


def test_a_sealed_bid_match_resumes_from_its_record() -> None:
    rules = SealedBidRules(seats=3, coins=4, rounds=3)
    players: list[Any] = [HUMAN, BidAtRandom(), BidAtRandom()]
    match = Match(rules, players, seed=9)
    match.submit(SealBid(1))
    match.submit(SealBid(2))
    again = Match.from_record(match.record, players)
    assert again.actions == match.actions and again.state == match.state
    match.submit(SealBid(0))
    again.submit(SealBid(0))
    assert again.actions == match.actions  # the computer streams stood where they stood
    undone = Match.from_record(match.record, players, upto=1)
    assert undone.actions == match.actions[:1]
    with pytest.raises(RecordError, match="action 0"):
        Match.from_record(match.record, [HUMAN, BidAll(), BidAll()])


# -- JUDGE: the guess-and-judge game ---------------------------------------------------------------


def test_a_computer_judge_rules_on_near_misses() -> None:
    rules = GuessRules(seats=2, top=6, guesses=2)
    # Secret 3, guesses in order: seat 0 says 1, seat 1 says 2 (a near miss: the judge rules).
    accepted = play(rules, [GuessInOrder()] * 2, seed=4, start=GuessState(secret=3), judge=LenientJudge(True))
    assert accepted.events[-1] == GuessJudged(1, True) and accepted.winners == {1}
    refused = play(rules, [GuessInOrder()] * 2, seed=4, start=GuessState(secret=3), judge=LenientJudge(False))
    assert GuessJudged(1, False) in refused.events and refused.winners == {0}  # seat 0 then says 3
    _, events = replay(rules, refused.actions, GuessState(secret=3))
    assert events == refused.events
    drawn = play(rules, [GuessInOrder()] * 2, seed=4, judge=LenientJudge())
    assert isinstance(drawn.actions[0], DrawSecret) and drawn.outcome is not None


def test_a_person_judges_through_submit_and_seats_cannot_judge() -> None:
    rules = GuessRules(seats=2, top=6, guesses=3)
    match = Match(rules, [GuessInOrder(), HUMAN], seed=4, judge=HUMAN)
    match.advance()
    while match.waiting_for is not None:  # seat 1 guesses until a near miss
        match.submit(next(a for a in match.legal_actions() if a not in match.actions), seat=1)
        match.advance()
    assert match.actor is JUDGE and match.waiting_for_judge and match.waiting_for is None
    view = match.judge_view()
    assert isinstance(view, JudgeView) and abs(view.guess - view.secret) == 1
    assert "secret" not in repr(match.view(0)) and "secret" not in repr(match.view(1))
    with pytest.raises(IllegalActionError, match="not to act now"):
        match.submit(JudgeGuess(True), seat=1)
    with pytest.raises(IllegalActionError, match="not legal"):
        match.submit(GuessSecret(1))
    with pytest.raises(IllegalActionError, match="judge is a person"):
        match.step()
    guesser = next(s for s, _ in reversed(match.state.guesses))
    assert match.submit(JudgeGuess(True), seat=JUDGE) == (GuessJudged(guesser, True),)
    assert match.outcome is not None and match.outcome.winners == {guesser}
    again = Match.from_record(match.record, [GuessInOrder(), HUMAN], judge=HUMAN)
    assert again.actions == match.actions and again.state == match.state


def test_a_judged_game_needs_a_judge_and_play_needs_a_computer_one() -> None:
    rules = GuessRules()
    with pytest.raises(RuleOptionError, match="needs a judge"):
        Match(rules, [GuessInOrder()] * 2)
    with pytest.raises(RuleOptionError, match="judge must be HUMAN or a computer judge"):
        Match(rules, [GuessInOrder()] * 2, judge=LenientJudge)  # type: ignore[arg-type]
    with pytest.raises(RuleOptionError, match="the judge is HUMAN"):
        play(rules, [GuessInOrder()] * 2, judge=HUMAN)
    with pytest.raises(RuleOptionError, match="judge"):
        Match(SealedBidRules(), [BidAll()] * 2, judge=LenientJudge())


# -- records: JSON, load, replay, resume -----------------------------------------------------------


def test_a_sealed_bid_game_records_to_json_and_resumes_from_it() -> None:
    rules = SealedBidRules(seats=3, coins=4, rounds=3)
    players: list[Any] = [HUMAN, BidAtRandom(), BidAll(0.5)]
    match = Match(rules, players, seed=12)
    match.submit(SealBid(3))
    match.submit(SealBid(0))
    text = match.record.to_json()
    data = json.loads(text)
    assert data["format"] == FORMAT and data["game"] == "test_sealed_bid"
    assert data["rules"] == {"seats": 3, "coins": 4, "rounds": 3}
    assert data["actions"][0]["type"] == "joint"
    loaded = GameRecord.from_json(text)
    assert loaded.rules == rules and loaded.actions == tuple(match.actions) and loaded.events == tuple(match.events)
    again = Match.from_record(loaded, players)
    assert again.state == match.state
    assert again.submit(SealBid(1)) == match.submit(SealBid(1))
    finished = GameRecord.from_json(again.record.to_json())
    assert finished.outcome == match.outcome is not None


def test_a_sealed_bid_still_sealed_is_not_in_the_record() -> None:
    match = Match(SealedBidRules(seats=3), [HUMAN, HUMAN, BidAll()], seed=1)
    match.submit(SealBid(3), seat=1)
    data = json.loads(match.record.to_json())
    assert data["actions"] == [] and "SealBid" not in match.record.to_json()
    assert GameRecord.from_json(match.record.to_json()).actions == ()


def test_a_tampered_joint_action_is_refused() -> None:
    record = play(SealedBidRules(), [BidAll(), BidAtRandom()], seed=2)
    data = json.loads(record.to_json())
    data["actions"][0]["moves"][0][1]["amount"] = 9  # more coins than seat 0 has
    with pytest.raises(RecordError, match="action 0"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(record.to_json())
    del data["actions"][0]["moves"][1]  # seat 1's bid is missing
    with pytest.raises(RecordError, match="action 0"):
        GameRecord.from_json(json.dumps(data))


def test_a_judged_game_records_to_json_and_resumes_with_its_judge() -> None:
    rules = GuessRules(seats=2, top=6, guesses=3)
    record = play(rules, [GuessInOrder()] * 2, seed=4, start=GuessState(secret=3), judge=LenientJudge(False))
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.events == record.events and loaded.start == GuessState(secret=3)
    assert any(isinstance(a, JudgeGuess) for a in loaded.actions)
    again = Match.from_record(loaded, [GuessInOrder()] * 2, judge=LenientJudge(False))
    assert again.actions == list(record.actions)
    with pytest.raises(RecordError, match="the judge drew"):
        Match.from_record(loaded, [GuessInOrder()] * 2, judge=LenientJudge(True))


def test_the_rules_version_of_a_record_rebuilds_the_rules_it_was_played_under() -> None:
    old = GuessRules(seats=2, top=6, guesses=3, rules_version=1)  # no near misses in version 1
    record = play(old, [GuessInOrder()] * 2, seed=4, start=GuessState(secret=3), judge=LenientJudge())
    assert not any(isinstance(a, JudgeGuess) for a in record.actions)
    data = json.loads(record.to_json())
    assert data["rules_version"] == 1 and "rules_version" not in data["rules"]
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.rules == old and loaded.rules.rules_version == 1
    data["rules_version"] = 2  # the same actions under version 2 hit a near miss and replay differently
    with pytest.raises(RecordError):
        GameRecord.from_json(json.dumps(data))
    data["rules_version"] = 3
    with pytest.raises(RecordError, match="rules version 3"):
        GameRecord.from_json(json.dumps(data))
