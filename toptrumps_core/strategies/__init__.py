"""Computer players for every game, the marker for a person's seat, and the players by name.

- `base`: the `Strategy` protocol (generic over the seat's view), `HUMAN`,
  and `RandomStrategy`, the one random player of every game.
- `classic`: `BestValue`, `BestRank`, `CardCounting` (rule P3) for the
  classic game.
- `hilo`: `BestHiLo` (rules P1, P2) and `PolicyPlayer` for Hi Lo (T12).
- `tournament`: `TournamentPlayer`, a player for every tournament decision.
- `squads`: `RandomBuilder`, `ExpectedTokensBuilder`, `ThresholdBuilder`
  for Squads (S3, S5).
- `registry`: `get_strategy(name)`, `DIFFICULTIES`, and the default player
  (and judge) of each game family, which `play` and `Match` seat.

Every player decides from its own seat's view alone and draws only from the
generator it is handed.
"""

from __future__ import annotations

from toptrumps_core.strategies.base import HUMAN, Human, RandomStrategy, Strategy
from toptrumps_core.strategies.classic import BestRank, BestValue, CardCounting, rank_score
from toptrumps_core.strategies.hilo import BestHiLo, PolicyPlayer
from toptrumps_core.strategies.registry import (
    DIFFICULTIES,
    default_judge,
    default_player,
    get_strategy,
    register_default_judge,
    register_default_player,
)
from toptrumps_core.strategies.squads import ExpectedTokensBuilder, RandomBuilder, ThresholdBuilder
from toptrumps_core.strategies.tournament import RandomTournamentPlayer, TournamentPlayer, deck_tie_chance

__all__ = [
    "DIFFICULTIES",
    "HUMAN",
    "BestHiLo",
    "BestRank",
    "BestValue",
    "CardCounting",
    "ExpectedTokensBuilder",
    "Human",
    "PolicyPlayer",
    "RandomBuilder",
    "RandomStrategy",
    "RandomTournamentPlayer",
    "Strategy",
    "ThresholdBuilder",
    "TournamentPlayer",
    "deck_tie_chance",
    "default_judge",
    "default_player",
    "get_strategy",
    "rank_score",
    "register_default_judge",
    "register_default_player",
]
