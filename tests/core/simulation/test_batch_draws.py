"""The batch engine draws what Python's random draws: seeding from the stream's name, words, shuffles, lots, choices.

Every game of the batch engine rests on these: the match streams of
`toptrumps_core.chance.stream` ("chance", "seat/i"), computed in compiled
code bit for bit as CPython computes them.
"""

from __future__ import annotations

import hashlib

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.chance import stream
from toptrumps_core.protocol import Finite, Lot, UniformPermutation
from toptrumps_core.simulation.sha512 import sha512_words
from toptrumps_core.simulation.twister import CHANCE_STREAM, sample_draws, stream_words

seeds = st.integers(-(10**18) + 1, 10**18 - 1)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_sha512_is_hashlibs(data: bytes) -> None:
    words = sha512_words(np.frombuffer(data, dtype=np.uint8).copy())
    assert b"".join(int(w).to_bytes(8, "big") for w in words) == hashlib.sha512(data).digest()


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(-1, 11), st.integers(1, 1400))
def test_each_streams_words_are_pythons(seed: int, number: int, count: int) -> None:
    # 1400 words cross two twists of the 624-word state.
    rng = stream(seed, "chance" if number == CHANCE_STREAM else f"seat/{number}")
    assert stream_words(seed, number, count).tolist() == [rng.getrandbits(32) for _ in range(count)]


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(2, 60), st.integers(1, 12))
def test_deals_lots_and_choices_are_the_rules_engines(seed: int, cards: int, among: int) -> None:
    chance = stream(seed, "chance")
    deal = UniformPermutation(cards).sample(chance).order  # the deal (C2), as play() draws it
    lot = Finite.uniform([Lot(s) for s in range(among)]).sample(chance)  # a lot (C8)
    seat = stream(seed, "seat/0")
    assert isinstance(lot, Lot)
    assert sample_draws(seed, cards, among) == [*deal, lot.seat, seat.randrange(1), seat.randrange(among)]
