"""Every game a page opens is dealt from a fresh seed, never from one written in the notebook.

The notebooks are public: a game cell with ``seed=2024`` would deal every
pupil the same cards, and anyone with the package could rebuild the deal and
see every face-down card.  So the cells that open a game (the classic table,
Hi Lo, the tournament, Squads, the Quiz) pass no seed: the widget draws one
from the operating system and names it only when the game ends.
Experiments may keep a written seed: they show no hidden cards.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
GAMES = {"ClassicTable", "HiLoTable", "TournamentArena", "SquadBuilder", "QuizMaster"}


def _game_openings(path: Path) -> list[ast.Call]:
    """Returns the calls ``Game.new(...)`` or ``Game(...)`` of a game widget in the notebook's code cells."""
    calls = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if not isinstance(node, ast.Call):
                continue
            target = node.func.value if isinstance(node.func, ast.Attribute) and node.func.attr == "new" else node.func
            if isinstance(target, ast.Name) and target.id in GAMES:
                calls.append(node)
    return calls


def test_the_pages_open_games() -> None:
    opened = sum(len(_game_openings(path)) for path in NOTEBOOKS)
    assert opened >= len(GAMES), f"expected the lessons to open at least {len(GAMES)} games; found {opened}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_game_on_a_page_is_dealt_from_a_written_seed(path: Path) -> None:
    seeded = [ast.unparse(call) for call in _game_openings(path) if any(k.arg == "seed" for k in call.keywords)]
    assert not seeded, f"{path.name} opens a game from a seed the page's reader can see: {seeded}"
