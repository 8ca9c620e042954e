"""Running a page's experiment by hand in a test: a pause that yields, and a schedule that keeps the coroutine."""

from __future__ import annotations

import types
from collections.abc import Coroutine, Generator
from typing import Any


@types.coroutine
def pause(seconds: float) -> Generator[None, None, None]:
    """A pause that hands control back to the test (stands in for asyncio.sleep)."""
    yield


class ByHand:
    """A schedule that keeps the run's coroutine, for the test to step by hand."""

    def __init__(self) -> None:
        self.coroutine: Coroutine[Any, Any, None] | None = None

    def __call__(self, coroutine: Coroutine[Any, Any, None]) -> ByHand:
        self.coroutine = coroutine
        return self

    def step(self) -> bool:
        """Runs the coroutine to its next pause; False once it has ended."""
        assert self.coroutine is not None
        try:
            self.coroutine.send(None)
        except StopIteration:
            return False
        return True

    def cancel(self) -> None:
        pass
