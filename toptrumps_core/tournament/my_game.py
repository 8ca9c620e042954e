"""My Game: all players, two pins (rule T10).

Rules card:

- The active player picks the deck (`PickDeck`, any of the six openings; no
  spin) (T10).
- Deal 3 cards to every player from the top of the stack, one at a time,
  starting with the active player and going left (T2, T10).
- The active player chooses the first category; then the duel's rules apply:
  loser discards (T5), tournament tie (T6, option ``tie_discard``), run-out
  (T7), last card (T8).  If the chooser is out, the next player to the left
  still holding cards chooses (T10).
- The one player left holding cards gets 2 pins (T10).
- Every card used goes under the stack (T2).

Scenario start: ``MyGameRules(deck, seats=3).start_from(stack=[names],
active=1)`` deals from the given stack (the deck already picked);
``hands=`` gives every seat's hand instead.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from toptrumps_core.comparison import play_order
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import Action, Event, Seat, Transition, whole_number
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.duel_mini_game import DuelMiniGame
from toptrumps_core.tournament.mini_game import MiniGameState, Stage
from toptrumps_core.tournament.spinner import OPENINGS, Sector

__all__ = ["DeckPicked", "MyGameRules", "PickDeck"]

CARDS_EACH = 3  # rule T10


@dataclass(frozen=True, slots=True)
class PickDeck(Action, wire="my_game/pick_deck"):
    """The active player picks the deck for My Game (T10).

    Attributes:
        opening: The opening, 0..5.

    Raises:
        TypeError: If `opening` is not a whole number.
    """

    opening: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "opening", whole_number(self.opening, "an opening"))


@dataclass(frozen=True, slots=True)
class DeckPicked(Event, wire="my_game/deck_picked"):
    """The active player picked the deck (T10).

    Attributes:
        seat: The active player.
        opening: The opening picked.
        deck: Its deck's name.
    """

    seat: Seat
    opening: int
    deck: str


class MyGameRules(DuelMiniGame):
    """My Game (T10): the active player picks the deck, 3 cards to everyone, 2 pins.

    Takes the `ArenaRules` fields (``decks``, ``seats``, ``track_length``,
    ``supply``, ``tie_discard``, ``hilo_pins``, ``pin_master``).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> from toptrumps_core.comparison import ChooseCategory
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {n: [i, 9 - i] for i, n in enumerate("abcdefghij")})
        >>> rules = MyGameRules(d, seats=3)
        >>> state = rules.start_from(stack=list("jihgfedcba"), active=1)
        >>> state.play.hands   # one at a time from the active player, going left
        ((7, 4, 1), (9, 6, 3), (8, 5, 2))
        >>> for _ in range(3):
        ...     state = rules.apply(state, ChooseCategory(0)).state
        >>> state.outcome.winners, state.table.pins.tracks
        (frozenset({1}), (0, 2, 0))
    """

    family = "my_game"
    sector = Sector.MY_GAME
    pins_for_win = 2

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: the active player picks the deck (T10)."""
        return Transition(MiniGameState(table, Stage.PICK_DECK), ())

    def start_from(
        self,
        *,
        stack: Sequence[str] | None = None,
        active: Seat = 0,
        hands: Sequence[Sequence[str]] | None = None,
        pins: Sequence[int] | None = None,
        opening: int = 0,
    ) -> MiniGameState:
        """Returns a scenario start with the deck picked (tests and lessons).

        Args:
            stack: Card names of the opening's stack, top first (None: the
                deck in file order).  With `hands`, the stack left after them.
            active: The active player; chooses first.
            hands: Every seat's cards (one list of names per seat, top
                first) instead of dealing.
            pins: Pins on each track before the mini-game (default none).
            opening: The opening picked.

        Raises:
            RuleOptionError: If a name, seat or opening is not valid.
        """
        if hands is not None and len(hands) != self.seats:
            raise RuleOptionError(f"hands: one list of card names per seat ({self.seats}); got {len(hands)}")
        table = self.hands_table(active=active, pins=pins, stack=stack, opening=opening, hands=hands)
        state = MiniGameState(table, Stage.PICK_DECK, opening=opening)
        if hands is None:
            return self._deal(state)[0]
        return self.start_with_hands(state, hands, chooser=active)

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns the six openings to pick from, or the duel's actions."""
        if state.stage is Stage.PICK_DECK:
            return tuple(PickDeck(o) for o in range(OPENINGS))
        return super().legal_actions(state)

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.stage is Stage.PLAY:
            return self.apply_play(state, action)
        self.check_legal(state, action)
        if state.stage is not Stage.PICK_DECK:  # pragma: no cover - no other stage has actions
            raise IllegalActionError(f"{action!r} is not legal now")
        assert isinstance(action, PickDeck)  # the check above passed
        state = replace(state, opening=action.opening)
        picked = DeckPicked(state.table.active, action.opening, self.openings[action.opening].name)
        state, events = self._deal(state)
        return Transition(state, (picked, *events))

    def _deal(self, state: MiniGameState) -> tuple[MiniGameState, tuple[Event, ...]]:
        order = play_order(range(self.seats), state.table.active)
        state, dealt = self.start_duel(state, order, [CARDS_EACH] * self.seats, chooser=state.table.active)
        return state, (dealt,)
