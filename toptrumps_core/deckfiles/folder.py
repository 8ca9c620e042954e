"""A teacher's deck folder: deck files beside the lessons that every game offers (rule D4).

The app's launcher names a folder (``--decks``, by default ``decks/`` beside
the notebooks) and passes it to every page's kernel in the environment
variable `DECKS_FOLDER_VARIABLE`.  Each ``.toml`` or ``.csv`` file directly in
it is a deck: `available_decks` lists them after the bundled decks, so every
game's deck list offers them.  A file that does not load is left out of the
list, and `folder_decks` says why, so a broken file never breaks a page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles.bundled import bundled_decks, load_deck
from toptrumps_core.errors import DeckError

__all__ = ["DECKS_FOLDER_VARIABLE", "FolderDecks", "available_decks", "deck_folder", "folder_decks"]

DECKS_FOLDER_VARIABLE = "TOPTRUMPS_DECKS"
"""The environment variable naming the teacher's deck folder; unset or empty: none."""

_SUFFIXES = (".toml", ".csv")


@dataclass(frozen=True)
class FolderDecks:
    """The decks of a deck folder.

    Attributes:
        decks: Each loadable deck file's path (as `load_deck` takes it) and
            its deck, sorted by file name.
        problems: The error of each file that did not load (it names the
            file, the line and the field), in file-name order.
    """

    decks: tuple[tuple[str, Deck], ...]
    problems: tuple[DeckError, ...]


def deck_folder() -> Path | None:
    """Returns the teacher's deck folder named by `DECKS_FOLDER_VARIABLE`, or None if there is none."""
    named = os.environ.get(DECKS_FOLDER_VARIABLE, "").strip()
    return Path(named) if named else None


def folder_decks(folder: str | os.PathLike[str] | None = None) -> FolderDecks:
    """Returns the decks of `folder` (default: `deck_folder`), with the problems of files that did not load.

    Args:
        folder: A folder of ``.toml`` and ``.csv`` deck files; None for the
            teacher's deck folder.  A missing folder has no decks.

    Example:
        >>> folder_decks("no/such/folder")
        FolderDecks(decks=(), problems=())
    """
    where = Path(folder) if folder is not None else deck_folder()
    if where is None or not where.is_dir():
        return FolderDecks((), ())
    decks: list[tuple[str, Deck]] = []
    problems: list[DeckError] = []
    for path in sorted(p for p in where.iterdir() if p.suffix.lower() in _SUFFIXES and p.is_file()):
        loaded = _load(path)
        if isinstance(loaded, Deck):
            decks.append((str(path), loaded))
        else:
            problems.append(loaded)
    return FolderDecks(tuple(decks), tuple(problems))


_LOADED: dict[tuple[str, int, int], Deck | DeckError] = {}


def _load(path: Path) -> Deck | DeckError:
    """Returns the deck in `path`, or why it does not load; read once per version of the file.

    Every deck list of a page asks for the folder's decks; a file is parsed
    again only when its size or modification time changes.
    """
    try:
        stat = path.stat()
    except OSError:
        stat = None
    key = (str(path), stat.st_mtime_ns, stat.st_size) if stat is not None else None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    try:
        loaded: Deck | DeckError = load_deck(path)
    except DeckError as err:
        loaded = err
    if key is not None:
        _LOADED[key] = loaded
    return loaded


def available_decks() -> tuple[str, ...]:
    """Returns what every game's deck list offers: the bundled decks' short names, then the folder's deck files.

    Each entry is what `load_deck` takes: a short name (``"dinosaurs"``) or
    a deck file's path.

    Example:
        >>> available_decks()[: len(bundled_decks())] == bundled_decks()
        True
    """
    return (*bundled_decks(), *(path for path, _ in folder_decks().decks))
