"""ipywidgets views over `toptrumps_core`.

Each view is a container widget over a core `Match`, drawn with
`toptrumps_core.svg`, with every handler inside one error boundary
(`widgets._boundary`).  A notebook cell is one line:

    from widgets import ClassicTable
    ClassicTable.new(deck="dinosaurs", seats=3, seed=2024)

Importing this package is light: the views (and ipywidgets) load when a name
is first used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.card import CardView
    from widgets.classic import ClassicTable
    from widgets.deck_shelf import DeckShelf
    from widgets.hilo import HiLoTable
    from widgets.lesson import FirstChooserExperiment, SelfCheck
    from widgets.quiz import QuizMaster
    from widgets.spinner import Spinner
    from widgets.squads import SquadBuilder
    from widgets.tournament import TournamentArena, TournamentExperiment

__all__ = [
    "CardView",
    "ClassicTable",
    "DeckShelf",
    "FirstChooserExperiment",
    "HiLoTable",
    "QuizMaster",
    "SelfCheck",
    "Spinner",
    "SquadBuilder",
    "TournamentArena",
    "TournamentExperiment",
]

_HOMES = {
    "CardView": "widgets.card",
    "ClassicTable": "widgets.classic",
    "DeckShelf": "widgets.deck_shelf",
    "FirstChooserExperiment": "widgets.lesson",
    "HiLoTable": "widgets.hilo",
    "QuizMaster": "widgets.quiz",
    "SelfCheck": "widgets.lesson",
    "Spinner": "widgets.spinner",
    "SquadBuilder": "widgets.squads",
    "TournamentArena": "widgets.tournament",
    "TournamentExperiment": "widgets.tournament",
}


def __getattr__(name: str) -> Any:
    """Loads a view on first use (PEP 562), so ``import widgets`` stays light."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
