"""The tournament's public view: what a watching class may see, the same for every seat (rules T1-T16)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from tests.core.tournament.tournament_helpers import make_big
from toptrumps_core.events import CardsDiscarded, Revealed, Won
from toptrumps_core.play import play
from toptrumps_core.tournament.duel import DuelState
from toptrumps_core.tournament.game import MiniGameSpun, TournamentRules, TournamentState
from toptrumps_core.tournament.hilo import HiLoPutAside, HiLoTurned, HiLoView
from toptrumps_core.tournament.mini_game import MiniGameState
from toptrumps_core.tournament.public_view import PublicView


def _moments(rules: TournamentRules, seed: int) -> list[tuple[TournamentState, set[tuple[int, int]]]]:
    """Returns every state of a seeded computer tournament, with the (opening, card) pairs face up so far."""
    record = play(rules, None, seed=seed)
    state = rules.initial_state()
    seen: set[tuple[int, int]] = set()
    opening: int | None = None
    moments = [(state, set(seen))]
    for action in record.actions:
        step = rules.apply(state, action)
        state = step.state
        for event in step.events:
            if isinstance(event, MiniGameSpun):
                opening = None
            opening = getattr(event, "opening", opening)
            cards: list[int] = []
            if isinstance(event, (Revealed, CardsDiscarded)):
                cards = [c for _, c in event.cards]
            elif isinstance(event, Won):
                cards = list(event.cards)
            elif isinstance(event, (HiLoTurned, HiLoPutAside)):
                cards = [event.card]
            if opening is not None:
                seen.update((opening, c) for c in cards)
        moments.append((state, set(seen)))
    return moments


def _cards_shown(view: PublicView) -> set[tuple[int, int]]:
    """Returns the (opening, card) pairs the public view shows face up."""
    shown: set[tuple[int, int]] = set()
    if view.opening is not None:
        shown.update((view.opening, c) for pile in view.discards for c in pile)
    rows: list[tuple[int | None, HiLoView]] = [(view.opening, view.hilo)] if view.hilo is not None else []
    for opening, hilo in rows:
        assert opening is not None
        shown.update((opening, c) for c in (*hilo.faces, *hilo.put_aside) if c is not None)
    return shown


@pytest.fixture(scope="module")
def tournament() -> tuple[TournamentRules, list[tuple[TournamentState, set[tuple[int, int]]]]]:
    rules = TournamentRules(make_big(), seats=4)
    return rules, _moments(rules, seed=7)


def test_the_public_view_has_no_field_for_a_hidden_card() -> None:
    names = {f.name for f in fields(PublicView)}
    assert not names & {"seat", "stack", "unseen", "top_card", "hands", "row"}
    assert {"tracks", "supply", "active", "stage", "arena_counts", "hand_sizes", "discards", "hilo"} <= names


def test_the_public_view_is_every_seats_view_of_the_table(tournament: Any) -> None:
    rules, moments = tournament
    for state, _ in moments:
        public = rules.public_view(state)
        for seat in range(rules.seats):
            assert PublicView.of(rules.observe(state, seat), last_hilo=public.last_hilo) == public


def test_every_card_the_public_view_shows_has_been_face_up(tournament: Any) -> None:
    rules, moments = tournament
    shown_any = 0
    for state, seen in moments:
        shown = _cards_shown(rules.public_view(state))
        assert shown <= seen
        shown_any += bool(shown)
    assert shown_any > 10  # the tournament showed cards, so the check checked something


def test_t12_hi_lo_shows_its_row_face_up_only_and_keeps_it_until_the_next_spin(tournament: Any) -> None:
    rules, moments = tournament
    playing = ended = 0
    for state, _ in moments:
        public = rules.public_view(state)
        if public.hilo is not None:
            playing += 1
            assert len(public.hilo.faces) <= 3
        if public.last_hilo is not None:
            ended += 1
            assert public.hilo is None and public.stage == "spin" and public.last_hilo.outcome is not None
    assert playing and ended


def test_hidden_cards_do_not_change_the_public_view(tournament: Any) -> None:
    rules, moments = tournament
    checked = 0
    for state, _ in moments:
        mini = state.mini
        if not isinstance(mini, MiniGameState) or not isinstance(mini.play, DuelState):
            continue
        hands = mini.play.hands
        seat = next((s for s, hand in enumerate(hands) if len(set(hand)) > 1), None)
        if seat is None:
            continue
        turned = tuple(reversed(hands[seat]))  # another top card and another order: both hidden
        other_hands = (*hands[:seat], turned, *hands[seat + 1 :])
        stacks = tuple(tuple(reversed(stack)) for stack in mini.table.stacks)  # the arena's order is hidden too
        other = replace(
            state,
            mini=replace(mini, play=replace(mini.play, hands=other_hands), table=replace(mini.table, stacks=stacks)),
        )
        assert rules.public_view(other) == rules.public_view(state)
        assert rules.observe(other, seat) != rules.observe(state, seat)  # the seat itself would notice
        checked += 1
    assert checked > 5
