"""Seeded chance: one `rng` keyword, normalised once, and named streams.

Rules never draw: the driver draws chance outcomes from a generator and
applies them as actions (see `toptrumps_core.protocol`).  A match derives one
independent stream for chance and one per computer seat from its seed, so
changing seat 2's strategy cannot change the deal.
"""

from __future__ import annotations

import random
import secrets
from typing import TypeAlias

__all__ = ["FRESH_SEED_MAX", "RngLike", "fresh_seed", "make_rng", "stream"]

FRESH_SEED_MAX = 999_999_999_999_999
"""Largest seed `fresh_seed` draws: fifteen digits, too many to guess, few enough to stay exact in a browser."""

RngLike: TypeAlias = "random.Random | int | str | None"
"""A generator, or a seed for a new one (None: seeded from the OS)."""


def make_rng(rng: RngLike = None) -> random.Random:
    """Returns `rng` itself if it is a generator, else a new one seeded with it.

    Args:
        rng: A `random.Random` (returned as is), an int or str seed, or None
            for a generator seeded from the operating system.

    Raises:
        TypeError: If `rng` is of another type (floats and bools are refused:
            they hash to seeds that surprise readers).

    Example:
        >>> make_rng(7).random() == make_rng(7).random()
        True
    """
    if isinstance(rng, random.Random):
        return rng
    if rng is None or (isinstance(rng, (int, str)) and not isinstance(rng, bool)):
        return random.Random(rng)
    raise TypeError(f"expected a random.Random, an int or str seed, or None; got {rng!r}")


def stream(seed: int | str, name: str) -> random.Random:
    """Returns the generator of the named stream of a match seeded `seed`.

    The streams ``"chance"`` and ``"seat/0"``, ``"seat/1"``... are independent
    and each is fixed by the seed and its name alone.

    Example:
        >>> stream(7, "chance").random() == stream(7, "chance").random()
        True
    """
    return random.Random(f"{seed}/{name}")


def fresh_seed() -> int:
    """Returns a new match seed, 0..`FRESH_SEED_MAX`, from the operating system's secure random source.

    A game whose seed nobody chose gets one of these: there are too many to
    try them all and rebuild a deal (unseen cards stay unseen), and the seed
    is kept so the game can be replayed once it is over.

    Example:
        >>> 0 <= fresh_seed() <= FRESH_SEED_MAX
        True
    """
    return secrets.randbelow(FRESH_SEED_MAX + 1)
