"""Game families and record formats: the registry, and records of formats 1 and 2 read through legacy.

Every rules class writes and reads its own data; a record names its family,
and `get_family` finds the class.  Records of formats 1 (release 0.1.0) and 2
load through `toptrumps_core.record.legacy`: `LEGACY_EVENTS` says how to read
a format-1 event reshaped since (the saved fixtures prove that such an event
still loads, and that without its entry it would not), and `OLD_TAGS` reads
every class-name tag as today's wire name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toptrumps_core import ClassicRules, GameRecord, HiLoRules, TournamentRules
from toptrumps_core.errors import RecordError, RuleOptionError
from toptrumps_core.record import (
    FORMAT,
    LEGACY_EVENTS,
    decode,
    encode,
    get_family,
    known_families,
    register_family,
    renamed,
)
from toptrumps_core.record.legacy import upgrade, upgrade_events, wire_tags
from toptrumps_core.tournament.finale import FinaleRules

SAVED = Path(__file__).parent / "saved_records"


def saved(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_the_families_of_the_core_are_known_by_name() -> None:
    assert get_family("classic") is ClassicRules and get_family("hilo") is HiLoRules
    assert get_family("tournament") is TournamentRules and get_family("finale") is FinaleRules
    assert {"classic", "hilo", "tournament", "head_to_head", "my_game", "shoot_out"} <= set(known_families())


def test_an_unknown_family_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'snap'; known games: \[.*'classic'"):
        get_family("snap")


def test_a_family_name_is_taken_once() -> None:
    class OtherClassic(ClassicRules):  # family "classic" too
        pass

    with pytest.raises(ValueError, match="two game families are named 'classic'"):
        register_family("classic", OtherClassic)
    with pytest.raises(ValueError, match=r"HiLoRules\.family is 'hilo'"):
        register_family("hi_lo", HiLoRules)
    register_family("classic", ClassicRules)  # the same class again is harmless


@pytest.mark.parametrize("name", ["classic_options", "hilo_per_call", "tournament_whole"])
def test_a_format_1_record_is_written_back_in_todays_format_with_the_same_rules(name: str) -> None:
    old = saved(name)
    assert old["format"] == 1
    record = GameRecord.from_json(json.dumps(old))
    new = json.loads(record.to_json())
    assert new["format"] == FORMAT == 4 and "events" not in new
    assert new["rules"] == old["rules"] and new["rules_version"] == old["rules_version"]
    # Events reshaped since format 1 replay in today's shape (LEGACY_EVENTS); every tag is written as a wire name,
    # and an end reason that moved to its family since (the tournament's) as its family's own.
    assert (new["actions"], encode(record.events), new["outcome"]) == (
        wire_tags(old["actions"]),
        encode(decode(wire_tags(upgrade_events(old["events"])))),
        encode(decode(wire_tags(old["outcome"]))),
    )
    assert new["outcome"]["termination"]["enum"] == ("termination" if name == "classic_options" else "tournament/end")
    assert new["actions"] != old["actions"]
    assert GameRecord.from_json(record.to_json()).rules == record.rules


def _with_old_names(data: dict[str, Any]) -> dict[str, Any]:
    """Returns `data` as if `Won` had been called `ComparisonTaken` with `seat` called `taker`."""
    text = json.dumps(data).replace('{"type": "Won", "seat":', '{"type": "ComparisonTaken", "taker":')
    old: dict[str, Any] = json.loads(text)
    return old


def test_legacy_events_read_an_event_renamed_since(monkeypatch: pytest.MonkeyPatch) -> None:
    old = _with_old_names(saved("classic_3_seats"))
    assert any(e["type"] == "ComparisonTaken" for e in old["events"])
    with pytest.raises(RecordError, match="do not replay to its stored events"):
        GameRecord.from_json(json.dumps(old))
    monkeypatch.setitem(LEGACY_EVENTS, "ComparisonTaken", renamed("Won", taker="seat"))
    record = GameRecord.from_json(json.dumps(old))
    assert record.events == GameRecord.from_json(json.dumps(saved("classic_3_seats"))).events


def test_legacy_events_apply_to_format_1_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEGACY_EVENTS, "ComparisonTaken", renamed("Won", taker="seat"))
    format_2 = saved("format2_classic")
    assert format_2["format"] == 2 and any(e["type"] == "Won" for e in format_2["events"])
    with pytest.raises(RecordError, match="do not replay to its stored events"):
        GameRecord.from_json(json.dumps(_with_old_names(format_2)))  # format 2 holds the names of its day only


def test_an_event_upgrade_may_drop_or_split_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEGACY_EVENTS, "Gone", lambda old: [])
    monkeypatch.setitem(LEGACY_EVENTS, "Both", lambda old: [{"type": "A", "n": old["n"]}, {"type": "B"}])
    events = [{"type": "Gone"}, {"type": "Both", "n": 2}, {"type": "Kept", "x": [1]}]
    assert upgrade_events(events) == [{"type": "A", "n": 2}, {"type": "B"}, {"type": "Kept", "x": [1]}]
    data = {"format": 1, "events": events, "game": "classic"}
    assert upgrade(data)["format"] == 3 and upgrade(data)["events"][0] == {"type": "A", "n": 2}
    assert data["format"] == 1  # the record's own data is left alone


def test_a_tournament_record_hands_its_rules_version_to_every_game_it_builds() -> None:
    record = GameRecord.from_json(json.dumps(saved("tournament_whole")))
    rules = record.rules
    assert isinstance(rules, TournamentRules) and rules.rules_version == 1
    assert rules.finale.rules_version == 1 and all(game.rules_version == 1 for game in rules.games.values())
    data = saved("tournament_whole")
    data["rules_version"] = 7
    with pytest.raises(RecordError, match="rules version 7"):
        GameRecord.from_json(json.dumps(data))
    with pytest.raises(RuleOptionError, match="rules_version must be one of"):
        TournamentRules(rules.openings, seats=3, rules_version=7)
