"""The error hierarchy of Top Trumps Classroom.

Every error the core raises on purpose is a `TopTrumpsError`, and every one of
those is also a `ValueError`, so ``except ValueError``
still works.  Widgets catch `TopTrumpsError` at their error boundary and show
the message in the page.

Messages quote the offending input with ``!r`` and say what was expected.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "DeckError",
    "IllegalActionError",
    "RecordError",
    "RuleOptionError",
    "TopTrumpsError",
]


class TopTrumpsError(Exception):
    """Base class of every error the core raises on purpose."""


class DeckError(TopTrumpsError, ValueError):
    """A deck file or deck definition is wrong (rule D4).

    The message names the file, the line or card, the field, what was
    expected and what was found, e.g. ``dinosaurs.toml, card 'T. rex': field
    'Weight' expected a number, or "n/a"; got '7 tonnes'``.

    Attributes:
        path: The file being loaded, or None for a deck built in code.
        line: 1-based line number in the file, or None if unknown.
        card: Name (or position, ``'#3'``) of the card at fault, or None.
        field: Name of the field or category at fault, or None.
        expected: What a valid value looks like.
        got: The offending value, or None.
    """

    def __init__(
        self,
        path: str | Path | None,
        *,
        expected: str,
        line: int | None = None,
        card: str | None = None,
        field: str | None = None,
        got: object = None,
    ) -> None:
        self.path = None if path is None else str(path)
        self.line = line
        self.card = card
        self.field = field
        self.expected = expected
        self.got = got
        where = [Path(self.path).name if self.path else "deck"]
        if line is not None:
            where.append(f"line {line}")
        if card is not None:
            where.append(f"card {card!r}")
        message = ", ".join(where) + ": "
        if field is not None:
            message += f"field {field!r} "
        message += f"expected {expected}"
        if got is not None:
            message += f"; got {got!r}"
        super().__init__(message)

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments: rebuild through a helper so the error pickles
        # (simulations may load decks in worker processes).
        fields = {"expected": self.expected, "line": self.line, "card": self.card, "field": self.field, "got": self.got}
        return (_rebuild_deck_error, (self.path, fields))


def _rebuild_deck_error(path: str | None, fields: dict[str, object]) -> DeckError:
    return DeckError(path, **fields)  # type: ignore[arg-type]


class RuleOptionError(TopTrumpsError, ValueError):
    """A rule option has a value outside its documented range or spelling."""


class IllegalActionError(TopTrumpsError, ValueError):
    """An action is not one of the legal actions in the current state."""


class RecordError(TopTrumpsError, ValueError):
    """A game record is malformed, of an unknown version, or does not replay."""
