"""ChartButton: a lesson's chart is drawn when the class presses its button, not when the page opens."""

from __future__ import annotations

import ipywidgets as ipw

from tests.widgets.widget_helpers import descendants
from toptrumps_core.errors import RuleOptionError
from widgets.lesson import ChartButton


def _figure(title: str) -> object:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(2, 1))
    figure.subplots().set_title(title)
    return figure


def test_the_chart_is_drawn_on_the_press_with_the_arguments_given() -> None:
    calls: list[str] = []

    def draw(title: str) -> object:
        calls.append(title)
        return _figure(title)

    chart = ChartButton("Draw the chart", draw, "ties per category")
    assert chart.chart == "" and calls == []
    button = next(w for w in descendants(chart) if isinstance(w, ipw.Button))
    assert button.description == "Draw the chart" and button.tooltip
    button.click()
    assert calls == ["ties per category"] and chart.chart.startswith("<svg") and "<script" not in chart.chart
    button.click()
    assert calls == ["ties per category"] * 2


def test_a_failing_chart_says_so_kindly_and_shows_nothing() -> None:
    def draw() -> object:
        raise RuleOptionError("no rows to draw")

    chart = ChartButton("Draw the chart", draw)
    chart.show()
    assert chart.chart == "" and chart._status.text == "Sorry — no rows to draw." and chart._status.kind == "error"
