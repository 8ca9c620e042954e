"""A long computation run in steps, so the page stays live and the Stop button works.

`SteppedRun` drives a generator one step per turn of the kernel's event loop
(an `asyncio` task, kept in a reference and cancellable): between two steps
the kernel answers the page, so the progress bar moves and a click on Stop
lands.  Each step should take a fraction of a second (a chunk of games).
Outside an event loop (plain Python, headless tests) the steps run at once,
unless a `schedule` function is injected to step them by hand.  Every step
runs inside the view's error boundary: a failure stops the run and is shown,
never raised into the kernel.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any

from widgets._boundary import ErrorBoundary

__all__ = ["STEP_PAUSE_S", "Schedule", "Sleep", "SteppedRun"]

STEP_PAUSE_S = 0.005
"""The pause between two steps, in seconds: long enough for the kernel to answer the page."""

Schedule = Callable[[Coroutine[Any, Any, None]], Any]
"""Runs a coroutine later and returns a handle with ``cancel()`` (an `asyncio.Task` by default)."""
Sleep = Callable[[float], Awaitable[Any]]
"""An awaitable pause, ``await sleep(seconds)``; `asyncio.sleep` by default."""


class SteppedRun:
    """Runs `steps` one at a time, letting the page breathe between them.

    Args:
        steps: A generator; each ``next`` does one step of the work.
        boundary: The view's error boundary; a step that fails stops the run.
        on_end: Called once when the run ends, with True if every step ran,
            False if it was stopped or a step failed.
        schedule: Runs the driving coroutine (tests); None for an
            `asyncio` task on the running loop, or every step at once when
            there is no running loop.
        sleep: The pause between steps (tests); None for `asyncio.sleep`.
    """

    def __init__(
        self,
        steps: Iterator[object],
        boundary: ErrorBoundary,
        on_end: Callable[[bool], None],
        *,
        schedule: Schedule | None = None,
        sleep: Sleep | None = None,
    ) -> None:
        self._steps = steps
        self._sleep: Sleep = sleep if sleep is not None else asyncio.sleep
        self._boundary = boundary
        self._on_end = on_end
        self._stopped = False
        self._running = True
        self._task: Any = None
        coroutine = self._drive()
        if schedule is not None:
            self._task = schedule(coroutine)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python: nothing to wait on, so run every step now
            coroutine.close()
            self._finish(self._step_all())
            return
        self._task = loop.create_task(coroutine)

    @property
    def running(self) -> bool:
        """True until the run has ended (finished, stopped or failed)."""
        return self._running

    def stop(self) -> None:
        """Stops the run before its next step (the step underway finishes first)."""
        self._stopped = True

    def _step(self) -> bool | None:
        """Does one step: True if there are more, False at the end, None if the step failed."""
        result: bool | None = self._boundary.run(self._advance)
        return result

    def _advance(self) -> bool:
        try:
            next(self._steps)
        except StopIteration:
            return False
        return True

    def _step_all(self) -> bool:
        while not self._stopped:
            more = self._step()
            if more is None:
                return False
            if not more:
                return True
        return False

    async def _drive(self) -> None:
        complete = False
        try:
            while not self._stopped:
                more = self._step()
                if more is None:
                    break
                if not more:
                    complete = True
                    break
                await self._sleep(STEP_PAUSE_S)
        finally:
            self._finish(complete)

    def _finish(self, complete: bool) -> None:
        if not self._running:
            return
        self._running = False
        self._task = None
        steps, self._steps = self._steps, iter(())
        close = getattr(steps, "close", None)
        if close is not None:  # a generator's own clean-up (its finally blocks) runs now, inside the boundary
            self._boundary.run(close)
        self._boundary.run(self._on_end, complete)
