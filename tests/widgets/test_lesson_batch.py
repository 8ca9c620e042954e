"""Lesson 1 on the batch engine: the same answer as the rules engine, ten thousand games and more (C3, P5)."""

from __future__ import annotations

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.experiments import first_chooser_wins
from toptrumps_core.strategies import get_strategy
from widgets.lesson.first_chooser import EXPERT_MAX_GAMES, MAX_GAMES, FirstChooserExperiment


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
