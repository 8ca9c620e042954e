"""Architecture rule: whole numbers are checked by `toptrumps_core.checks`, never by a hand-written copy.

A hand-written check of a whole number is ``isinstance(x, bool) or not
isinstance(x, int)`` (the bool first, because Python counts ``True`` as an
int), in either order, usually followed by a range.  Each copy words its
message its own way and forgets numpy integers; `whole_number` (which raises)
and `is_whole_number` (which answers yes or no) are the one check.
"""

from __future__ import annotations

import ast
from pathlib import Path

import toptrumps_core

ROOT = Path(toptrumps_core.__file__).parent.parent

CHECKED_FOLDERS = ("toptrumps_core", "widgets")
"""The folders whose modules may not check whole numbers by hand, relative to the repository root."""


def _isinstance_of(node: ast.expr, kind: str) -> str | None:
    """Returns the checked expression's source if `node` is ``isinstance(<x>, <kind>)`` (alone or in a tuple)."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
    ):
        return None
    kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
    return ast.unparse(node.args[0]) if any(isinstance(k, ast.Name) and k.id == kind for k in kinds) else None


def hand_written_number_checks(source: str) -> list[str]:
    """Returns each ``isinstance(x, bool) or not isinstance(x, int)`` in `source` (either order), with its line.

    An ``or`` counts when one of its terms is ``isinstance(x, bool)`` and
    another is ``not isinstance(x, int)`` (or a tuple of types holding
    ``int``) of the same expression ``x``.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)):
            continue
        bools = {_isinstance_of(term, "bool") for term in node.values}
        ints = {
            _isinstance_of(term.operand, "int")
            for term in node.values
            if isinstance(term, ast.UnaryOp) and isinstance(term.op, ast.Not)
        }
        found += [f"line {node.lineno}: {name}" for name in sorted(n for n in bools & ints if n is not None)]
    return found


def test_the_finder_sees_both_spellings_and_nothing_else() -> None:
    source = (
        "if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < 3:\n    pass\n"
        "ok = x is None or (not isinstance(self.k, (int, str)) or isinstance(self.k, bool))\n"
        "fine = isinstance(a, bool) or not isinstance(b, int)\n"  # two different values: no whole-number check
        "also = isinstance(a, int) and not isinstance(a, bool)\n"  # a question, not a check
        "kind = isinstance(p, bool) or not isinstance(p, float)\n"  # not about whole numbers
    )
    assert hand_written_number_checks(source) == ["line 1: n", "line 3: self.k"]


def test_no_module_checks_a_whole_number_by_hand() -> None:
    found = [
        f"{path.relative_to(ROOT).as_posix()} {check}"
        for folder in CHECKED_FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for check in hand_written_number_checks(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use toptrumps_core.checks.whole_number (or is_whole_number):\n" + "\n".join(found)
