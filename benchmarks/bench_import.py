"""How long ``import toptrumps_core`` takes over a bare interpreter.

Families load when first used, so importing the package loads only its
registry of names: the goal is within 50 ms of a bare interpreter.  This
script starts fresh interpreters one after the other (``python -c pass`` and
``python -c "import toptrumps_core"``, interleaved so a busy machine slows
both alike), and prints the median wall time of each, their difference and
their ratio.  Nothing is asserted: the figures are for reading.

Run: ``.venv/bin/python benchmarks/bench_import.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def timed_run(code: str) -> float:
    """Returns the wall time, in seconds, of one fresh interpreter running `code`."""
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - begin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="fresh interpreters of each kind (default 10)")
    parser.add_argument("--module", default="toptrumps_core", help="the module to import (default toptrumps_core)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs must be at least 1; got {args.runs}")
    timed_run("pass")  # warm the file cache before measuring
    bare: list[float] = []
    loaded: list[float] = []
    for _ in range(args.runs):
        bare.append(timed_run("pass"))
        loaded.append(timed_run(f"import {args.module}"))
    bare_ms = statistics.median(bare) * 1000
    loaded_ms = statistics.median(loaded) * 1000
    print(f"bare interpreter:        median of {args.runs}: {bare_ms:7.1f} ms")
    print(f"import {args.module}: median of {args.runs}: {loaded_ms:7.1f} ms")
    print(f"difference: {loaded_ms - bare_ms:+.1f} ms (goal: within 50 ms); ratio {loaded_ms / bare_ms:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
