"""Waiting on a condition with a deadline: the one way the tests wait for a server.

A test that must wait for something outside the page (a kernel shut down,
a line in the server's log, an app answering) asks `until` (or
`until_async` in a coroutine) to poll a condition until it holds or its
deadline passes; it never waits a fixed time.  Pages are waited on through
their own state instead (Playwright's ``wait_for`` and ``wait_for_function``
on the attributes the page writes).

Example:
    >>> calls = iter([0, 0, 7])
    >>> until(lambda: next(calls), seconds=5, every=0, what="a number")
    7
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["POLL_SECONDS", "until", "until_async"]

_T = TypeVar("_T")
POLL_SECONDS = 0.25
"""Seconds between two looks at a condition."""


def until(condition: Callable[[], _T], *, seconds: float, what: str, every: float = POLL_SECONDS) -> _T:
    """Returns the first true value of `condition()`, asked every `every` seconds until `seconds` have passed.

    Args:
        condition: Asked with no argument; a true value ends the wait.
        seconds: The deadline, from now (> 0).
        what: What is waited for, for the failure's message ("kernel 3f2 shut down").
        every: Seconds between two looks (>= 0).

    Raises:
        AssertionError: If `condition()` is still false at the deadline (it is asked once more then).
    """
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"still waiting after {seconds} s for {what}")
        time.sleep(every)


async def until_async(
    condition: Callable[[], Awaitable[_T]], *, seconds: float, what: str, every: float = POLL_SECONDS
) -> _T:
    """As `until`, for a coroutine: `condition()` is awaited, and the wait lets other tasks run.

    Raises:
        AssertionError: If `await condition()` is still false at the deadline.
    """
    deadline = time.monotonic() + seconds
    while True:
        found = await condition()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"still waiting after {seconds} s for {what}")
        await asyncio.sleep(every)
