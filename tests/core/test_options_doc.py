"""docs/options.md, the table of rule options, agrees with the options' specifications."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import toptrumps_core
from toptrumps_core.options import option_specs
from toptrumps_core.record import get_family, known_families

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


def test_the_docs_table_has_a_row_for_every_option_of_every_game() -> None:
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| game ")]
    listed = {get_family(family) for _, family in writer().GAMES}
    for cls in listed:
        for spec in option_specs(cls):
            assert sum(f"| `{spec.name}` | {spec.rule} |" in row for row in rows) >= 1, spec.name
    assert len(rows) == sum(len(option_specs(cls)) for cls in listed)


def test_every_game_family_of_the_core_plays_with_the_options_of_a_game_in_the_table() -> None:
    tabled = {option_specs(get_family(family)) for _, family in writer().GAMES}
    core = [name for name in known_families() if get_family(name).__module__.startswith("toptrumps_core.")]
    assert {"classic", "hilo", "tournament", "finale", "squads", "quiz"} <= set(core)
    for name in core:
        assert option_specs(get_family(name)) in tabled, f"the options of {name!r} are not in docs/options.md"
