"""The strategy ladder: a round robin of the classic strategies, rated on the Elo scale (rules C1-C12, P5).

`strategy_ladder(deck, games=N, seed=S)` plays every pair of strategies
(random, best value, best rank, card counting: `LADDER_STRATEGIES`) against
each other in two-seat games, N games in each seat order, on the same deals
both ways (the seeds of `game_seeds`), through `sweep` on any executor.

`elo_ratings` rates the players from the results: the maximum-likelihood
Elo ratings (the Bradley-Terry model on the Elo scale: a player rated 400
above another is expected to score 10 to 1 against it), which, unlike
game-by-game Elo updates, do not depend on the order the games were played.
A draw scores half a win to each side; an unfinished game (rule C12) scores
nothing and is left out.  Every pair also gets `PRIOR_DRAWS` virtual draws,
so a player that won every game still has a finite rating.  The ratings are
centred on `MEAN_RATING`.

The uncertainty is a bootstrap: the games of each pair are resampled with
replacement `bootstraps` times (a `random.Random` seeded from the ladder's
seed), the ratings refitted each time, and the 2.5 and 97.5 percentiles of
each rating give its 95 % interval; the same seed gives the same interval.

Rules version: 1.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from toptrumps_core.chance import stream
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.progress import Progress
from toptrumps_core.simulation.experiments import (
    DEFAULT_MAX_ACTIONS,
    OPTION_COLUMNS,
    Engine,
    check_seed,
    check_strategies,
)
from toptrumps_core.simulation.sweeps import sweep

if TYPE_CHECKING:
    from toptrumps_core.cards import Deck

__all__ = [
    "LADDER_STRATEGIES",
    "MEAN_RATING",
    "PRIOR_DRAWS",
    "Ladder",
    "PairScore",
    "elo_ratings",
    "ladder_orders",
    "pair_scores",
    "rate_ladder",
    "strategy_ladder",
]

LADDER_STRATEGIES = ("random", "best_value", "best_rank", "card_counting")
"""Every classic strategy, from naive to exact (see `toptrumps_core.strategies.classic`)."""
MEAN_RATING = 1500.0
"""The average rating of the players of a ladder."""
PRIOR_DRAWS = 1.0
"""Virtual draws added to every pair, so that a clean sweep still gives a finite rating."""
_ELO_SCALE = 400 / math.log(10)
_FIT_STEPS, _FIT_TOLERANCE = 10_000, 1e-10


@dataclass(frozen=True, slots=True)
class PairScore:
    """The results of one pair of strategies, from the first one's side.

    Attributes:
        first: The first strategy's name.
        second: The second strategy's name.
        results: One score per finished game: 1.0 for a win of `first`,
            0.5 for a draw, 0.0 for a win of `second`.
        unfinished: Games stopped by the cap (rule C12), left out.
    """

    first: str
    second: str
    results: tuple[float, ...]
    unfinished: int = 0

    @property
    def score(self) -> float:
        """Returns the first strategy's share of the points, in [0, 1] (0.5 with no finished game)."""
        return sum(self.results) / len(self.results) if self.results else 0.5


def pair_scores(frame: pd.DataFrame) -> list[PairScore]:
    """Returns the results of every pair of strategies in two-seat games, in order of first appearance.

    Args:
        frame: `simulate` or `sweep` rows of two-seat games with
            ``strategy_0``, ``strategy_1``, ``won_0``, ``won_1`` and
            ``termination`` columns.  Games of a strategy against itself are
            left out.

    Raises:
        RuleOptionError: If the frame holds games of more than two seats.
    """
    if "seats" in frame and (frame["seats"] != 2).any():
        raise RuleOptionError("a ladder rates two-seat games only; the frame holds games of more seats")
    pairs: dict[tuple[str, str], tuple[list[float], list[int]]] = {}
    columns = ("strategy_0", "strategy_1", "won_0", "won_1", "termination")
    for first, second, won_0, won_1, termination in zip(*(frame[name].tolist() for name in columns), strict=True):
        if first == second:
            continue
        key, flip = ((first, second), False) if (second, first) not in pairs else ((second, first), True)
        results, unfinished = pairs.setdefault(key, ([], [0]))
        if termination == "unfinished":
            unfinished[0] += 1
            continue
        score = 0.5 if won_0 == won_1 else (1.0 if won_0 else 0.0)
        results.append(1.0 - score if flip else score)
    return [PairScore(a, b, tuple(results), unfinished[0]) for (a, b), (results, unfinished) in pairs.items()]


def elo_ratings(pairs: Sequence[PairScore], *, prior_draws: float = PRIOR_DRAWS) -> dict[str, float]:
    """Returns the maximum-likelihood Elo rating of every player, centred on `MEAN_RATING`.

    Fitted by the minorisation-maximisation steps of the Bradley-Terry model
    (Hunter 2004), each pair counting its points plus `prior_draws` virtual
    draws.

    Args:
        pairs: The pairs' results (`pair_scores`).
        prior_draws: Virtual draws per pair, >= 0 (0: the plain fit, which
            has no finite answer when a player won or lost every game).

    Raises:
        RuleOptionError: If there is no pair, or `prior_draws` is negative.

    Example:
        >>> ratings = elo_ratings([PairScore("a", "b", (1.0, 1.0, 1.0, 0.0))], prior_draws=0)
        >>> round(ratings["a"] - ratings["b"])  # a scores 3 to 1: 400 * log10(3)
        191
    """
    if not pairs:
        raise RuleOptionError("elo_ratings needs the results of at least one pair of players")
    if prior_draws < 0:
        raise RuleOptionError(f"prior_draws must be >= 0; got {prior_draws!r}")
    players = sorted({name for pair in pairs for name in (pair.first, pair.second)})
    points = dict.fromkeys(players, 0.0)
    games: dict[tuple[str, str], float] = {}
    for pair in pairs:
        played = len(pair.results) + 2 * prior_draws
        won = sum(pair.results) + prior_draws
        points[pair.first] += won
        points[pair.second] += played - won
        for key in ((pair.first, pair.second), (pair.second, pair.first)):
            games[key] = games.get(key, 0.0) + played
    strength = dict.fromkeys(players, 1.0)
    for _ in range(_FIT_STEPS):
        new = {}
        for player in players:
            denominator = sum(
                count / (strength[player] + strength[other]) for (one, other), count in games.items() if one == player
            )
            new[player] = max(points[player], 1e-300) / denominator if denominator else strength[player]
        centre = math.exp(sum(map(math.log, new.values())) / len(new))
        new = {player: value / centre for player, value in new.items()}
        change = max(abs(math.log(new[p]) - math.log(strength[p])) for p in players)
        strength = new
        if change < _FIT_TOLERANCE:
            break
    return {player: MEAN_RATING + _ELO_SCALE * math.log(strength[player]) for player in players}


def _percentile(values: Sequence[float], share: float) -> float:
    """Returns the `share` quantile of `values` by linear interpolation (numpy's default)."""
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class Ladder:
    """A rated round robin of strategies.

    Attributes:
        ratings: Strategy name -> maximum-likelihood Elo rating.
        intervals: Strategy name -> (low, high), the 95 % bootstrap interval.
        pairs: Every pair's results (`PairScore`).
        games: The rows of every game played (`simulate`'s columns).
        seed: The ladder's seed.
        bootstraps: Bootstrap resamples behind the intervals.
    """

    ratings: Mapping[str, float]
    intervals: Mapping[str, tuple[float, float]]
    pairs: tuple[PairScore, ...]
    games: pd.DataFrame = field(repr=False)
    seed: int | str
    bootstraps: int

    def table(self) -> pd.DataFrame:
        """Returns one row per strategy, best first: rating, its interval, games, wins, draws, score."""
        rows = []
        for name, rating in sorted(self.ratings.items(), key=lambda item: -item[1]):
            mine = [
                (p.results if p.first == name else tuple(1 - r for r in p.results))
                for p in self.pairs
                if name in (p.first, p.second)
            ]
            results = [r for pair in mine for r in pair]
            low, high = self.intervals[name]
            rows.append(
                {
                    "strategy": name,
                    "rating": round(rating, 1),
                    "low": round(low, 1),
                    "high": round(high, 1),
                    "games": len(results),
                    "wins": sum(r == 1.0 for r in results),
                    "draws": sum(r == 0.5 for r in results),
                    "score": sum(results) / len(results) if results else float("nan"),
                }
            )
        return pd.DataFrame(rows)

    def head_to_head(self) -> pd.DataFrame:
        """Returns the score of each row's strategy against each column's, in [0, 1] (NaN on the diagonal)."""
        names = [row for row in self.table()["strategy"]]
        grid = pd.DataFrame(float("nan"), index=pd.Index(names, name="strategy"), columns=names)
        for pair in self.pairs:
            grid.loc[pair.first, pair.second] = pair.score
            grid.loc[pair.second, pair.first] = 1 - pair.score
        return grid


def strategy_ladder(
    deck: str | Deck = "animals",
    strategies: Sequence[str] = LADDER_STRATEGIES,
    *,
    games: int = 100,
    seed: int | str = 1,
    bootstraps: int = 200,
    options: Mapping[str, object] | None = None,
    engine: Engine = "rules",
    executor: Executor | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Progress = True,
) -> Ladder:
    """Plays a round robin of `strategies` in two-seat games and rates them (rules C1-C12, P5).

    Every pair plays `games` games in each seat order, the same deals both
    ways, so each pair plays ``2 * games`` games.

    Args:
        deck: A bundled deck's name or a `Deck`.
        strategies: Two or more different strategy names; by default every
            classic strategy, random to card counting.
        games: Games per pair and seat order, >= 1.
        seed: Fixes every game and the bootstrap (int or str).
        bootstraps: Bootstrap resamples for the intervals, 10..100,000.
        options: Rule options of `ClassicRules` by their RULES.md names
            (``leftover``, ``collect_order``, ``no_data``, ``look_at_last``,
            ``round_limit``), or None for the defaults; not ``seats`` (a
            ladder plays two-seat games) nor ``deck`` (the argument above).
        engine: ``"rules"`` (default: card counting, in the default
            strategies, plays only there) or ``"batch"``.
        executor: As for `sweep`; None for a process pool.
        max_actions: The cap per game (rule C12).
        progress: As for `simulate`.

    Returns:
        The `Ladder`: ratings, intervals, pairs, every game's row.

    Raises:
        RuleOptionError: If fewer than two different strategies are given, a
            name is unknown, the seed is not an int or a str, or a number or
            option is unknown or out of range (the message names it).
    """
    seed = check_seed(seed)
    names = check_strategies(list(strategies), len(strategies)) if not isinstance(strategies, str) else ()
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise RuleOptionError(f"a ladder needs two or more different strategy names; got {strategies!r}")
    bootstraps = whole_number(bootstraps, "bootstraps", low=10, high=100_000, error=RuleOptionError)
    rules = ClassicRules(load_deck(deck) if isinstance(deck, str) else deck, seats=2, **_check_options(options))
    frame = sweep(
        rules,
        over={"strategies": ladder_orders(names)},
        games=games,
        seed=seed,
        engine=engine,
        executor=executor,
        max_actions=max_actions,
        progress=progress,
    )
    return rate_ladder(frame, seed=seed, bootstraps=bootstraps)


def _check_options(options: object) -> dict[str, Any]:
    """Returns the ladder's rule options as keywords of `ClassicRules`, checked by name (C2, C4, C6, C10, C11)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise RuleOptionError(
            f"options must map rule option names to values, e.g. {{'no_data': 'loses'}}; got {options!r}"
        )
    unknown = [name for name in options if name not in OPTION_COLUMNS]
    if unknown:
        raise RuleOptionError(
            f"a ladder cannot set {', '.join(map(repr, unknown))}: it plays two-seat games on the deck given, "
            f"with the rule options {', '.join(OPTION_COLUMNS)}"
        )
    return dict(options)


def ladder_orders(strategies: Sequence[str]) -> list[tuple[str, str]]:
    """Returns every pair of `strategies` in both seat orders, the round robin's games.

    Example:
        >>> ladder_orders(["random", "best_rank"])
        [('random', 'best_rank'), ('best_rank', 'random')]
    """
    return [order for a, b in itertools.combinations(strategies, 2) for order in ((a, b), (b, a))]


def rate_ladder(frame: pd.DataFrame, *, seed: int | str = 1, bootstraps: int = 200) -> Ladder:
    """Rates the strategies of two-seat games: Elo ratings and their bootstrap intervals.

    Args:
        frame: `simulate` or `sweep` rows of two-seat games between
            different strategies.
        seed: Fixes the bootstrap's resamples.
        bootstraps: Bootstrap resamples, 10..100,000.

    Raises:
        RuleOptionError: If the frame holds no game between two different
            strategies, or of more than two seats, or `seed` is not an int or
            a str.
    """
    seed = check_seed(seed)
    bootstraps = whole_number(bootstraps, "bootstraps", low=10, high=100_000, error=RuleOptionError)
    pairs = tuple(pair_scores(frame))
    ratings = elo_ratings(pairs)
    rng = stream(seed, "ladder/bootstrap")
    samples: dict[str, list[float]] = {name: [] for name in ratings}
    for _ in range(bootstraps):
        resampled = [_resample(pair, rng) for pair in pairs]
        for name, rating in elo_ratings(resampled).items():
            samples[name].append(rating)
    intervals = {name: (_percentile(values, 0.025), _percentile(values, 0.975)) for name, values in samples.items()}
    return Ladder(ratings, intervals, pairs, frame, seed, bootstraps)


def _resample(pair: PairScore, rng: random.Random) -> PairScore:
    """Returns `pair` with its games drawn again with replacement (one bootstrap resample)."""
    results = pair.results
    drawn = tuple(results[rng.randrange(len(results))] for _ in results) if results else ()
    return PairScore(pair.first, pair.second, drawn, pair.unfinished)
