"""The house rules every widget module keeps.

Widgets never print, sleep, call ``display()``, use ``display_id``, start
threads, draw from the global ``random`` generator, use pyplot's global state,
or put a ``<script>`` in the page.  The modules are found at run time, so a
new widget module is checked without anyone listing it.  Docstrings may name
these things (to say they are not used); code may not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import widgets

WIDGETS = Path(widgets.__file__).parent
MODULES = sorted(WIDGETS.rglob("*.py"))

BANNED_CALLS = frozenset({"print", "display", "input", "breakpoint"})
BANNED_ATTRIBUTE_CALLS = frozenset({("time", "sleep"), ("asyncio", "run")})
BANNED_MODULES = ("threading", "random", "multiprocessing", "matplotlib.pyplot", "IPython.display")
BANNED_TEXT = ("<script", "display_id", "javascript:")


def _docstrings(tree: ast.Module) -> set[int]:
    """Returns the ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _problems(source: str) -> list[str]:
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    problems = []
    for node in ast.walk(tree):
        where = getattr(node, "lineno", "?")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in BANNED_CALLS:
                problems.append(f"line {where}: calls {func.id}()")
            target = (
                (func.value.id, func.attr)
                if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                else None
            )
            if target in BANNED_ATTRIBUTE_CALLS:
                problems.append(f"line {where}: calls {'.'.join(target)}()")
            if any(keyword.arg == "display_id" for keyword in node.keywords):
                problems.append(f"line {where}: passes display_id")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if isinstance(node, ast.ImportFrom):
                names += [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if any(name == banned or name.startswith(banned + ".") for banned in BANNED_MODULES):
                    problems.append(f"line {where}: imports {name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            lowered = node.value.lower()
            problems.extend(f"line {where}: writes {text!r}" for text in BANNED_TEXT if text in lowered)
    return problems


def test_every_widget_module_is_checked() -> None:
    names = {path.relative_to(WIDGETS).as_posix() for path in MODULES}
    assert {"__init__.py", "_toolkit/__init__.py", "tournament/arena.py", "classic/table.py", "hilo.py"} <= names
    assert {"lesson/self_check.py", "lesson/charts.py", "lesson/ties.py", "lesson/pots.py"} <= names
    assert {"lesson/first_chooser.py", "deck_shelf.py", "card.py", "spinner.py", "_boundary.py", "_style.py"} <= names
    toolkit = ("words", "controls", "rerender", "driver", "settings_form", "views", "experiment_frame")
    assert {f"_toolkit/{name}.py" for name in toolkit} <= names


@pytest.mark.parametrize("path", MODULES, ids=[path.relative_to(WIDGETS).as_posix() for path in MODULES])
def test_widget_module_avoids_forbidden_things(path: Path) -> None:
    problems = _problems(path.read_text(encoding="utf-8"))
    assert not problems, f"{path.name}: " + "; ".join(problems)


@pytest.mark.parametrize(
    "snippet",
    [
        "print('hi')",
        "import time\ntime.sleep(1)",
        "from IPython.display import display\ndisplay(1)",
        "import threading",
        "from random import choice",
        "import matplotlib.pyplot as plt",
        "x = '<SCRIPT>alert(1)</script>'",
        "handle(display_id=True)",
    ],
)
def test_the_check_catches_each_forbidden_thing(snippet: str) -> None:
    assert _problems(snippet)


def test_the_check_lets_docstrings_name_them() -> None:
    assert not _problems('"""Never print, sleep or write a <script>."""\nx = 1\n')
