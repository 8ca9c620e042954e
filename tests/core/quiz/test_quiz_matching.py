"""Rule Q13: answers match ignoring case, accents, punctuation, a leading article and listed spellings."""

from __future__ import annotations

import pytest

from toptrumps_core.quiz import Chart, check_answer, load_charts, normal_form
from toptrumps_core.quiz.actions import WRONG_GUESS
from toptrumps_core.quiz.chartfiles import load_bundled_sets
from toptrumps_core.quiz.matching import similarity

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
