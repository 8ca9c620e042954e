"""docs/architecture.md: every rule ID has a row saying where it lives, and every path it names exists."""

from __future__ import annotations

import re
from pathlib import Path

import toptrumps_core

ROOT = Path(toptrumps_core.__file__).parent.parent
DOC = ROOT / "docs" / "architecture.md"

FAMILIES = (("D", 5), ("C", 12), ("T", 16), ("S", 7), ("Q", 13), ("P", 5))
"""Each rule family of RULES.md in its order, with its last ID: decks, classic, tournament, Squads, Quiz, odds."""

RULE_IDS = [f"{family}{n}" for family, last in FAMILIES for n in range(1, last + 1)]
"""Every rule ID of RULES.md, in its order."""

NOT_BUILT: list[str] = []
"""The rule IDs of games still to come: none, every game of RULES.md is built."""

BUILT = [rule for rule in RULE_IDS if rule not in NOT_BUILT]


def rule_rows(text: str) -> dict[str, list[str]]:
    """Returns the cells after the ID of each table row that starts with a rule ID, by ID."""
    rows = {}
    for line in text.splitlines():
        match = re.match(r"\|\s*([DCTSQP]\d+)\s*\|(.*)\|\s*$", line)
        if match:
            rows[match.group(1)] = [cell.strip() for cell in match.group(2).split("|")]
    return rows


def named_paths(text: str) -> list[str]:
    """Returns every backticked repository path in `text`: a folder (ends in /) or a file with a suffix."""
    found = []
    for token in re.findall(r"`([^`\s]+)`", text):
        if re.fullmatch(r"[\w.-]+(/[\w.-]+)*(/|\.(py|md|toml|sh|txt|ipynb|json))", token) and not token.startswith("."):
            found.append(token)
    return found


def tree_paths(text: str) -> list[str]:
    """Returns the path of every line of the folder tree under "## Folders and modules" (two spaces a level)."""
    block = text.split("## Folders and modules", 1)[1].split("```", 2)[1]
    parents: list[str] = []
    found = []
    for line in block.splitlines():
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        name = line.split()[0]
        parents[depth:] = [name]
        found.append("/".join(p.rstrip("/") for p in parents) + ("/" if name.endswith("/") else ""))
    return found


def test_the_tree_reader_builds_paths_from_indentation() -> None:
    text = "## Folders and modules\n```\ncore/   the core\n  a.py  one\n  sub/  two\n    b.py  three\nc.py  four\n```\n"
    assert tree_paths(text) == ["core/", "core/a.py", "core/sub/", "core/sub/b.py", "c.py"]


def test_every_folder_and_module_in_the_tree_exists() -> None:
    paths = tree_paths(DOC.read_text(encoding="utf-8"))
    assert len(paths) > 50
    assert [path for path in paths if not (ROOT / path).exists()] == []


def test_the_tree_names_every_module_of_the_core_and_the_widgets() -> None:
    # A newcomer walks the layout from this tree: a new module gets its line there.
    named = set(tree_paths(DOC.read_text(encoding="utf-8")))
    modules = [
        path.relative_to(ROOT).as_posix()
        for folder in ("toptrumps_core", "widgets")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "__init__.py"
    ]
    assert [m for m in modules if m not in named] == [], "add a line for each to docs/architecture.md"


def test_the_checks_read_rows_and_paths() -> None:
    text = "| C5 | `toptrumps_core/classic.py` | `tests/core/test_x.py` |\n| not a row |\n`a.b` `x/` `y.py`"
    assert rule_rows(text) == {"C5": ["`toptrumps_core/classic.py`", "`tests/core/test_x.py`"]}
    assert named_paths(text) == ["toptrumps_core/classic.py", "tests/core/test_x.py", "x/", "y.py"]


def test_every_rule_id_has_one_row_in_rules_md_order() -> None:
    assert len(RULE_IDS) == 58
    assert list(rule_rows(DOC.read_text(encoding="utf-8"))) == RULE_IDS


def test_each_built_rule_names_a_core_file_and_a_test_file() -> None:
    rows = rule_rows(DOC.read_text(encoding="utf-8"))
    missing = []
    for rule in BUILT:
        code, tests = rows[rule][-2], rows[rule][-1]
        if not any(p.startswith("toptrumps_core/") for p in named_paths(code)):
            missing.append(f"{rule}: no toptrumps_core/ file")
        if not any(p.startswith("tests/") for p in named_paths(tests)):
            missing.append(f"{rule}: no tests/ file")
    assert missing == []


def test_rules_of_games_to_come_say_not_built_yet() -> None:
    rows = rule_rows(DOC.read_text(encoding="utf-8"))
    assert [rule for rule in NOT_BUILT if "not built yet" not in " ".join(rows[rule])] == []


def test_every_path_the_document_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert [path for path in named_paths(text) if not (ROOT / path).exists()] == []
