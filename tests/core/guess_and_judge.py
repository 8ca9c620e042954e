"""A tiny guessing game for the driver's JUDGE node (not a game of RULES.md).

Chance draws a secret from 1 to `top` (`DrawSecret`).  The seats guess in
turn (`GuessSecret`), each at most `guesses` times.  A guess equal to the
secret wins at once; a near miss (off by one) goes to the judge, who is not a
seat and sees the secret and the guess (`judge_view`): `JudgeGuess(True)`
accepts it and the guesser wins, `JudgeGuess(False)` refuses it and play
passes on.  Nobody wins when every guess is spent.

Rules version 2 is the game above; version 1, kept for its records, had no
near misses (no judge ever ruled).  ``GuessRules(rules_version=1)`` plays it,
and a version-1 record rebuilds it through ``from_data``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import (
    CHANCE,
    JUDGE,
    TERMINAL,
    Action,
    Actor,
    Event,
    Finite,
    JudgedGame,
    NodeKind,
    Outcome,
    Recorded,
    Seat,
    Termination,
    Transition,
    check_seat,
    whole_number,
)
from toptrumps_core.record import check_rules_version, register_family
from toptrumps_core.strategies import Strategy


@dataclass(frozen=True, slots=True)
class DrawSecret(Action, wire="test_guess_and_judge/draw_secret"):
    """Chance action: the secret number."""

    value: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", whole_number(self.value, "a secret"))


@dataclass(frozen=True, slots=True)
class GuessSecret(Action, wire="test_guess_and_judge/guess"):
    """A seat's guess."""

    value: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", whole_number(self.value, "a guess"))


@dataclass(frozen=True, slots=True)
class JudgeGuess(Action, wire="test_guess_and_judge/judge"):
    """The judge's ruling on a near miss."""

    accept: bool


@dataclass(frozen=True, slots=True)
class SecretGuessed(Event, wire="test_guess_and_judge/guessed"):
    """A seat guessed `value`; `near` when it was off by one (the judge rules)."""

    seat: Seat
    value: int
    near: bool


@dataclass(frozen=True, slots=True)
class GuessJudged(Event, wire="test_guess_and_judge/judged"):
    """The judge accepted or refused `seat`'s near miss."""

    seat: Seat
    accepted: bool


@dataclass(frozen=True, slots=True)
class GuessState(Recorded, wire="test_guess_and_judge/state"):
    """The secret (0 before the draw), the guesses so far, the guess awaiting the judge, the winner."""

    secret: int = 0
    guesses: tuple[tuple[Seat, int], ...] = ()
    near_miss: bool = False
    winner: Seat | None = None


@dataclass(frozen=True, slots=True)
class GuessView:
    """What a seat sees: every guess so far and whose turn it is, never the secret."""

    seat: Seat
    guesses: tuple[tuple[Seat, int], ...]


@dataclass(frozen=True, slots=True)
class JudgeView:
    """What the judge sees: the secret and the guess to rule on."""

    secret: int
    guess: int


@dataclass(frozen=True)
class GuessRules(JudgedGame[GuessState, Action, GuessView, JudgeView]):
    """The rules: `seats` guessers, secrets 1..`top`, `guesses` guesses each."""

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE, NodeKind.JUDGE})

    seats: int = 2
    top: int = 6
    guesses: int = 2
    rules_version: int = 2
    family: ClassVar[str] = "test_guess_and_judge"

    def __post_init__(self) -> None:
        check_rules_version(self.rules_version, (1, 2), self.family)
        if not 1 <= self.seats <= 4 or self.top < 2:
            raise RuleOptionError(f"1 to 4 seats and top >= 2; got {self.seats!r}, {self.top!r}")

    def initial_state(self) -> GuessState:
        return GuessState()

    def actor(self, state: GuessState) -> Actor:
        if state.secret == 0:
            return CHANCE
        if state.winner is not None or len(state.guesses) >= self.seats * self.guesses:
            return TERMINAL if not state.near_miss else JUDGE
        return JUDGE if state.near_miss else len(state.guesses) % self.seats

    def legal_actions(self, state: GuessState) -> tuple[Action, ...]:
        actor = self.actor(state)
        if actor is JUDGE:
            return (JudgeGuess(True), JudgeGuess(False))
        if isinstance(actor, int):
            return tuple(GuessSecret(n) for n in range(1, self.top + 1))
        return ()

    def chance(self, state: GuessState) -> Finite:
        return Finite.uniform([DrawSecret(n) for n in range(1, self.top + 1)])

    def apply(self, state: GuessState, action: Action) -> Transition[GuessState]:
        actor = self.actor(state)
        if actor is CHANCE:
            if not isinstance(action, DrawSecret) or self.chance(state).probability(action) == 0:
                raise IllegalActionError(f"{action!r} is not a possible secret")
            return Transition(replace(state, secret=action.value), ())
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"{action!r} is not legal for {actor!r}")
        if isinstance(action, JudgeGuess):
            seat = state.guesses[-1][0]
            winner = seat if action.accept else None
            return Transition(replace(state, near_miss=False, winner=winner), (GuessJudged(seat, action.accept),))
        assert isinstance(action, GuessSecret) and isinstance(actor, int)
        near = abs(action.value - state.secret) == 1 and self.rules_version >= 2
        winner = actor if action.value == state.secret else None
        after = replace(state, guesses=(*state.guesses, (actor, action.value)), near_miss=near, winner=winner)
        return Transition(after, (SecretGuessed(actor, action.value, near),))

    def observe(self, state: GuessState, seat: Seat) -> GuessView:
        return GuessView(check_seat(seat, self.seats), state.guesses)

    def judge_view(self, state: GuessState) -> JudgeView:
        if not state.near_miss:
            raise IllegalActionError("there is no guess for the judge to rule on")
        return JudgeView(state.secret, state.guesses[-1][1])

    def outcome(self, state: GuessState) -> Outcome | None:
        if self.actor(state) is not TERMINAL:
            return None
        return Outcome(Termination.ROUND_LIMIT, frozenset(() if state.winner is None else (state.winner,)))

    def to_data(self) -> dict[str, Any]:
        return {"seats": self.seats, "top": self.top, "guesses": self.guesses}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = 2) -> GuessRules:
        return cls(**data, rules_version=rules_version)


register_family(GuessRules.family, GuessRules)


@dataclass(frozen=True)
class GuessInOrder(Strategy[GuessView]):
    """A computer guesser: the smallest number nobody has guessed yet."""

    def choose(self, view: GuessView, legal: Sequence[Action], rng: random.Random) -> Action:
        tried = {value for _, value in view.guesses}
        return next(a for a in legal if isinstance(a, GuessSecret) and a.value not in tried)


@dataclass(frozen=True)
class LenientJudge(Strategy[JudgeView]):
    """A computer judge: accepts a near miss when `accept`, else refuses it."""

    accept: bool = True

    def choose(self, view: JudgeView, legal: Sequence[Action], rng: random.Random) -> Action:
        return JudgeGuess(self.accept)
