"""Scenario tests for the tournament as a whole: rules T1-T4, T15, T16, D5 and the views."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.core.tournament.tournament_helpers import POWER, kinds, make_big, names, run
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.events import GameEnded
from toptrumps_core.play import play
from toptrumps_core.protocol import CHANCE, TERMINAL, Lot, Outcome, Shuffle
from toptrumps_core.record import GameRecord, encode
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.finale import (
    FinaleCardsAllotted,
    FinaleRules,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
    finale_allotment,
)
from toptrumps_core.tournament.game import (
    FinaleBegan,
    MiniGameSpun,
    Phase,
    StarterDrawn,
    TournamentRules,
    TurnPassed,
)
from toptrumps_core.tournament.hilo import Call
from toptrumps_core.tournament.mini_game import CardsReturned, MiniGameOver, Stage
from toptrumps_core.tournament.my_game import PickDeck
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.spinner import SECTORS, Sector, Spin, spinner
from toptrumps_core.tournament.steal_a_pin import NothingToSteal, Rob

# -- T1 the table, D5 and the options ------------------------------------------------


def test_t1_table_has_six_openings_tracks_supply_and_pin_master(big: Deck) -> None:
    rules = TournamentRules(big, seats=4, pin_master=3)
    table = rules.new_table()
    assert len(rules.openings) == 6 and all(d is big for d in rules.openings)  # same deck, several openings
    assert [len(s) for s in table.stacks] == [30] * 6
    assert table.pins.tracks == (0, 0, 0, 0) and table.pins.supply == 36 and table.pins.track_length == 9
    step = rules.games[Sector.GRAB_TWO_PINS].begin(table)
    assert step.events[0] == PinAwarded(0, 2, 3)  # the award names the Pin Master (T1)


def test_t1_options_track_length_and_supply(big: Deck) -> None:
    rules = TournamentRules(big, seats=3, track_length=10, supply=12)
    pins = rules.new_table().pins
    assert pins.track_length == 10 and pins.supply == 12


def test_t1_defaults_match_rules_md(big: Deck) -> None:
    rules = TournamentRules(big)
    assert (rules.seats, rules.track_length, rules.supply, rules.tie_discard, rules.hilo_pins) == (
        2,
        9,
        None,
        "all",
        "per_call",
    )


def test_t1_the_default_arena_holds_bundled_decks() -> None:
    rules = TournamentRules(seats=2)
    assert len(rules.openings) == 6 and all(len(d.cards) >= 30 for d in rules.openings)


@pytest.mark.parametrize(
    "options",
    [
        {"seats": 1},
        {"seats": 7},
        {"seats": True},
        {"tie_discard": "some"},
        {"hilo_pins": "both"},
        {"track_length": 0},
        {"supply": -1},
        {"pin_master": 2},
    ],
)
def test_t1_bad_options_are_refused(big: Deck, options: dict[str, object]) -> None:
    with pytest.raises(RuleOptionError):
        TournamentRules(big, **options)  # type: ignore[arg-type]


def test_d5_every_deck_in_the_arena_needs_30_cards(big: Deck) -> None:
    small = make_big("Small", 29)
    with pytest.raises(RuleOptionError, match="D5"):
        TournamentRules([big, big, small, big, big, big])
    with pytest.raises(RuleOptionError):
        TournamentRules([big] * 5)


# -- T2 stacks drawn from the top and returned under -------------------------------------


def test_t2_stacks_are_not_shuffled_and_used_cards_go_under(big: Deck) -> None:
    rules = TournamentRules(big, seats=2)
    state = rules.start_from(active=0, sector=Sector.MY_GAME)
    state, _ = run(rules, state, [PickDeck(4)])
    top_six = state.mini.table.stacks[4][:6]
    assert state.mini.play.taken == top_six  # dealt from the top, in order
    while state.phase is Phase.MINI_GAME:
        state = rules.apply(state, rules.legal_actions(state)[0]).state
    stack = state.table.stacks[4]
    used = len(stack) - stack.index(0) if stack[0] != 0 else 0
    assert sorted(stack) == list(range(30))
    assert stack[-used:][:6] == top_six  # the used cards are under the stack, in the order taken
    assert all(s == tuple(range(30)) for i, s in enumerate(state.table.stacks) if i != 4)


# -- T3 and T4: who starts, spins, turns ---------------------------------------------


def test_t3_start_is_a_uniform_lot_then_the_starter_spins(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.initial_state()
    assert rules.actor(state) is CHANCE
    assert rules.chance(state).outcomes == tuple((Lot(s), Fraction(1, 3)) for s in range(3))
    state, events = run(rules, state, [Lot(2)])
    assert events == [StarterDrawn(2)] and state.table.active == 2
    assert rules.chance(state) == spinner()
    assert all(p == Fraction(1, 6) for _, p in spinner().outcomes) and len(spinner().outcomes) == 6
    assert [s.name for s in SECTORS] == [
        "MY_GAME",
        "HEAD_TO_HEAD",
        "SHOOT_OUT",
        "HI_LO",
        "STEAL_A_PIN",
        "GRAB_TWO_PINS",
    ]


def test_t3_after_a_mini_game_the_turn_passes_left(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(active=2)
    state, events = run(rules, state, [Spin(5)])  # Grab 2 Pins
    assert events[0] == MiniGameSpun(2, Sector.GRAB_TWO_PINS)
    assert events[-1] == TurnPassed(0) and state.table.active == 0 and state.turns == 1
    assert state.phase is Phase.SPIN


def test_t3_bad_chance_actions_are_refused(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    with pytest.raises(IllegalActionError):
        rules.apply(rules.initial_state(), Lot(3))
    with pytest.raises(IllegalActionError):
        rules.apply(rules.start_from(), Spin(6))
    with pytest.raises(TypeError):
        Spin(1.0)  # type: ignore[arg-type]


def test_t4_the_active_player_is_you_in_the_mini_game(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(active=1)
    state, _ = run(rules, state, [Spin(1), Spin(0)])  # Head to Head on opening 0
    assert rules.actor(state) == 1
    view = rules.observe(state, 1)
    assert view.active == 1 and view.sector is Sector.HEAD_TO_HEAD and view.stage == "pick_opponent"


# -- T12 Hi Lo inside the tournament -----------------------------------------------------


@pytest.mark.parametrize(("option", "pins"), [("per_call", 1), ("complete_run", 0)])
def test_t12_hilo_inside_the_tournament(big: Deck, option: str, pins: int) -> None:
    rules = TournamentRules(big, seats=3, hilo_pins=option)  # type: ignore[arg-type]
    stack = ["c10", "c20", "c15"] + [f"c{i:02d}" for i in range(30) if i not in (10, 15, 20)]
    state = rules.start_from(active=2, stacks=[None, stack, None, None, None, None])
    state, events = run(rules, state, [Spin(3), Spin(1)])  # Hi Lo, on opening 1
    assert events[0] == MiniGameSpun(2, Sector.HI_LO) and rules.actor(state) == 2
    view = rules.observe(state, 0)
    assert view.sector is Sector.HI_LO and view.hilo is not None and view.arena_counts[1] == 27
    # Power: c10 shown; c20 is higher (right); c15 is not higher than c20 (wrong).
    state, events = run(rules, state, [ChooseCategory(POWER), Call("higher"), Call("higher")])
    assert state.table.pins.tracks == (0, 0, pins)
    assert events[-1] == TurnPassed(0) and CardsReturned(1, 3) in events
    assert names(big, state.table.stacks[1][-3:]) == ["c10", "c20", "c15"]


# -- T13 in the tournament: spin again ----------------------------------------------------


def test_t13_steal_a_pin_with_nobody_to_rob_spins_again_in_the_tournament(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(active=1, pins=[0, 2, 0])
    state, events = run(rules, state, [Spin(4)])
    assert events == [MiniGameSpun(1, Sector.STEAL_A_PIN), NothingToSteal(1), MiniGameOver(Sector.STEAL_A_PIN, ())]
    assert state.phase is Phase.SPIN and state.table.active == 1 and state.turns == 0


def test_t13_steal_a_pin_in_the_tournament_then_turn_passes(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(active=1, pins=[3, 2, 0])
    state, _ = run(rules, state, [Spin(4)])
    assert rules.legal_actions(state) == (Rob(0),)
    state, events = run(rules, state, [Rob(0)])
    assert PinAwarded(1, 1, 0, robbed=0) in events and events[-1] == TurnPassed(2)
    assert state.table.pins.tracks == (2, 3, 0)


# -- T15 the Finale trigger ---------------------------------------------------------------


def test_t15_a_full_track_ends_the_mini_game_normally_then_the_finale_begins(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    # Opening 0 dealt one at a time 0, 1, 2: seat 0 gets c29, c28, c27.
    order = ["c29", "c01", "c02", "c28", "c03", "c04", "c27", "c05", "c06"]
    rest = [c.name for c in big.cards if c.name not in order]
    state = rules.start_from(active=0, pins=[7, 1, 0], stacks=[order + rest, None, None, None, None, None])
    state, events = run(rules, state, [Spin(0), PickDeck(0)] + [ChooseCategory(POWER)] * 3)
    i = kinds(events).index("FinaleBegan")
    assert events[i - 3 : i + 1] == [
        PinAwarded(0, 2, 0),
        CardsReturned(0, 9),
        MiniGameOver(Sector.MY_GAME, (0,)),
        FinaleBegan((0,)),
    ]
    assert state.phase is Phase.FINALE and state.table.pins.tracks == (9, 1, 0)
    view = rules.observe(state, 2)
    assert view.finale and view.stage == "spin_deck"


def test_t15_grab_to_a_full_track_with_nobody_else_holding_pins_wins_uncontested(big: Deck) -> None:
    rules = TournamentRules(big, seats=2)
    state = rules.start_from(active=0, pins=[8, 0])
    state, events = run(rules, state, [Spin(5)])
    assert kinds(events) == [
        "MiniGameSpun",
        "PinAwarded",
        "PinsNotTaken",
        "MiniGameOver",
        "FinaleBegan",
        "FinaleUncontested",
        "FinaleWon",
        "GameEnded",
    ]
    assert events[2] == PinsNotTaken(0, 1, "track_full")
    assert rules.outcome(state) == Outcome(TournamentEnd.FINALE_WON, frozenset({0}))
    assert rules.actor(state) is TERMINAL


# -- T16 the Finale -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tracks", "cards"),
    [
        ((9, 5, 0), (9, 5, 0)),  # up to 30 pins: one card per pin; no pin, out
        ((9, 9, 9, 3), (9, 9, 9, 3)),  # exactly 30: still one per pin
        ((9, 8, 8, 7), (6, 5, 5, 3)),  # 32: ranks 1, 2, 2, 4 -> 6, 5, 5, 3
        ((9, 9, 9, 4), (6, 6, 6, 3)),  # 31: three share rank 1
        ((9, 8, 7, 6, 5, 4), (6, 5, 4, 3, 2, 1)),
        ((9, 8, 8, 7, 0, 0), (6, 5, 5, 3, 0, 0)),  # no pin, no cards, even by rank
    ],
)
def test_t16_finale_allotment(tracks: tuple[int, ...], cards: tuple[int, ...]) -> None:
    assert finale_allotment(tracks) == cards


def test_t16_finale_more_than_30_pins_deals_by_rank_and_most_pins_chooses_first(big: Deck) -> None:
    rules = FinaleRules(big, seats=4)
    state = rules.begin(rules.scenario_table(pins=[8, 9, 8, 7])).state
    state, events = run(rules, state, [Spin(3), Shuffle(tuple(range(30)))])
    assert events[2] == FinaleCardsAllotted((5, 6, 5, 3), 32, True)
    assert tuple(map(len, state.play.hands)) == (5, 6, 5, 3)
    assert rules.actor(state) == 1
    # Each player's whole count in rank order: seat 1 (9 pins) takes c00-c05,
    # then seats 2 and 0 (8 pins, in play order from seat 1), then seat 3.
    assert names(big, state.play.hands[1]) == ["c00", "c01", "c02", "c03", "c04", "c05"]
    assert names(big, state.play.hands[2][:1] + state.play.hands[0][:1] + state.play.hands[3][:1]) == [
        "c06",
        "c11",
        "c16",
    ]


def test_t16_six_players_on_9_8_8_8_8_8_pins_with_30_cards_get_6_5_5_5_5_4(big: Deck) -> None:
    rules = FinaleRules(big, seats=6, supply=60)
    state = rules.start_from(pins=[8, 8, 8, 9, 8, 8], first=3)
    # 49 pins: ranks 1, 2, 2, 2, 2, 2 ask for 6 + 5 * 5 = 31 cards of 30.  The
    # leader (seat 3) gets their full 6, then the 8s in play order from seat 3
    # (4, 5, 0, 1, 2) get 5 each until the deck runs out: the last dealt, seat
    # 2, gets 4.
    assert state.allotment == (5, 5, 5, 6, 5, 5)
    assert tuple(map(len, state.play.hands)) == (5, 5, 4, 6, 5, 5) and state.play.stack == ()
    assert names(big, state.play.hands[3]) == ["c00", "c01", "c02", "c03", "c04", "c05"]
    assert names(big, state.play.hands[2]) == ["c26", "c27", "c28", "c29"]
    assert sorted(len(hand) for hand in state.play.hands) == [4, 5, 5, 5, 5, 6]


def test_t16_version_1_finale_deals_one_card_at_a_time_from_the_first_chooser(big: Deck) -> None:
    rules = FinaleRules(big, seats=4, rules_version=1)
    state = rules.begin(rules.scenario_table(pins=[8, 9, 8, 7])).state
    state, events = run(rules, state, [Spin(3), Shuffle(tuple(range(30)))])
    assert events[2] == FinaleCardsAllotted((5, 6, 5, 3), 32, True)
    assert tuple(map(len, state.play.hands)) == (5, 6, 5, 3)
    assert rules.actor(state) == 1
    # One at a time from the first chooser going left: 1, 2, 3, 0, 1, ...
    assert names(big, state.play.hands[1][:2]) == ["c00", "c04"]


def test_t16_version_1_shared_ranks_asking_for_more_cards_than_the_deck_deal_until_it_is_used_up(big: Deck) -> None:
    rules = FinaleRules(big, seats=6, supply=60, rules_version=1)
    state = rules.start_from(pins=[9, 8, 8, 8, 8, 8], first=0)
    # 49 pins: ranks 1, 2, 2, 2, 2, 2 ask for 6 + 5 * 5 = 31 cards; the deck
    # has 30, dealt one at a time from seat 0: five rounds use it up, so even
    # the leader gets only 5 (the reason rules version 2 deals in rank order).
    assert state.allotment == (6, 5, 5, 5, 5, 5)
    assert tuple(map(len, state.play.hands)) == (5, 5, 5, 5, 5, 5) and state.play.stack == ()


def test_t16_rules_versions_of_the_finale_and_the_tournament(big: Deck) -> None:
    assert FinaleRules(big, seats=2).rules_version == 2 and TournamentRules(big, seats=2).rules_version == 2
    assert TournamentRules(big, seats=2, rules_version=1).finale.rules_version == 1
    assert TournamentRules(big, seats=2).finale.rules_version == 2
    assert all(game.rules_version == 1 for game in TournamentRules(big, seats=2, rules_version=1).games.values())
    with pytest.raises(RuleOptionError, match="rules_version"):
        FinaleRules(big, seats=2, rules_version=3)


def test_t16_finale_30_pins_or_fewer_one_card_per_pin_no_pin_is_out(big: Deck) -> None:
    rules = FinaleRules(big, seats=3)
    state = rules.start_from(pins=[9, 0, 4])
    assert state.allotment == (9, 0, 4) and state.play.players == (0, 2)
    assert rules.observe(state, 1).hand_sizes == (9, 0, 4)
    assert rules.observe(state, 1).stack == ()


def test_t16_a_tie_for_most_pins_is_settled_by_lot(big: Deck) -> None:
    rules = FinaleRules(big, seats=3)
    state = rules.start_from(pins=[9, 3, 9])
    assert state.stage is Stage.LOT and rules.actor(state) is CHANCE
    assert {a.seat for a, _ in rules.chance(state).outcomes} == {0, 2}
    state, events = run(rules, state, [Lot(2)])
    assert events[0] == FirstChooserDrawn(2, (0, 2)) and rules.actor(state) == 2


def test_t16_the_finale_shuffles_its_deck(big: Deck) -> None:
    rules = FinaleRules(big, seats=2)
    state = rules.begin(rules.scenario_table(pins=[9, 1])).state
    order = tuple(reversed(range(30)))
    state, _ = run(rules, state, [Spin(0), Shuffle(order)])
    assert names(big, state.play.hands[0][:2]) == ["c29", "c28"]  # seat 0's whole count first
    assert names(big, state.play.hands[1]) == ["c20"]


def test_t16_last_player_holding_cards_wins_the_tournament(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(pins=[9, 4, 2], finale=True)
    state, _ = run(rules, state, [Spin(0), Shuffle(tuple(range(30)))])
    while rules.outcome(state) is None:
        state = rules.apply(state, rules.legal_actions(state)[0] if rules.legal_actions(state) else Lot(0)).state
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.termination is TournamentEnd.FINALE_WON and len(outcome.winners) == 1


def test_t16_finale_events_end_with_the_winner(big: Deck) -> None:
    rules = FinaleRules(big, seats=2)
    state = rules.start_from(pins=[1, 1], first=0, stack=["c29", "c00"] + [f"c{i:02d}" for i in range(1, 29)])
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert events[-2:] == [CardsReturned(0, 2), FinaleWon(0)]
    assert rules.outcome(state) == Outcome(TournamentEnd.FINALE_WON, frozenset({0}))


def test_t16_finale_uncontested(big: Deck) -> None:
    rules = FinaleRules(big, seats=3)
    step = rules.begin(rules.scenario_table(pins=[0, 9, 0]))
    assert step.events == (FinaleUncontested(1), FinaleWon(1))


# -- views and records ----------------------------------------------------------------------


def test_view_shows_own_top_card_only_and_public_table(big: Deck) -> None:
    rules = TournamentRules(big, seats=3)
    state = rules.start_from(active=0, pins=[1, 2, 3], sector=Sector.MY_GAME)
    state, _ = run(rules, state, [PickDeck(2)])
    for seat in range(3):
        view = rules.observe(state, seat)
        assert view.stack == state.mini.play.hands[seat][:1]
        assert view.hand_sizes == (3, 3, 3) and view.tracks == (1, 2, 3)
        assert view.arena_counts == (30, 30, 21, 30, 30, 30)
        assert view.deck is big and view.opening == 2 and view.chooser == 0
        assert view.top_card is big.cards[view.stack[0]] and view.opponents == 2
    with pytest.raises(IllegalActionError):
        rules.observe(state, 3)


def test_record_of_a_scenario_round_trips(big: Deck) -> None:
    rules = TournamentRules([big, make_big("Other", 31)] * 3, seats=2, tie_discard="tied_only")
    start = rules.start_from(active=0, pins=[8, 0])
    state, events = run(rules, start, [Spin(5)])
    record = GameRecord(rules, None, start, (Spin(5),), tuple(events), rules.outcome(state))
    again = GameRecord.from_json(record.to_json())
    assert again.rules == rules and again.events == record.events and again.outcome == record.outcome
    assert GameEnded(rules.outcome(state)) in again.events


@pytest.mark.parametrize("version", [1, 2])
def test_t16_a_finale_record_rebuilds_the_rules_version_it_was_played_under(big: Deck, version: int) -> None:
    rules = TournamentRules(big, seats=3, rules_version=version)
    start = rules.start_from(pins=[9, 8, 8], finale=True)
    record = play(rules, None, seed=4, start=start)
    data = json.loads(record.to_json())
    assert data["rules_version"] == version
    assert GameRecord.from_json(record.to_json()).rules == rules
    # The other version deals the Finale otherwise (25 pins: 9, 8, 8 cards),
    # so the same actions play another game: refused when it ends otherwise,
    # else of other events; and refused by a record of format 3, which stored
    # the events of the game it was (seed 4: a game whose actions all stay
    # legal under the other version, to the end).
    data["rules_version"] = 3 - version
    try:
        other = GameRecord.from_json(json.dumps(data))
    except RecordError as err:
        assert "differs from the replayed game's" in str(err)
    else:
        assert other.rules.rules_version == 3 - version and other.events != record.events
    data.update(format=3, events=encode(record.events))
    with pytest.raises(RecordError, match="do not replay to its stored events"):
        GameRecord.from_json(json.dumps(data))
