"""A card face up: name, quartet code, picture, fact and one row per category (rules D1, D2).

`card` draws one card; `CardLayout` and `draw_card_face` are shared with
the comparison and deck pictures, which draw several cards with one layout
so that their rows line up.

Every category row says everything in text as well as colour: grey italic
"n/a" for no data, "▼ lower wins" for a lower-is-better category, the "◀"
marker on the chosen category.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toptrumps_core.cards import Card, Category, Value, format_value
from toptrumps_core.svg.elements import (
    Svg,
    check_index,
    clean_text,
    coord,
    draw_rect,
    draw_text,
    finish,
    new_root,
    scale_of,
    top_rounded_path,
)
from toptrumps_core.svg.palette import EMOJI_FONT, palette_of
from toptrumps_core.svg.sizes import (
    ARROW_WIDTH_PX,
    BORDER_PX,
    CARD_BOTTOM_PX,
    CARD_WIDTH_PX,
    CODE_FONT_PX,
    CODE_HEIGHT_PX,
    CORNER_PX,
    FACT_FONT_PX,
    FACT_LINE_PX,
    FACT_MAX_LINES,
    HEADER_HEIGHT_PX,
    LABEL_FONT_PX,
    LABEL_MIN_FONT_PX,
    LABEL_TWO_LINE_PX,
    MARK_HEIGHT_PX,
    NAME_FONT_PX,
    NAME_MIN_FONT_PX,
    NAME_TWO_LINE_FONT_PX,
    NAME_TWO_LINE_PX,
    PAD_PX,
    PICTURE_FONT_PX,
    PICTURE_HEIGHT_PX,
    PICTURE_MIN_FONT_PX,
    ROW_HEIGHT_PX,
    ROW_SUBLINE_PX,
    SMALL_FONT_PX,
    TWO_LINE_MIN_FONT_PX,
    VALUE_FONT_PX,
    VALUE_MIN_FONT_PX,
)
from toptrumps_core.svg.text_fitting import fit, fit_size, text_width, wrap

__all__ = ["CardLayout", "card", "draw_card_face"]

_VALUE_RIGHT = CARD_WIDTH_PX - PAD_PX - ARROW_WIDTH_PX  # right edge of the value column
_LOWER_WINS = "▼ lower wins"
_ARROW = "◀"


def card(
    card: Card,
    *,
    highlight: int | None = None,
    marks: Mapping[int, str] | None = None,
    selectable: bool = False,
    width_px: int = CARD_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
    lower_wins: bool = True,
) -> Svg:
    """Draws one card face up.

    From top to bottom: a header with the name (shrunk, or on two lines if it
    is long) and the quartet code (if any),
    the picture (an emoji drawn as large text, or a small image file given as
    a relative path such as ``"images/rex.png"``; a URL with a scheme or a
    leading "/" is never fetched and is drawn as text), the fact (up to
    `FACT_MAX_LINES` lines, then "…"), and one row per category: the label
    with its unit (on two lines if it is too long for one), the value (grey italic "n/a" for no
    data) and, for lower-is-better categories, the text "▼ lower wins".

    Args:
        card: The card to draw.
        highlight: Index (0-based) of the chosen category, drawn bold on a
            coloured band with a "◀" marker; None for no chosen category.
        marks: Extra text badges by category index, e.g. ``{2: "62% win"}``;
            None or empty for none. Empty strings draw nothing.
        selectable: If True, every category row is outlined like a button,
            shows a pointer cursor and carries ``data-category="<index>"`` so a
            page can tell which row was picked. Drawing only: no script.
        width_px: Width of the picture in pixels (>= 1); the height follows
            from the card's contents (about 1.6 times the width for six
            categories).
        colours: Colours overriding `COLOURS` by key; None for the defaults.
        lower_wins: If False, no "▼ lower wins" is drawn or said: for games
            in which no value wins a comparison (Hi Lo, rule T12), where it
            would read as a hint for the call. True (the default) for the
            games that compare (C4).

    Returns:
        The card as SVG markup.

    Raises:
        ValueError: If `highlight` or a key of `marks` is not a category index
            of the card, `width_px` is not a positive int, or `colours` has a
            key that `COLOURS` lacks.
    """
    palette = palette_of(colours)
    scale = scale_of(width_px, CARD_WIDTH_PX)
    count = len(card.values)
    if highlight is not None:
        check_index(highlight, count, "highlight")
    marks = {} if marks is None else dict(marks)
    for index in marks:
        check_index(index, count, "marks key")
    layout = CardLayout.of([card], marks, lower_wins=lower_wins)
    desc = _card_desc(card, highlight, marks, lower_wins=lower_wins)
    root = new_root(CARD_WIDTH_PX, layout.height, scale, _card_title(card), desc)
    draw_card_face(
        root, card, layout, palette, highlight=highlight, marks=marks, selectable=selectable, lower_wins=lower_wins
    )
    return finish(root)


@dataclass(frozen=True)
class CardLayout:
    """Vertical layout shared by cards drawn side by side (design px).

    Attributes:
        picture: Whether a picture band is drawn.
        fact_lines: Lines reserved for the fact (0..FACT_MAX_LINES).
        rows: Height of each category row, in category order.
        value_size: Font size of every value, so that the widest fits.
        label_size: Font size of every category label (the chosen one may
            be smaller, as it is bold), so that all but labels too long even
            at the smallest size fit whole; those are drawn on two lines.
        label_rooms: Width left for each row's label beside its widest value.
    """

    picture: bool
    fact_lines: int
    rows: tuple[float, ...]
    value_size: float
    label_size: float
    label_rooms: tuple[float, ...]

    @classmethod
    def of(cls, cards: Sequence[Card], marks: Mapping[int, str], *, lower_wins: bool = True) -> CardLayout:
        """Returns one layout that fits every card in `cards` (at least one).

        `lower_wins` False: no row has room for "▼ lower wins" (see `card`).
        """
        picture = any(c.picture.strip() for c in cards)
        fact_lines = max(len(_fact_lines(c.fact)) for c in cards)
        count = max(len(c.values) for c in cards)
        rows = []
        for index in range(count):
            subline = bool(marks.get(index)) or (
                lower_wins
                and any(index < len(c.categories) and not c.categories[index].higher_is_better for c in cards)
            )
            rows.append(ROW_HEIGHT_PX + (ROW_SUBLINE_PX if subline else 0))
        # Values take the room they need, up to 45% of the row; wider ones shrink.
        max_value_w = (_VALUE_RIGHT - PAD_PX) * 0.45
        value_size = VALUE_FONT_PX
        widest = max(text_width(format_value(v), value_size, bold=True) for c in cards for v in c.values)
        if widest > max_value_w:
            value_size = max(VALUE_MIN_FONT_PX, math.floor(value_size * max_value_w / widest))
        # Each row's label gets the room beside that row's widest value.
        label_rooms = []
        for index in range(count):
            values = [format_value(c.values[index]) for c in cards if index < len(c.values)]
            value_w = max((text_width(v, value_size, bold=True) for v in values), default=0.0)
            label_rooms.append(_VALUE_RIGHT - PAD_PX - value_w - 12)
        # One size for all labels: the largest at which every label fits,
        # except labels too long even at the smallest size (those are cut).
        fits = [
            fit_size(label, room, LABEL_FONT_PX, LABEL_MIN_FONT_PX)[1]
            for c in cards
            for label, room in zip((clean_text(k.label) for k in c.categories), label_rooms, strict=False)
            if text_width(label, LABEL_MIN_FONT_PX) <= room
        ]
        label_size = min(fits, default=LABEL_MIN_FONT_PX)
        return cls(picture, fact_lines, tuple(rows), value_size, label_size, tuple(label_rooms))

    @property
    def picture_top(self) -> float:
        """Top of the picture band (design px)."""
        return HEADER_HEIGHT_PX

    @property
    def fact_top(self) -> float:
        """Top of the fact's lines (design px)."""
        return self.picture_top + (PICTURE_HEIGHT_PX if self.picture else 0)

    @property
    def rows_top(self) -> float:
        """Top of the first category row (design px)."""
        return self.fact_top + (self.fact_lines * FACT_LINE_PX + 14 if self.fact_lines else 6)

    @property
    def height(self) -> float:
        """Height of the whole card (design px)."""
        return self.rows_top + sum(self.rows) + CARD_BOTTOM_PX


def _name_lines(name: str, room: float) -> list[tuple[float, str, float]]:
    """Returns the header's name as (baseline, line, font size): one line if it fits, else two smaller ones."""
    line, size = fit_size(name, room, NAME_FONT_PX, NAME_MIN_FONT_PX, bold=True)
    if line == name:
        return [(HEADER_HEIGHT_PX / 2 + size * 0.35, line, size)]
    size, two = _two_lines(name, room, NAME_TWO_LINE_FONT_PX, TWO_LINE_MIN_FONT_PX, bold=True)
    first = HEADER_HEIGHT_PX / 2 - NAME_TWO_LINE_PX / 2 + size * 0.35
    return [(first + number * NAME_TWO_LINE_PX, text, size) for number, text in enumerate(two)]


def _two_lines(text: str, room: float, size: float, smallest: float, *, bold: bool) -> tuple[float, list[str]]:
    """Returns the largest size from `size` down to `smallest` at which `text` wraps whole on two lines, and the lines.

    At `smallest` the lines are cut as `wrap` does if the text is still too long.
    """
    while True:
        lines = wrap(text, room, size, 2, bold=bold)
        if " ".join(lines) == text or size <= smallest:
            return size, lines
        size -= 1


def _fact_lines(fact: str) -> list[str]:
    return wrap(clean_text(fact), CARD_WIDTH_PX - 2 * PAD_PX, FACT_FONT_PX, FACT_MAX_LINES)


def draw_card_face(
    parent: ET.Element,
    card: Card,
    layout: CardLayout,
    palette: Mapping[str, str],
    *,
    highlight: int | None,
    marks: Mapping[int, str],
    selectable: bool,
    lower_wins: bool = True,
) -> None:
    """Draws `card` face up into `parent`, at (0, 0) and `CARD_WIDTH_PX` wide (design px).

    Args:
        parent: The element to draw in; translate or scale it to place the card.
        card: The card.
        layout: The layout of every card drawn beside it (`CardLayout.of`).
        palette: Colours by role (`toptrumps_core.svg.palette.palette_of`).
        highlight: Index of the chosen category, or None (see `card`).
        marks: Text badges by category index (see `card`).
        selectable: True to outline every row like a button (see `card`).
        lower_wins: False to leave out "▼ lower wins" (see `card`).
    """
    width, height = CARD_WIDTH_PX, layout.height
    inner_l, inner_r = BORDER_PX, width - BORDER_PX
    draw_rect(parent, 0, 0, width, height, fill=palette["card"], rx=CORNER_PX)
    ET.SubElement(
        parent, "path", {"d": top_rounded_path(0, 0, width, HEADER_HEIGHT_PX, CORNER_PX), "fill": palette["header"]}
    )

    # Header: name, then the quartet code badge on the right.
    name_room: float = width - 2 * PAD_PX
    if card.code:
        code_w = text_width(card.code, CODE_FONT_PX, bold=True) + 18
        code_x = width - PAD_PX - code_w
        draw_rect(
            parent,
            code_x,
            (HEADER_HEIGHT_PX - CODE_HEIGHT_PX) / 2,
            code_w,
            CODE_HEIGHT_PX,
            fill=palette["code"],
            rx=CODE_HEIGHT_PX / 2,
        )
        draw_text(
            parent,
            code_x + code_w / 2,
            HEADER_HEIGHT_PX / 2 + CODE_FONT_PX * 0.35,
            card.code,
            size=CODE_FONT_PX,
            fill=palette["code_text"],
            anchor="middle",
            bold=True,
        )
        name_room = code_x - PAD_PX - 8
    for baseline, line, size in _name_lines(clean_text(card.name), name_room):
        draw_text(parent, PAD_PX, baseline, line, size=size, fill=palette["header_text"], bold=True)

    # Picture: an emoji as large text, or a small image file.
    picture = card.picture.strip()
    if layout.picture:
        top = layout.picture_top
        draw_rect(parent, inner_l, top, inner_r - inner_l, PICTURE_HEIGHT_PX, fill=palette["picture"])
        if card.picture_file is not None:
            pad = 10
            ET.SubElement(
                parent,
                "image",
                {
                    "href": picture,
                    "x": coord(PAD_PX),
                    "y": coord(top + pad),
                    "width": coord(width - 2 * PAD_PX),
                    "height": coord(PICTURE_HEIGHT_PX - 2 * pad),
                    "preserveAspectRatio": "xMidYMid meet",
                },
            )
        elif picture:
            text, size = fit_size(
                clean_text(picture), width - 2 * PAD_PX, PICTURE_FONT_PX, PICTURE_MIN_FONT_PX, emoji=True
            )
            element = draw_text(
                parent,
                width / 2,
                top + PICTURE_HEIGHT_PX / 2 + size * 0.36,
                text,
                size=size,
                fill=palette["text"],
                anchor="middle",
            )
            element.set("font-family", EMOJI_FONT)

    # Fact: centred lines, as many as it needs up to FACT_MAX_LINES.
    for line_no, line in enumerate(_fact_lines(card.fact)):
        y = layout.fact_top + 7 + (line_no + 1) * FACT_LINE_PX - 5
        draw_text(parent, width / 2, y, line, size=FACT_FONT_PX, fill=palette["muted"], anchor="middle")

    # Category rows.
    top = layout.rows_top
    value_right = _VALUE_RIGHT
    for index, category in enumerate(card.categories):
        row_h = layout.rows[index] if index < len(layout.rows) else ROW_HEIGHT_PX
        value = card.values[index] if index < len(card.values) else None
        chosen = index == highlight
        row = ET.SubElement(parent, "g")
        if selectable:
            row.set("data-category", str(index))
            row.set("cursor", "pointer")
        band = palette["highlight"] if chosen else (palette["row_alt"] if index % 2 else palette["card"])
        draw_rect(row, inner_l, top, inner_r - inner_l, row_h, fill=band)
        if index and not chosen and highlight != index - 1:
            ET.SubElement(
                row,
                "line",
                {
                    "x1": coord(inner_l),
                    "y1": coord(top),
                    "x2": coord(inner_r),
                    "y2": coord(top),
                    "stroke": palette["rule"],
                    "stroke-width": "1",
                },
            )
        if selectable:
            draw_rect(
                row,
                inner_l + 4,
                top + 3,
                inner_r - inner_l - 8,
                row_h - 6,
                fill="none",
                rx=8,
                stroke=palette["select"],
                stroke_width=2,
            )
        text_fill = palette["highlight_text"] if chosen else palette["text"]
        baseline = top + ROW_HEIGHT_PX / 2 + LABEL_FONT_PX * 0.35 + (0 if row_h == ROW_HEIGHT_PX else -1)

        element = draw_text(
            row,
            value_right,
            baseline,
            format_value(value),
            size=layout.value_size,
            fill=palette["muted"] if value is None else text_fill,
            anchor="end",
            bold=value is not None,
        )
        if value is None:
            element.set("font-style", "italic")

        room = layout.label_rooms[index] if index < len(layout.label_rooms) else layout.label_rooms[-1]
        whole = clean_text(category.label)
        if chosen:  # bold runs wider: this row alone may shrink a little more
            label, size = fit_size(whole, room, layout.label_size, LABEL_MIN_FONT_PX, bold=True)
        else:
            label, size = fit(whole, room, layout.label_size), layout.label_size
        if label == whole:
            draw_text(row, PAD_PX, baseline, label, size=size, fill=text_fill, bold=chosen)
        else:  # too long for one line even at the smallest size: two lines in the row
            size, lines = _two_lines(whole, room, LABEL_MIN_FONT_PX, TWO_LINE_MIN_FONT_PX, bold=chosen)
            label = " ".join(lines)
            first = baseline - LABEL_TWO_LINE_PX / 2
            for number, line in enumerate(lines):
                y = first + number * LABEL_TWO_LINE_PX
                draw_text(row, PAD_PX, y, line, size=size, fill=text_fill, bold=chosen)
        if chosen:
            draw_text(
                row,
                width - PAD_PX - ARROW_WIDTH_PX / 2 + 2,
                baseline,
                _ARROW,
                size=VALUE_FONT_PX,
                fill=text_fill,
                anchor="middle",
            )

        sub_y = top + ROW_HEIGHT_PX + ROW_SUBLINE_PX - 8
        lower = lower_wins and not category.higher_is_better
        if lower:
            draw_text(row, PAD_PX, sub_y, _LOWER_WINS, size=SMALL_FONT_PX, fill=palette["lower"], bold=True)
        mark = clean_text(marks.get(index, ""))
        if mark:
            room = value_right - PAD_PX - (text_width(_LOWER_WINS, SMALL_FONT_PX, bold=True) + 12 if lower else 0)
            mark = fit(mark, room - 16, SMALL_FONT_PX, bold=True)
            mark_w = text_width(mark, SMALL_FONT_PX, bold=True) + 16
            draw_rect(
                row,
                value_right - mark_w,
                sub_y - SMALL_FONT_PX * 0.35 - MARK_HEIGHT_PX / 2,
                mark_w,
                MARK_HEIGHT_PX,
                fill=palette["mark"],
                rx=MARK_HEIGHT_PX / 2,
            )
            draw_text(
                row,
                value_right - mark_w / 2,
                sub_y,
                mark,
                size=SMALL_FONT_PX,
                fill=palette["mark_text"],
                anchor="middle",
                bold=True,
            )

        tooltip = _row_tooltip(card, index, category, label != clean_text(category.label))
        if tooltip:
            ET.SubElement(row, "title").text = tooltip
        top += row_h

    draw_rect(
        parent,
        BORDER_PX / 2,
        BORDER_PX / 2,
        width - BORDER_PX,
        height - BORDER_PX,
        fill="none",
        rx=CORNER_PX - BORDER_PX / 2,
        stroke=palette["border"],
        stroke_width=BORDER_PX,
    )


def _row_tooltip(card: Card, index: int, category: Category, cut: bool) -> str:
    """Returns a hover text for a row whose label was cut or that has notes."""
    notes = [n for n in (category.note, card.notes.get(category.name, "")) if n and n.strip()]
    if not cut and not notes:
        return ""
    head = f"{category.label}: {format_value(card.values[index] if index < len(card.values) else None)}"
    return clean_text(". ".join([head, *notes]))


def _card_title(card: Card) -> str:
    return f"{card.name} ({card.code})" if card.code else card.name


def _value_words(category: Category, value: Value, *, lower_wins: bool) -> str:
    words = f"{category.label}: {format_value(value)}"
    if value is None:
        words += " (no data)"
    if lower_wins and not category.higher_is_better:
        words += ", lower wins"
    return words


def _card_desc(card: Card, highlight: int | None, marks: Mapping[int, str], *, lower_wins: bool) -> str:
    parts = [f"Card {card.name}" + (f", quartet code {card.code}" if card.code else "") + "."]
    picture = card.picture.strip()
    if picture and card.picture_file is None:
        parts.append(f"Picture: {picture}.")
    if card.fact.strip():
        parts.append(f"Fact: {card.fact.strip()}")
    rows = []
    for index, (category, value) in enumerate(zip(card.categories, card.values, strict=False)):
        words = _value_words(category, value, lower_wins=lower_wins)
        if index == highlight:
            words += ", chosen category"
        if marks.get(index):
            words += f", {marks[index]}"
        rows.append(words)
    parts.append("; ".join(rows) + ".")
    return " ".join(parts)
