"""The simulation lab: many classic games at once, the same games as the rules engine.

The batch engine (`play_batch`) plays classic games (rules C1-C9, C11, C12)
in compiled code: game i of a batch is exactly the game
``play(rules, strategies, seed=seeds[i])`` of `toptrumps_core.play` (same
deal, same chooser decisions, same lots), so it gives the same winners,
comparisons, ties, final stacks and termination, only faster.  It supports
what `check_batch_support` accepts; anything else raises `BatchUnsupported`
naming it, never a silent fallback.

This package needs numpy and numba (the ``sim`` extra); importing
`toptrumps_core` alone never loads them.
"""

from __future__ import annotations

from toptrumps_core.simulation.batch import (
    BATCH_STRATEGIES,
    BatchGames,
    BatchUnsupported,
    check_batch_support,
    play_batch,
)

__all__ = ["BATCH_STRATEGIES", "BatchGames", "BatchUnsupported", "check_batch_support", "play_batch"]
