"""Computer players by name, and the default player (and judge) of each game family.

- `get_strategy(name)`: a difficulty (``"easy"``, ``"medium"``, ``"hard"``,
  ``"expert"``, `DIFFICULTIES`) or a strategy name (``"random"``,
  ``"best_value"``, ``"best_rank"``, ``"card_counting"``).
- `default_player(rules)`: the computer player `play` and `Match` seat where
  no strategy is given, and `default_judge(rules)`: each named by the rules'
  `GameFamily` (`toptrumps_core.families`), e.g. card counting told the
  game's rule C6 option for the classic game (P3), `BestHiLo` for Hi Lo (P1,
  P2), `QuizTeam` and the judge `SimilarityJudge` for the Top Ten Quiz.  The
  rules never import their players: a family names them by reference.
  `register_default_player` and `register_default_judge` put another player
  (or judge) in place of a family's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from toptrumps_core.classic import ClassicView
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.families import GameFamily, get_game, known_games
from toptrumps_core.protocol import AnyGame
from toptrumps_core.strategies.base import RandomStrategy, Strategy
from toptrumps_core.strategies.classic import BestRank, BestValue, CardCounting

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
    """Makes ``make(rules)`` the default computer player of the game family `family`, in place of its own."""
    _PLAYERS[family] = make


def register_default_judge(family: str, make: PlayerMaker) -> None:
    """Makes ``make(rules)`` the default computer judge of the game family `family`, in place of its own."""
    _JUDGES[family] = make


def _family(rules: AnyGame) -> GameFamily | None:
    name = getattr(rules, "family", None)
    try:
        return get_game(name) if isinstance(name, str) else None
    except ValueError:
        return None


def default_player(rules: AnyGame) -> Strategy[Any]:
    """Returns the default computer player for `rules`, named by its game family.

    Raises:
        RuleOptionError: If the family has no default player (the message
            lists the families that have one).

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> default_player(ClassicRules(load_deck("animals"), no_data="loses"))
        CardCounting(no_data='loses')
    """
    family = _family(rules)
    if family is not None and family.name in _PLAYERS:
        return _PLAYERS[family.name](rules)
    player: Strategy[Any] | None = None if family is None else family.make_player(rules)
    if player is None:
        having = sorted(set(_PLAYERS) | {name for name in known_games() if get_game(name).player is not None})
        raise RuleOptionError(
            f"{type(rules).__name__} has no default computer player; give one strategy per seat "
            f"(families with a default: {having})"
        )
    return player


def default_judge(rules: AnyGame) -> Strategy[Any] | None:
    """Returns the default computer judge for `rules`, or None if its family has none."""
    family = _family(rules)
    if family is not None and family.name in _JUDGES:
        return _JUDGES[family.name](rules)
    judge: Strategy[Any] | None = None if family is None else family.make_judge(rules)
    return judge
