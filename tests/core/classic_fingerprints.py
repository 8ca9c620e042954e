"""Fingerprints of classic games: the same configurations must keep playing the same games.

`classic_fingerprints.json` lists a few hundred seeded classic games over
every rule option (C2, C4, C6, C10, C11), 2 to 12 seats (C1; more than 6 with
``simulation=True``), bundled and random decks, every computer strategy and
the driver's cap (C12); beside each, the SHA-256 of its actions, events and
outcome as the record codec writes them, tagged by the class names that
records of formats 1 and 2 used (`toptrumps_core.record.legacy.OLD_TAGS`
read backwards), so that tagging records by wire name changed no fingerprint.  `test_classic_fingerprints.py`
plays each configuration again and compares: any change in how the engine
plays, in the order of its events or in what they hold shows as a changed
fingerprint, even where no saved record or golden transcript reaches.

The file was written by the engine as it stood before its speed-ups, and
written again when new matches moved to the integer seed scheme; write it
again only for a change meant to change how classic games play (a new rules
version) or how new matches are seeded (a new default seed scheme):

    .venv/bin/python -m tests.core.classic_fingerprints

`TEXT_FINGERPRINTS` (``classic_fingerprints_text.json``) is the file as it
was before the integer scheme, games drawn from configuration seed 2026: the
``"text"`` seed scheme must keep dealing them, so that records of that
scheme keep replaying and resuming as they were dealt.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from toptrumps_core import load_deck
from toptrumps_core.cards import Category, Deck
from toptrumps_core.chance import DEFAULT_SEED_SCHEME, SeedScheme
from toptrumps_core.classic import ClassicRules
from toptrumps_core.play import play
from toptrumps_core.record import GameRecord, encode
from toptrumps_core.record.legacy import OLD_TAGS

FINGERPRINTS = Path(__file__).with_name("classic_fingerprints.json")
"""The games as new matches play them (`DEFAULT_SEED_SCHEME`)."""
TEXT_FINGERPRINTS = Path(__file__).with_name("classic_fingerprints_text.json")
"""The games under the ``"text"`` seed scheme."""

_VALUES: tuple[object, ...] = (None, 0, 1, 2, 3, 4, 5, 6, "2.5", 10, 100)
"""Raw values of the random decks: small numbers so that ties are common, no data, a fraction."""


def random_deck(seed: int, cards: int, categories: int, *, wide: bool = False) -> Deck:
    """Returns the random deck `seed` names: `cards` cards, `categories` categories in random directions.

    Values are drawn from `_VALUES`, or with `wide` from 0..100 (as in
    ``benchmarks/bench_classic_vs_naive.py``), where games run longer.
    """
    rng = random.Random(f"deck/{seed}")
    cats = [Category(f"K{i}", higher_is_better=rng.random() < 0.6) for i in range(categories)]
    rows = {
        f"c{n}": [rng.randint(0, 100) if wide else rng.choice(_VALUES) for _ in range(categories)] for n in range(cards)
    }
    return Deck.from_rows(f"Random {seed}", cats, rows)


def build(config: dict[str, Any]) -> tuple[ClassicRules, list[Any]]:
    """Returns the rules and strategies of one configuration of the fingerprint file."""
    spec = config["deck"]
    deck = (
        load_deck(spec)
        if isinstance(spec, str)
        else random_deck(spec["seed"], spec["cards"], spec["categories"], wide=spec.get("wide", False))
    )
    rules = ClassicRules(deck, seats=config["seats"], **config["options"])
    return rules, list(config["strategies"])


_FORMAT_2_TAGS = {wire: old for old, wire in OLD_TAGS.items() if old not in ("CardsRevealed", "PlayerOut")}
"""Each wire name as records of format 2 tagged it (the two format-1 names renamed since left out)."""


def _format_2_tags(value: Any) -> Any:
    """Returns the codec's data `value` with every wire-name tag written as format 2 wrote it."""
    if isinstance(value, list):
        return [_format_2_tags(v) for v in value]
    if isinstance(value, dict):
        return {k: _FORMAT_2_TAGS[v] if k in ("type", "enum") else _format_2_tags(v) for k, v in value.items()}
    return value


def fingerprint(record: GameRecord) -> str:
    """Returns the SHA-256 of the record's actions, events and outcome, as the record codec of format 2 wrote them."""
    game = _format_2_tags([encode(record.actions), encode(record.events), encode(record.outcome)])
    return hashlib.sha256(json.dumps(game, sort_keys=True).encode("utf-8")).hexdigest()


def play_config(config: dict[str, Any], seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME) -> GameRecord:
    """Plays one configuration of the fingerprint file, its streams drawn by `seed_scheme`, and returns its record."""
    rules, strategies = build(config)
    return play(rules, strategies, seed=config["seed"], max_actions=config["max_actions"], seed_scheme=seed_scheme)


def configurations(seed: int = 2041) -> list[dict[str, Any]]:
    """Returns the configurations of the fingerprint file, drawn from `seed`.

    2041 is the first seed from 2026 on whose games, dealt by the integer
    seed scheme, cover what `test_classic_fingerprints` asks (a game over
    1000 actions among them); `TEXT_FINGERPRINTS` holds those of 2026.
    """
    rng = random.Random(seed)
    fast = ["random", "best_value", "best_rank"]
    out: list[dict[str, Any]] = []
    for n in range(360):
        seats = rng.choice([2, 2, 2, 3, 4, 4, 5, 6])
        simulation = n % 40 == 7
        if simulation:
            seats = 7 + n // 40 % 6
        if n % 9 == 0:
            deck: str | dict[str, int] = rng.choice(["animals", "dinosaurs", "planets_and_moons", "countries"])
        else:
            deck = {"seed": n, "cards": rng.randint(max(seats, 4), 40), "categories": rng.randint(2, 8)}
        if n % 5 == 1:  # the benchmark's games: long ones
            seats = 2 if n % 3 else 4
            deck = {"seed": n, "cards": 30, "categories": 6, "wide": True}
        options = {
            "leftover": rng.choice(["deal_all", "deal_all", "set_aside"]),
            "collect_order": rng.choice(["fixed", "fixed", "shuffled"]),
            "no_data": rng.choice(["tie", "loses"]),
            "look_at_last": rng.choice([None, None, None, 2, 3, 5]),
            "round_limit": rng.choice([None, None, None, 1, 5, 40, 300]),
            "simulation": simulation,
        }
        if n % 5 == 1 and n % 2:
            options.update(look_at_last=None, round_limit=None)
        pool = [*fast, "card_counting"] if n % 6 == 0 else fast
        strategies = [rng.choice(pool) for _ in range(seats)]
        max_actions = rng.choice([3, 40, 600, 3000, 100_000, 100_000, 100_000])
        config = {
            "deck": deck,
            "seats": seats,
            "options": options,
            "strategies": strategies,
            "seed": rng.randrange(10**9),
            "max_actions": 100_000 if n % 5 == 1 and n % 2 else max_actions,
        }
        rules, _ = build(config)
        if rules.seats > len(rules.deck.cards):
            continue
        out.append(config)
    return out


def write(path: Path = FINGERPRINTS) -> None:
    """Plays every configuration and writes it with its fingerprint to `path`."""
    games = []
    for config in configurations():
        record = play_config(config)
        assert record.outcome is not None
        summary = {"actions": len(record.actions), "termination": record.outcome.termination.name}
        games.append({**config, **summary, "sha256": fingerprint(record)})
    about = "Classic games and the SHA-256 of their actions, events and outcome; see classic_fingerprints.py."
    lines = ",\n".join(f"  {json.dumps(game)}" for game in games)  # one game a line: a change diffs as one line
    path.write_text(f'{{"about": {json.dumps(about)},\n "games": [\n{lines}\n]}}\n', encoding="utf-8")
    print(f"wrote {len(games)} fingerprints to {path}")


if __name__ == "__main__":
    write()
