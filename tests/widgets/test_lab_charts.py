"""The lab's charts stay legible on a phone: every text at least 9 px when a chart is 340 px wide."""

from __future__ import annotations

import re
from typing import Any

import pytest

import widgets.lab.charts as charts
from widgets.lab import SimulationLab

PHONE_CHART_PX = 340
"""A chart's width on a 390 px phone screen, inside the page's margins."""
SMALLEST_TEXT_PX = 9


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    drawn: dict[str, Any] = {}
    real = charts.figure_svg
    names = {"lengths_chart", "first_chooser_chart", "ladder_chart", "winningness_chart"}

    def keep(figure: Any) -> str:
        import inspect

        caller = next(frame.function for frame in inspect.stack() if frame.function in names)
        drawn[caller] = figure
        return real(figure)

    patch = pytest.MonkeyPatch()
    patch.setattr(charts, "figure_svg", keep)
    try:
        lab = SimulationLab(games=40, seed=5, ladder_games=10)
        lab.run()
        lab.run_ladder()
    finally:
        patch.undo()
    assert set(drawn) == names
    return drawn


@pytest.mark.parametrize("chart", ["lengths_chart", "first_chooser_chart", "ladder_chart", "winningness_chart"])
def test_every_text_of_a_chart_is_legible_on_a_phone(figures: dict[str, Any], chart: str) -> None:
    from matplotlib.text import Text

    figure = figures[chart]
    width_pt = figure.get_figwidth() * 72  # the SVG's width, in points
    scale = PHONE_CHART_PX / width_pt
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert texts
    smallest = min(texts, key=lambda t: t.get_fontsize())
    shown_px = smallest.get_fontsize() * scale
    assert shown_px >= SMALLEST_TEXT_PX, f"{smallest.get_text()!r} is {shown_px:.1f} px on a phone"


def _extents(figure: Any) -> tuple[Any, Any]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # lays the figure out again, as saving it does
    return canvas.get_renderer(), figure.bbox


def test_the_first_choosers_key_covers_no_bar_interval_or_line(figures: dict[str, Any]) -> None:
    figure = figures["first_chooser_chart"]
    renderer, whole = _extents(figure)
    (axes,) = figure.axes
    (legend,) = [*figure.legends, *filter(None, [axes.get_legend()])]
    key = legend.get_window_extent(renderer)
    assert not key.overlaps(axes.get_window_extent(renderer))  # the bar, its interval and the 50% line
    assert not key.overlaps(axes.xaxis.label.get_window_extent(renderer))
    assert not any(key.overlaps(tick.get_window_extent(renderer)) for tick in axes.get_xticklabels())
    assert whole.x0 <= key.x0 and key.x1 <= whole.x1 and whole.y0 <= key.y0 and key.y1 <= whole.y1  # not cut off


def test_long_games_are_counted_with_thousands_separators_on_the_lengths_chart() -> None:
    import pandas as pd

    lengths = list(range(1_000, 3_000, 10))
    frame = pd.DataFrame({"termination": "last_stack", "comparisons": lengths, "seats": 3, "ties": 0, "winner": 0})
    drawn: list[Any] = []
    patch = pytest.MonkeyPatch()
    patch.setattr(charts, "figure_svg", lambda figure: drawn.append(figure) or "<svg></svg>")
    try:
        charts.lengths_chart(frame, 30)
    finally:
        patch.undo()
    (axes,) = drawn[0].axes
    _extents(drawn[0])
    ticks = [t.get_text() for t in axes.get_xticklabels() if t.get_text()]
    assert "2,000" in ticks and all(re.fullmatch(r"\d{1,3}(,\d{3})*", t) for t in ticks), ticks
    assert axes.get_title() == f"Mean length: {sum(lengths) / len(lengths):,.0f} comparisons"
