"""The shared style sheet: keyboard focus rings that can be seen (WCAG 1.4.11: 3:1 against the page)."""

from __future__ import annotations

import re

from toptrumps_core.svg import COLOURS
from widgets._style import CSS


def _luminance(colour: str) -> float:
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_focus_ring_has_3_to_1_contrast_against_the_table_and_white_panels() -> None:
    rules = re.findall(r"([^{}]*:focus[^{}]*)\{\{?([^{}]*)\}", CSS)
    rings = [re.search(r"outline:\s*\d+px solid (#[0-9A-Fa-f]{6})", body) for _, body in rules]
    colours = [ring.group(1) for ring in rings if ring]
    assert len(colours) >= 2
    for colour in colours:
        for page in (COLOURS["table"], "#FFFFFF"):
            assert _contrast(colour, page) >= 3, (colour, page)
