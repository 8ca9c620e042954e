"""The compiled loop of the batch engine: whole classic games, exactly as the rules engine plays them (C1-C12).

Each game is the rules engine's game for its seed, step for step:

- the deal (C2): the chance stream shuffles ``range(cards)`` as
  ``random.shuffle`` does; the cards are dealt one at a time from seat 0,
  every card (``leftover="deal_all"``) or the largest multiple of the seats
  (``"set_aside"``); seat 0 chooses first (C3);
- each comparison (C4-C6): the chooser's stream picks one of the chooser's
  candidate categories for its top card (``randrange(count)``, as every
  batch strategy does); the top cards are revealed in play order from the
  chooser; the single best rank wins every revealed card, collected from
  the winner going left, then the pot (C4, fixed collect order); a shared
  best, or no data under ``no_data="tie"`` (C6), sends them to the pot (C5);
- after it (C7-C9, C11): no seat holding cards is a draw among the
  comparison's seats; one seat holding cards takes the pot and wins; at the
  round limit the most cards wins; a chooser who ran out is replaced by lot
  from the chance stream (``random()`` against equal shares, C8); the winner
  chooses next (C9);
- the cap (C12): after `max_actions` actions (the deal, each category
  choice, each lot) a game not over is ``UNFINISHED``, with no winner.

Stacks are ring buffers, one row per seat: ``head`` is the top card's slot,
``size`` the count; a card goes under the stack at ``head + size``.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled
from toptrumps_core.simulation.twister import randbelow, random53

__all__ = ["DRAW_ALL_OUT", "LAST_STACK", "ROUND_LIMIT", "UNFINISHED", "PlayScratch", "play_games", "play_scratch"]

LAST_STACK, DRAW_ALL_OUT, ROUND_LIMIT, UNFINISHED = 0, 1, 2, 3
"""Termination codes, in the order of `toptrumps_core.simulation.batch.TERMINATIONS`."""

PlayScratch: TypeAlias = tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
]
"""`play_games`' working arrays (see `play_scratch`)."""


def play_scratch(seats: int, cards: int) -> PlayScratch:
    """Returns the working arrays `play_games` needs, made outside compiled code (numba compiles no allocation).

    They are the (seats, cards) stacks, each seat's top slot, stack size,
    place in play order and place among the holders, the pot, the deal's
    order of the cards, and the cards revealed in one comparison.

    Args:
        seats: Seats, 2..6 (C1).
        cards: Cards in the deck, >= 1.
    """
    return (
        np.zeros((seats, cards), dtype=np.int16),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(cards, dtype=np.int16),
        np.zeros(cards, dtype=np.int16),
        np.zeros(seats, dtype=np.int16),
    )


@compiled
def _put_under(
    stacks: npt.NDArray[np.int16], head: npt.NDArray[np.int64], size: npt.NDArray[np.int64], seat: int, card: int
) -> None:
    slot = head[seat] + size[seat]
    cards = stacks.shape[1]
    if slot >= cards:
        slot -= cards
    stacks[seat, slot] = card
    size[seat] += 1


@compiled
def _take_top(
    stacks: npt.NDArray[np.int16], head: npt.NDArray[np.int64], size: npt.NDArray[np.int64], seat: int
) -> int:
    card = stacks[seat, head[seat]]
    head[seat] = head[seat] + 1 if head[seat] + 1 < stacks.shape[1] else 0
    size[seat] -= 1
    return int(card)


@compiled
def play_games(
    first: int,
    last: int,
    seats: int,
    ranks: npt.NDArray[np.int16],
    candidates: npt.NDArray[np.int8],
    candidate_counts: npt.NDArray[np.int64],
    deal_all: bool,
    no_data_ties: bool,
    round_limit: int,
    max_actions: int,
    states: npt.NDArray[np.uint32],
    positions: npt.NDArray[np.int64],
    scratch: PlayScratch,
    winners: npt.NDArray[np.bool_],
    comparisons: npt.NDArray[np.int64],
    ties: npt.NDArray[np.int64],
    lots: npt.NDArray[np.int64],
    termination: npt.NDArray[np.int8],
    stack_sizes: npt.NDArray[np.int16],
    pot_sizes: npt.NDArray[np.int16],
    final_cards: npt.NDArray[np.int16],
) -> None:
    """Plays the games ``first .. last - 1``, their streams seeded, and writes their rows of the outputs.

    Args:
        first: The first game to play, ``0 <= first <= last``.
        last: One past the last game to play, ``last <= n``.
        seats: Seats, 2..6 (C1).
        ranks: (categories, cards) each card's rank in each category,
            higher is better, equal values share a rank; -1 for no data (C6).
        candidates: (seats, cards, categories) the categories seat s may
            name with card c on top, first ``candidate_counts[s, c]`` of them.
        candidate_counts: (seats, cards) how many, >= 1.
        deal_all: ``leftover="deal_all"`` (True) or ``"set_aside"`` (C2).
        no_data_ties: ``no_data="tie"`` (True) or ``"loses"`` (C6).
        round_limit: Comparisons after which the most cards wins (C11); 0 for none.
        max_actions: The cap on actions (C12), >= 1.
        states: (streams, 624) the games' streams (`twister.seed_streams`): game
            g's chance stream in row ``(g - first) * (seats + 1)``, then
            seat 0's, seat 1's...
        positions: (streams,) each stream's next word.
        scratch: `play_scratch` for these seats and cards.
        winners: (n, seats) out: the winning seats.
        comparisons: (n,) out: comparisons made.
        ties: (n,) out: comparisons tied.
        lots: (n,) out: choosers drawn by lot.
        termination: (n,) out: termination codes (`LAST_STACK` ...).
        stack_sizes: (n, seats) out: cards held at the end.
        pot_sizes: (n,) out: cards in the pot at the end.
        final_cards: (n, cards) out: the stacks seat by seat, top first,
            then the pot, then the cards set aside.

    Only rows ``first .. last - 1`` of the outputs are written.
    """
    cards = ranks.shape[1]
    streams_per_game = seats + 1  # chance, then seat 0, seat 1, ...
    stacks, head, size, players, holders, pot, order, revealed = scratch
    dealt = cards if deal_all else cards // seats * seats
    for g in range(first, last):
        chance = (g - first) * streams_per_game
        # the deal (C2): random.shuffle of range(cards) from the chance stream
        for c in range(cards):
            order[c] = c
        for i in range(cards - 1, 0, -1):
            j = randbelow(states, positions, chance, i + 1)
            order[i], order[j] = order[j], order[i]
        for s in range(seats):
            head[s] = 0
            size[s] = 0
        for c in range(dealt):
            _put_under(stacks, head, size, c % seats, order[c])
        pot_count = 0
        chooser = 0
        actions = 1
        made = 0
        tied = 0
        drawn = 0
        ended = UNFINISHED if actions >= max_actions else -1
        for s in range(seats):
            winners[g, s] = False
        while ended < 0:
            # the chooser names a category (C4) from its own stream
            top = stacks[chooser, head[chooser]]
            count = candidate_counts[chooser, top]
            category = candidates[chooser, top, randbelow(states, positions, chance + 1 + chooser, count)]
            actions += 1
            taking = 0
            for k in range(seats):  # play order: from the chooser, going left
                s = chooser + k
                if s >= seats:
                    s -= seats
                if size[s] > 0:
                    players[taking] = s
                    revealed[taking] = _take_top(stacks, head, size, s)
                    taking += 1
            best, sharing, at, missing = -1, 0, -1, False
            for p in range(taking):
                rank = ranks[category, revealed[p]]
                if rank < 0:
                    missing = True
                elif rank > best:
                    best, sharing, at = rank, 1, p
                elif rank == best:
                    sharing += 1
            made += 1
            if sharing != 1 or (missing and no_data_ties):  # a tie (C5, C6): the cards go to the pot
                tied += 1
                for p in range(taking):
                    pot[pot_count] = revealed[p]
                    pot_count += 1
            else:  # the winner collects (C4) and chooses next (C9)
                chooser = players[at]
                for q in range(taking):
                    p = at + q
                    if p >= taking:
                        p -= taking
                    _put_under(stacks, head, size, chooser, revealed[p])
                for p in range(pot_count):
                    _put_under(stacks, head, size, chooser, pot[p])
                pot_count = 0
            holding = 0
            for s in range(seats):
                if size[s] > 0:
                    holders[holding] = s
                    holding += 1
            if holding == 0:  # C7: a tie left nobody holding cards, a draw among its seats
                ended = DRAW_ALL_OUT
                for p in range(taking):
                    winners[g, players[p]] = True
            elif holding == 1:  # C7: the last stack takes the pot and wins
                ended = LAST_STACK
                chooser = holders[0]
                for p in range(pot_count):
                    _put_under(stacks, head, size, chooser, pot[p])
                pot_count = 0
                winners[g, chooser] = True
            elif round_limit > 0 and made >= round_limit:  # C11: the most cards wins
                ended = ROUND_LIMIT
                most = 0
                for s in range(seats):
                    most = max(most, size[s])
                for s in range(seats):
                    winners[g, s] = size[s] == most
            elif actions >= max_actions:  # C12
                ended = UNFINISHED
            elif size[chooser] == 0:  # C8: a new chooser by lot, among the seats holding cards
                chooser = holders[(random53(states, positions, chance) * holding) >> 53]
                drawn += 1
                actions += 1
                if actions >= max_actions:
                    ended = UNFINISHED
        comparisons[g] = made
        ties[g] = tied
        lots[g] = drawn
        termination[g] = ended
        pot_sizes[g] = pot_count
        at = 0
        for s in range(seats):
            stack_sizes[g, s] = size[s]
            slot = head[s]
            for _ in range(size[s]):
                final_cards[g, at] = stacks[s, slot]
                at += 1
                slot = slot + 1 if slot + 1 < cards else 0
        for p in range(pot_count):
            final_cards[g, at] = pot[p]
            at += 1
        for c in range(dealt, cards):
            final_cards[g, at] = order[c]
            at += 1
