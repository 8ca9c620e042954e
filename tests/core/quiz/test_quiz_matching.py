"""Rule Q13: answers match ignoring case, accents, punctuation, a leading article and listed spellings."""

from __future__ import annotations

import pytest

from toptrumps_core.quiz import Chart, check_answer, load_charts, normal_form
from toptrumps_core.quiz.actions import WRONG_GUESS
from toptrumps_core.quiz.chartfiles import load_bundled_sets
from toptrumps_core.quiz.matching import NEAR_MISS, similarity
from toptrumps_core.quiz.rules import QuizRules

RIVERS = Chart.from_rows(
    "rivers",
    "nature",
    "Name the ten longest rivers",
    [
        "Nile",
        ["Amazon", "Amazonas"],
        ["Yangtze", "Chang Jiang"],
        "Mississippi-Missouri",
        "Yenisei",
        ["Yellow River", "Huang He"],
        "Ob-Irtysh",
        "Paraná",
        "Congo",
        "Amur",
    ],
    source="Britannica",
    checked=2024,
)

FLEUVES = Chart.from_rows(
    "fleuves",
    "nature",
    "Nommez dix fleuves",
    [
        "Le Nil",
        "L'Amazone",
        "Le Yangzi",
        "Le Mississippi",
        "L'Ienisseï",
        "Le Fleuve Jaune",
        "L'Ob",
        "Le Parana",
        "Le Congo",
        "L'Amour",
    ],
    source="Larousse",
    checked=2024,
    language="fr",
)

# (given, chart, turned, expected kind, expected rank)
CASES = [
    ("Nile", RIVERS, (), "right", 1),  # the printed answer
    ("nile", RIVERS, (), "right", 1),  # case
    ("NILE!!", RIVERS, (), "right", 1),  # punctuation
    ("the Nile", RIVERS, (), "right", 1),  # a leading English article
    ("  The   nile. ", RIVERS, (), "right", 1),  # spaces
    ("Parana", RIVERS, (), "right", 8),  # accents
    ("PARANÁ", RIVERS, (), "right", 8),
    ("Chang Jiang", RIVERS, (), "right", 3),  # a listed alternative spelling
    ("chang-jiang", RIVERS, (), "right", 3),  # ... with its punctuation folded
    ("Mississippi Missouri", RIVERS, (), "right", 4),  # a hyphen is a space
    ("ob irtysh", RIVERS, (), "right", 7),
    ("Huang-He", RIVERS, (), "right", 6),
    ("Nile", RIVERS, (1,), "repeated", 1),  # already turned: neither right nor wrong
    ("Amazonas", RIVERS, (2,), "repeated", 2),  # another spelling of a turned answer
    ("Yangtse", RIVERS, (), "near", 3),  # a near miss for the judge
    ("Missisippi-Misouri", RIVERS, (), "near", 4),
    ("Thames", RIVERS, (), "wrong", None),
    ("Danube", RIVERS, (), "wrong", None),
    ("the", RIVERS, (), "wrong", None),  # an article alone is not an answer
    ("?!", RIVERS, (), "wrong", None),  # nothing left after folding
    ("le nil", FLEUVES, (), "right", 1),  # the chart's own language's articles
    ("amazone", FLEUVES, (), "right", 2),  # "L'" elided
    ("Ienissei", FLEUVES, (), "right", 5),
    ("fleuve jaune", FLEUVES, (), "right", 6),
    ("the Nil", FLEUVES, (), "wrong", None),  # "the" is not a French article: "thenil" is far from "nil"
]


@pytest.mark.parametrize(("given", "chart", "turned", "kind", "rank"), CASES)
def test_q13_matching_table(given, chart, turned, kind, rank) -> None:
    verdict = check_answer(given, chart, turned, near_miss=80)
    assert (verdict.kind, verdict.rank) == (kind, rank)
    if kind in ("right", "repeated"):
        assert verdict.similarity == 100


def test_q13_the_near_miss_threshold_is_a_rule_option_in_percent() -> None:
    assert check_answer("Yangtse", RIVERS, near_miss=80).kind == "near"
    assert check_answer("Yangtse", RIVERS, near_miss=99).kind == "wrong"
    assert 80 <= check_answer("Yangtse", RIVERS).similarity < 100


def test_q13_similarity_is_a_percentage_from_the_fuzzy_matcher() -> None:
    assert similarity("nile", "nile") == 100
    assert similarity("abc", "xyz") == 0
    assert similarity("brasil", "brazil") == 83


def test_q13_normal_form_folds_case_accents_punctuation_and_one_leading_article() -> None:
    assert normal_form("Éire") == "eire"
    assert normal_form("The Gambia") == "gambia"
    assert normal_form("Die Zugspitze", "de") == "zugspitze"
    assert normal_form("Het Kanaal", "nl") == "kanaal"
    assert normal_form("Straße", "de") == "strasse"
    assert normal_form("A") == "a"


def test_q13_every_spelling_of_every_bundled_chart_matches_its_own_rank_only() -> None:
    for chart_set in load_bundled_sets():
        for chart in chart_set.charts:
            for answer in chart.answers:
                for spelling in answer.spellings:
                    verdict = check_answer(spelling, chart)
                    assert (verdict.kind, verdict.rank) == ("right", answer.rank), (chart.key, spelling)


def test_q13_the_computer_teams_wrong_guess_is_wrong_on_every_bundled_chart() -> None:
    for chart_set in load_bundled_sets():
        for chart in chart_set.charts:
            assert check_answer(WRONG_GUESS, chart).kind == "wrong", chart.key


def test_q13_a_partial_answer_needs_the_judge_or_fails() -> None:
    presidents = load_charts("set_2").charts[4]
    assert check_answer("Adams", presidents).kind in ("near", "wrong")
    assert check_answer("John Adams", presidents).rank == 2
    assert check_answer("John Quincy Adams", presidents).rank == 6


def _chart(set_name: str, key: str) -> Chart:
    return next(chart for chart in load_charts(set_name).charts if chart.key == key)


# (given, set, chart key, expected kind, expected rank): numbers that differ are never a near miss (Q13)
NUMBER_CASES = [
    ("£100 note", "set_3", "pound-notes-and-coins", "wrong", None),  # no £100 note on the chart, not "£10 note"
    ("£1000", "set_3", "pound-notes-and-coins", "wrong", None),
    ("£20 notes", "set_3", "pound-notes-and-coins", "near", 2),  # same number, letters a little off
    ("50euros", "set_1", "euro-notes-and-coins", "right", 4),
    ("5euros", "set_1", "euro-notes-and-coins", "right", 7),
    ("50 eruos", "set_1", "euro-notes-and-coins", "near", 4),  # not 5 euros
    ("5 eruos", "set_1", "euro-notes-and-coins", "near", 7),  # not 50 euros
    ("1000 euros", "set_1", "euro-notes-and-coins", "wrong", None),
]


@pytest.mark.parametrize(("given", "set_name", "key", "kind", "rank"), NUMBER_CASES)
def test_q13_an_answer_whose_numbers_differ_is_not_a_near_miss(given, set_name, key, kind, rank) -> None:
    verdict = check_answer(given, _chart(set_name, key))
    assert (verdict.kind, verdict.rank) == (kind, rank)


def test_q13_a_year_that_differs_is_not_a_near_miss() -> None:
    films = next(c for c in load_charts("set_2").charts if any("Lion King" in a.text for a in c.answers))
    assert check_answer("Lion King 1994", films).kind == "wrong"
    assert check_answer("Lion King 2019", films).kind in ("right", "near")


def test_q13_check_answer_and_the_rules_share_one_near_miss_threshold() -> None:
    assert QuizRules().near_miss == NEAR_MISS
    # 75 % alike: under the rules' threshold, so wrong by default, as in a quiz
    chart = Chart.from_rows(
        "t", "fun", "Name ten", ["Abcdefgh", *[f"Word{n}" for n in range(9)]], source="x", checked=2024
    )
    assert similarity("abcdefxy", "abcdefgh") == 75
    assert check_answer("Abcdefxy", chart).kind == "wrong"
