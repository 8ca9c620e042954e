"""What a deck file's cells mean: exact numbers, no-data markers and directions (rules D2, D4).

Every number is read exactly as written, in every format (D4): ``12.3`` is
123/10 and ``1.0000000000000001`` is not 1.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from toptrumps_core.cards import Value, to_value

__all__ = [
    "DIRECTIONS",
    "MAX_EXPONENT",
    "AmbiguousNumber",
    "UnreadableNumber",
    "WrittenDecimal",
    "digit_count",
    "is_no_data_marker",
    "value_from_text",
]

MAX_EXPONENT = 400
"""The largest decimal exponent read: beyond it a number is no card value, and would be slow to make exact."""

_EXPONENT = re.compile(r"[eE]\s*[+-]?\s*(\d+)")
_DECIMAL_COMMA = re.compile(r"[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?")
_NOT_FINITE = frozenset({"inf", "nan", "infinity"})
_INT_DIGITS: int = getattr(sys, "get_int_max_str_digits", lambda: 4300)()  # the most digits int() converts
_AMBIGUOUS_DOT = re.compile(r"[+-]?[1-9]\d{0,2}\.\d{3}")  # "1.234": thousands, or a decimal point?

DIRECTIONS: Mapping[str, bool] = MappingProxyType({"higher": True, "lower": False})
"""The words for a category's direction (rule D1), each with `Category.higher_is_better`."""


class AmbiguousNumber(ValueError):
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


class UnreadableNumber(ValueError):
    """A number written in a deck file that is no card value: nan, inf, or far too large or long.

    Attributes:
        expected: What a card value must be instead, for the `DeckError`.
    """

    def __init__(self, expected: str) -> None:
        self.expected = expected
        super().__init__(expected)


@dataclass(frozen=True, slots=True)
class WrittenDecimal:
    """A TOML decimal as the file writes it, e.g. ``1.0000000000000001`` or ``-2.5e-3`` (rule D4).

    The TOML reader hands the text of every decimal to this class (it is
    `tomllib`'s ``parse_float``), so no card value passes through a binary
    float: ``1.0000000000000001`` stays apart from 1 and ``1e-400`` from 0.
    The deck reader then takes the `exact` value, where an error can name
    the card and the field.

    Attributes:
        text: The number as written, underscores and sign included, e.g.
            ``"1_000.5"``, ``"-inf"``.

    Example:
        >>> WrittenDecimal("1.0000000000000001").exact() - 1
        Fraction(1, 10000000000000000)
        >>> WrittenDecimal("1e-400").exact() > 0
        True
    """

    text: str

    def __repr__(self) -> str:
        return self.text

    def exact(self) -> Fraction:
        """Returns the number exactly as written.

        Raises:
            UnreadableNumber: For nan and inf, an exponent beyond
                `MAX_EXPONENT`, or more digits than Python converts.
        """
        plain = self.text.replace("_", "")
        if plain.lstrip("+-").lower() in _NOT_FINITE:
            raise UnreadableNumber('a number, or "n/a" (nan and inf are no card values)')
        digits = sum(ch.isdigit() for ch in plain)
        if digits > _INT_DIGITS:
            raise UnreadableNumber(f"a card value, not a number too long to be one ({digit_count(plain)} digits)")
        exponent = _EXPONENT.search(plain)
        if exponent is not None and int(exponent.group(1)) > MAX_EXPONENT:
            raise UnreadableNumber(f"a number of sensible size (an exponent of at most {MAX_EXPONENT})")
        return Fraction(plain)


def value_from_text(text: str, *, decimal_comma: bool = False) -> Value:
    """Returns a cell's exact value, or raises ValueError.

    Args:
        text: The cell, e.g. ``"12.5"``, ``"1,234"``, ``"n/a"``.
        decimal_comma: True in ``;`` files (see the module docstring):
            ``1,5`` means 1.5, ``1.234,5`` means 1234.5, and ``1.234`` is
            refused as ambiguous (`AmbiguousNumber`).
    """
    text = text.strip()
    if decimal_comma:
        if _AMBIGUOUS_DOT.fullmatch(text):
            raise AmbiguousNumber(text)
        if ("," in text or text.count(".") > 1) and _DECIMAL_COMMA.fullmatch(text):
            text = text.replace(".", "").replace(",", ".")
    exponent = _EXPONENT.search(text)
    if exponent is not None and int(exponent.group(1)) > MAX_EXPONENT:
        raise ValueError(f"expected a number of sensible size; got {text!r}")
    return to_value(text)


def digit_count(number: str) -> str:
    """Returns how many digits `number` has, grouped: ``"5,001"``."""
    return f"{sum(ch.isdigit() for ch in number):,}"


def is_no_data_marker(text: str) -> bool:
    """Returns True if `text` is a no-data marker such as ``"n/a"`` (rule D2).

    Only the markers `toptrumps_core.cards.to_value` reads as None count;
    numbers written as text do not.
    """
    try:
        return to_value(text) is None
    except ValueError:
        return False
