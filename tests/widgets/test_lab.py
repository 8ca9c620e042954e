"""The simulation lab, headless: settings, a stepped run that can be stopped, the charts (C1-C12, P5)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any

import ipywidgets as ipw
import pytest

from tests.widgets.stepping import ByHand, pause
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import game_seeds
from widgets._boundary import ErrorBoundary
from widgets.lab import MAX_GAMES, MAX_RULES_GAMES, SimulationLab, SteppedRun
from widgets.lab.lab import SECTIONS


def test_one_strategy_control_per_seat_keeping_the_choices() -> None:
    lab = SimulationLab(seats=3, strategies=["best_rank", "random", "best_value"], engine="rules")
    assert [c.value for c in lab.strategy_controls] == ["best_rank", "random", "best_value"]
    assert [c.description for c in lab.strategy_controls] == ["Seat 1", "Seat 2", "Seat 3"]
    lab._seats.value = 4
    assert [c.value for c in lab.strategy_controls] == ["best_rank", "random", "best_value", "best_value"]
    lab._seats.value = 2
    assert [c.value for c in lab.strategy_controls] == ["best_rank", "random"]


def test_a_run_plays_the_games_and_draws_every_chart() -> None:
    lab = SimulationLab(games=40, seed=5, engine="rules")
    lab.run()
    assert lab._status.text == "" and lab.engine == "rules" and not lab.running
    assert lab.frame is not None and list(lab.frame["seed"]) == game_seeds(5, 40)
    assert lab._progress.value == lab._progress.max == 40 + 40 and lab._progress.bar_style == "success"
    assert "Done: 40 games played" in lab._progress_text.value
    for key in ("lengths", "first", "cards"):
        assert lab._charts[key].value.startswith("<svg"), key
    assert lab.first_chooser is not None and lab.first_chooser.games == 40
    assert lab.cards is not None and lab.cards["revealed"].sum() == 2 * lab.frame["comparisons"].sum()
    assert "exact rules engine" in lab._engine_text.value
    assert lab._stop_button.disabled and not lab._run_button.disabled  # Stop is off again once the run ended


def test_the_first_chooser_verdict_refuses_to_credit_choosing_first_when_strategies_differ() -> None:
    lab = SimulationLab(games=60, seed=3, strategies=["random", "best_rank"], engine="rules")
    lab.run()
    words = lab._words["first"].value
    assert "different strategies" in words and "makes a difference" not in words and "cannot tell" not in words
    same = SimulationLab(games=60, seed=3, strategies=["best_rank", "best_rank"], engine="rules")
    same.run()
    assert "different strategies" not in same._words["first"].value
    assert "fair share is" in same._words["first"].value


def test_stop_ends_the_run_after_the_step_underway() -> None:
    steps = ByHand()
    lab = SimulationLab(games=100, seed=2, engine="rules", schedule=steps, sleep=pause)
    lab.run()
    assert lab.running and lab._run_button.disabled and not lab._stop_button.disabled
    assert steps.step()  # one chunk of games, then a pause
    lab._stop_button.click()
    while steps.step():
        pass
    assert not lab.running and not lab._run_button.disabled
    assert lab.frame is not None and 0 < len(lab.frame) < 100
    assert lab._status.text.startswith("Stopped") and lab._progress.bar_style == "warning"


def test_run_refuses_while_running() -> None:
    steps = ByHand()
    lab = SimulationLab(games=40, engine="rules", schedule=steps, sleep=pause)
    lab.run()
    lab.run()
    assert "already running" in lab._status.text
    lab.stop()
    while steps.step():
        pass


def test_a_seed_set_from_the_page_is_checked() -> None:
    lab = SimulationLab(games=40, engine="rules")
    lab._seed.value = -1  # an IntText takes any number the page sends
    lab.run()
    assert "the seed must be a whole number" in lab._status.text and lab._status.kind == "error"
    assert lab.frame is None


def test_counts_from_the_page_are_kept_in_range() -> None:
    lab = SimulationLab(games=40, engine="rules")
    lab._games.value, lab._round_limit.value = 5, -4
    assert (lab._games.value, lab._round_limit.value) == (10, 0)  # bounded boxes clip what the page sends


def test_the_rules_engine_has_its_own_cap() -> None:
    lab = SimulationLab(games=MAX_RULES_GAMES + 10, engine="rules")
    assert lab._games.max == lab._games.value == MAX_RULES_GAMES and MAX_GAMES == 100_000
    lab._games.max = MAX_GAMES  # a page that sends more than the box offers
    lab._games.value = MAX_RULES_GAMES + 10
    lab.run()
    assert f"from 10 to {MAX_RULES_GAMES:,}" in lab._status.text and lab.frame is None


def test_the_games_box_offers_the_largest_run_the_settings_allow() -> None:
    lab = SimulationLab(games=50_000)
    assert lab._games.max == MAX_GAMES and "batch engine" in lab._engine_text.value
    lab._collect.value = "shuffled"  # only the rules engine shuffles won cards (C4)
    assert lab._games.max == MAX_RULES_GAMES and lab._games.value == MAX_RULES_GAMES
    assert "exact rules engine" in lab._engine_text.value and "shuffling won cards" in lab._engine_text.value
    lab._collect.value = "fixed"
    assert lab._games.max == MAX_GAMES
    lab.strategy_controls[1].value = "card_counting"
    assert lab._games.max == MAX_RULES_GAMES
    assert "card counting (expert) at seat 2 plays only there" in lab._engine_text.value
    lab._seats.value = 3  # the new seat copies seat 2's card counting
    assert lab._games.max == MAX_RULES_GAMES and "at seats 2 and 3" in lab._engine_text.value


def test_after_a_refused_run_the_engine_line_tells_the_settings_not_the_last_run() -> None:
    lab = SimulationLab(games=40, seed=5)
    lab.run()
    assert lab.engine == "batch"
    lab._games.value = 6_000
    lab.strategy_controls[0].value = "card_counting"
    lab._games.max = MAX_GAMES  # a page that still offers the old maximum
    lab._games.value = 6_000
    lab.run()
    assert f"from 10 to {MAX_RULES_GAMES:,}" in lab._status.text
    assert "exact rules engine" in lab._engine_text.value and "batch" not in lab._engine_text.value


def test_each_chart_says_which_engine_played_its_games() -> None:
    lab = SimulationLab(games=40, seed=5, ladder_games=10)
    lab.run()
    assert "played on the batch engine" in lab._words["lengths"].value
    assert "played on the batch engine" in lab._words["first"].value
    assert "exact rules engine" in lab._words["cards"].value
    lab.run_ladder()
    assert "played on the exact rules engine" in lab._words["ladder"].value
    assert "The charts of the games above came from the batch engine" in lab._engine_text.value
    assert "played on the batch engine" in lab._words["lengths"].value


def test_the_page_names_rule_options_in_pupils_words() -> None:
    lab = SimulationLab(games=40)
    shown = [lab._no_data, lab._leftover, lab._collect]
    words = " ".join([c.description for c in shown] + [label for c in shown for label in c._options_labels])
    for code in ("no_data", "leftover", "collect_order", "deal_all", "set_aside", "(default)", "_"):
        assert code not in words, code
    assert [c.value for c in shown] == ["tie", "deal_all", "fixed"]
    assert [c.description for c in shown] == ["A card shows n/a", "Spare cards at the deal", "Won cards go under"]


def test_a_deck_name_from_the_page_is_checked() -> None:
    lab = SimulationLab(games=40, engine="rules")
    lab._deck.set_trait("options", [*lab._deck.options, ("Secret", "../../etc/passwd")])
    lab._deck.value = "../../etc/passwd"
    lab.run()
    assert "no deck called" in lab._status.text


def test_bad_settings_are_named() -> None:
    with pytest.raises(RuleOptionError, match="seat 1: no strategy 'psychic'"):
        SimulationLab(strategies=["random", "psychic"])
    with pytest.raises(RuleOptionError, match="engine must be"):
        SimulationLab(engine="quantum")
    with pytest.raises(RuleOptionError, match="the number of games"):
        SimulationLab(games=MAX_GAMES + 1)


def test_the_ladder_rates_every_strategy() -> None:
    lab = SimulationLab(ladder_games=10, seed=3, engine="rules")
    lab.run_ladder()
    assert lab.ladder is not None and set(lab.ladder.ratings) == {"random", "best_value", "best_rank", "card_counting"}
    assert lab._charts["ladder"].value.startswith("<svg") and "rates highest" in lab._words["ladder"].value
    assert lab._progress.value == lab._progress.max == 12 * 10


def test_card_counting_runs_on_the_rules_engine_and_says_why() -> None:
    lab = SimulationLab(games=20, strategies="card_counting")
    lab.run()
    assert lab.engine == "rules" and "card counting (expert) at seats 1 and 2" in lab._engine_text.value


def test_a_failing_step_ends_the_run_with_a_friendly_message(expected_widget_errors: Any) -> None:
    shown: list[tuple[str, str]] = []
    ended: list[bool] = []
    cleaned: list[str] = []

    def steps() -> Generator[None, None, None]:
        try:
            yield
            raise ZeroDivisionError("a bug in a step")
        finally:
            cleaned.append("finally")

    run = SteppedRun(steps(), ErrorBoundary(lambda text, kind: shown.append((kind, text))), ended.append)
    assert ended == [False] and not run.running and cleaned == ["finally"]
    assert shown and shown[0][0] == "error" and "Traceback" not in shown[0][1]


def _headings(lab: SimulationLab) -> list[str]:
    return [w.value for w in lab.children if isinstance(w, ipw.HTML) and w.value.startswith("<h3>")]


def test_the_page_opens_on_the_controls_and_the_sections_come_with_the_first_result() -> None:
    lab = SimulationLab(games=40, seed=5, engine="rules")
    assert _headings(lab) == []
    assert not any(isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes for w in lab.children)
    lab.run()
    assert _headings(lab) == [f"<h3>{title}</h3>" for title in SECTIONS.values()]
    charts = [w for w in lab.children if isinstance(w, ipw.HTML) and "tt-svg" in w._dom_classes]
    assert [w.value[:4] for w in charts] == ["<svg", "<svg", "<svg", ""]  # the ladder's waits for its own run
    lab.run()  # a second run redraws the same sections
    assert len(_headings(lab)) == len(SECTIONS) and lab._charts["lengths"] is charts[0]


def _walk(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_every_control_with_a_name_has_a_tooltip() -> None:
    # The page titles a described widget's label with its tooltip: a missing one shows as "null".
    lab = SimulationLab(games=40, engine="rules")
    described = [w for w in _walk(lab) if getattr(w, "description", "")]
    assert len(described) >= 10
    assert [w.description for w in described if not w.tooltip] == []
