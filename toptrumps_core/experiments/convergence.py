"""The law of large numbers, as data: a Monte Carlo estimate as its trials accumulate (rule P5).

`running_estimates` gives the estimate and its 95 % interval after 1, 2, ...
n trials of a Monte Carlo run (an `Estimate` keeps every trial's outcome in
``samples``), at up to a few hundred checkpoints: the data of a law of large
numbers plot.

Rules version: 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toptrumps_core.probability import Estimate, mean_interval, wilson_interval

__all__ = ["RunningEstimate", "running_estimates"]


@dataclass(frozen=True, slots=True)
class RunningEstimate:
    """A Monte Carlo estimate after each of a series of trial counts (rule P5).

    Attributes:
        trials: The checkpoints: trial counts, increasing, ending at the
            run's total.
        values: The estimate after each checkpoint's trials.
        lows: The lower end of the 95 % interval at each checkpoint.
        highs: The upper end of the 95 % interval at each checkpoint.
            All four tuples have the same length.
    """

    trials: tuple[int, ...]
    values: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]


def running_estimates(estimate: Estimate, *, points: int = 300) -> RunningEstimate:
    """Returns the estimate and its 95 % interval as the trials accumulate (rule P5).

    The checkpoints are spread evenly on a log scale from 1 trial to all of
    them, so a plot shows the early wobbles and the late settling alike.  The
    interval is the one `estimate` used (Wilson for a proportion, normal with
    the running sample standard deviation for a mean).

    Args:
        estimate: An estimate that kept its samples (every ``estimate_*``
            function of `toptrumps_core.experiments` does).
        points: At most this many checkpoints, >= 2.

    Returns:
        The running estimate.

    Raises:
        ValueError: If `estimate` has no samples or `points` < 2.

    Example:
        >>> run = running_estimates(Estimate.of_proportion([1, 0, 1, 1]), points=10)
        >>> run.trials, run.values
        ((1, 2, 3, 4), (1.0, 0.5, 0.6666666666666666, 0.75))
    """
    samples = estimate.samples
    n = len(samples)
    if n == 0:
        raise ValueError("the estimate kept no samples; run it with an estimate_* function")
    if points < 2:
        raise ValueError(f"points must be at least 2; got {points!r}")
    checkpoints = sorted({min(n, max(1, round(math.exp(math.log(n) * i / (points - 1))))) for i in range(points)})
    trials, values, lows, highs = [], [], [], []
    total = 0
    squares = 0
    done = 0
    for stop in checkpoints:
        for outcome in samples[done:stop]:
            total += outcome
            squares += outcome * outcome
        done = stop
        if estimate.kind == "proportion":
            low, high = wilson_interval(total, stop)
        else:
            low, high = mean_interval(total, squares, stop)
        trials.append(stop)
        values.append(total / stop)
        lows.append(low)
        highs.append(high)
    return RunningEstimate(tuple(trials), tuple(values), tuple(lows), tuple(highs))
