"""Classic Top Trumps (rules C1-C12).

Rules card:

- 2 to 6 seats (C1); the shuffled deck is dealt one card at a time from seat 0
  (left of the dealer, who sits in the last seat) until it is used up
  (``leftover="deal_all"``) or into equal stacks with the rest set aside
  (``leftover="set_aside"``) (C2).  Seat 0 chooses first (C3).
- The chooser names a category of their top card; everyone still in reveals
  their top card; the single best value wins every revealed card and the pot,
  which go under the winner's stack: own card, then the others' going left
  from the winner, then the pot in the order it was built
  (``collect_order="fixed"``), or shuffled (``"shuffled"``) (C4).
- A shared best value is a tie: every revealed card goes to the pot (in play
  order, starting at the chooser) and the same chooser picks again (C5).  A
  card with no data makes the comparison a tie (``no_data="tie"``), or cannot
  win while the rest compare normally (``no_data="loses"``) (C6).
- A seat with no cards is out; the last seat holding cards takes the pot and
  wins; a tie that leaves nobody holding cards is a draw among that
  comparison's players (C7).  A chooser who runs out in a tie while two or
  more others hold cards is replaced by lot (C8).  The winner chooses next (C9).
- ``look_at_last=N``: a seat holding N cards or fewer (and more than one)
  looks at all of them and picks which to play; the chooser picks a card, then
  the category; the others then pick theirs in turn going left (C10).
- ``round_limit=N``: after N comparisons the most cards wins, equal most draws
  (C11).  The driver's action cap reports a game that cycles as UNFINISHED
  (C12; see `toptrumps_core.play`).

The comparison itself (the best value by the category's direction, the C6
option, play order, the C4 collect order) is `toptrumps_core.comparison`,
shared with the tournament; its events are `toptrumps_core.events`.

Cards are numbered by their index in the deck; a stack is a tuple of card
numbers, top first.

Rules version: 1.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar, Literal

from toptrumps_core.cards import Card, Deck
from toptrumps_core.comparison import (
    ChooseCategory,
    NoData,
    add_under,
    best_of,
    category_ranks,
    collect_order,
    compare,
    play_order,
)
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import (
    ChooserDrawn,
    Dealt,
    GameEnded,
    PotCollected,
    Revealed,
    SeatOut,
    Tied,
    Won,
)
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    Finite,
    Lot,
    Outcome,
    Recorded,
    ScenarioCards,
    Seat,
    Shuffle,
    Termination,
    Transition,
    UniformPermutation,
    check_chance,
    check_seat,
    whole_number,
)
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version, register_family

__all__ = [
    "ChooseCategory",
    "ClassicRules",
    "ClassicState",
    "ClassicView",
    "PickCard",
    "compare",
]

RULES_VERSION = 1
MIN_SEATS, MAX_SEATS = 2, 6  # rule C1
SIMULATION_MAX_SEATS = 12  # rule C1: "simulations may allow more"

Leftover = Literal["deal_all", "set_aside"]
CollectOrder = Literal["fixed", "shuffled"]


@dataclass(frozen=True, slots=True)
class PickCard(Action):
    """Move card `index` of one's own stack to the top before revealing (C10).

    Attributes:
        index: Position in the acting seat's stack, 0 = top.

    Raises:
        TypeError: If `index` is not a whole number.
    """

    index: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", whole_number(self.index, "a card position"))


class _Step(Recorded, enum.Enum):
    DEAL = "deal"  # chance: the shuffle
    CHOOSE = "choose"  # the chooser picks a card (C10) or a category
    PICK = "pick"  # seats after the chooser pick their card (C10)
    COLLECT = "collect"  # chance: order of the won cards (collect_order="shuffled")
    LOT = "lot"  # chance: the next chooser (C8)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class ClassicState(Recorded):
    """A moment of a classic game; immutable.

    Attributes:
        stacks: One tuple of card numbers per seat, top first; () when out.
        pot: Cards in the pot, in the order they were added (rule C5).
        set_aside: Cards dealt to nobody (``leftover="set_aside"``).
        chooser: The seat naming the next category.
        step: What happens next (internal).
        category: The category named for the comparison underway, or None
            before it is named.
        chooser_picked: True once the chooser made their C10 pick.
        pickers: Seats still to pick a card after hearing the category (C10).
        pending: Won cards waiting for their shuffle, winner is `chooser`.
        lot_among: Seats the next chooser is drawn among (C8).
        comparisons: Comparisons made so far (C11).
        revealed: Card numbers that have been face up at least once.
        outcome: The outcome once the game is over, else None.
        last_players: Seats of the latest comparison (for C7's draw).
    """

    stacks: tuple[tuple[int, ...], ...]
    pot: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    chooser: Seat = 0
    step: _Step = _Step.DEAL
    category: int | None = None
    chooser_picked: bool = False
    pickers: tuple[Seat, ...] = ()
    pending: tuple[int, ...] = ()
    lot_among: tuple[Seat, ...] = ()
    comparisons: int = 0
    revealed: frozenset[int] = frozenset()
    outcome: Outcome | None = None
    last_players: tuple[Seat, ...] = ()

    @property
    def in_play(self) -> tuple[Seat, ...]:
        """Returns the seats still holding cards, in seat order."""
        return tuple(seat for seat, stack in enumerate(self.stacks) if stack)

    def card_count(self) -> int:
        """Returns every card accounted for: stacks + pot + set aside + pending."""
        return sum(map(len, self.stacks)) + len(self.pot) + len(self.set_aside) + len(self.pending)


@dataclass(frozen=True, slots=True)
class ClassicView:
    """What one seat may see: its own top card (every card under C10) and what lies face up.

    Strategies and the probability lens get only this, never the state, so
    a computer player cannot peek at a card its seat has not seen.

    Attributes:
        seat: The seat this view belongs to.
        deck: The deck in play (public: every player knows the deck).
        stack: The seat's own cards that it may look at, top first: only the
            top card, or every card under ``look_at_last`` (C10); () when out.
        stack_sizes: Cards held by each seat, one entry per seat.
        pot: The pot's cards (they were revealed face up), oldest first.
        set_aside_count: How many cards were set aside, unseen by all.
        chooser: The seat naming the category.
        category: The category named for the comparison underway, else None.
        known_own: Cards this seat knows are in its own stack (it saw them
            revealed and collected them), top card excluded.
        unseen: Cards that could be another seat's top card, from this seat's
            knowledge: every card except its own top card, the cards it knows
            it holds, and the pot.  Strategies and the probability lens treat
            the other seats' top cards as drawn from these without
            replacement (rule P3).
        comparisons: Comparisons made so far.
        outcome: The outcome if the game is over, else None.
    """

    seat: Seat
    deck: Deck = field(repr=False)
    stack: tuple[int, ...]
    stack_sizes: tuple[int, ...]
    pot: tuple[int, ...]
    set_aside_count: int
    chooser: Seat
    category: int | None
    known_own: frozenset[int]
    unseen: tuple[int, ...]
    comparisons: int
    outcome: Outcome | None

    @property
    def top_card(self) -> Card | None:
        """Returns this seat's top card, or None when it is out."""
        return self.deck.cards[self.stack[0]] if self.stack else None

    @property
    def opponents(self) -> int:
        """Returns how many other seats still hold cards."""
        return sum(1 for s, n in enumerate(self.stack_sizes) if n and s != self.seat)


@dataclass(frozen=True)
class ClassicRules:
    """The rules of one classic game: deck, seat count and every option (C1-C12).

    Attributes:
        deck: The deck to play with.
        seats: Number of players, 2..6 (rule C1); up to 12 with
            ``simulation=True``.
        leftover: Rule C2: ``"deal_all"`` (default; stacks differ by at most
            one card) or ``"set_aside"`` (equal stacks, the rest set aside).
        collect_order: Rule C4: ``"fixed"`` (default: own card, others going
            left, then the pot) or ``"shuffled"`` (won cards shuffled first).
        no_data: Rule C6: ``"tie"`` (default) or ``"loses"``.
        look_at_last: Rule C10: None (default, off) or N >= 2: a seat with N
            cards or fewer picks which card to play.
        round_limit: Rule C11: None (default, off) or the number of
            comparisons after which the most cards wins.
        simulation: Allow more than 6 seats (rule C1, simulations only).

    Raises:
        RuleOptionError: If an option is outside its range or spelling, or the
            deck has fewer cards than seats.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"x": [1, 2], "y": [3, 1], "z": [2, 2]})
        >>> rules = ClassicRules(d, seats=2)
        >>> state = rules.start_from(stacks=[["x", "z"], ["y"]], chooser=0)
        >>> step = rules.apply(state, ChooseCategory(1))  # x's 2 beats y's 1
        >>> [type(e).__name__ for e in step.events]
        ['Revealed', 'Won', 'SeatOut', 'GameEnded']
    """

    family: ClassVar[str] = "classic"
    rules_version: ClassVar[int] = RULES_VERSION

    deck: Deck
    seats: int = 2
    leftover: Leftover = "deal_all"
    collect_order: CollectOrder = "fixed"
    no_data: NoData = "tie"
    look_at_last: int | None = None
    round_limit: int | None = None
    simulation: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            raise RuleOptionError(f"deck must be a Deck (see load_deck); got {self.deck!r}")
        if not isinstance(self.simulation, bool):
            raise RuleOptionError(f"simulation must be True or False (rule C1); got {self.simulation!r}")
        top = SIMULATION_MAX_SEATS if self.simulation else MAX_SEATS
        if isinstance(self.seats, bool) or not isinstance(self.seats, int) or not MIN_SEATS <= self.seats <= top:
            raise RuleOptionError(
                f"seats must be a whole number from {MIN_SEATS} to {top} (rule C1); got {self.seats!r}"
            )
        if len(self.deck.cards) < self.seats:
            raise RuleOptionError(
                f"deck {self.deck.name!r} has {len(self.deck.cards)} cards, fewer than the {self.seats} seats"
            )
        _check_choice("leftover", self.leftover, ("deal_all", "set_aside"), "C2")
        _check_choice("collect_order", self.collect_order, ("fixed", "shuffled"), "C4")
        _check_choice("no_data", self.no_data, ("tie", "loses"), "C6")
        _check_optional_count("look_at_last", self.look_at_last, 2, "C10")
        _check_optional_count("round_limit", self.round_limit, 1, "C11")

    # -- options, for records and widgets ---------------------------------

    def options(self) -> dict[str, Any]:
        """Returns every rule option by its RULES.md name (deck and seats excluded)."""
        return {
            "leftover": self.leftover,
            "collect_order": self.collect_order,
            "no_data": self.no_data,
            "look_at_last": self.look_at_last,
            "round_limit": self.round_limit,
            "simulation": self.simulation,
        }

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as record data: seats, `options` and the deck (`toptrumps_core.record`)."""
        return card_game_data(self.deck, self.seats, self.options())

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = RULES_VERSION) -> ClassicRules:
        """Returns the rules that `to_data` wrote, playing version `rules_version` (only 1 so far).

        Raises:
            RecordError: If the data lacks a part, the deck is not valid, or
                this program does not play `rules_version`.
            RuleOptionError: If the seats or an option are not valid.
        """
        check_rules_version(rules_version, (RULES_VERSION,), cls.family)
        deck, seats, options = card_game_parts(data)
        return cls(deck, seats, **options)

    # -- tables derived from the rules, computed once per rules object ------

    @cached_property
    def _ranks(self) -> tuple[tuple[int | None, ...], ...]:
        """Per category, each card's rank in it: higher is better, equal values share a rank.

        None for no data.  The engine compares ranks instead of the values
        themselves: same order, same ties, cheaper than comparing Fractions.
        """
        return category_ranks(self.deck)

    @cached_property
    def _card_numbers(self) -> frozenset[int]:
        """The deck's card numbers."""
        return frozenset(range(len(self.deck.cards)))

    # -- starts -------------------------------------------------------------

    def initial_state(self) -> ClassicState:
        """Returns the state before the shuffle (actor: CHANCE)."""
        return ClassicState(stacks=((),) * self.seats)

    def start_from(
        self,
        *,
        stacks: Sequence[Sequence[str]],
        chooser: Seat = 0,
        pot: Sequence[str] = (),
    ) -> ClassicState:
        """Returns a scenario start: given stacks (card names, top first).

        Cards not named anywhere are set aside.  Only the pot's cards have been
        revealed (they lie face up).

        Args:
            stacks: One list of card names per seat, top first; an empty list
                for a seat that is already out.
            chooser: The seat that names the first category; must hold cards.
            pot: Card names already in the pot, oldest first.

        Raises:
            RuleOptionError: If the stack count differs from `seats`, a name
                is unknown or used twice, fewer than two seats hold cards, or
                the chooser holds none.
        """
        if len(stacks) != self.seats:
            raise RuleOptionError(f"expected {self.seats} stacks, one per seat; got {len(stacks)}")
        named = ScenarioCards(self.deck)
        built = tuple(named.numbers(s) for s in stacks)
        pot_cards = named.numbers(pot)
        if sum(1 for s in built if s) < 2:
            raise RuleOptionError("a scenario needs at least two seats holding cards")
        if not 0 <= chooser < self.seats or not built[chooser]:
            raise RuleOptionError(f"the chooser must be a seat holding cards; got {chooser!r}")
        aside = tuple(i for i in range(len(self.deck.cards)) if i not in named.used)
        return ClassicState(
            stacks=built,
            pot=pot_cards,
            set_aside=aside,
            chooser=chooser,
            step=_Step.CHOOSE,
            revealed=frozenset(pot_cards),  # the pot lies face up (C5)
        )

    def check_start(self, state: object) -> None:
        """Checks that `state` is a state of this game that play can go on from.

        Used to vet the start state of a loaded record: it must be a
        `ClassicState` with one stack per seat, every card of the deck exactly
        once across the stacks, pot, set-aside and pending cards (or none at
        all, before the deal), seat and category numbers in range, and a step
        whose actor exists (a chooser holding cards, someone to pick, to draw
        among or to collect).

        Raises:
            RuleOptionError: If it is not; the message says what is wrong.
        """
        if not isinstance(state, ClassicState):
            raise RuleOptionError(f"expected a ClassicState; got {type(state).__name__}")
        n_cards, n_cats = len(self.deck.cards), len(self.deck.categories)

        def numbers(value: object, limit: int) -> bool:
            return isinstance(value, tuple) and all(type(x) is int and 0 <= x < limit for x in value)

        def problem() -> str | None:
            if not isinstance(state.stacks, tuple) or len(state.stacks) != self.seats:
                return f"expected {self.seats} stacks, one per seat"
            groups = (*state.stacks, state.pot, state.set_aside, state.pending)
            if not all(numbers(group, n_cards) for group in groups):
                return f"every card must be a number from 0 to {n_cards - 1}"
            cards = sorted(c for group in groups for c in group)
            if cards != list(range(n_cards)) and (cards or state.step is not _Step.DEAL):
                return "every card of the deck must be in exactly one place"
            if not isinstance(state.revealed, frozenset) or not numbers(tuple(state.revealed), n_cards):
                return "revealed must be a set of card numbers"
            if not all(numbers(seats, self.seats) for seats in (state.pickers, state.lot_among, state.last_players)):
                return "pickers, lot_among and last_players must hold seat numbers"
            if type(state.chooser) is not int or not 0 <= state.chooser < self.seats:
                return f"the chooser must be a seat from 0 to {self.seats - 1}"
            if state.category is not None and not (type(state.category) is int and 0 <= state.category < n_cats):
                return f"the category must be None or a number from 0 to {n_cats - 1}"
            if type(state.comparisons) is not int or state.comparisons < 0 or type(state.chooser_picked) is not bool:
                return "comparisons must be a whole number >= 0 and chooser_picked True or False"
            if not isinstance(state.step, _Step) or (state.outcome is None) != (state.step is not _Step.OVER):
                return "the step must be known, and the outcome set exactly when the game is over"
            if state.outcome is not None and not isinstance(state.outcome, Outcome):
                return "the outcome must be an Outcome"
            ready = {
                _Step.DEAL: not cards,
                _Step.CHOOSE: bool(state.stacks[state.chooser]),
                _Step.PICK: bool(state.pickers) and state.category is not None,
                _Step.COLLECT: bool(state.pending),
                _Step.LOT: len(state.lot_among) >= 2 and all(state.stacks[s] for s in state.lot_among),
                _Step.OVER: True,
            }
            if not ready[state.step] or not all(state.stacks[s] for s in state.pickers):
                return f"nobody can act at step {state.step.value!r}"
            return None

        message = problem()
        if message is not None:
            raise RuleOptionError(f"not a valid start state: {message}")

    # -- the protocol -----------------------------------------------------------

    def actor(self, state: ClassicState) -> Actor:
        """Returns who acts: CHANCE (deal, shuffle of won cards, lot), a seat, or TERMINAL."""
        step = state.step
        if step is _Step.CHOOSE:
            return state.chooser
        if step is _Step.PICK:
            return state.pickers[0]
        if step is _Step.OVER:
            return TERMINAL
        return CHANCE

    def chance(self, state: ClassicState) -> Distribution:
        """Returns the distribution of the pending chance action.

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.step is _Step.DEAL:
            return UniformPermutation(len(self.deck.cards))
        if state.step is _Step.COLLECT:
            return UniformPermutation(len(state.pending))
        if state.step is _Step.LOT:
            return Finite.uniform([Lot(seat) for seat in state.lot_among])
        raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")

    def legal_actions(self, state: ClassicState) -> tuple[Action, ...]:
        """Returns the actions open to the actor (empty at chance and terminal).

        Chance outcomes are legal too but not listed here; see `chance`.
        """
        if state.step is _Step.CHOOSE:
            if self._may_pick(state, state.chooser) and not state.chooser_picked:
                return _pick_actions(len(state.stacks[state.chooser]))
            return _choose_actions(len(self.deck.categories))
        if state.step is _Step.PICK:
            return _pick_actions(len(state.stacks[state.pickers[0]]))
        return ()

    def _is_legal(self, state: ClassicState, action: Action) -> bool:
        """Returns True if `action` is one of ``legal_actions(state)``, without listing them.

        Only the seat steps (CHOOSE, PICK) are asked.  False means "not
        shown legal here": `apply` then checks against the full list.
        """
        chooser_picks = self._may_pick(state, state.chooser) and not state.chooser_picked
        if state.step is _Step.CHOOSE and not chooser_picks:
            return type(action) is ChooseCategory and 0 <= action.category < len(self.deck.categories)
        picker = state.chooser if state.step is _Step.CHOOSE else state.pickers[0]
        return type(action) is PickCard and 0 <= action.index < len(state.stacks[picker])

    def apply(self, state: ClassicState, action: Action) -> Transition[ClassicState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state` (the
                message names the action and what was expected).
        """
        step = state.step
        if step is _Step.DEAL:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)  # the check above passed
            return self._deal(state, action)
        if step is _Step.COLLECT:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)  # the check above passed
            cards = tuple(state.pending[i] for i in action.order)
            stacks = add_under(state.stacks, state.chooser, cards)
            players = state.last_players
            state = replace(state, stacks=stacks, pending=(), step=_Step.CHOOSE, last_players=())
            return self._after_comparison(state, (), players)
        if step is _Step.LOT:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            drawn = ChooserDrawn(action.seat, state.lot_among)
            return Transition(replace(state, chooser=action.seat, lot_among=(), step=_Step.CHOOSE), (drawn,))
        if step is _Step.OVER:
            raise IllegalActionError(f"the game is over; no action is legal (got {action!r})")
        if not self._is_legal(state, action):
            legal = self.legal_actions(state)
            if action not in legal:
                raise IllegalActionError(
                    f"{action!r} is not legal for seat {self.actor(state)}; expected one of {list(legal)!r}"
                )
        seat = self.actor(state)
        assert isinstance(seat, int)
        if isinstance(action, PickCard):
            stacks = _move_to_top(state.stacks, seat, action.index)
            if step is _Step.CHOOSE:
                return Transition(replace(state, stacks=stacks, chooser_picked=True), ())
            still_to_pick = state.pickers[1:]
            if still_to_pick:
                return Transition(replace(state, stacks=stacks, pickers=still_to_pick), ())
            assert state.category is not None  # the pickers pick after hearing it
            return self._compare(state, stacks, state.category)
        # ChooseCategory
        assert isinstance(action, ChooseCategory)  # the check above passed
        pickers: tuple[Seat, ...] = ()
        if self.look_at_last is not None:  # only then may a seat pick its card (C10)
            pickers = tuple(s for s in play_order(state.in_play, state.chooser)[1:] if self._may_pick(state, s))
        if pickers:
            return Transition(replace(state, category=action.category, step=_Step.PICK, pickers=pickers), ())
        return self._compare(state, state.stacks, action.category)

    def observe(self, state: ClassicState, seat: Seat) -> ClassicView:
        """Returns what `seat` may see (its top card; every card under C10).

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        check_seat(seat, self.seats)
        own = state.stacks[seat]
        may_pick = self._may_pick(state, seat)
        visible = own if may_pick else own[:1]
        known_own = state.revealed.intersection(own[1:])
        hidden = known_own.union(own if may_pick else own[:1], state.pot)
        unseen = tuple(sorted(self._card_numbers.difference(hidden)))
        return ClassicView(
            seat=seat,
            deck=self.deck,
            stack=visible,
            stack_sizes=tuple(map(len, state.stacks)),
            pot=state.pot,
            set_aside_count=len(state.set_aside),
            chooser=state.chooser,
            category=state.category,
            known_own=known_own,
            unseen=unseen,
            comparisons=state.comparisons,
            outcome=state.outcome,
        )

    def outcome(self, state: ClassicState) -> Outcome | None:
        """Returns the outcome once the game is over, else None."""
        return state.outcome

    # -- helpers ------------------------------------------------------------------

    def _may_pick(self, state: ClassicState, seat: Seat) -> bool:
        n = len(state.stacks[seat])
        return self.look_at_last is not None and 1 < n <= self.look_at_last

    def _deal(self, state: ClassicState, action: Shuffle) -> Transition[ClassicState]:
        order = action.order
        n = self.seats
        dealt = len(order) if self.leftover == "deal_all" else len(order) // n * n
        stacks = tuple(tuple(order[i] for i in range(seat, dealt, n)) for seat in range(n))
        state = replace(state, stacks=stacks, set_aside=tuple(order[dealt:]), chooser=0, step=_Step.CHOOSE)
        return Transition(state, (Dealt(tuple(map(len, stacks)), len(order) - dealt),))

    def _compare(
        self, state: ClassicState, stacks: tuple[tuple[int, ...], ...], category: int
    ) -> Transition[ClassicState]:
        """Reveals the top cards of `stacks` in `category` and settles the comparison (C4-C6).

        `stacks` and `category` stand in for those of `state`, which may not
        hold them yet (the last pick or the category was just made).
        """
        players = play_order([seat for seat, stack in enumerate(stacks) if stack], state.chooser)
        cards = tuple(stacks[s][0] for s in players)
        stacks = tuple(stack[1:] if stack else stack for stack in stacks)
        events: list[Event] = [Revealed(state.chooser, category, tuple(zip(players, cards, strict=True)))]
        ranks = self._ranks[category]
        winner_index, best = best_of([ranks[card] for card in cards], self.no_data)
        pot, chooser, pending, step = state.pot, state.chooser, state.pending, _Step.CHOOSE
        if winner_index is None:  # rules C5, C6
            pot += cards
            events.append(Tied(category, tuple(players[i] for i in best), len(pot)))
        else:
            chooser = players[winner_index]  # rule C9
            won = collect_order(players, cards, chooser)
            events.append(Won(chooser, category, won))
            if pot:
                events.append(PotCollected(chooser, pot))
            collected, pot = won + pot, ()
            if self.collect_order == "shuffled":
                pending, step = collected, _Step.COLLECT
            else:
                stacks = add_under(stacks, chooser, collected)
        state = replace(
            state,
            stacks=stacks,
            pot=pot,
            chooser=chooser,
            pending=pending,
            step=step,
            category=None,
            chooser_picked=False,
            pickers=(),
            comparisons=state.comparisons + 1,
            revealed=state.revealed.union(cards),
            last_players=players if step is _Step.COLLECT else (),
        )
        if step is _Step.COLLECT:
            return Transition(state, tuple(events))
        return self._after_comparison(state, tuple(events), players)

    def _after_comparison(
        self, state: ClassicState, events: tuple[Event, ...], players: tuple[Seat, ...]
    ) -> Transition[ClassicState]:
        """Applies C7 (outs, last stack, draw), C8 (lot) and C11 (round limit).

        `players` are the seats of the comparison just settled (`state` no
        longer holds them in ``last_players``).
        """
        out = [SeatOut(s) for s in players if not state.stacks[s]]
        events += tuple(out)
        holders = state.in_play
        if not holders:  # rule C7: a tie left nobody holding cards
            outcome = Outcome(Termination.DRAW_ALL_OUT, frozenset(players))
            state = replace(state, step=_Step.OVER, outcome=outcome)
            return Transition(state, (*events, GameEnded(outcome)))
        if len(holders) == 1:  # rule C7: the last stack takes the pot and wins
            seat = holders[0]
            if state.pot:
                events += (PotCollected(seat, state.pot),)
                state = replace(state, stacks=add_under(state.stacks, seat, state.pot), pot=())
            outcome = Outcome(Termination.LAST_STACK, frozenset(holders))
            state = replace(state, step=_Step.OVER, outcome=outcome, chooser=seat)
            return Transition(state, (*events, GameEnded(outcome)))
        if self.round_limit is not None and state.comparisons >= self.round_limit:  # rule C11
            most = max(len(s) for s in state.stacks)
            winners = frozenset(seat for seat, s in enumerate(state.stacks) if len(s) == most)
            outcome = Outcome(Termination.ROUND_LIMIT, winners)
            state = replace(state, step=_Step.OVER, outcome=outcome)
            return Transition(state, (*events, GameEnded(outcome)))
        if not state.stacks[state.chooser]:  # rule C8
            return Transition(replace(state, step=_Step.LOT, lot_among=holders), events)
        return Transition(state, events)


def _check_choice(name: str, value: object, allowed: tuple[str, ...], rule: str) -> None:
    if value not in allowed:
        raise RuleOptionError(f"{name} must be one of {list(allowed)!r} (rule {rule}); got {value!r}")


def _check_optional_count(name: str, value: object, minimum: int, rule: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RuleOptionError(f"{name} must be None (off) or a whole number >= {minimum} (rule {rule}); got {value!r}")


@lru_cache(maxsize=64)
def _choose_actions(categories: int) -> tuple[ChooseCategory, ...]:
    """Returns ``ChooseCategory(0)`` .. ``ChooseCategory(categories - 1)`` (built once per size)."""
    return tuple(ChooseCategory(c) for c in range(categories))


@lru_cache(maxsize=64)
def _pick_actions(cards: int) -> tuple[PickCard, ...]:
    """Returns ``PickCard(0)`` .. ``PickCard(cards - 1)`` (built once per size)."""
    return tuple(PickCard(i) for i in range(cards))


def _move_to_top(stacks: tuple[tuple[int, ...], ...], seat: Seat, index: int) -> tuple[tuple[int, ...], ...]:
    stack = stacks[seat]
    moved = (stack[index], *stack[:index], *stack[index + 1 :])
    return tuple(moved if s == seat else other for s, other in enumerate(stacks))


register_family("classic", ClassicRules)
