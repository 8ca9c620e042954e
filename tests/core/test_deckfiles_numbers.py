"""Tests for rule D4's numbers: a number in a deck file is read exactly as written, in TOML as in CSV."""

from __future__ import annotations

import sys
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from tests.core.test_deckfiles import BASE, GAMMA_VALUES, line_of, load_error, mutate
from toptrumps_core import bundled_decks, load_deck
from toptrumps_core.cards import to_value
from toptrumps_core.deckfiles import parse_deck_csv, parse_deck_toml
from toptrumps_core.errors import DeckError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib


def gamma_length(written: str) -> Fraction | None:
    """Returns Gamma's Length in the test deck with `written` as that value."""
    deck = parse_deck_toml(mutate(GAMMA_VALUES, f'values = {{ Length = {written}, "Top speed" = 40 }}'))
    return deck.card("Gamma")["Length"]


def csv_length(written: str) -> Fraction | None:
    """Returns the same value read from a CSV cell."""
    deck = parse_deck_csv(f"name,Length,Top speed\nGamma,{written},40\nDelta,1,2\n")
    return deck.card("Gamma")["Length"]


@pytest.mark.parametrize(
    ("written", "exact"),
    [
        ("1.0000000000000001", Fraction(10**16 + 1, 10**16)),
        ("1e-400", Fraction(1, 10**400)),
        ("0.1", Fraction(1, 10)),
        ("12.3", Fraction(123, 10)),
        ("2.5e3", Fraction(2500)),
        ("6.02214076E23", Fraction(602214076 * 10**15)),
        ("-3.75", Fraction(-15, 4)),
        ("-1.5e-2", Fraction(-3, 200)),
        ("+0.5", Fraction(1, 2)),
        ("-0.0", Fraction(0)),
        ("9007199254740993.0", Fraction(2**53 + 1)),  # the first integer a float cannot hold
    ],
)
def test_d4_a_toml_decimal_is_read_exactly_as_written_as_csv_is(written: str, exact: Fraction) -> None:
    assert gamma_length(written) == exact
    assert csv_length(written) == exact


def test_d4_decimals_a_float_would_merge_stay_apart() -> None:
    assert gamma_length("1.0000000000000001") != gamma_length("1.0") == 1
    assert gamma_length("1e-400") != 0
    assert gamma_length("0.30000000000000004") != gamma_length("0.3") == Fraction(3, 10)


@pytest.mark.parametrize(
    ("written", "exact"),
    [("1_000_000", Fraction(1_000_000)), ("1_000.000_1", Fraction(10_000_001, 10_000)), ("1e1_0", Fraction(10**10))],
)
def test_d4_numbers_with_underscores_read_without_them(written: str, exact: Fraction) -> None:
    assert gamma_length(written) == exact


def test_d4_integers_and_exponents_at_the_limit_are_exact() -> None:
    assert gamma_length("-17") == -17
    assert gamma_length("1e400") == 10**400
    assert gamma_length("-2.5E-400") == Fraction(-5, 2 * 10**400)


@pytest.mark.parametrize("written", ["nan", "+nan", "-nan", "inf", "+inf", "-inf"])
def test_d4_nan_and_inf_are_refused_naming_file_card_and_field(tmp_path: Path, written: str) -> None:
    text = mutate(GAMMA_VALUES, f'values = {{ Length = {written}, "Top speed" = 40 }}')
    err = load_error(tmp_path, text)
    assert (err.card, err.field, err.line) == ("Gamma", "Length", line_of(text, f"Length = {written},"))
    assert err.path is not None and err.path.endswith("deck.toml")
    assert str(err) == (
        f"deck.toml, line {err.line}, card 'Gamma': field 'Length' expected a number, or \"n/a\" "
        f"(nan and inf are no card values); got {written}"
    )


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("1e401", "a number of sensible size (an exponent of at most 400)"),
        ("-2.5E-999999999", "a number of sensible size (an exponent of at most 400)"),
        ("0." + "3" * 5000, "a card value, not a number too long to be one (5,001 digits)"),
    ],
    ids=["exponent", "huge_exponent", "digits"],
)
def test_d4_a_decimal_too_large_or_long_is_refused_with_card_and_field(
    tmp_path: Path, written: str, words: str
) -> None:
    text = mutate(GAMMA_VALUES, f'values = {{ Length = {written}, "Top speed" = 40 }}')
    err = load_error(tmp_path, text)
    assert (err.card, err.field, err.line) == ("Gamma", "Length", line_of(text, f"Length = {written[:12]}"))
    assert f"expected {words}" in str(err)


def test_d4_a_decimal_where_text_is_expected_is_shown_as_written() -> None:
    with pytest.raises(DeckError) as info:
        parse_deck_toml(mutate('better = "lower"', "better = 1.50"))
    assert str(info.value).endswith("got 1.50")
    with pytest.raises(DeckError) as info:
        parse_deck_toml(mutate("format = 1", "format = 1.5"))
    assert info.value.field == "format" and str(info.value).endswith("got 1.5")


def test_d4_format_may_still_be_written_as_a_decimal() -> None:
    assert parse_deck_toml(mutate("format = 1", "format = 1.0")) == parse_deck_toml(BASE)


@pytest.mark.parametrize("name", bundled_decks())
def test_d4_bundled_decks_hold_the_same_values_exactly_as_through_a_float(name: str) -> None:
    # The bundled decks were read through binary floats before rule D4 said
    # "exactly as written": reading them exactly changes none of their values.
    text = (resources.files("toptrumps_core.decks") / f"{name}.toml").read_text(encoding="utf-8")
    through_floats = tomllib.loads(text)
    deck = load_deck(name)
    assert len(deck.cards) == len(through_floats["cards"])
    for card, table in zip(deck.cards, through_floats["cards"], strict=True):
        for category in deck.categories:
            assert card[category.name] == to_value(table["values"][category.name]), (card.name, category.name)
