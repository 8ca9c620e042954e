"""Rules Q1 and Q12: chart files load all or nothing, the bundled sets, and own sets drawn at random."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from toptrumps_core import ChartError, QuizRules, RuleOptionError, bundled_chart_sets, load_charts
from toptrumps_core.quiz import CATEGORIES, PickCharts, parse_charts
from toptrumps_core.quiz.charts import Chart, ChartSet

from .quiz_helpers import TINY, tiny_chart

GOOD = """
name = "Mine"
[[charts]]
key = "digits"
category = "fun"
task = "Name the digits"
source = "counting"
checked = 2024
answers = [["One", "1"], "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]
"""


def test_q1_at_least_three_bundled_sets_of_seven_cover_every_category() -> None:
    names = bundled_chart_sets()
    assert len(names) >= 3
    sets = [load_charts(name) for name in names]
    assert sum(len(s.charts) for s in sets) >= 21
    for chart_set in sets:
        assert len(chart_set.charts) == 7
        assert sorted(chart_set.categories) == sorted(CATEGORIES)  # one of each category
    keys = [chart.key for s in sets for chart in s.charts]
    assert len(keys) == len(set(keys))


def test_q1_every_bundled_chart_has_ten_ranked_answers_a_source_and_a_year() -> None:
    for name in bundled_chart_sets():
        for chart in load_charts(name).charts:
            assert [a.rank for a in chart.answers] == list(range(1, 11))
            assert chart.source.strip() and 2020 <= chart.checked <= 2026
            assert chart.task.startswith("Name ")


def test_q1_a_teachers_chart_file_loads_by_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD * 1, encoding="utf-8")
    with pytest.raises(ChartError, match="at least 7 charts"):
        load_charts(path)
    charts = "\n".join(GOOD.replace('key = "digits"', f'key = "digits-{n}"').split("\n", 2)[2] for n in range(7))
    path.write_text('name = "Mine"\n' + charts, encoding="utf-8")
    mine = load_charts(path)
    assert mine.name == "Mine" and len(mine.charts) == 7
    assert mine.charts[0].answers[0].alternatives == ("1",)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("checked = 2024", "checked = 24"), r"mine.toml, chart 'digits': field 'checked' expected the year"),
        (('category = "fun"', 'category = "games"'), r"chart 'digits': field 'category' expected one of society"),
        (('"Ten"]', "]"), r"chart 'digits': field 'answers' expected 10 ranked answers; got 9"),
        (('task = "Name the digits"\n', ""), r"chart 'digits': field 'task' expected a value \(the field is missing\)"),
        (('"Two"', '"One"'), r"chart 'digits': field 'answers\[2\]' expected a spelling not used by rank 1"),
        (('"Two"', '""'), r"chart 'digits': field 'answers\[2\]' expected spellings that are not blank"),
        (('key = "digits"', 'key = "Digits!"'), r"field 'key' expected lower-case letters"),
        (("[[charts]]", "[[charts]"), r"mine.toml: expected valid TOML"),
    ],
)
def test_q1_a_wrong_chart_file_names_the_file_the_chart_and_the_field(tmp_path, change, message) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD.replace(*change), encoding="utf-8")
    with pytest.raises(ChartError, match=message):
        load_charts(path)


def test_q1_loading_is_all_or_nothing_the_first_mistake_stops_it() -> None:
    text = (
        GOOD
        + GOOD.replace('key = "digits"', 'key = "bad"').replace("checked = 2024", 'checked = "soon"').split("\n", 2)[2]
    )
    with pytest.raises(ChartError, match="chart 'bad'"):
        parse_charts(text, path="two.toml")


def test_q1_unknown_names_and_missing_files_are_chart_errors(tmp_path) -> None:
    with pytest.raises(ChartError, match="set_1"):
        load_charts("set_99")
    with pytest.raises(ChartError, match="readable"):
        load_charts(tmp_path / "none.toml")


def test_q1_charts_round_trip_through_data() -> None:
    for chart in load_charts("set_1").charts:
        assert Chart.from_data(chart.to_data()) == chart


def test_q12_a_whole_set_is_drawn_at_random_among_the_sets() -> None:
    rules = QuizRules()
    draw = rules.chance(rules.initial_state())
    picks = {draw.sample(random.Random(seed)).keys for seed in range(40)}
    assert len(picks) == len(rules.chart_sets)
    assert all(draw.probability(PickCharts(keys)) == Fraction(1, len(rules.chart_sets)) for keys in picks)
    fixed = QuizRules(chart_set="Set 2")
    assert fixed.chance(fixed.initial_state()).sample(random.Random(1)).keys == tuple(
        c.key for c in load_charts("set_2").charts
    )


def test_q12_an_own_set_of_one_of_each_category() -> None:
    rules = QuizRules(own_set="one_of_each")
    draw = rules.chance(rules.initial_state())
    for seed in range(20):
        pick = draw.sample(random.Random(seed))
        categories = [rules.chart(k).category for k in pick.keys]
        assert sorted(categories) == sorted(CATEGORIES)
        assert draw.probability(pick) == Fraction(1, 3**7 * 5040)  # three charts of each category, 7! orders
    assert draw.probability(PickCharts(tuple(c.key for c in TINY.charts))) == 0


def test_q12_an_own_set_all_of_one_category() -> None:
    sport = ChartSet("Sport", tuple(tiny_chart(n, "sport") for n in range(1, 9)))
    rules = QuizRules(sets=(sport,), own_set="one_category", own_category="sport")
    draw = rules.chance(rules.initial_state())
    picks = Counter(draw.sample(random.Random(seed)).keys for seed in range(30))
    assert all(len(set(keys)) == 7 for keys in picks)
    assert all(draw.probability(PickCharts(keys)) == Fraction(1, 40320) for keys in picks)  # 8!/1! orders
    with pytest.raises(RuleOptionError, match="needs 7 charts of 'sport'; there are 3"):
        QuizRules(own_set="one_category", own_category="sport")
    with pytest.raises(RuleOptionError, match="own_category"):
        QuizRules(own_set="one_category", own_category="cooking")


def test_q12_chart_keys_must_be_unique_across_sets() -> None:
    twin = ChartSet("Twin", tuple(tiny_chart(n, "fun") for n in range(1, 8)))
    with pytest.raises(RuleOptionError, match="keyed 'tiny-1'"):
        QuizRules(sets=(TINY, twin))


def test_q1_the_tasks_say_what_decides_the_ranks_and_what_counts() -> None:
    charts = {chart.key: chart for name in bundled_chart_sets() for chart in load_charts(name).charts}
    for key in ("tokyo-2020-gold-medals", "paris-2024-gold-medals"):  # ranks 7-8 and 9-10 are decided by bronze
        assert "by gold medals, then silver, then bronze" in charts[key].task
    pounds = charts["pound-notes-and-coins"]
    assert "Bank of England" in pounds.task and "Royal Mint circulating coins" in pounds.task  # no Scottish £100
    assert "countries only" in charts["largest-countries-by-area"].task
