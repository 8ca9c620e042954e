"""Scenario tests for the duel engine: rules T5-T8 and T10, in Head to Head and My Game too."""

from __future__ import annotations

import pytest

from tests.core.tournament.tournament_helpers import COST, POWER, SPEED, names, run
from toptrumps_core.cards import Deck
from toptrumps_core.comparison import ChooseCategory
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.events import CardsDiscarded, CardsDrawn, Revealed, SeatOut, StayerDrawn, Tied, Won
from toptrumps_core.protocol import CHANCE, Lot
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.duel import ChooserPassed, DuelRules, DuelStep, DuelWon, TieSettled
from toptrumps_core.tournament.head_to_head import HeadToHeadRules
from toptrumps_core.tournament.my_game import MyGameRules
from toptrumps_core.tournament.pins import PinAwarded


def test_t5_loser_discards_and_winner_keeps_card_under_own_stack(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Ace", "Gnu"], ["Bat", "Cow"]], chooser=1)
    ace, bat = tiny.index_of("Ace"), tiny.index_of("Bat")
    # Seat 1 chooses Power: Bat 5 against Ace 9; Ace is best, so seat 0 keeps
    # it under its own stack and seat 1 discards Bat face up (T5).
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert events == [
        Revealed(1, POWER, ((1, bat), (0, ace))),
        Won(0, POWER, (ace,)),
        CardsDiscarded(((1, bat),)),
    ]
    assert names(tiny, state.hands[0]) == ["Gnu", "Ace"]
    assert names(tiny, state.hands[1]) == ["Cow"]
    assert names(tiny, state.discards[1]) == ["Bat"] and state.discards[0] == ()
    assert rules.actor(state) == 0  # the winner chooses next (T5)


def test_t5_duel_ends_when_one_player_holds_cards(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Ace"], ["Bat"]], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert events[-2:] == [SeatOut(1), DuelWon(0)]
    assert rules.outcome(state) is not None and rules.outcome(state).winners == {0}
    assert rules.outcome(state).termination is TournamentEnd.MINI_GAME_ENDED


def test_t6_tie_all_discards_every_card_and_repeats_same_category(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=3, tie_discard="all")
    state = rules.start_from(hands=[["Bat", "Ace", "Hen"], ["Cow", "Elk", "Ibis"], ["Gnu", "Fly", "Jay"]], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    # Bat 5 = Cow 5 beat Gnu 2 but share the best value: a tie.  Every card of
    # it is discarded and everyone compares Power again, nobody choosing (T6).
    n = tiny.index_of
    assert events[:3] == [
        Revealed(0, POWER, ((0, n("Bat")), (1, n("Cow")), (2, n("Gnu")))),
        CardsDiscarded(((0, n("Bat")), (1, n("Cow")), (2, n("Gnu")))),
        Tied(POWER, (0, 1), again=(0, 1, 2)),
    ]
    assert events[3] == Revealed(None, POWER, ((0, n("Ace")), (1, n("Elk")), (2, n("Fly"))))
    assert events[4] == Won(0, POWER, (n("Ace"),))
    assert names(tiny, state.discards[2]) == ["Gnu", "Fly"]
    assert names(tiny, state.hands[2]) == ["Jay"]


def test_t6_tied_only_repeats_among_the_tied_and_others_discard_as_losers(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=3, tie_discard="tied_only")
    state = rules.start_from(hands=[["Bat", "Ace", "Hen"], ["Cow", "Elk", "Ibis"], ["Gnu", "Fly", "Jay"]], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    n = tiny.index_of
    assert events[2] == Tied(POWER, (0, 1), again=(0, 1))
    assert events[3] == Revealed(None, POWER, ((0, n("Ace")), (1, n("Elk"))))
    assert events[4] == Won(0, POWER, (n("Ace"),))
    # Seat 2 lost the first comparison (Gnu discarded) and sat the repeat out.
    assert names(tiny, state.discards[2]) == ["Gnu"]
    assert names(tiny, state.hands[2]) == ["Fly", "Jay"]


def test_t6_no_data_is_a_tie_under_both_options(tiny: Deck) -> None:
    for option in ("all", "tied_only"):
        rules = DuelRules(tiny, seats=3, tie_discard=option)
        state = rules.start_from(hands=[["Doe", "Ace"], ["Elk", "Bat"], ["Fly", "Gnu"]], chooser=0)
        state, events = run(rules, state, [ChooseCategory(COST)])
        # Doe has no Cost: a tie with no tied seats; everyone compares again.
        # Cost is lower-is-better: Ace 5, Bat 2, Gnu 6: Bat wins.
        assert events[2] == Tied(COST, (), again=(0, 1, 2))
        assert Won(1, COST, (tiny.index_of("Bat"),)) in events


def test_t7_two_run_out_at_once_in_head_to_head_get_new_cards(tiny: Deck) -> None:
    rules = HeadToHeadRules(tiny, seats=3)
    state = rules.start_from(hands=[["Bat"], ["Cow"]], stack=["Ace", "Elk", "Gnu"], active=0, opponent=2)
    assert rules.actor(state) == 0
    state, events = run(rules, state, [ChooseCategory(POWER)])
    n = tiny.index_of
    # Bat 5 = Cow 5: a tie that leaves both without a card.  Each gets a new
    # card from the top of the mini-game's stack and Power is compared again:
    # Ace 9 beats Elk 7 (T7).  Seat 0 is left holding cards and gets the pin.
    assert events[2] == Tied(POWER, (0, 2), again=(0, 2))
    assert events[3] == CardsDrawn(((0, n("Ace")), (2, n("Elk"))))
    assert events[4] == Revealed(None, POWER, ((0, n("Ace")), (2, n("Elk"))))
    assert DuelWon(0) in events and PinAwarded(0, 1, 0) in events
    assert state.outcome.winners == {0}
    # T2: the hands, the drawn cards and the discards all went under the stack.
    assert names(tiny, state.table.stacks[0]) == ["Gnu", "Bat", "Cow", "Ace", "Elk"]


def test_t7_two_run_out_at_once_in_my_game_while_a_third_still_holds(tiny: Deck) -> None:
    rules = MyGameRules(tiny, seats=3)
    state = rules.start_from(hands=[["Bat"], ["Cow"], ["Gnu", "Hen"]], stack=["Ace", "Elk"], active=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    n = tiny.index_of
    # Bat = Cow tie; seats 0 and 1 run out together (seat 2 still has Hen):
    # both get a new card and all three compare Power again (T7, T6 "all").
    assert events[2] == Tied(POWER, (0, 1), again=(0, 1, 2))
    assert events[3] == CardsDrawn(((0, n("Ace")), (1, n("Elk"))))
    assert events[4] == Revealed(None, POWER, ((0, n("Ace")), (1, n("Elk")), (2, n("Hen"))))
    assert PinAwarded(0, 2, 0) in events  # My Game: 2 pins (T10)


def test_t7_too_few_cards_in_the_stack_draws_who_stays_in_by_lot(tiny: Deck) -> None:
    rules = HeadToHeadRules(tiny, seats=2)
    state = rules.start_from(hands=[["Bat"], ["Cow"]], stack=["Ace"], active=0, opponent=1)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert rules.actor(state) is CHANCE
    assert rules.chance(state).outcomes == ((Lot(0), 1 / 2), (Lot(1), 1 / 2))
    state, events = run(rules, state, [Lot(1)])
    ace = tiny.index_of("Ace")
    assert events[:3] == [StayerDrawn(1, (0, 1)), CardsDrawn(((1, ace),)), SeatOut(0)]
    assert state.outcome.winners == {1}  # the opponent can win Head to Head too (T9)
    assert PinAwarded(1, 1, 0) in events


def test_t7_empty_stack_and_nobody_else_lot_picks_the_winner(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Bat"], ["Cow"]], stack=[], chooser=0)
    state, _ = run(rules, state, [ChooseCategory(POWER)])
    assert state.step is DuelStep.LOT
    state, events = run(rules, state, [Lot(0)])
    assert events == [StayerDrawn(0, (0, 1)), SeatOut(1), DuelWon(0)]


def test_t7_one_player_running_out_alone_in_a_tie_is_out(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Bat"], ["Cow", "Ace"]], stack=["Elk"], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert events[-2:] == [SeatOut(0), DuelWon(1)]
    assert not any(isinstance(e, CardsDrawn) for e in events)


def test_t7_empty_stack_with_others_holding_cards_puts_all_who_ran_out_out(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=3)
    state = rules.start_from(hands=[["Bat"], ["Cow"], ["Gnu", "Hen"]], stack=[], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    assert [SeatOut(0), SeatOut(1), DuelWon(2)] == events[-3:]


def test_t8_last_card_refuses_the_category_just_compared(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Ace"], ["Gnu", "Cow"]], chooser=0)
    state, _ = run(rules, state, [ChooseCategory(POWER)])
    # Seat 0 won with Ace and holds exactly that one card: it may not name
    # Power, the category of the comparison just before (T8).
    assert len(state.hands[0]) == 1
    assert ChooseCategory(POWER) not in rules.legal_actions(state)
    assert rules.legal_actions(state) == (ChooseCategory(SPEED), ChooseCategory(COST))
    assert rules.observe(state, 0).forbidden_category == POWER
    with pytest.raises(IllegalActionError, match="T8"):
        rules.apply(state, ChooseCategory(POWER))


def test_t8_a_chooser_with_more_cards_may_repeat_the_category(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=2)
    state = rules.start_from(hands=[["Ace", "Fly"], ["Gnu", "Cow"]], chooser=0)
    state, _ = run(rules, state, [ChooseCategory(POWER)])
    assert len(state.hands[0]) == 2 and ChooseCategory(POWER) in rules.legal_actions(state)


def test_t8_last_card_in_head_to_head(tiny: Deck) -> None:
    rules = HeadToHeadRules(tiny, seats=2)
    state = rules.start_from(hands=[["Gnu", "Hen"], ["Ace"]], active=0, opponent=1)
    state, _ = run(rules, state, [ChooseCategory(POWER)])  # Gnu 2 loses to Ace 9: seat 1 keeps Ace
    assert rules.actor(state) == 1 and len(state.play.hands[1]) == 1
    assert rules.legal_actions(state) == (ChooseCategory(SPEED), ChooseCategory(COST))  # T8
    state, _ = run(rules, state, [ChooseCategory(SPEED)])  # Ace 1 loses to Hen 6
    assert state.outcome.winners == {0}


def test_t10_chooser_out_passes_the_choice_left(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=4, tie_discard="tied_only")
    hands = [["Bat"], ["Cow"], ["Gnu", "Hen"], ["Fly", "Ibis"]]
    state = rules.start_from(hands=hands, stack=[], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    # Bat = Cow tie and only they compare again (tied_only); both ran out and
    # the stack is empty while seats 2 and 3 hold cards: both are out.  The
    # chooser (seat 0) is out, so the next seat to the left holding cards,
    # seat 2, chooses (T10).
    assert events[-3:] == [SeatOut(0), SeatOut(1), ChooserPassed(2)]
    assert rules.actor(state) == 2


def test_t6_tied_only_last_tied_player_standing_settles_the_tie(tiny: Deck) -> None:
    rules = DuelRules(tiny, seats=3, tie_discard="tied_only")
    state = rules.start_from(hands=[["Bat"], ["Cow", "Ace"], ["Gnu", "Hen"]], chooser=0)
    state, events = run(rules, state, [ChooseCategory(POWER)])
    # Seat 0 runs out alone; seat 1 is the only tied player left: it wins the
    # tie without another comparison and chooses next (ruling).
    assert events[-2:] == [SeatOut(0), TieSettled(1)]
    assert rules.actor(state) == 1
