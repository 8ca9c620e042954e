"""Saving a Squads game to the pupil's own computer and resuming it (see `widgets._toolkit.save_files`).

A Squads save names each seat ``"human"`` or the computer player's name
(`COMPUTERS`), so a resumed game carries on with the same computers, who
replay the same choices from the record's seed.  People sit in the first
seats, as `SquadBuilder` seats them.  A move sealed but not yet played (hot
seat, while another person is still to move) is not in the record: that
person makes it again.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from toptrumps_core.errors import RecordError, TopTrumpsError
from toptrumps_core.play import Match
from toptrumps_core.record import GameRecord
from toptrumps_core.squads import SquadsRules
from toptrumps_core.strategies import HUMAN, ExpectedTokensBuilder, Human, RandomBuilder, Strategy
from widgets._toolkit.save_files import SavedGame, SaveHeader

__all__ = ["COMPUTERS", "GAME", "computer_name", "match_from_save", "save_header"]

GAME = "squads"
"""The game family a Squads save names."""
COMPUTERS: Mapping[str, Strategy[Any]] = MappingProxyType(
    {"expected_tokens": ExpectedTokensBuilder(), "random": RandomBuilder()}
)
"""The computer players a save can name."""


def computer_name(player: object) -> str:
    """Returns the save's name of a computer player.

    Raises:
        RecordError: If the player is not one of `COMPUTERS`.
    """
    for name, known in COMPUTERS.items():
        if player == known:
            return name
    raise RecordError(f"this game's computer player {player!r} cannot be saved; saves know {sorted(COMPUTERS)}")


def save_header(match: Match) -> tuple[SaveHeader, GameRecord]:
    """Returns the header and record of a save of `match`.

    Raises:
        RecordError: If a computer player is not one a save can name.
    """
    rules = match.rules
    assert isinstance(rules, SquadsRules)
    players = tuple("human" if isinstance(p, Human) else computer_name(p) for p in match.strategies)
    record = match.record
    return SaveHeader(GAME, "Top Trump Squads", rules.deck.name, len(record.actions), players), record


def match_from_save(saved: SavedGame) -> tuple[Match, int]:
    """Returns the saved game as a match in play, and how many people it has (in the first seats).

    Raises:
        RecordError: If the save is not a Squads game with a seed, its
            players are not people in the first seats then known
            computers, or it does not replay.
    """
    rules = saved.record.rules
    if not isinstance(rules, SquadsRules) or saved.record.seed is None:
        raise RecordError("the file is not a saved Squads game that can carry on")
    names = list(saved.players)
    people = names.count("human")
    if (
        len(names) != rules.seats
        or not people
        or names[:people] != ["human"] * people
        or any(n not in COMPUTERS for n in names[people:])
    ):
        raise RecordError(f"the file's players must be people first, then one of {sorted(COMPUTERS)} per seat")
    players: list[Strategy[Any] | Human] = [HUMAN] * people + [COMPUTERS[n] for n in names[people:]]
    try:
        return Match.from_record(saved.record, players), people
    except TopTrumpsError:
        raise RecordError("the saved game does not replay with these players") from None
