"""Mission files (rule S2): the bundled missions, and bad files refused all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.squads.squads_helpers import toy_deck
from toptrumps_core import bundled_decks, load_deck
from toptrumps_core.squads import MissionError, bundled_mission_decks, bundled_missions, load_missions, parse_missions
from toptrumps_core.squads.missions import ROLE_TOKENS

GOOD = """deck = "Toy"

[[missions]]
title = "Race"
story = "Run, hop and wait."
critical = { category = "Speed", goal = "highest" }
important = { category = "Height", goal = "nearest", target = 4.5 }
useful = { category = "Age", goal = "lowest" }
"""


@pytest.mark.parametrize("name", bundled_decks())
def test_s2_every_bundled_deck_has_five_or_more_prepared_missions_with_stories(name: str) -> None:
    deck = load_deck(name)
    missions = bundled_missions(deck)
    assert len(missions) >= 5
    assert len({m.title for m in missions}) == len(missions)
    for m in missions:
        assert len(m.story) > 40
        categories = [slot.category for _, _, slot in m.roles()]
        assert len(set(categories)) == 3
        assert sorted(m.tokens_by_category(deck), reverse=True)[:3] == sorted(ROLE_TOKENS.values(), reverse=True)


def test_s2_every_bundled_mission_file_names_a_bundled_deck() -> None:
    assert set(bundled_mission_decks()) == {load_deck(name).name for name in bundled_decks()}


def test_s2_a_mission_file_reads_targets_exactly() -> None:
    (race,) = parse_missions(GOOD, toy_deck())
    assert race.important.target is not None and str(race.important.target) == "9/2"


@pytest.mark.parametrize(
    ("change", "mission", "field", "words"),
    [
        (('deck = "Toy"', 'deck = "Zoo"'), None, "deck", "the deck name 'Toy'"),
        (('goal = "lowest"', 'goal = "least"'), "Race", "useful.goal", "'highest', 'lowest' or 'nearest'"),
        (('category = "Age"', 'category = "Speed"'), "Race", "useful.category", "three different categories"),
        (('category = "Age"', 'category = "Weight"'), "Race", "useful.category", "a category of deck 'Toy'"),
        ((", target = 4.5", ""), "Race", "important.target", "a number in cm"),
        (('title = "Race"\n', ""), "#1", "title", "this field"),
        (('story = "Run, hop and wait."', 'story = "Run"\nspeed = 3'), "Race", "speed", "only the fields"),
        (("target = 4.5", 'target = "four"'), "Race", "important.target", "a number"),
    ],
)
def test_s2_a_bad_mission_file_names_the_file_mission_and_field(
    tmp_path: Path, change: tuple[str, str], mission: str | None, field: str, words: str
) -> None:
    path = tmp_path / "toy_missions.toml"
    path.write_text(GOOD.replace(*change), encoding="utf-8")
    with pytest.raises(MissionError, match=words) as err:
        load_missions(path, toy_deck())
    assert err.value.path == str(path) and err.value.mission == mission and err.value.field == field
    assert str(err.value).startswith("toy_missions.toml")


def test_s2_one_bad_mission_loads_nothing(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    second = GOOD.split("\n", 1)[1].replace("Race", "Walk").replace('"Age"', '"Height"')
    path.write_text(GOOD + second, encoding="utf-8")
    with pytest.raises(MissionError, match="mission 'Walk'"):
        load_missions(path, toy_deck())


def test_s2_two_missions_with_one_title_are_refused() -> None:
    with pytest.raises(MissionError, match="a title no other mission has"):
        parse_missions(GOOD + GOOD.split("\n", 1)[1], toy_deck())


def test_s2_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("deck = ", encoding="utf-8")
    with pytest.raises(MissionError, match=r"broken\.toml: expected a TOML mission file"):
        load_missions(path, toy_deck())
