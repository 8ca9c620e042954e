"""The spinner and the openings it lands on (rules T1, T3).

Rules card:

- The arena has six openings, each holding one deck's stack (T1); the spinner
  has six equal sectors, one per opening (T3).
- Spinning for a mini-game, sector i is the i-th `Sector` (My Game, Head to
  Head, Shoot Out, Hi Lo, Steal a Pin, Grab 2 Pins); spinning for a deck,
  sector i is opening i.  Each sector has probability exactly 1/6 (T3).
- A spin is a chance action, `Spin`: the rules expose the `spinner`
  distribution and the driver draws from it.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from toptrumps_core.protocol import Action, Finite, Recorded, whole_number

__all__ = ["OPENINGS", "SECTORS", "SECTOR_NAMES", "SECTOR_RULES", "Sector", "Spin", "spinner"]

OPENINGS = 6
"""Openings in the card arena, and sectors on the spinner (T1, T3)."""


class Sector(Recorded, enum.Enum, wire="tournament/sector"):
    """A mini-game on the spinner, in sector order (rule T3)."""

    MY_GAME = "my_game"
    """All players, 2 pins; the active player picks the deck (T10)."""
    HEAD_TO_HEAD = "head_to_head"
    """Two players, 1 pin (T9)."""
    SHOOT_OUT = "shoot_out"
    """All players, one card each, 1 pin (T11)."""
    HI_LO = "hi_lo"
    """The active player alone, 0-2 pins (T12)."""
    STEAL_A_PIN = "steal_a_pin"
    """Take a pin from another player's track (T13)."""
    GRAB_TWO_PINS = "grab_two_pins"
    """Take 2 pins from the supply (T14)."""


SECTORS: tuple[Sector, ...] = tuple(Sector)
"""The spinner's sectors: ``Spin(i)`` for a mini-game lands on ``SECTORS[i]``."""

SECTOR_NAMES: Mapping[Sector, str] = MappingProxyType(
    {
        Sector.MY_GAME: "My Game",
        Sector.HEAD_TO_HEAD: "Head to Head",
        Sector.SHOOT_OUT: "Shoot Out",
        Sector.HI_LO: "Hi Lo",
        Sector.STEAL_A_PIN: "Steal a Pin",
        Sector.GRAB_TWO_PINS: "Grab 2 Pins",
    }
)
"""The name players use for each mini-game of the spinner (T3): the words of every view and sentence."""

SECTOR_RULES: Mapping[Sector, str] = MappingProxyType(
    {
        Sector.MY_GAME: "T10",
        Sector.HEAD_TO_HEAD: "T9",
        Sector.SHOOT_OUT: "T11",
        Sector.HI_LO: "T12",
        Sector.STEAL_A_PIN: "T13",
        Sector.GRAB_TWO_PINS: "T14",
    }
)
"""The rule ID (RULES.md) of each mini-game."""


@dataclass(frozen=True, slots=True)
class Spin(Action, wire="tournament/spin"):
    """Chance action: the spinner stopped on sector `sector` (rule T3).

    Attributes:
        sector: 0..5.  Spinning for a mini-game it means ``SECTORS[sector]``;
            spinning for a deck it means opening `sector`.
    """

    sector: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "sector", whole_number(self.sector, "a spinner sector"))


def spinner() -> Finite:
    """Returns the spinner's distribution: six sectors, each exactly 1/6 (T3).

    Example:
        >>> spinner().probability(Spin(3))
        Fraction(1, 6)
    """
    return Finite(tuple((Spin(i), Fraction(1, OPENINGS)) for i in range(OPENINGS)))
