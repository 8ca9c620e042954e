"""Where each part of the classic table sits, on every screen from a phone to a projector.

Two columns that wrap: the person's card (with the "Show the odds" lens) on
the left, and on the right the stacks, the result, "Next ▶" and
"Fast-forward ⏩", the last comparison and the log.  On a laptop (1366x768,
1024x768) the turn banner, the card and the main button share one screen;
on a phone (390 px) the columns stack and neither asks for more than the
screen's width.  In projector mode the last comparison leaves the right
column for a row of its own under both columns, as wide as the screen, so
six players' cards are each drawn as big as the width allows.  The sizes per
screen are in `widgets._style`.
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as ipw

from widgets._style import style_sheet
from widgets._toolkit import Disclosure, ProjectorSwitch, html_widget

__all__ = ["TableParts", "table_layout"]


@dataclass(frozen=True)
class TableParts:
    """The fixed widgets of a classic table, built once and re-rendered from the match."""

    title: ipw.HTML
    turn: ipw.HTML
    status: ipw.HTML
    lens: ipw.Checkbox
    card_area: ipw.VBox
    stacks: ipw.HTML
    result: ipw.HTML
    next_button: ipw.Button
    fast_button: ipw.Button
    comparison: ipw.HTML
    log_view: ipw.HTML
    settings: Disclosure
    saves: Disclosure


def table_layout(view: ipw.DOMWidget, parts: TableParts) -> tuple[tuple[ipw.Widget, ...], ipw.VBox]:
    """Returns the table's children in order, and its right-hand column (whose minimum width a comparison sets).

    Args:
        view: The table itself (the projector switch enlarges it).
        parts: Its fixed widgets.
    """
    left = ipw.VBox([parts.lens, parts.card_area], layout=ipw.Layout(flex="0 1 470px", min_width="0"))
    left.add_class("tt-col-card")
    buttons = ipw.HBox([parts.next_button, parts.fast_button], layout=ipw.Layout(flex_flow="row wrap"))
    comparison = ipw.VBox(
        [html_widget("tt-heading-box", '<div class="tt-heading">Last comparison</div>'), parts.comparison],
        layout=ipw.Layout(width="100%"),
    )
    comparison.add_class("tt-comparison-box")
    log = (
        html_widget("tt-heading-box", '<div class="tt-heading">Game log (newest comparison first)</div>'),
        parts.log_view,
    )
    right = ipw.VBox(
        [parts.stacks, parts.result, buttons, comparison, *log], layout=ipw.Layout(flex="1 1 420px", min_width="0")
    )
    right.add_class("tt-col-arena")
    full_width = ipw.VBox(layout=ipw.Layout(width="100%"))
    full_width.add_class("tt-comparison-row")
    switch = ProjectorSwitch(view)

    def place_comparison(projector: bool) -> None:
        """Puts the last comparison in the right column, or (projector mode) in the full-width row."""
        with view.hold_sync():
            right.children = (parts.stacks, parts.result, buttons, *(() if projector else (comparison,)), *log)
            full_width.children = (comparison,) if projector else ()

    switch.observe(lambda change: place_comparison(bool(change["new"])), names="value")
    place_comparison(bool(switch.value))
    children = (
        style_sheet(),
        ipw.HBox([parts.title, switch], layout=ipw.Layout(flex_flow="row wrap")),
        parts.turn,
        parts.status,
        ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
        full_width,
        parts.settings,
        parts.saves,
    )
    return children, right
