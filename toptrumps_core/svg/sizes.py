"""Sizes of the card pictures, in design pixels: pixels at the default width.

Every drawing scales uniformly with its ``width_px`` argument, so these are
the proportions of a card, a stack, a comparison and a deck grid.  The
tournament pictures keep their own sizes beside their drawing code.
"""

from __future__ import annotations

CARD_WIDTH_PX = 320
"""Default width of one card, face up or face down (px)."""
CARD_BACK_HEIGHT_PX = 480
"""Height of a lone card back at the default width (px)."""
STACK_WIDTH_PX = 240
"""Default width of a whole `stack` picture (px)."""
DECK_CARD_WIDTH_PX = 200
"""Default width of each small card in a `deck` grid (px)."""

# Every picture: the card outline, rounded corners, inner padding, the gap between cards.
BORDER_PX = 4
CORNER_PX = 16
PAD_PX = 14
GAP_PX = 24

# A card's header: its name, shrunk down to NAME_MIN_FONT_PX, else on two lines, and the quartet code.
HEADER_HEIGHT_PX = 60
NAME_FONT_PX = 26
NAME_MIN_FONT_PX = 18
NAME_TWO_LINE_FONT_PX = 19
NAME_TWO_LINE_PX = 22
CODE_FONT_PX = 20
CODE_HEIGHT_PX = 32

# A card's picture band (an emoji drawn as text) and its fact (up to FACT_MAX_LINES lines).
PICTURE_HEIGHT_PX = 124
PICTURE_FONT_PX = 80
PICTURE_MIN_FONT_PX = 36

FACT_FONT_PX = 16
FACT_LINE_PX = 21
FACT_MAX_LINES = 4

# A card's category rows; a row grows by ROW_SUBLINE_PX for "▼ lower wins" or a mark.
ROW_HEIGHT_PX = 44
ROW_SUBLINE_PX = 18
LABEL_FONT_PX = 19
LABEL_MIN_FONT_PX = 15
LABEL_TWO_LINE_PX = 17
TWO_LINE_MIN_FONT_PX = 12
"""The smallest font a name or label on two lines shrinks to before it is cut."""
VALUE_FONT_PX = 23
VALUE_MIN_FONT_PX = 12
SMALL_FONT_PX = 15
MARK_HEIGHT_PX = 22
ARROW_WIDTH_PX = 26
CARD_BOTTOM_PX = 12

# A comparison: the category caption, the players' names, the WINNER and TIE badges.
CAPTION_FONT_PX = 26
PLAYER_FONT_PX = 26
PLAYER_MIN_FONT_PX = 16
PLAYER_HEIGHT_PX = 44
BADGE_FONT_PX = 26
BADGE_HEIGHT_PX = 48
WINNER_OUTLINE_PX = 7

# A stack: at most STACK_DRAWN_MAX backs, offset like a pile, and the count under them.
STACK_DRAWN_MAX = 5
STACK_BACK_WIDTH_PX = 130
STACK_OFFSET_PX = 8
COUNT_FONT_PX = 36
STACK_LABEL_FONT_PX = 24

# A deck grid: the deck's name, its size, and the "+N more" tile.
TITLE_FONT_PX = 30
SUBTITLE_FONT_PX = 18
MORE_FONT_PX = 40
