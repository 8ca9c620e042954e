"""Saved games as files on the pupil's own computer: sealed, downloaded, uploaded and checked.

Nothing is saved on the server: "Save" offers the game as a download, and
"Resume from a file…" reads it back from an upload, so no visitor sees or
overwrites another's saves.  A saved file is JSON with two parts:

- what a person reads: which game (``"game"``, ``"title"``), the deck, the
  move it was saved at, the players, when, and the release of the app that
  saved it (``"release"``, `toptrumps_core.record.release`, which the sealed
  record carries too); never the seed;
- ``"sealed"``: the game, the deck, the seed and the move again, the game
  record and the players, encrypted and signed with the server's save key
  (Fernet, from the ``cryptography`` package).  The record and the seed
  hold every shuffle of the game, so unsealed they would show the cards
  nobody has seen; sealed, a pupil cannot read them, and a file that was
  changed (the words outside the seal included), damaged or sealed with
  another key is refused with a clear message, changing nothing.

The file's name names the game, the deck and the move, never the seed.

The save key is the environment variable `SAVE_KEY_VARIABLE` when it is set
(servers that share saves set the same key), else a key file created on
first use: `SAVE_KEY_FILE_VARIABLE`, or ``toptrumps-classroom/save-key`` in
the user's data folder (``$XDG_DATA_HOME``, by default ``~/.local/share``).

`SavePanel` is the part of a page with the two controls; each game gives it
a function that describes the game in play and one that puts a resumed game
in play.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from cryptography.fernet import Fernet, InvalidToken

from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.record import RELEASE_KEY, GameRecord, release
from widgets._boundary import ErrorBoundary
from widgets._toolkit.controls import big_button, html_widget
from widgets._toolkit.words import esc

__all__ = [
    "MAX_SAVE_BYTES",
    "SAVE_KEY_FILE_VARIABLE",
    "SAVE_KEY_VARIABLE",
    "SaveHeader",
    "SavePanel",
    "SavedGame",
    "is_bare_record",
    "open_save",
    "seal_save",
]

SAVE_MARK = "Top Trumps Classroom saved game"
"""The value of a saved file's ``"saved_game"`` key, which marks it as one."""
SAVE_VERSION = 1
SAVE_KEY_VARIABLE = "TOPTRUMPS_SAVE_KEY"
"""Environment variable holding the save key itself (a Fernet key); unset: the key file."""
SAVE_KEY_FILE_VARIABLE = "TOPTRUMPS_SAVE_KEY_FILE"
"""Environment variable naming the save key's file; unset: the user's data folder."""
MAX_SAVE_BYTES = 5_000_000
"""The largest saved file read from an upload (bytes)."""

_FILE_WORD = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class SaveHeader:
    """What a saved file says of itself, in words a person reads.

    Attributes:
        game: The game family (``"classic"``, ``"hilo"``, ``"tournament"``...).
        title: The game's name for people ("Classic Top Trumps").
        deck: The deck's name ("" for a game without one deck).
        move: How many actions had been played when it was saved (0 or more).
        players: One word per seat: ``"human"`` or a computer player's name.
    """

    game: str
    title: str
    deck: str
    move: int
    players: tuple[str, ...]

    def file_name(self) -> str:
        """Returns the download's file name, e.g. ``"classic-animals-move12.json"``."""
        words = [self.game, self.deck] if self.deck else [self.game]
        stem = "-".join(_FILE_WORD.sub("_", w.lower()).strip("_") for w in words)
        return f"{stem}-move{self.move}.json"


@dataclass(frozen=True)
class SavedGame:
    """A saved game read back from its file.

    Attributes:
        header: What the file said of itself (checked against the record).
        record: The game record, ready for `Match.from_record`.
        players: One word per seat, as saved (see `SaveHeader.players`).
        release: The version of the app that saved it (``"0.1.0"``); None
            for a file saved before saves said so, or by an app run without
            being installed.
    """

    header: SaveHeader
    record: GameRecord
    players: tuple[str, ...]
    release: str | None = None


def save_key() -> bytes:
    """Returns the server's save key (see the module docstring), creating its file on first use.

    Raises:
        RecordError: If `SAVE_KEY_VARIABLE` holds no valid key, or the key
            file cannot be read or written.
    """
    given = os.environ.get(SAVE_KEY_VARIABLE, "").strip()
    if given:
        key = given.encode("ascii", "replace")
        _check_key(key, SAVE_KEY_VARIABLE)
        return key
    path = _key_path()
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            fresh = Fernet.generate_key()
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # no other user may read it
            with os.fdopen(descriptor, "wb") as file:
                file.write(fresh)
        key = path.read_bytes().strip()
    except FileExistsError:  # another kernel made it a moment ago
        key = path.read_bytes().strip()
    except OSError as err:
        raise RecordError(
            f"the server cannot keep saved games: its save key file cannot be used ({err.strerror})"
        ) from None
    _check_key(key, "the save key file")
    return key


def _key_path() -> Path:
    named = os.environ.get(SAVE_KEY_FILE_VARIABLE, "").strip()
    if named:
        return Path(named)
    data = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return Path(data) / "toptrumps-classroom" / "save-key"


def _check_key(key: bytes, where: str) -> None:
    try:
        Fernet(key)
    except (ValueError, binascii.Error):
        raise RecordError(f"the server's save key in {where} is not a valid key") from None


def seal_save(header: SaveHeader, record: GameRecord) -> str:
    """Returns the text of a saved file: `header` in words, the record and players sealed.

    Raises:
        RecordError: If the save key cannot be used (see `save_key`).
    """
    sealed = {
        "game": header.game,
        "deck": header.deck,
        "seed": record.seed,
        "move": header.move,
        "record": json.loads(record.to_json()),
        "players": list(header.players),
    }
    token = Fernet(save_key()).encrypt(json.dumps(sealed, ensure_ascii=False).encode("utf-8"))
    saved = {
        "saved_game": SAVE_MARK,
        "version": SAVE_VERSION,
        "game": header.game,
        "title": header.title,
        "deck": header.deck,
        "move": header.move,
        "players": list(header.players),
        "saved_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        RELEASE_KEY: release(),
        "sealed": token.decode("ascii"),
    }
    return json.dumps(saved, ensure_ascii=False, indent=1)


def open_save(data: bytes | str, *, name: str, games: Sequence[str]) -> SavedGame:
    """Returns the saved game in a file's contents, checked all or nothing.

    Args:
        data: The file's bytes (an upload) or text.
        name: The file's name, for the messages.
        games: The game families this page can resume (``("classic",)``).

    Raises:
        RecordError: With a message for the page, if the file is too large,
            not a saved game, a saved game of another kind, changed since it
            was saved (or sealed by another server), or does not load.
    """
    what = repr(name[:80])
    if len(data) > MAX_SAVE_BYTES:
        raise RecordError(f"{what} is too large to be a saved game")
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        saved = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise RecordError(f"{what} is not a saved game of Top Trumps Classroom") from None
    if not isinstance(saved, dict) or saved.get("saved_game") != SAVE_MARK:
        raise RecordError(f"{what} is not a saved game of Top Trumps Classroom")
    if saved.get("version") != SAVE_VERSION:
        by = f" (release {str(saved[RELEASE_KEY])[:20]})" if saved.get(RELEASE_KEY) else ""
        raise RecordError(f"{what} was saved by another version of the app{by}, which this one cannot read")
    if saved.get("game") not in games:
        kind = str(saved.get("title") or saved.get("game"))[:60]
        raise RecordError(f"{what} holds a saved game of {kind!r}; this page resumes {' or '.join(games)} games")
    token = saved.get("sealed")
    try:
        if not isinstance(token, str):
            raise InvalidToken
        inside = json.loads(Fernet(save_key()).decrypt(token.encode("ascii")))
    except (InvalidToken, UnicodeEncodeError, json.JSONDecodeError):
        raise RecordError(
            f"{what} was changed after it was saved, or saved by another server, so it cannot be resumed here"
        ) from None
    try:
        record = GameRecord.from_json(json.dumps(inside["record"]))
        players = tuple(str(p) for p in inside["players"])
        header = SaveHeader(
            game=str(saved["game"]),
            title=str(saved.get("title", "")),
            deck=str(saved.get("deck", "")),
            move=int(saved["move"]),
            players=tuple(str(p) for p in saved.get("players", ())),
        )
    except (TopTrumpsError, TypeError, ValueError, KeyError, AttributeError):
        raise RecordError(f"{what} does not load as a saved game") from None
    if not isinstance(inside, dict):
        raise RecordError(f"{what} does not load as a saved game")
    named = (inside.get("game", header.game), inside.get("deck", header.deck), inside.get("move", header.move))
    if (
        header.move != len(record.actions)
        or header.players != players
        or named != (header.game, header.deck, header.move)
        or inside.get("seed", record.seed) != record.seed
        or saved.get(RELEASE_KEY) != inside["record"].get(RELEASE_KEY)
    ):
        raise RecordError(f"{what} was changed after it was saved, so it cannot be resumed here")
    written = saved.get(RELEASE_KEY)
    return SavedGame(header, record, players, written if isinstance(written, str) else None)


def is_bare_record(data: bytes | str) -> bool:
    """Returns whether a file's contents are a bare game record (JSON with ``"format"``, no seal).

    Example:
        >>> is_bare_record('{"format": 2, "game": "tournament"}'), is_bare_record("{}"), is_bare_record("[1]")
        (True, False, False)
    """
    if len(data) > MAX_SAVE_BYTES:
        return False
    try:
        value = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return False
    return isinstance(value, dict) and "format" in value and "saved_game" not in value


class SavePanel(ipw.VBox):
    """The page's "Save" and "Resume from a file…" controls (see the module docstring).

    Args:
        describe: Returns the header and record of the game in play (called
            when "Save" is pressed).
        resume: Puts a saved game in play; raises `TopTrumpsError` (shown
            kindly, with the game in play untouched) if it cannot.
        games: The game families this page resumes.
        boundary: The page's error boundary (its status line shows messages).
        show: Shows a message in the page's status line; None: no message after a save.
        what: The game's word for messages ("game", "tournament").
        bare_record: Resumes a file that is a bare game record (``"format"``
            key, as saved by release 0.1.0) from its text and name; None:
            such a file is refused like any other.
    """

    def __init__(
        self,
        describe: Callable[[], tuple[SaveHeader, GameRecord]],
        resume: Callable[[SavedGame], None],
        *,
        games: Sequence[str],
        boundary: ErrorBoundary,
        show: Callable[[str], None] | None = None,
        what: str = "game",
        bare_record: Callable[[str, str], None] | None = None,
    ) -> None:
        self._describe, self._resume, self._games, self._what = describe, resume, games, what
        self._bare_record = bare_record
        self._show = show
        self.file_name = ""
        """The name of the file last offered for download ("" before any save)."""
        self._save = big_button(f"Save this {what} 💾", f"Make a file of this {what} to download", primary=True)
        self._link = html_widget("tt-save-link")
        self._upload = ipw.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Resume from a file…",
            tooltip=f"Upload a saved {what} (.json) to carry on with it",
            layout=ipw.Layout(width="auto"),
        )
        note = html_widget(
            "tt-say",
            f"<div class='tt-say'>Saved {what}s go to <b>your own computer</b>: press Save, then the download link. "
            f"To carry on later, upload the file with “Resume from a file…”.</div>",
        )
        super().__init__(children=(note, ipw.HBox((self._save,)), self._link, self._upload))
        self.add_class("tt-save")
        self._save.on_click(boundary.wrap(lambda _button: self.save()))
        self._upload.observe(boundary.wrap(self._uploaded), names="value")

    @property
    def save_button(self) -> ipw.Button:
        """The "Save" button."""
        return self._save

    @property
    def upload(self) -> ipw.FileUpload:
        """The upload that resumes a saved file."""
        return self._upload

    @property
    def link_html(self) -> str:
        """The download link shown now ("" before the first save)."""
        return str(self._link.value)

    def save(self) -> str:
        """Makes the saved file of the game in play and shows its download link; returns the file's text."""
        header, record = self._describe()
        text = seal_save(header, record)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.file_name = header.file_name()
        name = esc(self.file_name)
        self._link.value = (
            f'<a class="tt-download" download="{name}" href="data:application/json;base64,{data}">'
            f"⬇ Download the saved {esc(self._what)} ({name})</a>"
        )
        if self._show is not None:
            self._show(f"Saved: press “Download the saved {self._what}” below to keep {self.file_name} here.")
        return text

    def resume_from(self, data: bytes | str, name: str) -> None:
        """Resumes the saved game in a file's contents (as an upload does); a bad file changes nothing."""
        if self._bare_record is not None and is_bare_record(data):
            text = data.decode("utf-8") if isinstance(data, bytes) else data
            self._bare_record(text, name)
            return
        self._resume(open_save(data, name=name, games=self._games))

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        files = change.get("new")
        if not files:
            return
        try:
            item = files[0] if isinstance(files, (tuple, list)) else None
            if not isinstance(item, Mapping):
                raise RecordError("the upload did not hold a file")
            name = str(item.get("name", "the file"))[:120]
            content = item.get("content")
            if not isinstance(content, (bytes, bytearray, memoryview)):
                raise RecordError(f"{name!r} could not be read")
            self.resume_from(bytes(content), name)
        finally:
            self._upload.value = ()  # the file's contents do not stay in the page's trait
