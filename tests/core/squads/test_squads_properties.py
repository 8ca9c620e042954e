"""Invariants of Squads over random decks, seeds and computer players (rules S1-S7).

Hypothesis draws decks of 3-5 categories with small integer values (so ties
and no data are common), 2-4 seats, a mission on random goals and one
computer player per seat.  At every step: every card is in exactly one
place; every decision has a legal action; building ends with every slot
face up; the tokens awarded equal the slots won; records replay.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.play import Match
from toptrumps_core.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from toptrumps_core.record import GameRecord
from toptrumps_core.squads import (
    Mission,
    MissionSlot,
    RoundScored,
    SlotScored,
    SquadsPhase,
    SquadsRevealed,
    SquadsRules,
)
from toptrumps_core.strategies import ExpectedTokensBuilder, RandomBuilder, ThresholdBuilder

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYERS = st.sampled_from(
    [RandomBuilder(), ExpectedTokensBuilder(), ThresholdBuilder(Fraction(1, 3)), ThresholdBuilder(1)]
)


@st.composite
def games(draw: st.DrawFn) -> tuple[SquadsRules, list[Any], int]:
    k = draw(st.integers(3, 5))
    seats = draw(st.integers(2, 4))
    cards = draw(st.integers(seats * k, seats * k + 4))
    value = st.one_of(st.none(), st.integers(0, 6))
    rows = {f"c{i}": [draw(value) if j else draw(st.integers(0, 6)) for j in range(k)] for i in range(cards)}
    for j in range(k):
        rows["c0"][j] = 3  # every category has a number
    deck = Deck.from_rows("Random", [Category(f"K{j}") for j in range(k)], rows)
    names = draw(st.permutations([f"K{j}" for j in range(k)]))[:3]
    goals = [draw(st.sampled_from(["highest", "lowest", "nearest"])) for _ in range(3)]
    slots = [
        MissionSlot(n, g, Fraction(draw(st.integers(0, 6))) if g == "nearest" else None)
        for n, g in zip(names, goals, strict=True)
    ]
    rules = SquadsRules(
        deck, seats=seats, missions=(Mission("M", "A story.", *slots),), tokens_to_win=draw(st.integers(1, 8))
    )
    players = [draw(PLAYERS) for _ in range(seats)]
    return rules, players, draw(st.integers(0, 10_000))


def _check_places(rules: SquadsRules, state: Any) -> None:
    """Every card in exactly one place: a slot, a hand, or out of the round (undealt or not yet dealt)."""
    placed = [c for row in state.rows for c in row.all_cards()]
    assert len(placed) == len(set(placed))
    if state.rows:
        assert all(len(row.all_cards()) == rules.cards_each for row in state.rows)
        for row in state.rows:
            assert (row.held is None) == (row.empty_slot is None)
            assert sum(card is None for card in row.cards) == (row.held is not None)


@FAST
@given(games())
def test_squads_invariants_hold_at_every_step(game: tuple[SquadsRules, list[Any], int]) -> None:
    rules, players, seed = game
    match = Match(rules, players, seed=seed, max_actions=5_000)
    while match.actor is not TERMINAL:
        state = match.state
        _check_places(rules, state)
        actor = rules.actor(state)
        if actor is SIMULTANEOUS:
            assert rules.seats_to_act(state)
            for seat in rules.seats_to_act(state):
                assert rules.legal_actions(state, seat)
        elif actor is not CHANCE:
            assert rules.legal_actions(state)
        events = match.step()
        if any(isinstance(e, SquadsRevealed) for e in events):
            # building ended with every slot face up (S3)
            assert match.state.last is not None
            assert all(len(row) == rules.cards_each for row in match.state.last.rows)
            won = [0] * rules.seats
            for e in events:
                if isinstance(e, SlotScored):
                    for seat in e.winners:
                        won[seat] += e.tokens
            scored = next(e for e in events if isinstance(e, RoundScored))
            assert tuple(won) == scored.tokens
    assert match.outcome is not None and match.state.phase is SquadsPhase.OVER
    assert max(match.state.scores) >= rules.tokens_to_win
    again = GameRecord.from_json(match.record.to_json())
    assert again.events == tuple(match.events) and again.actions == tuple(match.actions)


@FAST
@given(games())
def test_squads_a_seat_view_shows_only_cards_it_has_looked_at(game: tuple[SquadsRules, list[Any], int]) -> None:
    rules, players, seed = game
    match = Match(rules, players, seed=seed, max_actions=5_000)
    looked: dict[int, set[int]] = {s: set() for s in range(rules.seats)}
    while match.actor is not TERMINAL:
        if match.state.phase is SquadsPhase.BUILD:
            for seat in range(rules.seats):
                view = match.view(seat)
                if view.held is not None:
                    looked[seat].add(view.held)
                shown = {c for c in view.row if c is not None}
                assert shown <= looked[seat]  # a face-up card was looked at first
                others = {c for s, row in enumerate(match.state.rows) if s != seat for c in row.all_cards()}
                assert not shown & others and view.held not in others
        elif match.state.phase is SquadsPhase.SHUFFLE:
            looked = {s: set() for s in range(rules.seats)}
        match.step()
