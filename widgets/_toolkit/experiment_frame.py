"""The frame of every classroom experiment: controls, Run and Stop, progress, chart, summary, table.

`Experiment` is the frame the lessons' experiments share, in the look of the
other views (the shared style sheet, ``tt-table`` fonts, a large Run
button); `figure_svg` turns a matplotlib figure into SVG markup for an
``HTML`` widget (no pyplot state, nothing printed, no script).

A run plays in steps (`widgets._toolkit.stepped_run.SteppedRun`), one chunk
of games per turn of the kernel's event loop: between two steps the kernel
answers the page, so the progress bar moves, the other widgets of the page
stay usable, and the Stop button ends the run, keeping the last finished
result.  Outside an event loop (a program, a test) ``run()`` plays every
step before it returns.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import ipywidgets as ipw

from widgets._boundary import ErrorBoundary, handler
from widgets._style import shared_style_sheet
from widgets._toolkit.controls import StatusLine, big_button, html_widget
from widgets._toolkit.stepped_run import Schedule, Sleep, SteppedRun

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["STOPPED_MESSAGE", "Experiment", "figure_svg"]

STOPPED_MESSAGE = "Stopped. The result shown is from the last run that finished."
"""What the status line says when a run was stopped."""


def figure_svg(figure: Figure) -> str:
    """Returns `figure` as SVG markup (no script), for an ``HTML`` widget."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.find("<svg") :] if "<svg" in text else text


class Experiment(ipw.VBox):
    """Controls, Run and Stop buttons, a progress bar, a chart, a summary, a table and a status line.

    The frame of every classroom experiment, in the look of the other views
    (the shared style sheet, ``tt-table`` fonts, a large Run button).  A
    subclass builds its controls, calls ``super().__init__``, and defines
    `_steps`: a generator that checks the settings, computes in chunks
    (yielding between them, passing `_tick` as the progress callback), and
    at its end fills `_chart`, `_summary` and `_table`.  The Run button
    calls `run`; Stop calls `stop`.

    Args:
        controls: The settings widgets, shown in a wrapping row.
        run_label: The Run button's text (also its tooltip unless given).
        run_tooltip: The Run button's tooltip.
    """

    _schedule: Schedule | None = None
    """How the steps are driven (tests step them by hand); None: the kernel's event loop."""
    _sleep: Sleep | None = None
    """The pause between two steps (tests); None: `asyncio.sleep`."""

    def __init__(self, controls: Sequence[ipw.Widget], run_label: str, *, run_tooltip: str | None = None) -> None:
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._button = big_button(run_label, run_tooltip or run_label, primary=True)
        self._stop = big_button("Stop", "Stop the run; the last finished result stays", primary=False)
        self._stop.disabled = True
        self._run: SteppedRun | None = None
        self._progress = ipw.IntProgress(
            value=0, min=0, max=1, description="Progress", style={"description_width": "initial"}
        )
        self._button.on_click(lambda _button: self.run())
        self._stop.on_click(lambda _button: self.stop())
        box = ipw.HBox(list(controls), layout=ipw.Layout(flex_flow="row wrap"))
        box.add_class("tt-settings")
        buttons = ipw.HBox([self._button, self._stop])
        super().__init__([shared_style_sheet(), box, buttons, self._progress, self._status])
        for css in ("tt-table", "tt-lesson", "tt-experiment"):
            self.add_class(css)

    @cached_property
    def _outputs(self) -> tuple[ipw.HTML, ipw.HTML, ipw.HTML]:
        """The chart, the summary and the table, made and shown under the controls when first filled.

        A page opens with the controls alone, so its browser builds no empty output.
        """
        outputs = (html_widget("tt-svg"), html_widget("tt-say"), ipw.HTML())
        self.children = (*self.children, *outputs)
        return outputs

    @property
    def _chart(self) -> ipw.HTML:
        return self._outputs[0]

    @property
    def _summary(self) -> ipw.HTML:
        return self._outputs[1]

    @property
    def _table(self) -> ipw.HTML:
        return self._outputs[2]

    @property
    def running(self) -> bool:
        """True while a run is going (in a kernel, between its steps)."""
        return self._run is not None and self._run.running

    @handler
    def run(self) -> None:
        """Runs the experiment with the current settings, in steps; does nothing while a run is going.

        In a kernel it returns at once and the steps follow, one per turn of
        the event loop; elsewhere every step has run when it returns.  A
        setting out of range is shown in the status line, changing nothing.
        """
        if self.running:
            return
        self._status.show("")
        with self.hold_sync():
            self._button.disabled = True
            self._stop.disabled = False
            self._progress.value = 0
            self._progress.bar_style = ""
        self._run = SteppedRun(self._steps(), self._boundary, self._ended, schedule=self._schedule, sleep=self._sleep)

    def stop(self) -> None:
        """Stops the run before its next step (the step underway finishes; the last finished result stays)."""
        if self._run is not None:
            self._run.stop()

    def _steps(self) -> Iterator[object]:  # pragma: no cover - every subclass defines it
        """The steps of one run: yields between chunks of work, fills the outputs at its end."""
        raise NotImplementedError

    def _ended(self, complete: bool) -> None:
        """Turns Run back on and Stop off; says "Stopped" when the run was stopped (a failure says its own)."""
        with self.hold_sync():
            self._button.disabled = False
            self._stop.disabled = True
        if not complete and not self._status.text:
            self._status.show(STOPPED_MESSAGE)

    def _tick(self, done: int, total: int) -> None:
        """Moves the progress bar (about 50 steps a run, so the page is not flooded)."""
        if self._progress.max != total:
            self._progress.max = max(total, 1)
        if done == total or done % max(total // 50, 1) == 0:
            self._progress.value = done
