"""The frames of the views over a core `Match`: `MatchView` and `SeatedView`.

`MatchView` holds what every view over a match has: the status line inside
the one error boundary (`widgets._boundary`), the driver
(`widgets._toolkit.driver.MatchDriver`: who may act, chance, fast-forward,
stale clicks), the log (newest first), the game in play and how many games
it has shown, and a `close` that closes every widget under it.
`SeatedView` adds, for several seats at one screen, the seat names, the
hot-seat "ready" step and the "Next ▶" and "Fast-forward ⏩" buttons.  The
error boundary's snapshots rebuild a match from its first actions with
`Match.from_record`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import ipywidgets as ipw

from toptrumps_core.errors import IllegalActionError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Event, Seat
from widgets._boundary import ErrorBoundary, handler
from widgets._toolkit.controls import StatusLine, big_button
from widgets._toolkit.driver import MatchDriver
from widgets._toolkit.rerender import close_tree
from widgets._toolkit.words import SeatNames

__all__ = ["MatchView", "SeatedView"]


class MatchView(ipw.VBox):
    """The frame of a view over a core `Match`.

    It owns the status line (inside the one error boundary), the driver
    (`_driver`, a `MatchDriver` over the game in play, whose ``bind`` guards
    every button against stale clicks; `_guard` is the same object), the log
    (newest first), the game in play (`match`), the seat names (`_names`)
    and how many games it has shown; `close` closes every widget under it.
    A subclass calls `_start_view` first, and `_swap_match` to put a new
    game in play.
    """

    _match: Match
    _names: SeatNames

    def _start_view(self, *, snapshot: Callable[[], Callable[[], None]] | None = None, **driver: Any) -> None:
        """Sets up the parts every view has (see the class docstring).

        Args:
            snapshot: As for `ErrorBoundary`.
            **driver: Keyword arguments for `MatchDriver` (``game``,
                ``restart``, ``held_chance``, ...).
        """
        self.add_class("tt-table")
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show, snapshot=snapshot)
        self._driver = MatchDriver(lambda: self._match, lambda: self._names, decision=self._decision, **driver)
        self._guard = self._driver
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
        """Names the decision open now, for the click guard: the game, the actions taken, who is at the screen."""
        return self._games, len(self._match.actions), self._viewer

    def _swap_match(self, match: Match, settle: Callable[[list[Event]], object] | None = None) -> list[Event]:
        """Puts `match` in play and returns the events of `settle` (its first chance steps).

        `settle` defaults to the driver's (`MatchDriver.settle`).  The seat
        names are set from the new match.  If `settle` fails, the game in
        play before is put back and the error goes on to the boundary.
        """
        previous = getattr(self, "_match", None)
        previous_names = getattr(self, "_names", None)
        self._match = match
        self._names = SeatNames(match.rules.seats, match.humans)
        events: list[Event] = []
        try:
            (settle or self._driver.settle)(events)
        except BaseException:
            if previous is not None:
                self._match = previous
            if previous_names is not None:
                self._names = previous_names
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

    def _start_seats(self, *, next_tooltip: str, fast_tooltip: str) -> None:
        """Makes the "Next ▶" and "Fast-forward ⏩" buttons."""
        self._next_button = big_button("Next ▶", next_tooltip, primary=True)
        self._fast_button = big_button("Fast-forward ⏩", fast_tooltip, primary=False)
        # one click from the page, one step: a double click plays one comparison
        self._driver.bind_step(self._next_button, self.next)
        self._driver.bind_step(self._fast_button, self.fast_forward)

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

    def _first_choice(self) -> ipw.Widget | None:
        """The person's first control on screen now (a category, a card, "ready"), or None; subclasses say."""
        return None

    def _game_over_focus(self) -> ipw.Widget | None:
        """The control offered once the game is over (its "New game" button), or None; subclasses say."""
        return None

    def _focus_next(self) -> None:
        """Moves the keyboard focus to where the next key press belongs, so a move is one or two presses.

        The person's first choice if one shows; else "Next ▶" while it is
        enabled (the computers may go, or it stops a spinner, so a button that
        was just disabled never leaves the focus on the page); else, once the
        game is over, its "New game" control.
        """
        target = self._first_choice()
        if target is None and (self._driver.computers_may_go or not self._next_button.disabled):
            target = self._next_button
        if target is None and self._match.is_over:
            target = self._game_over_focus()
        if target is not None:
            target.focus()

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
        self._focus_next()
