"""Higher Card: a two-player game that lives outside `toptrumps_core` (not a game of RULES.md).

The cards are numbered 1..`cards` (an even number).  Chance shuffles them
and deals each seat half.  Each round, seat 0 then seat 1 plays one card
from its hand, face up; the higher card wins the round.  When the hands are
empty, the seat with more rounds won wins the game; equal rounds are a draw.

Everything the core needs is said once, in `HIGHER_CARD`, registered with
`toptrumps_core.register_game`: importing this module is all it takes for
records, replays, narration, transcripts and default players to find it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core import GameFamily, register_game
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    EndReason,
    Event,
    Game,
    NodeKind,
    Outcome,
    Seat,
    Shuffle,
    Transition,
    UniformPermutation,
    check_chance,
    check_seat,
    whole_number,
)
from toptrumps_core.record import check_rules_version
from toptrumps_core.strategies import Strategy


class HigherCardEnd(EndReason, wire="higher_card/end"):
    """Why a game of Higher Card ended: this family's own end reason."""

    HANDS_PLAYED = "hands_played"
    """Every card is played; more rounds won wins, equal rounds are a draw."""


@dataclass(frozen=True, slots=True)
class PlayHigherCard(Action, wire="higher_card/play"):
    """A seat plays the card numbered `card` from its hand."""

    card: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", whole_number(self.card, "a Higher Card card"))


@dataclass(frozen=True, slots=True)
class HigherCardsDealt(Event, wire="higher_card/dealt"):
    """Each seat's hand after the shuffle, lowest card first."""

    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class HigherCardPlayed(Event, wire="higher_card/played"):
    """`seat` played `card` face up."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class HigherCardRoundWon(Event, wire="higher_card/round_won"):
    """`seat` won the round with the higher card; `rounds` is its rounds won now."""

    seat: Seat
    rounds: int


@dataclass(frozen=True)
class HigherCardState:
    """The hands (None before the deal), the card seat 0 has on the table, rounds won."""

    hands: tuple[tuple[int, ...], ...] | None = None
    table: int | None = None
    won: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class HigherCardView:
    """What one seat sees: its hand, the card on the table, rounds won."""

    seat: Seat
    hand: tuple[int, ...]
    table: int | None
    won: tuple[int, int]


@dataclass(frozen=True)
class HigherCardRules(Game[HigherCardState, Action, HigherCardView]):
    """The rules: two seats, cards numbered 1..`cards` (an even number from 2 to 20)."""

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SEAT, NodeKind.CHANCE})

    cards: int = 6
    seats: ClassVar[int] = 2
    family: ClassVar[str] = "higher_card"
    rules_version: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if isinstance(self.cards, bool) or not isinstance(self.cards, int) or self.cards not in range(2, 21, 2):
            raise RuleOptionError(f"Higher Card needs an even number of cards from 2 to 20; got {self.cards!r}")

    def initial_state(self) -> HigherCardState:
        return HigherCardState()

    def actor(self, state: HigherCardState) -> Actor:
        if state.hands is None:
            return CHANCE
        if not any(state.hands):
            return TERMINAL
        return 0 if state.table is None else 1

    def legal_actions(self, state: HigherCardState) -> tuple[Action, ...]:
        actor = self.actor(state)
        if not isinstance(actor, int) or state.hands is None:
            return ()
        return tuple(PlayHigherCard(card) for card in state.hands[actor])

    def chance(self, state: HigherCardState) -> Distribution:
        if state.hands is not None:
            raise IllegalActionError("chance acts only before the deal")
        return UniformPermutation(self.cards)

    def apply(self, state: HigherCardState, action: Action) -> Transition[HigherCardState]:
        if state.hands is None:
            check_chance(self, state, action)
            assert isinstance(action, Shuffle)
            half = self.cards // 2
            hands = tuple(tuple(sorted(n + 1 for n in part)) for part in (action.order[:half], action.order[half:]))
            return Transition(replace(state, hands=hands), (HigherCardsDealt(hands),))
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"{action!r} is not legal; expected one of {list(self.legal_actions(state))!r}")
        assert isinstance(action, PlayHigherCard)
        seat = 0 if state.table is None else 1
        hands = tuple(
            tuple(c for c in hand if c != action.card) if s == seat else hand for s, hand in enumerate(state.hands)
        )
        events: list[Event] = [HigherCardPlayed(seat, action.card)]
        if state.table is None:
            return Transition(replace(state, hands=hands, table=action.card), tuple(events))
        winner = 0 if state.table > action.card else 1
        won = (state.won[0] + (winner == 0), state.won[1] + (winner == 1))
        events.append(HigherCardRoundWon(winner, won[winner]))
        return Transition(HigherCardState(hands, None, won), tuple(events))

    def observe(self, state: HigherCardState, seat: Seat) -> HigherCardView:
        seat = check_seat(seat, self.seats)
        hand = () if state.hands is None else state.hands[seat]
        return HigherCardView(seat, hand, state.table, state.won)

    def outcome(self, state: HigherCardState) -> Outcome | None:
        if self.actor(state) is not TERMINAL:
            return None
        best = max(state.won)
        return Outcome(HigherCardEnd.HANDS_PLAYED, frozenset(s for s, w in enumerate(state.won) if w == best))

    def to_data(self) -> dict[str, Any]:
        return {"cards": self.cards}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int) -> HigherCardRules:
        check_rules_version(rules_version, (1,), cls.family)
        return cls(**data)


@dataclass(frozen=True)
class HighestFirst(Strategy[HigherCardView]):
    """The default computer player: plays its highest card."""

    def choose(self, view: HigherCardView, legal: Sequence[Action], rng: random.Random) -> Action:
        return max(legal, key=lambda action: action.card if isinstance(action, PlayHigherCard) else -1)


class HigherCardNarrator:
    """One sentence per event of Higher Card."""

    def __init__(self, rules: HigherCardRules, names: Sequence[str] | None = None, start: object = None) -> None:
        self.names: Sequence[str] = tuple(names) if names is not None else ("Seat 0", "Seat 1")

    def narrate_all(self, events: Iterable[Event]) -> list[str]:
        out = []
        for event in events:
            match event:
                case HigherCardsDealt(hands):
                    out.append(f"The cards are dealt, {len(hands[0])} to each.")
                case HigherCardPlayed(seat, card):
                    out.append(f"{self.names[seat]} plays {card}.")
                case HigherCardRoundWon(seat, rounds):
                    out.append(f"{self.names[seat]} has the higher card and {rounds} rounds won.")
                case _:
                    out.append(repr(event))
        return out


def _view_text(view: HigherCardView) -> str:
    return f"hand {list(view.hand)}; on the table {view.table}; rounds won {list(view.won)}"


HIGHER_CARD = register_game(
    GameFamily(
        name="higher_card",
        rules=HigherCardRules,
        title="Higher Card",
        end_reasons=(HigherCardEnd.HANDS_PLAYED,),
        narrator=HigherCardNarrator,
        player=lambda rules: HighestFirst(),
        view_text=_view_text,
    )
)
