"""Exact chances of bidding in the Top Ten Quiz: reaching a bid, and the best bid (rules Q4-Q8).

The model (the one the computer teams of `toptrumps_core.strategies.quiz`
play): a team tries the ten answers of a chart one at a time, in a random
order, and knows each one, independently, with probability `p`.  A known
answer is right; an unknown one becomes a wrong guess.  After a wrong guess
the team goes on only if it has a wrong guess to spare (a special tile,
Q6); it stops on reaching its bid (Q7) or when all ten answers are tried.

- `reach_chance(bid, p, spare)`: the chance of reaching `bid` right answers
  with `spare` wrong guesses to spare.  The b-th right answer must come
  before the (spare + 1)-th wrong one, within ten tries::

      sum over f = 0 .. min(spare, 10 - bid) of  C(bid - 1 + f, f) p^bid (1 - p)^f

  With enough spares (``spare >= 10 - bid``, or None) this is the binomial
  tail P(Binomial(10, p) >= bid): the team reaches its bid exactly when it
  knows at least that many of the ten.
- `round_chances`: the active team's win, the opposing team's win (one
  answer, Q8: right when it knows one of the answers still hidden, each
  with its own probability `q`) and nobody's.
- `bid_margin`, `best_bid`: the expected margin of tiles (the active team's
  win counted +1, the opposing team's win -1, per tile point in the middle)
  for a pair of bids, and the bid with the best worst case against any bid
  of the other team (a maximin: `best_bid`).
- `expected_points`, `points_per_bid`, `best_bid_for_points`: my expected
  tile points per tile point in the middle (my chance to win the round),
  bid by bid, against a team of another `q` that bids a given number or, by
  default, the bid of the computer team of `q` (its own `best_bid`); and the
  bid that maximises them.

This module imports no game: the numbers of the quiz are arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from toptrumps_core.checks import is_whole_number, whole_number

__all__ = [
    "ANSWERS",
    "BestBid",
    "RoundChances",
    "as_probability",
    "best_bid",
    "best_bid_for_points",
    "bid_margin",
    "binomial_reach",
    "expected_points",
    "points_per_bid",
    "reach_chance",
    "round_chances",
]

ANSWERS = 10
"""A chart ranks ten answers (Q1)."""


def as_probability(p: Fraction | float | int, what: str = "p") -> Fraction:
    """Returns `p` as an exact Fraction in [0, 1]; a float is read as written (0.6 is 3/5).

    Raises:
        ValueError: If `p` is not a number from 0 to 1.

    Example:
        >>> as_probability(0.6)
        Fraction(3, 5)
    """
    if not (isinstance(p, (Fraction, float)) or is_whole_number(p)):  # True is not a probability
        raise ValueError(f"{what} must be a probability from 0 to 1; got {p!r}")
    exact = Fraction(str(p)) if isinstance(p, float) else Fraction(p)
    if not 0 <= exact <= 1:
        raise ValueError(f"{what} must be a probability from 0 to 1; got {p!r}")
    return exact


def _check_bid(bid: int) -> None:
    whole_number(bid, "a bid", low=1, high=ANSWERS, error=ValueError)


def binomial_reach(bid: int, p: Fraction | float) -> Fraction:
    """Returns P(Binomial(10, p) >= bid): the chance that a team knows at least `bid` of ten answers.

    Raises:
        ValueError: If `bid` is not 1..10 or `p` not in [0, 1].

    Example:
        >>> binomial_reach(10, Fraction(1, 2))
        Fraction(1, 1024)
    """
    _check_bid(bid)
    q = as_probability(p)
    return sum((comb(ANSWERS, k) * q**k * (1 - q) ** (ANSWERS - k) for k in range(bid, ANSWERS + 1)), Fraction(0))


def reach_chance(bid: int, p: Fraction | float, spare: int | None = 3) -> Fraction:
    """Returns the chance that a team reaches `bid` right answers with `spare` wrong guesses to spare (Q6, Q7).

    Args:
        bid: The target, 1..10.
        p: The chance the team knows any one answer, in [0, 1].
        spare: How many wrong guesses it may make and go on (its special
            tiles, 0..10); None for no limit, which is the binomial tail.

    Raises:
        ValueError: If `bid`, `p` or `spare` is out of range.

    Example:
        >>> reach_chance(1, Fraction(1, 2), spare=0)
        Fraction(1, 2)
        >>> reach_chance(4, Fraction(1, 2), spare=None) == binomial_reach(4, Fraction(1, 2))
        True
    """
    _check_bid(bid)
    q = as_probability(p)
    if spare is None:
        return binomial_reach(bid, q)
    whole_number(spare, "spare", low=0, alternative="None", error=ValueError)
    top = min(spare, ANSWERS - bid)
    return sum((comb(bid - 1 + f, f) * q**bid * (1 - q) ** f for f in range(top + 1)), Fraction(0))


@dataclass(frozen=True, slots=True)
class RoundChances:
    """How a round ends for an active team with a bid (Q7, Q8); the three sum to 1.

    Attributes:
        active: The active team reaches its bid.
        opposing: It fails and the opposing team's one answer is right.
        nobody: Both fail; the tiles stay in the middle.
    """

    active: Fraction
    opposing: Fraction
    nobody: Fraction

    @property
    def margin(self) -> Fraction:
        """Returns the active team's expected margin per tile point: active - opposing."""
        return self.active - self.opposing


def round_chances(bid: int, p: Fraction | float, q: Fraction | float, spare: int = 3) -> RoundChances:
    """Returns how the round ends when a team of knowledge `p` is active with `bid` against one of `q`.

    The active team fails with k < bid right answers either on its
    (spare + 1)-th wrong guess, or having tried all ten; the opposing team
    then knows one of the 10 - k hidden answers with chance 1 - (1 - q)^(10 - k).

    Args:
        bid: The active team's target, 1..10.
        p: The active team's chance to know an answer.
        q: The opposing team's chance to know an answer.
        spare: The active team's wrong guesses to spare (special tiles), 0..10.

    Raises:
        ValueError: If a number is out of range.

    Example:
        >>> chances = round_chances(1, Fraction(1, 2), Fraction(1, 2), spare=0)
        >>> chances.active, chances.opposing
        (Fraction(1, 2), Fraction(1023, 2048))
    """
    win = reach_chance(bid, p, spare)
    a, o = as_probability(p), as_probability(q, "q")
    opposing = Fraction(0)
    for k in range(bid):
        stopped = comb(k + spare, k) * a**k * (1 - a) ** (spare + 1) if k + spare + 1 <= ANSWERS else Fraction(0)
        tried_all = comb(ANSWERS, k) * a**k * (1 - a) ** (ANSWERS - k) if ANSWERS - k <= spare else Fraction(0)
        opposing += (stopped + tried_all) * (1 - (1 - o) ** (ANSWERS - k))
    return RoundChances(win, opposing, 1 - win - opposing)


def _spare(bid: int, specials: int, tiles: int) -> int:
    """Returns the spare wrong guesses after the reveal: a bid of 6 or more turns a used tile back (Q6)."""
    return min(specials + 1, tiles) if bid >= 6 and specials < tiles else specials


def bid_margin(
    bid: int,
    other_bid: int,
    p: Fraction | float,
    q: Fraction | float,
    *,
    specials: tuple[int, int] = (3, 3),
    tiebreaker_mine: bool = True,
) -> Fraction:
    """Returns my expected margin per tile point when I bid `bid` and the other team bids `other_bid` (Q4-Q8).

    The higher bid is active; equal bids go to the team on the tiebreaker
    tile.  A bid of 6 or more gives back a used special tile first (Q6).

    Args:
        bid: My bid, 1..10.
        other_bid: The other team's bid, 1..10.
        p: My team's chance to know an answer.
        q: The other team's.
        specials: Both teams' unused special tiles before the reveal, mine first (0..3).
        tiebreaker_mine: True if the tiebreaker tile shows my team.

    Raises:
        ValueError: If a number is out of range.
    """
    _check_bid(other_bid)
    mine = bid > other_bid or (bid == other_bid and tiebreaker_mine)
    if mine:
        return round_chances(bid, p, q, _spare(bid, specials[0], 3)).margin
    return -round_chances(other_bid, q, p, _spare(other_bid, specials[1], 3)).margin


@dataclass(frozen=True, slots=True)
class BestBid:
    """The bid with the best worst case (Q4).

    Attributes:
        bid: 1..10.
        worst_margin: My expected margin per tile point against the other
            team's bid that is worst for me.
    """

    bid: int
    worst_margin: Fraction


def best_bid(
    p: Fraction | float,
    q: Fraction | float,
    *,
    specials: tuple[int, int] = (3, 3),
    tiebreaker_mine: bool = True,
) -> BestBid:
    """Returns the bid whose expected margin is best against the other team's worst-for-me bid (Q4).

    Ties go to the lower bid.

    Raises:
        ValueError: If `p` or `q` is out of range.

    Example:
        >>> best_bid(Fraction(3, 5), Fraction(3, 5)).bid, best_bid(Fraction(3, 10), Fraction(3, 10)).bid
        (5, 1)
    """
    best: BestBid | None = None
    for bid in range(1, ANSWERS + 1):
        worst = min(
            bid_margin(bid, c, p, q, specials=specials, tiebreaker_mine=tiebreaker_mine) for c in range(1, ANSWERS + 1)
        )
        if best is None or worst > best.worst_margin:
            best = BestBid(bid, worst)
    assert best is not None
    return best


def expected_points(
    bid: int,
    other_bid: int,
    p: Fraction | float,
    q: Fraction | float,
    *,
    specials: tuple[int, int] = (3, 3),
    tiebreaker_mine: bool = True,
) -> Fraction:
    """Returns my expected tile points per tile point in the middle: my chance to win the round (Q4-Q8).

    When my bid is active (higher, or equal with the tiebreaker tile on my
    side), I win by reaching it; otherwise I win by the opposing team's one
    right answer after the other team fails (Q8).  A bid of 6 or more gives
    back a used special tile first (Q6).  Multiply by the points in the
    middle for the round's expected points.

    Args:
        bid: My bid, 1..10.
        other_bid: The other team's bid, 1..10.
        p: My team's chance to know an answer, in [0, 1].
        q: The other team's.
        specials: Both teams' unused special tiles before the reveal, mine first (0..3).
        tiebreaker_mine: True if the tiebreaker tile shows my team.

    Returns:
        An exact probability in [0, 1].

    Raises:
        ValueError: If a number is out of range.

    Example:
        >>> expected_points(1, 1, 1, 0)  # a team that knows everything bids 1 and wins
        Fraction(1, 1)
        >>> expected_points(1, 2, Fraction(1, 2), 0)  # it knows nothing: I win with one right answer in ten
        Fraction(1023, 1024)
    """
    _check_bid(bid)
    _check_bid(other_bid)
    if bid > other_bid or (bid == other_bid and tiebreaker_mine):
        return round_chances(bid, p, q, _spare(bid, specials[0], 3)).active
    return round_chances(other_bid, q, p, _spare(other_bid, specials[1], 3)).opposing


def points_per_bid(
    p: Fraction | float,
    q: Fraction | float,
    *,
    other_bid: int | None = None,
    specials: tuple[int, int] = (3, 3),
    tiebreaker_mine: bool = True,
) -> tuple[Fraction, ...]:
    """Returns my expected points per tile point for each bid 1..10 against a team of `q` (Q4-Q8).

    Args:
        p: My team's chance to know an answer, in [0, 1].
        q: The other team's.
        other_bid: The other team's bid, 1..10; None for the bid of the
            computer team of `q` against me (its `best_bid`).
        specials: Both teams' unused special tiles, mine first.
        tiebreaker_mine: True if the tiebreaker tile shows my team.

    Returns:
        Ten exact probabilities, for bids 1..10 in order.

    Raises:
        ValueError: If a number is out of range.
    """
    if other_bid is None:
        other_bid = best_bid(q, p, specials=(specials[1], specials[0]), tiebreaker_mine=not tiebreaker_mine).bid
    return tuple(
        expected_points(bid, other_bid, p, q, specials=specials, tiebreaker_mine=tiebreaker_mine)
        for bid in range(1, ANSWERS + 1)
    )


def best_bid_for_points(
    p: Fraction | float,
    q: Fraction | float,
    *,
    other_bid: int | None = None,
    specials: tuple[int, int] = (3, 3),
    tiebreaker_mine: bool = True,
) -> int:
    """Returns the bid 1..10 that maximises my expected points against a team of `q` (Q4-Q8); ties go lower.

    Args:
        p: My team's chance to know an answer, in [0, 1].
        q: The other team's.
        other_bid: The other team's bid; None for the computer team of `q`'s own best bid.
        specials: Both teams' unused special tiles, mine first.
        tiebreaker_mine: True if the tiebreaker tile shows my team.

    Raises:
        ValueError: If a number is out of range.

    Example:
        >>> best_bid_for_points(1, Fraction(1, 2), other_bid=9, tiebreaker_mine=False)  # outbid a 9
        10
    """
    points = points_per_bid(p, q, other_bid=other_bid, specials=specials, tiebreaker_mine=tiebreaker_mine)
    return 1 + points.index(max(points))
