"""Top Trump Squads pictures: the mission card and a row of slots (rules S1-S5).

- `mission_card`: the title, the story, and one column per slot of the row
  (slot i is category i, S1): the tokens drawn above the mission's three
  slots as in the source (3 above Critical, 2 above Important, 1 above
  Useful), the role, the category and its goal in words (S2); the other
  slots say "not in this mission" (S4).
- `squad_row`: one player's row: face-down backs, face-up cards (the slot's
  category highlighted), the empty slot of the card in hand (dashed), the
  tokens above the mission slots, and, after the reveal, each slot's result
  in words and colour ("WON +3", "lost", "no data") (S5).

Both are as wide as the row, so a mission card drawn above rows lines up
with their slots.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence

from toptrumps_core.cards import Deck, format_value, value_with_unit
from toptrumps_core.squads import ROLE_NAMES, Mission
from toptrumps_core.svg.backs import draw_back
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
    scale_of,
)
from toptrumps_core.svg.faces import CardLayout, draw_card_face
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import BADGE_FONT_PX, CARD_WIDTH_PX, CORNER_PX, SMALL_FONT_PX
from toptrumps_core.svg.text_fitting import fit, fit_size, text_width, wrap

__all__ = ["SLOT_WIDTH_PX", "mission_card", "row_width", "squad_row"]

SLOT_SCALE = 0.5
"""A card in a slot is drawn at half the size of a card on its own."""
SLOT_WIDTH_PX = CARD_WIDTH_PX * SLOT_SCALE
"""Width of one slot (design px)."""
SLOT_GAP_PX = 14
TOKEN_BAND_PX = 40
TOKEN_RADIUS_PX = 11
LABEL_BAND_PX = 52
TITLE_BAND_PX = 54
STORY_FONT_PX = 17
STORY_LINE_PX = 23
STORY_MAX_LINES = 5
COLUMN_BAND_PX = 116
NAME_BAND_PX = 36


def row_width(deck: Deck, *, held: bool = False) -> float:
    """Returns the width of a row of `deck`'s slots, and of its mission card (design px).

    Args:
        deck: The deck (one slot per category).
        held: True to leave room for the card in hand after the slots.
    """
    slots = len(deck.categories) + (1 if held else 0)
    return slots * SLOT_WIDTH_PX + (slots + 1) * SLOT_GAP_PX + (SLOT_GAP_PX if held else 0)


def _slot_x(slot: int) -> float:
    return SLOT_GAP_PX + slot * (SLOT_WIDTH_PX + SLOT_GAP_PX)


def _draw_tokens(parent: ET.Element, cx: float, y: float, tokens: int, palette: Mapping[str, str]) -> None:
    """Draws `tokens` tokens in a row centred on `cx`, and the count in words for readers."""
    step = TOKEN_RADIUS_PX * 2 + 6
    left = cx - (tokens - 1) * step / 2
    for n in range(tokens):
        draw_circle(
            parent, left + n * step, y, TOKEN_RADIUS_PX, fill=palette["code"], stroke=palette["border"], stroke_width=2
        )
        draw_text(parent, left + n * step, y + 5, "★", size=14, fill=palette["code_text"], anchor="middle")


def mission_card(
    mission: Mission,
    deck: Deck,
    *,
    width_px: int | None = None,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws a mission card: title, story, and the tokens, role and goal above each slot (S2).

    Args:
        mission: The mission (valid for `deck`).
        deck: The deck its categories come from.
        width_px: Width in pixels; None for the row's design width.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The mission card as SVG markup.

    Raises:
        ValueError: If `width_px` is not a positive int or `colours` has an unknown key.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> from toptrumps_core.squads import bundled_missions
        >>> deck = load_deck("animals")
        >>> picture = mission_card(bundled_missions(deck)[0], deck)
        >>> "Critical" in picture and "3 tokens" in picture
        True
    """
    palette = palette_of(colours)
    width = row_width(deck)
    scale = scale_of(width_px if width_px is not None else round(width), width)
    story = wrap(clean_text(mission.story), width - 2 * SLOT_GAP_PX, STORY_FONT_PX, STORY_MAX_LINES)
    story_h = len(story) * STORY_LINE_PX + 12
    height = TITLE_BAND_PX + story_h + TOKEN_BAND_PX + COLUMN_BAND_PX + SLOT_GAP_PX
    tokens_by_slot = mission.tokens_by_category(deck)
    parts = []
    for role, count, goal in mission.roles():
        category = deck.categories[deck.category_index(goal.category)]
        parts.append(f"{ROLE_NAMES[role]}, {count} token{'s' if count > 1 else ''}: {goal.describe(category)}")
    desc = f"Mission {mission.title}. {mission.story} " + "; ".join(parts) + "."
    root = new_root(width, height, scale, f"Mission: {mission.title}", desc)
    draw_rect(root, 0, 0, width, height, fill=palette["card"], rx=CORNER_PX, stroke=palette["border"], stroke_width=4)
    draw_rect(root, 0, 0, width, TITLE_BAND_PX, fill=palette["header"], rx=CORNER_PX)
    title, size = fit_size(clean_text(mission.title), width - 2 * SLOT_GAP_PX, 28, 18, bold=True)
    draw_text(
        root,
        width / 2,
        TITLE_BAND_PX / 2 + size / 3,
        title,
        size=size,
        fill=palette["header_text"],
        anchor="middle",
        bold=True,
    )
    for n, line in enumerate(story):
        draw_text(
            root,
            SLOT_GAP_PX,
            TITLE_BAND_PX + 8 + (n + 0.8) * STORY_LINE_PX,
            line,
            size=STORY_FONT_PX,
            fill=palette["text"],
        )
    top = TITLE_BAND_PX + story_h
    for index, category in enumerate(deck.categories):
        x = _slot_x(index)
        cx = x + SLOT_WIDTH_PX / 2
        tokens = tokens_by_slot[index]
        placed = mission.slot_of(deck, index)
        fill = palette["picture"] if placed else palette["row_alt"]
        draw_rect(root, x, top, SLOT_WIDTH_PX, TOKEN_BAND_PX + COLUMN_BAND_PX, fill=fill, rx=10)
        if tokens:
            _draw_tokens(root, cx, top + TOKEN_BAND_PX / 2, tokens, palette)
        lines: list[tuple[str, float, bool, str]] = []
        if placed is not None:
            name, _, slot = placed
            lines.append((ROLE_NAMES[name], 16, True, palette["mark"]))
            lines.append((category.name, 17, True, palette["text"]))
            if slot.goal == "nearest":
                lines.append(("nearest to", 16, False, palette["text"]))
                lines.append((value_with_unit(category, slot.target), 16, True, palette["text"]))
            else:
                lines.append((f"{'▲' if slot.goal == 'highest' else '▼'} {slot.goal} wins", 16, False, palette["text"]))
        else:
            lines.append(("not in this", 14, False, palette["muted"]))
            lines.append(("mission", 14, False, palette["muted"]))
            lines.append((category.name, 16, False, palette["muted"]))
        for n, (text, font, bold, colour) in enumerate(lines):
            fitted = fit(clean_text(text), SLOT_WIDTH_PX - 12, font, bold=bold)
            draw_text(
                root, cx, top + TOKEN_BAND_PX + 22 + n * 24, fitted, size=font, fill=colour, anchor="middle", bold=bold
            )
    return finish(root)


def squad_row(
    deck: Deck,
    cards: Sequence[int | None],
    *,
    mission: Mission | None = None,
    empty_slot: int | None = None,
    held: int | None = None,
    name: str = "",
    results: Mapping[int, str] | None = None,
    winners: Collection[int] = (),
    slot_faces: bool = False,
    width_px: int | None = None,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws one player's row of slots: backs, face-up cards, the empty slot, tokens and results (S1, S3, S5).

    Args:
        deck: The deck (slot i stands for category i).
        cards: Per slot, the card number lying face up there, or None for a
            face-down card (or the empty slot, see `empty_slot`); one entry
            per category.
        mission: The round's mission, for the tokens above its slots; None before it is set.
        empty_slot: The slot left empty by the card in hand, drawn dashed; None if none.
        held: The card in hand, drawn after the slots; None if none.
        name: The player's name, drawn above the row; "" for none.
        results: Per slot, a word or two under it after the reveal ("WON +3", "lost", "no data").
        winners: The slots won, outlined and their result drawn as a badge.
        slot_faces: True to draw each face-up card in a slot by what counts
            there (S4, S5): its name and its value in that slot's category,
            in large type that stays legible when the row is drawn small (the
            reveal); False for the whole card face, every category.
        width_px: Width in pixels; None for the design width.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The row as SVG markup.

    Raises:
        ValueError: If `cards` does not have one entry per category, a card
            or slot number is out of range, `width_px` is not a positive
            int, or `colours` has an unknown key.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> deck = load_deck("animals")
        >>> picture = squad_row(deck, [0, None, None, None], empty_slot=2, held=5, name="You")
        >>> "face down" in picture and "in hand" in picture
        True
    """
    palette = palette_of(colours)
    k = len(deck.categories)
    if len(cards) != k:
        raise ValueError(f"expected one entry per slot ({k}); got {len(cards)}")
    for card in (*cards, held):
        if card is not None:
            check_index(card, len(deck.cards), "card")
    if empty_slot is not None:
        check_index(empty_slot, k, "slot")
    won = set(winners)
    layout = CardLayout.of(deck.cards, {})
    card_h = layout.height * SLOT_SCALE
    width = row_width(deck, held=held is not None)
    scale = scale_of(width_px if width_px is not None else round(width), width)
    name_h = NAME_BAND_PX if name else 0
    top = name_h + TOKEN_BAND_PX
    height = top + card_h + LABEL_BAND_PX + (SLOT_GAP_PX if results else 0)
    tokens_by_slot = mission.tokens_by_category(deck) if mission is not None else (0,) * k
    results = results or {}
    desc = _row_desc(deck, cards, empty_slot, held, name, tokens_by_slot, results)
    root = new_root(width, height, scale, f"{name or 'A'} row of {k} slots", desc)
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    if name:
        text, size = fit_size(clean_text(name), width - 2 * SLOT_GAP_PX, 22, 15, bold=True)
        draw_text(root, SLOT_GAP_PX, NAME_BAND_PX * 0.72, text, size=size, fill=palette["table_text"], bold=True)
    for slot in range(k):
        x = _slot_x(slot)
        cx = x + SLOT_WIDTH_PX / 2
        if tokens_by_slot[slot]:
            _draw_tokens(root, cx, name_h + TOKEN_BAND_PX / 2, tokens_by_slot[slot], palette)
        card = cards[slot]
        if slot == empty_slot:
            draw_rect(
                root,
                x,
                top,
                SLOT_WIDTH_PX,
                card_h,
                fill="none",
                rx=10,
                stroke=palette["empty"],
                stroke_width=3,
                dash="10 7",
            )
            draw_text(
                root, cx, top + card_h / 2, "empty", size=SMALL_FONT_PX + 2, fill=palette["muted"], anchor="middle"
            )
        elif card is None:
            draw_back(root, x, top, SLOT_WIDTH_PX, card_h, str(slot + 1), palette)
        elif slot_faces:
            _draw_slot_face(root, deck, card, slot, x, top, card_h, palette)
        else:
            group = ET.SubElement(root, "g", {"transform": f"translate({coord(x)},{coord(top)}) scale({SLOT_SCALE})"})
            draw_card_face(group, deck.cards[card], layout, palette, highlight=slot, marks={}, selectable=False)
        if slot in won:
            draw_rect(
                root,
                x - 4,
                top - 4,
                SLOT_WIDTH_PX + 8,
                card_h + 8,
                fill="none",
                rx=12,
                stroke=palette["winner"],
                stroke_width=6,
            )
        label = fit(clean_text(deck.categories[slot].name), SLOT_WIDTH_PX - 8, 15, bold=True)
        draw_text(root, cx, top + card_h + 20, label, size=15, fill=palette["table_text"], anchor="middle", bold=True)
        result = results.get(slot)
        if result:
            text = fit(clean_text(result), SLOT_WIDTH_PX - 12, 16, bold=True)
            if slot in won:
                draw_rect(root, x + 8, top + card_h + 28, SLOT_WIDTH_PX - 16, 28, fill=palette["winner"], rx=8)
                draw_text(
                    root, cx, top + card_h + 48, text, size=16, fill=palette["winner_text"], anchor="middle", bold=True
                )
            else:
                draw_text(root, cx, top + card_h + 48, text, size=16, fill=palette["muted"], anchor="middle")
    if held is not None:
        x = _slot_x(k) + SLOT_GAP_PX
        draw_rect(root, x - SLOT_GAP_PX / 2 - 2, name_h + 4, 4, card_h + TOKEN_BAND_PX, fill=palette["border"])
        draw_text(
            root,
            x + SLOT_WIDTH_PX / 2,
            name_h + TOKEN_BAND_PX * 0.7,
            "in hand",
            size=BADGE_FONT_PX * 0.7,
            fill=palette["table_text"],
            anchor="middle",
            bold=True,
        )
        group = ET.SubElement(root, "g", {"transform": f"translate({coord(x)},{coord(top)}) scale({SLOT_SCALE})"})
        draw_card_face(group, deck.cards[held], layout, palette, highlight=None, marks={}, selectable=False)
    return finish(root)


SLOT_FACE_NAME_PX = 26
"""Largest type of a card's name on a slot face (design px; it shrinks to fit, down to `SLOT_FACE_MIN_PX`)."""
SLOT_FACE_VALUE_PX = 44
"""Type of the slot's value on a slot face (design px)."""
SLOT_FACE_MIN_PX = 19
"""Smallest type on a slot face: at a phone's 340 px for a 710 px row it is still about 9 px."""
SLOT_FACE_LONG_WORD_PX = 14
"""Smallest type of a single word of a name too long for `SLOT_FACE_MIN_PX` (it is shrunk, never cut)."""


def _draw_slot_face(
    root: ET.Element,
    deck: Deck,
    card: int,
    slot: int,
    x: float,
    top: float,
    height: float,
    palette: Mapping[str, str],
) -> None:
    """Draws a face-up card in `slot` by what counts there: its name, and its value for that slot's category."""
    face = deck.cards[card]
    category = deck.categories[slot]
    draw_rect(
        root, x, top, SLOT_WIDTH_PX, height, fill=palette["card"], rx=10, stroke=palette["border"], stroke_width=3
    )
    band = height * 0.42
    draw_rect(root, x, top, SLOT_WIDTH_PX, band, fill=palette["header"], rx=10)
    lines, size = _name_lines(clean_text(face.name), SLOT_WIDTH_PX - 10)
    first = top + band / 2 - (len(lines) - 1) * size * 0.6 + size * 0.35
    for i, line in enumerate(lines):
        draw_text(
            root,
            x + SLOT_WIDTH_PX / 2,
            first + i * size * 1.2,
            line,
            size=size,
            fill=palette["header_text"],
            anchor="middle",
            bold=True,
        )
    value = format_value(face.values[slot])
    shown, value_size = fit_size(value, SLOT_WIDTH_PX - 12, SLOT_FACE_VALUE_PX, SLOT_FACE_MIN_PX, bold=True)
    middle = top + band + (height - band) * 0.45
    draw_text(
        root, x + SLOT_WIDTH_PX / 2, middle, shown, size=value_size, fill=palette["text"], anchor="middle", bold=True
    )
    if category.unit and face.values[slot] is not None:
        unit, unit_size = fit_size(clean_text(category.unit), SLOT_WIDTH_PX - 12, 26, SLOT_FACE_MIN_PX)
        draw_text(
            root,
            x + SLOT_WIDTH_PX / 2,
            middle + value_size * 0.9,
            unit,
            size=unit_size,
            fill=palette["muted"],
            anchor="middle",
        )


def _name_lines(name: str, room: float) -> tuple[list[str], float]:
    """Returns a card's name in one line, or two split at a space, and the one size that fits every line.

    The size is from `SLOT_FACE_NAME_PX` down to `SLOT_FACE_MIN_PX`; a single
    word too long even then (e.g. "Parasaurolophus") shrinks further, to
    `SLOT_FACE_LONG_WORD_PX`, rather than being cut.
    """
    whole, size = fit_size(name, room, SLOT_FACE_NAME_PX, SLOT_FACE_MIN_PX, bold=True)
    if whole == name:
        return [name], size
    words = name.split()
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))] or [[name]]
    lines = min(splits, key=lambda pair: max(text_width(line, SLOT_FACE_MIN_PX, bold=True) for line in pair))
    fitted = [fit_size(line, room, SLOT_FACE_NAME_PX, SLOT_FACE_LONG_WORD_PX, bold=True) for line in lines]
    return [text for text, _ in fitted], min(size for _, size in fitted)


def _row_desc(
    deck: Deck,
    cards: Sequence[int | None],
    empty_slot: int | None,
    held: int | None,
    name: str,
    tokens: Sequence[int],
    results: Mapping[int, str],
) -> str:
    """Returns the row in words, slot by slot, for screen readers."""
    parts = []
    for slot, card in enumerate(cards):
        category = deck.categories[slot].name
        if slot == empty_slot:
            what = "empty"
        elif card is None:
            what = "face down"
        else:
            what = f"{deck.cards[card].name} face up"
        worth = f" ({tokens[slot]} token{'s' if tokens[slot] > 1 else ''})" if tokens[slot] else ""
        result = f", {results[slot]}" if slot in results else ""
        parts.append(f"slot {slot + 1}, {category}{worth}: {what}{result}")
    text = f"{name + ': ' if name else ''}" + "; ".join(parts) + "."
    if held is not None:
        text += f" Card in hand: {deck.cards[held].name}."
    return text
