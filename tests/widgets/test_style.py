"""The shared style sheet: keyboard focus rings that can be seen (WCAG 1.4.11: 3:1 against the page)."""

from __future__ import annotations

import re

from toptrumps_core.svg import COLOURS
from widgets import HiLoTable
from widgets._style import CSS
from widgets.tournament.board import ARENA_CSS


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


def test_reduced_motion_stops_every_animation_and_transition_of_the_app() -> None:
    block = CSS[CSS.index("@media (prefers-reduced-motion: reduce)") :]
    rule = block[: block.index("\n}")]  # the media query's own closing brace, at the start of a line
    assert '[class*="tt-"]' in rule and '[class*="tt-"] *' in rule, "every tt- element and its insides"
    assert "animation: none !important" in rule and "transition: none !important" in rule


def test_phones_laptops_and_the_projector_each_have_their_own_sizes() -> None:
    assert "@media (max-width: 600px)" in CSS  # 390x844: columns stack, nothing wider than the screen
    assert "@media (max-height: 900px) and (min-width: 601px)" in CSS  # 1366x768, 1024x768: one screen
    projector = re.findall(r"\.tt-table\.tt-projector \{([^}]*)\}", CSS)
    assert projector and "max-width: none" in projector[0], "projector mode takes the full width"


def test_hi_lo_s_face_up_cards_are_drawn_wide_enough_for_13_px_type_at_every_screen_size() -> None:
    """Every width the sheet gives a face-up Hi Lo card (any media query) keeps its smallest type at 13 px or more."""
    table = HiLoTable.new(seed=5, lens=True)
    picture = str(table.card_views[0].value)
    view_width = float(re.search(r'viewBox="0 0 ([\d.]+) ', picture).group(1))  # type: ignore[union-attr]
    smallest = min(float(size) for size in re.findall(r'font-size="([\d.]+)"', picture))
    widths = [float(w) for w in re.findall(r"\.tt-hilo-row \.tt-cardview svg \{\{? *width: *([\d.]+)px", CSS)]
    assert widths, "the sheet sizes Hi Lo's cards"
    assert all(smallest * width / view_width >= 13 for width in widths), (smallest, widths)
    table.close()


def test_projector_mode_lets_the_tournament_s_spinner_tracks_and_decks_grow() -> None:
    """In projector mode the arena's right column (spinner, pin tracks, deck shelf) takes its share of the width."""
    rules = dict(re.findall(r"(\.tt-projector [^{}]*?)\s*\{([^{}]*)\}", ARENA_CSS))
    grow = re.search(r"flex:\s*(\d+)", rules[".tt-projector .tt-arena-right"])
    assert grow is not None and int(grow.group(1)) >= 1
    assert "width: 620px; max-width: 100%" in rules[".tt-projector .tt-spinner-box svg"]
    assert "width: 100%" in CSS[CSS.index(".tt-projector .tt-svg svg, .tt-projector .tt-board svg") :].split("}")[0]
