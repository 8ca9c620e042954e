"""Exact Hi Lo policy (rule P2) against the Monte Carlo run that pins it down (P5).

For a bundled deck of at least 30 cards, with its first card face up and
every other card unseen, this script times in one process:

- the exact best policy and its expected pins (`best_hi_lo_policy`, which
  counts cards by value), averaged over repeated calls;
- a plain pure-Python baseline of the same exact answer: every ordered pair
  of second and third cards enumerated, for each category and first call;
- the Monte Carlo estimate (`estimate_hi_lo_pins`, whole mini-games through
  the real Hi Lo engine and driver) run until its 95 % interval is within
  +-0.01 pins of its value,

and prints both times and the ratio (goal: exact at least 10x faster than
Monte Carlo).  No assertion is timed; the script exits non-zero only if the
estimate's interval misses the exact value, which would be a bug.

Run: ``.venv/bin/python benchmarks/bench_hilo_exact_vs_monte_carlo.py``
(``--help`` for options).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from fractions import Fraction

from toptrumps_core import bundled_decks, load_deck
from toptrumps_core.cards import Card, Deck
from toptrumps_core.experiments import estimate_hi_lo_pins
from toptrumps_core.probability import best_hi_lo_policy


def pick_deck(name: str | None) -> Deck:
    """Returns the named deck, or the smallest bundled deck with at least 30 cards."""
    if name:
        return load_deck(name)
    decks = [load_deck(n) for n in bundled_decks()]
    big = [d for d in decks if len(d.cards) >= 30]
    if not big:
        sys.exit("no bundled deck has 30 cards or more")
    return min(big, key=lambda d: (len(d.cards), d.name))


def naive_expected_pins(first: Card, unseen: Sequence[Card], hilo_pins: str) -> Fraction:
    """The same exact answer by brute force: every ordered (second, third) pair, per category and call."""
    best = Fraction(-1)
    for index, shown in enumerate(first.values):
        if shown is None:
            continue
        data = [c.values[index] for c in unseen if c.values[index] is not None]
        m = len(data)
        if m == 0:
            best = max(best, Fraction(0))
            continue
        for call in ("higher", "lower"):
            total = Fraction(0)
            for i, second in enumerate(data):
                assert second is not None
                if not (second >= shown if call == "higher" else second <= shown):
                    continue
                if m == 1:
                    total += 1 if hilo_pins == "per_call" else 0
                    continue
                rest = data[:i] + data[i + 1 :]
                up = sum(1 for third in rest if third is not None and third >= second)
                down = sum(1 for third in rest if third is not None and third <= second)
                chance = Fraction(max(up, down), m - 1)
                total += (1 + chance) if hilo_pins == "per_call" else 2 * chance
            best = max(best, total / m)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmark and prints the times and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", help="bundled deck name (default: smallest with >= 30 cards)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the Monte Carlo run")
    parser.add_argument("--half-width", type=float, default=0.01, help="target +- of the 95 %% interval, in pins")
    parser.add_argument("--repeats", type=int, default=50, help="exact calls to average over")
    args = parser.parse_args(argv)

    deck = pick_deck(args.deck)
    first, unseen = deck.cards[0], list(deck.cards[1:])
    print(f"Deck {deck.name!r}: {len(deck.cards)} cards; first card {first.name!r}; {len(unseen)} unseen")
    failures = 0
    for hilo_pins in ("per_call", "complete_run"):
        start = time.perf_counter()
        for _ in range(args.repeats):
            policy = best_hi_lo_policy(first, unseen, hilo_pins=hilo_pins)  # type: ignore[arg-type]
        exact_s = (time.perf_counter() - start) / args.repeats

        start = time.perf_counter()
        naive = naive_expected_pins(first, unseen, hilo_pins)
        naive_s = time.perf_counter() - start

        start = time.perf_counter()
        estimate = estimate_hi_lo_pins(
            deck,
            first,
            unseen,
            hilo_pins=hilo_pins,  # type: ignore[arg-type]
            trials=2_000_000,
            half_width=args.half_width,
            rng=args.seed,
        )
        monte_carlo_s = time.perf_counter() - start

        category = deck.categories[policy.category].name
        agrees = estimate.contains(policy.expected_pins)
        failures += (not agrees) + (naive != policy.expected_pins)
        print(f"\nhilo_pins={hilo_pins!r}: best category {category!r}, first call {policy.first_call!r}")
        pins = policy.expected_pins
        print(f"  exact:        {pins} = {float(pins):.6f} pins in {exact_s * 1e3:.3f} ms")
        print(f"  naive exact:  {naive} (same: {naive == policy.expected_pins}) in {naive_s * 1e3:.3f} ms")
        print(
            f"  Monte Carlo:  {estimate.value:.4f} +- {estimate.half_width:.4f} (95 %) after {estimate.trials:,} games"
            f" in {monte_carlo_s:.3f} s; interval holds exact: {agrees}"
        )
        print(f"  ratio Monte Carlo / exact: {monte_carlo_s / exact_s:,.0f}x (goal >= 10x)")
        print(f"  ratio naive exact / exact: {naive_s / exact_s:,.1f}x")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
