"""Rule P3: exact odds of one comparison against k opponents drawn from the unseen cards.

`comparison_odds` is checked against brute force: every k-subset of the unseen
cards (itertools.combinations, each equally likely when drawing without
replacement) is judged by rules C4-C6 written out again here, and the counts
are turned into exact fractions.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import compare
from toptrumps_core.probability import comparison_odds

Value = Fraction | None


def judge(mine: Value, others: tuple[Value, ...], higher_is_better: bool, no_data: str) -> str:
    """Returns "win", "tie" or "lose" for the first card, by rules C4-C6 and D3."""
    values = (mine, *others)
    if no_data == "tie" and None in values:
        return "tie"  # C6 default: any no data ties
    present = [v for v in values if v is not None]
    if not present:
        return "tie"  # C6 "loses": nobody can win
    best = max(present) if higher_is_better else min(present)
    holders = [i for i, v in enumerate(values) if v == best]
    if len(holders) > 1:
        return "tie"  # C5
    return "win" if holders == [0] else "lose"


def brute_force(mine: Value, unseen: list[Value], k: int, higher_is_better: bool, no_data: str) -> dict[str, Fraction]:
    counts = Counter(judge(mine, drawn, higher_is_better, no_data) for drawn in combinations(unseen, k))
    total = comb(len(unseen), k)
    return {key: Fraction(counts[key], total) for key in ("win", "tie", "lose")}


def odds(mine: Value, unseen: list[Value], k: int, higher_is_better: bool, no_data: str) -> dict[str, Fraction]:
    result = comparison_odds(mine, unseen, k, higher_is_better=higher_is_better, no_data=no_data)  # type: ignore[arg-type]
    return {"win": result.win, "tie": result.tie, "lose": result.lose}


VALUES = st.sampled_from([None, 0, 1, 2, 3, 4, 5]).map(lambda v: None if v is None else Fraction(v))


@settings(max_examples=600, deadline=None)
@given(
    mine=VALUES,
    unseen=st.lists(VALUES, min_size=1, max_size=8),
    data=st.data(),
    higher_is_better=st.booleans(),
    no_data=st.sampled_from(["tie", "loses"]),
)
def test_p3_odds_equal_brute_force_over_every_k_subset(
    mine: Value, unseen: list[Value], data: st.DataObject, higher_is_better: bool, no_data: str
) -> None:
    k = data.draw(st.integers(1, len(unseen)), label="opponents")
    exact = odds(mine, unseen, k, higher_is_better, no_data)
    assert exact == brute_force(mine, unseen, k, higher_is_better, no_data)
    assert all(type(p) is Fraction and 0 <= p <= 1 for p in exact.values())
    assert exact["win"] + exact["tie"] + exact["lose"] == 1


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(VALUES, min_size=2, max_size=6),
    higher_is_better=st.booleans(),
    no_data=st.sampled_from(["tie", "loses"]),
)
def test_p3_the_brute_force_judge_agrees_with_the_game(
    values: list[Value], higher_is_better: bool, no_data: str
) -> None:
    # The oracle above must read C4-C6 as the game does: compare the first card
    # against the rest with classic.compare on a deck built from the values.
    cats = [Category("V", higher_is_better=higher_is_better), Category("Other")]
    deck = Deck.from_rows("P3", cats, {f"c{i}": [v, 0] for i, v in enumerate(values)})
    winner, _ = compare(deck, 0, list(range(len(values))), no_data=no_data)  # type: ignore[arg-type]
    game = "tie" if winner is None else "win" if winner == 0 else "lose"
    assert judge(values[0], tuple(values[1:]), higher_is_better, no_data) == game


def f(*numbers: int | None) -> list[Value]:
    return [None if n is None else Fraction(n) for n in numbers]


def test_p3_hand_checked_one_opponent() -> None:
    # 5 against one card of {3, 5, 9}: 3 loses to us, 5 ties, 9 beats us.
    assert odds(Fraction(5), f(3, 5, 9), 1, True, "tie") == {
        "win": Fraction(1, 3),
        "tie": Fraction(1, 3),
        "lose": Fraction(1, 3),
    }
    # Lower is better: 5 beats 9 and loses to 3.
    assert odds(Fraction(5), f(3, 5, 9), 1, False, "tie")["win"] == Fraction(1, 3)


def test_p3_hand_checked_two_opponents() -> None:
    # 5 against two of {3, 4, 9, n/a}: 6 pairs equally likely.
    #   "tie": pairs with n/a tie (3 pairs); {3,4} win; {3,9}, {4,9} lose.
    assert odds(Fraction(5), f(3, 4, 9, None), 2, True, "tie") == {
        "win": Fraction(1, 6),
        "tie": Fraction(3, 6),
        "lose": Fraction(2, 6),
    }
    #   "loses": n/a cannot win: {3,4}, {3,n/a}, {4,n/a} win; the rest lose.
    assert odds(Fraction(5), f(3, 4, 9, None), 2, True, "loses") == {
        "win": Fraction(3, 6),
        "tie": Fraction(0),
        "lose": Fraction(3, 6),
    }


def test_p3_no_data_card_under_loses_ties_when_opponents_share_the_best() -> None:
    # Our card has no data, no_data="loses": we cannot win, but two opponents both
    # showing 5 share the best value, so nobody wins outright: a tie (C5), not a loss.
    assert odds(None, f(5, 5), 2, True, "loses") == {"win": Fraction(0), "tie": Fraction(1), "lose": Fraction(0)}
    # Against {5, 5, 2} taking two: {5,5} ties; {5,2} twice: the 5 wins: we lose.
    assert odds(None, f(5, 5, 2), 2, True, "loses") == {
        "win": Fraction(0),
        "tie": Fraction(1, 3),
        "lose": Fraction(2, 3),
    }
    # Every opponent without data as well: a tie.
    assert odds(None, f(None, None), 1, True, "loses")["tie"] == 1


def test_p3_no_data_card_under_tie_always_ties() -> None:
    assert odds(None, f(1, 2, 3), 2, True, "tie") == {"win": Fraction(0), "tie": Fraction(1), "lose": Fraction(0)}


@pytest.mark.parametrize("k", [0, 4, -1])
def test_p3_opponents_must_fit_the_unseen_cards(k: int) -> None:
    with pytest.raises(ValueError, match="opponents"):
        comparison_odds(Fraction(1), f(1, 2, 3), k)


def test_p3_no_data_option_is_checked() -> None:
    with pytest.raises(ValueError, match="C6"):
        comparison_odds(Fraction(1), f(1, 2), 1, no_data="never")  # type: ignore[arg-type]
