"""A teacher's deck folder: its deck files join the bundled decks in every list; a broken one is left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from toptrumps_core import available_decks, bundled_decks, load_deck
from toptrumps_core.deckfiles import DECKS_FOLDER_VARIABLE, deck_folder, deck_to_toml, folder_decks

CSV = "name,Weight (kg),Age [lower]\nCat,4,9\nDog,12,3\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "b_pets.csv").write_text(CSV)
    (tmp_path / "a_dinosaurs.toml").write_text(deck_to_toml(load_deck("dinosaurs")))
    (tmp_path / "c_broken.toml").write_text('name = "Broken"\n')
    (tmp_path / "notes.txt").write_text("not a deck")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "hidden.csv").write_text(CSV)
    monkeypatch.setenv(DECKS_FOLDER_VARIABLE, str(tmp_path))
    return tmp_path


def test_the_folder_s_decks_follow_the_bundled_ones_and_load_by_path(folder: Path) -> None:
    assert deck_folder() == folder
    offered = available_decks()
    assert offered[: len(bundled_decks())] == bundled_decks()
    assert offered[len(bundled_decks()) :] == (str(folder / "a_dinosaurs.toml"), str(folder / "b_pets.csv"))
    assert load_deck(offered[-1]).card("Dog")["Weight"] == 12


def test_a_broken_file_is_left_out_and_says_why(folder: Path) -> None:
    found = folder_decks()
    assert [Path(p).name for p, _ in found.decks] == ["a_dinosaurs.toml", "b_pets.csv"]
    assert len(found.problems) == 1 and "c_broken.toml" in str(found.problems[0])
    assert "source" in str(found.problems[0]) or "categories" in str(found.problems[0])


def test_no_folder_or_a_missing_one_offers_the_bundled_decks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(DECKS_FOLDER_VARIABLE, raising=False)
    assert deck_folder() is None and available_decks() == bundled_decks()
    monkeypatch.setenv(DECKS_FOLDER_VARIABLE, str(tmp_path / "missing"))
    assert available_decks() == bundled_decks()
