"""The classic rules engine against the plain pure-Python baseline, in one process.

Both play the same kind of game: a fresh random deck of 30 cards with 6
categories of integer values 0..100 (higher is better), dealt alternately, a
random chooser, the pot on ties (rules C2-C9), and a cap of 10,000
comparisons (C12).  The baseline is ``bench/naive_classic.py`` of the
project's shared documents, or its copy ``benchmarks/naive_classic.py`` in a
clone alone (a deque and a list per game, no records, two players); ours
is `toptrumps_core.play` with `ClassicRules` and `RandomStrategy`, which
builds an immutable state per action, checks every action and keeps the
full record.  A second case plays ours with 4 seats
(the baseline has no such case).

The script prints games per second and comparisons per second for each (the
fastest of ``--repeats`` runs, taken in turns; seconds of this process's own
CPU time, `time.process_time`, so that other programs on a shared machine
move the figures less), their ratio, and the peak memory of one game
(tracemalloc).  Nothing is asserted about time.

Run: ``.venv/bin/python benchmarks/bench_classic_vs_naive.py`` (``--help``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from types import ModuleType

from toptrumps_core import Category, ClassicRules, Deck, play
from toptrumps_core.cards import Card
from toptrumps_core.events import Revealed
from toptrumps_core.strategies import RandomStrategy

SHARED_BASELINE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "naive_classic.py"
CARRIED_BASELINE = Path(__file__).resolve().parent / "naive_classic.py"
DEFAULT_BASELINE = SHARED_BASELINE if SHARED_BASELINE.exists() else CARRIED_BASELINE
"""The shared reference script where the project's documents sit beside the clone, else the clone's copy."""
SHAPE = (30, 6, 100)
"""Cards per deck, categories, highest value: the baseline's defaults."""

Run = Callable[[int, int], tuple[float, int]]
"""Plays ``games`` games from ``seed``; returns (seconds, comparisons)."""


def load_baseline(path: Path) -> ModuleType:
    """Imports the baseline script from `path` as a module."""
    spec = importlib.util.spec_from_file_location("naive_classic", path)
    if spec is None or spec.loader is None or not path.exists():
        sys.exit(f"no baseline at {path}; pass --baseline PATH to naive_classic.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_deck(rng: random.Random, cards: int, cats: int, vmax: int) -> Deck:
    """Returns a deck like the baseline's: `cards` cards, `cats` categories, values 0..vmax.

    The values are drawn as the baseline draws them (``randint`` card by
    card) and made exact Fractions directly, as a program that generates
    decks would, rather than parsed from rows of text (`Deck.from_rows`).
    """
    categories = tuple(Category(f"C{i}") for i in range(cats))
    deck = [
        Card(f"card {n}", tuple([Fraction(rng.randint(0, vmax)) for _ in range(cats)]), categories)
        for n in range(cards)
    ]
    return Deck("Random", categories, tuple(deck))


def ours(seats: int, cap: int) -> Run:
    """Returns a run of the rules engine with `seats` seats and at most `cap` comparisons a game."""

    def run(games: int, seed: int) -> tuple[float, int]:
        rng = random.Random(seed)
        strategies = [RandomStrategy()] * seats
        comparisons = 0
        start = time.process_time()
        for _ in range(games):
            rules = ClassicRules(random_deck(rng, *SHAPE), seats=seats)
            record = play(rules, strategies, seed=rng.randrange(2**32), max_actions=cap + 1)
            comparisons += sum(type(e) is Revealed for e in record.events)
        return time.process_time() - start, comparisons

    return run


def baseline(naive: ModuleType, cap: int) -> Run:
    """Returns a run of the plain baseline (two players) with at most `cap` comparisons a game."""

    def run(games: int, seed: int) -> tuple[float, int]:
        rng = random.Random(seed)
        comparisons = 0
        start = time.process_time()
        for _ in range(games):
            rounds, _ties, _winner = naive.play_game(rng, *SHAPE, cap)
            comparisons += rounds
        return time.process_time() - start, comparisons

    return run


def fastest(cases: dict[str, Run], repeats: int, games: int, seed: int) -> dict[str, tuple[float, float]]:
    """Returns each case's (games per second, comparisons per second) in the fastest of `repeats` runs.

    The runs take turns, case after case, so that a change in the machine's
    load strikes every case alike.
    """
    timings: dict[str, list[tuple[float, int]]] = {name: [] for name in cases}
    for _ in range(repeats):
        for name, run in cases.items():
            timings[name].append(run(games, seed))
    best = {name: min(runs) for name, runs in timings.items()}
    return {name: (games / seconds, comparisons / seconds) for name, (seconds, comparisons) in best.items()}


def peak_kib(run: Run, seed: int) -> float:
    """Returns the peak memory, in KiB, allocated while playing one game of `run`."""
    tracemalloc.start()
    run(1, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def main() -> None:
    """Runs both engines and prints their speeds, the ratio and the memory of one game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--cap", type=int, default=10_000, help="comparisons per game at most (rule C12)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs of each; the fastest is shown")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    args = parser.parse_args()
    naive = baseline(load_baseline(args.baseline), args.cap)
    two, four = ours(2, args.cap), ours(4, args.cap)
    cases = {"baseline": naive, "reference": two, "reference 4 seats": four}
    speeds = fastest(cases, args.repeats, args.games, args.seed)
    memory = {name: peak_kib(run, args.seed) for name, run in cases.items()}
    for name, (games_s, comparisons_s) in speeds.items():
        print(f"{name:17}: {games_s:8.0f} games/s {comparisons_s:10.0f} comparisons/s {memory[name]:6.0f} KiB a game")
    base, ref = speeds["baseline"][1], speeds["reference"][1]
    print(f"ratio            : the reference engine makes {ref / base:.3f}x the baseline's comparisons per second")
    print(f"                   (the baseline makes {base / ref:.1f}x as many as the reference engine)")
    kib = memory["reference"] / memory["baseline"]
    print(f"memory           : one game of the reference engine peaks at {kib:.1f}x the baseline's")


if __name__ == "__main__":
    main()
