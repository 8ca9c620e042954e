"""Deck files: bundled decks, TOML and CSV loading, all-or-nothing errors (rules D1, D2, D4)."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toptrumps_core import deckfiles
from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import (
    bundled_decks,
    load_deck,
    load_deck_csv,
    load_deck_toml,
    parse_deck_csv,
    parse_deck_toml,
)
from toptrumps_core.errors import DeckError

BASE = """\
format = 1
name = "Test deck"
description = "A small deck for tests."
source = "Made up for the tests, 2024"

[[categories]]
name = "Length"
unit = "m"
note = "Nose to tail"

[[categories]]
name = "Top speed"
unit = "km/h"
better = "lower"

[[cards]]
name = "Alpha"
code = "A1"
picture = "🦖"
fact = "First."
values = { Length = 12.3, "Top speed" = "n/a" }
notes = { Length = "adult" }

[[cards]]
name = "Beta"
code = "A2"
picture = "🦕"
fact = "Second."
values = { Length = 7, "Top speed" = 40 }

[[cards]]
name = "Gamma"
values = { Length = 0.5, "Top speed" = 40 }
"""

GAMMA_VALUES = 'values = { Length = 0.5, "Top speed" = 40 }'


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """Returns the 1-based line of the `nth` line of `text` containing `needle`."""
    hits = [number for number, line in enumerate(text.split("\n"), start=1) if needle in line]
    assert len(hits) >= nth, f"{needle!r} is not in the text {nth} times"
    return hits[nth - 1]


def mutate(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, f"{old!r} must occur exactly once"
    return text.replace(old, new)


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str, name: str = "deck.toml") -> DeckError:
    path = write(tmp_path, text, name)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    err = info.value
    assert err.path == str(path)
    assert str(err).startswith(name), str(err)
    if err.line is not None:
        assert f"line {err.line}" in str(err)
    return err


def deck_text(n_categories: int, n_cards: int) -> str:
    """Returns a valid-looking TOML deck with the given counts (for rule D1 limits)."""
    parts = ['name = "Sized"', 'source = "Tests, 2024"', "categories = []" if n_categories == 0 else "", ""]
    names = [f"C{i}" for i in range(n_categories)]
    for name in names:
        parts += ["[[categories]]", f'name = "{name}"', ""]
    for card in range(n_cards):
        values = ", ".join(f"{name} = {card + i}" for i, name in enumerate(names))
        parts += ["[[cards]]", f'name = "Card {card}"', f"values = {{ {values} }}", ""]
    return "\n".join(parts)


# --------------------------------------------------------------------------
# A good file
# --------------------------------------------------------------------------


def test_d4_good_toml_round_trip(tmp_path: Path) -> None:
    path = write(tmp_path, BASE)
    for source in (path, str(path)):
        deck = load_deck(source)
        assert deck == load_deck_toml(path) == parse_deck_toml(BASE)
    assert deck.name == "Test deck"
    assert deck.description == "A small deck for tests."
    assert deck.source == "Made up for the tests, 2024"
    length, speed = deck.categories
    assert (length.name, length.unit, length.higher_is_better, length.note) == ("Length", "m", True, "Nose to tail")
    assert (speed.name, speed.unit, speed.higher_is_better, speed.note) == ("Top speed", "km/h", False, "")
    alpha = deck.card("Alpha")
    assert alpha["Length"] == Fraction(123, 10)  # a decimal read as written, exactly
    assert alpha["Top speed"] is None
    assert (alpha.code, alpha.picture, alpha.fact) == ("A1", "🦖", "First.")
    assert dict(alpha.notes) == {"Length": "adult"}
    assert deck.card("Beta").values == (Fraction(7), Fraction(40))
    gamma = deck.card("Gamma")
    assert (gamma.code, gamma.picture, gamma.fact, dict(gamma.notes)) == (None, "", "", {})
    assert [card.name for card in deck] == ["Alpha", "Beta", "Gamma"]


def test_d4_utf8_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode("utf-8"))
    assert load_deck(path).name == "Test deck"


def test_d2_no_data_markers_in_any_case(tmp_path: Path) -> None:
    deck = parse_deck_toml(mutate(GAMMA_VALUES, 'values = { Length = "N/A", "Top speed" = "n/a" }'))
    assert deck.card("Gamma").values == (None, None)


# --------------------------------------------------------------------------
# Bad files: one DeckError naming file, line, card, field (rule D4)
# --------------------------------------------------------------------------

# id, old, new, card, field, line needle (in the mutated text; None: no line), words in the message
BAD_CASES = [
    ("syntax", 'name = "Beta"', 'name = "Beta', None, None, 'name = "Beta', ["valid TOML", "line"]),
    ("format", "format = 1", "format = 2", None, "format", "format = 2", ["format = 1"]),
    ("missing_name", 'name = "Test deck"\n', "", None, "name", None, ["name"]),
    ("missing_source", 'source = "Made up for the tests, 2024"\n', "", None, "source", None, ["source"]),
    ("name_type", 'name = "Test deck"', "name = 3", None, "name", "name = 3", ["got 3"]),
    ("empty_source", 'source = "Made up for the tests, 2024"', 'source = "  "', None, "source", "source =", []),
    ("unit_type", 'unit = "m"', "unit = 5", None, "unit", "unit = 5", ["'Length'", "got 5"]),
    (
        "top_unknown_key",
        'description = "A small deck for tests."',
        'description = "A small deck for tests."\nsauce = "x"',
        None,
        "sauce",
        "sauce =",
        ["'source'", "allowed"],
    ),
    (
        "category_unknown_key",
        'better = "lower"',
        'bettr = "lower"',
        None,
        "bettr",
        "bettr =",
        ["did you mean 'better'", "'unit'"],
    ),
    (
        "card_unknown_key",
        'values = { Length = 7, "Top speed" = 40 }',
        'valeus = { Length = 7, "Top speed" = 40 }',
        "Beta",
        "valeus",
        "valeus =",
        ["did you mean 'values'", "'notes'"],
    ),
    (
        "bad_direction",
        'better = "lower"',
        'better = "smaller"',
        None,
        "better",
        'better = "smaller"',
        ['"higher" or "lower"', "'smaller'", "'Top speed'"],
    ),
    ("direction_type", 'better = "lower"', "better = false", None, "better", "better = false", []),
    ("duplicate_category", 'name = "Top speed"', 'name = "Length"', None, "name", ('name = "Length"', 2), ["unique"]),
    ("duplicate_card", 'name = "Gamma"', 'name = "Alpha"', "Alpha", "name", ('name = "Alpha"', 2), ["unique"]),
    ("card_without_name", 'name = "Gamma"\n', "", "#3", "name", ("[[cards]]", 3), ["card name"]),
    ("card_name_type", 'name = "Gamma"', "name = 7", "#3", "name", "name = 7", ["got 7"]),
    ("values_type", GAMMA_VALUES, 'values = "lots"', "Gamma", "values", 'values = "lots"', ["every category"]),
    (
        "missing_value",
        GAMMA_VALUES,
        "values = { Length = 0.5 }",
        "Gamma",
        "Top speed",
        "values = { Length = 0.5 }",
        ["missing"],
    ),
    (
        "unknown_category_value",
        GAMMA_VALUES,
        'values = { Length = 0.5, "Top sped" = 40 }',
        "Gamma",
        "Top sped",
        '"Top sped" = 40',
        ["did you mean 'Top speed'"],
    ),
    ("bad_code", 'code = "A2"', 'code = "a2"', "Beta", "code", 'code = "a2"', ["'C3'", "'a2'"]),
    ("code_type", 'code = "A2"', "code = 2", "Beta", "code", "code = 2", []),
    ("duplicate_code", 'code = "A2"', 'code = "A1"', "Beta", "code", ('code = "A1"', 2), ["'Alpha'"]),
    ("fact_type", 'fact = "Second."', "fact = 2", "Beta", "fact", "fact = 2", []),
    ("picture_type", 'picture = "🦕"', "picture = [1]", "Beta", "picture", "picture = [1]", []),
    (
        "notes_unknown_category",
        'notes = { Length = "adult" }',
        'notes = { Lenght = "adult" }',
        "Alpha",
        "Lenght",
        "notes = { Lenght",
        ["did you mean 'Length'"],
    ),
    ("notes_type", 'notes = { Length = "adult" }', "notes = { Length = 3 }", "Alpha", "Length", "notes = {", []),
]


@pytest.mark.parametrize(
    ("old", "new", "card", "field", "needle", "words"),
    [case[1:] for case in BAD_CASES],
    ids=[case[0] for case in BAD_CASES],
)
def test_d4_bad_toml_names_file_line_card_and_field(
    tmp_path: Path, old: str, new: str, card: str | None, field: str | None, needle: object, words: list[str]
) -> None:
    text = mutate(old, new)
    err = load_error(tmp_path, text)
    assert (err.card, err.field) == (card, field)
    if needle is None:
        assert err.line is None
    else:
        needle_text, nth = needle if isinstance(needle, tuple) else (needle, 1)
        assert isinstance(needle_text, str)
        assert err.line == line_of(text, needle_text, nth), str(err)
    for word in words:
        assert word in str(err)
    if card is not None:
        assert f"card {card!r}" in str(err)
    if field is not None:
        assert f"field {field!r}" in str(err)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ('"7 tonnes"', "'7 tonnes'"),
        ("true", "True"),
        ("nan", "nan"),
        ("inf", "inf"),
        ("-inf", "-inf"),
        ('"12"', "'12'"),
        ("[1, 2]", "[1, 2]"),
        ("{ a = 1 }", "{'a': 1}"),
        ("1979-05-27", "datetime.date(1979, 5, 27)"),
    ],
)
def test_d4_value_not_a_number_or_na(tmp_path: Path, raw: str, shown: str) -> None:
    text = mutate(GAMMA_VALUES, f'values = {{ Length = {raw}, "Top speed" = 40 }}')
    err = load_error(tmp_path, text)
    assert (err.card, err.field, err.line) == ("Gamma", "Length", line_of(text, f"values = {{ Length = {raw},"))
    assert 'expected a number, or "n/a"' in str(err)
    assert str(err).endswith(f"got {shown}")


def test_d4_unknown_key_names_key_and_line(tmp_path: Path) -> None:
    text = mutate('values = { Length = 7, "Top speed" = 40 }', 'valeus = { Length = 7, "Top speed" = 40 }')
    err = load_error(tmp_path, text)
    line = line_of(text, "valeus")
    assert str(err).startswith(f"deck.toml, line {line}, card 'Beta': field 'valeus' expected a known key")
    assert "'values'" in str(err)


def test_d4_missing_categories_and_cards(tmp_path: Path) -> None:
    head, cards = BASE.split("[[cards]]", 1)
    top = head.split("[[categories]]", 1)[0]
    err = load_error(tmp_path, top + "[[cards]]" + cards)
    assert (err.field, err.line) == ("categories", None)
    err = load_error(tmp_path, head)
    assert (err.field, err.line) == ("cards", None)


@pytest.mark.parametrize("key", ["categories", "cards"])
def test_d4_categories_or_cards_of_the_wrong_type(tmp_path: Path, key: str) -> None:
    head, cards = BASE.split("[[cards]]", 1)
    top, categories = head.split("[[categories]]", 1)
    if key == "categories":
        text = top + 'categories = "x"\n[[cards]]' + cards
    else:
        text = top + "cards = 5\n[[categories]]" + categories
    err = load_error(tmp_path, text)
    assert (err.field, err.line) == (key, line_of(text, f"{key} ="))
    assert f"[[{key}]] tables" in str(err)


def test_d1_fewer_than_two_cards(tmp_path: Path) -> None:
    one_card = BASE.split('[[cards]]\nname = "Beta"', 1)[0]
    err = load_error(tmp_path, one_card)
    assert (err.field, err.got, err.line) == ("cards", 1, line_of(one_card, "[[cards]]"))
    empty = mutate("format = 1", "format = 1\ncards = []", BASE.split("[[cards]]", 1)[0])
    err = load_error(tmp_path, empty)
    assert (err.field, err.got) == ("cards", 0)


@pytest.mark.parametrize(("n_categories", "n_cards"), [(2, 2), (12, 2), (2, 30)])
def test_d1_limits_that_load(n_categories: int, n_cards: int) -> None:
    deck = parse_deck_toml(deck_text(n_categories, n_cards))
    assert (len(deck.categories), len(deck)) == (n_categories, n_cards)


@pytest.mark.parametrize(
    ("n_categories", "n_cards", "field"),
    [(1, 2, "categories"), (13, 2, "categories"), (0, 2, "categories"), (2, 1, "cards")],
)
def test_d1_limits_that_fail(tmp_path: Path, n_categories: int, n_cards: int, field: str) -> None:
    err = load_error(tmp_path, deck_text(n_categories, n_cards))
    assert err.field == field
    assert err.got == (n_categories if field == "categories" else n_cards)
    assert "rule D1" in str(err)


def test_d4_toml_syntax_error_passes_line_and_column(tmp_path: Path) -> None:
    text = mutate('fact = "Second."', "fact = Second.")
    err = load_error(tmp_path, text)
    line = line_of(text, "fact = Second.")
    assert err.line == line
    assert f"(at line {line}, column" in str(err)


def test_d4_file_missing(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as info:
        load_deck(tmp_path / "nowhere.toml")
    assert str(info.value).startswith("nowhere.toml: expected a deck file that exists")
    assert info.value.path == str(tmp_path / "nowhere.toml")


def test_d4_file_unreadable(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()  # reading a directory fails even as root, unlike a chmod 000 file
    with pytest.raises(DeckError) as info:
        load_deck(folder)
    assert str(info.value).startswith("folder.toml: expected a deck file that exists and can be read")


@pytest.mark.parametrize("name", ["latin1.toml", "latin1.csv"])
def test_d4_file_not_utf8(tmp_path: Path, name: str) -> None:
    text = (
        mutate('name = "Gamma"', 'name = "Caf\u00e9"') if name.endswith(".toml") else "name,a,b\nX,1,2\nCaf\u00e9,3,4\n"
    )
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8").replace("\u00e9".encode(), b"\xe9"))  # one Latin-1 byte
    with pytest.raises(DeckError) as info:
        load_deck(path)
    err = info.value
    line = line_of(text, "Caf")
    assert (err.line, err.got) == (line, b"\xe9")
    assert str(err).startswith(f"{name}, line {line}: expected UTF-8 text")


@pytest.mark.parametrize(
    ("text", "got"),
    [("x = " + "[" * 5000, "nesting too deep"), ("x = " + "9" * 5000, None)],
    ids=["deep_nesting", "huge_integer"],
)
def test_d4_toml_library_errors_become_deck_errors(text: str, got: str | None) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck_toml(text, path="odd.toml")
    assert str(info.value).startswith("odd.toml")
    if got is not None:
        assert info.value.got == got


def test_d4_a_number_too_long_for_a_card_is_named_with_its_line(tmp_path: Path) -> None:
    # Python refuses to read an integer of more than 4300 digits; the teacher
    # should hear about the number, not about sys.set_int_max_str_digits().
    text = mutate("values = { Length = 7,", "values = { Length = " + "7" * 5000 + ",")
    err = load_error(tmp_path, text)
    assert err.line == line_of(BASE, "values = { Length = 7,")
    assert "a card value, not a number too long to be one (5,000 digits)" in str(err)
    assert "set_int_max_str_digits" not in str(err)


def test_d4_unknown_suffix_and_non_string(tmp_path: Path) -> None:
    path = write(tmp_path, BASE, "deck.txt")
    with pytest.raises(DeckError, match=r"\.toml or \.csv"):
        load_deck(path)
    with pytest.raises(DeckError, match="bundled deck name"):
        load_deck(42)  # type: ignore[arg-type]


def test_d4_message_without_path_says_deck() -> None:
    with pytest.raises(DeckError) as info:
        parse_deck_toml(mutate('better = "lower"', 'better = "up"'))
    assert str(info.value).startswith(f"deck, line {line_of(BASE, 'better =')}: field 'better'")


# --------------------------------------------------------------------------
# CSV import
# --------------------------------------------------------------------------

CSV = """\
name,code,picture,fact,Top speed (km/h),0-100 time (s) [lower],Seats [higher],Price (£)
Kart,A1,🏎️,Small and quick,60,n/a,1,"1,250"
Bus,A2,🚌,Carries a class,100,18.5,70,250000
Bike,,🚲,,25,7,1,300
"""


def test_d4_csv_header_units_and_directions(tmp_path: Path) -> None:
    path = write(tmp_path, CSV, "my_vehicles.csv")
    deck = load_deck(path)
    assert deck.name == "my_vehicles"
    assert [(c.name, c.unit, c.higher_is_better) for c in deck.categories] == [
        ("Top speed", "km/h", True),
        ("0-100 time", "s", False),
        ("Seats", "", True),
        ("Price", "£", True),
    ]
    kart = deck.card("Kart")
    assert kart.values == (Fraction(60), None, Fraction(1), Fraction(1250))
    assert (kart.code, kart.picture, kart.fact) == ("A1", "🏎️", "Small and quick")
    bike = deck.card("Bike")
    assert (bike.code, bike.fact) == (None, "")
    assert deck.card("Bus")["0-100 time"] == Fraction(37, 2)


def test_d4_csv_arguments_override_header(tmp_path: Path) -> None:
    path = write(tmp_path, CSV, "vehicles.csv")
    deck = load_deck_csv(
        path,
        better={"Price": "lower", "0-100 time": "higher"},
        units={"Seats": "people", "Price": "GBP"},
        name="Vehicles",
        source="Made up, 2024",
        description="Things with wheels.",
    )
    assert (deck.name, deck.source, deck.description) == ("Vehicles", "Made up, 2024", "Things with wheels.")
    assert [(c.unit, c.higher_is_better) for c in deck.categories] == [
        ("km/h", True),
        ("s", True),
        ("people", True),
        ("GBP", False),
    ]


def test_d4_csv_semicolons_decimal_commas_bom_and_blank_rows(tmp_path: Path) -> None:
    text = "\ufeffName;Length (m);Weight (t) [lower]\r\nRex;12,3;8\r\n;;\r\n\r\nTrike;9;1.234,5\r\n"
    path = tmp_path / "excel.csv"
    path.write_bytes(text.encode("utf-8"))
    deck = load_deck(path)
    assert [c.label for c in deck.categories] == ["Length (m)", "Weight (t)"]
    assert deck.card("Rex").values == (Fraction(123, 10), Fraction(8))
    assert deck.card("Trike")["Weight"] == Fraction(2469, 2)
    assert deck.categories[1].higher_is_better is False


@pytest.mark.parametrize(
    ("cell", "value"),
    [
        ("12,5", Fraction(25, 2)),  # the decimal comma
        ("1.234,5", Fraction(2469, 2)),  # a thousands dot before the decimal comma
        ("1.234.567", Fraction(1234567)),  # dots in twos and more group thousands
        ("1234", Fraction(1234)),
        ("12.5", Fraction(25, 2)),  # a dot that cannot group thousands is a decimal point
        ("0.125", Fraction(1, 8)),
        ("1.2345", Fraction(2469, 2000)),
    ],
)
def test_d4_semicolon_csv_numbers_that_read_one_way(cell: str, value: Fraction) -> None:
    deck = parse_deck_csv(f"name;Weight;Speed\nRex;{cell};1\nTrike;2;3\n")
    assert deck.card("Rex")["Weight"] == value


@pytest.mark.parametrize(("cell", "whole", "decimal"), [("1.234", "1234", "1,234"), ("-12.500", "-12500", "-12,500")])
def test_d4_semicolon_csv_refuses_a_dot_that_could_be_either(
    tmp_path: Path, cell: str, whole: str, decimal: str
) -> None:
    # A German export writes one thousand two hundred and thirty-four as 1.234;
    # a spreadsheet that kept decimal points writes 1.234 for one point two
    # three four.  Read either way silently, one of them is 1000 times wrong.
    text = f"Name;Length (m);Weight (t)\nRex;12,3;8\nTrike;9;{cell}\n"
    err = load_error(tmp_path, text, "export.csv")
    assert (err.line, err.card, err.field, err.got) == (3, "Trike", "Weight", cell)
    assert f"expected {whole} or {decimal}, not {cell}: in a ';' file the comma is the decimal mark" in str(err)


def test_d4_the_semicolon_number_rule_is_in_the_module_docstring() -> None:
    doc = " ".join((deckfiles.__doc__ or "").split())
    assert "a single dot before exactly three digits, as in ``1.234``, could be either" in doc
    assert "and is refused" in doc


@pytest.mark.parametrize(
    ("argument", "value", "words"),
    [
        ("better", "lower", 'better= as a mapping from category name to "higher" or "lower", e.g. better={"Price"'),
        ("better", ["lower", "higher"], "better= as a mapping"),
        ("units", "km/h", 'units= as a mapping from category name to unit, e.g. units={"Top speed": "km/h"}'),
    ],
)
def test_d4_csv_better_and_units_must_be_mappings(tmp_path: Path, argument: str, value: object, words: str) -> None:
    path = write(tmp_path, CSV, "cars.csv")
    with pytest.raises(DeckError) as info:
        load_deck_csv(path, **{argument: value})  # type: ignore[arg-type]
    assert info.value.field == argument
    assert words in str(info.value)
    assert "field 'l'" not in str(info.value) and "'k'" not in str(info.value)


def test_d2_csv_decimal_comma_in_comma_file_is_an_error(tmp_path: Path) -> None:
    text = 'name,Length,Weight\nRex,"1,5",8\nTrike,9,6\n'
    err = load_error(tmp_path, text, "comma.csv")
    assert (err.line, err.card, err.field, err.got) == (2, "Rex", "Length", "1,5")


CSV_BAD = [
    ("empty", "", None, None, 1, "the file is empty"),
    ("only_blank_lines", "\n\n  \n", None, None, 1, "the file is empty"),
    ("no_name_column", "title,a,b\nX,1,2\nY,3,4\n", None, "name", 1, "'name' column"),
    ("ragged_short", "name,a,b\nX,1,2\nY,3\n", "Y", None, 3, "3 cells"),
    ("ragged_long", "name,a,b\nX,1,2,9\nY,3,4\n", "X", None, 2, "3 cells"),
    ("bad_value", "name,a,b\nX,1,2\nY,3,7 tonnes\n", "Y", "b", 3, "'7 tonnes'"),
    ("empty_cell", "name,a,b\nX,1,\nY,3,4\n", "X", "b", 2, "n/a for no data"),
    ("huge_exponent", "name,a,b\nX,1,1e999999999\nY,3,4\n", "X", "b", 2, "'1e999999999'"),
    ("no_card_name", "name,a,b\nX,1,2\n,3,4\n", "#2", "name", 3, "a card name"),
    ("duplicate_card", "name,a,b\nX,1,2\nX,3,4\n", "X", "name", 3, "unique"),
    ("duplicate_category", "name,a (m),a (kg)\nX,1,2\nY,3,4\n", None, "a", 1, "unique"),
    ("bad_direction", "name,a [up],b\nX,1,2\nY,3,4\n", None, "a", 1, "[higher] or [lower]"),
    ("bad_code", "name,code,a,b\nX,x1,1,2\nY,A2,3,4\n", "X", "code", 2, "'x1'"),
    ("one_category", "name,a\nX,1\nY,2\n", None, "categories", 1, "rule D1"),
    ("one_card", "name,a,b\nX,1,2\n", None, "cards", 1, "rule D1"),
    ("multiline_ragged", 'name,a,b\nX,1,2\n"Y\nZ",3\n', "Y\nZ", None, 3, "3 cells"),
]


@pytest.mark.parametrize(
    ("text", "card", "field", "line", "words"), [case[1:] for case in CSV_BAD], ids=[case[0] for case in CSV_BAD]
)
def test_d4_bad_csv_names_file_line_card_and_field(
    tmp_path: Path, text: str, card: str | None, field: str | None, line: int, words: str
) -> None:
    err = load_error(tmp_path, text, "class.csv")
    assert (err.card, err.field, err.line) == (card, field, line), str(err)
    assert words in str(err)


def test_d4_csv_argument_for_unknown_category() -> None:
    with pytest.raises(DeckError) as info:
        parse_deck_csv(CSV, better={"Top sped": "lower"})
    assert info.value.field == "Top sped"
    assert "did you mean 'Top speed'" in str(info.value)
    with pytest.raises(DeckError, match='"higher" or "lower" in better'):
        parse_deck_csv(CSV, better={"Top speed": "faster"})


# --------------------------------------------------------------------------
# Bundled decks
# --------------------------------------------------------------------------

BUNDLED = bundled_decks()


def test_d4_bundled_names_sorted_and_at_least_six() -> None:
    assert len(BUNDLED) >= 6
    assert list(BUNDLED) == sorted(BUNDLED)
    assert {"dinosaurs", "animals", "chemical_elements"} <= set(BUNDLED)


def test_d4_bundled_names_are_case_insensitive() -> None:
    assert load_deck("Dinosaurs") == load_deck("DINOSAURS") == load_deck("dinosaurs")


def test_d4_unknown_bundled_name_lists_names() -> None:
    with pytest.raises(DeckError) as info:
        load_deck("dinosaur")
    for name in BUNDLED:
        assert repr(name) in str(info.value)
    assert info.value.got == "dinosaur"


@pytest.mark.parametrize("name", BUNDLED)
def test_d5_bundled_deck_is_whole_and_sourced(name: str) -> None:
    deck = load_deck(name)
    assert len(deck) >= 30  # rule D5: enough for a Finale
    assert 4 <= len(deck.categories) <= 7
    assert re.search(r"\b(19|20)\d\d\b", deck.source), "the source names the year it was checked"
    assert len(deck.source) > 40
    assert deck.description.endswith(".") and deck.description.count(".") == 1
    for card in deck:
        assert any(ord(char) > 0x2000 for char in card.picture), f"{card.name}: picture should be an emoji"
        assert card.fact.strip() and len(card.fact) <= 100, card.name
        assert card.fact.endswith("."), card.name
        assert set(card.notes) <= {c.name for c in deck.categories}
    assert any(card.values[i] is not None for card in deck for i in range(len(deck.categories)))
    for index, category in enumerate(deck.categories):
        assert sum(card.values[index] is not None for card in deck) >= 2, category.name


def test_d1_bundled_decks_have_lower_is_better_categories() -> None:
    decks = [load_deck(name) for name in BUNDLED]
    assert sum(any(not c.higher_is_better for c in deck.categories) for deck in decks) >= 2


def test_d2_bundled_decks_have_cards_with_no_data() -> None:
    counts = {name: sum(None in card.values for card in load_deck(name)) for name in BUNDLED}
    assert sum(count >= 3 for count in counts.values()) >= 2, counts


def test_d3_bundled_decks_have_ties() -> None:
    def has_tie(deck: Deck) -> bool:
        for index in range(len(deck.categories)):
            counts = Counter(card.values[index] for card in deck if card.values[index] is not None)
            if any(count >= 2 for count in counts.values()):
                return True
        return False

    assert sum(has_tie(load_deck(name)) for name in BUNDLED) >= 3


def test_d2_one_bundled_deck_has_quartet_codes_a1_to_h4() -> None:
    quartets = {f"{letter}{number}" for letter in "ABCDEFGH" for number in range(1, 5)}
    coded = [name for name in BUNDLED if any(card.code for card in load_deck(name))]
    assert coded
    for name in coded:
        codes = [card.code for card in load_deck(name)]
        assert len(codes) == 32 and set(codes) == quartets, name


# --------------------------------------------------------------------------
# Nothing but a Deck or a DeckError (rule D4)
# --------------------------------------------------------------------------

SEED_TEXT = (Path(__file__).parents[2] / "toptrumps_core" / "decks" / "planets_and_moons.toml").read_text("utf-8")
SMALL_TEXTS = [BASE, SEED_TEXT]


def loads_or_deck_error(text: str) -> None:
    for parse in (parse_deck_toml, parse_deck_csv):
        try:
            result = parse(text)
        except DeckError as err:
            assert str(err)
        else:
            assert isinstance(result, Deck)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400))
def test_d4_garbage_text_gives_deck_or_deck_error(text: str) -> None:
    loads_or_deck_error(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SMALL_TEXTS),
    st.lists(
        st.tuples(st.sampled_from(["delete", "swap", "insert"]), st.integers(min_value=0), st.text(max_size=20)),
        min_size=1,
        max_size=4,
    ),
)
def test_d4_mutated_deck_gives_deck_or_deck_error(base: str, edits: list[tuple[str, int, str]]) -> None:
    lines = base.split("\n")
    for action, where, junk in edits:
        index = where % len(lines)
        if action == "delete" and len(lines) > 1:
            del lines[index]
        elif action == "swap" and "=" in lines[index]:
            key = lines[index].split("=", 1)[0]
            lines[index] = f"{key}= {junk}"
        else:
            lines.insert(index, junk)
    text = "\n".join(lines)
    loads_or_deck_error(text)
    csv_text = "\n".join(",".join(part.strip() for part in line.split("=")) for line in lines)
    loads_or_deck_error(csv_text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=15))
def test_d4_random_value_string_is_no_data_or_names_the_value(junk: str) -> None:
    quoted = '"' + junk.replace("\\", "\\\\").replace('"', '\\"') + '"'
    quoted = quoted.replace("\n", "\\n").replace("\r", "\\r")
    text = mutate(GAMMA_VALUES, f'values = {{ Length = {quoted}, "Top speed" = 40 }}')
    try:
        deck = parse_deck_toml(text)
    except DeckError as err:
        assert err.line is not None
        assert (err.card, err.field) in {("Gamma", "Length"), (None, None)}  # (None, None): a TOML syntax error
    else:
        assert deck.card("Gamma")["Length"] is None  # only a no-data marker such as "n/a" loads
