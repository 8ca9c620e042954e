"""The Top Trumps Tournament as a whole (rules T1-T16).

Rules card:

- Table (T1): six openings with a deck each (D5: at least 30 cards each), a
  six-sector spinner, a pin track per player (``track_length``, default 9)
  and the supply (``supply``, default 9 per player); the Pin Master (table
  setting ``pin_master``, default seat 0) hands out every pin.
- Start (T3): a lot (the spin of T3) picks who starts, uniformly among the
  players (`StarterDrawn`); that player is active (T4).
- Each turn (T3): the active player spins for the mini-game (`Spin`, six
  sectors at 1/6: My Game, Head to Head, Shoot Out, Hi Lo, Steal a Pin, Grab
  2 Pins; `MiniGameSpun`).  The mini-game is played (T9-T14); its cards go
  back under their stack (T2).  Then the turn passes left (`TurnPassed`).
  Steal a Pin with nobody to rob: the same player spins again (T13).
- T15: when a mini-game ends with a full track, the Finale begins
  (`FinaleBegan`, T16); its winner wins the tournament:
  ``Outcome(FINALE_WON, {seat})``, announced by `GameEnded`.
- A tournament can go on for a long time (pins can be stolen back and
  forth); the driver's action cap reports it UNFINISHED (C12).

Options (RULES.md names and defaults): ``tie_discard="all"`` (T6, or
``"tied_only"``), ``hilo_pins="per_call"`` (T12, or ``"complete_run"``),
``track_length=9`` (T1), ``supply=None`` (9 per player, T1).

Hi Lo (T12) is `toptrumps_core.tournament.hilo.HiLoRules`, played inside the
tournament through `HiLoGame`: spin for the deck, then Hi Lo on that
opening's stack; the active player gets the pins it earned.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`): version 2
deals the Finale in rank order (T16); version 1 as the first release did.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import GameEnded
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    Finite,
    Game,
    Lot,
    NodeKind,
    Outcome,
    Recorded,
    Seat,
    Transition,
    check_chance,
)
from toptrumps_core.tournament.arena import ArenaRules, Table
from toptrumps_core.tournament.finale import FinaleRules
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules
from toptrumps_core.tournament.hilo import HiLoRules, HiLoState
from toptrumps_core.tournament.mini_game import MiniGame, MiniGameState, Stage
from toptrumps_core.tournament.my_game import MyGameRules
from toptrumps_core.tournament.public_view import PublicView
from toptrumps_core.tournament.shoot_out import ShootOutRules
from toptrumps_core.tournament.spinner import SECTORS, Sector, Spin, spinner
from toptrumps_core.tournament.steal_a_pin import StealAPinRules
from toptrumps_core.tournament.view import TournamentView

__all__ = [
    "FINALE_CARDS",
    "FinaleBegan",
    "HiLoGame",
    "MiniGameSpun",
    "Phase",
    "StarterDrawn",
    "TournamentRules",
    "TournamentState",
    "TurnPassed",
]

FINALE_CARDS = 30
"""The fewest cards a deck in the arena may have: enough for a Finale (D5)."""


# -- events -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StarterDrawn(Event, wire="tournament/starter_drawn"):
    """The spin for who starts chose a player (T3).

    Attributes:
        seat: The first active player.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class MiniGameSpun(Event, wire="tournament/mini_game_spun"):
    """The active player spun for the mini-game (T3).

    Attributes:
        seat: The active player.
        sector: The mini-game the spinner stopped on.
    """

    seat: Seat
    sector: Sector


@dataclass(frozen=True, slots=True)
class TurnPassed(Event, wire="tournament/turn_passed"):
    """The mini-game is over and the turn passed left (T3).

    Attributes:
        seat: The new active player.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class FinaleBegan(Event, wire="tournament/finale_began"):
    """A track is full: the Finale begins (T15).

    Attributes:
        full: The seats whose track is full.
    """

    full: tuple[Seat, ...]


# -- Hi Lo inside the tournament ------------------------------------------------


class HiLoGame(MiniGame):
    """Hi Lo (T12) in the arena: spin for the deck, then `HiLoRules` on its stack.

    Hi Lo's seat 0 is the active player.  When Hi Lo is over the active player
    gets the pins it earned (``hilo_pins``) and every card it took goes under
    the stack (T2).  The view's ``hilo`` field holds Hi Lo's own `HiLoView`
    (its cards lie face up on the table, so every seat sees the same); the
    view's ``stack`` holds the face-up card the next call is judged against
    and ``unseen`` the cards not yet seen (P1).

    Takes the `ArenaRules` fields (``decks``, ``seats``, ``track_length``,
    ``supply``, ``tie_discard``, ``hilo_pins``, ``pin_master``).
    """

    family = "arena_hilo"
    sector = Sector.HI_LO

    def hilo(self, state: MiniGameState) -> HiLoRules:
        """Returns Hi Lo's rules for the deck in use."""
        assert state.opening is not None
        return HiLoRules(self.openings[state.opening], self.hilo_pins)

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: the deck spin is next (T12)."""
        return Transition(MiniGameState(table, Stage.SPIN_DECK), ())

    def start_from(
        self,
        *,
        stack: Sequence[str] | None = None,
        active: Seat = 0,
        pins: Sequence[int] | None = None,
        opening: int = 0,
    ) -> MiniGameState:
        """Returns a scenario start after the deck spin, the row laid (tests and lessons).

        Args:
            stack: Card names of the opening's stack, top first (None: the
                deck in file order).
            active: The active player.
            pins: Pins on each track before the mini-game (default none).
            opening: The opening the spin landed on.

        Raises:
            RuleOptionError: If a name, seat or opening is not valid.
        """
        table = self.scenario_table(active=active, pins=pins, stack=stack, opening=opening)
        return self._lay(MiniGameState(table, Stage.SPIN_DECK, opening=opening)).state

    def play_actor(self, state: MiniGameState) -> Actor:
        """Returns the active player while Hi Lo's seat 0 acts, else Hi Lo's actor."""
        actor = self.hilo(state).actor(state.play)
        return state.table.active if actor == 0 else actor

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns None: Hi Lo inside the tournament has no chance step after the spin."""
        return None

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns Hi Lo's legal actions (a category, then ``Call``)."""
        if state.stage is Stage.PLAY:
            return self.hilo(state).legal_actions(state.play)
        return ()

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.stage is Stage.SPIN_DECK:
            state, spun = self.spin_deck(state, action)
            step = self._lay(state)
            return Transition(step.state, (spun, *step.events))
        if state.stage is not Stage.PLAY:
            raise IllegalActionError(f"Hi Lo is over; no action is legal (got {action!r})")
        played = self.hilo(state).apply(state.play, action)
        return self._settle_if_over(replace(state, play=played.state), played.events)

    def observe(self, state: MiniGameState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see: the table and Hi Lo's face-up cards."""
        view = super().observe(state, seat)
        if not isinstance(state.play, HiLoState):
            return view
        hilo_view = self.hilo(state).observe(state.play, 0)
        counts = list(view.arena_counts)
        if state.stage is not Stage.OVER and state.opening is not None:
            counts[state.opening] = hilo_view.stack_size
        shown = tuple(c for c in hilo_view.faces if c is not None)[-1:]
        return replace(
            view,
            arena_counts=tuple(counts),
            hilo=hilo_view,
            category=hilo_view.category,
            stack=shown,
            unseen=hilo_view.unseen,
        )

    def _lay(self, state: MiniGameState) -> Transition[MiniGameState]:
        assert state.opening is not None
        step = self.hilo(state).setup(state.table.stacks[state.opening])
        return self._settle_if_over(replace(state, stage=Stage.PLAY, play=step.state), step.events)

    def _settle_if_over(self, state: MiniGameState, events: tuple[Event, ...]) -> Transition[MiniGameState]:
        hilo = self.hilo(state)
        if hilo.outcome(state.play) is None:
            return Transition(state, events)
        pins = hilo.pins(state.play)
        used = hilo.used_cards(state.play)
        returned = hilo.returned_stack(state.play)
        remaining = returned[: len(returned) - len(used)]
        final, more = self.finish(state, [(state.table.active, pins)] if pins else [], used, remaining)
        return Transition(final, events + more)


# -- the tournament -------------------------------------------------------------------


class Phase(Recorded, enum.Enum, wire="tournament/phase"):
    """Where the tournament stands."""

    START = "start"
    """Chance: the spin for who starts (T3)."""
    SPIN = "spin"
    """Chance: the active player spins for the mini-game (T3)."""
    MINI_GAME = "mini_game"
    """A mini-game is being played."""
    FINALE = "finale"
    """The Finale is being played (T16)."""
    OVER = "over"
    """The tournament has a winner."""


@dataclass(frozen=True, slots=True)
class TournamentState(Recorded, wire="tournament/state"):
    """A moment of a tournament; immutable.

    Attributes:
        table: The arena, pins and active player between mini-games; while
            one is played its own state holds the live table (see
            `TournamentRules.table`).
        phase: Where the tournament stands.
        sector: The mini-game being played, or None.
        mini: The state of the mini-game or Finale being played, or None.
        turns: Mini-games finished so far.
        outcome: The outcome once the Finale is won, else None.
        last_hilo: Hi Lo's final state when the mini-game finished last was
            Hi Lo, so its row can be shown until the next one; else None.
    """

    table: Table
    phase: Phase = Phase.START
    sector: Sector | None = None
    mini: MiniGameState | None = None
    turns: int = 0
    outcome: Outcome | None = None
    last_hilo: MiniGameState | None = None


@dataclass(frozen=True)
class TournamentRules(ArenaRules, Game[TournamentState, Action, TournamentView]):
    """The rules of a whole tournament: the arena, the seats and every T option.

    Attributes:
        decks: The deck in each of the six openings (a single deck fills all
            six); None (default) loads the bundled decks.  Each needs at
            least 30 cards (D5).
        seats: Number of players, 2..6.
        track_length: Holes per pin track (T1), default 9.
        supply: Pins in the supply at the start (T1); None (default): 9 per
            player.
        tie_discard: Rule T6: ``"all"`` (default) or ``"tied_only"``.
        hilo_pins: Rule T12: ``"per_call"`` (default) or ``"complete_run"``.
        pin_master: The Pin Master's seat (T1), default 0.
        rules_version: The version of these rules to play, one of
            `RULES_VERSIONS` (default `RULES_VERSION`, the newest); a
            record's version rebuilds the rules it was played under.
            Version 2 deals the Finale in rank order (T16), version 1 as the
            first release did.

    Raises:
        RuleOptionError: If an option is outside its range or spelling, or a
            deck has fewer than 30 cards (D5).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> from toptrumps_core.play import play
        >>> from toptrumps_core.strategies import TournamentPlayer
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {f"c{i}": [i % 7, (5 * i) % 11] for i in range(30)})
        >>> rules = TournamentRules(d, seats=3)
        >>> record = play(rules, [TournamentPlayer()] * 3, seed=4)
        >>> record.outcome.termination.name
        'FINALE_WON'
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    family: ClassVar[str] = "tournament"
    minimum_cards: ClassVar[int] = FINALE_CARDS

    @cached_property
    def games(self) -> Mapping[Sector, MiniGame]:
        """Returns the rules of each mini-game, by sector, sharing this table's options."""
        classes: dict[Sector, type[MiniGame]] = {
            Sector.MY_GAME: MyGameRules,
            Sector.HEAD_TO_HEAD: HeadToHeadRules,
            Sector.SHOOT_OUT: ShootOutRules,
            Sector.HI_LO: HiLoGame,
            Sector.STEAL_A_PIN: StealAPinRules,
            Sector.GRAB_TWO_PINS: GrabTwoPinsRules,
        }
        return {sector: self._configure(cls) for sector, cls in classes.items()}

    @cached_property
    def finale(self) -> FinaleRules:
        """Returns the rules of the Finale, sharing this table's options."""
        finale: FinaleRules = self._configure(FinaleRules)
        return finale

    def _configure(self, cls: type[Any], **version: int) -> Any:
        return cls(
            self.openings,
            self.seats,
            self.track_length,
            self.supply,
            self.tie_discard,
            self.hilo_pins,
            self.pin_master,
            self.rules_version,
        )

    # -- starts ---------------------------------------------------------------------

    def initial_state(self) -> TournamentState:
        """Returns the state before the spin for who starts (actor: CHANCE)."""
        return TournamentState(self.new_table(0))

    def start_from(
        self,
        *,
        active: Seat = 0,
        pins: Sequence[int] | None = None,
        stacks: Sequence[Sequence[str] | None] | None = None,
        sector: Sector | None = None,
        finale: bool = False,
    ) -> TournamentState:
        """Returns a scenario start (tests and lessons).

        Args:
            active: The active player.
            pins: Pins on each track (default none).
            stacks: Card names per opening, top first (None for an opening,
                or for all: file order).
            sector: A mini-game to begin at once, as if spun; None: the
                active player's spin is next.
            finale: True to begin the Finale at once (T15).

        Raises:
            RuleOptionError: If a seat, pin count or card name is not valid.
        """
        table = self.scenario_table(active=active, pins=pins, stacks=stacks)
        state = TournamentState(table, Phase.SPIN)
        if finale:
            step = self.finale.begin(table)
            return self._after(replace(state, phase=Phase.FINALE, mini=step.state), []).state
        if sector is not None:
            step = self.games[sector].begin(table)
            return self._after(replace(state, phase=Phase.MINI_GAME, sector=sector, mini=step.state), []).state
        return state

    def check_start(self, state: object) -> None:
        """Checks that `state` is a tournament state of these rules (records, `toptrumps_core.record`).

        Raises:
            RuleOptionError: If it is not; the message says what is wrong.
        """
        if not isinstance(state, TournamentState) or not isinstance(state.table, Table):
            raise RuleOptionError(f"expected a TournamentState; got {type(state).__name__}")
        table = self.table(state)
        problem = None
        if len(table.stacks) != len(self.openings) or table.pins.total != self.new_table().pins.total:
            problem = "the arena or the pins do not match the rules"
        elif len(table.pins.tracks) != self.seats or not 0 <= table.active < self.seats:
            problem = "the tracks or the active player do not match the seats"
        elif (state.mini is None) != (state.phase in (Phase.START, Phase.SPIN, Phase.OVER)):
            problem = "a mini-game state is present exactly while one is played"
        if problem is not None:
            raise RuleOptionError(f"not a valid tournament start state: {problem}")

    # -- the protocol ------------------------------------------------------------------

    def game(self, state: TournamentState) -> MiniGame:
        """Returns the rules of the mini-game or Finale being played.

        Raises:
            IllegalActionError: If none is being played.
        """
        if state.phase is Phase.FINALE:
            return self.finale
        if state.phase is Phase.MINI_GAME and state.sector is not None:
            return self.games[state.sector]
        raise IllegalActionError(f"no mini-game is being played ({state.phase.value})")

    def table(self, state: TournamentState) -> Table:
        """Returns the live table: the mini-game's while one is played."""
        return state.table if state.mini is None else state.mini.table

    def actor(self, state: TournamentState) -> Actor:
        """Returns who acts: CHANCE (spins, lots, shuffles), a seat, or TERMINAL."""
        if state.phase in (Phase.START, Phase.SPIN):
            return CHANCE
        if state.phase is Phase.OVER:
            return TERMINAL
        assert state.mini is not None
        return self.game(state).actor(state.mini)

    def chance(self, state: TournamentState) -> Distribution:
        """Returns the distribution of the pending chance action.

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.phase is Phase.START:
            return Finite.uniform([Lot(seat) for seat in range(self.seats)])
        if state.phase is Phase.SPIN:
            return spinner()
        if state.phase is Phase.OVER:
            raise IllegalActionError("the tournament is over; no chance action is pending")
        assert state.mini is not None
        return self.game(state).chance(state.mini)

    def legal_actions(self, state: TournamentState) -> tuple[Action, ...]:
        """Returns the actions open to the actor (empty at chance and terminal)."""
        if state.mini is None or state.phase is Phase.OVER:
            return ()
        return self.game(state).legal_actions(state.mini)

    def apply(self, state: TournamentState, action: Action) -> Transition[TournamentState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        phase = state.phase
        if phase is Phase.OVER:
            raise IllegalActionError(f"the tournament is over; no action is legal (got {action!r})")
        if phase is Phase.START:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            table = replace(state.table, active=action.seat)
            return Transition(replace(state, table=table, phase=Phase.SPIN), (StarterDrawn(action.seat),))
        if phase is Phase.SPIN:
            check_chance(self, state, action)
            assert isinstance(action, Spin)  # the check above passed
            sector = SECTORS[action.sector]
            step = self.games[sector].begin(state.table)
            state = replace(state, phase=Phase.MINI_GAME, sector=sector, mini=step.state)
            return self._after(state, [MiniGameSpun(state.table.active, sector), *step.events])
        assert state.mini is not None
        step = self.game(state).apply(state.mini, action)
        return self._after(replace(state, mini=step.state), list(step.events))

    def observe(self, state: TournamentState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see: its own cards, and the public table.

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        if state.mini is None:
            view = self.base_view(state.table, seat)
            stage = "spin" if state.phase is Phase.SPIN else state.phase.value
            if state.phase is Phase.START:
                view = replace(view, active=None)
        else:
            view = self.game(state).observe(state.mini, seat)
            stage = view.stage
        return replace(
            view,
            sector=state.sector,
            stage=stage,
            finale=state.phase is Phase.FINALE or (state.phase is Phase.OVER and state.outcome is not None),
            turns=state.turns,
            outcome=state.outcome,
        )

    def public_view(self, state: TournamentState) -> PublicView:
        """Returns what everyone at the table may see, a watching class included (T1-T16).

        The tracks, supply and Pin Master (T1), whose turn it is (T3, T4),
        the stage, the arena's stack sizes, hand sizes, face-up discards,
        the Finale's card counts (T16) and Hi Lo's face-up row (T12), and
        between mini-games right after Hi Lo the row it ended with.  Never a
        card in hand or a face-down card: those are in `observe` only.
        """
        view = self.observe(state, self.table(state).pins.pin_master)  # its public fields are every seat's
        ended = state.last_hilo
        last_hilo = None
        if ended is not None and ended.opening is not None and state.phase is Phase.SPIN:
            last_hilo = HiLoRules(self.openings[ended.opening], self.hilo_pins).observe(ended.play)
        return PublicView.of(view, last_hilo=last_hilo)

    def outcome(self, state: TournamentState) -> Outcome | None:
        """Returns ``Outcome(FINALE_WON, {winner})`` once the Finale is won, else None."""
        return state.outcome

    # -- helpers ------------------------------------------------------------------------

    def _after(self, state: TournamentState, events: list[Event]) -> Transition[TournamentState]:
        """Ends a finished mini-game: Finale (T15), spin again (T13) or pass the turn left (T3)."""
        mini = state.mini
        assert mini is not None
        game = self.game(state)
        outcome = game.outcome(mini)
        if outcome is None:
            return Transition(state, tuple(events))
        table = game.table(mini)
        if state.phase is Phase.FINALE:
            events.append(GameEnded(outcome))
            final = replace(state, table=table, phase=Phase.OVER, mini=None, sector=None, outcome=outcome)
            return Transition(final, tuple(events))
        if game.spin_again(mini):  # rule T13: nobody to rob
            again = replace(state, table=table, phase=Phase.SPIN, mini=None, sector=None, last_hilo=None)
            return Transition(again, tuple(events))
        ended_hilo = mini if isinstance(mini.play, HiLoState) else None
        state = replace(state, table=table, mini=None, sector=None, turns=state.turns + 1, last_hilo=ended_hilo)
        full = table.pins.full_tracks()
        if full:  # rule T15
            events.append(FinaleBegan(full))
            step = self.finale.begin(table)
            events.extend(step.events)
            return self._after(replace(state, phase=Phase.FINALE, mini=step.state), events)
        active = (table.active + 1) % self.seats  # rule T3: the turn passes left
        events.append(TurnPassed(active))
        return Transition(replace(state, table=replace(table, active=active), phase=Phase.SPIN), tuple(events))
