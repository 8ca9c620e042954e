"""Records of earlier formats, brought to today's before they load.

Format 1 (release 0.1.0) stored the rules as ``{"seats", "options", "deck"}``
for every game.  Format 2 lets each rules class write its own data
(``rules.to_data()``); every game of release 0.1.0 writes that same shape,
so the rules need no change.  What does change is the vocabulary: when an
event is renamed, or its fields are, a format-1 record still holds the old
names, and must be read with the new ones to replay to its stored events.

`LEGACY_EVENTS` says how, one entry per old event type name:

- an event renamed, with fields renamed (missing fields mean unchanged)::

      LEGACY_EVENTS["PlayerOut"] = renamed("SeatOut", player="seat")

- anything else (fields dropped, values reshaped, an event split in two or
  gone): a function from the old event's data to a list of today's, e.g.
  ``lambda old: [{"type": "Revealed", "chooser": old["by"], ...}]`` (``[]``
  drops it).

Add the entry in the same change that renames the event, and keep it for as
long as format-1 records are read; the saved records in
``tests/core/saved_records/`` (never regenerated) check it.  Entries apply to
events only, at the top level of the record's event list and inside events'
fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["LEGACY_EVENTS", "EventUpgrade", "renamed", "upgrade", "upgrade_events"]

EventUpgrade = Callable[[dict[str, Any]], list[dict[str, Any]]]
"""Turns one old event's data (``{"type": old name, ...}``) into today's events' data."""

LEGACY_EVENTS: dict[str, EventUpgrade] = {}
"""How to read each renamed event of a format-1 record, by its old type name."""


def renamed(new_type: str, **fields: str) -> EventUpgrade:
    """Returns an `EventUpgrade` for an event renamed to `new_type`, fields renamed old=new.

    Example:
        >>> renamed("SeatOut", player="seat")({"type": "PlayerOut", "player": 2})
        [{'type': 'SeatOut', 'seat': 2}]
    """

    def upgrade_event(old: dict[str, Any]) -> list[dict[str, Any]]:
        new: dict[str, Any] = {"type": new_type}
        for key, value in old.items():
            if key != "type":
                new[fields.get(key, key)] = value
        return [new]

    return upgrade_event


def _upgrade_value(value: Any) -> Any:
    """Returns `value` with each renamed event inside it upgraded (one event in, one out)."""
    if isinstance(value, list):
        return [_upgrade_value(v) for v in value]
    if isinstance(value, dict):
        inner = {k: _upgrade_value(v) for k, v in value.items()}
        if isinstance(inner.get("type"), str) and inner["type"] in LEGACY_EVENTS:
            out = LEGACY_EVENTS[inner["type"]](inner)
            if len(out) != 1:
                raise ValueError(f"an event inside another must upgrade to one event; {inner['type']!r} does not")
            return out[0]
        return inner
    return value


def upgrade_events(events: Any) -> Any:
    """Returns a stored event list with every `LEGACY_EVENTS` entry applied (anything else as is)."""
    if not isinstance(events, list):
        return events
    out: list[Any] = []
    for event in events:
        if isinstance(event, dict) and isinstance(event.get("type"), str) and event["type"] in LEGACY_EVENTS:
            inner = {k: _upgrade_value(v) for k, v in event.items()}
            out.extend(LEGACY_EVENTS[event["type"]](inner))
        else:
            out.append(_upgrade_value(event))
    return out


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Returns the format-1 record `data` as a format-2 record's data (a new dict).

    The rules keep their shape (every game of format 1 wrote
    ``{"seats", "options", "deck"}``, which is what their ``to_data`` writes
    today); the events are read through `LEGACY_EVENTS`.
    """
    new = dict(data)
    new["format"] = 2
    if "events" in new:
        new["events"] = upgrade_events(new["events"])
    return new


# -- the comparison's shared vocabulary: classic play and the tournament tell a
# comparison with the same events (toptrumps_core.events)


def _comparison_won(old: dict[str, Any]) -> list[dict[str, Any]]:
    """ComparisonWon(seat, category, card) became Won(seat, category, cards=[card]) (T5)."""
    return [{"type": "Won", "seat": old["seat"], "category": old["category"], "cards": [old["card"]]}]


def _comparison_tied(old: dict[str, Any]) -> list[dict[str, Any]]:
    """ComparisonTied(category, tied, again) became Tied(category, seats, pot_size=0, again) (T6)."""
    return [{"type": "Tied", "category": old["category"], "seats": old["tied"], "pot_size": 0, "again": old["again"]}]


def _classic_tied(old: dict[str, Any]) -> list[dict[str, Any]]:
    """Classic play's Tied gained `again`, empty there: the chooser picks again (C5)."""
    return [{**old, "again": old.get("again", [])}]


LEGACY_EVENTS["CardsRevealed"] = renamed("Revealed")
LEGACY_EVENTS["ComparisonWon"] = _comparison_won
LEGACY_EVENTS["ComparisonTied"] = _comparison_tied
LEGACY_EVENTS["Tied"] = _classic_tied
LEGACY_EVENTS["PlayerOut"] = renamed("SeatOut")
