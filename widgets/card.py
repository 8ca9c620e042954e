"""`CardView`: one card drawn by `toptrumps_core.svg`, in an ``HTML`` widget.

The view holds the card in Python and puts only its picture in the synced
``value`` trait, so whoever may see the view may see the card: give a view a
card only when the seat looking at the page may see it, and None (a card
back) otherwise.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [0.05, "n/a"]})
    >>> view = CardView(tiny.cards[0], highlight=0, marks={1: "win 50%"})
    >>> "Rocket" in view.value and "win 50%" in view.value
    True
    >>> view.show(None)
    >>> "Rocket" in view.value
    False
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.cards import Card
from widgets._toolkit import esc

__all__ = ["CardView", "picture_html"]

_NO_MARKS: Mapping[int, str] = MappingProxyType({})


class CardView(ipw.HTML):
    """Shows one card face up (with a chosen category and lens marks), or its back.

    Args:
        card: The card to show, or None to show a card back.
        highlight: Index of the chosen category, drawn bold with a "◀"; None
            for none.
        marks: Text badges by category index, e.g. ``{2: "win 62%"}`` (the
            probability lens); None for none.
        width_px: Width of the picture in pixels; it also shrinks to fit its
            container.
        back_label: Text on the card back when `card` is None.
        lower_wins: False to leave out the "▼ lower wins" of lower-is-better
            categories, for a game in which no value wins a comparison (Hi
            Lo, rule T12); True for the games that compare (C4).

    Raises:
        ValueError: If `highlight` or a key of `marks` is not a category index
            of `card`, or `width_px` is not a positive int.
    """

    def __init__(
        self,
        card: Card | None = None,
        *,
        highlight: int | None = None,
        marks: Mapping[int, str] | None = None,
        width_px: int = svg.CARD_WIDTH_PX,
        back_label: str = "Top Trumps",
        lower_wins: bool = True,
    ) -> None:
        super().__init__()
        self.add_class("tt-cardview")
        self._card: Card | None = None
        self._highlight: int | None = None
        self._marks: Mapping[int, str] = _NO_MARKS
        self._width_px = width_px
        self._back_label = back_label
        self._lower_wins = lower_wins
        self.show(card, highlight=highlight, marks=marks)

    @property
    def card(self) -> Card | None:
        """The card shown face up, or None when the back is shown."""
        return self._card

    @card.setter
    def card(self, card: Card | None) -> None:
        self.show(card, highlight=self._highlight if card is not None else None, marks=self._marks)

    @property
    def highlight(self) -> int | None:
        """Index of the chosen category, or None."""
        return self._highlight

    @highlight.setter
    def highlight(self, highlight: int | None) -> None:
        self.show(self._card, highlight=highlight, marks=self._marks)

    @property
    def marks(self) -> Mapping[int, str]:
        """Lens badges by category index (read-only mapping)."""
        return self._marks

    @marks.setter
    def marks(self, marks: Mapping[int, str] | None) -> None:
        self.show(self._card, highlight=self._highlight, marks=marks)

    @property
    def lower_wins(self) -> bool:
        """Whether lower-is-better categories say "▼ lower wins" (see the class docstring)."""
        return self._lower_wins

    @lower_wins.setter
    def lower_wins(self, lower_wins: bool) -> None:
        if lower_wins != self._lower_wins:
            self._lower_wins = lower_wins
            self.show(self._card, highlight=self._highlight, marks=self._marks)

    def show(
        self,
        card: Card | None,
        *,
        highlight: int | None = None,
        marks: Mapping[int, str] | None = None,
    ) -> None:
        """Draws `card` (None: a card back) with its chosen category and marks.

        The picture is built first, so a bad `highlight` or `marks` raises
        `ValueError` and leaves the view as it was.
        """
        frozen = MappingProxyType(dict(marks)) if marks else _NO_MARKS
        if card is None:
            picture = svg.face_down(width_px=self._width_px, label=self._back_label)
        else:
            picture = svg.card(
                card, highlight=highlight, marks=frozen, width_px=self._width_px, lower_wins=self._lower_wins
            )
        self._card, self._highlight, self._marks = card, (highlight if card is not None else None), frozen
        if card is None:  # a back has no type to read: pages may draw it smaller (``tt-face-down``)
            self.add_class("tt-face-down")
        else:
            self.remove_class("tt-face-down")
        self.value = str(picture)


def picture_html(card: Card, *, image_style: str = "") -> str:
    """Returns a card's picture as HTML: its image file (`Card.picture_file`), its emoji as text, or "" for none.

    Args:
        card: The card.
        image_style: CSS for an image file's ``style`` attribute; "" for none.
    """
    file, picture = card.picture_file, card.picture.strip()
    if file is not None:
        style = f' style="{esc(image_style)}"' if image_style else ""
        return f'<img src="{esc(file)}" alt="picture of {esc(card.name)}"{style}>'
    if picture:
        return f'<span role="img" aria-label="picture of {esc(card.name)}">{esc(picture)}</span>'
    return ""
