"""The simulation benchmark runs from the project alone and prints a paired ratio for every engine.

Nothing about time is asserted (the benchmark's figures are read, not
tested): a tiny run only checks that every row is there, so the benchmark
the closing notes quote does not rot.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_simulation.py"


def test_a_tiny_run_prints_every_engines_paired_ratio() -> None:
    args = ["--games", "200", "--baseline-games", "20", "--rules-games", "4", "--simulate-games", "300"]
    args += ["--end-to-end", "0", "--repeat", "2"]
    done = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line.split("  ")[0].strip(): line for line in done.stdout.splitlines() if "games/s" in line}
    engines = [f"rules engine, {s} seats" for s in (2, 4)]
    engines += [f"batch, {s} seats, {t} thread{'s' * (t > 1)}" for s in (2, 4) for t in (1, 2)]
    engines.append("simulate(), 2 seats, 1 thread")
    assert set(rows) == {"baseline, 2 seats", *engines}, done.stdout
    paired = re.compile(r"\d+\.\d\dx \((\d+\.\d\d)x-(\d+\.\d\d)x\) baseline")
    for name in engines:
        found = paired.search(rows[name])
        assert found, rows[name]
        assert float(found[1]) <= float(found[2])
    assert "2 rounds" in done.stdout
