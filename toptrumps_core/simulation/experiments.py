"""Experiments: many classic games into one pandas DataFrame, one row per game (rules C1-C12, P5).

`simulate(rules, strategies, games=N, seed=S, engine=...)` plays N classic
games and returns a `pandas.DataFrame` with one row per game:

- ``game`` (0..N-1) and ``seed``, the game's own seed: game ``i`` is
  ``play(rules, strategies, seed=seed)`` with ``seed`` mixed from S and
  ``i`` (`game_seeds`), fixed before any game is played, so a run split
  into chunks, on any executor, gives the same rows;
- ``deck``, ``seats`` and every rule option of `ClassicRules` by its RULES.md
  name (``leftover`` C2, ``collect_order`` C4, ``no_data`` C6,
  ``look_at_last`` C10, ``round_limit`` C11);
- ``strategy_0`` .. ``strategy_{seats-1}``: the strategy name of each seat;
- ``termination`` (``"last_stack"`` C7, ``"draw_all_out"`` C7,
  ``"round_limit"`` C11, ``"unfinished"`` C12), ``winner`` (the one winning
  seat, or <NA> for a draw or an unfinished game: an unfinished game is never
  won, C12), ``won_0`` .. (True for every winning seat, two or more for a
  draw) and ``draw``;
- ``comparisons`` (every comparison, ties included: C11's rounds), ``ties``
  (comparisons whose best value was shared or had no data, C5, C6), and
  ``stack_0`` .. : each seat's cards at the end.

Two engines play the same games: ``engine="rules"`` steps the exact rules
engine (`toptrumps_core.play.Match`), for every option and strategy;
``engine="batch"`` runs the compiled batch engine
(`toptrumps_core.simulation.batch`) where it supports the options and the
strategies, and raises `RuleOptionError` naming what it does not support,
never falling back silently.  Both give equal rows.

pandas (and the batch engine's numpy) load only when this module is
imported; importing `toptrumps_core` alone never loads them.

Rules version: 1.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt
import pandas as pd

from toptrumps_core.chance import GAME_STREAMS, mix_state, seed_number
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ClassicRules
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.events import Revealed, Tied
from toptrumps_core.play import DEFAULT_MAX_ACTIONS, Match
from toptrumps_core.progress import Progress, ProgressReporter
from toptrumps_core.protocol import EndReason
from toptrumps_core.simulation.batch import TERMINATIONS, check_batch_support, play_batch
from toptrumps_core.strategies import get_strategy

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "ENGINES",
    "MAX_GAMES",
    "MAX_THREADS",
    "OPTION_COLUMNS",
    "Columns",
    "Engine",
    "StrategyNames",
    "check_batch",
    "check_engine",
    "check_games",
    "check_max_actions",
    "check_seed",
    "check_strategies",
    "check_threads",
    "game_seed_array",
    "game_seeds",
    "play_games",
    "simulate",
    "to_frame",
]

Engine = Literal["batch", "rules"]
"""Which engine plays: the compiled batch engine, or the exact rules engine."""
ENGINES: tuple[Engine, ...] = ("batch", "rules")

StrategyNames = str | Sequence[str]
"""One strategy name for every seat (``"random"``), or one name per seat."""

MAX_GAMES = 10_000_000
"""Most games one `simulate` call plays."""
OPTION_COLUMNS = ("leftover", "collect_order", "no_data", "look_at_last", "round_limit")
"""The rule options written in every row, by their RULES.md names (C2, C4, C6, C10, C11)."""
MAX_THREADS = 64
"""Most worker threads the batch engine is given."""

_GAMMA, _MIX1, _MIX2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)

Column: TypeAlias = "list[Any] | npt.NDArray[Any] | pd.api.extensions.ExtensionArray"
"""One column of rows: a list (the rules engine's rows), or an array (the batch engine's, built at once)."""
Columns = dict[str, Column]
"""Rows as columns (`play_games`' result): name -> one value per game."""
Rows = dict[str, list[Any]]
"""Rows as lists, grown one row at a time (the rules engine's)."""


def check_seed(seed: object) -> int | str:
    """Returns `seed` if it is a run's seed: a whole number (a Python or numpy int) or a text.

    A run is fixed by its seed (SPEC 7, as `toptrumps_core.chance.make_rng`):
    None, floats and bools are refused rather than turned into the text
    seeds ``"None"``, ``"1.5"`` or ``"True"``, which would make every
    "unseeded" run play the same games.  A numpy integer is returned as a
    Python int.

    Raises:
        RuleOptionError: If `seed` is anything else (the message quotes it).

    Example:
        >>> check_seed(7), check_seed("class 7B")
        (7, 'class 7B')
    """
    if isinstance(seed, str):
        return seed
    if not isinstance(seed, bool) and isinstance(seed, numbers.Integral):
        return int(seed)
    raise RuleOptionError(
        f"seed must be a whole number or a text, such as 7 or 'class 7B' (it fixes every game); got {seed!r}"
    )


def check_threads(threads: object) -> int:
    """Returns `threads` if it is a whole number from 1 to `MAX_THREADS`; else raises RuleOptionError."""
    return whole_number(threads, "threads", low=1, high=MAX_THREADS, error=RuleOptionError)


def game_seeds(seed: int | str, games: int, *, first: int = 0) -> list[int]:
    """Returns the seeds of games ``first .. first + games - 1`` of a run seeded `seed`, 0..2**32 - 1.

    Game ``i`` takes ``toptrumps_core.chance.game_seed(seed, i)``, the high 32
    bits of ``mix(seed_number(seed), GAME_STREAMS + i)`` (SplitMix64): fixed
    by the run's seed and the game's index alone, so any split into chunks
    gives the same games.

    Args:
        seed: The run's seed (int or str; a text as
            `toptrumps_core.chance.seed_number` reads it).
        games: How many seeds, >= 0.
        first: The index of the first game, >= 0.

    Raises:
        RuleOptionError: If `seed` is not an int or a str (`check_seed`).

    Example:
        >>> game_seeds(7, 3) == game_seeds(7, 5)[:3] == [*game_seeds(7, 1), *game_seeds(7, 2, first=1)]
        True
    """
    seeds: list[int] = game_seed_array(seed, games, first=first).tolist()
    return seeds


def game_seed_array(seed: int | str, games: int, *, first: int = 0) -> npt.NDArray[np.int64]:
    """Returns `game_seeds` as a (games,) int64 array, computed for all games at once (numpy, 64-bit wrapping).

    Raises:
        RuleOptionError: If `seed` is not an int or a str (`check_seed`).
    """
    start = np.uint64(mix_state(seed_number(check_seed(seed))))
    numbers = np.arange(first, first + games, dtype=np.uint64) + np.uint64(GAME_STREAMS + 1)
    z = start + numbers * _GAMMA  # SplitMix64's state for each game's stream, mod 2**64
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z ^= z >> np.uint64(31)
    return (z >> np.uint64(32)).astype(np.int64)


def check_games(games: object, what: str = "games") -> int:
    """Returns `games` if it is a whole number from 1 to `MAX_GAMES`.

    Raises:
        RuleOptionError: If it is not (the message names `what`).
    """
    return whole_number(games, what, low=1, high=MAX_GAMES, error=RuleOptionError)


def check_strategies(strategies: object, seats: int) -> tuple[str, ...]:
    """Returns one known strategy name per seat.

    Args:
        strategies: One name for every seat, or a sequence of one name per seat.
        seats: The game's seat count.

    Raises:
        RuleOptionError: If the count differs from `seats` or a name is
            unknown (the message names the seat and lists the known names).

    Example:
        >>> check_strategies("random", 3)
        ('random', 'random', 'random')
    """
    if isinstance(strategies, str):
        strategies = (strategies,) * seats
    if not isinstance(strategies, Sequence):
        raise RuleOptionError(f"strategies must be a strategy name or one name per seat ({seats}); got {strategies!r}")
    if len(strategies) != seats:
        raise RuleOptionError(f"expected {seats} strategy names, one per seat; got {len(strategies)}: {strategies!r}")
    for seat, name in enumerate(strategies):
        if not isinstance(name, str):
            raise RuleOptionError(f"seat {seat}: strategies are given by name, such as 'random'; got {name!r}")
        try:
            get_strategy(name)
        except ValueError as err:
            raise RuleOptionError(f"seat {seat}: {err}") from None
    return tuple(strategies)


def _check_rules(rules: object) -> ClassicRules:
    if not isinstance(rules, ClassicRules):
        raise RuleOptionError(f"rules must be ClassicRules (the lab simulates classic play); got {rules!r}")
    return rules


def check_engine(engine: object) -> Engine:
    """Returns `engine` if it is one of `ENGINES`; else raises RuleOptionError naming them."""
    if engine not in ENGINES:
        raise RuleOptionError(f"engine must be one of {', '.join(map(repr, ENGINES))}; got {engine!r}")
    return engine


def check_max_actions(max_actions: object) -> int:
    """Returns `max_actions` if it is a whole number >= 2 (rule C12); else raises RuleOptionError."""
    return whole_number(max_actions, "max_actions", low=2, rule="C12", error=RuleOptionError)


def _empty_columns(rules: ClassicRules) -> Rows:
    names = ["game", "seed", "deck", "seats", *OPTION_COLUMNS]
    names += [f"strategy_{seat}" for seat in range(rules.seats)]
    names += ["termination", "winner", "draw", *(f"won_{seat}" for seat in range(rules.seats))]
    names += ["comparisons", "ties", *(f"stack_{seat}" for seat in range(rules.seats))]
    return {name: [] for name in names}


def _add_row(
    columns: Rows,
    rules: ClassicRules,
    strategies: Sequence[str],
    game: int,
    seed: int,
    result: tuple[EndReason, frozenset[int], int, int, Sequence[int]],
) -> None:
    """Appends one game's row; `result` is (termination, winners, comparisons, ties, stack sizes)."""
    termination, winners, comparisons, ties, stacks = result
    row: dict[str, Any] = {"game": game, "seed": seed, "deck": rules.deck.name, "seats": rules.seats}
    row.update({name: getattr(rules, name) for name in OPTION_COLUMNS})
    row.update({f"strategy_{seat}": name for seat, name in enumerate(strategies)})
    row["termination"] = termination.value
    row["winner"] = next(iter(winners)) if len(winners) == 1 else None
    row["draw"] = len(winners) > 1
    row.update({f"won_{seat}": seat in winners for seat in range(rules.seats)})
    row.update({"comparisons": comparisons, "ties": ties})
    row.update({f"stack_{seat}": int(size) for seat, size in enumerate(stacks)})
    for name, value in row.items():
        columns[name].append(value)


def _rules_game(
    rules: ClassicRules, strategies: Sequence[str], seed: int, max_actions: int
) -> tuple[EndReason, frozenset[int], int, int, tuple[int, ...]]:
    """Plays one game on the rules engine: (termination, winners, comparisons, ties, stack sizes)."""
    match = Match(rules, list(strategies), seed=seed, max_actions=max_actions)
    match.advance()
    outcome = match.record.outcome
    assert outcome is not None  # the driver plays to an outcome or to the cap (C12)
    comparisons = ties = 0
    for event in match.events:
        if isinstance(event, Revealed):
            comparisons += 1
        elif isinstance(event, Tied):
            ties += 1
    return outcome.termination, outcome.winners, comparisons, ties, tuple(map(len, match.state.stacks))


def play_games(
    rules: ClassicRules,
    strategies: Sequence[str],
    seeds: Sequence[int] | npt.NDArray[np.int64],
    *,
    first: int = 0,
    engine: Engine = "rules",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[int], None] | None = None,
    threads: int = 1,
    chunk_games: int | None = None,
) -> Columns:
    """Plays one game per seed and returns the rows as columns.

    `simulate` plays all its games in one call; a sweep, or the lab's page
    that reports as it goes, calls it once per part of its games.

    A plain module-level function of picklable arguments, so an executor's
    worker process (or a Dask worker) can run it.

    Args:
        rules: Checked classic rules.
        strategies: One checked strategy name per seat.
        seeds: The games' own seeds, in order (`game_seeds`, or `game_seed_array`).
        first: The ``game`` index of the first seed.
        engine: ``"rules"`` or ``"batch"`` (checked by the caller).
        max_actions: The cap per game (rule C12).
        progress: Called with the games finished so far, or None.
        threads: The batch engine's worker threads, >= 1 (the rules engine
            plays in this thread).
        chunk_games: Most games the batch engine plays between two reports
            to `progress`, >= 1; None: its own split.  The rules engine
            reports after every game.

    Returns:
        Column name -> one value per game, in seed order.
    """
    if engine == "batch":
        return _batch_columns(rules, strategies, seeds, first, max_actions, threads, progress, chunk_games)
    rows = _empty_columns(rules)
    for offset, seed in enumerate(seeds.tolist() if isinstance(seeds, np.ndarray) else seeds):
        _add_row(rows, rules, strategies, first + offset, seed, _rules_game(rules, strategies, seed, max_actions))
        if progress is not None:
            progress(offset + 1)
    columns: Columns = {**rows}
    return columns


def _batch_columns(
    rules: ClassicRules,
    strategies: Sequence[str],
    seeds: Sequence[int] | npt.NDArray[np.int64],
    first: int,
    max_actions: int,
    threads: int,
    progress: Callable[[int], None] | None = None,
    chunk_games: int | None = None,
) -> Columns:
    """Plays the games on the batch engine and returns their rows as columns (the same rows as `_add_row`'s).

    Each column is built at once as an array, of the dtype the frame gives
    the rules engine's lists: ints as int64, flags as bool, texts as the
    array pandas makes of a list of texts (``str`` from pandas 3), the
    whole-number options and ``winner`` as nullable Int64.  A text column
    is its few distinct texts, made into an array once and taken by code
    (`_texts`), so no text is converted once per game.
    """
    given = seeds if isinstance(seeds, np.ndarray) else list(seeds)
    games = play_batch(
        rules, list(strategies), given, threads=threads, max_actions=max_actions, progress=progress,
        chunk_games=chunk_games,
    )  # fmt: skip
    count, seats = len(games.seeds), rules.seats
    winning = games.winners.sum(axis=1)
    everywhere = np.zeros(count, dtype=np.intp)  # code 0 for every game: a text that is the same in every row

    columns: Columns = {
        "game": np.arange(first, first + count, dtype=np.int64),
        "seed": games.seeds.astype(np.int64, copy=False),
        "deck": _texts([rules.deck.name], everywhere),
        "seats": np.full(count, seats, dtype=np.int64),
    }
    for name in OPTION_COLUMNS:
        value = getattr(rules, name)
        if name in _WHOLE_OPTIONS:  # None or a whole number: nullable Int64, as `to_frame` makes it
            columns[name] = pd.arrays.IntegerArray(
                np.full(count, value or 0, dtype=np.int64), np.full(count, value is None)
            )
        else:
            columns[name] = _texts([value], everywhere)
    columns.update({f"strategy_{seat}": _texts([name], everywhere) for seat, name in enumerate(strategies)})
    columns["termination"] = _texts([t.value for t in TERMINATIONS], games.termination.astype(np.intp))
    columns["winner"] = pd.arrays.IntegerArray(games.winners.argmax(axis=1).astype(np.int64), winning != 1)
    columns["draw"] = winning > 1
    columns.update({f"won_{seat}": games.winners[:, seat].copy() for seat in range(seats)})
    columns["comparisons"] = games.comparisons.astype(np.int64)
    columns["ties"] = games.ties.astype(np.int64)
    columns.update({f"stack_{seat}": games.stack_sizes[:, seat].astype(np.int64) for seat in range(seats)})
    return columns


def _texts(texts: Sequence[str], codes: npt.NDArray[np.intp]) -> pd.api.extensions.ExtensionArray:
    """Returns the column ``[texts[code] for code in codes]`` with the dtype pandas gives a list of texts.

    The texts become a pandas array once, as a frame's column of them would
    (``str`` from pandas 3, objects before), and `take` repeats them
    without converting a text per row.
    """
    return pd.Series(list(texts)).array.take(codes)


_WHOLE_OPTIONS = ("look_at_last", "round_limit")
"""The options that are None or a whole number (C10, C11): nullable Int64 columns."""


def to_frame(columns: Columns | Sequence[Columns], *, attrs: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """Returns one or more sets of rows (`play_games`' columns) as one DataFrame, in the order given.

    Seats that a set lacks (a sweep over seats) are <NA> in its rows.
    ``winner`` is a nullable integer column (<NA>: no single winner).
    """
    chunks = [columns] if isinstance(columns, dict) else list(columns)
    frames = [pd.DataFrame(chunk) for chunk in chunks if chunk and len(next(iter(chunk.values())))]
    frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(_empty_columns_for_no_games())
    frame["winner"] = frame["winner"].astype("Int64")
    for name in _WHOLE_OPTIONS:
        frame[name] = frame[name].astype("Int64")
    seat_ints = [name for name in frame.columns if name.startswith("stack_")]
    if frame[seat_ints].isna().any().any():
        frame[seat_ints] = frame[seat_ints].astype("Int64")
    if attrs:
        frame.attrs.update(attrs)
    return frame


def _empty_columns_for_no_games() -> Columns:
    names = ["game", "seed", "deck", "seats", *OPTION_COLUMNS, "termination", "winner", "draw", "comparisons", "ties"]
    return {name: [] for name in names}


def simulate(
    rules: ClassicRules,
    strategies: StrategyNames = "random",
    *,
    games: int = 1000,
    seed: int | str = 1,
    engine: Engine = "batch",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Progress = True,
    chunk_games: int = 2000,
    threads: int = 1,
) -> pd.DataFrame:
    """Plays `games` classic games and returns one row per game (rules C1-C12, P5).

    Game ``i`` is ``play(rules, strategies, seed=game_seeds(seed, games)[i],
    max_actions=max_actions)`` on either engine; the columns are listed in
    this module's docstring.  ``frame.attrs`` holds the run's ``seed``,
    ``engine`` and ``max_actions``.

    Args:
        rules: The classic rules: deck, seats, options.
        strategies: One strategy name for every seat, or one per seat
            (``"random"``, ``"best_value"``, ``"best_rank"``,
            ``"card_counting"``, or a difficulty such as ``"hard"``).
        games: How many games, 1..`MAX_GAMES`.
        seed: The run's seed: a whole number or a text (None, floats and
            bools are refused: a run is always reproducible from its seed).
        engine: ``"batch"`` (default; fast) or ``"rules"`` (exact, every
            option and strategy).  `simulate` is the fast path for one
            setting, so it defaults to the batch engine and refuses what it
            does not play; `sweep` and `strategy_ladder` default to the
            rules engine because their grids usually reach options and
            strategies (card counting, shuffled collecting) that only the
            rules engine plays.
        max_actions: The cap per game (rule C12): a game still going after
            this many actions is unfinished, with no winner.
        progress: None or False for no report, True for a ``tqdm.auto`` bar
            (a widget in a notebook, text in a terminal), or a function
            called with ``(done, games)``.
        chunk_games: Most games of a step of the batch engine (the bar
            moves between steps; a step is cut to whole blocks of the games
            the engine seeds together), >= 1.
        threads: Worker threads of the batch engine, 1..`MAX_THREADS`
            (its compiled loop runs without the GIL, so two threads use two
            cores); the rules engine plays in this thread.  The rows are the
            same for any number of threads.

    Returns:
        A `pandas.DataFrame` with one row per game, in game order.

    Raises:
        RuleOptionError: If an argument is out of range or misspelt (the
            message names it), or ``engine="batch"`` does not support an
            option or strategy (the message names them; use
            ``engine="rules"``).

    Example:
        >>> from toptrumps_core import load_deck
        >>> frame = simulate(ClassicRules(load_deck("animals")), "random", games=3, seed=2,
        ...                  engine="rules", progress=False)
        >>> list(frame["game"]), set(frame["termination"]) <= {"last_stack", "draw_all_out", "unfinished"}
        ([0, 1, 2], True)
    """
    rules = _check_rules(rules)
    names = check_strategies(strategies, rules.seats)
    games = check_games(games)
    seed = check_seed(seed)
    engine = check_engine(engine)
    max_actions = check_max_actions(max_actions)
    chunk_games = check_games(chunk_games, "chunk_games")
    threads = check_threads(threads)
    if engine == "batch":
        check_batch(rules, names)
    seeds = game_seed_array(seed, games)
    reporter = ProgressReporter(progress, games, f"games ({engine} engine)")
    try:  # every game in one call: the batch engine reports between its chunks, with no cost per chunk here
        columns = play_games(
            rules,
            names,
            seeds,
            engine=engine,
            max_actions=max_actions,
            progress=reporter.update,
            threads=threads,
            chunk_games=chunk_games,
        )
    finally:
        reporter.close()
    return to_frame(columns, attrs={"seed": seed, "engine": engine, "max_actions": max_actions})


def check_batch(rules: ClassicRules, strategies: Sequence[str]) -> None:
    """Raises `BatchUnsupported` naming the options or strategies the batch engine does not play.

    The batch engine plays any cap (rule C12), as the rules engine does.

    Raises:
        BatchUnsupported: From `toptrumps_core.simulation.batch.check_batch_support`.
    """
    check_batch_support(rules, list(strategies))
