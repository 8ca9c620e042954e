"""Computer players for Top Trump Squads (rules S2, S3, S5), deciding from their own view alone.

- `RandomBuilder`: any legal move, at random.
- `ExpectedTokensBuilder`: places the card in hand where it gains the most
  expected tokens over leaving that slot to chance, the expectation exact
  (Fractions) from the cards it has not seen: a card wins a slot against
  the other seats' cards, drawn from those unseen cards, with the chance
  `toptrumps_core.probability.settle.win_chance`.
- `ThresholdBuilder`: places the card in hand in the highest-scoring open
  mission slot where its chance to win reaches `threshold`, and otherwise
  keeps the mission slots open for a better card (the lesson varies the
  threshold: "place now or wait?").

Mission makers among them pick a prepared mission at random from their own
stream.  Picking up, they take a face-down card from a slot outside the
mission first, so the mission slots stay open to place on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.checks import is_whole_number
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.probability.settle import average_win_chance, win_chance
from toptrumps_core.protocol import Action
from toptrumps_core.squads import ChooseMission, PickUp, Place, SquadsView
from toptrumps_core.strategies.base import Strategy

__all__ = ["ExpectedTokensBuilder", "RandomBuilder", "ThresholdBuilder", "slot_chances", "squads_player"]


def slot_chances(view: SquadsView, card: int, slot: int) -> tuple[int, Fraction, Fraction]:
    """Returns ``(tokens, chance the card wins, average chance of an unseen card)`` for one slot (S5).

    The other seats' cards in the slot are drawn from the cards `view` has
    not seen; a slot outside the mission is ``(0, 0, 0)`` (S4).

    Args:
        view: The building seat's view (a mission is set).
        card: The card in question (in hand).
        slot: The slot (a category number).
    """
    mission = view.mission
    assert mission is not None
    role = mission.slot_of(view.deck, slot)
    if role is None:
        return 0, Fraction(0), Fraction(0)
    _, tokens, goal = role
    values = [view.deck.cards[c].values[slot] for c in view.unseen]
    opponents = min(len(view.scores) - 1, len(values))
    here = win_chance(view.deck.cards[card].values[slot], values, opponents, goal.goal, goal.target)
    if len(values) <= opponents:
        return tokens, here, Fraction(0)
    return tokens, here, average_win_chance(values, opponents, goal.goal, goal.target)


def _pick_up(view: SquadsView, legal: Sequence[Action]) -> Action:
    """Returns a PickUp, from a slot outside the mission if there is one (S3, S4)."""
    mission = view.mission
    assert mission is not None
    tokens = mission.tokens_by_category(view.deck)
    return min(legal, key=lambda a: (tokens[a.slot] if isinstance(a, PickUp) else 99, getattr(a, "slot", 0)))


def _choose_mission(legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def _gains(view: SquadsView, legal: Sequence[Action]) -> list[tuple[Fraction, int, Place]]:
    """Returns ``(expected gain, tokens, place)`` for each Place of `legal`."""
    assert view.held is not None
    out = []
    for action in legal:
        if isinstance(action, Place):
            tokens, here, average = slot_chances(view, view.held, action.slot)
            out.append((tokens * (here - average), tokens, action))
    return out


@dataclass(frozen=True)
class RandomBuilder(Strategy[SquadsView | None]):
    """Any legal move, uniformly at random (mission, pick up, place).

    Example:
        >>> RandomBuilder().choose(None, [PickUp(0), PickUp(2)], random.Random(1))
        PickUp(slot=0)
    """

    def choose(self, view: SquadsView | None, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one of `legal`, drawn from `rng` (one ``randrange`` call)."""
        return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class ExpectedTokensBuilder(Strategy[SquadsView]):
    """Places each card where its expected tokens beat leaving that slot to chance the most (S5, exact).

    The gain of placing the card in hand in a mission slot is its tokens
    times (the card's chance to win there minus an unseen card's average
    chance); a slot outside the mission gains 0.  Ties go to the slot
    outside the mission, then the leftmost.
    """

    def choose(self, view: SquadsView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the mission (at random), a pick-up, or the best place for the card in hand."""
        first = legal[0]
        if isinstance(first, ChooseMission):
            return _choose_mission(legal, rng)
        if isinstance(first, PickUp):
            return _pick_up(view, legal)
        gains = _gains(view, legal)
        return max(gains, key=lambda g: (g[0], -g[1], -g[2].slot))[2]


@dataclass(frozen=True)
class ThresholdBuilder(Strategy[SquadsView]):
    """Places a card in a mission slot only when its chance to win there reaches `threshold`.

    The card in hand goes to the open mission slot with the most tokens
    where `win_chance` is at least `threshold`; failing that, to a slot
    outside the mission (waiting for a better card); with only mission slots
    open, to the one where it gains the most expected tokens.

    Attributes:
        threshold: The win chance asked of a card, a number in [0, 1]; 0
            places every card in the open mission slot with the most tokens
            (every card reaches it), 1 waits for a sure winner.

    Raises:
        RuleOptionError: If `threshold` is not a number (int, float or
            Fraction; not a bool) from 0 to 1.
    """

    threshold: Fraction | float = Fraction(1, 2)

    def __post_init__(self) -> None:
        value = self.threshold
        if not (isinstance(value, (float, Fraction)) or is_whole_number(value)) or not 0 <= value <= 1:
            raise RuleOptionError(f"the threshold must be a win chance from 0 to 1, such as 0.5; got {value!r}")

    def choose(self, view: SquadsView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the mission (at random), a pick-up, or a place by the threshold."""
        first = legal[0]
        if isinstance(first, ChooseMission):
            return _choose_mission(legal, rng)
        if isinstance(first, PickUp):
            return _pick_up(view, legal)
        assert view.held is not None
        good = []
        outside = []
        for action in legal:
            assert isinstance(action, Place)
            tokens, here, _ = slot_chances(view, view.held, action.slot)
            if tokens and here >= self.threshold:
                good.append((tokens, -action.slot, action))
            elif not tokens:
                outside.append(action)
        if good:
            return max(good, key=lambda g: (g[0], g[1]))[2]
        if outside:
            return outside[0]
        return max(_gains(view, legal), key=lambda g: (g[0], g[1], -g[2].slot))[2]


def squads_player(rules: object) -> ExpectedTokensBuilder:
    """Returns the default computer player of Top Trump Squads: exact expected tokens (S5)."""
    return ExpectedTokensBuilder()
