"""What the experiments accept: seeds, threads, caps and options, each refused by name (rules C1-C12, P5)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.cards import Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import (
    BatchUnsupported,
    SerialExecutor,
    game_seeds,
    play_batch,
    simulate,
    strategy_ladder,
    sweep,
)


@pytest.fixture(scope="module")
def animals() -> Deck:
    return load_deck("animals")


BAD_SEEDS = [None, 1.5, True, b"7", (1, 2)]


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_simulate_refuses_a_seed_that_is_not_an_int_or_a_str(animals: Deck, seed: object) -> None:
    words = "seed must be a whole number or a text.*got " + re.escape(repr(seed))
    for engine in ("batch", "rules"):
        with pytest.raises(RuleOptionError, match=words):
            simulate(ClassicRules(animals), "random", games=2, seed=seed, engine=engine, progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_sweep_and_the_ladder_refuse_such_seeds_too(animals: Deck, seed: object) -> None:
    with pytest.raises(RuleOptionError, match="seed must be a whole number or a text"):
        sweep(
            ClassicRules(animals),
            over={"no_data": ["tie", "loses"]},
            games=2,
            seed=seed,  # type: ignore[arg-type]
            executor=SerialExecutor(),
            progress=False,
        )
    with pytest.raises(RuleOptionError, match="seed must be a whole number or a text"):
        strategy_ladder("animals", games=10, seed=seed, executor=SerialExecutor(), progress=False)  # type: ignore[arg-type]
    with pytest.raises(RuleOptionError, match="seed must be a whole number or a text"):
        game_seeds(seed, 3)  # type: ignore[arg-type]


def test_a_numpy_integer_seed_is_the_same_run_as_the_python_int(animals: Deck) -> None:
    one = simulate(ClassicRules(animals), "random", games=5, seed=np.int64(12), progress=False)  # type: ignore[arg-type]
    other = simulate(ClassicRules(animals), "random", games=5, seed=12, progress=False)
    pd.testing.assert_frame_equal(one, other)
    assert one.attrs["seed"] == 12 and type(one.attrs["seed"]) is int


def test_play_batch_takes_numpy_integer_seeds(animals: Deck) -> None:
    rules = ClassicRules(animals)
    numpy_seeds = play_batch(rules, ["random", "random"], [np.int64(5), np.int32(9)])
    plain = play_batch(rules, ["random", "random"], [5, 9])
    assert numpy_seeds.comparisons.tolist() == plain.comparisons.tolist()
    assert numpy_seeds.seeds.tolist() == [5, 9]


def test_play_batch_names_a_bad_seed_type_in_plain_words(animals: Deck) -> None:
    with pytest.raises(RuleOptionError, match=r"Python or numpy ints.*got 5\.0"):
        play_batch(ClassicRules(animals), ["random", "random"], [5.0])  # type: ignore[list-item]


def test_c12_the_batch_engine_plays_any_cap_as_the_rules_engine_does(animals: Deck) -> None:
    rules = ClassicRules(animals, seats=3)
    batch = simulate(rules, "random", games=30, seed=4, engine="batch", max_actions=40, progress=False)
    exact = simulate(rules, "random", games=30, seed=4, engine="rules", max_actions=40, progress=False)
    assert (batch["termination"] == "unfinished").any()  # the small cap stops some games (C12)
    pd.testing.assert_frame_equal(batch, exact, check_dtype=False)
    assert batch.attrs["max_actions"] == 40


def test_threads_reach_the_batch_engine_and_give_the_same_rows(animals: Deck, monkeypatch: pytest.MonkeyPatch) -> None:
    import toptrumps_core.simulation.experiments as experiments

    seen: list[int] = []
    real = experiments.play_batch

    def spy(*args: object, threads: int = 1, **kwargs: object) -> object:
        seen.append(threads)
        return real(*args, threads=threads, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(experiments, "play_batch", spy)
    rules = ClassicRules(animals)
    two = simulate(rules, "random", games=600, seed=3, threads=2, chunk_games=300, progress=False)
    one = simulate(rules, "random", games=600, seed=3, progress=False)
    assert seen == [2, 1]  # one call of the batch engine per run, with the run's threads
    pd.testing.assert_frame_equal(two, one)


def test_the_batch_engine_reports_progress_at_most_every_chunk_games(animals: Deck) -> None:
    seen: list[tuple[int, int]] = []
    rules = ClassicRules(animals)
    frame = simulate(rules, "random", games=2000, seed=3, chunk_games=100, progress=lambda *r: seen.append(r))
    done = [d for d, _ in seen]
    assert {total for _, total in seen} == {2000}
    assert done[-1] == 2000 and all(0 < b - a <= 100 for a, b in zip([0, *done[:-1]], done, strict=True)), done
    pd.testing.assert_frame_equal(frame, simulate(rules, "random", games=2000, seed=3, progress=False))


def test_with_two_threads_progress_is_a_running_count_to_the_end(animals: Deck) -> None:
    seen: list[int] = []
    rules = ClassicRules(animals)
    frame = simulate(
        rules, "random", games=900, seed=3, threads=2, chunk_games=50, progress=lambda d, _: seen.append(d)
    )
    assert seen == sorted(set(seen)) and seen[-1] == 900, seen  # how often depends on which thread takes the chunks
    assert len(frame) == 900


@pytest.mark.parametrize("threads", [0, True, 1.0, "2", 65])
def test_threads_are_checked(animals: Deck, threads: object) -> None:
    with pytest.raises(RuleOptionError, match="threads must be a whole number from 1 to 64"):
        simulate(ClassicRules(animals), "random", games=2, threads=threads, progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"bogus": 1}, "'bogus'"),
        ({"seats": 3}, "'seats'"),
        ({"deck": "animals"}, "'deck'"),
        ("no_data=loses", "options must map rule option names"),
        ({"no_data": "never"}, "no_data"),
    ],
)
def test_the_ladder_refuses_unknown_options_as_rule_option_errors(options: object, named: str) -> None:
    with pytest.raises(RuleOptionError, match=named):
        strategy_ladder("animals", games=10, options=options, executor=SerialExecutor(), progress=False)  # type: ignore[arg-type]


def test_a_batch_sweep_names_the_point_it_cannot_play(animals: Deck) -> None:
    named = r"point 1 \(collect_order='shuffled', strategies=\('random', 'random'\)\): .*C4"
    with pytest.raises(BatchUnsupported, match=named):
        sweep(
            ClassicRules(animals),
            over={"collect_order": ["fixed", "shuffled"]},
            games=2,
            engine="batch",
            executor=SerialExecutor(),
            progress=False,
        )
