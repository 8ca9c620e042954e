"""docs/options.md, the table of rule options, agrees with the options' specifications."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import ClassVar, Literal

import toptrumps_core
from toptrumps_core.families import BUILT_IN, GameFamily, game_families
from toptrumps_core.options import option, option_specs
from toptrumps_core.record import get_family

ROOT = Path(toptrumps_core.__file__).parent.parent
REGENERATE = "run `.venv/bin/python scripts/options_doc.py` and review the diff of docs/options.md"


def writer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("options_doc", ROOT / "scripts" / "options_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_table_equals_the_one_the_specifications_give() -> None:
    doc = writer()
    assert doc.DOC == ROOT / "docs" / "options.md"
    assert doc.DOC.read_text(encoding="utf-8") == doc.page(), REGENERATE


def _tabled() -> list[type]:
    return [family.rules_class for family, _ in writer().tabled_games(core_families())]


def core_families() -> list[GameFamily]:
    return [family for family in game_families() if family.name in BUILT_IN]


def test_the_docs_table_has_a_row_for_every_option_of_every_game() -> None:
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| game ")]
    listed = _tabled()
    assert [get_family(name) for name in ("classic", "hilo", "tournament", "squads", "quiz")] == listed
    for cls in listed:
        for spec in option_specs(cls):
            assert sum(f"| `{spec.name}` | {spec.rule} |" in row for row in rows) >= 1, spec.name
    assert len(rows) == sum(len(option_specs(cls)) for cls in listed)


def test_every_game_family_of_the_core_plays_with_the_options_of_a_game_in_the_table() -> None:
    tabled = {option_specs(cls) for cls in _tabled()}
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    for family in core_families():
        assert option_specs(family.rules_class) in tabled, f"the options of {family.name!r} are not in docs/options.md"
        if family.rules_class not in _tabled():
            assert family.title.replace("The ", "the ") in text.split("\n\n")[-1], family.name


def test_a_new_family_with_options_gets_its_rows_without_editing_the_script() -> None:
    @dataclass(frozen=True)
    class SnapRules:
        family: ClassVar[str] = "snap"
        speed: Literal["slow", "fast"] = option(
            "X1",
            default="slow",
            label="Speed",
            help="How fast cards are turned",
            choice_labels=("Slow", "Fast"),
            choice_help=("One a second", "As fast as you can"),
        )

    snap = GameFamily(name="snap", rules=SnapRules, title="Snap")
    text = writer().page([*core_families(), snap])
    core_rows = [line for line in writer().page().splitlines() if line.startswith("| ")]
    assert [line for line in text.splitlines() if line.startswith("| ")] == [
        *core_rows,
        "| Snap | `speed` | X1 | `'slow'` | `'slow'` (Slow) or `'fast'` (Fast) | Speed: how fast cards are turned |",
    ]
