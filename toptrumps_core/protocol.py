"""The protocol every game and mini-game follows.

A game is a frozen *rules* object plus pure functions over *states* that are never changed once built:

- ``rules.initial_state()`` and scenario starts (``rules.start_from(...)``);
- ``rules.actor(state)``: a seat number, `CHANCE`, `SIMULTANEOUS`, `JUDGE`
  or `TERMINAL`;
- ``rules.legal_actions(state)``: the actions open to that actor;
- ``rules.chance(state)``: the distribution the driver draws from when the
  actor is `CHANCE` (rules never draw; the drawn outcome is applied as an
  action, so a record replays without a generator);
- ``rules.apply(state, action) -> Transition``: the next state and the events
  the action caused, or `IllegalActionError`;
- ``rules.observe(state, seat)``: what one seat may see;
- ``rules.outcome(state)``: an `Outcome` once terminal, else None.

Two kinds of node let more than one seat, or no seat, decide:

- `SIMULTANEOUS` (a `SimultaneousGame`): every seat that
  ``rules.seats_to_act(state)`` lists submits one action, chosen from
  ``rules.legal_actions(state, seat)`` and that seat's view of the same state.
  The model is the *joint move*: the driver keeps each submission to itself
  until all are in, then applies them at once as one `JointAction`, so no seat
  can see another's choice before making its own (the state has not moved),
  and the record holds one action and one transition for the node.
- `JUDGE` (a `JudgedGame`): a decider who is not a seat, such as the quiz
  master accepting a near miss, picks one of ``rules.legal_actions(state)``
  from ``rules.judge_view(state)``.  The driver asks the judge given to the
  match: a person, or a computer judge.

This module holds the shared vocabulary: actors, outcomes with their reason,
transitions, chance distributions with exact probabilities, the `Action` and
`Event` base classes (every subclass declares the wire name the record codec
knows it by, see `Recorded`), and the chance actions (`Shuffle`, `Lot`) that several
games use.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeGuard, TypeVar, runtime_checkable

from toptrumps_core.checks import whole_number
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.wire import recorded_type, recorded_types, register_type

__all__ = [
    "CHANCE",
    "JUDGE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Actor",
    "AnyGame",
    "Distribution",
    "EndReason",
    "Event",
    "Finite",
    "Game",
    "JointAction",
    "JudgedGame",
    "Lot",
    "NodeKind",
    "Outcome",
    "Recorded",
    "Seat",
    "Shuffle",
    "SimultaneousGame",
    "Termination",
    "Transition",
    "UniformPermutation",
    "check_joint",
    "check_seat",
    "is_simultaneous",
    "recorded_type",
    "recorded_types",
    "whole_number",
]

Seat: TypeAlias = int
"""A seat number, 0..n-1 clockwise; the seat to the left of s is (s + 1) % n."""


class _Node(enum.Enum):
    CHANCE = "chance"
    SIMULTANEOUS = "simultaneous"
    JUDGE = "judge"
    TERMINAL = "terminal"

    def __repr__(self) -> str:
        return self.name


CHANCE = _Node.CHANCE
"""The actor of a state where chance moves: the driver draws from `rules.chance`."""
SIMULTANEOUS = _Node.SIMULTANEOUS
"""The actor of a state where several seats decide at once (`SimultaneousGame`)."""
JUDGE = _Node.JUDGE
"""The actor of a state where a judge who is not a seat decides (`JudgedGame`)."""
TERMINAL = _Node.TERMINAL
"""The actor of a state where the game is over."""

Actor: TypeAlias = "Seat | _Node"
"""Who acts in a state: a seat number, `CHANCE`, `SIMULTANEOUS`, `JUDGE` or `TERMINAL`."""

class Recorded:
    """The base of every value a game record stores, known to the record codec by its wire name.

    Each concrete subclass declares its *wire name*, the tag records write
    for it (class attribute ``wire``), so renaming a class never changes a
    saved file: ``class ChooseCategory(Action, wire="classic/choose")``,
    ``class Termination(EndReason, wire="termination")``.  Shared
    types are plain (``"shuffle"``, ``"lot"``, ``"joint"``, ``"outcome"``),
    a family's own ``"<family>/<verb or noun>"``, lower case; a family owns
    its prefix, so only its own modules may use it, and plain names are the
    core's (`toptrumps_core.wire`).  Defining a subclass registers it for the
    codec of `toptrumps_core.record`, which writes ``{"type": wire name,
    field: value, ...}`` (an enum member as ``{"enum": wire name, "value":
    ...}``).  Actions derive from `Action`, events from `Event`; stored
    states, their enums and `Outcome` from `Recorded` itself.  A slotted
    dataclass, built twice by its decorator, keeps its wire name; a base
    meant only for inheriting passes ``abstract=True`` and has none.

    Raises:
        TypeError: When a concrete subclass declares no wire name, one that
            is not lower-case words with at most one ``/``, one whose prefix
            (or plain name) another family (or the core) owns, or the wire
            name of a class from another module or scope (a record would not
            know which one it holds).
    """

    __slots__ = ()
    wire: ClassVar[str]  # the name records write for this type

    def __init_subclass__(cls, *, wire: str | None = None, abstract: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if abstract:
            if wire is not None:
                raise TypeError(f"{cls.__qualname__} is abstract=True, so it takes no wire name; got {wire!r}")
            return
        wire = cls.__dict__.get("wire") if wire is None else wire  # a slotted dataclass is rebuilt without it
        if wire is None:
            raise TypeError(
                f"record type {cls.__module__}.{cls.__qualname__} declares no wire name; "
                f'expected e.g. class {cls.__name__}(..., wire="<family>/<name>")'
            )
        cls.wire = register_type(cls, wire)


class Action(Recorded, abstract=True):
    """The base of every action: a frozen dataclass named as an imperative verb.

    Seat decisions (``ChooseCategory(2)``) and chance outcomes (`Shuffle`,
    `Lot`) alike; each subclass declares its wire name (see `Recorded`).
    """

    __slots__ = ()


class Event(Recorded, abstract=True):
    """The base of every event: a dataclass named in the past tense (``Tied(...)``), never changed once built.

    Each subclass declares its wire name (see `Recorded`).
    """

    __slots__ = ()


class EndReason(Recorded, enum.Enum, abstract=True):
    """Why a game ended: the base of every enum of end reasons.

    A game family names its own end reasons (`GameFamily.end_reasons`),
    usually an enum of its own, ``class SnapEnd(EndReason, wire="snap/end"):
    SNAP = "snap"`` (as `TournamentEnd`, `SquadsEnd` and `QuizEnd`), which
    records store like any other recorded enum.  The reasons several families
    share are `Termination`'s.  Whatever the family, a game the driver's cap
    stopped ends `Termination.UNFINISHED` (rule C12).
    """


class Termination(EndReason, wire="termination"):
    """The shared end reasons: classic play's, which the tournament's card games share, and `UNFINISHED`.

    Classic play ends for `LAST_STACK`, `DRAW_ALL_OUT` or `ROUND_LIMIT`, and
    the card games played inside the tournament may end for the same reasons,
    so these stay shared; `UNFINISHED` serves every family (rule C12).  The
    tournament, Squads and the quiz name their own (`TournamentEnd`,
    `SquadsEnd`, `QuizEnd`); records written before, which stored theirs as a
    `Termination`, still load (`toptrumps_core.record.codec`).
    """

    LAST_STACK = "last_stack"
    """One player holds every card still in play (rule C7)."""
    DRAW_ALL_OUT = "draw_all_out"
    """A tie left nobody holding cards: a draw among its players (rule C7)."""
    ROUND_LIMIT = "round_limit"
    """The agreed comparison limit was reached; most cards wins (rule C11)."""
    UNFINISHED = "unfinished"
    """A simulation cap stopped the game; nobody won (rule C12)."""


@dataclass(frozen=True, slots=True)
class Outcome(Recorded, wire="outcome"):
    """How a game ended and who won.

    Attributes:
        termination: The reason the game ended.
        winners: The winning seats; two or more means a draw among them; empty
            for an unfinished game (rule C12).
    """

    termination: EndReason
    winners: frozenset[Seat]

    @property
    def is_draw(self) -> bool:
        """Returns True if two or more seats share the win."""
        return len(self.winners) > 1


S = TypeVar("S")


def check_seat(seat: object, seats: int) -> Seat:
    """Returns `seat` if it is a seat number of a game with `seats` seats.

    Rules objects and the driver check the seat of ``observe(state, seat)``
    with this, so that ``"0"``, ``True`` or ``1.0`` never pass for a seat
    (`toptrumps_core.checks.whole_number`, which `whole_number` here is too).

    Raises:
        IllegalActionError: If `seat` is not a whole number from 0 to
            ``seats - 1`` (a bool is not a seat).

    Example:
        >>> check_seat(2, 3)
        2
    """
    return whole_number(seat, "the seat", low=0, high=seats - 1, error=IllegalActionError)


# Not frozen=True: see the docstring; frozen, the rules engine falls below 0.1x the plain baseline.
@dataclass(slots=True, unsafe_hash=True)
class Transition(Generic[S]):
    """The result of applying one action: the next state and what happened.

    A value, never changed once built; not ``frozen=True``, whose
    ``object.__setattr__`` per field would cost more than reading it, at
    every action (with the shared events and `ClassicState` frozen too, the
    rules engine falls from 0.10x to 0.07x the plain baseline of
    `benchmarks/bench_simulation.py`, below the 0.1x it must keep).

    Attributes:
        state: The state after the action.
        events: The events the action caused, in order (possibly empty).
    """

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Shuffle(Action, wire="shuffle"):
    """Chance action: the cards in the order drawn by a shuffle.

    Attributes:
        order: A permutation of 0..n-1; ``order[i]`` is the position, in the
            cards being shuffled, of the card that ends up i-th (top first).
            Any sequence of whole numbers is stored as a tuple of ints.

    Raises:
        TypeError: If `order` is not a sequence of whole numbers (e.g. floats),
            which could otherwise pass as a permutation (``1.0 == 1``).
    """

    order: tuple[int, ...]

    def __post_init__(self) -> None:
        try:
            order = tuple(whole_number(n, "a Shuffle's position") for n in self.order)
        except TypeError:
            raise TypeError(f"a Shuffle's order must be a sequence of whole numbers; got {self.order!r}") from None
        object.__setattr__(self, "order", order)


@dataclass(frozen=True, slots=True)
class Lot(Action, wire="lot"):
    """Chance action: the seat drawn by lot (e.g. the next chooser, rule C8).

    Attributes:
        seat: The seat drawn.

    Raises:
        TypeError: If `seat` is not a whole number.
    """

    seat: Seat

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", whole_number(self.seat, "a Lot's seat"))


class Distribution(Protocol):
    """A chance node's distribution over actions, with exact probabilities."""

    def sample(self, rng: random.Random) -> Action:
        """Returns one action drawn with `rng`."""
        ...

    def probability(self, action: Action) -> Fraction:
        """Returns the exact probability of `action` (0 if impossible)."""
        ...


@dataclass(frozen=True, slots=True)
class Finite:
    """A distribution with a short list of outcomes, e.g. a spinner or a lot.

    Attributes:
        outcomes: ``(action, probability)`` pairs; probabilities are exact
            Fractions in (0, 1] summing to exactly 1.

    Raises:
        ValueError: If the probabilities are not positive or do not sum to 1.

    Example:
        >>> Finite.uniform([Lot(0), Lot(2)]).probability(Lot(2))
        Fraction(1, 2)
    """

    outcomes: tuple[tuple[Action, Fraction], ...]

    def __post_init__(self) -> None:
        if not self.outcomes or any(p <= 0 for _, p in self.outcomes) or sum(p for _, p in self.outcomes) != 1:
            raise ValueError(f"probabilities must be positive and sum to 1; got {self.outcomes!r}")

    @classmethod
    def uniform(cls, actions: Sequence[Action]) -> Finite:
        """Returns the uniform distribution over `actions` (at least one)."""
        share = Fraction(1, len(actions))
        return cls(tuple((action, share) for action in actions))

    def sample(self, rng: random.Random) -> Action:
        """Returns one outcome drawn with `rng` (one ``rng.random()`` call)."""
        draw = Fraction(rng.random())
        total = Fraction(0)
        for action, p in self.outcomes:
            total += p
            if draw < total:
                return action
        return self.outcomes[-1][0]

    def probability(self, action: Action) -> Fraction:
        """Returns the exact probability of `action`."""
        return sum((p for a, p in self.outcomes if a == action), Fraction(0))


@dataclass(frozen=True, slots=True)
class UniformPermutation:
    """The distribution of a fair shuffle of `n` cards: each order has 1/n!.

    Attributes:
        n: How many cards are shuffled, >= 0.
    """

    n: int

    def sample(self, rng: random.Random) -> Shuffle:
        """Returns a `Shuffle` drawn with `rng` (Fisher-Yates via rng.shuffle)."""
        order = list(range(self.n))
        rng.shuffle(order)
        return Shuffle(tuple(order))

    def probability(self, action: Action) -> Fraction:
        """Returns 1/n! for any permutation of 0..n-1, else 0."""
        if not isinstance(action, Shuffle) or sorted(action.order) != list(range(self.n)):
            return Fraction(0)
        return Fraction(1, math.factorial(self.n))


class NodeKind(enum.Enum):
    """A kind of node a game reaches, as its rules class declares them in ``node_kinds`` for the driver to read.

    A game with `NodeKind.SIMULTANEOUS` is a `SimultaneousGame`, one with `NodeKind.JUDGE` a `JudgedGame`.
    """

    SEAT = "seat"
    """A seat decides (``actor(state)`` is a seat number)."""
    CHANCE = "chance"
    """Chance moves (``actor(state) is CHANCE``)."""
    SIMULTANEOUS = "simultaneous"
    """Several seats decide at once (``actor(state) is SIMULTANEOUS``): a `SimultaneousGame`."""
    JUDGE = "judge"
    """A judge who is not a seat decides (``actor(state) is JUDGE``): a `JudgedGame`."""


A_co = TypeVar("A_co", bound=Action, covariant=True)
V_co = TypeVar("V_co", covariant=True)
J_co = TypeVar("J_co", covariant=True)


@runtime_checkable
class Game(Protocol[S, A_co, V_co]):
    """The protocol of a rules object (see the module docstring), generic over its types.

    A rules class names its types by deriving from it, e.g. ``class
    ClassicRules(Game[ClassicState, ClassicDecision, ClassicView])``: `S`
    its state, `A_co` the actions ``legal_actions`` offers (``apply`` takes
    any `Action` and refuses an illegal one), `V_co` what ``observe`` gives.

    Attributes:
        node_kinds: The kinds of node the game reaches (`NodeKind`), which
            every rules class declares and the driver reads.
    """

    node_kinds: ClassVar[frozenset[NodeKind]]

    @property
    def seats(self) -> int:
        """The number of seats (players)."""
        ...

    def initial_state(self) -> S:
        """Returns the state before the first action."""
        ...

    def actor(self, state: S) -> Actor:
        """Returns who acts in `state`."""
        ...

    def legal_actions(self, state: S) -> tuple[A_co, ...]:
        """Returns the actions open to the actor of `state`."""
        ...

    def chance(self, state: S) -> Distribution:
        """Returns the distribution to draw from when the actor is CHANCE."""
        ...

    def apply(self, state: S, action: Action) -> Transition[S]:
        """Returns the next state and events, or raises IllegalActionError (e.g. for an action of another game)."""
        ...

    def observe(self, state: S, seat: Seat) -> V_co:
        """Returns the part of `state` that `seat` may see."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Returns the outcome once the game is over, else None."""
        ...


@dataclass(frozen=True, slots=True)
class JointAction(Action, wire="joint"):
    """The actions of a `SIMULTANEOUS` node, one per listed seat, applied at once.

    Attributes:
        moves: ``(seat, action)`` pairs in seat order, one for every seat of
            ``rules.seats_to_act(state)``.

    Raises:
        TypeError: If a seat is not a whole number or an action is not an
            `Action`.

    Example:
        >>> JointAction(((1, Lot(0)), (0, Lot(2)))).moves
        ((0, Lot(seat=2)), (1, Lot(seat=0)))
    """

    moves: tuple[tuple[Seat, Action], ...]

    def __post_init__(self) -> None:
        moves = []
        for seat, action in self.moves:
            if not isinstance(action, Action):
                raise TypeError(f"a JointAction holds actions; got {action!r} for seat {seat!r}")
            moves.append((whole_number(seat, "a JointAction's seat"), action))
        object.__setattr__(self, "moves", tuple(sorted(moves, key=lambda move: move[0])))


@runtime_checkable
class SimultaneousGame(Game[S, A_co, V_co], Protocol):
    """A game with `SIMULTANEOUS` nodes (see the module docstring); its ``node_kinds`` holds `NodeKind.SIMULTANEOUS`."""

    def seats_to_act(self, state: S) -> tuple[Seat, ...]:
        """Returns the seats that each submit one action at a SIMULTANEOUS node, in seat order."""
        ...

    def legal_actions(self, state: S, seat: Seat | None = None) -> tuple[A_co, ...]:
        """Returns the actions open to `seat` at a SIMULTANEOUS node, else to the actor of `state`."""
        ...


@runtime_checkable
class JudgedGame(Game[S, A_co, V_co], Protocol[S, A_co, V_co, J_co]):
    """A game with `JUDGE` nodes (see the module docstring); its ``node_kinds`` holds `NodeKind.JUDGE`.

    `J_co` is what the judge sees: the type of ``judge_view(state)``, which
    the computer judge of a match reads (a ``Strategy[J]``).
    """

    def judge_view(self, state: S) -> J_co:
        """Returns what the judge may see in `state` (e.g. the guess and the accepted answers)."""
        ...


A = TypeVar("A", bound=Action)
V = TypeVar("V")


AnyGame: TypeAlias = "Game[Any, Action, Any]"
"""A rules object of any family, for records and registries (a game is invariant in its state type)."""


def is_simultaneous(rules: Game[S, A, V]) -> TypeGuard[SimultaneousGame[S, A, V]]:
    """Returns True if `rules` declares `NodeKind.SIMULTANEOUS` in its ``node_kinds``."""
    return NodeKind.SIMULTANEOUS in rules.node_kinds


def check_joint(rules: SimultaneousGame[S, A, V], state: S, action: Action) -> JointAction:
    """Returns `action` if it is a legal `JointAction` at the SIMULTANEOUS node `state`.

    Rules call this at the start of ``apply`` on a SIMULTANEOUS node.

    Raises:
        IllegalActionError: If `action` is not a `JointAction`, does not hold
            exactly one action for each seat of ``rules.seats_to_act(state)``,
            or holds an action that is not legal for its seat (the message
            names the seat and lists its legal actions).
    """
    if not isinstance(action, JointAction):
        raise IllegalActionError(f"every listed seat acts at once here: expected a JointAction; got {action!r}")
    seats = rules.seats_to_act(state)
    given = tuple(seat for seat, _ in action.moves)
    if given != seats:
        raise IllegalActionError(f"expected one action from each of seats {list(seats)}; got {list(given)}")
    for seat, move in action.moves:
        legal = rules.legal_actions(state, seat)
        if move not in legal:
            raise IllegalActionError(f"{move!r} is not legal for seat {seat}; expected one of {list(legal)!r}")
    return action


def check_chance(game: Game[S, A, V], state: S, action: Action) -> None:
    """Raises IllegalActionError unless `action` is a possible chance outcome of `state`.

    Every rules object checks a chance action with this before applying it:
    the actor of `state` must be `CHANCE`, and `action` must have a positive
    probability in ``game.chance(state)``.

    Raises:
        IllegalActionError: If chance does not act in `state`, or `action` is
            impossible there (the message names the action).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> from toptrumps_core.classic import ClassicRules
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {"x": [1, 2], "y": [3, 1]})
        >>> rules = ClassicRules(d, seats=2)
        >>> check_chance(rules, rules.initial_state(), Shuffle((1, 0)))
        >>> check_chance(rules, rules.initial_state(), Shuffle((0, 0)))
        Traceback (most recent call last):
        ...
        toptrumps_core.errors.IllegalActionError: Shuffle(order=(0, 0)) is not a possible chance outcome here
    """
    if game.actor(state) is not CHANCE or game.chance(state).probability(action) == 0:
        raise IllegalActionError(f"{action!r} is not a possible chance outcome here")
