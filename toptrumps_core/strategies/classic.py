"""Computer players of the classic game: each decides from its own seat's `ClassicView`.

Four strategies, from naive to exact:

- `RandomStrategy` (`toptrumps_core.strategies.base`): any legal action, uniformly.
- `BestValue`: the category where this card sits highest within the deck's
  range for it (a value 90 % of the way from the deck's worst to its best).
- `BestRank`: the category where this card beats the largest share of the
  deck's other cards (its rank in the deck).
- `CardCounting`: the category with the best exact chance to win (rule P3)
  against the cards this seat has not pinned down (``view.unseen``).

With ``look_at_last`` (rule C10) each strategy also picks which card to play:
the chooser the card with the best score in any category, the others the card
with the best value in the named category.

Best value and best rank read the deck's rank table from the view
(``ClassicView.ranks``, worked out once per rules object) to find the
deck's range and to count the cards a card beats, which gives the same
exact scores as comparing the deck's Fractions at every decision.

`toptrumps_core.strategies.registry` names them for the page (easy, medium,
hard, expert).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

from toptrumps_core.cards import Card, Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicView, PickCard
from toptrumps_core.probability import comparison_odds
from toptrumps_core.protocol import Action, Game
from toptrumps_core.strategies.base import Strategy

__all__ = ["BestRank", "BestValue", "CardCounting", "classic_player", "mini_game_player", "rank_score"]

S = TypeVar("S")
A = TypeVar("A", bound=Action)


@dataclass(frozen=True)
class _ScoredStrategy(Strategy[ClassicView]):
    """Picks the legal action with the best score; ties broken by `rng`."""

    def score(self, view: ClassicView, card: Card, category: int) -> Fraction:
        """Returns how good `card` is in `category`, higher is better."""
        raise NotImplementedError

    def _score_number(self, view: ClassicView, number: int, category: int) -> Fraction:
        """Returns `score` of the deck's card `number` (a strategy may work it out from ``view.ranks``)."""
        return self.score(view, view.deck.cards[number], category)

    def choose(self, view: ClassicView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the best-scoring legal action (ties broken at random by `rng`)."""
        scored: list[tuple[Fraction, Action]] = []
        for action in legal:
            if isinstance(action, ChooseCategory):
                assert view.stack  # the chooser holds cards
                scored.append((self._score_number(view, view.stack[0], action.category), action))
            elif isinstance(action, PickCard):
                number = view.stack[action.index]
                if view.category is None:  # the chooser picks a card for any category
                    categories = range(len(view.deck.categories))
                    best = max(self._score_number(view, number, c) for c in categories)
                else:
                    best = self._score_number(view, number, view.category)
                scored.append((best, action))
            else:
                scored.append((Fraction(0), action))
        top = max(s for s, _ in scored)
        best_actions = [a for s, a in scored if s == top]
        return best_actions[rng.randrange(len(best_actions))]


@dataclass(frozen=True)
class BestValue(_ScoredStrategy):
    """Chooses where the card sits highest in the deck's range ("medium").

    The score of a value v in a category whose deck values run from worst w
    to best b is (v - w) / (b - w), in [0, 1]; no data scores -1.
    """

    def score(self, view: ClassicView, card: Card, category: int) -> Fraction:
        """Returns the value's place in the deck's range, in [0, 1], or -1 for no data."""
        low, high = _range(view.deck, category)
        return _place(
            card.values[category], low, high, higher_is_better=view.deck.categories[category].higher_is_better
        )

    def _score_number(self, view: ClassicView, number: int, category: int) -> Fraction:
        """Returns `score` of card `number`, finding the deck's range from ``view.ranks`` (no Fraction compared)."""
        if not view.ranks:
            return super()._score_number(view, number, category)
        deck, column = view.deck, view.ranks[category]
        present = [rank for rank in column if rank is not None]
        higher_is_better = deck.categories[category].higher_is_better
        low = high = Fraction(0)
        if present:  # rank 0 holds the worst value, the top rank the best
            worst = deck.cards[column.index(0)].values[category]
            best = deck.cards[column.index(max(present))].values[category]
            assert worst is not None and best is not None  # ranked cards have data
            low, high = (worst, best) if higher_is_better else (best, worst)
        return _place(deck.cards[number].values[category], low, high, higher_is_better=higher_is_better)


@dataclass(frozen=True)
class BestRank(_ScoredStrategy):
    """Chooses where the card beats the largest share of the deck ("hard").

    The score is the share of the deck's other cards whose value this card
    beats, counting an equal value as half, in [0, 1]; no data scores -1.
    """

    def score(self, view: ClassicView, card: Card, category: int) -> Fraction:
        """Returns the share of other cards beaten (equal counts half), or -1."""
        return rank_score(view.deck, card, category)

    def _score_number(self, view: ClassicView, number: int, category: int) -> Fraction:
        """Returns `score` of card `number`, counting ranks in ``view.ranks`` instead of comparing Fractions."""
        if not view.ranks:
            return super()._score_number(view, number, category)
        column = view.ranks[category]
        rank = column[number]
        if rank is None:
            return Fraction(-1)
        below = sum(1 for other in column if other is not None and other < rank)
        no_data, equal = column.count(None), column.count(rank) - 1  # itself is not another card
        return Fraction(2 * (below + no_data) + equal, 2 * max(len(column) - 1, 1))


def rank_score(deck: Deck, card: Card, category: int) -> Fraction:
    """Returns the share of `deck`'s other cards that `card` beats in `category` (equal counts half).

    In [0, 1]; -1 when `card` has no data there.  The score of `BestRank`,
    and of the tournament player's category choice.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")], {"p": [1, 0], "q": [2, 0], "r": [2, 0]})
        >>> rank_score(d, d.cards[1], 0)   # beats p, equals r
        Fraction(3, 4)
    """
    value = card.values[category]
    if value is None:
        return Fraction(-1)
    cat = deck.categories[category]
    beaten = Fraction(0)
    others = 0
    for other in deck.cards:
        if other is card:
            continue
        others += 1
        theirs = other.values[category]
        if theirs is None or cat.is_better(value, theirs):
            beaten += 1
        elif theirs == value:
            beaten += Fraction(1, 2)
    return beaten / max(others, 1)


@dataclass(frozen=True)
class CardCounting(_ScoredStrategy):
    """Chooses the category with the best exact chance to win (rule P3, "expert").

    The other seats' top cards are taken as drawn without replacement from
    ``view.unseen``; the score is P(win) + P(tie) / 2, which values a tie (the
    same chooser picks again, C5) above a loss.

    Under ``no_data="tie"`` (C6) a category where its own top card has no
    data is a sure tie, worth 1/2, so with a weak card it names that
    category, or one where an opponent's card likely has no data: the cards
    go to the pot and it chooses again.  Between equal card counters on a
    deck with no-data values this keeps the first chooser choosing, and it
    wins far more than its fair share; with ``no_data="loses"`` there is no
    sure tie and the edge falls back to that of the other strategies.

    Attributes:
        no_data: The game's rule C6 option, so the odds match the game.
    """

    no_data: str = "tie"

    def for_game(self, rules: Game[S, A, ClassicView]) -> CardCounting:
        """Returns this strategy told the rule C6 option of `rules`, a classic game; else itself.

        Example:
            >>> from toptrumps_core import ClassicRules, load_deck
            >>> CardCounting().for_game(ClassicRules(load_deck("animals"), no_data="loses"))
            CardCounting(no_data='loses')
        """
        if isinstance(rules, ClassicRules):
            return replace(self, no_data=rules.no_data)  # the odds of this game's C6 option
        return self

    def score(self, view: ClassicView, card: Card, category: int) -> Fraction:
        """Returns P(win) + P(tie)/2 for `card` in `category` (rule P3)."""
        opponents = max(view.opponents, 1)
        unseen = [view.deck.cards[c].values[category] for c in view.unseen]
        if len(unseen) < opponents:
            return BestRank().score(view, card, category)
        odds = comparison_odds(
            card.values[category],
            unseen,
            opponents,
            higher_is_better=view.deck.categories[category].higher_is_better,
            no_data="loses" if self.no_data == "loses" else "tie",
        )
        return odds.win + odds.tie / 2


def _place(value: Fraction | None, low: Fraction, high: Fraction, *, higher_is_better: bool) -> Fraction:
    """Returns where `value` sits between the deck's `low` and `high` ends, better is higher, or -1 for no data."""
    if value is None:
        return Fraction(-1)
    if high == low:
        return Fraction(1, 2)
    share = (value - low) / (high - low)
    return share if higher_is_better else 1 - share


def _range(deck: Deck, category: int) -> tuple[Fraction, Fraction]:
    """Returns (worst-end, best-end) as (min, max) of the deck's values."""
    values = [v for c in deck.cards if (v := c.values[category]) is not None]
    if not values:
        return Fraction(0), Fraction(0)
    return min(values), max(values)


def classic_player(rules: object) -> CardCounting:
    """Returns the default computer player of classic play: card counting told the game's C6 option (P3).

    Args:
        rules: Classic rules; their ``no_data`` option (rule C6) sets the odds.
    """
    return CardCounting(no_data="loses" if getattr(rules, "no_data", "tie") == "loses" else "tie")


def mini_game_player(rules: object) -> CardCounting:
    """Returns the default computer player of a tournament mini-game played on its own: card counting."""
    return CardCounting()
