"""Fonts and colours of every picture.

`COLOURS` is one read-only mapping from a role ("card", "highlight", "pin",
...) to a CSS colour; every drawing function takes overrides by keyword
(``colours={"highlight": "#9BE7FF"}``), resolved by `palette_of`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["COLOURS", "EMOJI_FONT", "SANS_FONT", "palette_of"]

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
        # the tournament (toptrumps_core.svg.card_arena, spinners, pin_track)
        "arena": "#2E4A3B",  # the arena's hexagon
        "arena_text": "#FFFFFF",
        "opening": "#FFFFFF",  # an opening's label box
        "slot": "#14241C",  # the opening cut in the hexagon's edge
        "in_use": "#1D5FA8",  # outline and badge of the opening in play
        "in_use_text": "#FFFFFF",
        "sector_0": "#FFE08A",
        "sector_1": "#BFE3FF",
        "sector_2": "#FFC9B8",
        "sector_3": "#C8F0C8",
        "sector_4": "#E4D2FF",
        "sector_5": "#FFD6EC",
        "sector_text": "#1B2A4A",
        "sector_edge": "#1B2A4A",
        "chosen": "#C62828",  # outline of the sector the arrow points at
        "arrow": "#1B2A4A",
        "arrow_edge": "#FFFFFF",
        "hub": "#FFD23F",
        "pin": "#C62828",  # a pin in its hole
        "pin_edge": "#7A1212",
        "hole": "#D9D2C0",  # an empty hole
        "hole_edge": "#8A8170",
        "turn": "#FFF3C4",  # the row of the player whose turn it is
        "full": "#0F7B3F",
        "full_text": "#FFFFFF",
    }
)
"""Default colours by role (CSS colour strings); override any by keyword.

Every text colour reaches a contrast ratio of at least 4.5:1 (WCAG AA) on
the backgrounds it is drawn on, and no colour is the only signal of anything.
"""


def palette_of(colours: Mapping[str, str] | None) -> Mapping[str, str]:
    """Returns `COLOURS` with `colours` overriding it by role name.

    Args:
        colours: Colours by role, e.g. ``{"highlight": "#9BE7FF"}``; None or
            empty for the defaults.

    Raises:
        ValueError: If a key of `colours` is not a role of `COLOURS`.
    """
    if not colours:
        return COLOURS
    unknown = sorted(set(colours) - set(COLOURS))
    if unknown:
        raise ValueError(f"unknown colour names {unknown!r}; expected some of {sorted(COLOURS)!r}")
    return {**COLOURS, **colours}
