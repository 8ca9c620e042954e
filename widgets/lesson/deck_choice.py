"""The "Deck" control the lessons' experiments share, and the deck it names."""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from widgets._toolkit import (
    OWN_DECK,
    deck_dropdown,
    deck_names,
)


def deck_control(deck: Deck) -> ipw.Dropdown:
    """Returns the "Deck" dropdown showing `deck` (its own entry if it is not a bundled deck)."""
    bundled = next((name for label, name in deck_names() if label == deck.name), None)
    if bundled is not None:
        return deck_dropdown(bundled)
    return deck_dropdown(OWN_DECK, own=deck)


def resolve_deck(deck: str | Deck) -> Deck:
    """Returns `deck`, loading it first if it is a bundled deck's name."""
    return deck if isinstance(deck, Deck) else load_deck(deck)
