"""Simulation studies and intervals (rule P5): one interval formula, one z, one progress reporter.

The running estimates of a convergence plot and the `Estimate` of the whole
run come from the same formulas (`wilson_interval`, `mean_interval`, with z
from `z_score`), so the plot's last point is the estimate, to the last digit.
"""

from __future__ import annotations

import math
import statistics
from statistics import NormalDist

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.experiments import convergence, estimates, first_chooser, running_estimates, tie_study, ties
from toptrumps_core.probability import Estimate, mean_interval, wilson_interval, z_score
from toptrumps_core.progress import ProgressReporter


def test_z_is_the_normal_quantile_of_the_level() -> None:
    assert z_score() == NormalDist().inv_cdf(0.975)
    assert z_score(0.9) == NormalDist().inv_cdf(0.95)
    for bad in (0, 1, 1.5):
        with pytest.raises(ValueError):
            z_score(bad)


@pytest.mark.parametrize("module", [convergence, estimates, first_chooser, ties], ids=lambda m: m.__name__)
def test_experiments_keep_no_constant_of_their_own(module: object) -> None:
    # One place computes z: a copy typed out by hand can drift from the level.
    assert [name for name, value in vars(module).items() if isinstance(value, float)] == []


def test_mean_interval_by_hand() -> None:
    # Outcomes 0, 2, 2, 0: mean 1, s^2 = 4/3, half width 1.96 * sqrt(4/3 / 4).
    low, high = mean_interval(total=4, squares=8, trials=4)
    half = z_score() * math.sqrt(4 / 3 / 4)
    assert math.isclose(low, 1 - half) and math.isclose(high, 1 + half)
    assert mean_interval(3, 9, 1) == (3.0, 3.0)  # one trial: no spread to measure
    with pytest.raises(ValueError):
        mean_interval(0, 0, 0)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=60))
def test_mean_interval_is_the_sample_standard_deviations(outcomes: list[int]) -> None:
    est = Estimate.of_mean(outcomes)
    s = statistics.stdev(outcomes) if len(outcomes) > 1 else 0.0
    half = z_score() * s / math.sqrt(len(outcomes))
    assert math.isclose(est.half_width, half, rel_tol=1e-12, abs_tol=1e-12)


@given(st.lists(st.integers(0, 2), min_size=2, max_size=400), st.integers(2, 50))
def test_the_running_estimates_end_on_the_estimate_of_a_mean(outcomes: list[int], points: int) -> None:
    est = Estimate.of_mean(outcomes)
    run = running_estimates(est, points=points)
    assert run.trials[-1] == len(outcomes)
    assert (run.values[-1], run.lows[-1], run.highs[-1]) == (est.value, est.low, est.high)


@given(st.lists(st.integers(0, 1), min_size=1, max_size=400))
def test_the_running_estimates_end_on_the_estimate_of_a_proportion(outcomes: list[int]) -> None:
    est = Estimate.of_proportion(outcomes)
    run = running_estimates(est, points=30)
    assert (run.lows[-1], run.highs[-1]) == (est.low, est.high) == wilson_interval(sum(outcomes), len(outcomes))


def test_tie_study_reports_progress_through_the_shared_reporter() -> None:
    deck = Deck.from_rows("D", [Category("A"), Category("B")], {n: [i % 3, i % 2] for i, n in enumerate("abcdef")})
    seen: list[tuple[int, int]] = []
    study = tie_study(deck, games=10, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert study.games == 10 and seen[-1] == (10, 10)
    with pytest.raises(ValueError, match="progress must be None, True/False or a function"):
        tie_study(deck, games=2, progress="yes")  # type: ignore[arg-type]


def test_progress_reporter_refuses_what_is_not_a_report() -> None:
    with pytest.raises(ValueError, match="progress must be"):
        ProgressReporter(3, 10, "games")  # type: ignore[arg-type]
    quiet = ProgressReporter(None, 10, "games")
    quiet.update(5)
    quiet.close()
