"""`Spinner`: the tournament's spinner, animated in the browser to the sector the core drew (rule T3).

The core draws every spin first (the `Spin` chance action is already in the
game's record when the spinner moves); the page only *shows* it:

- the picture is `toptrumps_core.svg.spinner`, in an ``HTML``
  widget, with a ``<style>`` holding one CSS ``@keyframes`` rule that turns
  the arrow from where it stood, through a few whole turns, to the drawn
  sector's angle; under ``@media (prefers-reduced-motion: reduce)`` the
  animation is off and the arrow simply stands at the sector (its SVG
  ``transform`` attribute already points there);
- the result text ("Hi Lo!") is revealed by an `asyncio` task once the
  animation has run: the task is kept in `task`, `cancel` stops it, and both
  the scheduler and the sleep are injectable, so tests run in milliseconds;
  with no running event loop (plain Python) the result is revealed at once;
- the spin control (`button`) is disabled while the arrow spins, and one
  click from the page spins once (`widgets._toolkit.StepClicks`): a click
  that arrives while the arrow turns, or the second half of a double
  click, is ignored.

The page only animates in CSS and the reveal waits in an asyncio task: nothing
blocks the kernel and no code is sent to the page.  Every handler runs inside
the one error boundary (`widgets._boundary`).

Example:
    >>> spinner = Spinner()
    >>> spinner.spin_to(3, result="Hi Lo!")   # no event loop here: revealed at once
    >>> spinner.result_text, spinner.spinning, spinner.sector
    ('Hi Lo!', False, 3)
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.checks import is_whole_number, whole_number
from widgets._boundary import ErrorBoundary, StatusKind, handler
from widgets._toolkit import StepClicks, app_clock, esc

__all__ = ["SPIN_SECONDS", "SPIN_TURNS", "Schedule", "Sleep", "Spinner"]

SPIN_SECONDS = 2.4
"""How long the arrow spins before the result is revealed (seconds)."""
SPIN_TURNS = 3
"""Whole turns the arrow makes before it stops at the drawn sector."""
PICTURE_WIDTH_PX = 340
"""Default width of the spinner picture in the page (px)."""
EASING = "cubic-bezier(0.15, 0.7, 0.25, 1)"
"""CSS timing function of the spin: fast at first, slowing to a stop."""

Sleep = Callable[[float], Awaitable[Any]]
"""An awaitable sleep, ``await sleep(seconds)``; the kernel's clock's by default (`app_clock`)."""
Schedule = Callable[[Coroutine[Any, Any, None]], Any]
"""Runs the reveal coroutine later and returns a handle with ``cancel()`` (an `asyncio.Task`) or None."""

_instances = itertools.count(1)


class Spinner(ipw.VBox):
    """The spinner picture, its result line and its spin control.

    Args:
        labels: The six sector names (the mini-games by default; the decks
            for a deck spin).
        caption: The line above the spinner, e.g. "Spin for the mini-game".
        duration_s: Seconds the arrow spins before the result shows (>= 0).
        turns: Whole turns before it stops (>= 0).
        width_px: Width of the picture in the page.
        schedule: Runs the reveal coroutine; None (default) makes a task on
            the running event loop (Jupyter and Voilà run one), or reveals at
            once if none is running.
        sleep: The awaitable sleep the reveal waits on; None: the kernel's
            clock's (`widgets._toolkit.clock.app_clock`: `asyncio.sleep`
            except in the app's test mode, where a test moves the clock).
        on_spin: Called with no argument when the spin control is clicked
            (the owner draws the spin, then calls `spin_to`); None: the
            control is hidden.
        on_revealed: Called with no argument after the result is revealed
            (by the task, at once, or by `cancel`).
        steps: The one-step rule the spin control shares with the owner's
            other buttons (`StepClicks`); None: the spinner's own.

    Raises:
        ValueError: If `labels` is not six names or a number is out of range.
    """

    def __init__(
        self,
        labels: Sequence[str] = svg.SECTOR_LABELS,
        *,
        caption: str = "",
        duration_s: float = SPIN_SECONDS,
        turns: int = SPIN_TURNS,
        width_px: int = PICTURE_WIDTH_PX,
        schedule: Schedule | None = None,
        sleep: Sleep | None = None,
        on_spin: Callable[[], None] | None = None,
        on_revealed: Callable[[], None] | None = None,
        steps: StepClicks | None = None,
    ) -> None:
        super().__init__()
        if not (isinstance(duration_s, float) or is_whole_number(duration_s)) or not 0 <= duration_s <= 60:
            raise ValueError(f"duration_s must be a number of seconds from 0 to 60; got {duration_s!r}")
        turns = whole_number(turns, "turns", low=0, high=20, error=ValueError)
        self.add_class("tt-spinner")
        self._instance = next(_instances)
        self._boundary = ErrorBoundary(self._show_error)
        self._labels = self._checked_labels(labels)
        self._caption = caption
        self.duration_s = float(duration_s)
        self.turns = turns
        self._width_px = width_px
        self._schedule = schedule
        self._sleep: Sleep = sleep if sleep is not None else app_clock().sleep
        self._on_spin = on_spin
        self._on_revealed = on_revealed
        self._sector: int | None = None
        self._angle = 0  # the arrow's angle so far, in degrees, counting whole turns
        self._start_angle = 0
        self._spins = 0
        self._token = 0
        self._pending_result = ""
        self._result_text = ""
        self._spinning = False
        self._enabled = on_spin is not None
        self._task: Any = None

        self._picture = ipw.HTML()
        self._picture.add_class("tt-spinner-picture")
        self._result = ipw.HTML()
        self._result.add_class("tt-spinner-result")
        self._button = ipw.Button(
            description="Spin ⟳",
            tooltip="Spin the spinner (the game has its own dice: the result is drawn fairly, 1 in 6 each)",
            layout=ipw.Layout(width="auto", display="" if on_spin is not None else "none"),
        )
        self._button.add_class("tt-big")
        self._button.add_class("tt-primary")
        (steps or StepClicks()).bind(self._button, self._clicked, busy=lambda: self._spinning)
        self.children = (self._picture, self._result, self._button)
        self._draw(animate=False)

    # -- reading -------------------------------------------------------------------------

    @property
    def sector(self) -> int | None:
        """The sector the arrow points at (0-based), or None before the first spin."""
        return self._sector

    @property
    def spinning(self) -> bool:
        """True while the arrow spins and the result is not yet revealed."""
        return self._spinning

    @property
    def result_text(self) -> str:
        """The revealed result ("Hi Lo!"), "" while spinning or before any spin."""
        return self._result_text

    @property
    def task(self) -> Any:
        """The pending reveal (an `asyncio.Task` by default, or what `schedule` returned), or None."""
        return self._task

    @property
    def button(self) -> ipw.Button:
        """The spin control; disabled while spinning or when no spin is due."""
        return self._button

    @property
    def labels(self) -> tuple[str, ...]:
        """The six sector names shown."""
        return self._labels

    @property
    def caption(self) -> str:
        """The line above the spinner, e.g. "You spin for the mini-game"."""
        return self._caption

    @caption.setter
    def caption(self, value: str) -> None:
        if value == self._caption:
            return
        self._caption = value
        if not self._spinning:  # a spinning arrow keeps its picture; the next drawing shows the caption
            self._draw(animate=False)

    @property
    def enabled(self) -> bool:
        """True if the owner offers a spin now (the control is still disabled while spinning)."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        self._update_button()

    # -- acting ----------------------------------------------------------------------------

    def spin_to(
        self,
        sector: int,
        *,
        result: str,
        labels: Sequence[str] | None = None,
        caption: str | None = None,
        animate: bool = True,
    ) -> None:
        """Turns the arrow to `sector`, already drawn by the core, and reveals `result` after the spin.

        A spin still running is finished first (its result shown at once).

        Args:
            sector: The sector drawn, 0..5.
            result: The text revealed when the arrow stops, e.g. "Hi Lo!".
            labels: New sector names for this spin (e.g. the decks), or None
                to keep the current ones.
            caption: A new caption, or None to keep it.
            animate: False to show the result at once, with no animation
                (fast-forwarding).

        Raises:
            ValueError: If `sector` is not 0..5 or `labels` is not six names.
        """
        target = svg.sector_angle(sector)
        new_labels = self._checked_labels(labels) if labels is not None else self._labels
        if self._spinning:
            self.cancel(reveal=True)
        self._token += 1
        self._labels = new_labels
        if caption is not None:
            self._caption = caption
        start = self._angle
        turns = self.turns if animate else 0
        self._angle = start + 360 * turns + (target - start) % 360
        if animate and self._angle == start:
            self._angle += 360  # always at least one visible turn
        self._start_angle = start
        self._sector = sector
        self._spins += 1
        self._pending_result = result
        if not animate or self.duration_s == 0:
            self._reveal(self._token)
            return
        self._spinning = True
        self._result_text = ""
        with self.hold_sync():
            # Each child widget sends its own message, in this order: the control goes
            # off before the page shows the arrow turning, never a moment after it.
            self._update_button()
            self._draw(animate=True)
            self._result.value = '<div class="tt-spin-text" role="status" aria-live="polite">Spinning…</div>'
        self._start_reveal(self._token)

    def show(
        self,
        sector: int | None,
        *,
        result: str = "",
        labels: Sequence[str] | None = None,
        caption: str | None = None,
    ) -> None:
        """Shows the arrow standing at `sector` (None: not spun) with `result`, with no animation.

        Any pending reveal is cancelled.

        Raises:
            ValueError: If `sector` is not None or 0..5, or `labels` is not six names.
        """
        if sector is not None:
            target = svg.sector_angle(sector)
        new_labels = self._checked_labels(labels) if labels is not None else self._labels
        self._stop_task()
        self._token += 1
        self._labels = new_labels
        if caption is not None:
            self._caption = caption
        self._sector = sector
        if sector is not None:
            self._angle += (target - self._angle) % 360
        self._pending_result = result
        self._spinning = False
        self._result_text = result
        with self.hold_sync():
            self._draw(animate=False)
            self._draw_result()
            self._update_button()

    def cancel(self, *, reveal: bool = True) -> None:
        """Stops a pending reveal; with `reveal` (default) the result shows at once, the arrow at rest.

        Does nothing when nothing is spinning.
        """
        if not self._spinning:
            return
        self._stop_task()
        token = self._token
        if reveal:
            self._reveal(token)
        else:
            self._token += 1
            self._spinning = False
            with self.hold_sync():
                self._draw(animate=False, mark=False)
                self._result.value = ""
                self._update_button()

    # -- the reveal ---------------------------------------------------------------------------

    def _start_reveal(self, token: int) -> None:
        coroutine = self._reveal_after(token, self.duration_s)
        if self._schedule is not None:
            self._task = self._schedule(coroutine)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, no event loop: nothing to wait on, so reveal now
            coroutine.close()
            self._reveal(token)
            return
        self._task = loop.create_task(coroutine)

    async def _reveal_after(self, token: int, seconds: float) -> None:
        await self._sleep(seconds)
        if token == self._token:
            self._boundary.run(self._reveal, token)

    def _reveal(self, token: int) -> None:
        """Shows the result of spin `token` (if it is still the current one) and calls `on_revealed`."""
        if token != self._token:
            return
        self._task = None
        self._spinning = False
        self._result_text = self._pending_result
        with self.hold_sync():
            self._draw(animate=False)
            self._draw_result()
            self._update_button()
        if self._on_revealed is not None:
            self._on_revealed()

    def _stop_task(self) -> None:
        task, self._task = self._task, None
        cancel = getattr(task, "cancel", None)
        if callable(cancel):
            cancel()

    # -- handlers ------------------------------------------------------------------------------

    @handler
    def _clicked(self) -> None:
        if self._spinning or not self._enabled or self._on_spin is None:
            return  # a late click from the page while the arrow spins, or when no spin is due
        self._on_spin()

    # -- drawing -------------------------------------------------------------------------------

    def _draw(self, *, animate: bool, mark: bool = True) -> None:
        picture = svg.spinner(
            self._labels,
            sector=self._sector,
            mark=mark and not animate,
            caption=self._caption,
            width_px=self._width_px,
        )
        sector = "" if self._sector is None else str(self._sector)
        angle = 0 if self._sector is None else svg.sector_angle(self._sector)
        name = f"tt-spin-{self._instance}-{self._spins}"
        style = ""
        classes = "tt-spinner-box"
        if animate:
            classes += f" {name}"
            style = (
                "<style>"
                f"@keyframes {name} {{ from {{ transform: rotate({self._start_angle}deg); }} "
                f"to {{ transform: rotate({self._angle}deg); }} }}"
                f".{name} .tt-spinner-arrow {{ animation: {name} {self.duration_s:g}s {EASING} both; }}"
                f"@media (prefers-reduced-motion: reduce) {{ .{name} .tt-spinner-arrow {{ animation: none; }} }}"
                "</style>"
            )
        self._picture.value = (
            f'{style}<div class="{classes}" data-sector="{sector}" data-angle="{angle}" '
            f'data-spinning="{"yes" if animate else "no"}">{picture}</div>'
        )

    def _draw_result(self) -> None:
        text = self._result_text
        self._result.value = (
            f'<div class="tt-spin-text" role="status" aria-live="polite"><b>{esc(text)}</b></div>' if text else ""
        )

    def _update_button(self) -> None:
        self._button.disabled = self._spinning or not self._enabled

    def _show_error(self, text: str, kind: StatusKind) -> None:
        self._result.value = f'<span class="tt-status-error" role="alert">⚠ {esc(text)}</span>'

    @staticmethod
    def _checked_labels(labels: Sequence[str]) -> tuple[str, ...]:
        names = tuple(str(label) for label in labels)
        if len(names) != len(svg.SECTOR_LABELS):
            raise ValueError(f"a spinner has {len(svg.SECTOR_LABELS)} sectors; got {len(names)} labels")
        return names

    def close(self) -> None:
        """Cancels any pending reveal and closes the spinner's widgets."""
        self._stop_task()
        self._token += 1
        for widget in (self._picture, self._result, self._button):
            widget.close()
        super().close()
