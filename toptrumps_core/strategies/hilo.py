"""Computer players for Hi Lo (rule T12), from the seat's `HiLoView` alone.

- `BestHiLo`: the exact best policy (rules P1, P2), worked out from what it
  has seen; Hi Lo's default player, standalone and in the tournament.
- `PolicyPlayer`: plays one fixed `HiLoPolicy`, for fast Monte Carlo runs of
  one start (P5).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.classic import ChooseCategory
from toptrumps_core.probability import HiLoPolicy, best_hi_lo_policy, hi_lo_odds
from toptrumps_core.protocol import Action
from toptrumps_core.strategies.base import Strategy
from toptrumps_core.tournament.hilo import Call, HiLoView

__all__ = ["BestHiLo", "PolicyPlayer", "hilo_player"]


@dataclass(frozen=True)
class BestHiLo(Strategy[HiLoView]):
    """Plays Hi Lo with the exact best policy from its view (rule P2).

    At the category choice it takes `best_hi_lo_policy` over the unseen
    cards; for each call, the best call given what it has seen (for the
    second card, the plan's first call, which may differ from the likelier
    call under ``"complete_run"``; for the third, the likelier call, P1).
    """

    def choose(self, view: HiLoView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the best legal action for `view` (no randomness used)."""
        first = view.first_card
        assert first is not None  # seat 0 acts only once the first card is up
        unseen = view.unseen_cards
        if view.category is None:
            policy = best_hi_lo_policy(first, unseen, hilo_pins=view.hilo_pins)
            return ChooseCategory(policy.category)
        shown = view.shown
        assert shown is not None
        value = shown.values[view.category]
        assert value is not None
        if not view.calls:
            policy = best_hi_lo_policy(first, unseen, hilo_pins=view.hilo_pins)
            plan = policy.plans[view.category]
            assert plan is not None
            return Call(plan.first_call)
        left = [c.values[view.category] for c in unseen]
        if all(v is None for v in left):  # no card with data is left: the call cannot be judged
            return Call("higher")
        return Call(hi_lo_odds(value, left).best_call)


@dataclass(frozen=True)
class PolicyPlayer(Strategy[HiLoView]):
    """Plays a fixed `HiLoPolicy` (fast, for Monte Carlo runs of one start; P5).

    The policy must have been made for the first card and unseen cards of the
    games it plays (`best_hi_lo_policy`).

    Attributes:
        policy: The category and calls to play.
    """

    policy: HiLoPolicy

    def choose(self, view: HiLoView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the policy's category, first call, or second call for the shown value."""
        if view.category is None:
            return ChooseCategory(self.policy.category)
        if not view.calls:
            return Call(self.policy.first_call)
        shown = view.shown
        assert shown is not None
        value = shown.values[view.category]
        assert isinstance(value, Fraction)
        return Call(self.policy.second_call(value))


def hilo_player(rules: object) -> BestHiLo:
    """Returns the default computer player of Hi Lo: the exact best calls (P1, P2)."""
    return BestHiLo()
