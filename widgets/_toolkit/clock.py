"""The one clock every timer of the pages reads, and the app's test mode that hands it to the tests.

Timers in the pages (the quiz's countdown, Q5 and Q8, and the spinner's
turn before its result shows, T3) wait on `app_clock()`: the real clock
(`time.monotonic`, `asyncio.sleep`) by default.

With the environment variable ``TOPTRUMPS_TEST_MODE=1`` (set by the browser
and load tests for the app they start, never by a class) the app runs in
test mode:

- `app_clock()` is a `ManualClock`: time stands still until a test moves it,
  so a countdown runs out, or a spin ends, exactly when the test says;
- each game (`game_head`) carries one hidden control (`clock_controls`, a text box
  with the class ``tt-test-clock`` that nobody sees and the keyboard cannot
  reach) through which a test moves that clock: the test writes a number of
  seconds (``0`` to just let the kernel catch up), the kernel moves the
  clock that far, lets every timer due run, and empties the box, so the
  test knows the page has every answer sent before;
- new games are dealt from known seeds (`widgets._toolkit.seeds.fresh_seed`);
- a second page click on the same button acts at once (the double-click
  window of `widgets._toolkit.driver.StepClicks` is 0): a test presses
  again only once the page shows the step before.

Without the variable, `clock_controls` returns nothing and no page holds the
control.  The control says nothing about any game: it only moves time.

Example:
    >>> clock = ManualClock()
    >>> async def wait_then_say(said):
    ...     await clock.sleep(5)
    ...     said.append(clock.now())
    >>> async def main():
    ...     said = []
    ...     waiting = asyncio.ensure_future(wait_then_say(said))
    ...     await clock.advance(4)
    ...     before = list(said)
    ...     await clock.advance(1)
    ...     await waiting
    ...     return before, said
    >>> asyncio.run(main())
    ([], [5.0])
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import os
import time
from typing import Any, Protocol

import ipywidgets as ipw

from toptrumps_core.checks import is_whole_number
from widgets._style import style_sheet

__all__ = [
    "TEST_MODE_VARIABLE",
    "Clock",
    "ManualClock",
    "RealClock",
    "app_clock",
    "clock_controls",
    "game_head",
    "in_test_mode",
]

TEST_MODE_VARIABLE = "TOPTRUMPS_TEST_MODE"
"""The environment variable that puts the app in test mode when it is ``1``."""
TEST_CLOCK_CLASS = "tt-test-clock"
"""The class of the hidden control a test moves the clock through."""
_CATCH_UP_ROUNDS = 8
"""Turns of the event loop given to woken timers before the clock looks for the next one due."""


def in_test_mode() -> bool:
    """Returns True if the app runs in test mode (``TOPTRUMPS_TEST_MODE=1`` in its environment)."""
    return os.environ.get(TEST_MODE_VARIABLE, "") == "1"


class Clock(Protocol):
    """What a timer needs of a clock: the time now and an awaitable pause, both in seconds."""

    def now(self) -> float:
        """Returns the time now, in seconds from an arbitrary start."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Returns once `seconds` (>= 0) have passed on this clock."""
        ...


class RealClock:
    """The clock of a class: `time.monotonic` and `asyncio.sleep`."""

    def now(self) -> float:
        """Returns `time.monotonic()`, in seconds."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """Waits `seconds` of real time (`asyncio.sleep`)."""
        await asyncio.sleep(seconds)


class ManualClock:
    """A clock that stands still until `advance` moves it (test mode, and tests).

    A `sleep` of `s` seconds returns once the clock has been moved to at
    least `s` seconds after the sleep began; a cancelled sleep is forgotten.

    Args:
        start: The time at first, in seconds.
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)
        self._order = itertools.count()
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._moving = asyncio.Lock()  # one move at a time: a second waits, then moves on from where the first ended

    def now(self) -> float:
        """Returns the time on this clock, in seconds."""
        return self._now

    __call__ = now

    @property
    def pending(self) -> int:
        """How many sleeps are waiting for the clock to move (0 or more)."""
        return sum(1 for _, _, future in self._sleepers if not future.done())

    async def sleep(self, seconds: float) -> None:
        """Returns once the clock has moved `seconds` on (at once, after one turn of the loop, if <= 0)."""
        if not seconds > 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Moves the clock `seconds` on, waking each sleep when its time comes, in time order.

        Each woken timer runs until it waits again (a countdown's next tick)
        before the clock moves further, so a countdown of 15 s ticks all
        the way through one ``advance(15)``.  Moves asked for while one is
        under way wait for it and then move on from where it ended, so two
        moves of 5 s and 1 s always come to 6 s.

        Raises:
            ValueError: If `seconds` is negative, infinite or not a number.
        """
        if not (isinstance(seconds, float) or is_whole_number(seconds)) or not 0 <= seconds < math.inf:
            raise ValueError(f"the clock moves on by a number of seconds >= 0; got {seconds!r}")
        async with self._moving:
            await self._move_to(self._now + seconds)

    async def _move_to(self, target: float) -> None:
        while True:
            for _ in range(_CATCH_UP_ROUNDS):  # woken timers run on to their next sleep
                await asyncio.sleep(0)
            while self._sleepers and self._sleepers[0][2].done():  # cancelled sleeps
                heapq.heappop(self._sleepers)
            if not self._sleepers or self._sleepers[0][0] > target:
                break
            self._now = max(self._now, self._sleepers[0][0])
            while self._sleepers and self._sleepers[0][0] <= self._now:
                _, _, future = heapq.heappop(self._sleepers)
                if not future.done():
                    future.set_result(None)
        self._now = target


_app_clock: RealClock | ManualClock | None = None


def app_clock() -> RealClock | ManualClock:
    """Returns the kernel's one clock: a `ManualClock` in test mode, else a `RealClock`."""
    global _app_clock
    if _app_clock is None:
        _app_clock = ManualClock() if in_test_mode() else RealClock()
    return _app_clock


def clock_controls() -> tuple[ipw.Widget, ...]:
    """Returns the hidden control a test moves the clock through, in test mode; else ``()``.

    A game puts the result among its children.  The control is a text box,
    hidden (``display: none``, so neither the eye, the keyboard nor a screen
    reader finds it), that takes a number of seconds; the kernel moves
    `app_clock()` that far (see the module docstring), then empties the box.
    Anything but a number >= 0 is ignored, and the box emptied.
    """
    clock = app_clock()
    if not in_test_mode() or not isinstance(clock, ManualClock):
        return ()
    box = ipw.Text(value="", description="Test clock", layout=ipw.Layout(display="none"))
    box.add_class(TEST_CLOCK_CLASS)
    tasks: set[asyncio.Task[None]] = set()

    async def move(seconds: float) -> None:
        try:
            await clock.advance(seconds)
        finally:
            box.value = ""

    def asked(change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        try:
            seconds = float(text)
            if not 0 <= seconds < math.inf:
                raise ValueError(text)
            task = asyncio.get_running_loop().create_task(move(seconds))
        except (ValueError, RuntimeError):  # not a number of seconds, or no event loop (plain Python)
            box.value = ""
            return
        tasks.add(task)  # kept in a reference until done, so the task is not collected mid-way
        task.add_done_callback(tasks.discard)

    box.observe(asked, names="value")
    return (box,)


def game_head() -> tuple[ipw.Widget, ...]:
    """Returns the widgets a game puts first among its children: its style sheet, and in test mode the test clock.

    The style sheet is the shared CSS (`widgets._style.style_sheet`); the
    test clock is `clock_controls`, absent unless the app runs in test mode.
    """
    return (style_sheet(), *clock_controls())
