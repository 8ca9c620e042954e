"""Deck files: bundled decks, TOML deck files and CSV imports (rule D4).

A deck file is plain text a teacher can write.  Loading is all or nothing
(rule D4): the whole file is read and checked into local values first, and
either a complete, frozen `Deck` comes back or exactly one `DeckError` is
raised.  The error names the file, the line when it can be found, the card
(by name, or ``'#3'`` for the third card when it has no usable name), the
field, what was expected and what was found.  Its ``problems`` lists every
problem found, so a teacher can fix a file in one go: each category's and
each card's (or CSV row's) first problem, in file order; a problem in the
file's top level or its header stops the check there.  Nothing else escapes: missing
or unreadable files, text that is not UTF-8 and TOML syntax errors all become
a `DeckError`.

TOML deck format (version 1)
----------------------------
One file per deck, UTF-8 (a byte-order mark is allowed)::

    format = 1                      # optional; must be 1 if given
    name = "Dinosaurs"              # required
    description = "One sentence."   # optional
    source = "Who published the facts, where, year checked"   # required

    [[categories]]                  # 2 to 12 of these (rule D1), in card order
    name = "Length"                 # required, unique in the deck
    unit = "m"                      # optional, default "" (no unit)
    better = "higher"               # "higher" (default) or "lower" (rule D1)
    note = "Nose to tail"           # optional

    [[cards]]                       # at least 2 of these (rule D1)
    name = "Tyrannosaurus"          # required, unique in the deck (rule D2)
    code = "A1"                     # optional quartet code: capital letter + 1..99
    picture = "🦖"                  # optional, an emoji
    fact = "One line."              # optional
    values = { Length = 12.3, "Top speed" = "n/a" }
    notes = { Length = "adult" }    # optional, one note per category at most

``values`` holds every category exactly once.  A value is a TOML number
or the string ``"n/a"`` for *no data* (rule D2).  A number is read exactly
as written, never through a binary float (rule D4): ``12.3`` is 123/10,
``1.0000000000000001`` is not 1 and ``1e-400`` is not 0; underscores
between digits (``1_000``), signs and exponents up to 400 are allowed.
Quoted numbers, ``true``, ``nan`` and ``inf`` are errors.  Category names that are not plain
words (spaces, dashes) are quoted, as ``"Top speed"`` above.  Any key not
listed here is an error naming the key and the allowed ones, so a typo such
as ``valeus`` is caught.  Quartet codes, when used, must be unique.

CSV import
----------
A spreadsheet saved as CSV: one row per card; the first row is the header.
The header has a ``name`` column, optional ``code``, ``picture`` and ``fact``
columns (any case, any order), and one column per category.  A category
header may carry its unit in round brackets and its direction in square
brackets: ``Top speed (km/h)``, ``0-100 time (s) [lower]``, ``Length
[higher]``.  The ``better`` and ``units`` arguments of `load_deck_csv` set or
override these by category name.  Cells hold a number, read exactly as
written (rule D4), or ``n/a``; an empty cell is an error (write ``n/a`` for
no data).  Entirely empty rows are skipped.

The delimiter is ``,`` or ``;`` (found with `csv.Sniffer`), and a UTF-8
byte-order mark, as Excel writes it, is ignored.  In a ``,`` file the dot is
the decimal mark and a comma inside a quoted number can only group thousands
(``"1,234"``).  A ``;`` file comes from a locale that writes a decimal comma,
so there:

- the comma is the decimal mark: ``1,5`` is 3/2;
- dots group thousands before a decimal comma or in twos and more:
  ``1.234,5`` is 2469/2 and ``1.234.567`` is 1234567;
- a dot that cannot group thousands is a decimal point: ``12.5``, ``0.125``;
- a single dot before exactly three digits, as in ``1.234``, could be either
  (1234 in the file's locale, 1.234 in a spreadsheet that kept a decimal
  point) and is refused: write ``1234`` (or ``1.234,0``) for one thousand two
  hundred and thirty-four, ``1,234`` for one point two three four.

Bundled decks live in ``toptrumps_core/decks/*.toml`` and are named by their
file stem, e.g. ``load_deck("dinosaurs")``.

Modules: `bundled` (bundled decks, `load_deck`), `toml_format` (TOML deck
files), `csv_import` (CSV files), `values` (numbers, no data, directions),
`toml_lines` (the line of a key, for errors), `suggestions` (the words of
an error), `files` (reading bytes as UTF-8).

Rules version: 1.
"""

from __future__ import annotations

from toptrumps_core.deckfiles.bundled import bundled_decks, load_deck
from toptrumps_core.deckfiles.csv_import import load_deck_csv, parse_deck_csv
from toptrumps_core.deckfiles.folder import (
    DECKS_FOLDER_VARIABLE,
    FolderDecks,
    available_decks,
    deck_folder,
    folder_decks,
)
from toptrumps_core.deckfiles.pasted import MAX_DECK_BYTES, DeckFormat, deck_format, parse_deck_bytes, parse_deck_text
from toptrumps_core.deckfiles.toml_format import FORMAT_VERSION, load_deck_toml, parse_deck_toml
from toptrumps_core.deckfiles.toml_writer import deck_to_toml, exact_decimal

__all__ = [
    "DECKS_FOLDER_VARIABLE",
    "FORMAT_VERSION",
    "MAX_DECK_BYTES",
    "DeckFormat",
    "FolderDecks",
    "available_decks",
    "bundled_decks",
    "deck_folder",
    "deck_format",
    "deck_to_toml",
    "exact_decimal",
    "folder_decks",
    "load_deck",
    "load_deck_csv",
    "load_deck_toml",
    "parse_deck_bytes",
    "parse_deck_csv",
    "parse_deck_text",
    "parse_deck_toml",
]
