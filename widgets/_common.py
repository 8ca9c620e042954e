"""What every view shares: words, HTML pieces, buttons, the status line, tidy re-renders, experiments.

One home for the small pieces the views (`ClassicTable`, `HiLoTable`,
`TournamentArena`, the lesson widgets and the experiments) would otherwise
each write again, so that the page says things one way everywhere:

- words: `value_text` ("120 km/h", "£40", "Named: 1824"), `percent` ("62%",
  never rounding a possibility away), `plural`, `and_list`, and `SeatNames`
  ("You", "Player 2", "Computer 1", with verbs that agree);
- HTML: `esc`, `html_widget`, `log_html`, `StatusLine` (the one status line,
  ``tt-status`` with ``tt-status-error`` / ``tt-status-info``), `pass_panel`
  (the hot-seat "Pass to ... — ready?" screen), `big_button`, and the
  settings controls (`rule_toggle`, `number_dropdown`, `count_slider`, `seed_text`,
  `deck_dropdown`: decks labelled by their names, as `DeckShelf` shows them);
- re-renders without leaks or double moves: `swap_children` and `close_tree`
  close every widget a render replaced (children, layouts and styles, to the
  bottom), and `ClickGuard` ties each button to the decision it was made
  for, so a late click on a button of a past decision (a double-click, a
  click racing a re-render) is ignored quietly instead of acting twice;
- `MatchView` and `SeatedView`: the frame of a view over a core `Match`
  (the status line inside the error boundary, the click guard, the log,
  swapping in a new game, closing), and for views with several seats at one
  screen the seat names, the hot-seat "ready" step and the "Next ▶" and
  "Fast-forward ⏩" buttons (the error boundary's snapshots rebuild a
  match from its first actions with `Match.from_record`);
- `Experiment`: controls, a Run button, a progress bar, a chart, a summary,
  a table and a status line, the frame of every classroom experiment, with
  `figure_svg` for its charts.

Nothing here draws random numbers, blocks the kernel or sends code to the page.
"""

from __future__ import annotations

import functools
import html
import io
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING

import ipywidgets as ipw

from toptrumps_core.cards import Category, Deck, Value, format_value
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Event, Seat
from widgets._boundary import ErrorBoundary, StatusKind, handler
from widgets._style import style_sheet

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "DEFAULT_SEED",
    "OWN_DECK",
    "SEED_MAX",
    "ClickGuard",
    "Experiment",
    "MatchView",
    "SeatNames",
    "SeatedView",
    "StatusLine",
    "and_list",
    "big_button",
    "close_tree",
    "count_slider",
    "deck_dropdown",
    "deck_names",
    "esc",
    "figure_svg",
    "html_widget",
    "is_whole",
    "log_html",
    "number_dropdown",
    "pass_panel",
    "percent",
    "plural",
    "rule_toggle",
    "seed_text",
    "swap_children",
    "value_text",
    "whole",
]

OWN_DECK = ""
"""Deck dropdown value for a deck that is not bundled (the one the view was given)."""
DEFAULT_SEED = 2024
"""The seed a new game starts with (shown in the page, so every class sees the same deal)."""
SEED_MAX = 999_999_999
"""Largest seed the page accepts; seeds are whole numbers from 0."""

# -- words ---------------------------------------------------------------------------------------

_PREFIX_UNITS = frozenset("£$€¥₹")
_LABEL_UNITS = frozenset({"year", "years ad", "ad", "ce"})  # "Named: 1824", not "1824 year"


def esc(text: str) -> str:
    """Returns `text` escaped for HTML (quotes too, so it may stand in an attribute)."""
    return html.escape(text, quote=True)


def value_text(category: Category, value: Value) -> str:
    """Returns a value with its unit as players say it.

    Example:
        >>> value_text(Category("Top speed", "km/h"), Fraction(120)), value_text(Category("Price", "£"), Fraction(40))
        ('120 km/h', '£40')
        >>> value_text(Category("Named", "year"), Fraction(1824)), value_text(Category("Fat", "%"), None)
        ('1824', 'n/a')
    """
    if value is None:
        return "n/a"
    number = format_value(value)
    unit = category.unit.strip()
    if not unit or unit.lower() in _LABEL_UNITS:
        return number
    if unit in _PREFIX_UNITS:
        return f"{unit}{number}"
    return f"{number}{unit}" if unit in ("%", "°") else f"{number} {unit}"


def percent(chance: Fraction | float, *, decimals: int = 0) -> str:
    """Returns a chance in [0, 1] as a percentage, never rounding a possibility to 0% or 100%.

    Whole percentages round exactly (half to even, as `round` does on a
    `Fraction`).

    Example:
        >>> percent(Fraction(18, 29)), percent(Fraction(1, 500)), percent(Fraction(1)), percent(0.4567, decimals=1)
        ('62%', '<1%', '100%', '45.7%')
    """
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    if decimals <= 0:
        whole_number = round(Fraction(chance) * 100)
        text, bottom, top = str(whole_number), "1", "99"
    else:
        text = f"{100 * float(chance):.{decimals}f}"
        step = 10.0**-decimals
        bottom, top = f"{step:.{decimals}f}", f"{100 - step:.{decimals}f}"
    if float(text) == 0:
        return f"<{bottom}%"
    if float(text) == 100:
        return f">{top}%"
    return f"{text}%"


def plural(count: int, one: str, many: str | None = None) -> str:
    """Returns "1 card", "3 cards" (or `many` for an irregular plural)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def and_list(words: Sequence[str]) -> str:
    """Returns words joined as in a sentence: "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def is_whole(value: object) -> bool:
    """Returns True for an int that is not a bool (values set from the page can be anything)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, low: int, high: int, what: str) -> int:
    """Returns `value` if it is a whole number from `low` to `high`.

    Raises:
        RuleOptionError: Naming `what`, the range and the value, otherwise.
    """
    if not is_whole(value) or not low <= value <= high:  # type: ignore[operator]
        raise RuleOptionError(f"{what} must be a whole number from {low:,} to {high:,}; got {value!r}")
    return value  # type: ignore[return-value]


class SeatNames(tuple[str, ...]):
    """The page's name for each seat, with verbs and pronouns that agree.

    One person at the screen is "You"; several are "Player 1", "Player 2"...
    (hot seat); computers are "Computer 1", "Computer 2"...

    Example:
        >>> names = SeatNames(3, humans=[0])
        >>> tuple(names), names.subject(0, "win", "wins"), names.subject(2, "win", "wins")
        (('You', 'Computer 1', 'Computer 2'), 'You win', 'Computer 2 wins')
        >>> names.whom(0), names.whose(1), SeatNames(2, humans=[0, 1])[1]
        ('you', "Computer 1's", 'Player 2')
    """

    def __new__(cls, seats: int, humans: Iterable[Seat]) -> SeatNames:
        people = sorted(set(humans))
        names = []
        person = computer = 0
        for seat in range(seats):
            if seat in people:
                person += 1
                names.append("You" if len(people) == 1 else f"Player {person}")
            else:
                computer += 1
                names.append(f"Computer {computer}")
        return super().__new__(cls, names)

    def is_you(self, seat: Seat) -> bool:
        """Returns True if `seat` is the one person at the screen ("You")."""
        return self[seat] == "You"

    def subject(self, seat: Seat, you: str, other: str, *, start: bool = True) -> str:
        """Returns "<Name> <verb>" with the verb agreeing: "You win", "Computer 1 wins".

        With ``start=False`` (mid-sentence) "You" is written "you".
        """
        if self.is_you(seat):
            return f"{'You' if start else 'you'} {you}"
        return f"{self[seat]} {other}"

    def whom(self, seat: Seat) -> str:
        """Returns the seat as an object mid-sentence: "you", "Computer 1"."""
        return "you" if self.is_you(seat) else self[seat]

    def whose(self, seat: Seat) -> str:
        """Returns the possessive: "your", "Computer 1's"."""
        return "your" if self.is_you(seat) else f"{self[seat]}'s"


# -- HTML pieces ---------------------------------------------------------------------------------


def html_widget(css_class: str, value: str = "", *, layout: ipw.Layout | None = None) -> ipw.HTML:
    """Returns an ``HTML`` widget with the class `css_class` (and `layout`, if given)."""
    widget = ipw.HTML(value) if layout is None else ipw.HTML(value, layout=layout)
    widget.add_class(css_class)
    return widget


def log_html(lines: Iterable[str], label: str) -> str:
    """Returns a log, newest first, as a scrolling list with an accessible name."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<div class="tt-log-box" role="log" aria-label="{esc(label)}"><ol>{items}</ol></div>'


def big_button(description: str, tooltip: str, *, primary: bool) -> ipw.Button:
    """Returns a large classroom button (``tt-big``), filled (`primary`) or outlined."""
    button = ipw.Button(description=description, tooltip=tooltip, layout=ipw.Layout(width="auto"))
    button.add_class("tt-big")
    button.add_class("tt-primary" if primary else "tt-secondary")
    return button


def seed_text(value: int, *, what: str) -> ipw.IntText:
    """Returns the "Seed" box; its tooltip says the range and that the same seed `what` ("deals the same game")."""
    return ipw.IntText(
        value=value,
        description="Seed",
        tooltip=f"A whole number from 0 to {SEED_MAX:,}: the same seed {what}",
        style={"description_width": "initial"},
    )


def rule_toggle(
    option: str, rule: str, values: Sequence[str], value: str, tooltips: Sequence[str]
) -> ipw.ToggleButtons:
    """Returns toggle buttons for one rule option, labelled by its RULES.md name, rule ID and values.

    Args:
        option: The option's RULES.md name, e.g. ``"no_data"``.
        rule: Its rule ID, e.g. ``"C6"``.
        values: Its values, the default first (labelled "(default)").
        value: The value chosen now.
        tooltips: What each value does, one per value.
    """
    return ipw.ToggleButtons(
        options=[(f"{v} (default)" if i == 0 else v, v) for i, v in enumerate(values)],
        value=value,
        description=f"{option} ({rule})",
        tooltips=list(tooltips),
        style={"description_width": "190px", "button_width": "auto"},
        layout=ipw.Layout(width="auto"),
    )


def count_slider(description: str, low: int, high: int, step: int, value: int, tooltip: str) -> ipw.IntSlider:
    """Returns a slider for how many games or trials an experiment plays (it acts when let go)."""
    return ipw.IntSlider(
        value=value,
        min=low,
        max=high,
        step=step,
        description=description,
        tooltip=tooltip,
        continuous_update=False,
        style={"description_width": "initial"},
    )


def number_dropdown(description: str, numbers: range, value: int, tooltip: str) -> ipw.Dropdown:
    """Returns a dropdown of whole numbers (players, people), with its text name and tooltip."""
    return ipw.Dropdown(
        options=list(numbers),
        value=value,
        description=description,
        tooltip=tooltip,
        style={"description_width": "initial"},
    )


class StatusLine(ipw.HTML):
    """The status line under a view's title: a message, or a kindly worded error.

    An error has a warning sign and a frame (``tt-status-error``, read out as
    an alert); information is plain (``tt-status-info``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("tt-status")
        self._text = ""
        self._kind: StatusKind = "info"

    @property
    def text(self) -> str:
        """The message shown, as plain text ("" when empty)."""
        return self._text

    @property
    def kind(self) -> StatusKind:
        """How the message is shown: ``"info"`` or ``"error"``."""
        return self._kind

    def show(self, text: str, kind: StatusKind = "info") -> None:
        """Shows `text` ("" clears the line); an ``"error"`` gets the warning sign."""
        self._text, self._kind = text, kind
        if not text:
            self.value = ""
        elif kind == "error":
            self.value = f'<span class="tt-status-error" role="alert">⚠ {esc(text)}</span>'
        else:
            self.value = f'<span class="tt-status-info" role="status">ℹ️ {esc(text)}</span>'


def pass_panel(name: str) -> tuple[ipw.HTML, ipw.Button]:
    """Returns the hot-seat pass screen for `name`: its words, and the "I'm <name>" button (not yet bound)."""
    text = html_widget(
        "tt-pass",
        f'<div class="tt-panel"><div class="tt-headline">Pass to {esc(name)} — ready?</div>'
        f"Everyone else, please look away. {esc(name)}: press the button to see your card.</div>",
    )
    button = big_button(f"I'm {name} — show my card", f"Only {name} should look: shows {name}'s card", primary=True)
    return text, button


@functools.cache
def deck_names() -> tuple[tuple[str, str], ...]:
    """Returns ``(deck name, file name)`` per bundled deck, e.g. ``("Chemical Elements", "chemical_elements")``."""
    return tuple((load_deck(name).name, name) for name in bundled_decks())


def deck_dropdown(
    value: str, *, own: Deck | None = None, own_note: str = "", tooltip: str = "Which deck of cards to use"
) -> ipw.Dropdown:
    """Returns the "Deck" dropdown: bundled decks by their names, valued by file name.

    Args:
        value: The file name of the deck chosen first, or `OWN_DECK` for `own`.
        own: A deck that is not bundled, offered first under its name.
        own_note: Words after the name of `own`, in brackets; "" for none.
        tooltip: The dropdown's tooltip.
    """
    options = list(deck_names())
    if own is not None:
        options.insert(0, (f"{own.name} ({own_note})" if own_note else own.name, OWN_DECK))
    values = [v for _, v in options]
    return ipw.Dropdown(
        options=options,
        value=value if value in values else values[0] if values else None,
        description="Deck",
        tooltip=tooltip,
        style={"description_width": "initial"},
    )


# -- re-renders: closing what was replaced, and clicks on replaced buttons -------------------------


def _parts(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    """Yields the widgets `widget` holds in its synced traits: children, layout, style, and the like."""
    for name in widget.keys:
        value = getattr(widget, name, None)
        items = value if isinstance(value, (tuple, list)) else (value,)
        yield from (item for item in items if isinstance(item, ipw.Widget))


def _reachable(roots: Iterable[ipw.Widget]) -> set[int]:
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        widget = todo.pop()
        if id(widget) not in seen:
            seen.add(id(widget))
            todo.extend(_parts(widget))
    return seen


def close_tree(widget: ipw.Widget, *, keep: Iterable[ipw.Widget] = (), include_self: bool = True) -> None:
    """Closes `widget` and every widget under it (children, layouts, styles), except those in `keep`.

    A closed widget leaves the page and the kernel's registry; closing only
    the top of a tree would leave its buttons live and its parts leaking.
    """
    kept = _reachable(keep)
    order: list[ipw.Widget] = []
    seen: set[int] = set()
    todo = [widget]
    while todo:
        current = todo.pop()
        if id(current) in seen or id(current) in kept:
            continue
        seen.add(id(current))
        order.append(current)
        todo.extend(_parts(current))
    for part in reversed(order):  # the leaves first
        if part is widget and not include_self:
            continue
        part.close()


def swap_children(box: ipw.Box, children: Sequence[ipw.Widget]) -> None:
    """Replaces `box`'s children and closes every old child's tree that the new ones do not use."""
    old = box.children
    with box.hold_sync():
        box.children = tuple(children)
    for child in old:
        close_tree(child, keep=children)


class ClickGuard:
    """Ties each button to the decision it was made for, so a click on a button of a past decision does nothing.

    A view re-renders after every move and replaces (and closes) its
    buttons; a fast second click (a double-click), or a click that races a
    re-render, can still reach a button of the decision before.  Acting on
    it would make a move nobody chose, and refusing it loudly would scold
    the pupil for the page's timing, so it is ignored quietly: a click acts
    only while its button is open and its decision is still the one open.

    Args:
        decision: Returns a value that names the decision now open (for
            example the game's number and how many actions it has taken);
            it changes whenever a different decision is open.

    Example:
        >>> moves = []
        >>> guard = ClickGuard(lambda: len(moves))
        >>> button = guard.bind(ipw.Button(description="Go"), lambda: moves.append("go"))
        >>> button.click(); button.click()  # the second click is for a decision already made
        >>> moves
        ['go']
    """

    def __init__(self, decision: Callable[[], Hashable]) -> None:
        self._decision = decision

    def bind(self, button: ipw.Button, intent: Callable[[], object]) -> ipw.Button:
        """Makes a click on `button` call `intent`, while the decision it was made for is still open."""
        made_for = self._decision()

        def clicked(pressed: ipw.Button) -> None:
            if pressed.comm is not None and self._decision() == made_for:  # closed: replaced by a re-render
                intent()

        button.on_click(clicked)
        return button


class MatchView(ipw.VBox):
    """The frame of a view over a core `Match`.

    It owns the status line (inside the one error boundary), the
    `ClickGuard` for its buttons, the log (newest first), the game in play
    (`match`) and how many games it has shown; `close` closes every widget
    under it.  A subclass calls `_start_view` first, and `_swap_match` to put
    a new game in play.
    """

    _match: Match

    def _start_view(self, *, snapshot: Callable[[], Callable[[], None]] | None = None) -> None:
        """Sets up the parts every view has (see the class docstring); `snapshot` as for `ErrorBoundary`."""
        self.add_class("tt-table")
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show, snapshot=snapshot)
        self._guard = ClickGuard(self._decision)
        self._games = 0
        self._viewer: Seat | None = None
        self._log: list[str] = []

    @property
    def match(self) -> Match:
        """The core match being played (Python only; never synced to the page)."""
        return self._match

    @property
    def status(self) -> str:
        """The status line's text: the last message or error, "" if none."""
        return self._status.text

    @property
    def log_lines(self) -> tuple[str, ...]:
        """The log, newest first, as plain text."""
        return tuple(self._log)

    def _decision(self) -> Hashable:
        """Names the decision open now, for `ClickGuard`: the game, the actions taken, who is at the screen."""
        return self._games, len(self._match.actions), self._viewer

    def _swap_match(self, match: Match, settle: Callable[[list[Event]], None]) -> list[Event]:
        """Puts `match` in play and returns the events of `settle` (its first chance steps).

        If `settle` fails, the game in play before is put back and the error
        goes on to the boundary.
        """
        previous = getattr(self, "_match", None)
        self._match = match
        events: list[Event] = []
        try:
            settle(events)
        except BaseException:
            if previous is not None:
                self._match = previous
            raise
        self._games += 1
        return events

    def close(self) -> None:
        """Closes the view and every widget under it (children, layouts and styles)."""
        close_tree(self, include_self=False)
        super().close()


class SeatedView(MatchView):
    """A `MatchView` for several seats at one screen, people and computers.

    Adds the seat names, the hot-seat pass screen's "ready" step (while
    another person may be looking, a person's own cards stay hidden until
    they press ready) and the "Next ▶" and "Fast-forward ⏩" buttons for the
    computers' turns.  A subclass calls `_start_seats` after `_start_view`
    and defines `screen` (``"pass"`` while the pass screen shows), `next`,
    `fast_forward` and `_render`.
    """

    _names: SeatNames

    def _start_seats(self, *, next_tooltip: str, fast_tooltip: str) -> None:
        """Makes the "Next ▶" and "Fast-forward ⏩" buttons."""
        self._next_button = big_button("Next ▶", next_tooltip, primary=True)
        self._fast_button = big_button("Fast-forward ⏩", fast_tooltip, primary=False)
        self._next_button.on_click(lambda _button: self.next())
        self._fast_button.on_click(lambda _button: self.fast_forward())

    @property
    def screen(self) -> str:  # pragma: no cover - every subclass defines it
        """What the page shows now; ``"pass"`` for the hot-seat pass screen."""
        raise NotImplementedError

    def next(self) -> None:  # pragma: no cover - every subclass defines it
        """Takes the computers' next step."""
        raise NotImplementedError

    def fast_forward(self) -> None:  # pragma: no cover - every subclass defines it
        """Plays on until a person must act."""
        raise NotImplementedError

    def _render(self) -> None:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    @property
    def next_button(self) -> ipw.Button:
        """The "Next ▶" button."""
        return self._next_button

    @property
    def fast_forward_button(self) -> ipw.Button:
        """The "Fast-forward ⏩" button."""
        return self._fast_button

    def player_name(self, seat: Seat) -> str:
        """Returns how the page names `seat`: "You", "Player 2", "Computer 1"."""
        return self._names[seat]

    @property
    def _hot_seat(self) -> bool:
        return len(self._match.humans) > 1

    @handler
    def ready(self) -> None:
        """Hot seat: the person named on the pass screen is at the screen; show their card."""
        if self.screen != "pass":
            raise IllegalActionError("nobody needs to take a turn at the screen just now")
        self._viewer = self._match.waiting_for
        self._status.show("")
        self._render()


# -- experiments ------------------------------------------------------------------------------------


def figure_svg(figure: Figure) -> str:
    """Returns `figure` as SVG markup (no script), for an ``HTML`` widget."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.find("<svg") :] if "<svg" in text else text


class Experiment(ipw.VBox):
    """Controls, a Run button, a progress bar, a chart, a summary, a table and a status line.

    The frame of every classroom experiment, in the look of the other views
    (the shared style sheet, ``tt-table`` fonts, a large Run button).  A
    subclass builds its controls, calls ``super().__init__``, and in its
    ``run`` (decorated with `widgets._boundary.handler`) checks the settings,
    then computes inside ``with self._running():``, passing `_tick` as the
    progress callback, and fills `_chart`, `_summary` and `_table`.

    Args:
        controls: The settings widgets, shown in a wrapping row.
        run_label: The Run button's text (also its tooltip unless given).
        run_tooltip: The Run button's tooltip.
    """

    def __init__(self, controls: Sequence[ipw.Widget], run_label: str, *, run_tooltip: str | None = None) -> None:
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._button = big_button(run_label, run_tooltip or run_label, primary=True)
        self._progress = ipw.IntProgress(
            value=0, min=0, max=1, description="Progress", style={"description_width": "initial"}
        )
        self._chart = html_widget("tt-svg")
        self._table = ipw.HTML()
        self._summary = html_widget("tt-say")
        self._button.on_click(lambda _button: self.run())
        box = ipw.HBox(list(controls), layout=ipw.Layout(flex_flow="row wrap"))
        box.add_class("tt-settings")
        children = [box, ipw.HBox([self._button]), self._progress, self._status, self._chart, self._summary]
        super().__init__([style_sheet(), *children, self._table])
        for css in ("tt-table", "tt-lesson", "tt-experiment"):
            self.add_class(css)

    def run(self) -> None:  # pragma: no cover - every subclass defines it
        """Runs the experiment with the current settings."""
        raise NotImplementedError

    def _tick(self, done: int, total: int) -> None:
        """Moves the progress bar (about 50 steps a run, so the page is not flooded)."""
        if self._progress.max != total:
            self._progress.max = max(total, 1)
        if done == total or done % max(total // 50, 1) == 0:
            self._progress.value = done

    @contextmanager
    def _running(self) -> Iterator[None]:
        """Clears the status, disables Run and resets the bar while the body runs."""
        self._status.show("")
        self._button.disabled = True
        self._progress.value = 0
        try:
            yield
        finally:
            self._button.disabled = False
