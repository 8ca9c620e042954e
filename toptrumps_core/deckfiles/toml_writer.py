"""Writes a deck as a TOML deck file that loads back to the same deck (rule D4).

`deck_to_toml` is the inverse of `toptrumps_core.deckfiles.parse_deck_toml`:
every value is written exactly (a whole number, or the terminating decimal
it equals, never through a binary float), no data as ``"n/a"``, and every
text in TOML's basic string syntax, so a deck built from a CSV file, pasted
into the deck builder or made in code is saved as a file a teacher can read,
edit and share.

    >>> from fractions import Fraction
    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.deckfiles import parse_deck_toml
    >>> deck = Deck.from_rows("Pets", [Category("Weight", "kg"), Category("Age", higher_is_better=False)],
    ...                       {"Cat": [Fraction(42, 10), None], "Dog": [12, 3]}, source="A class survey, 2026")
    >>> text = deck_to_toml(deck)
    >>> print(text.split("[[cards]]")[1].strip())
    name = "Cat"
    values = { Weight = 4.2, Age = "n/a" }
    >>> parse_deck_toml(text) == deck
    True
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

from toptrumps_core.cards import Card, Category, Deck, Value
from toptrumps_core.errors import DeckError

__all__ = ["deck_to_toml", "exact_decimal"]

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_MAX_DECIMALS = 400  # the most a deck file's exponent allows (D4); far beyond any real measurement


def exact_decimal(value: Fraction) -> str | None:
    """Returns `value` written as an exact decimal ("4.2", "-0.125", "12"), or None if it has none.

    A fraction has an exact decimal when its denominator, in lowest terms,
    has no prime factor but 2 and 5 (1/3 has none).

    Example:
        >>> exact_decimal(Fraction(21, 5)), exact_decimal(Fraction(-1, 8)), exact_decimal(Fraction(1, 3))
        ('4.2', '-0.125', None)
    """
    if value.denominator == 1:
        return str(value.numerator)
    twos = fives = 0
    rest = value.denominator
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    places = max(twos, fives)
    if rest != 1 or places > _MAX_DECIMALS:
        return None
    scaled = abs(value.numerator) * 10**places // value.denominator
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def deck_to_toml(deck: Deck) -> str:
    """Returns `deck` as the text of a TOML deck file (format 1, see `toptrumps_core.deckfiles`).

    Args:
        deck: Any valid deck (bundled, loaded from a file, or built in code).

    Returns:
        UTF-8 text ending in a newline; `parse_deck_toml` of it equals `deck`
        (names, categories with units, directions and notes, cards with codes,
        pictures, facts, values and notes, source and description).

    Raises:
        DeckError: If the deck names no source (a deck file must, rule D4),
            or a value has no exact decimal (such as 1/3, which a deck file
            cannot hold); the error names the card and the category.
    """
    if not deck.source.strip():
        raise DeckError(
            None, field="source", expected="the deck's source: who published the facts, where, year checked"
        )
    lines = ["format = 1", f"name = {_text(deck.name)}"]
    if deck.description:
        lines.append(f"description = {_text(deck.description)}")
    lines.append(f"source = {_text(deck.source)}")
    for category in deck.categories:
        lines += ["", "[[categories]]", f"name = {_text(category.name)}"]
        if category.unit:
            lines.append(f"unit = {_text(category.unit)}")
        lines.append(f'better = "{"higher" if category.higher_is_better else "lower"}"')
        if category.note:
            lines.append(f"note = {_text(category.note)}")
    for card in deck.cards:
        lines += ["", "[[cards]]", f"name = {_text(card.name)}"]
        if card.code is not None:
            lines.append(f"code = {_text(card.code)}")
        if card.picture:
            lines.append(f"picture = {_text(card.picture)}")
        if card.fact:
            lines.append(f"fact = {_text(card.fact)}")
        values = ", ".join(
            f"{_key(c.name)} = {_value(card, c, v)}" for c, v in zip(deck.categories, card.values, strict=True)
        )
        lines.append(f"values = {{ {values} }}")
        if card.notes:
            notes = ", ".join(f"{_key(name)} = {_text(note)}" for name, note in card.notes.items())
            lines.append(f"notes = {{ {notes} }}")
    return "\n".join(lines) + "\n"


def _text(text: str) -> str:
    """Returns `text` as a TOML basic string (JSON's escapes are TOML's, for every character)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML refuses a raw DEL too


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else _text(name)


def _value(card: Card, category: Category, value: Value) -> str:
    if value is None:
        return '"n/a"'
    written = exact_decimal(value)
    if written is None:
        raise DeckError(
            None,
            card=card.name,
            field=category.name,
            expected="a value with an exact decimal, as a deck file writes it (rule D4)",
            got=str(value),
        )
    return written
