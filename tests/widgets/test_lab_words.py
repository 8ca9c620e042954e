"""What the simulation lab says: every section speaks before its button runs, the done line points down to
the charts, counts carry thousands separators, shares are written one way."""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as ipw

from tests.widgets.stepping import ByHand, pause
from widgets.lab import MAX_GAMES, MAX_RULES_GAMES, SimulationLab
from widgets.lab.lab import SECTIONS

BARE_COUNT = re.compile(r"(?<![\d,.])\d{4,}(?![\d,])")
"""A whole number of four or more digits written without a thousands separator (5000, not 5,000)."""
PERCENT = re.compile(r"[<>]?\d+(?:\.\d+)?%")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _walk(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _finish(steps: ByHand) -> None:
    while steps.step():
        pass


def test_the_ladder_section_says_what_the_ladder_does_and_that_its_button_runs_it() -> None:
    lab = SimulationLab(games=40, seed=5, engine="rules")
    lab.run()
    waiting = _text(lab._words["ladder"].value)
    assert lab._charts["ladder"].value == "" and "Run the ladder" in waiting
    assert "every computer player against every other" in waiting
    for key in SECTIONS:  # no section under its heading is left blank
        assert lab._charts[key].value or lab._words[key].value.strip(), key


def test_the_ladder_section_says_when_the_ladder_runs_and_when_it_was_stopped() -> None:
    steps = ByHand()
    lab = SimulationLab(ladder_games=10, seed=3, engine="rules", schedule=steps, sleep=pause)
    lab.run_ladder()
    assert steps.step()
    assert "The ladder is running" in _text(lab._words["ladder"].value)
    lab.stop()
    _finish(steps)
    assert lab.ladder is None and "stopped before the end" in _text(lab._words["ladder"].value)
    assert "ladder ended early" in lab._status.text
    lab.run_ladder()
    _finish(steps)
    assert lab.ladder is not None and "rates highest" in lab._words["ladder"].value
    lab.run_ladder()
    assert steps.step()
    lab.stop()
    _finish(steps)
    words = lab._words["ladder"].value
    assert "last whole ladder" in words and "rates highest" in words  # the chart still shown is explained


def test_the_games_sections_say_which_button_draws_them_when_the_ladder_ran_first() -> None:
    lab = SimulationLab(ladder_games=10, seed=3, engine="rules")
    lab.run_ladder()
    for key in ("lengths", "first", "cards"):
        assert lab._charts[key].value == "" and "Run the games" in lab._words[key].value, key


def test_the_done_line_points_down_to_the_charts() -> None:
    lab = SimulationLab(games=40, seed=5, ladder_games=10, engine="rules")
    lab.run()
    assert re.search(r"^<p>Done: 40 games played.*charts are below", lab._progress_text.value)
    assert lab.children.index(lab._progress_text) < lab.children.index(lab._charts["lengths"])
    lab.run_ladder()
    assert re.search(r"^<p>Done: the ladder .*chart is below", lab._progress_text.value)
    assert lab.children.index(lab._progress_text) < lab.children.index(lab._charts["ladder"])


def test_a_stopped_run_says_the_charts_are_below() -> None:
    steps = ByHand()
    lab = SimulationLab(games=100, seed=2, engine="rules", schedule=steps, sleep=pause)
    lab.run()
    assert steps.step()
    lab.stop()
    _finish(steps)
    assert lab._status.text == "Stopped: the charts below show the games played until then."


def test_counts_are_written_with_thousands_separators() -> None:
    lab = SimulationLab(games=12_000, seed=7)
    lab.run()
    words = [w for w in _walk(lab) if isinstance(w, ipw.HTML) and not {"tt-svg", "tt-style"} & set(w._dom_classes)]
    shown = [w.value for w in words]
    texts = [_text(value) for value in shown if value]
    assert any("12,000" in text for text in texts)
    assert [found for text in texts for found in BARE_COUNT.findall(text)] == []
    lab._games.max = MAX_GAMES  # a page that still offers the batch engine's maximum
    lab.strategy_controls[0].value = "card_counting"
    lab._games.max = MAX_GAMES
    lab._games.value = 6_000
    lab.run()
    assert f"from 10 to {MAX_RULES_GAMES:,}; got 6,000" in lab._status.text


def test_the_first_choosers_shares_are_written_one_way_in_the_words_and_the_chart() -> None:
    lab = SimulationLab(games=2_000, seed=7)
    lab.run()
    words = _text(lab._words["first"].value)
    shares = PERCENT.findall(words.replace("95%", ""))
    assert len(shares) == 4  # the share, its interval's ends, the fair share
    assert all(re.fullmatch(r"\d+\.\d%", share) for share in shares), shares
    fair = re.search(r"fair share (\S+%)", words)
    assert fair is not None and f"no advantage: {fair.group(1)}" in lab._charts["first"].value
