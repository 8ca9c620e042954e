"""The Top Trumps Tournament's views (rules T1-T16).

- `arena`: `TournamentArena`, the widget and its screens, made of
  `board` (title, turn line, order of play, pin tracks, arena picture),
  `panels` (the mini-game's panel and its choices), `saves` (save and
  resume) and `settings` (`TournamentSettings` and the "New tournament"
  form); it draws public facts from `TournamentRules.public_view`;
- `log`: `ArenaStory`, what happened, in the core's narration;
- `experiment`: `TournamentExperiment`, many computer tournaments, charted.
"""

from __future__ import annotations

from widgets.tournament.arena import TournamentArena
from widgets.tournament.experiment import TournamentExperiment
from widgets.tournament.settings import TournamentSettings

__all__ = ["TournamentArena", "TournamentExperiment", "TournamentSettings"]
