"""The duel engine: loser-discards play shared by Head to Head, My Game and the Finale.

The comparison itself (best value, ties, no data, play order) is
`toptrumps_core.comparison`, told by the shared events of
`toptrumps_core.events` (`Revealed`, `Won`, `Tied`, `CardsDiscarded`,
`CardsDrawn`, `StayerDrawn`, `SeatOut`); `DuelMiniGame`
(`toptrumps_core.tournament.duel_mini_game`) runs it inside a mini-game.

Rules card (T5-T8, T10):

- The chooser names a category of their top card; every player still holding
  cards reveals their top card (in play order from the chooser, going left).
- Loser discards (T5): the single best card's owner puts it under their own
  stack and keeps it; every other revealed card is discarded face up in front
  of its owner, out of play until the mini-game ends.  The winner chooses next.
- Tournament tie (T6): if the best value is shared, or a card shows no data
  (as in C6), every revealed card is discarded and the *same* category is
  compared again on the next cards; nobody chooses.  With
  ``tie_discard="all"`` (default) everyone of the comparison compares again;
  with ``"tied_only"`` only the tied players do (a no-data tie counts every
  player as tied) and the others have discarded as losers.
- Run-out (T7): after a tie a player with no card left is out, except when
  two or more of those comparing again run out at once: each receives a new
  card from the top of the mini-game's stack and the comparison goes on.  If
  the stack has too few cards, one of them, drawn by lot, stays in (and gets
  the top card if there is one).
- Last card (T8): a chooser holding exactly one card may not name the
  category of the comparison just before.
- If the chooser is out, the next player to the left still holding cards
  chooses (T10).
- The duel ends when one player holds cards: that player wins.

Rulings where RULES.md is silent:

- T7 with an empty stack: if somebody else still holds cards, every player
  who ran out is out (nobody could stay in with a card); if nobody else
  does, the lot among them picks the winner.
- ``tie_discard="tied_only"``: when only one of the players comparing again
  still holds cards while others (the losers) do too, that player wins the
  tie without another comparison and chooses next (`TieSettled`).
- Cards a winner keeps go under their stack; cards drawn from the stack (the
  deal and T7) are recorded in the order taken, and go back under the
  arena stack in that order (T2).

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core.cards import Deck, ScenarioCards
from toptrumps_core.comparison import ChooseCategory, add_under, compare, discard, play_order
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import CardsDiscarded, CardsDrawn, Revealed, SeatOut, StayerDrawn, Tied, Won
from toptrumps_core.options import check_options
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
    check_seat,
)
from toptrumps_core.tournament.arena import TieDiscard, TournamentEnd, tie_discard_option
from toptrumps_core.tournament.dealing import deal
from toptrumps_core.tournament.spinner import OPENINGS
from toptrumps_core.tournament.view import TournamentView

__all__ = [
    "ChooserPassed",
    "DuelRules",
    "DuelState",
    "DuelStep",
    "DuelWon",
    "TieSettled",
]


# -- events of the duel alone (the comparison's are in toptrumps_core.events) --------


@dataclass(frozen=True, slots=True)
class TieSettled(Event, wire="tournament/tie_settled"):
    """Only one player comparing again still holds cards: they win the tie (ruling, T6).

    Attributes:
        seat: That player; it chooses next.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class ChooserPassed(Event, wire="tournament/chooser_passed"):
    """The chooser is out; the next player to the left holding cards chooses (T10).

    Attributes:
        seat: The new chooser.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class DuelWon(Event, wire="tournament/duel_won"):
    """One player is left holding cards and wins the duel (T9, T10, T16).

    Attributes:
        seat: The winner.
    """

    seat: Seat


# -- state -----------------------------------------------------------------------


class DuelStep(Recorded, enum.Enum, wire="tournament/duel_step"):
    """What happens next in a duel."""

    CHOOSE = "choose"
    """The chooser names a category."""
    LOT = "lot"
    """Chance: who stays in after a run-out with too few cards (T7)."""
    OVER = "over"
    """One player is left holding cards."""


@dataclass(frozen=True, slots=True)
class DuelState(Recorded, wire="tournament/duel_state"):
    """A moment of a duel; immutable.

    Attributes:
        hands: One stack per seat (of the whole table), top first; () for a
            seat that is out or not playing.
        discards: Each seat's face-up discards, oldest first.
        stack: The mini-game's stack still in the arena, top first (T7 draws).
        taken: Cards taken from the stack so far (deal and T7), in order.
        players: The seats dealt in, in seat order.
        chooser: The seat that names the next category (or named the last).
        step: What happens next.
        last_category: The category of the comparison just before (T8), or None.
        again: Seats waiting to compare again after a T7 lot.
        category: The category compared again after the T7 lot, or None.
        lot_among: The seats the T7 lot is drawn among.
        winner: The last player holding cards, once the duel is over.
        seen: Cards that have been face up.
    """

    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    stack: tuple[int, ...]
    taken: tuple[int, ...]
    players: tuple[Seat, ...]
    chooser: Seat
    step: DuelStep = DuelStep.CHOOSE
    last_category: int | None = None
    again: tuple[Seat, ...] = ()
    category: int | None = None
    lot_among: tuple[Seat, ...] = ()
    winner: Seat | None = None
    seen: frozenset[int] = frozenset()

    @property
    def holders(self) -> tuple[Seat, ...]:
        """Returns the seats still holding cards, in seat order."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand)


# -- the engine ------------------------------------------------------------------


@dataclass(frozen=True)
class DuelRules(Game[DuelState, Action, TournamentView]):
    """The duel engine (T5-T8, T10) on one deck for the seats of a table.

    Attributes:
        deck: The deck being played.
        seats: Seats at the table (2..6); seats not dealt in just hold no cards.
        tie_discard: Rule T6: ``"all"`` (default) or ``"tied_only"``.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"w": [5, 1], "x": [3, 2], "y": [1, 9], "z": [4, 4]})
        >>> rules = DuelRules(d, seats=2)
        >>> state = rules.start_from(hands=[["w", "y"], ["x"]], chooser=0)
        >>> step = rules.apply(state, ChooseCategory(0))
        >>> [type(e).__name__ for e in step.events]
        ['Revealed', 'Won', 'CardsDiscarded', 'SeatOut', 'DuelWon']
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    deck: Deck
    seats: int = 2
    tie_discard: TieDiscard = tie_discard_option()

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise RuleOptionError(f"seats must be 2 to 6; got {self.seats!r}")
        check_options(self)

    # -- starts ---------------------------------------------------------------

    def start(
        self,
        hands: Sequence[Sequence[int]],
        *,
        stack: Sequence[int] = (),
        taken: Sequence[int] = (),
        chooser: Seat,
    ) -> DuelState:
        """Returns a duel about to start: `chooser` names the first category.

        Args:
            hands: One stack per seat, top first (empty for seats not playing).
            stack: The mini-game's stack left in the arena, top first.
            taken: The cards already taken from the stack (the deal), in order.
            chooser: The first chooser; must hold cards.

        Raises:
            RuleOptionError: If the hands are not one per seat, fewer than two
                seats hold cards, or the chooser holds none.
        """
        built = tuple(tuple(h) for h in hands)
        if len(built) != self.seats:
            raise RuleOptionError(f"expected {self.seats} hands, one per seat; got {len(built)}")
        players = tuple(s for s, h in enumerate(built) if h)
        if len(players) < 2:
            raise RuleOptionError("a duel needs at least two players holding cards")
        if chooser not in players:
            raise RuleOptionError(f"the chooser must be a seat holding cards; got {chooser!r}")
        return DuelState(
            hands=built,
            discards=((),) * self.seats,
            stack=tuple(stack),
            taken=tuple(taken),
            players=players,
            chooser=chooser,
        )

    def start_from(self, *, hands: Sequence[Sequence[str]], stack: Sequence[str] = (), chooser: Seat = 0) -> DuelState:
        """Returns a scenario start from card names (tests and lessons).

        Args:
            hands: One list of card names per seat, top first.
            stack: The names of the stack left in the arena, top first.
            chooser: The first chooser.

        Raises:
            RuleOptionError: If a name is unknown or named twice, or as `start`.
        """
        named = ScenarioCards(self.deck)
        built = [named.numbers(h) for h in hands]
        rest = named.numbers(stack)
        return self.start(built, stack=rest, taken=tuple(c for h in built for c in h), chooser=chooser)

    # -- the protocol ----------------------------------------------------------

    def initial_state(self) -> DuelState:
        """Returns up to three cards each for seats 0 and 1, dealt from the deck in order."""
        each = min(3, len(self.deck.cards) // 2)
        hands, rest, taken = deal(range(len(self.deck.cards)), [0, 1], [each, each], self.seats)
        return self.start(hands, stack=rest, taken=taken, chooser=0)

    def actor(self, state: DuelState) -> Actor:
        """Returns the chooser, CHANCE (the T7 lot) or TERMINAL."""
        if state.step is DuelStep.CHOOSE:
            return state.chooser
        if state.step is DuelStep.LOT:
            return CHANCE
        return TERMINAL

    def chance(self, state: DuelState) -> Distribution:
        """Returns the T7 lot: uniform among the seats that ran out together.

        Raises:
            IllegalActionError: If no lot is pending.
        """
        if state.step is not DuelStep.LOT:
            raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")
        return Finite.uniform([Lot(seat) for seat in state.lot_among])

    def legal_actions(self, state: DuelState) -> tuple[Action, ...]:
        """Returns the categories the chooser may name (T8 removes the last one's)."""
        if state.step is not DuelStep.CHOOSE:
            return ()
        forbidden = self.forbidden_category(state)
        return tuple(ChooseCategory(c) for c in range(len(self.deck.categories)) if c != forbidden)

    def forbidden_category(self, state: DuelState) -> int | None:
        """Returns the category the chooser may not name now (last card, T8), or None."""
        if state.step is DuelStep.CHOOSE and len(state.hands[state.chooser]) == 1:
            return state.last_category
        return None

    def apply(self, state: DuelState, action: Action) -> Transition[DuelState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.step is DuelStep.LOT:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            return self._stay_in(state, action.seat)
        if state.step is DuelStep.OVER:
            raise IllegalActionError(f"the duel is over; no action is legal (got {action!r})")
        legal = self.legal_actions(state)
        if action not in legal:
            t8 = state.last_category is not None and action == ChooseCategory(state.last_category)
            why = " (last card: not the category just compared, rule T8)" if t8 else ""
            raise IllegalActionError(
                f"{action!r} is not legal for seat {state.chooser}{why}; expected one of {list(legal)!r}"
            )
        group = play_order(state.holders, state.chooser)
        assert isinstance(action, ChooseCategory)  # the check above passed
        return self._compare(state, group, action.category, state.chooser, [])

    def observe(self, state: DuelState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see: its own top card and everything face up."""
        check_seat(seat, self.seats)
        view = TournamentView(
            seat=seat,
            openings=(self.deck,) * OPENINGS,
            arena_counts=(),
            tracks=(0,) * self.seats,
            supply=0,
            pin_master=0,
            track_length=0,
            active=None,
            deck=self.deck,
            outcome=self.outcome(state),
        )
        return replace(view, **self.view_fields(state, seat))

    def view_fields(self, state: DuelState, seat: Seat) -> dict[str, Any]:
        """Returns the duel's part of a `TournamentView` for `seat`, by field name."""
        own = state.hands[seat]
        known = {c for c in own[1:] if c in state.seen}
        face_up = {c for pile in state.discards for c in pile}
        hidden = set(own[:1]) | known | face_up
        return {
            "players": state.players,
            "stack": own[:1],
            "hand_sizes": tuple(map(len, state.hands)),
            "discards": state.discards,
            "chooser": state.chooser if state.step is DuelStep.CHOOSE else None,
            "category": state.category,
            "last_category": state.last_category,
            "forbidden_category": self.forbidden_category(state),
            "unseen": tuple(c for c in range(len(self.deck.cards)) if c not in hidden),
        }

    def outcome(self, state: DuelState) -> Outcome | None:
        """Returns ``MINI_GAME_ENDED`` with the winner once the duel is over, else None."""
        if state.winner is None:
            return None
        return Outcome(TournamentEnd.MINI_GAME_ENDED, frozenset({state.winner}))

    def used_cards(self, state: DuelState) -> tuple[int, ...]:
        """Returns the cards taken from the stack, in order (they go under it, T2)."""
        return state.taken

    # -- helpers -----------------------------------------------------------------

    def _compare(
        self,
        state: DuelState,
        group: tuple[Seat, ...],
        category: int,
        chooser: Seat | None,
        events: list[Event],
    ) -> Transition[DuelState]:
        """Compares `group` in `category`, repeating after ties (T5-T7), until a decision."""
        while True:
            holders = state.holders
            if len(holders) == 1:
                return self._won(state, holders[0], events)
            if not group:  # everyone comparing again went out; the others choose (T10)
                return self._pass_choice(state, events)
            if len(group) == 1:  # ruling: the only one left comparing again wins the tie
                events.append(TieSettled(group[0]))
                return Transition(replace(state, chooser=group[0], step=DuelStep.CHOOSE), tuple(events))
            cards = tuple(state.hands[s][0] for s in group)
            hands = tuple(h[1:] if s in group else h for s, h in enumerate(state.hands))
            events.append(Revealed(chooser, category, tuple(zip(group, cards, strict=True))))
            state = replace(state, hands=hands, last_category=category, seen=state.seen | frozenset(cards))
            winner_index, best = compare(self.deck, category, cards, no_data="tie")
            if winner_index is not None:  # rule T5
                winner = group[winner_index]
                kept = cards[winner_index]
                lost = tuple((s, c) for s, c in zip(group, cards, strict=True) if s != winner)
                state = replace(
                    state,
                    hands=add_under(state.hands, winner, (kept,)),
                    discards=discard(state.discards, lost),
                    chooser=winner,
                    step=DuelStep.CHOOSE,
                )
                events += [Won(winner, category, (kept,)), CardsDiscarded(lost)]
                events += [SeatOut(s) for s in group if not state.hands[s]]
                if len(state.holders) == 1:
                    return self._won(state, winner, events)
                return Transition(state, tuple(events))
            # rule T6: a tie; every revealed card is discarded
            tied = tuple(group[i] for i in best)
            again = group if self.tie_discard == "all" or not tied else tied
            revealed = tuple(zip(group, cards, strict=True))
            state = replace(state, discards=discard(state.discards, revealed))
            events += [CardsDiscarded(revealed), Tied(category, tied, again=again)]
            events += [SeatOut(s) for s in group if s not in again and not state.hands[s]]
            ran_out = tuple(s for s in again if not state.hands[s])
            if len(ran_out) >= 2:  # rule T7
                others = [s for s in state.holders if s not in ran_out]
                if len(state.stack) >= len(ran_out):
                    drawn = tuple(zip(ran_out, state.stack, strict=False))
                    state = self._draw(state, drawn)
                    events.append(CardsDrawn(drawn))
                elif state.stack or not others:
                    lot = replace(state, step=DuelStep.LOT, lot_among=ran_out, again=again, category=category)
                    return Transition(lot, tuple(events))
                else:  # ruling: an empty stack and others holding cards: all who ran out are out
                    events += [SeatOut(s) for s in ran_out]
            else:
                events += [SeatOut(s) for s in ran_out]
            group = tuple(s for s in again if state.hands[s])
            chooser = None

    def _stay_in(self, state: DuelState, stayer: Seat) -> Transition[DuelState]:
        """Applies the T7 lot: `stayer` stays in (with the top card, if any)."""
        events: list[Event] = [StayerDrawn(stayer, state.lot_among)]
        if state.stack:
            drawn = ((stayer, state.stack[0]),)
            state = self._draw(state, drawn)
            events.append(CardsDrawn(drawn))
        events += [SeatOut(s) for s in state.lot_among if s != stayer]
        again, category = state.again, state.category
        assert category is not None  # set with the lot
        state = replace(state, step=DuelStep.CHOOSE, lot_among=(), again=(), category=None)
        if not state.holders:  # ruling: nobody holds cards; the lot picked the winner
            return self._won(state, stayer, events)
        group = tuple(s for s in again if state.hands[s])
        return self._compare(state, group, category, None, events)

    def _draw(self, state: DuelState, drawn: tuple[tuple[Seat, int], ...]) -> DuelState:
        hands = state.hands
        for seat, card in drawn:
            hands = add_under(hands, seat, (card,))
        n = len(drawn)
        return replace(state, hands=hands, stack=state.stack[n:], taken=state.taken + state.stack[:n])

    def _pass_choice(self, state: DuelState, events: list[Event]) -> Transition[DuelState]:
        """Rule T10: the next player to the left of the chooser holding cards chooses."""
        chooser = play_order(state.holders, state.chooser)[0]
        if chooser != state.chooser:
            events.append(ChooserPassed(chooser))
        return Transition(replace(state, chooser=chooser, step=DuelStep.CHOOSE), tuple(events))

    def _won(self, state: DuelState, winner: Seat, events: list[Event]) -> Transition[DuelState]:
        events.append(DuelWon(winner))
        return Transition(replace(state, step=DuelStep.OVER, winner=winner, chooser=winner), tuple(events))
