"""Lesson 3's exact Hi Lo results in sentences, for the page (rules T12, P1, P2).

A notebook cell that ends in a policy or a plan would show a raw Python
value (a tuple, ``'lower'``); these functions say the same in the lesson's
words instead, as a `Sentence` the page shows as one paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.cards import Card, Deck, format_value, value_with_unit
from toptrumps_core.probability import HiLoPlan, HiLoPolicy
from widgets._toolkit import esc, percent

__all__ = ["Sentence", "best_plan_words", "first_call_words"]


@dataclass(frozen=True)
class Sentence:
    """A sentence for the page: shown as one paragraph in a notebook, as plain text elsewhere.

    Attributes:
        text: The sentence, plain text (escaped when shown as HTML).
    """

    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<p class="tt-say">{esc(self.text)}</p>'


def _pins(value: Fraction) -> str:
    """Returns expected pins as an exact fraction and a decimal, e.g. ``"25/29 ≈ 0.862 pins"``."""
    return f"{value} ≈ {float(value):.3f} pins" if value.denominator != 1 else f"{value} pins"


def best_plan_words(deck: Deck, first: Card, policy: HiLoPolicy) -> Sentence:
    """Says which category and first call `policy` chooses when `first` is shown, and what it earns.

    Args:
        deck: The deck the policy was worked out for (for the category names).
        first: The face-up first card.
        policy: `toptrumps_core.probability.best_hi_lo_policy` for `first`.

    Returns:
        A sentence naming the face-up card's value, the category to choose,
        the call, its chance of being right and the expected pins.
    """
    category = deck.categories[policy.category]
    plan = policy.plan
    chance = plan.odds.higher if policy.first_call == "higher" else plan.odds.lower
    shown = value_with_unit(category, first.values[policy.category])
    return Sentence(
        f"With {first.name} face up ({category.name}: {shown}), the best play is to choose {category.name} "
        f"and call {policy.first_call}: that call is right with chance {percent(chance)}, and the whole game "
        f"earns {_pins(policy.expected_pins)} on average."
    )


def first_call_words(plan: HiLoPlan) -> Sentence:
    """Says the best first call of `plan` beside the call more likely to be right (rule P2).

    Returns:
        A sentence naming both calls' chances of being right and the best
        call's expected pins; it says so when the best call is the less
        likely one.
    """
    odds, best = plan.odds, plan.first_call
    likely = odds.best_call
    chances = f'"higher" is right with chance {percent(odds.higher)}, "lower" with chance {percent(odds.lower)}'
    if best == likely:
        verdict = f'the best first call is "{best}", the more likely one'
    else:
        verdict = f'yet the best first call is "{best}", the less likely one'
    return Sentence(
        f"Shown {format_value(plan.shown)}: {chances}; {verdict}, earning {_pins(plan.expected_pins)} on average."
    )
