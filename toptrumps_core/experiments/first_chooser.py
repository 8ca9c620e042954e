"""Lesson 1's experiment: does the first chooser win more often? (rules C3, P5, whole games).

`first_chooser_wins` answers the question of lesson 1, *does the player who
chooses first win more often?*, by playing many games between equal computer
players through the real rules engine (`toptrumps_core.play`) and counting
how often seat 0, the first chooser (rule C3), wins outright.  The answer is
an `Estimate` with its Wilson 95 % confidence interval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from toptrumps_core.chance import game_seed
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ClassicRules, ClassicView
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments.steps import Steps, run_steps, step_size
from toptrumps_core.play import play
from toptrumps_core.probability import Estimate, wilson_interval
from toptrumps_core.protocol import Termination
from toptrumps_core.strategies import Strategy

__all__ = ["FirstChooserResult", "first_chooser_steps", "first_chooser_wins"]


@dataclass(frozen=True, slots=True)
class FirstChooserResult:
    """What `first_chooser_wins` found.

    Attributes:
        estimate: Seat 0's outright wins among the finished games, with its
            Wilson 95 % interval.
        games: Games played, >= 1.
        unfinished: Games stopped by the driver's cap (rule C12), not counted
            in `estimate`.
        draws: Finished games that ended in a draw (rules C7, C11), counted as
            not won by seat 0.
        fair_share: The share seat 0 would win if choosing first did not
            matter: 1 / seats.
    """

    estimate: Estimate
    games: int
    unfinished: int
    draws: int
    fair_share: float


def first_chooser_wins(
    rules: ClassicRules,
    *,
    games: int = 200,
    seed: int | str = 1,
    strategies: Sequence[Strategy[ClassicView]] | None = None,
    max_actions: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> FirstChooserResult:
    """Plays `games` games and estimates how often seat 0 wins (rules C3, P5).

    Game ``i`` is seeded ``game_seed(seed, i)`` (`toptrumps_core.chance`),
    as the simulation lab seeds its games, so the same arguments give the
    same result.

    Args:
        rules: The classic rules to play (deck, seats, options).
        games: How many games, 1..1,000,000.
        seed: Fixes every game (int or str).
        strategies: One per seat; None for the default computer player
            everywhere (equal players, so only the seat differs).
        max_actions: The cap per game (rule C12); capped games are reported
            as `unfinished` and left out of the estimate.
        progress: Called as ``progress(done, games)`` after each game (for a
            progress bar); None for no reports.

    Returns:
        The `FirstChooserResult`.

    Raises:
        ValueError: If `games` is outside 1..1,000,000.
        RuleOptionError: If no game finished within `max_actions` (rule C12),
            so there is nothing to estimate from.

    Example:
        >>> from toptrumps_core import load_deck
        >>> result = first_chooser_wins(ClassicRules(load_deck("animals"), seats=2), games=20, seed=3)
        >>> 0 <= result.estimate.low <= result.estimate.value <= result.estimate.high <= 1
        True
    """
    return run_steps(
        first_chooser_steps(
            rules, games=games, seed=seed, strategies=strategies, max_actions=max_actions, progress=progress
        )
    )


def first_chooser_steps(
    rules: ClassicRules,
    *,
    games: int = 200,
    seed: int | str = 1,
    strategies: Sequence[Strategy[ClassicView]] | None = None,
    max_actions: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> Steps[FirstChooserResult]:
    """`first_chooser_wins` in steps (`toptrumps_core.experiments.steps`): the same result, for a live page.

    Yields after every `step_size(games)` games; returns the
    `FirstChooserResult`.  The arguments and the errors (raised at the first
    step) are `first_chooser_wins`'s.
    """
    games = whole_number(games, "games", low=1, high=1_000_000, error=ValueError)
    step = step_size(games)
    wins = finished = unfinished = draws = 0
    for index in range(games):
        outcome = play(rules, strategies, seed=game_seed(seed, index), max_actions=max_actions).outcome
        assert outcome is not None  # play() runs to an outcome or the cap
        if outcome.termination is Termination.UNFINISHED:
            unfinished += 1
        else:
            finished += 1
            draws += outcome.is_draw
            wins += outcome.winners == frozenset({0})
        if progress is not None:
            progress(index + 1, games)
        if (index + 1) % step == 0 and index + 1 < games:
            yield
    if not finished:
        raise RuleOptionError(
            f"none of the {games} games finished within {max_actions} actions (rule C12); "
            "try another deck or more players"
        )
    low, high = wilson_interval(wins, finished)
    estimate = Estimate(wins, finished, low, high)
    return FirstChooserResult(estimate, games, unfinished, draws, 1 / rules.seats)
