"""Lesson 07 shows pupils the lab, not tables: its checks with the computer print one short sentence each.

The page is executed in a fresh kernel, as Voilà executes it before a pupil
sees it.  A cell's displayed value must be a widget (a pandas DataFrame
would be shown raw, wider than a phone); printed lines must fit a phone's
width, since the page shows them unwrapped; and the cells that play the
games again without the page stand under "For the teacher", after
everything a pupil works with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGE = NOTEBOOKS / "07_simulation_lab.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"
PHONE_LINE = 44
"""Characters of printed text a 390 px phone shows on one line of the page, in its monospaced type."""

pytestmark = pytest.mark.notebooks


@pytest.fixture(scope="module")
def page() -> Any:
    notebook = nbformat.read(PAGE, as_version=4)
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    return notebook


def _code(page: Any) -> list[tuple[int, Any]]:
    return [(number, cell) for number, cell in enumerate(page.cells) if cell.cell_type == "code"]


def test_every_value_a_cell_shows_is_a_widget(page: Any) -> None:
    shown = [
        (number, sorted(out.get("data", {})))
        for number, cell in _code(page)
        for out in cell.outputs
        if out.output_type in ("execute_result", "display_data") and WIDGET not in out.get("data", {})
    ]
    assert shown == []  # e.g. games.head(): a raw DataFrame, clipped on a phone


def test_the_checks_print_one_short_sentence_each(page: Any) -> None:
    printed = {
        number: "".join(out.get("text", "") for out in cell.outputs if out.output_type == "stream")
        for number, cell in _code(page)
        if "assert " in cell.source
    }
    assert len(printed) >= 4 and all(cell.get("execution_count") for _, cell in _code(page))
    sentences = [text for text in printed.values() if text]
    assert len(sentences) >= 3
    for text in sentences:
        assert text.count("\n") == 1 and text.rstrip().endswith("."), text
        assert len(text.rstrip()) <= PHONE_LINE, f"{text!r} is wider than a phone"


def test_the_checks_with_the_computer_stand_under_for_the_teacher(page: Any) -> None:
    headings = [n for n, cell in enumerate(page.cells) if cell.source.startswith("## For the teacher")]
    assert len(headings) == 1
    playing_again = [n for n, cell in _code(page) if "toptrumps_core" in cell.source or "assert " in cell.source]
    pupils = [n for n, cell in _code(page) if "SelfCheck(" in cell.source or "SimulationLab.new(" in cell.source]
    assert playing_again and min(playing_again) > headings[0] > max(pupils)
