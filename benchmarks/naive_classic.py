#!/usr/bin/env python3
# The plain pure-Python baseline the benchmarks quote their ratios against: a copy,
# unchanged below this header, of the project's shared reference script
# (bench/naive_classic.py), kept here so that the benchmarks run from a clone alone.
# It is not part of the product and implements the classic game only as far as its
# docstring says; benchmarks/bench_simulation.py imports its play_game().  Being a
# verbatim copy, it is left out of the linter and the formatter.
# ruff: noqa
"""Naive pure-Python classic Top Trumps baseline (throughput anchor).

Rules implemented (classic 2-player game):
  * a fresh random deck per game: CARDS cards x CATS categories, integer
    values drawn uniformly from 0..VMAX (higher is better in every category);
  * the shuffled deck is dealt alternately, so each player gets CARDS/2;
  * the chooser ("random chooser" strategy) picks a category uniformly at
    random from their own top card; player 0 chooses first;
  * strictly highest value wins the round and takes the played cards
    (own card first, then the opponent's) plus the whole middle pot,
    appended to the bottom of their pile, and chooses next;
  * a tie sends both played cards to the middle pot (seat order) and the
    same player chooses again;
  * the game ends when a player has no cards (a simultaneous run-out is a
    draw) or after CAP rounds (counted as "capped").

Only the standard library is used.  Prints games/s and rounds/s.
"""
import argparse
import random
import time
from collections import deque


def new_deck(rng, cards, cats, vmax):
    return [tuple(rng.randint(0, vmax) for _ in range(cats)) for _ in range(cards)]


def play_game(rng, cards, cats, vmax, cap):
    deck = new_deck(rng, cards, cats, vmax)
    rng.shuffle(deck)
    hands = (deque(deck[0::2]), deque(deck[1::2]))
    pot = []
    chooser = 0
    rounds = 0
    ties = 0
    while rounds < cap:
        a, b = hands
        if not a or not b:
            break
        rounds += 1
        ca = a.popleft()
        cb = b.popleft()
        cat = rng.randrange(cats)  # random-chooser strategy
        va, vb = ca[cat], cb[cat]
        if va > vb:
            a.append(ca)
            a.append(cb)
            if pot:
                a.extend(pot)
                pot.clear()
            chooser = 0
        elif vb > va:
            b.append(cb)
            b.append(ca)
            if pot:
                b.extend(pot)
                pot.clear()
            chooser = 1
        else:
            ties += 1
            pot.append(ca)  # tie: both cards to the pot in seat order,
            pot.append(cb)  # same chooser picks again
    a, b = hands
    if a and b:
        winner = None  # capped
    elif a:
        winner = 0
    elif b:
        winner = 1
    else:
        winner = -1  # both ran out on a tie: draw
    assert len(a) + len(b) + len(pot) == cards, "card conservation violated"
    return rounds, ties, winner


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--cards", type=int, default=30)
    p.add_argument("--cats", type=int, default=6)
    p.add_argument("--vmax", type=int, default=100)
    p.add_argument("--cap", type=int, default=10000)
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--repeats", type=int, default=3,
                   help="timed repeats; best and median are reported")
    args = p.parse_args()

    results = []
    for rep in range(args.repeats):
        rng = random.Random(args.seed + rep)
        total_rounds = total_ties = capped = p0 = draws = 0
        lengths = []
        t0 = time.perf_counter()
        for _ in range(args.games):
            r, t, w = play_game(rng, args.cards, args.cats, args.vmax, args.cap)
            total_rounds += r
            total_ties += t
            lengths.append(r)
            if w is None:
                capped += 1
            elif w == 0:
                p0 += 1
            elif w == -1:
                draws += 1
        dt = time.perf_counter() - t0
        lengths.sort()
        results.append(dict(
            seconds=dt,
            games_per_s=args.games / dt,
            rounds_per_s=total_rounds / dt,
            mean_rounds=total_rounds / args.games,
            median_rounds=lengths[len(lengths) // 2],
            p95_rounds=lengths[int(len(lengths) * 0.95)],
            max_rounds=lengths[-1],
            tie_rate=total_ties / max(total_rounds, 1),
            capped=capped,
            first_chooser_win=p0 / args.games,
            draws=draws,
        ))
        r = results[-1]
        print(f"repeat {rep}: {args.games} games in {dt:.3f}s -> "
              f"{r['games_per_s']:.0f} games/s, {r['rounds_per_s']:.0f} rounds/s; "
              f"mean {r['mean_rounds']:.1f} rounds/game (median {r['median_rounds']}, "
              f"p95 {r['p95_rounds']}, max {r['max_rounds']}), tie rate {r['tie_rate']:.4f}, "
              f"capped {capped}, draws {draws}, first-chooser wins {r['first_chooser_win']:.3f}")
    gps = sorted(x["games_per_s"] for x in results)
    rps = sorted(x["rounds_per_s"] for x in results)
    print(f"best: {gps[-1]:.0f} games/s, {rps[-1]:.0f} rounds/s; "
          f"median: {gps[len(gps)//2]:.0f} games/s, {rps[len(rps)//2]:.0f} rounds/s")


if __name__ == "__main__":
    main()
