"""Seed schemes: how a match's streams come from its seed, kept in its record (issue 19, part 6).

Under ``"splitmix64"`` stream k of seed s is ``random.Random(mix(s, k))``,
`mix` being SplitMix64; under ``"text"`` (records saved before it) the stream
named n is ``random.Random(f"{s}/{n}")``.  A record keeps its scheme, a
record without one is ``"text"``, and replay and resume draw by the record's
scheme.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Deck
from toptrumps_core.chance import (
    DEFAULT_SEED_SCHEME,
    JUDGE_STREAM,
    SEED_SCHEMES,
    check_seed_scheme,
    match_stream,
    mix,
    seed_number,
    stream,
    stream_number,
)
from toptrumps_core.classic import ClassicRules
from toptrumps_core.errors import RecordError
from toptrumps_core.play import Match, play
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import HUMAN

MASK = 2**64 - 1


class SplitMix64:
    """SplitMix64 as Steele, Lea and Flood give it (``splitmix64.c``): a 64-bit state and a counter step."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def test_the_reference_generator_gives_splitmix64s_published_outputs() -> None:
    generator = SplitMix64(1234567)
    published = [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431]
    assert [generator.next() for _ in range(4)] == published


@settings(max_examples=200, deadline=None)
@given(st.integers(-(2**70), 2**70), st.integers(0, 2**33))
def test_mix_is_output_k_of_splitmix64_started_from_the_seeds_own_mix(seed: int, number: int) -> None:
    mixed_seed = SplitMix64(seed - 0x9E3779B97F4A7C15).next()  # one step of the generator from the seed
    generator = SplitMix64(mixed_seed)
    generator.state = (generator.state + number * 0x9E3779B97F4A7C15) & MASK  # skip outputs 0 .. number - 1
    assert mix(seed, number) == generator.next()
    assert 0 <= mix(seed, number) <= MASK


def test_match_streams_are_numbered_chance_seats_judge() -> None:
    assert [stream_number(name) for name in ("chance", "seat/0", "seat/1", "seat/11", "judge")] == [
        0, 1, 2, 12, JUDGE_STREAM,
    ]  # fmt: skip
    for name in ("game/1", "seat/", "seat/-1", "seat/1.5", "seat/٣", "Chance"):
        with pytest.raises(ValueError, match="expected a match stream"):
            stream_number(name)


@pytest.mark.parametrize("seed", [0, 7, -12, 2**64 + 5, 999_999_999_999_999])
def test_each_match_stream_of_the_integer_scheme_is_a_generator_seeded_with_its_mix(seed: int) -> None:
    for name in ("chance", "seat/0", "seat/5", "judge"):
        expected = random.Random(mix(seed, stream_number(name)))
        assert match_stream(seed, name, "splitmix64").getstate() == expected.getstate()
        assert match_stream(seed, name, "text").getstate() == stream(seed, name).getstate()
    firsts = {match_stream(seed, name, "splitmix64").getrandbits(64) for name in ("chance", "seat/0", "seat/1")}
    assert len(firsts) == 3  # independent streams


def test_a_text_seed_is_the_first_eight_bytes_of_its_sha512() -> None:
    digest = hashlib.sha512(b"class 7B").digest()
    assert seed_number("class 7B") == int.from_bytes(digest[:8], "big")
    assert seed_number(-5) == -5
    by_text = match_stream("class 7B", "chance", "splitmix64")
    assert by_text.getstate() == random.Random(mix(seed_number("class 7B"), 0)).getstate()
    for bad in (True, 1.5, None, b"7"):
        with pytest.raises(TypeError, match="whole number or a text"):
            seed_number(bad)  # type: ignore[arg-type]


def test_an_unknown_scheme_is_refused_with_the_schemes_named(zoo: Deck) -> None:
    assert set(SEED_SCHEMES) == {"splitmix64", "text"} and DEFAULT_SEED_SCHEME in SEED_SCHEMES
    for bad in ("SplitMix64", "", None, 1):
        with pytest.raises(ValueError, match="seed_scheme must be one of 'splitmix64', 'text'"):
            check_seed_scheme(bad)
    with pytest.raises(ValueError, match="seed_scheme must be one of"):
        Match(ClassicRules(zoo, seats=2), seed=1, seed_scheme="sha")  # type: ignore[arg-type]


@pytest.mark.parametrize("scheme", SEED_SCHEMES)
def test_a_match_draws_by_its_scheme_and_its_record_keeps_it(zoo: Deck, scheme: Any) -> None:
    rules = ClassicRules(zoo, seats=3)
    record = play(rules, ["random"] * 3, seed=11, seed_scheme=scheme)
    assert record.seed_scheme == scheme
    deal = match_stream(11, "chance", scheme)
    first = record.actions[0]
    assert first == rules.chance(rules.initial_state()).sample(deal)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.seed_scheme == scheme and loaded.actions == record.actions


def test_the_schemes_deal_differently() -> None:
    from toptrumps_core.deckfiles import load_deck

    rules = ClassicRules(load_deck("animals"), seats=2)
    deals = {scheme: [play(rules, ["random"] * 2, seed=s, seed_scheme=scheme).actions[0] for s in range(5)]
             for scheme in SEED_SCHEMES}  # fmt: skip
    assert deals["text"] != deals["splitmix64"]


def test_a_record_without_a_scheme_is_text_and_a_wrong_one_is_refused(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    data = json.loads(play(rules, ["random"] * 2, seed=3, seed_scheme="text").to_json())
    del data["seed_scheme"]  # as records saved before the integer scheme
    assert GameRecord.from_json(json.dumps(data)).seed_scheme == "text"
    assert GameRecord(rules, 3, None, (), (), None).seed_scheme == "text"
    for bad in ("sha", 2, None):
        data["seed_scheme"] = bad
        with pytest.raises(RecordError, match="the record's seed_scheme must be one of"):
            GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize("scheme", SEED_SCHEMES)
def test_resuming_draws_by_the_records_scheme(zoo: Deck, scheme: Any) -> None:
    rules = ClassicRules(zoo, seats=3)
    strategies = [HUMAN, "random", "random"]
    match = Match(rules, strategies, seed=5, seed_scheme=scheme)
    pick = random.Random(5)
    for _ in range(2):
        match.advance()
        if match.waiting_for is not None:
            match.submit(pick.choice(match.legal_actions()))
    again = Match.from_record(GameRecord.from_json(match.record.to_json()), strategies)
    assert again.seed_scheme == scheme and again.state == match.state
    for game in (match, again):  # the person keeps choosing the first category; computers and chance draw on
        for _ in range(40):
            game.advance()
            if game.waiting_for is None:
                break
            game.submit(game.legal_actions()[0])
    assert again.actions == match.actions and again.outcome == match.outcome


@pytest.mark.parametrize("seed", [True, 1.5, [1], b"7"])
def test_a_seed_a_record_could_not_keep_is_refused_before_play(zoo: Deck, seed: Any) -> None:
    with pytest.raises(TypeError, match="a match seed must be None, a text or a whole number; got "):
        Match(ClassicRules(zoo, seats=2), seed=seed)


class _Index:
    """A whole number that is not an int (as a numpy integer is)."""

    def __index__(self) -> int:
        return 7


def test_a_whole_number_seed_of_another_type_is_kept_as_a_plain_int(zoo: Deck) -> None:
    seed: Any = _Index()
    match = Match(ClassicRules(zoo, seats=2), seed=seed)
    assert match.seed == 7 and type(match.seed) is int
    assert GameRecord.from_json(match.record.to_json()).seed == 7
