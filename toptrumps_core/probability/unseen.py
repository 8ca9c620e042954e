"""The arguments every exact chance shares: a category, and the cards one player has not seen (P1-P5).

"Unseen" is always explicit: the caller passes the cards that one player has
not seen, from that player's view (``ClassicView.unseen``, ``HiLoView.unseen``),
so nothing here peeks at a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.cards import Card
from toptrumps_core.checks import whole_number

__all__ = ["category_index", "check_unseen"]


def category_index(first_card: Card, category: int | str) -> int:
    """Returns the index of `category` among `first_card`'s categories.

    Args:
        first_card: Any card of the deck (its categories are the deck's).
        category: A category name, or an index 0..(categories - 1).

    Returns:
        The category's index.

    Raises:
        ValueError: If no category has that name, or the index is out of
            range or not a whole number.

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {"p": [1, 2], "q": [3, 4]})
        >>> category_index(d.cards[0], "B"), category_index(d.cards[0], 0)
        (1, 0)
    """
    if isinstance(category, str):
        names = [c.name for c in first_card.categories]
        if category not in names:
            raise ValueError(f"no category {category!r}; expected one of {names!r}")
        return names.index(category)
    last = len(first_card.values) - 1
    return whole_number(category, "category", low=0, high=last, alternative="a name", error=ValueError)


def check_unseen(first_card: Card, unseen: Sequence[Card]) -> None:
    """Checks that `unseen` can be the cards a player has not seen beside `first_card`.

    Args:
        first_card: The card the player sees (face up).
        unseen: The cards the rest is drawn from.

    Raises:
        ValueError: If an unseen card is from another deck (its categories
            differ), is `first_card` itself, or is listed twice.
    """
    names = set()
    for card in unseen:
        if card.categories != first_card.categories:
            raise ValueError(f"card {card.name!r} is not from the first card's deck (its categories differ)")
        if card.name == first_card.name:
            raise ValueError(f"the first card {card.name!r} is shown, so it cannot also be unseen")
        if card.name in names:
            raise ValueError(f"card {card.name!r} is listed twice in the unseen cards")
        names.add(card.name)
