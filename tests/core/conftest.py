"""Tiny hand-made decks and helpers for the classic core tests (rules D1-D3, C1-C12).

The decks are small enough to work every comparison out by hand; each scenario
test says in a comment how its expected events follow from the rule it cites.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ClassicRules, ClassicState

SPEED, PRICE, WEIGHT = 0, 1, 2
"""Category numbers of the `zoo` deck."""

ZOO_ROWS: dict[str, list[object]] = {
    #        Speed  Price  Weight
    #        (high) (LOW)  (high)
    "Ant": [1, 5, "n/a"],
    "Bee": [20, 3, 1],
    "Cat": [30, 8, 4],
    "Dog": [30, 2, 20],
    "Eel": [5, 3, 2],
    "Fox": [50, 9, 6],
}
"""Six cards: Speed ties Cat/Dog at 30, Price (lower is better) ties Bee/Eel at 3,
and Ant has no data for Weight."""


@pytest.fixture
def zoo() -> Deck:
    """Returns the six-card `ZOO_ROWS` deck: Speed (km/h), Price (£, lower is better), Weight (kg)."""
    return Deck.from_rows(
        "Zoo",
        [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False), Category("Weight", "kg")],
        ZOO_ROWS,
    )


@pytest.fixture
def card(zoo: Deck) -> Callable[[str], int]:
    """Returns a function giving a zoo card's number (its index in the deck)."""
    return zoo.index_of


@pytest.fixture
def names() -> Callable[[ClassicRules, Iterable[int]], list[str]]:
    """Returns a function turning card numbers into card names."""

    def to_names(rules: ClassicRules, cards: Iterable[int]) -> list[str]:
        return [rules.deck.cards[c].name for c in cards]

    return to_names


@pytest.fixture
def run() -> Callable[[ClassicRules, ClassicState, Sequence[Any]], tuple[ClassicState, list[Any]]]:
    """Returns a function applying actions in turn: ``(final state, every event)``."""

    def apply_all(rules: ClassicRules, state: ClassicState, actions: Sequence[Any]) -> tuple[ClassicState, list[Any]]:
        events: list[Any] = []
        for action in actions:
            step = rules.apply(state, action)
            state = step.state
            events.extend(step.events)
        return state, events

    return apply_all


def every_card_once(rules: ClassicRules, state: ClassicState) -> bool:
    """Returns True if each deck card is in exactly one of stacks, pot, set aside, pending."""
    cards = [c for stack in state.stacks for c in stack] + [*state.pot, *state.set_aside, *state.pending]
    return sorted(cards) == list(range(len(rules.deck.cards)))


@pytest.fixture
def conserved() -> Callable[[ClassicRules, ClassicState], bool]:
    """Returns `every_card_once` as a fixture (conftest is not imported by tests)."""
    return every_card_once
