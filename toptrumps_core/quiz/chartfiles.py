"""Chart files (TOML), loaded all or nothing, and the bundled chart sets (rule Q1, Q12).

A chart file holds one `ChartSet`::

    name = "Set 1"
    description = "One chart of each category"
    language = "en"                      # optional; the charts' default

    [[charts]]
    key = "longest-rivers"
    category = "nature"                  # society, sport, nature, worldwide, people, economy, fun
    task = "Name the ten longest rivers in the world"
    source = "Encyclopaedia Britannica, 'Longest rivers of the world'"
    checked = 2024
    answers = [
      "Nile",
      "Amazon",
      ["Yangtze", "Chang Jiang"],        # the printed answer first, then other accepted spellings
      ...                                # ten in all, rank 1 first
    ]

Loading validates every chart before returning any: a mistake raises one
`ChartError` naming the file, the chart (its key, or ``#n`` for the n-th)
and the field.  A teacher adds charts by writing such a file and passing
its path to `load_charts`.

Bundled sets live in ``toptrumps_core/quiz/sets/`` and are named by file
stem (``"set_1"``...), see `bundled_chart_sets`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from toptrumps_core.errors import ChartError
from toptrumps_core.quiz.charts import Chart, ChartSet, RankedAnswer

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["bundled_chart_sets", "load_bundled_sets", "load_charts", "parse_charts"]

_PACKAGE = "toptrumps_core.quiz.sets"
_CHART_FIELDS = ("key", "category", "task", "source", "checked", "answers")


def bundled_chart_sets() -> tuple[str, ...]:
    """Returns the names of the chart sets shipped with the package, sorted (rule Q1).

    Example:
        >>> len(bundled_chart_sets()) >= 3
        True
    """
    folder = resources.files(_PACKAGE)
    return tuple(sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml")))


@lru_cache(maxsize=1)
def load_bundled_sets() -> tuple[ChartSet, ...]:
    """Returns every bundled chart set, in the order of `bundled_chart_sets` (read once, then kept).

    Raises:
        ChartError: If a bundled file is invalid.
    """
    return tuple(load_charts(name) for name in bundled_chart_sets())


def load_charts(name_or_path: str | os.PathLike[str]) -> ChartSet:
    """Returns a bundled chart set by name, or the set in a TOML chart file (rules Q1, Q12).

    Args:
        name_or_path: A bundled set's name such as ``"set_1"`` (see
            `bundled_chart_sets`), or the path of a ``.toml`` chart file.

    Returns:
        The whole, validated set.

    Raises:
        ChartError: If the name is not a bundled set (the message lists
            them), or the file is missing, not TOML or invalid (the message
            names the file, the chart and the field).

    Example:
        >>> charts = load_charts("set_1")
        >>> len(charts.charts), len(charts.charts[0].answers)
        (7, 10)
    """
    text_name = os.fspath(name_or_path)
    if isinstance(name_or_path, str) and "/" not in text_name and not text_name.endswith(".toml"):
        known = bundled_chart_sets()
        if text_name.lower() not in known:
            raise ChartError(None, expected=f"a bundled chart set ({', '.join(known)}) or a .toml path", got=text_name)
        source = resources.files(_PACKAGE) / f"{text_name.lower()}.toml"
        return parse_charts(source.read_text(encoding="utf-8"), path=f"{text_name.lower()}.toml")
    path = Path(text_name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ChartError(path, expected="a readable UTF-8 TOML chart file", got=type(err).__name__) from None
    return parse_charts(text, path=path)


def parse_charts(text: str, *, path: str | os.PathLike[str] | None = None) -> ChartSet:
    """Returns the chart set written in the TOML `text` (see the module docstring).

    Args:
        text: The file's content.
        path: The file it came from, named in errors; None for text from elsewhere.

    Raises:
        ChartError: For the first mistake, naming the file, chart and field.

    Example:
        >>> parse_charts('name = "Empty"')
        Traceback (most recent call last):
        ...
        toptrumps_core.errors.ChartError: charts: field 'charts' expected a list of [[charts]] tables
    """
    where = None if path is None else os.fspath(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ChartError(where, expected="valid TOML", got=str(err)) from None
    name = data.get("name", Path(where).stem if where else "Charts")
    if not isinstance(name, str) or not name.strip():
        raise ChartError(where, field="name", expected="the set's name as text", got=name)
    language = data.get("language", "en")
    rows = data.get("charts")
    if not isinstance(rows, list) or not rows:
        raise ChartError(where, field="charts", expected="a list of [[charts]] tables")
    charts = tuple(_chart(row, n, where, language) for n, row in enumerate(rows, start=1))
    try:
        return ChartSet(name.strip(), charts, str(data.get("description", "")))
    except ChartError as err:
        raise ChartError(where, chart=err.chart, field=err.field, expected=err.expected, got=err.got) from None


def _chart(row: Any, number: int, where: str | None, language: Any) -> Chart:
    """Returns the chart of one ``[[charts]]`` table, or raises ChartError naming it."""
    label = f"#{number}"
    if isinstance(row, Mapping) and isinstance(row.get("key"), str) and row["key"]:
        label = row["key"]
    if not isinstance(row, Mapping):
        raise ChartError(where, chart=label, expected="a [[charts]] table", got=row)
    for field in _CHART_FIELDS:
        if field not in row:
            raise ChartError(where, chart=label, field=field, expected="a value (the field is missing)")
    answers = row["answers"]
    if not isinstance(answers, list):
        raise ChartError(where, chart=label, field="answers", expected="a list of ten answers", got=answers)
    ranked = []
    for rank, entry in enumerate(answers, start=1):
        spellings = [entry] if isinstance(entry, str) else entry
        if not isinstance(spellings, list) or not spellings or not all(isinstance(s, str) for s in spellings):
            raise ChartError(
                where, chart=label, field=f"answers[{rank}]", expected="a text, or a list of texts", got=entry
            )
        ranked.append(RankedAnswer(rank, spellings[0].strip(), tuple(s.strip() for s in spellings[1:])))
    try:
        return Chart(
            row["key"],
            row["category"],
            row["task"],
            tuple(ranked),
            row["source"],
            row["checked"],
            row.get("language", language),
        )
    except ChartError as err:
        raise ChartError(where, chart=label, field=err.field, expected=err.expected, got=err.got) from None
