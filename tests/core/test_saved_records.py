"""Records saved by earlier releases (every record format) still load, replay and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toptrumps_core import HUMAN, GameRecord, Match, Termination
from toptrumps_core.record import FORMAT, get_family, known_families
from toptrumps_core.strategies import TournamentPlayer

SAVED = Path(__file__).parent / "saved_records"
FILES = sorted(SAVED.glob("*.json"))
CORE_FAMILIES = {name for name in known_families() if get_family(name).__module__.startswith("toptrumps_core.")}


def test_records_of_the_current_format_are_kept_too() -> None:
    formats = {json.loads(path.read_text(encoding="utf-8"))["format"] for path in FILES}
    assert formats == set(range(1, FORMAT + 1))
    current = [path for path in FILES if path.stem.startswith(f"format{FORMAT}_")]
    games = {json.loads(path.read_text(encoding="utf-8"))["game"] for path in current}
    assert games >= CORE_FAMILIES, f"no record of format {FORMAT} for {sorted(CORE_FAMILIES - games)}"


def test_every_family_has_a_saved_record() -> None:
    games = {json.loads(path.read_text(encoding="utf-8"))["game"] for path in FILES}
    assert games >= {
        "classic",
        "hilo",
        "tournament",
        "head_to_head",
        "my_game",
        "shoot_out",
        "steal_a_pin",
        "grab_two_pins",
        "finale",
        "arena_hilo",
        "quiz",
        "squads",
    }


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_saved_record_loads_and_replays(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert len(record.actions) == len(data["actions"])
    if data["format"] < 4:  # formats 1-3 store the events too; format 4 rebuilds them
        assert len(record.events) == len(data["events"]) > 0 or not record.actions
    if data["outcome"] is None:  # saved mid-game from the page
        assert record.outcome is None
    else:
        assert record.outcome is not None
        assert sorted(record.winners) == sorted(data["outcome"]["winners"]["set"])
        assert record.outcome.termination.value == data["outcome"]["termination"]["value"]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_saved_record_resumes_as_a_match(path: Path) -> None:
    """A saved game rebuilds as a match with the same seeded streams (resume, undo)."""
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    players = {
        "tournament_saved_midway": [HUMAN, "expert", "expert"],
        "arena_page_save": [HUMAN, TournamentPlayer(), TournamentPlayer()],
        "classic_unfinished": ["random", "random"],
    }
    unfinished = record.outcome is not None and record.outcome.termination is Termination.UNFINISHED
    cap = len(record.actions) if unfinished else None
    match = Match.from_record(record, players.get(path.stem), max_actions=cap)
    assert tuple(match.actions) == record.actions
    assert match.outcome == record.outcome
