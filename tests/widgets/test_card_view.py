"""CardView: a card drawn by toptrumps_core.svg in an HTML widget."""

from __future__ import annotations

import pytest

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from widgets import CardView


def test_shows_the_card_as_svg(tiny_deck: Deck) -> None:
    card = tiny_deck.card("Rocket")
    view = CardView(card)
    assert view.value == str(svg.card(card))
    assert view.value.startswith("<svg") and "<script" not in view.value
    assert "Rocket" in view.value and "▼ lower wins" in view.value  # Price is lower-is-better
    assert view.card is card and view.highlight is None and dict(view.marks) == {}


def test_a_card_for_a_game_where_no_value_wins_drops_lower_wins(tiny_deck: Deck) -> None:
    card = tiny_deck.card("Rocket")
    view = CardView(card, lower_wins=False)
    assert view.value == str(svg.card(card, lower_wins=False)) and "lower wins" not in view.value
    view.lower_wins = True
    assert view.lower_wins and "▼ lower wins" in view.value


def test_highlight_and_lens_marks(tiny_deck: Deck) -> None:
    card = tiny_deck.card("Car")
    view = CardView(card, highlight=2, marks={0: "win 62% · tie 5% · lose 33%"})
    assert view.value == str(svg.card(card, highlight=2, marks={0: "win 62% · tie 5% · lose 33%"}))
    assert "◀" in view.value and "win 62%" in view.value
    view.highlight = 0
    assert view.highlight == 0 and view.value == str(svg.card(card, highlight=0, marks=view.marks))
    view.marks = None
    assert dict(view.marks) == {} and "win 62%" not in view.value


def test_no_card_shows_the_back_and_hides_the_face(tiny_deck: Deck) -> None:
    view = CardView(tiny_deck.card("Boat"), highlight=1)
    view.show(None)
    assert view.card is None and view.highlight is None
    assert "Boat" not in str(view.get_state()) and "face-down" in view.value
    view.card = tiny_deck.card("Bus")
    assert "Bus" in view.value


def test_bad_highlight_raises_and_leaves_the_view_unchanged(tiny_deck: Deck) -> None:
    view = CardView(tiny_deck.card("Tram"))
    before = view.value
    with pytest.raises(ValueError, match="highlight"):
        view.show(tiny_deck.card("Kayak"), highlight=7)
    assert view.value == before and view.card is tiny_deck.card("Tram")


def test_the_mark_mapping_is_read_only(tiny_deck: Deck) -> None:
    view = CardView(tiny_deck.card("Snail"), marks={1: "x"})
    with pytest.raises(TypeError):
        view.marks[1] = "y"  # type: ignore[index]
