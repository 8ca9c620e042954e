"""The quiz's countdown: one asyncio task, kept in a reference, cancellable, with pause and resume (Q5, Q8).

`Countdown` never blocks and never sleeps in a callback: `start` creates one
task on the running event loop (the kernel's) that ticks until the deadline,
then calls ``on_done``.  Starting again cancels the task before; `pause`
cancels it and keeps the time left, `resume` starts a new one from there.
The clock and the sleep are injected, so a test runs a two-minute countdown
in milliseconds with a fake clock; by default they are the kernel's one
clock (`widgets._toolkit.clock.app_clock`), which the app's test mode hands
to the browser tests.

Without a running event loop (plain Python), `start` only records the
deadline: `remaining` still counts down by the clock, and a test can run
the ticking coroutine itself (`run_once`).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from widgets._toolkit.clock import app_clock

__all__ = ["Clock", "Countdown", "FakeClock", "Sleep"]

Clock = Callable[[], float]
"""Returns the time now, in seconds (the kernel's clock by default, `time.monotonic` outside test mode)."""
Sleep = Callable[[float], Awaitable[None]]
"""Waits the given seconds (the kernel's clock by default, `asyncio.sleep` outside test mode)."""


class Countdown:
    """A countdown of whole seconds for the page (rules Q5, Q8).

    Args:
        on_tick: Called with the whole seconds left (rounded up) at each tick.
        on_done: Called once when the time is up (not when stopped or paused).
        clock: The clock; None: the kernel's (`widgets._toolkit.clock.app_clock`,
            `time.monotonic` except in the app's test mode).
        sleep: The awaitable sleep between ticks; None: the kernel's clock's.
        tick_s: Seconds between ticks, > 0.
    """

    def __init__(
        self,
        *,
        on_tick: Callable[[int], None],
        on_done: Callable[[], None],
        clock: Clock | None = None,
        sleep: Sleep | None = None,
        tick_s: float = 0.25,
    ) -> None:
        if not tick_s > 0:
            raise ValueError(f"tick_s must be > 0; got {tick_s!r}")
        self._on_tick = on_tick
        self._on_done = on_done
        self._clock: Clock = clock if clock is not None else app_clock().now
        self._sleep: Sleep = sleep if sleep is not None else app_clock().sleep
        self._tick_s = tick_s
        self._deadline: float | None = None
        self._left: float = 0.0
        self._paused = False
        self._token = 0
        self.task: asyncio.Task[None] | None = None
        """The running task, or None (no timer, paused, or no event loop)."""

    # -- reading ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Returns True while time counts down (started, not paused, stopped or done)."""
        return self._deadline is not None and not self._paused

    @property
    def paused(self) -> bool:
        """Returns True while paused."""
        return self._paused

    @property
    def remaining(self) -> float:
        """Returns the seconds left, >= 0 (0 when no countdown is set)."""
        if self._paused:
            return self._left
        if self._deadline is None:
            return 0.0
        return max(0.0, self._deadline - self._clock())

    @property
    def seconds_left(self) -> int:
        """Returns the whole seconds left, rounded up, as the page shows them."""
        return math.ceil(self.remaining - 1e-9)

    # -- control ------------------------------------------------------------------------

    def start(self, seconds: float) -> None:
        """Starts a countdown of `seconds` (> 0), cancelling any other first: one timer at a time.

        Raises:
            ValueError: If `seconds` is not > 0.
        """
        if not seconds > 0:
            raise ValueError(f"a countdown needs seconds > 0; got {seconds!r}")
        self._cancel()
        self._paused = False
        self._deadline = self._clock() + seconds
        self._launch()

    def pause(self) -> None:
        """Stops the time where it is; `resume` goes on from there (no effect unless running)."""
        if not self.running:
            return
        self._left = self.remaining
        self._cancel()
        self._paused = True

    def resume(self) -> None:
        """Goes on after `pause` (no effect unless paused)."""
        if not self._paused:
            return
        self._paused = False
        self._deadline = self._clock() + self._left
        self._launch()

    def stop(self) -> None:
        """Stops and forgets the countdown; `on_done` is not called."""
        self._cancel()
        self._paused = False
        self._deadline = None

    # -- the task -------------------------------------------------------------------------

    def _cancel(self) -> None:
        self._token += 1
        task, self.task = self.task, None
        if task is not None:
            task.cancel()

    def _launch(self) -> None:
        coroutine = self.run_once(self._token)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): the test drives run_once itself
            coroutine.close()
            return
        self.task = loop.create_task(coroutine)

    def run_once(self, token: int | None = None) -> Coroutine[Any, Any, None]:
        """Returns the coroutine that ticks until the deadline (for tests without a running loop)."""
        return self._ticks(self._token if token is None else token)

    async def _ticks(self, token: int) -> None:
        while token == self._token and self._deadline is not None:
            left = self.remaining
            self._on_tick(math.ceil(left - 1e-9))
            if left <= 0:
                self._deadline = None
                self.task = None
                self._on_done()
                return
            await self._sleep(min(self._tick_s, left))


class FakeClock:
    """A clock for tests: `sleep` moves time forward at once instead of waiting.

    Example:
        >>> clock = FakeClock()
        >>> asyncio.run(clock.sleep(90)); clock()
        90.0
    """

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        """Returns the time now, in seconds."""
        return self.now

    async def sleep(self, seconds: float) -> None:
        """Moves the clock `seconds` forward, then lets other tasks run."""
        self.now += seconds
        await asyncio.sleep(0)
