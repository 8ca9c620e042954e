"""Seeded chance: one `rng` keyword, normalised once, and named streams.

Rules never draw: the driver draws chance outcomes from a generator and
applies them as actions (see `toptrumps_core.protocol`).  A match derives one
independent stream for chance and one per computer seat from its seed, so
changing seat 2's strategy cannot change the deal.

How a match's streams come from its seed is its seed scheme (`SeedScheme`),
kept in its record so that a game replays and resumes with the streams it
was dealt from:

- ``"splitmix64"`` (new matches): stream number k of seed s is
  ``random.Random(mix(s, k))`` (`mix`: SplitMix64), numbered ``"chance"``
  0, ``"seat/N"`` N + 1 and ``"judge"`` `JUDGE_STREAM`.  A few integer
  instructions per stream, which the batch engine computes in compiled code.
- ``"text"`` (records saved before the integer scheme, whose records name
  no scheme): the stream named n of seed s is ``random.Random(f"{s}/{n}")``,
  which Python seeds through SHA-512 of the text.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Final, Literal, TypeAlias, get_args

__all__ = [
    "DEFAULT_SEED_SCHEME",
    "FRESH_SEED_MAX",
    "GAME_STREAMS",
    "JUDGE_STREAM",
    "SEED_SCHEMES",
    "RngLike",
    "SeedScheme",
    "check_seed_scheme",
    "fresh_seed",
    "game_seed",
    "make_rng",
    "match_stream",
    "match_streams",
    "mix",
    "mix_state",
    "seed_number",
    "stream",
    "stream_number",
]

SeedScheme: TypeAlias = Literal["splitmix64", "text"]
"""How a match's streams come from its seed (see the module docstring)."""

SEED_SCHEMES: Final[tuple[SeedScheme, ...]] = get_args(SeedScheme)
"""Every seed scheme, the default first."""

DEFAULT_SEED_SCHEME: Final[SeedScheme] = "splitmix64"
"""The seed scheme of new matches."""

JUDGE_STREAM: Final = 2**32
"""The stream number of ``"judge"`` under ``"splitmix64"``: past every seat's (N + 1)."""

GAME_STREAMS: Final = 2**33
"""Game i of an experiment seeded s is seeded from stream ``GAME_STREAMS + i`` of s (`game_seed`): no match's stream."""

_MASK = 2**64 - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment: 2**64 over the golden ratio, odd

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
    """Returns the generator of the stream named `name` of seed `seed` under the ``"text"`` scheme.

    ``random.Random(f"{seed}/{name}")``: the match streams of records
    without a seed scheme, and the experiments' own named streams (such as
    ``"game/3"`` or ``"ladder/bootstrap"``), each fixed by the seed and its
    name alone.

    Example:
        >>> stream(7, "chance").random() == stream(7, "chance").random()
        True
    """
    return random.Random(f"{seed}/{name}")


def check_seed_scheme(scheme: object) -> SeedScheme:
    """Returns `scheme` if it is a seed scheme (`SEED_SCHEMES`).

    Raises:
        ValueError: If it is not (the message lists the schemes).
    """
    for known in SEED_SCHEMES:
        if scheme == known and isinstance(scheme, str):
            return known
    raise ValueError(f"seed_scheme must be one of {', '.join(map(repr, SEED_SCHEMES))}; got {scheme!r}")


def _finish(z: int) -> int:
    """SplitMix64's output function (Stafford's mix 13) of the 64-bit word `z`."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def mix_state(seed: int) -> int:
    """Returns the SplitMix64 state `mix` starts from for `seed`: the seed's own mix, 0..2**64 - 1.

    ``mix(seed, k) == finish(mix_state(seed) + (k + 1) * 0x9E3779B97F4A7C15 mod 2**64)``,
    so many streams of one seed take one multiply and one mix each (the
    simulation lab's game seeds, vectorised).
    """
    return _finish(seed & _MASK)


def mix(seed: int, number: int) -> int:
    """Returns the 64-bit seed of stream `number` of seed `seed` under ``"splitmix64"``, 0..2**64 - 1.

    Output `number` (counted from 0) of the SplitMix64 generator whose state
    starts at the seed's own SplitMix64 mix: ``finish(finish(seed mod 2**64)
    + (number + 1) * 0x9E3779B97F4A7C15 mod 2**64)``.  Mixing the seed first
    keeps nearby seeds' streams apart (a seed never meets another seed's
    stream by a multiple of the increment).  Negative seeds count mod
    2**64, as their two's complement.

    Args:
        seed: A whole number (`seed_number` turns a text into one).
        number: The stream number, >= 0 (`stream_number`).

    Example:
        >>> mix(7, 0) == mix(7, 0) != mix(7, 1) != mix(8, 1)
        True
    """
    return _finish((mix_state(seed) + (number + 1) * _GAMMA) & _MASK)


def seed_number(seed: int | str) -> int:
    """Returns `seed` as the whole number the ``"splitmix64"`` scheme mixes.

    An int is itself.  A text seed is the first 8 bytes of the SHA-512 digest
    of its UTF-8 bytes, read big-endian, 0..2**64 - 1: a text fixes its
    streams as a number does, and a match seeded with a text is replayable
    from that text.  The batch engine plays whole-number seeds only.

    Raises:
        TypeError: If `seed` is neither (bools are refused).

    Example:
        >>> seed_number(7), seed_number("class 7B") == seed_number("class 7B")
        (7, True)
    """
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha512(seed.encode()).digest()[:8], "big")
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    raise TypeError(f"expected a seed that is a whole number or a text; got {seed!r}")


def stream_number(name: str) -> int:
    """Returns the ``"splitmix64"`` number of a match stream.

    ``"chance"`` is 0, ``"seat/N"`` is N + 1 and ``"judge"`` is `JUDGE_STREAM`.

    Raises:
        ValueError: If `name` is not one of a match's streams.
    """
    if name == "chance":
        return 0
    if name == "judge":
        return JUDGE_STREAM
    seat = name.removeprefix("seat/")
    if seat != name and seat.isdigit() and seat.isascii() and int(seat) < JUDGE_STREAM - 1:
        return int(seat) + 1
    raise ValueError(f"expected a match stream, 'chance', 'seat/N' (N = 0, 1, ...) or 'judge'; got {name!r}")


def match_stream(seed: int | str, name: str, scheme: SeedScheme = DEFAULT_SEED_SCHEME) -> random.Random:
    """Returns the generator of the match stream `name` of a match seeded `seed` under `scheme`.

    The streams ``"chance"``, ``"seat/0"``, ``"seat/1"``... and ``"judge"``
    are independent, each fixed by the seed, its name and the scheme alone.

    Args:
        seed: The match seed, a whole number or a text.
        name: ``"chance"``, ``"seat/N"`` or ``"judge"``.
        scheme: ``"splitmix64"``: ``random.Random(mix(seed_number(seed),
            stream_number(name)))``; ``"text"``: ``stream(seed, name)``.

    Raises:
        ValueError: If `scheme` is unknown, or under ``"splitmix64"`` `name`
            is not a match stream.
        TypeError: If `seed` is neither a whole number nor a text.

    Example:
        >>> match_stream(7, "seat/1").random() == random.Random(mix(7, 2)).random()
        True
        >>> match_stream(7, "seat/1", "text").random() == stream(7, "seat/1").random()
        True
    """
    if check_seed_scheme(scheme) == "text":
        return stream(seed, name)
    return random.Random(mix(seed_number(seed), stream_number(name)))


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


def match_streams(
    seed: int | str, seats: int, scheme: SeedScheme, *, judged: bool
) -> tuple[random.Random, tuple[random.Random, ...], random.Random | None]:
    """Returns a match's streams under `scheme`: ``"chance"``, ``"seat/0"`` .. ``"seat/{seats - 1}"``, ``"judge"``.

    Args:
        seed: The match seed, a whole number or a text.
        seats: How many seats, >= 1.
        scheme: The seed scheme (see `match_stream`).
        judged: Whether the game has a judge; the judge's stream is None if not.

    Raises:
        ValueError: If `scheme` is unknown.
    """
    chance = match_stream(seed, "chance", scheme)
    seat_streams = tuple(match_stream(seed, f"seat/{n}", scheme) for n in range(seats))
    return chance, seat_streams, match_stream(seed, "judge", scheme) if judged else None


def game_seed(seed: int | str, index: int) -> int:
    """Returns the seed of game `index` of an experiment (a run of many games) seeded `seed`, 0..2**32 - 1.

    The high 32 bits of ``mix(seed_number(seed), GAME_STREAMS + index)``:
    fixed by the run's seed and the game's index alone, so any split of a
    run into chunks, on either engine, plays the same games
    (`toptrumps_core.simulation.game_seeds` computes many at once).

    Raises:
        TypeError: If `seed` is neither a whole number nor a text.

    Example:
        >>> game_seed(7, 3) == mix(7, GAME_STREAMS + 3) >> 32
        True
    """
    return mix(seed_number(seed), GAME_STREAMS + index) >> 32
