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

Each name is imported when first used, so seating a classic player loads
no other game.
"""

from __future__ import annotations

from toptrumps_core.lazy import lazy_exports

TYPE_CHECKING = False  # True for type checkers, which read the imports below
if TYPE_CHECKING:
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

_PUBLIC: dict[str, str] = {
    "DIFFICULTIES": "toptrumps_core.strategies.registry",
    "HUMAN": "toptrumps_core.strategies.base",
    "BestHiLo": "toptrumps_core.strategies.hilo",
    "BestRank": "toptrumps_core.strategies.classic",
    "BestValue": "toptrumps_core.strategies.classic",
    "CardCounting": "toptrumps_core.strategies.classic",
    "ExpectedTokensBuilder": "toptrumps_core.strategies.squads",
    "Human": "toptrumps_core.strategies.base",
    "PolicyPlayer": "toptrumps_core.strategies.hilo",
    "RandomBuilder": "toptrumps_core.strategies.squads",
    "RandomStrategy": "toptrumps_core.strategies.base",
    "RandomTournamentPlayer": "toptrumps_core.strategies.tournament",
    "Strategy": "toptrumps_core.strategies.base",
    "ThresholdBuilder": "toptrumps_core.strategies.squads",
    "TournamentPlayer": "toptrumps_core.strategies.tournament",
    "deck_tie_chance": "toptrumps_core.strategies.tournament",
    "default_judge": "toptrumps_core.strategies.registry",
    "default_player": "toptrumps_core.strategies.registry",
    "get_strategy": "toptrumps_core.strategies.registry",
    "rank_score": "toptrumps_core.strategies.classic",
    "register_default_judge": "toptrumps_core.strategies.registry",
    "register_default_player": "toptrumps_core.strategies.registry",
}
"""Every public name -> the module that defines it, imported when the name is first used (PEP 562)."""


__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC)
