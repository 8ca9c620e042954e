"""The one comparison of every card game (toptrumps_core.comparison; rules C4-C6, D3, T5, T6)."""

from __future__ import annotations

from itertools import combinations

from tests.core.tournament.tournament_helpers import COST, POWER, make_tiny
from toptrumps_core.comparison import best_of, category_ranks, collect_order, compare, play_order


def test_c4_play_order_goes_left_from_the_first_seat_or_the_next_one_holding_cards() -> None:
    for table in range(2, 7):
        for size in range(1, table + 1):
            for seats in combinations(range(table), size):
                for first in range(table):
                    going_left = [(first + k) % table for k in range(table)]
                    assert play_order(seats, first) == tuple(s for s in going_left if s in seats)


def test_c4_collect_order_is_the_winners_card_then_the_others_going_left() -> None:
    # Revealed in play order from seat 2 (2, 3, 0); seat 0 wins: 0's card, then 2's, then 3's.
    assert collect_order([2, 3, 0], [20, 30, 0], winner=0) == (0, 20, 30)


def test_d3_ranks_compare_as_the_values_do_in_either_direction() -> None:
    deck = make_tiny()
    ranks = category_ranks(deck)
    cards = range(len(deck.cards))
    for category in (POWER, COST):  # Cost: lower is better
        for group in combinations(cards, 3):
            for rule in ("tie", "loses"):
                by_rank = best_of([ranks[category][c] for c in group], rule)
                assert by_rank == compare(deck, category, group, no_data=rule)
