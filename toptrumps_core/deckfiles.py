"""Deck files: bundled decks, TOML deck files and CSV imports (rule D4).

A deck file is plain text a teacher can write.  Loading is all or nothing
(rule D4): the whole file is read and checked into local values first, and
either a complete, frozen `Deck` comes back or exactly one `DeckError` is
raised.  The error names the file, the line when it can be found, the card
(by name, or ``'#3'`` for the third card when it has no usable name), the
field, what was expected and what was found.  Nothing else escapes: missing
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
(integer or decimal; a decimal is read exactly as written, so ``12.3`` is
123/10) or the string ``"n/a"`` for *no data* (rule D2).  Quoted numbers,
``true``, ``nan`` and ``inf`` are errors.  Category names that are not plain
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
override these by category name.  Cells hold a number or ``n/a``; an empty
cell is an error (write ``n/a`` for no data).  Entirely empty rows are skipped.

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

Rules version: 1.
"""

from __future__ import annotations

import csv
import difflib
import functools
import io
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from toptrumps_core.cards import (
    MAX_CATEGORIES,
    MIN_CARDS,
    MIN_CATEGORIES,
    QUARTET_CODE,
    Card,
    Category,
    Deck,
    Value,
    to_value,
)
from toptrumps_core.errors import DeckError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "bundled_decks",
    "load_deck",
    "load_deck_csv",
    "load_deck_toml",
    "parse_deck_csv",
    "parse_deck_toml",
]

FORMAT_VERSION = 1
"""The only TOML deck format version this module reads."""

_BUNDLED_PACKAGE = "toptrumps_core.decks"
_SUFFIXES = (".toml", ".csv")
_TOP_KEYS = ("format", "name", "description", "source", "categories", "cards")
_CATEGORY_KEYS = ("name", "unit", "better", "note")
_CARD_KEYS = ("name", "code", "picture", "fact", "values", "notes")
_SECTIONS = {"categories": ("category", _CATEGORY_KEYS, "D1"), "cards": ("card", _CARD_KEYS, "D2")}
"""Per array of tables: what one entry is called, its allowed keys, the rule that makes its name unique."""
_CSV_SPECIAL = ("name", "code", "picture", "fact")
_DIRECTIONS = {"higher": True, "lower": False}
_VALUE_EXPECTED = 'a number, or "n/a"'
_CSV_VALUE_EXPECTED = "a number, or n/a for no data"
_MAX_EXPONENT = 400  # a decimal exponent beyond this is no card value, and would be slow to make exact
_EXPONENT = re.compile(r"[eE]\s*[+-]?\s*(\d+)")
_DECIMAL_COMMA = re.compile(r"[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?")
_AMBIGUOUS_DOT = re.compile(r"[+-]?[1-9]\d{0,2}\.\d{3}")  # "1.234": thousands, or a decimal point?
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)()  # the most digits int() converts
_LONG_NUMBER = re.compile(rf"\d(?:_?\d){{{_INT_DIGITS},}}")


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


def bundled_decks() -> tuple[str, ...]:
    """Returns the short names of the decks shipped with the package, sorted.

    A short name is the deck file's stem, e.g. ``"dinosaurs"`` for
    ``decks/dinosaurs.toml``; `load_deck` accepts it in any case.

    Example:
        >>> "dinosaurs" in bundled_decks()
        True
    """
    return tuple(sorted(_bundled_files()))


def load_deck(name_or_path: str | os.PathLike[str]) -> Deck:
    """Returns a bundled deck by short name, or the deck in a .toml or .csv file.

    A string without a directory part and without a ``.toml``/``.csv``
    suffix is a bundled deck's short name (case-insensitive, see
    `bundled_decks`); anything else is a path.  CSV files are read with
    `load_deck_csv`'s defaults (units and directions from the header).

    Args:
        name_or_path: A short name such as ``"Dinosaurs"``, or a path (str or
            `os.PathLike`) to a ``.toml`` or ``.csv`` deck file.

    Returns:
        The whole, validated deck.

    Raises:
        DeckError: If the name is not a bundled deck (the message lists the
            bundled names), the path has another suffix, or the file is
            missing, unreadable or invalid (rule D4).

    Example:
        >>> deck = load_deck("DINOSAURS")
        >>> len(deck) >= 30 and deck.source != ""
        True
    """
    if isinstance(name_or_path, os.PathLike):
        return _load_path(Path(name_or_path))
    if not isinstance(name_or_path, str):
        raise DeckError(None, expected="a bundled deck name or a path to a .toml or .csv file", got=name_or_path)
    text = name_or_path.strip()
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    if any(sep in text for sep in separators) or text.lower().endswith(_SUFFIXES):
        return _load_path(Path(text))
    files = _bundled_files()
    stem = next((s for s in files if s.lower() == text.lower()), None)
    if stem is None:
        names = ", ".join(repr(s) for s in sorted(files))
        raise DeckError(
            None,
            field="name",
            expected=f"a bundled deck name ({names}) or a path to a .toml or .csv file",
            got=name_or_path,
        )
    resource = files[stem]
    label = f"{stem}.toml"
    try:
        data = resource.read_bytes()
    except OSError as err:  # pragma: no cover - a broken installation
        raise DeckError(label, expected="a readable bundled deck file", got=err.strerror or str(err)) from None
    return parse_deck_toml(_decode(data, label), path=label)


def load_deck_toml(path: str | os.PathLike[str]) -> Deck:
    """Returns the deck in a TOML deck file (format in the module docstring).

    Args:
        path: The file to read (UTF-8, optional byte-order mark).

    Raises:
        DeckError: If the file is missing, unreadable, not UTF-8, not valid
            TOML or not a valid deck; the error names the file and, when it
            can be found, the line (rule D4).

    Example:
        >>> load_deck_toml("no/such/deck.toml")
        Traceback (most recent call last):
        ...
        toptrumps_core.errors.DeckError: deck.toml: expected a deck file that exists and can be read; got ...
    """
    return parse_deck_toml(_read_text(path), path=path)


def parse_deck_toml(text: str, *, path: str | os.PathLike[str] | None = None) -> Deck:
    """Returns the deck written in `text` in the TOML deck format (rule D4).

    Args:
        text: The whole deck file (format in the module docstring).
        path: The file the text came from, used only in error messages;
            None for text that came from elsewhere (messages say "deck").

    Returns:
        The whole, validated deck; every value an exact Fraction or None.

    Raises:
        DeckError: At the first problem found: TOML syntax, missing or
            unknown keys, wrong types, a direction other than "higher" or
            "lower", duplicate names or codes, a card with a missing, unknown
            or non-numeric value, a bad quartet code, fewer than 2 cards or
            a category count outside 2..12 (rule D1).  Its ``line`` is the
            1-based line at fault when it can be found, else None.

    Example:
        >>> deck = parse_deck_toml('''
        ... name = "Tiny"
        ... source = "Made up, 2024"
        ... [[categories]]
        ... name = "Size"
        ... unit = "m"
        ... [[categories]]
        ... name = "Age"
        ... better = "lower"
        ... [[cards]]
        ... name = "Ant"
        ... values = { Size = 0.004, Age = "n/a" }
        ... [[cards]]
        ... name = "Bee"
        ... values = { Size = 0.012, Age = 1 }
        ... ''')
        >>> deck.card("Ant")["Size"], deck.card("Ant")["Age"], deck.categories[1].higher_is_better
        (Fraction(1, 250), None, False)
    """
    label = None if path is None else os.fspath(path)
    text = text.removeprefix("\ufeff")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        found = re.search(r"line (\d+)", message)
        line = getattr(err, "lineno", None) or (int(found.group(1)) if found else None)
        raise DeckError(label, line=line, expected="valid TOML syntax", got=message) from None
    except RecursionError:
        raise DeckError(
            label, expected="valid TOML with arrays and tables nested a sane depth", got="nesting too deep"
        ) from None
    except ValueError as err:  # an integer longer than int() may convert (sys.get_int_max_str_digits())
        long_number = _LONG_NUMBER.search(text)
        if long_number is None:  # pragma: no cover - tomllib raises no other ValueError
            raise DeckError(label, expected="valid TOML", got=str(err)) from None
        raise DeckError(
            label,
            line=text.count("\n", 0, long_number.start()) + 1,
            expected=f"a card value, not a number too long to be one ({_digits(long_number.group())} digits)",
            got=long_number.group()[:20] + "...",
        ) from None
    return _TomlDeckReader(text, label).read(data)


def load_deck_csv(
    path: str | os.PathLike[str],
    *,
    better: Mapping[str, str] | None = None,
    units: Mapping[str, str] | None = None,
    name: str | None = None,
    source: str = "",
    description: str = "",
) -> Deck:
    """Returns the deck in a CSV file exported from a spreadsheet (rule D4).

    Format in the module docstring: a header row with a ``name`` column,
    optional ``code``, ``picture``, ``fact`` columns and one column per
    category, then one row per card.

    Args:
        path: The .csv file (UTF-8, optional byte-order mark; ``,`` or ``;``).
        better: Category name to ``"higher"`` or ``"lower"``; overrides a
            ``[higher]``/``[lower]`` mark in the header.  None: header only
            (default higher is better).
        units: Category name to unit, e.g. ``{"Top speed": "km/h"}``;
            overrides a ``(unit)`` in the header.  None: header only.
        name: The deck's name; None uses the file's stem.
        source: Where the facts come from (publication, site, year).
        description: One sentence about the deck.

    Returns:
        The whole, validated deck.

    Raises:
        DeckError: If the file is missing, unreadable or not UTF-8, is empty,
            has no ``name`` column, has ragged rows, bad headers, values that
            are not numbers or n/a, duplicate names, or breaks rule D1; or if
            `better`/`units` name a category the file does not have.

    Example:
        >>> load_deck_csv("no/such/cars.csv")
        Traceback (most recent call last):
        ...
        toptrumps_core.errors.DeckError: cars.csv: expected a deck file that exists and can be read; got ...
    """
    return parse_deck_csv(
        _read_text(path),
        path=path,
        better=better,
        units=units,
        name=name,
        source=source,
        description=description,
    )


def parse_deck_csv(
    text: str,
    *,
    path: str | os.PathLike[str] | None = None,
    better: Mapping[str, str] | None = None,
    units: Mapping[str, str] | None = None,
    name: str | None = None,
    source: str = "",
    description: str = "",
) -> Deck:
    r"""Returns the deck in CSV `text` (see `load_deck_csv` and rule D4).

    Args:
        text: The whole CSV file; a leading byte-order mark is ignored.
        path: The file the text came from, for messages and the default
            name; None if none.
        better: Category name to ``"higher"`` or ``"lower"``; None: header only.
        units: Category name to unit; None: header only.
        name: The deck's name; None uses the file's stem, or "Imported deck"
            when there is no path.
        source: Where the facts come from.
        description: One sentence about the deck.

    Raises:
        DeckError: As `load_deck_csv`, with the 1-based line of the row at fault.

    Example:
        >>> deck = parse_deck_csv("name;Top speed (km/h);0-100 time (s) [lower]\nKart;60;n/a\nBus;100;18,5\n")
        >>> [c.label for c in deck.categories], deck.card("Bus")["0-100 time"]
        (['Top speed (km/h)', '0-100 time (s)'], Fraction(37, 2))
    """
    label = None if path is None else os.fspath(path)
    default_name = Path(label).stem if label else "Imported deck"
    return _CsvDeckReader(label).read(
        text.removeprefix("\ufeff"),
        better=better,
        units=units,
        name=default_name if name is None else name,
        source=source,
        description=description,
    )


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def _bundled_files() -> dict[str, Traversable]:
    """Returns bundled deck stems mapped to their resources."""
    folder = resources.files(_BUNDLED_PACKAGE)
    return {entry.name[: -len(".toml")]: entry for entry in folder.iterdir() if entry.name.endswith(".toml")}


def _load_path(path: Path) -> Deck:
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return load_deck_toml(path)
    if suffix == ".csv":
        return load_deck_csv(path)
    raise DeckError(path, expected="a .toml or .csv deck file", got=path.suffix or str(path))


def _read_text(path: str | os.PathLike[str]) -> str:
    """Returns a file's text; any OSError or decoding error becomes a DeckError."""
    label = os.fspath(path)
    try:
        data = Path(label).read_bytes()
    except OSError as err:
        raise DeckError(
            label, expected="a deck file that exists and can be read", got=err.strerror or str(err)
        ) from None
    return _decode(data, label)


def _decode(data: bytes, path: str | None) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise DeckError(
            path,
            line=line,
            expected="UTF-8 text (in a spreadsheet, save as 'CSV UTF-8')",
            got=data[err.start : err.end],
        ) from None


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


class _AmbiguousNumber(ValueError):
    """A ``;`` file's cell such as ``1.234``: a thousands dot or a decimal point?

    Attributes:
        expected: What to write instead, for the `DeckError`.
    """

    def __init__(self, text: str) -> None:
        whole, fraction = text.replace(".", ""), text.replace(".", ",")
        self.expected = (
            f"{whole} or {fraction}, not {text}: in a ';' file the comma is the decimal mark, so write {whole} "
            f"if the dot groups thousands or {fraction} if it is a decimal point"
        )
        super().__init__(self.expected)


def _value_from_text(text: str, *, decimal_comma: bool = False) -> Value:
    """Returns a cell's exact value, or raises ValueError.

    Args:
        text: The cell, e.g. ``"12.5"``, ``"1,234"``, ``"n/a"``.
        decimal_comma: True in ``;`` files (see the module docstring):
            ``1,5`` means 1.5, ``1.234,5`` means 1234.5, and ``1.234`` is
            refused as ambiguous (`_AmbiguousNumber`).
    """
    text = text.strip()
    if decimal_comma:
        if _AMBIGUOUS_DOT.fullmatch(text):
            raise _AmbiguousNumber(text)
        if ("," in text or text.count(".") > 1) and _DECIMAL_COMMA.fullmatch(text):
            text = text.replace(".", "").replace(",", ".")
    exponent = _EXPONENT.search(text)
    if exponent is not None and int(exponent.group(1)) > _MAX_EXPONENT:
        raise ValueError(f"expected a number of sensible size; got {text!r}")
    return to_value(text)


def _digits(number: str) -> str:
    """Returns how many digits `number` has, grouped: ``"5,001"``."""
    return f"{sum(ch.isdigit() for ch in number):,}"


def _code_problem(code: object, codes: Mapping[str, str]) -> str | None:
    """Returns what a quartet code should be if `code` is not a new, valid one (rule D2), else None.

    Args:
        code: The code as written.
        codes: The codes already used in the deck, each with its card's name.
    """
    if not isinstance(code, str) or not QUARTET_CODE.fullmatch(code):
        return "a quartet code: a capital letter and a number 1-99, e.g. 'C3'"
    if code in codes:
        return f"a quartet code unique in the deck (card {codes[code]!r} has it too)"
    return None


def _suggest(word: str, allowed: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, allowed, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _quoted(names: Sequence[str]) -> str:
    return ", ".join(repr(n) for n in names)


# --------------------------------------------------------------------------
# TOML
# --------------------------------------------------------------------------


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]*?)\s*\]\]?")


@dataclass(frozen=True)
class _Block:
    """Lines ``start..end`` (1-based, end exclusive) of one table in the text."""

    start: int
    end: int


class _Locator:
    """Finds the line of a key in the raw TOML text, for error messages.

    Best effort: a TOML file may spread a card over sub-tables or write it
    inline; whatever cannot be found is reported without a line.
    """

    def __init__(self, text: str) -> None:
        self._lines = text.split("\n")  # tomllib counts lines by "\n" too
        self._arrays: dict[str, list[_Block]] = {"categories": [], "cards": []}
        headers: list[tuple[int, str, bool]] = []
        for number, line in enumerate(self._lines, start=1):
            match = _HEADER.match(line)
            if match:
                headers.append((number, match.group(2).strip().strip("\"'"), match.group(1) == "[["))
        self._first_header = headers[0][0] if headers else len(self._lines) + 1
        for index, (number, name, is_array) in enumerate(headers):
            if not is_array or name not in self._arrays:
                continue
            end = len(self._lines) + 1
            for later_number, later_name, _ in headers[index + 1 :]:
                if not later_name.startswith(name + "."):
                    end = later_number
                    break
            self._arrays[name].append(_Block(number, end))

    def top(self, key: str) -> int | None:
        """Returns the line of top-level `key`, or None."""
        return self._find(_Block(1, self._first_header), (key,))

    def item(
        self,
        section: str,
        index: int,
        count: int,
        name: str | None,
        keys: Sequence[str] = (),
        *,
        container: str | None = None,
    ) -> int | None:
        """Returns the line of entry `index` of array `section`, at the first of `keys` found.

        Args:
            section: "categories" or "cards".
            index: 0-based position of the entry in the parsed array.
            count: How many entries the parsed array has (blocks are trusted
                only when the text has exactly that many headers).
            name: The entry's name, searched as ``name = "..."`` otherwise.
            keys: Keys to look for inside the entry, best first.
            container: If given, a line assigning both `container` and the
                key (an inline table) is preferred, then a key line under a
                ``[section.container]`` header.
        """
        blocks = self._arrays[section]
        block: _Block | None = blocks[index] if len(blocks) == count and index < count else None
        name_line = None
        if name is not None:
            search = block or _Block(1, len(self._lines) + 1)
            name_line = self._find(search, ("name",), value=name)
            if block is None and name_line is not None:
                block = _Block(name_line, self._next_header(name_line))
        if block is None:
            return None
        if container is not None and keys:
            inline = self._find(block, keys, inside=container)
            if inline is not None:
                return inline
            header = self._find_header(block, f"{section}.{container}")
            if header is not None:
                found = self._find(_Block(header, self._next_header(header)), keys)
                if found is not None:
                    return found
        return self._find(block, keys) or name_line or block.start

    def _find_header(self, block: _Block, name: str) -> int | None:
        for number in range(block.start, min(block.end, len(self._lines) + 1)):
            match = _HEADER.match(self._lines[number - 1])
            if match and match.group(2).strip() == name:
                return number
        return None

    def _next_header(self, after: int) -> int:
        for number in range(after + 1, len(self._lines) + 1):
            if _HEADER.match(self._lines[number - 1]):
                return number
        return len(self._lines) + 1

    def _find(
        self, block: _Block, keys: Sequence[str], value: str | None = None, inside: str | None = None
    ) -> int | None:
        """Returns the first line in `block` where one of `keys` is assigned (best key first).

        With `value`, the key must be assigned that string; with `inside`, the
        line must also assign the key `inside` (e.g. ``values = { key = ...``).
        """
        outer = None if inside is None else re.compile(rf"(?:^|[\s{{,.])\"?{re.escape(inside)}\"?\s*=")
        for key in keys:
            spelled = [re.escape(f'"{key}"'), re.escape(f"'{key}'")]
            if _BARE_KEY.fullmatch(key):
                spelled.append(re.escape(key))
            pattern = rf"(?:^|[\s{{,.])(?:{'|'.join(spelled)})\s*=\s*"
            if value is not None:
                pattern += rf"([\"']){re.escape(value)}\1"
            compiled = re.compile(pattern)
            for number in range(block.start, min(block.end, len(self._lines) + 1)):
                line = self._lines[number - 1]
                if compiled.search(line) and (outer is None or outer.search(line)):
                    return number
        return None


@dataclass(frozen=True)
class _Entry:
    """One [[categories]] or [[cards]] table being checked, for error messages."""

    path: str | None
    where: _Locator
    section: str
    index: int
    count: int
    name: str | None

    @property
    def label(self) -> str:
        """Returns the entry's name, or ``'#3'`` for the third entry without one."""
        return self.name if self.name is not None else f"#{self.index + 1}"

    def line(self, *keys: str, container: str | None = None) -> int | None:
        """Returns the line of the first of `keys` in this entry (inside `container`), else of the entry."""
        return self.where.item(self.section, self.index, self.count, self.name, keys, container=container)

    def error(
        self, field: str, expected: str, got: object = None, *, at: Sequence[str] = (), container: str | None = None
    ) -> DeckError:
        """Returns the error for `field` of this entry, located at the first of `at` (or `field`).

        `container` ("values" or "notes") prefers a line where the key sits inside that table.
        """
        line = self.line(*(at or (field,)), container=container)
        if self.section == "cards":
            return DeckError(self.path, line=line, card=self.label, field=field, expected=expected, got=got)
        expected += f" (category {self.label!r})" if self.name is not None else f" (category {self.label})"
        return DeckError(self.path, line=line, field=field, expected=expected, got=got)

    def text(self, table: Mapping[str, object], key: str, expected: str) -> str:
        """Returns the optional text `key` of this entry ("" when absent), or raises its error."""
        value = table.get(key, "")
        if not isinstance(value, str):
            raise self.error(key, expected, value)
        return value

    def check_keys(self, table: Mapping[str, object], allowed: Sequence[str], what: str) -> None:
        """Raises the error for the first key of `table` not in `allowed`."""
        for key in table:
            if key not in allowed:
                raise self.error(key, _unknown_key(key, allowed, what), key)


def _unknown_key(key: str, allowed: Sequence[str], what: str) -> str:
    return f"a known key in {what}{_suggest(key, allowed)}; allowed: {_quoted(allowed)}"


class _TomlDeckReader:
    """Checks a parsed TOML document and builds the deck, or raises one DeckError."""

    def __init__(self, text: str, path: str | None) -> None:
        self._path = path
        self._where = _Locator(text)

    def read(self, data: Mapping[str, object]) -> Deck:
        for key in data:
            if key not in _TOP_KEYS:
                raise self._top_error(key, _unknown_key(key, _TOP_KEYS, "the top of the file"), key)
        if "format" in data:
            version = data["format"]
            if isinstance(version, bool) or version != FORMAT_VERSION:
                raise self._top_error("format", f"format = {FORMAT_VERSION} (or no format key)", version)
        deck_name = self._top_text(data, "name", required=True)
        description = self._top_text(data, "description", required=False)
        source = self._top_text(data, "source", required=True)
        categories = self._categories(data)
        cards = self._cards(data, categories)
        try:
            return Deck(deck_name, categories, cards, source=source, description=description)
        except DeckError as err:  # pragma: no cover - every case is checked above
            raise DeckError(self._path, card=err.card, field=err.field, expected=err.expected, got=err.got) from None

    # -- top level ----------------------------------------------------------

    def _top_error(self, key: str, expected: str, got: object = None) -> DeckError:
        return DeckError(self._path, line=self._where.top(key), field=key, expected=expected, got=got)

    def _top_text(self, data: Mapping[str, object], key: str, *, required: bool) -> str:
        if key not in data:
            if required:
                raise DeckError(self._path, field=key, expected=f'a top-level {key} = "..." line')
            return ""
        value = data[key]
        if not isinstance(value, str) or (required and not value.strip()):
            kind = "a non-empty text in quotes" if required else "a text in quotes"
            raise self._top_error(key, kind, value)
        return value

    def _array(self, data: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
        if key not in data:
            raise DeckError(self._path, field=key, expected=f"[[{key}]] tables")
        value = data[key]
        if not isinstance(value, list) or not all(isinstance(entry, dict) for entry in value):
            raise self._top_error(key, f"an array of [[{key}]] tables", value)
        return value

    def _named_entry(
        self, section: str, index: int, count: int, table: Mapping[str, object], seen: set[str]
    ) -> tuple[_Entry, str]:
        """Returns entry `index` of `section` and its name, checked: known keys, a name unique in `seen`.

        Adds the name to `seen`.  A category's name must be unique by rule D1,
        a card's by rule D2.
        """
        raw = table.get("name")
        name = raw if isinstance(raw, str) and raw.strip() else None
        entry = _Entry(self._path, self._where, section, index, count, name)
        kind, allowed, rule = _SECTIONS[section]
        entry.check_keys(table, allowed, f"a {kind}")
        if name is None:
            raise entry.error("name", f"a non-empty {kind} name in quotes", raw)
        if name in seen:
            raise entry.error("name", f"a {kind} name unique in the deck (rule {rule})", name)
        seen.add(name)
        return entry, name

    def _count_error(self, section: str, count: int, expected: str) -> DeckError:
        line = self._where.item(section, 0, count, None) if count else self._where.top(section)
        return DeckError(self._path, line=line, field=section, expected=expected, got=count)

    # -- categories ---------------------------------------------------------

    def _categories(self, data: Mapping[str, object]) -> tuple[Category, ...]:
        tables = self._array(data, "categories")
        count = len(tables)
        if not MIN_CATEGORIES <= count <= MAX_CATEGORIES:
            expected = f"{MIN_CATEGORIES} to {MAX_CATEGORIES} [[categories]] (rule D1)"
            raise self._count_error("categories", count, expected)
        result: list[Category] = []
        seen: set[str] = set()
        for index, table in enumerate(tables):
            entry, name = self._named_entry("categories", index, count, table, seen)
            unit = entry.text(table, "unit", 'a unit in quotes, e.g. "km/h"')
            note = entry.text(table, "note", "a text in quotes")
            direction = table.get("better", "higher")
            if not isinstance(direction, str) or direction not in _DIRECTIONS:
                raise entry.error("better", '"higher" or "lower"', direction)
            result.append(Category(name, unit, _DIRECTIONS[direction], note))
        return tuple(result)

    # -- cards --------------------------------------------------------------

    def _cards(self, data: Mapping[str, object], categories: tuple[Category, ...]) -> tuple[Card, ...]:
        tables = self._array(data, "cards")
        count = len(tables)
        if count < MIN_CARDS:
            raise self._count_error("cards", count, f"at least {MIN_CARDS} [[cards]] (rule D1)")
        names: set[str] = set()
        codes: dict[str, str] = {}
        result: list[Card] = []
        for index, table in enumerate(tables):
            entry, name = self._named_entry("cards", index, count, table, names)
            raw_code = table.get("code")
            code = None if raw_code is None else str(raw_code)
            if code is not None:
                problem = _code_problem(raw_code, codes)
                if problem is not None:
                    raise entry.error("code", problem, raw_code)
                codes[code] = name
            picture = entry.text(table, "picture", "an emoji or image name in quotes")
            fact = entry.text(table, "fact", "a text in quotes")
            values = self._values(entry, table.get("values"), categories)
            notes = self._notes(entry, table.get("notes", {}), categories)
            result.append(Card(name, values, categories, code=code, fact=fact, picture=picture, notes=notes))
        return tuple(result)

    @staticmethod
    def _values(entry: _Entry, raw_values: object, categories: tuple[Category, ...]) -> tuple[Value, ...]:
        if not isinstance(raw_values, dict):
            raise entry.error(
                "values", 'values = { <category> = <number or "n/a">, ... } for every category', raw_values
            )
        _check_category_keys(entry, raw_values, categories, "values")
        values: list[Value] = []
        for category in categories:
            if category.name not in raw_values:
                expected = f"a value for every category ({_VALUE_EXPECTED}); this one is missing"
                raise entry.error(category.name, expected, at=("values",))
            raw = raw_values[category.name]
            if isinstance(raw, str) and _is_no_data_marker(raw):
                values.append(None)
                continue
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                raise entry.error(category.name, _VALUE_EXPECTED, raw, at=(category.name, "values"), container="values")
            try:
                values.append(to_value(raw))
            except ValueError:  # nan, inf
                raise entry.error(
                    category.name, _VALUE_EXPECTED, raw, at=(category.name, "values"), container="values"
                ) from None
        return tuple(values)

    @staticmethod
    def _notes(entry: _Entry, raw_notes: object, categories: tuple[Category, ...]) -> dict[str, str]:
        if not isinstance(raw_notes, dict):
            raise entry.error("notes", 'notes = { <category> = "text", ... }', raw_notes)
        _check_category_keys(entry, raw_notes, categories, "notes")
        notes: dict[str, str] = {}
        for key, note in raw_notes.items():
            if not isinstance(note, str):
                raise entry.error(key, "a note in quotes", note, at=(key, "notes"), container="notes")
            notes[key] = note
        return notes


def _check_category_keys(
    entry: _Entry, table: Mapping[str, object], categories: tuple[Category, ...], container: str
) -> None:
    names = [c.name for c in categories]
    for key in table:
        if key not in names:
            expected = f"a category of this deck{_suggest(key, names)}: {_quoted(names)}"
            raise entry.error(key, expected, key, at=(key, container), container=container)


def _is_no_data_marker(text: str) -> bool:
    """Returns True if `text` is a no-data marker such as ``"n/a"`` (rule D2).

    Only the markers `toptrumps_core.cards.to_value` reads as None count;
    numbers written as text do not.
    """
    try:
        return to_value(text) is None
    except ValueError:
        return False


# --------------------------------------------------------------------------
# CSV
# --------------------------------------------------------------------------

_DIRECTION_TAIL = re.compile(r"\s*\[\s*([^\[\]]*?)\s*\]\s*$")
_UNIT_TAIL = re.compile(r"\s*\(\s*([^()]*?)\s*\)\s*$")


def _split_header(cell: str) -> tuple[str, str | None, str | None]:
    """Returns (name, unit or None, direction word or None) of a category header.

    Example:
        >>> _split_header("0-100 time (s) [lower]")
        ('0-100 time', 's', 'lower')
    """
    unit: str | None = None
    direction: str | None = None
    text = cell.strip()
    for _ in range(2):
        match = _DIRECTION_TAIL.search(text)
        if match and direction is None:
            direction, text = match.group(1), text[: match.start()]
            continue
        match = _UNIT_TAIL.search(text)
        if match and unit is None:
            unit, text = match.group(1), text[: match.start()]
    return text.strip(), unit, direction


def _sniff_delimiter(text: str) -> str:
    """Returns ``","`` or ``";"``, judged from the header row."""
    header = text.lstrip("\r\n").split("\n", 1)[0]
    try:
        delimiter = csv.Sniffer().sniff(header, delimiters=",;").delimiter
    except csv.Error:
        delimiter = ";" if header.count(";") > header.count(",") else ","
    return delimiter


class _CsvDeckReader:
    """Reads CSV text into a deck, or raises one DeckError."""

    def __init__(self, path: str | None) -> None:
        self._path = path

    def read(
        self,
        text: str,
        *,
        better: Mapping[str, str] | None,
        units: Mapping[str, str] | None,
        name: str,
        source: str,
        description: str,
    ) -> Deck:
        if not text.strip():
            raise DeckError(
                self._path,
                line=1,
                expected="a header row with a name column and one column per category; the file is empty",
            )
        delimiter = _sniff_delimiter(text)
        rows = self._rows(text, delimiter)
        header_line, raw_header = rows[0]
        header = [cell.strip() for cell in raw_header]
        while header and not header[-1]:
            header.pop()
        special: dict[str, int] = {}
        category_columns: list[int] = []
        categories_raw: list[tuple[str, str, str | None]] = []
        for column, cell in enumerate(header):
            key = cell.lower()
            if key in _CSV_SPECIAL:
                if key in special:
                    raise DeckError(self._path, line=header_line, field=cell, expected=f"one {key!r} column", got=cell)
                special[key] = column
                continue
            category_name, unit, direction = _split_header(cell)
            if not category_name:
                raise DeckError(
                    self._path,
                    line=header_line,
                    field=f"column {column + 1}",
                    expected="a category name in the header",
                    got=cell,
                )
            if any(category_name == other for other, _, _ in categories_raw):
                raise DeckError(
                    self._path,
                    line=header_line,
                    field=category_name,
                    expected="a category name unique in the deck (rule D1)",
                    got=cell,
                )
            category_columns.append(column)
            categories_raw.append((category_name, unit or "", direction))
        if "name" not in special:
            raise DeckError(
                self._path,
                line=header_line,
                field="name",
                expected="a 'name' column in the header row",
                got=tuple(header),
            )
        categories = self._categories(categories_raw, header_line, better, units)
        if not MIN_CATEGORIES <= len(categories) <= MAX_CATEGORIES:
            raise DeckError(
                self._path,
                line=header_line,
                field="categories",
                expected=f"{MIN_CATEGORIES} to {MAX_CATEGORIES} category columns (rule D1)",
                got=len(categories),
            )
        decimal_comma = delimiter == ";"
        cards: list[Card] = []
        names: set[str] = set()
        codes: dict[str, str] = {}
        for number, (line, row) in enumerate(rows[1:], start=1):
            cells = [cell.strip() for cell in row]
            name_cell = cells[special["name"]] if special["name"] < len(cells) else ""
            label = name_cell or f"#{number}"

            row_error = functools.partial(DeckError, self._path, line=line, card=label)  # this row's errors
            if len(cells) < len(header) or any(cells[len(header) :]):
                raise row_error(expected=f"{len(header)} cells, one per header column", got=len(cells))
            if not name_cell:
                raise row_error(field="name", expected="a card name", got=row[special["name"]])
            if name_cell in names:
                raise row_error(field="name", expected="a card name unique in the deck (rule D2)", got=name_cell)
            names.add(name_cell)
            code = cells[special["code"]] if "code" in special and cells[special["code"]] else None
            if code is not None:
                problem = _code_problem(code, codes)
                if problem is not None:
                    raise row_error(field="code", expected=problem, got=code)
                codes[code] = name_cell
            values: list[Value] = []
            for category, column in zip(categories, category_columns, strict=True):
                try:
                    values.append(_value_from_text(cells[column], decimal_comma=decimal_comma))
                except ValueError as err:
                    expected = getattr(err, "expected", _CSV_VALUE_EXPECTED)
                    raise row_error(field=category.name, expected=expected, got=row[column]) from None
            cards.append(
                Card(
                    name_cell,
                    tuple(values),
                    categories,
                    code=code,
                    fact=cells[special["fact"]] if "fact" in special else "",
                    picture=cells[special["picture"]] if "picture" in special else "",
                )
            )
        if len(cards) < MIN_CARDS:
            raise DeckError(
                self._path,
                line=header_line,
                field="cards",
                expected=f"at least {MIN_CARDS} card rows (rule D1)",
                got=len(cards),
            )
        if not isinstance(name, str) or not name.strip():
            raise DeckError(self._path, field="name", expected="a non-empty deck name", got=name)
        try:
            return Deck(name, categories, tuple(cards), source=source, description=description)
        except DeckError as err:  # pragma: no cover - every case is checked above
            raise DeckError(self._path, card=err.card, field=err.field, expected=err.expected, got=err.got) from None

    def _rows(self, text: str, delimiter: str) -> list[tuple[int, list[str]]]:
        """Returns the non-empty rows, each with the 1-based line it starts on."""
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        rows: list[tuple[int, list[str]]] = []
        previous = 0
        try:
            for row in reader:
                start, previous = previous + 1, reader.line_num
                if any(cell.strip() for cell in row):
                    rows.append((start, row))
        except csv.Error as err:
            raise DeckError(self._path, line=reader.line_num, expected="well-formed CSV", got=str(err)) from None
        if not rows:
            raise DeckError(
                self._path,
                line=1,
                expected="a header row with a name column and one column per category; the file is empty",
            )
        return rows

    def _categories(
        self,
        raw: list[tuple[str, str, str | None]],
        header_line: int,
        better: Mapping[str, str] | None,
        units: Mapping[str, str] | None,
    ) -> tuple[Category, ...]:
        names = [category_name for category_name, _, _ in raw]
        examples = {"better": '{"Price": "lower"}', "units": '{"Top speed": "km/h"}'}
        for argument, mapping in (("better", better), ("units", units)):
            if mapping is not None and not isinstance(mapping, Mapping):
                raise DeckError(
                    self._path,
                    field=argument,
                    expected=f"{argument}= as a mapping from category name to "
                    + ('"higher" or "lower"' if argument == "better" else "unit")
                    + f", e.g. {argument}={examples[argument]}",
                    got=mapping,
                )
            for key in mapping or {}:
                if key not in names:
                    raise DeckError(
                        self._path,
                        field=key,
                        expected=f"a category of this file in {argument}={{...}}{_suggest(key, names)}: "
                        + _quoted(names),
                        got=key,
                    )
        result: list[Category] = []
        for category_name, unit, direction in raw:
            if units is not None and category_name in units:
                unit = units[category_name]
                if not isinstance(unit, str):
                    raise DeckError(self._path, field=category_name, expected="a unit text in units={...}", got=unit)
            from_argument = better is not None and category_name in better
            word = better[category_name] if better is not None and from_argument else direction
            if word is None:
                word = "higher"
            if not isinstance(word, str) or word.strip().lower() not in _DIRECTIONS:
                where = "in better={...}" if from_argument else "in the header, as [higher] or [lower]"
                raise DeckError(
                    self._path,
                    line=None if from_argument else header_line,
                    field=category_name,
                    expected=f'"higher" or "lower" {where}',
                    got=word,
                )
            result.append(Category(category_name, unit, _DIRECTIONS[word.strip().lower()]))
        return tuple(result)
