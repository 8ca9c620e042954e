"""The simulation lab: many classic games at once, the same games as the rules engine.

The batch engine (`play_batch`) plays classic games (rules C1-C9, C11, C12)
in compiled code: game i of a batch is exactly the game
``play(rules, strategies, seed=seeds[i])`` of `toptrumps_core.play` (same
deal, same chooser decisions, same lots), so it gives the same winners,
comparisons, ties, final stacks and termination, only faster.  It supports
what `check_batch_support` accepts; anything else raises `BatchUnsupported`
naming it, never a silent fallback.

The experiments around it:

- `simulate(rules, strategies, games=N, seed=S, engine="batch" | "rules")`:
  N games into a pandas DataFrame, one row per game (`experiments`), the
  same rows from both engines;
- `sweep(..., over={...}, executor=...)`: the same over a grid of seats,
  decks, strategies and rule options, on any `concurrent.futures.Executor`
  (`sweeps`);
- `strategy_ladder(deck, games=N, seed=S)`: a round robin of the classic
  strategies rated on the Elo scale with bootstrap intervals (`ladder`);
- `first_chooser_share`, `gamblers_ruin_lengths`, `card_winningness`: what
  the games say (`summaries`).

This package needs numpy, numba and pandas (the ``sim`` extra); importing
`toptrumps_core` alone never loads them.  Importing this package loads numpy
and numba only: the batch engine's names are here at once, and pandas loads
the first time a name of the experiments (`simulate`, `sweep`, the ladder,
the summaries) is looked up, so a program that plays batches only never
pays for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toptrumps_core.lazy import lazy_exports
from toptrumps_core.simulation.batch import (
    BATCH_STRATEGIES,
    BatchGames,
    BatchUnsupported,
    check_batch_support,
    play_batch,
)

if TYPE_CHECKING:
    from toptrumps_core.simulation.experiments import ENGINES, MAX_GAMES, game_seeds, simulate
    from toptrumps_core.simulation.ladder import LADDER_STRATEGIES, Ladder, PairScore, elo_ratings, strategy_ladder
    from toptrumps_core.simulation.summaries import card_winningness, first_chooser_share, gamblers_ruin_lengths
    from toptrumps_core.simulation.sweeps import SWEEP_KEYS, SerialExecutor, sweep

_PANDAS_MODULES = {
    "experiments": ("ENGINES", "MAX_GAMES", "game_seeds", "simulate"),
    "ladder": ("LADDER_STRATEGIES", "Ladder", "PairScore", "elo_ratings", "strategy_ladder"),
    "summaries": ("card_winningness", "first_chooser_share", "gamblers_ruin_lengths"),
    "sweeps": ("SWEEP_KEYS", "SerialExecutor", "sweep"),
}
_HOME = {name: f".{module}" for module, names in _PANDAS_MODULES.items() for name in names}

__all__ = [
    "BATCH_STRATEGIES",
    "ENGINES",
    "LADDER_STRATEGIES",
    "MAX_GAMES",
    "SWEEP_KEYS",
    "BatchGames",
    "BatchUnsupported",
    "Ladder",
    "PairScore",
    "SerialExecutor",
    "card_winningness",
    "check_batch_support",
    "elo_ratings",
    "first_chooser_share",
    "gamblers_ruin_lengths",
    "game_seeds",
    "play_batch",
    "simulate",
    "strategy_ladder",
    "sweep",
]


# Each experiment name imports its module (and pandas) on first use.
__getattr__, __dir__ = lazy_exports(__name__, _HOME)
