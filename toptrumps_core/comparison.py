"""One comparison for every card game: classic play, the duel, Shoot Out, Hi Lo, the Finale.

Rules card:

- The chooser names a category (`ChooseCategory`); everyone in the
  comparison reveals their top card, in play order: starting at the chooser
  and going left (clockwise), `play_order` (C4, C5, T5).
- Two values are equal when they are numerically equal; "better" follows the
  category's direction: higher is better, or lower is better (D3).
- The single best value wins (C4, T5); a shared best value is a tie (C5, T6,
  T11).
- No data (rule C6, option ``no_data``): with ``"tie"`` (the default, and
  always in the tournament, T6, T11) any card without data makes the
  comparison a tie; with ``"loses"`` a no-data card cannot win and the rest
  compare normally (`compare`, `best_of`).
- The winner's collected cards go under their own stack (`add_under`), in
  the fixed collect order of C4: their own card, then the others' going left
  from the winner (`collect_order`); in the tournament the winner keeps only
  their own card (T5) and the others are discarded face up in front of their
  owners (`discard`, T5, T6, T11).

Cards are numbered by their index in the deck; a stack is a tuple of card
numbers, top first; seats are 0..n-1 clockwise.

Rules version: 1 (the comparison itself has not changed since the first
release).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Literal

from toptrumps_core.cards import Deck
from toptrumps_core.protocol import Action, Seat, whole_number

__all__ = [
    "ChooseCategory",
    "NoData",
    "add_under",
    "best_of",
    "category_ranks",
    "category_values",
    "collect_order",
    "compare",
    "discard",
    "play_order",
]

NoData = Literal["tie", "loses"]
"""Rule C6 option: a card with no data ties the comparison, or cannot win."""

Stacks = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class ChooseCategory(Action, wire="classic/choose"):
    """The chooser names the category to compare (rules C4, T5, T8, T11, T12).

    Attributes:
        category: Index into the deck's categories.

    Raises:
        TypeError: If `category` is not a whole number (``1.0`` would
            otherwise equal the legal ``ChooseCategory(1)``).
    """

    category: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "category", whole_number(self.category, "a category number"))


def compare(
    deck: Deck, category: int, cards: Sequence[int], *, no_data: NoData = "tie"
) -> tuple[int | None, tuple[int, ...]]:
    """Returns the winner of one comparison, or None for a tie (rules C4-C6, D3, T5, T6).

    Args:
        deck: The deck the cards come from.
        category: Index of the category compared.
        cards: The revealed card numbers, one per player, in any order.
        no_data: Rule C6 option: ``"tie"`` (any no data ties the comparison;
            the tournament's rule, T6) or ``"loses"`` (a no-data card cannot
            win).

    Returns:
        ``(winner, best)``: `winner` is the position in `cards` of the single
        best card, or None for a tie; `best` holds the positions sharing the
        best value (empty when no data caused the tie, or nobody had data).

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B", higher_is_better=False)],
        ...                    {"x": [3, 5], "y": [3, 4], "z": ["n/a", 9]})
        >>> compare(d, 0, [0, 1]), compare(d, 1, [0, 1, 2]), compare(d, 0, [0, 2])
        ((None, (0, 1)), (1, (1,)), (None, ()))
    """
    sign = 1 if deck.categories[category].higher_is_better else -1
    values = [None if (v := deck.cards[c].values[category]) is None else sign * v for c in cards]
    return best_of(values, no_data)


def best_of(values: Sequence[Fraction | int | None], no_data: NoData = "tie") -> tuple[int | None, tuple[int, ...]]:
    """Returns ``(winner, best)`` as `compare` does, for values where higher is better (C4-C6).

    Args:
        values: One value per revealed card (None for no data), already
            turned so that a higher value is better: the category's values
            negated when lower is better, or the cards' ranks in the category
            (`category_ranks`).
        no_data: Rule C6 option, as in `compare`.

    Returns:
        ``(winner, best)``: the position of the single best value or None for
        a tie, and the positions sharing the best value (empty for a no-data
        tie, or when nobody had data).

    Example:
        >>> best_of([2, 5, 5]), best_of([2, None, 1]), best_of([2, None, 1], "loses")
        ((None, (1, 2)), (None, ()), (0, (0,)))
    """
    best_value: Fraction | int | None
    if None in values:
        if no_data == "tie":
            return None, ()
        present = [v for v in values if v is not None]
        if not present:
            return None, ()
        best_value = max(present)
    else:
        best_value = max(values)  # type: ignore[type-var]  # no None here; typing.cast would cost a call
    if values.count(best_value) == 1:  # the common case: a single best value wins
        winner = values.index(best_value)
        return winner, (winner,)
    return None, tuple(i for i, v in enumerate(values) if v == best_value)


def category_values(deck: Deck) -> tuple[tuple[int | None, ...], ...]:
    """Returns, per category, each card's value as a whole number where higher is better (D3).

    Each category's values times the least common multiple of their
    denominators, negated where lower is better: the same order and the
    same equalities as the values by the category's direction, exactly, so
    comparing them gives the same winners and ties, and whole numbers
    compare faster than Fractions.

    Returns:
        One tuple per category of the deck, one entry per card (in deck
        order): the whole number, or None for no data.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B", higher_is_better=False)],
        ...                    {"x": ["1.5", 5], "y": [1, 4], "z": ["n/a", 5]})
        >>> category_values(d)
        ((3, 2, None), (-5, -4, -5))
    """
    table = []
    for cat, values in zip(deck.categories, zip(*(card.values for card in deck.cards), strict=True), strict=True):
        ratios = [None if v is None else v.as_integer_ratio() for v in values]  # one call per value
        common = lcm(*{r[1] for r in ratios if r is not None})
        sign = 1 if cat.higher_is_better else -1
        table.append(tuple([None if r is None else sign * r[0] * (common // r[1]) for r in ratios]))
    return tuple(table)


def category_ranks(deck: Deck) -> tuple[tuple[int | None, ...], ...]:
    """Returns, per category, each card's rank in it: higher is better, equal values share a rank (D3).

    Comparing ranks gives the same winners and ties as comparing the values
    by the category's direction; the ranks are those of `category_values`.

    Returns:
        One tuple per category of the deck, one entry per card (in deck
        order): the rank, 0 for the worst value, or None for no data.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B", higher_is_better=False)],
        ...                    {"x": [3, 5], "y": [1, 4], "z": ["n/a", 5]})
        >>> category_ranks(d)
        ((1, 0, None), (0, 1, 0))
    """
    table = []
    for column in category_values(deck):
        ordered = sorted({w for w in column if w is not None})
        rank: dict[int | None, int | None] = {w: r for r, w in enumerate(ordered)}
        rank[None] = None  # no data has no rank
        table.append(tuple(map(rank.__getitem__, column)))
    return tuple(table)


def play_order(seats: Sequence[Seat], first: Seat) -> tuple[Seat, ...]:
    """Returns `seats` in play order: going left (clockwise) from `first`, or from the next seat after it.

    The cards of a comparison are revealed in this order (C4, C5, T5), and
    cards are dealt in it (C2, T9-T11).

    Args:
        seats: Seat numbers, in any order, each once.
        first: The seat to start at; if it is not among `seats`, the next
            seat to its left that is.

    Example:
        >>> play_order([0, 2, 3], first=1), play_order([3, 0, 2], first=2)
        ((2, 3, 0), (2, 3, 0))
    """
    ordered = sorted(seats)
    start = bisect_left(ordered, first)  # the first seat >= first; len(ordered) (no rotation) if none
    return tuple(ordered[start:] + ordered[:start])


def collect_order(players: Sequence[Seat], cards: Sequence[int], winner: Seat) -> tuple[int, ...]:
    """Returns the revealed `cards` in the fixed collect order of rule C4.

    The winner's own card first, then the others' going left from the winner.

    Args:
        players: The seats of the comparison.
        cards: Their revealed cards, one per seat of `players`, same order.
        winner: The winning seat, one of `players`.

    Example:
        >>> collect_order([1, 2, 0], [10, 20, 30], winner=2)
        (20, 30, 10)
    """
    by_seat = dict(zip(players, cards, strict=True))
    return tuple(by_seat[seat] for seat in play_order(players, winner))


def add_under(stacks: Stacks, seat: Seat, cards: Sequence[int]) -> Stacks:
    """Returns `stacks` with `cards` put under `seat`'s stack, in order (C4, C7, T5, T7).

    Example:
        >>> add_under(((1, 2), (3,)), 1, (4, 5))
        ((1, 2), (3, 4, 5))
    """
    return (*stacks[:seat], stacks[seat] + tuple(cards), *stacks[seat + 1 :])


def discard(discards: Stacks, cards: Sequence[tuple[Seat, int]]) -> Stacks:
    """Returns `discards` with each ``(seat, card)`` laid face up in front of its owner (T5, T6, T11).

    Example:
        >>> discard(((), (7,)), [(1, 3), (0, 4)])
        ((4,), (7, 3))
    """
    out = list(discards)
    for seat, card in cards:
        out[seat] = out[seat] + (card,)
    return tuple(out)
