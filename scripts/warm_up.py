"""Compiles the batch engine into numba's disk cache, so the first page that runs games opens at once.

numba compiles the batch engine (`toptrumps_core.simulation`) the first time
it plays, which takes tens of seconds; lessons 1, 2 and 7 play thousands of
games as they open.  `scripts/_setup.sh` (and Binder's ``postBuild``) run this
once after installing; with the cache already warm it takes a second or two.

Run: ``.venv/bin/python scripts/warm_up.py``.
"""

from __future__ import annotations

import time

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.simulation import play_batch
from toptrumps_core.simulation.jit import cache_folder


def main() -> None:
    """Plays a few games on the batch engine (compiling it when its cache is cold) and says where it is cached."""
    start = time.perf_counter()
    for seats in (2, 3):
        play_batch(ClassicRules(load_deck("animals"), seats=seats), ["random"] * seats, [1, 2])
    where = cache_folder()
    kept = f"cached in {where}" if where else "not cached: no writable folder (set NUMBA_CACHE_DIR)"
    print(f"Batch engine ready in {time.perf_counter() - start:.1f} s ({kept}).")


if __name__ == "__main__":
    main()
