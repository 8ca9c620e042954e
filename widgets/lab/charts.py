"""The simulation lab's charts, drawn by matplotlib into SVG (no pyplot state, nothing printed, no script).

- `lengths_chart`: how many comparisons the games lasted, beside the
  gambler's-ruin estimate of fair coin-flip games (two seats);
- `first_chooser_chart`: the first chooser's share of wins with its 95 %
  interval, beside the fair share (rules C3, P5);
- `ladder_chart`: the strategies' head-to-head scores, each cell written
  out (colour is never the only signal), and their Elo ratings with
  bootstrap intervals;
- `winningness_chart`: the cards that win most and least often, with their
  intervals (rules C4, P5).

Charts are drawn narrow (`WIDTH_IN`) with no text under `TEXT_PT`, so that
on a phone, where a chart is shrunk to the screen's width, every label
stays legible (about 9 px at 340 px wide); the ladder's two panels stand
one above the other for the same reason.  A key never covers data or a
reference line (the first chooser's stands under its axes), and counts are
written as the lab's words write them: 1,000 with a separator, shares with
`widgets._toolkit.percent`.

matplotlib is imported when the first chart is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toptrumps_core.experiments import FirstChooserResult
from toptrumps_core.simulation import Ladder, gamblers_ruin_lengths
from widgets._toolkit import figure_svg, percent

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["first_chooser_chart", "ladder_chart", "lengths_chart", "winningness_chart"]

WIDTH_IN, HEIGHT_IN = 5.0, 3.2
"""A chart's size in inches (72 points each): narrow, so that a phone shrinks it little."""
TEXT_PT, TITLE_PT = 10, 11
"""The smallest text of a chart and its titles, in points."""
BLUE, RED, GREY = "#1f6feb", "#b42318", "#57606a"


def _figure(height_in: float = HEIGHT_IN, rows: int = 1) -> tuple[Any, Any]:
    from matplotlib.figure import Figure  # lazy: matplotlib loads when the first chart is drawn

    figure = Figure(figsize=(WIDTH_IN, height_in))
    axes = figure.subplots(rows, 1)
    for one in axes if rows > 1 else [axes]:
        one.tick_params(labelsize=TEXT_PT)
    return figure, axes


def _thousands(axis: Any) -> None:
    """Writes `axis`'s tick labels as whole numbers with thousands separators (1,000), as the lab's words do."""
    from matplotlib.ticker import StrMethodFormatter

    axis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))


def _percents(axis: Any) -> None:
    """Writes `axis`'s tick labels, shares from 0 to 1, as whole percentages (50%), as the lab's words do."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def lengths_chart(frame: pd.DataFrame, cards_in_play: int) -> str:
    """Returns the histogram of game lengths (comparisons) of the finished games, as SVG.

    For two seats the gambler's-ruin estimate is drawn over it: every
    comparison a fair coin flip moving one card, ties (in the share the games
    had) moving none (`toptrumps_core.simulation.gamblers_ruin_lengths`).

    Args:
        frame: `simulate` rows of one seat count.
        cards_in_play: Cards dealt at the start (rule C2).
    """
    finished = frame[frame["termination"] != "unfinished"]
    lengths = finished["comparisons"].to_numpy()
    figure, axes = _figure()
    longest = int(max(lengths.max() if len(lengths) else 1, 1))
    shown = int(max(float(finished["comparisons"].quantile(0.99)) if len(lengths) else 1, 10))
    bins = min(60, shown)
    axes.hist(lengths[lengths <= shown], bins=bins, density=True, color=BLUE, alpha=0.75, label="these games")
    seats = int(frame["seats"].iloc[0])
    if seats == 2 and cards_in_play >= 2:
        total = float(frame["comparisons"].sum())
        tie_share = min(float(frame["ties"].sum()) / total, 0.95) if total else 0.0
        model = gamblers_ruin_lengths(cards_in_play, tie_chance=tie_share, longest=max(longest, shown))
        step = 2 if tie_share == 0 else 1  # without ties a fair walk ends only on lengths of one parity
        xs = list(range(0, shown + 1))
        ys = [sum(model[t : t + step]) / step for t in xs]
        axes.plot(xs, ys, color=RED, linestyle="--", linewidth=2, label="coin-flip games (gambler's ruin)")
        mean = sum(t * p for t, p in enumerate(model))
        axes.set_title(
            f"Mean length: {lengths.mean():,.0f} comparisons; coin-flip games: {mean:,.0f}", fontsize=TITLE_PT
        )
    else:
        axes.set_title(f"Mean length: {lengths.mean():,.0f} comparisons", fontsize=TITLE_PT)
    axes.set_xlabel("comparisons in a game (ties included)", fontsize=TEXT_PT)
    axes.set_ylabel("share of games", fontsize=TEXT_PT)
    axes.set_xlim(0, shown)
    _thousands(axes.xaxis)
    axes.legend(loc="upper right", fontsize=TEXT_PT)
    figure.tight_layout()
    return figure_svg(figure)


def first_chooser_chart(result: FirstChooserResult) -> str:
    """Returns the first chooser's share of wins as a bar with its 95 % interval, beside the fair share.

    The key stands under the axes, so it covers no bar, interval or line;
    the fair share is written with one decimal, as the lab's words write it.
    """
    estimate = result.estimate
    figure, axes = _figure(3.4)
    value = float(estimate.value)
    bar = axes.barh([0], [value], color=BLUE, height=0.5, label="seat 1 (chooses first)")
    interval = axes.errorbar(
        [value],
        [0],
        xerr=[[value - estimate.low], [estimate.high - value]],
        fmt="none",
        ecolor="black",
        capsize=8,
        label="95% confidence interval",
    )
    fair = percent(result.fair_share, decimals=1)
    line = axes.axvline(result.fair_share, color=RED, linestyle="--", label=f"no advantage: {fair}")
    axes.set_xlim(0, 1)
    _percents(axes.xaxis)
    axes.set_yticks([])
    axes.set_xlabel("share of finished games won by the first chooser", fontsize=TEXT_PT)
    axes.set_title(f"{estimate.trials:,} finished games", fontsize=TITLE_PT)
    # Under the axes and their label, so the key covers neither the bar nor the no-advantage line.
    figure.set_layout_engine("constrained")
    keyed = [bar, interval, line]
    figure.legend(keyed, [one.get_label() for one in keyed], loc="outside lower center", ncol=2, fontsize=TEXT_PT)
    return figure_svg(figure)


def ladder_chart(ladder: Ladder) -> str:
    """Returns the head-to-head scores (each cell written) and the Elo ratings with intervals, as SVG."""
    grid = ladder.head_to_head()
    names = [name.replace("_", " ") for name in grid.index]
    figure, (left, right) = _figure(7.6, 2)
    left.imshow(grid.to_numpy(dtype=float), cmap="RdBu", vmin=0, vmax=1)
    for row in range(len(names)):
        for column in range(len(names)):
            score = grid.iat[row, column]
            text = "—" if row == column else percent(float(score))
            strong = row != column and abs(float(score) - 0.5) > 0.3  # white on the darkest cells
            left.text(
                column, row, text, ha="center", va="center", fontsize=TEXT_PT, color="white" if strong else "black"
            )
    left.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=TEXT_PT)
    left.set_yticks(range(len(names)), names, fontsize=TEXT_PT)
    left.set_title("score of the row against the column", fontsize=TITLE_PT)
    table = ladder.table()
    ys = list(range(len(table)))[::-1]
    ratings = table["rating"].to_numpy()
    errors = [ratings - table["low"].to_numpy(), table["high"].to_numpy() - ratings]
    right.errorbar(ratings, ys, xerr=errors, fmt="o", color=BLUE, ecolor="black", capsize=5)
    right.set_yticks(ys, [name.replace("_", " ") for name in table["strategy"]], fontsize=TEXT_PT)
    right.set_xlabel("Elo rating (95% bootstrap interval)", fontsize=TEXT_PT)
    right.axvline(1500, color=GREY, linestyle=":", linewidth=1)
    figure.tight_layout()
    return figure_svg(figure)


def winningness_chart(table: pd.DataFrame, *, each_end: int = 8) -> str:
    """Returns the `each_end` most and least winning cards' win shares with their intervals, as SVG.

    Args:
        table: `card_winningness` rows, most winning first.
        each_end: Cards shown from each end of the table.
    """
    seen = table.dropna(subset=["win_share"])
    shown = seen if len(seen) <= 2 * each_end else seen.iloc[list(range(each_end)) + list(range(-each_end, 0))]
    figure, axes = _figure(max(2.8, 0.3 * len(shown) + 1.2))
    ys = list(range(len(shown)))[::-1]
    shares = shown["win_share"].to_numpy()
    errors = [shares - shown["low"].to_numpy(), shown["high"].to_numpy() - shares]
    colours = [BLUE if share >= 0.5 else RED for share in shares]
    axes.barh(ys, shares, color=colours, height=0.7)
    axes.errorbar(shares, ys, xerr=errors, fmt="none", ecolor="black", capsize=3, linewidth=1)
    axes.set_yticks(ys, shown["card"].tolist(), fontsize=TEXT_PT)
    for y, share in zip(ys, shares, strict=True):
        axes.text(1.01, y, percent(float(share)), va="center", fontsize=TEXT_PT, transform=axes.get_yaxis_transform())
    axes.axvline(0.5, color=GREY, linestyle=":", linewidth=1)
    axes.set_xlim(0, 1)
    _percents(axes.xaxis)
    axes.set_xlabel("share of its comparisons won outright\n(95% interval)", fontsize=TEXT_PT)
    gap = " (most and least winning)" if len(shown) < len(seen) else ""
    axes.set_title(f"{len(seen):,} cards{gap}", fontsize=TITLE_PT)
    figure.tight_layout()
    return figure_svg(figure)
