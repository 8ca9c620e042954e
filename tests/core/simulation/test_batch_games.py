"""What every batch game must be, whatever the seed: cards conserved (C2, C4, C5), unfinished never won (C12)."""

from __future__ import annotations

import numpy as np
import pytest

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.cards import Category, Deck
from toptrumps_core.protocol import Termination
from toptrumps_core.simulation import play_batch
from toptrumps_core.simulation.batch import TERMINATIONS


@pytest.fixture(scope="module")
def many() -> tuple[ClassicRules, object]:
    rules = ClassicRules(load_deck("dinosaurs"), seats=3, leftover="set_aside", round_limit=150)
    return rules, play_batch(rules, ["random", "best_rank", "best_value"], list(range(3000)), max_actions=140)


def test_c2_c4_c5_every_card_is_in_exactly_one_place_in_every_game(many) -> None:  # type: ignore[no-untyped-def]
    rules, games = many
    cards = len(rules.deck.cards)
    assert games.final_cards.shape == (3000, cards)
    assert (np.sort(games.final_cards, axis=1) == np.arange(cards)).all()
    set_aside = cards - cards // 3 * 3
    assert (games.stack_sizes.sum(axis=1) + games.pot_sizes + set_aside == cards).all()


def test_c12_unfinished_games_are_reported_and_never_won(many) -> None:  # type: ignore[no-untyped-def]
    _, games = many
    unfinished = games.termination == TERMINATIONS.index(Termination.UNFINISHED)
    assert 0 < unfinished.sum() < len(games)  # the cap of 140 actions stops some games, not all
    assert not games.winners[unfinished].any()
    assert games.winners[~unfinished].any(axis=1).all()


def test_c11_the_round_limit_gives_the_most_cards_the_win() -> None:
    rules = ClassicRules(load_deck("dinosaurs"), seats=3, round_limit=40)
    games = play_batch(rules, ["random", "best_rank", "best_value"], list(range(3000)))
    limited = games.termination == TERMINATIONS.index(Termination.ROUND_LIMIT)
    assert 0 < limited.sum() < len(games)
    assert (games.comparisons[limited] == 40).all() and (games.comparisons[~limited] <= 40).all()
    most = games.stack_sizes[limited].max(axis=1, keepdims=True)
    assert (games.winners[limited] == (games.stack_sizes[limited] == most)).all()


def test_c7_the_last_stack_holds_every_card_in_play() -> None:
    deck = load_deck("animals")
    games = play_batch(ClassicRules(deck, seats=2), ["best_rank", "random"], list(range(200)))
    last = games.termination == TERMINATIONS.index(Termination.LAST_STACK)
    assert last.any()
    assert (games.stack_sizes[last].max(axis=1) == len(deck.cards)).all()
    assert (games.pot_sizes[last] == 0).all()
    assert (games.winners[last] == (games.stack_sizes[last] > 0)).all()


def test_games_are_in_seed_order_and_a_seed_always_plays_the_same_game() -> None:
    rules = ClassicRules(
        Deck.from_rows(
            "D", [Category("A"), Category("B", higher_is_better=False)], {f"c{i}": [i % 4, i % 3] for i in range(12)}
        ),
        seats=2,
    )
    both = play_batch(rules, ["random", "random"], [5, 9, 5])
    alone = play_batch(rules, ["random", "random"], [9])
    assert both.stacks(0) == both.stacks(2) and both.stacks(1) == alone.stacks(0)
    assert list(both.seeds) == [5, 9, 5]
    assert len(play_batch(rules, ["random", "random"], [])) == 0
