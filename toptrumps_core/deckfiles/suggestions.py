"""The words of a deck error: quoted names, "did you mean" suggestions, and what a quartet code must be (rule D4)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from toptrumps_core.cards import QUARTET_CODE

__all__ = ["code_problem", "quoted", "suggest", "unknown_key"]


def code_problem(code: object, codes: Mapping[str, str]) -> str | None:
    """Returns what a quartet code should be if `code` is not a new, valid one (rule D2), else None.

    Args:
        code: The code as written.
        codes: The codes already used in the deck, each with its card's name.
    """
    if not isinstance(code, str) or not QUARTET_CODE.fullmatch(code):
        return "a quartet code: a capital letter and a number 1-99, e.g. 'C3'"
    if code in codes:
        return f"a quartet code unique in the deck (card {codes[code]!r} has it too)"
    return None


def suggest(word: str, allowed: Sequence[str]) -> str:
    """Returns ``" (did you mean 'x'?)"`` for the closest of `allowed` to `word`, or "" if none is close.

    Example:
        >>> suggest("valeus", ["values", "notes"])
        " (did you mean 'values'?)"
    """
    close = difflib.get_close_matches(word, allowed, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def quoted(names: Sequence[str]) -> str:
    """Returns `names` quoted and joined by commas: ``'a', 'b'``."""
    return ", ".join(repr(n) for n in names)


def unknown_key(key: str, allowed: Sequence[str], what: str) -> str:
    """Returns what was expected instead of the unknown `key` in `what` (e.g. "a card"), with a suggestion."""
    return f"a known key in {what}{suggest(key, allowed)}; allowed: {quoted(allowed)}"
