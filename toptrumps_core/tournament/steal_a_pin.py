"""Steal a Pin: one pin from another player's track (rule T13).

Rules card:

- The active player takes one pin from the track of another player of their
  choice (`Rob`) and puts it on their own track; the Pin Master hands it
  over (`PinAwarded` with ``robbed`` set) (T13, T1).
- If no other player has a pin, nobody can be robbed: the active player spins
  again for another mini-game (`NothingToSteal`) (T13).

Scenario start: ``StealAPinRules(deck, seats=3).start_from(pins=[0, 2, 1],
active=0)``.

Rules version: 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from toptrumps_core.protocol import Action, Event, Seat, Transition, whole_number
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.mini_game import MiniGameState, PinMiniGame, Stage
from toptrumps_core.tournament.spinner import Sector

__all__ = ["NothingToSteal", "Rob", "StealAPinRules"]


@dataclass(frozen=True, slots=True)
class Rob(Action, wire="steal_a_pin/rob"):
    """The active player takes a pin from seat `seat`'s track (T13).

    Attributes:
        seat: The seat robbed; another seat with at least one pin.

    Raises:
        TypeError: If `seat` is not a whole number.
    """

    seat: Seat

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", whole_number(self.seat, "the seat to rob"))


@dataclass(frozen=True, slots=True)
class NothingToSteal(Event, wire="steal_a_pin/nothing_to_steal"):
    """No other player had a pin: the active player spins again (T13).

    Attributes:
        seat: The active player.
    """

    seat: Seat


class StealAPinRules(PinMiniGame):
    """Steal a Pin (T13): take one pin from another player's track; nobody to rob, spin again.

    Takes the `ArenaRules` fields; its scenario start is `PinMiniGame.start_from`
    (no pins anywhere: nobody to rob, spin again).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {"a": [1, 2], "b": [2, 1]})
        >>> rules = StealAPinRules(d, seats=3)
        >>> state = rules.start_from(pins=[0, 2, 1], active=0)
        >>> rules.legal_actions(state)
        (Rob(seat=1), Rob(seat=2))
        >>> rules.apply(state, Rob(1)).state.table.pins.tracks
        (1, 1, 1)
        >>> rules.spin_again(rules.start_from(pins=[3, 0, 0], active=0))
        True
    """

    family = "steal_a_pin"
    sector = Sector.STEAL_A_PIN

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: whom to rob, or spin again if nobody has a pin (T13)."""
        state = MiniGameState(table, Stage.ROB)
        if self.legal_actions(state):
            return Transition(state, ())
        state, events = self.end(replace(state, spin_again=True), (), (NothingToSteal(table.active),))
        return Transition(state, events)

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns `Rob` for every other seat with at least one pin (T13)."""
        if state.stage is not Stage.ROB:
            return ()
        board, active = state.table.pins, state.table.active
        if board.is_full(active):  # no room for a stolen pin (cannot happen in a tournament, T15)
            return ()
        return tuple(Rob(s) for s in range(self.seats) if s != active and board.tracks[s] > 0)

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after the robbery and its events.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        self.check_legal(state, action)
        table = state.table
        assert isinstance(action, Rob)  # the check above passed
        board, events = table.pins.steal(table.active, action.seat)
        state = replace(state, table=replace(table, pins=board))
        state, over = self.end(state, (table.active,), events)
        return Transition(state, over)
