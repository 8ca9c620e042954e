"""Who plays each seat of a match, and its judge: checked, with strategy names looked up.

`Match` and `play` take one `SeatPlayer` per seat: a `Strategy` of the
game's view, `HUMAN` for a person, or a strategy name for `get_strategy`.
`seat_players` checks them and looks the names up, each named strategy
fitted to the game by its ``for_game``; `check_judge` checks the judge of a
judged game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Action, Game
from toptrumps_core.strategies.base import HUMAN, Human, Strategy
from toptrumps_core.strategies.registry import default_player, get_strategy

__all__ = ["SeatPlayer", "check_judge", "seat_players"]

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")

SeatPlayer = Strategy[V] | Human | str
"""What `Match` and `play` take for one seat: a `Strategy` of the game's view, `HUMAN`, or a strategy name."""


def seat_players(rules: Game[S, A, V], strategies: Sequence[SeatPlayer[V]] | None) -> tuple[Strategy[V] | Human, ...]:
    """Returns one checked player per seat: a strategy (names resolved and fitted to the game) or `HUMAN`.

    Raises:
        RuleOptionError: If `strategies` is not one entry per seat, or an
            entry is neither `HUMAN`, a known strategy name, nor a `Strategy`
            (the message names the seat).
    """
    if strategies is None:
        return (default_player(rules),) * rules.seats
    if isinstance(strategies, (str, bytes)) or not isinstance(strategies, Sequence):
        raise RuleOptionError(f"strategies must be a list with one entry per seat ({rules.seats}); got {strategies!r}")
    if len(strategies) != rules.seats:
        raise RuleOptionError(f"expected {rules.seats} strategies, one per seat; got {len(strategies)}")
    players: list[Strategy[V] | Human] = []
    for seat, entry in enumerate(strategies):
        if isinstance(entry, Human):
            players.append(HUMAN)
        elif isinstance(entry, str):
            try:
                named: Strategy[V] = get_strategy(entry)
            except ValueError as err:
                raise RuleOptionError(f"seat {seat}: {err}") from None
            players.append(named.for_game(rules))
        elif isinstance(entry, type):
            instead = "HUMAN" if entry is Human else f"{entry.__name__}()"
            raise RuleOptionError(f"seat {seat}: expected a strategy, not the class {entry.__name__}; write {instead}")
        elif isinstance(entry, Strategy):
            players.append(entry)
        else:
            raise RuleOptionError(
                f"seat {seat}: expected HUMAN, a strategy name such as 'random' or 'expert', or a strategy "
                f"(a Strategy, with a choose(view, legal, rng) method); got {entry!r}"
            )
    return tuple(players)


def check_judge(rules: Game[S, A, V], judge: object, *, judged: bool) -> None:
    """Raises RuleOptionError unless `judge` fits `rules`: HUMAN or a computer judge for a judged game.

    `judged` says whether `rules` is a `JudgedGame`.
    """
    if judge is None:
        if judged:
            raise RuleOptionError(f"{type(rules).__name__} needs a judge: pass judge=HUMAN or a computer judge")
        return
    if not judged:
        raise RuleOptionError(f"{type(rules).__name__} has no judge; got judge={judge!r}")
    if isinstance(judge, type) or not isinstance(judge, (Human, Strategy)):
        raise RuleOptionError(f"the judge must be HUMAN or a computer judge (a Strategy); got {judge!r}")
