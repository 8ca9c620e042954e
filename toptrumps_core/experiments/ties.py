"""The tie study: ties and pots over many whole classic games (rules C5, C6, P4, P5).

`tie_study` plays many whole classic games (rules C4-C7) through the real
engine (`toptrumps_core.play`), counting comparisons, ties (C5, C6) and the
pots collected, for one ``no_data`` option.  Its first comparison of every
game is k random cards in a category chosen by the chooser, so with random
choosers its tie rate is exactly the deck's `tie_chance` averaged over the
categories (rule P4), which `TieStudy.first_tie_exact` gives.

Game ``i`` is seeded ``game_seed(seed, i)`` (`toptrumps_core.chance`), as the
simulation lab seeds its games, so the same arguments give the same study.

Rules version: 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from toptrumps_core.cards import Deck
from toptrumps_core.chance import game_seed
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ClassicRules, ClassicView
from toptrumps_core.events import PotCollected, Revealed, Tied
from toptrumps_core.experiments.steps import Steps, run_steps, step_size
from toptrumps_core.play import play
from toptrumps_core.probability import Estimate, tie_chance
from toptrumps_core.progress import Progress, ProgressReporter
from toptrumps_core.protocol import Termination
from toptrumps_core.strategies import RandomStrategy, Strategy

__all__ = ["TieStudy", "tie_study", "tie_study_steps"]


@dataclass(frozen=True)
class TieStudy:
    """What `tie_study` counted over many whole classic games.

    Attributes:
        deck: The deck played.
        seats: Players per game.
        no_data: The rule C6 option played.
        games: Games played.
        comparisons: Comparisons over all games.
        ties: Comparisons that were ties (C5, C6).
        first_tie: Whether each game's first comparison tied, as an estimate
            of a proportion (games are independent).
        first_tie_exact: The exact chance that the first comparison ties when
            the chooser picks the category uniformly at random: `tie_chance`
            averaged over the categories (rule P4); None for other choosers
            (they pick by the card, so the exact value does not apply).
        ties_per_game: Ties per game, as an estimate of a mean.
        pots: The size of every pot collected, in cards, in order.
        largest_pot: The largest pot of each game (0 if it had no tie).
        unfinished: Games stopped by the round limit or the driver's cap
            (rules C11, C12).
        comparisons_per_game: Comparisons in each game.
    """

    deck: Deck = field(repr=False)
    seats: int
    no_data: Literal["tie", "loses"]
    games: int
    comparisons: int
    ties: int
    first_tie: Estimate
    first_tie_exact: Fraction | None
    ties_per_game: Estimate
    pots: tuple[int, ...] = field(repr=False)
    largest_pot: tuple[int, ...] = field(repr=False)
    unfinished: int = 0
    comparisons_per_game: tuple[int, ...] = field(default=(), repr=False)

    @property
    def tie_share(self) -> float:
        """Returns the share of all comparisons that were ties, in [0, 1]."""
        return self.ties / self.comparisons if self.comparisons else 0.0

    def pot_counts(self) -> dict[int, int]:
        """Returns how many pots of each size (cards) were collected, by size ascending."""
        return dict(sorted(Counter(self.pots).items()))


def tie_study(
    deck: Deck,
    *,
    seats: int = 2,
    no_data: Literal["tie", "loses"] = "tie",
    games: int = 100,
    seed: int | str = 1,
    strategies: Sequence[Strategy[ClassicView]] | None = None,
    round_limit: int = 500,
    progress: Progress = None,
) -> TieStudy:
    """Plays many classic games and counts their ties and pots (rules C5, C6, P4, P5).

    Args:
        deck: The deck to play.
        seats: Players per game, 2..6 (rule C1).
        no_data: Rule C6 option, ``"tie"`` (default) or ``"loses"``.
        games: Games to play, 1..100,000.
        seed: Fixes every game (int or str).
        strategies: One per seat; None for random choosers in every seat (so
            the first comparison matches the exact P4 average).
        round_limit: Rule C11 limit per game (games that cycle end there and
            count as `unfinished`), >= 1.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        The `TieStudy`.

    Raises:
        ValueError: If `games` is out of range.
        RuleOptionError: If `seats`, `no_data` or `round_limit` is invalid
            for `ClassicRules`.

    Example:
        >>> from toptrumps_core import load_deck
        >>> study = tie_study(load_deck("animals"), games=20, seed=2)
        >>> study.games, study.ties <= study.comparisons, study.first_tie_exact is not None
        (20, True, True)
    """
    return run_steps(
        tie_study_steps(
            deck,
            seats=seats,
            no_data=no_data,
            games=games,
            seed=seed,
            strategies=strategies,
            round_limit=round_limit,
            progress=progress,
        )
    )


def tie_study_steps(
    deck: Deck,
    *,
    seats: int = 2,
    no_data: Literal["tie", "loses"] = "tie",
    games: int = 100,
    seed: int | str = 1,
    strategies: Sequence[Strategy[ClassicView]] | None = None,
    round_limit: int = 500,
    progress: Progress = None,
) -> Steps[TieStudy]:
    """`tie_study` in steps (`toptrumps_core.experiments.steps`): the same study, for a live page.

    Yields after every `step_size(games)` games; returns the `TieStudy`.
    The arguments and the errors (raised at the first step) are
    `tie_study`'s.
    """
    games = whole_number(games, "games", low=1, high=100_000, error=ValueError)
    rules = ClassicRules(deck, seats=seats, no_data=no_data, round_limit=round_limit)
    chooser = [RandomStrategy()] * seats if strategies is None else list(strategies)
    comparisons = ties = unfinished = 0
    first_ties: list[int] = []
    per_game: list[int] = []
    pots: list[int] = []
    largest: list[int] = []
    lengths: list[int] = []
    reporter = ProgressReporter(progress, games, "games")
    try:
        for index in range(games):
            record = play(rules, chooser, seed=game_seed(seed, index))
            assert record.outcome is not None
            if record.outcome.termination in (Termination.ROUND_LIMIT, Termination.UNFINISHED):
                unfinished += 1
            game_comparisons = game_ties = biggest = first = 0
            for event in record.events:
                if isinstance(event, Revealed):
                    game_comparisons += 1
                elif isinstance(event, Tied):
                    game_ties += 1
                    biggest = max(biggest, event.pot_size)
                    first |= game_comparisons == 1
                elif isinstance(event, PotCollected):
                    pots.append(len(event.cards))
            comparisons += game_comparisons
            ties += game_ties
            first_ties.append(int(first))
            per_game.append(game_ties)
            largest.append(biggest)
            lengths.append(game_comparisons)
            if (index + 1) % max(1, games // 100) == 0 or index + 1 == games:
                reporter.update(index + 1)
            if (index + 1) % step_size(games) == 0 and index + 1 < games:
                yield
    finally:
        reporter.close()
    exact = None
    if strategies is None:
        exact = sum((tie_chance(deck, c, seats, no_data=no_data) for c in range(len(deck.categories))), Fraction(0))
        exact /= len(deck.categories)
    return TieStudy(
        deck=deck,
        seats=seats,
        no_data=no_data,
        games=games,
        comparisons=comparisons,
        ties=ties,
        first_tie=Estimate.of_proportion(first_ties),
        first_tie_exact=exact,
        ties_per_game=Estimate.of_mean(per_game),
        pots=tuple(pots),
        largest_pot=tuple(largest),
        unfinished=unfinished,
        comparisons_per_game=tuple(lengths),
    )
