"""Game records: the codec, the registry of game families, `GameRecord`, old formats.

- `toptrumps_core.record.codec`: actions, events and states as JSON tagged
  by wire name (see `toptrumps_core.protocol.Recorded`).
- `toptrumps_core.record.families`: `register_family` / `get_family`, and
  what a rules class provides to be recorded (`RecordedRules`: ``family``,
  ``rules_version``, ``to_data``, ``from_data``) and how rules versions reach it.
- `toptrumps_core.record.decks`: decks inside records, and the rules data of
  a game played with one deck.
- `toptrumps_core.record.game_record`: `GameRecord` (record format 4:
  rules, seed, start, actions and outcome; replay rebuilds the events) and
  `replay`.
- `toptrumps_core.record.release`: the release of the app that wrote a
  record (its ``"release"``).
- `toptrumps_core.record.legacy`: records of formats 1 and 2: `OLD_TAGS`,
  the frozen table from their class-name tags to wire names, and
  `LEGACY_EVENTS`, how to read format-1 events reshaped since.
"""

from __future__ import annotations

from toptrumps_core.record.codec import decode, encode
from toptrumps_core.record.decks import card_game_data, card_game_parts, deck_from_data, deck_to_data
from toptrumps_core.record.families import (
    RecordedRules,
    check_rules_version,
    get_family,
    known_families,
    register_family,
)
from toptrumps_core.record.game_record import FORMAT, FORMATS_READ, GameRecord, replay
from toptrumps_core.record.legacy import LEGACY_EVENTS, OLD_TAGS, renamed
from toptrumps_core.record.release import RELEASE_KEY, release

__all__ = [
    "FORMAT",
    "FORMATS_READ",
    "LEGACY_EVENTS",
    "OLD_TAGS",
    "RELEASE_KEY",
    "GameRecord",
    "RecordedRules",
    "card_game_data",
    "card_game_parts",
    "check_rules_version",
    "deck_from_data",
    "deck_to_data",
    "decode",
    "encode",
    "get_family",
    "known_families",
    "register_family",
    "release",
    "renamed",
    "replay",
]
