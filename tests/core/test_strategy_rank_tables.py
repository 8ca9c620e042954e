"""Best value and best rank score from the view's rank table exactly as from the deck's Fractions.

`ClassicView.ranks` lets `BestValue` and `BestRank` find the deck's range and
count the cards a card beats without comparing Fractions at every decision.
For random decks (both directions, ties and no data common, fractional
values) every card's score in every category must equal the score worked out
from the deck itself, and a view without the table must make the same choice.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules
from toptrumps_core.comparison import category_ranks
from toptrumps_core.strategies import BestRank, BestValue, rank_score

VALUES = st.sampled_from([None, 0, 1, 2, 3, "2.5", "1/3", 7, 100])


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    n_categories = draw(st.integers(2, 5))
    categories = [Category(f"K{i}", higher_is_better=draw(st.booleans())) for i in range(n_categories)]
    n_cards = draw(st.integers(2, 16))
    rows = {f"c{j}": draw(st.lists(VALUES, min_size=n_categories, max_size=n_categories)) for j in range(n_cards)}
    return Deck.from_rows("Random", categories, rows)


@settings(max_examples=200, deadline=None)
@given(decks(), st.integers(0, 10**6))
def test_scores_from_the_rank_table_equal_scores_from_the_deck(deck: Deck, seed: int) -> None:
    rules = ClassicRules(deck, seats=2)
    state = rules.apply(rules.initial_state(), rules.chance(rules.initial_state()).sample(random.Random(seed))).state
    view = rules.observe(state, 0)
    assert view.ranks == category_ranks(deck)
    bare = replace(view, ranks=())
    for strategy in (BestValue(), BestRank()):
        for number, card in enumerate(deck.cards):
            for category in range(len(deck.categories)):
                expected = strategy.score(bare, card, category)
                assert strategy._score_number(view, number, category) == expected
                assert strategy._score_number(bare, number, category) == expected
        if isinstance(strategy, BestRank):
            assert [rank_score(deck, c, 0) for c in deck.cards] == [
                strategy._score_number(view, n, 0) for n in range(len(deck))
            ]
        legal = [ChooseCategory(c) for c in range(len(deck.categories))]
        fast = strategy.choose(view, legal, random.Random(seed))
        assert fast == strategy.choose(bare, legal, random.Random(seed))
