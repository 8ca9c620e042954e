"""Building a deck in code (rules D1, D2): any sequence will do, and a wrong piece is named.

A `Deck` built in code is validated like a deck file (D4): the mistake comes
back as one `DeckError` that says what was expected, never as an
AttributeError from deep inside.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.errors import DeckError

CATS = [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False)]


def cards(categories: Any) -> list[Card]:
    return [
        Card("Kart", [Fraction(60), Fraction(9)], categories),
        Card("Bus", [Fraction(100), None], categories),
    ]


def test_categories_and_cards_given_as_lists_make_the_same_deck_as_tuples() -> None:
    from_lists = Deck("Vehicles", CATS, cards(CATS))
    from_tuples = Deck("Vehicles", tuple(CATS), tuple(cards(tuple(CATS))))
    assert from_lists == from_tuples and hash(from_lists) == hash(from_tuples)
    assert isinstance(from_lists.categories, tuple) and isinstance(from_lists.cards, tuple)
    kart = from_lists.card("Kart")
    assert isinstance(kart.values, tuple) and kart.categories == from_lists.categories
    assert kart["Price"] == 9


@pytest.mark.parametrize(
    ("categories", "deck_cards", "field", "words"),
    [
        (("A", "B"), (), "categories", "a Category, e.g. Category('Speed', 'km/h'), at position 1; got 'A'"),
        ("AB", (), "categories", "a list or tuple of Category objects; got 'AB'"),
        (None, (), "categories", "a list or tuple of Category objects; got None"),
        (CATS, ["Kart", "Bus"], "cards", "a Card, e.g. Card('Cheetah', values, categories), at position 1"),
        (CATS, None, "cards", "a list or tuple of Card objects; got None"),
        (CATS, [*cards(CATS), 3], "cards", "at position 3; got 3"),
    ],
    ids=["names_for_categories", "text_for_categories", "no_categories", "names_for_cards", "no_cards", "a_number"],
)
def test_a_wrong_piece_is_a_deck_error_saying_what_was_expected(
    categories: Any, deck_cards: Any, field: str, words: str
) -> None:
    with pytest.raises(DeckError) as info:
        Deck("D", categories, deck_cards)
    assert info.value.field == field
    assert words in str(info.value)


def test_a_card_of_another_deck_names_both_sets_of_categories() -> None:
    other = [Category("Speed", "km/h"), Category("Seats")]
    with pytest.raises(DeckError) as info:
        Deck("D", CATS, [cards(CATS)[0], Card("Van", [Fraction(1), Fraction(2)], other)])
    assert (info.value.card, info.value.field) == ("Van", "categories")
    assert "the deck's own categories ('Speed', 'Price'); got ('Speed', 'Seats')" in str(info.value)


def test_a_card_and_a_deck_draw_themselves_for_a_notebook_loading_the_pictures_only_then() -> None:
    # The display hooks are the one upward import (cards -> svg): lazy, so
    # that importing the core never loads the picture code.
    script = (
        "import sys\n"
        "from fractions import Fraction\n"
        "from toptrumps_core.cards import Card, Category, Deck\n"
        "cats = (Category('Speed', 'km/h'), Category('Price', '£', False))\n"
        "kart = Card('Kart', (Fraction(60), Fraction(9)), cats)\n"
        "deck = Deck('D', cats, (kart, Card('Bus', (Fraction(100), None), cats)))\n"
        "assert 'toptrumps_core.svg' not in sys.modules\n"
        "from toptrumps_core import svg\n"
        "assert deck.cards[0]._repr_svg_() == svg.card(deck.cards[0])\n"
        "assert deck._repr_svg_() == svg.deck(deck) and 'Kart' in deck._repr_svg_()\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize(
    ("picture", "file"),
    [
        ("pictures/lion.png", "pictures/lion.png"),
        (" Lion.JPG ", "Lion.JPG"),
        ("🦁", None),
        ("", None),
        ("https://example.org/lion.png", None),  # a web address: a page loads no picture from elsewhere
        ("/srv/lion.png", None),
        ("C:/lion.png", None),
        ("lion.png.txt", None),
    ],
)
def test_a_picture_is_an_image_file_only_when_named_relative_to_the_notebooks(picture: str, file: str | None) -> None:
    card = Card("Lion", (Fraction(1), Fraction(2)), (Category("A"), Category("B")), picture=picture)
    assert card.picture_file == file
