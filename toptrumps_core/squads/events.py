"""What happened in a game of Squads: events in the past tense (rules S1-S7).

While building, the events say which slot a seat picked up from or placed
into, never which card (nobody sees another's row, S3); the cards become
public with `SquadsRevealed` once every squad is built.

Rules version: 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from toptrumps_core.protocol import Event, Seat
from toptrumps_core.squads.missions import Mission

__all__ = [
    "CardPickedUp",
    "CardPlaced",
    "MissionChosen",
    "RoundScored",
    "SlotScored",
    "SquadBuilt",
    "SquadsDealt",
    "SquadsRevealed",
]


@dataclass(frozen=True, slots=True)
class SquadsDealt(Event, wire="squads/dealt"):
    """A round began: the whole deck shuffled, k cards dealt face down to each seat (S1, S6).

    Attributes:
        round: The round's number, from 1.
        maker: The round's mission maker.
        cards_each: Cards dealt to each seat (the deck's category count).
    """

    round: int
    maker: Seat
    cards_each: int


@dataclass(frozen=True, slots=True)
class MissionChosen(Event, wire="squads/mission_chosen"):
    """The mission maker set the round's mission (S2).

    Attributes:
        maker: Who chose it.
        mission: The mission.
    """

    maker: Seat
    mission: Mission


@dataclass(frozen=True, slots=True)
class CardPickedUp(Event, wire="squads/card_picked_up"):
    """A seat picked up the face-down card of `slot` and looked at it (S3)."""

    seat: Seat
    slot: int


@dataclass(frozen=True, slots=True)
class CardPlaced(Event, wire="squads/card_placed"):
    """A seat placed its card face up in `slot` (S3).

    Attributes:
        seat: Who placed it.
        slot: Where.
        displaced: True if it went on a face-down card, now in that seat's hand.
    """

    seat: Seat
    slot: int
    displaced: bool


@dataclass(frozen=True, slots=True)
class SquadBuilt(Event, wire="squads/squad_built"):
    """A seat's slots are all face up: its squad is built (S3)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class SquadsRevealed(Event, wire="squads/revealed"):
    """Every squad is built; all rows are shown (S4: only the mission slots will count).

    Attributes:
        rows: Per seat, the card in each slot.
    """

    rows: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class SlotScored(Event, wire="squads/slot_scored"):
    """One mission slot was scored (S5).

    Attributes:
        category: The slot (the category's number).
        tokens: The tokens of its role (3, 2 or 1).
        cards: ``(seat, card)`` per seat, in seat order.
        winners: The seats whose card is best or tied for best; empty when
            no card has data there.
    """

    category: int
    tokens: int
    cards: tuple[tuple[Seat, int], ...]
    winners: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event, wire="squads/round_scored"):
    """A round's tokens are counted (S5, S7).

    Attributes:
        round: The round's number.
        tokens: Tokens won this round, per seat.
        scores: Tokens in all, per seat.
    """

    round: int
    tokens: tuple[int, ...]
    scores: tuple[int, ...]
