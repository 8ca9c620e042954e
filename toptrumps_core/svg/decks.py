"""A deck at a glance: its name, its size and its first cards as a grid of small cards (rule D1)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from toptrumps_core.cards import Card, Deck
from toptrumps_core.checks import whole_number
from toptrumps_core.svg.elements import Svg, clean_text, coord, draw_rect, draw_text, finish, new_root, plural, scale_of
from toptrumps_core.svg.faces import CardLayout, draw_card_face
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import (
    CARD_BACK_HEIGHT_PX,
    CARD_WIDTH_PX,
    CORNER_PX,
    DECK_CARD_WIDTH_PX,
    GAP_PX,
    MORE_FONT_PX,
    PAD_PX,
    SUBTITLE_FONT_PX,
    TITLE_FONT_PX,
)
from toptrumps_core.svg.text_fitting import fit, fit_size

__all__ = ["deck"]


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
    whole_number(columns, "columns", low=1, error=ValueError)
    whole_number(max_cards, "max_cards", low=0, error=ValueError)
    palette = palette_of(colours)
    tile_scale = scale_of(width_px, CARD_WIDTH_PX)
    shown = list(deck.cards[:max_cards])
    more = len(deck.cards) - len(shown)
    tiles = len(shown) + (1 if more else 0)
    cols = max(1, min(columns, tiles))
    rows = math.ceil(tiles / cols)
    layout = CardLayout.of(shown, {}) if shown else None
    tile_w = float(width_px)
    tile_h = (layout.height if layout else CARD_BACK_HEIGHT_PX) * tile_scale
    gap = GAP_PX * 0.75
    width = cols * tile_w + (cols - 1) * gap + 2 * GAP_PX
    head_h = GAP_PX + TITLE_FONT_PX * 1.3 + SUBTITLE_FONT_PX * 1.6 + GAP_PX * 0.75
    height = head_h + rows * tile_h + (rows - 1) * gap + GAP_PX + (GAP_PX * 0.5 if rows else 0)

    summary = f"{plural(len(deck.cards), 'card')}, {plural(len(deck.categories), 'category', 'categories')}"
    root = new_root(width, height, 1.0, f"Deck: {deck.name}", _deck_desc(deck, shown, more, summary))
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    title, size = fit_size(clean_text(deck.name), width - 2 * GAP_PX, TITLE_FONT_PX, SUBTITLE_FONT_PX, bold=True)
    draw_text(root, GAP_PX, GAP_PX + TITLE_FONT_PX * 0.85, title, size=size, fill=palette["table_text"], bold=True)
    subtitle = fit(summary, width - 2 * GAP_PX, SUBTITLE_FONT_PX)
    draw_text(
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
            group = ET.SubElement(
                root, "g", {"transform": f"translate({coord(x)} {coord(y)}) scale({coord(tile_scale, 4)})"}
            )
            draw_card_face(group, shown[position], layout, palette, highlight=None, marks={}, selectable=False)
        else:
            draw_rect(
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
            text, size = fit_size(f"+{more} more", tile_w - 2 * PAD_PX, MORE_FONT_PX, SUBTITLE_FONT_PX, bold=True)
            draw_text(
                root,
                x + tile_w / 2,
                y + tile_h / 2 + size * 0.35,
                text,
                size=size,
                fill=palette["table_text"],
                anchor="middle",
                bold=True,
            )
    return finish(root)


def _deck_desc(deck: Deck, shown: Sequence[Card], more: int, summary: str) -> str:
    categories = ", ".join(c.label + ("" if c.higher_is_better else " (lower wins)") for c in deck.categories)
    parts = [f"Deck {deck.name}: {summary}.", f"Categories: {categories}."]
    if deck.description.strip():
        parts.append(deck.description.strip())
    if shown:
        parts.append("Cards shown: " + ", ".join(c.name for c in shown) + (f", and {more} more." if more else "."))
    elif more:
        parts.append(f"{plural(more, 'card')} not shown.")
    return " ".join(parts)
