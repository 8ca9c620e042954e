"""The batch engine's public face: what it supports, and many seeded games at once (rules C1-C12).

Rules card:

- Game i of ``play_batch(rules, strategies, seeds)`` is the game
  ``play(rules, strategies, seed=seeds[i])``: the same deal (C2), the same
  category choices (C4) from each seat's own stream, the same ties and pot
  (C5, C6), the same outs, last stack and draw (C7), the same lots (C8),
  the same round limit (C11) and the same cap (C12: an unfinished game is
  reported as ``UNFINISHED`` with no winner, never won).
- Supported: 2 to 6 seats (C1), ``leftover`` both ways (C2),
  ``collect_order="fixed"`` (C4), both ``no_data`` options (C6),
  lower-is-better categories (D3), ``round_limit`` (C11), and the
  strategies of `BATCH_STRATEGIES`.  Anything else raises `BatchUnsupported`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from toptrumps_core.classic import ClassicRules
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Termination

__all__ = ["BATCH_STRATEGIES", "TERMINATIONS", "BatchGames", "BatchUnsupported", "check_batch_support", "play_batch"]

BATCH_STRATEGIES = ("random", "best_value", "best_rank")
"""Strategy names (`toptrumps_core.strategies.registry`) the batch engine plays."""

TERMINATIONS = (Termination.LAST_STACK, Termination.DRAW_ALL_OUT, Termination.ROUND_LIMIT, Termination.UNFINISHED)
"""`BatchGames.termination` codes: code k means ``TERMINATIONS[k]``."""


class BatchUnsupported(RuleOptionError):
    """The batch engine does not play these rules or strategies; the message names each one."""


@dataclass(frozen=True)
class BatchGames:
    """Many finished classic games, one row per game in seed order (n games, s seats, c cards).

    Attributes:
        seeds: (n,) int64: the seed of each game.
        winners: (n, s) bool: the winning seats (two or more: a draw, C7,
            C11); no seat for an unfinished game (C12).
        comparisons: (n,) int64: comparisons made, ties included.
        ties: (n,) int64: comparisons that ended in a tie (C5, C6).
        lots: (n,) int64: choosers drawn by lot (C8).
        termination: (n,) int8 codes into `TERMINATIONS`.
        stack_sizes: (n, s) int16: each seat's cards at the end.
        pot_sizes: (n,) int16: cards left in the pot at the end (C5).
        final_cards: (n, c) int16: every card of the deck once per row (card
            numbers as in ``rules.deck.cards``): the stacks seat by seat, each
            top first, then the pot oldest first, then the set-aside cards.
    """

    seeds: npt.NDArray[np.int64]
    winners: npt.NDArray[np.bool_]
    comparisons: npt.NDArray[np.int64]
    ties: npt.NDArray[np.int64]
    lots: npt.NDArray[np.int64]
    termination: npt.NDArray[np.int8]
    stack_sizes: npt.NDArray[np.int16]
    pot_sizes: npt.NDArray[np.int16]
    final_cards: npt.NDArray[np.int16]

    def __len__(self) -> int:
        return int(self.seeds.shape[0])

    def terminations(self) -> tuple[Termination, ...]:
        """Returns each game's `Termination` member, in seed order."""
        return tuple(TERMINATIONS[code] for code in self.termination.tolist())

    def stacks(self, game: int) -> tuple[tuple[int, ...], ...]:
        """Returns game `game`'s final stacks: one tuple of card numbers per seat, top first."""
        raise NotImplementedError

    def pot(self, game: int) -> tuple[int, ...]:
        """Returns game `game`'s final pot, oldest card first (C5)."""
        raise NotImplementedError


def check_batch_support(rules: ClassicRules, strategies: Sequence[str]) -> None:
    """Raises `BatchUnsupported` unless the batch engine plays these rules and strategies.

    Args:
        rules: Classic rules (C1-C12).
        strategies: One strategy name per seat, from `BATCH_STRATEGIES`.

    Raises:
        BatchUnsupported: Naming every unsupported option, seat count and
            strategy at once.
    """
    raise NotImplementedError


def play_batch(rules: ClassicRules, strategies: Sequence[str], seeds: Sequence[int], *, threads: int = 1) -> BatchGames:
    """Plays one classic game per seed, each exactly as ``play(rules, strategies, seed=seed)`` would.

    Args:
        rules: Classic rules that `check_batch_support` accepts.
        strategies: One strategy name per seat (`BATCH_STRATEGIES`).
        seeds: The games' seeds, whole numbers of at most 18 digits.
        threads: Worker threads, >= 1.

    Returns:
        `BatchGames`, one row per seed in the order given.

    Raises:
        BatchUnsupported: If the rules or strategies are not supported.
        RuleOptionError: If a seed or `threads` is not valid.
    """
    raise NotImplementedError
