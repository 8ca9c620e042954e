"""What a deck file's cells mean: exact numbers, no-data markers and directions (rules D2, D4).

Every number is read exactly as written, in every format (D4): ``12.3`` is
123/10 and ``1.0000000000000001`` is not 1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from toptrumps_core.cards import Value, to_value

__all__ = ["DIRECTIONS", "MAX_EXPONENT", "AmbiguousNumber", "digit_count", "is_no_data_marker", "value_from_text"]

MAX_EXPONENT = 400
"""The largest decimal exponent read: beyond it a number is no card value, and would be slow to make exact."""

_EXPONENT = re.compile(r"[eE]\s*[+-]?\s*(\d+)")
_DECIMAL_COMMA = re.compile(r"[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?")
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
