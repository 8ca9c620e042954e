"""Every teaching notebook runs from top to bottom (nbval, lax mode).

The notebooks run in a child pytest with ``--nbval-lax``: every code cell
must execute without error (cells check their own results with ``assert``),
and stored outputs are not compared.  The test then checks, from the child's
JUnit report, that every notebook of ``notebooks/`` ran and passed, and how
many there are, so a notebook silently skipped or collected twice fails.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
REQUIRED = {
    "00_start_here.ipynb",
    "01_classic_top_trumps.ipynb",
    "02_ties_and_no_data.ipynb",
    "03_hi_lo.ipynb",
    "04_tournament.ipynb",
    "05_squads.ipynb",
    "06_top_ten_quiz.ipynb",
    "07_simulation_lab.ipynb",
    "08_build_your_own_deck.ipynb",
}

pytestmark = pytest.mark.notebooks


def test_every_notebook_runs_under_nbval(tmp_path: Path) -> None:
    notebooks = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert REQUIRED <= set(notebooks), f"missing notebooks: {REQUIRED - set(notebooks)}"
    report = tmp_path / "nbval.xml"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval-lax",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            "-o",
            "testpaths=",
            "--nbval-cell-timeout=120",
            f"--junitxml={report}",
            "-q",
            *notebooks,
        ],
        cwd=NOTEBOOKS,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]
    # JUnit names each cell's case after its notebook, e.g. "notebooks.03_hi_lo.ipynb".
    cells_run = {name: 0 for name in notebooks}
    for case in ET.parse(report).getroot().iter("testcase"):
        where = case.get("file") or case.get("classname") or ""
        owners = [name for name in notebooks if where.endswith(name)]
        assert len(owners) == 1, f"cannot tell which notebook ran {where!r}"
        cells_run[owners[0]] += 1
    assert all(cells_run.values()), f"notebooks with no cell run: {[n for n, c in cells_run.items() if not c]}"
    assert len(cells_run) == len(notebooks) >= len(REQUIRED)
