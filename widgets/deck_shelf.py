"""The deck shelf: browse the decks (bundled, and the teacher's deck folder), their categories and sources.

Shown on the landing page so a class sees what each deck is about, where its
facts come from (rule D4: every bundled deck names its source), which
categories are lower-is-better (rule D1), and what its first cards look like.
"""

from __future__ import annotations

import ipywidgets as widgets

from toptrumps_core import available_decks, load_deck, svg
from toptrumps_core.cards import Deck
from widgets._boundary import ErrorBoundary, handler
from widgets._toolkit import StatusLine, deck_dropdown, esc

__all__ = ["DeckShelf"]


class DeckShelf(widgets.VBox):
    """A deck picker that shows the chosen deck's facts, categories and cards.

    Args:
        deck: The deck shown first: a bundled deck's short name or a deck
            file's path (see `toptrumps_core.available_decks`, which also
            lists the teacher's deck folder); None for the first one.

    Raises:
        DeckError: If `deck` is neither (the message lists the bundled decks).
    """

    def __init__(self, deck: str | None = None) -> None:
        names = available_decks()
        first = load_deck(deck if deck is not None else names[0])
        self._decks = {name: load_deck(name) for name in names}
        chosen = next(name for name, d in self._decks.items() if d.name == first.name)
        self._picker = deck_dropdown(chosen, tooltip="Choose a deck")
        self._about = widgets.HTML()
        self._cards = widgets.HTML()
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        super().__init__(children=(self._picker, self._about, self._cards, self._status))
        self.add_class("tt-deck-shelf")
        self._picker.observe(self._on_pick, names="value")
        self._render(self._decks[chosen])

    @property
    def deck(self) -> Deck:
        """Returns the deck shown now."""
        return self._decks[self._picker.value]

    @handler
    def _on_pick(self, change: dict[str, object]) -> None:
        name = change["new"]
        if name not in self._decks:  # a value set from the page that is no deck
            self._status.show(f"There is no deck called {name!r}.", "error")
            return
        self._status.show("")
        self._render(self._decks[str(name)])

    def _render(self, deck: Deck) -> None:
        rows = "".join(
            f"<tr><td>{esc(c.name)}</td><td>{esc(c.unit) or '—'}</td>"
            f"<td>{'▲ higher wins' if c.higher_is_better else '▼ lower wins'}</td></tr>"
            for c in deck.categories
        )
        no_data = sum(v is None for card in deck.cards for v in card.values)
        self._about.value = (
            f"<h3>{esc(deck.name)}</h3>"
            f"<p>{esc(deck.description)}</p>"
            f"<p><b>{len(deck.cards)} cards.</b> {no_data} values are <i>n/a</i> (no data).</p>"
            "<table><thead><tr><th>Category</th><th>Unit</th><th>Best</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
            f"<p><small>Source: {esc(deck.source)}</small></p>"
        )
        # The grid scales down to the page's width (it keeps its viewBox), so no card is cut off.
        self._cards.value = (
            "<style>.tt-deck-shelf svg { max-width: 100%; height: auto; display: block; }</style>"
            + svg.deck(deck, columns=7, max_cards=6)
        )
