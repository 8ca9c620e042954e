"""Game records: rules + seed + start + actions, as versioned JSON.

Actions are the source of truth, and a record stores nothing else of the
game: `GameRecord.from_json` replays the actions from the start state to
rebuild the events (``record.events``) and checks the stored outcome against
the replay, so a record that loads is a record that replays.  Because drawn
chance outcomes (`Shuffle`, `Lot`, ...) are stored as actions, replay needs
no generator and gives the same game on any Python version.

JSON layout (``"format": 4``)::

    {"format": 4, "game": "classic", "rules_version": 1,
     "rules": <the rules' own data, rules.to_data()>,
     "seed": 7, "seed_scheme": "splitmix64", "start": {...} | null,
     "actions": [{"type": "shuffle", "order": [...]}, ...],
     "outcome": {"type": "outcome", ...} | null,
     "release": "0.1.0" | null}

The outcome stays because replay cannot tell it alone: a game the driver's
cap stopped (rule C12) ends ``UNFINISHED`` while its replay is still going.

Records of formats 1 to 3 also stored every event.  They still load: their
events are checked against the replay, and a record whose stored events
differ is refused with a `RecordError` naming the first differing event and
the action that gave it (a changed file, or one a program with other rules
wrote), so ``record.events`` is always the replay's own.

``"seed_scheme"`` says how the streams came from the seed
(`toptrumps_core.chance.SEED_SCHEMES`); a record without it was saved before
the integer scheme and is ``"text"``.  ``"game"`` names the game family
(`toptrumps_core.record.families`), whose
``from_data(rules, rules_version=...)`` rebuilds the rules; card games write
``{"seats": ..., "options": {...}, "deck": {...}}``.  ``"release"`` names the
release of the app that wrote the record (`toptrumps_core.record.release`;
absent from records written before it was added), for people only.  Values are tagged by
`toptrumps_core.record.codec` with each type's wire name, never a Python
class name.  Records of formats 1 (release 0.1.0) and 2, tagged by class
name, load through `toptrumps_core.record.legacy`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from toptrumps_core.chance import SeedScheme, check_seed_scheme
from toptrumps_core.checks import is_whole_number
from toptrumps_core.errors import RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.protocol import Action, AnyGame, Event, Outcome, Termination
from toptrumps_core.record import legacy
from toptrumps_core.record.codec import decode, encode
from toptrumps_core.record.decks import json_kind
from toptrumps_core.record.families import RecordedRules, get_family
from toptrumps_core.record.release import RELEASE_KEY, release

__all__ = ["FORMAT", "FORMATS_READ", "GameRecord", "replay"]

FORMAT = 4
"""The record format this program writes: actions only, tagged by wire name."""
FORMATS_READ = (1, 2, 3, 4)
"""The record formats this program reads (formats 1 and 2 through `toptrumps_core.record.legacy`)."""
FORMATS_WITH_EVENTS = (1, 2, 3)
"""The record formats that store every event beside the actions (checked against the replay on load)."""


def replay(rules: AnyGame, actions: Iterable[Action], start: Any = None) -> tuple[Any, tuple[Event, ...]]:
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
        state, caused = _apply(rules, state, action, number)
        events.extend(caused)
    return state, tuple(events)


def _apply(rules: AnyGame, state: Any, action: Action, number: int) -> tuple[Any, tuple[Event, ...]]:
    """Returns ``(next state, events)`` of action number `number`; RecordError if it is illegal there."""
    try:
        step = rules.apply(state, action)
    except TopTrumpsError as err:
        raise RecordError(f"action {number} ({action!r}) does not replay: {err}") from None
    return step.state, tuple(step.events)


_UNFINISHED = Outcome(Termination.UNFINISHED, frozenset())

_RECORD_KEYS = {
    "game": 'the game family, e.g. "classic"',
    "rules_version": "the version of the game's rules, e.g. 1",
    "rules": 'the rules as the game writes them, e.g. {"seats": ..., "options": {...}, "deck": {...}}',
    "seed": "the match seed, or null",
    "start": "the scenario start state, or null for a shuffle",
    "actions": "the list of every action, in order",
    "outcome": "how the game ended, or null",
}


def _check_start(rules: AnyGame, start: Any) -> None:
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


def _load(text: str) -> dict[str, Any]:
    """Returns the JSON object in `text`, as data of format 3 (with events) or 4.

    Raises:
        RecordError: If `text` is not a JSON object with a format this
            program reads.
    """
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, TypeError) as err:
        raise RecordError(f"a game record must be JSON: {err}") from None
    except ValueError:  # json's int() refuses more than sys.get_int_max_str_digits() digits
        raise RecordError("a game record must be JSON; it holds a number too long to be part of a game") from None
    except RecursionError:
        raise RecordError("a game record must be JSON nested a sane depth") from None
    if not isinstance(data, dict):
        raise RecordError(f"a game record must be a JSON object {{...}}; got {json_kind(data)}")
    record: dict[str, Any] = data
    if "format" not in record:
        raise RecordError(f"the record has no 'format' (the record format, {FORMAT})")
    version = record["format"]
    if not is_whole_number(version) or version not in FORMATS_READ:
        raise RecordError(f"expected a game record with format {FORMAT}; got format {version!r}")
    if version in (1, 2):
        try:
            record = legacy.upgrade(record)
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"the format-{version} record cannot be read as format {FORMAT}: {err}") from None
    for key, meaning in _RECORD_KEYS.items():
        if key not in record:
            raise RecordError(f"the record has no {key!r} ({meaning})")
    if version in FORMATS_WITH_EVENTS and "events" not in record:
        raise RecordError(f"the format-{version} record has no 'events' (the list of every event, in order)")
    if version not in FORMATS_WITH_EVENTS and "events" in record:
        raise RecordError(f"a format-{version} record stores no events (replay rebuilds them); this one has 'events'")
    return record


def _check_stored_events(rules: AnyGame, actions: tuple[Action, ...], start: Any, stored: Any) -> None:
    """Raises RecordError unless `stored` (a record's event data) is what the replay of `actions` gives.

    The message names the first differing event, the action that gave it,
    and both versions of that event.
    """
    if not isinstance(stored, list):
        raise RecordError(f"the record's events must be a list; got {json_kind(stored)}")
    state = rules.initial_state() if start is None else start
    number = 0
    for position, action in enumerate(actions):
        state, events = _apply(rules, state, action, position)
        for event in encode(events):
            if number >= len(stored) or stored[number] != event:
                have = json.dumps(stored[number])[:120] if number < len(stored) else "nothing"
                raise RecordError(
                    f"the record's actions do not replay to its stored events: event {number} "
                    f"(from action {position}, {action!r:.80}) is stored as {have}, "
                    f"the replay gives {json.dumps(event)[:120]}"
                )
            number += 1
    if number < len(stored):
        raise RecordError(
            f"the record's actions do not replay to its stored events: it stores {len(stored) - number} "
            f"event(s) after the replay's last, the first {json.dumps(stored[number])[:120]}"
        )


def _rules(data: dict[str, Any]) -> RecordedRules:
    """Returns the rules the record `data` names, of the version it was played under.

    Raises:
        RecordError: If the family is unknown, the rules data is not valid,
            or this program does not play that rules version.
    """
    try:
        family = get_family(data["game"])
    except ValueError as err:
        raise RecordError(str(err)) from None
    rules_data = data["rules"]
    if not isinstance(rules_data, dict):
        raise RecordError(f'the record\'s "rules" must be an object {{...}}; got {json_kind(rules_data)}')
    version = data["rules_version"]
    try:
        rules = family.from_data(rules_data, rules_version=version)
    except RecordError:
        raise
    except (KeyError, IndexError, TypeError, ValueError) as err:  # RuleOptionError is a ValueError
        raise RecordError(f"the record's rules are not valid: {err}") from None
    if rules.rules_version != version or isinstance(version, bool):
        raise RecordError(
            f"the record uses rules version {version!r}; this program plays version {rules.rules_version}"
        )
    return rules


@dataclass(frozen=True)
class GameRecord:
    """A whole game, enough to replay it exactly anywhere.

    Attributes:
        rules: The rules object (deck, seats, options); `to_json` needs
            it to be `RecordedRules` of a registered family.
        seed: The match seed the chance and seat streams came from, or None
            when the actions were given by hand.
        start: The start state for a scenario start, or None for the
            rules' initial state (a shuffle).
        actions: Every action in order, chance outcomes included.
        events: Every event in order; `to_json` does not store them (format
            4): `from_json` rebuilds them by replaying the actions.
        outcome: How the game ended; ``Termination.UNFINISHED`` when the
            driver's cap stopped it (rule C12); None if it is still going.
        seed_scheme: How the streams came from the seed
            (`toptrumps_core.chance.SEED_SCHEMES`): resuming draws them so
            again.  ``"text"`` when not given, as in records saved before
            the integer scheme.
    """

    rules: AnyGame
    seed: int | str | None
    start: Any
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None
    seed_scheme: SeedScheme = "text"

    def to_json(self, *, indent: int | None = None) -> str:
        """Returns the record as a JSON document (format 4, actions only; see the module doc).

        Raises:
            TypeError: If the rules cannot be recorded (they lack ``family``,
                ``rules_version``, ``to_data`` or ``from_data``).
        """
        rules = self.rules
        if not isinstance(rules, RecordedRules):
            raise TypeError(f"{type(rules).__name__} cannot be recorded: it needs family, rules_version and to_data")
        data = {
            "format": FORMAT,
            "game": rules.family,
            "rules_version": rules.rules_version,
            "rules": rules.to_data(),
            "seed": self.seed,
            "seed_scheme": self.seed_scheme,
            "start": encode(self.start),
            "actions": encode(self.actions),
            "outcome": encode(self.outcome),
            RELEASE_KEY: release(),
        }
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Returns the record in `text`, its events rebuilt by replaying its actions.

        Reads formats 3 and 4 and, through `toptrumps_core.record.legacy`,
        formats 1 and 2.  The events of formats 1-3 are checked against the
        replay (see the module docstring).

        Raises:
            RecordError: If the text is not a JSON object, lacks a key (the
                message names it and what it holds), is of another format
                or rules version, names an unknown game or record type, has
                an action that is illegal where it stands, does not replay
                to its stored outcome, or (formats 1-3) does not replay to
                its stored events (the message names the first that differs).
        """
        try:  # json.loads takes nesting deeper than decoding it can follow
            data = _load(text)
            rules = _rules(data)
            start, actions, outcome = decode(data["start"]), decode(data["actions"]), decode(data["outcome"])
        except RecursionError:
            raise RecordError("a game record must be JSON nested a sane depth") from None
        seed = data["seed"]
        if seed is not None and not isinstance(seed, str) and not is_whole_number(seed):
            raise RecordError(f"the record's seed must be a whole number, a text or null; got {json_kind(seed)}")
        try:
            scheme = check_seed_scheme(data.get("seed_scheme", "text"))
        except ValueError as err:
            raise RecordError(f"the record's {err}") from None
        if not isinstance(actions, tuple):
            raise RecordError(f"the record's actions must be a list; got {data['actions']!r:.120}")
        if start is not None:
            _check_start(rules, start)
        state, events = replay(rules, actions, start)
        if "events" in data and encode(events) != data["events"] and not _decodes_to(data["events"], events):
            _check_stored_events(rules, actions, start, data["events"])
        replayed = rules.outcome(state)
        # Only a game the driver's cap stopped (rule C12) may end UNFINISHED
        # while its replay is still going; every other outcome must match.
        if outcome != replayed and not (replayed is None and outcome == _UNFINISHED):
            raise RecordError(f"the record's outcome {outcome!r} differs from the replayed game's {replayed!r}")
        return cls(rules, seed, start, actions, events, outcome, scheme)

    @property
    def winners(self) -> frozenset[int]:
        """Returns the winning seats (empty when unfinished or still going)."""
        return self.outcome.winners if self.outcome else frozenset()


def _decodes_to(stored: Any, events: tuple[Event, ...]) -> bool:
    """Returns True if the stored events decode to `events` (tagged as written before an end reason moved).

    A record that stored Squads' or the quiz's end reason as a `Termination`
    holds other tags than a fresh encoding, yet the same events.
    """
    try:
        return bool(decode(stored) == events)
    except RecordError:
        return False
