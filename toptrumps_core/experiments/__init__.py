"""Experiments over many simulated games: Monte Carlo estimates (rule P5) and the lessons' studies.

These play the real games through the driver (`toptrumps_core.play`), so
they sit above the games; the exact chances they are checked against are in
`toptrumps_core.probability`, below the games.  Standard library only.

- `estimates` (P5 for P1-P4): `estimate_hi_lo_odds`, `estimate_hi_lo_pins`,
  `estimate_comparison_odds`, `estimate_tie_chance`.
- `bidding`: `estimate_reach`, `bidding_table`, `reach_grid`, the quiz
  lesson on bidding (Q4-Q8).
- `tables`: `Table`, `hi_lo_table` (P1, P2), `tie_table` (P4),
  `side_by_side` (exact beside simulated, P5).
- `convergence`: `running_estimates`, an estimate as its trials accumulate.
- `ties`: `tie_study`, ties and pots over whole classic games (C5, C6, P4).
- `first_chooser`: `first_chooser_wins`, lesson 1's question (C3).
- `settle`: `SettleQuestion`, `estimate_settle`, `settle_table`, the
  Squads lesson "place now or wait?" (S3, S5).
- `threshold_games`: `threshold_games`, real Squads games of a threshold
  player beside the lesson's model (S3, S5, S6).
- `tournaments`: `tournament_stats`, how long a tournament is and which
  mini-games decide it (T3, T15).
- `steps`: `Steps`, `run_steps`: the long experiments in steps
  (`hi_lo_pins_steps`, `tie_chance_steps`, `first_chooser_steps`,
  `tie_study_steps`, `tournament_stats_steps`), the same results, yielding
  between chunks of games so that a page stays usable while they run.

Rules version: 1.
"""

from __future__ import annotations

from toptrumps_core.experiments.bidding import bidding_table, estimate_reach, reach_grid
from toptrumps_core.experiments.convergence import RunningEstimate, running_estimates
from toptrumps_core.experiments.estimates import (
    ComparisonEstimate,
    estimate_comparison_odds,
    estimate_hi_lo_odds,
    estimate_hi_lo_pins,
    estimate_tie_chance,
    hi_lo_pins_steps,
    tie_chance_steps,
)
from toptrumps_core.experiments.first_chooser import FirstChooserResult, first_chooser_steps, first_chooser_wins
from toptrumps_core.experiments.settle import SettleEstimate, SettleQuestion, SettleRow, estimate_settle, settle_table
from toptrumps_core.experiments.steps import Steps, run_steps, step_size
from toptrumps_core.experiments.tables import Table, TieRow, hi_lo_table, side_by_side, tie_table
from toptrumps_core.experiments.threshold_games import GAME_THRESHOLDS, ThresholdGamesRow, threshold_games
from toptrumps_core.experiments.ties import TieStudy, tie_study, tie_study_steps
from toptrumps_core.experiments.tournaments import (
    MAX_TOURNAMENTS,
    TournamentStats,
    tournament_facts,
    tournament_stats,
    tournament_stats_steps,
)

__all__ = [
    "GAME_THRESHOLDS",
    "MAX_TOURNAMENTS",
    "ComparisonEstimate",
    "FirstChooserResult",
    "RunningEstimate",
    "SettleEstimate",
    "SettleQuestion",
    "SettleRow",
    "Steps",
    "Table",
    "ThresholdGamesRow",
    "TieRow",
    "TieStudy",
    "TournamentStats",
    "bidding_table",
    "estimate_comparison_odds",
    "estimate_hi_lo_odds",
    "estimate_hi_lo_pins",
    "estimate_reach",
    "estimate_settle",
    "estimate_tie_chance",
    "first_chooser_steps",
    "first_chooser_wins",
    "hi_lo_pins_steps",
    "hi_lo_table",
    "reach_grid",
    "run_steps",
    "running_estimates",
    "settle_table",
    "side_by_side",
    "step_size",
    "threshold_games",
    "tie_chance_steps",
    "tie_study",
    "tie_study_steps",
    "tie_table",
    "tournament_facts",
    "tournament_stats",
    "tournament_stats_steps",
]
