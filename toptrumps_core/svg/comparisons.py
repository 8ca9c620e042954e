"""One comparison: the revealed cards side by side, the winners and ties (rules C5, C6, T5-T8).

A caption names the chosen category and its direction ("Length · higher
wins"); every result is said in words as well as colour: a "WINNER" badge
under each winning card, one "TIE — cards to the pot" banner for a tie.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence

from toptrumps_core.cards import Card, Category, format_value
from toptrumps_core.checks import whole_number
from toptrumps_core.svg.backs import draw_back
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
)
from toptrumps_core.svg.faces import CardLayout, draw_card_face
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import (
    BADGE_FONT_PX,
    BADGE_HEIGHT_PX,
    CAPTION_FONT_PX,
    CARD_BACK_HEIGHT_PX,
    CARD_WIDTH_PX,
    CORNER_PX,
    GAP_PX,
    PLAYER_FONT_PX,
    PLAYER_HEIGHT_PX,
    PLAYER_MIN_FONT_PX,
    SMALL_FONT_PX,
    WINNER_OUTLINE_PX,
)
from toptrumps_core.svg.text_fitting import fit_size, text_width

__all__ = ["comparison"]

_WINNER = "WINNER"
_TIE = "TIE — cards to the pot"


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
    palette = palette_of(colours)
    scale = scale_of(width_px, CARD_WIDTH_PX)
    whole_number(category, "category (an index)", low=0, error=ValueError)
    shown = [c for _, c in cards if c is not None]
    for shown_card in shown:
        check_index(category, len(shown_card.values), "category")
    won = set()
    for index in winners:
        check_index(index, len(cards), "winner")
        won.add(index)
    if tie and won:
        raise ValueError(f"a tie has no winners; got tie=True and winners={sorted(won)!r}")

    chosen = shown[0].categories[category] if shown else None
    layout = CardLayout.of(shown, {}) if shown else None
    card_h = layout.height if layout else CARD_BACK_HEIGHT_PX
    n = len(cards)
    width = n * CARD_WIDTH_PX + (n + 1) * GAP_PX
    caption = _category_caption(chosen, category)
    caption_h = CAPTION_FONT_PX * 1.6
    card_top = GAP_PX + caption_h + PLAYER_HEIGHT_PX
    badge_top = card_top + card_h + GAP_PX
    height = badge_top + BADGE_HEIGHT_PX + GAP_PX

    root = new_root(
        width, height, scale, f"Comparison: {caption}", _comparison_desc(cards, category, won, tie, caption)
    )
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    text, size = fit_size(caption, width - 2 * GAP_PX, CAPTION_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
    draw_text(
        root, width / 2, GAP_PX + caption_h / 2, text, size=size, fill=palette["table_text"], anchor="middle", bold=True
    )
    for index, (player, revealed) in enumerate(cards):
        x = GAP_PX + index * (CARD_WIDTH_PX + GAP_PX)
        name, size = fit_size(clean_text(player), CARD_WIDTH_PX, PLAYER_FONT_PX, PLAYER_MIN_FONT_PX, bold=True)
        draw_text(
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
            draw_rect(
                root,
                x - grow,
                card_top - grow,
                CARD_WIDTH_PX + 2 * grow,
                card_h + 2 * grow,
                fill=palette["winner"],
                rx=CORNER_PX + grow,
            )
        group = ET.SubElement(root, "g", {"transform": f"translate({coord(x)} {coord(card_top)})"})
        if revealed is None or layout is None:
            draw_back(group, 0, 0, CARD_WIDTH_PX, card_h, "Top Trumps", palette)
        else:
            draw_card_face(group, revealed, layout, palette, highlight=category, marks={}, selectable=False)
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
    return finish(root)


def _badge(parent: ET.Element, centre_x: float, top: float, room: float, text: str, fill: str, ink: str) -> None:
    """Draws a pill of text centred on `centre_x`, at most `room` wide."""
    fitted, size = fit_size(text, room - 40, BADGE_FONT_PX, SMALL_FONT_PX, bold=True)
    width = min(room, text_width(fitted, size, bold=True) + 48)
    draw_rect(parent, centre_x - width / 2, top, width, BADGE_HEIGHT_PX, fill=fill, rx=BADGE_HEIGHT_PX / 2)
    draw_text(
        parent,
        centre_x,
        top + BADGE_HEIGHT_PX / 2 + size * 0.35,
        fitted,
        size=size,
        fill=ink,
        anchor="middle",
        bold=True,
    )


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
