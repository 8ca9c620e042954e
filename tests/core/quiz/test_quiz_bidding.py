"""Exact bidding odds of the quiz (Q4-Q8) checked by hand, against the binomial, and against rounds played (P5)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from toptrumps_core.experiments.bidding import bidding_table, estimate_reach, reach_grid
from toptrumps_core.probability.bidding import (
    as_probability,
    best_bid,
    best_bid_for_points,
    bid_margin,
    binomial_reach,
    expected_points,
    points_per_bid,
    reach_chance,
    round_chances,
)
from toptrumps_core.quiz import Answer, Bid, GiveUp, PassBid, QuizStage, UseSpecialTile
from toptrumps_core.quiz.actions import WRONG_GUESS
from toptrumps_core.strategies.quiz import QuizTeam, SimilarityJudge

from .quiz_helpers import bids, run, tiny_rules

HALF = Fraction(1, 2)


def test_binomial_reach_by_hand() -> None:
    assert binomial_reach(1, HALF) == 1 - Fraction(1, 1024)
    assert binomial_reach(10, Fraction(3, 5)) == Fraction(3, 5) ** 10
    assert binomial_reach(5, HALF) == Fraction(sum(comb(10, k) for k in range(5, 11)), 1024)  # 638/1024


def test_reach_with_spares_by_hand() -> None:
    # No spare: the first `bid` tries must all be right.
    assert reach_chance(3, HALF, spare=0) == Fraction(1, 8)
    # One spare, bid 2: RR, or one W among the first two then R: p^2 (1 + 2 q).
    assert reach_chance(2, HALF, spare=1) == Fraction(1, 4) * (1 + 2 * HALF)
    # A certain team always reaches; a team that knows nothing never does.
    assert reach_chance(10, 1, spare=0) == 1 and reach_chance(1, 0, spare=3) == 0


@pytest.mark.parametrize("bid", range(1, 11))
def test_enough_spares_give_exactly_the_binomial_tail(bid) -> None:
    p = Fraction(3, 5)
    assert reach_chance(bid, p, spare=10 - bid) == binomial_reach(bid, p) == reach_chance(bid, p, spare=None)
    assert reach_chance(bid, p, spare=0) <= reach_chance(bid, p, spare=3) <= binomial_reach(bid, p)


@pytest.mark.parametrize(("bid", "spare"), [(1, 0), (4, 3), (7, 2), (10, 3)])
def test_round_chances_sum_to_one_and_match_a_step_by_step_count(bid, spare) -> None:
    p, q = Fraction(3, 5), Fraction(2, 5)
    chances = round_chances(bid, p, q, spare)
    assert chances.active + chances.opposing + chances.nobody == 1
    assert min(chances.active, chances.opposing, chances.nobody) >= 0

    # The same by walking every sequence of tries (the model of the module docstring).
    def walk(right, wrong, chance):
        if right == bid:
            return chance, Fraction(0)
        tried = right + wrong
        if tried == 10 or wrong > spare:
            return Fraction(0), chance * (1 - (1 - q) ** (10 - right))
        a1, o1 = walk(right + 1, wrong, chance * p)
        a2, o2 = walk(right, wrong + 1, chance * (1 - p))
        return a1 + a2, o1 + o2

    assert walk(0, 0, Fraction(1)) == (chances.active, chances.opposing)


def test_bid_margin_and_best_bid() -> None:
    p = Fraction(3, 5)
    assert bid_margin(5, 3, p, p) == round_chances(5, p, p, 3).margin  # my higher bid: I am active
    assert bid_margin(3, 5, p, p) == -round_chances(5, p, p, 3).margin
    assert bid_margin(4, 4, p, p, tiebreaker_mine=False) == -bid_margin(4, 4, p, p, tiebreaker_mine=True)
    # A bid of 6 turns a used tile back before guessing (Q6).
    assert bid_margin(6, 1, p, p, specials=(2, 3)) == round_chances(6, p, p, 3).margin
    best = best_bid(p, p)
    assert best.bid == 5 and 1 <= best.bid <= 10
    assert best_bid(Fraction(3, 10), Fraction(3, 10)).bid == 1
    assert best_bid(Fraction(9, 10), Fraction(9, 10)).bid > best.bid


def test_probabilities_are_checked() -> None:
    assert as_probability(0.25) == Fraction(1, 4)
    for bad in (-0.1, 1.5, "half", True):
        with pytest.raises(ValueError):
            as_probability(bad)
    with pytest.raises(ValueError):
        reach_chance(11, HALF)


@pytest.mark.parametrize(
    ("bid", "p", "spare"), [(3, Fraction(1, 2), 3), (6, Fraction(3, 5), 1), (8, Fraction(4, 5), 3)]
)
def test_rounds_played_through_the_rules_agree_with_the_exact_chance(bid, p, spare) -> None:
    estimate = estimate_reach(bid, p, spare=spare, trials=800, seed=2)
    exact = reach_chance(bid, p, spare)
    assert estimate.contains(exact), (str(estimate), float(exact))


def test_the_lesson_table_and_grid() -> None:
    table = bidding_table(Fraction(3, 5), trials=40, bids=[2, 9])
    assert [row[0] for row in table.rows] == [2, 9]
    bid, binomial, exact, estimate, margin = table.data[0]
    assert (bid, binomial, exact) == (2, binomial_reach(2, Fraction(3, 5)), reach_chance(2, Fraction(3, 5), 3))
    assert estimate.trials == 40 and margin == round_chances(2, Fraction(3, 5), Fraction(3, 5), 3).margin
    grid = reach_grid([0.3, 0.7])
    assert list(grid) == [Fraction(3, 10), Fraction(7, 10)] and all(len(row) == 10 for row in grid.values())
    assert all(
        a >= b for a, b in zip(grid[Fraction(7, 10)][:-1], grid[Fraction(7, 10)][1:], strict=True)
    )  # higher bids are harder


# -- the computer teams ------------------------------------------------------------------


def test_a_quiz_team_bids_its_fixed_bid_or_its_best() -> None:
    rules = tiny_rules()
    state = rules.start_from()
    rng = random.Random(1)
    assert QuizTeam(bidding=7).choose(rules.observe(state, 0), rules.legal_actions(state, 0), rng) == Bid(7)
    best = QuizTeam(p=Fraction(3, 5)).choose(rules.observe(state, 0), rules.legal_actions(state, 0), rng)
    assert best == Bid(best_bid(Fraction(3, 5), Fraction(3, 5)).bid)
    with pytest.raises(ValueError):
        QuizTeam(bidding=11)


def test_a_quiz_team_raises_while_the_next_bid_is_within_its_own_then_passes() -> None:
    rules = tiny_rules(bidding="high_bid")
    state, _ = run(rules, rules.start_from(tiebreaker=0), [Bid(4)])
    team = QuizTeam(bidding=5)
    assert team.choose(rules.observe(state, 1), rules.legal_actions(state), random.Random(0)) == Bid(5)
    state, _ = run(rules, state, [Bid(5)])
    assert (
        QuizTeam(bidding=5).choose(rules.observe(state, 0), rules.legal_actions(state), random.Random(0)) == PassBid()
    )


def test_a_quiz_team_that_knows_everything_names_right_answers_and_one_that_knows_nothing_guesses_wrong() -> None:
    rules = tiny_rules()
    state, _ = run(rules, rules.start_from(), [bids(3, 1)])
    rng = random.Random(3)
    sure = QuizTeam(p=1).choose(rules.observe(state, 0), rules.legal_actions(state), rng)
    assert isinstance(sure, Answer) and sure.text != WRONG_GUESS
    assert QuizTeam(p=0).choose(rules.observe(state, 0), rules.legal_actions(state), rng) == Answer(WRONG_GUESS)
    state, _ = run(rules, state, [Answer(WRONG_GUESS)])
    assert state.stage is QuizStage.SPECIAL
    assert QuizTeam(p=0).choose(rules.observe(state, 0), rules.legal_actions(state), rng) == UseSpecialTile()


def test_a_quiz_team_gives_up_once_all_ten_answers_are_tried() -> None:
    rules = tiny_rules()
    state = rules.start_from(active=0, target=10, turned=tuple(range(1, 8)))
    state, _ = run(
        rules, state, [Answer("Thistle"), UseSpecialTile(), Answer("Moss"), UseSpecialTile(), Answer("Fern")]
    )
    assert rules.observe(state, 0).wrong == ("Thistle", "Moss", "Fern")
    state, _ = run(rules, state, [UseSpecialTile()])
    assert QuizTeam(p=0).choose(rules.observe(state, 0), rules.legal_actions(state), random.Random(0)) == GiveUp()


def test_the_similarity_judge_accepts_from_its_threshold() -> None:
    rules = tiny_rules()
    state, _ = run(rules, rules.start_from(active=0, target=2), [Answer("Junipr")])
    view = rules.judge_view(state)
    legal = rules.legal_actions(state)
    assert SimilarityJudge(accept_from=view.similarity).choose(view, legal, random.Random(0)).accept
    assert not SimilarityJudge(accept_from=view.similarity + 1).choose(view, legal, random.Random(0)).accept


def test_q4_q8_expected_points_are_my_chance_to_win_the_round_active_or_opposing() -> None:
    p, q = Fraction(7, 10), HALF
    # active (higher bid, or equal with the tiebreaker tile on my side): I win by reaching the bid
    assert expected_points(5, 4, p, q) == round_chances(5, p, q).active
    assert expected_points(5, 5, p, q) == round_chances(5, p, q).active
    # not active: I win by my one answer after the other team fails (Q8)
    assert expected_points(5, 5, p, q, tiebreaker_mine=False) == round_chances(5, q, p).opposing
    assert expected_points(2, 7, p, q) == round_chances(7, q, p, spare=3).opposing  # no tile to give back: 3 unused
    # a bid of 6 or more turns a used special tile back first (Q6)
    assert expected_points(6, 1, p, q, specials=(1, 3)) == round_chances(6, p, q, spare=2).active
    # a team that knows nothing never wins a round
    assert all(x == 0 for x in points_per_bid(0, HALF, other_bid=3))


def test_q4_the_bid_that_maximises_expected_points_against_a_team_of_another_p() -> None:
    p, q = Fraction(7, 10), HALF
    points = points_per_bid(p, q, other_bid=4)
    assert points == tuple(expected_points(b, 4, p, q) for b in range(1, 11))
    best = best_bid_for_points(p, q, other_bid=4)
    assert points[best - 1] == max(points) and best == 1 + points.index(max(points))
    # against the computer team of q, which bids its own best bid
    theirs = best_bid(q, p, tiebreaker_mine=False).bid
    assert points_per_bid(p, q) == points_per_bid(p, q, other_bid=theirs)
    everything = points_per_bid(p, q)
    assert everything[best_bid_for_points(p, q) - 1] == max(everything)
    assert everything[theirs] < everything[0]  # outbidding the computer team pays less than letting it fail
    assert best_bid_for_points(1, q, other_bid=9) == 9  # knowing every answer, equal a 9 with the tiebreaker tile
    assert best_bid_for_points(1, q, other_bid=9, tiebreaker_mine=False) == 10  # ... or outbid it
    assert best_bid_for_points(0, q, other_bid=9) == 1  # knowing none, every bid is worth 0: the lowest
