"""SHA-512 (FIPS 180-4) in compiled code: the digest Python's ``random.seed`` takes of a str seed.

`sha512_words` gives the same digest as ``hashlib.sha512(data).digest()``,
as eight 64-bit words, most significant first.  It lets the batch engine
seed each game's streams (`toptrumps_core.simulation.twister`) without a
Python call per stream.  The round constants are computed here from their
definition (the first 64 bits of the fractional parts of the square and
cube roots of the first primes) rather than copied.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled, compiled_for

__all__ = ["sha512_into", "sha512_words"]


def _primes(count: int) -> list[int]:
    found: list[int] = []
    candidate = 2
    while len(found) < count:
        if all(candidate % p for p in found if p * p <= candidate):
            found.append(candidate)
        candidate += 1
    return found


def _root_fraction_bits(number: int, degree: int) -> int:
    """Returns the first 64 bits of the fractional part of ``number ** (1 / degree)``."""
    scaled = number << (64 * degree)  # the root of this is the root of `number` times 2**64
    low, high = 0, 1 << (64 + number.bit_length())
    while low < high:  # the largest r with r**degree <= scaled
        middle = (low + high + 1) // 2
        if middle**degree <= scaled:
            low = middle
        else:
            high = middle - 1
    return low & ((1 << 64) - 1)


_K = np.array([_root_fraction_bits(p, 3) for p in _primes(80)], dtype=np.uint64)
_H0 = np.array([_root_fraction_bits(p, 2) for p in _primes(8)], dtype=np.uint64)


@compiled_for("uint64(uint64, int64)")
def _rotr(x: np.uint64, n: int) -> np.uint64:
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@compiled
def sha512_into(
    data: npt.NDArray[np.uint8],
    length: int,
    padded: npt.NDArray[np.uint8],
    schedule: npt.NDArray[np.uint64],
    digest: npt.NDArray[np.uint64],
) -> None:
    """Writes the SHA-512 digest of ``data[:length]`` into `digest` (8 words), with no allocation.

    Args:
        data: The bytes to hash (the first `length`).
        length: How many bytes of `data` to hash, >= 0.
        padded: Scratch, at least the padded length (``(length + 17 + 127) // 128 * 128`` bytes).
        schedule: Scratch, 80 words.
        digest: (8,) overwritten with the digest, most significant word first.
    """
    k = _K
    blocks = (length + 17 + 127) // 128  # the data, the 0x80 byte and the 128-bit length, padded
    size = blocks * 128
    for i in range(length):
        padded[i] = data[i]
    padded[length] = 0x80
    for i in range(length + 1, size):
        padded[i] = 0
    bits = np.uint64(length) * np.uint64(8)
    for b in range(8):
        padded[size - 1 - b] = np.uint8((bits >> np.uint64(8 * b)) & np.uint64(0xFF))
    for i in range(8):
        digest[i] = _H0[i]
    w = schedule
    for block in range(blocks):
        base = block * 128
        for t in range(16):
            word = np.uint64(0)
            for b in range(8):
                word = (word << np.uint64(8)) | np.uint64(padded[base + 8 * t + b])
            w[t] = word
        for t in range(16, 80):
            s0 = _rotr(w[t - 15], 1) ^ _rotr(w[t - 15], 8) ^ (w[t - 15] >> np.uint64(7))
            s1 = _rotr(w[t - 2], 19) ^ _rotr(w[t - 2], 61) ^ (w[t - 2] >> np.uint64(6))
            w[t] = w[t - 16] + s0 + w[t - 7] + s1
        a, b_, c, d = digest[0], digest[1], digest[2], digest[3]
        e, f, g, hh = digest[4], digest[5], digest[6], digest[7]
        for t in range(80):
            big1 = _rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)
            choice = (e & f) ^ (~e & g)
            t1 = hh + big1 + choice + k[t] + w[t]
            big0 = _rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)
            majority = (a & b_) ^ (a & c) ^ (b_ & c)
            t2 = big0 + majority
            hh, g, f, e, d, c, b_, a = g, f, e, d + t1, c, b_, a, t1 + t2
        digest[0] += a
        digest[1] += b_
        digest[2] += c
        digest[3] += d
        digest[4] += e
        digest[5] += f
        digest[6] += g
        digest[7] += hh


@compiled
def sha512_words(data: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Returns the SHA-512 digest of `data` as eight 64-bit words, most significant first.

    Args:
        data: The bytes to hash, any length.

    Example:
        >>> import hashlib
        >>> words = sha512_words(np.frombuffer(b"7/chance", dtype=np.uint8))
        >>> b"".join(int(w).to_bytes(8, "big") for w in words) == hashlib.sha512(b"7/chance").digest()
        True
    """
    length = data.shape[0]
    padded = np.empty((length + 17 + 127) // 128 * 128, dtype=np.uint8)
    digest = np.empty(8, dtype=np.uint64)
    sha512_into(data, length, padded, np.empty(80, dtype=np.uint64), digest)
    return digest
