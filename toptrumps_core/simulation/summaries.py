"""What many games say: the first chooser's share, game lengths beside gambler's ruin, each card's winningness.

- `first_chooser_share(frame)`: seat 0, the first chooser (rule C3), wins
  outright in what share of the finished games, with its Wilson 95 %
  interval (rule P5), beside the fair share 1 / seats.
- `gamblers_ruin_lengths(cards, start)`: the chance that a two-seat game
  lasts exactly t comparisons if every comparison were a fair coin flip
  moving one card (the gambler's ruin of probability textbooks), with a
  share of ties that move none: the estimate the lab draws beside the
  lengths the games really had.  Its mean is ``start * (cards - start) /
  (1 - tie_chance)``.
- `card_winningness(rules, strategies, games=N, seed=S)`: for every card
  of the deck, how often it was revealed, won its comparison outright
  (rule C4) or was part of a tie (C5, C6), counted over the first N games
  of the run seeded S on the rules engine (its events name the cards).

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from toptrumps_core.cards import Deck
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ClassicRules
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.experiments import FirstChooserResult
from toptrumps_core.play import Match
from toptrumps_core.probability import Estimate, wilson_interval
from toptrumps_core.progress import Progress, ProgressReporter
from toptrumps_core.simulation.experiments import (
    DEFAULT_MAX_ACTIONS,
    StrategyNames,
    check_games,
    check_max_actions,
    check_strategies,
    game_seeds,
)

__all__ = ["CardCounts", "card_winningness", "count_cards", "first_chooser_share", "gamblers_ruin_lengths"]


def first_chooser_share(frame: pd.DataFrame) -> FirstChooserResult:
    """Returns how often seat 0, the first chooser, won outright among the finished games (rules C3, P5).

    Draws count as not won; unfinished games (rule C12) are left out.

    Args:
        frame: `simulate` rows of games with one seat count.

    Raises:
        RuleOptionError: If the frame mixes seat counts, or no game finished.
    """
    seats = set(frame["seats"].tolist())
    if len(seats) != 1:
        raise RuleOptionError(f"the first chooser's share needs games of one seat count; got {sorted(seats)}")
    unfinished = int((frame["termination"] == "unfinished").sum())
    finished = frame[frame["termination"] != "unfinished"]
    if finished.empty:
        raise RuleOptionError(f"none of the {len(frame)} games finished (rule C12); nothing to estimate from")
    wins = int((finished["winner"] == 0).fillna(False).sum())
    low, high = wilson_interval(wins, len(finished))
    (count,) = seats
    return FirstChooserResult(
        Estimate(wins, len(finished), low, high), len(frame), unfinished, int(finished["draw"].sum()), 1 / count
    )


def gamblers_ruin_lengths(
    cards: int, start: int | None = None, *, tie_chance: float = 0.0, longest: int = 2000
) -> list[float]:
    """Returns the chance that a fair coin-flip game lasts exactly t comparisons, t = 0..longest.

    The model: two seats, `cards` cards, seat 0 starting with `start`; each
    comparison is a tie with chance `tie_chance` (nothing moves) or else
    moves one card to either seat with chance one half; the game ends when a
    seat holds every card.  Real games differ: choosers pick their best
    category, and a tie's cards wait in the pot.

    Args:
        cards: Cards in play, >= 2.
        start: Seat 0's cards at the start, 1..cards-1; None for half
            (rounded up, as rule C2 deals).
        tie_chance: The chance that a comparison moves no card, in [0, 1).
        longest: The last length given, >= 1.

    Returns:
        ``longest + 1`` chances; their sum is the chance the game ends
        within `longest` comparisons.

    Raises:
        RuleOptionError: If a number is out of range.

    Example:
        >>> [round(p, 3) for p in gamblers_ruin_lengths(4, 2, longest=4)]
        [0.0, 0.0, 0.5, 0.0, 0.25]
    """
    cards = whole_number(cards, "cards", low=2, error=RuleOptionError)
    start = (cards + 1) // 2 if start is None else start
    start = whole_number(start, "start", low=1, high=cards - 1, error=RuleOptionError)
    if not 0 <= tie_chance < 1:
        raise RuleOptionError(f"tie_chance must be in [0, 1); got {tie_chance!r}")
    longest = whole_number(longest, "longest", low=1, error=RuleOptionError)
    move = (1 - tie_chance) / 2
    alive = [0.0] * (cards + 1)
    alive[start] = 1.0
    lengths = [0.0]
    for _ in range(longest):
        step = [0.0] * (cards + 1)
        for held in range(1, cards):
            chance = alive[held]
            if chance:
                step[held] += chance * tie_chance
                step[held - 1] += chance * move
                step[held + 1] += chance * move
        lengths.append(step[0] + step[cards])
        step[0] = step[cards] = 0.0
        alive = step
    return lengths


def card_winningness(
    rules: ClassicRules,
    strategies: StrategyNames = "random",
    *,
    games: int = 200,
    seed: int | str = 1,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Progress = None,
) -> pd.DataFrame:
    """Returns, for every card, how often it won its comparisons, over the run's first `games` games (C4-C6).

    The games are `simulate`'s games ``0 .. games - 1`` of the same seed,
    played on the rules engine, whose events name each revealed card.

    Args:
        rules: The classic rules: deck, seats, options.
        strategies: One strategy name for every seat, or one per seat.
        games: How many games, 1..`MAX_GAMES`.
        seed: The run's seed.
        max_actions: The cap per game (rule C12).
        progress: As for `simulate`.

    Returns:
        One row per card of the deck, most winning first: ``card`` (its
        name), ``revealed`` (comparisons it was in), ``won`` (comparisons it
        won outright, C4), ``tied`` (ties it was in, C5, C6), ``win_share``
        (won / revealed, NaN if never revealed) and ``low``, ``high``
        (its Wilson 95 % interval, P5).

    Raises:
        RuleOptionError: If an argument is out of range or misspelt.

    Example:
        >>> from toptrumps_core import load_deck
        >>> table = card_winningness(ClassicRules(load_deck("animals")), games=2, seed=1)
        >>> int(table["won"].sum()) <= int(table["revealed"].sum())
        True
    """
    if not isinstance(rules, ClassicRules):
        raise RuleOptionError(f"rules must be ClassicRules; got {rules!r}")
    names = check_strategies(strategies, rules.seats)
    games = check_games(games)
    max_actions = check_max_actions(max_actions)
    counts = CardCounts.empty(rules.deck)
    reporter = ProgressReporter(progress, games, "games (card winningness)")
    try:
        for done, game_seed in enumerate(game_seeds(seed, games), start=1):
            counts = counts.plus(count_cards(rules, names, [game_seed], max_actions=max_actions))
            reporter.update(done)
    finally:
        reporter.close()
    return counts.table(rules.deck)


@dataclass(frozen=True, slots=True)
class CardCounts:
    """How often each card was revealed, won outright and tied (rules C4-C6), by card number.

    Attributes:
        revealed: One count per card of the deck, in deck order.
        won: Comparisons each card won outright (C4).
        tied: Ties each card was part of (C5, C6).
    """

    revealed: tuple[int, ...]
    won: tuple[int, ...]
    tied: tuple[int, ...]

    @classmethod
    def empty(cls, deck: Deck) -> CardCounts:
        """Returns zero counts for every card of `deck`."""
        zeros = (0,) * len(deck.cards)
        return cls(zeros, zeros, zeros)

    def plus(self, other: CardCounts) -> CardCounts:
        """Returns the counts of both, added card by card."""
        return CardCounts(
            *(tuple(map(sum, zip(a, b, strict=True))) for a, b in zip(self.counts(), other.counts(), strict=True))
        )

    def counts(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Returns (revealed, won, tied)."""
        return self.revealed, self.won, self.tied

    def table(self, deck: Deck) -> pd.DataFrame:
        """Returns one row per card, most winning first (the columns of `card_winningness`)."""
        rows = []
        for number, card in enumerate(deck.cards):
            shown, won = self.revealed[number], self.won[number]
            low, high = wilson_interval(won, shown) if shown else (float("nan"), float("nan"))
            rows.append(
                {
                    "card": card.name,
                    "revealed": shown,
                    "won": won,
                    "tied": self.tied[number],
                    "win_share": won / shown if shown else float("nan"),
                    "low": low,
                    "high": high,
                }
            )
        table = pd.DataFrame(rows).sort_values(["win_share", "card"], ascending=[False, True], na_position="last")
        return table.reset_index(drop=True)


def count_cards(
    rules: ClassicRules, strategies: Sequence[str], seeds: Sequence[int], *, max_actions: int = DEFAULT_MAX_ACTIONS
) -> CardCounts:
    """Plays one game per seed on the rules engine and counts each card's comparisons (C4-C6).

    Args:
        rules: Checked classic rules.
        strategies: One checked strategy name per seat.
        seeds: The games' own seeds (`game_seeds`).
        max_actions: The cap per game (rule C12).
    """
    cards = len(rules.deck.cards)
    revealed, won, tied = [0] * cards, [0] * cards, [0] * cards
    for seed in seeds:
        match = Match(rules, list(strategies), seed=seed, max_actions=max_actions)
        match.advance()
        _count_cards(match.events, revealed, won, tied)
    return CardCounts(tuple(revealed), tuple(won), tuple(tied))


def _count_cards(events: Sequence[object], revealed: list[int], won: list[int], tied: list[int]) -> None:
    """Adds one game's revealed, winning and tied cards to the counts (by card number)."""
    shown: dict[int, int] = {}
    for event in events:
        if isinstance(event, Revealed):
            shown = dict(event.cards)
            for card in shown.values():
                revealed[card] += 1
        elif isinstance(event, Won):
            won[shown[event.seat]] += 1
        elif isinstance(event, Tied):
            for card in shown.values():
                tied[card] += 1
