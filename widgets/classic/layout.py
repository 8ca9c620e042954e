"""Where each part of the classic table sits, on every screen from a phone to a projector.

Two columns that wrap: the person's card (with the "Show the odds" lens) on
the left, and on the right the stacks, the result, "Next ▶" and
"Fast-forward ⏩", the last comparison and the log.  On a laptop (1366x768,
1024x768) the turn banner, the card and the main button share one screen;
on a phone (390 px) the columns stack and neither asks for more than the
screen's width.  The sizes per screen are in `widgets._style`.
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
    right = ipw.VBox(
        [
            parts.stacks,
            parts.result,
            buttons,
            html_widget("tt-heading-box", '<div class="tt-heading">Last comparison</div>'),
            parts.comparison,
            html_widget("tt-heading-box", '<div class="tt-heading">Game log (newest comparison first)</div>'),
            parts.log_view,
        ],
        layout=ipw.Layout(flex="1 1 420px", min_width="0"),
    )
    right.add_class("tt-col-arena")
    children = (
        style_sheet(),
        ipw.HBox([parts.title, ProjectorSwitch(view)], layout=ipw.Layout(flex_flow="row wrap")),
        parts.turn,
        parts.status,
        ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
        parts.settings,
        parts.saves,
    )
    return children, right
