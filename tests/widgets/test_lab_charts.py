"""The lab's charts stay legible on a phone: every text at least 9 px when a chart is 340 px wide."""

from __future__ import annotations

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
