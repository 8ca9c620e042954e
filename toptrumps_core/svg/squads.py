"""Top Trump Squads pictures: the mission card and a row of slots (rules S1-S5).

- `mission_card`: the title, the story, and one column per slot of the row
  (slot i is category i, S1): the tokens drawn above the mission's three
  slots as in the source (3 above Critical, 2 above Important, 1 above
  Useful), the role, the category and its goal in words (S2); the other
  slots say "not in this mission" (S4).
- `squad_row`: one player's row: face-down backs, face-up cards drawn by what
  counts in their slot (the card's name and its value there, large), the
  empty slot of the card in hand (dashed), the card in hand with every value,
  the tokens above the mission slots, and, after the reveal, each slot's
  result in words and colour ("WON +3 ★", "lost", "nobody scores") (S3-S5).

Both are drawn as a grid of `columns` slots a line: all on one line by
default, as wide as the row, so a mission card drawn above a row lines up
with its slots.  Called without `columns`, each returns a `WideAndNarrow`:
the one-line picture, and the same wrapped to `NARROW_COLUMNS` a line for a
phone, with the HTML that shows the one whose smallest text reads at
`READABLE_PX` or more.  Every text is at least `SMALLEST_FONT_PX` design px.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence

from toptrumps_core.cards import Deck, value_with_unit
from toptrumps_core.checks import whole_number
from toptrumps_core.squads import ROLE_NAMES, Mission
from toptrumps_core.svg.backs import draw_back
from toptrumps_core.svg.elements import (
    Svg,
    check_index,
    clean_text,
    draw_rect,
    draw_text,
    finish,
    new_root,
    scale_of,
)
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import CORNER_PX
from toptrumps_core.svg.squad_slots import (
    HAND_WIDTH_PX,
    SLOT_CARD_HEIGHT_PX,
    SLOT_WIDTH_PX,
    SMALLEST_FONT_PX,
    draw_hand_card,
    draw_mission_column,
    draw_slot_face,
    draw_tokens,
    hand_card_height,
    mission_column_height,
)
from toptrumps_core.svg.text_fitting import fit_size, wrap
from toptrumps_core.svg.wide_and_narrow import READABLE_PX, WideAndNarrow

__all__ = ["NARROW_COLUMNS", "READABLE_PX", "SLOT_WIDTH_PX", "mission_card", "row_width", "squad_row"]

NARROW_COLUMNS = 2
"""Slots a line in the narrow layout (a phone's 340 px show two slots side by side at full size)."""
SLOT_GAP_PX = 12
TOKEN_BAND_PX = 36
LABEL_BAND_PX = 30
RESULT_BAND_PX = 38
TITLE_BAND_PX = 54
TITLE_FONT_PX = 26
STORY_FONT_PX = 16
STORY_LINE_PX = 22
STORY_MAX_LINES = 8
NAME_BAND_PX = 34


def row_width(deck: Deck, *, held: bool = False, columns: int | None = None) -> float:
    """Returns the width of a row of `deck`'s slots, and of its mission card (design px).

    Args:
        deck: The deck (one slot per category).
        held: True to leave room for the card in hand after the slots.
        columns: Slots a line; None for every slot on one line.

    Raises:
        ValueError: If `columns` is not a whole number >= 1.
    """
    per_line = _columns(deck, columns)
    width = per_line * SLOT_WIDTH_PX + (per_line + 1) * SLOT_GAP_PX
    if held and per_line >= len(deck.categories):
        return width + HAND_WIDTH_PX + 2 * SLOT_GAP_PX  # the hand sits after the slots, past a divider
    return max(width, HAND_WIDTH_PX + 2 * SLOT_GAP_PX) if held else width


def _columns(deck: Deck, columns: int | None) -> int:
    k = len(deck.categories)
    if columns is None:
        return k
    whole_number(columns, "columns", low=1, error=ValueError)
    return min(columns, k)


def _cell(slot: int, per_line: int, line_height: float) -> tuple[float, float]:
    """Returns the left and top of `slot`'s cell in a grid of `per_line` slots a line (design px)."""
    line, column = divmod(slot, per_line)
    return SLOT_GAP_PX + column * (SLOT_WIDTH_PX + SLOT_GAP_PX), line * line_height


def _switch_width(deck: Deck, held: bool) -> float:
    """The design width whose readable size decides the switch: the row with its card in hand when there is one."""
    return row_width(deck, held=held)


def mission_card(
    mission: Mission,
    deck: Deck,
    *,
    columns: int | None = None,
    width_px: int | None = None,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws a mission card: title, story, and the tokens, role and goal above each slot (S2).

    Args:
        mission: The mission (valid for `deck`).
        deck: The deck its categories come from.
        columns: Slots a line; None for a `WideAndNarrow`: every slot on one
            line, and `NARROW_COLUMNS` a line for narrow screens.
        width_px: Width in pixels of the (one-line) picture; None for the
            design width.  The narrow layout is always at its design width.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The mission card as SVG markup (a `WideAndNarrow` when `columns` is None).

    Raises:
        ValueError: If `columns` or `width_px` is not a positive int, or `colours` has an unknown key.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> from toptrumps_core.squads import bundled_missions
        >>> deck = load_deck("animals")
        >>> picture = mission_card(bundled_missions(deck)[0], deck)
        >>> "Critical" in picture and "3 tokens" in picture and "Critical" in picture.narrow
        True
    """
    if columns is not None:
        return _mission_card(mission, deck, columns, width_px, colours)
    wide = _mission_card(mission, deck, None, width_px, colours)
    narrow = _mission_card(mission, deck, NARROW_COLUMNS, None, colours)
    # a mission card switches with the building row drawn under it, so the two keep lining up
    return WideAndNarrow(wide, narrow, _switch_width(deck, True), SMALLEST_FONT_PX)


def _mission_card(
    mission: Mission,
    deck: Deck,
    columns: int | None,
    width_px: int | None,
    colours: Mapping[str, str] | None,
) -> Svg:
    palette = palette_of(colours)
    per_line = _columns(deck, columns)
    width = row_width(deck, columns=columns)
    scale = scale_of(width_px if width_px is not None else round(width), width)
    story = wrap(clean_text(mission.story), width - 2 * SLOT_GAP_PX, STORY_FONT_PX, STORY_MAX_LINES)
    story_h = len(story) * STORY_LINE_PX + 12
    column_h = TOKEN_BAND_PX + mission_column_height(mission, deck)
    lines = math.ceil(len(deck.categories) / per_line)
    line_h = column_h + SLOT_GAP_PX
    height = TITLE_BAND_PX + story_h + lines * line_h + SLOT_GAP_PX / 2
    tokens_by_slot = mission.tokens_by_category(deck)
    parts = []
    for role, count, goal in mission.roles():
        category = deck.categories[deck.category_index(goal.category)]
        parts.append(f"{ROLE_NAMES[role]}, {count} token{'s' if count > 1 else ''}: {goal.describe(category)}")
    desc = f"Mission {mission.title}. {mission.story} " + "; ".join(parts) + "."
    root = new_root(width, height, scale, f"Mission: {mission.title}", desc)
    draw_rect(root, 0, 0, width, height, fill=palette["card"], rx=CORNER_PX, stroke=palette["border"], stroke_width=4)
    draw_rect(root, 0, 0, width, TITLE_BAND_PX, fill=palette["header"], rx=CORNER_PX)
    title, size = fit_size(clean_text(mission.title), width - 2 * SLOT_GAP_PX, TITLE_FONT_PX, 18, bold=True)
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
    for index in range(len(deck.categories)):
        x, y = _cell(index, per_line, line_h)
        placed = mission.slot_of(deck, index)
        fill = palette["picture"] if placed else palette["row_alt"]
        draw_rect(root, x, top + y, SLOT_WIDTH_PX, column_h, fill=fill, rx=10)
        if tokens_by_slot[index]:
            draw_tokens(root, x + SLOT_WIDTH_PX / 2, top + y + TOKEN_BAND_PX / 2, tokens_by_slot[index], palette)
        draw_mission_column(root, mission, deck, index, x, top + y + TOKEN_BAND_PX, palette)
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
    revealed: Collection[int] | None = None,
    columns: int | None = None,
    width_px: int | None = None,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws one player's row of slots: backs, face-up cards, the empty slot, the card in hand, tokens, results.

    A face-up card in a slot shows what counts there (S4, S5): its name and
    its value in that slot's category, in large type; the card in hand shows
    every value, since it may go in any slot (S3).  Face-down cards show only
    their slot number.  During the reveal (`revealed`), a slot's value shows
    only once that slot is turned, and the slots outside the mission are
    drawn as discarded (S4).  The picture's ``<desc>`` says the same: each
    face-up card's name and value, "value not revealed yet" or "discarded".

    Args:
        deck: The deck (slot i stands for category i, S1).
        cards: Per slot, the card number lying face up there, or None for a
            face-down card (or the empty slot, see `empty_slot`); one entry
            per category.
        mission: The round's mission, for the tokens above its slots; None before it is set.
        empty_slot: The slot left empty by the card in hand, drawn dashed; None if none.
        held: The card in hand, drawn after the slots; None if none.
        name: The player's name, drawn above the row; "" for none.
        results: Per slot, a word or two under it after the reveal ("WON +3 ★", "lost", "nobody scores").
        winners: The slots won, outlined and their result drawn as a badge.
        revealed: During the reveal (S4, S5), the slots whose values show:
            the mission slots turned so far, or every slot once all are
            turned.  A face-up card in a mission slot not in it shows "?"
            for its value ("not revealed yet"); with a `mission`, a slot
            outside it is drawn dimmed as "discarded", its value (if
            revealed) in plain muted type.  None outside a reveal: every
            face-up card shows its value and no slot is drawn as discarded.
        columns: Slots a line; None for a `WideAndNarrow`: every slot on one
            line, and `NARROW_COLUMNS` a line for narrow screens.
        width_px: Width in pixels of the (one-line) picture; None for the
            design width.  The narrow layout is always at its design width.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The row as SVG markup (a `WideAndNarrow` when `columns` is None).

    Raises:
        ValueError: If `cards` does not have one entry per category, a card
            or slot number is out of range, `columns` or `width_px` is not a
            positive int, or `colours` has an unknown key.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> deck = load_deck("animals")
        >>> picture = squad_row(deck, [0, None, None, None], empty_slot=2, held=5, name="You")
        >>> "face down" in picture and "in hand" in picture and "in hand" in picture.narrow
        True
    """
    k = len(deck.categories)
    if len(cards) != k:
        raise ValueError(f"expected one entry per slot ({k}); got {len(cards)}")
    for card in (*cards, held):
        if card is not None:
            check_index(card, len(deck.cards), "card")
    for slot in revealed or ():
        check_index(slot, k, "slot")
    if empty_slot is not None:
        check_index(empty_slot, k, "slot")
    faces = _Faces(deck, mission, revealed)
    row = _Row(deck, cards, faces, empty_slot, held, name, results or {}, set(winners), palette_of(colours))
    if columns is not None:
        return row.draw(_columns(deck, columns), width_px)
    wide, narrow = row.draw(k, width_px), row.draw(NARROW_COLUMNS, None)
    return WideAndNarrow(wide, narrow, _switch_width(deck, held is not None), SMALLEST_FONT_PX)


class _Faces:
    """Which face-up cards of a row show their value, and which slots are discarded (S4)."""

    def __init__(self, deck: Deck, mission: Mission | None, revealed: Collection[int] | None) -> None:
        k = len(deck.categories)
        self.tokens = mission.tokens_by_category(deck) if mission is not None else (0,) * k
        self.shown = set(range(k)) if revealed is None else set(revealed)
        self.discarded = set() if revealed is None or mission is None else {i for i in range(k) if not self.tokens[i]}

    def words(self, deck: Deck, card: int, slot: int) -> str:
        """Returns what a face-up `card` in `slot` shows, in words: its value, not revealed yet, or discarded."""
        category = deck.categories[slot]
        value = value_with_unit(category, deck.cards[card].values[slot])
        if slot in self.discarded:
            return f"discarded, {value}" if slot in self.shown else "discarded, not in this mission"
        return value if slot in self.shown else "value not revealed yet"


class _Row:
    """One row's contents, drawn in a grid of some slots a line."""

    def __init__(
        self,
        deck: Deck,
        cards: Sequence[int | None],
        faces: _Faces,
        empty_slot: int | None,
        held: int | None,
        name: str,
        results: Mapping[int, str],
        winners: set[int],
        palette: Mapping[str, str],
    ) -> None:
        self.deck, self.cards, self.empty_slot, self.held, self.name = deck, cards, empty_slot, held, name
        self.results, self.winners, self.palette = results, winners, palette
        self.faces, self.tokens = faces, faces.tokens

    def draw(self, per_line: int, width_px: int | None) -> Svg:
        deck, palette, held = self.deck, self.palette, self.held
        k = len(deck.categories)
        per_line = min(per_line, k)
        width = row_width(deck, held=held is not None, columns=per_line)
        scale = scale_of(width_px if width_px is not None else round(width), width)
        name_h = NAME_BAND_PX if self.name else 0
        slot_h = TOKEN_BAND_PX + SLOT_CARD_HEIGHT_PX + LABEL_BAND_PX + (RESULT_BAND_PX if self.results else 0)
        hand_h = TOKEN_BAND_PX + hand_card_height(deck) + SLOT_GAP_PX if held is not None else 0
        beside = held is not None and per_line >= k  # the hand on the slots' line, else on a line of its own
        lines = math.ceil(k / per_line)
        line_h = max(slot_h, hand_h) if beside else slot_h
        height = name_h + lines * line_h + (0 if beside else hand_h) + SLOT_GAP_PX / 2
        desc = _row_desc(deck, self.cards, self.empty_slot, held, self.name, self.faces, self.results)
        root = new_root(width, height, scale, f"{self.name or 'A'} row of {k} slots", desc)
        draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
        if self.name:
            text, size = fit_size(clean_text(self.name), width - 2 * SLOT_GAP_PX, 20, 15, bold=True)
            draw_text(root, SLOT_GAP_PX, NAME_BAND_PX * 0.72, text, size=size, fill=palette["table_text"], bold=True)
        for slot in range(k):
            x, y = _cell(slot, per_line, line_h)
            self._draw_slot(root, slot, x, name_h + y)
        if held is not None:
            if beside:
                x, y = row_width(deck, columns=k) + SLOT_GAP_PX, name_h
                draw_rect(root, x - SLOT_GAP_PX - 2, y + 4, 4, hand_h - 8, fill=palette["border"])
            else:
                x, y = SLOT_GAP_PX, name_h + lines * line_h
            draw_text(
                root,
                x + HAND_WIDTH_PX / 2,
                y + TOKEN_BAND_PX * 0.7,
                "in hand",
                size=17,
                fill=palette["table_text"],
                anchor="middle",
                bold=True,
            )
            draw_hand_card(root, deck, held, x, y + TOKEN_BAND_PX, palette)
        return finish(root)

    def _draw_slot(self, root: ET.Element, slot: int, x: float, y: float) -> None:
        deck, palette = self.deck, self.palette
        cx = x + SLOT_WIDTH_PX / 2
        if self.tokens[slot]:
            draw_tokens(root, cx, y + TOKEN_BAND_PX / 2, self.tokens[slot], palette)
        top = y + TOKEN_BAND_PX
        card = self.cards[slot]
        if slot == self.empty_slot:
            draw_rect(
                root,
                x,
                top,
                SLOT_WIDTH_PX,
                SLOT_CARD_HEIGHT_PX,
                fill="none",
                rx=10,
                stroke=palette["empty"],
                stroke_width=3,
                dash="10 7",
            )
            draw_text(root, cx, top + SLOT_CARD_HEIGHT_PX / 2, "empty", size=17, fill=palette["muted"], anchor="middle")
        elif card is None:
            draw_back(root, x, top, SLOT_WIDTH_PX, SLOT_CARD_HEIGHT_PX, str(slot + 1), palette)
        else:
            faces = self.faces
            draw_slot_face(
                root,
                deck.cards[card],
                deck.categories[slot],
                slot,
                x,
                top,
                palette,
                shown=slot in faces.shown,
                counts=slot not in faces.discarded,
            )
        won = slot in self.winners
        if won:
            draw_rect(
                root,
                x - 4,
                top - 4,
                SLOT_WIDTH_PX + 8,
                SLOT_CARD_HEIGHT_PX + 8,
                fill="none",
                rx=12,
                stroke=palette["winner"],
                stroke_width=6,
            )
        bottom = top + SLOT_CARD_HEIGHT_PX
        label, size = fit_size(
            clean_text(deck.categories[slot].name), SLOT_WIDTH_PX - 6, 16, SMALLEST_FONT_PX, bold=True
        )
        draw_text(root, cx, bottom + 22, label, size=size, fill=palette["table_text"], anchor="middle", bold=True)
        result = self.results.get(slot)
        if result:
            text, size = fit_size(clean_text(result), SLOT_WIDTH_PX - 16, 17, SMALLEST_FONT_PX, bold=True)
            if won:
                draw_rect(root, x + 6, bottom + LABEL_BAND_PX + 2, SLOT_WIDTH_PX - 12, 30, fill=palette["winner"], rx=8)
                draw_text(
                    root,
                    cx,
                    bottom + LABEL_BAND_PX + 23,
                    text,
                    size=size,
                    fill=palette["winner_text"],
                    anchor="middle",
                    bold=True,
                )
            else:
                draw_text(
                    root, cx, bottom + LABEL_BAND_PX + 23, text, size=size, fill=palette["muted"], anchor="middle"
                )


def _row_desc(
    deck: Deck,
    cards: Sequence[int | None],
    empty_slot: int | None,
    held: int | None,
    name: str,
    faces: _Faces,
    results: Mapping[int, str],
) -> str:
    """Returns the row in words, slot by slot, for screen readers: what each slot shows in the picture."""
    tokens = faces.tokens
    parts = []
    for slot, card in enumerate(cards):
        category = deck.categories[slot].name
        if slot == empty_slot:
            what = "empty"
        elif card is None:
            what = "face down"
        else:
            what = f"{deck.cards[card].name} face up, {faces.words(deck, card, slot)}"
        worth = f" ({tokens[slot]} token{'s' if tokens[slot] > 1 else ''})" if tokens[slot] else ""
        result = f", {results[slot]}" if slot in results else ""
        parts.append(f"slot {slot + 1}, {category}{worth}: {what}{result}")
    text = f"{name + ': ' if name else ''}" + "; ".join(parts) + "."
    if held is not None:
        text += f" Card in hand: {deck.cards[held].name}."
    return text
