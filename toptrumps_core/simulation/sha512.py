"""SHA-512 (FIPS 180-4) in compiled code, many messages side by side: the digest ``random.seed`` takes of a str.

`compress_lanes` runs the SHA-512 compression of one 128-byte block for
each of L messages at once, lane-minor: word t of every lane's block is one
contiguous row, so that each step of the compression is one loop over the
lanes, which the compiler turns into vector instructions.  The batch engine
(`toptrumps_core.simulation.twister`) hashes every stream's seed text this
way, one block per stream.  `sha512_words` hashes a message of any length
with it, as ``hashlib.sha512(data).digest()`` does.  The round constants are
computed here from their definition (the first 64 bits of the fractional
parts of the square and cube roots of the first primes) rather than copied.

In a round only the new ``a`` and ``e`` are computed; ``b, c, d`` are the
last three ``a`` and ``f, g, h`` the last three ``e``, so each round reads
them from the rows before it (`compress_lanes`' ``history``) instead of
moving eight values.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled_inline

__all__ = ["LANES", "WORK_ROWS", "compress_lanes", "sha512_words", "sha_work"]


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

LANES = 64
"""Messages hashed side by side: every working array has this many lanes (a constant, so loops vectorise)."""

_W, _A, _E, _HASH = 0, 80, 164, 248  # the rows of a working array: schedule, history of a, of e, hash
WORK_ROWS = 256
"""Rows of `compress_lanes`' working array: see `sha_work`."""


def sha_work() -> npt.NDArray[np.uint64]:
    """Returns a working array for `compress_lanes`: ``WORK_ROWS * LANES`` words, row r of lane l at ``r * LANES + l``.

    Rows 0-15 take each lane's block, 248-255 its hash value (see
    `compress_lanes`); the rows between are the message schedule and the
    history of ``a`` and ``e``.
    """
    return np.zeros(WORK_ROWS * LANES, dtype=np.uint64)


@compiled_inline
def compress_lanes(work: npt.NDArray[np.uint64], first: bool) -> None:
    """Compresses one 128-byte block into the running hash of each of the `LANES` lanes of `work` (`sha_work`).

    Args:
        work: In: row t (0 <= t < 16) is word t of each lane's block (64
            bits, big-endian), rows 248-255 its hash value.  Out: rows
            248-255 updated, the digest, most significant word first, after
            a message's last block; the rows between are overwritten.
        first: The block is its message's first: the hash value starts
            from SHA-512's initial hash H(0) (FIPS 180-4, 5.3.5).
    """
    n = LANES
    if first:
        for k in range(8):
            for lane in range(n):
                work[(_HASH + k) * n + lane] = _H0[k]
    for t in range(16, 80):
        for lane in range(n):
            x, y = work[(t - 15) * n + lane], work[(t - 2) * n + lane]
            s0 = ((x >> np.uint64(1)) | (x << np.uint64(63))) ^ ((x >> np.uint64(8)) | (x << np.uint64(56)))
            s1 = ((y >> np.uint64(19)) | (y << np.uint64(45))) ^ ((y >> np.uint64(61)) | (y << np.uint64(3)))
            s0 ^= x >> np.uint64(7)
            s1 ^= y >> np.uint64(6)
            work[t * n + lane] = work[(t - 16) * n + lane] + s0 + work[(t - 7) * n + lane] + s1
    for k in range(4):  # history rows 3, 2, 1, 0 hold a, b, c, d (and e, f, g, h)
        for lane in range(n):
            work[(_A + 3 - k) * n + lane] = work[(_HASH + k) * n + lane]
            work[(_E + 3 - k) * n + lane] = work[(_HASH + 4 + k) * n + lane]
    for t in range(80):
        k_t = _K[t]
        for lane in range(n):
            ee = work[(_E + t + 3) * n + lane]
            f, g, h = work[(_E + t + 2) * n + lane], work[(_E + t + 1) * n + lane], work[(_E + t) * n + lane]
            big1 = (
                ((ee >> np.uint64(14)) | (ee << np.uint64(50)))
                ^ ((ee >> np.uint64(18)) | (ee << np.uint64(46)))
                ^ ((ee >> np.uint64(41)) | (ee << np.uint64(23)))
            )
            t1 = h + big1 + ((ee & f) ^ (~ee & g)) + k_t + work[t * n + lane]
            aa = work[(_A + t + 3) * n + lane]
            b, c, d = work[(_A + t + 2) * n + lane], work[(_A + t + 1) * n + lane], work[(_A + t) * n + lane]
            big0 = (
                ((aa >> np.uint64(28)) | (aa << np.uint64(36)))
                ^ ((aa >> np.uint64(34)) | (aa << np.uint64(30)))
                ^ ((aa >> np.uint64(39)) | (aa << np.uint64(25)))
            )
            work[(_E + t + 4) * n + lane] = d + t1
            work[(_A + t + 4) * n + lane] = t1 + big0 + ((aa & b) ^ (aa & c) ^ (b & c))
    for k in range(4):
        for lane in range(n):
            work[(_HASH + k) * n + lane] += work[(_A + 83 - k) * n + lane]
            work[(_HASH + 4 + k) * n + lane] += work[(_E + 83 - k) * n + lane]


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
    message = bytes(data.tobytes())
    padded = message + b"\x80" + bytes(-(len(message) + 17) % 128) + (8 * len(message)).to_bytes(16, "big")
    work = sha_work()
    rows = work.reshape(WORK_ROWS, LANES)
    for index, block in enumerate(np.frombuffer(padded, dtype=">u8").astype(np.uint64).reshape(-1, 16)):
        rows[:16, 0] = block
        compress_lanes(work, index == 0)
    return rows[_HASH:, 0].copy()
