"""CSV imports: a spreadsheet saved as CSV, one row per card (rules D1, D2, D4).

The format is described in `toptrumps_core.deckfiles`.
"""

from __future__ import annotations

import csv
import functools
import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from toptrumps_core.cards import MAX_CATEGORIES, MIN_CARDS, MIN_CATEGORIES, Card, Category, Deck, Value
from toptrumps_core.deckfiles.files import read_text
from toptrumps_core.deckfiles.suggestions import code_problem, quoted, suggest
from toptrumps_core.deckfiles.values import DIRECTIONS, value_from_text
from toptrumps_core.errors import DeckError

__all__ = ["load_deck_csv", "parse_deck_csv"]

_CSV_SPECIAL = ("name", "code", "picture", "fact")
_CSV_VALUE_EXPECTED = "a number, or n/a for no data"
_DIRECTION_TAIL = re.compile(r"\s*\[\s*([^\[\]]*?)\s*\]\s*$")
_UNIT_TAIL = re.compile(r"\s*\(\s*([^()]*?)\s*\)\s*$")


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
        read_text(path),
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


@dataclass(frozen=True)
class _Columns:
    """Where a CSV file keeps what: the header's width, its special columns, its category columns."""

    width: int
    special: Mapping[str, int]
    categories: tuple[tuple[Category, int], ...]
    decimal_comma: bool


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
        problems: list[DeckError] = []  # every row's first problem, so a teacher sees them all at once
        columns = _Columns(len(header), special, tuple(zip(categories, category_columns, strict=True)), decimal_comma)
        for number, (line, row) in enumerate(rows[1:], start=1):
            try:
                cards.append(self._card(number, line, row, columns, categories, names, codes))
            except DeckError as err:
                problems.append(err)
        if problems:
            raise DeckError.of_all(problems)
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

    def _card(
        self,
        number: int,
        line: int,
        row: list[str],
        columns: _Columns,
        categories: tuple[Category, ...],
        names: set[str],
        codes: dict[str, str],
    ) -> Card:
        """Returns the card of one row, checked (rules D1, D2); adds its name and code to `names` and `codes`."""
        special = columns.special
        cells = [cell.strip() for cell in row]
        name_cell = cells[special["name"]] if special["name"] < len(cells) else ""
        label = name_cell or f"#{number}"
        row_error = functools.partial(DeckError, self._path, line=line, card=label)  # this row's errors
        if len(cells) < columns.width or any(cells[columns.width :]):
            raise row_error(expected=f"{columns.width} cells, one per header column", got=len(cells))
        if not name_cell:
            raise row_error(field="name", expected="a card name", got=row[special["name"]])
        if name_cell in names:
            raise row_error(field="name", expected="a card name unique in the deck (rule D2)", got=name_cell)
        names.add(name_cell)
        code = cells[special["code"]] if "code" in special and cells[special["code"]] else None
        if code is not None:
            problem = code_problem(code, codes)
            if problem is not None:
                raise row_error(field="code", expected=problem, got=code)
            codes[code] = name_cell
        values: list[Value] = []
        for category, column in columns.categories:
            try:
                values.append(value_from_text(cells[column], decimal_comma=columns.decimal_comma))
            except ValueError as err:
                expected = getattr(err, "expected", _CSV_VALUE_EXPECTED)
                raise row_error(field=category.name, expected=expected, got=row[column]) from None
        return Card(
            name_cell,
            tuple(values),
            categories,
            code=code,
            fact=cells[special["fact"]] if "fact" in special else "",
            picture=cells[special["picture"]] if "picture" in special else "",
        )

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
                        expected=f"a category of this file in {argument}={{...}}{suggest(key, names)}: "
                        + quoted(names),
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
            if not isinstance(word, str) or word.strip().lower() not in DIRECTIONS:
                where = "in better={...}" if from_argument else "in the header, as [higher] or [lower]"
                raise DeckError(
                    self._path,
                    line=None if from_argument else header_line,
                    field=category_name,
                    expected=f'"higher" or "lower" {where}',
                    got=word,
                )
            result.append(Category(category_name, unit, DIRECTIONS[word.strip().lower()]))
        return tuple(result)
