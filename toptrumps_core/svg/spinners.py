"""The tournament's spinner: six equal, labelled sectors and an arrow (rule T3).

Sector 1 starts at 12 o'clock and the others follow clockwise.  The arrow is
a group with the class ``tt-spinner-arrow``, drawn pointing up around the
spinner's centre and turned to its sector by a ``transform="rotate(angle)"``
attribute (`sector_angle`); a page can animate it with a CSS ``transform``
(the widget `widgets.spinner.Spinner` does) and shows the right sector
without CSS.  The sector names are written on the spinner, so the result is
never told by colour alone.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from toptrumps_core.svg.elements import (
    Svg,
    check_index,
    clean_text,
    coord,
    draw_circle,
    draw_rect,
    draw_text,
    finish,
    new_root,
    point_at,
    scale_of,
)
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import CORNER_PX, PAD_PX
from toptrumps_core.svg.text_fitting import fit_size, wrap
from toptrumps_core.tournament.spinner import OPENINGS, SECTOR_NAMES, SECTORS, Sector

__all__ = [
    "SECTOR_LABELS",
    "SPINNER_WIDTH_PX",
    "arrow_outline",
    "sector_angle",
    "sector_label",
    "sector_label_centre",
    "sector_label_lines",
    "spinner",
]

SPINNER_WIDTH_PX = 440
"""Default width of the `spinner` picture (px)."""

SPINNER_RADIUS_PX = 188
SPINNER_CAPTION_FONT_PX = 22
SECTOR_FONT_PX = 20
SECTOR_MIN_FONT_PX = 13
SECTOR_LINE_PX = 23
SECTOR_MAX_LINES = 3
HUB_RADIUS_PX = 26
ARROW_LENGTH_PX = 80
"""How far the arrow's tip reaches from the centre (px), short of the sector labels."""
ARROW_HEAD_PX = 34
"""The length of the arrow's head (px); it is 1.5 times as wide."""
ARROW_SHAFT_PX = 9.0
"""Half the width of the arrow's shaft (px)."""
LABEL_RADIUS = 0.72
"""Where sector labels sit, as a share of the spinner's radius (beyond the arrow's tip)."""
LABEL_ROOM = 0.58
"""The widest a sector label's line may be, as a share of the spinner's radius (the sector's width there)."""
RIM_MARGIN_PX = 8
"""How far a label stays inside the rim: clear of the rim's line and of the chosen sector's outline."""
ASCENT = 0.75
"""How far a line's letters reach above its baseline, as a share of the font size."""
DESCENT = 0.25
"""How far a line's letters reach below its baseline, as a share of the font size."""

SECTOR_LABELS: tuple[str, ...] = tuple(SECTOR_NAMES[sector] for sector in SECTORS)
"""The spinner's mini-game sectors as players name them (`SECTOR_NAMES`), in `SECTORS` order (rule T3)."""


def sector_label(sector: Sector) -> str:
    """Returns the name players use for a mini-game sector, e.g. "Grab 2 Pins".

    Example:
        >>> sector_label(Sector.HI_LO)
        'Hi Lo'
    """
    return SECTOR_NAMES[sector]


def sector_angle(sector: int) -> int:
    """Returns the angle, in degrees clockwise from 12 o'clock, at which the arrow points at `sector`.

    Sector i covers the angles from ``60 * i`` to ``60 * (i + 1)``; the arrow
    points at its middle.

    Raises:
        ValueError: If `sector` is not 0..5.

    Example:
        >>> [sector_angle(i) for i in range(6)]
        [30, 90, 150, 210, 270, 330]
    """
    check_index(sector, OPENINGS, "sector")
    return 360 * sector // OPENINGS + 180 // OPENINGS


def arrow_outline() -> list[tuple[float, float]]:
    """Returns the arrow's outline pointing straight up, in pixels from the spinner's centre (x right, y down).

    The tip stops `ARROW_LENGTH_PX` from the centre, short of every sector's
    label, so the arrow never covers the label of the sector it points at.

    Example:
        >>> min(y for _, y in arrow_outline()) == -ARROW_LENGTH_PX
        True
    """
    tip, head, shaft = ARROW_LENGTH_PX, ARROW_HEAD_PX, ARROW_SHAFT_PX
    return [
        (0.0, -tip),
        (head * 0.75, -tip + head),
        (shaft, -tip + head),
        (shaft, 30.0),
        (-shaft, 30.0),
        (-shaft, -tip + head),
        (-head * 0.75, -tip + head),
    ]


def sector_label_lines(text: str, sector: int, *, bold: bool = False) -> tuple[list[str], float, list[float]]:
    """Fits a sector's label inside its sector: its lines, font size and baselines (rule T3's spinner).

    Each line is at most `LABEL_ROOM` of the radius wide and, by the shared
    text-fitting model (`toptrumps_core.svg.text_fitting`), stays
    `RIM_MARGIN_PX` inside the rim: a line nearer the rim has less room.
    The font shrinks from `SECTOR_FONT_PX` to `SECTOR_MIN_FONT_PX` until no
    word is broken; at the smallest size the label wraps as `wrap` does (a
    word wider than a line is broken, text left over ends in "…").

    Args:
        text: The label, as drawn (with "★ " for the chosen sector).
        sector: The sector, 0..5.
        bold: True for the chosen sector's bold label.

    Returns:
        The lines, the font size in pixels, and each line's baseline as a
        vertical offset in pixels from the spinner's centre (down is
        positive); the label is centred horizontally at
        `sector_label_centre`.

    Raises:
        ValueError: If `sector` is not 0..5.
    """
    x, y = sector_label_centre(sector)
    size = float(SECTOR_FONT_PX)
    while True:
        lines, baselines = _wrap_in_rim(text, x, y, size, bold)
        if " ".join(lines) == text or size <= SECTOR_MIN_FONT_PX:
            return lines, size, baselines
        size -= 1


def sector_label_centre(sector: int) -> tuple[float, float]:
    """Returns where a sector's label is centred, in pixels from the spinner's centre (x right, y down).

    Raises:
        ValueError: If `sector` is not 0..5.
    """
    return point_at(0, 0, SPINNER_RADIUS_PX * LABEL_RADIUS, sector_angle(sector))


def _baselines(y: float, size: float, count: int) -> list[float]:
    first = y - (count - 1) * SECTOR_LINE_PX / 2 + size * 0.35
    return [first + number * SECTOR_LINE_PX for number in range(count)]


def _wrap_in_rim(text: str, x: float, y: float, size: float, bold: bool) -> tuple[list[str], list[float]]:
    """Wraps `text` into the fewest lines that fit inside the rim around (x, y), up to `SECTOR_MAX_LINES`."""
    inside = SPINNER_RADIUS_PX - RIM_MARGIN_PX
    lines: list[str] = []
    for count in range(1, SECTOR_MAX_LINES + 1):
        baselines = _baselines(y, size, count)
        reach = max(max(abs(b - size * ASCENT), abs(b + size * DESCENT)) for b in baselines)
        half = math.sqrt(max(inside**2 - reach**2, 0.0)) - abs(x)
        room = max(min(SPINNER_RADIUS_PX * LABEL_ROOM, 2 * half), 0.0)
        lines = wrap(text, room, size, count, bold=bold)
        if " ".join(lines) == text:
            break
    return lines, _baselines(y, size, len(lines))


def spinner(
    labels: Sequence[str] = SECTOR_LABELS,
    *,
    sector: int | None = None,
    mark: bool = True,
    caption: str = "",
    width_px: int = SPINNER_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the spinner: six equal, labelled sectors and an arrow (rule T3).

    Sector 1 starts at 12 o'clock and the others follow clockwise.  The arrow
    points at the middle of `sector` (`sector_angle`); before any spin it
    points straight up.  The arrow is the group ``<g class="tt-spinner-arrow"
    data-sector="i" transform="rotate(angle)">``, so a page can animate it.

    Args:
        labels: The six sector names: the mini-games (default,
            `SECTOR_LABELS`), or the openings' decks for a deck spin.
        sector: Index (0-based) of the sector the arrow points at, or None
            for a spinner not yet spun.
        mark: If True, the sector pointed at gets a thick outline and a bold
            label with "★"; False hides the result (while the arrow spins).
        caption: A line above the spinner, e.g. "Spin for the mini-game"; ""
            for none.
        width_px: Width of the picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The spinner as SVG markup.

    Raises:
        ValueError: If `labels` does not have six entries, `sector` is not
            0..5, `width_px` is not a positive int, or `colours` has an
            unknown key.

    Example:
        >>> picture = spinner(sector=0)
        >>> 'transform="rotate(30)"' in picture, "points at sector 1, My Game" in picture
        (True, True)
    """
    names = [clean_text(str(label)) for label in labels]
    if len(names) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} sector labels; got {len(names)}")
    if sector is not None:
        check_index(sector, OPENINGS, "sector")
    palette = palette_of(colours)
    scale = scale_of(width_px, SPINNER_WIDTH_PX)
    caption = clean_text(caption)
    top = PAD_PX + (SPINNER_CAPTION_FONT_PX * 1.5 if caption else 0)
    width, height = SPINNER_WIDTH_PX, top + 2 * SPINNER_RADIUS_PX + 12 + PAD_PX
    cx, cy = width / 2, top + SPINNER_RADIUS_PX + 6
    angle = 0 if sector is None else sector_angle(sector)

    listed = "; ".join(f"{i + 1}: {name}" for i, name in enumerate(names))
    where = "points straight up: not spun yet" if sector is None else f"points at sector {sector + 1}, {names[sector]}"
    title = f"Spinner: {names[sector]}" if sector is not None and mark else "Spinner"
    desc = f"A spinner with six equal sectors ({listed}). The arrow {where}."
    root = new_root(width, height, scale, title, desc)
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    if caption:
        text, size = fit_size(caption, width - 2 * PAD_PX, SPINNER_CAPTION_FONT_PX, SECTOR_MIN_FONT_PX, bold=True)
        draw_text(
            root,
            cx,
            PAD_PX + SPINNER_CAPTION_FONT_PX,
            text,
            anchor="middle",
            size=size,
            fill=palette["table_text"],
            bold=True,
        )

    radius = SPINNER_RADIUS_PX
    for index in range(OPENINGS):
        start, end = 60 * index, 60 * (index + 1)
        x0, y0 = point_at(cx, cy, radius, start)
        x1, y1 = point_at(cx, cy, radius, end)
        r = coord(radius)
        ET.SubElement(
            root,
            "path",
            {
                "d": f"M{coord(cx)} {coord(cy)}L{coord(x0)} {coord(y0)}A{r} {r} 0 0 1 {coord(x1)} {coord(y1)}Z",
                "fill": palette[f"sector_{index}"],
                "stroke": palette["sector_edge"],
                "stroke-width": "2.5",
                "stroke-linejoin": "round",
            },
        )
    chosen = sector if mark else None
    if chosen is not None:  # drawn last, so its outline is not hidden under its neighbours'
        start, end = 60 * chosen, 60 * (chosen + 1)
        inset = radius - 4
        x0, y0 = point_at(cx, cy, inset, start)
        x1, y1 = point_at(cx, cy, inset, end)
        r = coord(inset)
        ET.SubElement(
            root,
            "path",
            {
                "d": f"M{coord(cx)} {coord(cy)}L{coord(x0)} {coord(y0)}A{r} {r} 0 0 1 {coord(x1)} {coord(y1)}Z",
                "fill": "none",
                "stroke": palette["chosen"],
                "stroke-width": "7",
                "stroke-linejoin": "round",
            },
        )
    for index, name in enumerate(names):
        label_x, _ = sector_label_centre(index)
        bold = index == chosen
        lines, size, baselines = sector_label_lines(f"★ {name}" if bold else name, index, bold=bold)
        for line, baseline in zip(lines, baselines, strict=True):
            draw_text(
                root,
                cx + label_x,
                cy + baseline,
                line,
                anchor="middle",
                size=size,
                fill=palette["sector_text"],
                bold=bold,
            )
    draw_circle(root, cx, cy, radius, fill="none", stroke=palette["sector_edge"], stroke_width=4)

    # the arrow, drawn pointing up around the origin, then moved to the centre and turned
    centre = ET.SubElement(root, "g", {"transform": f"translate({coord(cx)} {coord(cy)})"})
    arrow = ET.SubElement(
        centre,
        "g",
        {
            "class": "tt-spinner-arrow",
            "data-sector": "" if sector is None else str(sector),
            "transform": f"rotate({angle})",
        },
    )
    ET.SubElement(
        arrow,
        "polygon",
        {
            "points": " ".join(f"{coord(x)},{coord(y)}" for x, y in arrow_outline()),
            "fill": palette["arrow"],
            "stroke": palette["arrow_edge"],
            "stroke-width": "3",
            "stroke-linejoin": "round",
        },
    )
    draw_circle(root, cx, cy, HUB_RADIUS_PX, fill=palette["hub"], stroke=palette["arrow"], stroke_width=4)
    return finish(root)
