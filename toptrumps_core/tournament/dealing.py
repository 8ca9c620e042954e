"""Dealing from the top of an arena stack (rules T2, T9-T11, T16).

Rules card:

- Stacks are not shuffled (except in the Finale) and cards are always drawn
  from the top (T2).
- Head to Head, My Game and Shoot Out deal one card at a time going round
  the players in play order from the active player, until each has their
  count (T9-T11): `deal`.
- The Finale deals each player's whole count in rank order, most pins
  first (equal pins: in play order from the first chooser), so the leader
  always gets their full count; if the deck runs out, the last player dealt
  gets fewer (T16, rules version 2): `deal_in_turn`.  Rules version 1 dealt
  the Finale one card at a time like the other mini-games (`deal`).

Cards are numbered by their index in their deck; a stack is a tuple of card
numbers, top first.
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.cards import Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Seat

__all__ = ["DealtCards", "deal", "deal_in_turn", "dealt_then"]

DealtCards = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
"""``(hands, rest, taken)``: one hand per seat (top first), the stack left, the cards taken in order."""


def deal(
    stack: Sequence[int], order: Sequence[Seat], counts: Sequence[int], seats: int, *, short: bool = False
) -> DealtCards:
    """Deals from the top of `stack`, one card at a time, going round `order` (T2, T9-T11).

    Args:
        stack: The stack, top first.
        order: The seats to deal to, in dealing order (the first gets the
            first card).
        counts: How many cards each seat of `order` gets, in the same order.
        seats: The number of seats at the table.
        short: If True and the stack has too few cards, deal until it is
            empty instead of raising (the Finale of rules version 1).

    Returns:
        ``(hands, rest, taken)``: one hand per seat (top first), the stack
        left, and the cards taken in order.

    Raises:
        RuleOptionError: If the stack has too few cards (and not `short`).

    Example:
        >>> deal([5, 6, 7, 8, 9], order=[1, 0], counts=[2, 2], seats=2)
        (((6, 8), (5, 7)), (9,), (5, 6, 7, 8))
    """
    need = _need(stack, counts, short)
    hands: list[list[int]] = [[] for _ in range(seats)]
    left = dict(zip(order, counts, strict=True))
    position = 0
    while position < need:
        for seat in order:
            if left[seat] and position < need:
                hands[seat].append(stack[position])
                left[seat] -= 1
                position += 1
    return tuple(map(tuple, hands)), tuple(stack[need:]), tuple(stack[:need])


def deal_in_turn(
    stack: Sequence[int], order: Sequence[Seat], counts: Sequence[int], seats: int, *, short: bool = False
) -> DealtCards:
    """Deals each seat of `order` its whole count from the top of `stack`, one seat after another (T16).

    The Finale deals this way, in rank order (rules version 2), so the
    first seat always gets its full count and only the last seats dealt can
    come up short.

    Args:
        stack: The stack, top first.
        order: The seats to deal to, in dealing order.
        counts: How many cards each seat of `order` gets, in the same order.
        seats: The number of seats at the table.
        short: If True and the stack has too few cards, deal until it is
            empty instead of raising (T16: the last player dealt gets fewer).

    Returns:
        ``(hands, rest, taken)``, as `deal` returns them.

    Raises:
        RuleOptionError: If the stack has too few cards (and not `short`).

    Example:
        >>> deal_in_turn([5, 6, 7, 8, 9], order=[1, 0], counts=[2, 4], seats=2, short=True)
        (((7, 8, 9), (5, 6)), (), (5, 6, 7, 8, 9))
    """
    need = _need(stack, counts, short)
    hands: list[tuple[int, ...]] = [()] * seats
    position = 0
    for seat, count in zip(order, counts, strict=True):
        take = min(count, need - position)
        hands[seat] = tuple(stack[position : position + take])
        position += take
    return tuple(hands), tuple(stack[need:]), tuple(stack[:need])


def dealt_then(deck: Deck, hands: Sequence[Sequence[str]], stack: Sequence[str] | None) -> list[str]:
    """Returns a scenario's whole stack: the hands' cards (as dealt from the top), then `stack`.

    Args:
        deck: The deck the names come from.
        hands: One list of card names per seat, top first.
        stack: The names of the cards left in the stack, top first; None
            means the rest of the deck in file order.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {n: [1, 2] for n in "pqrs"})
        >>> dealt_then(d, [["r"], ["p"]], None)
        ['r', 'p', 'q', 's']
    """
    held = [name for hand in hands for name in hand]
    rest = [c.name for c in deck.cards if c.name not in held] if stack is None else list(stack)
    return held + rest


def _need(stack: Sequence[int], counts: Sequence[int], short: bool) -> int:
    """Returns how many cards to take; raises RuleOptionError if too few and not `short`."""
    need = sum(counts)
    if short:
        need = min(need, len(stack))
    if need > len(stack):
        raise RuleOptionError(f"the stack has {len(stack)} cards; {need} are needed to deal")
    return need
