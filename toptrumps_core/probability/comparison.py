"""Rule P3: the exact chance to win, tie or lose one comparison against k opponents.

The opponents' top cards are drawn without replacement from the cards this
seat has not seen (``ClassicView.unseen``); a tie follows rules C5 and C6
under either ``no_data`` option.  The card-counting strategy and the classic
table's probability lens use it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

__all__ = ["ComparisonOdds", "comparison_odds"]


@dataclass(frozen=True, slots=True)
class ComparisonOdds:
    """The chances of one comparison's result for one seat (rule P3).

    Attributes:
        win: Chance to win outright, in [0, 1].
        tie: Chance that the comparison is a tie (C5, C6), in [0, 1].
        lose: Chance that another seat wins outright, in [0, 1].
            The three sum to exactly 1.
    """

    win: Fraction
    tie: Fraction
    lose: Fraction

    def as_floats(self) -> tuple[float, float, float]:
        """Returns ``(win, tie, lose)`` as floats."""
        return float(self.win), float(self.tie), float(self.lose)


def comparison_odds(
    value: Fraction | None,
    unseen: Sequence[Fraction | None],
    opponents: int,
    *,
    higher_is_better: bool = True,
    no_data: Literal["tie", "loses"] = "tie",
) -> ComparisonOdds:
    """Returns the exact chance to win, tie or lose one comparison (rule P3).

    The `opponents` other top cards are a uniformly random draw without
    replacement from `unseen`.  The comparison is a tie when the best value is
    shared (C5) or, with ``no_data="tie"``, when any card has no data (C6);
    with ``no_data="loses"`` a no-data card cannot win.

    Args:
        value: This seat's value in the category, or None for no data.
        unseen: One entry per unseen card: its value in the same category and
            unit, or None for no data.
        opponents: How many other seats reveal a card, 1..len(unseen).
        higher_is_better: The category's direction (rule D1).
        no_data: Rule C6 option, ``"tie"`` or ``"loses"``.

    Returns:
        The three exact chances; they sum to 1.

    Raises:
        ValueError: If `opponents` is not in 1..len(unseen), or `no_data` is
            misspelt.

    Example:
        >>> # value 5 against one card drawn from {3, 5, 9}: 3 loses to us,
        >>> # 5 ties, 9 beats us: one chance in three each.
        >>> comparison_odds(Fraction(5), [Fraction(3), Fraction(5), Fraction(9)], 1)
        ComparisonOdds(win=Fraction(1, 3), tie=Fraction(1, 3), lose=Fraction(1, 3))
    """
    n = len(unseen)
    if not 1 <= opponents <= n:
        raise ValueError(f"opponents must be 1 to {n} (the unseen cards); got {opponents!r}")
    if no_data not in ("tie", "loses"):
        raise ValueError(f"no_data must be 'tie' or 'loses' (rule C6); got {no_data!r}")
    total = comb(n, opponents)
    mine, keys = _ranking_keys(value, unseen, higher_is_better)
    data = Counter(keys)
    missing = n - len(keys)
    if value is None and no_data == "tie":
        return ComparisonOdds(Fraction(0), Fraction(1), Fraction(0))
    # Cards that never beat or tie a value with data: no-data cards under "loses".
    below_floor = missing if no_data == "loses" else 0
    if mine is None:  # "loses": we cannot win; any opponent value beats ours
        win = Fraction(0)
    else:
        worse = sum(c for v, c in data.items() if v < mine) + below_floor
        win = Fraction(comb(worse, opponents), total)
    # Lose: one opponent holds a value v above ours and every other card drawn
    # is strictly worse than v (and, under "tie", has data).  Opponents who
    # share the best value, or who all have no data, tie (C5, C6).  Going up
    # from the worst value, `strictly_worse_than_v` counts the cards passed.
    lose_count = 0
    strictly_worse_than_v = below_floor
    for v in sorted(data):
        count = data[v]
        if mine is None or v > mine:
            lose_count += count * comb(strictly_worse_than_v, opponents - 1)
        strictly_worse_than_v += count
    lose = Fraction(lose_count, total)
    return ComparisonOdds(win, 1 - win - lose, lose)


def _ranking_keys(
    value: Fraction | None, unseen: Sequence[Fraction | None], higher_is_better: bool
) -> tuple[int | None, list[int]]:
    """Returns `value` and the unseen values with data as ints where higher is better.

    Each value is scaled by the common denominator of them all and negated
    when lower is better, so the keys order and tie exactly as the values do
    in the category's direction, and compare as cheap ints.  Values that are
    neither Fractions nor ints (e.g. floats) are first made exact Fractions.
    """
    rational = [v if isinstance(v, (Fraction, int)) else Fraction(v) for v in unseen if v is not None]
    if value is not None and not isinstance(value, (Fraction, int)):
        value = Fraction(value)
    scale = math.lcm(*(v.denominator for v in rational), 1 if value is None else value.denominator)
    sign = 1 if higher_is_better else -1
    keys = [sign * v.numerator * (scale // v.denominator) for v in rational]
    mine = None if value is None else sign * value.numerator * (scale // value.denominator)
    return mine, keys
