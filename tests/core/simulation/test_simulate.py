"""simulate(): one row per game, the same games as play(), from either engine (rules C1-C12, P5)."""

from __future__ import annotations

import pandas as pd
import pytest

from toptrumps_core import ClassicRules, load_deck, play
from toptrumps_core.cards import Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import BatchUnsupported, game_seeds, simulate


@pytest.fixture(scope="module")
def animals() -> Deck:
    return load_deck("animals")


def test_rows_are_the_games_play_plays(animals: Deck) -> None:
    rules = ClassicRules(animals, seats=3, no_data="loses")
    strategies = ["random", "best_value", "best_rank"]
    frame = simulate(rules, strategies, games=12, seed="class 7B", engine="rules", progress=False)
    assert list(frame["game"]) == list(range(12))
    assert list(frame["seed"]) == game_seeds("class 7B", 12)
    assert set(frame["no_data"]) == {"loses"} and set(frame["deck"]) == {animals.name}
    assert list(frame[["strategy_0", "strategy_1", "strategy_2"]].iloc[5]) == strategies
    for row in frame.itertuples():
        record = play(rules, strategies, seed=row.seed)
        assert record.outcome is not None
        assert row.termination == record.outcome.termination.value
        assert {seat for seat in range(3) if getattr(row, f"won_{seat}")} == set(record.outcome.winners)
        assert row.comparisons == sum(type(e).__name__ == "Revealed" for e in record.events)
        assert row.ties == sum(type(e).__name__ == "Tied" for e in record.events)
        single = next(iter(record.outcome.winners)) if len(record.outcome.winners) == 1 else None
        assert (pd.isna(row.winner) and single is None) or row.winner == single


def test_c7_cards_are_conserved_and_the_winner_holds_them(animals: Deck) -> None:
    frame = simulate(ClassicRules(animals, seats=4), "random", games=20, seed=3, engine="rules", progress=False)
    stacks = frame[[f"stack_{seat}" for seat in range(4)]]
    assert (stacks.sum(axis=1) <= len(animals.cards)).all()
    last = frame[frame["termination"] == "last_stack"]
    assert len(last) > 0
    for row in last.itertuples():
        assert getattr(row, f"stack_{row.winner}") == len(animals.cards)  # with the pot (C7)


def test_c12_an_unfinished_game_is_never_won(animals: Deck) -> None:
    frame = simulate(ClassicRules(animals), "random", games=10, seed=1, engine="rules", max_actions=30, progress=False)
    unfinished = frame[frame["termination"] == "unfinished"]
    assert len(unfinished) == 10  # no animals game ends within 30 actions
    assert unfinished["winner"].isna().all() and not unfinished[["won_0", "won_1"]].any().any()
    assert not unfinished["draw"].any()


def test_c11_round_limit_rows(animals: Deck) -> None:
    frame = simulate(ClassicRules(animals, round_limit=5), "random", games=6, engine="rules", progress=False)
    assert set(frame["termination"]) <= {"round_limit", "last_stack", "draw_all_out"}
    assert (frame["comparisons"] <= 5).all() and list(frame["round_limit"]) == [5] * 6


def test_the_same_seed_gives_the_same_frame_and_another_seed_another(animals: Deck) -> None:
    rules = ClassicRules(animals)
    one = simulate(rules, "random", games=8, seed=4, engine="rules", progress=False)
    again = simulate(rules, "random", games=8, seed=4, engine="rules", progress=False)
    other = simulate(rules, "random", games=8, seed=5, engine="rules", progress=False)
    pd.testing.assert_frame_equal(one, again)
    assert list(one["seed"]) != list(other["seed"])
    assert one.attrs == {"seed": 4, "engine": "rules", "max_actions": 100_000}


def test_progress_reports_every_game(animals: Deck) -> None:
    seen: list[tuple[int, int]] = []
    simulate(ClassicRules(animals), "random", games=5, engine="rules", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(done, 5) for done in range(1, 6)]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"engine": "fast"}, "engine must be one of"),
        ({"games": 0}, "games must be a whole number"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"games": True}, r"games must be a whole number from 1 to 10,000,000; got True"),
        ({"chunk_games": 0}, r"chunk_games must be a whole number from 1 to 10,000,000; got 0"),
        ({"strategies": "cheater"}, "seat 0: no strategy 'cheater'"),
        ({"strategies": ["random"]}, "expected 2 strategy names"),
        ({"strategies": ["random", 3]}, "seat 1: strategies are given by name"),
        ({"max_actions": 1}, r"max_actions must be a whole number >= 2 \(rule C12\); got 1"),
        ({"threads": 65}, "threads must be a whole number from 1 to 64; got 65"),
        ({"progress": "yes"}, "progress must be"),
    ],
)
def test_bad_arguments_are_named(animals: Deck, kwargs: dict[str, object], words: str) -> None:
    arguments: dict[str, object] = {"strategies": "random", "games": 2, "engine": "rules", "progress": False}
    with pytest.raises((RuleOptionError, ValueError), match=words):
        simulate(ClassicRules(animals), **{**arguments, **kwargs})  # type: ignore[arg-type]


def test_numpy_whole_numbers_count_as_whole_numbers(animals: Deck) -> None:
    import numpy as np

    rules = ClassicRules(animals)
    frame = simulate(rules, "random", games=np.int64(3), seed=2, threads=np.int32(1), progress=False)  # type: ignore[arg-type]
    assert list(frame["game"]) == [0, 1, 2]
    pd.testing.assert_frame_equal(frame, simulate(rules, "random", games=3, seed=2, progress=False))


def test_rules_must_be_classic() -> None:
    with pytest.raises(RuleOptionError, match="rules must be ClassicRules"):
        simulate("animals", "random", games=1, progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seats", "options", "strategies"),
    [
        (2, {}, "random"),
        (3, {"no_data": "loses"}, ("best_value", "random", "best_rank")),
        (4, {"leftover": "set_aside", "round_limit": 40}, "best_rank"),
        (6, {}, "best_value"),
    ],
)
def test_batch_and_rules_rows_are_equal(
    animals: Deck, seats: int, options: dict[str, object], strategies: str | tuple[str, ...]
) -> None:
    rules = ClassicRules(animals, seats=seats, **options)  # type: ignore[arg-type]
    batch = simulate(rules, strategies, games=40, seed=11, engine="batch", chunk_games=15, progress=False)
    exact = simulate(rules, strategies, games=40, seed=11, engine="rules", progress=False)
    assert batch.attrs["engine"] == "batch" and exact.attrs["engine"] == "rules"
    batch.attrs, exact.attrs = {}, {}
    pd.testing.assert_frame_equal(batch, exact)


def test_batch_refuses_what_it_does_not_play_and_names_it(animals: Deck) -> None:
    with pytest.raises(BatchUnsupported, match="card_counting"):
        simulate(ClassicRules(animals), "card_counting", games=2, engine="batch", progress=False)
    with pytest.raises(BatchUnsupported, match="collect_order"):
        simulate(ClassicRules(animals, collect_order="shuffled"), "random", games=2, engine="batch", progress=False)


def test_c12_the_batch_engine_stops_at_the_cap_given(animals: Deck) -> None:
    rules = ClassicRules(animals)
    frame = simulate(rules, "random", games=20, engine="batch", max_actions=500, progress=False)
    exact = simulate(rules, "random", games=20, engine="rules", max_actions=500, progress=False)
    assert list(frame["termination"]) == list(exact["termination"])
    assert list(frame["comparisons"]) == list(exact["comparisons"])
