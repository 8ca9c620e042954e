"""Lessons 1 and 2 on the batch engine: the rules engine's answers, over ten thousand games and more (C3, C5, P5)."""

from __future__ import annotations

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.experiments import first_chooser_wins
from toptrumps_core.strategies import get_strategy
from widgets.lesson.first_chooser import EXPERT_MAX_GAMES, MAX_GAMES, FirstChooserExperiment
from widgets.lesson.pots import POT_SAMPLE, PotExperiment


def test_c3_the_batch_levels_find_what_the_rules_engine_finds() -> None:
    experiment = FirstChooserExperiment("animals", seats=3, level="hard", no_data="loses", games=80, seed=4)
    rules = ClassicRules(load_deck("animals"), seats=3, no_data="loses")
    exact = first_chooser_wins(rules, games=80, seed=4, strategies=[get_strategy("best_rank")] * 3)
    assert experiment.result is not None and experiment.result.estimate == exact.estimate
    assert experiment.result.draws == exact.draws and experiment.result.unfinished == exact.unfinished


def test_a_run_of_ten_thousand_games_and_the_experts_own_cap() -> None:
    assert MAX_GAMES >= 10_000 > EXPERT_MAX_GAMES
    experiment = FirstChooserExperiment("animals", level="easy", games=10_000, seed=2)
    assert experiment.result is not None and experiment.result.games == 10_000
    assert experiment._progress.value == 10_000 and experiment._games.max == MAX_GAMES
    experiment._level.value = "expert"
    assert experiment._games.max == EXPERT_MAX_GAMES and experiment._games.value <= EXPERT_MAX_GAMES
    experiment._level.value = "medium"
    assert experiment._games.max == MAX_GAMES


def test_c5_lesson_2_counts_ties_over_ten_thousand_games_and_pots_over_the_first_of_them() -> None:
    experiment = PotExperiment("animals", seats=3, games=10_000, seed=7)
    assert [len(frame) for frame in experiment.games] == [10_000, 10_000]
    assert [study.games for study in experiment.studies] == [POT_SAMPLE, POT_SAMPLE]
    for frame, study in zip(experiment.games, experiment.studies, strict=True):
        first = frame.head(POT_SAMPLE)
        assert int(first["ties"].sum()) == study.ties and int(first["comparisons"].sum()) == study.comparisons
        assert set(frame["no_data"]) == {study.no_data}
    assert "10,000 games per option" in experiment._table.value
    tie, loses = experiment.games
    assert tie["ties"].sum() / tie["comparisons"].sum() > loses["ties"].sum() / loses["comparisons"].sum()
