"""The Squads lesson "place now or wait?", exact beside simulated (rules S3, S5, P5).

You have just turned a card that looks good for the Critical slot.  Place it
now, or put it elsewhere and wait for a better one among your face-down
cards?  `SettleQuestion` sets the scene on a real deck: the slot's category
and goal, the card turned, how many of your cards are still face down and
how many opponents there are.  The cards you have not seen are every other
card of the deck.

- `SettleQuestion.exact(threshold)`: the exact numbers
  (`toptrumps_core.probability.settle.place_or_wait`);
- `estimate_settle(question, threshold, trials=..., rng=...)`: the same
  three numbers by simulation, each with its 95 % interval (P5): deal your
  face-down cards and the opponents' cards at random, play both policies;
- `settle_table(question, thresholds, ...)`: one row per threshold, exact
  beside simulated, for the lesson's table and plot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.cards import Card, Deck
from toptrumps_core.chance import make_rng
from toptrumps_core.checks import whole_number
from toptrumps_core.experiments.tables import Table
from toptrumps_core.probability import Estimate
from toptrumps_core.probability.settle import Goal, SettleOdds, goal_key, place_or_wait, win_chance

__all__ = ["THRESHOLDS", "SettleEstimate", "SettleQuestion", "SettleRow", "estimate_settle", "settle_table"]


THRESHOLDS: tuple[Fraction, ...] = tuple(Fraction(n, 10) for n in range(11))
"""The thresholds the lesson tries: a win chance of 0 %, 10 %, ... 100 %."""


@dataclass(frozen=True)
class SettleQuestion:
    """The lesson's scene: a card just turned, for one mission slot (S3, S5).

    Attributes:
        deck: The deck.
        category: The slot's category (its name).
        goal: The slot's goal.
        target: The slot's target for ``"nearest"``; None otherwise.
        card: The card just turned (its name).
        draws: Your cards still face down, >= 1.
        opponents: The other players, >= 1.
        tokens: The slot's tokens (3 for Critical).

    Raises:
        KeyError: If the category or card is not in the deck.
        ValueError: If the counts do not fit the deck.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> q = SettleQuestion(load_deck("animals"), "Top speed", "highest", None, "Lion", draws=3, opponents=2)
        >>> q.value, len(q.unseen)
        (Fraction(80, 1), 35)
    """

    deck: Deck
    category: str
    goal: Goal
    target: Fraction | None
    card: str
    draws: int = 3
    opponents: int = 2
    tokens: int = 3

    def __post_init__(self) -> None:
        self.deck.category_index(self.category)
        self.deck.card(self.card)
        if self.draws < 1 or self.opponents < 1 or self.draws + self.opponents > len(self.unseen):
            raise ValueError(f"draws {self.draws} and opponents {self.opponents} do not fit {len(self.unseen)} cards")

    @property
    def value(self) -> Fraction | None:
        """Returns the turned card's value in the slot's category."""
        return self.deck.card(self.card)[self.category]

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """Returns the cards you have not seen: every card but the one turned."""
        return tuple(c for c in self.deck.cards if c.name != self.card)

    @property
    def unseen(self) -> tuple[Fraction | None, ...]:
        """Returns the unseen cards' values in the slot's category."""
        index = self.deck.category_index(self.category)
        return tuple(c.values[index] for c in self.unseen_cards)

    def exact(self, threshold: Fraction | float = Fraction(1, 2)) -> SettleOdds:
        """Returns the exact chance of being beaten, and the expected tokens of placing now or waiting."""
        return place_or_wait(
            self.value,
            self.unseen,
            self.draws,
            self.opponents,
            self.goal,
            self.target,
            tokens=self.tokens,
            threshold=threshold,
        )

    def win_chance(self) -> Fraction:
        """Returns the exact chance that the turned card wins the slot if placed now."""
        return win_chance(self.value, self.unseen, self.opponents, self.goal, self.target)


@dataclass(frozen=True)
class SettleEstimate:
    """The three lesson numbers by simulation, each with its 95 % interval (P5).

    Attributes:
        beaten: The share of deals where a face-down card beat the turned card.
        now_tokens: The average tokens of placing the card now.
        wait_tokens: The average tokens of waiting with the threshold policy.
    """

    beaten: Estimate
    now_tokens: Estimate
    wait_tokens: Estimate


def _better(a: Fraction | None, b: Fraction | None, question: SettleQuestion) -> bool:
    key_a = goal_key(a, question.goal, question.target)
    key_b = goal_key(b, question.goal, question.target)
    return key_a is not None and (key_b is None or key_a > key_b)


def _wins(value: Fraction | None, others: Sequence[Fraction | None], question: SettleQuestion) -> bool:
    return goal_key(value, question.goal, question.target) is not None and not any(
        _better(o, value, question) for o in others
    )


def estimate_settle(
    question: SettleQuestion,
    threshold: Fraction | float = Fraction(1, 2),
    *,
    trials: int = 4000,
    rng: random.Random | int | str | None = None,
) -> SettleEstimate:
    """Returns the lesson's three numbers by simulation (P5), beside `SettleQuestion.exact`.

    Each trial deals your face-down cards and each opponent's card for the
    slot from the unseen cards at random, then plays both policies: place
    the turned card now; or wait, placing the first face-down card whose
    exact win chance reaches `threshold` (the last one otherwise).

    Raises:
        ValueError: If `trials` is not a whole number >= 1.
    """
    trials = whole_number(trials, "trials", low=1, error=ValueError)
    draw = make_rng(rng)
    pool = list(question.unseen)
    rest = [pool[:i] + pool[i + 1 :] for i in range(len(pool))]
    accept = [
        win_chance(pool[i], rest[i], question.opponents, question.goal, question.target) >= threshold
        for i in range(len(pool))
    ]
    beaten, now, wait = [], [], []
    held = question.value
    for _ in range(trials):
        picked = draw.sample(range(len(pool)), question.draws + question.opponents)
        own, theirs = picked[: question.draws], [pool[i] for i in picked[question.draws :]]
        beaten.append(int(any(_better(pool[i], held, question) for i in own)))
        now.append(question.tokens * _wins(held, theirs, question))
        placed = next((i for i in own if accept[i]), own[-1])
        wait.append(question.tokens * _wins(pool[placed], theirs, question))
    return SettleEstimate(Estimate.of_proportion(beaten), Estimate.of_mean(now), Estimate.of_mean(wait))


@dataclass(frozen=True)
class SettleRow:
    """One threshold of the lesson's table: exact and simulated expected tokens of waiting."""

    threshold: Fraction
    exact: SettleOdds
    simulated: SettleEstimate


def settle_table(
    question: SettleQuestion,
    thresholds: Sequence[Fraction | float] = THRESHOLDS,
    *,
    trials: int = 2000,
    rng: random.Random | int | str | None = None,
) -> Table:
    """Returns one row per threshold: exact beside simulated tokens of waiting, and of placing now (P5).

    The rows' `SettleRow` objects are in ``Table.data`` (for the plot and the checks).

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> q = SettleQuestion(load_deck("animals"), "Top speed", "highest", None, "Lion", draws=3, opponents=2)
        >>> table = settle_table(q, [Fraction(1, 2)], trials=200, rng=1)
        >>> table.columns[0], len(table.rows)
        ('wait for a win chance of at least', 1)
    """
    draw = make_rng(rng)
    rows, data = [], []
    for threshold in thresholds:
        chosen = Fraction(threshold)
        exact = question.exact(chosen)
        simulated = estimate_settle(question, chosen, trials=trials, rng=draw)
        data.append(SettleRow(chosen, exact, simulated))
        wait = simulated.wait_tokens
        rows.append(
            (
                f"{float(chosen):.0%}",
                f"{float(exact.wait_tokens):.3f}",
                f"{wait.value:.3f} ({wait.low:.3f} to {wait.high:.3f})",
                f"{float(exact.now_tokens):.3f}",
            )
        )
    columns = (
        "wait for a win chance of at least",
        "exact tokens if you wait",
        "simulated (95 % interval)",
        "exact tokens if you place now",
    )
    title = f"Place {question.card} now, or wait? {question.category}, {question.goal} ({question.tokens} tokens)"
    return Table(columns, tuple(rows), title, tuple(data))
