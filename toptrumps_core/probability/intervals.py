"""Confidence intervals of Monte Carlo estimates, and the `Estimate` value (rule P5).

Every interval takes its z from `z_score` at the level `CONFIDENCE` (95 %):
`wilson_interval` for a proportion, `mean_interval` (normal, with the sample
standard deviation) for a mean.  The estimates themselves, which play the
games, are in `toptrumps_core.experiments`; this module only does the
arithmetic, so the exact odds and the games can use it from below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import Literal

from toptrumps_core.checks import whole_number

__all__ = ["CONFIDENCE", "Estimate", "mean_interval", "wilson_interval", "z_score"]

CONFIDENCE = 0.95
"""The confidence level of every Monte Carlo interval here (rule P5)."""


def z_score(confidence: float = CONFIDENCE) -> float:
    """Returns the normal quantile of a two-sided interval: 1.95996... for 95 % (rule P5).

    Every interval here (`wilson_interval`, `mean_interval`) takes its z from
    this one function.

    Raises:
        ValueError: If `confidence` is not in (0, 1).

    Example:
        >>> round(z_score(), 4)
        1.96
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1); got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, trials: int, *, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Returns the Wilson score interval for a proportion (rule P5).

    Args:
        successes: How many trials succeeded, 0..trials.
        trials: How many trials were run, >= 1.
        confidence: The confidence level, in (0, 1); 0.95 by default.

    Returns:
        ``(low, high)``, within [0, 1].

    Raises:
        ValueError: If the counts or the level are out of range.

    Example:
        >>> low, high = wilson_interval(50, 100)
        >>> round(low, 4), round(high, 4)
        (0.4038, 0.5962)
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"expected 0 <= successes <= trials and trials >= 1; got {successes} of {trials}")
    z = z_score(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: rounding must not exclude 0 or 1
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(total: float, squares: float, trials: int, *, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Returns the normal interval of a mean from running sums (rule P5).

    The interval is ``mean ± z s / sqrt(n)`` with the sample standard
    deviation s (``n - 1`` in its denominator; 0 for one trial), computed
    exactly from the sums, so a running count and a whole run agree to the
    last digit.  It needs a few hundred trials to be trusted.

    Args:
        total: The sum of the trials' outcomes.
        squares: The sum of their squares.
        trials: How many trials, >= 1.
        confidence: The confidence level, in (0, 1); 0.95 by default.

    Returns:
        ``(low, high)``.

    Raises:
        ValueError: If `trials` < 1 or the level is out of range.

    Example:
        >>> low, high = mean_interval(total=4, squares=8, trials=4)   # outcomes 0, 2, 2, 0
        >>> round(low, 4), round(high, 4)
        (-0.1316, 2.1316)
    """
    whole_number(trials, "an interval's trials", low=1, error=ValueError)
    z = z_score(confidence)
    mean = total / trials
    if trials == 1:
        return mean, mean
    spread = Fraction(squares) * trials - Fraction(total) ** 2  # n * sum of squared deviations, exactly
    half = z * math.sqrt(max(spread, Fraction(0)) / (trials * (trials - 1) * trials))
    return mean - half, mean + half


@dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte Carlo estimate with its 95 % confidence interval (rule P5).

    Attributes:
        successes: For a proportion, the trials that succeeded; for a mean
            (e.g. pins), the sum of the trials' outcomes.
        trials: How many trials were run, >= 1.
        low: Lower end of the 95 % interval.
        high: Upper end of the 95 % interval, >= `low`.
        kind: ``"proportion"`` (Wilson score interval, within [0, 1]; the
            default) or ``"mean"`` (normal interval with the sample standard
            deviation).
        samples: Every trial's outcome, in order (0/1 for a proportion), when
            kept (the ``estimate_*`` functions keep them, for convergence
            plots); () otherwise.  Not compared, not shown in the repr.

    The estimate itself is the property `value` (``successes / trials``).

    Raises:
        ValueError: If `trials` < 1, `low` > `high` or `kind` is misspelt.

    Example:
        >>> Estimate(30, 100, *wilson_interval(30, 100)).value
        0.3
    """

    successes: int
    trials: int
    low: float
    high: float
    kind: Literal["proportion", "mean"] = "proportion"
    samples: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        whole_number(self.trials, "an estimate's trials", low=1, error=ValueError)
        if self.kind not in ("proportion", "mean"):
            raise ValueError(f"kind must be 'proportion' or 'mean'; got {self.kind!r}")
        if not self.low <= self.high:
            raise ValueError(f"the interval must have low <= high; got {self.low!r} and {self.high!r}")

    @property
    def value(self) -> float:
        """Returns the estimate: the share of successes, or the mean outcome."""
        return self.successes / self.trials

    @classmethod
    def of_proportion(cls, outcomes: Sequence[int]) -> Estimate:
        """Returns the estimate of a chance from 0/1 outcomes, with a Wilson interval.

        Raises:
            ValueError: If `outcomes` is empty or holds a value other than 0 or 1.

        Example:
            >>> Estimate.of_proportion([1, 0, 1, 1]).value
            0.75
        """
        if any(o not in (0, 1) for o in outcomes):
            raise ValueError("a proportion's outcomes must be 0 or 1")
        trials = len(outcomes)
        successes = sum(outcomes)
        low, high = wilson_interval(successes, trials)
        return cls(successes, trials, low, high, "proportion", tuple(outcomes))

    @classmethod
    def of_mean(cls, outcomes: Sequence[int]) -> Estimate:
        """Returns the estimate of an expectation (e.g. pins) with a normal interval.

        The interval is `mean_interval`'s: ``mean ± 1.96 s / sqrt(n)`` with
        the sample standard deviation s; it needs a few hundred trials to be
        trusted.

        Raises:
            ValueError: If `outcomes` is empty.

        Example:
            >>> Estimate.of_mean([0, 2, 1, 1]).value
            1.0
        """
        trials = len(outcomes)
        if trials < 1:
            raise ValueError("an estimate needs at least one trial")
        total = sum(outcomes)
        low, high = mean_interval(total, sum(o * o for o in outcomes), trials)
        return cls(total, trials, low, high, "mean", tuple(outcomes))

    @property
    def half_width(self) -> float:
        """Returns half the interval's width: the "±" of the estimate."""
        return (self.high - self.low) / 2

    def contains(self, exact: Fraction | float) -> bool:
        """Returns True if `exact` lies in the 95 % interval (ends included)."""
        return self.low <= float(exact) <= self.high

    def __str__(self) -> str:
        return f"{self.value:.4f} (95 % interval {self.low:.4f} to {self.high:.4f}, {self.trials:,} trials)"
