"""Save and resume for the tournament arena: a game record on file, read back all or nothing.

"Save" writes the game record (`GameRecord.to_json`) with one more key,
``"players"``, saying which seats are people; "Resume" reads a file from the
saves folder or an upload, checks it and replays it.  A bad file gets a
friendly message and the game in play is untouched.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Seat
from toptrumps_core.record import GameRecord
from toptrumps_core.tournament.game import TournamentRules
from widgets._boundary import LOGGER_NAME, handler
from widgets._toolkit import (
    big_button,
    esc,
    html_widget,
    plural,
)
from widgets.tournament.settings import seat_players

__all__ = ["MAX_UPLOAD_BYTES", "PLAYERS_KEY", "SAVES_FOLDER", "SaveAndResume"]

MAX_UPLOAD_BYTES = 5_000_000
"""Largest saved file the page may upload (bytes)."""
SAVES_FOLDER = "saves"
"""Where "Save" writes, relative to the working folder (the notebook's, under Voilà)."""
PLAYERS_KEY = "players"
"""Key the save file adds beside the game record: ``"human"`` or ``"computer"`` per seat."""

_log = logging.getLogger(LOGGER_NAME)


class SaveAndResume:
    """The part of `TournamentArena` that saves the tournament and resumes a saved one.

    A mixin of `TournamentArena`: it writes the arena's match record and
    puts a resumed match in play through the arena's `_install`.
    """

    @handler
    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Writes the tournament to a file and returns its path; the page names the file.

        Args:
            path: Where to write; None: a new file in the saves folder, named
                after the seed and the move, e.g.
                ``saves/tournament-seed2024-move37.json``.

        The file is the game record (`GameRecord.to_json`) with one more key,
        ``"players"``, saying which seats are people.  Returns None if the
        file could not be written (the status line says why).
        """
        text = self.save_text()
        if path is None:
            name = f"tournament-seed{self._match.seed}-move{len(self._match.actions)}.json"
            target = self._saves_dir / name
        else:
            target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=target.parent, prefix=".saving-", suffix=".json", delete=False
            ) as handle:
                handle.write(text)
            os.replace(handle.name, target)
        except OSError as err:
            raise RecordError(f"could not save to {str(target)!r}: {err.strerror or err}") from None
        self._saved_name = target.name
        self._refresh_saved_files()
        where = str(target) if path is not None else f"{self._saves_dir.name}/{target.name}"
        self._status.show(f"Saved as {where}. To carry on later, pick it under Save or resume 💾.")
        self._render_save_box()
        return target

    def save_text(self) -> str:
        """Returns the text "Save" writes: the game record as JSON, plus ``"players"``."""
        data = json.loads(self._match.record.to_json())
        humans = set(self._match.humans)
        data[PLAYERS_KEY] = ["human" if seat in humans else "computer" for seat in range(self._rules.seats)]
        return json.dumps(data, ensure_ascii=False)

    @handler
    def resume(self, source: str | os.PathLike[str]) -> None:
        """Resumes a saved tournament from a file path, or from the saved text itself.

        The record is checked and replayed (spins and computer choices come
        out the same, since they are drawn from the record's seed); any
        problem leaves the game in play untouched and says what was wrong.
        """
        if isinstance(source, str) and source.lstrip().startswith("{"):
            text, name = source, "the saved text"
        else:
            path = Path(source)
            name = path.name
            try:
                if path.stat().st_size > MAX_UPLOAD_BYTES:
                    raise RecordError(f"{name!r} is too large to be a saved tournament")
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise RecordError(f"{name!r} is not a text file, so it is not a saved tournament") from None
            except OSError as err:
                raise RecordError(f"could not read {name!r}: {err.strerror or err}") from None
        match = self._match_from_text(text, name)
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(self._settings_of(match))
        self._status.show(
            f"Resumed {name}: move {len(match.actions)}, {self._match_summary()}.",
        )

    def _match_from_text(self, text: str, name: str) -> Match:
        """Returns a match rebuilt from a saved tournament's text (see `save_text`).

        Raises:
            RecordError: With a friendly message, if the text is not a saved
                tournament that replays.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError, ValueError, RecursionError):
            raise RecordError(f"{name} is not a saved game: it is not JSON") from None
        if not isinstance(data, dict) or "game" not in data:
            raise RecordError(f"{name} is not a saved game")
        if data.get("game") != "tournament":
            raise RecordError(f"{name} holds a saved {str(data.get('game'))[:40]!r} game, not a tournament")
        try:
            record = GameRecord.from_json(text)
        except (TopTrumpsError, TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as err:
            _log.info("%s does not load as a game record: %s", name, err)  # the details name Python values
            raise RecordError(f"{name} is not a saved tournament that this app can replay") from None
        rules = record.rules
        if not isinstance(rules, TournamentRules):
            raise RecordError(f"{name} is not a saved tournament")
        if record.seed is None:
            raise RecordError(f"{name} has no seed, so the computer players cannot carry on from it")
        humans = self._humans_of(data.get(PLAYERS_KEY), rules.seats, name)
        try:
            return Match.from_record(record, seat_players(rules.seats, humans))
        except TopTrumpsError as err:
            _log.info("%s does not replay: %s", name, err)
            raise RecordError(f"{name} does not replay with these players") from None

    def _humans_of(self, players: object, seats: int, name: str) -> tuple[Seat, ...]:
        if players is None:  # a bare record: keep this page's people where they fit
            kept = tuple(s for s in self._match.humans if s < seats)
            return kept if kept or not self._match.humans else (0,)
        if (
            not isinstance(players, list)
            or len(players) != seats
            or any(p not in ("human", "computer") for p in players)
        ):
            raise RecordError(f'{name}: "players" must list "human" or "computer" for each of the {seats} seats')
        return tuple(seat for seat, kind in enumerate(players) if kind == "human")

    def _match_summary(self) -> str:
        view = self._public()
        if self._match.is_over:
            return self.winner_text
        pins = ", ".join(f"{self._names[s]} {n}" for s, n in enumerate(view.tracks))
        return f"after {plural(view.turns, 'mini-game')} (pins: {pins})"

    # -- save and resume ----------------------------------------------------------------------------

    def _build_save_box(self) -> None:
        self._save_button = big_button("Save 💾", "Save the tournament to a file in the saves folder", primary=True)
        self._save_button.on_click(lambda _button: self.save())
        self._saved_files = ipw.Dropdown(
            options=[],
            description="Saved games",
            tooltip="Tournaments saved in the saves folder",
            style={"description_width": "initial"},
            layout=ipw.Layout(width="auto", min_width="420px"),
        )
        self._resume_button = big_button("Resume this one", "Carry on the saved tournament picked above", primary=False)
        self._resume_button.on_click(lambda _button: self._resume_picked())
        self._upload = ipw.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Resume from a file…",
            tooltip="Upload a saved tournament (.json) to carry on with it",
            layout=ipw.Layout(width="auto"),
        )
        self._upload.observe(self._boundary.wrap(self._uploaded), names="value")
        self._save_note = html_widget("tt-say")
        self._save_box = ipw.VBox(
            [
                ipw.HBox([self._save_button], layout=ipw.Layout(align_items="center")),
                self._save_note,
                ipw.HBox([self._saved_files, self._resume_button], layout=ipw.Layout(flex_flow="row wrap")),
                self._upload,
            ]
        )
        self._save_box.add_class("tt-save")
        self._refresh_saved_files()
        self._render_save_box()

    def _render_save_box(self) -> None:
        where = f"{self._saves_dir.name}/" if self._saves_dir.name else "the saves folder"
        last = f" Last saved: <b>{esc(self._saved_name)}</b>." if self._saved_name else ""
        self._save_note.value = (
            f'<div class="tt-say">"Save" writes the tournament to a file in <b>{esc(where)}</b>, named after its '
            f"seed and move.{last} Carry on later by picking it below, or upload a saved file.</div>"
        )

    def _saved_file_names(self) -> list[str]:
        try:
            files = [p for p in self._saves_dir.glob("*.json") if p.is_file() and not p.name.startswith(".")]
        except OSError:
            return []
        files.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
        return [p.name for p in files[:200]]

    def _refresh_saved_files(self) -> None:
        names = self._saved_file_names()
        self._saved_files.options = names
        self._saved_files.value = names[0] if names else None
        self._resume_button.disabled = not names

    @handler
    def _resume_picked(self) -> None:
        name = self._saved_files.value
        offered = self._saved_file_names()
        if not isinstance(name, str) or name not in offered or Path(name).name != name:
            raise RecordError("pick one of the saved tournaments in the list first")
        self.resume(self._saves_dir / name)

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
            if len(content) > MAX_UPLOAD_BYTES:
                raise RecordError(f"{name!r} is too large to be a saved tournament")
            try:
                text = bytes(content).decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError(f"{name!r} is not a text file, so it is not a saved tournament") from None
            match = self._match_from_text(text, repr(name))
        finally:
            self._upload.value = ()  # the file's contents do not stay in the page's trait
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(self._settings_of(match))
        self._status.show(f"Resumed {name}: move {len(match.actions)}, {self._match_summary()}.")
