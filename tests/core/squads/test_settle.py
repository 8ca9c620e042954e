"""The exact "place now or wait" numbers (rules S3, S5) against enumeration on small decks.

Every ordered way to draw your face-down cards and the opponents' cards from
the unseen cards is equally likely; counting the ways gives the exact
answer to compare with the closed forms of `toptrumps_core.probability.settle`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from toptrumps_core import load_deck
from toptrumps_core.experiments import SettleQuestion, estimate_settle, settle_table, threshold_games
from toptrumps_core.probability.settle import (
    average_win_chance,
    beaten_chance,
    best_cards,
    goal_key,
    place_or_wait,
    threshold_tokens,
    win_chance,
)
from toptrumps_core.squads import MissionSlot, bundled_missions

POOL = [None, 1, 2, 2, 5, 8]


def _better(a: object, b: object, goal: str, target: object) -> bool:
    ka, kb = goal_key(a, goal, target), goal_key(b, goal, target)  # type: ignore[arg-type]
    return ka is not None and (kb is None or ka > kb)


def _enumerate(pool, draws, opponents, goal, target, threshold, held=None, tokens=3):  # type: ignore[no-untyped-def]
    """Returns (P(beaten), E[now tokens], E[wait tokens]) by counting every ordered draw."""
    rest = [pool[:i] + pool[i + 1 :] for i in range(len(pool))]
    accept = [win_chance(pool[i], rest[i], opponents, goal, target) >= threshold for i in range(len(pool))]
    beaten = now = wait = Fraction(0)
    ways = 0
    for order in permutations(range(len(pool)), draws + opponents):
        own, theirs = order[:draws], order[draws:]
        ways += 1
        if held is not None:
            beaten += any(_better(pool[c], held, goal, target) for c in own)
            now += not any(_better(pool[o], held, goal, target) for o in theirs)
        placed = next((c for c in own if accept[c]), own[-1])
        wins = goal_key(pool[placed], goal, target) is not None and not any(
            _better(pool[o], pool[placed], goal, target) for o in theirs
        )
        wait += wins
    return beaten / ways, tokens * now / ways, tokens * wait / ways


@pytest.mark.parametrize("goal, target", [("highest", None), ("lowest", None), ("nearest", 3)])
@pytest.mark.parametrize("threshold", [0, Fraction(1, 3), Fraction(1, 2), 1])
@pytest.mark.parametrize("draws, opponents", [(1, 1), (2, 1), (2, 2), (3, 2), (4, 0)])
def test_place_or_wait_equals_enumeration(goal, target, threshold, draws, opponents) -> None:  # type: ignore[no-untyped-def]
    odds = place_or_wait(4, POOL, draws, opponents, goal, target, tokens=3, threshold=threshold)
    assert (odds.beaten, odds.now_tokens, odds.wait_tokens) == _enumerate(
        POOL, draws, opponents, goal, target, threshold, held=4
    )


def test_threshold_tokens_equals_enumeration_on_random_small_pools() -> None:
    rng = random.Random(11)
    for _ in range(40):
        pool = [rng.choice([None, 1, 2, 2, 3, 5, 8, 9]) for _ in range(rng.randint(3, 7))]
        draws = rng.randint(1, len(pool) - 1)
        opponents = rng.randint(0, len(pool) - draws)
        goal = rng.choice(["highest", "lowest", "nearest"])
        target = 4 if goal == "nearest" else None
        threshold = rng.choice([0, Fraction(1, 3), Fraction(2, 3), 1])
        exact = threshold_tokens(pool, draws, opponents, goal, target, tokens=1, threshold=threshold)
        assert exact == _enumerate(pool, draws, opponents, goal, target, threshold, tokens=1)[2]


def test_win_chance_by_hand() -> None:
    # 5 against 2 opponents from {1, 2, 8, n/a}: both must be among {1, 2, n/a}: C(3,2)/C(4,2) = 1/2
    assert win_chance(5, [1, 2, 8, None], 2, "highest") == Fraction(1, 2)
    assert win_chance(None, [1, 2], 1, "highest") == 0  # no data never wins (S5)
    assert win_chance(2, [2, 2], 2, "lowest") == 1  # ties win too (S5)
    # nearest 10: 7 and 13 are equally near, 12 is nearer
    assert win_chance(7, [13, 12], 1, "nearest", 10) == Fraction(1, 2)


def test_beaten_chance_by_hand() -> None:
    # one of 2 face-down cards from {1, 2, 8, n/a} beats 5 unless both are among {1, 2, n/a}
    assert beaten_chance(5, [1, 2, 8, None], 2, "highest") == Fraction(1, 2)
    assert beaten_chance(9, [1, 2, 8], 3, "highest") == 0


def test_best_cards_and_goal_checks() -> None:
    assert best_cards([3, None, 3, 1], "highest") == (0, 2)
    assert best_cards([None, None], "lowest") == ()
    with pytest.raises(ValueError, match="needs a target"):
        goal_key(1, "nearest")
    with pytest.raises(ValueError, match="no goal"):
        goal_key(1, "biggest")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than the 2 unseen"):
        win_chance(1, [1, 2], 3, "highest")


def test_the_lesson_s_simulation_agrees_with_the_exact_numbers() -> None:
    question = SettleQuestion(load_deck("animals"), "Top speed", "highest", None, "Lion", draws=3, opponents=2)
    exact = question.exact(Fraction(1, 2))
    simulated = estimate_settle(question, Fraction(1, 2), trials=6000, rng=7)
    assert simulated.beaten.contains(exact.beaten)
    assert simulated.now_tokens.contains(exact.now_tokens)
    assert simulated.wait_tokens.contains(exact.wait_tokens)
    # by hand: 3 of the 35 unseen animals beat 80 km/h; none among 3 face-down cards: C(32, 3) / C(35, 3)
    assert exact.beaten == 1 - Fraction(32 * 31 * 30, 35 * 34 * 33)
    table = settle_table(question, [Fraction(0), Fraction(1)], trials=500, rng=1)
    assert [row.threshold for row in table.data] == [0, 1]
    # threshold 0 places the first face-down card turned: a random unseen card against 2 of the others
    pool = list(question.unseen)
    first = [win_chance(v, pool[:i] + pool[i + 1 :], 2, "highest") for i, v in enumerate(pool)]
    assert table.data[0].exact.wait_tokens == 3 * sum(first, Fraction(0)) / len(pool)


def test_the_odds_show_themselves_exact_and_as_decimals_in_a_notebook() -> None:
    odds = place_or_wait(3, [1, 2, 4, 5], 2, 1, "highest", tokens=3, threshold=1)
    shown = odds._repr_html_()
    assert "5/6" in shown and "83.3%" in shown and "3/2" in shown and "1.500" in shown


def test_p5_real_games_of_a_threshold_player_are_counted_per_round_beside_the_model() -> None:
    deck = load_deck("animals")
    mission = next(m for m in bundled_missions(deck) if m.critical == MissionSlot("Top speed", "highest"))
    question = SettleQuestion(deck, "Top speed", "highest", None, "Lion", draws=3, opponents=2)
    table = threshold_games(question, mission, [Fraction(0), Fraction(1, 2)], games=2, tokens_to_win=4, seed=3)
    assert len(table.data) == 2 and table.rows[1][1] == f"{float(question.exact(Fraction(1, 2)).wait_tokens):.3f}"
    for row in table.data:
        assert row.rounds >= 2
        critical = row.critical_tokens.value * row.rounds
        assert abs(critical - round(critical)) < 1e-9 and round(critical) % 3 == 0  # 0 or 3 a round
        assert 0 <= row.critical_tokens.value <= row.tokens.value <= 6
    other = next(m for m in bundled_missions(deck) if m.critical.category != "Top speed")
    with pytest.raises(ValueError, match="Critical slot"):
        threshold_games(question, other, games=1)


@pytest.mark.parametrize(
    ("values", "opponents", "goal", "target"),
    [
        ([1, 2, 8, None], 1, "highest", None),
        ([5, 5, 3, None, None, 9], 2, "lowest", None),
        ([7, 13, 10, 14, 7, None], 3, "nearest", 10),
        ([None, None, 4], 2, "highest", None),
    ],
)
def test_s5_the_average_win_chance_is_the_mean_of_each_card_s_chance_against_the_rest(
    values: list[int | None], opponents: int, goal: str, target: int | None
) -> None:
    each = [
        win_chance(v, values[:i] + values[i + 1 :], opponents, goal, target)  # type: ignore[arg-type]
        for i, v in enumerate(values)
    ]
    assert average_win_chance(values, opponents, goal, target) == sum(each, Fraction(0)) / len(each)  # type: ignore[arg-type]
