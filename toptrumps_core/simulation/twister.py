"""Python's own random draws in compiled code: the streams of `toptrumps_core.chance.stream`, exactly.

A match seeded S draws its chance from ``random.Random(f"{S}/chance")`` and
seat i's choices from ``random.Random(f"{S}/seat/{i}")``.  This module
computes the same generators' states and draws in numba, bit for bit as
CPython does (``Modules/_randommodule.c`` and ``Lib/random.py``):

- seeding from a str (version 2): the key is the integer whose big-endian
  bytes are the text's UTF-8 bytes followed by their SHA-512 digest, cut into
  32-bit words from the least significant end; the Mersenne Twister
  (MT19937) is seeded by ``init_by_array(key)``;
- ``getrandbits(k)`` for k <= 32 is the next 32-bit output shifted right by
  ``32 - k``; ``randrange(n)`` and ``shuffle`` draw ``_randbelow(n)``:
  ``getrandbits(n.bit_length())`` until it is below n;
- ``random()`` is ``(a * 2**26 + b) / 2**53`` with a, b the next two outputs
  shifted right by 5 and 6.

Many streams are seeded at once in interleaved lanes (``seed_streams``):
seeding is a long chain of dependent steps per stream, and the lanes let the
processor run several chains side by side.  The state is twisted lazily, one
word before it is read, which gives the same words as CPython's twist of the
whole state and skips the words a short game never reads.

A block of L streams is seeded lane-minor, in a (624, L) array where one
seeding step of every stream is one contiguous row, then laid out as an
(L, 624) ``uint32`` array, one row per stream, for reading; each stream's
position, the next word to read, lives beside it in a ``positions`` array.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled, compiled_for
from toptrumps_core.simulation.sha512 import sha512_into

__all__ = [
    "CHANCE_STREAM",
    "STATE_WORDS",
    "SeedScratch",
    "next_word",
    "randbelow",
    "random53",
    "sample_draws",
    "seed_scratch",
    "seed_streams",
    "start_state",
    "stream_key",
    "stream_words",
]

STATE_WORDS = 624
"""Words of one Mersenne Twister state (MT19937's N)."""

CHANCE_STREAM = -1
"""The stream number of ``"chance"``; streams 0, 1, ... are ``"seat/0"``, ``"seat/1"``, ..."""

_N, _M = 624, 397
_MASK = 0xFFFFFFFF
_UPPER, _LOWER, _MATRIX = 0x80000000, 0x7FFFFFFF, 0x9908B0DF


def _init_genrand(seed: int) -> npt.NDArray[np.uint32]:
    """Returns MT19937's ``init_genrand(seed)`` state, the start of every ``init_by_array``."""
    state = [seed & _MASK]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) & _MASK)
    return np.array(state, dtype=np.uint32)


_GENRAND_19650218 = _init_genrand(19650218)

SeedScratch: TypeAlias = tuple[
    npt.NDArray[np.uint32],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint64],
    npt.NDArray[np.uint64],
]
"""`seed_streams`' working arrays (see `seed_scratch`)."""


def seed_scratch(lanes: int) -> SeedScratch:
    """Returns the working arrays `seed_streams` needs for up to `lanes` streams at once.

    They are made here, outside compiled code, so that numba compiles no
    array allocation: (624, lanes) states lane-minor, (32, lanes) keys
    lane-minor, each key's length and place, each lane's key word, and one
    stream's key (32 words), seed text (48 bytes), padded message (128
    bytes), SHA-512 schedule (80 words) and digest (8 words).

    Args:
        lanes: The most streams seeded in one call, >= 1.
    """
    return (
        np.empty((_N, lanes), dtype=np.uint32),
        np.empty((32, lanes), dtype=np.uint32),
        np.empty(lanes, dtype=np.int64),
        np.empty(lanes, dtype=np.int64),
        np.empty(lanes, dtype=np.uint32),
        np.empty(32, dtype=np.int64),
        np.empty(48, dtype=np.uint8),
        np.empty(128, dtype=np.uint8),
        np.empty(80, dtype=np.uint64),
        np.empty(8, dtype=np.uint64),
    )


@compiled_for("int64(int64, uint8[::1], int64)")
def _digits(value: int, out: npt.NDArray[np.uint8], at: int) -> int:
    """Writes the decimal digits of `value` (>= 0) into `out` from `at`; returns the end."""
    if value == 0:
        out[at] = 48
        return at + 1
    count = 0
    rest = value
    while rest > 0:
        count += 1
        rest //= 10
    rest = value
    for k in range(count - 1, -1, -1):
        out[at + k] = 48 + rest % 10
        rest //= 10
    return at + count


@compiled
def stream_key(
    seed: int,
    stream: int,
    key: npt.NDArray[np.int64],
    text: npt.NDArray[np.uint8],
    padded: npt.NDArray[np.uint8],
    schedule: npt.NDArray[np.uint64],
    digest: npt.NDArray[np.uint64],
) -> int:
    """Writes the MT19937 key of stream `stream` of a match seeded `seed` into `key`; returns its length in words.

    Args:
        seed: The match seed, ``abs(seed) < 10**18``.
        stream: `CHANCE_STREAM` for ``"chance"``, or a seat number i for
            ``"seat/i"``.
        key: At least 32 words, overwritten.
        text: Scratch, 48 bytes: the stream's seed text.
        padded: Scratch, 128 bytes (see `sha512_into`).
        schedule: Scratch, 80 words (see `sha512_into`).
        digest: Scratch, 8 words: the text's SHA-512 digest.
    """
    end = 0
    if seed < 0:
        text[0] = 45  # "-"
        end = _digits(-seed, text, 1)
    else:
        end = _digits(seed, text, 0)
    text[end] = 47  # "/"
    end += 1
    if stream == CHANCE_STREAM:
        for letter in (99, 104, 97, 110, 99, 101):  # "chance"
            text[end] = letter
            end += 1
    else:
        for letter in (115, 101, 97, 116, 47):  # "seat/"
            text[end] = letter
            end += 1
        end = _digits(stream, text, end)
    sha512_into(text, end, padded, schedule, digest)
    total = end + 64  # the key's bytes, big-endian: the text's, then the digest's
    words = (total + 3) // 4
    for w in range(words):
        value = 0
        for b in range(4):  # the word's bytes, most significant first
            index = total - 4 * w - 4 + b
            byte = 0
            if index >= end:
                d = index - end
                byte = int((digest[d // 8] >> np.uint64(56 - 8 * (d % 8))) & np.uint64(0xFF))
            elif index >= 0:
                byte = int(text[index])
            value = value * 256 + byte
        key[w] = value
    return words


@compiled
def seed_streams(
    seeds: npt.NDArray[np.int64],
    streams: npt.NDArray[np.int64],
    start: npt.NDArray[np.uint32],
    states: npt.NDArray[np.uint32],
    positions: npt.NDArray[np.int64],
    scratch: SeedScratch,
) -> None:
    """Seeds stream r (row r of `states`) as ``random.Random(f"{seeds[r]}/{name of streams[r]}")``, all at once.

    Args:
        seeds: (L,) match seeds.
        streams: (L,) stream numbers (`CHANCE_STREAM` or a seat).
        start: (624,) the ``init_genrand(19650218)`` state (`start_state`).
        states: (L, 624) overwritten: row r is stream r's state.
        positions: (L,) set to 0: no word read yet (the first read twists).
        scratch: `seed_scratch` of L lanes or more: among others, the states
            lane-minor while they are seeded.
    """
    lanes = seeds.shape[0]
    work, keys, lengths, places, added, key, text, padded, schedule, digest = scratch
    for lane in range(lanes):
        lengths[lane] = stream_key(seeds[lane], streams[lane], key, text, padded, schedule, digest)
        for j in range(lengths[lane]):
            keys[j, lane] = key[j]
    same_length = True
    for lane in range(lanes):
        same_length = same_length and lengths[lane] == lengths[0]
    for lane in range(lanes):
        places[lane] = 0
    mt = work
    for i in range(_N):  # element by element: whole-row assignments compile numba's shape checks
        for lane in range(lanes):
            mt[i, lane] = start[i]
    i = 1
    j = 0
    for _ in range(_N):  # init_by_array's first loop: max(N, key length) steps; keys are < N words
        if same_length:  # the usual case: seeds of one digit count, so one key length
            for lane in range(lanes):
                added[lane] = keys[j, lane] + np.uint32(j)
            j = j + 1 if j + 1 < lengths[0] else 0
        else:  # seeds of several digit counts: each lane's own place in its key
            for lane in range(lanes):
                jl = places[lane]
                added[lane] = keys[jl, lane] + np.uint32(jl)
                places[lane] = jl + 1 if jl + 1 < lengths[lane] else 0
        previous, row = mt[i - 1], mt[i]
        for lane in range(lanes):
            t = previous[lane]
            row[lane] = (row[lane] ^ ((t ^ (t >> np.uint32(30))) * np.uint32(1664525))) + added[lane]
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for _ in range(_N - 1):
        previous, row, index = mt[i - 1], mt[i], np.uint32(i)
        for lane in range(lanes):
            t = previous[lane]
            row[lane] = (row[lane] ^ ((t ^ (t >> np.uint32(30))) * np.uint32(1566083941))) - index
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for lane in range(lanes):
        mt[0, lane] = _UPPER
        positions[lane] = 0
    for k0 in range(0, _N, 16):  # back to one row per stream, in tiles that stay in the cache
        k1 = min(k0 + 16, _N)
        for lane in range(lanes):
            for k in range(k0, k1):
                states[lane, k] = mt[k, lane]


@compiled
def next_word(states: npt.NDArray[np.uint32], positions: npt.NDArray[np.int64], row: int) -> int:
    """Returns the next 32-bit output of stream `row` (CPython's ``genrand_uint32``), twisting one word."""
    i = positions[row]
    following = i + 1 if i + 1 < _N else 0
    y = (np.int64(states[row, i]) & _UPPER) | (np.int64(states[row, following]) & _LOWER)
    source = i + _M if i + _M < _N else i + _M - _N
    word = np.int64(states[row, source]) ^ (y >> 1)
    if y & 1:
        word ^= _MATRIX
    states[row, i] = word
    positions[row] = following
    y = word
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y)


@compiled
def randbelow(states: npt.NDArray[np.uint32], positions: npt.NDArray[np.int64], row: int, n: int) -> int:
    """Returns ``_randbelow(n)`` of stream `row`, n >= 1: what ``randrange(n)`` and each step of ``shuffle`` draw."""
    bits = 0
    rest = n
    while rest > 0:
        bits += 1
        rest >>= 1
    shift = 32 - bits
    r = next_word(states, positions, row) >> shift
    while r >= n:
        r = next_word(states, positions, row) >> shift
    return r


@compiled
def random53(states: npt.NDArray[np.uint32], positions: npt.NDArray[np.int64], row: int) -> int:
    """Returns ``random()`` of stream `row` times 2**53: a whole number in [0, 2**53)."""
    a = next_word(states, positions, row) >> 5
    b = next_word(states, positions, row) >> 6
    return a * 67108864 + b


@compiled
def _stream_words(
    seed: int, stream: int, count: int, start: npt.NDArray[np.uint32], scratch: SeedScratch
) -> npt.NDArray[np.int64]:
    states = np.empty((1, _N), dtype=np.uint32)
    positions = np.zeros(1, dtype=np.int64)
    seed_streams(
        np.full(1, seed, dtype=np.int64), np.full(1, stream, dtype=np.int64), start, states, positions, scratch
    )
    out = np.empty(count, dtype=np.int64)
    for k in range(count):
        out[k] = next_word(states, positions, 0)
    return out


def stream_words(seed: int, stream: int, count: int) -> npt.NDArray[np.int64]:
    """Returns the first `count` 32-bit outputs of one stream of a match seeded `seed`.

    The same words as ``[toptrumps_core.chance.stream(seed, name).getrandbits(32) for _ in range(count)]``.

    Args:
        seed: The match seed, ``abs(seed) < 10**18``.
        stream: `CHANCE_STREAM` for ``"chance"``, or a seat number for ``"seat/i"``.
        count: How many words, >= 0.

    Example:
        >>> from toptrumps_core.chance import stream
        >>> rng = stream(7, "seat/1")
        >>> stream_words(7, 1, 3).tolist() == [rng.getrandbits(32) for _ in range(3)]
        True
    """
    return _stream_words(seed, stream, count, _GENRAND_19650218, seed_scratch(1))


def start_state() -> npt.NDArray[np.uint32]:
    """Returns the (624,) state ``init_genrand(19650218)`` that `seed_streams` starts from."""
    return _GENRAND_19650218


@compiled
def _sample_draws(
    seed: int, cards: int, among: int, start: npt.NDArray[np.uint32], scratch: SeedScratch
) -> npt.NDArray[np.int64]:
    states = np.empty((2, _N), dtype=np.uint32)
    positions = np.zeros(2, dtype=np.int64)
    seed_streams(np.full(2, seed, dtype=np.int64), np.array([CHANCE_STREAM, 0]), start, states, positions, scratch)
    out = np.empty(cards + 3, dtype=np.int64)
    for c in range(cards):
        out[c] = c
    for i in range(cards - 1, 0, -1):
        j = randbelow(states, positions, 0, i + 1)
        out[i], out[j] = out[j], out[i]
    out[cards] = (random53(states, positions, 0) * among) >> 53
    out[cards + 1] = randbelow(states, positions, 1, 1)
    out[cards + 2] = randbelow(states, positions, 1, among)
    return out


def sample_draws(seed: int, cards: int, among: int) -> list[int]:
    """Returns a deal, a lot and two choices as the batch engine draws them for a match seeded `seed`.

    The deal is the chance stream's shuffle of ``range(cards)``, the lot the
    next chance draw's share among `among` seats, then seat 0's
    ``randrange(1)`` and ``randrange(among)``: the draws the rules engine
    makes with ``UniformPermutation(cards).sample``, ``Finite.sample`` and
    a strategy's ``rng.randrange``, for checking the two agree.
    """
    return [int(v) for v in _sample_draws(seed, cards, among, _GENRAND_19650218, seed_scratch(2))]
