"""Mission files: prepared Squads missions for a deck, loaded all or nothing (rule S2).

A mission file is TOML a teacher can write::

    deck = "Animals"

    [[missions]]
    title = "Cross the savannah"
    story = "The herd must cross before the rains..."
    critical = { category = "Top speed", goal = "highest" }
    important = { category = "Weight", goal = "nearest", target = 500 }
    useful = { category = "Lifespan", goal = "lowest" }

``deck`` is the name of the deck the missions are for; each mission has a
``title``, a ``story`` and three roles, each a ``category`` of that deck, a
``goal`` (``"highest"``, ``"lowest"`` or ``"nearest"``) and, for nearest, a
``target`` number in the category's unit, read exactly as written.

Loading parses every mission, checks each with `check_mission`, checks that
titles are unique, and only then returns them: a bad file raises one
`MissionError` naming the file, the mission and the field, and nothing
half-loaded is used.  The bundled files (``squads/missions/*.toml``, one per
bundled deck) are found by the deck's name (`bundled_missions`).

Rules version: 1.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from toptrumps_core.cards import Deck
from toptrumps_core.squads.missions import ROLES, Mission, MissionError, MissionSlot, check_mission

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["bundled_mission_decks", "bundled_missions", "load_missions", "parse_missions"]

_KEYS = {"title", "story", *ROLES}
_SLOT_KEYS = {"category", "goal", "target"}


def parse_missions(text: str, deck: Deck, *, path: str | Path | None = None) -> tuple[Mission, ...]:
    """Returns the missions of the TOML `text`, every one valid for `deck` (rule S2).

    Raises:
        MissionError: If the text is not TOML, names another deck, has no
            missions, a mission lacks a field or has an unknown one, a
            mission is not valid for the deck (see `check_mission`), or two
            missions share a title; the message names the file, the mission
            and the field.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B"), Category("C")], {"x": [1, 2, 3], "y": [3, 2, 1]})
        >>> text = '''deck = "D"
        ... [[missions]]
        ... title = "T"
        ... story = "S"
        ... critical = { category = "A", goal = "highest" }
        ... important = { category = "B", goal = "nearest", target = 2.5 }
        ... useful = { category = "C", goal = "lowest" }'''
        >>> parse_missions(text, d)[0].important.target
        Fraction(5, 2)
    """
    try:
        data = tomllib.loads(text, parse_float=Fraction)
    except tomllib.TOMLDecodeError as err:
        raise MissionError(path, expected="a TOML mission file", got=str(err)) from None
    named = data.get("deck")
    if named != deck.name:
        raise MissionError(path, field="deck", expected=f"the deck name {deck.name!r}", got=named)
    entries = data.get("missions")
    if not isinstance(entries, list) or not entries:
        raise MissionError(path, field="missions", expected="one or more [[missions]] tables", got=entries)
    missions: list[Mission] = []
    titles: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        mission = _mission(entry, deck, path=path, label=f"#{number}")
        if mission.title in titles:
            raise MissionError(path, mission=mission.title, field="title", expected="a title no other mission has")
        titles.add(mission.title)
        missions.append(mission)
    return tuple(missions)


def load_missions(path: str | os.PathLike[str], deck: Deck) -> tuple[Mission, ...]:
    """Returns the missions in the TOML file at `path`, every one valid for `deck`.

    Raises:
        MissionError: If the file cannot be read or is not a valid mission
            file for `deck` (see `parse_missions`).
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise MissionError(file, expected="a readable UTF-8 mission file", got=str(err)) from None
    return parse_missions(text, deck, path=file)


def _bundled_texts() -> dict[str, tuple[str, str]]:
    """Returns ``{deck name: (file name, text)}`` for every bundled mission file."""
    folder = resources.files("toptrumps_core.squads").joinpath("missions")
    out: dict[str, tuple[str, str]] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            text = entry.read_text(encoding="utf-8")
            name = tomllib.loads(text).get("deck")
            if isinstance(name, str):
                out[name] = (entry.name, text)
    return out


def bundled_mission_decks() -> tuple[str, ...]:
    """Returns the names of the decks that have bundled missions, sorted.

    Example:
        >>> "Animals" in bundled_mission_decks()
        True
    """
    return tuple(sorted(_bundled_texts()))


def bundled_missions(deck: Deck) -> tuple[Mission, ...]:
    """Returns the prepared missions bundled for `deck` (found by its name); empty if none.

    Raises:
        MissionError: If the bundled file does not fit the deck (a deck
            changed without its missions).

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> len(bundled_missions(load_deck("animals"))) >= 5
        True
    """
    found = _bundled_texts().get(deck.name)
    if found is None:
        return ()
    name, text = found
    return parse_missions(text, deck, path=name)


def _mission(entry: object, deck: Deck, *, path: str | Path | None, label: str) -> Mission:
    """Returns one [[missions]] table as a checked `Mission`."""
    if not isinstance(entry, Mapping):
        raise MissionError(path, mission=label, expected="a [[missions]] table", got=entry)
    title = entry.get("title")
    name = title if isinstance(title, str) and title.strip() else label
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise MissionError(path, mission=name, field=unknown[0], expected=f"only the fields {sorted(_KEYS)}")
    for key in ("title", "story", *ROLES):
        if key not in entry:
            raise MissionError(path, mission=name, field=key, expected="this field")
    slots = [_slot(entry[role], path=path, mission=name, role=role) for role in ROLES]
    mission = Mission(entry["title"], entry["story"], *slots)
    return check_mission(mission, deck, path=path, label=name)


def _slot(raw: Any, *, path: str | Path | None, mission: str, role: str) -> MissionSlot:
    """Returns a role's inline table as a `MissionSlot` (checked against the deck later)."""
    if not isinstance(raw, Mapping):
        raise MissionError(
            path,
            mission=mission,
            field=role,
            expected='a table such as { category = "Height", goal = "highest" }',
            got=raw,
        )
    unknown = sorted(set(raw) - _SLOT_KEYS)
    if unknown:
        raise MissionError(path, mission=mission, field=f"{role}.{unknown[0]}", expected="category, goal or target")
    category = raw.get("category")
    if not isinstance(category, str):
        raise MissionError(path, mission=mission, field=f"{role}.category", expected="a category name", got=category)
    goal = raw.get("goal", "highest")
    target = raw.get("target")
    if isinstance(target, bool) or not (target is None or isinstance(target, (int, Fraction))):
        raise MissionError(path, mission=mission, field=f"{role}.target", expected="a number", got=target)
    return MissionSlot(category, goal, None if target is None else Fraction(target))
