"""Game records: rules + seed + start + actions + events, as versioned JSON.

Actions are the source of truth; events are derived from them and stored for
narration.  `GameRecord.from_json` replays the actions from the start state
and checks that they give the stored events and outcome exactly, so a record
that loads is a record that replays.  Because drawn chance outcomes
(`Shuffle`, `Lot`, ...) are stored as actions, replay needs no generator and
gives the same game on any Python version.

JSON layout (``"format": 1``)::

    {"format": 1, "game": "classic", "rules_version": 1,
     "rules": {"seats": 3, "options": {...}, "deck": {...}},
     "seed": 7, "start": {...} | null,
     "actions": [{"type": "Shuffle", "order": [...]}, ...],
     "events": [{"type": "Dealt", ...}, ...],
     "outcome": {"type": "Outcome", ...} | null}

Values are tagged: `Recorded` dataclasses (every action, event and stored
state, known by class name) as ``{"type": name, field: value...}``, enums as
``{"enum": name, "value": ...}``, frozensets as ``{"set": [...]}``, Fractions as
``{"fraction": "37/10"}``; lists decode as tuples.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.errors import DeckError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.protocol import Action, Event, Game, Outcome, Termination, recorded_type

__all__ = ["FORMAT", "GameRecord", "decode", "encode", "register_game", "replay"]

FORMAT = 1

_GAMES: dict[str, Callable[[Deck, int, dict[str, Any]], Game]] = {}


def register_game(name: str, build: Callable[[Deck, int, dict[str, Any]], Game]) -> None:
    """Registers a game family: `build(deck, seats, options)` makes its rules."""
    _GAMES[name] = build


def encode(value: Any) -> Any:
    """Returns `value` as JSON-ready data (see the module docstring for tags).

    Raises:
        TypeError: For a type the codec does not know.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return {"enum": type(value).__name__, "value": value.value}
    if isinstance(value, Fraction):
        return {"fraction": str(value)}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"set": sorted((encode(v) for v in value), key=json.dumps)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if recorded_type(name) is not type(value):
            raise TypeError(f"{name} is not a Recorded class the record codec knows")
        out: dict[str, Any] = {"type": name}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    raise TypeError(f"cannot encode {value!r} in a game record")


def _known(name: str) -> type:
    """Returns the `Recorded` class called `name` (decode has checked that there is one)."""
    cls = recorded_type(name)
    assert cls is not None
    return cls


def decode(data: Any) -> Any:
    """Returns the value that `encode` turned into `data`.

    Raises:
        RecordError: If `data` names an unknown type or has the wrong fields.
    """
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        for tag in ("type", "enum"):
            if tag in data and not (isinstance(data[tag], str) and recorded_type(data[tag]) is not None):
                raise RecordError(f"unknown record {tag} {data[tag]!r} in {json.dumps(data)[:120]!r}")
        try:
            if "type" in data:
                cls = _known(data["type"])
                fields = {k: decode(v) for k, v in data.items() if k != "type"}
                return cls(**fields)
            if "enum" in data:
                return _known(data["enum"])(data["value"])
            if "set" in data:
                return frozenset(decode(v) for v in data["set"])
            if "fraction" in data:
                return Fraction(data["fraction"])
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as err:
            raise RecordError(f"cannot decode {json.dumps(data)[:120]!r}: {err}") from None
    raise RecordError(f"cannot decode {json.dumps(data)[:120]!r}: expected a tagged value")


def deck_to_data(deck: Deck) -> dict[str, Any]:
    """Returns `deck` as JSON-ready data (values as exact fraction strings)."""
    return {
        "name": deck.name,
        "source": deck.source,
        "description": deck.description,
        "categories": [
            {"name": c.name, "unit": c.unit, "higher_is_better": c.higher_is_better, "note": c.note}
            for c in deck.categories
        ],
        "cards": [
            {
                "name": card.name,
                "values": [None if v is None else str(v) for v in card.values],
                "code": card.code,
                "fact": card.fact,
                "picture": card.picture,
            }
            for card in deck.cards
        ],
    }


def deck_from_data(data: dict[str, Any]) -> Deck:
    """Returns the deck that `deck_to_data` produced.

    Raises:
        RecordError: If the data is not a valid deck.
    """
    try:
        categories = tuple(Category(**c) for c in data["categories"])
        cards = tuple(
            Card(
                c["name"],
                tuple(None if v is None else Fraction(v) for v in c["values"]),
                categories,
                code=c["code"],
                fact=c["fact"],
                picture=c["picture"],
            )
            for c in data["cards"]
        )
        return Deck(data["name"], categories, cards, source=data["source"], description=data["description"])
    except (KeyError, TypeError, ValueError, ZeroDivisionError, DeckError) as err:
        raise RecordError(f"the record's deck is not valid: {err}") from None


def replay(rules: Game, actions: Iterable[Action], start: Any = None) -> tuple[Any, tuple[Event, ...]]:
    """Folds `rules.apply` over `actions` from `start` (default: initial state).

    Returns:
        ``(final state, every event in order)``.

    Raises:
        RecordError: If an action is illegal where it stands (the message gives
            its position).
    """
    state = rules.initial_state() if start is None else start
    events: list[Event] = []
    for number, action in enumerate(actions):
        try:
            step = rules.apply(state, action)
        except TopTrumpsError as err:
            raise RecordError(f"action {number} ({action!r}) does not replay: {err}") from None
        state = step.state
        events.extend(step.events)
    return state, tuple(events)


_UNFINISHED = Outcome(Termination.UNFINISHED, frozenset())

_RECORD_KEYS = {
    "game": 'the game family, e.g. "classic"',
    "rules_version": "the version of the game's rules, e.g. 1",
    "rules": 'the rules, {"seats": ..., "options": {...}, "deck": {...}}',
    "seed": "the match seed, or null",
    "start": "the scenario start state, or null for a shuffle",
    "actions": "the list of every action, in order",
    "events": "the list of every event, in order",
    "outcome": "how the game ended, or null",
}
_RULES_KEYS = {
    "seats": "the number of seats",
    "options": "the rule options by name, {...}",
    "deck": "the deck, {...}",
}


def _check_keys(data: dict[str, Any], keys: dict[str, str], what: str) -> None:
    """Raises RecordError naming the first of `keys` that `data` lacks, and what it holds."""
    for key, meaning in keys.items():
        if key not in data:
            raise RecordError(f"{what} has no {key!r} ({meaning})")


def _json_kind(value: Any) -> str:
    """Returns how a JSON value reads to a person: ``a list [1, 2]``, ``the number 3``."""
    kinds = ((bool, "true/false"), (list, "a list"), (dict, "an object"), (str, "a text"), ((int, float), "the number"))
    kind = next((name for types, name in kinds if isinstance(value, types)), "null")
    return f"{kind} {json.dumps(value)[:60]}" if value is not None else "null"


def _check_start(rules: Game, start: Any) -> None:
    """Raises RecordError unless `start` is a state that `rules` can play from."""
    check = getattr(rules, "check_start", None)
    if check is None:
        if type(start) is not type(rules.initial_state()):
            raise RecordError(f"the record's start is not a state of this game; got {start!r:.120}")
        return
    try:
        check(start)
    except RuleOptionError as err:
        raise RecordError(f"the record's start is not valid: {err}") from None


@dataclass(frozen=True)
class GameRecord:
    """A whole game, enough to replay it exactly anywhere.

    Attributes:
        rules: The rules object (deck, seats, options).
        seed: The match seed the chance and seat streams came from, or None
            when the actions were given by hand.
        start: The start state for a scenario start, or None for the
            rules' initial state (a shuffle).
        actions: Every action in order, chance outcomes included.
        events: Every event in order.
        outcome: How the game ended; ``Termination.UNFINISHED`` when the
            driver's cap stopped it (rule C12); None if it is still going.
    """

    rules: Any
    seed: int | str | None
    start: Any
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    def to_json(self, *, indent: int | None = None) -> str:
        """Returns the record as a JSON document (format 1; see the module doc)."""
        rules = self.rules
        data = {
            "format": FORMAT,
            "game": rules.family,
            "rules_version": rules.rules_version,
            "rules": {"seats": rules.seats, "options": rules.options(), "deck": deck_to_data(rules.deck)},
            "seed": self.seed,
            "start": encode(self.start),
            "actions": encode(self.actions),
            "events": encode(self.events),
            "outcome": encode(self.outcome),
        }
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Returns the record in `text` after replaying it to check it.

        Raises:
            RecordError: If the text is not a JSON object, lacks a key (the
                message names it and what it holds), is of another format
                or rules version, names an unknown game or record type, or
                does not replay to the stored events and outcome.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as err:
            raise RecordError(f"a game record must be JSON: {err}") from None
        except ValueError:  # json's int() refuses more than sys.get_int_max_str_digits() digits
            raise RecordError("a game record must be JSON; it holds a number too long to be part of a game") from None
        except RecursionError:
            raise RecordError("a game record must be JSON nested a sane depth") from None
        if not isinstance(data, dict):
            raise RecordError(f"a game record must be a JSON object {{...}}; got {_json_kind(data)}")
        if "format" not in data:
            raise RecordError(f"the record has no 'format' (the record format, {FORMAT})")
        if data["format"] != FORMAT or isinstance(data["format"], bool):
            raise RecordError(f"expected a game record with format {FORMAT}; got format {data['format']!r}")
        _check_keys(data, _RECORD_KEYS, "the record")
        if not isinstance(data["game"], str) or data["game"] not in _GAMES:
            raise RecordError(f"unknown game {data['game']!r}; known games: {sorted(_GAMES)}")
        rules_data = data["rules"]
        if not isinstance(rules_data, dict):
            raise RecordError(f'the record\'s "rules" must be an object {{...}}; got {_json_kind(rules_data)}')
        _check_keys(rules_data, _RULES_KEYS, 'the record\'s "rules"')
        if not isinstance(rules_data["options"], dict):
            options = _json_kind(rules_data["options"])
            raise RecordError(f"the record's rule options must be an object {{...}}; got {options}")
        if not isinstance(rules_data["deck"], dict):
            raise RecordError(f"the record's deck must be an object {{...}}; got {_json_kind(rules_data['deck'])}")
        try:
            deck = deck_from_data(rules_data["deck"])
            rules = _GAMES[data["game"]](deck, rules_data["seats"], dict(rules_data["options"]))
        except RecordError:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as err:  # RuleOptionError is a ValueError
            raise RecordError(f"the record's rules are not valid: {err}") from None
        if data["rules_version"] != rules.rules_version:  # type: ignore[attr-defined]
            raise RecordError(
                f"the record uses rules version {data['rules_version']!r}; "
                f"this program plays version {rules.rules_version}"  # type: ignore[attr-defined]
            )
        start = decode(data["start"])
        actions = decode(data["actions"])
        stored_events = data["events"]
        stored_outcome = data["outcome"]
        seed = data["seed"]
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RecordError(f"the record's seed must be a whole number, a text or null; got {_json_kind(seed)}")
        if not isinstance(actions, tuple):
            raise RecordError(f"the record's actions must be a list; got {data['actions']!r:.120}")
        if start is not None:
            _check_start(rules, start)
        state, events = replay(rules, actions, start)
        if encode(events) != stored_events:
            raise RecordError("the record's actions do not replay to its stored events")
        outcome = decode(stored_outcome)
        replayed = rules.outcome(state)
        # Only a game the driver's cap stopped (rule C12) may end UNFINISHED
        # while its replay is still going; every other outcome must match.
        if outcome != replayed and not (replayed is None and outcome == _UNFINISHED):
            raise RecordError(f"the record's outcome {outcome!r} differs from the replayed game's {replayed!r}")
        return cls(rules, seed, start, actions, events, outcome)

    @property
    def winners(self) -> frozenset[int]:
        """Returns the winning seats (empty when unfinished or still going)."""
        return self.outcome.winners if self.outcome else frozenset()
