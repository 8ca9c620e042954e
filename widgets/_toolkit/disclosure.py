"""`Disclosure`: a real button that shows and hides a box of controls.

It replaces an ``Accordion``, whose headers are not buttons (they take no
keyboard focus and read as plain text to a screen reader): here the header
is a ``ToggleButton`` (Tab reaches it, Enter or Space opens it) whose text
name says the state, "▸ ... (closed)" or "▾ ... (open)".  The button carries
no ``aria-expanded`` of its own: the box has the class `OPEN_CLASS` while
open, and the page template sets ``aria-expanded`` from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as ipw

__all__ = ["OPEN_CLASS", "Disclosure"]

_CLOSED, _OPEN = "▸", "▾"

OPEN_CLASS = "tt-disclosure-open"
"""The class a `Disclosure` has while its box shows (the page's ``aria-expanded`` follows it)."""


class Disclosure(ipw.VBox):
    """A toggle button over a box that shows only while the button is pressed.

    Args:
        title: The button's words, e.g. "New game ⚙"; the state is added
            to them ("▸ New game ⚙" closed, "▾ New game ⚙ (open)").
        children: The widgets the box shows when open.
        what: What opening shows, for the tooltip ("the settings of a new game").
        opened: Whether it starts open.

    Example:
        >>> box = Disclosure("Save or resume 💾", [ipw.Label("hi")], what="saving and resuming")
        >>> box.toggle.description, box.is_open
        ('▸ Save or resume 💾', False)
        >>> box.expand(); box.toggle.description
        '▾ Save or resume 💾 (open)'
    """

    def __init__(self, title: str, children: Sequence[ipw.Widget], *, what: str, opened: bool = False) -> None:
        self._title = title
        self._what = what
        self._toggle = ipw.ToggleButton(value=opened, layout=ipw.Layout(width="auto"))
        self._toggle.add_class("tt-disclosure-toggle")
        self._body = ipw.VBox(list(children))
        self._body.add_class("tt-disclosure-body")
        super().__init__([self._toggle, self._body])
        self.add_class("tt-disclosure")
        self._toggle.observe(lambda _change: self._show(), names="value")
        self._show()

    @property
    def toggle(self) -> ipw.ToggleButton:
        """The button that opens and closes the box (focus it to offer the box)."""
        return self._toggle

    @property
    def body(self) -> ipw.VBox:
        """The box shown while open; set its ``children`` to change what it holds."""
        return self._body

    @property
    def is_open(self) -> bool:
        """True while the box shows."""
        return bool(self._toggle.value)

    def expand(self) -> None:
        """Shows the box."""
        self._toggle.value = True

    def collapse(self) -> None:
        """Hides the box."""
        self._toggle.value = False

    def _show(self) -> None:
        shown = self.is_open
        with self.hold_sync():
            self._toggle.description = f"{_OPEN} {self._title} (open)" if shown else f"{_CLOSED} {self._title}"
            self._toggle.tooltip = f"{'Hide' if shown else 'Show'} {self._what}"
            self._body.layout.display = None if shown else "none"
            if shown:
                self.add_class(OPEN_CLASS)
            else:
                self.remove_class(OPEN_CLASS)
