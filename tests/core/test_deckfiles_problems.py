"""A deck file with several problems lists them all, each with its line and field (rule D4)."""

from __future__ import annotations

import pytest

from toptrumps_core.deckfiles import parse_deck_csv, parse_deck_toml
from toptrumps_core.errors import DeckError

HEAD = """name = "Pets"
source = "A class survey, 2026"
[[categories]]
name = "Weight"
unit = "kg"
[[categories]]
name = "Age"
"""


def _card(name: str, values: str) -> str:
    return f'[[cards]]\nname = "{name}"\nvalues = {{ {values} }}\n'


def test_toml_lists_every_card_s_first_problem_in_file_order() -> None:
    text = (
        HEAD
        + _card("Cat", "Weight = 4, Age = 9")
        + _card("Dog", 'Weight = "heavy", Age = 3')
        + _card("Cat", "Weight = 1, Age = 1")
        + _card("Fish", "Weight = 1")
    )
    with pytest.raises(DeckError) as caught:
        parse_deck_toml(text, path="pets.toml")
    problems = caught.value.problems
    assert [(p.card, p.field) for p in problems] == [("Dog", "Weight"), ("Cat", "name"), ("Fish", "Age")]
    lines = text.splitlines()
    assert [lines[p.line - 1] for p in problems if p.line] == [
        'values = { Weight = "heavy", Age = 3 }',
        'name = "Cat"',
        "values = { Weight = 1 }",
    ]
    assert str(caught.value).endswith("(and 2 more problems in the file)")
    assert caught.value is problems[0]


def test_toml_with_one_problem_reads_as_before() -> None:
    with pytest.raises(DeckError) as caught:
        parse_deck_toml(HEAD + _card("Cat", "Weight = 4, Age = 9") + _card("Dog", 'Weight = "heavy", Age = 3'))
    assert caught.value.problems == (caught.value,)
    assert "more problem" not in str(caught.value)


def test_toml_category_problems_are_listed_and_stop_before_the_cards() -> None:
    text = HEAD.replace('name = "Age"', 'name = "Age"\nbetter = "up"') + '[[categories]]\nname = "Weight"\n'
    text += _card("Cat", "Weight = 4")  # would be a problem too, but the categories come first
    with pytest.raises(DeckError) as caught:
        parse_deck_toml(text)
    assert [(p.field, p.got) for p in caught.value.problems] == [("better", "up"), ("name", "Weight")]


def test_csv_lists_every_row_s_first_problem_with_its_line() -> None:
    text = "name,Weight (kg),Age\nCat,4,9\nDog,heavy,3\n,1,1\nCat,2,2\nFish,1\nMouse,0.02,1\n"
    with pytest.raises(DeckError) as caught:
        parse_deck_csv(text, path="pets.csv")
    found = [(p.line, p.card, p.field) for p in caught.value.problems]
    assert found == [(3, "Dog", "Weight"), (4, "#3", "name"), (5, "Cat", "name"), (6, "Fish", None)]
    assert str(caught.value).startswith("pets.csv, line 3, card 'Dog': field 'Weight' expected")


def test_csv_header_problem_stops_the_check() -> None:
    with pytest.raises(DeckError) as caught:
        parse_deck_csv("Weight,Age\n1,2\nx,3\n")
    assert [p.field for p in caught.value.problems] == ["name"]


def test_of_all_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        DeckError.of_all([])
