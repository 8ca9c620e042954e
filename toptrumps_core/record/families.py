"""Game families: the rules classes a record can name, and what they must provide.

A record names its game by family (``"classic"``, ``"tournament"``,
``"hilo"``, each mini-game, ...): the wire name of its `GameFamily`
(`toptrumps_core.families`, where a game registers once).  The rules class
of a family provides:

- ``family``: its family name, and ``rules_version``: the version of its
  rules' semantics (both may be class attributes);
- ``to_data()``: its configuration (seats, options, decks, quiz charts, ...)
  as JSON-ready data, in whatever shape it chooses;
- ``from_data(data, *, rules_version)``: a classmethod that rebuilds the
  rules from that data, playing version `rules_version` of them.

Rules versions: a rules class whose semantics change (a rule is dealt or
scored differently, say) raises its ``RULES_VERSION``, and keeps the old
behaviour reachable through a ``rules_version`` keyword of its own (a
dataclass field defaulting to the current version).  A record stores the
version it was played under, and `GameRecord.from_json` passes it to
``from_data``, which builds the rules of that version: so a version-1 record
rebuilds version-1 rules and replays exactly, while new games play the new
version.  A class that plays one version only checks the number with
`check_rules_version`.  Rules that hold other rules (the tournament holds its
Finale) pass their version on to the rules they build.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from toptrumps_core.errors import RecordError
from toptrumps_core.families import GameFamily, get_game, known_games, register_game
from toptrumps_core.protocol import Action, Game

__all__ = [
    "RecordedRules",
    "check_rules_version",
    "get_family",
    "known_families",
    "register_family",
]

R = TypeVar("R", bound="RecordedRules")


@runtime_checkable
class RecordedRules(Game[Any, Action, Any], Protocol):
    """A rules object that a game record can store (see the module docstring)."""

    @property
    def family(self) -> str:
        """The name of its game family, e.g. ``"classic"``."""
        ...

    @property
    def rules_version(self) -> int:
        """The version of its rules' semantics, >= 1."""
        ...

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as JSON-ready data (`from_data` reads it back)."""
        ...

    @classmethod
    def from_data(cls: type[R], data: Mapping[str, Any], *, rules_version: int) -> R:
        """Returns the rules that `to_data` wrote, playing version `rules_version`.

        Raises:
            RecordError: If the data is not valid rules or this program does
                not play that version.
        """
        ...


def register_family(name: str, cls: type[RecordedRules]) -> None:
    """Registers the rules class `cls` as the game family `name` with nothing else said of it.

    The short form of `toptrumps_core.families.register_game`, kept for
    the games that only need records: ``register_game(GameFamily(name, cls))``.
    Registering the class of an already registered family again is harmless.

    Raises:
        ValueError: If another class is registered under `name`, or `cls`
            says its family is another name.
    """
    family = getattr(cls, "family", name)
    if isinstance(family, str) and family != name:
        raise ValueError(f"{cls.__name__}.family is {family!r}, not {name!r}")
    try:
        known = get_game(name)
    except ValueError:
        register_game(GameFamily(name, cls))
        return
    if known.rules_class is not cls:
        raise ValueError(f"two game families are named {name!r}: {known.rules_class.__name__} and {cls.__name__}")


def get_family(name: str) -> type[RecordedRules]:
    """Returns the rules class of the game family `name`, loading the family on first use.

    Raises:
        ValueError: If no family has that name (the message lists the known ones).

    Example:
        >>> get_family("classic").__name__
        'ClassicRules'
    """
    cls: type[RecordedRules] = get_game(name).rules_class
    return cls


def known_families() -> list[str]:
    """Returns the names of every game family (the core's and every one registered), sorted."""
    return known_games()


def check_rules_version(rules_version: object, plays: Collection[int], family: str) -> int:
    """Returns `rules_version` if it is one of the versions `plays` of `family`.

    Raises:
        RecordError: If it is not (the message names both).
    """
    if isinstance(rules_version, bool) or rules_version not in plays:
        raise RecordError(
            f"the record uses rules version {rules_version!r} of {family!r}; "
            f"this program plays version {', '.join(map(str, sorted(plays)))}"
        )
    assert isinstance(rules_version, int)
    return rules_version
