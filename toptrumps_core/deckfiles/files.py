"""Reading a deck file's bytes: a missing, unreadable or non-UTF-8 file becomes one DeckError (rule D4)."""

from __future__ import annotations

import os
from pathlib import Path

from toptrumps_core.errors import DeckError

__all__ = ["decode", "read_text"]


def read_text(path: str | os.PathLike[str]) -> str:
    """Returns a file's text; any OSError or decoding error becomes a DeckError."""
    label = os.fspath(path)
    try:
        data = Path(label).read_bytes()
    except OSError as err:
        raise DeckError(
            label, expected="a deck file that exists and can be read", got=err.strerror or str(err)
        ) from None
    return decode(data, label)


def decode(data: bytes, path: str | None) -> str:
    """Returns `data` as UTF-8 text (a byte-order mark is dropped).

    Raises:
        DeckError: If `data` is not UTF-8; the error names `path` and the line.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise DeckError(
            path,
            line=line,
            expected="UTF-8 text (in a spreadsheet, save as 'CSV UTF-8')",
            got=data[err.start : err.end],
        ) from None
