"""The Squads lesson's pieces: "place now or wait?", exact beside simulated (rules S3, S5, P5).

- `settle_chart`: the expected tokens of waiting over every threshold,
  exact (a line) beside simulated (points with their 95 % intervals), and
  placing now (a dashed line): a matplotlib figure made without pyplot.
- `card_choices`: for several cards you might turn, the exact chance of
  winning now, the chance a face-down card beats it, and which policy earns
  more tokens.

matplotlib is imported only when the chart is drawn (an optional heavy dependency).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from toptrumps_core.experiments import Table
from toptrumps_core.experiments.settle import SettleQuestion, SettleRow
from toptrumps_core.narration import value_words

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["best_threshold", "card_choices", "settle_chart"]

BLUE, RED, GREEN = "#1f6feb", "#b42318", "#0f7b3f"
"""The chart's colours: simulated, exact waiting, placing now (each also has its own line style and label)."""


def settle_chart(table: Table) -> Figure:
    """Returns the plot over thresholds of a `settle_table` (exact line, simulated points, placing now).

    Raises:
        ValueError: If the table has no `SettleRow` data.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    rows = [row for row in table.data if isinstance(row, SettleRow)]
    if not rows:
        raise ValueError("expected a table from settle_table")
    x = [100 * float(r.threshold) for r in rows]
    figure = Figure(figsize=(7.5, 4.2))
    axes = figure.subplots()
    axes.plot(
        x,
        [float(r.exact.wait_tokens) for r in rows],
        color=RED,
        linewidth=2,
        marker="s",
        label="wait: exact expected tokens",
    )
    values = [r.simulated.wait_tokens.value for r in rows]
    below = [v - r.simulated.wait_tokens.low for v, r in zip(values, rows, strict=True)]
    above = [r.simulated.wait_tokens.high - v for v, r in zip(values, rows, strict=True)]
    axes.errorbar(x, values, yerr=[below, above], fmt="o", color=BLUE, capsize=4, label="wait: simulated, 95% interval")
    axes.axhline(
        float(rows[0].exact.now_tokens),
        color=GREEN,
        linestyle="--",
        linewidth=2,
        label="place now: exact expected tokens",
    )
    axes.set_xlabel("wait for a card whose chance to win is at least … (%)")
    axes.set_ylabel("expected tokens from the slot")
    axes.set_title(table.title)
    axes.set_ylim(bottom=0)
    axes.legend(loc="best", fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def best_threshold(table: Table) -> SettleRow:
    """Returns the row of a `settle_table` whose waiting policy earns the most tokens, exactly."""
    rows = [row for row in table.data if isinstance(row, SettleRow)]
    return max(rows, key=lambda r: r.exact.wait_tokens)


def card_choices(question: SettleQuestion, cards: Sequence[str], threshold: Fraction = Fraction(1, 2)) -> Table:
    """Returns, for each card you might turn, the exact odds and the better policy (S3, S5).

    Example:
        >>> from toptrumps_core import load_deck
        >>> q = SettleQuestion(load_deck("animals"), "Top speed", "highest", None, "Lion")
        >>> card_choices(q, ["Lion", "Red fox"]).rows[1][-1]
        'wait'
    """
    deck = question.deck
    category = deck.categories[deck.category_index(question.category)]
    rows = []
    data = []
    for name in cards:
        scene = SettleQuestion(
            deck,
            question.category,
            question.goal,
            question.target,
            name,
            draws=question.draws,
            opponents=question.opponents,
            tokens=question.tokens,
        )
        odds = scene.exact(threshold)
        data.append((name, odds))
        rows.append(
            (
                name,
                value_words(category, scene.value),
                f"{float(scene.win_chance()):.1%}",
                f"{float(odds.beaten):.1%}",
                f"{float(odds.now_tokens):.2f}",
                f"{float(odds.wait_tokens):.2f}",
                "place now" if odds.now_tokens >= odds.wait_tokens else "wait",
            )
        )
    columns = (
        "card turned",
        question.category,
        "wins if placed now",
        "a face-down card beats it",
        "tokens: place now",
        "tokens: wait",
        "better",
    )
    return Table(columns, tuple(rows), f"Which cards to place now ({question.category}, {question.goal})", tuple(data))
