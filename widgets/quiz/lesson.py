"""Lesson 6's pieces: a picture of the board at a moment of a quiz, and the chart of reaching a bid (Q4-Q8, P5).

- `board_picture(rules, state)`: the projector board of a scenario start,
  with the chart's answers shown for the tiles turned only;
- `reach_chart(ps, ...)`: over the bids 1..10, for each p, the exact chance
  to reach the bid (a line: binomial dashed, with three special tiles solid)
  beside rounds played through the rules (points with their 95 % interval).

matplotlib is imported only when a chart is drawn (an optional heavy
dependency); the figure is made without pyplot, so nothing is shown twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import ipywidgets as ipw

from toptrumps_core.experiments.bidding import estimate_reach, reach_grid
from toptrumps_core.quiz import QuizRules, QuizState
from widgets.quiz.board import CSS, board_html

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["board_picture", "reach_chart"]

_COLOURS = ("#b42318", "#bc4c00", "#1f6feb", "#1B7F3B", "#6639ba")


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
