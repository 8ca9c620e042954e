"""Where the classic table puts the last comparison: beside the card, or in projector mode a full-width row."""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ClassicRules
from toptrumps_core.play import Match
from toptrumps_core.strategies import HUMAN, BestValue
from widgets import ClassicTable
from widgets._toolkit import ProjectorSwitch


def _table(seats: int) -> ClassicTable:
    names = ["Rocket", "Snail", "Car", "Bike", "Boat", "Kite", "Tram", "Ship", "Cart", "Sled", "Jet", "Bus"]
    rows = {n: [i * 7 % 13, i * 5 % 11] for i, n in enumerate(names)}
    deck = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)], rows)
    return ClassicTable(Match(ClassicRules(deck, seats=seats), [HUMAN] + [BestValue()] * (seats - 1), seed=4))


def _holder(table: ClassicTable, part: ipw.Widget) -> str:
    """Returns the CSS class of the box (the right column or the full-width row) whose children hold `part`."""
    for box in [*table.children, *(c for w in table.children if isinstance(w, ipw.Box) for c in w.children)]:
        if isinstance(box, ipw.Box) and any(part in getattr(c, "children", ()) or part is c for c in box.children):
            return next((k for k in box._dom_classes if k in ("tt-col-arena", "tt-comparison-row")), "other")
    return "nowhere"


def test_projector_mode_moves_the_comparison_to_a_full_width_row_and_back() -> None:
    table = _table(6)
    table.choose(0)
    comparison = table._comparison
    switch = next(w for w in table.children[1].children if isinstance(w, ProjectorSwitch))
    assert _holder(table, comparison) == "tt-col-arena"
    switch.set_state({"value": True})
    try:
        assert _holder(table, comparison) == "tt-comparison-row"
        table.next()  # a move re-renders the comparison where it is
        assert _holder(table, comparison) == "tt-comparison-row" and "<svg" in comparison.value
        later = _table(3)  # a game started while the page is in projector mode
        assert _holder(later, later._comparison) == "tt-comparison-row"
    finally:
        switch.set_state({"value": False})
    assert _holder(table, comparison) == "tt-col-arena" and _holder(later, later._comparison) == "tt-col-arena"
