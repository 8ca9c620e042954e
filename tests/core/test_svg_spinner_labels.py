"""The spinner's arrow never covers the chosen sector's label (rule T3's spinner): the result stays readable.

For every sector and every label the spinner shows (the six mini-games, and
each bundled deck's name for a deck spin, bold with "★" as the chosen
sector), each line of the label, measured with the shared text-width model
(`toptrumps_core.svg.text_fitting`), is checked against the arrow's outline
turned to that sector, with a margin for the arrow's edge.
"""

from __future__ import annotations

import math

import pytest

from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.svg import spinners
from toptrumps_core.svg.text_fitting import text_width

EDGE_PX = 3.0
"""The arrow's outline (stroke 3 px) and a little air, kept clear of every letter."""


def _arrow(sector: int) -> list[tuple[float, float]]:
    """The arrow's outline pointing at `sector`, in pixels from the spinner's centre (x right, y down)."""
    angle = math.radians(spinners.sector_angle(sector))
    cos, sin = math.cos(angle), math.sin(angle)
    return [(x * cos - y * sin, x * sin + y * cos) for x, y in spinners.arrow_outline()]


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _distance_to_edges(point: tuple[float, float], polygon: list[tuple[float, float]]) -> float:
    px, py = point
    best = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - (x0 + t * dx), py - (y0 + t * dy)))
    return best


def _covered(text: str, sector: int) -> list[str]:
    """Returns the lines of `text`, drawn as the chosen sector's label, that the arrow touches."""
    lines, size, baselines = spinners.sector_label_lines(text, sector, bold=True)
    centre_x, _ = spinners.sector_label_centre(sector)
    arrow = _arrow(sector)
    touched = []
    for line, baseline in zip(lines, baselines, strict=True):
        half = text_width(line, size, bold=True) / 2
        top, bottom = baseline - size * spinners.ASCENT, baseline + size * spinners.DESCENT
        points = [
            (centre_x + half * (2 * i / 20 - 1), top + (bottom - top) * j / 6) for i in range(21) for j in range(7)
        ]
        if any(_inside(p, arrow) or _distance_to_edges(p, arrow) < EDGE_PX for p in points):
            touched.append(line)
    return touched


def _labels() -> list[str]:
    names = list(spinners.SECTOR_LABELS)
    names += [load_deck(name).name for name in bundled_decks()]
    return names


@pytest.mark.parametrize("sector", range(6))
def test_the_arrow_leaves_the_chosen_sector_s_label_readable(sector: int) -> None:
    covered = {name: _covered(f"★ {name}", sector) for name in _labels()}
    assert {name: lines for name, lines in covered.items() if lines} == {}


def test_the_arrow_still_points_well_past_the_hub() -> None:
    tip = max(math.hypot(x, y) for x, y in spinners.arrow_outline())
    assert tip >= 2.5 * spinners.HUB_RADIUS_PX
