"""Exact probability (rules P1-P4) and the intervals of P5 (the estimates are in test_estimates.py).

Hand-worked cases carry their working in a comment; Hypothesis compares every
exact function with brute-force enumeration on small random decks.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import compare
from toptrumps_core.probability import (
    ComparisonOdds,
    Estimate,
    HiLoOdds,
    best_hi_lo_policy,
    comparison_odds,
    expected_hi_lo_pins,
    hi_lo_odds,
    hi_lo_plan,
    tie_chance,
    wilson_interval,
)

F = Fraction


def tiny() -> Deck:
    return Deck.from_rows(
        "Tiny",
        [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False)],
        {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2], "t": [2, 5]},
    )


# -- P1 ------------------------------------------------------------------------------


def test_p1_hand_worked() -> None:
    # Shown 5; unseen 3, 5, 5, 9, n/a.  The n/a is put aside (ignored): 4 cards.
    # >= 5: 5, 5, 9 -> 3/4.  <= 5: 3, 5, 5 -> 3/4.  Equal: 5, 5 -> 1/2.
    odds = hi_lo_odds(F(5), [F(3), F(5), F(5), F(9), None])
    assert odds == HiLoOdds(F(3, 4), F(3, 4), F(1, 2))
    assert odds.higher + odds.lower - odds.equal == 1
    assert odds.best_call == "higher" and odds.best == F(3, 4)
    # Shown 2 of {1, 3, 4}: higher 2/3, lower 1/3 (no tie possible).
    assert hi_lo_odds(F(2), [F(1), F(3), F(4)]).as_floats() == (2 / 3, 1 / 3, 0.0)
    assert hi_lo_odds(F(4), [F(1), F(3)]).best_call == "lower"


def test_p1_needs_data() -> None:
    with pytest.raises(ValueError, match="no unseen card has data"):
        hi_lo_odds(F(1), [None, None])
    with pytest.raises(ValueError):
        hi_lo_odds(None, [F(1)])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HiLoOdds(F(1), F(0), F(0)).chance("sideways")  # type: ignore[arg-type]


small_values = st.lists(st.one_of(st.none(), st.integers(0, 5).map(Fraction)), min_size=1, max_size=7)


@given(shown=st.integers(0, 5).map(Fraction), unseen=small_values)
def test_p1_equals_enumeration_and_complements_sum_to_one(shown: Fraction, unseen: list[Fraction | None]) -> None:
    data = [v for v in unseen if v is not None]
    if not data:
        with pytest.raises(ValueError):
            hi_lo_odds(shown, unseen)
        return
    odds = hi_lo_odds(shown, unseen)
    assert odds.higher == F(sum(v >= shown for v in data), len(data))
    assert odds.lower == F(sum(v <= shown for v in data), len(data))
    strictly_higher, strictly_lower = odds.higher - odds.equal, odds.lower - odds.equal
    assert strictly_higher + odds.equal + strictly_lower == 1  # complementary, exactly


# -- P2 ------------------------------------------------------------------------------


def test_p2_hand_worked_per_call_and_complete_run() -> None:
    # Shown 2; unseen 1, 3, 4.
    # per_call, "higher" (2/3 right): second 3 (left 1, 4): third call 1/2 -> 1 + 1/2;
    #   second 4 (left 1, 3): "lower" sure -> 2; second 1: 0.  (3/2 + 2) / 3 = 7/6.
    # per_call, "lower": second 1 (left 3, 4): "higher" sure -> 2; else 0.  2/3.
    plan = hi_lo_plan(F(2), [F(1), F(3), F(4)])
    assert (plan.expected_pins, plan.first_call) == (F(7, 6), "higher")
    assert plan.second_call(F(4)) == "lower" and plan.second_call(F(1)) == "higher"
    # complete_run, "higher": second 3 -> 2 * 1/2 = 1; second 4 -> 2; (1 + 2) / 3 = 1.
    # complete_run, "lower": second 1 -> 2; 2/3.  Best: 1 with "higher".
    run = hi_lo_plan(F(2), [F(1), F(3), F(4)], hilo_pins="complete_run")
    assert (run.expected_pins, run.first_call) == (F(1), "higher")
    with pytest.raises(ValueError):
        plan.second_call(F(2))  # no unseen card shows 2


def test_p2_complete_run_can_prefer_the_less_likely_first_call() -> None:
    # Shown 2; unseen 1, 1, 1, 1, 2, 3, 5, 7, 10, 12 (10 cards).
    # "higher" is right 6/10, "lower" 5/10.  Best third-call chances (9 cards left):
    #   after 2: 5/9, 3: 5/9, 5: 6/9, 7: 7/9, 10: 8/9, 12: 9/9  (sum 40/9)
    #   after 1: 9/9 (four times), 2: 5/9                       (sum 41/9)
    # complete_run: "higher" 2 * (40/9) / 10 = 40/45; "lower" 2 * (41/9) / 10 = 41/45.
    # per_call:     "higher" (6 + 40/9) / 10 = 47/45; "lower" (5 + 41/9) / 10 = 43/45.
    unseen = [F(v) for v in (1, 1, 1, 1, 2, 3, 5, 7, 10, 12)]
    run = hi_lo_plan(F(2), unseen, hilo_pins="complete_run")
    assert (run.expected_pins, run.first_call, run.odds.best_call) == (F(41, 45), "lower", "higher")
    per_call = hi_lo_plan(F(2), unseen)
    assert (per_call.expected_pins, per_call.first_call) == (F(47, 45), "higher")


def test_p2_stack_running_out_and_no_data() -> None:
    # One unseen card with data: the third card never comes (ruling in hilo.py).
    assert hi_lo_plan(F(2), [F(3), None]).expected_pins == 1  # right first call, then out
    assert hi_lo_plan(F(2), [F(3), None], hilo_pins="complete_run").expected_pins == 0
    assert hi_lo_plan(F(2), [None, None]).expected_pins == 0
    with pytest.raises(ValueError):
        hi_lo_plan(F(2), [F(1)], hilo_pins="always")  # type: ignore[arg-type]


def test_p2_policy_picks_the_best_category_of_a_deck() -> None:
    d = tiny()
    first, unseen = d.cards[0], d.cards[1:]
    # Speed: shown 2, unseen 1, 3, 4, 2.  Price: shown 1, unseen 1, n/a, 2, 5.
    policy = best_hi_lo_policy(first, unseen)
    by_category = [expected_hi_lo_pins(first, c, unseen) for c in (0, 1)]
    assert policy.expected_pins == max(by_category)
    assert policy.category == by_category.index(max(by_category))
    # Price: "higher" is sure (1 <= all of 1, 2, 5); then from 1 (left 2, 5) higher
    # is sure; from 2 (left 1, 5) 1/2; from 5 (left 1, 2) lower sure:
    # (2 + 3/2 + 2) / 3 = 11/6.
    assert by_category[1] == F(11, 6)
    assert expected_hi_lo_pins(first, "Price", unseen) == F(11, 6)
    with pytest.raises(ValueError):
        expected_hi_lo_pins(first, "Weight", unseen)
    with pytest.raises(ValueError):
        best_hi_lo_policy(first, [*unseen, unseen[0]])  # listed twice
    with pytest.raises(ValueError):
        best_hi_lo_policy(first, [first])  # the shown card cannot be unseen
    with pytest.raises(ValueError):
        expected_hi_lo_pins(d.cards[2], 1, [d.cards[0]])  # r has no Price


def brute_force_hi_lo(shown: Fraction, unseen: list[Fraction | None], hilo_pins: str) -> Fraction:
    """Best expected pins over every deterministic policy and every ordered draw (T12)."""
    data = [v for v in unseen if v is not None]
    values = sorted(set(data))
    best = F(-1)
    for first_call in ("higher", "lower"):
        for seconds in itertools.product(("higher", "lower"), repeat=len(values)):
            rule = dict(zip(values, seconds, strict=True))
            total, count = 0, 0
            draws = itertools.permutations(range(len(data)), min(2, len(data)))
            for draw in draws:
                count += 1
                if not draw:
                    continue
                second = data[draw[0]]
                right1 = second >= shown if first_call == "higher" else second <= shown
                if not right1:
                    continue
                if len(draw) < 2:  # the stack ran out after a right call
                    total += 1 if hilo_pins == "per_call" else 0
                    continue
                third = data[draw[1]]
                right2 = third >= second if rule[second] == "higher" else third <= second
                total += (1 + right2) if hilo_pins == "per_call" else 2 * right2
            best = max(best, F(total, max(count, 1)))
    return best


@settings(max_examples=60, deadline=None)
@given(
    shown=st.integers(0, 4).map(Fraction),
    unseen=st.lists(st.one_of(st.none(), st.integers(0, 4).map(Fraction)), max_size=6),
    hilo_pins=st.sampled_from(["per_call", "complete_run"]),
)
def test_p2_equals_brute_force(shown: Fraction, unseen: list[Fraction | None], hilo_pins: str) -> None:
    plan = hi_lo_plan(shown, unseen, hilo_pins=hilo_pins)  # type: ignore[arg-type]
    assert plan.expected_pins == brute_force_hi_lo(shown, unseen, hilo_pins)
    assert 0 <= plan.expected_pins <= 2


# -- P3 ------------------------------------------------------------------------------


def test_p3_hand_worked_two_opponents() -> None:
    # Value 5 against 2 of {3, 5, 9, n/a}: 6 pairs equally likely.
    # "tie": any n/a ties (3 pairs); {3,5} tie on 5; {3,9}, {5,9} lose: win 0, tie 4/6, lose 2/6.
    odds = comparison_odds(F(5), [F(3), F(5), F(9), None], 2)
    assert odds == ComparisonOdds(F(0), F(2, 3), F(1, 3))
    # "loses": {3,n/a} win; {3,5}, {5,n/a} tie; {3,9}, {5,9}, {9,n/a} lose.
    assert comparison_odds(F(5), [F(3), F(5), F(9), None], 2, no_data="loses") == ComparisonOdds(
        F(1, 6), F(2, 6), F(3, 6)
    )


@settings(max_examples=80, deadline=None)
@given(
    value=st.one_of(st.none(), st.integers(0, 4).map(Fraction)),
    unseen=st.lists(st.one_of(st.none(), st.integers(0, 4).map(Fraction)), min_size=1, max_size=6),
    higher_is_better=st.booleans(),
    no_data=st.sampled_from(["tie", "loses"]),
    data=st.data(),
)
def test_p3_equals_enumeration_with_the_classic_compare(
    value: Fraction | None,
    unseen: list[Fraction | None],
    higher_is_better: bool,
    no_data: str,
    data: st.DataObject,
) -> None:
    opponents = data.draw(st.integers(1, len(unseen)))
    rows = {"me": ["n/a" if value is None else value, 0]}
    rows.update({f"u{i}": ["n/a" if v is None else v, 0] for i, v in enumerate(unseen)})
    d = Deck.from_rows("D", [Category("A", higher_is_better=higher_is_better), Category("B")], rows)
    counts = {"win": 0, "tie": 0, "lose": 0}
    for others in itertools.combinations(range(1, len(d.cards)), opponents):
        winner, _ = compare(d, 0, [0, *others], no_data=no_data)  # type: ignore[arg-type]
        counts["tie" if winner is None else "win" if winner == 0 else "lose"] += 1
    total = sum(counts.values())
    odds = comparison_odds(value, unseen, opponents, higher_is_better=higher_is_better, no_data=no_data)  # type: ignore[arg-type]
    assert odds == ComparisonOdds(F(counts["win"], total), F(counts["tie"], total), F(counts["lose"], total))
    assert odds.win + odds.tie + odds.lose == 1


# -- P4 ------------------------------------------------------------------------------


def test_p4_hand_worked() -> None:
    d = tiny()
    # Speed {2, 1, 3, 4, 2}, 10 pairs: only {p, t} (2 and 2) tie... but the best of
    # the pair must be shared: {p, t} best 2 shared -> 1 of 10.
    assert tie_chance(d, "Speed", 2) == F(1, 10)
    # Three cards of Speed (10 triples): a tie needs the best shared, so {p, t} + q (1): 1 of 10.
    assert tie_chance(d, 0, 3) == F(1, 10)
    # Price (lower is better) {1, 1, n/a, 2, 5}:
    # "tie": the 4 pairs with r tie, and {p, q} (best 1 shared): 5 of 10.
    assert tie_chance(d, "Price", 2) == F(1, 2)
    # "loses": r never wins; only {p, q} ties: 1 of 10.
    assert tie_chance(d, "Price", 2, no_data="loses") == F(1, 10)
    # "ignore": 4 cards with data, 6 pairs, {p, q}: 1 of 6.
    assert tie_chance(d, "Price", 2, no_data="ignore") == F(1, 6)
    with pytest.raises(ValueError):
        tie_chance(d, "Price", 5, no_data="ignore")  # only 4 cards have data
    with pytest.raises(ValueError):
        tie_chance(d, "Price", 1)
    with pytest.raises(ValueError):
        tie_chance(d, "Price", 2, no_data="maybe")  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(
    values=st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=2, max_size=7),
    higher_is_better=st.booleans(),
    no_data=st.sampled_from(["tie", "loses", "ignore"]),
    data=st.data(),
)
def test_p4_equals_enumeration_with_the_classic_compare(
    values: list[int | None], higher_is_better: bool, no_data: str, data: st.DataObject
) -> None:
    rows = {f"c{i}": ["n/a" if v is None else v, 0] for i, v in enumerate(values)}
    d = Deck.from_rows("D", [Category("A", higher_is_better=higher_is_better), Category("B")], rows)
    pool = [i for i, v in enumerate(values) if no_data != "ignore" or v is not None]
    if len(pool) < 2:
        with pytest.raises(ValueError):
            tie_chance(d, 0, 2, no_data=no_data)  # type: ignore[arg-type]
        return
    k = data.draw(st.integers(2, len(pool)))
    rule = "loses" if no_data == "loses" else "tie"
    subsets = list(itertools.combinations(pool, k))
    ties = sum(compare(d, 0, list(s), no_data=rule)[0] is None for s in subsets)  # type: ignore[arg-type]
    exact = tie_chance(d, 0, k, no_data=no_data)  # type: ignore[arg-type]
    assert exact == F(ties, len(subsets))
    assert exact + (1 - exact) == 1 and 0 <= exact <= 1


# -- P5 ------------------------------------------------------------------------------


def test_p5_wilson_interval_known_values() -> None:
    # Wilson (1927) for 50 of 100 at 95 %: 0.4038 to 0.5962.
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == 1
    with pytest.raises(ValueError):
        wilson_interval(3, 0)
    with pytest.raises(ValueError):
        Estimate(1, 0, 0.0, 1.0)
    est = Estimate(30, 100, *wilson_interval(30, 100))
    assert est.value == 0.3 and est.contains(F(3, 10)) and est.kind == "proportion"
    mean = Estimate.of_mean([0, 2, 2, 0])
    assert mean.value == 1 and mean.low < 1 < mean.high and mean.kind == "mean"
    with pytest.raises(ValueError):
        Estimate.of_proportion([0, 2])


def test_probability_imports_only_the_standard_library() -> None:
    code = (
        "import sys, toptrumps_core.probability, toptrumps_core.experiments, toptrumps_core.tournament.hilo;"
        "bad = {'numpy', 'tqdm', 'matplotlib', 'ipywidgets'} & {m.split('.')[0] for m in sys.modules};"
        "print(sorted(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
