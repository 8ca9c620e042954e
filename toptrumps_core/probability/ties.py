"""Rule P4: the exact chance that a comparison of k random distinct cards of a deck is a tie.

A tie follows rules C5 (a shared best value) and C6 (no data), under three
readings of no data (`TieNoData`).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from typing import Literal, TypeAlias

from toptrumps_core.cards import Deck
from toptrumps_core.checks import whole_number
from toptrumps_core.probability.unseen import category_index

__all__ = ["TieNoData", "tie_chance"]

TieNoData: TypeAlias = Literal["tie", "loses", "ignore"]
"""How `tie_chance` treats no data (rule P4; see `tie_chance`)."""


def tie_chance(deck: Deck, category: int | str, k: int = 2, *, no_data: TieNoData = "tie") -> Fraction:
    """Returns the chance that a comparison of k random cards of `deck` is a tie (rule P4).

    The k cards are a uniformly random set of distinct cards of the deck.
    "Best" follows the category's direction (D1).  The three readings of no
    data:

    - ``"tie"`` (rule C6 default): a tie if any of the k cards has no data,
      or if the best value is shared by two or more of them (C5).
    - ``"loses"`` (rule C6 option): no-data cards cannot win; a tie if the
      best value among the cards with data is shared, or if none of the k
      cards has data.
    - ``"ignore"`` (the deck without its no-data cards): the k cards are drawn
      only from the cards with data in this category (equivalently: the
      chance of a shared best value given that all k cards have data).

    Args:
        deck: The deck.
        category: A category index or name.
        k: Cards in the comparison, 2..(cards available); players in classic
            play.
        no_data: ``"tie"``, ``"loses"`` or ``"ignore"`` (see above).

    Returns:
        The exact chance, a Fraction in [0, 1].

    Raises:
        ValueError: If `category` is unknown, `k` is not 2..(cards available:
            the deck, or its cards with data for ``"ignore"``), or `no_data`
            is misspelt.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> # A, two cards of {1, 1, 2, 3}: only the pair {p, q} ties: 1 of 6.
        >>> tie_chance(d, "A", 2)
        Fraction(1, 6)
        >>> # B: pairs with r (3 of 6) tie under C6, and {p, q}: 4 of 6.
        >>> tie_chance(d, "B", 2), tie_chance(d, "B", 2, no_data="loses"), tie_chance(d, "B", 2, no_data="ignore")
        (Fraction(2, 3), Fraction(1, 6), Fraction(1, 3))
    """
    if no_data not in ("tie", "loses", "ignore"):
        raise ValueError(f"no_data must be 'tie', 'loses' or 'ignore' (rule P4); got {no_data!r}")
    index = category_index(deck.cards[0], category)
    direction = deck.categories[index]
    sign = 1 if direction.higher_is_better else -1
    raw = [card.values[index] for card in deck.cards]
    data = Counter(sign * v for v in raw if v is not None)
    missing = len(raw) - sum(data.values())
    pool = sum(data.values()) if no_data == "ignore" else len(raw)
    what = "cards with data in this category" if no_data == "ignore" else "cards in the deck"
    whole_number(k, f"k (at most the {what})", low=2, high=pool, error=ValueError)
    # A comparison is decided when exactly one card holds the best value v and
    # the other k-1 cards are strictly worse (and, under "loses", may lack data).
    below_floor = missing if no_data == "loses" else 0
    decided = 0
    worse_so_far = below_floor
    for v in sorted(data):
        decided += data[v] * comb(worse_so_far, k - 1)
        worse_so_far += data[v]
    return 1 - Fraction(decided, comb(pool, k))
