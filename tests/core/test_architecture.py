"""Architecture rules: the core loads only the standard library, never
draws from the global random generator, and no module is over 600 lines."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import toptrumps_core

CORE = Path(toptrumps_core.__file__).parent
HEAVY = ("ipywidgets", "numpy", "pandas", "matplotlib", "IPython", "traitlets", "scipy", "tqdm")

MODULE_LEVEL_FUNCTIONS = frozenset(
    name
    for name in dir(random)
    if not name.startswith("_") and callable(getattr(random, name)) and not isinstance(getattr(random, name), type)
)
"""random.random, random.choice, random.shuffle, random.seed, ...: the hidden global generator's methods."""


def test_importing_the_core_loads_no_heavy_package() -> None:
    code = (
        "import json, sys\n"
        "import toptrumps_core\n"
        "from toptrumps_core import classic, play, record, strategies, probability, cards\n"
        f"print(json.dumps(sorted(m for m in {list(HEAVY)!r} if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_importing_the_core_loads_only_the_standard_library() -> None:
    # Every module that `import toptrumps_core` adds is either the
    # core's own or in the standard library.
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "import toptrumps_core\n"
        "added = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(json.dumps(sorted(added - set(sys.stdlib_module_names) - {'toptrumps_core'})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_heavy_check_can_fail() -> None:
    # The same subprocess check sees a package that is imported.
    code = "import json, sys, fractions\nprint(json.dumps([m for m in ['fractions'] if m in sys.modules]))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == ["fractions"]


def global_random_calls(source: str) -> list[str]:
    """Returns each ``random.<fn>(...)`` call and ``from random import <fn>`` in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "random"
            and node.func.attr in MODULE_LEVEL_FUNCTIONS
        ):
            found.append(f"line {node.lineno}: random.{node.func.attr}()")
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            names = [a.name for a in node.names if a.name in MODULE_LEVEL_FUNCTIONS]
            found += [f"line {node.lineno}: from random import {name}" for name in names]
    return sorted(found, key=lambda text: int(text.split(":")[0].split()[1]))


def test_the_ast_check_finds_global_random_calls() -> None:
    assert {"random", "choice", "shuffle", "seed", "randrange", "sample", "randint"} <= MODULE_LEVEL_FUNCTIONS
    assert "Random" not in MODULE_LEVEL_FUNCTIONS and "SystemRandom" not in MODULE_LEVEL_FUNCTIONS
    bad = "import random\nrandom.shuffle(x)\nr = random.Random(3)\nr.shuffle(x)\nfrom random import choice\n"
    assert global_random_calls(bad) == ["line 2: random.shuffle()", "line 5: from random import choice"]


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
def test_no_core_module_calls_the_global_random_generator(path: Path) -> None:
    assert global_random_calls(path.read_text(encoding="utf-8")) == []


PRIVATE_SHARED: frozenset[tuple[str, str]] = frozenset()
"""Known exceptions, as (module path, imported module) pairs: none."""


def private_imports(source: str) -> list[str]:
    """Returns each ``from toptrumps_core.x import _name`` in `source`: another module's private name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("toptrumps_core"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: {node.module}.{alias.name}")
    return found


def test_the_private_import_check_finds_them() -> None:
    source = "from toptrumps_core.probability import CONFIDENCE, _Reporter\nfrom toptrumps_core import __version__\n"
    assert private_imports(source) == ["line 1: toptrumps_core.probability._Reporter"]


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
def test_no_core_module_imports_another_modules_private_names(path: Path) -> None:
    # A piece two modules need is made public (e.g. `toptrumps_core.progress`),
    # so that it is documented, tested and kept stable for both.
    name = path.relative_to(CORE).as_posix()
    found = [
        f
        for f in private_imports(path.read_text(encoding="utf-8"))
        if (name, f.split(": ")[1].rsplit(".", 1)[0]) not in PRIVATE_SHARED
    ]
    assert found == []


LINE_LIMIT = 600
"""No module over this many lines (STYLE.md): one responsibility per module."""

SIZED_FOLDERS = ("toptrumps_core", "widgets", "scripts", "benchmarks")
"""The folders whose Python modules the size check reads, relative to the repository root."""

# Modules still over the limit, tolerated until they are split by responsibility (none now).  Remove
# an entry once its module is split: a listed module that is short enough fails the test.
STILL_TOO_LONG: frozenset[str] = frozenset()


def long_modules(root: Path, folders: tuple[str, ...] = SIZED_FOLDERS, limit: int = LINE_LIMIT) -> dict[str, int]:
    """Returns every ``*.py`` under `folders` of `root` with more than `limit` lines, by POSIX path, with its count."""
    found = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found[path.relative_to(root).as_posix()] = lines
    return found


def test_the_size_check_finds_long_modules(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 600, encoding="utf-8")
    (tmp_path / "pkg" / "sub" / "long.py").write_text("x = 1\n" * 601, encoding="utf-8")
    (tmp_path / "pkg" / "notes.txt").write_text("x\n" * 900, encoding="utf-8")
    assert long_modules(tmp_path, ("pkg",)) == {"pkg/sub/long.py": 601}


def test_no_module_is_over_600_lines() -> None:
    too_long = long_modules(CORE.parent)
    new = [f"{path}: {lines} lines" for path, lines in too_long.items() if path not in STILL_TOO_LONG]
    assert new == [], f"over {LINE_LIMIT} lines; split by responsibility:\n" + "\n".join(new)


def test_every_tolerated_module_is_still_too_long() -> None:
    # The list of tolerated modules cannot go stale: a module split below the limit leaves it.
    too_long = long_modules(CORE.parent)
    done = sorted(path for path in STILL_TOO_LONG if path not in too_long)
    assert done == [], "no longer over the limit; remove from STILL_TOO_LONG:\n" + "\n".join(done)


def test_the_tournament_package_exports_only_its_own_names() -> None:
    """Shared names (comparison, events) are imported from their own modules, not through the tournament."""
    import toptrumps_core.tournament as tournament

    modules = {name: getattr(getattr(tournament, name), "__module__", None) for name in tournament.__all__}
    foreign = {name: m for name, m in modules.items() if m and not m.startswith(tournament.__name__)}
    assert not foreign, foreign
