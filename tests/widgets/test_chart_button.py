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


def test_the_page_opens_with_the_button_alone_and_the_chart_comes_below_it_with_the_first_press() -> None:
    chart = ChartButton("Draw the chart", _figure, "wins per seat")
    assert not any(isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes for w in descendants(chart))
    button = next(w for w in descendants(chart) if isinstance(w, ipw.Button))
    assert button in chart.children  # reached by Tab as the only control, no box around it
    button.click()
    drawn = [w for w in chart.children if isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes]
    assert len(drawn) == 1 and chart.children[-1] is drawn[0] and drawn[0].value.startswith("<svg")
    button.click()  # a redraw fills the same chart
    assert [w for w in chart.children if isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes] == drawn
