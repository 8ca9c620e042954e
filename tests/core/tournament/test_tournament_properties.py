"""Invariants over random tournaments (Hypothesis): pins and cards conserved, a legal
action at every decision, chance sums to one, tournaments end, records replay."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.tournament.tournament_helpers import make_big
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import CHANCE, Finite, Termination
from toptrumps_core.record import GameRecord, replay
from toptrumps_core.strategies import HUMAN, RandomTournamentPlayer, TournamentPlayer
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.duel import DuelState
from toptrumps_core.tournament.finale import FinaleRules
from toptrumps_core.tournament.game import HiLoGame, TournamentRules, TournamentState
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules
from toptrumps_core.tournament.hilo import HiLoState
from toptrumps_core.tournament.my_game import MyGameRules
from toptrumps_core.tournament.pins import PinAwarded
from toptrumps_core.tournament.shoot_out import ShootOutPlay, ShootOutRules
from toptrumps_core.tournament.steal_a_pin import StealAPinRules

DECKS = (make_big("Alpha"), make_big("Beta", 33), *(load_deck(n) for n in bundled_decks()[:4]))
CAP = 3000


def check_cards(rules: TournamentRules, state: TournamentState) -> None:
    """Every deck's cards are all in its opening, or in the mini-game dealt from it."""
    table = rules.table(state)
    mini = state.mini
    for opening, (deck, stack) in enumerate(zip(rules.openings, table.stacks, strict=True)):
        everything = list(range(len(deck.cards)))
        if mini is None or opening != mini.opening or mini.play is None or state.mini.outcome is not None:
            assert sorted(stack) == everything, f"opening {opening}"
            continue
        play = mini.play
        if isinstance(play, (DuelState, ShootOutPlay)):
            held = [c for group in (*play.hands, *play.discards) for c in group]
            assert sorted(held + list(play.stack)) == everything
            assert sorted(held) == sorted(play.taken)
        else:
            assert isinstance(play, HiLoState) and sorted(play.stack) == everything


def check_node(rules: Any, state: Any) -> None:
    """A legal action at every decision; chance that sums to exactly one."""
    actor = rules.actor(state)
    if isinstance(actor, int):
        assert rules.legal_actions(state), "a decision node without a legal action"
    elif actor is CHANCE:
        distribution = rules.chance(state)
        if isinstance(distribution, Finite):
            assert sum(p for _, p in distribution.outcomes) == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 6),
    tie_discard=st.sampled_from(["all", "tied_only"]),
    hilo_pins=st.sampled_from(["per_call", "complete_run"]),
    openings=st.lists(st.sampled_from(range(len(DECKS))), min_size=6, max_size=6),
    randoms=st.lists(st.booleans(), min_size=6, max_size=6),
    track_length=st.sampled_from([9, 9, 10, 4]),
)
def test_random_tournaments_conserve_pins_and_cards_and_end(
    seed: int,
    seats: int,
    tie_discard: str,
    hilo_pins: str,
    openings: list[int],
    randoms: list[bool],
    track_length: int,
) -> None:
    rules = TournamentRules(
        [DECKS[i] for i in openings],
        seats=seats,
        tie_discard=tie_discard,  # type: ignore[arg-type]
        hilo_pins=hilo_pins,  # type: ignore[arg-type]
        track_length=track_length,
        pin_master=seed % seats,
    )
    players = [RandomTournamentPlayer() if r else TournamentPlayer() for r in randoms[:seats]]
    match = Match(rules, players, seed=seed, max_actions=CAP)
    total = rules.new_table().pins.total
    while not match.is_over:
        check_node(rules, match.state)
        events = match.step()
        assert rules.table(match.state).pins.total == total
        assert all(e.pin_master == seed % seats for e in events if isinstance(e, PinAwarded))
        check_cards(rules, match.state)
    outcome = match.outcome
    assert outcome is not None
    if outcome.termination is TournamentEnd.FINALE_WON:
        assert len(outcome.winners) == 1 and rules.actor(match.state) is not CHANCE
    else:
        assert outcome.termination is Termination.UNFINISHED and len(match.actions) == CAP
    record = match.record
    again = GameRecord.from_json(record.to_json())
    assert again.events == record.events and again.actions == record.actions and again.outcome == outcome
    state, events = replay(rules, record.actions)
    assert state == match.state and events == record.events


@pytest.mark.parametrize(
    "cls", [HeadToHeadRules, MyGameRules, ShootOutRules, HiLoGame, StealAPinRules, GrabTwoPinsRules]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_mini_game_plays_alone_and_its_record_round_trips(cls: type[Any], seed: int) -> None:
    rules = cls(DECKS[seed], seats=3)
    record = play(rules, [TournamentPlayer()] * 3, seed=seed)
    assert record.outcome is not None and record.outcome.termination is TournamentEnd.MINI_GAME_ENDED
    again = GameRecord.from_json(record.to_json())
    assert again.events == record.events


def test_finale_plays_alone_from_a_scenario() -> None:
    rules = FinaleRules(DECKS[0], seats=4)
    start = rules.begin(rules.scenario_table(pins=[9, 8, 8, 7])).state
    record = play(rules, [TournamentPlayer()] * 4, seed=5, start=start)
    assert record.outcome is not None and record.outcome.termination is TournamentEnd.FINALE_WON
    assert GameRecord.from_json(record.to_json()).events == record.events


def test_a_human_seat_is_driven_through_match_advance_and_submit() -> None:
    rules = TournamentRules(DECKS[0], seats=4)
    match = Match(rules, [HUMAN, TournamentPlayer(), TournamentPlayer(), RandomTournamentPlayer()], seed=12)
    for _ in range(5000):
        match.advance()
        if match.is_over:
            break
        assert match.waiting_for == 0
        view = match.view(0)
        assert view.seat == 0
        match.submit(match.legal_actions()[0])
    assert match.outcome is not None and match.outcome.termination is TournamentEnd.FINALE_WON


def test_same_seed_same_tournament() -> None:
    rules = TournamentRules(DECKS[2], seats=5)
    first = play(rules, [TournamentPlayer()] * 5, seed="lesson-3")
    second = play(rules, [TournamentPlayer()] * 5, seed="lesson-3")
    assert first.actions == second.actions and first.events == second.events


def test_default_players_drive_a_tournament() -> None:
    rules = TournamentRules(seats=3)
    record = play(rules, None, seed=8)
    assert record.outcome is not None and record.outcome.termination is TournamentEnd.FINALE_WON
