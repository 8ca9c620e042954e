"""The lessons' charts: a Monte Carlo estimate beside the exact value (rule P5).

`convergence_plot` (the running estimate settling on the exact value),
`tie_chart` (each category's exact tie chance beside the simulated one, P4
and P5) and `pot_chart` (how big pots grow under each ``no_data`` option)
are matplotlib figures made without pyplot, so nothing is shown twice;
`widgets._toolkit.figure_svg` turns one into SVG for an ``HTML`` widget.
matplotlib is imported only when a chart is drawn (an optional heavy
dependency).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from toptrumps_core.experiments import (
    TieStudy,
    running_estimates,
)
from toptrumps_core.probability import Estimate
from widgets._toolkit import (
    percent,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure


BLUE, RED, GREY, ORANGE = "#1f6feb", "#b42318", "#6e7781", "#bc4c00"
"""The charts' colours: simulated, exact, and the two rule options' bars."""


def convergence_plot(
    estimate: Estimate,
    exact: Fraction | float,
    *,
    title: str = "",
    ylabel: str = "estimate",
    limits: tuple[float, float] | None = None,
    points: int = 300,
) -> Figure:
    """Returns a plot of a Monte Carlo estimate settling on the exact value (rule P5).

    The running estimate after 1, 2, ... n trials (log scale), its 95%
    confidence band, and the exact value as a dashed line: the law of large
    numbers made visible.

    Args:
        estimate: An estimate that kept its samples (any ``estimate_*``
            function of `toptrumps_core.experiments`).
        exact: The exact value it estimates.
        title: The plot's title; "" for a default.
        ylabel: The y-axis label (with its unit, e.g. "pins").
        limits: The y-axis range; None for [0, 1] for a chance, or around
            the data for a mean.
        points: At most this many checkpoints are drawn.

    Returns:
        A matplotlib `Figure` (no pyplot state; a notebook shows it with
        ``%matplotlib inline``, a widget with `figure_svg`).

    Raises:
        ValueError: If `estimate` kept no samples.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    run = running_estimates(estimate, points=points)
    figure = Figure(figsize=(7.5, 3.8))
    axes = figure.subplots()
    axes.fill_between(run.trials, run.lows, run.highs, color=BLUE, alpha=0.2, label="95% confidence band")
    axes.plot(run.trials, run.values, color=BLUE, linewidth=2, label="simulated (running estimate)")
    value = float(exact)
    exact_label = f"exact: {exact} ≈ {value:.4f}" if isinstance(exact, Fraction) else f"exact: {value:.4f}"
    axes.axhline(value, color=RED, linestyle="--", linewidth=2, label=exact_label)
    axes.set_xscale("log")
    axes.set_xlabel("trials (log scale)")
    axes.set_ylabel(ylabel)
    if limits is None:
        if estimate.kind == "proportion":
            limits = (0.0, 1.0)
        else:
            settled = [i for i, t in enumerate(run.trials) if t >= 30] or list(range(len(run.trials)))
            low = min(min(run.lows[i] for i in settled), value)
            high = max(max(run.highs[i] for i in settled), value)
            pad = (high - low) * 0.15 or 0.1
            limits = (low - pad, high + pad)
    axes.set_ylim(*limits)
    axes.set_title(title or f"{estimate.trials:,} trials: the estimate settles on the exact value")
    axes.legend(loc="best", fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


@dataclass(frozen=True)
class TieResult:
    """One category's tie chance: exact (rule P4) beside simulated (P5).

    Attributes:
        category: The category's label with its unit.
        exact: The exact chance.
        estimate: The Monte Carlo estimate with its 95% interval.
    """

    category: str
    exact: Fraction
    estimate: Estimate


def tie_chart(results: Sequence[TieResult], *, title: str = "") -> Figure:
    """Returns bars of each category's exact tie chance beside the simulated one (P4, P5).

    Raises:
        ValueError: If `results` is empty.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    if not results:
        raise ValueError("there are no results to draw")
    figure = Figure(figsize=(7.5, 0.8 + 0.7 * len(results)))
    axes = figure.subplots()
    rows = list(range(len(results)))
    exact = [float(r.exact) for r in results]
    simulated = [r.estimate.value for r in results]
    axes.barh([y + 0.2 for y in rows], exact, height=0.38, color=RED, alpha=0.8, label="exact (P4)")
    axes.barh([y - 0.2 for y in rows], simulated, height=0.38, color=BLUE, alpha=0.8, label="simulated (P5)")
    axes.errorbar(
        simulated,
        [y - 0.2 for y in rows],
        xerr=[
            [s - r.estimate.low for s, r in zip(simulated, results, strict=True)],
            [r.estimate.high - s for s, r in zip(simulated, results, strict=True)],
        ],
        fmt="none",
        ecolor="black",
        capsize=4,
        label="95% interval",
    )
    axes.set_yticks(rows, [r.category for r in results])
    axes.invert_yaxis()
    axes.set_xlim(0, max(0.05, max(max(exact), max(r.estimate.high for r in results)) * 1.15))
    axes.set_xlabel("chance of a tie")
    axes.set_title(title)
    axes.legend(loc="upper right", fontsize="small")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    return figure


def share_with_interval(estimate: Estimate) -> str:
    """Returns an estimate as a share with its 95% interval, e.g. "12.5% (11.0% to 14.1%)"."""
    low, high = percent(estimate.low, decimals=1), percent(estimate.high, decimals=1)
    return f"{percent(estimate.value, decimals=1)} ({low} to {high})"


def pot_chart(studies: Sequence[TieStudy]) -> Figure:
    """Returns bars of the share of pots of each size, one colour per ``no_data`` option (C5, C6)."""
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    figure = Figure(figsize=(7.5, 3.4))
    axes = figure.subplots()
    sizes = sorted({size for study in studies for size in study.pots}) or [0]
    width = 0.8 / max(1, len(studies))
    colours = (BLUE, ORANGE, GREY)
    for n, study in enumerate(studies):
        counts = study.pot_counts()
        total = max(1, len(study.pots))
        xs = [i + (n - (len(studies) - 1) / 2) * width for i in range(len(sizes))]
        axes.bar(
            xs,
            [counts.get(s, 0) / total for s in sizes],
            width=width,
            color=colours[n % len(colours)],
            label=f'no_data="{study.no_data}" ({len(study.pots):,} pots)',
        )
    axes.set_xticks(range(len(sizes)), [str(s) for s in sizes])
    axes.set_xlabel("cards in the pot when it was won")
    axes.set_ylabel("share of pots")
    axes.set_title("How big do pots grow?")
    axes.legend(fontsize="small")
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    return figure
