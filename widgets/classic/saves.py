"""Saving the classic table's game to the pupil's own computer and resuming it (see `widgets._toolkit.save_files`).

A classic save names its players as ``"human"`` or the computers' level
(``"easy"`` .. ``"expert"``, `DIFFICULTIES`), so a resumed game carries on
with the same computer players, who replay the same choices from the
record's seed.
"""

from __future__ import annotations

from toptrumps_core.classic import ClassicRules, ClassicView
from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.play import Match
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import DIFFICULTIES, HUMAN, Human, Strategy
from widgets._toolkit.save_files import SavedGame, SaveHeader
from widgets.classic.settings import computer

__all__ = ["GAME", "match_from_save", "save_header"]

GAME = "classic"
"""The game family a classic save names."""


def save_header(match: Match, difficulty: str) -> tuple[SaveHeader, GameRecord]:
    """Returns the header and record of a save of `match`, whose computers play at `difficulty`."""
    rules = match.rules
    assert isinstance(rules, ClassicRules)
    humans = set(match.humans)
    players = tuple("human" if seat in humans else difficulty for seat in range(rules.seats))
    record = match.record
    header = SaveHeader(GAME, "Classic Top Trumps", rules.deck.name, len(record.actions), players)
    return header, record


def match_from_save(saved: SavedGame) -> Match:
    """Returns the saved game as a match in play, with its people and its computers' level.

    Raises:
        RecordError: If the save is not a classic game with a seed whose
            players this app knows, or it does not replay.
    """
    rules = saved.record.rules
    if not isinstance(rules, ClassicRules) or saved.record.seed is None:
        raise RecordError("the file is not a saved classic game that can carry on")
    if len(saved.players) != rules.seats or any(p != "human" and p not in DIFFICULTIES for p in saved.players):
        raise RecordError(f"the file's players must be 'human' or one of {', '.join(DIFFICULTIES)} per seat")
    players: list[Strategy[ClassicView] | Human] = [
        HUMAN if p == "human" else computer(p, rules.no_data) for p in saved.players
    ]
    try:
        return Match.from_record(saved.record, players)
    except TopTrumpsError:
        raise RecordError("the saved game does not replay with these players") from None
