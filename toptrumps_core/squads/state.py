"""A moment of Squads, one seat's view of it, and the actions (rules S1-S3, S6).

- `SquadRow`: one seat's row of slots (slot i stands for category i, S1): which
  card lies in each slot, which slots are face up, the card in hand, and the
  one empty slot while a card is in hand (S3).
- `SquadsState`: the whole table: the round, its mission maker and mission,
  every row, the tokens, and the last round's reveal (public once scored).
- `SquadsView`: what one seat may see: its own face-up cards and the card in
  hand, never a face-down card, never another seat's row while building; the
  other seats' progress as counts; the reveal of the last round.
- Actions: `ChooseMission` (the mission maker, S2), `PickUp` and `Place`
  (building, S3, submitted by every building seat at once in a
  `JointAction`).

Card numbers are positions in the deck's ``cards``; slots and categories
are positions in the deck's ``categories``.

Rules version: 1.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeAlias

from toptrumps_core.cards import Deck
from toptrumps_core.protocol import Action, EndReason, Recorded, Seat, whole_number
from toptrumps_core.squads.missions import Mission

__all__ = [
    "ChooseMission",
    "PickUp",
    "Place",
    "RoundReveal",
    "SquadRow",
    "SquadsDecision",
    "SquadsEnd",
    "SquadsPhase",
    "SquadsState",
    "SquadsView",
]


class SquadsEnd(EndReason, wire="squads/end"):
    """Why a game of Squads ended."""

    TOKENS_REACHED = "tokens_reached"
    """A round ended with someone on the tokens to win or more; the highest score wins (S7)."""


class SquadsPhase(Recorded, enum.Enum, wire="squads/phase"):
    """What the table is doing."""

    SHUFFLE = "shuffle"
    """A round is about to begin: chance shuffles the whole deck (S6)."""
    MISSION = "mission"
    """The mission maker chooses the round's mission (S2)."""
    BUILD = "build"
    """Every seat builds its squad at once (S3)."""
    OVER = "over"
    """Someone reached the tokens to win at the end of a round (S7)."""


@dataclass(frozen=True, slots=True)
class SquadRow(Recorded, wire="squads/row"):
    """One seat's row of slots (S1, S3).

    Attributes:
        cards: The card in each slot, one entry per category; None for the
            empty slot of the card in hand.
        face_up: Per slot, True once a card has been placed face up there
            (it never moves again).
        held: The card picked up and looked at, or None.
    """

    cards: tuple[int | None, ...]
    face_up: tuple[bool, ...]
    held: int | None = None

    @classmethod
    def dealt(cls, cards: tuple[int, ...]) -> SquadRow:
        """Returns a row of `cards` face down, nothing in hand (S1)."""
        return cls(cards, (False,) * len(cards))

    @property
    def is_built(self) -> bool:
        """Returns True when every slot is face up (S3: building ends)."""
        return all(self.face_up)

    @property
    def empty_slot(self) -> int | None:
        """Returns the slot the card in hand left, or None with nothing in hand."""
        return next((i for i, card in enumerate(self.cards) if card is None), None)

    @property
    def placed(self) -> int:
        """Returns how many slots are face up."""
        return sum(self.face_up)

    def face_down_slots(self) -> tuple[int, ...]:
        """Returns the slots still holding a face-down card."""
        return tuple(
            i for i, (card, up) in enumerate(zip(self.cards, self.face_up, strict=True)) if card is not None and not up
        )

    def seen(self) -> tuple[int, ...]:
        """Returns the cards this row's seat has looked at: face up, then the one in hand."""
        up = tuple(card for card, face in zip(self.cards, self.face_up, strict=True) if face and card is not None)
        return up if self.held is None else (*up, self.held)

    def all_cards(self) -> tuple[int, ...]:
        """Returns every card of the row, in hand included (for conservation checks)."""
        inside = tuple(card for card in self.cards if card is not None)
        return inside if self.held is None else (*inside, self.held)


@dataclass(frozen=True, slots=True)
class RoundReveal(Recorded, wire="squads/round_reveal"):
    """The last scored round, public to everyone (S4, S5).

    Attributes:
        round: The round's number, from 1.
        mission: Its mission.
        rows: Every seat's built row, card per slot.
        tokens: Tokens won by each seat in that round.
    """

    round: int
    mission: Mission
    rows: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SquadsState(Recorded, wire="squads/state"):
    """The whole table of a Squads game.

    Attributes:
        phase: What happens next.
        round: The round in play (1 for the first), 0 before the first shuffle.
        maker: The mission maker of the round in play, or of the first round
            before it (S2: the makers go left each round, S6).
        mission: The round's mission, None until chosen.
        rows: One row per seat; empty tuples before the deal.
        scores: Tokens per seat.
        last: The last scored round, None before the first is scored.
    """

    phase: SquadsPhase
    round: int
    maker: Seat
    mission: Mission | None
    rows: tuple[SquadRow, ...]
    scores: tuple[int, ...]
    last: RoundReveal | None = None


@dataclass(frozen=True, slots=True)
class SquadsView:
    """What one seat may see (S3: nobody sees another's row while building).

    Attributes:
        seat: The seat this view belongs to.
        deck: The deck (every card's printed values are public knowledge).
        phase: What happens next.
        round: The round in play.
        maker: The round's mission maker.
        mission: The round's mission, or None before it is chosen.
        scores: Tokens per seat.
        row: Per slot of this seat's row: the card if it lies face up, else
            None (face down, or the empty slot).
        face_up: Per slot, True once a card lies face up there.
        empty_slot: The slot the card in hand came from, or None.
        held: The card in hand (looked at), or None.
        placed: Per seat, how many of its slots are face up (counts only).
        holding: Per seat, True while it holds a card.
        last: The last scored round, public to everyone, or None.
        tokens_to_win: The tokens that end the game (S7).
    """

    seat: Seat
    deck: Deck
    phase: SquadsPhase
    round: int
    maker: Seat
    mission: Mission | None
    scores: tuple[int, ...]
    row: tuple[int | None, ...]
    face_up: tuple[bool, ...]
    empty_slot: int | None
    held: int | None
    placed: tuple[int, ...]
    holding: tuple[bool, ...]
    last: RoundReveal | None
    tokens_to_win: int

    @property
    def seen(self) -> tuple[int, ...]:
        """Returns the cards this seat has looked at this round: face up, then the one in hand."""
        up = tuple(card for card in self.row if card is not None)
        return up if self.held is None else (*up, self.held)

    @property
    def unseen(self) -> tuple[int, ...]:
        """Returns every card of the deck this seat has not looked at this round (for exact odds)."""
        seen = set(self.seen)
        return tuple(i for i in range(len(self.deck.cards)) if i not in seen)

    @property
    def face_down_slots(self) -> tuple[int, ...]:
        """Returns this seat's slots still holding a face-down card."""
        return tuple(i for i, up in enumerate(self.face_up) if not up and i != self.empty_slot)


@dataclass(frozen=True, slots=True)
class ChooseMission(Action, wire="squads/choose_mission"):
    """The mission maker sets the round's mission (S2).

    Attributes:
        mission: A prepared mission of the rules, or any mission valid for
            the deck (made in the mission editor).
    """

    mission: Mission


@dataclass(frozen=True, slots=True)
class PickUp(Action, wire="squads/pick_up"):
    """Pick up the face-down card in `slot` and look at it (S3).

    Raises:
        TypeError: If `slot` is not a whole number.
    """

    slot: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot", whole_number(self.slot, "a slot"))


@dataclass(frozen=True, slots=True)
class Place(Action, wire="squads/place"):
    """Place the card in hand face up in `slot`: the empty slot it came from, or a face-down slot (S3).

    Placing on a face-down card takes that card into hand (looked at).

    Raises:
        TypeError: If `slot` is not a whole number.
    """

    slot: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot", whole_number(self.slot, "a slot"))


SquadsDecision: TypeAlias = ChooseMission | PickUp | Place
"""A decision of Squads that ``SquadsRules.legal_actions`` lists: the mission (S2), pick up or place (S3)."""
