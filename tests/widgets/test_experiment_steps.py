"""The experiment frame plays a run in steps, so the page stays usable, and Stop ends it (rule P5's experiments)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as ipw

from tests.widgets.stepping import ByHand, pause
from tests.widgets.widget_helpers import descendants
from toptrumps_core import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.experiments import estimate_hi_lo_pins, first_chooser_wins, tie_study, tournament_stats
from toptrumps_core.strategies import default_player
from toptrumps_core.tournament import TournamentRules
from widgets._toolkit import Experiment
from widgets._toolkit.experiment_frame import STOPPED_MESSAGE
from widgets.lesson import HiLoConvergence, PotExperiment, TieExperiment
from widgets.lesson.first_chooser import FirstChooserExperiment
from widgets.tournament.experiment import TournamentExperiment

CHUNKS = 5


class Chunks(Experiment):
    """An experiment of `CHUNKS` chunks that records what it did."""

    def __init__(self) -> None:
        self.done = 0
        self.finished = False
        super().__init__([ipw.IntText(value=1, description="Size")], "Go")

    def _steps(self) -> Iterator[None]:
        for chunk in range(1, CHUNKS + 1):
            self.done = chunk
            self._tick(chunk, CHUNKS)
            yield
        self.finished = True


def by_hand(experiment: Experiment) -> ByHand:
    schedule = ByHand()
    experiment._schedule, experiment._sleep = schedule, pause
    return schedule


def button(experiment: Experiment, name: str) -> ipw.Button:
    return next(w for w in descendants(experiment) if isinstance(w, ipw.Button) and w.description == name)


def test_a_click_on_run_returns_before_the_run_ends_and_the_steps_follow() -> None:
    experiment = Chunks()
    steps = by_hand(experiment)
    run, stop = button(experiment, "Go"), button(experiment, "Stop")
    assert stop.disabled and not run.disabled
    run.click()
    assert experiment.running and experiment.done == 0  # nothing played in the click itself
    assert run.disabled and not stop.disabled
    assert steps.step() and experiment.done == 1 and experiment._progress.value == 1
    run.click()  # a second click while running starts nothing
    while steps.step():
        pass
    assert experiment.finished and not experiment.running and experiment._progress.value == CHUNKS
    assert not run.disabled and stop.disabled and experiment._status.text == ""


def test_stop_ends_the_run_after_the_step_underway_and_says_so() -> None:
    experiment = Chunks()
    steps = by_hand(experiment)
    button(experiment, "Go").click()
    assert steps.step() and steps.step()
    button(experiment, "Stop").click()
    while steps.step():
        pass
    assert experiment.done == 2 and not experiment.finished and not experiment.running
    assert experiment._status.text == STOPPED_MESSAGE and experiment._status.kind == "info"
    assert not button(experiment, "Go").disabled and button(experiment, "Stop").disabled
    steps = by_hand(experiment)
    button(experiment, "Go").click()  # a new run after a stop plays to its end
    while steps.step():
        pass
    assert experiment.finished and experiment._status.text == ""


def test_a_bad_setting_is_shown_at_the_first_step_and_run_comes_back() -> None:
    experiment = HiLoConvergence("dinosaurs", trials=300, run=False)
    experiment._seed.value = -1  # an IntText takes any number the page sends
    experiment.run()
    assert "the seed" in experiment._status.text and experiment._status.kind == "error"
    assert not experiment.running and not experiment._button.disabled and experiment._stop.disabled


def test_p5_every_lesson_experiment_takes_several_steps_and_finds_the_plain_functions_result() -> None:
    hilo = HiLoConvergence("dinosaurs", first="Triceratops", trials=1000, seed=5, run=False)
    steps = by_hand(hilo)
    hilo.run()
    count = 0
    while steps.step():
        count += 1
    deck = load_deck("dinosaurs")
    first = deck.card("Triceratops")
    plain = estimate_hi_lo_pins(deck, first, [c for c in deck.cards if c is not first], trials=1000, rng=5)
    assert count > 2 and hilo.estimate == plain and hilo._chart.value.startswith("<svg")

    expert = FirstChooserExperiment("animals", seats=2, level="expert", games=20, seed=3, run=False)
    steps = by_hand(expert)
    expert.run()
    count = 0
    while steps.step():
        count += 1
    rules = ClassicRules(load_deck("animals"), seats=2)
    plain_wins = first_chooser_wins(rules, games=20, seed=3, strategies=[default_player(rules)] * 2)
    assert count > 2 and expert.result == plain_wins


def test_t15_c5_the_tournament_and_pot_experiments_run_in_steps_too() -> None:
    tournaments = TournamentExperiment(games=10, seats=3, seed=4, run=False)
    steps = by_hand(tournaments)
    tournaments.run()
    count = 0
    while steps.step():
        count += 1
    assert count > 2 and tournaments.result == tournament_stats(TournamentRules(seats=3), games=10, seed=4)

    pots = PotExperiment("animals", seats=2, games=10, seed=6, run=False)
    steps = by_hand(pots)
    pots.run()
    count = 0
    while steps.step():
        count += 1
    deck = load_deck("animals")
    assert count > 2 and pots.studies == (
        tie_study(deck, seats=2, no_data="tie", games=10, seed=6),
        tie_study(deck, seats=2, no_data="loses", games=10, seed=6),
    )

    ties = TieExperiment("animals", trials=200, seed=1, run=False)
    steps = by_hand(ties)
    ties.run()
    count = 0
    while steps.step():
        count += 1
    assert count >= len(deck.categories) and len(ties.results) == len(deck.categories)
