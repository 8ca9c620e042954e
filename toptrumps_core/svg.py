"""SVG pictures of cards, card backs, stacks, comparisons and decks.

Pure functions from core values to an `Svg`: a `str` of SVG markup that
Jupyter shows as a picture (`Card._repr_svg_` and `Deck._repr_svg_` call in
here lazily) and that widgets put in an ``HTML`` widget.

Every picture:

- is built with `xml.etree.ElementTree`, so user text (card names, facts,
  player names) is always escaped, and characters XML cannot hold are dropped;
- has a ``<title>`` and a ``<desc>`` that say in words what it shows (the
  card's name and all its values, who won), for screen readers;
- says everything in text as well as colour: "▼ lower wins", "n/a", the
  "◀" marker on the chosen category, "WINNER", "TIE — cards to the pot";
- sets ``width``, ``height`` and ``viewBox``: the ``*_PX`` constants below are
  pixels at the default width, and every drawing scales uniformly with its
  ``width_px`` argument;
- is the same bytes for the same input (no counters, no random ids; in fact
  no ids at all), and holds no ``<script>`` and no event-handler attributes.

Colours come from `COLOURS`, a read-only mapping that every function lets the
caller override by keyword (``colours={"highlight": "#9BE7FF"}``).

Text is fitted by an estimate of its width (no fonts are measured): long names
shrink a little and are then cut with "…"; facts wrap to two lines.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [0.05, "n/a"]})
    >>> picture = card(tiny.cards[0], highlight=0)
    >>> picture.startswith("<svg") and "▼ lower wins" in picture and "◀" in picture
    True
"""

from __future__ import annotations

import math
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from toptrumps_core.cards import Card, Category, Deck, Value, format_value

__all__ = [
    "CARD_BACK_HEIGHT_PX",
    "CARD_WIDTH_PX",
    "COLOURS",
    "DECK_CARD_WIDTH_PX",
    "EMOJI_FONT",
    "SANS_FONT",
    "STACK_WIDTH_PX",
    "Svg",
    "card",
    "comparison",
    "deck",
    "face_down",
    "stack",
]

# --- Sizes, in pixels at the default width --------------------------------

CARD_WIDTH_PX = 320
"""Default width of one card, face up or face down (px)."""
CARD_BACK_HEIGHT_PX = 480
"""Height of a lone card back at the default width (px)."""
STACK_WIDTH_PX = 240
"""Default width of a whole `stack` picture (px)."""
DECK_CARD_WIDTH_PX = 200
"""Default width of each small card in a `deck` grid (px)."""

BORDER_PX = 4
CORNER_PX = 16
PAD_PX = 14
GAP_PX = 24

HEADER_HEIGHT_PX = 60
NAME_FONT_PX = 26
NAME_MIN_FONT_PX = 18
CODE_FONT_PX = 20
CODE_HEIGHT_PX = 32

PICTURE_HEIGHT_PX = 124
PICTURE_FONT_PX = 80
PICTURE_MIN_FONT_PX = 36

FACT_FONT_PX = 16
FACT_LINE_PX = 21
FACT_MAX_LINES = 2

ROW_HEIGHT_PX = 44
ROW_SUBLINE_PX = 18
LABEL_FONT_PX = 19
LABEL_MIN_FONT_PX = 15
VALUE_FONT_PX = 23
VALUE_MIN_FONT_PX = 12
SMALL_FONT_PX = 15
MARK_HEIGHT_PX = 22
ARROW_WIDTH_PX = 26
CARD_BOTTOM_PX = 12

CAPTION_FONT_PX = 26
PLAYER_FONT_PX = 26
PLAYER_MIN_FONT_PX = 16
PLAYER_HEIGHT_PX = 44
BADGE_FONT_PX = 26
BADGE_HEIGHT_PX = 48
WINNER_OUTLINE_PX = 7

STACK_DRAWN_MAX = 5
STACK_BACK_WIDTH_PX = 130
STACK_OFFSET_PX = 8
COUNT_FONT_PX = 36
STACK_LABEL_FONT_PX = 24

TITLE_FONT_PX = 30
SUBTITLE_FONT_PX = 18
MORE_FONT_PX = 40

# --- Fonts and colours -------------------------------------------------------

SANS_FONT = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', "
    "'Liberation Sans', 'DejaVu Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'"
)
"""Font stack for all text: the system's own sans-serif, emoji as a fallback."""
EMOJI_FONT = (
    "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', 'Twemoji Mozilla', 'EmojiOne Color', sans-serif"
)
"""Font stack for a card's picture emoji."""

COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "card": "#FFFFFF",  # card face
        "border": "#1B2A4A",  # card outline
        "header": "#1B2A4A",  # name band
        "header_text": "#FFFFFF",
        "code": "#FFD23F",  # quartet code badge
        "code_text": "#1B2A4A",
        "picture": "#E3EEFB",  # band behind the picture
        "text": "#1B2A4A",  # labels and values
        "muted": "#4A5568",  # fact, "n/a"
        "row_alt": "#EEF2F7",  # every other category row
        "rule": "#C9D3E0",  # thin lines between rows
        "highlight": "#FFD23F",  # the chosen category's band
        "highlight_text": "#1B2A4A",
        "lower": "#9A3412",  # "▼ lower wins"
        "mark": "#0F6B4F",  # per-row badges such as "62% win"
        "mark_text": "#FFFFFF",
        "select": "#1D5FA8",  # outline of choosable rows (selectable=True)
        "back": "#C62828",  # card back
        "back_pattern": "#E35151",
        "back_panel": "#FFFFFF",
        "back_text": "#A61B1B",
        "empty": "#5A6475",  # dashed outline of an empty stack
        "winner": "#0F7B3F",
        "winner_text": "#FFFFFF",
        "tie": "#6B21A8",
        "tie_text": "#FFFFFF",
        "table": "#F5F1E6",  # backdrop of stacks, comparisons and decks
        "table_text": "#1B2A4A",
    }
)
"""Default colours by role (CSS colour strings); override any by keyword.

Every text colour reaches a contrast ratio of at least 4.5:1 (WCAG AA) on
the backgrounds it is drawn on, and no colour is the only signal of anything.
"""

SVG_NS = "http://www.w3.org/2000/svg"
_VALUE_RIGHT = CARD_WIDTH_PX - PAD_PX - ARROW_WIDTH_PX  # right edge of the value column
_ELLIPSIS = "…"
_LOWER_WINS = "▼ lower wins"
_ARROW = "◀"
_WINNER = "WINNER"
_TIE = "TIE — cards to the pot"
_NO_CARDS = "no cards"
_IMAGE_PATH = re.compile(r"(?![/\\])[\w .\-/]+\.(?:png|jpe?g|gif|svg|webp)", re.IGNORECASE)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


class Svg(str):
    """SVG markup that Jupyter displays as an image (a `str` otherwise).

    Example:
        >>> picture = face_down()
        >>> picture._repr_svg_() is picture and isinstance(picture, str)
        True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self

    def _repr_html_(self) -> str:
        return self


# --- Public drawing functions -----------------------------------------------


def card(
    card: Card,
    *,
    highlight: int | None = None,
    marks: Mapping[int, str] | None = None,
    selectable: bool = False,
    width_px: int = CARD_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws one card face up.

    From top to bottom: a header with the name and the quartet code (if any),
    the picture (an emoji drawn as large text, or a small image file given as
    a relative path such as ``"images/rex.png"``; a URL with a scheme or a
    leading "/" is never fetched and is drawn as text), the fact (up to two lines, then "…"), and one row per
    category: the label with its unit, the value (grey italic "n/a" for no
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

    Returns:
        The card as SVG markup.

    Raises:
        ValueError: If `highlight` or a key of `marks` is not a category index
            of the card, `width_px` is not a positive int, or `colours` has a
            key that `COLOURS` lacks.
    """
    palette = _palette(colours)
    scale = _scale(width_px, CARD_WIDTH_PX)
    count = len(card.values)
    if highlight is not None:
        _check_index(highlight, count, "highlight")
    marks = {} if marks is None else dict(marks)
    for index in marks:
        _check_index(index, count, "marks key")
    layout = _Layout.of([card], marks)
    root = _root(CARD_WIDTH_PX, layout.height, scale, _card_title(card), _card_desc(card, highlight, marks))
    _draw_card(root, card, layout, palette, highlight=highlight, marks=marks, selectable=selectable)
    return _finish(root)


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
    palette = _palette(colours)
    scale = _scale(width_px, CARD_WIDTH_PX)
    desc = f"The back of a card{': ' + label if label.strip() else ''}. Its face is hidden."
    root = _root(CARD_WIDTH_PX, CARD_BACK_HEIGHT_PX, scale, "A face-down card", desc)
    _draw_back(root, 0, 0, CARD_WIDTH_PX, CARD_BACK_HEIGHT_PX, label, palette)
    return _finish(root)


def stack(
    count: int,
    *,
    label: str = "",
    width_px: int = STACK_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
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

    Returns:
        The stack as SVG markup.

    Raises:
        ValueError: If `count` is negative or not an int, `width_px` is not a
            positive int, or `colours` has an unknown key.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"expected a card count >= 0; got {count!r}")
    palette = _palette(colours)
    scale = _scale(width_px, STACK_WIDTH_PX)
    width = STACK_WIDTH_PX
    caption = _count_text(count)
    back_w = STACK_BACK_WIDTH_PX
    back_h = back_w * CARD_BACK_HEIGHT_PX / CARD_WIDTH_PX
    drawn = min(count, STACK_DRAWN_MAX)
    spread = (STACK_DRAWN_MAX - 1) * STACK_OFFSET_PX
    label = _clean(label)
    label_h = PLAYER_HEIGHT_PX if label else 0
    pile_top = PAD_PX + label_h + spread
    height = pile_top + back_h + PAD_PX + COUNT_FONT_PX * 1.3 + PAD_PX
    title = f"{label}: {caption}" if label else caption
    if count:
        desc = f"A face-down stack of {caption}" + (f" ({label})." if label else ".")
    else:
        desc = "An empty place: no cards" + (f" ({label})." if label else ".")
    root = _root(width, height, scale, title, desc)
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    if label:
        text, size = _fit_size(label, width - 2 * PAD_PX, STACK_LABEL_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
        _text(
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
        _rect(
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
        _draw_back(root, x, y, back_w, back_h, "", palette, plain=layer < drawn - 1)
    count_y = pile_top + back_h + PAD_PX + COUNT_FONT_PX * 0.65
    _text(root, width / 2, count_y, caption, size=COUNT_FONT_PX, fill=palette["table_text"], anchor="middle", bold=True)
    return _finish(root)


def comparison(
    cards: Sequence[tuple[str, Card | None]],
    category: int,
    *,
    winners: Collection[int] = (),
    tie: bool = False,
    width_px: int = CARD_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the revealed cards of one comparison side by side.

    A caption names the chosen category and its direction; each card has its
    player's name above it and the chosen category highlighted. Winning cards
    get a thick outline and a "WINNER" badge; a tie gets one banner "TIE —
    cards to the pot". A card given as None is drawn face down.

    Args:
        cards: ``(player name, card or None)`` pairs in the order to draw them,
            left to right, e.g. ``[("You", c1), ("Computer 1", c2)]``; at
            least one.
        category: Index (0-based) of the chosen category on every card.
        winners: Indices into `cards` of the winning positions (usually one;
            several for a shared result); empty for none.
        tie: True to draw the tie banner; then `winners` must be empty.
        width_px: Width of each card in pixels (>= 1); the picture is as wide
            as its cards plus gaps.
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The comparison as SVG markup.

    Raises:
        ValueError: If `cards` is empty, `category` is not a category index of
            every card, a winner is not an index into `cards`, `tie` is True
            with winners, `width_px` is not a positive int, or `colours` has
            an unknown key.
    """
    if not cards:
        raise ValueError("expected at least one (player name, card) pair; got none")
    palette = _palette(colours)
    scale = _scale(width_px, CARD_WIDTH_PX)
    if isinstance(category, bool) or not isinstance(category, int) or category < 0:
        raise ValueError(f"expected a category index >= 0; got {category!r}")
    shown = [c for _, c in cards if c is not None]
    for shown_card in shown:
        _check_index(category, len(shown_card.values), "category")
    won = set()
    for index in winners:
        _check_index(index, len(cards), "winner")
        won.add(index)
    if tie and won:
        raise ValueError(f"a tie has no winners; got tie=True and winners={sorted(won)!r}")

    chosen = shown[0].categories[category] if shown else None
    layout = _Layout.of(shown, {}) if shown else None
    card_h = layout.height if layout else CARD_BACK_HEIGHT_PX
    n = len(cards)
    width = n * CARD_WIDTH_PX + (n + 1) * GAP_PX
    caption = _category_caption(chosen, category)
    caption_h = CAPTION_FONT_PX * 1.6
    card_top = GAP_PX + caption_h + PLAYER_HEIGHT_PX
    badge_top = card_top + card_h + GAP_PX
    height = badge_top + BADGE_HEIGHT_PX + GAP_PX

    root = _root(width, height, scale, f"Comparison: {caption}", _comparison_desc(cards, category, won, tie, caption))
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    text, size = _fit_size(caption, width - 2 * GAP_PX, CAPTION_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
    _text(
        root, width / 2, GAP_PX + caption_h / 2, text, size=size, fill=palette["table_text"], anchor="middle", bold=True
    )
    for index, (player, revealed) in enumerate(cards):
        x = GAP_PX + index * (CARD_WIDTH_PX + GAP_PX)
        name, size = _fit_size(_clean(player), CARD_WIDTH_PX, PLAYER_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
        _text(
            root,
            x + CARD_WIDTH_PX / 2,
            card_top - PLAYER_HEIGHT_PX / 2,
            name,
            size=size,
            fill=palette["table_text"],
            anchor="middle",
            bold=True,
        )
        if index in won:
            grow = WINNER_OUTLINE_PX
            _rect(
                root,
                x - grow,
                card_top - grow,
                CARD_WIDTH_PX + 2 * grow,
                card_h + 2 * grow,
                fill=palette["winner"],
                rx=CORNER_PX + grow,
            )
        group = ET.SubElement(root, "g", {"transform": f"translate({_n(x)} {_n(card_top)})"})
        if revealed is None or layout is None:
            _draw_back(group, 0, 0, CARD_WIDTH_PX, card_h, "Top Trumps", palette)
        else:
            _draw_card(group, revealed, layout, palette, highlight=category, marks={}, selectable=False)
        if index in won:
            _badge(
                root,
                x + CARD_WIDTH_PX / 2,
                badge_top,
                CARD_WIDTH_PX,
                _WINNER,
                palette["winner"],
                palette["winner_text"],
            )
    if tie:
        _badge(root, width / 2, badge_top, width - 2 * GAP_PX, _TIE, palette["tie"], palette["tie_text"])
    return _finish(root)


def deck(
    deck: Deck,
    *,
    columns: int = 6,
    max_cards: int = 12,
    width_px: int = DECK_CARD_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the first cards of a deck as a grid of small cards.

    The deck's name is the title, with the number of cards and categories
    under it; if the deck has more than `max_cards` cards, a last tile says
    "+N more".

    Args:
        deck: The deck to show.
        columns: Cards per row (>= 1); fewer if fewer tiles are drawn.
        max_cards: How many cards to draw at most (>= 0), from the top of the
            deck's card list.
        width_px: Width of each small card in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The deck grid as SVG markup.

    Raises:
        ValueError: If `columns` < 1, `max_cards` < 0, `width_px` is not a
            positive int, or `colours` has an unknown key.
    """
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"expected columns >= 1; got {columns!r}")
    if isinstance(max_cards, bool) or not isinstance(max_cards, int) or max_cards < 0:
        raise ValueError(f"expected max_cards >= 0; got {max_cards!r}")
    palette = _palette(colours)
    tile_scale = _scale(width_px, CARD_WIDTH_PX)
    shown = list(deck.cards[:max_cards])
    more = len(deck.cards) - len(shown)
    tiles = len(shown) + (1 if more else 0)
    cols = max(1, min(columns, tiles))
    rows = math.ceil(tiles / cols)
    layout = _Layout.of(shown, {}) if shown else None
    tile_w = float(width_px)
    tile_h = (layout.height if layout else CARD_BACK_HEIGHT_PX) * tile_scale
    gap = GAP_PX * 0.75
    width = cols * tile_w + (cols - 1) * gap + 2 * GAP_PX
    head_h = GAP_PX + TITLE_FONT_PX * 1.3 + SUBTITLE_FONT_PX * 1.6 + GAP_PX * 0.75
    height = head_h + rows * tile_h + (rows - 1) * gap + GAP_PX + (GAP_PX * 0.5 if rows else 0)

    summary = f"{_plural(len(deck.cards), 'card')}, {_plural(len(deck.categories), 'category', 'categories')}"
    root = _root(width, height, 1.0, f"Deck: {deck.name}", _deck_desc(deck, shown, more, summary))
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    title, size = _fit_size(_clean(deck.name), width - 2 * GAP_PX, TITLE_FONT_PX, SUBTITLE_FONT_PX, bold=True)
    _text(root, GAP_PX, GAP_PX + TITLE_FONT_PX * 0.85, title, size=size, fill=palette["table_text"], bold=True)
    subtitle = _fit(summary, width - 2 * GAP_PX, SUBTITLE_FONT_PX)
    _text(
        root,
        GAP_PX,
        GAP_PX + TITLE_FONT_PX * 1.3 + SUBTITLE_FONT_PX * 1.05,
        subtitle,
        size=SUBTITLE_FONT_PX,
        fill=palette["table_text"],
    )
    for position in range(tiles):
        x = GAP_PX + (position % cols) * (tile_w + gap)
        y = head_h + (position // cols) * (tile_h + gap)
        if position < len(shown) and layout is not None:
            group = ET.SubElement(root, "g", {"transform": f"translate({_n(x)} {_n(y)}) scale({_n(tile_scale, 4)})"})
            _draw_card(group, shown[position], layout, palette, highlight=None, marks={}, selectable=False)
        else:
            _rect(
                root,
                x,
                y,
                tile_w,
                tile_h,
                fill="none",
                rx=CORNER_PX * tile_scale,
                stroke=palette["empty"],
                stroke_width=3,
                dash="10 7",
            )
            text, size = _fit_size(f"+{more} more", tile_w - 2 * PAD_PX, MORE_FONT_PX, SUBTITLE_FONT_PX, bold=True)
            _text(
                root,
                x + tile_w / 2,
                y + tile_h / 2 + size * 0.35,
                text,
                size=size,
                fill=palette["table_text"],
                anchor="middle",
                bold=True,
            )
    return _finish(root)


# --- Card layout -----------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """Vertical layout shared by cards drawn side by side (design px).

    Attributes:
        picture: Whether a picture band is drawn.
        fact_lines: Lines reserved for the fact (0..FACT_MAX_LINES).
        rows: Height of each category row, in category order.
        value_size: Font size of every value, so that the widest fits.
        label_size: Font size of every category label (the chosen one may
            be smaller, as it is bold), so that all but labels too long even
            at the smallest size fit whole; those are cut with "…".
        label_rooms: Width left for each row's label beside its widest value.
    """

    picture: bool
    fact_lines: int
    rows: tuple[float, ...]
    value_size: float
    label_size: float
    label_rooms: tuple[float, ...]

    @classmethod
    def of(cls, cards: Sequence[Card], marks: Mapping[int, str]) -> _Layout:
        """Returns one layout that fits every card in `cards` (at least one)."""
        picture = any(c.picture.strip() for c in cards)
        fact_lines = max(len(_fact_lines(c.fact)) for c in cards)
        count = max(len(c.values) for c in cards)
        rows = []
        for index in range(count):
            subline = bool(marks.get(index)) or any(
                index < len(c.categories) and not c.categories[index].higher_is_better for c in cards
            )
            rows.append(ROW_HEIGHT_PX + (ROW_SUBLINE_PX if subline else 0))
        # Values take the room they need, up to 45% of the row; wider ones shrink.
        max_value_w = (_VALUE_RIGHT - PAD_PX) * 0.45
        value_size = VALUE_FONT_PX
        widest = max(_text_width(format_value(v), value_size, bold=True) for c in cards for v in c.values)
        if widest > max_value_w:
            value_size = max(VALUE_MIN_FONT_PX, math.floor(value_size * max_value_w / widest))
        # Each row's label gets the room beside that row's widest value.
        label_rooms = []
        for index in range(count):
            values = [format_value(c.values[index]) for c in cards if index < len(c.values)]
            value_w = max((_text_width(v, value_size, bold=True) for v in values), default=0.0)
            label_rooms.append(_VALUE_RIGHT - PAD_PX - value_w - 12)
        # One size for all labels: the largest at which every label fits,
        # except labels too long even at the smallest size (those are cut).
        fits = [
            _fit_size(label, room, LABEL_FONT_PX, LABEL_MIN_FONT_PX)[1]
            for c in cards
            for label, room in zip((_clean(k.label) for k in c.categories), label_rooms, strict=False)
            if _text_width(label, LABEL_MIN_FONT_PX) <= room
        ]
        label_size = min(fits, default=LABEL_MIN_FONT_PX)
        return cls(picture, fact_lines, tuple(rows), value_size, label_size, tuple(label_rooms))

    @property
    def picture_top(self) -> float:
        return HEADER_HEIGHT_PX

    @property
    def fact_top(self) -> float:
        return self.picture_top + (PICTURE_HEIGHT_PX if self.picture else 0)

    @property
    def rows_top(self) -> float:
        return self.fact_top + (self.fact_lines * FACT_LINE_PX + 14 if self.fact_lines else 6)

    @property
    def height(self) -> float:
        return self.rows_top + sum(self.rows) + CARD_BOTTOM_PX


def _fact_lines(fact: str) -> list[str]:
    return _wrap(_clean(fact), CARD_WIDTH_PX - 2 * PAD_PX, FACT_FONT_PX, FACT_MAX_LINES)


def _draw_card(
    parent: ET.Element,
    card: Card,
    layout: _Layout,
    palette: Mapping[str, str],
    *,
    highlight: int | None,
    marks: Mapping[int, str],
    selectable: bool,
) -> None:
    width, height = CARD_WIDTH_PX, layout.height
    inner_l, inner_r = BORDER_PX, width - BORDER_PX
    _rect(parent, 0, 0, width, height, fill=palette["card"], rx=CORNER_PX)
    ET.SubElement(
        parent, "path", {"d": _top_rounded(0, 0, width, HEADER_HEIGHT_PX, CORNER_PX), "fill": palette["header"]}
    )

    # Header: name, then the quartet code badge on the right.
    name_room: float = width - 2 * PAD_PX
    if card.code:
        code_w = _text_width(card.code, CODE_FONT_PX, bold=True) + 18
        code_x = width - PAD_PX - code_w
        _rect(
            parent,
            code_x,
            (HEADER_HEIGHT_PX - CODE_HEIGHT_PX) / 2,
            code_w,
            CODE_HEIGHT_PX,
            fill=palette["code"],
            rx=CODE_HEIGHT_PX / 2,
        )
        _text(
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
    name, size = _fit_size(_clean(card.name), name_room, NAME_FONT_PX, NAME_MIN_FONT_PX, bold=True)
    _text(parent, PAD_PX, HEADER_HEIGHT_PX / 2 + size * 0.35, name, size=size, fill=palette["header_text"], bold=True)

    # Picture: an emoji as large text, or a small image file.
    picture = card.picture.strip()
    if layout.picture:
        top = layout.picture_top
        _rect(parent, inner_l, top, inner_r - inner_l, PICTURE_HEIGHT_PX, fill=palette["picture"])
        if _IMAGE_PATH.fullmatch(picture) and ":" not in picture:
            pad = 10
            ET.SubElement(
                parent,
                "image",
                {
                    "href": picture,
                    "x": _n(PAD_PX),
                    "y": _n(top + pad),
                    "width": _n(width - 2 * PAD_PX),
                    "height": _n(PICTURE_HEIGHT_PX - 2 * pad),
                    "preserveAspectRatio": "xMidYMid meet",
                },
            )
        elif picture:
            text, size = _fit_size(
                _clean(picture), width - 2 * PAD_PX, PICTURE_FONT_PX, PICTURE_MIN_FONT_PX, emoji=True
            )
            element = _text(
                parent,
                width / 2,
                top + PICTURE_HEIGHT_PX / 2 + size * 0.36,
                text,
                size=size,
                fill=palette["text"],
                anchor="middle",
            )
            element.set("font-family", EMOJI_FONT)

    # Fact: up to two centred lines.
    for line_no, line in enumerate(_fact_lines(card.fact)):
        y = layout.fact_top + 7 + (line_no + 1) * FACT_LINE_PX - 5
        _text(parent, width / 2, y, line, size=FACT_FONT_PX, fill=palette["muted"], anchor="middle")

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
        _rect(row, inner_l, top, inner_r - inner_l, row_h, fill=band)
        if index and not chosen and highlight != index - 1:
            ET.SubElement(
                row,
                "line",
                {
                    "x1": _n(inner_l),
                    "y1": _n(top),
                    "x2": _n(inner_r),
                    "y2": _n(top),
                    "stroke": palette["rule"],
                    "stroke-width": "1",
                },
            )
        if selectable:
            _rect(
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

        element = _text(
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
        if chosen:  # bold runs wider: this row alone may shrink a little more
            label, size = _fit_size(_clean(category.label), room, layout.label_size, LABEL_MIN_FONT_PX, bold=True)
        else:
            label, size = _fit(_clean(category.label), room, layout.label_size), layout.label_size
        _text(row, PAD_PX, baseline, label, size=size, fill=text_fill, bold=chosen)
        if chosen:
            _text(
                row,
                width - PAD_PX - ARROW_WIDTH_PX / 2 + 2,
                baseline,
                _ARROW,
                size=VALUE_FONT_PX,
                fill=text_fill,
                anchor="middle",
            )

        sub_y = top + ROW_HEIGHT_PX + ROW_SUBLINE_PX - 8
        if not category.higher_is_better:
            _text(row, PAD_PX, sub_y, _LOWER_WINS, size=SMALL_FONT_PX, fill=palette["lower"], bold=True)
        mark = _clean(marks.get(index, ""))
        if mark:
            room = (
                value_right
                - PAD_PX
                - (_text_width(_LOWER_WINS, SMALL_FONT_PX, bold=True) + 12 if not category.higher_is_better else 0)
            )
            mark = _fit(mark, room - 16, SMALL_FONT_PX, bold=True)
            mark_w = _text_width(mark, SMALL_FONT_PX, bold=True) + 16
            _rect(
                row,
                value_right - mark_w,
                sub_y - SMALL_FONT_PX * 0.35 - MARK_HEIGHT_PX / 2,
                mark_w,
                MARK_HEIGHT_PX,
                fill=palette["mark"],
                rx=MARK_HEIGHT_PX / 2,
            )
            _text(
                row,
                value_right - mark_w / 2,
                sub_y,
                mark,
                size=SMALL_FONT_PX,
                fill=palette["mark_text"],
                anchor="middle",
                bold=True,
            )

        tooltip = _row_tooltip(card, index, category, label != _clean(category.label))
        if tooltip:
            ET.SubElement(row, "title").text = tooltip
        top += row_h

    _rect(
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
    return _clean(". ".join([head, *notes]))


def _draw_back(
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
    """Draws a card back in the box (x, y, width, height), in design px."""
    corner = CORNER_PX * width / CARD_WIDTH_PX
    _rect(
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
    _rect(
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
    label = _clean(label)
    rx, ry = width * 0.38, min(height * 0.12, width * 0.2)
    mid_x, mid_y = x + width / 2, y + height / 2
    for row in range(rows):
        for col in range(cols):
            cx, cy = left + col * step, top + row * step
            if label and ((cx - mid_x) / (rx + step / 2)) ** 2 + ((cy - mid_y) / (ry + step / 2)) ** 2 < 1:
                continue  # leave a clear margin around the label's oval
            steps.append(
                f"M{_n(cx)} {_n(cy - size)}l{_n(size)} {_n(size)}l{_n(-size)} {_n(size)}l{_n(-size)} {_n(-size)}z"
            )
    if steps:
        ET.SubElement(parent, "path", {"d": "".join(steps), "fill": palette["back_pattern"]})
    if label:
        ET.SubElement(
            parent,
            "ellipse",
            {
                "cx": _n(mid_x),
                "cy": _n(mid_y),
                "rx": _n(rx),
                "ry": _n(ry),
                "fill": palette["back_panel"],
                "stroke": palette["back_text"],
                "stroke-width": _n(width / 80),
            },
        )
        text, size = _fit_size(label, rx * 1.6, width * 0.095, width * 0.05, bold=True)
        _text(
            parent,
            x + width / 2,
            y + height / 2 + size * 0.35,
            text,
            size=size,
            fill=palette["back_text"],
            anchor="middle",
            bold=True,
        )


def _badge(parent: ET.Element, centre_x: float, top: float, room: float, text: str, fill: str, ink: str) -> None:
    """Draws a pill of text centred on `centre_x`, at most `room` wide."""
    fitted, size = _fit_size(text, room - 40, BADGE_FONT_PX, SMALL_FONT_PX, bold=True)
    width = min(room, _text_width(fitted, size, bold=True) + 48)
    _rect(parent, centre_x - width / 2, top, width, BADGE_HEIGHT_PX, fill=fill, rx=BADGE_HEIGHT_PX / 2)
    _text(
        parent,
        centre_x,
        top + BADGE_HEIGHT_PX / 2 + size * 0.35,
        fitted,
        size=size,
        fill=ink,
        anchor="middle",
        bold=True,
    )


# --- Text alternatives --------------------------------------------------------


def _card_title(card: Card) -> str:
    return f"{card.name} ({card.code})" if card.code else card.name


def _value_words(category: Category, value: Value) -> str:
    words = f"{category.label}: {format_value(value)}"
    if value is None:
        words += " (no data)"
    if not category.higher_is_better:
        words += ", lower wins"
    return words


def _card_desc(card: Card, highlight: int | None, marks: Mapping[int, str]) -> str:
    parts = [f"Card {card.name}" + (f", quartet code {card.code}" if card.code else "") + "."]
    picture = card.picture.strip()
    if picture and not _IMAGE_PATH.fullmatch(picture):
        parts.append(f"Picture: {picture}.")
    if card.fact.strip():
        parts.append(f"Fact: {card.fact.strip()}")
    rows = []
    for index, (category, value) in enumerate(zip(card.categories, card.values, strict=False)):
        words = _value_words(category, value)
        if index == highlight:
            words += ", chosen category"
        if marks.get(index):
            words += f", {marks[index]}"
        rows.append(words)
    parts.append("; ".join(rows) + ".")
    return " ".join(parts)


def _category_caption(category: Category | None, index: int) -> str:
    if category is None:
        return f"Category {index + 1}"
    return f"{category.label} · {'higher' if category.higher_is_better else 'lower'} wins"


def _comparison_desc(
    cards: Sequence[tuple[str, Card | None]], category: int, won: set[int], tie: bool, caption: str
) -> str:
    parts = [f"Comparison on {caption}."]
    for index, (player, revealed) in enumerate(cards):
        if revealed is None:
            words = f"{player}: a face-down card"
        else:
            value = revealed.values[category]
            words = f"{player}: {revealed.name}, {format_value(value)}" + (" (no data)" if value is None else "")
        if index in won:
            words += ", wins"
        parts.append(words + ".")
    if tie:
        parts.append("Tie: the cards go to the pot.")
    return " ".join(parts)


def _deck_desc(deck: Deck, shown: Sequence[Card], more: int, summary: str) -> str:
    categories = ", ".join(c.label + ("" if c.higher_is_better else " (lower wins)") for c in deck.categories)
    parts = [f"Deck {deck.name}: {summary}.", f"Categories: {categories}."]
    if deck.description.strip():
        parts.append(deck.description.strip())
    if shown:
        parts.append("Cards shown: " + ", ".join(c.name for c in shown) + (f", and {more} more." if more else "."))
    elif more:
        parts.append(f"{_plural(more, 'card')} not shown.")
    return " ".join(parts)


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _count_text(count: int) -> str:
    return _plural(count, "card") if count else _NO_CARDS


# --- Text fitting (estimated widths) ------------------------------------------

_NARROW = frozenset("ijlI.,:;'|!()[]{}`\"")
_SEMI = frozenset("frt-/ ")
_WIDE_LOWER = frozenset("mw")
_WIDE_UPPER = frozenset("MW@%")


def _char_em(char: str) -> float:
    """Returns a generous estimate of `char`'s advance width, in ems.

    The figures follow DejaVu Sans, the widest of the common system fonts, so
    text fitted by them also fits in Arial, Segoe UI, Roboto or Helvetica.
    """
    if char in "\u200d\ufe0e\ufe0f" or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0.0
    if 0x1F1E6 <= ord(char) <= 0x1F1FF or 0x1F3FB <= ord(char) <= 0x1F3FF:
        return 0.6  # regional indicators and skin tones pair up into one glyph
    if unicodedata.east_asian_width(char) in ("W", "F") or ord(char) >= 0x1F000:
        return 1.2
    if char in _NARROW:
        return 0.34
    if char in _SEMI:
        return 0.42
    if char in _WIDE_LOWER:
        return 0.98
    if char in _WIDE_UPPER:
        return 1.0
    if char.isupper():
        return 0.74
    if char.isdigit():
        return 0.64
    return 0.62


def _text_width(text: str, size: float, *, bold: bool = False) -> float:
    return sum(_char_em(c) for c in text) * size * (1.1 if bold else 1.0)


def _fit(text: str, room: float, size: float, *, bold: bool = False) -> str:
    """Returns `text`, cut and ended with "…" if it is wider than `room`."""
    if _text_width(text, size, bold=bold) <= room:
        return text
    budget = room - _text_width(_ELLIPSIS, size, bold=bold)
    kept: list[str] = []
    used = 0.0
    for char in text:
        used += _char_em(char) * size * (1.1 if bold else 1.0)
        if used > budget:
            break
        kept.append(char)
    cut = "".join(kept).rstrip()
    while cut and (cut[-1] == "\u200d" or unicodedata.category(cut[-1]) in ("Mn", "Me", "Cf")):
        cut = cut[:-1]
    return cut + _ELLIPSIS


def _fit_size(
    text: str, room: float, size: float, min_size: float, *, bold: bool = False, emoji: bool = False
) -> tuple[str, float]:
    """Returns `text` and a font size <= `size` that make it fit `room`.

    The size shrinks down to `min_size` first; only then is the text cut with
    "…". Emoji are given a little extra room, as colour glyphs run wide.
    """
    width = _text_width(text, size, bold=bold) * (1.15 if emoji else 1.0)
    if width <= room or width == 0:
        return text, size
    fitted = max(min_size, math.floor(size * room / width))
    return _fit(text, room / (1.15 if emoji else 1.0), fitted, bold=bold), fitted


def _wrap(text: str, room: float, size: float, max_lines: int) -> list[str]:
    """Returns `text` broken into at most `max_lines` lines no wider than `room`.

    Words longer than a line are broken; if text is left over, the last line
    ends with "…".
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if _text_width(candidate, size) <= room:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while _text_width(current, size) > room:
            head = _fit(current, room, size)[:-1] or current[0]
            lines.append(head)
            current = current[len(head) :]
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _fit(lines[-1] + _ELLIPSIS, room, size)
    return lines


# --- Element helpers -----------------------------------------------------------
#
# Shared with `toptrumps_core.tournament.svg`, which draws with the same
# conventions (escaped text, one root with a title and a description, sizes
# as short attribute text).


def _clean(text: str) -> str:
    """Returns `text` on one line, without characters XML 1.0 cannot hold."""
    return " ".join(_NOT_XML.sub("", text).split())


def _n(number: float, digits: int = 2) -> str:
    """Returns `number` as short SVG attribute text: ``12``, ``12.5``."""
    text = f"{number:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _palette(colours: Mapping[str, str] | None, base: Mapping[str, str] = COLOURS) -> Mapping[str, str]:
    """Returns `base` with `colours` overriding it by role name.

    Raises:
        ValueError: If a key of `colours` is not a role of `base`.
    """
    if not colours:
        return base
    unknown = sorted(set(colours) - set(base))
    if unknown:
        raise ValueError(f"unknown colour names {unknown!r}; expected some of {sorted(base)!r}")
    return {**base, **colours}


def _scale(width_px: int, design_width: float) -> float:
    if isinstance(width_px, bool) or not isinstance(width_px, int) or width_px < 1:
        raise ValueError(f"expected width_px as a whole number of pixels >= 1; got {width_px!r}")
    return width_px / design_width


def _check_index(index: object, count: int, what: str) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        raise ValueError(f"{what} must be an index from 0 to {count - 1}; got {index!r}")


def _root(width: float, height: float, scale: float, title: str, desc: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": _n(width * scale),
            "height": _n(height * scale),
            "viewBox": f"0 0 {_n(width)} {_n(height)}",
            "role": "img",
            "font-family": SANS_FONT,
        },
    )
    ET.SubElement(root, "title").text = _clean(title)
    ET.SubElement(root, "desc").text = _clean(desc)
    return root


def _finish(root: ET.Element) -> Svg:
    return Svg(ET.tostring(root, encoding="unicode"))


def _rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str,
    rx: float = 0,
    stroke: str | None = None,
    stroke_width: float = 0,
    dash: str | None = None,
) -> ET.Element:
    element = ET.SubElement(
        parent, "rect", {"x": _n(x), "y": _n(y), "width": _n(width), "height": _n(height), "fill": fill}
    )
    if rx:
        element.set("rx", _n(rx))
    if stroke:
        element.set("stroke", stroke)
        element.set("stroke-width", _n(stroke_width))
    if dash:
        element.set("stroke-dasharray", dash)
    return element


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    anchor: str = "start",
    bold: bool = False,
) -> ET.Element:
    element = ET.SubElement(parent, "text", {"x": _n(x), "y": _n(y), "font-size": _n(size), "fill": fill})
    if anchor != "start":
        element.set("text-anchor", anchor)
    if bold:
        element.set("font-weight", "bold")
    element.text = _clean(text)
    return element


def _top_rounded(x: float, y: float, width: float, height: float, radius: float) -> str:
    """Returns path data for a box whose top corners only are rounded."""
    r = _n(radius)
    return (
        f"M{_n(x)} {_n(y + height)}V{_n(y + radius)}A{r} {r} 0 0 1 {_n(x + radius)} {_n(y)}"
        f"H{_n(x + width - radius)}A{r} {r} 0 0 1 {_n(x + width)} {_n(y + radius)}V{_n(y + height)}Z"
    )
