"""The batch engine against the rules engine and the plain pure-Python baseline, in one run.

The workload is the baseline's (``benchmarks/naive_classic.py``): two
players, random decks of 30 cards with 6 categories of integer values
0..100 (higher is better), dealt alternately, a random chooser, the pot on
ties, and a limit of 10,000 comparisons; then the same with four seats
(the baseline plays two seats only, so that line compares the engines with
each other, and with the two-seat baseline's rate).  The batch engine
(`toptrumps_core.simulation.play_batch`, one thread and two) and the rules
engine (`toptrumps_core.play`) play the same games for the same seeds: the
batch engine on random decks of the same kind, a share of the games per
deck; the baseline deals a fresh deck per game.

Printed: games per second and comparisons per second for each engine, the
ratios to the baseline, the lab's own path (`toptrumps_core.simulation.simulate`:
one call of ``--simulate-games`` games on one random deck, two seats, its
defaults otherwise; the games' seeds, the batch engine and the DataFrame
together), the peak memory per game (tracemalloc), and 100,000 games end
to end in a fresh process (import, compile and play, each part timed, the
play also per game, and the functions numba compiled counted: none when
the cache is used), once with an empty compile cache (cold) and once with
it filled (warm), against the baseline's time for the same 100,000 games.

The runs are paired: ``--repeat`` rounds each run the baseline and then
every engine once, and each ratio printed is the median of its rounds'
ratios, with the lowest and highest in brackets.  On a shared or virtual
machine whose speed drifts from minute to minute (by a fifth or more), a
ratio then compares runs made side by side, never a baseline timed in a
fast minute with an engine timed in a slow one.  Rates are the medians of
the rounds.  The end-to-end runs are paired the same way with the
baseline's 100,000 games, each cold one with its own empty cache.  Nothing
is asserted about time.

Run: ``.venv/bin/python benchmarks/bench_simulation.py`` (``--help``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from toptrumps_core import Category, ClassicRules, Deck, play
from toptrumps_core.events import Revealed
from toptrumps_core.simulation import play_batch, simulate

BASELINE = Path(__file__).resolve().parent / "naive_classic.py"
CARDS, CATEGORIES, VMAX, LIMIT = 30, 6, 100, 10_000
DECKS = 20  # random decks a batch spreads its games over


def load_baseline() -> ModuleType:
    """Imports the baseline script beside this one."""
    spec = importlib.util.spec_from_file_location("naive_classic", BASELINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_rules(rng: random.Random, seats: int) -> ClassicRules:
    """Returns rules on a deck like the baseline's, with the comparison limit (C11)."""
    categories = [Category(f"C{i}") for i in range(CATEGORIES)]
    rows = {f"card {n}": [rng.randint(0, VMAX) for _ in range(CATEGORIES)] for n in range(CARDS)}
    return ClassicRules(Deck.from_rows("Random", categories, rows), seats=seats, round_limit=LIMIT)


def run_baseline(naive: ModuleType, games: int, seed: int) -> tuple[float, int]:
    """Plays `games` baseline games; returns (seconds, comparisons)."""
    rng = random.Random(seed)
    comparisons = 0
    start = time.perf_counter()
    for _ in range(games):
        rounds, _ties, _winner = naive.play_game(rng, CARDS, CATEGORIES, VMAX, LIMIT)
        comparisons += rounds
    return time.perf_counter() - start, comparisons


def run_rules(games: int, seed: int, seats: int) -> tuple[float, int]:
    """Plays `games` games through the rules engine, on `DECKS` decks; returns (seconds, comparisons)."""
    rng = random.Random(seed)
    decks = [random_rules(rng, seats) for _ in range(DECKS)]
    comparisons = 0
    start = time.perf_counter()
    for n in range(games):
        record = play(decks[n % DECKS], ["random"] * seats, seed=n)
        comparisons += sum(isinstance(e, Revealed) for e in record.events)
    return time.perf_counter() - start, comparisons


def run_batch(games: int, seed: int, seats: int, threads: int) -> tuple[float, int]:
    """Plays `games` games through the batch engine, on `DECKS` decks; returns (seconds, comparisons)."""
    rng = random.Random(seed)
    decks = [random_rules(rng, seats) for _ in range(DECKS)]
    comparisons = 0
    start = time.perf_counter()
    for d, rules in enumerate(decks):
        seeds = list(range(d, games, DECKS))
        comparisons += int(play_batch(rules, ["random"] * seats, seeds, threads=threads).comparisons.sum())
    return time.perf_counter() - start, comparisons


def run_simulate(games: int, seed: int) -> tuple[float, int]:
    """Plays `games` two-seat games through `simulate` on one random deck (one thread); returns (seconds, comparisons).

    Timed: the whole call, from the run's seed to the DataFrame.
    """
    rules = random_rules(random.Random(seed), 2)
    start = time.perf_counter()
    frame = simulate(rules, "random", games=games, seed=seed, progress=False)
    return time.perf_counter() - start, int(frame["comparisons"].sum())


Run = tuple[float, int]
"""One timed run: (seconds, comparisons)."""


def rate(run: Run) -> float:
    """Returns a run's comparisons per second."""
    return run[1] / run[0]


def ratios(runs: list[Run], against: list[Run]) -> list[float]:
    """Returns each round's ratio of comparisons per second, ``runs[r]`` to ``against[r]``."""
    return [rate(run) / rate(other) for run, other in zip(runs, against, strict=True)]


def spread(values: list[float]) -> str:
    """Returns the median of the ratios `values` with their lowest and highest, e.g. ``"25.10x (23.02x-26.41x)"``."""
    return f"{statistics.median(values):.2f}x ({min(values):.2f}x-{max(values):.2f}x)"


def peak_kib_per_game(games: int, function: Callable[..., object], *args: object) -> float:
    """Returns the peak memory, in KiB per game, allocated while `function(*args)` plays `games` games."""
    tracemalloc.start()
    function(*args)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024 / games


END_TO_END = """
import sys, time
start, cpu = time.perf_counter(), time.process_time()
sys.path.insert(0, {benchmarks!r})
from bench_simulation import run_batch
from toptrumps_core.simulation.jit import counting_compiles
imported = time.perf_counter() - start
with counting_compiles() as compiles:
    seconds, comparisons = run_batch({games}, {seed}, 2, {threads})
print(time.process_time() - cpu, imported, compiles.seconds, compiles.cpu_seconds, len(compiles.functions),
      seconds - compiles.seconds)
"""


def end_to_end(games: int, seed: int, threads: int, cache: str) -> tuple[float, ...]:
    """Returns a fresh process's times (start, import, compile and play), with the compile cache folder `cache`.

    In order: seconds in all (wall-clock, measured outside), the process's
    CPU seconds, seconds importing, compiling (wall-clock and CPU; numba's
    compiles only: a load from the cache is not one), the functions
    compiled, and seconds playing (the batches' time less their compiles).
    """
    code = END_TO_END.format(benchmarks=str(Path(__file__).resolve().parent), games=games, seed=seed, threads=threads)
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    wall = time.perf_counter() - start
    return (wall, *(float(field) for field in done.stdout.split()))


def end_to_end_line(name: str, games: int, runs: list[tuple[float, ...]], baselines: list[float]) -> str:
    """Returns one printed end-to-end row: the median run of `runs` (`end_to_end`), split into its parts.

    The batch engine's compile time and its cost per game (the playing
    seconds over the `games` played) are printed apart.  The ratio is the
    median of each round's baseline seconds over its run's wall-clock seconds.
    """
    wall, cpu, imported, compiling, compiling_cpu, compiled, playing = sorted(runs)[len(runs) // 2]
    faster = [base / run[0] for base, run in zip(baselines, runs, strict=True)]
    return (
        f"  {name}: {wall:.1f} s in a fresh process ({cpu:.1f} s CPU): import {imported:.1f} s, "
        f"compile {compiling:.1f} s ({compiling_cpu:.1f} s CPU, {compiled:.0f} functions), "
        f"play {playing:.1f} s ({playing / games * 1e6:.1f} µs a game); {spread(faster)} faster than the baseline"
    )


def line(name: str, games: int, runs: list[Run], base: list[Run] | None) -> str:
    """Returns one printed row: median games/s and comparisons/s, and the paired ratio to the baseline."""
    seconds = statistics.median(run[0] for run in runs)
    ratio = "" if base is None else f"  {spread(ratios(runs, base))} baseline"
    return f"{name:<28}{games / seconds:12.0f} games/s {statistics.median(map(rate, runs)):14.0f} comparisons/s{ratio}"


SIMULATE = "simulate(), 2 seats, 1 thread"
"""The printed name of the row of `run_simulate`."""


def rules_name(seats: int) -> str:
    """Returns the printed name of the rules engine's row for `seats` seats."""
    return f"rules engine, {seats} seats"


def batch_name(seats: int, threads: int) -> str:
    """Returns the printed name of the batch engine's row for `seats` seats and `threads` threads."""
    return f"batch, {seats} seats, {threads} thread{'s' * (threads > 1)}"


def main() -> None:
    """Runs every engine on the workload and prints their speeds, ratios and memory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per batch-engine run")
    parser.add_argument("--baseline-games", type=int, default=5_000)
    parser.add_argument("--rules-games", type=int, default=200)
    parser.add_argument("--simulate-games", type=int, default=100_000, help="games of one simulate() call")
    parser.add_argument("--end-to-end", type=int, default=100_000, help="games of the end-to-end runs (0: skip)")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--repeat", type=int, default=5, help="rounds of paired runs (end to end: at most 3)")
    args = parser.parse_args()
    naive = load_baseline()

    run_batch(DECKS, args.seed, 2, 1)  # compile (or load the cache) before timing
    run_batch(DECKS, args.seed, 4, 1)
    engines: dict[str, Callable[[], Run]] = {}
    for seats in (2, 4):
        engines[rules_name(seats)] = lambda seats=seats: run_rules(args.rules_games, args.seed, seats)
        for threads in (1, 2):
            engines[batch_name(seats, threads)] = lambda seats=seats, threads=threads: run_batch(
                args.games, args.seed, seats, threads
            )
    engines[SIMULATE] = lambda: run_simulate(args.simulate_games, args.seed)
    base: list[Run] = []
    runs: dict[str, list[Run]] = {name: [] for name in engines}
    for _ in range(max(1, args.repeat)):  # a round: the baseline, then each engine, side by side in time
        base.append(run_baseline(naive, args.baseline_games, args.seed))
        for name, engine in engines.items():
            runs[name].append(engine())
    print(f"workload: {CARDS} cards, {CATEGORIES} categories, values 0..{VMAX}, random chooser, limit {LIMIT:,}")
    print(f"{len(base)} rounds; each ratio is the median round's (lowest-highest)")
    print(line("baseline, 2 seats", args.baseline_games, base, None))
    for seats in (2, 4):
        rules = runs[rules_name(seats)]
        print(line(rules_name(seats), args.rules_games, rules, base))
        for threads in (1, 2):
            batch = runs[batch_name(seats, threads)]
            faster = statistics.median(ratios(batch, rules))
            print(line(batch_name(seats, threads), args.games, batch, base) + f"  {faster:6.0f}x rules engine")
    print(line(SIMULATE, args.simulate_games, runs[SIMULATE], base))

    sample = 1_000
    memory = {
        "baseline": peak_kib_per_game(sample, run_baseline, naive, sample, args.seed),
        "rules engine": peak_kib_per_game(20, run_rules, 20, args.seed, 2),
        "batch": peak_kib_per_game(sample, run_batch, sample, args.seed, 2, 1),
    }
    print("memory: peak per game (tracemalloc), " + ", ".join(f"{k} {v:.2f} KiB" for k, v in memory.items()))

    if args.end_to_end:
        games = args.end_to_end
        rounds = max(1, min(args.repeat, 3))  # a round: the baseline's games, then three fresh processes
        bases: list[float] = []
        colds: list[tuple[float, ...]] = []
        warms: dict[int, list[tuple[float, ...]]] = {1: [], 2: []}
        with tempfile.TemporaryDirectory() as cache:
            end_to_end(games, args.seed, 1, cache)  # fills the warm cache
            for _ in range(rounds):
                bases.append(run_baseline(naive, games, args.seed)[0])
                with tempfile.TemporaryDirectory() as empty:
                    colds.append(end_to_end(games, args.seed, 1, empty))
                for threads, warm in warms.items():
                    warm.append(end_to_end(games, args.seed, threads, cache))
        print(f"{games:,} games end to end: baseline {statistics.median(bases):.1f} s (median of {rounds} rounds)")
        print(end_to_end_line(f"{batch_name(2, 1)}, cold compile cache", games, colds, bases))
        for threads, warm in warms.items():
            print(end_to_end_line(f"{batch_name(2, threads)}, warm compile cache", games, warm, bases))


if __name__ == "__main__":
    main()
