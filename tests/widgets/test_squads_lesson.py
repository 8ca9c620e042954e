"""The Squads lesson's chart and card table (rules S3, S5, P5)."""

from __future__ import annotations

from fractions import Fraction

from toptrumps_core import load_deck
from toptrumps_core.experiments import SettleQuestion, settle_table
from widgets.squads.lesson import best_threshold, card_choices, settle_chart

QUESTION = SettleQuestion(load_deck("animals"), "Top speed", "highest", None, "Lion", draws=3, opponents=2)


def test_the_chart_draws_exact_simulated_and_placing_now() -> None:
    table = settle_table(QUESTION, [Fraction(0), Fraction(1, 2), Fraction(1)], trials=300, rng=2)
    figure = settle_chart(table)
    axes = figure.axes[0]
    labels = [t.get_text() for t in axes.get_legend().get_texts()]
    assert sorted(labels) == [
        "place now: exact expected tokens",
        "wait: exact expected tokens",
        "wait: simulated, 95% interval",
    ]
    assert best_threshold(table).threshold == Fraction(1, 2)


def test_fast_cards_are_placed_now_and_slow_ones_wait() -> None:
    table = card_choices(QUESTION, ["Cheetah", "Red fox"])
    assert [row[-1] for row in table.rows] == ["place now", "wait"]
