"""Sweeps: the same experiment over a grid of parameters, on any executor (rules C1-C12, P5).

`sweep(rules, strategies, over={...}, games=N, seed=S)` runs `simulate`'s
games at every point of a grid of parameters: seat counts (``"seats"``),
decks (``"deck"``: bundled names or `Deck` objects), strategies
(``"strategies"``: a name for every seat, or one name per seat) and any rule
option of `ClassicRules` under its RULES.md name (``"no_data"``,
``"leftover"``, ``"collect_order"``, ``"look_at_last"``, ``"round_limit"``).
The points are every combination, in the order the keys and values are
given; each row has a ``point`` column, the point's index.

Every point plays the same game seeds (`game_seeds(S, N)`), so two points
differ only by what the sweep changes: common random numbers, which make
their difference sharper.  The seeds are fixed up front and the games split
into chunks of ``chunk_games``; each chunk is one task submitted to a
`concurrent.futures.Executor`: a process pool by default, `SerialExecutor`
to stay in this process, or a Dask cluster's ``client.get_executor()`` as is.
The chunks are put back in submission order, so the DataFrame is the same
whatever the executor and however many workers it has.

Rules version: 1.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import replace
from typing import Any, ParamSpec, TypeVar

import pandas as pd

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.progress import Progress, ProgressReporter
from toptrumps_core.simulation.batch import BatchUnsupported
from toptrumps_core.simulation.experiments import (
    DEFAULT_MAX_ACTIONS,
    OPTION_COLUMNS,
    Columns,
    Engine,
    StrategyNames,
    check_batch,
    check_engine,
    check_games,
    check_max_actions,
    check_seed,
    check_strategies,
    game_seeds,
    play_games,
    to_frame,
)

__all__ = ["SWEEP_KEYS", "SerialExecutor", "sweep", "sweep_points"]

SWEEP_KEYS = ("seats", "deck", "strategies", *OPTION_COLUMNS)
"""What a sweep may vary: seats (C1), deck, strategies and the rule options (C2, C4, C6, C10, C11)."""

P = ParamSpec("P")
T = TypeVar("T")


class SerialExecutor(Executor):
    """An `Executor` that runs each task at once, in this process (for tests and small runs).

    Example:
        >>> SerialExecutor().submit(pow, 2, 5).result()
        32
    """

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Runs ``fn(*args, **kwargs)`` now and returns its finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # the caller reads it from the future, as from any executor
            future.set_exception(err)
        return future


def sweep_points(
    rules: ClassicRules, strategies: StrategyNames, over: Mapping[str, Sequence[Any]]
) -> list[tuple[ClassicRules, tuple[str, ...]]]:
    """Returns the rules and strategy names of every point of the grid `over`, in order.

    Args:
        rules: The rules every point starts from.
        strategies: The strategies every point starts from.
        over: Parameter name (one of `SWEEP_KEYS`) -> the values to try.

    Raises:
        RuleOptionError: If `over` is empty or not a mapping, a key is not
            one of `SWEEP_KEYS`, a value is not a non-empty list, or a point's
            rules or strategies are not valid (the message names the point).

    Example:
        >>> from toptrumps_core import load_deck
        >>> points = sweep_points(ClassicRules(load_deck("animals")), "random", {"seats": [2, 3]})
        >>> [(rules.seats, names) for rules, names in points]
        [(2, ('random', 'random')), (3, ('random', 'random', 'random'))]
    """
    if not isinstance(over, Mapping) or not over:
        raise RuleOptionError(
            f"over must map parameter names to lists of values, e.g. {{'seats': [2, 3]}}; got {over!r}"
        )
    for key, values in over.items():
        if key not in SWEEP_KEYS:
            raise RuleOptionError(f"a sweep cannot vary {key!r}; it varies {', '.join(SWEEP_KEYS)}")
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise RuleOptionError(f"over[{key!r}] must be a non-empty list of values; got {values!r}")
    points = []
    for index, combination in enumerate(itertools.product(*over.values())):
        changes = dict(zip(over, combination, strict=True))
        names = changes.pop("strategies", strategies)
        if isinstance(changes.get("deck"), str):
            changes["deck"] = load_deck(changes["deck"])
        elif "deck" in changes and not isinstance(changes["deck"], Deck):
            raise RuleOptionError(
                f"point {index}: deck must be a bundled deck's name or a Deck; got {changes['deck']!r}"
            )
        try:
            point = replace(rules, **changes)
            points.append((point, check_strategies(names, point.seats)))
        except RuleOptionError as err:
            raise RuleOptionError(f"point {index} {_describe(changes, names)}: {err}") from None
    return points


def _describe(changes: Mapping[str, Any], strategies: object) -> str:
    shown = {key: (value.name if isinstance(value, Deck) else value) for key, value in changes.items()}
    return f"({', '.join(f'{key}={value!r}' for key, value in {**shown, 'strategies': strategies}.items())})"


def _default_executor() -> ProcessPoolExecutor:
    """A process pool of one worker per core, at most 4, started by spawning (safe inside a notebook)."""
    return ProcessPoolExecutor(max_workers=min(4, os.cpu_count() or 1), mp_context=multiprocessing.get_context("spawn"))


def sweep(
    rules: ClassicRules,
    strategies: StrategyNames = "random",
    *,
    over: Mapping[str, Sequence[Any]],
    games: int = 1000,
    seed: int | str = 1,
    engine: Engine = "rules",
    executor: Executor | None = None,
    chunk_games: int = 250,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Progress = True,
) -> pd.DataFrame:
    """Plays `games` games at every point of the grid `over` and returns all rows (rules C1-C12, P5).

    Rows are `simulate`'s (one per game, see `toptrumps_core.simulation.experiments`),
    with a ``point`` column first; point ``p``'s game ``i`` is the game
    ``simulate(point_rules, point_strategies, games=games, seed=seed)`` plays
    as its game ``i``.

    Args:
        rules: The rules every point starts from.
        strategies: The strategies every point starts from (a name for
            every seat, or one per seat), unless ``over`` varies them.
        over: Parameter name -> values to try, e.g. ``{"seats": [2, 3, 4],
            "no_data": ["tie", "loses"]}`` (keys in `SWEEP_KEYS`).
        games: Games per point, 1..`MAX_GAMES`.
        seed: The run's seed, a whole number or a text (None, floats and
            bools are refused): every point plays the games it seeds.
        engine: ``"rules"`` (default: a grid usually reaches options and
            strategies, such as card counting, that only the rules engine
            plays; `simulate`, for one setting, defaults to ``"batch"``) or
            ``"batch"`` (refuses a point it does not play, naming the point).
        executor: Where the chunks run: any `concurrent.futures.Executor`
            (a Dask ``client.get_executor()`` as is; `SerialExecutor` for
            this process).  None: a process pool made for this sweep and
            shut down after it.
        chunk_games: Games per task, >= 1: fewer, larger tasks cost less to
            send; more, smaller ones share the work out more evenly.
        max_actions: The cap per game (rule C12).
        progress: As for `simulate`: None/False, True (a ``tqdm.auto`` bar)
            or a function ``(done, total)``; it counts the games of finished chunks.

    Returns:
        A `pandas.DataFrame`, points in grid order, games in order within a
        point; the same for the same arguments whatever the executor.

    Raises:
        RuleOptionError: If an argument or a point is not valid (see
            `sweep_points`), or the seed is not an int or a str.
        BatchUnsupported: If ``engine="batch"`` and the batch engine does
            not play a point (the message names the point and the option).

    Example:
        >>> from toptrumps_core import load_deck
        >>> frame = sweep(ClassicRules(load_deck("animals")), "random", over={"no_data": ["tie", "loses"]},
        ...               games=2, engine="rules", executor=SerialExecutor(), progress=False)
        >>> list(zip(frame["point"], frame["no_data"], frame["game"]))
        [(0, 'tie', 0), (0, 'tie', 1), (1, 'loses', 0), (1, 'loses', 1)]
    """
    points = sweep_points(rules, strategies, over)
    games = check_games(games)
    chunk_games = check_games(chunk_games, "chunk_games")
    if executor is not None and not isinstance(executor, Executor):
        raise RuleOptionError(f"executor must be a concurrent.futures.Executor or None; got {executor!r}")
    seed = check_seed(seed)
    engine = check_engine(engine)
    max_actions = check_max_actions(max_actions)
    if engine == "batch":
        grid = itertools.product(*over.values())
        for index, ((point_rules, names), combination) in enumerate(zip(points, grid, strict=True)):
            try:
                check_batch(point_rules, names)
            except BatchUnsupported as err:
                changes = {key: value for key, value in zip(over, combination, strict=True) if key != "strategies"}
                raise BatchUnsupported(f"point {index} {_describe(changes, names)}: {err}") from None
    seeds = game_seeds(seed, games)
    own = executor is None
    pool = _default_executor() if executor is None else executor
    reporter = ProgressReporter(progress, games * len(points), "games (sweep)")
    try:
        futures: list[tuple[int, int, Future[Columns]]] = []
        for index, (point_rules, names) in enumerate(points):
            for first in range(0, games, chunk_games):
                part = seeds[first : first + chunk_games]
                task = pool.submit(
                    play_games, point_rules, names, part, first=first, engine=engine, max_actions=max_actions
                )
                futures.append((index, len(part), task))
        sizes = {id(task): size for _, size, task in futures}
        done = 0
        for finished in as_completed([task for _, _, task in futures]):
            done += sizes[id(finished)]
            reporter.update(done)
        chunks = []
        for index, _, task in futures:
            columns = task.result()
            chunks.append({"point": [index] * len(columns["game"]), **columns})
    finally:
        reporter.close()
        if own:
            pool.shutdown(cancel_futures=True)
    return to_frame(chunks, attrs={"seed": seed, "engine": engine, "max_actions": max_actions, "over": dict(over)})
