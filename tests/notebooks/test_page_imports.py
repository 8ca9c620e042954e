"""A page opens without loading the heavy libraries it does not show (numpy, numba, pandas, matplotlib).

Each notebook listed is executed in a fresh kernel, as Voila executes a page
before a pupil sees it (display hooks included); then the kernel's
``sys.modules`` is read.  Their experiments load these libraries when a
pupil first presses Run, not at page open.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
HEAVY = ("numpy", "numba", "pandas", "matplotlib")
LIGHT_PAGES = (
    "00_start_here",
    "01_classic_top_trumps",
    "02_ties_and_no_data",
    "03_hi_lo",
    "04_tournament",
    "05_squads",
    "06_top_ten_quiz",
    "08_build_your_own_deck",
)

pytestmark = pytest.mark.notebooks


@pytest.mark.parametrize("name", LIGHT_PAGES)
def test_executing_the_page_loads_no_heavy_library(name: str) -> None:
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    probe = nbformat.v4.new_code_cell(
        f"import json, sys\nprint(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    )
    notebook.cells.append(probe)
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    assert all(cell.get("execution_count") for cell in code), "a cell of the page did not run"
    printed = "".join(out.get("text", "") for out in probe.outputs if out.get("name") == "stdout")
    assert json.loads(printed) == [], f"{name} loaded {printed.strip()} as it opened"
