"""Events: what happened, as frozen dataclasses named in the past tense.

Actions are the inputs that decide a game; events are the narration that
widgets, transcripts, statistics and lessons read.  Card numbers are indices
into the deck's ``cards``; seats are 0..n-1; categories are indices into the
deck's ``categories``.  Every event is JSON-serialisable by
`toptrumps_core.record`.
"""

from __future__ import annotations

from dataclasses import dataclass

from toptrumps_core.protocol import Event, Outcome, Seat

__all__ = [
    "ChooserDrawn",
    "Dealt",
    "GameEnded",
    "PotCollected",
    "Revealed",
    "SeatOut",
    "Tied",
    "Won",
]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The shuffled deck was dealt (rule C2).

    Attributes:
        stack_sizes: Cards dealt to each seat, one entry per seat.
        set_aside: Cards set aside undealt (``leftover="set_aside"``), >= 0.
    """

    stack_sizes: tuple[int, ...]
    set_aside: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Everyone in the comparison turned their top card (rule C4).

    Attributes:
        chooser: The seat that named the category.
        category: Index of the category compared.
        cards: ``(seat, card)`` pairs in play order, starting at the chooser
            and going left.
    """

    chooser: Seat
    category: int
    cards: tuple[tuple[Seat, int], ...]


@dataclass(frozen=True, slots=True)
class Won(Event):
    """One seat had the single best value and collected the cards (rules C4, C9).

    Attributes:
        seat: The winning seat; it chooses next.
        category: Index of the category compared.
        cards: The revealed cards collected, in the fixed collect order of
            rule C4: the winner's own card, then the others' going left from
            the winner (not counting the pot; see `PotCollected`).  That is
            the order they go under the winner's stack with
            ``collect_order="fixed"``; with ``"shuffled"`` a `Shuffle` of these
            cards and then the pot's decides the order instead.
    """

    seat: Seat
    category: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tied(Event):
    """The best value was shared, or a card had no data: cards to the pot (C5, C6).

    Attributes:
        category: Index of the category compared.
        seats: The seats that shared the best value; empty when no data
            caused the tie (rule C6, ``no_data="tie"``).
        pot_size: Cards in the pot after this tie.
    """

    category: int
    seats: tuple[Seat, ...]
    pot_size: int


@dataclass(frozen=True, slots=True)
class PotCollected(Event):
    """A seat took the pot (rules C4, C7).

    Attributes:
        seat: Who took it.
        cards: The pot's cards in the order they were added.
    """

    seat: Seat
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatOut(Event):
    """A seat ran out of cards and is out of the game (rule C7).

    Attributes:
        seat: The seat that is out.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class ChooserDrawn(Event):
    """The chooser ran out in a tie; the next chooser was drawn by lot (rule C8).

    Attributes:
        seat: The new chooser.
        among: The seats the lot was drawn among.
    """

    seat: Seat
    among: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over.

    Attributes:
        outcome: Why it ended and who won.
    """

    outcome: Outcome
