"""Shoot Out: all players, one card each, one pin (rule T11).

Rules card:

- Spin for the deck (T11, T3).
- Deal 1 card to each player from the top of the stack, starting with the
  active player and going left (T2, T11).
- The active player looks at their card and picks the category
  (`ChooseCategory`); everyone reveals; the best value gets 1 pin (T11).
- Tie (or no data, C6): the tied players (every player of the comparison,
  for no data) discard their card, get a new card each from the top of the
  stack, and the same category is compared again among them (T11).
- Every card used goes under the stack (T2).

Ruling where RULES.md is silent: if the stack has too few cards for every
tied player, the winner of the pin is drawn by lot among them (as in T7),
announced by `StayerDrawn`.

Scenario start: ``ShootOutRules(deck, seats=3).start_from(stack=[names],
active=0)`` deals from the given stack (the deck already spun).

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from toptrumps_core.comparison import ChooseCategory, compare, discard, play_order
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.events import CardsDiscarded, CardsDrawn, Revealed, StayerDrawn, Tied, Won
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    Finite,
    Lot,
    Recorded,
    Seat,
    Transition,
    check_chance,
)
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.dealing import deal
from toptrumps_core.tournament.mini_game import CardsDealt, MiniGame, MiniGameState, Stage
from toptrumps_core.tournament.spinner import Sector
from toptrumps_core.tournament.view import TournamentView

__all__ = ["ShootOutPlay", "ShootOutRules", "ShootOutStep"]


class ShootOutStep(Recorded, enum.Enum, wire="shoot_out/step"):
    """What happens next in a Shoot Out."""

    CHOOSE = "choose"
    """The active player picks the category."""
    LOT = "lot"
    """Chance: the stack ran short in a tie; the winner is drawn by lot."""
    OVER = "over"
    """The pin is won."""


@dataclass(frozen=True, slots=True)
class ShootOutPlay(Recorded, wire="shoot_out/play"):
    """The cards of a Shoot Out; immutable.

    Attributes:
        hands: Each seat's card as a one-card tuple, or () (one entry per seat).
        discards: Each seat's face-up discards, oldest first.
        stack: The stack left in the arena, top first.
        taken: Cards taken from the stack, in order (T2).
        contenders: The seats comparing next.
        category: The category, once picked.
        step: What happens next.
        lot_among: The seats a lot is drawn among.
        winner: The seat that won the pin, once known.
    """

    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    stack: tuple[int, ...]
    taken: tuple[int, ...]
    contenders: tuple[Seat, ...]
    category: int | None = None
    step: ShootOutStep = ShootOutStep.CHOOSE
    lot_among: tuple[Seat, ...] = ()
    winner: Seat | None = None


class ShootOutRules(MiniGame):
    """Shoot Out (T11): spin the deck, one card each, the active player picks, 1 pin.

    Takes the `ArenaRules` fields (``decks``, ``seats``, ``track_length``,
    ``supply``, ``tie_discard``, ``hilo_pins``, ``pin_master``).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"a": [1, 5], "b": [2, 5], "c": [3, 1], "d": [4, 4]})
        >>> rules = ShootOutRules(d, seats=2)
        >>> state = rules.start_from(stack=["a", "b", "c", "d"], active=0)
        >>> step = rules.apply(state, ChooseCategory(1))   # 5 = 5: a tie, new cards
        >>> [type(e).__name__ for e in step.events][:4]
        ['Revealed', 'CardsDiscarded', 'Tied', 'CardsDrawn']
        >>> step.state.outcome.winners   # then 1 against 4: seat 1's "d" wins
        frozenset({1})
    """

    family = "shoot_out"
    sector = Sector.SHOOT_OUT

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: the deck spin is next (T11)."""
        return Transition(MiniGameState(table, Stage.SPIN_DECK), ())

    def start_from(
        self,
        *,
        stack: Sequence[str] | None = None,
        active: Seat = 0,
        pins: Sequence[int] | None = None,
        opening: int = 0,
    ) -> MiniGameState:
        """Returns a scenario start after the deck spin and the deal (tests and lessons).

        Args:
            stack: Card names of the opening's stack, top first (None: the
                deck in file order).
            active: The active player; picks the category.
            pins: Pins on each track before the mini-game (default none).
            opening: The opening the spin landed on.

        Raises:
            RuleOptionError: If a name, seat or opening is not valid.
        """
        table = self.scenario_table(active=active, pins=pins, stack=stack, opening=opening)
        return self._deal(MiniGameState(table, Stage.SPIN_DECK, opening=opening))[0]

    def play_actor(self, state: MiniGameState) -> Actor:
        """Returns the active player while choosing, CHANCE for a lot, else TERMINAL."""
        play: ShootOutPlay = state.play
        if play.step is ShootOutStep.CHOOSE:
            return state.table.active
        return CHANCE if play.step is ShootOutStep.LOT else TERMINAL

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns the lot among the tied players when the stack ran short."""
        if state.stage is Stage.PLAY and state.play.step is ShootOutStep.LOT:
            return Finite.uniform([Lot(s) for s in state.play.lot_among])
        return None

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns every category while the active player picks (T11)."""
        if state.stage is Stage.PLAY and state.play.step is ShootOutStep.CHOOSE:
            assert state.opening is not None
            return tuple(ChooseCategory(c) for c in range(len(self.openings[state.opening].categories)))
        return ()

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.stage is Stage.SPIN_DECK:
            state, spun = self.spin_deck(state, action)
            state, dealt = self._deal(state)
            return Transition(state, (spun, dealt))
        if state.stage is Stage.PLAY and state.play.step is ShootOutStep.LOT:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            play = state.play
            events: list[Event] = [StayerDrawn(action.seat, play.lot_among)]
            return self._won(state, replace(play, winner=action.seat, step=ShootOutStep.OVER), events)
        self.check_legal(state, action)
        if not isinstance(action, ChooseCategory):  # pragma: no cover - only categories are legal
            raise IllegalActionError(f"{action!r} is not legal now")
        play = replace(state.play, category=action.category)
        return self._compare(state, play, state.table.active)

    def observe(self, state: MiniGameState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see: its own card and every discard."""
        view = super().observe(state, seat)
        play = state.play
        if not isinstance(play, ShootOutPlay):
            return view
        counts = list(view.arena_counts)
        if state.stage is not Stage.OVER and state.opening is not None:
            counts[state.opening] = len(play.stack)
        return replace(
            view,
            arena_counts=tuple(counts),
            players=tuple(range(self.seats)),
            stack=play.hands[seat],
            hand_sizes=tuple(map(len, play.hands)),
            discards=play.discards,
            chooser=state.table.active if play.step is ShootOutStep.CHOOSE else None,
            category=play.category,
        )

    # -- helpers -------------------------------------------------------------------

    def _deal(self, state: MiniGameState) -> tuple[MiniGameState, CardsDealt]:
        assert state.opening is not None
        order = play_order(range(self.seats), state.table.active)
        hands, rest, taken = deal(state.table.stacks[state.opening], order, [1] * self.seats, self.seats)
        play = ShootOutPlay(hands, ((),) * self.seats, rest, taken, contenders=order)
        return replace(state, stage=Stage.PLAY, play=play), CardsDealt(state.opening, (1,) * self.seats)

    def _compare(self, state: MiniGameState, play: ShootOutPlay, chooser: Seat | None) -> Transition[MiniGameState]:
        category = play.category
        assert state.opening is not None and category is not None
        deck = self.openings[state.opening]
        events: list[Event] = []
        while True:
            group = play.contenders
            cards = tuple(play.hands[s][0] for s in group)
            events.append(Revealed(chooser, category, tuple(zip(group, cards, strict=True))))
            chooser = None
            winner_index, best = compare(deck, category, cards, no_data="tie")
            if winner_index is not None:
                winner = group[winner_index]
                events.append(Won(winner, category, (cards[winner_index],)))
                return self._won(state, replace(play, winner=winner, step=ShootOutStep.OVER), events)
            tied = tuple(group[i] for i in best)
            again = tied or group  # a no-data tie: every player of the comparison again (T11)
            discarded = tuple((s, c) for s, c in zip(group, cards, strict=True) if s in again)
            hands = tuple(() if s in again else h for s, h in enumerate(play.hands))
            play = replace(play, hands=hands, discards=discard(play.discards, discarded), contenders=again)
            events += [CardsDiscarded(discarded), Tied(category, tied, again=again)]
            if len(play.stack) < len(again):  # ruling: too few cards; a lot picks the winner
                lot = replace(play, step=ShootOutStep.LOT, lot_among=again)
                return Transition(replace(state, play=lot), tuple(events))
            drawn = tuple(zip(again, play.stack, strict=False))
            got = dict(drawn)
            hands = tuple((got[s],) if s in got else h for s, h in enumerate(play.hands))
            n = len(again)
            play = replace(play, hands=hands, stack=play.stack[n:], taken=play.taken + play.stack[:n])
            events.append(CardsDrawn(drawn))

    def _won(self, state: MiniGameState, play: ShootOutPlay, events: list[Event]) -> Transition[MiniGameState]:
        assert play.winner is not None
        state = replace(state, play=play)
        final, more = self.finish(state, [(play.winner, 1)], play.taken, play.stack)
        return Transition(final, (*events, *more))
