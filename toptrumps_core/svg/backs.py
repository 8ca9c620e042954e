"""Cards face down: a lone card back, and a stack with its size written large.

`draw_back` is shared with the comparison picture, which shows a card not
yet revealed face down.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from toptrumps_core.checks import whole_number
from toptrumps_core.svg.elements import Svg, clean_text, coord, draw_rect, draw_text, finish, new_root, plural, scale_of
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import (
    CARD_BACK_HEIGHT_PX,
    CARD_WIDTH_PX,
    CORNER_PX,
    COUNT_FONT_PX,
    PAD_PX,
    PLAYER_HEIGHT_PX,
    PLAYER_MIN_FONT_PX,
    STACK_BACK_WIDTH_PX,
    STACK_DRAWN_MAX,
    STACK_LABEL_FONT_PX,
    STACK_OFFSET_PX,
    STACK_WIDTH_PX,
)
from toptrumps_core.svg.text_fitting import fit_size

__all__ = ["draw_back", "face_down", "stack", "stack_count"]

_NO_CARDS = "no cards"


def face_down(
    *,
    width_px: int = CARD_WIDTH_PX,
    label: str = "Top Trumps",
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the back of a card, as a hidden card looks.

    Args:
        width_px: Width in pixels (>= 1); the height is
            ``CARD_BACK_HEIGHT_PX / CARD_WIDTH_PX`` times it.
        label: Text in the middle of the back; "" for none.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The card back as SVG markup.

    Raises:
        ValueError: If `width_px` is not a positive int or `colours` has an
            unknown key.
    """
    palette = palette_of(colours)
    scale = scale_of(width_px, CARD_WIDTH_PX)
    desc = f"The back of a card{': ' + label if label.strip() else ''}. Its face is hidden."
    root = new_root(CARD_WIDTH_PX, CARD_BACK_HEIGHT_PX, scale, "A face-down card", desc)
    draw_back(root, 0, 0, CARD_WIDTH_PX, CARD_BACK_HEIGHT_PX, label, palette)
    return finish(root)


def stack(
    count: int,
    *,
    label: str = "",
    width_px: int = STACK_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
    with_count: bool = True,
) -> Svg:
    """Draws a face-down stack of cards with its size written large.

    At most five backs are drawn, offset like a real pile; the count is
    written under them ("1 card", "12 cards"). An empty stack is a dashed
    outline over the words "no cards".

    Args:
        count: How many cards the stack holds (>= 0).
        label: Caption above the stack, e.g. "You" or "Pot"; "" for none.
        width_px: Width of the whole picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.
        with_count: False to leave the count out of the drawing (the picture
            is then shorter), for a page that writes it in its own text; the
            picture's title still says it.

    Returns:
        The stack as SVG markup.

    Raises:
        ValueError: If `count` is negative or not an int, `width_px` is not a
            positive int, or `colours` has an unknown key.
    """
    whole_number(count, "count (cards)", low=0, error=ValueError)
    palette = palette_of(colours)
    scale = scale_of(width_px, STACK_WIDTH_PX)
    width = STACK_WIDTH_PX
    caption = stack_count(count)
    back_w = STACK_BACK_WIDTH_PX
    back_h = back_w * CARD_BACK_HEIGHT_PX / CARD_WIDTH_PX
    drawn = min(count, STACK_DRAWN_MAX)
    spread = (STACK_DRAWN_MAX - 1) * STACK_OFFSET_PX
    label = clean_text(label)
    label_h = PLAYER_HEIGHT_PX if label else 0
    pile_top = PAD_PX + label_h + spread
    height = pile_top + back_h + PAD_PX + (COUNT_FONT_PX * 1.3 + PAD_PX if with_count else 0)
    title = f"{label}: {caption}" if label else caption
    if count:
        desc = f"A face-down stack of {caption}" + (f" ({label})." if label else ".")
    else:
        desc = "An empty place: no cards" + (f" ({label})." if label else ".")
    root = new_root(width, height, scale, title, desc)
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    if label:
        text, size = fit_size(label, width - 2 * PAD_PX, STACK_LABEL_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
        draw_text(
            root,
            width / 2,
            PAD_PX + label_h / 2,
            text,
            size=size,
            fill=palette["table_text"],
            anchor="middle",
            bold=True,
        )
    left = (width - back_w - max(drawn - 1, 0) * STACK_OFFSET_PX) / 2
    if drawn == 0:
        draw_rect(
            root,
            left,
            pile_top - spread / 2,
            back_w,
            back_h,
            fill="none",
            rx=CORNER_PX * 0.6,
            stroke=palette["empty"],
            stroke_width=3,
            dash="10 7",
        )
    for layer in range(drawn):
        x = left + layer * STACK_OFFSET_PX
        y = pile_top - layer * STACK_OFFSET_PX
        draw_back(root, x, y, back_w, back_h, "", palette, plain=layer < drawn - 1)
    if with_count:
        count_y = pile_top + back_h + PAD_PX + COUNT_FONT_PX * 0.65
        draw_text(
            root,
            width / 2,
            count_y,
            caption,
            size=COUNT_FONT_PX,
            fill=palette["table_text"],
            anchor="middle",
            bold=True,
        )
    return finish(root)


def draw_back(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    label: str,
    palette: Mapping[str, str],
    *,
    plain: bool = False,
) -> None:
    """Draws a card back in the box (x, y, width, height), in design px.

    Args:
        parent: The element to draw in.
        x: Left edge of the card.
        y: Top edge of the card.
        width: Width of the card; corners and lines scale with it.
        height: Height of the card.
        label: Text in an oval in the middle; "" for none.
        palette: Colours by role (`toptrumps_core.svg.palette.palette_of`).
        plain: True for the red card and its outline only (the lower cards of a stack).
    """
    corner = CORNER_PX * width / CARD_WIDTH_PX
    draw_rect(
        parent,
        x,
        y,
        width,
        height,
        fill=palette["back"],
        rx=corner,
        stroke=palette["back_panel"],
        stroke_width=max(1.5, 3 * width / CARD_WIDTH_PX),
    )
    if plain:
        return
    inset = width * 0.07
    draw_rect(
        parent,
        x + inset,
        y + inset,
        width - 2 * inset,
        height - 2 * inset,
        fill="none",
        rx=corner * 0.6,
        stroke=palette["back_panel"],
        stroke_width=max(1.0, 2.5 * width / CARD_WIDTH_PX),
    )
    # A lattice of small diamonds, as one path.
    step = width / 8
    size = step * 0.22
    steps = []
    cols = int((width - 2 * inset) // step)
    rows = int((height - 2 * inset) // step)
    left = x + (width - (cols - 1) * step) / 2
    top = y + (height - (rows - 1) * step) / 2
    label = clean_text(label)
    rx, ry = width * 0.38, min(height * 0.12, width * 0.2)
    mid_x, mid_y = x + width / 2, y + height / 2
    for row in range(rows):
        for col in range(cols):
            cx, cy = left + col * step, top + row * step
            if label and ((cx - mid_x) / (rx + step / 2)) ** 2 + ((cy - mid_y) / (ry + step / 2)) ** 2 < 1:
                continue  # leave a clear margin around the label's oval
            side, back = coord(size), coord(-size)
            steps.append(f"M{coord(cx)} {coord(cy - size)}l{side} {side}l{back} {side}l{back} {back}z")
    if steps:
        ET.SubElement(parent, "path", {"d": "".join(steps), "fill": palette["back_pattern"]})
    if label:
        ET.SubElement(
            parent,
            "ellipse",
            {
                "cx": coord(mid_x),
                "cy": coord(mid_y),
                "rx": coord(rx),
                "ry": coord(ry),
                "fill": palette["back_panel"],
                "stroke": palette["back_text"],
                "stroke-width": coord(width / 80),
            },
        )
        text, size = fit_size(label, rx * 1.6, width * 0.095, width * 0.05, bold=True)
        draw_text(
            parent,
            x + width / 2,
            y + height / 2 + size * 0.35,
            text,
            size=size,
            fill=palette["back_text"],
            anchor="middle",
            bold=True,
        )


def stack_count(count: int) -> str:
    """Returns how a stack of `count` cards (>= 0) is written under it: "no cards", "1 card", "12 cards"."""
    return plural(count, "card") if count else _NO_CARDS
