"""What one Squads slot shows, drawn as a compact card of its own in large type (rules S2-S5).

A slot counts for one category only (slot i is category i, S1; S4), so a
face-up card in a slot is drawn by what counts there: its name and its value
in that category, large.  The card in hand is drawn with its name and every
category's value, one under another, since it may go in any slot (S3).  A
mission column says a slot's role, category and goal (S2).  Every text here
is at least `SMALLEST_FONT_PX` design pixels; only a single word too long
for a slot (e.g. "Parasaurolophus") shrinks to `LONG_WORD_FONT_PX`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from toptrumps_core.cards import Card, Category, Deck, Value, format_value, value_with_unit
from toptrumps_core.squads import ROLE_NAMES, Mission
from toptrumps_core.svg.elements import clean_text, draw_circle, draw_rect, draw_text
from toptrumps_core.svg.text_fitting import fit_size, text_width

__all__ = [
    "HAND_WIDTH_PX",
    "LONG_WORD_FONT_PX",
    "SLOT_CARD_HEIGHT_PX",
    "SLOT_WIDTH_PX",
    "SMALLEST_FONT_PX",
    "draw_hand_card",
    "draw_mission_column",
    "draw_slot_face",
    "draw_tokens",
    "hand_card_height",
    "mission_column_height",
]

SLOT_WIDTH_PX = 150
"""Width of one slot, and of one column of the mission card (design px)."""
SLOT_CARD_HEIGHT_PX = 150
"""Height of the card lying in a slot (design px)."""
HAND_WIDTH_PX = 200
"""Width of the card in hand (design px)."""
SMALLEST_FONT_PX = 14
"""Smallest type of every Squads picture (design px)."""
LONG_WORD_FONT_PX = 13
"""Smallest type of a single word of a card's name too long for a slot at `SMALLEST_FONT_PX` (never cut)."""
NAME_FONT_PX = 18
VALUE_FONT_PX = 32
UNIT_FONT_PX = 15
TOKEN_RADIUS_PX = 13
TOKEN_FONT_PX = 16
HAND_HEADER_PX = 58
HAND_LABEL_FONT_PX = 14
HAND_VALUE_FONT_PX = 18
HAND_ROW_PX = 42
COLUMN_LINE_PX = 24


def draw_tokens(parent: ET.Element, cx: float, y: float, tokens: int, palette: Mapping[str, str]) -> None:
    """Draws a mission slot's tokens (★ in a circle) in a row centred on (`cx`, `y`) (S2).

    Critical slots carry 3 tokens, Important 2, Useful 1 (S2).

    Args:
        parent: The element to draw in.
        cx: The centre of the row of tokens (design px).
        y: The centre line of the tokens (design px).
        tokens: How many tokens to draw (0 draws none).
        palette: The colours by role (from `palette_of`): ``"code"``,
            ``"border"`` and ``"code_text"`` are used.

    Raises:
        KeyError: If `palette` lacks one of those roles.
    """
    step = TOKEN_RADIUS_PX * 2 + 6
    left = cx - (tokens - 1) * step / 2
    for n in range(tokens):
        draw_circle(
            parent, left + n * step, y, TOKEN_RADIUS_PX, fill=palette["code"], stroke=palette["border"], stroke_width=2
        )
        draw_text(parent, left + n * step, y + 5.5, "★", size=TOKEN_FONT_PX, fill=palette["code_text"], anchor="middle")


def draw_slot_face(
    parent: ET.Element,
    card: Card,
    category: Category,
    slot: int,
    x: float,
    top: float,
    palette: Mapping[str, str],
    *,
    shown: bool = True,
    counts: bool = True,
) -> None:
    """Draws `card` lying face up in `slot` by what counts there: its name, and its value in `category` (S4, S5).

    A mission slot not turned yet in the reveal (`shown` False) shows the
    card's name and "?" in the value's place, with "not revealed yet" under
    it.  A slot outside the mission (`counts` False) is discarded (S4): it is
    drawn dimmed, without a name band, saying "discarded"; its value, if
    `shown`, is in plain muted type, never in the large bold type of a slot
    that counts.

    Args:
        parent: The element to draw in.
        card: The card lying in the slot.
        category: The slot's category (slot i is category i, S1).
        slot: The slot's index, 0 to k - 1: which of `card`'s values counts.
        x: The card's left edge (design px).
        top: The card's top edge (design px); it is `SLOT_CARD_HEIGHT_PX` high
            and `SLOT_WIDTH_PX` wide.
        palette: The colours by role (from `palette_of`).
        shown: True to draw the card's value; False while its slot is not
            revealed yet.
        counts: True for a slot that counts (a mission slot, or any slot
            before a reveal); False for a slot outside the mission (S4).

    Raises:
        IndexError: If `slot` is not an index of `card`'s values.
        KeyError: If `palette` lacks a role used here.
    """
    value = card.values[slot]
    face, band_fill, name_fill = ("card", "header", "header_text") if counts else ("row_alt", "row_alt", "muted")
    draw_rect(
        parent,
        x,
        top,
        SLOT_WIDTH_PX,
        SLOT_CARD_HEIGHT_PX,
        fill=palette[face],
        rx=10,
        stroke=palette["border" if counts else "muted"],
        stroke_width=3,
        dash=None if counts else "8 6",
    )
    band = 64
    draw_rect(parent, x, top, SLOT_WIDTH_PX, band, fill=palette[band_fill], rx=10)
    cx = x + SLOT_WIDTH_PX / 2
    _draw_name(parent, clean_text(card.name), cx, top + band / 2, SLOT_WIDTH_PX - 12, palette[name_fill])
    if not counts:
        draw_text(
            parent, cx, top + band + 24, "discarded", size=15, fill=palette["muted"], anchor="middle", bold=True
        )
        if not shown:
            draw_text(
                parent,
                cx,
                top + band + 52,
                "not in this mission",
                size=SMALLEST_FONT_PX,
                fill=palette["muted"],
                anchor="middle",
            )
            return
        plain, plain_size = fit_size(format_value(value), SLOT_WIDTH_PX - 14, VALUE_FONT_PX - 14, SMALLEST_FONT_PX)
        draw_text(parent, cx, top + band + 52, plain, size=plain_size, fill=palette["muted"], anchor="middle")
        _draw_unit(parent, category, value, cx, top + band + 72, palette)
        return
    middle = top + band + 44
    if not shown:
        draw_text(parent, cx, middle, "?", size=VALUE_FONT_PX, fill=palette["text"], anchor="middle", bold=True)
        draw_text(
            parent, cx, middle + 26, "not revealed yet", size=SMALLEST_FONT_PX, fill=palette["muted"], anchor="middle"
        )
        return
    shown_text, size = fit_size(format_value(value), SLOT_WIDTH_PX - 14, VALUE_FONT_PX, SMALLEST_FONT_PX + 4, bold=True)
    draw_text(parent, cx, middle, shown_text, size=size, fill=palette["text"], anchor="middle", bold=True)
    _draw_unit(parent, category, value, cx, middle + 26, palette)


def _draw_unit(
    parent: ET.Element, category: Category, value: Value, cx: float, y: float, palette: Mapping[str, str]
) -> None:
    """Draws `category`'s unit centred on `cx` with its baseline at `y`, unless it has none or `value` is no data."""
    if category.unit and value is not None:
        unit, unit_size = fit_size(clean_text(category.unit), SLOT_WIDTH_PX - 12, UNIT_FONT_PX, SMALLEST_FONT_PX)
        draw_text(parent, cx, y, unit, size=unit_size, fill=palette["muted"], anchor="middle")


def hand_card_height(deck: Deck) -> float:
    """Returns the height of the card in hand for `deck`: its name band, then one row per category (S3).

    Args:
        deck: The deck whose card is in hand (one row per category).

    Returns:
        The height in design px: `HAND_HEADER_PX`, plus 42 design px per
        category, plus an 8 design px margin.
    """
    return HAND_HEADER_PX + len(deck.categories) * HAND_ROW_PX + 8


def draw_hand_card(parent: ET.Element, deck: Deck, card: int, x: float, top: float, palette: Mapping[str, str]) -> None:
    """Draws the card in hand: its name, and every category with its value, one under another (S3).

    The card in hand may go in any slot (S3), so every value is shown.

    Args:
        parent: The element to draw in.
        deck: The deck the card comes from.
        card: The card's index in `deck.cards`.
        x: The card's left edge (design px); it is `HAND_WIDTH_PX` wide.
        top: The card's top edge (design px); it is `hand_card_height(deck)` high.
        palette: The colours by role (from `palette_of`).

    Raises:
        IndexError: If `card` is not an index of `deck.cards`.
        KeyError: If `palette` lacks a role used here.
    """
    face = deck.cards[card]
    height = hand_card_height(deck)
    draw_rect(
        parent, x, top, HAND_WIDTH_PX, height, fill=palette["card"], rx=10, stroke=palette["border"], stroke_width=3
    )
    draw_rect(parent, x, top, HAND_WIDTH_PX, HAND_HEADER_PX, fill=palette["header"], rx=10)
    _draw_name(
        parent,
        clean_text(face.name),
        x + HAND_WIDTH_PX / 2,
        top + HAND_HEADER_PX / 2,
        HAND_WIDTH_PX - 14,
        palette["header_text"],
    )
    room = HAND_WIDTH_PX - 16
    for index, category in enumerate(deck.categories):
        row_top = top + HAND_HEADER_PX + index * HAND_ROW_PX
        if index % 2:
            draw_rect(parent, x + 3, row_top, HAND_WIDTH_PX - 6, HAND_ROW_PX, fill=palette["row_alt"])
        label = category.name + (f" ({category.unit})" if category.unit else "")
        text, size = fit_size(clean_text(label), room, HAND_LABEL_FONT_PX, SMALLEST_FONT_PX)
        draw_text(parent, x + 8, row_top + 16, text, size=size, fill=palette["muted"])
        value, value_size = fit_size(
            format_value(face.values[index]), room, HAND_VALUE_FONT_PX, SMALLEST_FONT_PX, bold=True
        )
        draw_text(parent, x + 8, row_top + 36, value, size=value_size, fill=palette["text"], bold=True)


def mission_column_height(mission: Mission, deck: Deck) -> float:
    """Returns the height of the text of the mission card's tallest column (S2, S4).

    Args:
        mission: The mission (valid for `deck`).
        deck: The deck whose categories make the columns.

    Returns:
        The height in design px: 24 design px per line of the tallest column,
        plus a 16 design px margin.

    Raises:
        ValueError: If `deck` has no categories.
    """
    lines = max(len(_column_lines(mission, deck, index)) for index in range(len(deck.categories)))
    return lines * COLUMN_LINE_PX + 16


def draw_mission_column(
    parent: ET.Element, mission: Mission, deck: Deck, index: int, x: float, top: float, palette: Mapping[str, str]
) -> None:
    """Draws the words of the mission card's column for category `index` (S2, S4).

    The role, the category and its goal (S2); or "not in this mission" and
    the category, for a slot the mission discards (S4).

    Args:
        parent: The element to draw in.
        mission: The mission (valid for `deck`).
        deck: The deck whose categories make the columns.
        index: The column's category index, 0 to k - 1.
        x: The column's left edge (design px); it is `SLOT_WIDTH_PX` wide.
        top: The top of the column's text (design px); it is
            `mission_column_height(mission, deck)` high at most.
        palette: The colours by role (from `palette_of`).

    Raises:
        IndexError: If `index` is not a category index of `deck`.
        KeyError: If `palette` lacks a role used here.
    """
    cx = x + SLOT_WIDTH_PX / 2
    for n, (text, font, bold, colour) in enumerate(_column_lines(mission, deck, index)):
        shown, size = fit_size(clean_text(text), SLOT_WIDTH_PX - 10, font, SMALLEST_FONT_PX, bold=bold)
        draw_text(
            parent,
            cx,
            top + 22 + n * COLUMN_LINE_PX,
            shown,
            size=size,
            fill=palette[colour],
            anchor="middle",
            bold=bold,
        )


def _column_lines(mission: Mission, deck: Deck, index: int) -> list[tuple[str, float, bool, str]]:
    """Returns the lines of one mission column: (text, font size, bold, palette key)."""
    category = deck.categories[index]
    placed = mission.slot_of(deck, index)
    if placed is None:
        return [
            ("not in this", 14, False, "muted"),
            ("mission", 14, False, "muted"),
            (category.name, 16, False, "muted"),
        ]
    role, _, slot = placed
    lines: list[tuple[str, float, bool, str]] = [
        (ROLE_NAMES[role], 16, True, "mark"),
        (category.name, 17, True, "text"),
    ]
    if slot.goal == "nearest":
        lines.append(("nearest to", 16, False, "text"))
        lines.append((value_with_unit(category, slot.target), 16, True, "text"))
    else:
        lines.append((f"{'▲' if slot.goal == 'highest' else '▼'} {slot.goal} wins", 16, False, "text"))
    return lines


def _draw_name(parent: ET.Element, name: str, cx: float, cy: float, room: float, fill: str) -> None:
    """Draws a card's name in colour `fill` centred on (`cx`, `cy`): one line, or two split at a space, one size."""
    lines, size = _name_lines(name, room)
    first = cy - (len(lines) - 1) * size * 0.6 + size * 0.35
    for i, line in enumerate(lines):
        draw_text(parent, cx, first + i * size * 1.2, line, size=size, fill=fill, anchor="middle", bold=True)


def _name_lines(name: str, room: float) -> tuple[list[str], float]:
    """Returns a card's name in one line, or two split at a space, and the one size that fits every line.

    The size is from `NAME_FONT_PX` down to `SMALLEST_FONT_PX`; a single word
    too long even then (e.g. "Parasaurolophus") shrinks further, to
    `LONG_WORD_FONT_PX`, and only then is it cut.
    """
    if text_width(name, SMALLEST_FONT_PX, bold=True) <= room:
        whole, size = fit_size(name, room, NAME_FONT_PX, SMALLEST_FONT_PX, bold=True)
        return [whole], size
    words = name.split()
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))] or [[name]]
    lines = min(splits, key=lambda pair: max(text_width(line, SMALLEST_FONT_PX, bold=True) for line in pair))
    fitted = [fit_size(line, room, NAME_FONT_PX, LONG_WORD_FONT_PX, bold=True) for line in lines]
    size = min(s for _, s in fitted)
    return [fit_size(line, room, size, size, bold=True)[0] for line in lines], size
