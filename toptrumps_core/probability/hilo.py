"""Rules P1 and P2: exact Hi Lo odds, and the calls and category with the most expected pins.

- P1 `hi_lo_odds`: the chance that the next Hi Lo card is higher-or-equal and
  lower-or-equal than the shown value.  Calls are about raw numbers: "higher"
  means a greater-or-equal value even in a lower-is-better category (rule
  T12 compares numbers, not "better").  A tie is a right call either way;
  unseen cards with no data are ignored (T12 puts them aside and replaces
  them, so the card judged is uniform among the unseen cards with data).
- P2 `hi_lo_plan`, `expected_hi_lo_pins`, `best_hi_lo_policy`: the calls,
  and the category, that maximise the expected Hi Lo pins, with that
  expectation, under either ``hilo_pins`` option (T12), by exact enumeration
  over the unseen cards drawn without replacement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

from toptrumps_core.cards import Card, Value, format_value
from toptrumps_core.probability.unseen import category_index, check_unseen

__all__ = [
    "Direction",
    "HiLoOdds",
    "HiLoPins",
    "HiLoPlan",
    "HiLoPolicy",
    "best_hi_lo_policy",
    "expected_hi_lo_pins",
    "hi_lo_odds",
    "hi_lo_plan",
]

Direction: TypeAlias = Literal["higher", "lower"]
"""A Hi Lo call (rule T12): the next value is greater-or-equal, or less-or-equal."""

HiLoPins: TypeAlias = Literal["per_call", "complete_run"]
"""Rule T12's pin option: ``"per_call"`` (0, 1 or 2 pins) or ``"complete_run"`` (2 or 0)."""


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
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> expected_hi_lo_pins(d.cards[0], "A", d.cards[1:])
        Fraction(7, 6)
    """
    index = category_index(first_card, category)
    check_unseen(first_card, unseen)
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
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> policy = best_hi_lo_policy(d.cards[0], d.cards[1:])
        >>> # B: shown 1, data 1 and 2: "higher" is sure, then 1 vs 2 either way right.
        >>> policy.category, policy.expected_pins, policy.first_call
        (1, Fraction(2, 1), 'higher')
    """
    _check_pins(hilo_pins)
    check_unseen(first_card, unseen)
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
