"""The Finale: the last duel of the tournament (rules T15, T16).

Rules card:

- When a track is full (``track_length`` pins, default 9), the current
  mini-game ends normally and the Finale begins (T15; see
  `toptrumps_core.tournament.game`).
- Every player with pins takes part; a player with no pin is out (T16).
- Spin for the deck, then shuffle it (the only shuffle of the tournament,
  T2, T16).
- Each player gets as many cards as they have pins.  If more than 30 pins are
  in play, players are ranked by pins and get 6, 5, 4, 3, 2, 1 cards by rank;
  tied players share the better rank's count and the next rank is skipped
  (pins ranked 1, 2, 2, 4 get 6, 5, 5, 3 cards) (T16, `finale_allotment`).
- The player with the most pins chooses first; a tie for most is settled by
  a lot among them (the spin of T16) (T16).
- The duel's rules apply (T5-T8, T10); the last player holding cards wins the
  tournament: ``Outcome(FINALE_WON, {seat})`` (T16).

- Dealing: each player receives their whole count in rank order, most pins
  first (equal pins: in play order from the first chooser), so the leader
  always gets their full count; if the deck runs out (six players on 9, 8,
  8, 8, 8, 8 pins ask for 31 of 30 cards), the last player dealt gets fewer
  (`CardsDealt` gives what each player actually got) (T16, `deal_order`).
- If only one player has pins, they win the Finale without play
  (`FinaleUncontested`) (T16).

Rules version 2 (the default, ``rules_version=2``, as for the whole arena:
`toptrumps_core.tournament.arena.RULES_VERSION`).  Version 1, which
records saved by the first release name, dealt one card at a time instead,
starting with the first chooser and going left, each player until they had
their count, and stopped when the deck was used up, so with shared ranks a
player other than the last dealt could come up short.

Scenario start: ``FinaleRules(deck, seats=3).start_from(pins=[9, 4, 0],
stack=[names])`` (the stack as the shuffle left it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from toptrumps_core.comparison import play_order
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import (
    Action,
    Distribution,
    Event,
    Finite,
    Lot,
    Outcome,
    Seat,
    Shuffle,
    Transition,
    UniformPermutation,
    check_chance,
)
from toptrumps_core.tournament.arena import Table, TournamentEnd
from toptrumps_core.tournament.duel import DuelState
from toptrumps_core.tournament.duel_mini_game import DuelMiniGame
from toptrumps_core.tournament.mini_game import MiniGameState, Stage

__all__ = [
    "PIN_LIMIT",
    "RANK_CARDS",
    "DeckShuffled",
    "FinaleCardsAllotted",
    "FinaleRules",
    "FinaleUncontested",
    "FinaleWon",
    "FirstChooserDrawn",
    "deal_order",
    "finale_allotment",
]

PIN_LIMIT = 30
"""With more than this many pins in play, cards go by rank (T16)."""
RANK_CARDS = (6, 5, 4, 3, 2, 1)
"""Cards for ranks 1 to 6 when more than `PIN_LIMIT` pins are in play (T16)."""


def finale_allotment(tracks: Sequence[int]) -> tuple[int, ...]:
    """Returns the Finale cards of each seat from the pins on its track (T16).

    Up to 30 pins in play: one card per pin.  More: 6, 5, 4, 3, 2, 1 cards by
    rank among the players with pins, tied players sharing the better rank's
    count and the next rank skipped.  A player with no pin gets none.

    Args:
        tracks: Pins on each seat's track, one entry per seat.

    Returns:
        Cards per seat, one entry per seat.

    Example:
        >>> finale_allotment([9, 5, 0])
        (9, 5, 0)
        >>> finale_allotment([9, 8, 8, 7])   # 32 pins: ranks 1, 2, 2, 4
        (6, 5, 5, 3)
    """
    if sum(tracks) <= PIN_LIMIT:
        return tuple(tracks)
    out = []
    for pins in tracks:
        rank = sum(1 for other in tracks if other > pins)  # 0-based, shared ranks skip the next
        out.append(RANK_CARDS[rank] if pins and rank < len(RANK_CARDS) else 0)
    return tuple(out)


def deal_order(tracks: Sequence[int], first: Seat) -> tuple[Seat, ...]:
    """Returns the players with pins in the order the Finale deals to them (T16).

    Rank order, most pins first; players with equal pins in play order from
    the first chooser (who has the most pins, so is dealt first).

    Args:
        tracks: Pins on each seat's track, one entry per seat.
        first: The first chooser, a seat with the most pins.

    Example:
        >>> deal_order([8, 8, 9, 8, 0, 8], first=2)
        (2, 3, 5, 0, 1)
    """
    players = [s for s, pins in enumerate(tracks) if pins]
    return tuple(sorted(play_order(players, first), key=lambda seat: -tracks[seat]))


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event, wire="finale/deck_shuffled"):
    """The Finale's deck was shuffled (T16).

    Attributes:
        opening: The opening whose stack was shuffled.
    """

    opening: int


@dataclass(frozen=True, slots=True)
class FinaleCardsAllotted(Event, wire="finale/cards_allotted"):
    """Each player's Finale cards were counted from their pins (T16).

    Attributes:
        cards: Cards per seat, one entry per seat (0: out of the Finale).
        pins_in_play: Pins on all tracks.
        by_rank: True if more than 30 pins were in play (cards by rank).
    """

    cards: tuple[int, ...]
    pins_in_play: int
    by_rank: bool


@dataclass(frozen=True, slots=True)
class FirstChooserDrawn(Event, wire="finale/first_chooser_drawn"):
    """Two or more players shared the most pins; a lot chose who goes first (T16).

    Attributes:
        seat: The first chooser.
        among: The seats sharing the most pins.
    """

    seat: Seat
    among: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class FinaleUncontested(Event, wire="finale/uncontested"):
    """Only one player had pins: they win the Finale without play (ruling, T16).

    Attributes:
        seat: The winner.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class FinaleWon(Event, wire="finale/won"):
    """The last player holding cards won the Finale and the tournament (T16).

    Attributes:
        seat: The winner.
    """

    seat: Seat


class FinaleRules(DuelMiniGame):
    """The Finale (T16): spin and shuffle a deck, cards by pins, duel to the last player.

    Takes the `ArenaRules` fields (``decks``, ``seats``, ``track_length``,
    ``supply``, ``tie_discard``, ``hilo_pins``, ``pin_master``,
    ``rules_version``).  Its outcome is ``Outcome(FINALE_WON, {winner})``.

    Attributes:
        rules_version: 2 (default): each player's whole count in rank order
            (T16); 1: one card at a time going left from the first chooser,
            as the first release dealt (see the module docstring).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> from toptrumps_core.comparison import ChooseCategory
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {n: [i, 9 - i] for i, n in enumerate("abcdefgh")})
        >>> rules = FinaleRules(d, seats=3)
        >>> state = rules.start_from(pins=[1, 2, 0], stack=list("abcdefgh"))
        >>> state.allotment, state.first, state.play.hands   # seat 1 has most pins: dealt first
        ((1, 2, 0), 1, ((2,), (0, 1), ()))
        >>> state = rules.apply(state, ChooseCategory(1)).state   # 9 beats 7: seat 0 is out
        >>> state.outcome
        Outcome(termination=<TournamentEnd.FINALE_WON: 'finale_won'>, winners=frozenset({1}))
    """

    family = "finale"
    sector = None

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the start: the deck spin, or the end if fewer than two have pins."""
        state = MiniGameState(table, Stage.SPIN_DECK)
        players = [s for s, n in enumerate(table.pins.tracks) if n]
        if len(players) < 2:
            if not players:
                raise RuleOptionError("the Finale needs at least one player with pins (T16)")
            return Transition(self._won(state, players[0]), (FinaleUncontested(players[0]), FinaleWon(players[0])))
        return Transition(state, ())

    def initial_state(self) -> MiniGameState:
        """Returns a standalone Finale: every track as full as the supply allows, seat 0 first."""
        board = self.new_table().pins
        each = min(self.track_length, board.supply // self.seats)
        return self.begin(self.scenario_table(pins=[each] * self.seats)).state

    def start_from(
        self,
        *,
        pins: Sequence[int],
        stack: Sequence[str] | None = None,
        opening: int = 0,
        first: Seat | None = None,
    ) -> MiniGameState:
        """Returns a scenario start after the spin and the shuffle (tests and lessons).

        Args:
            pins: Pins on each track, one entry per seat.
            stack: Card names of the opening's stack as shuffled, top first
                (None: the deck in file order).
            opening: The opening the spin landed on.
            first: The first chooser when several share the most pins (the
                lot's result); None leaves the lot to chance.

        Raises:
            RuleOptionError: If a name, seat or opening is not valid, or the
                stack is too short for the cards.
        """
        table = self.scenario_table(pins=pins, stack=stack, opening=opening)
        start = self.begin(table).state
        if start.stage is Stage.OVER:
            return start
        state, _ = self._allot(replace(start, opening=opening))
        if first is not None and state.stage is Stage.LOT:
            if first not in self._leaders(state.table):
                raise RuleOptionError(f"the first chooser must share the most pins; got {first!r}")
            state, _ = self._deal(replace(state, first=first))
        return state

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns the shuffle, the lot among the leaders, or the duel's T7 lot."""
        if state.stage is Stage.SHUFFLE:
            assert state.opening is not None
            return UniformPermutation(len(state.table.stacks[state.opening]))
        if state.stage is Stage.LOT:
            return Finite.uniform([Lot(s) for s in self._leaders(state.table)])
        return super().stage_chance(state)

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        stage = state.stage
        if stage is Stage.SPIN_DECK:
            state, spun = self.spin_deck(state, action)
            return Transition(replace(state, stage=Stage.SHUFFLE), (spun,))
        if stage is Stage.SHUFFLE:
            check_chance(self, state, action)
            opening = state.opening
            assert opening is not None and isinstance(action, Shuffle)
            stack = state.table.stacks[opening]
            shuffled = tuple(stack[i] for i in action.order)
            stacks = tuple(shuffled if i == opening else s for i, s in enumerate(state.table.stacks))
            state = replace(state, table=replace(state.table, stacks=stacks))
            state, events = self._allot(state)
            return Transition(state, (DeckShuffled(opening), *events))
        if stage is Stage.LOT:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            drawn = FirstChooserDrawn(action.seat, self._leaders(state.table))
            state, events = self._deal(replace(state, first=action.seat))
            return Transition(state, (drawn, *events))
        if stage is Stage.PLAY:
            return self.apply_play(state, action)
        raise IllegalActionError(f"the Finale is over; no action is legal (got {action!r})")

    def settle(self, state: MiniGameState, play: DuelState) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Ends the Finale: the cards go back (T2) and the last player holding cards wins (T16)."""
        assert play.winner is not None
        final, events = self.finish(state, [], play.taken, play.stack)
        return self._won(final, play.winner), (*events, FinaleWon(play.winner))

    # -- helpers ---------------------------------------------------------------------

    def _leaders(self, table: Table) -> tuple[Seat, ...]:
        tracks = table.pins.tracks
        return tuple(s for s, n in enumerate(tracks) if n == max(tracks))

    def _allot(self, state: MiniGameState) -> tuple[MiniGameState, tuple[Event, ...]]:
        tracks = state.table.pins.tracks
        allotment = finale_allotment(tracks)
        allotted = FinaleCardsAllotted(allotment, sum(tracks), sum(tracks) > PIN_LIMIT)
        state = replace(state, allotment=allotment)
        leaders = self._leaders(state.table)
        if len(leaders) > 1:
            return replace(state, stage=Stage.LOT), (allotted,)
        state, events = self._deal(replace(state, first=leaders[0]))
        return state, (allotted, *events)

    def _deal(self, state: MiniGameState) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Deals the Finale cards (T16): whole counts in rank order, or round the table in version 1."""
        assert state.first is not None
        if self.rules_version >= 2:
            order = deal_order(state.table.pins.tracks, state.first)
        else:
            order = play_order([s for s, n in enumerate(state.allotment) if n], state.first)
        counts = [state.allotment[s] for s in order]
        in_turn = self.rules_version >= 2
        state, dealt = self.start_duel(state, order, counts, chooser=state.first, short=True, in_turn=in_turn)
        return state, (dealt,)

    def _won(self, state: MiniGameState, winner: Seat) -> MiniGameState:
        return replace(state, stage=Stage.OVER, outcome=Outcome(TournamentEnd.FINALE_WON, frozenset({winner})))
