"""`ScreenRenderer`: one renderer from a `Screen` to ipywidgets, reusing the widgets it drew before.

The renderer owns the widgets a game's page changes from move to move: the
title, the banner (read out when it changes), the page's tick boxes, the
board's cards and captions, the note under the board, the result line and
the choices.  `draw` sets them all from a `Screen` inside ``hold_sync``, so
the page receives one change, and reuses what it drew before:

- cards, captions, tick boxes and the text lines by position (a card's
  picture is sent only when it changed);
- a choice's button by the decision it was made for and the choice itself:
  a button of the decision still open is kept (the focus stays on it), and a
  button of a past decision is closed, to the bottom, so a late click on it
  does nothing and no widget is left behind.

The root carries the screen's state as the class ``tt-state-<state>``
(tests and styles wait on it), and `focus_target` names the control a
keyboard user wants next.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import ipywidgets as ipw

from widgets._toolkit import big_button, close_tree, esc, html_widget
from widgets.card import CardView
from widgets.gameview.screen import Choice, Picture, Screen

__all__ = ["STATE_CLASS_PREFIX", "ScreenRenderer"]

STATE_CLASS_PREFIX = "tt-state-"
"""The prefix of the root's class that names the screen's state (``tt-state-choose``)."""

_ChoiceKey = tuple[Hashable, int, Choice]


class _Place:
    """One place on the board: a caption over a card."""

    def __init__(self, width_px: int) -> None:
        self.caption = html_widget("tt-caption")
        self.card = CardView(None, width_px=width_px)
        self.box = ipw.VBox([self.caption, self.card], layout=ipw.Layout(margin="0 12px 0 0"))
        self._drawn: Picture | None = None

    def draw(self, picture: Picture) -> None:
        self.caption.value = picture.caption_html
        if picture.empty:
            self.card.layout.visibility = "hidden"
        else:
            self.card.layout.visibility = "visible"
        if picture != self._drawn:  # a card's picture is the largest value: sent only when it changed
            card = None if picture.empty else picture.card
            self.card.lower_wins = picture.lower_wins
            self.card.show(card, highlight=picture.highlight if card is not None else None, marks=picture.marks)
            self._drawn = picture


class _Row:
    """One choice: its button, and the note beside it."""

    def __init__(self, choice: Choice, button: ipw.Button) -> None:
        self.button = button
        self.note = html_widget("tt-lens", "", layout=ipw.Layout(flex="0 1 auto"))
        self.box = ipw.HBox([button], layout=ipw.Layout(width="100%", align_items="center", flex_flow="row wrap"))
        self.note.value = esc(choice.note)
        if choice.note:
            self.box.children = (button, self.note)

    def close(self) -> None:
        """Closes the row, its button and its note, to the bottom."""
        for widget in (self.box, self.button, self.note):
            close_tree(widget)


class ScreenRenderer:
    """Draws `Screen`s into a fixed set of widgets (see the module docstring).

    Args:
        root: The page's root box; it gets the ``tt-state-<state>`` class.
        act: Called with a choice when its button is pressed (for the
            decision it was drawn for; see `bind`).
        toggle: Called with a tick box's key and its new value when a
            person ticks or unticks it.
        bind: Ties a button to the decision open when it is drawn, so that
            a click acts only while that decision is open (e.g.
            `widgets._toolkit.MatchDriver.bind`); returns the button.
        card_width_px: The width of each card on the board (px, > 0; it
            also shrinks to fit).
    """

    def __init__(
        self,
        root: ipw.Box,
        *,
        act: Callable[[Choice], None],
        toggle: Callable[[str, bool], None],
        bind: Callable[[ipw.Button, Callable[[], object]], ipw.Button],
        card_width_px: int,
    ) -> None:
        self._root = root
        self._act, self._toggle, self._bind = act, toggle, bind
        self._width_px = card_width_px
        self._drawing = False
        self._state = ""
        self.title = html_widget("tt-title")
        """The heading."""
        self.banner = html_widget("tt-result")
        """The banner line, a live region."""
        self.toggles = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        """The page's tick boxes."""
        self.board = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        """The board's row of cards."""
        self.board_note = html_widget("tt-put-aside")
        """The note under the board."""
        self.result = html_widget("tt-result")
        """The result line."""
        self.choices = ipw.VBox(layout=ipw.Layout(width="100%"))
        """Where the prompt, the choices (or the closing words) go."""
        self._heading = html_widget("tt-heading-box")
        self._hint = html_widget("tt-lens-legend")
        self._closing = html_widget("tt-over")
        self._frame = ipw.VBox()
        self._places: list[_Place] = []
        self._boxes: dict[str, ipw.Checkbox] = {}
        self._rows: dict[_ChoiceKey, _Row] = {}
        self._buttons: tuple[ipw.Button, ...] = ()
        self._board_class = ""

    @property
    def buttons(self) -> tuple[ipw.Button, ...]:
        """The choices' buttons now on the page, in the screen's order."""
        return self._buttons

    def tick_box(self, key: str) -> ipw.Checkbox:
        """Returns the tick box drawn for the toggle `key`.

        Raises:
            KeyError: If no toggle with that key was drawn.
        """
        return self._boxes[key]

    @property
    def cards(self) -> tuple[CardView, ...]:
        """The board's card pictures now on the page, in order."""
        return tuple(place.card for place in self._places[: len(self.board.children)])

    def focus_target(self) -> ipw.Button | None:
        """Returns the first choice's button, where the keyboard's next press belongs; None when there is none."""
        return self._buttons[0] if self._buttons else None

    def draw(self, screen: Screen, decision: Hashable) -> None:
        """Shows `screen`; `decision` names the decision open now (its buttons act only while it stays open)."""
        self._drawing = True
        try:
            with self._root.hold_sync():
                self._draw(screen, decision)
        finally:
            self._drawing = False

    def close(self) -> None:
        """Closes every widget the renderer made (the page is going away)."""
        for row in self._rows.values():
            row.close()
        self._rows.clear()
        for widget in (self.title, self.banner, self.toggles, self.board, self.board_note, self.result, self.choices):
            close_tree(widget)
        for widget in (self._heading, self._hint, self._closing, self._frame):
            close_tree(widget)

    # -- drawing --------------------------------------------------------------------------------

    def _draw(self, screen: Screen, decision: Hashable) -> None:
        if screen.state != self._state:
            if self._state:
                self._root.remove_class(STATE_CLASS_PREFIX + self._state)
            self._root.add_class(STATE_CLASS_PREFIX + screen.state)
            self._state = screen.state
        self.title.value = screen.title_html
        self.banner.value = screen.banner_html
        self._draw_toggles(screen)
        self._draw_board(screen)
        self.board_note.value = screen.board_note_html
        if screen.tone:
            self.result.value = f"<span class='tt-result-{screen.tone}' role='status'>{esc(screen.result)}</span>"
        else:
            self.result.value = esc(screen.result)
        self._draw_choices(screen, decision)

    def _draw_toggles(self, screen: Screen) -> None:
        shown = []
        for toggle in screen.toggles:
            box = self._boxes.get(toggle.key)
            if box is None:
                box = ipw.Checkbox(indent=False, layout=ipw.Layout(width="auto"))
                box.add_class(f"tt-{toggle.key}-toggle")
                box.observe(lambda change, key=toggle.key: self._ticked(key, change["new"]), names="value")
                self._boxes[toggle.key] = box
            box.description, box.tooltip, box.disabled = toggle.label, toggle.help or None, toggle.disabled
            box.value = toggle.on
            shown.append(box)
        if tuple(shown) != self.toggles.children:
            self.toggles.children = tuple(shown)

    def _ticked(self, key: str, value: object) -> None:
        if not self._drawing:
            self._toggle(key, bool(value))

    def _draw_board(self, screen: Screen) -> None:
        if screen.board_class != self._board_class:
            if self._board_class:
                self.board.remove_class(self._board_class)
            self.board.add_class(screen.board_class)
            self._board_class = screen.board_class
        while len(self._places) < len(screen.board):
            self._places.append(_Place(self._width_px))
        for place, picture in zip(self._places, screen.board, strict=False):
            place.draw(picture)
        boxes = tuple(place.box for place in self._places[: len(screen.board)])
        if boxes != self.board.children:
            self.board.children = boxes

    def _draw_choices(self, screen: Screen, decision: Hashable) -> None:
        keys = [(decision, index, choice) for index, choice in enumerate(screen.choices)]
        for key in [key for key in self._rows if key not in keys]:
            self._rows.pop(key).close()  # a past decision's button: closed, so a late click does nothing
        rows = []
        for key in keys:
            row = self._rows.get(key)
            if row is None:
                row = self._rows[key] = _Row(key[2], self._button(key[2]))
            if screen.framed:
                row.box.add_class("tt-row")
            else:
                row.box.remove_class("tt-row")
            rows.append(row)
        self._buttons = tuple(row.button for row in rows)
        parts: list[ipw.Widget] = []
        if screen.prompt:
            self._heading.value = f"<div class='tt-heading'>{esc(screen.prompt)}</div>"
            parts.append(self._heading)
        if screen.hint:
            self._hint.value = f"<p>{esc(screen.hint)}</p>"
            parts.append(self._hint)
        parts.extend(row.box for row in rows)
        if not rows and screen.closing_html:
            self._closing.value = screen.closing_html
            parts.append(self._closing)
        if screen.framed:
            self._frame.add_class("tt-card")
            self._frame.layout.max_width = "960px"  # room for a note beside each choice
        else:
            self._frame.remove_class("tt-card")
            self._frame.layout.max_width = None
        _set_children(self._frame, parts)
        _set_children(self.choices, [self._frame])

    def _button(self, choice: Choice) -> ipw.Button:
        described = _description(choice)
        if choice.kind == "big":
            button = big_button(choice.label, described, primary=True)
        else:
            layout = ipw.Layout(width="auto", flex="1 1 auto", min_width="min(240px, 100%)", margin="0")
            button = ipw.Button(description=choice.label, tooltip=described or None, layout=layout)
            if choice.kind == "category":
                button.add_class("tt-category")
        return self._bind(button, lambda: self._act(choice))


def _description(choice: Choice) -> str:
    """The button's tooltip: its help, then its note, so a screen reader reads the note with the button.

    The tooltip becomes the button's ``title``, its accessible description;
    the note beside the button stays for the eye.
    """
    return " — ".join(part for part in (choice.help, choice.note) if part)


def _set_children(box: ipw.Box, children: Sequence[ipw.Widget]) -> None:
    if tuple(children) != box.children:
        box.children = tuple(children)
