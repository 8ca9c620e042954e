"""Head to Head: two players, one pin (rule T9).

Rules card:

- Spin for the deck (one of the six openings, each 1/6) (T9, T3).
- The active player picks an opponent (`PickOpponent`) (T9).
- Deal 3 cards each from the top of the stack, one at a time, the active
  player first (T2, T9).
- The active player chooses the first category; then the duel's rules apply:
  loser discards (T5), tournament tie (T6, option ``tie_discard``), run-out
  (T7), last card (T8).
- The one player left holding cards (either of the two) gets 1 pin (T9).
- Every card used goes under the stack (T2).

Scenario start: ``HeadToHeadRules(deck, seats=3).start_from(stack=[names],
active=0, opponent=2)`` deals from the given stack; without `opponent` the
active player picks first; ``hands=`` gives the two hands instead of dealing.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import Action, Event, Seat, Transition, whole_number
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.duel_mini_game import DuelMiniGame
from toptrumps_core.tournament.mini_game import MiniGameState, Stage
from toptrumps_core.tournament.spinner import Sector

__all__ = ["HeadToHeadRules", "OpponentPicked", "PickOpponent"]

CARDS_EACH = 3  # rule T9


@dataclass(frozen=True, slots=True)
class PickOpponent(Action, wire="head_to_head/pick_opponent"):
    """The active player picks whom to play Head to Head against (T9).

    Attributes:
        seat: The opponent's seat (not the active player's).

    Raises:
        TypeError: If `seat` is not a whole number.
    """

    seat: Seat

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", whole_number(self.seat, "an opponent's seat"))


@dataclass(frozen=True, slots=True)
class OpponentPicked(Event, wire="head_to_head/opponent_picked"):
    """The active player picked an opponent (T9).

    Attributes:
        seat: The active player.
        opponent: The seat picked.
    """

    seat: Seat
    opponent: Seat


class HeadToHeadRules(DuelMiniGame):
    """Head to Head (T9): spin the deck, pick an opponent, 3 cards each, 1 pin.

    Takes the `ArenaRules` fields (``decks``, ``seats``, ``track_length``,
    ``supply``, ``tie_discard``, ``hilo_pins``, ``pin_master``).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> from toptrumps_core.comparison import ChooseCategory
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {n: [i, 9 - i] for i, n in enumerate("abcdefgh")})
        >>> rules = HeadToHeadRules(d, seats=3)
        >>> state = rules.start_from(stack=list("hgfedcba"), active=0, opponent=2)
        >>> state.play.hands   # dealt one at a time, the active player first
        ((7, 5, 3), (), (6, 4, 2))
        >>> for _ in range(3):
        ...     state = rules.apply(state, ChooseCategory(0)).state
        >>> state.outcome.winners, state.table.pins.tracks
        (frozenset({0}), (1, 0, 0))
    """

    family = "head_to_head"
    sector = Sector.HEAD_TO_HEAD
    pins_for_win = 1

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: the deck spin is next (T9)."""
        return Transition(MiniGameState(table, Stage.SPIN_DECK), ())

    def start_from(
        self,
        *,
        stack: Sequence[str] | None = None,
        active: Seat = 0,
        opponent: Seat | None = None,
        hands: Sequence[Sequence[str]] | None = None,
        pins: Sequence[int] | None = None,
        opening: int = 0,
    ) -> MiniGameState:
        """Returns a scenario start after the deck spin (tests and lessons).

        Args:
            stack: Card names of the opening's stack, top first (None: the
                deck in file order).  With `hands`, the stack left after them.
            active: The active player.
            opponent: The opponent; None leaves the pick to the active player.
            hands: The active player's and the opponent's cards (two lists
                of names, top first) instead of dealing; needs `opponent`.
            pins: Pins on each track before the mini-game (default none).
            opening: The opening the spin landed on.

        Raises:
            RuleOptionError: If a name, seat or opening is not valid.
        """
        table = self.hands_table(active=active, pins=pins, stack=stack, opening=opening, hands=hands)
        state = MiniGameState(table, Stage.PICK_OPPONENT, opening=opening)
        if opponent is None:
            if hands is not None:
                raise RuleOptionError("hands need an opponent")
            return state
        if opponent == active or not 0 <= opponent < self.seats:
            raise RuleOptionError(f"the opponent must be another seat; got {opponent!r}")
        state = replace(state, opponent=opponent)
        if hands is None:
            return self._deal(state)[0]
        if len(hands) != 2:
            raise RuleOptionError("hands: two lists of card names, the active player's then the opponent's")
        by_seat: list[Sequence[str]] = [() for _ in range(self.seats)]
        by_seat[active], by_seat[opponent] = hands
        return self.start_with_hands(state, by_seat, chooser=active)

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns the opponents to pick from, or the duel's actions."""
        if state.stage is Stage.PICK_OPPONENT:
            active = state.table.active
            return tuple(PickOpponent(s) for s in range(self.seats) if s != active)
        return super().legal_actions(state)

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.stage is Stage.SPIN_DECK:
            state, spun = self.spin_deck(state, action)
            return Transition(replace(state, stage=Stage.PICK_OPPONENT), (spun,))
        if state.stage is Stage.PLAY:
            return self.apply_play(state, action)
        self.check_legal(state, action)
        if state.stage is not Stage.PICK_OPPONENT:  # pragma: no cover - no other stage has actions
            raise IllegalActionError(f"{action!r} is not legal now")
        assert isinstance(action, PickOpponent)  # the check above passed
        state = replace(state, opponent=action.seat)
        state, events = self._deal(state)
        return Transition(state, (OpponentPicked(state.table.active, action.seat), *events))

    def _deal(self, state: MiniGameState) -> tuple[MiniGameState, tuple[Event, ...]]:
        active, opponent = state.table.active, state.opponent
        assert opponent is not None
        state, dealt = self.start_duel(state, [active, opponent], [CARDS_EACH, CARDS_EACH], chooser=active)
        return state, (dealt,)
