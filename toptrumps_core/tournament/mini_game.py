"""The frame every mini-game and the Finale play in: stages, state, shared steps and events (rules T2, T4, T9-T16).

Rules card:

- A mini-game starts from the table (`MiniGame.begin`): the active player (T4)
  spins for a deck (T9, T11, T12, T16) or picks one (T10), or picks an
  opponent (T9) or whom to rob (T13); the cards are dealt from the top of the
  opening's stack (T2, `CardsDealt`), and the mini-game's own play decides who
  acts.
- When it ends, its pins are awarded (T1, `toptrumps_core.tournament.pins`),
  every card it used, discards included, goes under its stack in the order
  it was taken from the top (T2, `CardsReturned`), and `MiniGameOver` names
  the seats given pins.  Stacks are never shuffled, except in the Finale (T16).
- A mini-game on the pin tracks alone (`PinMiniGame`: Steal a Pin, T13;
  Grab 2 Pins, T14) uses no deck.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core.errors import IllegalActionError
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    Game,
    NodeKind,
    Outcome,
    Recorded,
    Seat,
    Transition,
    check_chance,
)
from toptrumps_core.tournament.arena import ArenaRules, Table, TournamentEnd
from toptrumps_core.tournament.spinner import Sector, Spin, spinner
from toptrumps_core.tournament.view import TournamentView

__all__ = [
    "CardsDealt",
    "CardsReturned",
    "DeckSpun",
    "MiniGame",
    "MiniGameOver",
    "MiniGameState",
    "PinMiniGame",
    "Stage",
]


class Stage(Recorded, enum.Enum, wire="tournament/stage"):
    """What happens next inside a mini-game."""

    SPIN_DECK = "spin_deck"
    """Chance: the spinner picks the opening (T9, T11, T12, T16)."""
    PICK_DECK = "pick_deck"
    """The active player picks the opening (My Game, T10)."""
    PICK_OPPONENT = "pick_opponent"
    """The active player picks an opponent (Head to Head, T9)."""
    SHUFFLE = "shuffle"
    """Chance: the Finale's deck is shuffled (T16)."""
    LOT = "lot"
    """Chance: a tie for most pins is settled (Finale, T16)."""
    PLAY = "play"
    """The cards are out: the mini-game's own play state decides who acts."""
    ROB = "rob"
    """The active player picks whom to rob (Steal a Pin, T13)."""
    OVER = "over"
    """The mini-game has ended."""


@dataclass(frozen=True, slots=True)
class MiniGameState(Recorded, wire="tournament/mini_game_state"):
    """A moment of one mini-game or of the Finale; immutable.

    Attributes:
        table: The arena, pins and active player.  Pins won and cards used
            are put back on it when the mini-game ends.
        stage: What happens next.
        opening: The opening whose deck is in use, or None before it is chosen.
        opponent: Head to Head's opponent (T9), else None.
        play: The card play underway (a `DuelState`, a `ShootOutPlay` or
            Hi Lo's state), or None before the deal.
        allotment: Finale cards per seat (T16), one entry per seat; () elsewhere.
        first: The Finale's first chooser once known (T16), else None.
        spin_again: True if the mini-game could not be played and the active
            player spins again (Steal a Pin with nobody to rob, T13).
        outcome: The outcome once the mini-game is over, else None.
    """

    table: Table
    stage: Stage
    opening: int | None = None
    opponent: Seat | None = None
    play: Any = None
    allotment: tuple[int, ...] = ()
    first: Seat | None = None
    spin_again: bool = False
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class DeckSpun(Event, wire="tournament/deck_spun"):
    """The spinner chose the deck for a mini-game (T9, T11, T12, T16).

    Attributes:
        opening: The opening, 0..5.
        deck: That opening's deck name.
    """

    opening: int
    deck: str


@dataclass(frozen=True, slots=True)
class CardsDealt(Event, wire="tournament/cards_dealt"):
    """Cards were dealt from the top of an opening's stack (T2).

    Attributes:
        opening: The opening dealt from.
        counts: Cards dealt to each seat, one entry per seat (0 for seats
            not playing).
    """

    opening: int
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event, wire="tournament/cards_returned"):
    """Every card the mini-game used went under its stack (T2).

    Attributes:
        opening: The opening whose stack took them back.
        count: How many cards went under the stack.
    """

    opening: int
    count: int


@dataclass(frozen=True, slots=True)
class MiniGameOver(Event, wire="tournament/mini_game_over"):
    """A mini-game ended (T9-T14).

    Attributes:
        sector: Which mini-game.
        winners: The seats that were given pins (empty if nobody was).
    """

    sector: Sector
    winners: tuple[Seat, ...]


class MiniGame(ArenaRules, Game[MiniGameState, Action, TournamentView]):
    """The protocol of a mini-game inside the tournament, with shared steps.

    A mini-game starts from the table (`begin`), is played through the usual
    protocol (``actor``, ``legal_actions``, ``chance``, ``apply``,
    ``observe``, ``outcome``), and when it is over has put its pins on the
    tracks and its cards back under their stack (`table`).  Its outcome is
    ``TournamentEnd.MINI_GAME_ENDED`` with the seats given pins as winners
    (the Finale: ``FINALE_WON``).  Subclasses set `sector` and fill in the
    stages they use.
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    sector: ClassVar[Sector | None] = None

    # -- starts -------------------------------------------------------------

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the mini-game's first state on `table`, and the events of starting it."""
        raise NotImplementedError

    def initial_state(self) -> MiniGameState:
        """Returns the start on a fresh table with seat 0 active."""
        return self.begin(self.new_table(0)).state

    def table(self, state: MiniGameState) -> Table:
        """Returns the table; once the mini-game is over, with its pins and cards put back."""
        return state.table

    def spin_again(self, state: MiniGameState) -> bool:
        """Returns True if the mini-game could not be played: spin again (T13)."""
        return state.spin_again

    # -- the protocol -------------------------------------------------------

    def actor(self, state: MiniGameState) -> Actor:
        """Returns who acts: CHANCE (spins, shuffles, lots), a seat, or TERMINAL."""
        stage = state.stage
        if stage is Stage.OVER:
            return TERMINAL
        if stage in (Stage.SPIN_DECK, Stage.SHUFFLE, Stage.LOT):
            return CHANCE
        if stage is Stage.PLAY:
            return self.play_actor(state)
        return state.table.active

    def play_actor(self, state: MiniGameState) -> Actor:
        """Returns who acts in the PLAY stage."""
        raise NotImplementedError

    def chance(self, state: MiniGameState) -> Distribution:
        """Returns the distribution of the pending chance action.

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.stage is Stage.SPIN_DECK:
            return spinner()
        distribution = self.stage_chance(state)
        if distribution is None:
            raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")
        return distribution

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns the chance distribution of stages other than SPIN_DECK, or None."""
        return None

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns the actions open to the actor (empty at chance and terminal)."""
        return ()

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        raise NotImplementedError

    def observe(self, state: MiniGameState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see.

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        view = self.base_view(state.table, seat)
        deck = None if state.opening is None else self.openings[state.opening]
        return replace(
            view,
            sector=self.sector,
            stage=state.stage.value,
            opening=state.opening,
            deck=deck,
            opponent=state.opponent,
            allotment=state.allotment,
            outcome=state.outcome,
        )

    def outcome(self, state: MiniGameState) -> Outcome | None:
        """Returns the outcome once the mini-game is over, else None."""
        return state.outcome

    # -- shared steps -------------------------------------------------------

    def check_legal(self, state: MiniGameState, action: Action) -> None:
        """Raises IllegalActionError unless `action` is one of the legal actions now."""
        if state.stage is Stage.OVER:
            raise IllegalActionError(f"the mini-game is over; no action is legal (got {action!r})")
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalActionError(
                f"{action!r} is not legal for {self.actor(state)!r}; expected one of {list(legal)!r}"
            )

    def spin_deck(self, state: MiniGameState, action: Action) -> tuple[MiniGameState, DeckSpun]:
        """Applies the deck spin: returns the state with the opening chosen and its event."""
        check_chance(self, state, action)
        assert isinstance(action, Spin)  # the check above passed
        opening = action.sector
        return replace(state, opening=opening), DeckSpun(opening, self.openings[opening].name)

    def finish(
        self,
        state: MiniGameState,
        winners: Sequence[tuple[Seat, int]],
        used: tuple[int, ...] = (),
        remaining: tuple[int, ...] = (),
    ) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Ends the mini-game: awards pins, returns the cards (T2), sets the outcome.

        Args:
            state: The state at the end of play.
            winners: ``(seat, pins won)`` pairs, in award order.
            used: Cards taken from the opening's stack, in the order taken;
                they go under the stack (T2).
            remaining: The opening's stack still in the arena, top first;
                `used` goes under it.

        Returns:
            The final state and the events (pins, cards returned, mini-game over).
        """
        table = state.table
        events: list[Event] = []
        board = table.pins
        given: list[Seat] = []
        for seat, count in winners:
            before = board.tracks[seat]
            board, pin_events = board.award(seat, count)
            events.extend(pin_events)
            if board.tracks[seat] > before:
                given.append(seat)
        stacks = table.stacks
        if state.opening is not None and used:
            stacks = tuple(remaining + used if i == state.opening else s for i, s in enumerate(stacks))
            events.append(CardsReturned(state.opening, len(used)))
        table = replace(table, stacks=stacks, pins=board)
        return self.end(replace(state, table=table), tuple(given), tuple(events))

    def end(
        self, state: MiniGameState, winners: tuple[Seat, ...], events: tuple[Event, ...]
    ) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Returns the state marked over with `winners`, and the events plus `MiniGameOver`."""
        outcome = Outcome(TournamentEnd.MINI_GAME_ENDED, frozenset(winners))
        sector = self.sector
        over: tuple[Event, ...] = () if sector is None else (MiniGameOver(sector, winners),)
        return replace(state, stage=Stage.OVER, outcome=outcome), events + over


class PinMiniGame(MiniGame):
    """A mini-game played on the pin tracks alone: Steal a Pin (T13), Grab 2 Pins (T14).

    No deck is used and no card is dealt, so a scenario starts from the pins
    on the tracks and the active player alone.
    """

    def start_from(self, *, pins: Sequence[int] | None = None, active: Seat = 0) -> MiniGameState:
        """Returns the mini-game begun on a scenario table (tests and lessons).

        Args:
            pins: Pins on each track before (default none).
            active: The active player.

        Raises:
            RuleOptionError: If a seat or pin count is not valid.
        """
        return self.begin(self.scenario_table(active=active, pins=pins)).state
