"""A tiny sealed-bid game for the driver's SIMULTANEOUS node (not a game of RULES.md).

Each seat starts with `coins` coins.  Each of `rounds` rounds, every seat that
still has coins bids from 0 to all it has left, all at once and unseen
(`SealBid`, one `JointAction` per round); the single highest bid wins the
round and is paid, equal highest bids win nothing (bids are returned).  The
seats with the most rounds won share the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import (
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    NodeKind,
    Outcome,
    Recorded,
    Seat,
    SimultaneousGame,
    Termination,
    Transition,
    check_joint,
    check_seat,
    whole_number,
)
from toptrumps_core.record import check_rules_version, register_family
from toptrumps_core.strategies import Strategy


@dataclass(frozen=True, slots=True)
class SealBid(Action, wire="test_sealed_bid/seal"):
    """A seat's sealed bid of `amount` coins."""

    amount: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", whole_number(self.amount, "a bid"))


@dataclass(frozen=True, slots=True)
class SealedBidsOpened(Event, wire="test_sealed_bid/opened"):
    """The round's bids, opened together: ``(seat, amount)`` pairs; `winner` None on a tie."""

    bids: tuple[tuple[Seat, int], ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class SealedBidState(Recorded, wire="test_sealed_bid/state"):
    """Coins left and rounds won per seat, and the rounds played."""

    coins: tuple[int, ...]
    won: tuple[int, ...]
    played: int = 0


@dataclass(frozen=True, slots=True)
class SealedBidView:
    """What one seat sees: its coins, everyone's rounds won, the rounds played."""

    seat: Seat
    coins: int
    won: tuple[int, ...]
    played: int


@dataclass(frozen=True)
class SealedBidRules(SimultaneousGame[SealedBidState, Action, SealedBidView]):
    """The rules: `seats` players with `coins` coins each, `rounds` rounds."""

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SIMULTANEOUS})

    seats: int = 2
    coins: int = 3
    rounds: int = 2
    family: ClassVar[str] = "test_sealed_bid"
    rules_version: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 4:
            raise RuleOptionError(f"2 to 4 seats; got {self.seats!r}")

    def initial_state(self) -> SealedBidState:
        return SealedBidState((self.coins,) * self.seats, (0,) * self.seats)

    def actor(self, state: SealedBidState) -> Actor:
        return TERMINAL if self._over(state) else SIMULTANEOUS

    def seats_to_act(self, state: SealedBidState) -> tuple[Seat, ...]:
        return () if self._over(state) else tuple(s for s in range(self.seats) if state.coins[s] > 0)

    def legal_actions(self, state: SealedBidState, seat: Seat | None = None) -> tuple[Action, ...]:
        if seat is None or seat not in self.seats_to_act(state):
            return ()
        return tuple(SealBid(n) for n in range(state.coins[seat] + 1))

    def chance(self, state: SealedBidState) -> Distribution:
        raise IllegalActionError("the sealed-bid game has no chance nodes")

    def apply(self, state: SealedBidState, action: Action) -> Transition[SealedBidState]:
        if self._over(state):
            raise IllegalActionError(f"the game is over; got {action!r}")
        joint = check_joint(self, state, action)
        bids = tuple((seat, move.amount) for seat, move in joint.moves if isinstance(move, SealBid))
        top = max(amount for _, amount in bids)
        leaders = [seat for seat, amount in bids if amount == top]
        winner = leaders[0] if len(leaders) == 1 else None
        coins, won = list(state.coins), list(state.won)
        if winner is not None:
            coins[winner] -= top
            won[winner] += 1
        after = replace(state, coins=tuple(coins), won=tuple(won), played=state.played + 1)
        return Transition(after, (SealedBidsOpened(bids, winner),))

    def observe(self, state: SealedBidState, seat: Seat) -> SealedBidView:
        seat = check_seat(seat, self.seats)
        return SealedBidView(seat, state.coins[seat], state.won, state.played)

    def outcome(self, state: SealedBidState) -> Outcome | None:
        if not self._over(state):
            return None
        best = max(state.won)
        return Outcome(Termination.ROUND_LIMIT, frozenset(s for s, w in enumerate(state.won) if w == best))

    def _over(self, state: SealedBidState) -> bool:
        return state.played >= self.rounds or not any(state.coins)

    def to_data(self) -> dict[str, Any]:
        return {"seats": self.seats, "coins": self.coins, "rounds": self.rounds}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = 1) -> SealedBidRules:
        check_rules_version(rules_version, (1,), cls.family)
        return cls(**data)


register_family(SealedBidRules.family, SealedBidRules)


@dataclass(frozen=True)
class BidAll(Strategy[SealedBidView]):
    """A computer bidder: bids everything it has left (or `share` of it, rounded down)."""

    share: float = 1.0

    def choose(self, view: SealedBidView, legal: Sequence[Action], rng: random.Random) -> Action:
        return SealBid(int(view.coins * self.share))


@dataclass(frozen=True)
class BidAtRandom(Strategy[SealedBidView]):
    """A computer bidder that bids any legal amount, from its own stream."""

    def choose(self, view: SealedBidView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
