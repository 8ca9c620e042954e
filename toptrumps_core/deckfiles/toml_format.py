"""TOML deck files (format version 1, described in `toptrumps_core.deckfiles`): all or nothing (rules D1, D2, D4)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toptrumps_core.cards import MAX_CATEGORIES, MIN_CARDS, MIN_CATEGORIES, Card, Category, Deck, Value, to_value
from toptrumps_core.checks import is_whole_number
from toptrumps_core.deckfiles.files import read_text
from toptrumps_core.deckfiles.suggestions import code_problem, quoted, suggest, unknown_key
from toptrumps_core.deckfiles.toml_lines import KeyLocator
from toptrumps_core.deckfiles.values import (
    DIRECTIONS,
    UnreadableNumber,
    WrittenDecimal,
    digit_count,
    is_no_data_marker,
)
from toptrumps_core.errors import DeckError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["FORMAT_VERSION", "load_deck_toml", "parse_deck_toml"]

FORMAT_VERSION = 1
"""The only TOML deck format version this module reads."""

_TOP_KEYS = ("format", "name", "description", "source", "categories", "cards")
_CATEGORY_KEYS = ("name", "unit", "better", "note")
_CARD_KEYS = ("name", "code", "picture", "fact", "values", "notes")
_SECTIONS = {"categories": ("category", _CATEGORY_KEYS, "D1"), "cards": ("card", _CARD_KEYS, "D2")}
"""Per array of tables: what one entry is called, its allowed keys, the rule that makes its name unique."""
_VALUE_EXPECTED = 'a number, or "n/a"'
_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)()  # the most digits int() converts
_LONG_NUMBER = re.compile(rf"\d(?:_?\d){{{_INT_DIGITS},}}")


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
    return parse_deck_toml(read_text(path), path=path)


def parse_deck_toml(text: str, *, path: str | os.PathLike[str] | None = None) -> Deck:
    """Returns the deck written in `text` in the TOML deck format (rule D4).

    Args:
        text: The whole deck file (format in the module docstring).
        path: The file the text came from, used only in error messages;
            None for text that came from elsewhere (messages say "deck").

    Returns:
        The whole, validated deck; every value an exact Fraction or None.

    Raises:
        DeckError: For the first problem found (its ``problems`` lists every
            category's or every card's first problem, see
            `DeckError.of_all`): TOML syntax, missing or
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
        data = tomllib.loads(text, parse_float=WrittenDecimal)  # decimals stay as written (D4)
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
            expected=f"a card value, not a number too long to be one ({digit_count(long_number.group())} digits)",
            got=long_number.group()[:20] + "...",
        ) from None
    return _TomlDeckReader(text, label).read(data)


@dataclass(frozen=True)
class _Entry:
    """One [[categories]] or [[cards]] table being checked, for error messages."""

    path: str | None
    where: KeyLocator
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
                raise self.error(key, unknown_key(key, allowed, what), key)


class _TomlDeckReader:
    """Checks a parsed TOML document and builds the deck, or raises one DeckError."""

    def __init__(self, text: str, path: str | None) -> None:
        self._path = path
        self._where = KeyLocator(text)

    def read(self, data: Mapping[str, object]) -> Deck:
        for key in data:
            if key not in _TOP_KEYS:
                raise self._top_error(key, unknown_key(key, _TOP_KEYS, "the top of the file"), key)
        if "format" in data:
            version = data["format"]
            if isinstance(version, bool) or _number(version) != FORMAT_VERSION:
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
        problems: list[DeckError] = []  # every category's first problem; the cards need all of them right
        for index, table in enumerate(tables):
            try:
                entry, name = self._named_entry("categories", index, count, table, seen)
                unit = entry.text(table, "unit", 'a unit in quotes, e.g. "km/h"')
                note = entry.text(table, "note", "a text in quotes")
                direction = table.get("better", "higher")
                if not isinstance(direction, str) or direction not in DIRECTIONS:
                    raise entry.error("better", '"higher" or "lower"', direction)
                result.append(Category(name, unit, DIRECTIONS[direction], note))
            except DeckError as err:
                problems.append(err)
        if problems:
            raise DeckError.of_all(problems)
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
        problems: list[DeckError] = []  # every card's first problem, so a teacher sees them all at once
        for index, table in enumerate(tables):
            try:
                result.append(self._card(index, count, table, categories, names, codes))
            except DeckError as err:
                problems.append(err)
        if problems:
            raise DeckError.of_all(problems)
        return tuple(result)

    def _card(
        self,
        index: int,
        count: int,
        table: Mapping[str, object],
        categories: tuple[Category, ...],
        names: set[str],
        codes: dict[str, str],
    ) -> Card:
        """Returns card `index`, checked (rules D1, D2); adds its name and code to `names` and `codes`."""
        entry, name = self._named_entry("cards", index, count, table, names)
        raw_code = table.get("code")
        code = None if raw_code is None else str(raw_code)
        if code is not None:
            problem = code_problem(raw_code, codes)
            if problem is not None:
                raise entry.error("code", problem, raw_code)
            codes[code] = name
        picture = entry.text(table, "picture", "an emoji or image name in quotes")
        fact = entry.text(table, "fact", "a text in quotes")
        values = self._values(entry, table.get("values"), categories)
        notes = self._notes(entry, table.get("notes", {}), categories)
        return Card(name, values, categories, code=code, fact=fact, picture=picture, notes=notes)

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
            if isinstance(raw, str) and is_no_data_marker(raw):
                values.append(None)
                continue
            if not (isinstance(raw, WrittenDecimal) or is_whole_number(raw)):  # TOML's true is not a value
                raise entry.error(category.name, _VALUE_EXPECTED, raw, at=(category.name, "values"), container="values")
            try:
                values.append(raw.exact() if isinstance(raw, WrittenDecimal) else to_value(raw))
            except UnreadableNumber as err:  # nan, inf, or a number far too large or long
                raise entry.error(
                    category.name, err.expected, raw, at=(category.name, "values"), container="values"
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


def _number(raw: object) -> object:
    """Returns the exact value of a TOML decimal (`WrittenDecimal`), or `raw` itself if it is anything else."""
    if isinstance(raw, WrittenDecimal):
        try:
            return raw.exact()
        except UnreadableNumber:
            return raw
    return raw


def _check_category_keys(
    entry: _Entry, table: Mapping[str, object], categories: tuple[Category, ...], container: str
) -> None:
    names = [c.name for c in categories]
    for key in table:
        if key not in names:
            expected = f"a category of this deck{suggest(key, names)}: {quoted(names)}"
            raise entry.error(key, expected, key, at=(key, container), container=container)
