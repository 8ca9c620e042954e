"""Real games of Squads with a threshold player, beside the lesson's model (rules S3, S5, S6, P5).

The lesson's exact "place now or wait" numbers (`SettleQuestion`) rest on a
model: each opponent's card for the Critical slot is a random unseen card.
In a real game the opponents choose which of their cards goes there, so
their card is better than a random one.  `threshold_games` plays real
games instead: one `ThresholdBuilder` seat, with each threshold in turn,
against computer opponents (`ExpectedTokensBuilder`), every game on the one
mission, and counts the tokens that seat wins per round, with 95 %
intervals (P5).  Every threshold plays the same seeds, so the rows differ
only by the threshold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.chance import make_rng
from toptrumps_core.checks import whole_number
from toptrumps_core.experiments.settle import SettleQuestion
from toptrumps_core.experiments.tables import Table
from toptrumps_core.play import SeatPlayer, play
from toptrumps_core.probability import Estimate
from toptrumps_core.squads import Mission, SlotScored, SquadsRules, SquadsView
from toptrumps_core.strategies.squads import ExpectedTokensBuilder, ThresholdBuilder

__all__ = ["GAME_THRESHOLDS", "ThresholdGamesRow", "threshold_games"]

GAME_THRESHOLDS: tuple[Fraction, ...] = tuple(Fraction(n, 4) for n in range(5))
"""The thresholds the real games try: a win chance of 0 %, 25 %, 50 %, 75 %, 100 %."""


@dataclass(frozen=True)
class ThresholdGamesRow:
    """One threshold's real games.

    Attributes:
        threshold: The win chance the threshold seat asks of a card, in [0, 1].
        rounds: The rounds played (every game's rounds, S6).
        critical_tokens: The threshold seat's tokens per round from the Critical slot (0 or 3 each round).
        tokens: The threshold seat's tokens per round from all three mission slots (0 to 6 each round).
    """

    threshold: Fraction
    rounds: int
    critical_tokens: Estimate
    tokens: Estimate


def threshold_games(
    question: SettleQuestion,
    mission: Mission,
    thresholds: Sequence[Fraction | float] = GAME_THRESHOLDS,
    *,
    games: int = 8,
    tokens_to_win: int = 10,
    seed: int | str | None = None,
) -> Table:
    """Returns one row per threshold: the model's exact tokens beside real games' tokens per round.

    Args:
        question: The lesson's question (its deck and its number of
            opponents; its card gives the model's column).
        mission: The mission of every round; its Critical slot must be the
            question's category, goal and target.
        thresholds: The thresholds of the threshold seat, each in [0, 1].
        games: Games played per threshold, each to `tokens_to_win` (S7).
        tokens_to_win: The tokens that end a game.
        seed: Picks the games' seeds (the same for every threshold).

    Returns:
        A `Table`; its ``data`` holds one `ThresholdGamesRow` per threshold.

    Raises:
        ValueError: If `games` is not a whole number >= 1, or the mission's
            Critical slot is not the question's.
        RuleOptionError: If the mission does not fit the deck, or a threshold is not in [0, 1].

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> from toptrumps_core.squads import bundled_missions
        >>> deck = load_deck("animals")
        >>> q = SettleQuestion(deck, "Top speed", "highest", None, "Lion", draws=3, opponents=2)
        >>> table = threshold_games(q, bundled_missions(deck)[0], [Fraction(1, 2)], games=1, tokens_to_win=3, seed=1)
        >>> table.data[0].rounds >= 1
        True
    """
    games = whole_number(games, "games", low=1, error=ValueError)
    slot = mission.critical
    if (slot.category, slot.goal, slot.target) != (question.category, question.goal, question.target):
        raise ValueError(
            f"the mission {mission.title!r} has {slot.category}, {slot.goal} as its Critical slot; "
            f"the question is about {question.category}, {question.goal}"
        )
    rules = SquadsRules(question.deck, seats=question.opponents + 1, missions=(mission,), tokens_to_win=tokens_to_win)
    draw = make_rng(seed)
    seeds = [draw.randrange(2**31) for _ in range(games)]
    critical = rules.deck.category_index(mission.critical.category)
    rows, data = [], []
    for threshold in thresholds:
        chosen = Fraction(threshold)
        players: list[SeatPlayer[SquadsView]] = [
            ThresholdBuilder(chosen),
            *([ExpectedTokensBuilder()] * question.opponents),
        ]
        from_critical: list[int] = []
        from_all: list[int] = []
        for game_seed in seeds:
            record = play(rules, players, seed=game_seed)
            slots = [e for e in record.events if isinstance(e, SlotScored)]
            for start in range(0, len(slots), 3):  # three mission slots a round (S2, S4)
                won = [e.tokens for e in slots[start : start + 3] if 0 in e.winners]
                crit = [e.tokens for e in slots[start : start + 3] if 0 in e.winners and e.category == critical]
                from_all.append(sum(won))
                from_critical.append(sum(crit))
        row = ThresholdGamesRow(chosen, len(from_all), Estimate.of_mean(from_critical), Estimate.of_mean(from_all))
        data.append(row)
        rows.append(
            (
                f"{float(chosen):.0%}",
                f"{float(question.exact(chosen).wait_tokens):.3f}",
                _interval(row.critical_tokens),
                _interval(row.tokens),
                row.rounds,
            )
        )
    columns = (
        "wait for a win chance of at least",
        f"model: exact Critical tokens if you wait ({question.card})",
        "real games: Critical tokens per round (95 % interval)",
        "real games: all tokens per round (95 % interval)",
        "rounds played",
    )
    title = (
        f"Model beside real games: a threshold player against {question.opponents} computers, mission {mission.title!r}"
    )
    return Table(columns, tuple(rows), title, tuple(data))


def _interval(estimate: Estimate) -> str:
    return f"{estimate.value:.2f} ({estimate.low:.2f} to {estimate.high:.2f})"
