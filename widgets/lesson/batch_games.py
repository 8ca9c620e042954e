"""Lessons 1 and 2's whole games on the batch engine, in steps, and what they say (C3, C5, P5).

`batch_games` plays the games `toptrumps_core.simulation.simulate` plays
(game ``i`` from ``game_seeds(seed, games)[i]``, the rules engine's own
games, many at once) in chunks of `BATCH_STEP` games, yielding between
chunks, so a page stays usable and can stop the run; the DataFrame it
returns has simulate's rows.  numpy, numba and pandas (the ``sim`` extra)
load when the games first run, never when a lesson page opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toptrumps_core.classic import ClassicRules
from toptrumps_core.experiments import FirstChooserResult, Steps

__all__ = ["BATCH_STEP", "batch_games", "first_chooser_share"]

BATCH_STEP = 2000
"""Games per step on the batch engine (a fraction of a second on a 2-core machine)."""


def batch_games(
    rules: ClassicRules, strategy: str, games: int, seed: int, progress: Callable[[int, int], None]
) -> Steps[Any]:
    """Plays `games` games of `strategy` in every seat on the batch engine, in steps.

    Args:
        rules: The classic rules (the batch engine's options, C1-C12).
        strategy: One batch strategy name for every seat (``"random"``,
            ``"best_value"``, ``"best_rank"``).
        games: How many games, >= 1.
        seed: The run's seed; the same seed gives the same games.
        progress: Called with ``(done, games)`` after each chunk.

    Returns:
        (At the end of the steps) the pandas DataFrame `simulate` returns
        for the same arguments: one row per game, in game order.

    Raises:
        RuleOptionError: If the batch engine does not play these rules or
            this strategy (at the first step).
    """
    from toptrumps_core.simulation import experiments  # lazy: numpy, numba and pandas load when games first run

    names = experiments.check_strategies(strategy, rules.seats)
    experiments.check_batch(rules, names)
    seeds = experiments.game_seeds(seed, games)
    chunks = []
    for first in range(0, games, BATCH_STEP):
        part = seeds[first : first + BATCH_STEP]
        chunks.append(experiments.play_games(rules, names, part, first=first, engine="batch"))
        progress(first + len(part), games)
        if first + BATCH_STEP < games:
            yield
    attrs = {"seed": seed, "engine": "batch", "max_actions": experiments.DEFAULT_MAX_ACTIONS}
    return experiments.to_frame(chunks, attrs=attrs)


def first_chooser_share(frame: Any) -> FirstChooserResult:
    """Returns seat 0's share of the finished games of `frame` (a `batch_games` result), rule C3."""
    from toptrumps_core.simulation import summaries  # lazy: pandas, loaded with the games

    return summaries.first_chooser_share(frame)
