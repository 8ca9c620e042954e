"""Hi Lo, the tournament mini-game for the active player alone (rule T12).

Rules card:

- Seat 0 is the active player (T4); nobody else plays.
- The stack is given and is not shuffled (T2): three cards are taken from the
  top and laid face down in a row; the first is turned face up.
- The player chooses one category for the whole mini-game, only one where the
  first card has a value (`ChooseCategory`, from `toptrumps_core.comparison`).
- The player calls ``Call("higher")`` or ``Call("lower")`` for the second
  card, which is then turned.  An equal value is a right call.  If right, the
  player calls for the third card against the second.  Calls compare raw
  numbers: "higher" means a greater-or-equal value even in a lower-is-better
  category.
- A card with no data in the chosen category is put aside and replaced by the
  next card of the stack, which is turned in its place (T12).
- Pins (option ``hilo_pins``, default ``"per_call"``): first call wrong 0,
  first right and second wrong 1, both right 2.  With ``"complete_run"``: 2
  for both right, else 0.

Rulings where T12 is silent (Rules version 1):

- **The call stands for the replacement.**  The call is made for "the second
  card" (or third); when the card turned has no data it is put aside and the
  replacement is judged against the same call.  (Calling again would change
  no chance: a put-aside card has no data, so it says nothing about the cards
  with data.  `toptrumps_core.probability` relies on this.)
- **The stack running out.**  A replacement is the next card of the stack;
  when the stack is empty, the row closes up instead: the face-down card to
  the right moves into the gap (`HiLoRowClosedUp`), so the row holds one card
  fewer.  When no card is left at all (`HiLoStackRanOut`) the mini-game ends
  at once with the pins earned so far: under ``"per_call"`` 1 if the first
  call was right (the second call was never judged), else 0; under
  ``"complete_run"`` 0 (no complete run was made).  So the mini-game runs
  out only when every unseen card lacks data, and the cards judged are always
  a uniform draw, without replacement, from the unseen cards with data: the
  model of the exact odds (P1, P2), which the tests check card by card.
- **A first card with no data anywhere** cannot be played on: it is put aside
  and replaced like any no-data card; if nothing can replace it the
  mini-game ends with 0 pins.
- The stack must hold at least 3 cards (T12 lays three).

Starts: ``rules.start_from(stack=[card names, top first])`` for a scenario or
the tournament (T2); ``rules.setup(card_numbers)`` gives the same state with
the setup events; ``rules.initial_state()`` uses the deck in file order;
``rules.initial_state(shuffled=True)`` starts at a CHANCE node whose `Shuffle`
orders the whole deck (standalone lessons).

After the mini-game, ``rules.used_cards(state)`` lists every card it took
from the stack, put-aside ones included, in the order taken, and
``rules.returned_stack(state)`` is the stack with those cards put back under
it (T2).  ``rules.pins(state)`` is the pins earned.

The observation (`HiLoView`) never holds a face-down card: only face-up
cards, put-aside cards and counts.

API stable for the tournament (keep): `HiLoRules` (``deck``, ``hilo_pins``,
``start_from``, ``setup``, ``initial_state``, ``actor``, ``legal_actions``,
``chance``, ``apply``, ``observe``, ``outcome``, ``pins``, ``used_cards``,
``returned_stack``), `HiLoState`, `HiLoView`, `Call` and the ``HiLo*`` events.
Its computer players, `BestHiLo` and `PolicyPlayer`, are in
`toptrumps_core.strategies.hilo`.  The events are defined in
`toptrumps_core.tournament.hilo_events`, the call, the state and the view in
`toptrumps_core.tournament.hilo_state`; all are importable from here too.

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from toptrumps_core.cards import Deck
from toptrumps_core.checks import is_whole_number, whole_number
from toptrumps_core.comparison import ChooseCategory
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.options import check_options, option_values, options_from_data
from toptrumps_core.probability import HiLoPins
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
    Seat,
    Shuffle,
    Transition,
    UniformPermutation,
    check_chance,
)
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version
from toptrumps_core.tournament.arena import TournamentEnd, hilo_pins_option
from toptrumps_core.tournament.hilo_events import (
    EndReason,
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoLaid,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoStackRanOut,
    HiLoTurned,
)
from toptrumps_core.tournament.hilo_state import Call, HiLoDecision, HiLoState, HiLoStep, HiLoView

__all__ = [
    "ROW",
    "Call",
    "HiLoCalled",
    "HiLoCategoryChosen",
    "HiLoEnded",
    "HiLoLaid",
    "HiLoPutAside",
    "HiLoRowClosedUp",
    "HiLoRules",
    "HiLoStackRanOut",
    "HiLoState",
    "HiLoTurned",
    "HiLoView",
]

RULES_VERSION = 1
ROW = 3
"""Cards laid face down in the row (rule T12)."""


# -- rules ----------------------------------------------------------------------


@dataclass(frozen=True)
class HiLoRules(Game[HiLoState, HiLoDecision, HiLoView]):
    """The rules of Hi Lo (T12): a deck and the ``hilo_pins`` option; one seat.

    Attributes:
        deck: The deck the stack comes from (at least 3 cards).
        hilo_pins: Rule T12: ``"per_call"`` (default; 0, 1 or 2 pins) or
            ``"complete_run"`` (2 for both calls right, else 0).
        seats: Always 1: seat 0 is the active player (T4).

    Raises:
        RuleOptionError: If `deck` is not a Deck of at least 3 cards or
            `hilo_pins` is misspelt.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [5, 1], "q": [7, "n/a"], "r": [5, 2], "s": [1, 3]})
        >>> rules = HiLoRules(d)
        >>> state = rules.start_from(stack=["p", "q", "r", "s"])
        >>> state = rules.apply(state, ChooseCategory(0)).state
        >>> state = rules.apply(state, Call("higher")).state      # 7 >= 5: right
        >>> step = rules.apply(state, Call("higher"))              # 5 >= 7? wrong
        >>> rules.pins(step.state), rules.used_cards(step.state)
        (1, (0, 1, 2))
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    family: ClassVar[str] = "hilo"
    rules_version: ClassVar[int] = RULES_VERSION

    deck: Deck
    hilo_pins: HiLoPins = hilo_pins_option()
    seats: int = field(default=1, init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            raise RuleOptionError(f"deck must be a Deck (see load_deck); got {self.deck!r}")
        if len(self.deck.cards) < ROW:
            raise RuleOptionError(
                f"Hi Lo lays {ROW} cards (rule T12); deck {self.deck.name!r} has {len(self.deck.cards)}"
            )
        check_options(self)

    def options(self) -> dict[str, Any]:
        """Returns every rule option by its RULES.md name (deck excluded; `option_values`)."""
        return option_values(self)

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as record data: one seat, `options` and the deck."""
        return card_game_data(self.deck, self.seats, self.options())

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = RULES_VERSION) -> HiLoRules:
        """Returns the rules that `to_data` wrote, playing version `rules_version` (only 1 so far).

        Raises:
            RecordError: If the data lacks a part, the deck is not valid, or
                this program does not play `rules_version`.
            RuleOptionError: If the data gives another seat count than 1 or
                an option is not valid.
        """
        check_rules_version(rules_version, (RULES_VERSION,), cls.family)
        deck, seats, options = card_game_parts(data)
        if seats != 1:
            raise RuleOptionError(f"Hi Lo has one seat (rule T12); the record says {seats!r}")
        return cls(deck, **options_from_data(cls, options))

    # -- starts -----------------------------------------------------------------

    def initial_state(self, *, shuffled: bool = False) -> HiLoState:
        """Returns the start of a standalone mini-game.

        Args:
            shuffled: False (default): the stack is the deck in file order,
                laid and with the first card turned (actor: seat 0).  True: a
                CHANCE node whose `Shuffle` orders the whole deck first.
        """
        if shuffled:
            return HiLoState(stack=())
        return self.setup(range(len(self.deck.cards))).state

    def start_from(self, *, stack: Sequence[str]) -> HiLoState:
        """Returns the state after laying the given stack (card names, top first) (T2, T12).

        Three cards are laid face down and the first is turned (replaced if it
        has no data in any category).  Use `setup` to get the events too.

        Raises:
            RuleOptionError: If a name is unknown or repeated, or the stack
                holds fewer than 3 cards.
        """
        numbers = []
        for name in stack:
            try:
                numbers.append(self.deck.index_of(name))
            except KeyError as err:
                raise RuleOptionError(err.args[0]) from None
        return self.setup(numbers).state

    def setup(self, stack: Sequence[int]) -> Transition[HiLoState]:
        """Lays the stack's top 3 cards face down and turns the first (T2, T12).

        Args:
            stack: Card numbers (indices into ``deck.cards``), top first; at
                least 3, each at most once.  The tournament passes its
                opening's stack here.

        Returns:
            The state (actor: seat 0, or TERMINAL if no first card with data
            could be found) and the events `HiLoLaid`, `HiLoTurned` (and
            `HiLoPutAside` / `HiLoStackRanOut` / `HiLoEnded` if the first
            card had no data anywhere).

        Raises:
            RuleOptionError: If a number is out of range or repeated, or fewer
                than 3 cards are given.
        """
        cards = tuple(stack)
        n = len(self.deck.cards)
        for card in cards:
            whole_number(card, "a card number in the stack", low=0, high=n - 1, error=RuleOptionError)
        if len(set(cards)) != len(cards):
            raise RuleOptionError("a card is named twice in the stack")
        if len(cards) < ROW:
            raise RuleOptionError(f"Hi Lo lays {ROW} cards face down (rule T12); the stack holds {len(cards)}")
        state = HiLoState(stack=cards, taken=ROW, row=cards[:ROW], step=HiLoStep.CHOOSE)
        events: list[Event] = [HiLoLaid(ROW, len(cards) - ROW)]
        state = self._turn(state, 0, events)
        return Transition(state, tuple(events))

    def check_start(self, state: object) -> None:
        """Checks that `state` is a Hi Lo state of this deck that play can go on from.

        Used to vet the start state of a loaded record (`toptrumps_core.record`).

        Raises:
            RuleOptionError: If it is not; the message says what is wrong.
        """
        if not isinstance(state, HiLoState):
            raise RuleOptionError(f"expected a HiLoState; got {type(state).__name__}")
        n = len(self.deck.cards)

        def numbers(value: object) -> bool:
            return isinstance(value, tuple) and all(type(x) is int and 0 <= x < n for x in value)

        problem = None
        if not isinstance(state.step, HiLoStep):
            problem = "the step must be known"
        elif state.step is HiLoStep.SHUFFLE:
            if state != HiLoState(stack=()):
                problem = "a state before the shuffle holds no cards"
        elif not (numbers(state.stack) and numbers(state.row) and numbers(state.put_aside)):
            problem = f"cards must be numbers from 0 to {n - 1}"
        elif len(set(state.stack)) != len(state.stack) or len(state.stack) < ROW:
            problem = f"the stack must hold at least {ROW} different cards"
        elif type(state.taken) is not int or not ROW <= state.taken <= len(state.stack) or not state.row:
            problem = f"{ROW} cards must be laid from the stack"
        elif len(state.row) > ROW or (len(state.row) < ROW and state.taken < len(state.stack)):
            problem = "the row closes up only once the stack is empty"
        elif not set(state.row) | set(state.put_aside) <= set(state.stack[: state.taken]):
            problem = "the row and the put-aside cards must come from the cards taken"
        elif type(state.turned) is not int or not 1 <= state.turned <= len(state.row):
            problem = "at least the first card is turned"
        elif state.category is not None and not (
            type(state.category) is int and 0 <= state.category < len(self.deck.categories)
        ):
            problem = "the category must be None or a category number"
        elif (state.step is HiLoStep.CHOOSE) != (state.category is None):
            problem = "the category is chosen exactly when the step is past choosing"
        elif (state.step is HiLoStep.OVER) != (state.end_reason is not None):
            problem = "the end reason is set exactly when the mini-game is over"
        elif state.step is HiLoStep.CHOOSE and not self._playable(state.row[0], None):
            problem = "the first card must have data in some category"
        elif state.step is HiLoStep.CALL and state.turned != len(state.calls) + 1:
            problem = "one card is turned per judged call, plus the first"
        if problem is not None:
            raise RuleOptionError(f"not a valid Hi Lo start state: {problem}")

    # -- the protocol -------------------------------------------------------------

    def actor(self, state: HiLoState) -> Actor:
        """Returns who acts: CHANCE (the shuffle), seat 0, or TERMINAL."""
        if state.step is HiLoStep.SHUFFLE:
            return CHANCE
        if state.step is HiLoStep.OVER:
            return TERMINAL
        return 0

    def chance(self, state: HiLoState) -> Distribution:
        """Returns the shuffle of the whole deck (standalone start only).

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.step is HiLoStep.SHUFFLE:
            return UniformPermutation(len(self.deck.cards))
        raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")

    def legal_actions(self, state: HiLoState) -> tuple[HiLoDecision, ...]:
        """Returns the actions open to seat 0 (empty at chance and terminal).

        Before the category is chosen: `ChooseCategory` for every category
        where the first card has data, in deck order.  Then both `Call`s.
        """
        if state.step is HiLoStep.CHOOSE:
            first = self.deck.cards[state.row[0]]
            return tuple(ChooseCategory(i) for i, v in enumerate(first.values) if v is not None)
        if state.step is HiLoStep.CALL:
            return (Call("higher"), Call("lower"))
        return ()

    def apply(self, state: HiLoState, action: Action) -> Transition[HiLoState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        if state.step is HiLoStep.SHUFFLE:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)  # the check above passed
            return self.setup(action.order)
        if state.step is HiLoStep.OVER:
            raise IllegalActionError(f"the mini-game is over; no action is legal (got {action!r})")
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalActionError(f"{action!r} is not legal now; expected one of {list(legal)!r}")
        if isinstance(action, ChooseCategory):
            state = replace(state, category=action.category, step=HiLoStep.CALL)
            return Transition(state, (HiLoCategoryChosen(action.category),))
        assert isinstance(action, Call)  # the check above passed
        return self._call(state, action)

    def observe(self, state: HiLoState, seat: Seat = 0) -> HiLoView:
        """Returns what the active player sees (no face-down card).

        Raises:
            IllegalActionError: If `seat` is not 0.
        """
        if not is_whole_number(seat, low=0, high=0):  # a bool or 0.0 is not seat 0
            raise IllegalActionError(f"Hi Lo has one seat, 0 (the active player); got {seat!r}")
        faces = tuple(card if slot < state.turned else None for slot, card in enumerate(state.row))
        seen = {c for c in faces if c is not None} | set(state.put_aside)
        return HiLoView(
            seat=0,
            deck=self.deck,
            hilo_pins=self.hilo_pins,
            faces=faces,
            put_aside=state.put_aside,
            category=state.category,
            calls=state.calls,
            stack_size=len(state.stack) - state.taken,
            pins=self.pins(state),
            unseen=tuple(c for c in range(len(self.deck.cards)) if c not in seen),
            outcome=self.outcome(state),
        )

    def outcome(self, state: HiLoState) -> Outcome | None:
        """Returns ``Outcome(MINI_GAME_ENDED, {0} if pins else {})`` once over, else None."""
        if state.step is not HiLoStep.OVER:
            return None
        return Outcome(TournamentEnd.MINI_GAME_ENDED, frozenset({0}) if self.pins(state) else frozenset())

    # -- for the tournament ---------------------------------------------------------

    def pins(self, state: HiLoState) -> int:
        """Returns the pins earned so far, 0..2 (final once over) (T12).

        ``"per_call"``: one per right call (the first call wrong ends it).
        ``"complete_run"``: 2 once both calls are right, else 0.
        """
        right = sum(1 for _, ok in state.calls if ok)
        if self.hilo_pins == "per_call":
            return right
        return 2 if right == 2 else 0

    def used_cards(self, state: HiLoState) -> tuple[int, ...]:
        """Returns every card taken from the stack, put-aside ones included, in order taken (T2).

        The three laid cards come first (even one never turned), then the
        replacements.
        """
        return state.stack[: state.taken]

    def returned_stack(self, state: HiLoState) -> tuple[int, ...]:
        """Returns the stack after the mini-game: the untaken cards, then the used ones under it (T2)."""
        return state.stack[state.taken :] + state.stack[: state.taken]

    # -- helpers ------------------------------------------------------------------

    def _turn(self, state: HiLoState, slot: int, events: list[Event]) -> HiLoState:
        """Turns `slot`, putting no-data cards aside and filling the gap (T12 and the rulings)."""
        category = None if slot == 0 else state.category
        while True:
            if slot >= len(state.row):  # the row closed up earlier: this slot is empty
                state = self._fill(state, slot, events)
                if state.step is HiLoStep.OVER:
                    return state
            card = state.row[slot]
            events.append(HiLoTurned(slot, card))
            state = replace(state, turned=slot + 1)
            if self._playable(card, category):
                return state
            events.append(HiLoPutAside(slot, card, category))
            row = state.row[:slot] + state.row[slot + 1 :]
            state = replace(state, put_aside=(*state.put_aside, card), row=row, turned=slot)
            state = self._fill(state, slot, events)
            if state.step is HiLoStep.OVER:
                return state

    def _fill(self, state: HiLoState, slot: int, events: list[Event]) -> HiLoState:
        """Fills the empty `slot`: the next card of the stack, else the face-down card to its right."""
        if state.taken < len(state.stack):
            row = (*state.row[:slot], state.stack[state.taken], *state.row[slot:])
            return replace(state, row=row, taken=state.taken + 1)
        if slot < len(state.row):  # the row closes up: the next face-down card moves left
            events.append(HiLoRowClosedUp(slot))
            return state
        events.append(HiLoStackRanOut(slot))
        return self._end(state, "stack_ran_out", events)

    def _playable(self, card: int, category: int | None) -> bool:
        """Returns True if `card` has data in `category` (any category when None)."""
        values = self.deck.cards[card].values
        if category is None:
            return any(v is not None for v in values)
        return values[category] is not None

    def _call(self, state: HiLoState, action: Call) -> Transition[HiLoState]:
        events: list[Event] = []
        slot = state.turned
        state = self._turn(state, slot, events)
        if state.step is HiLoStep.OVER:
            return Transition(state, tuple(events))
        category = state.category
        assert category is not None
        before = self.deck.cards[state.row[slot - 1]].values[category]
        after = self.deck.cards[state.row[slot]].values[category]
        assert before is not None and after is not None
        right = after >= before if action.direction == "higher" else after <= before
        events.append(HiLoCalled(slot, action.direction, right))
        state = replace(state, calls=(*state.calls, (action.direction, right)))
        if not right:
            state = self._end(state, "wrong_call", events)
        elif slot == ROW - 1:
            state = self._end(state, "run_complete", events)
        return Transition(state, tuple(events))

    def _end(self, state: HiLoState, reason: EndReason, events: list[Event]) -> HiLoState:
        state = replace(state, step=HiLoStep.OVER, end_reason=reason)
        events.append(HiLoEnded(self.pins(state), reason))
        return state
