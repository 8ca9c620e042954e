"""The shared toolkit: the one driver helper over a `Match`, and the settings form built from a dataclass."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as ipw
import pytest

from tests.core.sealed_bid import BidAll, SealedBidRules
from toptrumps_core import HUMAN, ClassicRules
from toptrumps_core.cards import Deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import Revealed
from toptrumps_core.play import Match
from toptrumps_core.protocol import (
    CHANCE,
    JUDGE,
    SIMULTANEOUS,
    TERMINAL,
    Finite,
    JointAction,
    NodeKind,
    Outcome,
    Termination,
    Transition,
)
from toptrumps_core.strategies import RandomStrategy
from widgets._boundary import ErrorBoundary
from widgets._toolkit import (
    Due,
    Heading,
    MatchDriver,
    SeatNames,
    SettingsForm,
    Turn,
    TurnNotSupported,
    check_settings,
    rule_option,
    setting,
)

# -- the driver ---------------------------------------------------------------------------------------


def _classic(tiny_deck: Deck, strategies: list[Any], seed: int = 4) -> tuple[Match, MatchDriver]:
    match = Match(ClassicRules(tiny_deck, seats=len(strategies)), strategies, seed=seed)
    return match, MatchDriver(lambda: match, lambda: SeatNames(len(strategies), match.humans))


def test_the_driver_settles_the_deal_then_waits_for_the_person(tiny_deck: Deck) -> None:
    match, driver = _classic(tiny_deck, [HUMAN, RandomStrategy()])
    assert driver.due().turn is Turn.CHANCE and not match.actions
    events = driver.settle()
    assert events and match.actions and driver.due().turn is Turn.PERSON and driver.person_due() == 0
    assert driver.acting_person() == 0 and not driver.computers_may_go
    with pytest.raises(IllegalActionError, match="it is your turn — a person must choose first"):
        driver.check_computers()
    with pytest.raises(IllegalActionError, match="Computer 1 must press ready first"):
        MatchDriver(lambda: match, lambda: SeatNames(2, [])).acting_person(ready=lambda seat: False)


def test_a_person_cannot_act_on_a_computers_turn_or_after_the_end(tiny_deck: Deck) -> None:
    match, driver = _classic(tiny_deck, [RandomStrategy(), RandomStrategy()])
    driver.settle()
    with pytest.raises(IllegalActionError, match="it is a computer's turn — press Next ▶ or Fast-forward ⏩"):
        driver.acting_person()
    driver.check_computers()  # the computers may go on
    played = driver.fast_forward(max_rounds=10_000, until=_revealed, max_steps=1_000)
    assert match.is_over and driver.due().turn is Turn.OVER and played.rounds >= 1
    assert played.rounds == sum(isinstance(e, Revealed) for e in played.events)
    with pytest.raises(IllegalActionError, match="the game is over — start a new game below"):
        driver.acting_person()
    with pytest.raises(IllegalActionError, match="the game is over"):
        driver.check_computers()


def _revealed(events: Any) -> bool:
    return any(isinstance(e, Revealed) for e in events)


def test_one_turn_is_one_comparison_and_fast_forward_stops_for_a_person(tiny_deck: Deck) -> None:
    match, driver = _classic(tiny_deck, [RandomStrategy(), HUMAN, RandomStrategy()], seed=2)
    driver.settle()
    while driver.due().turn is Turn.COMPUTER:
        before = sum(isinstance(e, Revealed) for e in match.events)
        events = driver.take_turn(until=_revealed, max_steps=1_000)
        assert sum(isinstance(e, Revealed) for e in events) == 1
        assert sum(isinstance(e, Revealed) for e in match.events) == before + 1
        assert match.actor is not CHANCE  # chance settled after the comparison
    played = driver.fast_forward(max_rounds=500, until=_revealed, max_steps=1_000)
    assert played.rounds == 0 or driver.due().turn in (Turn.PERSON, Turn.OVER)


def test_a_round_that_never_ends_is_reported(tiny_deck: Deck) -> None:
    _match, driver = _classic(tiny_deck, [RandomStrategy(), RandomStrategy()])
    driver.settle()
    with pytest.raises(RuntimeError, match="did not end after 3 computer and chance actions"):
        driver.take_turn(until=lambda events: False, max_steps=3)


def test_the_cap_of_fast_forward_holds(tiny_deck: Deck) -> None:
    match, driver = _classic(tiny_deck, [RandomStrategy(), RandomStrategy()])
    driver.settle()
    played = driver.fast_forward(max_rounds=2)  # rounds of one step each
    assert played.rounds == 2 and len(match.actions) == 3


# -- held chance (the tournament's spins) and nodes the pages cannot play -------------------------------------


@dataclass(frozen=True)
class _Toy:
    """A tiny game: a spin, then one node of `node`'s kind, then the end."""

    # Only the spin is declared: the toy reaches a node it does not implement (no seats_to_act, no
    # judge_view), which the page must refuse before anything acts there.
    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.CHANCE})

    node: object
    seats: int = 2

    def initial_state(self) -> int:
        return 0

    def actor(self, state: int) -> object:
        return (CHANCE, self.node, TERMINAL)[state]

    def legal_actions(self, state: int) -> tuple[str, ...]:
        return ("go",) if state == 1 else ()

    def chance(self, state: int) -> Finite:
        return Finite((("spun", Fraction(1)),))

    def apply(self, state: int, action: object) -> Transition[int]:
        return Transition(state + 1, ())

    def observe(self, state: int, seat: int) -> int:
        return state

    def outcome(self, state: int) -> Outcome | None:
        return Outcome(Termination.LAST_STACK, frozenset({0})) if state == 2 else None


@pytest.mark.parametrize(
    ("node", "words"),
    [(SIMULTANEOUS, "every player moves at once"), (JUDGE, "for the judge, who is not a seat")],
)
def test_simultaneous_and_judge_nodes_are_refused_clearly(node: object, words: str) -> None:
    match = Match(_Toy(node), [HUMAN, HUMAN], seed=1)  # type: ignore[arg-type]
    driver = MatchDriver(lambda: match, lambda: SeatNames(2, [0, 1]))
    with pytest.raises(TurnNotSupported, match=words) as caught:
        driver.settle()  # the spin, then the node: refused before anything acts there
    assert len(match.actions) == 1
    with pytest.raises(TurnNotSupported, match=words):
        driver.due()
    assert caught.value.actor is node and "the game is unchanged" in str(caught.value)
    shown: list[str] = []
    with ErrorBoundary(lambda text, kind: shown.append(text)):
        driver.take_turn(max_steps=5)
    assert shown and shown[0].startswith("Sorry — this page cannot play") and len(match.actions) == 1


def test_the_sealed_bid_test_game_is_refused_before_anyone_bids() -> None:
    match = Match(SealedBidRules(seats=2), [HUMAN, BidAll()], seed=3)
    table = MatchDriver(lambda: match, lambda: SeatNames(2, [0]))
    with pytest.raises(TurnNotSupported, match="every player moves at once"):
        table.acting_person()
    assert match.actions == [] and match.submitted == ()


def test_a_view_that_shows_every_node_kind_plays_sealed_bids_and_then_the_computers_moves() -> None:
    match = Match(SealedBidRules(seats=3), [HUMAN, HUMAN, BidAll()], seed=3)
    driver = MatchDriver(lambda: match, lambda: SeatNames(3, [0, 1]), shows=frozenset(NodeKind))
    assert driver.due() == Due(Turn.PERSON, 0) and not driver.computers_may_go
    assert driver.submit(match.legal_actions(1)[0], seat=1) == [] and match.submitted == (1,)
    assert driver.due() == Due(Turn.PERSON, 0) and match.actions == []  # seat 1's bid stays sealed
    events = driver.submit(match.legal_actions(0)[0], seat=0)  # the last person: the computer bids, all open
    assert events and len(match.actions) == 1 and isinstance(match.actions[0], JointAction)
    assert {seat for seat, _ in match.actions[0].moves} == {0, 1, 2}


def test_held_chance_waits_for_its_button() -> None:
    match = Match(_Toy(0), [HUMAN, HUMAN], seed=1)  # type: ignore[arg-type]
    seat = [0]
    driver = MatchDriver(
        lambda: match,
        lambda: SeatNames(2, [0]),
        held_chance=lambda m: m.actor is CHANCE,
        chance_seat=lambda m: seat[0],
        game="tournament",
        restart="start a new one under New tournament ⚙",
    )
    assert driver.settle() == [] and driver.due().turn is Turn.PERSON_CHANCE and driver.person_due() == 0
    with pytest.raises(IllegalActionError, match="spin first: press Spin ⟳"):
        driver.acting_person()
    with pytest.raises(IllegalActionError, match="it is your spin — press Spin ⟳"):
        driver.check_computers()
    driver.press_chance()
    assert driver.due().turn is Turn.PERSON and len(match.actions) == 1
    with pytest.raises(IllegalActionError, match="nothing to spin"):
        driver.press_chance()


def test_the_click_guard_of_the_driver_ignores_a_second_click(tiny_deck: Deck) -> None:
    match, driver = _classic(tiny_deck, [HUMAN, RandomStrategy()])
    driver.settle()
    chosen: list[int] = []
    button = driver.bind(
        ipw.Button(description="Go"), lambda: chosen.append(len(driver.submit(match.legal_actions()[0])))
    )
    button.click()
    button.click()  # made for a decision already taken
    assert len(chosen) == 1
    button.close()


# -- the settings form --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Settings:
    deck: str = field(
        default="b",
        metadata=setting(
            "Deck", help="Which deck", refuse="there is no deck called {value!r}; choose one of {offered}"
        ),
    )
    seats: int = field(
        default=3, metadata=setting("Players", help="How many", what="the number of players", low=2, high=6, rule="C1")
    )
    humans: int = field(
        default=1, metadata=setting("People", help="People", what="the people", low=1, high=6, at_most="seats")
    )
    seed: int = field(
        default=5, metadata=setting("Seed", help="Seed", what="the seed", low=0, high=99, control="number")
    )
    no_data: str = rule_option(ClassicRules, "no_data")
    round_limit: int | None = rule_option(
        ClassicRules, "round_limit", high=100, number_label="comparisons", on_value=50
    )
    note: str = "not a setting"


def test_a_rule_option_only_programs_set_is_never_a_settings_field() -> None:
    with pytest.raises(ValueError, match=r"ClassicRules\.simulation is set by programs only"):
        rule_option(ClassicRules, "simulation")


def test_check_settings_names_the_first_wrong_value() -> None:
    choices = {"deck": ("a", "b")}
    check_settings(_Settings(), choices=choices)
    cases = [
        (_Settings(deck="z"), "there is no deck called 'z'; choose one of 'a', 'b'"),
        (_Settings(seats=True), "the number of players must be a whole number from 2 to 6; got True"),
        (_Settings(seats=4, humans=5), "the people must be from 1 to the number of players (4); got 5"),
        (_Settings(seed=100), "the seed must be a whole number from 0 to 99; got 100"),
        (_Settings(no_data="maybe"), "“A card shows n/a” must be “n/a makes a tie” or “n/a cannot win”; got 'maybe'"),
        (
            _Settings(round_limit=0),
            "“Stop after a number of comparisons” must be off or a whole number from 1 to 100; got 0",
        ),
    ]
    for value, message in cases:
        with pytest.raises(RuleOptionError) as caught:
            check_settings(value, choices=choices)
        assert str(caught.value) == message


def test_the_form_is_built_from_the_metadata_and_keeps_the_last_good_settings() -> None:
    button = ipw.Button(description="Go")
    form = SettingsForm(
        _Settings,
        _Settings(),
        choices={"deck": [("Deck A", "a"), ("Deck B", "b")]},
        rows=[("deck", "seats", "humans"), ("seed",), Heading("Rule options"), ("no_data",), ("round_limit",)],
        button=button,
    )
    c = form.controls
    assert set(c) == {"deck", "seats", "humans", "seed", "no_data", "round_limit_on", "round_limit"}
    assert c["deck"].options == (("Deck A", "a"), ("Deck B", "b")) and c["deck"].value == "b"
    assert list(c["seats"].options) == [2, 3, 4, 5, 6]
    assert c["seats"].tooltip == "How many" and c["seed"].description == "Seed"
    assert isinstance(c["seed"], ipw.IntText) and isinstance(c["no_data"], ipw.ToggleButtons)
    assert c["no_data"].options == (("n/a makes a tie (usual)", "tie"), ("n/a cannot win", "loses"))
    assert c["no_data"].value == "tie" and c["no_data"].description == "A card shows n/a"
    assert c["round_limit_on"].description == "Stop after a number of comparisons"
    assert c["round_limit_on"].value is False and c["round_limit"].value == 50
    assert form.box.children[-1] is button and "tt-settings" in form.box._dom_classes
    c["seed"].value = 500
    with pytest.raises(RuleOptionError, match="the seed must be a whole number from 0 to 99; got 500"):
        form.read()
    assert form.value == _Settings() and c["seed"].value == 500  # the page keeps what was typed
    c["seed"].value = 7
    c["round_limit_on"].value = True
    assert form.read(seats=4) == _Settings(seats=4, seed=7, round_limit=50) == form.value
    form.show(_Settings(deck="a", no_data="loses"))
    assert (c["deck"].value, c["no_data"].value, c["round_limit_on"].value, c["seats"].value) == (
        "a",
        "loses",
        False,
        3,
    )
    assert form.read() == _Settings(deck="a", no_data="loses")
    form.box.close()
