"""Hi Lo, the tournament mini-game (rule T12), and its records.

Scenario decks are tiny and hand-made; each test name starts with its rule ID.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.play import Match, play
from toptrumps_core.probability import best_hi_lo_policy
from toptrumps_core.protocol import CHANCE, TERMINAL, Outcome, Shuffle, UniformPermutation
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import BestHiLo, PolicyPlayer
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.hilo import (
    Call,
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoLaid,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoRules,
    HiLoStackRanOut,
    HiLoTurned,
)

HIGHER, LOWER = Call("higher"), Call("lower")


def deck() -> Deck:
    # Speed: higher is better; Price: lower is better (direction never matters in Hi Lo).
    return Deck.from_rows(
        "Tiny",
        [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False)],
        {
            "a": [5, 10],
            "b": [7, "n/a"],
            "c": [5, 20],
            "d": [1, 30],
            "e": ["n/a", 40],
            "f": [9, 5],
            "g": ["n/a", "n/a"],
        },
    )


def names(rules: HiLoRules, cards: tuple[int, ...]) -> list[str]:
    return [rules.deck.cards[c].name for c in cards]


def run(rules: HiLoRules, stack: list[str], actions: list[object]) -> tuple[object, list[object]]:
    return run_from(rules, rules.start_from(stack=stack), actions)


def run_from(rules: HiLoRules, state: object, actions: list[object]) -> tuple[object, list[object]]:
    events: list[object] = []
    for action in actions:
        step = rules.apply(state, action)
        state, events = step.state, [*events, *step.events]
    return state, events


def test_t12_setup_lays_three_and_turns_the_first() -> None:
    rules = HiLoRules(deck())
    step = rules.setup([0, 1, 2, 3])
    assert step.events == (HiLoLaid(3, 1), HiLoTurned(0, 0))
    view = rules.observe(step.state)
    assert view.faces == (0, None, None)
    assert view.stack_size == 1
    assert rules.actor(step.state) == 0


def test_t12_only_categories_where_the_first_card_has_data() -> None:
    rules = HiLoRules(deck())
    state = rules.start_from(stack=["b", "a", "c"])  # b has no Price
    assert rules.legal_actions(state) == (ChooseCategory(0),)
    with pytest.raises(IllegalActionError):
        rules.apply(state, ChooseCategory(1))
    with pytest.raises(IllegalActionError):
        rules.apply(state, HIGHER)  # a call before the category


def test_t12_equal_value_is_a_right_call_both_ways() -> None:
    rules = HiLoRules(deck())
    for call in (HIGHER, LOWER):
        state, events = run(rules, ["a", "c", "f"], [ChooseCategory(0), call])  # 5 then 5
        assert HiLoCalled(1, call.direction, True) in events
        assert rules.actor(state) == 0


@pytest.mark.parametrize(
    ("hilo_pins", "calls", "pins"),
    [
        # a=5, b=7, c=5 in Speed.
        ("per_call", [LOWER], 0),  # 7 <= 5 wrong
        ("per_call", [HIGHER, HIGHER], 1),  # 7 >= 5 right, 5 >= 7 wrong
        ("per_call", [HIGHER, LOWER], 2),  # both right
        ("complete_run", [LOWER], 0),
        ("complete_run", [HIGHER, HIGHER], 0),
        ("complete_run", [HIGHER, LOWER], 2),
    ],
)
def test_t12_pins_under_both_options(hilo_pins: str, calls: list[Call], pins: int) -> None:
    rules = HiLoRules(deck(), hilo_pins=hilo_pins)  # type: ignore[arg-type]
    state, events = run(rules, ["a", "b", "c", "d"], [ChooseCategory(0), *calls])
    assert rules.pins(state) == pins
    assert rules.actor(state) is TERMINAL
    assert rules.outcome(state) == Outcome(TournamentEnd.MINI_GAME_ENDED, frozenset({0}) if pins else frozenset())
    assert isinstance(events[-1], HiLoEnded) and events[-1].pins == pins
    assert rules.used_cards(state) == (0, 1, 2)  # the three laid cards, even the unturned third


def test_t12_no_data_card_is_put_aside_and_replaced_the_call_stands() -> None:
    rules = HiLoRules(deck())
    # Price: a=10, then b (n/a) is put aside and d (30, the next of the stack) judged.
    state, events = run(rules, ["a", "b", "c", "d", "f"], [ChooseCategory(1), HIGHER])
    assert events == [
        HiLoCategoryChosen(1),
        HiLoTurned(1, 1),
        HiLoPutAside(1, 1, 1),
        HiLoTurned(1, 3),
        HiLoCalled(1, "higher", True),
    ]
    view = rules.observe(state)
    assert view.faces == (0, 3, None) and view.put_aside == (1,)
    assert rules.used_cards(state) == (0, 1, 2, 3)
    # Third card c (20) against d (30): "lower" is right.
    state = rules.apply(state, LOWER).state
    assert rules.pins(state) == 2
    assert rules.returned_stack(state) == (5, 0, 1, 2, 3)  # untaken f on top, the used cards under it (T2)


def test_t12_no_data_third_card_is_replaced_too() -> None:
    rules = HiLoRules(deck())
    # Speed: a=5, c=5 (right), third e has no Speed: replaced by f=9.
    state, events = run(rules, ["a", "c", "e", "f"], [ChooseCategory(0), HIGHER, HIGHER])
    assert HiLoPutAside(2, 4, 0) in events and HiLoTurned(2, 5) in events
    assert rules.pins(state) == 2
    assert rules.used_cards(state) == (0, 2, 4, 5)


@pytest.mark.parametrize(("hilo_pins", "pins"), [("per_call", 1), ("complete_run", 0)])
def test_t12_stack_running_out_on_the_third_card_keeps_pins_earned(hilo_pins: str, pins: int) -> None:
    rules = HiLoRules(deck(), hilo_pins=hilo_pins)  # type: ignore[arg-type]
    state, events = run(rules, ["a", "c", "e"], [ChooseCategory(0), HIGHER, HIGHER])
    assert events[-2:] == [HiLoStackRanOut(2), HiLoEnded(pins, "stack_ran_out")]
    assert rules.pins(state) == pins and rules.actor(state) is TERMINAL
    assert rules.used_cards(state) == (0, 2, 4)


def test_t12_empty_stack_closes_the_row_up() -> None:
    rules = HiLoRules(deck())
    # Speed: a=5; e has none and the stack is empty, so c (5) moves from slot 2 into slot 1.
    state, events = run(rules, ["a", "e", "c"], [ChooseCategory(0), HIGHER])
    assert events == [
        HiLoCategoryChosen(0),
        HiLoTurned(1, 4),
        HiLoPutAside(1, 4, 0),
        HiLoRowClosedUp(1),
        HiLoTurned(1, 2),
        HiLoCalled(1, "higher", True),
    ]
    assert rules.observe(state).faces == (0, 2)  # the third slot is empty now
    state, events = run_from(rules, state, [LOWER])
    assert events == [HiLoStackRanOut(2), HiLoEnded(1, "stack_ran_out")]  # pins earned so far
    assert rules.used_cards(state) == (0, 4, 2)


def test_t12_stack_running_out_on_the_second_card_gives_nothing() -> None:
    rules = HiLoRules(deck(), hilo_pins="per_call")
    state, events = run(rules, ["a", "e", "g"], [ChooseCategory(0), HIGHER])  # no Speed on e or g
    assert events[-3:] == [HiLoPutAside(1, 6, 0), HiLoStackRanOut(1), HiLoEnded(0, "stack_ran_out")]
    assert rules.outcome(state) == Outcome(TournamentEnd.MINI_GAME_ENDED, frozenset())


def test_t12_first_card_with_no_data_anywhere_is_replaced() -> None:
    rules = HiLoRules(deck())
    step = rules.setup([6, 1, 2, 3])  # g has no data at all: d, the next of the stack, replaces it
    assert step.events == (HiLoLaid(3, 1), HiLoTurned(0, 6), HiLoPutAside(0, 6, None), HiLoTurned(0, 3))
    assert rules.observe(step.state).faces == (3, None, None)
    closed = rules.setup([6, 0, 2])  # nothing left in the stack: the row closes up, a moves first
    assert rules.observe(closed.state).faces == (0, None)
    blank = Deck.from_rows("Blank", [Category("A"), Category("B")], {n: ["n/a", "n/a"] for n in "xyz"})
    ended = HiLoRules(blank).setup([0, 1, 2])
    assert ended.events[-2:] == (HiLoStackRanOut(0), HiLoEnded(0, "stack_ran_out"))
    assert HiLoRules(blank).actor(ended.state) is TERMINAL


def test_t12_directions_are_raw_numbers_even_when_lower_is_better() -> None:
    rules = HiLoRules(deck())
    # Price is lower-is-better; a=10 then c=20: "higher" (a bigger number) is right.
    _, events = run(rules, ["a", "c", "d"], [ChooseCategory(1), HIGHER])
    assert HiLoCalled(1, "higher", True) in events


def test_t12_view_never_holds_a_face_down_card() -> None:
    rules = HiLoRules(deck())
    state = rules.start_from(stack=["a", "b", "c", "d"])
    view = rules.observe(state)
    assert view.faces == (0, None, None)
    assert view.shown == rules.deck.cards[0] and view.first_card == rules.deck.cards[0]
    # The second and third cards are only among the unseen, like every other card.
    assert set(view.unseen) == {1, 2, 3, 4, 5, 6}
    assert not {"stack", "row", "taken"} & set(view.__dataclass_fields__)
    with pytest.raises(IllegalActionError):
        rules.observe(state, 1)


def test_t12_shuffled_start_is_a_chance_node() -> None:
    rules = HiLoRules(deck())
    state = rules.initial_state(shuffled=True)
    assert rules.actor(state) is CHANCE
    assert rules.chance(state) == UniformPermutation(7)
    with pytest.raises(IllegalActionError):
        rules.apply(state, Shuffle((0, 1)))
    step = rules.apply(state, Shuffle((5, 4, 3, 2, 1, 0, 6)))
    assert rules.observe(step.state).faces == (5, None, None)
    assert rules.initial_state() == rules.setup(range(7)).state  # file order


def test_t12_rule_options_and_bad_stacks_are_refused() -> None:
    with pytest.raises(RuleOptionError):
        HiLoRules(deck(), hilo_pins="sometimes")  # type: ignore[arg-type]
    rules = HiLoRules(deck())
    with pytest.raises(RuleOptionError):
        rules.start_from(stack=["a", "b"])
    with pytest.raises(RuleOptionError):
        rules.start_from(stack=["a", "a", "b"])
    with pytest.raises(RuleOptionError):
        rules.start_from(stack=["a", "b", "zebra"])
    with pytest.raises(ValueError):
        Call("sideways")  # type: ignore[arg-type]
    state, _ = run(rules, ["a", "b", "c"], [ChooseCategory(0), LOWER])
    with pytest.raises(IllegalActionError):
        rules.apply(state, HIGHER)


def test_t12_records_round_trip_through_json() -> None:
    rules = HiLoRules(deck(), hilo_pins="complete_run")
    record = play(rules, [BestHiLo()], seed=4, start=rules.initial_state(shuffled=True))
    assert record.outcome is not None and record.outcome.termination is TournamentEnd.MINI_GAME_ENDED
    again = GameRecord.from_json(record.to_json())
    assert again.actions == record.actions and again.events == record.events and again.outcome == record.outcome
    assert again.rules == rules
    scenario = Match(rules, [BestHiLo()], seed=1, start=rules.start_from(stack=["a", "b", "c", "d"]))
    scenario.advance()
    assert GameRecord.from_json(scenario.record.to_json()).events == scenario.record.events
    broken = record.to_json().replace('"hilo_pins": "complete_run"', '"hilo_pins": "never"')
    with pytest.raises(RecordError):
        GameRecord.from_json(broken)


def test_t12_check_start_refuses_a_state_of_the_wrong_shape() -> None:
    rules = HiLoRules(deck())
    rules.check_start(rules.start_from(stack=["a", "b", "c"]))
    rules.check_start(rules.initial_state(shuffled=True))
    with pytest.raises(RuleOptionError):
        rules.check_start("not a state")
    state = rules.start_from(stack=["a", "b", "c"])
    with pytest.raises(RuleOptionError):
        rules.check_start(state.__class__(stack=state.stack, taken=9, row=state.row, turned=1, step=state.step))


# -- the engine agrees with the exact policy (rule P2) ---------------------------------


def small_deck(values: list[tuple[int | None, int | None]]) -> Deck:
    rows = {f"c{i}": ["n/a" if v is None else v for v in pair] for i, pair in enumerate(values)}
    return Deck.from_rows("Small", [Category("A"), Category("B", higher_is_better=False)], rows)


def all_games_mean(rules: HiLoRules, first: int, others: list[int], player: object) -> Fraction:
    """Mean pins of `player` over every order of the other cards under `first` (exhaustive)."""
    total, count = 0, 0
    for order in itertools.permutations(others):
        state = rules.setup((first, *order)).state
        while rules.actor(state) == 0:
            action = player.choose(rules.observe(state), rules.legal_actions(state), None)  # type: ignore[attr-defined]
            state = rules.apply(state, action).state
        total += rules.pins(state)
        count += 1
    return Fraction(total, count)


values_st = st.tuples(st.one_of(st.none(), st.integers(1, 4)), st.one_of(st.none(), st.integers(1, 4)))


@settings(max_examples=25, deadline=None)
@given(
    cards=st.lists(values_st, min_size=4, max_size=6).filter(lambda cs: cs[0] != (None, None)),
    hilo_pins=st.sampled_from(["per_call", "complete_run"]),
)
def test_p2_best_policy_through_the_engine_averages_to_the_exact_expectation(
    cards: list[tuple[int | None, int | None]], hilo_pins: str
) -> None:
    # Every order of the unseen cards is equally likely, so the mean over all
    # orders (the T12 engine laying and replacing cards physically) is exact.
    d = small_deck(cards)
    rules = HiLoRules(d, hilo_pins=hilo_pins)  # type: ignore[arg-type]
    policy = best_hi_lo_policy(d.cards[0], d.cards[1:], hilo_pins=hilo_pins)  # type: ignore[arg-type]
    others = list(range(1, len(d.cards)))
    assert all_games_mean(rules, 0, others, BestHiLo()) == policy.expected_pins
    assert all_games_mean(rules, 0, others, PolicyPlayer(policy)) == policy.expected_pins


@settings(max_examples=10, deadline=None)
@given(
    cards=st.lists(values_st, min_size=4, max_size=5).filter(lambda cs: cs[0][0] is not None),
    hilo_pins=st.sampled_from(["per_call", "complete_run"]),
)
def test_p2_no_deterministic_policy_beats_the_exact_best(
    cards: list[tuple[int | None, int | None]], hilo_pins: str
) -> None:
    # Brute force over every policy in category A: a first call, and a
    # second call for each possible value of the second card.
    d = small_deck(cards)
    rules = HiLoRules(d, hilo_pins=hilo_pins)  # type: ignore[arg-type]
    plan = best_hi_lo_policy(d.cards[0], d.cards[1:], hilo_pins=hilo_pins).plans[0]  # type: ignore[arg-type]
    assert plan is not None
    values = sorted({c.values[0] for c in d.cards[1:] if c.values[0] is not None})
    others = list(range(1, len(d.cards)))
    best = Fraction(-1)
    for first_call in ("higher", "lower"):
        for seconds in itertools.product(("higher", "lower"), repeat=len(values)):
            table = dict(zip(values, seconds, strict=True))

            class Fixed:
                def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
                    if view.category is None:
                        return ChooseCategory(0)
                    if not view.calls:
                        return Call(first_call)  # noqa: B023
                    return Call(table[view.shown.values[0]])  # noqa: B023

            best = max(best, all_games_mean(rules, 0, others, Fixed()))
    assert best == plan.expected_pins
