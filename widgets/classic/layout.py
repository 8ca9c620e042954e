"""Where each part of the classic table sits, on every screen from a phone to a projector.

Two columns that wrap: the person's card (with the "Show the odds" lens) on
the left, and on the right the stacks, the result, "Next ▶" and
"Fast-forward ⏩", the last comparison and the log.  On a laptop (1366x768,
1024x768) the turn banner, the card and the main button share one screen;
on a phone (390 px) the columns stack and neither asks for more than the
screen's width.  In projector mode (1920x1080, or a 1366x768 projector) the
card's column narrows and the last comparison stays under the buttons,
drawn short and in large type (`widgets.classic.projected`), so the turn
banner, the stacks, the main button and every player's card of the last
comparison show on one screen, the log below them.  The sizes per screen
are in `widgets._style`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw

from widgets._toolkit import Disclosure, ProjectorSwitch, RulesPanel, html_widget
from widgets._toolkit.clock import game_head

if TYPE_CHECKING:
    from widgets.classic.table import ClassicTable

__all__ = ["CARD_COLUMN", "PROJECTOR_CARD_COLUMN", "TableParts", "table_layout"]

CARD_COLUMN = "0 1 470px"
"""The CSS flex of the person's card column: 470 px, narrower on a phone."""
PROJECTOR_CARD_COLUMN = "0 1 380px"
"""The card column in projector mode: the type is bigger, and six comparison cards need the width beside it."""


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


def table_layout(
    view: ClassicTable, parts: TableParts, *, redraw: Callable[[dict[str, Any]], None]
) -> tuple[tuple[ipw.Widget, ...], ipw.VBox]:
    """Returns the table's children in order, and its right-hand column (whose minimum width a comparison sets).

    Args:
        view: The table itself (the projector switch enlarges it; the rules
            panel at the foot reads its game in play).
        parts: Its fixed widgets.
        redraw: Draws the last comparison anew, called with the switch's change when projector
            mode goes on or off (the last comparison has a drawing of its own for each mode); the
            game, the focus and every setting stay as they are.
    """
    left = ipw.VBox([parts.lens, parts.card_area], layout=ipw.Layout(flex=CARD_COLUMN, min_width="0"))
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
    switch = ProjectorSwitch(view)

    def follow(projector: bool) -> None:
        """Narrows the card's column in projector mode, so the comparison beside it has the width."""
        left.layout.flex = PROJECTOR_CARD_COLUMN if projector else CARD_COLUMN

    def switched(change: dict[str, Any]) -> None:
        follow(bool(change["new"]))
        redraw(change)

    switch.observe(switched, names="value")
    follow(bool(switch.value))
    children = (
        *game_head(),
        ipw.HBox([parts.title, switch], layout=ipw.Layout(flex_flow="row wrap")),
        parts.turn,
        parts.status,
        ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
        parts.settings,
        parts.saves,
        RulesPanel(lambda: view.match),
    )
    return children, right
