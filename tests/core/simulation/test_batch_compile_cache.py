"""The batch engine's compile is kept on disk: a fresh process with the cache filled compiles nothing.

It is kept fresh against every module of the engine, and read where a
pupil cannot write it: a shared install compiled by its set-up.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.simulation import compile_cache, kernel, play_batch, twister
from toptrumps_core.simulation.compile_cache import ENGINE_MODULES, engine_stamp, sources_stamp
from toptrumps_core.simulation.jit import cache_folder, counting_compiles

FRESH_PROCESS = (
    "import json\n"
    "from toptrumps_core import ClassicRules, load_deck\n"
    "from toptrumps_core.simulation import play_batch\n"
    "from toptrumps_core.simulation.jit import cache_folder, counting_compiles\n"
    "with counting_compiles() as count:\n"
    "    games = play_batch(ClassicRules(load_deck('animals'), seats={seats}), ['random'] * {seats}, [1, 2, 3])\n"
    "print(json.dumps([len(games), cache_folder(), count.functions]))\n"
)


def fresh_process(seats: int) -> tuple[int, str | None, list[str]]:
    """Plays three games in a new interpreter; returns the games, the cache folder and the functions compiled."""
    code = FRESH_PROCESS.format(seats=seats)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    games, folder, functions = json.loads(done.stdout)
    return games, folder, functions


@pytest.mark.parametrize("seats", [2, 5])
def test_a_second_fresh_process_loads_every_compiled_function_from_the_cache(seats: int) -> None:
    fresh_process(seats)  # compiles, or loads what an earlier run kept
    games, folder, functions = fresh_process(seats)
    if folder is None:
        pytest.skip("no writable folder for numba's cache here: every process compiles")
    assert games == 3
    assert functions == []  # no compile at all: the engine, its callees and numba's own helpers came from disk


def test_compiles_are_counted_and_a_second_batch_compiles_nothing() -> None:
    rules = ClassicRules(load_deck("animals"), seats=3)
    with counting_compiles() as count:
        exec("from numba import njit\nnjit(lambda x: x + 1)(1)", {})  # a function only this test compiles
    assert count.functions == ["<lambda>"] and count.seconds > 0 and count.cpu_seconds > 0
    play_batch(rules, ["random"] * 3, [1])
    with counting_compiles() as count:
        play_batch(rules, ["random", "best_rank", "best_value"], list(range(-5, 40)), threads=2)
    assert count.functions == [] and count.seconds == 0


def test_the_sources_stamp_changes_with_any_of_its_files(tmp_path: Path) -> None:
    kernel_file, twister_file = tmp_path / "kernel.py", tmp_path / "twister.py"
    kernel_file.write_text("x = 1\n")
    twister_file.write_text("y = 2\n")
    first = sources_stamp([kernel_file, twister_file])
    assert sources_stamp([twister_file, kernel_file]) == first
    twister_file.write_text("y = 3\n")  # a callee's module alone
    second = sources_stamp([kernel_file, twister_file])
    assert second != first
    assert sources_stamp([kernel_file]) not in (first, second)


def test_every_module_with_compiled_code_is_one_of_the_engine_modules() -> None:
    folder = Path(compile_cache.__file__).parent
    compiling = {path.name for path in folder.glob("*.py") if "@compiled" in path.read_text()}
    assert compiling == {"kernel.py", "twister.py"}
    assert compiling | {"jit.py", "compile_cache.py"} == set(ENGINE_MODULES)
    assert engine_stamp() == sources_stamp(folder / name for name in ENGINE_MODULES)


@pytest.mark.parametrize("function", [kernel.play_games, twister.seed_lanes, twister.later_word])
def test_every_cached_function_is_checked_against_all_the_engine_modules(function: Any) -> None:
    # numba alone checks a function against its own module: the playing loop would keep
    # running a copy of the seeding compiled from an older twister.py.
    if cache_folder(function) is None:
        pytest.skip("no writable folder for numba's cache here: nothing is kept")
    assert function._cache._impl.locator.get_source_stamp() == engine_stamp()


PROBE = """
from toptrumps_core.simulation.jit import compiled


@compiled
def doubled(x):
    return 2 * x
"""

PROBE_RUN = (
    "import json, probe\n"
    "from toptrumps_core.simulation.jit import cache_folder, counting_compiles\n"
    "with counting_compiles() as count:\n"
    "    assert probe.doubled(21) == 42\n"
    "print(json.dumps([cache_folder(probe.doubled), count.functions]))\n"
)


def run_probe(folder: str, *, as_pupil: bool) -> tuple[str | None, list[str]]:
    """Runs the probe module in `folder` in a fresh process, as this user or as the unprivileged user 'nobody'."""
    env = {**os.environ, "PYTHONPATH": folder, "HOME": folder + "/home"}
    env.pop("NUMBA_CACHE_DIR", None)
    pupil = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if as_pupil else []
    done = subprocess.run(
        [*pupil, sys.executable, "-c", PROBE_RUN], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    folder_used, functions = json.loads(done.stdout)
    return folder_used, functions


def keep_as_an_older_engines(folder: str) -> Path:
    """Rewrites the probe's kept index (numba's format) as if an older engine had compiled it; returns its path."""
    (index,) = Path(folder, "__pycache__").glob("probe.*.nbi")
    with index.open("rb") as kept:
        version, (_, overloads) = pickle.load(kept), pickle.loads(kept.read())
    index.write_bytes(pickle.dumps(version) + pickle.dumps(("an older engine", overloads)))
    return index


def test_a_compile_kept_by_an_older_engine_is_not_used(tmp_path: Path) -> None:
    folder = str(tmp_path)
    Path(folder, "probe.py").write_text(PROBE)
    assert run_probe(folder, as_pupil=False) == (folder + "/__pycache__", ["doubled"])
    assert run_probe(folder, as_pupil=False) == (folder + "/__pycache__", [])  # kept, and fresh
    keep_as_an_older_engines(folder)
    assert run_probe(folder, as_pupil=False) == (folder + "/__pycache__", ["doubled"])  # compiled afresh
    assert run_probe(folder, as_pupil=False) == (folder + "/__pycache__", [])  # and kept again


def test_a_pupil_who_cannot_write_the_code_folder_reads_the_compile_the_set_up_left_there() -> None:
    # A school server's or a hub's environment: the administrator installs and warms
    # the engine (toptrumps-classroom warm-up), pupils' kernels run as users who cannot write there.
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run a process as another user")
    folder = tempfile.mkdtemp(prefix="shared-install-")
    try:
        os.chmod(folder, 0o755)
        Path(folder, "probe.py").write_text(PROBE)
        os.makedirs(folder + "/home", mode=0o777)
        os.chmod(folder + "/home", 0o777)
        check = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", "import numba"],
            capture_output=True, timeout=120, check=False,
        )  # fmt: skip
        if check.returncode != 0:
            pytest.skip("the user 'nobody' cannot read this Python environment")
        assert run_probe(folder, as_pupil=False) == (folder + "/__pycache__", ["doubled"])  # the set-up compiles
        assert run_probe(folder, as_pupil=True) == (folder + "/__pycache__", [])  # the pupil reads it
        index = keep_as_an_older_engines(folder)  # an upgrade without the set-up's warm-up
        own, compiled = run_probe(folder, as_pupil=True)
        assert compiled == ["doubled"] and own is not None and own.startswith(folder + "/home/.cache/numba/")
        index.write_bytes(b"")  # an index cut short
        assert run_probe(folder, as_pupil=True) == (own, [])  # what the pupil's first run kept in their own cache
    finally:
        shutil.rmtree(folder)
