"""Lesson 6's pieces: a picture of the board at a moment of a quiz, and the chart of reaching a bid (Q4-Q8, P5).

- `board_picture(rules, state)`: the projector board of a scenario start,
  with the chart's answers shown for the tiles turned only;
- `points_table(p, q)` and `bid_table(p, qs, by=...)`: the exact expected
  points of each bid and the best bid against each other team, as tables;
- `reach_chart(ps, ...)`: over the bids 1..10, for each p, the exact chance
  to reach the bid (a line: binomial dashed, with three special tiles solid)
  beside rounds played through the rules (points with their 95 % interval).

matplotlib is imported only when a chart is drawn (an optional heavy
dependency); the figure is made without pyplot, so nothing is shown twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import ipywidgets as ipw

from toptrumps_core.experiments.bidding import estimate_reach, reach_grid
from toptrumps_core.probability.bidding import best_bid, best_bid_for_points, points_per_bid
from toptrumps_core.quiz import QuizRules, QuizState
from widgets._style import shared_style_sheet
from widgets._toolkit import esc
from widgets.quiz.board import CSS, board_html

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["bid_table", "board_picture", "points_table", "reach_chart"]

_COLOURS = ("#b42318", "#bc4c00", "#1f6feb", "#1B7F3B", "#6639ba")


def _table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> ipw.VBox:
    """Returns a captioned table of `rows` under the column names `head`, in the lesson's style."""
    cells = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    heads = "".join(f"<th scope='col'>{esc(name)}</th>" for name in head)
    table = ipw.HTML(
        f"<table class='tt-table'><caption>{esc(caption)}</caption><thead><tr>{heads}</tr></thead>"
        f"<tbody>{cells}</tbody></table>"
    )
    box = ipw.VBox([shared_style_sheet(), table])
    box.add_class("tt-lesson")
    return box


def points_table(p: Fraction, q: Fraction) -> ipw.VBox:
    """Returns, for each bid 1..10, my exact expected points per tile point against a team of `q` (Q4-Q8).

    Args:
        p: My team's chance to know an answer, in [0, 1].
        q: The other team's, in [0, 1].

    Raises:
        ValueError: If `p` or `q` is out of range.

    Example:
        >>> "<td>1</td>" in points_table(Fraction(7, 10), Fraction(1, 2)).children[1].value
        True
    """
    points = points_per_bid(p, q)
    rows = [(str(bid), f"{float(value):.3f}") for bid, value in enumerate(points, start=1)]
    caption = f"Expected points per tile point, my team p = {float(p):g}, the other team p = {float(q):g}"
    return _table(caption, ("My bid", "Expected points"), rows)


def bid_table(p: Fraction, qs: Sequence[Fraction], *, by: Literal["points", "safe"]) -> ipw.VBox:
    """Returns my best bid against each other team of `qs` (Q4): by expected points, or the safe (maximin) bid.

    Args:
        p: My team's chance to know an answer, in [0, 1].
        qs: The other teams' chances, each in [0, 1].
        by: ``"points"`` for the bid that maximises expected points
            (`best_bid_for_points`), ``"safe"`` for the bid whose worst case
            over the other team's bids is best (`best_bid`); ties go lower.

    Raises:
        ValueError: If a chance is out of range or `by` is neither.
    """
    if by not in ("points", "safe"):
        raise ValueError(f"by must be 'points' or 'safe'; got {by!r}")
    best = [best_bid_for_points(p, q) if by == "points" else best_bid(p, q).bid for q in qs]
    rows = [(f"{float(q):g}", str(bid)) for q, bid in zip(qs, best, strict=True)]
    what = "the most expected points" if by == "points" else "the safe bid (best worst case)"
    return _table(f"My best bid with p = {float(p):g}: {what}", ("Other team's p", "Best bid"), rows)


def board_picture(rules: QuizRules, state: QuizState) -> ipw.HTML:
    """Returns the board the class sees at `state` (tiles turned show their answer, the rest stay hidden).

    Example:
        >>> rules = QuizRules(chart_set="Set 1")
        >>> picture = board_picture(rules, rules.start_from(active=0, target=3, turned=(2,)))
        >>> "Mandarin Chinese" in picture.value, "Hindi" in picture.value
        (True, False)
    """
    picture = ipw.HTML(CSS + f"<div class='tt-quiz'>{board_html(rules.observe(state, 0))}</div>")
    picture.add_class("tt-quiz")
    return picture


def reach_chart(
    ps: Sequence[float | Fraction] = (0.3, 0.5, 0.7, 0.9),
    *,
    spare: int = 3,
    trials: int = 200,
    seed: int | str = 0,
) -> Figure:
    """Returns the plot over b and p: the chance to reach a bid b for a team that knows each answer with p.

    Args:
        ps: The teams' chances to know an answer, in [0, 1].
        spare: The special tiles of the active team (wrong guesses it can spare).
        trials: Rounds played per point; 0 for the exact lines only.
        seed: Fixes the rounds.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    bids = list(range(1, 11))
    binomial = reach_grid(ps, spare=None)
    tiles = reach_grid(ps, spare=spare)
    figure = Figure(figsize=(8, 4.5))
    axes = figure.subplots()
    for n, p in enumerate(tiles):
        colour = _COLOURS[n % len(_COLOURS)]
        axes.plot(bids, [float(v) for v in binomial[p]], color=colour, linestyle="--", linewidth=1.5)
        axes.plot(
            bids, [float(v) for v in tiles[p]], color=colour, linewidth=2.5, marker="s", label=f"p = {float(p):.1f}"
        )
        if trials:
            estimates = [estimate_reach(b, p, spare=spare, trials=trials, seed=f"{seed}/{p}/{b}") for b in bids]
            values = [e.value for e in estimates]
            below = [v - e.low for v, e in zip(values, estimates, strict=True)]
            above = [e.high - v for v, e in zip(values, estimates, strict=True)]
            axes.errorbar(bids, values, yerr=[below, above], fmt="o", color=colour, capsize=3, alpha=0.7)
    axes.set_xlabel("bid b (right answers promised)")
    axes.set_ylabel("chance to reach the bid")
    axes.set_xticks(bids)
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    axes.set_title(f"Solid: exact with {spare} special tiles; dashed: binomial; dots: rounds played")
    axes.legend(loc="lower left")
    figure.tight_layout()
    return figure
