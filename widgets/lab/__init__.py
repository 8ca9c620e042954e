"""The simulation lab: thousands of classic games in the page, charted (rules C1-C12, P5).

- `lab`: `SimulationLab`, the controls, the stepped run with its progress
  bar and Stop button, and the charts;
- `choices`: the pupils' words for strategies, rule options and engines,
  and the largest run each engine plays;
- `charts`: game lengths beside gambler's ruin, the first chooser's share,
  each card's winningness, the strategy ladder;
- `SteppedRun` (from `widgets._toolkit`): a long computation in steps that keep the page live.
"""

from widgets._toolkit import SteppedRun
from widgets.lab.lab import CARD_SAMPLE, MAX_GAMES, MAX_RULES_GAMES, MIN_GAMES, STRATEGY_LABELS, SimulationLab

__all__ = ["CARD_SAMPLE", "MAX_GAMES", "MAX_RULES_GAMES", "MIN_GAMES", "STRATEGY_LABELS", "SimulationLab", "SteppedRun"]
