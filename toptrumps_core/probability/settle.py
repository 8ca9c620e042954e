"""Squads' slot odds and the "place now or wait" question, exactly (rules S3, S5).

Pure arithmetic on card values (Fractions, None for no data): no game is
imported, so the Squads rules, their computer players and the lesson all use
the same numbers.

A mission slot has a *goal*: ``"highest"``, ``"lowest"`` or ``"nearest"`` to
a *target* (rule S2).  `goal_key` turns a value into a number where bigger is
better for that goal; no data has no key and never wins (S5).  The best card
among all players wins the slot, and every card tied for best wins it too
(`best_cards`, S5), so a card wins its slot when no opponent's card is
strictly better.

The opponents' cards in a slot are, from one player's view, distinct cards
drawn at random from the cards that player has not seen ("unseen"), so:

- `win_chance`: the chance that a card wins its slot against `opponents`
  opponents, ``C(b, k) / C(U, k)`` with ``b`` the unseen cards not better;
- `beaten_chance`: the chance that at least one of `draws` face-down cards
  beats it;
- `threshold_tokens`: the expected tokens of *waiting*: turning the
  remaining face-down cards one by one and placing the first whose
  `win_chance` reaches a threshold (the last one if none does);
- `place_or_wait`: the three numbers side by side.

Rules version: 1.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, perm
from typing import Literal

from toptrumps_core.checks import whole_number

__all__ = [
    "GOALS",
    "Goal",
    "SettleOdds",
    "average_win_chance",
    "beaten_chance",
    "best_cards",
    "goal_key",
    "place_or_wait",
    "threshold_tokens",
    "win_chance",
]

Goal = Literal["highest", "lowest", "nearest"]
"""A mission slot's goal (rule S2)."""
GOALS: tuple[Goal, ...] = ("highest", "lowest", "nearest")
"""Every goal, in the order the mission editor offers them."""

Value = Fraction | int | None


def goal_key(value: Value, goal: Goal, target: Fraction | int | None = None) -> Fraction | None:
    """Returns how good `value` is for `goal`: a bigger key is better; None for no data (S5).

    Args:
        value: A card's value in the slot's category, or None for no data.
        goal: ``"highest"``, ``"lowest"`` or ``"nearest"`` (rule S2).
        target: The number to be nearest to, in the category's unit; only
            for ``"nearest"``.

    Raises:
        ValueError: If the goal is unknown, or ``"nearest"`` has no target.

    Example:
        >>> goal_key(7, "nearest", 10), goal_key(13, "nearest", 10), goal_key(None, "lowest")
        (Fraction(-3, 1), Fraction(-3, 1), None)
    """
    if goal not in GOALS:
        raise ValueError(f"no goal {goal!r}; expected one of {list(GOALS)}")
    if goal == "nearest" and target is None:
        raise ValueError("the goal 'nearest' needs a target value")
    if value is None:
        return None
    number = Fraction(value)
    if goal == "highest":
        return number
    if goal == "lowest":
        return -number
    assert target is not None
    return -abs(number - Fraction(target))


def best_cards(values: Sequence[Value], goal: Goal, target: Fraction | int | None = None) -> tuple[int, ...]:
    """Returns the positions of the values tied for best; empty if none has data (rule S5).

    Example:
        >>> best_cards([7, 13, 14, None], "nearest", 10)
        (0, 1)
        >>> best_cards([None, None], "highest")
        ()
    """
    keys = [goal_key(v, goal, target) for v in values]
    known = [k for k in keys if k is not None]
    if not known:
        return ()
    top = max(known)
    return tuple(i for i, k in enumerate(keys) if k == top)


def _not_better(value: Value, unseen: Sequence[Value], goal: Goal, target: Fraction | int | None) -> int:
    """Returns how many of `unseen` are not strictly better than `value` (no data never is)."""
    key = goal_key(value, goal, target)
    assert key is not None
    count = 0
    for other in unseen:
        other_key = goal_key(other, goal, target)
        if other_key is None or other_key <= key:
            count += 1
    return count


def _check_counts(unseen: Sequence[Value], **counts: int) -> None:
    for name, count in counts.items():
        whole_number(count, name, low=0, error=ValueError)
    if sum(counts.values()) > len(unseen):
        needed = " + ".join(f"{name} {count}" for name, count in counts.items())
        raise ValueError(f"{needed} cards are more than the {len(unseen)} unseen cards")


def win_chance(
    value: Value, unseen: Sequence[Value], opponents: int, goal: Goal, target: Fraction | int | None = None
) -> Fraction:
    """Returns the chance that `value` wins its slot against `opponents` cards drawn from `unseen` (S5).

    Winning includes sharing the best value; no data never wins.

    Args:
        value: The card's value in the slot's category; None for no data.
        unseen: The values of the cards the player has not seen, one per card.
        opponents: How many other players put a card in the slot, >= 0.
        goal: The slot's goal.
        target: The slot's target for ``"nearest"``.

    Returns:
        An exact probability in [0, 1].

    Raises:
        ValueError: If `opponents` is more than the unseen cards, or the goal is invalid.

    Example:
        >>> win_chance(5, [1, 2, 8, None], 2, "highest")  # C(3, 2) / C(4, 2)
        Fraction(1, 2)
    """
    _check_counts(unseen, opponents=opponents)
    goal_key(None, goal, target)  # checks the goal
    if value is None:
        return Fraction(0)
    return Fraction(comb(_not_better(value, unseen, goal, target), opponents), comb(len(unseen), opponents))


def average_win_chance(
    values: Sequence[Value], opponents: int, goal: Goal, target: Fraction | int | None = None
) -> Fraction:
    """Returns the average, over the cards of `values`, of each one's `win_chance` against the others (S5).

    It is the chance that a card drawn at random from `values` wins against
    `opponents` cards drawn from the rest: what leaving a slot to chance is
    worth.  Exact, and counted once from the sorted keys rather than card by
    card (the computer players ask it at every move).

    Args:
        values: The values of the cards, one per card (None for no data), at
            least ``opponents + 1`` of them.
        opponents: How many other cards go in the slot, >= 0.
        goal: The slot's goal.
        target: The slot's target for ``"nearest"``.

    Raises:
        ValueError: If there are not more values than `opponents`, or the goal is invalid.

    Example:
        >>> average_win_chance([1, 2, 8, None], 1, "highest")  # (0 + 1/3 + 2/3 + 1) / 4
        Fraction(1, 2)
    """
    goal_key(None, goal, target)  # checks the goal
    if len(values) <= opponents:
        raise ValueError(f"{len(values)} values cannot each meet {opponents} others")
    _check_counts(values[1:], opponents=opponents)
    keys = [goal_key(v, goal, target) for v in values]
    known = sorted(k for k in keys if k is not None)
    blanks = len(keys) - len(known)
    total = sum(comb(blanks + bisect_right(known, k) - 1, opponents) for k in known)
    return Fraction(total, len(values) * comb(len(values) - 1, opponents))


def beaten_chance(
    value: Value, unseen: Sequence[Value], draws: int, goal: Goal, target: Fraction | int | None = None
) -> Fraction:
    """Returns the chance that at least one of `draws` cards drawn from `unseen` is strictly better.

    This is the lesson's question: you have turned a card with `value` and
    `draws` cards of your row are still face down; will one of them beat it?
    Against no data (`value` None), any card with data is better.

    Raises:
        ValueError: If `draws` is more than the unseen cards, or the goal is invalid.

    Example:
        >>> beaten_chance(5, [1, 2, 8, None], 2, "highest")  # 1 - C(3, 2) / C(4, 2)
        Fraction(1, 2)
    """
    _check_counts(unseen, draws=draws)
    goal_key(None, goal, target)
    worse = sum(1 for v in unseen if v is None) if value is None else _not_better(value, unseen, goal, target)
    return 1 - Fraction(comb(worse, draws), comb(len(unseen), draws))


def threshold_tokens(
    unseen: Sequence[Value],
    draws: int,
    opponents: int,
    goal: Goal,
    target: Fraction | int | None = None,
    *,
    tokens: int = 3,
    threshold: Fraction | float = Fraction(1, 2),
) -> Fraction:
    """Returns the expected tokens of waiting: turn `draws` face-down cards, place the first good one.

    The policy: turn the face-down cards one at a time; place in the slot
    the first card whose `win_chance` (against `opponents` cards drawn from
    the other unseen cards) is at least `threshold`; if none is, the last
    card turned goes there.  Your face-down cards and the opponents' cards
    in the slot are distinct cards drawn from `unseen` at random.

    Exact: a card accepted at turn j beats every card turned before it (they
    were worse), so the opponents are drawn from the ``U - j`` cards left,
    of which ``b - (j - 1)`` are not better; a forced last card counts how
    many of the turned cards were not better with the hypergeometric law.

    Args:
        unseen: Values of the cards you have not seen (the held card is not among them).
        draws: Face-down cards left in your row, >= 1.
        opponents: Other players, >= 0; ``draws + opponents`` at most ``len(unseen)``.
        goal: The slot's goal.
        target: The slot's target for ``"nearest"``.
        tokens: The slot's tokens (3 for Critical, rule S2).
        threshold: The win chance a card must reach to be placed, in [0, 1].

    Returns:
        The expected tokens, an exact Fraction in [0, tokens].

    Raises:
        ValueError: If the counts do not fit the unseen cards or the goal is invalid.

    Example:
        >>> threshold_tokens([1, 2, 3], 2, 1, "highest", tokens=1, threshold=1)
        Fraction(2, 3)
    """
    _check_counts(unseen, draws=draws, opponents=opponents)
    if draws < 1:
        raise ValueError(f"draws must be at least 1; got {draws!r}")
    goal_key(None, goal, target)
    pool = list(unseen)
    size = len(pool)
    rest = [pool[:i] + pool[i + 1 :] for i in range(size)]
    chances = [win_chance(pool[i], rest[i], opponents, goal, target) for i in range(size)]
    accepted = [chance >= threshold for chance in chances]
    rejected = accepted.count(False)
    total = Fraction(0)
    for y, value in enumerate(pool):
        if value is None:
            continue  # no data never wins
        better_not = _not_better(value, rest[y], goal, target)  # b_y
        if accepted[y]:
            for j in range(1, draws + 1):
                reach = Fraction(perm(rejected, j - 1), perm(size, j - 1)) / (size - j + 1)
                if reach == 0:
                    break  # fewer cards to turn down than turns before this one
                total += reach * Fraction(comb(better_not - (j - 1), opponents), comb(size - j, opponents))
        else:
            others = [pool[i] for i in range(size) if i != y and not accepted[i]]
            if len(others) < draws - 1:
                continue
            reach = Fraction(perm(rejected - 1, draws - 1), perm(size, draws - 1)) / (size - draws + 1)
            worse = _not_better(value, others, goal, target)  # w_y
            spread = Fraction(0)
            for h in range(draws):
                ways = comb(worse, h) * comb(len(others) - worse, draws - 1 - h)
                if ways:
                    win = Fraction(comb(better_not - h, opponents), comb(size - draws, opponents))
                    spread += Fraction(ways, comb(len(others), draws - 1)) * win
            total += reach * spread
    return tokens * total


@dataclass(frozen=True, slots=True)
class SettleOdds:
    """The "place now or wait" numbers for one card and one slot (exact Fractions).

    Attributes:
        beaten: The chance that one of the face-down cards beats the card.
        now_tokens: Expected tokens of placing the card now.
        wait_tokens: Expected tokens of waiting with the threshold policy.
    """

    beaten: Fraction
    now_tokens: Fraction
    wait_tokens: Fraction

    def as_floats(self) -> tuple[float, float, float]:
        """Returns ``(beaten, now_tokens, wait_tokens)`` as floats."""
        return float(self.beaten), float(self.now_tokens), float(self.wait_tokens)

    def _repr_html_(self) -> str:
        rows = (
            ("the chance that a face-down card beats it", self.beaten, f"{float(self.beaten):.1%}"),
            ("expected tokens if you place it now", self.now_tokens, f"{float(self.now_tokens):.3f}"),
            ("expected tokens if you wait", self.wait_tokens, f"{float(self.wait_tokens):.3f}"),
        )
        body = "".join(
            f"<tr><th scope='row'>{name}</th><td>{exact}</td><td>≈ {shown}</td></tr>" for name, exact, shown in rows
        )
        return (
            f"<table><thead><tr><th></th><th>exact</th><th>as a decimal</th></tr></thead><tbody>{body}</tbody></table>"
        )


def place_or_wait(
    value: Value,
    unseen: Sequence[Value],
    draws: int,
    opponents: int,
    goal: Goal,
    target: Fraction | int | None = None,
    *,
    tokens: int = 3,
    threshold: Fraction | float = Fraction(1, 2),
) -> SettleOdds:
    """Returns the chance of being beaten and the expected tokens of placing now or waiting.

    Args:
        value: The card just turned, in the slot's category (None: no data).
        unseen: The values of the cards you have not seen.
        draws: Face-down cards left in your row.
        opponents: Other players.
        goal: The slot's goal.
        target: The slot's target for ``"nearest"``.
        tokens: The slot's tokens (3 for Critical).
        threshold: The win chance the waiting policy asks of a card.

    Raises:
        ValueError: If the counts do not fit the unseen cards or the goal is invalid.

    Example:
        >>> odds = place_or_wait(3, [1, 2, 4, 5], 2, 1, "highest", tokens=3, threshold=1)
        >>> odds.now_tokens, odds.beaten
        (Fraction(3, 2), Fraction(5, 6))
    """
    return SettleOdds(
        beaten_chance(value, unseen, draws, goal, target),
        tokens * win_chance(value, unseen, opponents, goal, target),
        threshold_tokens(unseen, draws, opponents, goal, target, tokens=tokens, threshold=threshold),
    )
