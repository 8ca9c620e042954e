"""A deck written as a TOML deck file loads back to the same deck (rule D4)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core import bundled_decks, load_deck
from toptrumps_core.cards import Category, Deck
from toptrumps_core.deckfiles import parse_deck_csv, parse_deck_toml
from toptrumps_core.deckfiles.toml_writer import deck_to_toml, exact_decimal
from toptrumps_core.errors import DeckError


def _same(a: Deck, b: Deck) -> None:
    assert a == b
    assert (a.name, a.source, a.description) == (b.name, b.source, b.description)
    assert [(c.name, c.unit, c.higher_is_better, c.note) for c in a.categories] == [
        (c.name, c.unit, c.higher_is_better, c.note) for c in b.categories
    ]
    assert [(c.name, c.values, c.code, c.fact, c.picture, dict(c.notes)) for c in a.cards] == [
        (c.name, c.values, c.code, c.fact, c.picture, dict(c.notes)) for c in b.cards
    ]


@pytest.mark.parametrize("name", bundled_decks())
def test_every_bundled_deck_round_trips_through_its_file(name: str) -> None:
    deck = load_deck(name)
    _same(parse_deck_toml(deck_to_toml(deck)), deck)


def test_a_csv_deck_saved_as_toml_is_the_same_deck() -> None:
    csv = 'name,Top speed (km/h),0-100 (s) [lower]\n"Mini, Cooper",140,n/a\nBeetle,1e2,16.25\n'
    with pytest.raises(DeckError, match="field 'source' expected the deck's source"):
        deck_to_toml(parse_deck_csv(csv))
    deck = parse_deck_csv(csv, name="Cars", source="Makers' brochures, checked 2026")
    text = deck_to_toml(deck)
    assert 'values = { "Top speed" = 140, 0-100 = "n/a" }' in text
    _same(parse_deck_toml(text), deck)


def test_a_value_without_an_exact_decimal_is_refused_naming_card_and_category() -> None:
    deck = Deck.from_rows(
        "Thirds", [Category("Share"), Category("Size")], {"A": [Fraction(1, 3), 1], "B": [1, 2]}, source="Made up"
    )
    with pytest.raises(DeckError, match=r"card 'A': field 'Share' expected a value with an exact decimal"):
        deck_to_toml(deck)


@given(st.fractions())
def test_exact_decimal_is_exact_or_none(value: Fraction) -> None:
    written = exact_decimal(value)
    rest = value.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if written is None:
        assert rest != 1
    else:
        assert Fraction(written) == value


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12).filter(str.strip)
VALUE = st.one_of(
    st.none(), st.integers(-(10**12), 10**12), st.decimals(allow_nan=False, allow_infinity=False, places=3)
)


@settings(max_examples=60, deadline=None)
@given(
    names=st.lists(TEXT, min_size=2, max_size=4, unique=True),
    cards=st.lists(TEXT, min_size=2, max_size=5, unique=True),
    data=st.data(),
)
def test_any_deck_round_trips(names: list[str], cards: list[str], data: st.DataObject) -> None:
    categories = [Category(n, data.draw(TEXT), data.draw(st.booleans())) for n in names]
    rows = {c: [data.draw(VALUE) for _ in names] for c in cards}
    rows = {c: [None if v is None else Fraction(v) for v in vs] for c, vs in rows.items()}
    deck = Deck.from_rows(data.draw(TEXT), categories, rows, source=data.draw(TEXT))
    _same(parse_deck_toml(deck_to_toml(deck)), deck)
