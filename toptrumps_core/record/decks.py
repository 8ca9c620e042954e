"""Decks inside records, and the rules data of a game played with one deck.

A card game's rules write themselves (``rules.to_data()``) as
``{"seats": n, "options": {name: value, ...}, "deck": {...}}``: `card_game_data`
builds that, `card_game_parts` reads it back with the checks every such game
shares, so a broken record is named the same way whichever game it holds.
Deck values are stored as exact fraction strings (``"37/10"``), so a record
gives back the very deck it was played with (D4: values are exact).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.errors import DeckError, RecordError

__all__ = ["card_game_data", "card_game_parts", "deck_from_data", "deck_to_data", "json_kind"]


def deck_to_data(deck: Deck) -> dict[str, Any]:
    """Returns `deck` as JSON-ready data (values as exact fraction strings)."""
    return {
        "name": deck.name,
        "source": deck.source,
        "description": deck.description,
        "categories": [
            {"name": c.name, "unit": c.unit, "higher_is_better": c.higher_is_better, "note": c.note}
            for c in deck.categories
        ],
        "cards": [
            {
                "name": card.name,
                "values": [None if v is None else str(v) for v in card.values],
                "code": card.code,
                "fact": card.fact,
                "picture": card.picture,
            }
            for card in deck.cards
        ],
    }


def deck_from_data(data: Mapping[str, Any]) -> Deck:
    """Returns the deck that `deck_to_data` produced.

    Raises:
        RecordError: If the data is not a valid deck.
    """
    try:
        categories = tuple(Category(**c) for c in data["categories"])
        cards = tuple(
            Card(
                c["name"],
                tuple(None if v is None else Fraction(v) for v in c["values"]),
                categories,
                code=c["code"],
                fact=c["fact"],
                picture=c["picture"],
            )
            for c in data["cards"]
        )
        return Deck(data["name"], categories, cards, source=data["source"], description=data["description"])
    except (KeyError, TypeError, ValueError, ZeroDivisionError, DeckError) as err:
        raise RecordError(f"the record's deck is not valid: {err}") from None


def json_kind(value: Any) -> str:
    """Returns how a JSON value reads to a person: ``a list [1, 2]``, ``the number 3``."""
    kinds = ((bool, "true/false"), (list, "a list"), (dict, "an object"), (str, "a text"), ((int, float), "the number"))
    kind = next((name for types, name in kinds if isinstance(value, types)), "null")
    return f"{kind} {json.dumps(value)[:60]}" if value is not None else "null"


_CARD_GAME_KEYS = {
    "seats": "the number of seats",
    "options": "the rule options by name, {...}",
    "deck": "the deck, {...}",
}


def card_game_data(deck: Deck, seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the rules data of a game played with `deck`: ``{"seats", "options", "deck"}``.

    Args:
        deck: The game's deck, stored whole.
        seats: The number of seats.
        options: Every rule option by its RULES.md name, JSON-ready.
    """
    return {"seats": seats, "options": dict(options), "deck": deck_to_data(deck)}


def card_game_parts(data: Mapping[str, Any]) -> tuple[Deck, Any, dict[str, Any]]:
    """Returns ``(deck, seats, options)`` from the data `card_game_data` wrote.

    The seats and the options are returned as stored: the rules class checks
    them when it is built.

    Raises:
        RecordError: If a key is missing (the message names it and what it
            holds), the options or the deck are not objects, or the deck is
            not valid.
    """
    for key, meaning in _CARD_GAME_KEYS.items():
        if key not in data:
            raise RecordError(f'the record\'s "rules" has no {key!r} ({meaning})')
    if not isinstance(data["options"], dict):
        raise RecordError(f"the record's rule options must be an object {{...}}; got {json_kind(data['options'])}")
    if not isinstance(data["deck"], dict):
        raise RecordError(f"the record's deck must be an object {{...}}; got {json_kind(data['deck'])}")
    return deck_from_data(data["deck"]), data["seats"], dict(data["options"])
