"""What the batch engine refuses, by name, and the promise that only the simulation lab loads numpy and numba."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

import toptrumps_core.simulation as simulation
from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.cards import Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.simulation import BatchUnsupported, batch, check_batch_support, play_batch
from toptrumps_core.simulation.jit import cache_folder, compiled


@pytest.fixture(scope="module")
def animals() -> Deck:
    return load_deck("animals")


def test_supported_rules_and_strategies_pass(animals: Deck) -> None:
    for seats in range(2, 7):
        rules = ClassicRules(animals, seats=seats, leftover="set_aside", no_data="loses", round_limit=9)
        check_batch_support(rules, ["random", "best_value", "best_rank", "easy", "medium", "hard"][:seats])


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"collect_order": "shuffled"}, "collect_order='shuffled' (rule C4"),
        ({"look_at_last": 3}, "look_at_last=3 (rule C10"),
        ({"seats": 8, "simulation": True}, "seats=8 (rule C1"),
    ],
)
def test_each_unsupported_option_is_named(animals: Deck, options: dict[str, object], named: str) -> None:
    rules = ClassicRules(animals, **{"seats": 2, **options})  # type: ignore[arg-type]
    with pytest.raises(BatchUnsupported, match=named.replace("(", r"\(")):
        check_batch_support(rules, ["random"] * rules.seats)
    with pytest.raises(BatchUnsupported, match=named.replace("(", r"\(")):
        play_batch(rules, ["random"] * rules.seats, [1])


def test_every_problem_is_named_at_once_and_is_a_rule_option_error(animals: Deck) -> None:
    rules = ClassicRules(animals, seats=3, collect_order="shuffled", look_at_last=2)
    with pytest.raises(BatchUnsupported) as caught:
        check_batch_support(rules, ["card_counting", "random", "nobody"])
    message = str(caught.value)
    for part in (
        "collect_order='shuffled'",
        "look_at_last=2",
        "seat 0: strategy 'card_counting'",
        "seat 2: strategy 'nobody'",
    ):
        assert part in message
    assert "seat 1" not in message
    assert isinstance(caught.value, RuleOptionError)


def test_strategies_must_be_names_one_per_seat(animals: Deck) -> None:
    rules = ClassicRules(animals, seats=3)
    with pytest.raises(BatchUnsupported, match="2 strategies for 3 seats"):
        check_batch_support(rules, ["random", "random"])
    with pytest.raises(BatchUnsupported, match="list of strategy names"):
        check_batch_support(rules, "random")  # type: ignore[arg-type]
    with pytest.raises(BatchUnsupported, match="ClassicRules only"):
        check_batch_support(object(), ["random"])  # type: ignore[arg-type]


@pytest.mark.parametrize("seeds", [[1, True], [1.5], [10**18], ["7"], "123"])
def test_seeds_are_checked(animals: Deck, seeds: object) -> None:
    with pytest.raises(RuleOptionError, match="seeds"):
        play_batch(ClassicRules(animals), ["random"] * 2, seeds)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("keyword", "value"), [("threads", 0), ("threads", True), ("max_actions", 0), ("max_actions", 2.0)]
)
def test_threads_and_the_cap_are_checked(animals: Deck, keyword: str, value: object) -> None:
    with pytest.raises(RuleOptionError, match=keyword):
        play_batch(ClassicRules(animals), ["random"] * 2, [1], **{keyword: value})  # type: ignore[arg-type]


def test_compiled_code_is_cached_in_a_writable_folder_or_compiled_each_time() -> None:
    folder = cache_folder()
    assert folder is None or isinstance(folder, str)
    namespace: dict[str, object] = {}
    exec("def twice(x):\n    return 2 * x\n", namespace)  # no source file: numba has nowhere to cache it
    twice = compiled(namespace["twice"])  # type: ignore[type-var]
    assert twice(21) == 42
    assert cache_folder(twice) is None  # and says so
    assert cache_folder() == folder  # the engine's own folder is another matter


def test_only_the_simulation_lab_loads_numpy_and_numba() -> None:
    # Every module of the core but the simulation lab, in a fresh interpreter.
    code = (
        "import json, importlib, pathlib, sys\n"
        "import toptrumps_core\n"
        "root = pathlib.Path(toptrumps_core.__file__).parent\n"
        "parts = [p.relative_to(root).with_suffix('').parts for p in root.rglob('*.py')]\n"
        "dotted = ['.'.join(('toptrumps_core', *q)) for q in parts if 'simulation' not in q]\n"
        "dotted = [name.removesuffix('.__init__') for name in dotted]\n"
        "names = sorted(dotted)\n"
        "for name in names: importlib.import_module(name)\n"
        "print(json.dumps([len(names), sorted(m for m in ('numpy', 'numba', 'llvmlite') if m in sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    count, heavy = json.loads(done.stdout)
    assert count > 50 and heavy == []


def test_playing_batches_loads_no_pandas_until_an_experiment_is_named() -> None:
    code = (
        "import json, sys\n"
        "from toptrumps_core import ClassicRules, load_deck\n"
        "from toptrumps_core.simulation import play_batch\n"
        "games = play_batch(ClassicRules(load_deck('animals')), ['random', 'random'], [1, 2])\n"
        "before = 'pandas' in sys.modules\n"
        "from toptrumps_core.simulation import simulate\n"
        "print(json.dumps([len(games), before, 'pandas' in sys.modules, callable(simulate)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [2, False, True, True]


def test_a_package_name_that_does_not_exist_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        simulation.no_such_name  # noqa: B018
    assert {"simulate", "sweep", "play_batch"} <= set(dir(simulation))


def test_draws_that_differ_from_the_rules_engines_are_refused(animals: Deck, monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine checks itself once against the rules engine (a few short
    # games, one with a lot, C8); a copy of Python's random that drew
    # otherwise would change a game's length, and the engine must refuse.
    play = batch._play

    def drawn_otherwise(*args: Any) -> batch.BatchGames:
        games = play(*args)
        games.comparisons[-1] += 1
        return games

    monkeypatch.setattr(batch, "_play", drawn_otherwise)
    batch._check_python_draws.cache_clear()
    try:
        with pytest.raises(BatchUnsupported, match="random draws differs"):
            play_batch(ClassicRules(animals), ["random"] * 2, [1])
    finally:
        monkeypatch.undo()
        batch._check_python_draws.cache_clear()
    assert len(play_batch(ClassicRules(animals), ["random"] * 2, [1])) == 1
