"""Records say which release of the app wrote them (``"release"``), and records without it still load."""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.play import play
from toptrumps_core.record import RELEASE_KEY, GameRecord, release

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def test_a_record_carries_the_installed_release_which_is_pyproject_s_version() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert release() == metadata.version("toptrumps-classroom") == declared
    record = play(ClassicRules(load_deck("animals"), seats=2), seed=3, max_actions=12)
    assert json.loads(record.to_json())[RELEASE_KEY] == declared


def test_a_record_without_a_release_or_from_another_one_loads_and_replays_the_same() -> None:
    record = play(ClassicRules(load_deck("animals"), seats=3), seed=5, max_actions=20)
    data = json.loads(record.to_json())
    older = {key: value for key, value in data.items() if key != RELEASE_KEY}
    assert GameRecord.from_json(json.dumps(older)).actions == record.actions
    assert GameRecord.from_json(json.dumps({**data, RELEASE_KEY: "0.0.9"})).actions == record.actions
