"""Exact probability for Top Trumps (rules P1-P4), and the confidence intervals of P5.

Every exact chance here is a `fractions.Fraction`; the float is one
``float()`` away (each result also has an ``as_floats()`` view).  "Unseen" is
always explicit: the caller passes the cards (or values) that one player has
not seen, from that player's view: for classic play ``ClassicView.unseen``,
for Hi Lo ``HiLoView.unseen``.  Nothing here peeks at a hidden card.

Standard library only, and no game is imported: the games and their
computer players use these odds, so they sit below the games.  The Monte
Carlo estimates that play the games (rule P5) and the lesson tables are in
`toptrumps_core.experiments`.

- `hilo` (P1, P2): `hi_lo_odds`, `hi_lo_plan`, `expected_hi_lo_pins`,
  `best_hi_lo_policy`.
- `comparison` (P3): `comparison_odds`.
- `ties` (P4): `tie_chance`.
- `intervals` (P5's arithmetic): `wilson_interval`, `mean_interval`,
  `z_score`, `Estimate`.
- `settle` (S3, S5): Squads' slot odds, `win_chance`, `beaten_chance`,
  `threshold_tokens`, `place_or_wait` ("place now or wait").
- `unseen`: the argument checks the others share.

Rules version: 1.
"""

from __future__ import annotations

from toptrumps_core.probability.comparison import ComparisonOdds, comparison_odds
from toptrumps_core.probability.hilo import (
    Direction,
    HiLoOdds,
    HiLoPins,
    HiLoPlan,
    HiLoPolicy,
    best_hi_lo_policy,
    expected_hi_lo_pins,
    hi_lo_odds,
    hi_lo_plan,
)
from toptrumps_core.probability.intervals import CONFIDENCE, Estimate, mean_interval, wilson_interval, z_score
from toptrumps_core.probability.settle import (
    SettleOdds,
    average_win_chance,
    beaten_chance,
    best_cards,
    goal_key,
    place_or_wait,
    threshold_tokens,
    win_chance,
)
from toptrumps_core.probability.ties import TieNoData, tie_chance
from toptrumps_core.probability.unseen import category_index, check_unseen

__all__ = [
    "CONFIDENCE",
    "ComparisonOdds",
    "Direction",
    "Estimate",
    "HiLoOdds",
    "HiLoPins",
    "HiLoPlan",
    "HiLoPolicy",
    "SettleOdds",
    "TieNoData",
    "average_win_chance",
    "beaten_chance",
    "best_cards",
    "best_hi_lo_policy",
    "category_index",
    "check_unseen",
    "comparison_odds",
    "expected_hi_lo_pins",
    "goal_key",
    "hi_lo_odds",
    "hi_lo_plan",
    "mean_interval",
    "place_or_wait",
    "threshold_tokens",
    "tie_chance",
    "wilson_interval",
    "win_chance",
    "z_score",
]
