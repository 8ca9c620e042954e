"""The classic rules engine against the plain pure-Python baseline, in one process.

Both play the same kind of game: two players, a fresh random deck of 30 cards
with 6 categories of integer values 0..100 (higher is better), dealt
alternately, a random chooser, the pot on ties (rules C2-C9), and a cap on
comparisons.  The baseline is ``bench/naive_classic.py`` of the project's
shared documents (a deque and a list per game, no records); ours is
`toptrumps_core.play` with `ClassicRules` and `RandomStrategy`, which builds an
immutable state per action, checks every action and keeps the full record.

The script prints games per second and comparisons per second for each,
their ratio, and the peak memory of one game (tracemalloc).  Nothing is
asserted about time.

Run: ``.venv/bin/python benchmarks/bench_classic_vs_naive.py`` (``--help``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
import tracemalloc
from pathlib import Path
from types import ModuleType

from toptrumps_core import Category, ClassicRules, Deck, play
from toptrumps_core.events import Revealed
from toptrumps_core.strategies import RandomStrategy

DEFAULT_BASELINE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "naive_classic.py"


def load_baseline(path: Path) -> ModuleType:
    """Imports the baseline script from `path` as a module."""
    spec = importlib.util.spec_from_file_location("naive_classic", path)
    if spec is None or spec.loader is None or not path.exists():
        sys.exit(f"no baseline at {path}; pass --baseline PATH to naive_classic.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_deck(rng: random.Random, cards: int, cats: int, vmax: int) -> Deck:
    """Returns a deck like the baseline's: `cards` cards, `cats` categories, values 0..vmax."""
    categories = [Category(f"C{i}") for i in range(cats)]
    rows = {f"card {n}": [rng.randint(0, vmax) for _ in range(cats)] for n in range(cards)}
    return Deck.from_rows("Random", categories, rows)


def run_ours(games: int, seed: int, cards: int, cats: int, vmax: int, cap: int) -> tuple[float, int]:
    """Plays `games` games through the reference engine; returns (seconds, comparisons)."""
    rng = random.Random(seed)
    strategies = [RandomStrategy(), RandomStrategy()]
    comparisons = 0
    start = time.perf_counter()
    for _ in range(games):
        rules = ClassicRules(random_deck(rng, cards, cats, vmax), seats=2)
        record = play(rules, strategies, seed=rng.randrange(2**32), max_actions=cap + 1)
        comparisons += sum(isinstance(e, Revealed) for e in record.events)
    return time.perf_counter() - start, comparisons


def run_baseline(
    naive: ModuleType, games: int, seed: int, cards: int, cats: int, vmax: int, cap: int
) -> tuple[float, int]:
    """Plays `games` baseline games; returns (seconds, comparisons)."""
    rng = random.Random(seed)
    comparisons = 0
    start = time.perf_counter()
    for _ in range(games):
        rounds, _ties, _winner = naive.play_game(rng, cards, cats, vmax, cap)
        comparisons += rounds
    return time.perf_counter() - start, comparisons


def peak_kib(function: object, *args: object) -> float:
    """Returns the peak memory, in KiB, allocated while calling `function(*args)`."""
    tracemalloc.start()
    function(*args)  # type: ignore[operator]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def main() -> None:
    """Runs both engines and prints their speeds and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--cap", type=int, default=2000, help="comparisons per game at most (rule C12)")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    args = parser.parse_args()
    naive = load_baseline(args.baseline)
    shape = (30, 6, 100)
    base_s, base_n = run_baseline(naive, args.games, args.seed, *shape, args.cap)
    ours_s, ours_n = run_ours(args.games, args.seed, *shape, args.cap)
    print(f"baseline : {args.games / base_s:10.0f} games/s {base_n / base_s:12.0f} comparisons/s")
    print(f"reference: {args.games / ours_s:10.0f} games/s {ours_n / ours_s:12.0f} comparisons/s")
    ratio = (base_n / base_s) / (ours_n / ours_s)
    print(f"ratio    : the baseline makes {ratio:.1f}x as many comparisons per second as the reference engine")
    base_kib = peak_kib(run_baseline, naive, 1, args.seed, *shape, args.cap)
    ours_kib = peak_kib(run_ours, 1, args.seed, *shape, args.cap)
    print(f"memory   : one game peaks at {base_kib:.0f} KiB (baseline) and {ours_kib:.0f} KiB (reference), "
          f"ratio {ours_kib / base_kib:.1f}")


if __name__ == "__main__":
    main()
