r"""A deck from text of either format, as a teacher pastes or uploads it (rule D4).

`parse_deck_text` reads TOML deck files and CSV exports alike: a file name
ending in ``.toml`` or ``.csv`` decides; without one, text with a ``[[cards]]``
table or a ``name = "..."`` line is TOML, anything else CSV.

    >>> parse_deck_text("name,Legs,Speed (km/h)\nAnt,6,1\nBat,2,60\n", source="A class survey").card("Bat")["Speed"]
    Fraction(60, 1)
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles.csv_import import parse_deck_csv
from toptrumps_core.deckfiles.files import decode
from toptrumps_core.deckfiles.toml_format import parse_deck_toml
from toptrumps_core.errors import DeckError

__all__ = ["MAX_DECK_BYTES", "DeckFormat", "deck_format", "parse_deck_bytes", "parse_deck_text"]

DeckFormat = Literal["toml", "csv"]
"""The two deck file formats (see `toptrumps_core.deckfiles`)."""

MAX_DECK_BYTES = 1_000_000
"""The largest deck text read (1 MB, far above a 12-category deck of hundreds of cards)."""

_TOML_SIGNS = re.compile(r"^\s*(\[\[cards\]\]|\[\[categories\]\]|name\s*=\s*[\"'])", re.MULTILINE)


def deck_format(text: str, path: str | None = None) -> DeckFormat:
    """Returns the format of a deck's text: by the file name's suffix, else by its content.

    Example:
        >>> deck_format('name = "Pets"'), deck_format("name,Weight"), deck_format("x", "pets.TOML")
        ('toml', 'csv', 'toml')
    """
    if path is not None and path.lower().endswith((".toml", ".csv")):
        return "toml" if path.lower().endswith(".toml") else "csv"
    return "toml" if _TOML_SIGNS.search(text) else "csv"


def parse_deck_text(text: str, *, path: str | None = None, name: str | None = None, source: str | None = None) -> Deck:
    """Returns the deck in `text`, a TOML deck file or a CSV export (see `deck_format`).

    Args:
        text: The whole file.
        path: The file's name, for the format and the messages; None for pasted text.
        name: The deck's name, replacing the file's (a CSV file has none);
            None keeps it.
        source: Where the facts come from, replacing the file's; None keeps it.

    Raises:
        DeckError: If the text is longer than `MAX_DECK_BYTES` or is no valid
            deck; its ``problems`` lists every problem found (rule D4).
    """
    if len(text.encode("utf-8", "replace")) > MAX_DECK_BYTES:
        raise DeckError(
            path, expected=f"a deck file of at most {MAX_DECK_BYTES:,} bytes", got=f"{len(text):,} characters"
        )
    if name is not None and not name.strip():
        raise DeckError(path, field="name", expected="a name for the deck")
    if deck_format(text, path) == "toml":
        deck = parse_deck_toml(text, path=path)
    else:
        deck = parse_deck_csv(text, path=path, name=name, source=source or "")
    if name is not None:
        deck = replace(deck, name=name.strip())
    if source is not None:
        deck = replace(deck, source=source.strip())
    return deck


def parse_deck_bytes(
    data: bytes, *, path: str | None = None, name: str | None = None, source: str | None = None
) -> Deck:
    """Returns the deck in an uploaded file's bytes (UTF-8; see `parse_deck_text`).

    Raises:
        DeckError: If the file is too large, not UTF-8 (naming the line), or no valid deck.
    """
    if len(data) > MAX_DECK_BYTES:
        raise DeckError(path, expected=f"a deck file of at most {MAX_DECK_BYTES:,} bytes", got=f"{len(data):,} bytes")
    return parse_deck_text(decode(data, path), path=path, name=name, source=source)
