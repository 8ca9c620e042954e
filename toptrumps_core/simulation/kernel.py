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

Stacks are ring buffers of a power of two slots, one per seat: ``head`` is
the top card's slot, ``size`` the count; a card goes under the stack at
``head + size``, wrapped.  Games are played `games_per_block` at a time: their
streams are seeded together (`toptrumps_core.simulation.twister.seed_lanes`,
the ``"splitmix64"`` seed scheme), then each game is played to its end.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from toptrumps_core.simulation.jit import compiled, compiled_inline
from toptrumps_core.simulation.twister import (
    CHANCE_STREAM,
    LANES,
    READY_WORDS,
    Streams,
    later_word,
    next_word,
    seed_lanes,
)

__all__ = [
    "DRAW_ALL_OUT",
    "LAST_STACK",
    "ROUND_LIMIT",
    "UNFINISHED",
    "ChoiceTables",
    "Outputs",
    "PlayScratch",
    "games_per_block",
    "play_games",
    "play_scratch",
]

LAST_STACK, DRAW_ALL_OUT, ROUND_LIMIT, UNFINISHED = 0, 1, 2, 3
"""Termination codes, in the order of `toptrumps_core.simulation.batch.TERMINATIONS`."""

ChoiceTables: TypeAlias = tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
]
"""The deck and the choosers as `play_games` reads them (see `play_games`' ``tables``)."""

Outputs: TypeAlias = tuple[
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int8],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
]
"""`play_games`' results, one row per game (see `play_games`' ``outputs``)."""

PlayScratch: TypeAlias = tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.uint64],
    npt.NDArray[np.int64],
]
"""`play_games`' working arrays (see `play_scratch`)."""


def games_per_block(seats: int) -> int:
    """Returns how many games `play_games` seeds at once: one lane per stream, ``seats + 1`` streams a game."""
    return LANES // (seats + 1)


def play_scratch(seats: int, cards: int) -> PlayScratch:
    """Returns the working arrays `play_games` needs, made outside compiled code (numba compiles no allocation).

    They are the stacks (one ring of a power of two >= `cards` slots per
    seat), each seat's top slot and stack size, the seats in play order and
    the seats holding cards, the pot, the deal's order of the cards, the
    cards revealed in one comparison, and each lane's seed and stream.

    Args:
        seats: Seats, 2..6 (C1).
        cards: Cards in the deck, >= 1.
    """
    ring = 1 << max(0, cards - 1).bit_length()
    return (
        np.zeros(seats * ring, dtype=np.int16),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(seats, dtype=np.int64),
        np.zeros(cards, dtype=np.int16),
        np.zeros(cards, dtype=np.int16),
        np.zeros(seats, dtype=np.int16),
        np.zeros(LANES, dtype=np.uint64),
        np.zeros(LANES, dtype=np.int64),
    )


_u = np.uint64
"""An index known not to be negative, as numba reads it without wrapping negative indices around."""


@compiled_inline
def _randbelow(room: Streams, lane: int, n: int, shift: int) -> int:
    """Returns ``_randbelow(n)`` of stream `lane`, n >= 1, ``shift = 32 - n.bit_length()``."""
    r = np.int64(next_word(room, lane)) >> shift  # int64 throughout: compared as integers, not as floats
    while r >= n:
        r = np.int64(next_word(room, lane)) >> shift
    return int(r)


@compiled_inline
def _draw(
    mt: npt.NDArray[np.uint32], ready: npt.NDArray[np.uint32], words: int, lane: int, n: int, shift: int
) -> tuple[int, int]:
    """Returns ``randrange(n)`` of stream `lane` after its first `words` words, and the words then read.

    n >= 1 and ``shift = 32 - n.bit_length()``.  While two words are ready,
    both are read at once and the second taken when the first is rejected,
    by arithmetic: the rejection, at random, then costs no mispredicted
    branch unless both words are rejected.
    """
    if words + 1 < READY_WORDS:
        a = np.int64(ready[_u(words * LANES + lane)]) >> shift  # int64 throughout: compared as integers
        b = np.int64(ready[_u((words + 1) * LANES + lane)]) >> shift
        second = int(a >= n)
        r = a + second * (b - a)
        words += 1 + second
        if r < n:
            return int(r), words
    while True:
        if words < READY_WORDS:
            word = np.int64(ready[_u(words * LANES + lane)])
        else:
            word = np.int64(later_word(mt, words, lane))
        words += 1
        r = word >> shift
        if r < n:
            return int(r), words


@compiled_inline
def _two_seats(
    room: Streams,
    chance: int,
    tables: ChoiceTables,
    fixed: bool,
    no_data_ties: bool,
    round_limit: int,
    max_actions: int,
    scratch: PlayScratch,
    made: int,
    tied: int,
    actions: int,
    pot_count: int,
) -> tuple[int, int, int, int, int]:
    """Plays comparisons of a two-seat game (seat 0 choosing first) while both seats hold cards (C4-C6, C9).

    The same comparisons as `play_games`' loop, with each seat's top slot,
    stack size and words read kept in registers, and the winner picked by
    arithmetic instead of a branch that mispredicts half the time.  When
    `fixed` (`_fixed_choices`: no seat's choice depends on its top card,
    as for the random player), each seat's next category is drawn ahead,
    while the comparison before it is decided; the words counted read then
    include that draw.  It stops after the comparison that empties a
    stack, reaches the round limit (C11) or the cap (C12), which ends the
    game, and returns the last comparison's chooser (its seats are the
    chooser then the other), the comparisons made, tied, the actions and
    the pot's size, with the stacks and heads written back.  No lot (C8)
    happens with two seats: the chooser holds cards while both do.
    """
    ranks, counts, shifts, candidates, _ = tables
    stacks, head, size, _, _, pot, order, _, _, _ = scratch
    mt, ready, drawn = room[0], room[1], room[2]
    cards = order.shape[0]
    categories = candidates.shape[0] // counts.shape[0]
    mask = stacks.shape[0] // 2 - 1
    ring = mask + 1
    chooser, mine, theirs, held, other_held = 0, head[0], head[1], size[0], size[1]
    words, other_words = drawn[chance + 1], drawn[chance + 2]
    row, other_row = 0, 0
    if fixed:  # each seat's first category, drawn ahead
        r, words = _draw(mt, ready, words, chance + 1, int(counts[0]), int(shifts[0]))
        row = candidates[_u(r)]
        r, other_words = _draw(mt, ready, other_words, chance + 2, int(counts[cards]), int(shifts[cards]))
        other_row = candidates[_u(cards * categories + r)]
    while True:
        other = 1 - chooser
        # Indices are cast to unsigned (they are never negative): numba then skips the
        # wrap-around of negative indices, two instructions on each read of this chain.
        card, other_card = stacks[_u(chooser * ring + mine)], stacks[_u(other * ring + theirs)]
        if fixed:  # the category drawn ahead; the chooser's next one is drawn while this comparison is decided
            rank, other_rank = ranks[_u(row + card)], ranks[_u(row + other_card)]
            top = _u(chooser * cards)
            r, words = _draw(mt, ready, words, chance + 1 + chooser, int(counts[top]), int(shifts[top]))
            row = candidates[_u(top * categories + r)]
        else:  # randrange(count) of the chooser's candidates for its top card
            top = _u(chooser * cards + card)
            r, words = _draw(mt, ready, words, chance + 1 + chooser, int(counts[top]), int(shifts[top]))
            chosen = candidates[_u(top * categories + r)]
            rank, other_rank = ranks[_u(chosen + card)], ranks[_u(chosen + other_card)]
        actions += 1
        made += 1
        mine, theirs = (mine + 1) & mask, (theirs + 1) & mask
        held -= 1
        other_held -= 1
        if (rank == other_rank) | (no_data_ties & (min(rank, other_rank) < 0)):  # C5, C6: to the pot
            tied += 1
            pot[_u(pot_count)], pot[_u(pot_count + 1)] = card, other_card
            pot_count += 2
        else:  # the higher rank collects, its own card first (C4), and chooses next (C9)
            lost = int(rank < other_rank)  # arithmetic, not a branch: either side wins as often
            chooser ^= lost
            mine, theirs = mine + lost * (theirs - mine), theirs + lost * (mine - theirs)
            held, other_held = held + lost * (other_held - held), other_held + lost * (held - other_held)
            words, other_words = words + lost * (other_words - words), other_words + lost * (words - other_words)
            row, other_row = row + lost * (other_row - row), other_row + lost * (row - other_row)
            first_card = card + lost * (other_card - card)
            base, tail = chooser * ring, mine + held
            stacks[_u(base + (tail & mask))] = first_card
            stacks[_u(base + ((tail + 1) & mask))] = card + other_card - first_card
            for p in range(pot_count):
                stacks[_u(base + ((tail + 2 + p) & mask))] = pot[p]
            held += 2 + pot_count
            pot_count = 0
        if held == 0 or other_held == 0 or (round_limit > 0 and made >= round_limit) or actions >= max_actions:
            break
    other = 1 - chooser
    head[chooser], head[other], size[chooser], size[other] = mine, theirs, held, other_held
    drawn[chance + 1 + chooser], drawn[chance + 1 + other] = words, other_words
    return chooser, made, tied, actions, pot_count


@compiled_inline
def _fixed_choices(tables: ChoiceTables, seats: int) -> bool:
    """Returns whether each seat's candidate categories are the same whatever its top card (the random player's)."""
    _, counts, _, candidates, _ = tables
    cards = counts.shape[0] // seats
    categories = candidates.shape[0] // counts.shape[0]
    for seat in range(seats):
        first = seat * cards
        for c in range(first + 1, first + cards):
            if counts[c] != counts[first]:
                return False
            for r in range(counts[c]):
                if candidates[c * categories + r] != candidates[first * categories + r]:
                    return False
    return True


@compiled
def play_games(
    first: int,
    last: int,
    seats: int,
    seeds: npt.NDArray[np.uint64],
    tables: ChoiceTables,
    deal_all: bool,
    no_data_ties: bool,
    round_limit: int,
    max_actions: int,
    room: Streams,
    scratch: PlayScratch,
    outputs: Outputs,
) -> None:
    """Plays the games ``first .. last - 1``, `games_per_block` at a time, and writes their rows of `outputs`.

    Args:
        first: The first game to play, ``0 <= first <= last``.
        last: One past the last game to play, ``last <= n``.
        seats: Seats, 2..6 (C1).
        seeds: (n,) each game's seed mod 2**64 (a negative seed as its two's complement).
        tables: For c cards and k categories: (k * c,) ``ranks[category *
            c + card]``, each card's rank in each category, higher is
            better, equal values share a rank, -1 for no data (C6);
            (seats * c,) ``counts[seat * c + card]``, how many categories
            the seat may name with that card on top (>= 1), and ``shifts``,
            ``32 - count.bit_length()``; (seats * c * k,)
            ``candidates[(seat * c + card) * k + r]``, the r-th of them
            times c (its row of ``ranks``); (c,) ``deal_shifts[i]``, ``32 -
            (i + 1).bit_length()``.
        deal_all: ``leftover="deal_all"`` (True) or ``"set_aside"`` (C2).
        no_data_ties: ``no_data="tie"`` (True) or ``"loses"`` (C6).
        round_limit: Comparisons after which the most cards wins (C11); 0 for none.
        max_actions: The cap on actions (C12), >= 1.
        room: `toptrumps_core.simulation.twister.streams`, overwritten.
        scratch: `play_scratch` for these seats and cards.
        outputs: Written for the games ``first .. last - 1`` only: (n, seats)
            the winning seats; (n,) comparisons made, comparisons tied,
            choosers drawn by lot, termination codes (`LAST_STACK` ...);
            (n, seats) cards held at the end; (n,) cards in the pot at the
            end; (n, c) the stacks seat by seat, top first, then the pot,
            then the cards set aside.
    """
    ranks, counts, shifts, candidates, deal_shifts = tables
    winners, comparisons, ties, lots, termination, stack_sizes, pot_sizes, final_cards = outputs
    stacks, head, size, players, holders, pot, order, revealed, lane_seeds, lane_numbers = scratch
    cards = order.shape[0]
    categories = candidates.shape[0] // counts.shape[0]
    mask = stacks.shape[0] // seats - 1
    ring = mask + 1
    per_game = seats + 1  # the chance stream, then seat 0's, seat 1's ... (C4)
    block = LANES // per_game
    dealt = cards if deal_all else cards // seats * seats
    fixed = _fixed_choices(tables, seats)
    at = first
    while at < last:
        end = min(at + block, last)  # a block: up to `block` games, seeded together
        for lane in range(LANES):
            lane_seeds[lane] = seeds[min(at + lane // per_game, end - 1)]
            lane_numbers[lane] = CHANCE_STREAM + lane % per_game  # the chance stream (0), then seat s's (s + 1)
        seed_lanes(lane_seeds, lane_numbers, room)
        for g in range(at, end):
            chance = (g - at) * per_game
            # the deal (C2): random.shuffle of range(cards) from the chance stream
            for c in range(cards):
                order[c] = c
            for i in range(cards - 1, 0, -1):
                j = _randbelow(room, chance, i + 1, deal_shifts[i])
                order[i], order[j] = order[j], order[i]
            for s in range(seats):
                head[s] = 0
                size[s] = 0
            for c in range(dealt):
                s = c % seats
                stacks[s * ring + size[s]] = order[c]
                size[s] += 1
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
                if seats == 2:
                    chooser, made, tied, actions, pot_count = _two_seats(
                        room, chance, tables, fixed, no_data_ties, round_limit, max_actions, scratch,
                        made, tied, actions, pot_count,
                    )  # fmt: skip
                    taking = 2
                    players[0], players[1] = chooser, 1 - chooser
                else:
                    # the chooser names a category (C4) from its own stream
                    top = _u(chooser * cards + stacks[_u(chooser * ring + head[chooser])])
                    r = _randbelow(room, chance + 1 + chooser, counts[top], shifts[top])
                    row = candidates[_u(top * categories + r)]
                    actions += 1
                    taking = 0
                    s = chooser
                    for _ in range(seats):  # play order: from the chooser, going left
                        if size[s] > 0:
                            players[taking] = s
                            revealed[taking] = stacks[_u(s * ring + head[s])]
                            head[s] = (head[s] + 1) & mask
                            size[s] -= 1
                            taking += 1
                        s = s + 1 if s + 1 < seats else 0
                    best, sharing, winner, missing = -1, 0, -1, False
                    for p in range(taking):
                        rank = ranks[_u(row + revealed[p])]
                        if rank < 0:
                            missing = True
                        elif rank > best:
                            best, sharing, winner = rank, 1, p
                        elif rank == best:
                            sharing += 1
                    made += 1
                    if sharing != 1 or (missing and no_data_ties):  # a tie (C5, C6): the cards go to the pot
                        tied += 1
                        for p in range(taking):
                            pot[pot_count] = revealed[p]
                            pot_count += 1
                    else:  # the winner collects (C4), from the winner going left, then the pot, and chooses next (C9)
                        chooser = players[winner]
                        base, tail = chooser * ring, head[chooser] + size[chooser]
                        for q in range(taking):
                            p = winner + q if winner + q < taking else winner + q - taking
                            stacks[base + (tail & mask)] = revealed[p]
                            tail += 1
                        for p in range(pot_count):
                            stacks[base + (tail & mask)] = pot[p]
                            tail += 1
                        size[chooser] = tail - head[chooser]
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
                    base, tail = chooser * ring, head[chooser] + size[chooser]
                    for p in range(pot_count):
                        stacks[base + (tail & mask)] = pot[p]
                        tail += 1
                    size[chooser] = tail - head[chooser]
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
                    a = next_word(room, chance) >> 5
                    b = next_word(room, chance) >> 6
                    chooser = holders[((a * 67108864 + b) * holding) >> 53]  # random() times holding, floored
                    drawn += 1
                    actions += 1
                    if actions >= max_actions:
                        ended = UNFINISHED
            comparisons[g] = made
            ties[g] = tied
            lots[g] = drawn
            termination[g] = ended
            pot_sizes[g] = pot_count
            k = 0
            for s in range(seats):
                stack_sizes[g, s] = size[s]
                for q in range(size[s]):
                    final_cards[g, k] = stacks[s * ring + ((head[s] + q) & mask)]
                    k += 1
            for p in range(pot_count):
                final_cards[g, k] = pot[p]
                k += 1
            for c in range(dealt, cards):
                final_cards[g, k] = order[c]
                k += 1
        at = end
