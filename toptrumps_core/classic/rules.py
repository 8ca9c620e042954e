"""The rules of classic play: options, legality and transitions (rules C1-C12).

Rules card:

- `ClassicRules` holds the deck, the seat count (2 to 6, C1; up to 12 in
  simulations) and the rule options of C2, C4, C6, C10 and C11, each
  declared once with its default (`toptrumps_core.options`, docs/options.md).
- The deal (C2): the shuffled deck is dealt one card at a time from seat 0;
  seat 0 chooses first (C3).
- A comparison (C4-C6, on `toptrumps_core.comparison`): the single best value
  wins every revealed card and the pot; a shared best value sends the
  revealed cards to the pot and the same chooser picks again.
- After each comparison (C7-C9, C11): seats with no cards are out; the last
  seat holding cards wins, or nobody holding cards is a draw; a chooser who
  ran out is replaced by lot; the winner chooses next; after ``round_limit``
  comparisons the most cards wins.
- ``look_at_last`` (C10): the chooser picks a card, then the category; the
  others then pick theirs in turn going left.
- Records (`to_data`, `from_data`) write the deck, the seats and the options.

Scenario starts and the check of a record's start state are in
`toptrumps_core.classic.scenario`; the state and view in
`toptrumps_core.classic.state`.

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar, Literal

from toptrumps_core.cards import Deck
from toptrumps_core.checks import whole_number
from toptrumps_core.classic.scenario import check_start, scenario_start
from toptrumps_core.classic.state import ClassicDecision, ClassicPublicView, ClassicState, ClassicView, PickCard, Step
from toptrumps_core.comparison import (
    ChooseCategory,
    NoData,
    add_under,
    best_of,
    category_ranks,
    category_values,
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
from toptrumps_core.options import check_options, option, option_values, options_from_data
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
    Seat,
    Shuffle,
    Termination,
    Transition,
    UniformPermutation,
    check_chance,
    check_seat,
)
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version

__all__ = ["MAX_SEATS", "MIN_SEATS", "RULES_VERSION", "SIMULATION_MAX_SEATS", "ClassicRules"]


RULES_VERSION = 1
MIN_SEATS, MAX_SEATS = 2, 6  # rule C1
SIMULATION_MAX_SEATS = 12  # rule C1: "simulations may allow more"

Leftover = Literal["deal_all", "set_aside"]
CollectOrder = Literal["fixed", "shuffled"]


@dataclass(frozen=True)
class ClassicRules(Game[ClassicState, ClassicDecision, ClassicView]):
    """The rules of one classic game: deck, seat count and every option (C1-C12).

    Attributes:
        deck: The deck to play with.
        seats: Number of players, 2..6 (rule C1); up to 12 with
            ``simulation=True``.
        leftover, collect_order, no_data, look_at_last, round_limit: Rule
            options C2, C4, C6, C10, C11; ``simulation``: up to 12 seats (C1).
            Each is declared once: default, range, words (`option_specs`).

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

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    family: ClassVar[str] = "classic"
    rules_version: ClassVar[int] = RULES_VERSION

    deck: Deck
    seats: int = 2
    leftover: Leftover = option(
        "C2",
        default="deal_all",
        label="Spare cards at the deal",
        help="What happens to cards that do not share out equally at the deal",
        choice_labels=("Deal every card", "Equal stacks"),
        choice_help=("Some players may start with one card more", "Cards that do not share out equally are set aside"),
    )
    collect_order: CollectOrder = option(
        "C4",
        default="fixed",
        label="Won cards go under",
        help="In what order the winner puts the won cards under their stack",
        choice_labels=("In a fixed order", "Shuffled"),
        choice_help=(
            "The winner's card first, then the others going left, then the pot",
            "The won cards are shuffled before they go under the stack",
        ),
    )
    no_data: NoData = option(
        "C6",
        default="tie",
        label="A card shows n/a",
        help="What a card showing n/a (no data) does when its category is chosen",
        choice_labels=("n/a makes a tie", "n/a cannot win"),
        choice_help=("A card showing n/a makes the comparison a tie", "A card showing n/a cannot win the comparison"),
    )
    look_at_last: int | None = option(
        "C10",
        default=None,
        low=2,
        label="Pick from your last cards",
        help="With this many cards or fewer, a player looks at them all and picks which to play",
    )
    round_limit: int | None = option(
        "C11",
        default=None,
        low=1,
        label="Stop after a number of comparisons",
        help="After this many comparisons, the player holding the most cards wins",
    )
    simulation: bool = option(
        "C1",
        default=False,
        label="Simulation",
        help="Allows up to 12 players, for simulations only",
        for_people=False,
    )

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            raise RuleOptionError(f"deck must be a Deck (see load_deck); got {self.deck!r}")
        check_options(self)
        top = SIMULATION_MAX_SEATS if self.simulation else MAX_SEATS
        whole_number(self.seats, "seats", low=MIN_SEATS, high=top, rule="C1", error=RuleOptionError)
        if len(self.deck.cards) < self.seats:
            raise RuleOptionError(
                f"deck {self.deck.name!r} has {len(self.deck.cards)} cards, fewer than the {self.seats} seats"
            )

    # -- options, for records and widgets ---------------------------------

    def options(self) -> dict[str, Any]:
        """Returns every rule option by its RULES.md name (deck and seats excluded; `option_values`)."""
        return option_values(self)

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
        return cls(deck, seats, **options_from_data(cls, options))

    # -- tables derived from the rules, computed once per rules object ------

    @cached_property
    def _ranks(self) -> tuple[tuple[int | None, ...], ...]:
        """Per category, each card's rank in it (`category_ranks`), for the seats' views.

        Worked out on the first view only: a game whose players read no view never needs it.
        """
        return category_ranks(self.deck)

    @cached_property
    def _values(self) -> tuple[tuple[int | None, ...], ...]:
        """Per category, each card's value as a whole number where higher is better (`category_values`).

        None for no data.  The engine compares these instead of the Fractions
        themselves: same order, same ties, and cheaper.
        """
        return category_values(self.deck)

    @cached_property
    def _play_orders(self) -> tuple[tuple[Seat, ...], ...]:
        """Per seat, every seat in play order going left from it (C4, C5): ``(s, s + 1, ..., s - 1)``."""
        seats = tuple(range(self.seats))
        return tuple(seats[first:] + seats[:first] for first in seats)

    @cached_property
    def _seat_cards(self) -> tuple[tuple[tuple[Seat, int], ...], ...]:
        """Per seat, the ``(seat, card)`` pair of each card number, made once and shared by every `Revealed`."""
        return tuple(tuple((seat, card) for card in range(len(self.deck.cards))) for seat in range(self.seats))

    @cached_property
    def _category_choices(self) -> tuple[ChooseCategory, ...]:
        """``ChooseCategory(c)`` for every category of the deck: the chooser's actions without C10."""
        return _choose_actions(len(self.deck.categories))

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
        return scenario_start(self.deck, self.seats, stacks=stacks, chooser=chooser, pot=pot)

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
        check_start(state, self.deck, self.seats)

    # -- the protocol -----------------------------------------------------------

    def actor(self, state: ClassicState) -> Actor:
        """Returns who acts: CHANCE (deal, shuffle of won cards, lot), a seat, or TERMINAL."""
        step = state.step
        if step is Step.CHOOSE:
            return state.chooser
        if step is Step.PICK:
            return state.pickers[0]
        if step is Step.OVER:
            return TERMINAL
        return CHANCE

    def chance(self, state: ClassicState) -> Distribution:
        """Returns the distribution of the pending chance action.

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.step is Step.DEAL:
            return UniformPermutation(len(self.deck.cards))
        if state.step is Step.COLLECT:
            return UniformPermutation(len(state.pending))
        if state.step is Step.LOT:
            return Finite.uniform([Lot(seat) for seat in state.lot_among])
        raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")

    def legal_actions(self, state: ClassicState) -> tuple[ClassicDecision, ...]:
        """Returns the actions open to the actor (empty at chance and terminal).

        Chance outcomes are legal too but not listed here; see `chance`.
        """
        if state.step is Step.CHOOSE:
            if self.look_at_last is not None and not state.chooser_picked and self._may_pick(state, state.chooser):
                return _pick_actions(len(state.stacks[state.chooser]))
            return self._category_choices
        if state.step is Step.PICK:
            return _pick_actions(len(state.stacks[state.pickers[0]]))
        return ()

    def _is_legal(self, state: ClassicState, action: Action) -> bool:
        """Returns True if `action` is one of ``legal_actions(state)``, without listing them.

        Only the seat steps (CHOOSE, PICK) are asked.  False means "not
        shown legal here": `apply` then checks against the full list.
        """
        if state.step is Step.CHOOSE:
            if self.look_at_last is None or state.chooser_picked or not self._may_pick(state, state.chooser):
                return type(action) is ChooseCategory and 0 <= action.category < len(self.deck.categories)
            picker = state.chooser
        else:
            picker = state.pickers[0]
        return type(action) is PickCard and 0 <= action.index < len(state.stacks[picker])

    def apply(self, state: ClassicState, action: Action) -> Transition[ClassicState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state` (the
                message names the action and what was expected).
        """
        step = state.step
        if (
            step is Step.CHOOSE
            and type(action) is ChooseCategory
            and self.look_at_last is None
            and 0 <= action.category < len(self.deck.categories)
        ):  # the common case: the chooser names a category, and without C10 nobody picks a card first
            return self._compare(state, state.stacks, action.category)
        if step is Step.CHOOSE or step is Step.PICK:
            return self._seat_acts(state, action)
        if step is Step.DEAL:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)  # the check above passed
            return self._deal(state, action)
        if step is Step.COLLECT:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)  # the check above passed
            cards = tuple(state.pending[i] for i in action.order)
            stacks = add_under(state.stacks, state.chooser, cards)
            players = state.last_players
            state = replace(state, stacks=stacks, pending=(), step=Step.CHOOSE, last_players=())
            return self._after_comparison(state, (), players)
        if step is Step.LOT:
            check_chance(self, state, action)
            assert isinstance(action, Lot)  # the check above passed
            drawn = ChooserDrawn(action.seat, state.lot_among)
            return Transition(replace(state, chooser=action.seat, lot_among=(), step=Step.CHOOSE), (drawn,))
        raise IllegalActionError(f"the game is over; no action is legal (got {action!r})")

    def _seat_acts(self, state: ClassicState, action: Action) -> Transition[ClassicState]:
        """Applies a seat's action: a C10 pick or the chooser's category (see `apply`)."""
        if not self._is_legal(state, action):
            legal = self.legal_actions(state)
            if action not in legal:
                raise IllegalActionError(
                    f"{action!r} is not legal for seat {self.actor(state)}; expected one of {list(legal)!r}"
                )
        if isinstance(action, PickCard):
            seat = self.actor(state)
            assert isinstance(seat, int)
            stacks = _move_to_top(state.stacks, seat, action.index)
            if state.step is Step.CHOOSE:
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
            return Transition(replace(state, category=action.category, step=Step.PICK, pickers=pickers), ())
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
            ranks=self._ranks,
        )

    def public_view(self, state: ClassicState) -> ClassicPublicView:
        """Returns what everyone at the table may see: stack sizes, the pot's size, the chooser.

        Example:
            >>> from toptrumps_core.cards import Category, Deck
            >>> deck = Deck.from_rows("D", [Category("A"), Category("B")], {"x": [1, 2], "y": [3, 4], "z": [5, 6]})
            >>> rules = ClassicRules(deck, seats=2)
            >>> view = rules.public_view(rules.start_from(stacks=[["x", "y"], ["z"]], chooser=1))
            >>> view.stack_sizes, view.pot_size, view.chooser
            ((2, 1), 0, 1)
        """
        return ClassicPublicView(
            stack_sizes=tuple(map(len, state.stacks)),
            pot_size=len(state.pot),
            set_aside_count=len(state.set_aside),
            chooser=state.chooser,
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
        stacks = tuple(order[seat:dealt:n] for seat in range(n))  # one card at a time from seat 0 (C2)
        state = replace(state, stacks=stacks, set_aside=tuple(order[dealt:]), chooser=0, step=Step.CHOOSE)
        return Transition(state, (Dealt(tuple(map(len, stacks)), len(order) - dealt),))

    def _compare(
        self, state: ClassicState, stacks: tuple[tuple[int, ...], ...], category: int
    ) -> Transition[ClassicState]:
        """Reveals the top cards of `stacks` in `category` and settles the comparison (C4-C6).

        `stacks` and `category` stand in for those of `state`, which may not
        hold them yet (the last pick or the category was just made).
        """
        chooser = state.chooser
        column, pairs = self._values[category], self._seat_cards
        # One pass in play order, from the chooser going left (C4, C5): who plays, the card each
        # reveals, its value in the category, and the stacks once the top cards are off.
        players: list[Seat] = []
        cards: list[int] = []
        shown: list[tuple[Seat, int]] = []
        values: list[int | None] = []
        rest = list(stacks)
        someone_ran_out = False
        for seat in self._play_orders[chooser]:
            stack = stacks[seat]
            if stack:
                card = stack[0]
                players.append(seat)
                cards.append(card)
                shown.append(pairs[seat][card])
                values.append(column[card])
                rest[seat] = stack[1:]
                someone_ran_out = someone_ran_out or len(stack) == 1
        revealed = Revealed(chooser, category, tuple(shown))
        winner_index, best = best_of(values, self.no_data)
        pot, pending, step = state.pot, state.pending, Step.CHOOSE
        events: tuple[Event, ...]
        if winner_index is None:  # rules C5, C6
            pot += tuple(cards)
            events = (revealed, Tied(category, tuple([players[i] for i in best]), len(pot)))
        else:
            chooser = players[winner_index]  # rule C9
            # Rule C4: the winner's own card, then the others going left; `players` go left from the chooser.
            won = tuple(cards[winner_index:] + cards[:winner_index])
            taken = Won(chooser, category, won)
            events = (revealed, taken, PotCollected(chooser, pot)) if pot else (revealed, taken)
            collected, pot = won + pot, ()
            if self.collect_order == "shuffled":
                pending, step = collected, Step.COLLECT
            else:
                rest[chooser] += collected
        seen = state.revealed
        state = ClassicState(
            stacks=tuple(rest),
            pot=pot,
            set_aside=state.set_aside,
            chooser=chooser,
            step=step,
            category=None,
            chooser_picked=False,
            pickers=(),
            pending=pending,
            lot_among=state.lot_among,
            comparisons=state.comparisons + 1,
            revealed=seen if seen.issuperset(cards) else seen.union(cards),
            outcome=state.outcome,
            last_players=tuple(players) if step is Step.COLLECT else (),
        )
        limit = self.round_limit
        if step is Step.COLLECT or not (someone_ran_out or (limit is not None and state.comparisons >= limit)):
            # Everyone who played still holds cards, the chooser too: nobody is out (C7), no lot (C8),
            # and the limit is not reached (C11).
            return Transition(state, events)
        return self._after_comparison(state, events, tuple(players))

    def _after_comparison(
        self, state: ClassicState, events: tuple[Event, ...], players: tuple[Seat, ...]
    ) -> Transition[ClassicState]:
        """Applies C7 (outs, last stack, draw), C8 (lot) and C11 (round limit).

        `players` are the seats of the comparison just settled (`state` no
        longer holds them in ``last_players``).
        """
        events += tuple([SeatOut(s) for s in players if not state.stacks[s]])
        holders = state.in_play
        if not holders:  # rule C7: a tie left nobody holding cards
            outcome = Outcome(Termination.DRAW_ALL_OUT, frozenset(players))
            state = replace(state, step=Step.OVER, outcome=outcome)
            return Transition(state, (*events, GameEnded(outcome)))
        if len(holders) == 1:  # rule C7: the last stack takes the pot and wins
            seat = holders[0]
            if state.pot:
                events += (PotCollected(seat, state.pot),)
                state = replace(state, stacks=add_under(state.stacks, seat, state.pot), pot=())
            outcome = Outcome(Termination.LAST_STACK, frozenset(holders))
            state = replace(state, step=Step.OVER, outcome=outcome, chooser=seat)
            return Transition(state, (*events, GameEnded(outcome)))
        if self.round_limit is not None and state.comparisons >= self.round_limit:  # rule C11
            most = max(len(s) for s in state.stacks)
            winners = frozenset(seat for seat, s in enumerate(state.stacks) if len(s) == most)
            outcome = Outcome(Termination.ROUND_LIMIT, winners)
            state = replace(state, step=Step.OVER, outcome=outcome)
            return Transition(state, (*events, GameEnded(outcome)))
        if not state.stacks[state.chooser]:  # rule C8
            return Transition(replace(state, step=Step.LOT, lot_among=holders), events)
        return Transition(state, events)


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
