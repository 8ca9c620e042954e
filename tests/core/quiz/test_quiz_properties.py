"""Properties of whole quizzes (Q1-Q13): seven rounds always end, 28 points are conserved, records replay."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toptrumps_core import JUDGE, SIMULTANEOUS, TERMINAL, GameRecord, JointAction, Match, QuizRules, play
from toptrumps_core.quiz import QuizEnded, QuizStage, RoundUnwon, RoundWon
from toptrumps_core.record import replay
from toptrumps_core.strategies.quiz import QuizTeam, SimilarityJudge

from .quiz_helpers import tiny_rules

TEAMS = st.builds(
    QuizTeam,
    p=st.fractions(min_value=0, max_value=1, max_denominator=10),
    bidding=st.one_of(st.just("best"), st.integers(1, 10)),
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def points_everywhere(state) -> int:
    return sum(state.won[0]) + sum(state.won[1]) + sum(state.middle)


@SETTINGS
@given(seed=st.integers(0, 10**6), green=TEAMS, black=TEAMS, high=st.booleans())
def test_seven_rounds_always_end_and_28_points_are_awarded_or_left_in_the_middle(seed, green, black, high) -> None:
    rules = tiny_rules(bidding="high_bid" if high else "secret")
    record = play(rules, [green, black], seed=seed)
    state, events = replay(rules, record.actions)
    assert rules.actor(state) is TERMINAL and state.stage is QuizStage.OVER
    assert points_everywhere(state) == 28  # 1 + 2 + ... + 7 (Q2)
    won = [e for e in events if isinstance(e, RoundWon)]
    unwon = [e for e in events if isinstance(e, RoundUnwon)]
    assert len(won) + len(unwon) == 7  # one end per round, the showdown included (Q9)
    assert sum(sum(e.tiles) for e in won) + sum(state.middle) == 28
    ended = [e for e in events if isinstance(e, QuizEnded)]
    assert len(ended) == 1 and ended[0].outcome == record.outcome


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_every_decision_has_a_legal_action_and_chance_sums_to_one(seed) -> None:
    rules = tiny_rules()
    rng = random.Random(seed)
    state = rules.initial_state()
    while rules.actor(state) is not TERMINAL:
        actor = rules.actor(state)
        if actor is SIMULTANEOUS:
            legal = [rules.legal_actions(state, s) for s in rules.seats_to_act(state)]
            assert all(legal)
            seats = rules.seats_to_act(state)
            action = JointAction(tuple((s, rng.choice(a)) for s, a in zip(seats, legal, strict=True)))
        elif actor is JUDGE or isinstance(actor, int):
            legal = rules.legal_actions(state)
            assert legal
            action = rng.choice(legal)
        else:
            distribution = rules.chance(state)
            action = distribution.sample(rng)
            assert distribution.probability(action) > 0
        state = rules.apply(state, action).state
    assert points_everywhere(state) == 28


@SETTINGS
@given(seed=st.integers(0, 10**6), high=st.booleans())
def test_records_replay_to_the_same_events_through_json(seed, high) -> None:
    rules = QuizRules(bidding="high_bid" if high else "secret")
    record = play(rules, seed=seed)
    again = GameRecord.from_json(record.to_json())
    assert again.rules == rules and again.actions == record.actions
    assert again.events == record.events and again.outcome == record.outcome
    state, events = replay(again.rules, again.actions)
    assert events == record.events
    resumed = Match.from_record(again)
    assert resumed.state == state


def test_play_quiz_rules_with_no_strategies_plays_a_whole_quiz() -> None:
    record = play(QuizRules(), None, seed=1)
    assert record.outcome is not None and record.outcome.termination.name == "SEVEN_ROUNDS"
    assert sum(isinstance(e, (RoundWon, RoundUnwon)) for e in record.events) == 7


def test_the_same_seed_gives_the_same_quiz_and_another_seed_another() -> None:
    one, two = play(QuizRules(), seed=5), play(QuizRules(), seed=5)
    assert one.actions == two.actions
    assert any(play(QuizRules(), seed=s).actions != one.actions for s in (6, 7, 8))


def test_a_quiz_with_a_near_miss_asks_the_computer_judge() -> None:
    class Typo(QuizTeam):
        def choose(self, view, legal, rng):
            action = super().choose(view, legal, rng)
            text = getattr(action, "text", None)
            if text and text[0].isalpha() and len(text) > 6:
                return type(action)(text[:-1])  # drop a letter: a near miss
            return action

    record = play(tiny_rules(), [Typo(p=Fraction(9, 10)), QuizTeam()], seed=2, judge=SimilarityJudge(accept_from=80))
    assert any(type(e).__name__ == "NearMissJudged" for e in record.events)
