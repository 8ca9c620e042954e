"""The frame of every classroom experiment: controls, Run, progress, chart, summary, table.

`Experiment` is the frame the lessons' experiments share, in the look of the
other views (the shared style sheet, ``tt-table`` fonts, a large Run
button); `figure_svg` turns a matplotlib figure into SVG markup for an
``HTML`` widget (no pyplot state, nothing printed, no script).
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import ipywidgets as ipw

from widgets._boundary import ErrorBoundary
from widgets._style import style_sheet
from widgets._toolkit.controls import StatusLine, big_button, html_widget

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Experiment", "figure_svg"]


def figure_svg(figure: Figure) -> str:
    """Returns `figure` as SVG markup (no script), for an ``HTML`` widget."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.find("<svg") :] if "<svg" in text else text


class Experiment(ipw.VBox):
    """Controls, a Run button, a progress bar, a chart, a summary, a table and a status line.

    The frame of every classroom experiment, in the look of the other views
    (the shared style sheet, ``tt-table`` fonts, a large Run button).  A
    subclass builds its controls, calls ``super().__init__``, and in its
    ``run`` (decorated with `widgets._boundary.handler`) checks the settings,
    then computes inside ``with self._running():``, passing `_tick` as the
    progress callback, and fills `_chart`, `_summary` and `_table`.

    Args:
        controls: The settings widgets, shown in a wrapping row.
        run_label: The Run button's text (also its tooltip unless given).
        run_tooltip: The Run button's tooltip.
    """

    def __init__(self, controls: Sequence[ipw.Widget], run_label: str, *, run_tooltip: str | None = None) -> None:
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._button = big_button(run_label, run_tooltip or run_label, primary=True)
        self._progress = ipw.IntProgress(
            value=0, min=0, max=1, description="Progress", style={"description_width": "initial"}
        )
        self._chart = html_widget("tt-svg")
        self._table = ipw.HTML()
        self._summary = html_widget("tt-say")
        self._button.on_click(lambda _button: self.run())
        box = ipw.HBox(list(controls), layout=ipw.Layout(flex_flow="row wrap"))
        box.add_class("tt-settings")
        children = [box, ipw.HBox([self._button]), self._progress, self._status, self._chart, self._summary]
        super().__init__([style_sheet(), *children, self._table])
        for css in ("tt-table", "tt-lesson", "tt-experiment"):
            self.add_class(css)

    def run(self) -> None:  # pragma: no cover - every subclass defines it
        """Runs the experiment with the current settings."""
        raise NotImplementedError

    def _tick(self, done: int, total: int) -> None:
        """Moves the progress bar (about 50 steps a run, so the page is not flooded)."""
        if self._progress.max != total:
            self._progress.max = max(total, 1)
        if done == total or done % max(total // 50, 1) == 0:
            self._progress.value = done

    @contextmanager
    def _running(self) -> Iterator[None]:
        """Clears the status, disables Run and resets the bar while the body runs."""
        self._status.show("")
        self._button.disabled = True
        self._progress.value = 0
        try:
            yield
        finally:
            self._button.disabled = False
