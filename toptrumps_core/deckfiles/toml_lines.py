"""Finding the line of a key in a TOML deck file, so that an error can name it (rule D4).

`tomllib` returns values without their positions; `KeyLocator` searches the
raw text for the table and key at fault.  Best effort: a TOML file may spread
a card over sub-tables or write it inline, and whatever cannot be found is
reported without a line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["KeyLocator"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]*?)\s*\]\]?")


@dataclass(frozen=True)
class _Block:
    """Lines ``start..end`` (1-based, end exclusive) of one table in the text."""

    start: int
    end: int


class KeyLocator:
    """Finds the line of a key in the raw TOML text, for error messages.

    Best effort: a TOML file may spread a card over sub-tables or write it
    inline; whatever cannot be found is reported without a line.
    """

    def __init__(self, text: str) -> None:
        self._lines = text.split("\n")  # tomllib counts lines by "\n" too
        self._arrays: dict[str, list[_Block]] = {"categories": [], "cards": []}
        headers: list[tuple[int, str, bool]] = []
        for number, line in enumerate(self._lines, start=1):
            match = _HEADER.match(line)
            if match:
                headers.append((number, match.group(2).strip().strip("\"'"), match.group(1) == "[["))
        self._first_header = headers[0][0] if headers else len(self._lines) + 1
        for index, (number, name, is_array) in enumerate(headers):
            if not is_array or name not in self._arrays:
                continue
            end = len(self._lines) + 1
            for later_number, later_name, _ in headers[index + 1 :]:
                if not later_name.startswith(name + "."):
                    end = later_number
                    break
            self._arrays[name].append(_Block(number, end))

    def top(self, key: str) -> int | None:
        """Returns the line of top-level `key`, or None."""
        return self._find(_Block(1, self._first_header), (key,))

    def item(
        self,
        section: str,
        index: int,
        count: int,
        name: str | None,
        keys: Sequence[str] = (),
        *,
        container: str | None = None,
    ) -> int | None:
        """Returns the line of entry `index` of array `section`, at the first of `keys` found.

        Args:
            section: "categories" or "cards".
            index: 0-based position of the entry in the parsed array.
            count: How many entries the parsed array has (blocks are trusted
                only when the text has exactly that many headers).
            name: The entry's name, searched as ``name = "..."`` otherwise.
            keys: Keys to look for inside the entry, best first.
            container: If given, a line assigning both `container` and the
                key (an inline table) is preferred, then a key line under a
                ``[section.container]`` header.
        """
        blocks = self._arrays[section]
        block: _Block | None = blocks[index] if len(blocks) == count and index < count else None
        name_line = None
        if name is not None:
            search = block or _Block(1, len(self._lines) + 1)
            name_line = self._find(search, ("name",), value=name)
            if block is None and name_line is not None:
                block = _Block(name_line, self._next_header(name_line))
        if block is None:
            return None
        if container is not None and keys:
            inline = self._find(block, keys, inside=container)
            if inline is not None:
                return inline
            header = self._find_header(block, f"{section}.{container}")
            if header is not None:
                found = self._find(_Block(header, self._next_header(header)), keys)
                if found is not None:
                    return found
        return self._find(block, keys) or name_line or block.start

    def _find_header(self, block: _Block, name: str) -> int | None:
        for number in range(block.start, min(block.end, len(self._lines) + 1)):
            match = _HEADER.match(self._lines[number - 1])
            if match and match.group(2).strip() == name:
                return number
        return None

    def _next_header(self, after: int) -> int:
        for number in range(after + 1, len(self._lines) + 1):
            if _HEADER.match(self._lines[number - 1]):
                return number
        return len(self._lines) + 1

    def _find(
        self, block: _Block, keys: Sequence[str], value: str | None = None, inside: str | None = None
    ) -> int | None:
        """Returns the first line in `block` where one of `keys` is assigned (best key first).

        With `value`, the key must be assigned that string; with `inside`, the
        line must also assign the key `inside` (e.g. ``values = { key = ...``).
        """
        outer = None if inside is None else re.compile(rf"(?:^|[\s{{,.])\"?{re.escape(inside)}\"?\s*=")
        for key in keys:
            spelled = [re.escape(f'"{key}"'), re.escape(f"'{key}'")]
            if _BARE_KEY.fullmatch(key):
                spelled.append(re.escape(key))
            pattern = rf"(?:^|[\s{{,.])(?:{'|'.join(spelled)})\s*=\s*"
            if value is not None:
                pattern += rf"([\"']){re.escape(value)}\1"
            compiled = re.compile(pattern)
            for number in range(block.start, min(block.end, len(self._lines) + 1)):
                line = self._lines[number - 1]
                if compiled.search(line) and (outer is None or outer.search(line)):
                    return number
        return None
