"""Text fitting: one width model for every picture (no fonts are measured at run time).

A picture cannot ask the browser how wide its text will be, so widths are
estimated from a table of advance widths in ems.  The table follows DejaVu
Sans and DejaVu Sans Bold, the widest of the common system fonts, and takes
for each character the larger of its regular width and its bold width
divided by `BOLD_FACTOR`; so text fitted by the estimate fits in DejaVu Sans,
and with more room in Arial, Segoe UI, Roboto or Helvetica.

On that estimate:

- `fit` cuts text that is too wide and ends it with "…";
- `fit_size` first shrinks the font (down to a minimum size), then cuts;
- `wrap` breaks text at spaces into a few lines (a word longer than a line
  is broken), the last line ending with "…" if text is left over.

Example:
    >>> fit("Tyrannosaurus rex", room=100, size=20)
    'Tyrann…'
    >>> fit_size("Tyrannosaurus rex", room=150, size=20, min_size=14)
    ('Tyrannosaurus rex', 15)
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["BOLD_FACTOR", "ELLIPSIS", "EMOJI_FACTOR", "char_width_em", "fit", "fit_size", "text_width", "wrap"]

ELLIPSIS = "…"
"""Ends every text that was cut."""
BOLD_FACTOR = 1.1
"""How much wider bold text runs than regular text of the same size."""
EMOJI_FACTOR = 1.15
"""How much wider a colour emoji runs than its estimate (`fit_size` with ``emoji=True``)."""

_EM_OF: Mapping[str, float] = MappingProxyType(
    {
        char: em
        for em, chars in (
            (0.28, "'"),
            (0.32, "ijl "),
            (0.34, "IJ/\\|"),
            (0.35, ",.·’‘"),
            (0.37, ":;"),
            (0.38, "-"),
            (0.4, "f"),
            (0.42, "!()[]"),
            (0.44, "t"),
            (0.45, "r"),
            (0.48, '"'),
            (0.5, "*_`°–"),
            (0.53, "z"),
            (0.54, "?"),
            (0.55, "cs"),
            (0.58, "L"),
            (0.6, "vxy“”"),
            (0.61, "k"),
            (0.62, "ae"),
            (0.63, "oFT"),
            (0.64, "E0123456789$£€"),
            (0.65, "hnu{}"),
            (0.66, "bdgpqSY"),
            (0.67, "P"),
            (0.69, "Z"),
            (0.7, "BC"),
            (0.71, "AKRVX"),
            (0.74, "U"),
            (0.77, "HN▶◀▼▲"),
            (0.78, "DG"),
            (0.79, "OQ"),
            (0.8, "&"),
            (0.84, "w#+<=>^~±×÷"),
            (0.9, "★☆"),
            (0.91, "M"),
            (0.96, "%"),
            (0.98, "m"),
            (1.0, "@…—"),
            (1.02, "W"),
        )
        for char in chars
    }
)
"""Advance widths in ems of the characters pictures commonly hold (DejaVu Sans, bold / `BOLD_FACTOR`)."""


def char_width_em(char: str) -> float:
    """Returns the estimated advance width of one character, in ems (0 for joiners and combining marks).

    Characters outside the table are estimated from their kind: a letter
    with an accent as its base letter, other capitals 0.8, other letters
    0.7, symbols 0.9, wide characters and emoji 1.2.

    Example:
        >>> char_width_em("i"), char_width_em("W"), char_width_em("é"), char_width_em("🦖")
        (0.32, 1.02, 0.62, 1.2)
    """
    em = _EM_OF.get(char)
    if em is not None:
        return em
    if char in "\u200d\ufe0e\ufe0f" or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0.0
    if 0x1F1E6 <= ord(char) <= 0x1F1FF or 0x1F3FB <= ord(char) <= 0x1F3FF:
        return 0.6  # regional indicators and skin tones pair up into one glyph
    if unicodedata.east_asian_width(char) in ("W", "F") or ord(char) >= 0x1F000:
        return 1.2
    base = unicodedata.normalize("NFD", char)[0]
    if base != char and base in _EM_OF:
        return _EM_OF[base]
    if char.isupper():
        return 0.8
    if char.isalnum():
        return 0.7
    if unicodedata.category(char).startswith("S"):
        return 0.9
    return 0.7


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Returns the estimated width of `text` at font size `size`, in the unit of `size` (a generous bound).

    Example:
        >>> text_width("Iron", 10), text_width("Iron", 10, bold=True)
        (20.7, 22.77)
    """
    return round(sum(char_width_em(c) for c in text) * size * (BOLD_FACTOR if bold else 1.0), 6)


def fit(text: str, room: float, size: float, *, bold: bool = False) -> str:
    """Returns `text`, cut and ended with "…" if it is wider than `room` at font size `size`.

    The cut never leaves a joiner or a combining mark dangling before "…".
    If even "…" is wider than `room`, "…" is returned.
    """
    if text_width(text, size, bold=bold) <= room:
        return text
    budget = room - text_width(ELLIPSIS, size, bold=bold)
    kept: list[str] = []
    used = 0.0
    for char in text:
        used += char_width_em(char) * size * (BOLD_FACTOR if bold else 1.0)
        if used > budget:
            break
        kept.append(char)
    cut = "".join(kept).rstrip()
    while cut and (cut[-1] == "\u200d" or unicodedata.category(cut[-1]) in ("Mn", "Me", "Cf")):
        cut = cut[:-1]
    return cut + ELLIPSIS


def fit_size(
    text: str, room: float, size: float, min_size: float, *, bold: bool = False, emoji: bool = False
) -> tuple[str, float]:
    """Returns `text` and a font size <= `size` that make it fit `room`.

    The size shrinks down to `min_size` first (to a whole number of pixels);
    only then is the text cut with "…".

    Args:
        text: One line of text.
        room: The width available, in the unit of `size`.
        size: The font size wanted.
        min_size: The smallest font size allowed.
        bold: True for bold text.
        emoji: True for colour emoji, which are given `EMOJI_FACTOR` more room.

    Returns:
        The text (cut if need be) and its font size.
    """
    widen = EMOJI_FACTOR if emoji else 1.0
    width = text_width(text, size, bold=bold) * widen
    if width <= room or width == 0:
        return text, size
    fitted = max(min_size, math.floor(size * room / width))
    return fit(text, room / widen, fitted, bold=bold), fitted


def _longest_prefix(text: str, room: float, size: float, *, bold: bool) -> str:
    """Returns the longest start of `text` no wider than `room` ("" if its first character is wider)."""
    end = 0
    while end < len(text) and text_width(text[: end + 1], size, bold=bold) <= room:
        end += 1
    return text[:end]


def wrap(text: str, room: float, size: float, max_lines: int, *, bold: bool = False) -> list[str]:
    """Returns `text` broken at spaces into at most `max_lines` lines no wider than `room`.

    Words longer than a line are broken; if text is left over, the last line
    ends with "…" (it is "…" alone where not even one character fits a line).

    Args:
        text: The text; runs of white space count as one space.
        room: The width of a line, in the unit of `size`.
        size: The font size.
        max_lines: The most lines (>= 1).
        bold: True for bold text.

    Example:
        >>> wrap("The largest land animal", room=130, size=16, max_lines=2)
        ['The largest', 'land animal']
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, size, bold=bold) <= room:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while text_width(current, size, bold=bold) > room:
            head = _longest_prefix(current, room, size, bold=bold)
            if not head:  # not even one character fits a line: show that the rest is cut
                return [*lines[: max_lines - 1], ELLIPSIS]
            lines.append(head)
            current = current[len(head) :]
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + ELLIPSIS, room, size, bold=bold)
    return lines
