"""Saved games go to the pupil's own computer, sealed: they round-trip, and a changed or foreign file is refused."""

from __future__ import annotations

import base64
import datetime
import json
import re
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from toptrumps_core.errors import RecordError
from toptrumps_core.record import release
from widgets._toolkit.save_files import (
    SAVE_KEY_FILE_VARIABLE,
    SAVE_KEY_VARIABLE,
    SAVE_MARK,
    SAVE_VERSION,
    open_save,
    save_key,
)
from widgets.classic import ClassicTable
from widgets.hilo import HiLoTable


@pytest.fixture(autouse=True)
def _own_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(SAVE_KEY_VARIABLE, raising=False)
    key_file = tmp_path / "keys" / "save-key"
    monkeypatch.setenv(SAVE_KEY_FILE_VARIABLE, str(key_file))
    return key_file


def _played(seed: int = 11, moves: int = 3) -> ClassicTable:
    table = ClassicTable.new(deck="animals", seats=3, seed=seed)
    for _ in range(moves):
        table.next() if table._driver.computers_may_go else table.choose(0)
    return table


def _upload_item(name: str, content: bytes) -> dict[str, object]:
    modified = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
    return {"name": name, "type": "", "size": len(content), "content": memoryview(content), "last_modified": modified}


def _downloaded(table: ClassicTable) -> tuple[str, str]:
    found = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', table._saves.link_html)
    assert found, table._saves.link_html
    return found.group(1), base64.b64decode(found.group(2)).decode("utf-8")


def test_a_classic_game_round_trips_through_download_and_upload(tmp_path: Path, _own_key: Path) -> None:
    table = _played()
    table._saves._save.click()
    name, text = _downloaded(table)
    assert name == f"classic-animals-move{len(table.match.actions)}.json"
    other = ClassicTable.new(deck="dinosaurs", seats=2, seed=5)  # another visitor's page, another game
    other._saves.resume_from(text.encode("utf-8"), name)
    assert other.match.actions == table.match.actions and other.match.rules == table.match.rules
    assert other.match.view(0) == table.match.view(0)
    assert "Resumed the saved game: Animals" in other._status.text
    assert oct(_own_key.stat().st_mode)[-3:] == "600"
    assert not list(tmp_path.glob("**/*.json")), "nothing is saved on the server"


def test_the_saved_file_names_game_deck_and_move_but_shows_no_card() -> None:
    table = _played()
    text = table._saves.save()
    saved = json.loads(text)
    assert (saved["game"], saved["deck"], saved["move"]) == ("classic", "Animals", len(table.match.actions))
    assert saved["players"] == ["human", "medium", "medium"]
    readable = json.dumps({k: v for k, v in saved.items() if k != "sealed"})
    cards = [card.name for card in table.match.rules.deck.cards]
    assert not [c for c in cards if c in readable or c in text], "no card's name may be readable in the file"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: {**s, "sealed": s["sealed"][:-8] + "AAAAAAA="}, "was changed after it was saved"),
        (lambda s: {**s, "move": s["move"] + 1}, "was changed after it was saved"),
        (lambda s: {**s, "players": ["human", "human", "human"]}, "was changed after it was saved"),
        (lambda s: {**s, "game": "tournament", "title": "Tournament"}, "holds a saved game of 'Tournament'"),
        (lambda s: {**s, "version": 99}, "another version of the app"),
        (lambda s: {"game": "classic"}, "is not a saved game"),
        (lambda s: [1, 2, 3], "is not a saved game"),
    ],
)
def test_a_changed_or_foreign_file_is_refused_and_changes_nothing(change: object, message: str) -> None:
    table = _played()
    text = table._saves.save()
    before = table.match.actions
    bad = json.dumps(change(json.loads(text)))  # type: ignore[operator]
    table._saves._upload.value = (
        {
            "name": "x.json",
            "type": "",
            "size": 1,
            "content": memoryview(bad.encode()),
            "last_modified": __import__("datetime").datetime(2026, 12, 1),
        },
    )
    assert message in table._status.text and table._status.kind == "error"
    assert table.match.actions == before and table._saves._upload.value == ()


def test_a_file_sealed_by_another_server_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _played()._saves.save()
    monkeypatch.setenv(SAVE_KEY_VARIABLE, Fernet.generate_key().decode())
    with pytest.raises(RecordError, match="saved by another server"):
        open_save(text, name="game.json", games=("classic",))


@pytest.mark.parametrize("data", [b"\xff\xfe not text", b"x" * 6_000_000, b"{not json"])
def test_damaged_or_huge_bytes_are_not_a_saved_game(data: bytes) -> None:
    with pytest.raises(RecordError, match=r"not a saved game|too large"):
        open_save(data, name="game.json", games=("classic",))


def test_a_server_key_from_the_environment_is_used_and_a_bad_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    key = Fernet.generate_key()
    monkeypatch.setenv(SAVE_KEY_VARIABLE, key.decode())
    assert save_key() == key
    monkeypatch.setenv(SAVE_KEY_VARIABLE, "not a key")
    with pytest.raises(RecordError, match="TOPTRUMPS_SAVE_KEY is not a valid key"):
        save_key()


def test_a_hi_lo_game_round_trips_and_a_classic_save_is_not_one() -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=4)
    table.choose(0)
    assert table.saves is not None
    text = table.saves.save()
    again = HiLoTable.new(deck="animals", seed=9)
    assert again.saves is not None
    again.saves.resume_from(text, "hilo.json")
    assert again.match.actions == table.match.actions and again.view == table.view
    with pytest.raises(RecordError, match="holds a saved game of 'Classic Top Trumps'"):
        again.saves.resume_from(_played()._saves.save(), "classic.json")


def _sealed_by_an_earlier_release(record: dict[str, object], players: list[str]) -> str:
    """Returns a saved file as `seal_save` wrote it, around a record in the JSON an earlier release wrote."""
    actions = record["actions"]
    assert isinstance(actions, list)
    inside = {"game": "classic", "deck": "Animals", "seed": record["seed"], "move": len(actions)}
    inside |= {"record": record, "players": players}
    token = Fernet(save_key()).encrypt(json.dumps(inside).encode("utf-8")).decode("ascii")
    header = {"saved_game": SAVE_MARK, "version": SAVE_VERSION, "game": "classic", "title": "Classic Top Trumps"}
    header |= {"deck": "Animals", "move": len(actions), "players": players, "saved_at": "2026-12-01T00:00:00+00:00"}
    return json.dumps({**header, "sealed": token})


@pytest.mark.parametrize("name", ["classic_3_seats", "format2_classic", "format3_classic"])
def test_a_page_save_around_a_record_of_an_earlier_format_still_resumes(name: str) -> None:
    saved_records = Path(__file__).parents[1] / "core" / "saved_records"
    record = json.loads((saved_records / f"{name}.json").read_text(encoding="utf-8"))
    assert record["format"] < 4 and "events" in record  # class-name tags (formats 1-2) and stored events
    players = ["human"] + ["expert"] * (record["rules"]["seats"] - 1)  # the seats that played it: card counting
    opened = open_save(_sealed_by_an_earlier_release(record, players), name=f"{name}.json", games=("classic",))
    assert len(opened.record.actions) == opened.header.move == len(record["actions"])
    assert len(opened.record.events) == len(record["events"]) and opened.players == tuple(players)
    table = ClassicTable.new(deck="dinosaurs", seats=2, seed=5)
    table._saves.resume_from(_sealed_by_an_earlier_release(record, players).encode("utf-8"), f"{name}.json")
    assert table.match.actions == list(opened.record.actions) and "Resumed the saved game" in table._status.text


def test_a_save_says_which_release_wrote_it_outside_and_inside_the_seal() -> None:
    table = _played()
    saved = json.loads(table._saves.save())
    assert saved["release"] == release() and release() is not None
    opened = open_save(json.dumps(saved), name="game.json", games=("classic",))
    assert opened.release == release()
    with pytest.raises(RecordError, match="was changed after it was saved"):
        open_save(json.dumps({**saved, "release": "9.9.9"}), name="game.json", games=("classic",))
    with pytest.raises(RecordError, match=r"another version of the app \(release 9\.9\.9\)"):
        open_save(json.dumps({**saved, "release": "9.9.9", "version": 2}), name="game.json", games=("classic",))
