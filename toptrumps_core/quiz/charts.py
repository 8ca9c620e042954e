"""Top-Ten-Charts and sets of seven (rule Q1), as frozen values.

A `Chart` has a category (one of `CATEGORIES`: society, sport, nature,
worldwide, people, economy, fun), a task read aloud, ten `RankedAnswer`
values ranked 1..10 with their accepted spellings, the source a class can
check, the year it was checked, and the language its answers are written
in (for the leading articles of rule Q13).  A `ChartSet` is seven charts
played in order, one per round (Q1, Q12).

Charts are built in code or loaded from TOML files
(`toptrumps_core.quiz.chartfiles`); either way they are validated all or
nothing and a mistake raises `ChartError` naming the file, the chart and
the field.

Rules version: 1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias, get_args

from toptrumps_core.checks import is_whole_number
from toptrumps_core.errors import ChartError

__all__ = [
    "ANSWERS_PER_CHART",
    "CATEGORIES",
    "CHARTS_PER_SET",
    "Chart",
    "ChartCategory",
    "ChartSet",
    "RankedAnswer",
]

ChartCategory: TypeAlias = Literal["society", "sport", "nature", "worldwide", "people", "economy", "fun"]
"""The seven categories of a Top-Ten-Chart (rule Q1)."""

CATEGORIES: tuple[ChartCategory, ...] = get_args(ChartCategory)
"""The seven categories in the source's order: society, sport, nature, worldwide, people, economy, fun."""

ANSWERS_PER_CHART = 10
"""A chart ranks exactly ten answers, 1..10 (rule Q1)."""

CHARTS_PER_SET = 7
"""A set is seven charts, one per round (rules Q1, Q2)."""

_KEY = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class RankedAnswer:
    """One answer of a chart with the spellings accepted for it (rules Q1, Q13).

    Attributes:
        rank: Its place on the chart, 1..10.
        text: The answer as the chart prints it (shown when its tile turns).
        alternatives: Other accepted spellings ("USA" for "United States"),
            possibly empty; matching also ignores case, accents,
            punctuation and a leading article (Q13).
    """

    rank: int
    text: str
    alternatives: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        """Returns the printed text followed by every accepted alternative."""
        return (self.text, *self.alternatives)


@dataclass(frozen=True, slots=True)
class Chart:
    """A Top-Ten-Chart (rule Q1).

    Attributes:
        key: A short unique name in lower case with hyphens, e.g.
            ``"longest-rivers"``; records and chart draws name charts by it.
        category: One of `CATEGORIES`; read aloud before the bidding (Q4).
        task: The task read aloud after the bidding (Q5), e.g. "Name the ten
            longest rivers in the world".
        answers: Exactly ten answers, ranked 1..10 in order.
        source: Where a class can check the answers.
        checked: The year the answers were checked against the source.
        language: The language of the answers (``"en"``, ``"fr"``, ``"de"``,
            ``"nl"``, ``"es"``), for the leading articles of Q13.

    Raises:
        ChartError: If a field is missing or wrong (the message names the
            chart and the field): the key, a category outside `CATEGORIES`,
            a blank task or source, a year outside 1900..2100, not exactly
            ten answers, or a blank or repeated spelling.
    """

    key: str
    category: ChartCategory
    task: str
    answers: tuple[RankedAnswer, ...]
    source: str
    checked: int
    language: str = "en"

    def __post_init__(self) -> None:
        _check_chart(self, path=None)

    @classmethod
    def from_rows(
        cls,
        key: str,
        category: str,
        task: str,
        answers: Sequence[str | Sequence[str]],
        *,
        source: str,
        checked: int,
        language: str = "en",
    ) -> Chart:
        """Returns a chart from plain rows: each answer a text, or its spellings with the printed one first.

        Raises:
            ChartError: As for `Chart`.

        Example:
            >>> chart = Chart.from_rows("digits", "fun", "Name the digits from one to ten",
            ...     [["One", "1"], "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"],
            ...     source="counting", checked=2024)
            >>> chart.answers[0]
            RankedAnswer(rank=1, text='One', alternatives=('1',))
        """
        ranked = []
        for rank, row in enumerate(answers, start=1):
            spellings = (row,) if isinstance(row, str) else tuple(row)
            if not spellings:
                raise ChartError(None, chart=key, field=f"answers[{rank}]", expected="at least one spelling")
            ranked.append(RankedAnswer(rank, spellings[0], tuple(spellings[1:])))
        return cls(key, category, task, tuple(ranked), source, checked, language)  # type: ignore[arg-type]

    def answer(self, rank: int) -> RankedAnswer:
        """Returns the answer of `rank` (1..10).

        Raises:
            KeyError: If no answer has that rank.
        """
        for answer in self.answers:
            if answer.rank == rank:
                return answer
        raise KeyError(f"chart {self.key!r} has no rank {rank!r}")

    def to_data(self) -> dict[str, Any]:
        """Returns the chart as JSON-ready data (`from_data` reads it back)."""
        return {
            "key": self.key,
            "category": self.category,
            "task": self.task,
            "answers": [list(a.spellings) for a in self.answers],
            "source": self.source,
            "checked": self.checked,
            "language": self.language,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Chart:
        """Returns the chart that `to_data` wrote.

        Raises:
            ChartError: If the data is not a valid chart.
        """
        try:
            return cls.from_rows(
                data["key"],
                data["category"],
                data["task"],
                data["answers"],
                source=data["source"],
                checked=data["checked"],
                language=data.get("language", "en"),
            )
        except (KeyError, TypeError) as err:
            raise ChartError(
                None, expected="a chart's key, category, task, answers, source, checked", got=str(err)
            ) from None


@dataclass(frozen=True, slots=True)
class ChartSet:
    """A named set of Top-Ten-Charts, seven per game (rules Q1, Q12).

    A bundled set holds exactly seven charts, played in order; a teacher's
    file may hold more, for drawing own sets (Q12).

    Attributes:
        name: The set's name, e.g. ``"Set 1"``.
        charts: Its charts, seven or more, with distinct keys.
        description: One line about the set; "" if none.

    Raises:
        ChartError: If the set has fewer than seven charts or two charts
            share a key.
    """

    name: str
    charts: tuple[Chart, ...]
    description: str = ""

    def __post_init__(self) -> None:
        if len(self.charts) < CHARTS_PER_SET:
            raise ChartError(
                None, chart=None, field="charts", expected=f"at least {CHARTS_PER_SET} charts", got=len(self.charts)
            )
        seen: set[str] = set()
        for chart in self.charts:
            if chart.key in seen:
                raise ChartError(None, chart=chart.key, field="key", expected="a key used once in the set")
            seen.add(chart.key)

    def __len__(self) -> int:
        return len(self.charts)

    @property
    def categories(self) -> tuple[str, ...]:
        """Returns each chart's category, in order."""
        return tuple(chart.category for chart in self.charts)


def _check_chart(chart: Chart, *, path: str | None) -> None:
    """Raises ChartError naming the chart and field for the first thing wrong with `chart`."""
    name = chart.key if isinstance(chart.key, str) and chart.key else None

    def fail(field: str, expected: str, got: object = None) -> ChartError:
        return ChartError(path, chart=name, field=field, expected=expected, got=got)

    if not isinstance(chart.key, str) or not _KEY.fullmatch(chart.key):
        raise fail("key", "lower-case letters, digits and hyphens, e.g. 'longest-rivers'", chart.key)
    if chart.category not in CATEGORIES:
        raise fail("category", f"one of {', '.join(CATEGORIES)}", chart.category)
    for field in ("task", "source"):
        value = getattr(chart, field)
        if not isinstance(value, str) or not value.strip():
            raise fail(field, "a text that is not blank", value)
    if not is_whole_number(chart.checked, low=1900, high=2100):
        raise fail("checked", "the year the answers were checked, e.g. 2024", chart.checked)
    if not isinstance(chart.language, str) or not re.fullmatch(r"[a-z]{2}", chart.language):
        raise fail("language", "a two-letter language code such as 'en'", chart.language)
    if len(chart.answers) != ANSWERS_PER_CHART:
        raise fail("answers", f"{ANSWERS_PER_CHART} ranked answers", len(chart.answers))
    seen: dict[str, int] = {}
    for rank, answer in enumerate(chart.answers, start=1):
        if answer.rank != rank:
            raise fail(f"answers[{rank}]", f"rank {rank}", answer.rank)
        for spelling in answer.spellings:
            if not isinstance(spelling, str) or not spelling.strip():
                raise fail(f"answers[{rank}]", "spellings that are not blank", spelling)
            folded = spelling.strip().casefold()
            if folded in seen and seen[folded] != rank:
                raise fail(f"answers[{rank}]", f"a spelling not used by rank {seen[folded]}", spelling)
            seen[folded] = rank
