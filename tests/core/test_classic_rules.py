"""Scenario tests for classic Top Trumps, one or more per rule D1-D3 and C1-C12.

Every scenario starts from hand-made stacks (``rules.start_from``) on the
six-card zoo deck of ``conftest.py`` (or a deck built in the test) and checks
the exact events and the exact stacks and pot that follow.  The expected
values are worked out by hand from RULES.md, as each comment says.

Zoo deck (card numbers are the row order)::

    card  #  Speed(high)  Price(LOW)  Weight(high)
    Ant   0       1           5          n/a
    Bee   1      20           3            1
    Cat   2      30           8            4
    Dog   3      30           2           20
    Eel   4       5           3            2
    Fox   5      50           9            6
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

from toptrumps_core.cards import Card, Category, Deck, to_value
from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicState, PickCard, compare
from toptrumps_core.errors import DeckError, IllegalActionError, RuleOptionError
from toptrumps_core.events import ChooserDrawn, Dealt, GameEnded, PotCollected, Revealed, SeatOut, Tied, Won
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Finite,
    Lot,
    Outcome,
    Shuffle,
    Termination,
    UniformPermutation,
)
from toptrumps_core.strategies import RandomStrategy

ANT, BEE, CAT, DOG, EEL, FOX = range(6)
SPEED, PRICE, WEIGHT = range(3)


def ended(termination: Termination, *winners: int) -> GameEnded:
    return GameEnded(Outcome(termination, frozenset(winners)))


def stacks_of(state: ClassicState) -> list[list[int]]:
    return [list(stack) for stack in state.stacks]


def test_zoo_card_numbers_follow_the_rows(zoo: Deck) -> None:
    # The constants above are the row order of ZOO_ROWS; every test relies on it.
    assert [zoo.index_of(n) for n in ("Ant", "Bee", "Cat", "Dog", "Eel", "Fox")] == [ANT, BEE, CAT, DOG, EEL, FOX]
    assert [c.higher_is_better for c in zoo.categories] == [True, False, True]


# -- D1-D3: cards and decks -----------------------------------------------------


def test_d1_deck_needs_2_to_12_categories_and_2_cards() -> None:
    def deck(n_categories: int, n_cards: int) -> Deck:
        cats = [Category(f"C{i}") for i in range(n_categories)]
        return Deck.from_rows("D", cats, {f"card{j}": [j] * n_categories for j in range(n_cards)})

    assert len(deck(2, 2).categories) == 2
    assert len(deck(12, 2).categories) == 12
    for bad in ((1, 2), (13, 2), (2, 1), (2, 0)):
        with pytest.raises(DeckError):
            deck(*bad)


def test_d1_lower_is_better_category_is_won_by_the_smallest_value(zoo: Deck) -> None:
    # Price is lower-is-better: Cat 8 against Dog 2, so Dog (seat 1) wins and
    # collects its own card first, then Cat (going left from seat 1 reaches seat 0).
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat", "Ant"], ["Dog", "Eel"]], chooser=0)
    step = rules.apply(state, ChooseCategory(PRICE))
    assert step.events == (Revealed(0, PRICE, ((0, CAT), (1, DOG))), Won(1, PRICE, (DOG, CAT)))
    assert stacks_of(step.state) == [[ANT], [EEL, DOG, CAT]]
    assert rules.actor(step.state) == 1


def test_d1_higher_is_better_is_the_default_direction() -> None:
    assert Category("Speed").higher_is_better is True


def test_d2_card_names_are_unique_in_a_deck() -> None:
    cats = (Category("A"), Category("B"))
    twin = Card("Twin", (Fraction(1), Fraction(2)), cats)
    with pytest.raises(DeckError, match="unique"):
        Deck("D", cats, (twin, twin))


def test_d2_no_data_is_none_and_every_category_needs_a_value_or_no_data() -> None:
    cats = [Category("A"), Category("B")]
    deck = Deck.from_rows("D", cats, {"x": [1, "n/a"], "y": ["N/A", 2]})
    assert deck.card("x").values == (Fraction(1), None)
    assert deck.card("y").values == (None, Fraction(2))
    with pytest.raises(DeckError):
        Deck.from_rows("D", cats, {"x": [1], "y": [1, 2]})  # a value missing
    with pytest.raises(DeckError):
        Deck.from_rows("D", cats, {"x": [1, "lots"], "y": [1, 2]})  # not a number


@pytest.mark.parametrize("no_data", ["tie", "loses"])
def test_d3_numerically_equal_values_tie_exactly(no_data: str) -> None:
    # 0.1 + 0.2 read as exact decimals is 3/10, the same number as "0.3" and as
    # the float 0.3 read by its shortest decimal: all three cards tie (C5).
    point_three = to_value("0.1") + to_value("0.2")  # type: ignore[operator]
    assert point_three == to_value("0.3") == to_value(0.3) == Fraction(3, 10)
    cats = [Category("Size"), Category("Other")]
    rows: dict[str, list[object]] = {"sum": [point_three, 1], "text": ["0.3", 2], "float": [0.3, 3]}
    rows.update({"x": [1, 4], "y": [1, 5], "z": [1, 6]})
    deck = Deck.from_rows("D", cats, rows)
    rules = ClassicRules(deck, seats=3, no_data=no_data)  # type: ignore[arg-type]
    state = rules.start_from(stacks=[["sum", "x"], ["text", "y"], ["float", "z"]], chooser=0)
    step = rules.apply(state, ChooseCategory(0))
    assert step.events[1] == Tied(0, (0, 1, 2), 3)
    assert step.state.pot == (0, 1, 2)


def test_d3_better_follows_the_direction_and_equal_never_beats() -> None:
    up, down = Category("Up"), Category("Down", higher_is_better=False)
    assert up.is_better(Fraction(2), Fraction(1)) and not up.is_better(Fraction(1), Fraction(2))
    assert down.is_better(Fraction(1), Fraction(2)) and not down.is_better(Fraction(2), Fraction(1))
    assert not up.is_better(Fraction(1, 2), Fraction(2, 4)) and not down.is_better(Fraction(1, 2), Fraction(2, 4))


# -- C1: seats --------------------------------------------------------------------


def test_c1_two_to_six_seats(zoo: Deck) -> None:
    for seats in range(2, 7):
        assert ClassicRules(zoo, seats=seats).seats == seats
    for seats in (1, 7, 0, -2):
        with pytest.raises(RuleOptionError, match="rule C1"):
            ClassicRules(zoo, seats=seats)


@pytest.mark.parametrize("seats", [True, 2.0, "3", None])
def test_c1_seats_must_be_a_whole_number(zoo: Deck, seats: Any) -> None:
    with pytest.raises(RuleOptionError):
        ClassicRules(zoo, seats=seats)


def test_c1_simulation_allows_up_to_12_seats() -> None:
    cats = [Category("A"), Category("B")]
    deck = Deck.from_rows("Big", cats, {f"c{i}": [i, 20 - i] for i in range(13)})
    with pytest.raises(RuleOptionError):
        ClassicRules(deck, seats=7)
    assert ClassicRules(deck, seats=12, simulation=True).seats == 12
    with pytest.raises(RuleOptionError):
        ClassicRules(deck, seats=13, simulation=True)
    with pytest.raises(RuleOptionError):
        ClassicRules(deck, seats=12, simulation="yes")  # type: ignore[arg-type]


def test_c1_deck_needs_a_card_per_seat(zoo: Deck) -> None:
    # Six cards cannot give each of 7 simulated seats a card.
    with pytest.raises(RuleOptionError, match="fewer than the 7 seats"):
        ClassicRules(zoo, seats=7, simulation=True)


# -- C2: the deal -------------------------------------------------------------------


def test_c2_the_deal_is_a_uniform_shuffle_drawn_by_chance(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    state = rules.initial_state()
    assert rules.actor(state) is CHANCE
    assert rules.legal_actions(state) == ()
    dist = rules.chance(state)
    assert dist == UniformPermutation(6)
    assert dist.probability(Shuffle((5, 4, 3, 2, 1, 0))) == Fraction(1, 720)  # 1/6!
    assert dist.probability(Shuffle((0, 0, 1, 2, 3, 4))) == 0


def test_c2_deal_all_deals_round_robin_from_seat_0(zoo: Deck) -> None:
    # One card at a time from seat 0: seat s gets the shuffled cards s, s+n, s+2n...
    # with the first card dealt on top.  Shuffle order (4, 2, 0, 3, 1, 5) with 4
    # seats: seat 0 gets 4 and 1, seat 1 gets 2 and 5, seat 2 gets 0, seat 3 gets 3.
    rules = ClassicRules(zoo, seats=4)
    step = rules.apply(rules.initial_state(), Shuffle((4, 2, 0, 3, 1, 5)))
    assert stacks_of(step.state) == [[EEL, BEE], [CAT, FOX], [ANT], [DOG]]
    assert step.events == (Dealt((2, 2, 1, 1), 0),)
    assert step.state.set_aside == () and step.state.pot == ()


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_c2_deal_all_stacks_differ_by_at_most_one(zoo: Deck, seats: int) -> None:
    rules = ClassicRules(zoo, seats=seats)
    state = rules.apply(rules.initial_state(), Shuffle(tuple(range(6)))).state
    sizes = [len(s) for s in state.stacks]
    assert sum(sizes) == 6 and max(sizes) - min(sizes) <= 1
    # The extra cards go to the first seats dealt to.
    assert sizes == sorted(sizes, reverse=True)


def test_c2_set_aside_deals_equal_stacks_and_sets_the_rest_aside(zoo: Deck) -> None:
    # 6 cards, 4 seats: one round of 4 cards (order[0..3]) is dealt, the last two
    # cards of the order are set aside.
    rules = ClassicRules(zoo, seats=4, leftover="set_aside")
    step = rules.apply(rules.initial_state(), Shuffle((4, 2, 0, 3, 1, 5)))
    assert stacks_of(step.state) == [[EEL], [CAT], [ANT], [DOG]]
    assert step.state.set_aside == (BEE, FOX)
    assert step.events == (Dealt((1, 1, 1, 1), 2),)
    assert step.state.card_count() == 6


def test_c2_set_aside_with_nothing_left_over_equals_deal_all(zoo: Deck) -> None:
    order = Shuffle((5, 0, 4, 1, 3, 2))
    a = ClassicRules(zoo, seats=3, leftover="set_aside").apply(ClassicState(stacks=((),) * 3), order)
    b = ClassicRules(zoo, seats=3).apply(ClassicState(stacks=((),) * 3), order)
    assert a == b
    assert a.events == (Dealt((2, 2, 2), 0),)


def test_c2_leftover_spelling_is_checked(zoo: Deck) -> None:
    with pytest.raises(RuleOptionError, match="C2"):
        ClassicRules(zoo, leftover="setaside")  # type: ignore[arg-type]


def test_c2_a_bad_shuffle_is_illegal_and_changes_nothing(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    state = rules.initial_state()
    saved = copy.deepcopy(state)
    for bad in (Shuffle((0, 1, 2, 3, 4)), Shuffle((0, 1, 2, 3, 4, 4)), Shuffle((1, 2, 3, 4, 5, 6)), Lot(0)):
        with pytest.raises(IllegalActionError):
            rules.apply(state, bad)
    with pytest.raises(IllegalActionError):
        rules.apply(state, ChooseCategory(0))
    assert state == saved


def test_c2_a_shuffle_order_must_be_whole_numbers() -> None:
    # (0.0, 1.0) == (0, 1) in Python; it must not pass for a permutation.
    with pytest.raises(TypeError):
        Shuffle((0.0, 1.0))  # type: ignore[arg-type]
    assert Shuffle([1, 0]).order == (1, 0)  # type: ignore[arg-type]


# -- C3: first chooser ------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_c3_seat_0_chooses_first_after_the_deal(zoo: Deck, seats: int) -> None:
    rules = ClassicRules(zoo, seats=seats)
    state = rules.apply(rules.initial_state(), Shuffle((5, 4, 3, 2, 1, 0))).state
    assert rules.actor(state) == 0
    assert rules.legal_actions(state) == (ChooseCategory(0), ChooseCategory(1), ChooseCategory(2))


# -- C4: comparison and collecting -----------------------------------------------


def test_c4_winner_collects_own_card_then_others_going_left(zoo: Deck) -> None:
    # Seat 1 chooses Weight: Eel 2 (seat 1), Dog 20 (seat 2), Cat 4 (seat 0).
    # Dog wins; seat 2 puts under its stack Dog, then going left from seat 2:
    # seat 0's Cat, then seat 1's Eel.  The reveal runs from the chooser leftwards.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Cat", "Ant"], ["Eel", "Bee"], ["Dog", "Fox"]], chooser=1)
    step = rules.apply(state, ChooseCategory(WEIGHT))
    assert step.events == (
        Revealed(1, WEIGHT, ((1, EEL), (2, DOG), (0, CAT))),
        Won(2, WEIGHT, (DOG, CAT, EEL)),
    )
    assert stacks_of(step.state) == [[ANT], [BEE], [FOX, DOG, CAT, EEL]]
    assert step.state.pot == ()


def test_c4_the_pot_follows_in_the_order_it_was_built(zoo: Deck) -> None:
    # 1st comparison, seat 0 chooses Speed: Cat 30, Dog 30, Ant 1: a tie (C5); the
    #   pot is built in reveal order from the chooser: Cat, Dog, Ant.
    # 2nd, seat 0 again, Speed: Bee 20, Eel 5, Fox 50: Fox (seat 2) wins and
    #   takes Fox, then Bee (seat 0), Eel (seat 1), then the pot Cat, Dog, Ant.
    # Seats 0 and 1 are out; seat 2 holds every card and wins (C7).
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Cat", "Bee"], ["Dog", "Eel"], ["Ant", "Fox"]], chooser=0)
    first = rules.apply(state, ChooseCategory(SPEED))
    assert first.events == (Revealed(0, SPEED, ((0, CAT), (1, DOG), (2, ANT))), Tied(SPEED, (0, 1), 3))
    assert first.state.pot == (CAT, DOG, ANT)
    second = rules.apply(first.state, ChooseCategory(SPEED))
    assert second.events == (
        Revealed(0, SPEED, ((0, BEE), (1, EEL), (2, FOX))),
        Won(2, SPEED, (FOX, BEE, EEL)),
        PotCollected(2, (CAT, DOG, ANT)),
        SeatOut(0),
        SeatOut(1),
        ended(Termination.LAST_STACK, 2),
    )
    assert stacks_of(second.state) == [[], [], [FOX, BEE, EEL, CAT, DOG, ANT]]
    assert second.state.pot == ()
    assert rules.actor(second.state) is TERMINAL


def test_c4_a_scenario_pot_goes_under_the_winners_cards(zoo: Deck) -> None:
    # Pot given as [Fox, Ant]. Seat 0 chooses Price: Bee 3 vs Dog 2 -> Dog (seat 1)
    # wins: Dog, Bee, then the pot Fox, Ant.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Bee", "Cat"], ["Dog", "Eel"]], chooser=0, pot=["Fox", "Ant"])
    step = rules.apply(state, ChooseCategory(PRICE))
    assert step.events == (
        Revealed(0, PRICE, ((0, BEE), (1, DOG))),
        Won(1, PRICE, (DOG, BEE)),
        PotCollected(1, (FOX, ANT)),
    )
    assert stacks_of(step.state) == [[CAT], [EEL, DOG, BEE, FOX, ANT]]


def test_c4_shuffled_collect_is_a_chance_node_whose_shuffle_decides_the_order(zoo: Deck) -> None:
    # Same comparison as the fixed-order test (Dog wins for seat 2), plus a pot
    # [Ant].  The won cards in fixed order would be Dog, Cat, Eel, Ant; with
    # collect_order="shuffled" they wait for a Shuffle of 4: order (3, 0, 2, 1)
    # puts Ant, Dog, Eel, Cat under seat 2's Fox.
    rules = ClassicRules(zoo, seats=3, collect_order="shuffled")
    state = rules.start_from(stacks=[["Cat"], ["Eel", "Bee"], ["Dog", "Fox"]], chooser=1, pot=["Ant"])
    step = rules.apply(state, ChooseCategory(WEIGHT))
    assert step.events == (
        Revealed(1, WEIGHT, ((1, EEL), (2, DOG), (0, CAT))),
        Won(2, WEIGHT, (DOG, CAT, EEL)),
        PotCollected(2, (ANT,)),
    )
    waiting = step.state
    assert rules.actor(waiting) is CHANCE and rules.legal_actions(waiting) == ()
    assert rules.chance(waiting) == UniformPermutation(4)
    assert waiting.pending == (DOG, CAT, EEL, ANT)
    assert waiting.card_count() == 6  # pending cards still count
    with pytest.raises(IllegalActionError):
        rules.apply(waiting, Shuffle((0, 1, 2)))
    with pytest.raises(IllegalActionError):
        rules.apply(waiting, ChooseCategory(0))
    collected = rules.apply(waiting, Shuffle((3, 0, 2, 1)))
    # Seat 0 played its only card and is out; it goes out after the collect.
    assert collected.events == (SeatOut(0),)
    assert stacks_of(collected.state) == [[], [BEE], [FOX, ANT, DOG, EEL, CAT]]
    assert collected.state.pending == () and rules.actor(collected.state) == 2


def test_c4_shuffled_collect_with_a_different_shuffle_gives_a_different_order(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2, collect_order="shuffled")
    state = rules.start_from(stacks=[["Cat", "Ant"], ["Dog", "Eel"]], chooser=0)
    waiting = rules.apply(state, ChooseCategory(PRICE)).state  # Dog wins: pending Dog, Cat
    assert rules.apply(waiting, Shuffle((0, 1))).state.stacks[1] == (EEL, DOG, CAT)
    assert rules.apply(waiting, Shuffle((1, 0))).state.stacks[1] == (EEL, CAT, DOG)


# -- C5: ties -------------------------------------------------------------------------


def test_c5_tie_sends_every_revealed_card_to_the_pot_and_the_same_chooser_goes_again(zoo: Deck) -> None:
    # Seat 1 chooses Speed: Dog 30 (seat 1), Cat 30 (seat 0): shared best, a tie.
    # Both cards go to the pot (reveal order: Dog then Cat), seat 1 chooses again.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat", "Bee", "Ant"], ["Dog", "Eel", "Fox"]], chooser=1)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events == (Revealed(1, SPEED, ((1, DOG), (0, CAT))), Tied(SPEED, (1, 0), 2))
    assert stacks_of(step.state) == [[BEE, ANT], [EEL, FOX]]
    assert step.state.pot == (DOG, CAT)
    assert rules.actor(step.state) == 1


def test_c5_the_next_winner_takes_the_pot(zoo: Deck) -> None:
    # After the Speed tie above (pot Dog, Cat), seat 1 chooses Weight:
    # Eel 2 (seat 1) vs Bee 1 (seat 0): seat 1 wins Eel, Bee and the pot.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat", "Bee", "Ant"], ["Dog", "Eel", "Fox"]], chooser=1)
    tied = rules.apply(state, ChooseCategory(SPEED)).state
    step = rules.apply(tied, ChooseCategory(WEIGHT))
    assert step.events == (
        Revealed(1, WEIGHT, ((1, EEL), (0, BEE))),
        Won(1, WEIGHT, (EEL, BEE)),
        PotCollected(1, (DOG, CAT)),
    )
    assert stacks_of(step.state) == [[ANT], [FOX, EEL, BEE, DOG, CAT]]
    assert step.state.pot == ()


def test_c5_the_pot_grows_over_several_ties(zoo: Deck) -> None:
    # Speed: Cat 30 vs Dog 30 tie; then Price: Bee 3 vs Eel 3 tie; the pot holds
    # 4 cards in the order they were revealed; then Speed: Fox 50 beats Ant 1.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat", "Bee", "Fox"], ["Dog", "Eel", "Ant"]], chooser=0)
    one = rules.apply(state, ChooseCategory(SPEED))
    two = rules.apply(one.state, ChooseCategory(PRICE))
    assert two.events[1] == Tied(PRICE, (0, 1), 4)
    assert two.state.pot == (CAT, DOG, BEE, EEL)
    three = rules.apply(two.state, ChooseCategory(SPEED))
    assert three.events[1:] == (
        Won(0, SPEED, (FOX, ANT)),
        PotCollected(0, (CAT, DOG, BEE, EEL)),
        SeatOut(1),
        ended(Termination.LAST_STACK, 0),
    )


# -- C6: no data ------------------------------------------------------------------------


def test_c6_no_data_ties_by_default(zoo: Deck) -> None:
    # Weight: Ant has no data, Fox 6.  Default no_data="tie": a tie, with no
    # seats sharing a best value (Tied.seats is empty).
    rules = ClassicRules(zoo, seats=2)
    assert rules.no_data == "tie"
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Fox", "Eel"]], chooser=0)
    step = rules.apply(state, ChooseCategory(WEIGHT))
    assert step.events == (Revealed(0, WEIGHT, ((0, ANT), (1, FOX))), Tied(WEIGHT, (), 2))
    assert step.state.pot == (ANT, FOX)
    assert rules.actor(step.state) == 0


def test_c6_no_data_loses_lets_the_others_compare(zoo: Deck) -> None:
    # Same comparison with no_data="loses": Ant cannot win, Fox 6 wins.
    rules = ClassicRules(zoo, seats=2, no_data="loses")
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Fox", "Eel"]], chooser=0)
    step = rules.apply(state, ChooseCategory(WEIGHT))
    assert step.events == (Revealed(0, WEIGHT, ((0, ANT), (1, FOX))), Won(1, WEIGHT, (FOX, ANT)))
    assert stacks_of(step.state) == [[BEE], [EEL, FOX, ANT]]


@pytest.fixture
def gaps() -> Deck:
    # Two no-data cards in "Time" (lower is better), a shared best of 3 in "Score".
    cats = [Category("Time", "s", higher_is_better=False), Category("Score")]
    return Deck.from_rows("Gaps", cats, {"p": ["n/a", 3], "q": ["n/a", 3], "r": [9, 1], "s": [4, "n/a"]})


def test_c6_loses_no_data_never_counts_as_lowest_in_a_lower_is_better_category(gaps: Deck) -> None:
    # Time, lower is better: p has no data, r 9.  "loses": r wins even though
    # 9 is far from low; the missing value is not read as 0 or as -infinity.
    rules = ClassicRules(gaps, seats=2, no_data="loses")
    state = rules.start_from(stacks=[["p", "q"], ["r", "s"]], chooser=0)
    assert rules.apply(state, ChooseCategory(0)).events[1] == Won(1, 0, (2, 0))


def test_c6_loses_with_every_card_lacking_data_is_a_tie(gaps: Deck) -> None:
    # Time: p and q both have no data; nobody can win, so it is a tie (C5).
    rules = ClassicRules(gaps, seats=2, no_data="loses")
    state = rules.start_from(stacks=[["p", "r"], ["q", "s"]], chooser=0)
    step = rules.apply(state, ChooseCategory(0))
    assert step.events[1] == Tied(0, (), 2)
    assert step.state.pot == (0, 1)


def test_c6_loses_two_data_cards_sharing_the_best_tie_beside_a_no_data_card(gaps: Deck) -> None:
    # Score: p 3, q 3, s n/a. "loses": s cannot win; p and q share the best: a tie
    # between seats 0 and 1, and all three cards go to the pot.
    rules = ClassicRules(gaps, seats=3, no_data="loses")
    state = rules.start_from(stacks=[["p", "r"], ["q"], ["s"]], chooser=0)
    step = rules.apply(state, ChooseCategory(1))
    assert step.events[:2] == (Revealed(0, 1, ((0, 0), (1, 1), (2, 3))), Tied(1, (0, 1), 3))


def test_c6_compare_function_both_options(gaps: Deck) -> None:
    # compare returns (position of the single best, positions sharing the best).
    assert compare(gaps, 1, [0, 2], no_data="tie") == (0, (0,))  # 3 beats 1
    assert compare(gaps, 1, [2, 3], no_data="tie") == (None, ())  # s has no data
    assert compare(gaps, 1, [2, 3], no_data="loses") == (0, (0,))  # r's 1 beats nothing
    assert compare(gaps, 0, [0, 1], no_data="loses") == (None, ())  # nobody has data
    assert compare(gaps, 0, [2, 3], no_data="loses") == (1, (1,))  # 4 s beats 9 s


def test_c6_no_data_spelling_is_checked(zoo: Deck) -> None:
    with pytest.raises(RuleOptionError, match="C6"):
        ClassicRules(zoo, no_data="lose")  # type: ignore[arg-type]


# -- C7: out, last stack, draw ------------------------------------------------------------


def test_c7_a_seat_with_no_cards_is_out_and_skipped(zoo: Deck) -> None:
    # Seat 0 chooses Price: Bee 3 (seat 0), Dog 2 (seat 1), Fox 9 (seat 2): Dog wins.
    # Seat 2 played its only card: out.  The next comparison is between 0 and 1 only.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Bee", "Cat"], ["Dog", "Eel"], ["Fox"]], chooser=0)
    step = rules.apply(state, ChooseCategory(PRICE))
    assert step.events == (
        Revealed(0, PRICE, ((0, BEE), (1, DOG), (2, FOX))),
        Won(1, PRICE, (DOG, FOX, BEE)),
        SeatOut(2),
    )
    assert step.state.in_play == (0, 1)
    # Seat 1 chooses Speed: Eel 5 vs Cat 30: seat 0 wins; seat 2 is not revealed.
    nxt = rules.apply(step.state, ChooseCategory(SPEED))
    assert nxt.events == (Revealed(1, SPEED, ((1, EEL), (0, CAT))), Won(0, SPEED, (CAT, EEL)))


def test_c7_last_stack_takes_the_pot_and_wins(zoo: Deck) -> None:
    # Seat 0 chooses Speed: Cat 30 vs Dog 30 tie; seat 0 had only Cat and is out.
    # One seat holds cards: seat 1 takes the pot (Cat, Dog) and wins.  With only
    # one other seat holding cards there is no lot (C8 needs two or more).
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat"], ["Dog", "Eel"]], chooser=0)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events == (
        Revealed(0, SPEED, ((0, CAT), (1, DOG))),
        Tied(SPEED, (0, 1), 2),
        SeatOut(0),
        PotCollected(1, (CAT, DOG)),
        ended(Termination.LAST_STACK, 1),
    )
    assert stacks_of(step.state) == [[], [EEL, CAT, DOG]] and step.state.pot == ()
    assert rules.outcome(step.state) == Outcome(Termination.LAST_STACK, frozenset({1}))
    assert rules.actor(step.state) is TERMINAL and rules.legal_actions(step.state) == ()


def test_c7_a_tie_that_empties_everybody_is_a_draw_among_its_players(zoo: Deck) -> None:
    # Speed: Cat 30, Dog 30, Bee 20 -> tie; every seat played its last card.
    # Draw among the three players of that comparison (Bee's seat too: it played).
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Cat"], ["Dog"], ["Bee"]], chooser=0)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events == (
        Revealed(0, SPEED, ((0, CAT), (1, DOG), (2, BEE))),
        Tied(SPEED, (0, 1), 3),
        SeatOut(0),
        SeatOut(1),
        SeatOut(2),
        ended(Termination.DRAW_ALL_OUT, 0, 1, 2),
    )
    assert step.state.pot == (CAT, DOG, BEE) and step.state.outcome is not None
    assert step.state.outcome.is_draw


def test_c7_the_draw_excludes_seats_already_out(zoo: Deck) -> None:
    # Seat 1 is already out; seats 2 and 0 tie on Speed with their last cards.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Dog"], [], ["Cat"]], chooser=2)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events[0] == Revealed(2, SPEED, ((2, CAT), (0, DOG)))
    assert step.events[-1] == ended(Termination.DRAW_ALL_OUT, 0, 2)


def test_c7_nothing_is_legal_after_the_end(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    over = rules.apply(rules.start_from(stacks=[["Fox"], ["Ant"]]), ChooseCategory(SPEED)).state
    saved = copy.deepcopy(over)
    for action in (ChooseCategory(0), PickCard(0), Shuffle((0, 1)), Lot(0)):
        with pytest.raises(IllegalActionError):
            rules.apply(over, action)
    with pytest.raises(IllegalActionError):
        rules.chance(over)
    assert over == saved


# -- C8: lot for the next chooser ----------------------------------------------------------


def test_c8_chooser_out_in_a_tie_with_two_others_draws_a_lot(zoo: Deck) -> None:
    # Seat 0 chooses Speed: Cat 30, Dog 30, Eel 5: a tie, and seat 0 had only Cat.
    # Seats 1 and 2 still hold cards: the next chooser is drawn by lot among them.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Cat"], ["Dog", "Bee"], ["Eel", "Fox"]], chooser=0)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events == (
        Revealed(0, SPEED, ((0, CAT), (1, DOG), (2, EEL))),
        Tied(SPEED, (0, 1), 3),
        SeatOut(0),
    )
    lot = step.state
    assert rules.actor(lot) is CHANCE and rules.legal_actions(lot) == ()
    dist = rules.chance(lot)
    assert isinstance(dist, Finite)
    assert dict(dist.outcomes) == {Lot(1): Fraction(1, 2), Lot(2): Fraction(1, 2)}
    saved = copy.deepcopy(lot)
    for bad in (Lot(0), Lot(3), ChooseCategory(0), Shuffle((0, 1))):
        with pytest.raises(IllegalActionError):
            rules.apply(lot, bad)
    assert lot == saved
    drawn = rules.apply(lot, Lot(2))
    assert drawn.events == (ChooserDrawn(2, (1, 2)),)
    assert rules.actor(drawn.state) == 2
    assert stacks_of(drawn.state) == [[], [BEE], [FOX]] and drawn.state.pot == (CAT, DOG, EEL)


def test_c8_the_lot_is_uniform_among_every_other_holder() -> None:
    # Five seats; the chooser (seat 3) ties with its last card; seats 4, 0, 1, 2
    # hold cards: four outcomes at exactly 1/4.
    cats = [Category("A"), Category("B")]
    deck = Deck.from_rows("Five", cats, {f"c{i}": [7 if i < 2 else i, 0] for i in range(10)})
    rules = ClassicRules(deck, seats=5)
    state = rules.start_from(stacks=[["c2", "c5"], ["c3", "c6"], ["c4", "c7"], ["c0"], ["c1", "c8"]], chooser=3)
    lot = rules.apply(state, ChooseCategory(0)).state  # c0 7 and c1 7 share the best
    dist = rules.chance(lot)
    assert isinstance(dist, Finite)
    assert dist.outcomes == tuple((Lot(s), Fraction(1, 4)) for s in (0, 1, 2, 4))
    assert sum(p for _, p in dist.outcomes) == 1


def test_c8_a_lot_is_drawn_only_when_the_chooser_is_out(zoo: Deck) -> None:
    # Non-chooser seat 1 runs out in the tie; the chooser still holds cards: no lot.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Cat", "Bee"], ["Dog"], ["Eel", "Fox"]], chooser=0)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events[-1] == SeatOut(1)
    assert rules.actor(step.state) == 0


# -- C9: the winner chooses -------------------------------------------------------------------


def test_c9_the_winner_chooses_next(zoo: Deck) -> None:
    # Seat 0 chooses Weight: Bee 1, Eel 2, Dog 20: seat 2 wins and chooses next;
    # it then chooses Speed: Fox 50 beats Cat 30 and Ant 1, so seat 2 goes on.
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Bee", "Cat"], ["Eel", "Ant"], ["Dog", "Fox"]], chooser=0)
    one = rules.apply(state, ChooseCategory(WEIGHT))
    assert one.events[1] == Won(2, WEIGHT, (DOG, BEE, EEL)) and rules.actor(one.state) == 2
    two = rules.apply(one.state, ChooseCategory(SPEED))
    assert two.events[0] == Revealed(2, SPEED, ((2, FOX), (0, CAT), (1, ANT)))
    assert two.events[1] == Won(2, SPEED, (FOX, CAT, ANT))


# -- C10: look at the last cards --------------------------------------------------------------


def test_c10_the_chooser_picks_a_card_then_the_category_and_others_pick_after(zoo: Deck) -> None:
    # look_at_last=3.  Seat 0 holds 2 cards and seat 1 holds 3: both may pick;
    # seat 2 holds 1 card: nothing to pick.
    # Seat 0 picks Bee (position 1) then names Price; seat 1, having heard Price,
    # picks Dog (position 1).  Reveal: Bee 3, Dog 2, Fox 9: Dog wins (lowest price)
    # and seat 1 collects Dog, Fox (seat 2), Bee (seat 0).  Seat 2 is out.
    rules = ClassicRules(zoo, seats=3, look_at_last=3)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog", "Eel"], ["Fox"]], chooser=0)
    assert rules.actor(state) == 0
    assert rules.legal_actions(state) == (PickCard(0), PickCard(1))
    picked = rules.apply(state, PickCard(1))
    assert picked.events == ()
    assert stacks_of(picked.state)[0] == [BEE, ANT]
    assert rules.actor(picked.state) == 0
    assert rules.legal_actions(picked.state) == tuple(ChooseCategory(c) for c in range(3))
    named = rules.apply(picked.state, ChooseCategory(PRICE))
    assert named.events == ()
    assert rules.actor(named.state) == 1
    assert rules.legal_actions(named.state) == (PickCard(0), PickCard(1), PickCard(2))
    assert rules.observe(named.state, 1).category == PRICE  # seat 1 heard the category
    done = rules.apply(named.state, PickCard(1))
    assert done.events == (
        Revealed(0, PRICE, ((0, BEE), (1, DOG), (2, FOX))),
        Won(1, PRICE, (DOG, FOX, BEE)),
        SeatOut(2),
    )
    assert stacks_of(done.state) == [[ANT], [CAT, EEL, DOG, FOX, BEE], []]
    # Seat 1 now holds 5 > 3 cards: no pick; seat 0 holds 1: nothing to pick.
    assert rules.legal_actions(done.state) == tuple(ChooseCategory(c) for c in range(3))


def test_c10_others_pick_in_turn_going_left_from_the_chooser(zoo: Deck) -> None:
    # look_at_last=3; chooser seat 1 holds one card, so it names the category at
    # once; then seat 2 (3 cards) picks, then seat 0 (2 cards).
    rules = ClassicRules(zoo, seats=3, look_at_last=3)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat"], ["Dog", "Eel", "Fox"]], chooser=1)
    assert rules.legal_actions(state) == tuple(ChooseCategory(c) for c in range(3))
    s1 = rules.apply(state, ChooseCategory(SPEED)).state
    assert rules.actor(s1) == 2
    s2 = rules.apply(s1, PickCard(2)).state  # Fox to the top of seat 2
    assert rules.actor(s2) == 0 and rules.legal_actions(s2) == (PickCard(0), PickCard(1))
    with pytest.raises(IllegalActionError):
        rules.apply(s2, PickCard(2))  # seat 0 holds only two cards
    with pytest.raises(IllegalActionError):
        rules.apply(s2, ChooseCategory(0))  # the category is already named
    last = rules.apply(s2, PickCard(1))  # Bee to the top of seat 0
    # Speed: Cat 30 (seat 1), Fox 50 (seat 2), Bee 20 (seat 0): Fox wins.
    assert last.events[:2] == (
        Revealed(1, SPEED, ((1, CAT), (2, FOX), (0, BEE))),
        Won(2, SPEED, (FOX, BEE, CAT)),
    )


def test_c10_a_seat_with_more_than_n_cards_does_not_pick(zoo: Deck) -> None:
    # look_at_last=2: seat 0 (2 cards) picks; seat 1 (3 cards) and seat 2 (1 card) do not.
    rules = ClassicRules(zoo, seats=3, look_at_last=2)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog", "Eel"], ["Fox"]], chooser=0)
    picked = rules.apply(state, PickCard(1)).state
    step = rules.apply(picked, ChooseCategory(SPEED))
    # No picker: the comparison happens at once.  Bee 20, Cat 30, Fox 50: Fox wins.
    assert step.events[:2] == (
        Revealed(0, SPEED, ((0, BEE), (1, CAT), (2, FOX))),
        Won(2, SPEED, (FOX, BEE, CAT)),
    )


def test_c10_views_show_all_cards_of_an_eligible_seat_and_only_the_top_card_otherwise(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=3, look_at_last=2)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog", "Eel"], ["Fox"]], chooser=0)
    assert rules.observe(state, 0).stack == (ANT, BEE)  # 2 <= N: may look at all
    assert rules.observe(state, 1).stack == (CAT,)  # 3 > N: only the top card
    assert rules.observe(state, 2).stack == (FOX,)  # a single card is its top card
    off = ClassicRules(zoo, seats=3)  # look_at_last=None: never more than the top card
    assert off.observe(state, 0).stack == (ANT,)
    assert off.legal_actions(state) == tuple(ChooseCategory(c) for c in range(3))


def test_c10_pick_card_is_illegal_without_look_at_last(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog"]])
    saved = copy.deepcopy(state)
    with pytest.raises(IllegalActionError):
        rules.apply(state, PickCard(1))
    assert state == saved


@pytest.mark.parametrize("bad", [0, 1, True, 2.5, "3"])
def test_c10_look_at_last_must_be_none_or_at_least_2(zoo: Deck, bad: Any) -> None:
    with pytest.raises(RuleOptionError, match="C10"):
        ClassicRules(zoo, look_at_last=bad)


# -- C11: round limit -----------------------------------------------------------------------


def test_c11_round_limit_most_cards_wins(zoo: Deck) -> None:
    # round_limit=1.  Weight: Cat 4 (seat 0), Dog 20 (seat 1), Bee 1 (seat 2).
    # Dog wins: seat 1 holds Eel, Dog, Bee, Cat (4 cards); seats 0 and 2 hold 1.
    rules = ClassicRules(zoo, seats=3, round_limit=1)
    state = rules.start_from(stacks=[["Cat", "Ant"], ["Dog", "Eel"], ["Bee", "Fox"]], chooser=0)
    step = rules.apply(state, ChooseCategory(WEIGHT))
    assert step.events == (
        Revealed(0, WEIGHT, ((0, CAT), (1, DOG), (2, BEE))),
        Won(1, WEIGHT, (DOG, BEE, CAT)),
        ended(Termination.ROUND_LIMIT, 1),
    )
    assert rules.actor(step.state) is TERMINAL


def test_c11_equal_most_is_a_draw_and_the_pot_counts_for_nobody(zoo: Deck) -> None:
    # round_limit=1.  Speed: Cat 30 vs Dog 30 tie: the pot holds both, each seat
    # holds 1 card.  Pot cards count for nobody, so 1 against 1 is a draw.
    rules = ClassicRules(zoo, seats=2, round_limit=1)
    state = rules.start_from(stacks=[["Cat", "Bee"], ["Dog", "Eel"]], chooser=0)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.events[-1] == ended(Termination.ROUND_LIMIT, 0, 1)
    assert step.state.pot == (CAT, DOG)


def test_c11_pot_does_not_count_for_the_chooser(zoo: Deck) -> None:
    # round_limit=1, chooser seat 1.  Speed: Dog 30 vs Cat 30, a tie: the pot holds
    # Dog and Cat; seat 0 keeps Bee, Ant (2 cards), seat 1 keeps Eel (1 card).
    # Seat 0 wins 2-1.  Counting the pot for the chooser would make it 3-2 for seat 1.
    rules = ClassicRules(zoo, seats=2, round_limit=1)
    state = rules.start_from(stacks=[["Cat", "Bee", "Ant"], ["Dog", "Eel"]], chooser=1)
    step = rules.apply(state, ChooseCategory(SPEED))
    assert step.state.pot == (DOG, CAT)
    assert step.events[-1] == ended(Termination.ROUND_LIMIT, 0)


def test_c11_ties_count_as_comparisons(zoo: Deck) -> None:
    # round_limit=2.  1st: Speed Cat/Dog tie (pot 2).  2nd: Speed Bee 20 vs Eel 5:
    # seat 0 wins Bee, Eel and the pot: 5 cards against Fox alone.
    rules = ClassicRules(zoo, seats=2, round_limit=2)
    state = rules.start_from(stacks=[["Cat", "Bee", "Ant"], ["Dog", "Eel", "Fox"]], chooser=0)
    one = rules.apply(state, ChooseCategory(SPEED))
    assert rules.outcome(one.state) is None and one.state.comparisons == 1
    two = rules.apply(one.state, ChooseCategory(SPEED))
    assert two.events == (
        Revealed(0, SPEED, ((0, BEE), (1, EEL))),
        Won(0, SPEED, (BEE, EEL)),
        PotCollected(0, (CAT, DOG)),
        ended(Termination.ROUND_LIMIT, 0),
    )
    assert stacks_of(two.state) == [[ANT, BEE, EEL, CAT, DOG], [FOX]]


@pytest.mark.parametrize("bad", [0, -1, True, 1.5])
def test_c11_round_limit_must_be_none_or_positive(zoo: Deck, bad: Any) -> None:
    with pytest.raises(RuleOptionError, match="C11"):
        ClassicRules(zoo, round_limit=bad)


# -- C12: games that cycle ------------------------------------------------------------------


CYCLE_ROWS: dict[str, list[object]] = {"a": [1, 1], "b": [2, 2], "c": [3, 3], "d": [4, 4], "e": [5, 5]}
"""Five cards whose two categories agree, so every choice gives the same comparison."""


@pytest.fixture
def cycle() -> tuple[ClassicRules, ClassicState]:
    """Returns rules and a start that cycles forever (worked out by hand below)."""
    deck = Deck.from_rows("Cycle", [Category("X"), Category("Y")], CYCLE_ROWS)
    rules = ClassicRules(deck, seats=2)
    return rules, rules.start_from(stacks=[["a", "b", "d"], ["c", "e"]], chooser=0)


def test_c12_a_game_can_cycle_forever(cycle: tuple[ClassicRules, ClassicState]) -> None:
    # By hand (higher wins; winner's card first, then the other's; winner chooses):
    #  1 a-c: s0 [b d]     s1 [e c a]   2 e-b: s0 [d]       s1 [c a e b]
    #  3 c-d: s0 [d c]     s1 [a e b]   4 d-a: s0 [c d a]   s1 [e b]      <- A
    #  5 c-e: s0 [d a]     s1 [b e c]   6 b-d: s0 [a d b]   s1 [e c]
    #  7 a-e: s0 [d b]     s1 [c e a]   8 c-d: s0 [b d c]   s1 [e a]
    #  9 b-e: s0 [d c]     s1 [a e b]  10 d-a: s0 [c d a]   s1 [e b]      <- A again
    rules, state = cycle
    seen = []
    for _ in range(10):
        state = rules.apply(state, ChooseCategory(0)).state
        seen.append((stacks_of(state), state.chooser, state.pot))
    assert seen[3] == seen[9] == ([[2, 3, 0], [4, 1]], 0, ())
    assert rules.outcome(state) is None


def test_c12_a_cycling_game_is_reported_unfinished(cycle: tuple[ClassicRules, ClassicState]) -> None:
    rules, start = cycle
    record = play(rules, [RandomStrategy()] * 2, seed=0, start=start, max_actions=60)
    assert len(record.actions) == 60
    assert record.outcome == Outcome(Termination.UNFINISHED, frozenset())


def test_c12_max_actions_reports_unfinished_with_no_winners(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=3)
    record = play(rules, [RandomStrategy()] * 3, seed=5, max_actions=2)
    assert len(record.actions) == 2  # the Shuffle and one choice
    assert record.outcome == Outcome(Termination.UNFINISHED, frozenset())
    assert record.winners == frozenset()
    assert not any(isinstance(e, GameEnded) for e in record.events)


def test_c12_an_unfinished_match_takes_no_more_actions(zoo: Deck) -> None:
    match = Match(ClassicRules(zoo, seats=2), [RandomStrategy()] * 2, seed=1, max_actions=1)
    match.advance()
    assert match.is_over and match.actor is TERMINAL and match.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        match.step()
    assert len(match.actions) == 1


def test_c12_a_game_that_finishes_under_the_cap_is_not_unfinished(zoo: Deck) -> None:
    # Seat 0 Fox (Speed 50) beats seat 1 Ant (Speed 1) whatever the category but
    # Weight (Ant n/a ties): a two-card game ends in a few actions.
    rules = ClassicRules(zoo, seats=2)
    start = rules.start_from(stacks=[["Fox"], ["Ant"]])
    record = play(rules, [RandomStrategy()] * 2, seed=3, start=start, max_actions=50)
    assert record.outcome is not None and record.outcome.termination is not Termination.UNFINISHED


@pytest.mark.parametrize("cap", [0, -1, 2.5, True])
def test_c12_the_cap_must_be_a_positive_whole_number(zoo: Deck, cap: Any) -> None:
    # A cap of 0 used to let one action through before reporting UNFINISHED.
    with pytest.raises(RuleOptionError, match="max_actions"):
        Match(ClassicRules(zoo, seats=2), [RandomStrategy()] * 2, seed=1, max_actions=cap)


# -- scenario starts ------------------------------------------------------------------------


def test_start_from_sets_unnamed_cards_aside_and_the_pot_face_up(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Cat"], ["Dog"]], chooser=1, pot=["Eel"])
    assert state.set_aside == (ANT, BEE, FOX)
    assert state.pot == (EEL,) and state.revealed == {EEL}
    assert rules.actor(state) == 1 and state.card_count() == 6


@pytest.mark.parametrize(
    ("stacks", "chooser", "pot", "message"),
    [
        ([["Cat"], ["Dog"], ["Eel"]], 0, [], "one per seat"),
        ([["Cat"], ["Wolf"]], 0, [], "Wolf"),
        ([["Cat"], ["Cat"]], 0, [], "twice"),
        ([["Cat"], ["Dog"]], 0, ["Dog"], "twice"),
        ([["Cat", "Dog"], []], 0, [], "two seats"),
        ([["Cat"], ["Dog"]], 2, [], "chooser"),
        ([["Cat"], [], ["Dog"]], 1, [], "chooser"),
    ],
)
def test_start_from_refuses_impossible_scenarios(
    zoo: Deck, stacks: list[list[str]], chooser: int, pot: list[str], message: str
) -> None:
    seats = len(stacks) if message != "one per seat" else 2
    rules = ClassicRules(zoo, seats=seats)
    with pytest.raises(RuleOptionError, match=message):
        rules.start_from(stacks=stacks, chooser=chooser, pot=pot)
