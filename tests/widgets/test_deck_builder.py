"""The deck builder: every problem listed with its line, a preview, a download that loads back, and play."""

from __future__ import annotations

import base64
import datetime
import re

import pytest

from toptrumps_core import load_deck
from toptrumps_core.deckfiles import deck_to_toml, parse_deck_toml
from widgets.classic import ClassicTable
from widgets.deck_builder import EXAMPLE_CSV, DeckBuilder
from widgets.hilo import HiLoTable

MODIFIED = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
BAD_CSV = "name,Weight (kg),Age [lower]\nCat,4,9\nDog,heavy,3\n,1,1\nCat,2,2\n"


def _upload(builder: DeckBuilder, name: str, content: bytes) -> None:
    """Sets the upload's value as the page does when a file is chosen."""
    file = {"name": name, "type": "", "last_modified": MODIFIED, "size": len(content), "content": memoryview(content)}
    builder._upload.value = (file,)


def _downloaded(builder: DeckBuilder) -> tuple[str, str]:
    link = builder._download.value
    found = re.search(r'download="([^"]+)" href="data:application/toml;base64,([^"]+)"', link)
    assert found, link
    return found.group(1), base64.b64decode(found.group(2)).decode("utf-8")


def test_every_problem_is_listed_with_its_line_card_and_field() -> None:
    builder = DeckBuilder(BAD_CSV)
    builder._check.click()
    assert builder.deck is None
    assert [line.split(":")[0] for line in builder.problems] == [
        "Line 3 · card 'Dog' · Weight",
        "Line 4 · card '#3' · name",
        "Line 5 · card 'Cat' · name",
    ]
    assert builder.problems[2].endswith("expected a card name unique in the deck; got 'Cat'")  # no rule ID
    assert builder.problems[1].endswith("expected a card name; got an empty cell")  # not "got ''"
    assert "3 problems to fix" in builder._problems.value and builder._status.kind == "error"
    assert builder._preview.value == "" and builder._download.value == ""
    assert builder._plays.layout.display == "none"


def test_a_header_without_a_name_column_lists_the_columns_found_not_a_python_tuple() -> None:
    builder = DeckBuilder("animal,speed,weight\nCat,1,2\n")
    builder._check.click()
    assert builder.problems == (
        "Line 1 · name: expected a 'name' column in the header row; got the columns 'animal', 'speed', 'weight'",
    )


def test_a_good_csv_is_previewed_and_its_download_loads_back_to_the_same_deck() -> None:
    builder = DeckBuilder(EXAMPLE_CSV)
    builder._name.value = "Record animals"
    builder._source.value = "Our class, from the zoo's website, 2026"
    builder._check.click()
    assert builder.problems == () and builder.deck is not None
    assert "<svg" in builder._preview.value and "Top speed" in builder._preview.value
    name, text = _downloaded(builder)
    assert name == "record_animals.toml"
    assert parse_deck_toml(text) == builder.deck and parse_deck_toml(text).source.startswith("Our class")


def test_a_deck_without_a_source_plays_but_asks_for_one_before_saving() -> None:
    builder = DeckBuilder(EXAMPLE_CSV)
    builder._check.click()
    assert builder.deck is not None and "Give the deck a source" in builder._download.value
    assert builder._plays.layout.display == "flex"


def test_an_uploaded_toml_deck_round_trips_unchanged_and_plays_both_games() -> None:
    deck = load_deck("dinosaurs")
    builder = DeckBuilder()
    content = deck_to_toml(deck).encode("utf-8")
    _upload(builder, "dinosaurs.toml", content)
    assert builder.deck == deck and builder._text.value == content.decode()
    assert _downloaded(builder)[1] == content.decode()
    builder._play_classic.click()
    assert isinstance(builder.game, ClassicTable) and builder.game.match.rules.deck == deck
    builder._play_hilo.click()
    assert isinstance(builder.game, HiLoTable) and len(builder._game.children) == 1


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("pets.xlsx", b"PK\x03\x04", "Please upload a .csv or .toml deck file"),
        ("pets.csv", b"name,Weight\n\xff\xfe,1\n", "problem"),
        ("huge.csv", b"name,A,B\n" + b"x,1,2\n" * 200_000, "problem"),
    ],
)
def test_a_foreign_damaged_or_huge_upload_is_refused_kindly(name: str, content: bytes, message: str) -> None:
    builder = DeckBuilder()
    _upload(builder, name, content)
    assert builder.deck is None and message in builder._status.text
    assert "Traceback" not in builder._problems.value


def test_the_not_utf8_upload_names_its_line() -> None:
    builder = DeckBuilder()
    content = b"name,Weight,Age\nCat,4,9\nD\xe9g,1,2\n"
    _upload(builder, "pets.csv", content)
    assert builder.problems == ("Line 3: expected UTF-8 text (in a spreadsheet, save as 'CSV UTF-8'); got b'\\xe9'",)


def test_a_blank_deck_name_from_the_page_is_a_problem_not_a_crash() -> None:
    builder = DeckBuilder(EXAMPLE_CSV)
    builder._name.value = "   "
    builder._check.click()
    assert builder.deck is not None  # a blank name keeps the file's
    builder._text.value = ""
    builder._check.click()
    assert builder.deck is None and builder.problems
