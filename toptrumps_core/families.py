"""Game families: one registration per game, each loaded when first used.

A game family is one kind of game a record can name (``"classic"``,
``"hilo"``, ``"tournament"``, each mini-game, ``"squads"``, ``"quiz"``).
Everything the rest of the core needs to know about it is said once, in one
`GameFamily`, and registered with `register_game`:

- its rules class and its wire name (the record's ``"game"``, e.g. ``"classic"``);
- its end reasons (`EndReason` members: a family may name its own enum, as
  Squads and the quiz do; `Termination.UNFINISHED` serves every family);
- its narrator, its default computer player (and judge);
- its playthrough setup (the seeded games `toptrumps_core.playthrough` writes
  transcripts of) and how a transcript describes what a seat sees.

Records (`toptrumps_core.record`), narration, playthroughs, default players
and the docs table look families up here; none of them lists the games.

Lazy loading: a field may hold the object itself or a reference
``"package.module:name"``, imported only when that field is first used, so a
family's rules can name its narrator and players (which sit in layers above
the rules) without importing them.  The families of the core are known by
the module that registers each (`BUILT_IN`, kept in `toptrumps_core.wire`
beside the wire names it owns): `get_family` imports only the one module it
needs, `game_families` imports them all.  A game from outside the core
imports its own module and registers itself, and so owns its name as a wire
prefix: only the modules of its own package may define types named
``"<name>/..."`` (`toptrumps_core.wire`).

Example:
    >>> from toptrumps_core.families import get_game
    >>> get_game("classic").rules_class.__name__
    'ClassicRules'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from toptrumps_core.protocol import AnyGame, EndReason, Event
from toptrumps_core.wire import BUILT_IN, CORE, claim_prefix, module_tree

__all__ = [
    "BUILT_IN",
    "GameFamily",
    "Playthrough",
    "SeatNarrator",
    "game_families",
    "get_game",
    "known_games",
    "load_reference",
    "register_game",
]

class SeatNarrator(Protocol):
    """What a family's narrator gives transcripts: the seats' names and one sentence per event."""

    @property
    def names(self) -> Sequence[str]:
        """One name per seat."""
        ...

    def narrate_all(self, events: Sequence[Event]) -> list[str]:
        """Returns one sentence per event, in order."""
        ...


@dataclass(frozen=True)
class Playthrough:
    """One seeded game of a family to write a transcript of (`toptrumps_core.playthrough`).

    Attributes:
        name: A short name, used as the transcript's file name
            (``tests/golden/<name>.txt``).
        rules: The rules of the game.
        seed: The match seed (chance and every computer seat draw from it).
        players: One player per seat, or None for the family's default
            computer player in every seat.
        start: A scenario start state, or None for the rules' initial state.
        start_events: The events of reaching `start` (a mini-game begun on
            a scenario table, whose start may already award pins).
        note: What the game shows, one line for the transcript's header.
    """

    name: str
    rules: AnyGame
    seed: int
    players: Sequence[Any] | None = None
    start: Any = field(default=None, repr=False)
    start_events: tuple[Event, ...] = ()
    note: str = ""


def load_reference(reference: object) -> Any:
    """Returns the object `reference` names, importing its module; any other value as it is.

    Args:
        reference: ``"package.module:name"`` (``name`` may be dotted: an
            attribute of an attribute), or the object itself.

    Raises:
        ValueError: If a text is not ``"module:name"``.
        ImportError: If the module cannot be imported.
        AttributeError: If the module has no such name.

    Example:
        >>> load_reference("toptrumps_core.protocol:Termination.UNFINISHED").value
        'unfinished'
    """
    if not isinstance(reference, str):
        return reference
    module, colon, name = reference.partition(":")
    if not colon or not module or not name:
        raise ValueError(f"a reference must read 'package.module:name'; got {reference!r}")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


@dataclass(frozen=True)
class GameFamily:
    """Everything the core needs to know about one game family, said once.

    Every field but `name` and `rules` is optional.  A field marked
    *reference* holds the object itself or ``"package.module:name"``,
    imported when first used (`load_reference`).

    Attributes:
        name: The wire name: the family name records store as their
            ``"game"`` and that the rules class gives as ``family``, e.g.
            ``"classic"``.
        rules: Reference to the rules class: it provides ``family``,
            ``rules_version``, ``to_data()`` and the classmethod
            ``from_data(data, *, rules_version)`` (see
            `toptrumps_core.record.families`).
        title: The family's name for people, e.g. ``"Classic Top Trumps"``.
        rule_ids: The RULES.md IDs the family plays, e.g. ``"C1-C12"``.
        end_reasons: Why its games can end (`EndReason` members); besides
            these, any game may end `Termination.UNFINISHED`, shared by
            every family, when the driver's cap stops it (rule C12).
        narrator: Reference to ``narrator(rules, names, start)``, which
            returns a `SeatNarrator` for one game: `names` is one name per
            seat or None, `start` a scenario start state or None.
        player: Reference to ``player(rules)``, which returns the family's
            default computer player (a `Strategy`) for those rules; None:
            the family has none, so every seat needs a strategy.
        judge: Reference to ``judge(rules)``, the default computer judge of
            a judged game; None: no default judge.
        playthroughs: Reference to a function of no arguments returning the
            family's seeded `Playthrough` games (one named after the family,
            at least); None: no transcript is kept.
        view_text: Reference to ``view_text(view)``, the one line a
            transcript shows of what the acting seat sees; None: no line.
    """

    name: str
    rules: type | str
    title: str = ""
    rule_ids: str = ""
    end_reasons: tuple[EndReason, ...] = ()
    narrator: Callable[..., SeatNarrator] | str | None = None
    player: Callable[[Any], Any] | str | None = None
    judge: Callable[[Any], Any] | str | None = None
    playthroughs: Callable[[], Sequence[Playthrough]] | str | None = None
    view_text: Callable[[Any], str] | str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier() or not self.name.islower():
            raise ValueError(f"a game family's name is a lower-case identifier such as 'classic'; got {self.name!r}")
        if not isinstance(self.rules, (type, str)):
            raise TypeError(f"a game family's rules is a class or 'module:Class'; got {self.rules!r}")
        for reason in self.end_reasons:
            if not isinstance(reason, EndReason):
                raise TypeError(f"a game family's end reasons are EndReason members; got {reason!r}")

    @property
    def rules_class(self) -> type:
        """The rules class, imported on first use.

        Raises:
            TypeError: If the reference does not name a class.
        """
        cls = load_reference(self.rules)
        if not isinstance(cls, type):
            raise TypeError(f"the rules of game family {self.name!r} must be a class; got {cls!r}")
        _check_family_name(self.name, cls)
        return cls

    def make_narrator(self, rules: AnyGame, names: Sequence[str] | None = None, start: Any = None) -> SeatNarrator:
        """Returns the family's narrator for one game of `rules`.

        Raises:
            LookupError: If the family has no narrator.
        """
        if self.narrator is None:
            raise LookupError(f"game family {self.name!r} has no narrator")
        narrator: SeatNarrator = load_reference(self.narrator)(rules, names, start)
        return narrator

    def make_player(self, rules: AnyGame) -> Any | None:
        """Returns the family's default computer player for `rules`, or None if it has none."""
        return None if self.player is None else load_reference(self.player)(rules)

    def make_judge(self, rules: AnyGame) -> Any | None:
        """Returns the family's default computer judge for `rules`, or None if it has none."""
        return None if self.judge is None else load_reference(self.judge)(rules)

    def load_playthroughs(self) -> tuple[Playthrough, ...]:
        """Returns the family's seeded playthrough games (empty if it keeps none)."""
        return () if self.playthroughs is None else tuple(load_reference(self.playthroughs)())

    def describe_view(self, view: object) -> str:
        """Returns the transcript's line for what a seat sees (empty if the family has none)."""
        return "" if self.view_text is None else str(load_reference(self.view_text)(view))


_GAMES: dict[str, GameFamily] = {}


def register_game(family: GameFamily) -> GameFamily:
    """Makes the game family `family` known to records, narration, players and playthroughs.

    Registering the same family (an equal `GameFamily`) again is harmless.

    Returns:
        `family`, so a module can keep it: ``CLASSIC = register_game(GameFamily(...))``.

    Raises:
        TypeError: If `family` is not a `GameFamily`.
        ValueError: If another family is registered under its name (a
            family of the core included, registered or not yet loaded), its
            rules class gives another name as its ``family``, or a recorded
            type outside its module tree already uses its name as a wire
            prefix (`toptrumps_core.wire.claim_prefix`).
    """
    if not isinstance(family, GameFamily):
        raise TypeError(f"register_game takes a GameFamily; got {family!r:.80}")
    if family.name in BUILT_IN and family.name not in _GAMES:
        importlib.import_module(BUILT_IN[family.name])  # the core's family takes its own name first
    known = _GAMES.get(family.name)
    if known is not None and known != family:
        raise ValueError(f"two game families are named {family.name!r}: {known.rules!r} and {family.rules!r}")
    if isinstance(family.rules, type):
        _check_family_name(family.name, family.rules)
    rules_module = family.rules.__module__ if isinstance(family.rules, type) else family.rules.partition(":")[0]
    claim_prefix(family.name, CORE if family.name in BUILT_IN else module_tree(rules_module))
    _GAMES[family.name] = family
    return family


def _check_family_name(name: str, rules: type) -> None:
    """Raises ValueError if the rules class `rules` gives a ``family`` other than `name`: its records would not load."""
    given = getattr(rules, "family", name)
    if given != name:
        raise ValueError(f"{rules.__name__}.family is {given!r}, but its game family is named {name!r}; make them one")


def get_game(name: str) -> GameFamily:
    """Returns the registered game family `name`, loading a family of the core on first use.

    Raises:
        ValueError: If no family has that name (the message lists the known ones).
    """
    if isinstance(name, str) and name not in _GAMES and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {known_games()}") from None


def known_games() -> list[str]:
    """Returns the names of every game family of the core and every one registered, sorted."""
    return sorted(set(BUILT_IN) | set(_GAMES))


def game_families() -> tuple[GameFamily, ...]:
    """Returns every game family: the core's (each loaded now) in `BUILT_IN` order, then the others by name.

    Example:
        >>> [family.name for family in game_families()][:3]
        ['classic', 'hilo', 'tournament']
    """
    for module in dict.fromkeys(BUILT_IN.values()):
        importlib.import_module(module)
    others = sorted(set(_GAMES) - set(BUILT_IN))
    return tuple(_GAMES[name] for name in [*BUILT_IN, *others])
