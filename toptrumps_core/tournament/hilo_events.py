"""The events of Hi Lo (rule T12): what the row, the calls and the stack did.

Hi Lo lays three cards face down from the top of the stack, turns the first
(`HiLoLaid`, `HiLoTurned`); the active player chooses one category for the
whole mini-game (`HiLoCategoryChosen`) and calls each next card higher or
lower, judged once it is turned (`HiLoCalled`; an equal value is right).  A
card with no data is put aside and replaced (`HiLoPutAside`); when the stack
is empty the row closes up (`HiLoRowClosedUp`), and when no card is left the
mini-game ends (`HiLoStackRanOut`); `HiLoEnded` gives the pins earned.  The
rules are `toptrumps_core.tournament.hilo`; every event reads as a sentence
through `toptrumps_core.narration`.

Slots are places in the row, 0 (first) to 2 (third); cards are numbers in the
deck; categories are indices into the deck's categories.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toptrumps_core.probability import Direction
from toptrumps_core.protocol import Event

__all__ = [
    "EndReason",
    "HiLoCalled",
    "HiLoCategoryChosen",
    "HiLoEnded",
    "HiLoLaid",
    "HiLoPutAside",
    "HiLoRowClosedUp",
    "HiLoStackRanOut",
    "HiLoTurned",
]

EndReason = Literal["wrong_call", "run_complete", "stack_ran_out"]
"""Why Hi Lo ended: a wrong call, both calls right, or no card left to turn (T12)."""


@dataclass(frozen=True, slots=True)
class HiLoLaid(Event, wire="hilo/laid"):
    """Cards were taken from the top of the stack and laid face down (T12).

    Attributes:
        count: Cards laid, 3.
        stack_size: Cards left in the stack after laying them.
    """

    count: int
    stack_size: int


@dataclass(frozen=True, slots=True)
class HiLoTurned(Event, wire="hilo/turned"):
    """A card of the row was turned face up (T12).

    Attributes:
        slot: Its place in the row, 0 (first) to 2 (third).
        card: The card's number in the deck.
    """

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class HiLoPutAside(Event, wire="hilo/put_aside"):
    """A turned card had no data; it was put aside for the next card of the stack (T12).

    Attributes:
        slot: Its place in the row, 0 to 2.
        card: The card's number in the deck.
        category: The chosen category it lacks, or None for a first card with
            no data in any category.
    """

    slot: int
    card: int
    category: int | None


@dataclass(frozen=True, slots=True)
class HiLoCategoryChosen(Event, wire="hilo/category_chosen"):
    """The active player chose the category for the whole mini-game (T12).

    Attributes:
        category: Index into the deck's categories.
    """

    category: int


@dataclass(frozen=True, slots=True)
class HiLoCalled(Event, wire="hilo/called"):
    """A call was judged once its card was turned (T12; equal is right).

    Attributes:
        slot: The card called for, 1 (second) or 2 (third).
        direction: ``"higher"`` or ``"lower"``.
        right: True if the call was right.
    """

    slot: int
    direction: Direction
    right: bool


@dataclass(frozen=True, slots=True)
class HiLoStackRanOut(Event, wire="hilo/stack_ran_out"):
    """A card was needed but neither the stack nor the row had one (ruling in the module doc).

    Attributes:
        slot: The slot left without a card, 0 to 2.
    """

    slot: int


@dataclass(frozen=True, slots=True)
class HiLoRowClosedUp(Event, wire="hilo/row_closed_up"):
    """The stack was empty, so the face-down card right of `slot` moved into it (ruling).

    Attributes:
        slot: The slot filled, 0 or 1; the row now holds one card fewer.
    """

    slot: int


@dataclass(frozen=True, slots=True)
class HiLoEnded(Event, wire="hilo/ended"):
    """The mini-game is over.

    Attributes:
        pins: Pins earned by the active player, 0 to 2 (T12).
        reason: ``"wrong_call"``, ``"run_complete"`` (both calls right) or
            ``"stack_ran_out"``.
    """

    pins: int
    reason: EndReason
