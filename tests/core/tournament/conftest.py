"""Fixtures for the tournament tests: the `tiny` and `big` decks (rules T1-T16)."""

from __future__ import annotations

import pytest

from tests.core.tournament.tournament_helpers import make_big, make_tiny
from toptrumps_core.cards import Deck


@pytest.fixture
def tiny() -> Deck:
    """Returns the ten-card hand-checkable deck."""
    return make_tiny()


@pytest.fixture
def big() -> Deck:
    """Returns a 30-card deck fit for the arena (D5)."""
    return make_big()
