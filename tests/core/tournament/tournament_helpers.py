"""Decks and helpers shared by the tournament tests (rules T1-T16).

`tiny` is small enough to work every comparison out by hand; `big` has the 30
cards a deck in the arena needs (D5), with ties and no data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toptrumps_core.cards import Category, Deck

POWER, SPEED, COST = 0, 1, 2
"""Category numbers of both test decks (Cost: lower is better)."""

TINY_ROWS: dict[str, list[object]] = {
    #        Power Speed Cost(LOW)
    "Ace": [9, 1, 5],
    "Bat": [5, 5, 2],
    "Cow": [5, 3, 4],
    "Doe": [1, 7, "n/a"],
    "Elk": [7, 2, 1],
    "Fly": [3, 9, 3],
    "Gnu": [2, 4, 6],
    "Hen": [4, 6, 7],
    "Ibis": [6, 8, 8],
    "Jay": [8, 5, 9],
}
"""Ten cards: Power ties Bat/Cow at 5, Speed ties Bat/Jay at 5, Doe has no Cost."""


def make_tiny() -> Deck:
    """Returns the ten-card `TINY_ROWS` deck."""
    return Deck.from_rows(
        "Tiny",
        [Category("Power"), Category("Speed", "km/h"), Category("Cost", "£", higher_is_better=False)],
        TINY_ROWS,
    )


def make_big(name: str = "Big", size: int = 30) -> Deck:
    """Returns a deck of `size` cards ``c00``..: Power = i, Speed a permutation, Cost i % 10 (ties), some n/a."""
    rows: dict[str, list[object]] = {
        f"c{i:02d}": [i, (7 * i) % size, "n/a" if i % 11 == 5 else i % 10] for i in range(size)
    }
    return Deck.from_rows(
        name,
        [Category("Power"), Category("Speed", "km/h"), Category("Cost", "£", higher_is_better=False)],
        rows,
    )


def run(rules: Any, state: Any, actions: Sequence[Any]) -> tuple[Any, list[Any]]:
    """Applies `actions` in turn; returns ``(final state, every event)``."""
    events: list[Any] = []
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, events


def kinds(events: Sequence[Any]) -> list[str]:
    """Returns the class names of `events`."""
    return [type(e).__name__ for e in events]


def names(deck: Deck, cards: Sequence[int]) -> list[str]:
    """Returns the names of card numbers."""
    return [deck.cards[c].name for c in cards]
