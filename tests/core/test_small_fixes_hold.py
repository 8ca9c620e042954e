"""Small things seen in the app stay fixed: fitting pictures, a year without "year", lesson 4's sentences.

(The computer's spin is pressed with Next, never with Spin ⟳:
``tests/widgets/test_arena.py::test_a_computer_s_spin_is_next_s_not_the_spin_button_s``.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toptrumps_core.cards import value_with_unit
from toptrumps_core.deckfiles import load_deck

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize(
    ("deck", "card", "not_this"),
    [
        ("animals", "Ruby-throated hummingbird", "🌺"),  # a flower, not the bird
        ("chemical_elements", "Argon", "🪟"),  # a window, not the element
        ("mountains", "Mount Vinson", "🧊"),  # an ice cube, not the mountain
    ],
)
def test_a_card_s_picture_fits_the_card(deck: str, card: str, not_this: str) -> None:
    (found,) = [c for c in load_deck(deck).cards if c.name == card]
    assert found.picture.strip() and found.picture != not_this


def test_a_year_reads_as_a_year_not_as_1905_year() -> None:
    deck = load_deck("dinosaurs")
    (named,) = [c for c in deck.categories if c.name == "Named"]
    (rex,) = [c for c in deck.cards if c.name == "Tyrannosaurus"]
    assert named.unit == "year" and value_with_unit(named, rex["Named"]) == "1905"


def test_lesson_4_has_no_sentence_left_hanging_on_a_colon() -> None:
    notebook = json.loads((NOTEBOOKS / "04_tournament.ipynb").read_text(encoding="utf-8"))
    hanging = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        paragraphs = "".join(cell["source"]).split("\n\n")
        hanging += [p.strip()[-60:] for p in paragraphs if p.strip().endswith(":")]
    assert hanging == []
