"""Top Trump Squads in the page (rules S1-S7).

- `builder`: `SquadBuilder`, the game: missions, building at once, the
  reveal slot by slot, the tokens, the end.
- `editor`: `MissionEditor`, a new mission checked by the core (S2).
- `screens`: the HTML pieces: tokens, progress, the reveal, the end.
"""

from __future__ import annotations

from widgets.squads.builder import SquadBuilder
from widgets.squads.editor import MissionEditor

__all__ = ["MissionEditor", "SquadBuilder"]
