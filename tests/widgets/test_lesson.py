"""Lesson widgets headless: SelfCheck feedback, charts, and the experiments (P4, P5, P2)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import ipywidgets as ipw
import pytest

from tests.widgets.widget_helpers import browser_text, descendants
from toptrumps_core.cards import Category, Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.probability import Estimate, best_hi_lo_policy, tie_chance
from toptrumps_core.probability.bidding import best_bid, best_bid_for_points, points_per_bid
from widgets._toolkit import Experiment
from widgets.lesson import (
    HILO_TRIALS_MAX,
    POT_GAMES_MAX,
    TIE_TRIALS_MAX,
    ChartButton,
    HiLoConvergence,
    PotExperiment,
    SelfCheck,
    TieExperiment,
    TieResult,
    convergence_plot,
    figure_svg,
    tie_chart,
)
from widgets.lesson.first_chooser import MAX_GAMES, MIN_GAMES, FirstChooserExperiment
from widgets.quiz.lesson import bid_table, points_table
from widgets.tournament.experiment import EXPERIMENT_MAX, TournamentExperiment

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
    assert EXPLANATION in browser_text(quiz)


def test_selfcheck_wrong_answer_keeps_the_answer_hidden() -> None:
    quiz = question()
    quiz.select(0)
    quiz.check_button.click()
    assert quiz.is_right is False
    assert quiz.feedback.startswith("Not quite: think about how many pairs")
    text = browser_text(quiz)
    assert EXPLANATION not in text
    # No trait holds the answer: only the choices and the pupil's own pick.
    for widget in descendants(quiz):
        state = widget.get_state()
        assert not any("answer" in key or "explanation" in key for key in state)
    assert quiz.choices.index == 0


def test_selfcheck_before_any_answer() -> None:
    quiz = question()
    assert EXPLANATION not in browser_text(quiz) and quiz.feedback == ""
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
    assert "Interval holds exact" in browser_text(experiment)
    with pytest.raises(RuleOptionError):
        TieExperiment(small_deck, players=9, run=False)


def test_pot_experiment_plays_both_options(small_deck: Deck) -> None:
    experiment = PotExperiment(small_deck, seats=2, games=10, seed=2)
    tie, loses = experiment.studies
    assert (tie.no_data, loses.no_data) == ("tie", "loses") and tie.games == 10
    assert tie.first_tie_exact == sum(tie_chance(small_deck, c, 2) for c in (0, 1)) / 2
    assert "Ties per game" in browser_text(experiment)


def test_hilo_convergence_estimates_the_exact_pins(small_deck: Deck) -> None:
    experiment = HiLoConvergence(small_deck, first="s", trials=300, seed=4)
    first = small_deck.card("s")
    policy = best_hi_lo_policy(first, [c for c in small_deck.cards if c.name != "s"])
    assert experiment.policy == policy and experiment.estimate is not None
    assert experiment.estimate.trials == 300
    assert str(policy.expected_pins) in browser_text(experiment)
    with pytest.raises(RuleOptionError):
        HiLoConvergence(small_deck, first="zebra", run=False)


# -- every experiment: the shared look, deck names, capped runs ------------------------------------------


def test_the_first_chooser_experiment_looks_like_the_other_widgets(deck_names: tuple[str, ...]) -> None:
    experiment = FirstChooserExperiment(deck_names[0], games=MIN_GAMES, seed=3)
    assert {"tt-table", "tt-experiment"} <= set(experiment._dom_classes)
    assert any(
        isinstance(w, ipw.HTML) and "tt-style" in w._dom_classes and ".tt-table" in w.value
        for w in descendants(experiment)
    )
    buttons = {w.description: w for w in descendants(experiment) if isinstance(w, ipw.Button)}
    assert set(buttons) == {"Run the games", "Stop"}
    button = buttons["Run the games"]
    assert {"tt-big", "tt-primary"} <= set(button._dom_classes) and button.tooltip
    assert {"tt-big", "tt-secondary"} <= set(buttons["Stop"]._dom_classes) and buttons["Stop"].tooltip
    labels = [label for label, _ in experiment._deck.options]
    assert labels == [load_deck(name).name for name in deck_names]  # "Chemical Elements", not "chemical_elements"
    assert experiment.result is not None and experiment._progress.value == MIN_GAMES
    assert "%" in experiment._summary.value and " %" not in experiment._summary.value


@pytest.mark.parametrize(
    ("make", "maximum"),
    [
        (lambda n: FirstChooserExperiment(games=n, run=False), MAX_GAMES),
        (lambda n: TournamentExperiment(games=n, run=False), EXPERIMENT_MAX),
        (lambda n: PotExperiment(games=n, run=False), POT_GAMES_MAX),
        (lambda n: TieExperiment(trials=n, run=False), TIE_TRIALS_MAX),
        (lambda n: HiLoConvergence(trials=n, run=False), HILO_TRIALS_MAX),
    ],
)
def test_every_experiment_caps_its_largest_run(make: Callable[[int], Experiment], maximum: int) -> None:
    """A run blocks the page, so the largest one on offer is one a class will wait for (about 6 s here)."""
    experiment = make(maximum)
    sliders = [w for w in descendants(experiment) if isinstance(w, ipw.IntSlider)]
    assert [s.max for s in sliders] == [maximum]
    with pytest.raises(RuleOptionError):
        make(maximum + 1)
    sliders[0].set_state({"value": maximum + 100})  # the page cannot ask for more either (the slider clamps)
    assert sliders[0].value <= maximum


def test_first_chooser_experiment_plays_at_the_chosen_level_and_c6_option() -> None:
    """The level and no_data controls reach the games: the expert's stall (C5, C6) shows and "loses" stops it."""
    experiment = FirstChooserExperiment("animals", seats=6, level="expert", no_data="tie", games=60, seed=5)
    stalled = experiment.result
    assert stalled is not None
    experiment._no_data.value = "loses"
    experiment.run()
    fair = experiment.result
    assert fair is not None and fair.estimate.trials == stalled.estimate.trials == 60
    # Six equal players share about 1/6 of the wins each; the stalling expert takes far more as first chooser.
    assert stalled.estimate.low > fair.fair_share > 0
    assert stalled.estimate.value > fair.estimate.value
    experiment._level.value = "hard"
    experiment.run()
    assert experiment.result is not None and experiment.result != fair
    with pytest.raises(RuleOptionError, match="computer level"):
        FirstChooserExperiment(level="genius", run=False)


def test_lesson_03_s_self_checks_say_the_t12_pin_option_in_words_not_code() -> None:
    """Rule T12's option appears in the self-check questions as words a pupil reads, never ``hilo_pins="..."``."""
    notebook = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "03_hi_lo.ipynb").read_text("utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    questions = [re.match(r'SelfCheck\("((?:[^"\\]|\\.)*)"', source) for source in sources]
    asked = [match.group(1) for match in questions if match]
    assert asked, "lesson 03 has self-check questions"
    assert not [question for question in asked if "hilo_pins" in question or "complete_run" in question], asked


def test_lesson_01_s_example_card_has_a_name_a_screen_reader_reads() -> None:
    """The example card of lesson 01 is a picture named by its card (an SVG with its title), not a bare image."""
    notebook = json.loads(
        (Path(__file__).resolve().parents[2] / "notebooks" / "01_classic_top_trumps.ipynb").read_text("utf-8")
    )
    cell = next("".join(c["source"]) for c in notebook["cells"] if "cards[0]" in "".join(c["source"]))
    *lines, last = cell.splitlines()
    scope: dict[str, object] = {}
    exec("\n".join(lines), scope)  # the cell's imports, as the page runs them
    shown = eval(last, scope)
    assert isinstance(shown, ipw.HTML)
    name = re.search(r'<svg [^>]*role="img"[^>]*><title>([^<]+)</title>', shown.value)
    assert name is not None and name.group(1) == load_deck("animals").cards[0].name
    shown.close()


def test_lesson_06_shows_the_q4_bids_as_tables_that_agree_with_the_exact_bids() -> None:
    """Lesson 06's bidding cells show tables in words, no raw Python lists; the tables hold the exact best bids (Q4)."""
    notebook = json.loads(
        (Path(__file__).resolve().parents[2] / "notebooks" / "06_top_ten_quiz.ipynb").read_text("utf-8")
    )
    lasts = [
        "".join(c["source"]).splitlines()[-1] for c in notebook["cells"] if c["cell_type"] == "code" and c["source"]
    ]
    assert not [line for line in lasts if line.startswith("[")], "a cell shows a bare Python list"
    p, qs = Fraction(7, 10), (Fraction(3, 10), Fraction(1, 2), Fraction(7, 10))
    for by, best in (("points", lambda q: best_bid_for_points(p, q)), ("safe", lambda q: best_bid(p, q).bid)):
        table = bid_table(p, qs, by=by)  # type: ignore[arg-type]
        cells = re.findall(r"<td>([^<]*)</td>", table.children[1].value)
        assert cells == [text for q in qs for text in (f"{float(q):g}", str(best(q)))]
        table.close()
    points = re.findall(r"<td>([^<]*)</td>", points_table(p, Fraction(1, 2)).children[1].value)
    assert points[1::2] == [f"{float(x):.3f}" for x in points_per_bid(p, Fraction(1, 2))]


# -- a page of lesson pieces sends one style sheet -------------------------------------------------


def _sheets(widget: ipw.Widget) -> list[ipw.HTML]:
    return [w for w in descendants(widget) if isinstance(w, ipw.HTML) and "tt-style" in w._dom_classes]


def test_lesson_pieces_on_one_page_show_one_shared_style_sheet() -> None:
    first = SelfCheck("2 + 2?", ["3", "4"], 1, "Two and two make four.")
    second = SelfCheck("3 + 3?", ["6", "7"], 0, "Three and three make six.")
    chart = ChartButton("Draw the chart", lambda: None)
    sheets = [_sheets(piece) for piece in (first, second, chart)]
    assert all(len(found) == 1 for found in sheets)
    assert sheets[0][0] is sheets[1][0] is sheets[2][0] and ".tt-selfcheck" in sheets[0][0].value
    sheets[0][0].close()  # a closed sheet is never handed out again
    third = SelfCheck("1 + 1?", ["2", "3"], 0, "One and one make two.")
    (fresh,) = _sheets(third)
    assert fresh is not sheets[0][0] and fresh.comm is not None and ".tt-selfcheck" in fresh.value


def test_a_self_check_keeps_its_controls_by_keyboard_with_a_shared_sheet() -> None:
    quiz = SelfCheck("2 + 2?", ["3", "4"], 1, "Two and two make four.")
    buttons = [w for w in descendants(quiz) if isinstance(w, ipw.Button)]
    assert [b.description for b in buttons] == ["Check ✓"] and buttons[0].tooltip
    quiz.select(1)
    buttons[0].click()
    assert quiz.feedback == "Right! Two and two make four."


def test_an_experiment_opens_on_its_controls_and_its_outputs_come_with_the_first_run(small_deck: Deck) -> None:
    experiment = TieExperiment(small_deck, players=2, no_data="tie", trials=400, seed=3, run=False)
    shown = [w for w in experiment.children if isinstance(w, ipw.HTML) and "tt-style" not in w._dom_classes]
    assert not any("tt-svg" in w._dom_classes for w in shown)  # no empty chart, summary or table at open
    buttons = {w.description: w for w in descendants(experiment) if isinstance(w, ipw.Button)}
    buttons["Run the comparisons"].click()  # as the keyboard's Enter on the focused button does
    charts = [w for w in experiment.children if isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes]
    assert len(charts) == 1 and charts[0].value.startswith("<svg")
    assert "<table" in experiment.children[-1].value
    buttons["Run the comparisons"].click()
    assert [w for w in experiment.children if isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes] == charts
