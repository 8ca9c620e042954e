"""Progress reports for long runs: Monte Carlo estimates and simulation studies (rule P5).

Every long-running function of the core takes one ``progress`` argument of
type `Progress`: None or False for no report, True for a ``tqdm.auto`` bar (a
widget in a notebook, text in a terminal), or a function called with
``(done, total)``, e.g. to move a page's own progress bar.  `ProgressReporter`
turns that argument into reports.  ``tqdm`` is imported only when a bar is
asked for, so importing the core stays standard-library only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeAlias

__all__ = ["Progress", "ProgressReporter"]

Progress: TypeAlias = "bool | Callable[[int, int], None] | None"
"""A progress report for long runs: None or False for none, True for a
``tqdm.auto`` bar, or a function called with ``(done, planned)``."""


class ProgressReporter:
    """Reports how far a run has got: to nothing, a function, or a tqdm.auto bar.

    Args:
        progress: What to report to (see `Progress`).
        total: How many steps (trials, games) the run plans.
        description: The bar's label, e.g. ``"games"``.

    Raises:
        ValueError: If `progress` is not None, a bool or a function.

    Example:
        >>> seen = []
        >>> reporter = ProgressReporter(lambda done, total: seen.append((done, total)), 4, "games")
        >>> reporter.update(2); reporter.update(4); reporter.close()
        >>> seen
        [(2, 4), (4, 4)]
    """

    def __init__(self, progress: Progress, total: int, description: str) -> None:
        self._callback: Callable[[int, int], None] | None = None
        self._bar: Any = None
        self._total = total
        self._done = 0
        if progress is True:
            auto = importlib.import_module("tqdm.auto")  # lazy: only notebooks ask for a bar

            # leave=True: a closed bar widget would leave the page a dangling model reference.
            self._bar = auto.tqdm(total=total, desc=description, leave=True)
        elif callable(progress):
            self._callback = progress
        elif progress not in (None, False):
            raise ValueError(f"progress must be None, True/False or a function (done, total); got {progress!r}")

    def update(self, done: int) -> None:
        """Reports that `done` steps of the total are finished (a running count, not a step)."""
        if self._bar is not None:
            self._bar.update(done - self._done)
        if self._callback is not None:
            self._callback(done, self._total)
        self._done = done

    def close(self) -> None:
        """Ends the report (closes the bar, if any); call it once, in a ``finally``."""
        if self._bar is not None:
            self._bar.close()
