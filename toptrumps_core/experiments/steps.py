"""Long experiments in steps: a generator that pauses between chunks of work and returns its result.

An experiment of many games is written once, as a generator of `Steps`: it
yields (None) after each chunk of trials or games and returns its result.
`run_steps` plays every step at once, which is what the plain functions of
this package do (`estimate_hi_lo_pins`, `first_chooser_wins`, ...); a page
drives the same generator one step per turn of its event loop instead, so
it stays usable meanwhile and can stop the run between two steps.  The
steps never change a result: the same arguments give the same result
however the steps are driven.

Example:
    >>> def count(n: int) -> Steps[int]:
    ...     for _ in range(n):
    ...         yield
    ...     return n
    >>> run_steps(count(3))
    3

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeAlias, TypeVar

__all__ = ["Steps", "run_steps", "step_size"]

T = TypeVar("T")

Steps: TypeAlias = Generator[None, None, T]
"""An experiment run in steps: yields None between chunks of work, returns its result."""

STEPS_PER_RUN = 100
"""About how many steps a run of many games takes: enough for a live page, few enough to cost nothing."""


def run_steps(steps: Steps[T]) -> T:
    """Plays every step of `steps` at once and returns its result.

    Raises:
        Whatever a step raises (the steps stop there).
    """
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]


def step_size(total: int) -> int:
    """Returns how many games (or trials) one step plays in a run of `total`: about `STEPS_PER_RUN` steps, >= 1."""
    return max(1, total // STEPS_PER_RUN)
