"""Scenario tests for the mini-games: rules T9-T14 (and T2 for the cards they use)."""

from __future__ import annotations

import pytest

from tests.core.tournament.tournament_helpers import COST, POWER, SPEED, kinds, names, run
from toptrumps_core.cards import Deck
from toptrumps_core.comparison import ChooseCategory
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.events import CardsDrawn, StayerDrawn, Tied, Won
from toptrumps_core.protocol import CHANCE, TERMINAL, Lot
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.game import HiLoGame
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules, OpponentPicked, PickOpponent
from toptrumps_core.tournament.hilo import Call, HiLoCalled, HiLoPutAside
from toptrumps_core.tournament.mini_game import CardsDealt, CardsReturned, DeckSpun, MiniGameOver, Stage
from toptrumps_core.tournament.my_game import DeckPicked, MyGameRules, PickDeck
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.shoot_out import ShootOutRules
from toptrumps_core.tournament.spinner import Sector, Spin
from toptrumps_core.tournament.steal_a_pin import NothingToSteal, Rob, StealAPinRules

# -- T9 Head to Head --------------------------------------------------------------


def test_t9_head_to_head_spins_deck_picks_opponent_deals_three_each(tiny: Deck, big: Deck) -> None:
    rules = HeadToHeadRules([tiny, big, tiny, big, tiny, big], seats=3)
    state = rules.begin(rules.new_table(active=1)).state
    assert rules.actor(state) is CHANCE and len(rules.chance(state).outcomes) == 6
    state, events = run(rules, state, [Spin(2)])
    assert events == [DeckSpun(2, "Tiny")]
    assert rules.actor(state) == 1
    assert rules.legal_actions(state) == (PickOpponent(0), PickOpponent(2))
    state, events = run(rules, state, [PickOpponent(0)])
    assert events == [OpponentPicked(1, 0), CardsDealt(2, (3, 3, 0))]
    # Dealt one at a time from the top, the active player first (T2, T9).
    assert names(tiny, state.play.hands[1]) == ["Ace", "Cow", "Elk"]
    assert names(tiny, state.play.hands[0]) == ["Bat", "Doe", "Fly"]
    assert rules.actor(state) == 1  # the active player chooses first (T4, T9)
    with pytest.raises(IllegalActionError):
        rules.apply(state, PickOpponent(2))


def test_t9_winner_gets_one_pin_and_cards_return_under_the_stack(tiny: Deck) -> None:
    rules = HeadToHeadRules(tiny, seats=2)
    state = rules.start_from(active=0, opponent=1)  # file order: Ace Bat Cow Doe Elk Fly ...
    while rules.outcome(state) is None:
        state = rules.apply(state, rules.legal_actions(state)[0]).state
    winner = next(iter(state.outcome.winners))
    assert state.outcome.termination is TournamentEnd.MINI_GAME_ENDED
    assert state.table.pins.tracks[winner] == 1 and state.table.pins.supply == 17
    stack = state.table.stacks[0]
    used = len(state.play.taken)
    assert stack == tuple(range(used, 10)) + tuple(range(used))  # T2: under, in the order taken


def test_t9_illegal_opponent_is_refused(tiny: Deck) -> None:
    rules = HeadToHeadRules(tiny, seats=2)
    state = rules.start_from(active=0)
    with pytest.raises(IllegalActionError):
        rules.apply(state, PickOpponent(0))


# -- T10 My Game --------------------------------------------------------------------


def test_t10_my_game_active_picks_deck_deals_three_to_all_two_pins(tiny: Deck, big: Deck) -> None:
    rules = MyGameRules([big, big, big, tiny, big, big], seats=3)
    state = rules.begin(rules.new_table(active=2)).state
    assert rules.actor(state) == 2
    assert rules.legal_actions(state) == tuple(PickDeck(o) for o in range(6))
    state, events = run(rules, state, [PickDeck(3)])
    assert events == [DeckPicked(2, 3, "Tiny"), CardsDealt(3, (3, 3, 3))]
    # One at a time from the active player going left: 2, 0, 1, 2, 0, 1, ...
    assert names(tiny, state.play.hands[2]) == ["Ace", "Doe", "Gnu"]
    assert names(tiny, state.play.hands[0]) == ["Bat", "Elk", "Hen"]
    assert rules.actor(state) == 2
    # Power three times: Ace 9 wins for seat 2; Elk 7 for seat 0; Ibis 6 for seat 1.
    state, events = run(rules, state, [ChooseCategory(POWER)] * 3)
    assert [e.seat for e in events if isinstance(e, Won)] == [2, 0, 1]
    # Seat 1 chooses holding only Ibis: not Power again (T8).  Speed: Ibis 8
    # beats Elk 2 and Ace 1; seats 0 and 2 are out and seat 1 gets 2 pins.
    assert rules.actor(state) == 1 and ChooseCategory(POWER) not in rules.legal_actions(state)
    state, events = run(rules, state, [ChooseCategory(SPEED)])
    assert state.outcome.winners == {1}
    assert PinAwarded(1, 2, 0) in events
    assert state.table.pins.tracks == (0, 2, 0)


# -- T11 Shoot Out ------------------------------------------------------------------


def test_t11_shoot_out_best_value_gets_one_pin(tiny: Deck) -> None:
    rules = ShootOutRules(tiny, seats=3)
    state = rules.begin(rules.new_table(active=1)).state
    state, events = run(rules, state, [Spin(0)])
    assert kinds(events) == ["DeckSpun", "CardsDealt"]
    # One card each from the active player going left: 1 Ace, 2 Bat, 0 Cow.
    assert names(tiny, rules.observe(state, 0).stack) == ["Cow"]
    assert rules.observe(state, 1).hand_sizes == (1, 1, 1)
    assert rules.actor(state) == 1
    assert len(rules.legal_actions(state)) == 3
    state, events = run(rules, state, [ChooseCategory(COST)])  # Cow 4, Ace 5, Bat 2 (lower wins)
    assert Won(2, COST, (tiny.index_of("Bat"),)) in events
    assert PinAwarded(2, 1, 0) in events and state.outcome.winners == {2}
    assert CardsReturned(0, 3) in events
    assert names(tiny, state.table.stacks[0][-3:]) == ["Ace", "Bat", "Cow"]


def test_t11_tie_gives_the_tied_players_new_cards(tiny: Deck) -> None:
    rules = ShootOutRules(tiny, seats=3)
    state = rules.start_from(stack=["Bat", "Jay", "Gnu", "Ace", "Elk"], active=0)
    state, events = run(rules, state, [ChooseCategory(SPEED)])
    # Bat 5 = Jay 5 beat Gnu 4 but tie: only seats 0 and 1 get new cards
    # (Ace, Elk) and Speed is compared again: Elk 2 beats Ace 1.
    n = tiny.index_of
    assert Tied(SPEED, (0, 1), again=(0, 1)) in events
    assert CardsDrawn(((0, n("Ace")), (1, n("Elk")))) in events
    assert state.outcome.winners == {1}


def test_t11_no_data_gives_every_player_a_new_card(tiny: Deck) -> None:
    rules = ShootOutRules(tiny, seats=3)
    state = rules.start_from(stack=["Doe", "Ace", "Bat", "Cow", "Elk", "Fly"], active=0)
    state, events = run(rules, state, [ChooseCategory(COST)])
    assert Tied(COST, (), again=(0, 1, 2)) in events
    assert state.outcome.winners == {1}  # Cow 4, Elk 1, Fly 3: Elk is cheapest


def test_t11_stack_too_short_for_a_tie_draws_the_winner_by_lot(tiny: Deck) -> None:
    rules = ShootOutRules(tiny, seats=3)
    state = rules.start_from(stack=["Bat", "Jay", "Gnu", "Ace"], active=0)
    state, _ = run(rules, state, [ChooseCategory(SPEED)])
    assert rules.actor(state) is CHANCE
    state, events = run(rules, state, [Lot(1)])
    assert events[0] == StayerDrawn(1, (0, 1)) and state.outcome.winners == {1}


# -- T12 Hi Lo in the arena ----------------------------------------------------------


@pytest.mark.parametrize(("option", "pins"), [("per_call", 2), ("complete_run", 2)])
def test_t12_hilo_in_the_arena_both_right_with_an_equal_value(tiny: Deck, option: str, pins: int) -> None:
    rules = HiLoGame(tiny, seats=2, hilo_pins=option)
    state = rules.begin(rules.new_table(active=1)).state
    state, events = run(rules, state, [Spin(0)])
    assert events[0] == DeckSpun(0, "Tiny")
    assert rules.actor(state) == 1  # Hi Lo's seat 0 is the active player
    view = rules.observe(state, 0)
    assert view.hilo is not None and view.hilo.faces[0] == tiny.index_of("Ace")
    # Ace (Power 9) shown; Bat 5 is lower: right; Cow 5 equals Bat: right (T12).
    state, events = run(rules, state, [ChooseCategory(POWER), Call("lower"), Call("higher")])
    assert HiLoCalled(2, "higher", True) in events
    assert PinAwarded(1, pins, 0) in events
    assert state.outcome.winners == {1}
    assert CardsReturned(0, 3) in events
    assert names(tiny, state.table.stacks[0][-3:]) == ["Ace", "Bat", "Cow"]


@pytest.mark.parametrize(("option", "pins"), [("per_call", 1), ("complete_run", 0)])
def test_t12_hilo_first_right_second_wrong(tiny: Deck, option: str, pins: int) -> None:
    rules = HiLoGame(tiny, seats=2, hilo_pins=option)
    state = rules.start_from(stack=["Ace", "Bat", "Jay", "Cow"], active=0)
    state, events = run(rules, state, [ChooseCategory(POWER), Call("lower"), Call("lower")])
    assert state.table.pins.tracks == (pins, 0)
    assert state.outcome.winners == ({0} if pins else set())
    assert MiniGameOver(Sector.HI_LO, (0,) if pins else ()) in events


def test_t12_hilo_no_data_card_is_replaced_and_used_cards_return(tiny: Deck) -> None:
    rules = HiLoGame(tiny, seats=2)
    state = rules.start_from(stack=["Bat", "Doe", "Cow", "Gnu", "Ace"], active=0)
    state, events = run(rules, state, [ChooseCategory(COST), Call("higher")])
    # Doe has no Cost: put aside and replaced by Gnu (Cost 6 >= 2): right.
    assert HiLoPutAside(1, tiny.index_of("Doe"), COST) in events
    state, events = run(rules, state, [Call("lower")])  # Cow 4 <= 6: right
    assert state.table.pins.tracks == (2, 0)
    assert names(tiny, state.table.stacks[0]) == ["Ace", "Bat", "Doe", "Cow", "Gnu"]


# -- T13 Steal a Pin ------------------------------------------------------------------


def test_t13_steal_a_pin_takes_one_from_the_chosen_track(tiny: Deck) -> None:
    rules = StealAPinRules(tiny, seats=3, pin_master=2)
    state = rules.start_from(pins=[1, 3, 2], active=0)
    assert rules.legal_actions(state) == (Rob(1), Rob(2))
    state, events = run(rules, state, [Rob(2)])
    assert events == [PinAwarded(0, 1, 2, robbed=2), MiniGameOver(Sector.STEAL_A_PIN, (0,))]
    assert state.table.pins.tracks == (2, 3, 1) and state.table.pins.supply == 27 - 6


def test_t13_nobody_to_rob_means_spin_again(tiny: Deck) -> None:
    rules = StealAPinRules(tiny, seats=3)
    step = rules.begin(rules.scenario_table(pins=[4, 0, 0], active=0))
    assert step.events[0] == NothingToSteal(0)
    assert rules.actor(step.state) is TERMINAL and rules.spin_again(step.state)


def test_t13_cannot_rob_self_or_an_empty_track(tiny: Deck) -> None:
    rules = StealAPinRules(tiny, seats=3)
    state = rules.start_from(pins=[1, 0, 2], active=0)
    for action in (Rob(0), Rob(1)):
        with pytest.raises(IllegalActionError):
            rules.apply(state, action)


# -- T14 Grab 2 Pins --------------------------------------------------------------------


def test_t14_grab_two_pins_from_the_supply(tiny: Deck) -> None:
    state = GrabTwoPinsRules(tiny, seats=2).start_from(pins=[3, 1], active=1)
    assert state.table.pins.tracks == (3, 3) and state.table.pins.supply == 18 - 6
    assert state.stage is Stage.OVER


def test_t14_grab_at_eight_pins_takes_only_the_one_that_fits(tiny: Deck) -> None:
    rules = GrabTwoPinsRules(tiny, seats=2)
    step = rules.begin(rules.scenario_table(pins=[8, 0], active=0))
    assert step.events[:2] == (PinAwarded(0, 1, 0), PinsNotTaken(0, 1, "track_full"))
    assert step.state.table.pins.tracks == (9, 0) and step.state.table.pins.supply == 18 - 9


def test_t14_grab_with_an_empty_supply_takes_nothing(tiny: Deck) -> None:
    rules = GrabTwoPinsRules(tiny, seats=2, supply=4)
    step = rules.begin(rules.scenario_table(pins=[2, 2], active=0))
    assert step.events == (PinsNotTaken(0, 2, "supply_empty"), MiniGameOver(Sector.GRAB_TWO_PINS, ()))
    assert step.state.table.pins.tracks == (2, 2) and step.state.outcome.winners == set()


def test_t14_grab_with_one_pin_left_in_the_supply(tiny: Deck) -> None:
    rules = GrabTwoPinsRules(tiny, seats=2, supply=5)
    step = rules.begin(rules.scenario_table(pins=[2, 2], active=1))
    assert step.events[:2] == (PinAwarded(1, 1, 0), PinsNotTaken(1, 1, "supply_empty"))


def test_t14_track_length_ten_option(tiny: Deck) -> None:
    rules = GrabTwoPinsRules(tiny, seats=2, track_length=10)
    step = rules.begin(rules.scenario_table(pins=[9, 0], active=0))
    assert step.state.table.pins.tracks == (10, 0)
