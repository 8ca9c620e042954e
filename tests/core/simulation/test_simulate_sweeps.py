"""sweep(): the same DataFrame serially, on a process pool and on a local Dask cluster (rules C1-C12, P5)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import distributed
import pandas as pd
import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import SerialExecutor, simulate, sweep

OVER = {"seats": [2, 3], "no_data": ["tie", "loses"]}
"""Four points: every seat count with every rule C6 option."""


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules(load_deck("animals"))


@pytest.fixture(scope="module")
def serial(rules: ClassicRules) -> pd.DataFrame:
    return sweep(rules, "random", over=OVER, games=9, seed=21, executor=SerialExecutor(), chunk_games=4, progress=False)


def test_points_come_in_grid_order_with_their_games(serial: pd.DataFrame) -> None:
    assert len(serial) == 4 * 9
    points = serial.drop_duplicates("point")[["point", "seats", "no_data"]].values.tolist()
    assert points == [[0, 2, "tie"], [1, 2, "loses"], [2, 3, "tie"], [3, 3, "loses"]]
    assert list(serial["game"]) == list(range(9)) * 4
    assert serial.loc[serial["seats"] == 2, "strategy_2"].isna().all()  # no third seat there


def test_a_point_is_the_simulate_run_of_its_rules(rules: ClassicRules, serial: pd.DataFrame) -> None:
    alone = simulate(
        ClassicRules(rules.deck, seats=3, no_data="loses"), "random", games=9, seed=21, engine="rules", progress=False
    )
    point = serial[serial["point"] == 3].drop(columns="point").reset_index(drop=True)
    for name in alone.columns:
        assert point[name].tolist() == alone[name].tolist(), name


def test_every_point_plays_the_same_deals(serial: pd.DataFrame) -> None:
    seeds = [serial.loc[serial["point"] == p, "seed"].tolist() for p in range(4)]
    assert seeds[0] == seeds[1] == seeds[2] == seeds[3]


def test_a_process_pool_gives_the_same_frame(rules: ClassicRules, serial: pd.DataFrame) -> None:
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = sweep(rules, "random", over=OVER, games=9, seed=21, executor=pool, chunk_games=2, progress=False)
    pd.testing.assert_frame_equal(pooled, serial)


def test_threads_and_the_default_pool_give_the_same_frame(rules: ClassicRules, serial: pd.DataFrame) -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = sweep(rules, "random", over=OVER, games=9, seed=21, executor=pool, chunk_games=5, progress=False)
    pd.testing.assert_frame_equal(threaded, serial)
    default = sweep(rules, "random", over=OVER, games=9, seed=21, chunk_games=9, progress=False)
    pd.testing.assert_frame_equal(default, serial)


def test_a_local_dask_cluster_gives_the_same_frame(rules: ClassicRules, serial: pd.DataFrame) -> None:
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None) as client:
        on_dask = sweep(
            rules, "random", over=OVER, games=9, seed=21, executor=client.get_executor(), chunk_games=3, progress=False
        )
    pd.testing.assert_frame_equal(on_dask, serial)


def test_progress_counts_the_games_of_finished_chunks(rules: ClassicRules) -> None:
    seen: list[tuple[int, int]] = []
    sweep(
        rules,
        "random",
        over={"seats": [2, 3]},
        games=5,
        executor=SerialExecutor(),
        chunk_games=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (10, 10) and [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_strategies_and_decks_can_be_swept(rules: ClassicRules) -> None:
    frame = sweep(
        rules,
        over={"deck": ["animals", "planets_and_moons"], "strategies": [("random", "best_rank")]},
        games=3,
        executor=SerialExecutor(),
        progress=False,
    )
    assert frame.drop_duplicates("point")["deck"].tolist() == [
        load_deck("animals").name,
        load_deck("planets_and_moons").name,
    ]
    assert set(frame["strategy_1"]) == {"best_rank"}


@pytest.mark.parametrize(
    ("over", "words"),
    [
        ({}, "over must map parameter names"),
        ({"colour": ["red"]}, "cannot vary 'colour'"),
        ({"seats": 3}, r"over\['seats'\] must be a non-empty list"),
        ({"seats": []}, r"over\['seats'\] must be a non-empty list"),
        ({"seats": [2, 9]}, r"point 1 \(seats=9.*seats must be a whole number from 2 to 6"),
        ({"no_data": ["tie", "maybe"]}, "point 1 .*no_data"),
        ({"strategies": [("random",)]}, "point 0 .*expected 2 strategy names"),
        ({"deck": [42]}, "point 0: deck must be"),
    ],
)
def test_bad_grids_are_named(rules: ClassicRules, over: dict[str, object], words: str) -> None:
    with pytest.raises(RuleOptionError, match=words):
        sweep(rules, over=over, games=1, executor=SerialExecutor(), progress=False)  # type: ignore[arg-type]


def test_the_executor_must_be_an_executor(rules: ClassicRules) -> None:
    with pytest.raises(RuleOptionError, match=r"executor must be a concurrent\.futures\.Executor"):
        sweep(rules, over={"seats": [2]}, games=1, executor="dask", progress=False)  # type: ignore[arg-type]
