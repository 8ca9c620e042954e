"""The batch engine draws what Python's random draws: seeding from the stream's mix, words, shuffles, lots, choices.

Every game of the batch engine rests on these: the match streams of
`toptrumps_core.chance.match_stream` under the ``"splitmix64"`` seed scheme
(``"chance"``, ``"seat/i"``), computed in compiled code bit for bit as
CPython computes them.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.chance import match_stream, mix
from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.play import Match
from toptrumps_core.protocol import Finite, Lot, UniformPermutation
from toptrumps_core.simulation import play_batch
from toptrumps_core.simulation.twister import CHANCE_STREAM, sample_draws, stream_words

seeds = st.integers(-(10**18) + 1, 10**18 - 1)


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(0, 12), st.integers(1, 1400))
def test_each_streams_words_are_pythons(seed: int, number: int, count: int) -> None:
    # 1400 words cross two twists of the 624-word state.
    rng = match_stream(seed, "chance" if number == CHANCE_STREAM else f"seat/{number - 1}", "splitmix64")
    assert stream_words(seed, number, count).tolist() == [rng.getrandbits(32) for _ in range(count)]


MASK, GAMMA = 2**64 - 1, 0x9E3779B97F4A7C15


def _unshift(y: int, shift: int) -> int:
    """Undoes ``x ^= x >> shift`` on a 64-bit word."""
    x, t = y, y >> shift
    while t:
        x ^= t
        t >>= shift
    return x


def _unfinish(z: int) -> int:
    """Undoes SplitMix64's output function (each of its steps is a bijection of 64-bit words)."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK
    return _unshift(z, 30)


def seed_mixing_to(target: int, number: int) -> int:
    """Returns the seed, 0..2**64 - 1, whose stream `number` mixes to `target` (`mix` run backwards)."""
    return _unfinish((_unfinish(target) - (number + 1) * GAMMA) & MASK)


def test_a_stream_whose_mix_is_below_two_to_the_32_is_seeded_from_a_one_word_key() -> None:
    # About one stream in 2**32 mixes to a number below 2**32, which Python seeds from a key of one word, not
    # two (zero included); the engine must seed those as Python does.
    for target, number in ((0, 0), (1, 2), (2**32 - 1, 0), (2**32, 1), (123_456_789, 5)):
        seed = seed_mixing_to(target, number)
        assert mix(seed, number) == target
        rng = match_stream(seed, "chance" if number == 0 else f"seat/{number - 1}", "splitmix64")
        assert stream_words(seed, number, 700).tolist() == [rng.getrandbits(32) for _ in range(700)]


def test_the_batch_engine_plays_a_game_whose_deal_comes_from_a_one_word_key() -> None:
    rules = ClassicRules(load_deck("animals"), seats=3, round_limit=300)
    signed = (s - 2**64 if s >= 2**63 else s for s in (seed_mixing_to(t, 0) for t in range(1, 200)))
    seed = next(s for s in signed if abs(s) < 10**18)  # one in nine is within the batch engine's seeds
    assert mix(seed, 0) < 2**32
    games = play_batch(rules, ["random"] * 3, [seed])
    match = Match(rules, ["random"] * 3, seed=seed)
    match.advance()
    assert games.stacks(0) == match.state.stacks and int(games.comparisons[0]) == match.state.comparisons


@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(2, 60), st.integers(1, 12))
def test_deals_lots_and_choices_are_the_rules_engines(seed: int, cards: int, among: int) -> None:
    chance = match_stream(seed, "chance", "splitmix64")
    deal = UniformPermutation(cards).sample(chance).order  # the deal (C2), as play() draws it
    lot = Finite.uniform([Lot(s) for s in range(among)]).sample(chance)  # a lot (C8)
    seat = match_stream(seed, "seat/0", "splitmix64")
    assert isinstance(lot, Lot)
    assert sample_draws(seed, cards, among) == [*deal, lot.seat, seat.randrange(1), seat.randrange(among)]
