"""Which release of the app wrote a record or a saved game: the installed package's version.

Every record (`toptrumps_core.record.game_record.GameRecord.to_json`) and
every saved game carries it under `RELEASE_KEY`, so an old file says which
release wrote it.  Readers take it as information only: a record replays or
not by its format and rules version, whoever wrote it.

    >>> written = release()
    >>> written is None or written[0].isdigit()
    True
"""

from __future__ import annotations

from functools import cache
from importlib import metadata

__all__ = ["DISTRIBUTION", "RELEASE_KEY", "release"]

DISTRIBUTION = "toptrumps-classroom"
"""The name the app is installed under (``pip install toptrumps-classroom``)."""

RELEASE_KEY = "release"
"""The key of a record's or a saved game's JSON that names the release that wrote it (a version, or null)."""


@cache
def release() -> str | None:
    """Returns the installed app's version, e.g. ``"0.1.0"`` (``[project] version`` of ``pyproject.toml``).

    Returns:
        The version, or None when the core runs without being installed (a
        copy on ``sys.path``): its records then say no release wrote them.
    """
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
