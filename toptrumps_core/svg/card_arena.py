"""The card arena of the tournament: a hexagon with six openings, each a deck's stack (rule T1).

Opening 1 is at the top and the others follow clockwise, numbered as the
spinner's sectors are when it spins for a deck; each opening says its deck's
name and how many cards its stack holds, and the opening in play has an
"IN PLAY" badge.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from toptrumps_core.cards import Deck
from toptrumps_core.svg.elements import (
    Svg,
    check_count,
    check_index,
    clean_text,
    coord,
    draw_line,
    draw_rect,
    draw_text,
    finish,
    new_root,
    plural,
    point_at,
    scale_of,
)
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import CORNER_PX
from toptrumps_core.svg.text_fitting import wrap
from toptrumps_core.tournament.spinner import OPENINGS

__all__ = ["ARENA_WIDTH_PX", "arena"]

ARENA_WIDTH_PX = 700
"""Default width of the `arena` picture (px)."""

ARENA_HEIGHT_PX = 610
HEX_RADIUS_PX = 130
OPENING_DISTANCE_PX = 240
OPENING_WIDTH_PX = 224
OPENING_HEIGHT_PX = 90
OPENING_NAME_FONT_PX = 19
OPENING_LINE_PX = 22
OPENING_COUNT_FONT_PX = 19
ARENA_TITLE_FONT_PX = 26
ARENA_SMALL_FONT_PX = 17
BADGE_FONT_PX = 15


def arena(
    decks: Sequence[str | Deck],
    counts: Sequence[int] | None = None,
    *,
    in_use: int | None = None,
    width_px: int = ARENA_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the card arena: a hexagon with its six openings, each with a deck's name and stack size (T1).

    Opening 1 is at the top and the others follow clockwise, numbered as
    the spinner's sectors are when it spins for a deck.  The opening whose
    stack a mini-game is using has a thick outline and an "IN PLAY" badge.

    Args:
        decks: The deck in each opening, by name or as a `Deck`, six entries
            (the same deck may fill several), e.g. ``rules.openings``.
        counts: Cards in each opening's stack now, six entries, each >= 0;
            None: every deck whole (needs `Deck` entries).
        in_use: Index (0-based) of the opening in play, or None.
        width_px: Width of the picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The arena as SVG markup.

    Raises:
        ValueError: If `decks` or `counts` do not have six entries, a count is
            not a whole number >= 0, `in_use` is not 0..5, `width_px` is not a
            positive int, or `colours` has an unknown key; or if `counts`
            is None and a deck is given only by name.

    Example:
        >>> picture = arena(["Animals", "Dinosaurs"] * 3, [36, 30] * 3)
        >>> picture.count(">36 cards</text>"), "Dinosaurs" in picture
        (3, True)
    """
    given = list(decks)
    names = [clean_text(d.name if isinstance(d, Deck) else str(d)) for d in given]
    if len(names) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} deck names, one per opening; got {len(names)}")
    if counts is None:
        if not all(isinstance(d, Deck) for d in given):
            raise ValueError("counts are needed when the decks are given by name")
        counts = [len(d.cards) for d in given if isinstance(d, Deck)]
    sizes = list(counts)
    if len(sizes) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} stack sizes, one per opening; got {len(sizes)}")
    for size in sizes:
        check_count(size, "a stack size")
    if in_use is not None:
        check_index(in_use, OPENINGS, "in_use")
    palette = palette_of(colours)
    scale = scale_of(width_px, ARENA_WIDTH_PX)
    width, height = ARENA_WIDTH_PX, ARENA_HEIGHT_PX
    cx, cy = width / 2, height / 2

    total = sum(sizes)
    lines = [f"opening {i + 1}: {names[i]}, {plural(sizes[i], 'card')}" for i in range(OPENINGS)]
    playing = f" A mini-game is using opening {in_use + 1} ({names[in_use]})." if in_use is not None else ""
    desc = (
        f"The card arena, a hexagon with six openings holding {plural(total, 'card')}: "
        + "; ".join(lines)
        + "."
        + playing
    )
    root = new_root(width, height, scale, "The card arena", desc)
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)

    apothem = HEX_RADIUS_PX * math.cos(math.pi / OPENINGS)
    corners = [point_at(cx, cy, HEX_RADIUS_PX, 30 + 60 * k) for k in range(OPENINGS)]
    ET.SubElement(
        root,
        "polygon",
        {
            "points": " ".join(f"{coord(x)},{coord(y)}" for x, y in corners),
            "fill": palette["arena"],
            "stroke": palette["slot"],
            "stroke-width": "4",
            "stroke-linejoin": "round",
        },
    )
    draw_text(
        root,
        cx,
        cy - 18,
        "CARD ARENA",
        anchor="middle",
        size=ARENA_TITLE_FONT_PX,
        fill=palette["arena_text"],
        bold=True,
    )
    draw_text(root, cx, cy + 12, "6 openings", anchor="middle", size=ARENA_SMALL_FONT_PX, fill=palette["arena_text"])
    draw_text(
        root, cx, cy + 36, plural(total, "card"), anchor="middle", size=ARENA_SMALL_FONT_PX, fill=palette["arena_text"]
    )

    for index in range(OPENINGS):
        angle = 60 * index
        chosen = index == in_use
        # the opening: a slot cut into the middle of the hexagon's edge, joined to its label box
        edge_x, edge_y = point_at(cx, cy, apothem, angle)
        box_x, box_y = point_at(cx, cy, OPENING_DISTANCE_PX, angle)
        ink = palette["in_use"] if chosen else palette["slot"]
        draw_line(root, edge_x, edge_y, box_x, box_y, ink, 6 if chosen else 3)
        slot_dx, slot_dy = point_at(0, 0, 34, angle + 90)
        draw_line(root, edge_x - slot_dx, edge_y - slot_dy, edge_x + slot_dx, edge_y + slot_dy, ink, 12)
        left = box_x - OPENING_WIDTH_PX / 2
        top = box_y - OPENING_HEIGHT_PX / 2
        draw_rect(
            root,
            left,
            top,
            OPENING_WIDTH_PX,
            OPENING_HEIGHT_PX,
            fill=palette["opening"],
            rx=12,
            stroke=ink,
            stroke_width=6 if chosen else 2.5,
        )
        # a small face-down stack numbered like the spinner's deck sectors, then the name and the count
        icon_w, icon_h = 34, 48
        icon_x, icon_y = left + 12, box_y - icon_h / 2
        if sizes[index]:
            draw_rect(root, icon_x + 5, icon_y - 5, icon_w, icon_h, fill=palette["back_pattern"], rx=4)
            draw_rect(
                root, icon_x, icon_y, icon_w, icon_h, fill=palette["back"], rx=4, stroke="#FFFFFF", stroke_width=2
            )
            number_ink = palette["back_panel"]
        else:
            draw_rect(
                root,
                icon_x,
                icon_y,
                icon_w,
                icon_h,
                fill="none",
                rx=4,
                stroke=palette["empty"],
                stroke_width=2,
                dash="5 4",
            )
            number_ink = palette["text"]
        draw_text(
            root, icon_x + icon_w / 2, box_y + 8, str(index + 1), anchor="middle", size=22, fill=number_ink, bold=True
        )
        text_left = icon_x + icon_w + 14
        room = left + OPENING_WIDTH_PX - 10 - text_left
        lines = wrap(names[index], room, OPENING_NAME_FONT_PX, 2, bold=True)
        line_top = box_y - (len(lines) * OPENING_LINE_PX + OPENING_LINE_PX) / 2 + OPENING_NAME_FONT_PX * 0.85
        for number, line in enumerate(lines):
            draw_text(
                root,
                text_left,
                line_top + number * OPENING_LINE_PX,
                line,
                size=OPENING_NAME_FONT_PX,
                fill=palette["text"],
                anchor="start",
                bold=True,
            )
        draw_text(
            root,
            text_left,
            line_top + len(lines) * OPENING_LINE_PX + 2,
            plural(sizes[index], "card"),
            size=OPENING_COUNT_FONT_PX,
            fill=palette["text"],
            anchor="start",
        )
        if chosen:
            badge_w, badge_h = 86, 24
            draw_rect(
                root, box_x - badge_w / 2, top - badge_h / 2, badge_w, badge_h, fill=palette["in_use"], rx=badge_h / 2
            )
            draw_text(
                root,
                box_x,
                top + 5,
                "IN PLAY",
                anchor="middle",
                size=BADGE_FONT_PX,
                fill=palette["in_use_text"],
                bold=True,
            )
    return finish(root)
