"""`Screen`: a frozen description of what a game's page shows, with no widget in it; `Seen`, what it may see.

A game's presenter (`widgets.gameview.GameView`) turns what the page may see
into a `Screen`; one renderer (`widgets.gameview.render.ScreenRenderer`)
turns the `Screen` into ipywidgets.  A `Screen` is plain data, so a test can
read what a person would see, and compare two screens, without a page.
A presenter's input is plain data too: `Seen`, what the page may see now.

Text comes in two sorts: fields named ``*_html`` hold markup the presenter
built with `widgets._toolkit.esc` around every value it did not write
itself; every other text is plain, and the renderer escapes it.

Example:
    >>> from toptrumps_core.tournament.hilo import Call
    >>> screen = Screen(
    ...     title_html="Hi Lo", state="call", prompt="Higher or lower?",
    ...     choices=(Choice("⬆ Higher", Call("higher"), kind="big"), Choice("⬇ Lower", Call("lower"), kind="big")),
    ... )
    >>> [choice.label for choice in screen.choices]
    ['⬆ Higher', '⬇ Lower']
    >>> screen.choice("⬇ Lower").action
    Call(direction='lower')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, Literal, TypeVar, get_args

from toptrumps_core.cards import Card
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.protocol import Action, Event, Seat
from widgets._toolkit import SeatNames, Turn

__all__ = ["Choice", "ChoiceKind", "Picture", "Presenter", "Screen", "Seen", "Toggle", "Tone"]

V = TypeVar("V")
U = TypeVar("U")

ChoiceKind = Literal["category", "big", "plain"]
"""How a choice's button looks: a category row (``tt-category``), a large button (``tt-big``), or a stock one."""

Tone = Literal["", "win", "tie"]
"""How the result line is coloured: plain, a win (``tt-result-win``) or not a win (``tt-result-tie``)."""

_NO_MARKS: Mapping[int, str] = MappingProxyType({})


def _one_of(value: object, allowed: object, what: str) -> None:
    """Checks that `value` is one of the `Literal` alias `allowed`'s values.

    Raises:
        ValueError: If it is not (the message names the allowed values).
    """
    values = get_args(allowed)
    if not any(value == v and type(value) is type(v) for v in values):
        raise ValueError(f"{what} is one of {', '.join(repr(v) for v in values)}; got {value!r}")
_STATE = re.compile(r"[a-z][a-z0-9-]*")


@dataclass(frozen=True)
class Choice:
    """One button a person may press: its words and the core action it submits.

    Attributes:
        label: The button's words ("Speed: 120 km/h", "⬆ Higher").
        action: The action the button submits (one of the legal actions of
            whoever acts).
        help: The button's tooltip, a sentence; "" for none.
        kind: How the button looks (`ChoiceKind`).
        note: Plain text shown beside the button (the probability lens's
            line), and read after `help` in the button's tooltip, its
            accessible description; "" for none.
        seat: The person at this page the action is for, at a node where
            several people act at once; None: whoever acts now (a seat, or
            the judge).

    Raises:
        ValueError: If `kind` is not one of `ChoiceKind`'s values.
    """

    label: str
    action: Action
    help: str = ""
    kind: ChoiceKind = "plain"
    note: str = ""
    seat: Seat | None = None

    def __post_init__(self) -> None:
        _one_of(self.kind, ChoiceKind, "a choice's kind")


@dataclass(frozen=True)
class Picture:
    """One card on the board: face up, face down, or an empty place.

    Attributes:
        card: The card drawn face up; None for its back (the page never
            learns a face-down card).
        caption_html: Markup above the card ("<b>First card</b>: Lion"); "" for none.
        highlight: The chosen category's index, drawn bold; None for none.
        marks: Badges by category index (the lens's odds); empty for none.
        empty: True for a place with no card (it keeps its room, hidden).
        lower_wins: False to leave out the card's "▼ lower wins", in a game
            where no value wins a comparison (Hi Lo, T12; see `CardView`).
    """

    card: Card | None
    caption_html: str = ""
    highlight: int | None = None
    marks: Mapping[int, str] = field(default_factory=lambda: _NO_MARKS)
    empty: bool = False
    lower_wins: bool = True


@dataclass(frozen=True)
class Toggle:
    """A tick box of the page's own state (not a move): "Show the odds".

    Attributes:
        key: The name of the page-state field it sets (see `GameView.set_ui`).
        label: The box's words.
        help: Its tooltip; "" for none.
        on: True while ticked.
        disabled: True when it cannot be changed now (the game is over).
    """

    key: str
    label: str
    help: str = ""
    on: bool = False
    disabled: bool = False


@dataclass(frozen=True)
class Screen:
    """What a game's page shows at one moment (see the module docstring).

    Attributes:
        title_html: The heading's markup.
        state: A short lower-case word for what the page waits for
            (``"choose"``, ``"call"``, ``"over"``, ``"watch"``); the page
            carries it as the class ``tt-state-<state>``, for tests and styles.
        banner_html: A line read out when it changes (the pins); "" for none.
        toggles: The page-state tick boxes, in order.
        board: The cards on the board, in order.
        board_class: The class of the board's row (``tt-hilo-row``).
        board_note_html: Markup under the board (the cards put aside); "" for none.
        result: The result line, plain text ("You called higher: right ✓."); "" for none.
        tone: How the result line is coloured (`Tone`).
        prompt: The heading over the choices ("Choose a category..."); "" for none.
        hint: A paragraph under the prompt (the lens's legend); "" for none.
        choices: The buttons of the decision open to the people at this page, in order.
        framed: True to draw the choices in a card-like frame (``tt-card``).
        closing_html: Markup in place of the choices when there are none
            ("Press Play again ↻ for a new shuffle."); "" for none.

    Raises:
        ValueError: If `state` is not a lower-case word (letters, digits,
            dashes), or `tone` is not one of `Tone`'s values.
    """

    title_html: str
    state: str
    banner_html: str = ""
    toggles: tuple[Toggle, ...] = ()
    board: tuple[Picture, ...] = ()
    board_class: str = "tt-board-row"
    board_note_html: str = ""
    result: str = ""
    tone: Tone = ""
    prompt: str = ""
    hint: str = ""
    choices: tuple[Choice, ...] = ()
    framed: bool = False
    closing_html: str = ""

    def __post_init__(self) -> None:
        if not _STATE.fullmatch(self.state):
            raise ValueError(f"a screen's state is a lower-case word such as 'choose'; got {self.state!r}")
        _one_of(self.tone, Tone, "a screen's tone")

    def choice(self, label: str) -> Choice:
        """Returns the choice whose button reads `label`.

        Raises:
            IllegalActionError: If no choice reads `label` (the message lists them).
        """
        for choice in self.choices:
            if choice.label == label:
                return choice
        raise IllegalActionError(f"no button reads {label!r} now; the buttons are {[c.label for c in self.choices]}")


@dataclass(frozen=True)
class Seen(Generic[V]):
    """What the page may see now: what a presenter draws from.

    Attributes:
        view: What the page's seat sees (`Match.view`): the person acting at
            this page, else the page's own seat.
        seat: Whose view `view` is (0..seats-1).
        judge_view: What the judge sees (`Match.judge_view`) while a person
            judging at this page decides; None otherwise.
        legal: The moves open now to each person at this page who may act,
            by seat; the key None holds the judge's (a person judging here).
            Empty while no person at this page may act.
        turn: Who acts now, as the driver sees it (`Turn`).
        names: The page's name for each seat ("You", "Computer 1").
        seed_words: What the page may say of the seed ("" while it is
            hidden; the seed once the game is over).
        over: True once the game has an outcome.
    """

    view: V
    seat: Seat
    judge_view: object | None
    legal: Mapping[Seat | None, tuple[Action, ...]]
    turn: Turn
    names: SeatNames
    seed_words: str
    over: bool


Presenter = Callable[[Seen[V], Sequence[Event], U], Screen]
"""A game's presenter: ``present(seen, events, ui) -> Screen``, pure (see `widgets.gameview.game_view`)."""
