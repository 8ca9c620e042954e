"""Records name every value by its wire name, never by a Python class name.

Every `Recorded` class declares a wire name (``class ChooseCategory(Action,
wire="classic/choose")``); one missing or taken twice is refused when the
class is made.  A newly written record of every game family holds wire names
only, and records of formats 1 and 2, tagged by class name, are read through
the frozen table `toptrumps_core.record.legacy.OLD_TAGS`.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toptrumps_core import ClassicRules, GameRecord, load_deck, play
from toptrumps_core.protocol import Action, Event, Recorded, recorded_type, recorded_types
from toptrumps_core.quiz.rules import QuizRules
from toptrumps_core.record import get_family, known_families
from toptrumps_core.record.legacy import LEGACY_EVENTS, OLD_TAGS
from toptrumps_core.squads.rules import SquadsRules
from toptrumps_core.tournament.game import HiLoGame
from toptrumps_core.wire import claim_prefix

SAVED = Path(__file__).parent / "saved_records"
CORE_FAMILIES = {name for name in known_families() if get_family(name).__module__.startswith("toptrumps_core.")}
"""Every game family of the core (getting each loads it, so every recorded type of the core is known)."""


def _tags(data: Any) -> Iterator[str]:
    """Yields every ``"type"`` and ``"enum"`` tag inside the JSON data `data`."""
    if isinstance(data, list):
        for value in data:
            yield from _tags(value)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key in ("type", "enum") and isinstance(value, str):
                yield value
            yield from _tags(value)


def _written_records() -> dict[str, list[str]]:
    """Returns newly written records (JSON text) by game family: saved ones written again, and fresh games."""
    by_family: dict[str, list[str]] = {}
    texts = [GameRecord.from_json(path.read_text(encoding="utf-8")).to_json() for path in sorted(SAVED.glob("*.json"))]
    animals, dinosaurs = load_deck("animals"), load_deck("dinosaurs")
    texts += [
        play(ClassicRules(animals, seats=3), seed=5).to_json(),
        play(QuizRules(), seed=5).to_json(),
        play(SquadsRules(animals), seed=5).to_json(),
        play(HiLoGame([animals, dinosaurs] * 3, seats=2), seed=5).to_json(),
    ]
    for text in texts:
        by_family.setdefault(json.loads(text)["game"], []).append(text)
    return by_family


def test_a_newly_written_record_of_every_family_names_no_python_class() -> None:
    records = _written_records()
    assert set(records) >= CORE_FAMILIES, f"no record written for {sorted(CORE_FAMILIES - set(records))}"
    class_names = {cls.__name__ for cls in recorded_types().values()} | set(OLD_TAGS)
    for family, texts in records.items():
        for text in texts:
            tags = set(_tags(json.loads(text)))
            assert tags, f"a {family} record holds no tagged value"
            assert not tags & class_names, f"a {family} record names Python classes {sorted(tags & class_names)}"
            assert all(recorded_type(tag) is not None for tag in tags), sorted(tags)


def test_every_recorded_class_has_its_own_lower_case_wire_name() -> None:
    types = recorded_types()
    assert len(types) >= 100
    for wire, cls in types.items():
        assert cls.wire == wire and wire == wire.lower() and wire != cls.__name__
        assert recorded_type(wire) is cls


def test_the_old_tag_table_reads_every_class_name_of_earlier_records_as_a_wire_name() -> None:
    assert all(recorded_type(wire) is not None for wire in OLD_TAGS.values()), "every old tag leads to a type"
    assert not set(OLD_TAGS) & set(recorded_types()), "an old tag is never a wire name"
    old_files = [path for path in SAVED.glob("*.json") if json.loads(path.read_text(encoding="utf-8"))["format"] < 3]
    assert len(old_files) >= 10
    for path in old_files:
        unknown = set(_tags(json.loads(path.read_text(encoding="utf-8")))) - set(OLD_TAGS) - set(LEGACY_EVENTS)
        assert not unknown, f"{path.name} holds tags OLD_TAGS does not know: {sorted(unknown)}"
    assert OLD_TAGS["ChooseCategory"] == "classic/choose" and OLD_TAGS["_HiLoStep"] == "hilo/step"
    assert OLD_TAGS["CardsRevealed"] == "revealed" and OLD_TAGS["PlayerOut"] == "seat_out"  # renamed since format 1
    with pytest.raises(TypeError):
        OLD_TAGS["Won"] = "other"  # type: ignore[index]  # frozen: a later rename cannot change how old files read


def test_a_record_type_without_a_wire_name_is_refused() -> None:
    with pytest.raises(TypeError, match=r"declares no wire name; expected e\.g\. class Nameless\(\.\.\., wire="):

        @dataclass(frozen=True, slots=True)
        class Nameless(Event):
            seat: int

    with pytest.raises(TypeError, match="declares no wire name"):

        class Step(Recorded, enum.Enum):
            ONE = 1


def test_a_wire_name_taken_twice_is_refused() -> None:
    @dataclass(frozen=True)
    class Stepped(Event, wire="test_twice/stepped"):
        seat: int

    with pytest.raises(TypeError, match=r"two record types have the wire name 'test_twice/stepped': tests\.core\."):

        @dataclass(frozen=True)
        class Moved(Event, wire="test_twice/stepped"):
            seat: int

    assert recorded_type("test_twice/stepped") is Stepped


def test_the_core_s_wire_names_are_refused_outside_the_core() -> None:
    with pytest.raises(TypeError, match=r"wire name 'won' of tests\.core\..* belongs to the core's shared types"):

        @dataclass(frozen=True, slots=True)
        class Won(Event, wire="won"):
            seat: int

    with pytest.raises(TypeError, match=r"wire name 'classic/choose' .* belongs to the core's game family 'classic'"):

        @dataclass(frozen=True, slots=True)
        class Choose(Action, wire="classic/choose"):
            category: int

    with pytest.raises(TypeError, match="belongs to the core's game family 'squads'"):

        @dataclass(frozen=True, slots=True)
        class Sneak(Action, wire="squads/sneak"):  # a name the core does not use, of a prefix it owns
            seat: int

    assert recorded_type("won").__module__ == "toptrumps_core.events"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="wire prefix 'classic' belongs to the core's game family"):
        claim_prefix("classic", "tests.core")


@pytest.mark.parametrize("wire", ["Won", "classic/Choose", "a/b/c", "", "classic/", 7])
def test_a_wire_name_must_be_lower_case_words(wire: object) -> None:
    with pytest.raises(TypeError, match="expected lower-case words as 'quiz/bid'"):

        @dataclass(frozen=True, slots=True)
        class Odd(Event, wire=wire):  # type: ignore[arg-type]
            seat: int


def test_an_abstract_base_takes_no_wire_name() -> None:
    with pytest.raises(TypeError, match="is abstract=True, so it takes no wire name"):

        class Base(Event, abstract=True, wire="base"):
            pass
