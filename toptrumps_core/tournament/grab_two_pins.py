"""Grab 2 Pins: two pins from the supply (rule T14).

Rules card:

- The active player takes 2 pins from the supply and puts them on their
  track; the Pin Master hands them over (T14, T1).
- A track holds at most ``track_length`` pins (default 9): a pin that does
  not fit, or that the supply no longer has, is not taken (`PinsNotTaken`)
  (T14).
- Nobody decides anything: the mini-game is over as soon as it begins.

Scenario start: ``GrabTwoPinsRules(deck, seats=2).start_from(pins=[8, 0],
active=0)``.

Rules version: 1.
"""

from __future__ import annotations

from toptrumps_core.errors import IllegalActionError
from toptrumps_core.protocol import Action, Transition
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.mini_game import MiniGameState, PinMiniGame, Stage
from toptrumps_core.tournament.spinner import Sector

__all__ = ["PINS", "GrabTwoPinsRules"]

PINS = 2  # rule T14


class GrabTwoPinsRules(PinMiniGame):
    """Grab 2 Pins (T14): two pins from the supply, as many as fit and as it has.

    Takes the `ArenaRules` fields; its scenario start (`PinMiniGame.start_from`)
    is already over.

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {"a": [1, 2], "b": [2, 1]})
        >>> rules = GrabTwoPinsRules(d, seats=2)
        >>> rules.start_from(pins=[8, 0], active=0).table.pins.tracks   # one pin fits
        (9, 0)
    """

    family = "grab_two_pins"
    sector = Sector.GRAB_TWO_PINS

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the finished mini-game: the pins are taken at once (T14)."""
        state, events = self.finish(MiniGameState(table, Stage.PLAY), [(table.active, PINS)])
        return Transition(state, events)

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Raises IllegalActionError: nothing is left to do once Grab 2 Pins has begun."""
        raise IllegalActionError(f"Grab 2 Pins is over as soon as it begins; got {action!r}")
