"""Save and resume for the tournament arena: a sealed file on the pupil's own computer.

"Save" offers the tournament as a download (`widgets._toolkit.save_files`:
the record and which seats are people, sealed with the server's save key);
"Resume from a file…" reads it back from an upload, checks it and replays
it.  A bare game record (as release 0.1.0 saved it, with one more key,
``"players"``) still resumes.  A bad file gets a friendly message and the
game in play is untouched.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Seat
from toptrumps_core.record import GameRecord
from toptrumps_core.tournament.game import TournamentRules
from widgets._boundary import LOGGER_NAME, handler
from widgets._toolkit import plural
from widgets._toolkit.save_files import MAX_SAVE_BYTES, SavedGame, SaveHeader, SavePanel, seal_save
from widgets.tournament.settings import seat_players

__all__ = ["GAME", "PLAYERS_KEY", "SaveAndResume"]

GAME = "tournament"
"""The game family a tournament's save names."""
PLAYERS_KEY = "players"
"""Key a bare record saved by release 0.1.0 adds: ``"human"`` or ``"computer"`` per seat."""

_log = logging.getLogger(LOGGER_NAME)


class SaveAndResume:
    """The part of `TournamentArena` that saves the tournament and resumes a saved one.

    A mixin of `TournamentArena`: it describes the arena's match for a save
    and puts a resumed match in play through the arena's `_install`.
    """

    def save(self) -> str:
        """Offers the tournament as a download (the page shows the link) and returns the file's text."""
        return self._saves.save()

    def save_text(self) -> str:
        """Returns the text of a saved file of the tournament in play (sealed; see `save`)."""
        header, record = self._save_header()
        return seal_save(header, record)

    @handler
    def resume(self, source: str | os.PathLike[str]) -> None:
        """Resumes a saved tournament from a file path, or from the saved text itself.

        The record is checked and replayed (spins and computer choices come
        out the same, since they are drawn from the record's seed); any
        problem leaves the game in play untouched and says what was wrong.
        """
        if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
            text, name = source, "the saved text"
        else:
            path = Path(source)
            name = path.name
            try:
                if path.stat().st_size > MAX_SAVE_BYTES:
                    raise RecordError(f"{name!r} is too large to be a saved tournament")
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise RecordError(f"{name!r} is not a text file, so it is not a saved tournament") from None
            except OSError as err:
                raise RecordError(f"could not read {name!r}: {err.strerror or err}") from None
        self._saves.resume_from(text, name)

    def _save_header(self) -> tuple[SaveHeader, GameRecord]:
        humans = set(self._match.humans)
        players = tuple("human" if seat in humans else "computer" for seat in range(self._rules.seats))
        record = self._match.record
        return SaveHeader(GAME, "The Top Trumps Tournament", "", len(record.actions), players), record

    def _resume_saved(self, saved: SavedGame) -> None:
        rules = saved.record.rules
        if not isinstance(rules, TournamentRules) or saved.record.seed is None:
            raise RecordError("the file is not a saved tournament that can carry on")
        humans = self._humans_of(list(saved.players), rules.seats, "the file")
        try:
            match = Match.from_record(saved.record, seat_players(rules.seats, humans))
        except TopTrumpsError:
            raise RecordError("the saved tournament does not replay with these players") from None
        self._put_in_play(match, "the saved tournament")

    def _resume_bare(self, text: str, name: str) -> None:
        self._put_in_play(self._match_from_text(text, name), name)

    def _put_in_play(self, match: Match, name: str) -> None:
        self._spinner.cancel(reveal=False)
        self._seed_source = "saved"
        self._install(match)
        self._set_controls(self._settings_of(match))
        self._status.show(f"Resumed {name}: move {len(match.actions)}, {self._match_summary()}.")
        self._focus_next()  # on into the resumed game, not left on the upload button

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

    # -- the save box ------------------------------------------------------------------------------

    def _build_save_box(self) -> None:
        self._saves = SavePanel(
            self._save_header,
            self._resume_saved,
            games=(GAME,),
            boundary=self._boundary,
            show=self._status.show,
            what="tournament",
            bare_record=self._resume_bare,
        )
        self._save_box = self._saves
        self._save_button = self._saves.save_button
        self._upload = self._saves.upload
