"""Bundled decks by short name, and `load_deck` for a name or a path (rule D4)."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles.csv_import import load_deck_csv
from toptrumps_core.deckfiles.files import decode
from toptrumps_core.deckfiles.toml_format import load_deck_toml, parse_deck_toml
from toptrumps_core.errors import DeckError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["bundled_decks", "load_deck"]

_BUNDLED_PACKAGE = "toptrumps_core.decks"
_SUFFIXES = (".toml", ".csv")


def bundled_decks() -> tuple[str, ...]:
    """Returns the short names of the decks shipped with the package, sorted.

    A short name is the deck file's stem, e.g. ``"dinosaurs"`` for
    ``decks/dinosaurs.toml``; `load_deck` accepts it in any case.

    Example:
        >>> "dinosaurs" in bundled_decks()
        True
    """
    return tuple(sorted(_bundled_files()))


def load_deck(name_or_path: str | os.PathLike[str]) -> Deck:
    """Returns a bundled deck by short name, or the deck in a .toml or .csv file.

    A string without a directory part and without a ``.toml``/``.csv``
    suffix is a bundled deck's short name (case-insensitive, see
    `bundled_decks`); anything else is a path.  CSV files are read with
    `load_deck_csv`'s defaults (units and directions from the header).

    Args:
        name_or_path: A short name such as ``"Dinosaurs"``, or a path (str or
            `os.PathLike`) to a ``.toml`` or ``.csv`` deck file.

    Returns:
        The whole, validated deck.

    Raises:
        DeckError: If the name is not a bundled deck (the message lists the
            bundled names), the path has another suffix, or the file is
            missing, unreadable or invalid (rule D4).

    Example:
        >>> deck = load_deck("DINOSAURS")
        >>> len(deck) >= 30 and deck.source != ""
        True
    """
    if isinstance(name_or_path, os.PathLike):
        return _load_path(Path(name_or_path))
    if not isinstance(name_or_path, str):
        raise DeckError(None, expected="a bundled deck name or a path to a .toml or .csv file", got=name_or_path)
    text = name_or_path.strip()
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    if any(sep in text for sep in separators) or text.lower().endswith(_SUFFIXES):
        return _load_path(Path(text))
    files = _bundled_files()
    stem = next((s for s in files if s.lower() == text.lower()), None)
    if stem is None:
        names = ", ".join(repr(s) for s in sorted(files))
        raise DeckError(
            None,
            field="name",
            expected=f"a bundled deck name ({names}) or a path to a .toml or .csv file",
            got=name_or_path,
        )
    resource = files[stem]
    label = f"{stem}.toml"
    try:
        data = resource.read_bytes()
    except OSError as err:  # pragma: no cover - a broken installation
        raise DeckError(label, expected="a readable bundled deck file", got=err.strerror or str(err)) from None
    return parse_deck_toml(decode(data, label), path=label)


def _bundled_files() -> dict[str, Traversable]:
    """Returns bundled deck stems mapped to their resources."""
    folder = resources.files(_BUNDLED_PACKAGE)
    return {entry.name[: -len(".toml")]: entry for entry in folder.iterdir() if entry.name.endswith(".toml")}


def _load_path(path: Path) -> Deck:
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return load_deck_toml(path)
    if suffix == ".csv":
        return load_deck_csv(path)
    raise DeckError(path, expected="a .toml or .csv deck file", got=path.suffix or str(path))
