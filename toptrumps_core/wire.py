"""Wire names: the names records store for types, and which family owns which prefix.

Every type a record stores has a *wire name* (`toptrumps_core.protocol.Recorded`):
a plain name such as ``"shuffle"`` for a type every game shares, or
``"<prefix>/<name>"`` such as ``"classic/choose"`` for a family's own.  A
prefix is a family's name, and a family owns it:

- a plain name belongs to the core: only a module of `toptrumps_core`
  (``protocol``, ``events``, ...) may define a type with one;
- the prefix of a family of the core (a name in `BUILT_IN`) belongs to the
  core: only a module of `toptrumps_core` may use it, whether or not that
  family is loaded yet;
- any other prefix belongs to the family registered under that name
  (`claim_prefix`, called by `toptrumps_core.families.register_game`): only
  a module of that family's *module tree* (the package of the module that
  defines its rules class, e.g. ``snap`` for ``snap.rules``) may use it.  A
  type defined before its family registers is checked when it registers.

So a game from outside the core can never define ``"classic/choose"`` or
``"won"``, and two families can never share a prefix, whatever is imported
first: the error does not depend on import order.

This module imports nothing of the core, so the protocol can check every
type as it is defined.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["BUILT_IN", "CORE", "claim_prefix", "module_tree", "recorded_type", "recorded_types", "register_type"]

BUILT_IN: Mapping[str, str] = MappingProxyType(
    {
        "classic": "toptrumps_core.classic.family",
        "hilo": "toptrumps_core.tournament.family",
        "tournament": "toptrumps_core.tournament.family",
        "arena_hilo": "toptrumps_core.tournament.family",
        "head_to_head": "toptrumps_core.tournament.family",
        "my_game": "toptrumps_core.tournament.family",
        "shoot_out": "toptrumps_core.tournament.family",
        "steal_a_pin": "toptrumps_core.tournament.family",
        "grab_two_pins": "toptrumps_core.tournament.family",
        "finale": "toptrumps_core.tournament.family",
        "squads": "toptrumps_core.squads.family",
        "quiz": "toptrumps_core.quiz.family",
    }
)
"""The families of the core: name (and wire prefix) -> the module that registers it (imported on first use)."""

CORE = "toptrumps_core"
"""The module tree that owns every plain wire name and every prefix in `BUILT_IN`."""

_WIRE_NAME = re.compile(r"[a-z][a-z0-9_]*(/[a-z][a-z0-9_]*)?")

_RECORDED: dict[str, type] = {}  # every concrete recorded type, by its wire name
_OWNERS: dict[str, str] = {}  # prefix of a family from outside the core -> its module tree


def module_tree(module: str) -> str:
    """Returns the module tree a module belongs to: its package, or the module itself if it is top-level.

    Example:
        >>> module_tree("snap.rules"), module_tree("snap")
        ('snap', 'snap')
    """
    return module.rpartition(".")[0] or module


def _within(module: str, tree: str) -> bool:
    return module == tree or module.startswith(tree + ".")


def _owner(wire: str) -> str | None:
    """Returns the module tree that owns `wire`, or None while its prefix is nobody's."""
    prefix, slash, _ = wire.partition("/")
    if not slash or prefix in BUILT_IN:
        return CORE
    return _OWNERS.get(prefix)


def register_type(cls: type, wire: object) -> str:
    """Registers the recorded type `cls` under the wire name `wire`, once its name and owner are checked.

    Defining the same class again (same module and name, as a slotted
    dataclass's decorator does) is harmless.

    Returns:
        `wire`, checked.

    Raises:
        TypeError: If `wire` is not lower-case words with at most one ``/``;
            if the module of `cls` is outside the module tree that owns
            `wire` (see the module docstring); or if another class already
            has that wire name.
    """
    where = f"{cls.__module__}.{cls.__qualname__}"
    if not isinstance(wire, str) or not _WIRE_NAME.fullmatch(wire):
        raise TypeError(f"wire name {wire!r} of {cls.__qualname__}: expected lower-case words as 'quiz/bid'")
    owner = _owner(wire)
    if owner is not None and not _within(cls.__module__, owner):
        prefix = wire.partition("/")[0]
        if "/" not in wire:
            whose = "the core's shared types"
        elif owner == CORE:
            whose = f"the core's game family {prefix!r}"
        else:
            whose = f"game family {prefix!r} (the modules of {owner!r})"
        raise TypeError(
            f"wire name {wire!r} of {where} belongs to {whose}; a type of {module_tree(cls.__module__)!r} "
            f"takes a wire name of its own family, as '<family>/{wire.rpartition('/')[2]}'"
        )
    known = _RECORDED.get(wire)
    if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
        raise TypeError(
            f"two record types have the wire name {wire!r}: {known.__module__}.{known.__qualname__} "
            f"and {where}; give one another name"
        )
    _RECORDED[wire] = cls
    return wire


def claim_prefix(prefix: str, tree: str) -> None:
    """Makes the module tree `tree` the owner of the wire prefix `prefix` (a family from outside the core).

    Claiming it again for the same tree is harmless.  A prefix of the core
    (`BUILT_IN`) needs no claim and takes none.

    Raises:
        ValueError: If `prefix` belongs to the core or to another tree, or a
            type already defined with that prefix lies outside `tree`.
    """
    if prefix in BUILT_IN and tree != CORE:
        raise ValueError(f"wire prefix {prefix!r} belongs to the core's game family {prefix!r}; not to {tree!r}")
    owner = CORE if prefix in BUILT_IN else _OWNERS.get(prefix)
    if owner is not None and owner != tree:
        raise ValueError(f"wire prefix {prefix!r} belongs to {owner!r}; {tree!r} cannot claim it")
    strays = [
        f"{cls.__module__}.{cls.__qualname__}"
        for wire, cls in _RECORDED.items()
        if wire.startswith(prefix + "/") and not _within(cls.__module__, tree)
    ]
    if strays:
        raise ValueError(f"wire prefix {prefix!r} belongs to {tree!r}, but {strays[0]} outside it uses it")
    if prefix not in BUILT_IN:
        _OWNERS[prefix] = tree


def recorded_type(wire: str) -> type | None:
    """Returns the recorded class whose wire name is `wire`, or None if there is none."""
    return _RECORDED.get(wire)


def recorded_types() -> dict[str, type]:
    """Returns every recorded class by wire name (a new dict)."""
    return dict(_RECORDED)
