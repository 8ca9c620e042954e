"""The batch engine's compile is kept on disk: a fresh process with the cache filled compiles nothing.

It is kept fresh against every module of the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.simulation import kernel, play_batch, sha512, twister
from toptrumps_core.simulation.compile_cache import engine_stamp, sources_stamp
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


def test_the_sources_stamp_changes_with_any_module_of_the_folder(tmp_path: Path) -> None:
    (tmp_path / "kernel.py").write_text("x = 1\n")
    (tmp_path / "twister.py").write_text("y = 2\n")
    (tmp_path / "notes.txt").write_text("not a module\n")
    first = sources_stamp(tmp_path)
    assert sources_stamp(tmp_path) == first
    (tmp_path / "notes.txt").write_text("changed, still not a module\n")
    assert sources_stamp(tmp_path) == first
    (tmp_path / "twister.py").write_text("y = 3\n")  # a callee's module alone
    second = sources_stamp(tmp_path)
    assert second != first
    (tmp_path / "sha512.py").write_text("")
    assert sources_stamp(tmp_path) not in (first, second)


@pytest.mark.parametrize("function", [kernel.play_games, twister.seed_lanes, twister.later_word, sha512.compress_lanes])
def test_every_cached_function_is_checked_against_all_the_engine_modules(function: Any) -> None:
    # numba alone checks a function against its own module: the playing loop would keep
    # running a copy of the seeding compiled from an older twister.py.
    locator = function._cache._impl.locator
    if cache_folder() is None:
        pytest.skip("no writable folder for numba's cache here: nothing is kept")
    assert locator.get_source_stamp() == engine_stamp() == sources_stamp(Path(kernel.__file__).parent)

