"""Exact probability for Top Trumps, and Monte Carlo checks of it (rules P1-P5).

Every exact chance here is a `fractions.Fraction`; the float is one
``float()`` away (each result also has an ``as_floats()`` view).  "Unseen" is
always explicit: the caller passes the cards (or values) that one player has
not seen, from that player's view: for classic play ``ClassicView.unseen``,
for Hi Lo ``HiLoView.unseen``.  Nothing here peeks at a hidden card.

Exact (standard library only, fast enough for a lens that redraws on every
click):

- P1 `hi_lo_odds`: the chance that the next Hi Lo card is higher-or-equal and
  lower-or-equal than the shown value.  Calls are about raw numbers: "higher"
  means a greater-or-equal value even in a lower-is-better category (rule
  T12 compares numbers, not "better").  A tie is a right call either way;
  unseen cards with no data are ignored (T12 puts them aside and replaces
  them, so the card judged is uniform among the unseen cards with data).
- P2 `hi_lo_plan`, `expected_hi_lo_pins`, `best_hi_lo_policy` (and
  `hi_lo_table` for a lesson): the calls,
  and the category, that maximise the expected Hi Lo pins, with that
  expectation, under either ``hilo_pins`` option (T12), by exact enumeration
  over the unseen cards drawn without replacement.
- P3 `comparison_odds`: the chance that a card wins outright, ties or loses a
  comparison in one category against k opponents whose top cards are drawn
  from the unseen cards without replacement, under either ``no_data`` option
  (rule C6).
- P4 `tie_chance`, `tie_table`: the chance that a comparison of k random
  distinct cards of a deck is a tie (C5, C6), under three readings of no data.

Monte Carlo (rule P5): `estimate_hi_lo_odds`, `estimate_hi_lo_pins`,
`estimate_comparison_odds` and `estimate_tie_chance` play the real rules
engines (`toptrumps_core.tournament.hilo.HiLoRules`,
`toptrumps_core.classic.ClassicRules`, driven by `toptrumps_core.play`)
with a seeded generator and return an `Estimate` with a 95 % confidence
interval (Wilson for a proportion, normal for a mean); `side_by_side` lays
exact and simulated values out as a `Table` for a lesson.  Progress bars
(``progress=True``) use ``tqdm.auto``, imported only then
(`toptrumps_core.progress`).

Rules version: 1.
"""

from __future__ import annotations

import html
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from toptrumps_core.cards import Card, Deck, Value, format_value
from toptrumps_core.chance import RngLike, make_rng
from toptrumps_core.progress import Progress, ProgressReporter

if TYPE_CHECKING:
    from toptrumps_core.classic import ClassicRules
    from toptrumps_core.tournament.hilo import HiLoRules, HiLoState

__all__ = [
    "CONFIDENCE",
    "ComparisonEstimate",
    "ComparisonOdds",
    "Direction",
    "Estimate",
    "HiLoOdds",
    "HiLoPins",
    "HiLoPlan",
    "HiLoPolicy",
    "Progress",
    "Table",
    "TieNoData",
    "TieRow",
    "best_hi_lo_policy",
    "comparison_odds",
    "estimate_comparison_odds",
    "estimate_hi_lo_odds",
    "estimate_hi_lo_pins",
    "estimate_tie_chance",
    "expected_hi_lo_pins",
    "hi_lo_odds",
    "hi_lo_plan",
    "hi_lo_table",
    "mean_interval",
    "side_by_side",
    "tie_chance",
    "tie_table",
    "wilson_interval",
    "z_score",
]

Direction: TypeAlias = Literal["higher", "lower"]
"""A Hi Lo call (rule T12): the next value is greater-or-equal, or less-or-equal."""

HiLoPins: TypeAlias = Literal["per_call", "complete_run"]
"""Rule T12's pin option: ``"per_call"`` (0, 1 or 2 pins) or ``"complete_run"`` (2 or 0)."""

TieNoData: TypeAlias = Literal["tie", "loses", "ignore"]
"""How `tie_chance` treats no data (rule P4; see `tie_chance`)."""

CONFIDENCE = 0.95
"""The confidence level of every Monte Carlo interval here (rule P5)."""


def z_score(confidence: float = CONFIDENCE) -> float:
    """Returns the normal quantile of a two-sided interval: 1.95996... for 95 % (rule P5).

    Every interval here (`wilson_interval`, `mean_interval`) takes its z from
    this one function.

    Raises:
        ValueError: If `confidence` is not in (0, 1).

    Example:
        >>> round(z_score(), 4)
        1.96
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1); got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


# --------------------------------------------------------------------------
# P3: one comparison against k opponents
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ComparisonOdds:
    """The chances of one comparison's result for one seat (rule P3).

    Attributes:
        win: Chance to win outright, in [0, 1].
        tie: Chance that the comparison is a tie (C5, C6), in [0, 1].
        lose: Chance that another seat wins outright, in [0, 1].
            The three sum to exactly 1.
    """

    win: Fraction
    tie: Fraction
    lose: Fraction

    def as_floats(self) -> tuple[float, float, float]:
        """Returns ``(win, tie, lose)`` as floats."""
        return float(self.win), float(self.tie), float(self.lose)


def comparison_odds(
    value: Fraction | None,
    unseen: Sequence[Fraction | None],
    opponents: int,
    *,
    higher_is_better: bool = True,
    no_data: Literal["tie", "loses"] = "tie",
) -> ComparisonOdds:
    """Returns the exact chance to win, tie or lose one comparison (rule P3).

    The `opponents` other top cards are a uniformly random draw without
    replacement from `unseen`.  The comparison is a tie when the best value is
    shared (C5) or, with ``no_data="tie"``, when any card has no data (C6);
    with ``no_data="loses"`` a no-data card cannot win.

    Args:
        value: This seat's value in the category, or None for no data.
        unseen: One entry per unseen card: its value in the same category and
            unit, or None for no data.
        opponents: How many other seats reveal a card, 1..len(unseen).
        higher_is_better: The category's direction (rule D1).
        no_data: Rule C6 option, ``"tie"`` or ``"loses"``.

    Returns:
        The three exact chances; they sum to 1.

    Raises:
        ValueError: If `opponents` is not in 1..len(unseen), or `no_data` is
            misspelt.

    Example:
        >>> # value 5 against one card drawn from {3, 5, 9}: 3 loses to us,
        >>> # 5 ties, 9 beats us: one chance in three each.
        >>> comparison_odds(Fraction(5), [Fraction(3), Fraction(5), Fraction(9)], 1)
        ComparisonOdds(win=Fraction(1, 3), tie=Fraction(1, 3), lose=Fraction(1, 3))
    """
    n = len(unseen)
    if not 1 <= opponents <= n:
        raise ValueError(f"opponents must be 1 to {n} (the unseen cards); got {opponents!r}")
    if no_data not in ("tie", "loses"):
        raise ValueError(f"no_data must be 'tie' or 'loses' (rule C6); got {no_data!r}")
    total = comb(n, opponents)
    mine, keys = _ranking_keys(value, unseen, higher_is_better)
    data = Counter(keys)
    missing = n - len(keys)
    if value is None and no_data == "tie":
        return ComparisonOdds(Fraction(0), Fraction(1), Fraction(0))
    # Cards that never beat or tie a value with data: no-data cards under "loses".
    below_floor = missing if no_data == "loses" else 0
    if mine is None:  # "loses": we cannot win; any opponent value beats ours
        win = Fraction(0)
    else:
        worse = sum(c for v, c in data.items() if v < mine) + below_floor
        win = Fraction(comb(worse, opponents), total)
    # Lose: one opponent holds a value v above ours and every other card drawn
    # is strictly worse than v (and, under "tie", has data).  Opponents who
    # share the best value, or who all have no data, tie (C5, C6).  Going up
    # from the worst value, `strictly_worse_than_v` counts the cards passed.
    lose_count = 0
    strictly_worse_than_v = below_floor
    for v in sorted(data):
        count = data[v]
        if mine is None or v > mine:
            lose_count += count * comb(strictly_worse_than_v, opponents - 1)
        strictly_worse_than_v += count
    lose = Fraction(lose_count, total)
    return ComparisonOdds(win, 1 - win - lose, lose)


def _ranking_keys(
    value: Fraction | None, unseen: Sequence[Fraction | None], higher_is_better: bool
) -> tuple[int | None, list[int]]:
    """Returns `value` and the unseen values with data as ints where higher is better.

    Each value is scaled by the common denominator of them all and negated
    when lower is better, so the keys order and tie exactly as the values do
    in the category's direction, and compare as cheap ints.  Values that are
    neither Fractions nor ints (e.g. floats) are first made exact Fractions.
    """
    rational = [v if isinstance(v, (Fraction, int)) else Fraction(v) for v in unseen if v is not None]
    if value is not None and not isinstance(value, (Fraction, int)):
        value = Fraction(value)
    scale = math.lcm(*(v.denominator for v in rational), 1 if value is None else value.denominator)
    sign = 1 if higher_is_better else -1
    keys = [sign * v.numerator * (scale // v.denominator) for v in rational]
    mine = None if value is None else sign * value.numerator * (scale // value.denominator)
    return mine, keys


# --------------------------------------------------------------------------
# P1: Hi Lo odds
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HiLoOdds:
    """The chances for the next Hi Lo card against a shown value (rule P1).

    "Higher" and "lower" are about raw numbers (rule T12), whatever the
    category's direction; an equal value makes either call right.

    Attributes:
        higher: Chance that the next value is greater than or equal to the
            shown one, in [0, 1]: the chance that "higher" is right.
        lower: Chance that the next value is less than or equal to the shown
            one, in [0, 1]: the chance that "lower" is right.
        equal: Chance that the next value equals the shown one, in [0, 1].
            ``higher + lower - equal == 1`` exactly (the strictly higher,
            equal and strictly lower events are complementary).
    """

    higher: Fraction
    lower: Fraction
    equal: Fraction

    @property
    def best_call(self) -> Direction:
        """Returns the call more likely to be right; ``"higher"`` when level."""
        return "higher" if self.higher >= self.lower else "lower"

    @property
    def best(self) -> Fraction:
        """Returns the chance that the best call is right, in [1/2, 1]."""
        return max(self.higher, self.lower)

    def chance(self, call: Direction) -> Fraction:
        """Returns the chance that `call` is right.

        Raises:
            ValueError: If `call` is not ``"higher"`` or ``"lower"``.
        """
        if call == "higher":
            return self.higher
        if call == "lower":
            return self.lower
        raise ValueError(f"a call is 'higher' or 'lower' (rule T12); got {call!r}")

    def as_floats(self) -> tuple[float, float, float]:
        """Returns ``(higher, lower, equal)`` as floats."""
        return float(self.higher), float(self.lower), float(self.equal)


def hi_lo_odds(shown: Fraction, unseen: Iterable[Value]) -> HiLoOdds:
    """Returns the exact chance that the next card is at least / at most `shown` (rule P1).

    The next card is uniformly random among the unseen cards that have data:
    rule T12 puts a no-data card aside and turns the next one, so no-data
    cards are ignored.  A tie wins for either call.  Calls compare raw values:
    in a lower-is-better category "higher" still means a bigger number.

    Args:
        shown: Value of the face-up card, in the category's unit.
        unseen: One entry per unseen card, same category and unit; None means
            no data.

    Returns:
        The chances of "higher" and "lower" being right (and of an equal
        value), as Fractions in [0, 1]; ``higher + lower`` is at least 1.

    Raises:
        ValueError: If `shown` is None (no data) or no unseen card has data.

    Example:
        >>> # Shown 5; unseen 3, 5, 9 and one n/a (ignored).  Higher-or-equal:
        >>> # 5 and 9, 2 of 3.  Lower-or-equal: 3 and 5, 2 of 3.  Equal: 1 of 3.
        >>> hi_lo_odds(Fraction(5), [Fraction(3), Fraction(5), Fraction(9), None])
        HiLoOdds(higher=Fraction(2, 3), lower=Fraction(2, 3), equal=Fraction(1, 3))
    """
    if shown is None:
        raise ValueError("the shown card has no data in this category; Hi Lo needs a value (rule T12)")
    values = [v for v in unseen if v is not None]
    if not values:
        raise ValueError("no unseen card has data in this category, so no call can be judged (rule P1)")
    n = len(values)
    higher = sum(1 for v in values if v >= shown)
    lower = sum(1 for v in values if v <= shown)
    equal = higher + lower - n
    return HiLoOdds(Fraction(higher, n), Fraction(lower, n), Fraction(equal, n))


# --------------------------------------------------------------------------
# P2: the best Hi Lo calls and category
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HiLoPlan:
    """The best Hi Lo calls in one category and their expected pins (rule P2).

    Attributes:
        shown: The first card's value in this category.
        expected_pins: Exact expected pins when playing these calls, in
            [0, 2].
        first_call: The best call for the second card (``"higher"`` on a
            level choice).
        odds: Rule P1 odds for the second card against `shown`.
        second_calls: The best call for the third card, one ``(value of the
            second card, call)`` pair per distinct unseen value, ascending.
            Only the values on which `first_call` is right are ever used.
        hilo_pins: The rule T12 option the expectation is for.
    """

    shown: Fraction
    expected_pins: Fraction
    first_call: Direction
    odds: HiLoOdds
    second_calls: tuple[tuple[Fraction, Direction], ...]
    hilo_pins: HiLoPins

    def second_call(self, value: Fraction) -> Direction:
        """Returns the best call for the third card once the second shows `value`.

        Raises:
            ValueError: If no unseen card has `value` (it cannot be the second card).
        """
        for known, call in self.second_calls:
            if known == value:
                return call
        raise ValueError(f"no unseen card has the value {format_value(value)}; it cannot be the second card")


def _check_pins(hilo_pins: str) -> None:
    if hilo_pins not in ("per_call", "complete_run"):
        raise ValueError(f"hilo_pins must be 'per_call' or 'complete_run' (rule T12); got {hilo_pins!r}")


def hi_lo_plan(shown: Fraction, unseen: Iterable[Value], *, hilo_pins: HiLoPins = "per_call") -> HiLoPlan:
    """Returns the calls that maximise the expected Hi Lo pins in one category (rule P2).

    The second and third cards are drawn without replacement from the unseen
    cards that have data (no-data cards are put aside and replaced, T12, so
    they change nothing).  The first call is made knowing `shown` only; the
    second knowing the second card too.  Pins follow T12: with
    ``"per_call"`` 1 for a right first call and 1 more for a right second;
    with ``"complete_run"`` 2 for both right, else 0.  If only one unseen card
    has data the stack runs out before the third card: the mini-game ends
    with the pins earned so far (1 for a right first call under
    ``"per_call"``, 0 under ``"complete_run"``); if none has data, 0.

    Args:
        shown: The first card's value in the category (not None).
        unseen: One entry per unseen card, same category; None is no data.
        hilo_pins: Rule T12 option, ``"per_call"`` (default) or ``"complete_run"``.

    Returns:
        The plan with its exact expected pins, in [0, 2].

    Raises:
        ValueError: If `shown` is None or `hilo_pins` is misspelt.

    Example:
        >>> # Shown 2; unseen 1, 3, 4.  Call "higher" (2 of 3 right):
        >>> # second 3 (left 1, 4): both calls 1/2, pins 1 + 1/2;
        >>> # second 4 (left 1, 3): "lower" is sure, pins 2;
        >>> # second 1: wrong, 0.  Expected (3/2 + 2 + 0) / 3 = 7/6.
        >>> hi_lo_plan(Fraction(2), [Fraction(1), Fraction(3), Fraction(4)]).expected_pins
        Fraction(7, 6)
    """
    _check_pins(hilo_pins)
    if shown is None:
        raise ValueError("the first card has no data in this category; it cannot be chosen (rule T12)")
    counts = Counter(v for v in unseen if v is not None)
    m = sum(counts.values())
    if m == 0:
        zero = HiLoOdds(Fraction(0), Fraction(0), Fraction(0))
        return HiLoPlan(shown, Fraction(0), "higher", zero, (), hilo_pins)
    ordered = sorted(counts)
    # at_most[v] / at_least[v]: unseen data cards with a value <= v / >= v.
    at_most: dict[Fraction, int] = {}
    running = 0
    for v in ordered:
        running += counts[v]
        at_most[v] = running
    at_least = {v: m - at_most[v] + counts[v] for v in ordered}
    second_calls: list[tuple[Fraction, Direction]] = []
    # gain[v]: pins times m*(m-1) (or times m when m == 1) once the second
    # card shows v after a right first call, with the best second call.
    gain: dict[Fraction, int] = {}
    for v in ordered:
        higher_left, lower_left = at_least[v] - 1, at_most[v] - 1  # the second card itself is gone
        second_calls.append((v, "higher" if higher_left >= lower_left else "lower"))
        if m == 1:
            gain[v] = 1 if hilo_pins == "per_call" else 0  # the stack ran out: pins earned so far
        else:
            best = max(higher_left, lower_left)
            gain[v] = (m - 1) + best if hilo_pins == "per_call" else 2 * best
    scale = m * (m - 1) if m > 1 else m
    by_call: dict[Direction, Fraction] = {}
    for call in ("higher", "lower"):
        total = sum(counts[v] * gain[v] for v in ordered if (v >= shown if call == "higher" else v <= shown))
        by_call[call] = Fraction(total, scale)
    first_call: Direction = "higher" if by_call["higher"] >= by_call["lower"] else "lower"
    odds = HiLoOdds(
        Fraction(sum(counts[v] for v in ordered if v >= shown), m),
        Fraction(sum(counts[v] for v in ordered if v <= shown), m),
        Fraction(counts.get(shown, 0), m),
    )
    return HiLoPlan(shown, by_call[first_call], first_call, odds, tuple(second_calls), hilo_pins)


@dataclass(frozen=True, slots=True)
class HiLoPolicy:
    """The Hi Lo category and calls with the most expected pins (rule P2).

    Attributes:
        category: Index of the best category (the first in deck order when
            two are level).
        expected_pins: Exact expected pins of the whole policy, in [0, 2].
        first_call: The best call for the second card in `category`.
        plans: One entry per category of the deck: the best plan in that
            category, or None where the first card has no data (it cannot be
            chosen, T12).
        hilo_pins: The rule T12 option the expectation is for.
    """

    category: int
    expected_pins: Fraction
    first_call: Direction
    plans: tuple[HiLoPlan | None, ...]
    hilo_pins: HiLoPins

    @property
    def plan(self) -> HiLoPlan:
        """Returns the plan of the chosen category."""
        plan = self.plans[self.category]
        assert plan is not None  # the chosen category always has a plan
        return plan

    def second_call(self, value: Fraction) -> Direction:
        """Returns the best call for the third card once the second shows `value`.

        Raises:
            ValueError: If no unseen card has `value` in the chosen category.
        """
        return self.plan.second_call(value)


def _resolve_category(first_card: Card, category: int | str) -> int:
    if isinstance(category, str):
        names = [c.name for c in first_card.categories]
        if category not in names:
            raise ValueError(f"no category {category!r}; expected one of {names!r}")
        return names.index(category)
    if isinstance(category, bool) or not isinstance(category, int) or not 0 <= category < len(first_card.values):
        raise ValueError(f"category must be a name or an index 0 to {len(first_card.values) - 1}; got {category!r}")
    return category


def _check_unseen(first_card: Card, unseen: Sequence[Card]) -> None:
    names = set()
    for card in unseen:
        if card.categories != first_card.categories:
            raise ValueError(f"card {card.name!r} is not from the first card's deck (its categories differ)")
        if card.name == first_card.name:
            raise ValueError(f"the first card {card.name!r} is shown, so it cannot also be unseen")
        if card.name in names:
            raise ValueError(f"card {card.name!r} is listed twice in the unseen cards")
        names.add(card.name)


def expected_hi_lo_pins(
    first_card: Card,
    category: int | str,
    unseen: Sequence[Card],
    *,
    hilo_pins: HiLoPins = "per_call",
) -> Fraction:
    """Returns the exact expected Hi Lo pins in `category` with the best calls (rule P2).

    Args:
        first_card: The face-up first card.
        category: The category chosen for the mini-game: an index into the
            deck's categories or a category name.  The first card must have
            data in it (T12).
        unseen: The cards the player has not seen, from which the rest of the
            stack is drawn without replacement (for a fresh mini-game with a
            shuffled deck: every other card of the deck).
        hilo_pins: Rule T12 option, ``"per_call"`` or ``"complete_run"``.

    Returns:
        The expected pins, an exact Fraction in [0, 2].

    Raises:
        ValueError: If `category` is unknown, the first card has no data in
            it, an unseen card is from another deck or repeated (or is the
            first card), or `hilo_pins` is misspelt.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> expected_hi_lo_pins(d.cards[0], "A", d.cards[1:])
        Fraction(7, 6)
    """
    index = _resolve_category(first_card, category)
    _check_unseen(first_card, unseen)
    shown = first_card.values[index]
    if shown is None:
        raise ValueError(f"card {first_card.name!r} has no data in category {index}; it cannot be chosen (rule T12)")
    return hi_lo_plan(shown, (c.values[index] for c in unseen), hilo_pins=hilo_pins).expected_pins


def best_hi_lo_policy(
    first_card: Card,
    unseen: Sequence[Card],
    *,
    hilo_pins: HiLoPins = "per_call",
) -> HiLoPolicy:
    """Returns the Hi Lo category and calls that maximise the expected pins (rule P2).

    Every category where the first card has data is planned exactly with
    `hi_lo_plan`; the best wins (the first in deck order when level).  The
    call for the third card depends on the second card's value
    (`HiLoPolicy.second_call`).

    Args:
        first_card: The face-up first card.
        unseen: The cards the player has not seen (see `expected_hi_lo_pins`).
        hilo_pins: Rule T12 option, ``"per_call"`` or ``"complete_run"``.

    Returns:
        The policy with its exact expected pins and the plan of every category.

    Raises:
        ValueError: If the first card has no data in any category, an unseen
            card is from another deck or repeated, or `hilo_pins` is misspelt.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> policy = best_hi_lo_policy(d.cards[0], d.cards[1:])
        >>> # B: shown 1, data 1 and 2: "higher" is sure, then 1 vs 2 either way right.
        >>> policy.category, policy.expected_pins, policy.first_call
        (1, Fraction(2, 1), 'higher')
    """
    _check_pins(hilo_pins)
    _check_unseen(first_card, unseen)
    plans: list[HiLoPlan | None] = []
    for index, shown in enumerate(first_card.values):
        if shown is None:
            plans.append(None)
        else:
            plans.append(hi_lo_plan(shown, (c.values[index] for c in unseen), hilo_pins=hilo_pins))
    chosen = [(p.expected_pins, -i) for i, p in enumerate(plans) if p is not None]
    if not chosen:
        raise ValueError(f"card {first_card.name!r} has no data in any category; Hi Lo cannot be played on it")
    _, negative = max(chosen)
    best = plans[-negative]
    assert best is not None
    return HiLoPolicy(-negative, best.expected_pins, best.first_call, tuple(plans), hilo_pins)


def hi_lo_table(first_card: Card, unseen: Sequence[Card]) -> Table:
    """Returns, for every category, the Hi Lo odds and expected pins of the best play (P1, P2).

    Columns: category; the first card's value; the chance (P1) that the
    second card is higher-or-equal and lower-or-equal; the best first call
    and the expected pins (P2) under ``hilo_pins="per_call"``; the same under
    ``"complete_run"``.  Categories where the first card has no data show
    "cannot be chosen".  ``Table.data`` holds ``(category index, per_call
    plan, complete_run plan)`` triples, plans None where not playable.

    Raises:
        ValueError: If an unseen card is from another deck or repeated.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> hi_lo_table(d.cards[0], d.cards[1:]).as_dicts()[0]["Expected pins (per call)"]
        '7/6 ≈ 1.167'
    """
    per_call = (
        best_hi_lo_policy(first_card, unseen, hilo_pins="per_call")
        if any(v is not None for v in first_card.values)
        else None
    )
    run = best_hi_lo_policy(first_card, unseen, hilo_pins="complete_run") if per_call is not None else None
    rows: list[tuple[object, ...]] = []
    data: list[tuple[int, HiLoPlan | None, HiLoPlan | None]] = []
    for index, category in enumerate(first_card.categories):
        value = first_card.values[index]
        a = per_call.plans[index] if per_call is not None else None
        b = run.plans[index] if run is not None else None
        data.append((index, a, b))
        shown = format_value(value) + (f" {category.unit}" if category.unit and value is not None else "")
        if a is None or b is None:
            rows.append((category.name, shown, "—", "—", "cannot be chosen", "—", "—"))
            continue
        no_data_left = a.odds.higher == 0 and a.odds.lower == 0
        rows.append(
            (
                category.name,
                shown,
                "—" if no_data_left else _percent(a.odds.higher),
                "—" if no_data_left else _percent(a.odds.lower),
                a.first_call,
                f"{a.expected_pins} ≈ {float(a.expected_pins):.3f}",
                f"{b.first_call}: {b.expected_pins} ≈ {float(b.expected_pins):.3f}",
            )
        )
    return Table(
        (
            "Category",
            f"{first_card.name}",
            "Next card higher or equal",
            "Next card lower or equal",
            "Best first call",
            "Expected pins (per call)",
            "Best call and expected pins (complete run)",
        ),
        tuple(rows),
        title=f"Hi Lo with {first_card.name} face up, {len(unseen)} cards unseen",
        data=tuple(data),
    )


# --------------------------------------------------------------------------
# P4: ties among k random cards of a deck
# --------------------------------------------------------------------------


def tie_chance(deck: Deck, category: int | str, k: int = 2, *, no_data: TieNoData = "tie") -> Fraction:
    """Returns the chance that a comparison of k random cards of `deck` is a tie (rule P4).

    The k cards are a uniformly random set of distinct cards of the deck.
    "Best" follows the category's direction (D1).  The three readings of no
    data:

    - ``"tie"`` (rule C6 default): a tie if any of the k cards has no data,
      or if the best value is shared by two or more of them (C5).
    - ``"loses"`` (rule C6 option): no-data cards cannot win; a tie if the
      best value among the cards with data is shared, or if none of the k
      cards has data.
    - ``"ignore"`` (the deck without its no-data cards): the k cards are drawn
      only from the cards with data in this category (equivalently: the
      chance of a shared best value given that all k cards have data).

    Args:
        deck: The deck.
        category: A category index or name.
        k: Cards in the comparison, 2..(cards available); players in classic
            play.
        no_data: ``"tie"``, ``"loses"`` or ``"ignore"`` (see above).

    Returns:
        The exact chance, a Fraction in [0, 1].

    Raises:
        ValueError: If `category` is unknown, `k` is not 2..(cards available:
            the deck, or its cards with data for ``"ignore"``), or `no_data`
            is misspelt.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> # A, two cards of {1, 1, 2, 3}: only the pair {p, q} ties: 1 of 6.
        >>> tie_chance(d, "A", 2)
        Fraction(1, 6)
        >>> # B: pairs with r (3 of 6) tie under C6, and {p, q}: 4 of 6.
        >>> tie_chance(d, "B", 2), tie_chance(d, "B", 2, no_data="loses"), tie_chance(d, "B", 2, no_data="ignore")
        (Fraction(2, 3), Fraction(1, 6), Fraction(1, 3))
    """
    if no_data not in ("tie", "loses", "ignore"):
        raise ValueError(f"no_data must be 'tie', 'loses' or 'ignore' (rule P4); got {no_data!r}")
    index = _resolve_category(deck.cards[0], category)
    direction = deck.categories[index]
    sign = 1 if direction.higher_is_better else -1
    raw = [card.values[index] for card in deck.cards]
    data = Counter(sign * v for v in raw if v is not None)
    missing = len(raw) - sum(data.values())
    pool = sum(data.values()) if no_data == "ignore" else len(raw)
    if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= pool:
        what = "cards with data in this category" if no_data == "ignore" else "cards in the deck"
        raise ValueError(f"k must be 2 to {pool} (the {what}); got {k!r}")
    # A comparison is decided when exactly one card holds the best value v and
    # the other k-1 cards are strictly worse (and, under "loses", may lack data).
    below_floor = missing if no_data == "loses" else 0
    decided = 0
    worse_so_far = below_floor
    for v in sorted(data):
        decided += data[v] * comb(worse_so_far, k - 1)
        worse_so_far += data[v]
    return 1 - Fraction(decided, comb(pool, k))


@dataclass(frozen=True, slots=True)
class TieRow:
    """One category's tie chances for k random cards (rule P4).

    Attributes:
        category: Index of the category.
        name: The category's label, with its unit.
        no_data_cards: Cards of the deck with no data in it.
        tie: Chance of a tie under C6 ``no_data="tie"``.
        loses: Chance of a tie under C6 ``no_data="loses"``.
        ignore: Chance of a tie among cards with data only; None when fewer
            than k cards have data.
    """

    category: int
    name: str
    no_data_cards: int
    tie: Fraction
    loses: Fraction
    ignore: Fraction | None


def tie_table(deck: Deck, k: int = 2) -> Table:
    """Returns every category's chance of a tie among k random cards, as a `Table` (rule P4).

    Columns: category, cards with no data, then the chance under each reading
    of `tie_chance` (``"tie"``, ``"loses"``, ``"ignore"``) as a percentage
    with one decimal; ``Table.data`` holds the `TieRow` of each category with
    the exact Fractions.

    Raises:
        ValueError: If `k` is not 2..len(deck).

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> [row.tie for row in tie_table(d).data]
        [Fraction(1, 6), Fraction(2, 3)]
    """
    rows: list[TieRow] = []
    for index, category in enumerate(deck.categories):
        missing = sum(1 for card in deck.cards if card.values[index] is None)
        ignore = tie_chance(deck, index, k, no_data="ignore") if len(deck.cards) - missing >= k else None
        rows.append(
            TieRow(
                index,
                category.label,
                missing,
                tie_chance(deck, index, k, no_data="tie"),
                tie_chance(deck, index, k, no_data="loses"),
                ignore,
            )
        )
    return Table(
        ("Category", "Cards with no data", "Tie (no data ties)", "Tie (no data loses)", "Tie (data only)"),
        tuple(
            (
                r.name,
                r.no_data_cards,
                _percent(r.tie),
                _percent(r.loses),
                "—" if r.ignore is None else _percent(r.ignore),
            )
            for r in rows
        ),
        title=f"Chance that {k} random cards of {deck.name} tie",
        data=tuple(rows),
    )


# --------------------------------------------------------------------------
# P5: Monte Carlo estimates with confidence intervals
# --------------------------------------------------------------------------


def wilson_interval(successes: int, trials: int, *, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Returns the Wilson score interval for a proportion (rule P5).

    Args:
        successes: How many trials succeeded, 0..trials.
        trials: How many trials were run, >= 1.
        confidence: The confidence level, in (0, 1); 0.95 by default.

    Returns:
        ``(low, high)``, within [0, 1].

    Raises:
        ValueError: If the counts or the level are out of range.

    Example:
        >>> low, high = wilson_interval(50, 100)
        >>> round(low, 4), round(high, 4)
        (0.4038, 0.5962)
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"expected 0 <= successes <= trials and trials >= 1; got {successes} of {trials}")
    z = z_score(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: rounding must not exclude 0 or 1
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(total: float, squares: float, trials: int, *, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Returns the normal interval of a mean from running sums (rule P5).

    The interval is ``mean ± z s / sqrt(n)`` with the sample standard
    deviation s (``n - 1`` in its denominator; 0 for one trial), computed
    exactly from the sums, so a running count and a whole run agree to the
    last digit.  It needs a few hundred trials to be trusted.

    Args:
        total: The sum of the trials' outcomes.
        squares: The sum of their squares.
        trials: How many trials, >= 1.
        confidence: The confidence level, in (0, 1); 0.95 by default.

    Returns:
        ``(low, high)``.

    Raises:
        ValueError: If `trials` < 1 or the level is out of range.

    Example:
        >>> low, high = mean_interval(total=4, squares=8, trials=4)   # outcomes 0, 2, 2, 0
        >>> round(low, 4), round(high, 4)
        (-0.1316, 2.1316)
    """
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ValueError(f"an interval needs trials >= 1; got {trials!r}")
    z = z_score(confidence)
    mean = total / trials
    if trials == 1:
        return mean, mean
    spread = Fraction(squares) * trials - Fraction(total) ** 2  # n * sum of squared deviations, exactly
    half = z * math.sqrt(max(spread, Fraction(0)) / (trials * (trials - 1) * trials))
    return mean - half, mean + half


@dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte Carlo estimate with its 95 % confidence interval (rule P5).

    Attributes:
        successes: For a proportion, the trials that succeeded; for a mean
            (e.g. pins), the sum of the trials' outcomes.
        trials: How many trials were run, >= 1.
        low: Lower end of the 95 % interval.
        high: Upper end of the 95 % interval, >= `low`.
        kind: ``"proportion"`` (Wilson score interval, within [0, 1]; the
            default) or ``"mean"`` (normal interval with the sample standard
            deviation).
        samples: Every trial's outcome, in order (0/1 for a proportion), when
            kept (the ``estimate_*`` functions keep them, for convergence
            plots); () otherwise.  Not compared, not shown in the repr.

    The estimate itself is the property `value` (``successes / trials``).

    Raises:
        ValueError: If `trials` < 1, `low` > `high` or `kind` is misspelt.

    Example:
        >>> Estimate(30, 100, *wilson_interval(30, 100)).value
        0.3
    """

    successes: int
    trials: int
    low: float
    high: float
    kind: Literal["proportion", "mean"] = "proportion"
    samples: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.trials, bool) or not isinstance(self.trials, int) or self.trials < 1:
            raise ValueError(f"an estimate needs trials >= 1; got {self.trials!r}")
        if self.kind not in ("proportion", "mean"):
            raise ValueError(f"kind must be 'proportion' or 'mean'; got {self.kind!r}")
        if not self.low <= self.high:
            raise ValueError(f"the interval must have low <= high; got {self.low!r} and {self.high!r}")

    @property
    def value(self) -> float:
        """Returns the estimate: the share of successes, or the mean outcome."""
        return self.successes / self.trials

    @classmethod
    def of_proportion(cls, outcomes: Sequence[int]) -> Estimate:
        """Returns the estimate of a chance from 0/1 outcomes, with a Wilson interval.

        Raises:
            ValueError: If `outcomes` is empty or holds a value other than 0 or 1.

        Example:
            >>> Estimate.of_proportion([1, 0, 1, 1]).value
            0.75
        """
        if any(o not in (0, 1) for o in outcomes):
            raise ValueError("a proportion's outcomes must be 0 or 1")
        trials = len(outcomes)
        successes = sum(outcomes)
        low, high = wilson_interval(successes, trials)
        return cls(successes, trials, low, high, "proportion", tuple(outcomes))

    @classmethod
    def of_mean(cls, outcomes: Sequence[int]) -> Estimate:
        """Returns the estimate of an expectation (e.g. pins) with a normal interval.

        The interval is `mean_interval`'s: ``mean ± 1.96 s / sqrt(n)`` with
        the sample standard deviation s; it needs a few hundred trials to be
        trusted.

        Raises:
            ValueError: If `outcomes` is empty.

        Example:
            >>> Estimate.of_mean([0, 2, 1, 1]).value
            1.0
        """
        trials = len(outcomes)
        if trials < 1:
            raise ValueError("an estimate needs at least one trial")
        total = sum(outcomes)
        low, high = mean_interval(total, sum(o * o for o in outcomes), trials)
        return cls(total, trials, low, high, "mean", tuple(outcomes))

    @property
    def half_width(self) -> float:
        """Returns half the interval's width: the "±" of the estimate."""
        return (self.high - self.low) / 2

    def contains(self, exact: Fraction | float) -> bool:
        """Returns True if `exact` lies in the 95 % interval (ends included)."""
        return self.low <= float(exact) <= self.high

    def __str__(self) -> str:
        return f"{self.value:.4f} (95 % interval {self.low:.4f} to {self.high:.4f}, {self.trials:,} trials)"


@dataclass(frozen=True, slots=True)
class ComparisonEstimate:
    """Monte Carlo estimates of one comparison's result (rule P5 for P3).

    Attributes:
        win: Estimated chance to win outright.
        tie: Estimated chance of a tie.
        lose: Estimated chance to lose.  The three come from the same trials.
    """

    win: Estimate
    tie: Estimate
    lose: Estimate


def _collect(
    trial: Callable[[random.Random], int],
    *,
    trials: int,
    rng: RngLike,
    progress: Progress,
    description: str,
    enough: Callable[[list[int]], bool] | None = None,
) -> list[int]:
    """Returns the outcomes of up to `trials` runs of `trial` (fewer once `enough` says so).

    `enough` is asked after every chunk of trials: 1 % of `trials` (at least
    100), or 500 when it is given, so an early stop overshoots little.
    """
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ValueError(f"trials must be a whole number >= 1; got {trials!r}")
    generator = make_rng(rng)
    reporter = ProgressReporter(progress, trials, description)
    chunk = 500 if enough is not None else max(100, trials // 100)
    outcomes: list[int] = []
    try:
        while len(outcomes) < trials:
            for _ in range(min(chunk, trials - len(outcomes))):
                outcomes.append(trial(generator))
            reporter.update(len(outcomes))
            if enough is not None and enough(outcomes):
                break
    finally:
        reporter.close()
    return outcomes


def _card_number(deck: Deck, card: Card) -> int:
    try:
        number = deck.index_of(card.name)
    except KeyError:
        raise ValueError(f"card {card.name!r} is not in deck {deck.name!r}") from None
    if deck.cards[number] != card:
        raise ValueError(f"card {card.name!r} differs from the card of that name in deck {deck.name!r}")
    return number


def _hilo_setup(
    deck: Deck, first_card: Card, unseen: Sequence[Card], hilo_pins: HiLoPins
) -> tuple[HiLoRules, int, list[int]]:
    from toptrumps_core.tournament.hilo import HiLoRules  # lazy: hilo imports this module

    _check_unseen(first_card, unseen)
    return HiLoRules(deck, hilo_pins=hilo_pins), _card_number(deck, first_card), [_card_number(deck, c) for c in unseen]


def _shuffled_start(rules: HiLoRules, first: int, unseen: list[int], rng: random.Random) -> HiLoState:
    order = unseen[:]
    rng.shuffle(order)
    return rules.setup((first, *order)).state


def estimate_hi_lo_odds(
    deck: Deck,
    first_card: Card,
    category: int | str,
    unseen: Sequence[Card],
    *,
    call: Direction = "higher",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the chance that a first Hi Lo call is right (P5 for P1).

    Each trial plays the real Hi Lo engine (`HiLoRules`, T12): the stack is
    `first_card` on top of the unseen cards in a random order; the player
    chooses `category` and makes `call`; the trial succeeds if the call is
    right (no-data cards are put aside and replaced by the engine itself).

    Args:
        deck: The deck the cards come from (at least 3 cards).
        first_card: The face-up first card; it must have data in `category`.
        category: A category index or name.
        unseen: The cards the rest of the stack is shuffled from; at least two
            (Hi Lo lays three cards) and one with data in `category`.
        call: ``"higher"`` or ``"lower"``.
        trials: How many mini-games to play, >= 1.
        rng: A `random.Random` or a seed (see `toptrumps_core.make_rng`).
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a proportion; compare with ``hi_lo_odds(...).higher``.

    Raises:
        ValueError: If an argument is out of range, or no unseen card has data.
        TopTrumpsError: If the engine refuses the setup (e.g. too few cards).

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> estimate_hi_lo_odds(d, d.cards[0], "A", d.cards[1:], trials=2000, rng=1).contains(Fraction(2, 3))
        True
    """
    from toptrumps_core.classic import ChooseCategory
    from toptrumps_core.tournament.hilo import Call

    if call not in ("higher", "lower"):
        raise ValueError(f"call must be 'higher' or 'lower' (rule T12); got {call!r}")
    index = _resolve_category(first_card, category)
    if first_card.values[index] is None:
        raise ValueError(f"card {first_card.name!r} has no data in category {index}; it cannot be chosen (rule T12)")
    if all(c.values[index] is None for c in unseen):
        raise ValueError("no unseen card has data in this category, so no call can be judged (rule P1)")
    rules, first, numbers = _hilo_setup(deck, first_card, unseen, "per_call")
    choose, action = ChooseCategory(index), Call(call)

    def trial(generator: random.Random) -> int:
        state = rules.apply(_shuffled_start(rules, first, numbers, generator), choose).state
        state = rules.apply(state, action).state
        return 1 if state.calls[0][1] else 0

    return Estimate.of_proportion(_collect(trial, trials=trials, rng=rng, progress=progress, description="Hi Lo calls"))


def estimate_hi_lo_pins(
    deck: Deck,
    first_card: Card,
    unseen: Sequence[Card],
    *,
    hilo_pins: HiLoPins = "per_call",
    category: int | str | None = None,
    trials: int = 10_000,
    half_width: float | None = None,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the expected Hi Lo pins of the best calls (P5 for P2).

    Each trial plays a whole Hi Lo mini-game through the driver
    (`toptrumps_core.play`) with the real engine (`HiLoRules`, T12): the
    stack is `first_card` on top of the unseen cards in a random order, and
    the player follows `best_hi_lo_policy` (in `category` if given).

    Args:
        deck: The deck the cards come from.
        first_card: The face-up first card.
        unseen: The cards the rest of the stack is shuffled from (at least 2).
        hilo_pins: Rule T12 option, ``"per_call"`` or ``"complete_run"``.
        category: Force this category (index or name); None for the best one.
        trials: The most mini-games to play, >= 1.
        half_width: Stop early, after at least 1,000 trials, once the 95 %
            interval's half-width is at most this many pins; None to play all
            `trials`.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a mean, in pins; compare with
        ``best_hi_lo_policy(...).expected_pins``.

    Raises:
        ValueError: If an argument is out of range (see `best_hi_lo_policy`).

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> estimate_hi_lo_pins(d, d.cards[0], d.cards[1:], category="A", trials=2000, rng=2).contains(Fraction(7, 6))
        True
    """
    from toptrumps_core.play import play
    from toptrumps_core.tournament.hilo import HiLoEnded, PolicyPlayer

    rules, first, numbers = _hilo_setup(deck, first_card, unseen, hilo_pins)
    policy = best_hi_lo_policy(first_card, unseen, hilo_pins=hilo_pins)
    if category is not None:
        index = _resolve_category(first_card, category)
        plan = policy.plans[index]
        if plan is None:
            raise ValueError(
                f"card {first_card.name!r} has no data in category {index}; it cannot be chosen (rule T12)"
            )
        policy = HiLoPolicy(index, plan.expected_pins, plan.first_call, policy.plans, hilo_pins)
    players: list[Any] = [PolicyPlayer(policy)]  # a Hi Lo player, not a classic `Strategy`

    def trial(generator: random.Random) -> int:
        record = play(rules, players, seed=0, start=_shuffled_start(rules, first, numbers, generator))
        return next(e.pins for e in reversed(record.events) if isinstance(e, HiLoEnded))

    if half_width is not None and not half_width > 0:
        raise ValueError(f"half_width must be a positive number of pins or None; got {half_width!r}")

    sums = [0, 0, 0]  # trials counted, sum, sum of squares: the check costs O(new trials)

    def enough(outcomes: list[int]) -> bool:
        for outcome in outcomes[sums[0] :]:
            sums[1] += outcome
            sums[2] += outcome * outcome
        sums[0] = n = len(outcomes)
        if half_width is None or n < 1000:
            return False
        low, high = mean_interval(sums[1], sums[2], n)
        return (high - low) / 2 <= half_width

    outcomes = _collect(
        trial,
        trials=trials,
        rng=rng,
        progress=progress,
        description="Hi Lo games",
        enough=enough if half_width is not None else None,
    )
    return Estimate.of_mean(outcomes)


def _classic_rules(deck: Deck, seats: int, no_data: Literal["tie", "loses"]) -> ClassicRules:
    from toptrumps_core.classic import ClassicRules

    return ClassicRules(deck, seats=seats, no_data=no_data, simulation=seats > 6)


def estimate_comparison_odds(
    deck: Deck,
    card: Card,
    category: int | str,
    unseen: Sequence[Card],
    opponents: int,
    *,
    no_data: Literal["tie", "loses"] = "tie",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> ComparisonEstimate:
    """Returns Monte Carlo estimates of one comparison's result (P5 for P3).

    Each trial deals `card` to seat 0 and one random unseen card (without
    replacement) to each of `opponents` other seats, lets seat 0 choose
    `category`, and reads the classic engine's events (`ClassicRules`, C4-C6).

    Args:
        deck: The deck.
        card: Seat 0's card.
        category: A category index or name.
        unseen: The cards the opponents' cards are drawn from.
        opponents: Other seats, 1..min(11, len(unseen)).
        no_data: Rule C6 option, ``"tie"`` or ``"loses"``.
        trials: Comparisons to play, >= 1.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        Three estimates (win, tie, lose) from the same trials; compare with
        `comparison_odds`.

    Raises:
        ValueError: If an argument is out of range.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [5, 1], "q": [3, 1], "r": [5, "n/a"], "s": [9, 2]})
        >>> odds = estimate_comparison_odds(d, d.cards[0], "A", d.cards[1:], 1, trials=3000, rng=3)
        >>> odds.win.contains(Fraction(1, 3)) and odds.tie.contains(Fraction(1, 3))
        True
    """
    from toptrumps_core.classic import ChooseCategory
    from toptrumps_core.events import Tied, Won

    index = _resolve_category(card, category)
    _check_unseen(card, unseen)
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= min(11, len(unseen)):
        raise ValueError(f"opponents must be 1 to {min(11, len(unseen))}; got {opponents!r}")
    rules = _classic_rules(deck, opponents + 1, no_data)
    names = [c.name for c in unseen]
    choose = ChooseCategory(index)
    win, tie, lose = 0, 1, 2

    def trial(generator: random.Random) -> int:
        drawn = generator.sample(names, opponents)
        state = rules.start_from(stacks=[[card.name], *([n] for n in drawn)], chooser=0)
        for event in rules.apply(state, choose).events:
            if isinstance(event, Won):
                return win if event.seat == 0 else lose
            if isinstance(event, Tied):
                return tie
        raise AssertionError("a comparison always ends in Won or Tied")  # pragma: no cover

    results = _collect(trial, trials=trials, rng=rng, progress=progress, description="comparisons")
    return ComparisonEstimate(*(Estimate.of_proportion([int(r == code) for r in results]) for code in (win, tie, lose)))


def estimate_tie_chance(
    deck: Deck,
    category: int | str,
    k: int = 2,
    *,
    no_data: TieNoData = "tie",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the chance that k random cards tie (P5 for P4).

    Each trial deals k random distinct cards (from the cards with data only,
    for ``no_data="ignore"``) to k seats, one each, and plays one comparison
    in `category` with the classic engine (`ClassicRules` with the C6 option
    ``no_data`` — ``"tie"`` for ``"ignore"``); it succeeds on a `Tied` event.

    Args:
        deck: The deck.
        category: A category index or name.
        k: Cards in the comparison, 2..12 and at most the cards available.
        no_data: ``"tie"``, ``"loses"`` or ``"ignore"`` (see `tie_chance`).
        trials: Comparisons to play, >= 1.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a proportion; compare with `tie_chance`.

    Raises:
        ValueError: If an argument is out of range.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> estimate_tie_chance(d, "B", 2, trials=2000, rng=4).contains(Fraction(2, 3))
        True
    """
    from toptrumps_core.classic import ChooseCategory
    from toptrumps_core.events import Tied

    tie_chance(deck, category, k, no_data=no_data)  # validates every argument
    if k > 12:
        raise ValueError(f"the classic engine seats at most 12 players; got k={k!r}")
    index = _resolve_category(deck.cards[0], category)
    pool = [c.name for c in deck.cards if no_data != "ignore" or c.values[index] is not None]
    rules = _classic_rules(deck, k, "loses" if no_data == "loses" else "tie")
    choose = ChooseCategory(index)

    def trial(generator: random.Random) -> int:
        drawn = generator.sample(pool, k)
        state = rules.start_from(stacks=[[n] for n in drawn], chooser=0)
        return 1 if any(isinstance(e, Tied) for e in rules.apply(state, choose).events) else 0

    return Estimate.of_proportion(_collect(trial, trials=trials, rng=rng, progress=progress, description="comparisons"))


# --------------------------------------------------------------------------
# Tables for lessons
# --------------------------------------------------------------------------


def _percent(chance: Fraction | float) -> str:
    return f"{100 * float(chance):.1f} %"


@dataclass(frozen=True)
class Table:
    """A small table of results that shows itself in a notebook (HTML) and as text.

    Attributes:
        columns: The column headings.
        rows: One tuple of cells per row, one cell per column (shown with
            ``str``).
        title: A caption; "" for none.
        data: The exact objects behind the rows (e.g. `TieRow`s), for code
            and tests; not shown.
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    title: str = ""
    data: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def as_dicts(self) -> list[dict[str, object]]:
        """Returns the rows as dicts keyed by column heading."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def __str__(self) -> str:
        cells = [list(self.columns), *([str(c) for c in row] for row in self.rows)]
        widths = [max(len(str(r[i])) for r in cells) for i in range(len(self.columns))]
        lines = ["  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(([self.title] if self.title else []) + lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in self.rows)
        caption = f"<caption>{html.escape(self.title)}</caption>" if self.title else ""
        return f"<table class='tt-table'>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def side_by_side(
    exact: Fraction | Mapping[str, Fraction],
    estimate: Estimate | Mapping[str, Estimate],
    *,
    title: str = "Exact beside simulated",
) -> Table:
    """Returns exact values beside Monte Carlo estimates, one row each (rule P5).

    Args:
        exact: One exact value, or several by name.
        estimate: The matching estimate, or estimates by the same names.
        title: The table's caption.

    Returns:
        A `Table` with columns: quantity, exact (fraction), exact (decimal),
        simulated, 95 % interval, trials, and whether the interval holds the
        exact value ("yes"/"no").  ``Table.data`` holds ``(name, exact,
        estimate)`` triples.

    Raises:
        ValueError: If the names of `exact` and `estimate` differ.

    Example:
        >>> est = Estimate.of_proportion([1, 0, 1, 0])
        >>> side_by_side(Fraction(1, 2), est).as_dicts()[0]["Interval holds exact"]
        'yes'
    """
    pairs: dict[str, tuple[Fraction, Estimate]]
    if isinstance(exact, Mapping) and isinstance(estimate, Mapping):
        if set(exact) != set(estimate):
            raise ValueError(
                f"exact and estimate must name the same quantities; got {sorted(exact)} and {sorted(estimate)}"
            )
        pairs = {name: (Fraction(exact[name]), estimate[name]) for name in exact}
    elif isinstance(exact, Mapping) or isinstance(estimate, Mapping):
        raise ValueError("give exact and estimate both as single values or both as mappings")
    else:
        pairs = {"value": (Fraction(exact), estimate)}
    rows = []
    for name, (value, est) in pairs.items():
        rows.append(
            (
                name,
                str(value),
                f"{float(value):.4f}",
                f"{est.value:.4f}",
                f"{est.low:.4f} to {est.high:.4f}",
                f"{est.trials:,}",
                "yes" if est.contains(value) else "no",
            )
        )
    return Table(
        ("Quantity", "Exact", "Exact (decimal)", "Simulated", "95 % interval", "Trials", "Interval holds exact"),
        tuple(rows),
        title=title,
        data=tuple((name, value, est) for name, (value, est) in pairs.items()),
    )
