"""The classic engine keeps playing the same games: fingerprints written before its speed-ups (C1-C12).

Each entry of ``classic_fingerprints.json`` is a seeded game (deck, seats,
rule options, one strategy per seat, the driver's cap of rule C12) and the
SHA-256 of its actions, events and outcome (see `classic_fingerprints`).
Playing it again must give the same digest, and the record must replay from
its JSON to the same events and final state.  Under the ``"text"`` seed
scheme the games are those the engine played before the integer scheme
(`TEXT_FINGERPRINTS`): old records keep being dealt as they were.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.core.classic_fingerprints import FINGERPRINTS, TEXT_FINGERPRINTS, build, fingerprint, play_config
from toptrumps_core.chance import SeedScheme
from toptrumps_core.record import GameRecord, replay

GAMES: list[dict[str, Any]] = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))["games"]
TEXT_GAMES: list[dict[str, Any]] = json.loads(TEXT_FINGERPRINTS.read_text(encoding="utf-8"))["games"]
CHUNK = 40


def test_the_fingerprints_cover_every_option_termination_and_strategy() -> None:
    assert len(GAMES) >= 300
    terminations = Counter(game["termination"] for game in GAMES)
    assert set(terminations) == {"LAST_STACK", "ROUND_LIMIT", "DRAW_ALL_OUT", "UNFINISHED"}
    options = [game["options"] for game in GAMES]
    assert {o["leftover"] for o in options} == {"deal_all", "set_aside"}
    assert {o["collect_order"] for o in options} == {"fixed", "shuffled"}
    assert {o["no_data"] for o in options} == {"tie", "loses"}
    assert {o["look_at_last"] for o in options} >= {None, 2, 3, 5}
    assert {o["round_limit"] for o in options} >= {None, 1, 40}
    assert {game["seats"] for game in GAMES} >= set(range(2, 13))
    assert {s for game in GAMES for s in game["strategies"]} == {"random", "best_value", "best_rank", "card_counting"}
    assert max(game["actions"] for game in GAMES) > 1000


def changed_games(games: list[dict[str, Any]], first: int, seed_scheme: SeedScheme | None = None) -> list[str]:
    """Plays ``games[first : first + CHUNK]`` again by `seed_scheme` (None: the default); names those that changed."""
    changed = []
    for number, game in enumerate(games[first : first + CHUNK], start=first):
        record = play_config(game) if seed_scheme is None else play_config(game, seed_scheme)
        assert record.outcome is not None
        summary = (len(record.actions), record.outcome.termination.name)
        if fingerprint(record) != game["sha256"] or summary != (game["actions"], game["termination"]):
            changed.append(f"game {number}: {summary} played, {(game['actions'], game['termination'])} saved")
    return changed


@pytest.mark.parametrize("first", range(0, len(GAMES), CHUNK), ids=lambda n: f"games {n}-{n + CHUNK - 1}")
def test_each_configuration_plays_the_game_it_played_before(first: int) -> None:
    changed = changed_games(GAMES, first)
    assert not changed, "; ".join(changed)


@pytest.mark.parametrize("first", range(0, len(TEXT_GAMES), CHUNK), ids=lambda n: f"games {n}-{n + CHUNK - 1}")
def test_under_the_text_seed_scheme_each_configuration_plays_its_game_of_before_the_integer_scheme(first: int) -> None:
    changed = changed_games(TEXT_GAMES, first, "text")
    assert not changed, "; ".join(changed)


@pytest.mark.parametrize("number", range(5, len(GAMES), 37))
def test_a_fingerprinted_game_replays_from_its_json_to_the_same_events_and_state(number: int) -> None:
    game = GAMES[number]
    record = play_config(game)
    loaded = GameRecord.from_json(record.to_json())
    assert fingerprint(loaded) == game["sha256"]
    rules, _ = build(game)
    state, events = replay(rules, loaded.actions)
    assert events == record.events
    assert state == replay(rules, record.actions)[0]
    assert rules.outcome(state) == (None if game["termination"] == "UNFINISHED" else record.outcome)
