"""The probability lens: beside each category, the exact chance to win, tie or lose (rule P3).

The odds come from the seat's own view only (`ClassicView.unseen`: every card
that could be another seat's top card, from what this seat has seen), so the
lens never knows more than the player does.
"""

from __future__ import annotations

from collections.abc import Iterable

from toptrumps_core.classic import ClassicView
from toptrumps_core.comparison import NoData
from toptrumps_core.probability import ComparisonOdds, comparison_odds
from widgets._toolkit import percent

__all__ = ["lens_odds", "odds_text"]


def odds_text(odds: ComparisonOdds) -> str:
    """Returns the lens text for one category, e.g. "win 62% · tie 5% · lose 33%".

    Example:
        >>> from fractions import Fraction
        >>> odds_text(ComparisonOdds(Fraction(5, 8), Fraction(1, 20), Fraction(13, 40)))
        'win 62% · tie 5% · lose 32%'
    """
    return f"win {percent(odds.win)} · tie {percent(odds.tie)} · lose {percent(odds.lose)}"


def lens_odds(view: ClassicView, categories: Iterable[int], *, no_data: NoData) -> dict[int, ComparisonOdds]:
    """Returns the exact odds (rule P3) per category for the view's top card.

    Args:
        view: The seat's own view.
        categories: The category indices to give odds for.
        no_data: The game's rule C6 option.

    Returns:
        Odds by category index; empty when the seat is out of cards, nobody
        else holds cards, or fewer cards are unseen than opponents.
    """
    card = view.top_card
    deck = view.deck
    if card is None or view.opponents < 1 or view.opponents > len(view.unseen):
        return {}
    return {
        c: comparison_odds(
            card.values[c],
            [deck.cards[i].values[c] for i in view.unseen],
            view.opponents,
            higher_is_better=deck.categories[c].higher_is_better,
            no_data=no_data,
        )
        for c in categories
    }
