"""The strategy ladder: round robin, Elo ratings, bootstrap intervals; and the lab's summaries (C3, C4, P5)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import (
    PairScore,
    SerialExecutor,
    card_winningness,
    elo_ratings,
    first_chooser_share,
    gamblers_ruin_lengths,
    simulate,
    strategy_ladder,
)


@pytest.fixture(scope="module")
def ladder():  # type: ignore[no-untyped-def]
    return strategy_ladder("animals", games=12, seed=8, bootstraps=50, executor=SerialExecutor(), progress=False)


def test_the_round_robin_plays_every_pair_both_ways(ladder) -> None:  # type: ignore[no-untyped-def]
    assert len(ladder.pairs) == 6
    assert len(ladder.games) == 6 * 2 * 12
    orders = set(zip(ladder.games["strategy_0"], ladder.games["strategy_1"], strict=True))
    assert len(orders) == 12


def test_the_ladder_is_reproducible_from_its_seed(ladder) -> None:  # type: ignore[no-untyped-def]
    again = strategy_ladder("animals", games=12, seed=8, bootstraps=50, executor=SerialExecutor(), progress=False)
    pd.testing.assert_frame_equal(again.table(), ladder.table())
    assert again.intervals == ladder.intervals
    other = strategy_ladder("animals", games=12, seed=9, bootstraps=50, executor=SerialExecutor(), progress=False)
    assert other.intervals != ladder.intervals


def test_card_counting_tops_random(ladder) -> None:  # type: ignore[no-untyped-def]
    table = ladder.table()
    assert table["strategy"].iloc[0] != "random" and table["strategy"].iloc[-1] == "random"
    assert ladder.ratings["card_counting"] > ladder.ratings["random"]
    assert math.isclose(sum(ladder.ratings.values()) / 4, 1500, abs_tol=1e-6)
    for name, (low, high) in ladder.intervals.items():
        assert low <= ladder.ratings[name] <= high


def test_head_to_head_scores_are_complementary(ladder) -> None:  # type: ignore[no-untyped-def]
    grid = ladder.head_to_head()
    assert grid.shape == (4, 4)
    for a in grid.index:
        for b in grid.columns:
            if a != b:
                assert math.isclose(grid.loc[a, b] + grid.loc[b, a], 1)
            else:
                assert math.isnan(grid.loc[a, b])


def test_elo_of_a_three_to_one_score_is_400_log10_3() -> None:
    ratings = elo_ratings([PairScore("a", "b", (1.0, 0.0, 1.0, 1.0))], prior_draws=0)
    assert math.isclose(ratings["a"] - ratings["b"], 400 * math.log10(3), rel_tol=1e-6)
    even = elo_ratings([PairScore("a", "b", (1.0, 0.0, 0.5))])
    assert math.isclose(even["a"], even["b"])


def test_a_clean_sweep_still_has_a_finite_rating() -> None:
    ratings = elo_ratings([PairScore("a", "b", (1.0,) * 10), PairScore("b", "c", (1.0, 0.0))])
    assert ratings["a"] > ratings["b"] and all(math.isfinite(r) for r in ratings.values())


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"strategies": ("random",)}, "two or more different"),
        ({"strategies": ("random", "random")}, "two or more different"),
        ({"strategies": ("random", "psychic")}, "seat 1: no strategy 'psychic'"),
        ({"bootstraps": 3}, "bootstraps must be"),
    ],
)
def test_bad_ladders_are_named(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(RuleOptionError, match=words):
        strategy_ladder("animals", games=1, executor=SerialExecutor(), progress=False, **kwargs)  # type: ignore[arg-type]


def test_first_chooser_share_counts_seat_0s_outright_wins() -> None:
    frame = simulate(ClassicRules(load_deck("animals"), seats=3), "random", games=30, engine="rules", progress=False)
    result = first_chooser_share(frame)
    finished = frame[frame["termination"] != "unfinished"]
    assert result.estimate.successes == sum(w == 0 for w in finished["winner"].dropna())
    assert result.estimate.trials == len(finished) and result.fair_share == 1 / 3
    assert result.estimate.low <= result.estimate.value <= result.estimate.high


def test_gamblers_ruin_has_the_textbook_mean() -> None:
    lengths = gamblers_ruin_lengths(20, 10, tie_chance=0.2, longest=5000)
    assert math.isclose(sum(lengths), 1, abs_tol=1e-6)
    assert math.isclose(sum(t * p for t, p in enumerate(lengths)), 10 * 10 / 0.8, rel_tol=1e-3)
    fair = gamblers_ruin_lengths(20, 10, longest=60)
    assert all(p == 0 for t, p in enumerate(fair) if t % 2 or t < 10)  # 10 steps at least, two by two


def test_gamblers_ruin_refuses_a_start_outside_the_deck() -> None:
    with pytest.raises(RuleOptionError, match="start must be a whole number from 1 to 9; got 10"):
        gamblers_ruin_lengths(10, 10)


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        ((1,), {}, "cards must be a whole number >= 2; got 1"),
        ((True,), {}, "cards must be a whole number >= 2; got True"),
        ((10, 2.0), {}, r"start must be a whole number from 1 to 9; got 2\.0"),
        ((10,), {"longest": 0}, "longest must be a whole number >= 1; got 0"),
    ],
)
def test_gamblers_ruin_names_a_number_out_of_range(
    args: tuple[object, ...], kwargs: dict[str, object], words: str
) -> None:
    with pytest.raises(RuleOptionError, match=words):
        gamblers_ruin_lengths(*args, **kwargs)  # type: ignore[arg-type]


def test_c4_card_winningness_counts_every_comparison() -> None:
    rules = ClassicRules(load_deck("animals"))
    table = card_winningness(rules, "random", games=10, seed=2)
    frame = simulate(rules, "random", games=10, seed=2, engine="rules", progress=False)
    assert len(table) == len(rules.deck.cards)
    assert table["won"].sum() == (frame["comparisons"] - frame["ties"]).sum()  # one winning card per win (C4)
    assert table["revealed"].sum() == 2 * frame["comparisons"].sum()  # two seats reveal in every comparison
    shares = table["win_share"].dropna().tolist()
    assert shares == sorted(shares, reverse=True)
