"""The quiz lesson on bidding: exact chances beside rounds played through the real rules (Q4-Q8, P5).

A team that knows each answer with probability p bids b.  How likely is it
to reach b?  `toptrumps_core.probability.bidding` answers exactly (the
binomial tail, and its extension when only a few wrong guesses can be
spared); `estimate_reach` plays the round many times through `QuizRules`
with `QuizTeam` computer teams and reports the share won, with its 95 %
interval, so the two can stand side by side (`bidding_table`).

Rules version: 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from toptrumps_core.chance import stream
from toptrumps_core.experiments.tables import Table
from toptrumps_core.probability import Estimate
from toptrumps_core.probability.bidding import as_probability, binomial_reach, reach_chance, round_chances
from toptrumps_core.protocol import JUDGE, SIMULTANEOUS, Event
from toptrumps_core.quiz import QuizRules, RoundUnwon, RoundWon, ShowdownBegan
from toptrumps_core.strategies.quiz import QuizTeam

__all__ = ["bidding_table", "estimate_reach", "reach_grid"]


def _round_won(rules: QuizRules, bid: int, teams: tuple[QuizTeam, QuizTeam], spare: int, rng: random.Random) -> int:
    """Plays round 1 with Green active at `bid` and returns 1 if Green wins it, else 0."""
    state = rules.start_from(round=1, active=0, target=bid, specials=(spare, 3))
    while True:
        actor = rules.actor(state)
        if actor is JUDGE or actor is SIMULTANEOUS or not isinstance(actor, int):  # pragma: no cover - not reached
            raise AssertionError(f"round 1 should end before {actor!r} acts")
        action = teams[actor].choose(rules.observe(state, actor), rules.legal_actions(state), rng)
        step = rules.apply(state, action)
        state = step.state
        ends: list[Event] = [e for e in step.events if isinstance(e, (RoundWon, RoundUnwon, ShowdownBegan))]
        if ends:
            end = ends[0]
            return int(isinstance(end, RoundWon) and end.team == 0)


def estimate_reach(
    bid: int,
    p: Fraction | float,
    *,
    spare: int = 3,
    q: Fraction | float | None = None,
    trials: int = 400,
    seed: int | str = 0,
    rules: QuizRules | None = None,
) -> Estimate:
    """Returns the simulated chance that a team of knowledge `p` reaches `bid` (Q5-Q7, P5).

    Args:
        bid: The active team's bid, 1..10.
        p: Its chance to know an answer, in [0, 1].
        spare: Its special tiles, 0..3 (wrong guesses it can spare, Q6).
        q: The opposing team's chance; None for the same as `p`.
        trials: How many rounds to play, >= 1.
        seed: Fixes every round.
        rules: The quiz rules (their first chart set is played); None for the defaults.

    Returns:
        The share of rounds the active team won, with its 95 % interval.

    Raises:
        ValueError: If a number is out of range.

    Example:
        >>> estimate_reach(3, 0.5, trials=50, seed=1).trials
        50
    """
    as_probability(p)
    if not 0 <= spare <= 3:
        raise ValueError(f"spare must be 0 to 3 special tiles; got {spare!r}")
    if trials < 1:
        raise ValueError(f"trials must be at least 1; got {trials!r}")
    rules = rules or QuizRules()
    teams = (QuizTeam(p=p, bidding=bid), QuizTeam(p=p if q is None else q, bidding=bid))
    outcomes = [_round_won(rules, bid, teams, spare, stream(seed, f"round/{n}")) for n in range(trials)]
    return Estimate.of_proportion(outcomes)


def reach_grid(
    ps: Sequence[Fraction | float], *, spare: int | None = 3, bids: Sequence[int] = tuple(range(1, 11))
) -> dict[Fraction, tuple[Fraction, ...]]:
    """Returns, for each p, the exact chance to reach each bid: the data of the lesson's plot over b and p.

    Example:
        >>> grid = reach_grid([0.5], spare=None, bids=[10])
        >>> grid[Fraction(1, 2)]
        (Fraction(1, 1024),)
    """
    return {as_probability(p): tuple(reach_chance(b, p, spare) for b in bids) for p in ps}


def bidding_table(
    p: Fraction | float,
    *,
    q: Fraction | float | None = None,
    spare: int = 3,
    trials: int = 300,
    seed: int | str = 0,
    bids: Sequence[int] = tuple(range(1, 11)),
) -> Table:
    """Returns, bid by bid, the exact chances beside the simulated one and the expected margin (Q4-Q8, P5).

    Columns: the bid; the binomial tail (no limit on wrong guesses); the
    exact chance with `spare` special tiles; the simulated chance with its
    interval; the expected margin of tiles against a team of `q` (the
    active team's win minus the opposing team's, per tile point).

    Example:
        >>> table = bidding_table(0.6, trials=20, bids=[5])
        >>> table.columns[0], len(table.rows)
        ('Bid', 1)
    """
    other = as_probability(p if q is None else q)
    rows = []
    data = []
    for bid in bids:
        binomial = binomial_reach(bid, p)
        exact = reach_chance(bid, p, spare)
        estimate = estimate_reach(bid, p, spare=spare, q=other, trials=trials, seed=f"{seed}/{bid}")
        margin = round_chances(bid, p, other, spare).margin
        rows.append(
            (
                bid,
                f"{float(binomial):.3f}",
                f"{float(exact):.3f}",
                f"{estimate.value:.3f} ± {estimate.half_width:.3f}",
                f"{float(margin):+.3f}",
            )
        )
        data.append((bid, binomial, exact, estimate, margin))
    return Table(
        ("Bid", "Knows ≥ bid (binomial)", f"Exact, {spare} special tiles", "Simulated", "Expected margin"),
        tuple(rows),
        title=f"A team that knows each answer with p = {float(as_probability(p)):.2f}",
        data=tuple(data),
    )
