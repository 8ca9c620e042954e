"""SVG pictures of every game: cards, card backs, stacks, comparisons, decks, the arena, the spinner and pin tracks.

Pure functions from core values to an `Svg`: a `str` of SVG markup that
Jupyter shows as a picture (`Card._repr_svg_` and `Deck._repr_svg_` call in
here lazily) and that widgets put in an ``HTML`` widget.

Every picture:

- is built with `xml.etree.ElementTree`, so user text (card names, facts,
  player names) is always escaped, and characters XML cannot hold are dropped;
- has a ``<title>`` and a ``<desc>`` that say in words what it shows (the
  card's name and all its values, who won, every deck and count, where the
  arrow points, every player's pins), for screen readers;
- says everything in text as well as colour: "▼ lower wins", "n/a", the
  "◀" marker on the chosen category, "WINNER", "TIE — cards to the pot",
  "IN PLAY", the sector names, "★ Pin Master", "FULL";
- sets ``width``, ``height`` and ``viewBox``: the ``*_PX`` constants are
  pixels at the default width, and every drawing scales uniformly with its
  ``width_px`` argument;
- is the same bytes for the same input (no counters, no random ids; in fact
  no ids at all), and holds no ``<script>`` and no event-handler attributes.

Colours come from `COLOURS`, a read-only mapping that every function lets the
caller override by keyword (``colours={"highlight": "#9BE7FF"}``).

Text is fitted by one estimate of its width for every picture (no fonts are
measured; `toptrumps_core.svg.text_fitting`): long names shrink a little and
are then cut with "…"; facts and deck names wrap to a few lines.

Modules, by what they draw:

- `faces`: a card face up (`card`); `backs`: a card back and a stack
  (`face_down`, `stack`); `comparisons`: one comparison (`comparison`);
  `decks`: a deck grid (`deck`);
- `squads` (`mission_card`, `squad_row`), drawing each slot with
  `squad_slots`: Top Trump Squads, each picture a `WideAndNarrow` (drawn on
  one line and wrapped for a phone; `wide_and_narrow`, `picture_html`);
- `card_arena` (`arena`), `spinners` (`spinner`, `sector_angle`,
  `sector_label`) and `pin_track` (`pin_tracks`): the tournament;
- `elements` (the `Svg` string and shapes), `palette` (fonts and colours),
  `text_fitting` (the width model) and `sizes`: what they all share.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [0.05, "n/a"]})
    >>> picture = card(tiny.cards[0], highlight=0)
    >>> picture.startswith("<svg") and "▼ lower wins" in picture and "◀" in picture
    True
    >>> "IN PLAY" in arena(["Animals"] * 6, [36, 36, 30, 36, 36, 36], in_use=2)
    True
"""

from __future__ import annotations

from toptrumps_core.svg.backs import face_down, stack, stack_count
from toptrumps_core.svg.card_arena import ARENA_WIDTH_PX, arena
from toptrumps_core.svg.comparisons import comparison
from toptrumps_core.svg.decks import deck
from toptrumps_core.svg.elements import Svg
from toptrumps_core.svg.faces import card
from toptrumps_core.svg.palette import COLOURS, EMOJI_FONT, SANS_FONT
from toptrumps_core.svg.pin_track import PIN_TRACKS_WIDTH_PX, pin_tracks
from toptrumps_core.svg.sizes import CARD_BACK_HEIGHT_PX, CARD_WIDTH_PX, DECK_CARD_WIDTH_PX, STACK_WIDTH_PX
from toptrumps_core.svg.spinners import SECTOR_LABELS, SPINNER_WIDTH_PX, sector_angle, sector_label, spinner
from toptrumps_core.svg.squads import mission_card, squad_row
from toptrumps_core.svg.wide_and_narrow import WideAndNarrow, picture_html

__all__ = [
    "ARENA_WIDTH_PX",
    "CARD_BACK_HEIGHT_PX",
    "CARD_WIDTH_PX",
    "COLOURS",
    "DECK_CARD_WIDTH_PX",
    "EMOJI_FONT",
    "PIN_TRACKS_WIDTH_PX",
    "SANS_FONT",
    "SECTOR_LABELS",
    "SPINNER_WIDTH_PX",
    "STACK_WIDTH_PX",
    "Svg",
    "WideAndNarrow",
    "arena",
    "card",
    "comparison",
    "deck",
    "face_down",
    "mission_card",
    "picture_html",
    "pin_tracks",
    "sector_angle",
    "sector_label",
    "spinner",
    "squad_row",
    "stack",
    "stack_count",
]
