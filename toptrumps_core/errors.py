"""The error hierarchy of Top Trumps Classroom.

Every error the core raises on purpose is a `TopTrumpsError`, and every one of
those is also a `ValueError`, so ``except ValueError``
still works.  Widgets catch `TopTrumpsError` at their error boundary and show
the message in the page.

Messages quote the offending input with ``!r`` and say what was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = [
    "ChartError",
    "DeckError",
    "IllegalActionError",
    "RecordError",
    "RuleOptionError",
    "TopTrumpsError",
    "located_message",
]


def located_message(
    path: str | None,
    default: str | None,
    places: Sequence[str | None],
    *,
    field: str | None,
    expected: str,
    got: object,
    shown: Callable[[object], str] = repr,
) -> str:
    """Returns an error message that says where, what was expected and what was found.

    Args:
        path: The file at fault (only its name is shown), or None.
        default: What to name instead of a file when `path` is None
            (``"deck"``); None: name nothing.
        places: Where in the file, most general first (``"line 3"``,
            ``"card 'Dog'"``); None entries are left out.
        field: The field at fault, or None.
        expected: What a valid value looks like.
        got: The offending value, or None.
        shown: How `got` is written (default ``repr``, which quotes text).

    Example:
        >>> located_message("d/pets.csv", "deck", ["line 3", None], field="Weight", expected="a number", got="heavy")
        "pets.csv, line 3: field 'Weight' expected a number; got 'heavy'"
    """
    where = [Path(path).name] if path else ([default] if default else [])
    where += [place for place in places if place is not None]
    message = (", ".join(where) + ": ") if where else ""
    if field is not None:
        message += f"field {field!r} "
    message += f"expected {expected}"
    if got is not None:
        message += f"; got {shown(got)}"
    return message


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
        problems: Every problem found in the file, this one first (see
            `DeckError.of_all`); ``(self,)`` for a single problem.
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
        places = [f"line {line}" if line is not None else None, f"card {card!r}" if card is not None else None]
        super().__init__(located_message(self.path, "deck", places, field=field, expected=expected, got=got))
        self.problems: tuple[DeckError, ...] = (self,)

    @staticmethod
    def of_all(problems: Sequence[DeckError]) -> DeckError:
        """Returns the one error to raise for several problems in one file (rule D4).

        The first problem is raised, so its message, line and field are the
        ones a single-problem file would give; the message adds how many more
        there are, and ``problems`` holds them all, in file order, so a page
        can list every one with its line and field.

        Args:
            problems: One or more errors of the same file, in file order.

        Raises:
            ValueError: If `problems` is empty.

        Example:
            >>> err = DeckError.of_all([DeckError("d.csv", line=3, expected="a number"),
            ...                         DeckError("d.csv", line=5, expected="a card name")])
            >>> str(err), [p.line for p in err.problems]
            ('d.csv, line 3: expected a number (and 1 more problem in the file)', [3, 5])
        """
        if not problems:
            raise ValueError("of_all needs at least one problem")
        first = problems[0]
        more = len(problems) - 1
        if more:
            first.args = (f"{first.args[0]} (and {more} more problem{'s' if more > 1 else ''} in the file)",)
        first.problems = tuple(problems)
        return first

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


class ChartError(TopTrumpsError, ValueError):
    """A quiz chart file or chart definition is wrong (rule Q1).

    The message names the file, the chart and the field, what was expected
    and what was found, e.g. ``set_1.toml, chart 'longest-rivers': field
    'answers' expected ten ranked answers; got 9``.

    Attributes:
        path: The file being loaded, or None for a chart built in code.
        chart: The key (or position, ``'#3'``) of the chart at fault, or None.
        field: The field at fault, or None.
        expected: What a valid value looks like.
        got: The offending value, or None.
    """

    def __init__(
        self,
        path: str | Path | None,
        *,
        expected: str,
        chart: str | None = None,
        field: str | None = None,
        got: object = None,
    ) -> None:
        self.path = None if path is None else str(path)
        self.chart = chart
        self.field = field
        self.expected = expected
        self.got = got
        places = [f"chart {chart!r}" if chart is not None else None]
        super().__init__(located_message(self.path, "charts", places, field=field, expected=expected, got=got))

    def __reduce__(self) -> tuple[object, ...]:
        fields = {"expected": self.expected, "chart": self.chart, "field": self.field, "got": self.got}
        return (_rebuild_chart_error, (self.path, fields))


def _rebuild_chart_error(path: str | None, fields: dict[str, object]) -> ChartError:
    return ChartError(path, **fields)  # type: ignore[arg-type]
