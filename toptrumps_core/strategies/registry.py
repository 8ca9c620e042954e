"""Computer players by name, and the default player (and judge) of each game family.

- `get_strategy(name)`: a difficulty (``"easy"``, ``"medium"``, ``"hard"``,
  ``"expert"``, `DIFFICULTIES`) or a strategy name (``"random"``,
  ``"best_value"``, ``"best_rank"``, ``"card_counting"``).
- `default_player(rules)`: the computer player `play` and `Match` seat where
  no strategy is given, looked up by the rules' game family: card counting
  told the game's rule C6 option for the classic game (P3), `BestHiLo` for
  Hi Lo (P1, P2), `TournamentPlayer` for the tournament, card counting for a
  mini-game played on its own, `ExpectedTokensBuilder` for Squads,
  `QuizTeam` (and the judge `SimilarityJudge`) for the Top Ten Quiz.  A new
  game registers its own with `register_default_player`, and its default judge, if it has one, with
  `register_default_judge`; the rules never import their players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from toptrumps_core.classic import ClassicRules, ClassicView
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Game
from toptrumps_core.record import RecordedRules
from toptrumps_core.strategies.base import RandomStrategy, Strategy
from toptrumps_core.strategies.classic import BestRank, BestValue, CardCounting
from toptrumps_core.strategies.hilo import BestHiLo
from toptrumps_core.strategies.quiz import QuizTeam, SimilarityJudge
from toptrumps_core.strategies.squads import ExpectedTokensBuilder
from toptrumps_core.strategies.tournament import TournamentPlayer

__all__ = [
    "DIFFICULTIES",
    "default_judge",
    "default_player",
    "get_strategy",
    "register_default_judge",
    "register_default_player",
]

DIFFICULTIES: Mapping[str, Strategy[ClassicView]] = MappingProxyType(
    {
        "easy": RandomStrategy(),
        "medium": BestValue(),
        "hard": BestRank(),
        "expert": CardCounting(),
    }
)
"""Named difficulty levels for the page, easiest first."""

_NAMES: Mapping[str, Strategy[Any]] = MappingProxyType(
    {
        "random": RandomStrategy(),
        "best_value": BestValue(),
        "best_rank": BestRank(),
        "card_counting": CardCounting(),
        **DIFFICULTIES,
    }
)


def get_strategy(name: str) -> Strategy[Any]:
    """Returns the strategy called `name` (a difficulty or a strategy name).

    Raises:
        ValueError: If the name is unknown (the message lists the known ones).

    Example:
        >>> get_strategy("expert")
        CardCounting(no_data='tie')
    """
    try:
        return _NAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"no strategy {name!r}; expected one of {sorted(_NAMES)}") from None


PlayerMaker = Callable[[Any], Strategy[Any]]
"""Makes a family's default player (or judge) for one rules object of that family."""

_PLAYERS: dict[str, PlayerMaker] = {}
_JUDGES: dict[str, PlayerMaker] = {}


def register_default_player(family: str, make: PlayerMaker) -> None:
    """Makes ``make(rules)`` the default computer player of the game family `family`."""
    _PLAYERS[family] = make


def register_default_judge(family: str, make: PlayerMaker) -> None:
    """Makes ``make(rules)`` the default computer judge of the game family `family` (a judged game)."""
    _JUDGES[family] = make


def _family(rules: Game) -> str | None:
    return rules.family if isinstance(rules, RecordedRules) else None


def default_player(rules: Game) -> Strategy[Any]:
    """Returns the default computer player for `rules`, by its game family.

    Raises:
        RuleOptionError: If the family has no default player (the message
            lists the families that have one).

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> default_player(ClassicRules(load_deck("animals"), no_data="loses"))
        CardCounting(no_data='loses')
    """
    family = _family(rules)
    make = _PLAYERS.get(family) if family is not None else None
    if make is None:
        raise RuleOptionError(
            f"{type(rules).__name__} has no default computer player; give one strategy per seat "
            f"(families with a default: {sorted(_PLAYERS)})"
        )
    return make(rules)


def default_judge(rules: Game) -> Strategy[Any] | None:
    """Returns the default computer judge for `rules`, or None if its family has none."""
    family = _family(rules)
    make = _JUDGES.get(family) if family is not None else None
    return None if make is None else make(rules)


def _card_counting(rules: ClassicRules) -> Strategy[Any]:
    return CardCounting(no_data=rules.no_data)  # the odds of this game's C6 option


register_default_player("classic", _card_counting)
register_default_player("hilo", lambda rules: BestHiLo())
register_default_player("tournament", lambda rules: TournamentPlayer())
register_default_player("squads", lambda rules: ExpectedTokensBuilder())  # exact expected tokens (S5)
register_default_player("quiz", lambda rules: QuizTeam())  # knows each answer with p = 3/5, bids its best
register_default_judge("quiz", lambda rules: SimilarityJudge())
for _mini_game in ("head_to_head", "my_game", "shoot_out", "arena_hilo", "steal_a_pin", "grab_two_pins", "finale"):
    register_default_player(_mini_game, lambda rules: CardCounting())  # a mini-game on its own, as before
