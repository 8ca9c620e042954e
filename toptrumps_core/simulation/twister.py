"""Python's own random draws in compiled code: the match streams of `toptrumps_core.chance.match_stream`, exactly.

The batch engine plays the ``"splitmix64"`` seed scheme: a match seeded S
draws its chance from ``random.Random(mix(S, 0))`` and seat i's choices from
``random.Random(mix(S, i + 1))`` (`toptrumps_core.chance.mix`: SplitMix64).
This module computes the same generators' states and draws in numba, bit
for bit as CPython does (``Modules/_randommodule.c`` and ``Lib/random.py``):

- seeding from an int: the key is the int's 32-bit words, least
  significant first (one word below 2**32, else two: a stream's 64-bit mix
  has one or two); the Mersenne Twister (MT19937) is seeded by
  ``init_by_array(key)``;
- ``getrandbits(k)`` for k <= 32 is the next 32-bit output shifted right by
  ``32 - k``; ``randrange(n)`` and ``shuffle`` draw ``_randbelow(n)``:
  ``getrandbits(n.bit_length())`` until it is below n;
- ``random()`` is ``(a * 2**26 + b) / 2**53`` with a, b the next two outputs
  shifted right by 5 and 6.

`seed_lanes` seeds `LANES` streams at once, lane-minor: row r of every
stream is one contiguous run of `LANES` words (word r of lane l at
``r * LANES + l``), so that each step of ``init_by_array`` and of the twist
is one loop over the lanes, which the compiler turns into vector
instructions.  A key of one word or two is the same loop: step t of
``init_by_array`` adds ``key[j] + j`` with j = t mod the key's length,
which is row ``t mod 2`` of each lane's two addends.  It also twists and
tempers each stream's first `READY_WORDS` outputs, the words a game mostly
reads; `next_word` reads those, and twists any later word lazily, one word
when it is read (word i of the next state needs only words i, i + 1 and
i + 397 of the state, the last already twisted once i + 397 passes 624),
which gives the same words as CPython's twist of the whole state.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled, compiled_inline

__all__ = [
    "CHANCE_STREAM",
    "LANES",
    "READY_WORDS",
    "STATE_WORDS",
    "Streams",
    "later_word",
    "next_word",
    "sample_draws",
    "seed_lanes",
    "stream_words",
    "streams",
]

LANES = 64
"""Streams seeded side by side: every working array has this many lanes (a constant, so loops vectorise)."""

STATE_WORDS = 624
"""Words of one Mersenne Twister state (MT19937's N)."""

READY_WORDS = 256
"""Outputs of each stream twisted and tempered at seeding; later ones are twisted when read."""

CHANCE_STREAM = 0
"""The stream number of ``"chance"``; seat i's stream is i + 1 (`toptrumps_core.chance.stream_number`)."""

_N, _M = 624, 397
_UPPER, _LOWER, _MATRIX = np.uint32(0x80000000), np.uint32(0x7FFFFFFF), np.uint32(0x9908B0DF)
_GAMMA, _MIX1, _MIX2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_SEED_MASK = 2**64 - 1


def _init_genrand(seed: int) -> npt.NDArray[np.uint32]:
    """Returns MT19937's ``init_genrand(seed)`` state, the start of every ``init_by_array``."""
    state = [seed & 0xFFFFFFFF]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) & 0xFFFFFFFF)
    return np.array(state, dtype=np.uint32)


_GENRAND_19650218 = _init_genrand(19650218)

Streams: TypeAlias = tuple[
    npt.NDArray[np.uint32],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint32],
]
"""`LANES` streams, lane-minor (see `streams`)."""


def streams() -> Streams:
    """Returns room for `LANES` streams, made outside compiled code (numba compiles no allocation).

    In order: the states (624 rows), the ready outputs (`READY_WORDS`
    rows), each lane's count of words read, and each lane's two key
    addends (2 rows; see the module docstring).
    """
    return (
        np.zeros(_N * LANES, dtype=np.uint32),
        np.zeros(READY_WORDS * LANES, dtype=np.uint32),
        np.zeros(LANES, dtype=np.int64),
        np.zeros(2 * LANES, dtype=np.uint32),
    )


@compiled_inline
def _finish(z: np.uint64) -> np.uint64:
    """SplitMix64's output function of the 64-bit word `z` (every operand 64-bit unsigned, wrapping)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@compiled_inline
def _mix(seed: np.uint64, number: np.uint64) -> np.uint64:
    """`toptrumps_core.chance.mix` of a seed mod 2**64 and a stream number."""
    return _finish(_finish(seed) + (number + np.uint64(1)) * _GAMMA)


@compiled
def seed_lanes(seeds: npt.NDArray[np.uint64], numbers: npt.NDArray[np.int64], room: Streams) -> None:
    """Seeds lane l as ``random.Random(mix(seeds[l], numbers[l]))``, for all `LANES` lanes at once.

    Args:
        seeds: (LANES,) match seeds mod 2**64 (a negative seed as its two's complement).
        numbers: (LANES,) stream numbers: `CHANCE_STREAM`, or a seat's, ``seat + 1``.
        room: `streams`: overwritten with the seeded streams, no word read.
    """
    mt, ready, drawn, addends = room
    n = LANES
    for lane in range(n):  # the key: one 32-bit word, or two (see the module docstring)
        mixed = _mix(seeds[lane], np.uint64(numbers[lane]))
        low, high = np.uint32(mixed & _LOW32), np.uint32(mixed >> np.uint64(32))
        addends[lane] = low
        addends[n + lane] = np.uint32(high + np.uint32(1)) if high != np.uint32(0) else low
        mt[lane] = _GENRAND_19650218[0]  # the other words of init_genrand's state are read as constants (`_mix_key`)
    _mix_key(mt, addends)
    for lane in range(n):
        mt[lane] = _UPPER
        drawn[lane] = 0
    for i in range(READY_WORDS):  # the first twist's first words, tempered
        if i + _M < _N:
            _twist_row(mt, i * n, (i + _M) * n, ready)
        else:
            _twist_row(mt, i * n, (i + _M - _N) * n, ready)


@compiled_inline
def _twist_row(mt: npt.NDArray[np.uint32], at: int, source: int, ready: npt.NDArray[np.uint32]) -> None:
    """Twists the state row at `at` in every lane (reading the next row and the row at `source`, as MT19937 does).

    The tempered words go to the same row of `ready`.
    """
    for lane in range(LANES):
        y = (mt[at + lane] & _UPPER) | (mt[at + LANES + lane] & _LOWER)
        word = mt[source + lane] ^ (y >> np.uint32(1)) ^ (_MATRIX * (y & np.uint32(1)))
        mt[at + lane] = word
        ready[at + lane] = _temper(word)


@compiled_inline
def _mix_key(mt: npt.NDArray[np.uint32], addends: npt.NDArray[np.uint32]) -> None:
    """Runs ``init_by_array(key)`` on every lane's state, whose word 0 is ``init_genrand(19650218)``'s.

    Its first loop runs max(624, key length) = 624 steps over words 1..623
    then word 1 again, step t adding row ``t mod 2`` of `addends`; the
    second loop 623 steps over words 2..623 then word 1; word 0 takes word
    623 each time the index wraps.  The first pass of the first loop reads
    words 1..623 of ``init_genrand(19650218)`` as constants, the same in
    every lane, rather than from the state.
    """
    n = LANES
    for i in range(1, _N):  # the first loop: 624 steps (t = i - 1), words 1..623 then word 1 again
        _first_step(mt, i * n, _GENRAND_19650218[i], addends, ((i - 1) & 1) * n)
    _wrap(mt)
    _first_step_again(mt, n, addends, ((_N - 1) & 1) * n)
    for i in range(2, _N):  # the second loop: 623 steps, words 2..623 then word 1 again
        _second_step(mt, i * n, np.uint32(i))
    _wrap(mt)
    _second_step(mt, n, np.uint32(1))


@compiled_inline
def _wrap(mt: npt.NDArray[np.uint32]) -> None:
    """Word 0 of every lane takes word 623, as ``init_by_array`` does when its index wraps."""
    for lane in range(LANES):
        mt[lane] = mt[(_N - 1) * LANES + lane]


@compiled_inline
def _first_step(
    mt: npt.NDArray[np.uint32], at: int, start: np.uint32, addends: npt.NDArray[np.uint32], row: int
) -> None:
    """One step of ``init_by_array``'s first loop on the row at `at` (>= LANES), its words `start` before it.

    The step adds each lane's ``key[j] + j``, row `row` of `addends`.  Each
    operation is cast back to 32 bits: numba widens 32-bit arithmetic to 64
    bits, which halves the lanes of a vector instruction.
    """
    for lane in range(LANES):
        t = mt[at - LANES + lane]
        mixed = np.uint32(np.uint32(t ^ (t >> np.uint32(30))) * np.uint32(1664525))
        mt[at + lane] = np.uint32(np.uint32(start ^ mixed) + addends[row + lane])


@compiled_inline
def _first_step_again(mt: npt.NDArray[np.uint32], at: int, addends: npt.NDArray[np.uint32], row: int) -> None:
    """`_first_step` on a row already mixed once (the first loop's step past its wrap), its words read from the row.

    A copy rather than a flag of `_first_step`: the first pass reads one
    constant for every lane, which keeps its loop a plain vector loop.
    """
    for lane in range(LANES):
        t = mt[at - LANES + lane]
        mixed = np.uint32(np.uint32(t ^ (t >> np.uint32(30))) * np.uint32(1664525))
        mt[at + lane] = np.uint32(np.uint32(mt[at + lane] ^ mixed) + addends[row + lane])


@compiled_inline
def _second_step(mt: npt.NDArray[np.uint32], at: int, i: np.uint32) -> None:
    """One step of ``init_by_array``'s second loop on the row at `at` (>= LANES), word index i."""
    for lane in range(LANES):
        t = mt[at - LANES + lane]
        mixed = np.uint32(np.uint32(t ^ (t >> np.uint32(30))) * np.uint32(1566083941))
        mt[at + lane] = np.uint32(np.uint32(mt[at + lane] ^ mixed) - i)


@compiled_inline
def _temper(y: np.uint32) -> np.uint32:
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@compiled
def later_word(mt: npt.NDArray[np.uint32], drawn: int, lane: int) -> int:
    """Returns output `drawn` (>= `READY_WORDS`) of stream `lane`, twisting its state word in place.

    Outputs must be read in order: `drawn` is the lane's count of words read.
    """
    n = LANES
    i = drawn % _N
    following = i + 1 if i + 1 < _N else 0
    source = i + _M if i + _M < _N else i + _M - _N
    y = (mt[i * n + lane] & _UPPER) | (mt[following * n + lane] & _LOWER)
    word = mt[source * n + lane] ^ (y >> np.uint32(1)) ^ (_MATRIX * (y & np.uint32(1)))
    mt[i * n + lane] = word
    return int(_temper(word))


@compiled_inline
def next_word(room: Streams, lane: int) -> int:
    """Returns the next 32-bit output of stream `lane` of `room` (CPython's ``genrand_uint32``)."""
    drawn = room[2]
    d = drawn[lane]
    drawn[lane] = d + 1
    if d < READY_WORDS:
        return int(room[1][d * LANES + lane])
    return later_word(room[0], d, lane)


def _lanes_of(seed: int, numbers: list[int]) -> Streams:
    """Returns `streams` seeded for `seed`, lane l with stream ``numbers[l]`` (the last repeated to fill)."""
    room = streams()
    filled = numbers + [numbers[-1]] * (LANES - len(numbers))
    seed_lanes(np.full(LANES, seed & _SEED_MASK, dtype=np.uint64), np.array(filled, dtype=np.int64), room)
    return room


def stream_words(seed: int, stream: int, count: int) -> npt.NDArray[np.int64]:
    """Returns the first `count` 32-bit outputs of one stream of a match seeded `seed` (``"splitmix64"``).

    The same words as ``[random.Random(mix(seed, stream)).getrandbits(32) for _ in range(count)]``.

    Args:
        seed: The match seed, a whole number (counted mod 2**64).
        stream: `CHANCE_STREAM` for ``"chance"``, or ``i + 1`` for ``"seat/i"``.
        count: How many words, >= 0.

    Example:
        >>> from toptrumps_core.chance import match_stream
        >>> rng = match_stream(7, "seat/1", "splitmix64")
        >>> stream_words(7, 2, 3).tolist() == [rng.getrandbits(32) for _ in range(3)]
        True
    """
    room = _lanes_of(seed, [stream])
    return np.array([next_word(room, 0) for _ in range(count)], dtype=np.int64)


def _randbelow(room: Streams, lane: int, n: int) -> int:
    shift = 32 - n.bit_length()
    r = next_word(room, lane) >> shift
    while r >= n:
        r = next_word(room, lane) >> shift
    return r


def sample_draws(seed: int, cards: int, among: int) -> list[int]:
    """Returns a deal, a lot and two choices drawn from the compiled streams of a match seeded `seed`.

    The deal is the chance stream's shuffle of ``range(cards)``, the lot the
    next chance draw's share among `among` seats, then seat 0's
    ``randrange(1)`` and ``randrange(among)``: the draws the rules engine
    makes with ``UniformPermutation(cards).sample``, ``Finite.sample`` and
    a strategy's ``rng.randrange``, for checking the two agree.
    """
    room = _lanes_of(seed, [CHANCE_STREAM, CHANCE_STREAM + 1])
    order = list(range(cards))
    for i in range(cards - 1, 0, -1):
        j = _randbelow(room, 0, i + 1)
        order[i], order[j] = order[j], order[i]
    a, b = next_word(room, 0) >> 5, next_word(room, 0) >> 6
    lot = ((a * 67108864 + b) * among) >> 53
    return [*order, lot, _randbelow(room, 1, 1), _randbelow(room, 1, among)]
