"""A chart drawn when the class asks for it: a button, then the picture (rule P5's charts).

A lesson page that drew its matplotlib charts as it opened would load
matplotlib and numpy (tens of MiB, a second or more) for every pupil, read
or not.  `ChartButton` shows a button instead; the first press draws the
chart (matplotlib loads then) into the page as SVG, and the button stays to
redraw it.  The drawing runs inside the error boundary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from widgets._boundary import ErrorBoundary, handler
from widgets._style import shared_style_sheet
from widgets._toolkit import StatusLine, big_button, figure_svg, html_widget

__all__ = ["ChartButton"]


class ChartButton(ipw.VBox):
    """A "Draw the chart" button that draws ``draw(*args, **kwargs)`` below it when pressed.

    Args:
        label: The button's text, e.g. ``"Draw the chart"``.
        draw: Returns a matplotlib ``Figure`` (e.g. `widgets.squads.lesson.settle_chart`).
        *args: Passed to `draw`.
        tooltip: The button's tooltip; None for `label`.
        **kwargs: Passed to `draw`.

    Example:
        >>> ChartButton("Draw the chart", lambda: None).chart
        ''
    """

    def __init__(
        self, label: str, draw: Callable[..., Any], *args: Any, tooltip: str | None = None, **kwargs: Any
    ) -> None:
        self._draw, self._args, self._kwargs = draw, args, kwargs
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._button = big_button(label, tooltip or label, primary=False)
        self._button.layout.align_self = "flex-start"
        self._button.on_click(lambda _button: self.show())
        self._chart: ipw.HTML | None = None  # made with the first chart, so the page opens with the button alone
        super().__init__([shared_style_sheet(), self._button, self._status])
        for css in ("tt-table", "tt-lesson"):
            self.add_class(css)

    @property
    def chart(self) -> str:
        """The chart shown, as SVG markup ("" before the first press)."""
        return "" if self._chart is None else str(self._chart.value)

    @handler
    def show(self) -> None:
        """Draws the chart (again) and shows it."""
        self._status.show("")
        svg = figure_svg(self._draw(*self._args, **self._kwargs))
        if self._chart is None:
            self._chart = html_widget("tt-svg", svg)
            self.children = (*self.children, self._chart)
        else:
            self._chart.value = svg
