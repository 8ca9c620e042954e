"""Lesson widgets headless: SelfCheck feedback, charts, and the experiments (P4, P5, P2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction

import ipywidgets as ipw
import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.probability import Estimate, best_hi_lo_policy, tie_chance
from widgets.lesson import (
    HiLoConvergence,
    PotExperiment,
    SelfCheck,
    TieExperiment,
    TieResult,
    convergence_plot,
    figure_svg,
    tie_chart,
)


def descendants(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    seen: set[str] = set()
    todo = [widget]
    while todo:
        current = todo.pop()
        if current.model_id in seen:
            continue
        seen.add(current.model_id)
        yield current
        for name in current.keys:
            value = getattr(current, name, None)
            items = value if isinstance(value, (tuple, list)) else (value,)
            todo.extend(item for item in items if isinstance(item, ipw.Widget))


def page_text(widget: ipw.Widget) -> str:
    return "\n".join(json.dumps(w.get_state(), default=str, ensure_ascii=False) for w in descendants(widget))


EXPLANATION = "Four cards give more chances that two share the best value."


def question() -> SelfCheck:
    return SelfCheck(
        "Which comparison is more likely to tie?",
        ["2 cards", "4 cards", "No difference"],
        1,
        EXPLANATION,
        hint="think about how many pairs of cards could share the best value.",
    )


def test_selfcheck_right_answer() -> None:
    quiz = question()
    quiz.select(1)
    quiz.check_button.click()
    assert quiz.is_right is True
    assert quiz.feedback == f"Right! {EXPLANATION}"
    assert EXPLANATION in page_text(quiz)


def test_selfcheck_wrong_answer_keeps_the_answer_hidden() -> None:
    quiz = question()
    quiz.select(0)
    quiz.check_button.click()
    assert quiz.is_right is False
    assert quiz.feedback.startswith("Not quite: think about how many pairs")
    text = page_text(quiz)
    assert EXPLANATION not in text
    # No trait holds the answer: only the choices and the pupil's own pick.
    for widget in descendants(quiz):
        state = widget.get_state()
        assert not any("answer" in key or "explanation" in key for key in state)
    assert quiz.choices.index == 0


def test_selfcheck_before_any_answer() -> None:
    quiz = question()
    assert EXPLANATION not in page_text(quiz) and quiz.feedback == ""
    quiz.check()
    assert quiz.feedback.startswith("Pick an answer first") and quiz.is_right is None


def test_selfcheck_refuses_a_bad_question() -> None:
    with pytest.raises(ValueError):
        SelfCheck("?", ["only one"], 0, "")
    with pytest.raises(ValueError):
        SelfCheck("?", ["a", "a"], 0, "")
    with pytest.raises(ValueError):
        SelfCheck("?", ["a", "b"], 2, "")


def test_convergence_plot_and_tie_chart_are_static_svg() -> None:
    est = Estimate.of_proportion([1, 0, 1, 1, 0, 1, 0, 1] * 50)
    figure = convergence_plot(est, Fraction(5, 8), ylabel="chance")
    axes = figure.axes[0]
    assert axes.get_xscale() == "log" and len(axes.lines) == 2  # running estimate and the exact line
    svg = figure_svg(figure)
    assert svg.lstrip().startswith(("<?xml", "<svg")) and "<script" not in svg
    chart = tie_chart([TieResult("Speed", Fraction(1, 10), est)], title="ties")
    assert "<script" not in figure_svg(chart)
    with pytest.raises(ValueError):
        tie_chart([])


@pytest.fixture
def small_deck() -> Deck:
    return Deck.from_rows(
        "Small",
        [Category("A"), Category("B", higher_is_better=False)],
        {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2], "t": [4, 2], "u": [5, 3]},
    )


def test_tie_experiment_matches_the_exact_chances(small_deck: Deck) -> None:
    experiment = TieExperiment(small_deck, players=2, no_data="tie", trials=400, seed=3)
    assert [r.exact for r in experiment.results] == [tie_chance(small_deck, c, 2) for c in (0, 1)]
    assert all(r.estimate.trials == 400 for r in experiment.results)
    again = TieExperiment(small_deck, players=2, no_data="tie", trials=400, seed=3)
    assert [r.estimate for r in again.results] == [r.estimate for r in experiment.results]
    assert "Interval holds exact" in page_text(experiment)
    with pytest.raises(RuleOptionError):
        TieExperiment(small_deck, players=9, run=False)


def test_pot_experiment_plays_both_options(small_deck: Deck) -> None:
    experiment = PotExperiment(small_deck, seats=2, games=10, seed=2)
    tie, loses = experiment.studies
    assert (tie.no_data, loses.no_data) == ("tie", "loses") and tie.games == 10
    assert tie.first_tie_exact == sum(tie_chance(small_deck, c, 2) for c in (0, 1)) / 2
    assert "Ties per game" in page_text(experiment)


def test_hilo_convergence_estimates_the_exact_pins(small_deck: Deck) -> None:
    experiment = HiLoConvergence(small_deck, first="s", trials=300, seed=4)
    first = small_deck.card("s")
    policy = best_hi_lo_policy(first, [c for c in small_deck.cards if c.name != "s"])
    assert experiment.policy == policy and experiment.estimate is not None
    assert experiment.estimate.trials == 300
    assert str(policy.expected_pins) in page_text(experiment)
    with pytest.raises(RuleOptionError):
        HiLoConvergence(small_deck, first="zebra", run=False)
