"""The batch engine's public face: what it supports, and many seeded games at once (rules C1-C12).

Rules card:

- Game i of ``play_batch(rules, strategies, seeds)`` is the game
  ``play(rules, strategies, seed=seeds[i])`` (new matches' seed scheme,
  ``"splitmix64"``, the one scheme it plays; see `toptrumps_core.chance`):
  the same deal (C2), the same category choices (C4) from each seat's own
  stream, the same ties and pot
  (C5, C6), the same outs, last stack and draw (C7), the same lots (C8),
  the same round limit (C11) and the same cap (C12: an unfinished game is
  reported as ``UNFINISHED`` with no winner, never won).
- Supported: 2 to 6 seats (C1), ``leftover`` both ways (C2),
  ``collect_order="fixed"`` (C4), both ``no_data`` options (C6),
  lower-is-better categories (D3), ``round_limit`` (C11), and the
  strategies of `BATCH_STRATEGIES`.  Anything else raises `BatchUnsupported`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from toptrumps_core.checks import whole_number
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS, ClassicRules
from toptrumps_core.comparison import category_ranks
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.play import DEFAULT_MAX_ACTIONS, Match
from toptrumps_core.protocol import Lot, Termination
from toptrumps_core.simulation.kernel import ChoiceTables, games_per_block, play_games, play_scratch
from toptrumps_core.simulation.twister import streams
from toptrumps_core.strategies import BestRank, BestValue, RandomStrategy, get_strategy

__all__ = ["BATCH_STRATEGIES", "TERMINATIONS", "BatchGames", "BatchUnsupported", "check_batch_support", "play_batch"]

BATCH_STRATEGIES = ("random", "best_value", "best_rank")
"""Strategy names (`toptrumps_core.strategies.registry`) the batch engine plays."""

TERMINATIONS = (Termination.LAST_STACK, Termination.DRAW_ALL_OUT, Termination.ROUND_LIMIT, Termination.UNFINISHED)
"""`BatchGames.termination` codes: code k means ``TERMINATIONS[k]``."""


_SUPPORTED = (RandomStrategy, BestValue, BestRank)
_MAX_CARDS = 32767  # card numbers are int16
_SEED_LIMIT = 10**18
_NO_CAP = 2**62
_CHUNKS_PER_THREAD = 16  # work split finer than the threads, so that the last chunks end close together


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
        """Returns game `game`'s final stacks: one tuple of card numbers per seat, top first.

        Raises:
            IndexError: If there is no game `game`.
        """
        row = self.final_cards[game].tolist()
        out: list[tuple[int, ...]] = []
        at = 0
        for count in self.stack_sizes[game].tolist():
            out.append(tuple(row[at : at + count]))
            at += count
        return tuple(out)

    def pot(self, game: int) -> tuple[int, ...]:
        """Returns game `game`'s final pot, oldest card first (C5).

        Raises:
            IndexError: If there is no game `game`.
        """
        held = int(self.stack_sizes[game].sum())
        return tuple(self.final_cards[game, held : held + int(self.pot_sizes[game])].tolist())


def check_batch_support(rules: ClassicRules, strategies: Sequence[str]) -> None:
    """Raises `BatchUnsupported` unless the batch engine plays these rules and strategies.

    Supported: `ClassicRules` with 2 to 6 seats (C1), either ``leftover``
    (C2), ``collect_order="fixed"`` (C4), either ``no_data`` (C6),
    ``look_at_last=None`` (C10), any ``round_limit`` (C11), and one
    strategy name per seat whose player is one of `BATCH_STRATEGIES` (their
    difficulty names ``"easy"``, ``"medium"``, ``"hard"`` too).

    Args:
        rules: Classic rules (C1-C12).
        strategies: One strategy name per seat.

    Raises:
        BatchUnsupported: Naming every unsupported option, seat count and
            strategy at once.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> rules = ClassicRules(load_deck("animals"), seats=2, collect_order="shuffled")
        >>> check_batch_support(rules, ["random", "card_counting"])
        Traceback (most recent call last):
        ...
        toptrumps_core.simulation.batch.BatchUnsupported: the batch engine does not play: \
collect_order='shuffled' (rule C4; it plays 'fixed'); seat 1: strategy 'card_counting' \
(it plays 'random', 'best_value', 'best_rank')
    """
    problems = _rule_problems(rules) + _strategy_problems(rules, strategies)
    if problems:
        raise BatchUnsupported("the batch engine does not play: " + "; ".join(problems))


def _rule_problems(rules: object) -> list[str]:
    if not isinstance(rules, ClassicRules):
        return [f"{type(rules).__name__} (it plays ClassicRules only)"]
    problems = []
    if rules.seats > MAX_SEATS:
        problems.append(f"seats={rules.seats} (rule C1; it plays {MIN_SEATS} to {MAX_SEATS})")
    if rules.collect_order != "fixed":
        problems.append(f"collect_order={rules.collect_order!r} (rule C4; it plays 'fixed')")
    if rules.look_at_last is not None:
        problems.append(f"look_at_last={rules.look_at_last!r} (rule C10; it plays None)")
    if len(rules.deck.cards) > _MAX_CARDS:
        problems.append(f"a deck of {len(rules.deck.cards)} cards (it plays up to {_MAX_CARDS})")
    return problems


def _strategy_problems(rules: object, strategies: Sequence[str]) -> list[str]:
    if isinstance(strategies, (str, bytes)) or not isinstance(strategies, Sequence):
        return [f"strategies={strategies!r} (it needs a list of strategy names, one per seat)"]
    seats = rules.seats if isinstance(rules, ClassicRules) else len(strategies)
    problems = []
    if len(strategies) != seats:
        problems.append(f"{len(strategies)} strategies for {seats} seats (one strategy name per seat)")
    for seat, name in enumerate(strategies):
        if not isinstance(name, str) or not isinstance(_player(name), _SUPPORTED):
            shown = ", ".join(repr(n) for n in BATCH_STRATEGIES)
            problems.append(f"seat {seat}: strategy {name!r} (it plays {shown})")
    return problems


def _player(name: str) -> object:
    try:
        return get_strategy(name)
    except ValueError:
        return None


def play_batch(
    rules: ClassicRules,
    strategies: Sequence[str],
    seeds: Sequence[int] | npt.NDArray[np.integer[Any]],
    *,
    threads: int = 1,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    progress: Callable[[int], None] | None = None,
    chunk_games: int | None = None,
) -> BatchGames:
    """Plays one classic game per seed, each exactly as ``play(rules, strategies, seed=seed)`` would.

    The games are those of the ``"splitmix64"`` seed scheme, new matches'
    default (`toptrumps_core.chance.match_stream`); a record of the
    ``"text"`` scheme replays on the rules engine.

    Args:
        rules: Classic rules that `check_batch_support` accepts.
        strategies: One strategy name per seat (`BATCH_STRATEGIES`).
        seeds: The games' seeds: whole numbers with ``abs(seed) < 10**18``.
        threads: Threads playing, >= 1: the calling thread and ``threads
            - 1`` workers, started at the first such call and kept (the
            compiled loop runs without the GIL, so two threads use two cores).
        max_actions: The cap of rule C12, as for `toptrumps_core.play.play`:
            a game still going after this many actions is ``UNFINISHED``;
            None for no cap.
        progress: Called in the calling thread with the count of games
            finished so far (by every thread), after each chunk of games it
            plays and once when all are played; None: no report.
        chunk_games: Most games a thread plays between two looks for more
            work (and so between two reports), >= 1; None: the games are
            split into 16 chunks per thread.

    Returns:
        `BatchGames`, one row per seed in the order given.

    Raises:
        BatchUnsupported: If the rules or strategies are not supported (see
            `check_batch_support`), or this Python's ``random`` draws
            differently from the engine's copy of it.
        RuleOptionError: If a seed, `threads`, `max_actions` or `chunk_games` is not valid.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck, play
        >>> rules = ClassicRules(load_deck("animals"), seats=3, round_limit=200)
        >>> games = play_batch(rules, ["random", "best_rank", "best_value"], [1, 2, 3])
        >>> record = play(rules, ["random", "best_rank", "best_value"], seed=2)
        >>> int(games.comparisons[1]) == sum(type(a).__name__ == "ChooseCategory" for a in record.actions)
        True
        >>> games.terminations()[1] == record.outcome.termination
        True
    """
    check_batch_support(rules, strategies)
    seed_array = _seed_array(seeds)
    threads = whole_number(threads, "threads", low=1, error=RuleOptionError)
    if max_actions is not None:
        max_actions = whole_number(
            max_actions, "max_actions", low=1, rule="C12", alternative="None", error=RuleOptionError
        )
    if chunk_games is not None:
        chunk_games = whole_number(chunk_games, "chunk_games", low=1, alternative="None", error=RuleOptionError)
    _check_python_draws()
    cap = _NO_CAP if max_actions is None else max_actions
    return _play(rules, strategies, seed_array, threads, cap, progress=progress, chunk_games=chunk_games)


def _play(
    rules: ClassicRules,
    strategies: Sequence[str],
    seed_array: npt.NDArray[np.int64],
    threads: int,
    max_actions: int,
    *,
    progress: Callable[[int], None] | None = None,
    chunk_games: int | None = None,
) -> BatchGames:
    """Plays one game per seed of `seed_array`, all checked, on `threads` threads (see `play_batch`)."""
    n, seats, cards = len(seed_array), rules.seats, len(rules.deck.cards)
    tables = _tables(rules, tuple(strategies))
    games = BatchGames(
        seeds=seed_array,
        winners=np.zeros((n, seats), dtype=np.bool_),
        comparisons=np.zeros(n, dtype=np.int64),
        ties=np.zeros(n, dtype=np.int64),
        lots=np.zeros(n, dtype=np.int64),
        termination=np.zeros(n, dtype=np.int8),
        stack_sizes=np.zeros((n, seats), dtype=np.int16),
        pot_sizes=np.zeros(n, dtype=np.int16),
        final_cards=np.zeros((n, cards), dtype=np.int16),
    )
    outputs = (
        games.winners, games.comparisons, games.ties, games.lots, games.termination,
        games.stack_sizes, games.pot_sizes, games.final_cards,
    )  # fmt: skip
    options = (rules.leftover == "deal_all", rules.no_data == "tie", rules.round_limit or 0, max_actions)
    lane_seeds = seed_array.view(np.uint64)  # mod 2**64, as `toptrumps_core.chance.mix` counts a negative seed

    block = games_per_block(seats)
    chunk = max(block, -(-n // (threads * _CHUNKS_PER_THREAD)))
    chunk = -(-chunk // block) * block  # whole blocks: a block seeds its games together
    if chunk_games is not None:  # at most `chunk_games`, in whole blocks where it holds one
        chunk = min(chunk, chunk_games // block * block or chunk_games)
    starts = iter(range(0, n, chunk))
    taking = threading.Lock()
    finished = [0]  # games played by every thread, counted under `taking`

    def run(report: Callable[[int], None] | None) -> int:
        # Each thread has its own streams and working arrays, made once, and
        # takes the next chunk of games until none is left; the outputs'
        # rows of a chunk are written by its thread alone.
        # Returns the last count reported (0: none).
        room, scratch = streams(), play_scratch(seats, cards)
        played = reported = 0
        while True:
            with taking:
                finished[0] += played
                done, first = finished[0], next(starts, None)
            if report is not None and played:
                report(done)
                reported = done
            if first is None:
                return reported
            last = min(first + chunk, n)
            play_games(first, last, seats, lane_seeds, tables, *options, room, scratch, outputs)
            played = last - first

    helpers = [_workers(threads - 1).submit(run, None) for _ in range(min(threads, -(-n // chunk)) - 1)]
    reported = run(progress)  # the calling thread plays its share too, and alone reports
    for helper in helpers:
        helper.result()
    if progress is not None and reported < n:
        progress(n)  # the helpers' last chunks
    return games


@cache
def _workers(count: int) -> ThreadPoolExecutor:
    """Returns a pool of `count` worker threads (>= 0), started once and kept: a batch pays no thread start-up."""
    return ThreadPoolExecutor(max_workers=max(1, count), thread_name_prefix="batch-engine")


def _seed_array(seeds: Sequence[int] | npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int64]:
    """Returns `seeds` as an int64 array, checked: whole numbers with ``abs(seed) < 10**18``."""
    if isinstance(seeds, np.ndarray):
        if seeds.ndim != 1 or seeds.dtype.kind not in "iu":
            raise RuleOptionError(
                f"seeds must be a 1-d array of whole numbers; got dtype {seeds.dtype}, shape {seeds.shape}"
            )
        values = seeds.astype(np.int64)
        if len(values) and not np.array_equal(values, seeds):
            raise RuleOptionError("seeds must be whole numbers with abs(seed) < 10**18")
    else:
        if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Sequence):
            raise RuleOptionError(f"seeds must be a list of whole numbers; got {seeds!r}")
        values = _int_seeds(seeds)
    if len(values) and (int(values.max()) >= _SEED_LIMIT or int(values.min()) <= -_SEED_LIMIT):
        raise RuleOptionError("seeds must be whole numbers with abs(seed) < 10**18")
    return values


def _int_seeds(seeds: Sequence[int]) -> npt.NDArray[np.int64]:
    """Returns a sequence of Python or numpy ints (never bools) as int64, else raises RuleOptionError naming one.

    Python ints in range alone, the usual case, are converted by numpy at
    once; only other sequences are checked one seed at a time.
    """
    if all(type(s) is int for s in seeds):
        try:
            values = np.array(seeds, dtype=np.int64)
        except OverflowError:
            values = None  # a seed beyond int64: named below
        if values is not None and (not len(values) or -_SEED_LIMIT < values.min() <= values.max() < _SEED_LIMIT):
            return values
    whole = (int, np.integer)  # a Python int or a numpy integer, never a bool
    bad = next((s for s in seeds if isinstance(s, bool) or not isinstance(s, whole) or abs(s) >= _SEED_LIMIT), None)
    if bad is not None:
        raise RuleOptionError(
            f"seeds must be whole numbers (Python or numpy ints) with abs(seed) < 10**18; got {bad!r}"
        )
    return np.array([int(s) for s in seeds], dtype=np.int64)


def _tables(rules: ClassicRules, strategies: tuple[str, ...]) -> ChoiceTables:
    """Returns `_choice_tables` of these rules and strategies, kept for the last few rules objects.

    A sweep plays the same rules object in many batches.  The tables are
    found by the rules object itself, not by equal rules: hashing a deck
    costs as much as building a random player's tables.  A kept entry holds
    its rules, so no other object can take its id while it is kept.
    """
    key = (id(rules), strategies)
    kept = _KEPT_TABLES.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    tables = _choice_tables(rules, strategies)
    with _KEEPING:
        _KEPT_TABLES[key] = (rules, tables)
        while len(_KEPT_TABLES) > _TABLES_KEPT:
            del _KEPT_TABLES[next(iter(_KEPT_TABLES))]  # the oldest
    return tables


_TABLES_KEPT = 16
_KEPT_TABLES: dict[tuple[int, tuple[str, ...]], tuple[ClassicRules, ChoiceTables]] = {}
_KEEPING = threading.Lock()


def _choice_tables(rules: ClassicRules, strategies: tuple[str, ...]) -> ChoiceTables:
    """Returns the rank table (C4-C6) and each seat's candidate categories per top card, as `play_games` reads them.

    A batch strategy's choice depends only on the chooser's top card: it
    names one of the categories of best score (all of them for the random
    player), drawn by ``randrange(count)``, in category order as the
    strategy lists its legal actions.  The scores are the strategies' own.
    """
    deck = rules.deck
    cards, categories = len(deck.cards), len(deck.categories)
    ranks = np.array([[-1 if r is None else r for r in row] for row in category_ranks(deck)], dtype=np.int16)
    candidates = np.zeros((rules.seats, cards, categories), dtype=np.int64)
    counts = np.zeros((rules.seats, cards), dtype=np.int64)
    players = [_player(name) for name in strategies]
    if all(isinstance(player, RandomStrategy) for player in players):
        candidates[:] = np.arange(categories, dtype=np.int64) * cards  # every category, each its row of ranks
        counts[:] = categories
    else:
        view = rules.observe(rules.initial_state(), 0)  # what every seat knows of the deck
        for seat, player in enumerate(players):
            for c, card in enumerate(deck.cards):
                if isinstance(player, RandomStrategy):
                    best = list(range(categories))
                else:
                    assert isinstance(player, (BestValue, BestRank))  # check_batch_support passed
                    scores = [player.score(view, card, k) for k in range(categories)]
                    best = [k for k, score in enumerate(scores) if score == max(scores)]
                candidates[seat, c, : len(best)] = [k * cards for k in best]  # each category's row of ranks
                counts[seat, c] = len(best)
    shifts = (32 - np.array([int(count).bit_length() for count in range(categories + 1)], dtype=np.int64))[counts]
    deal_shifts = np.array([32 - (i + 1).bit_length() for i in range(cards)], dtype=np.int64)
    return ranks.reshape(-1), counts.reshape(-1), shifts.reshape(-1), candidates.reshape(-1), deal_shifts


@cache
def _check_python_draws() -> None:
    """Raises `BatchUnsupported` if this Python's ``random`` draws differ from the engine's copy (once).

    A few short games with every batch strategy, one of them with a lot
    (C8), are played by the compiled loop and by the rules engine, and must
    end the same: any difference in seeding, shuffling, choosing or the lot
    shows in the comparisons, the lots or the final stacks.
    """
    rules = ClassicRules(load_deck("chemical_elements"), seats=6, round_limit=60)
    strategies = ("random", "best_value", "best_rank") * 2
    seeds = (0, 7, -12, 987654321, 3221)  # the game seeded 3221 draws a lot (C8); 43 comparisons in all
    games = _play(rules, strategies, np.array(seeds, dtype=np.int64), 1, DEFAULT_MAX_ACTIONS)
    for index, seed in enumerate(seeds):
        match = Match(rules, strategies, seed=seed, seed_scheme="splitmix64")
        match.advance()
        lots = sum(isinstance(action, Lot) for action in match.actions)
        if (
            int(games.comparisons[index]) != match.state.comparisons
            or int(games.lots[index]) != lots
            or games.stacks(index) != match.state.stacks
        ):
            raise BatchUnsupported(
                f"the batch engine's copy of Python's random draws differs on Python {sys.version.split()[0]}; "
                "use the rules engine (toptrumps_core.play)"
            )
