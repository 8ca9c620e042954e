"""Every event of every game reads as one sentence, the same everywhere (toptrumps_core.narration)."""

from __future__ import annotations

import importlib
import pkgutil
import re
import typing

import pytest

import toptrumps_core
from tests.core.tournament.tournament_helpers import COST, POWER, SPEED, make_big, make_tiny
from toptrumps_core.classic import ClassicRules
from toptrumps_core.events import (
    CardsDiscarded,
    CardsDrawn,
    ChooserDrawn,
    Dealt,
    GameEnded,
    PotCollected,
    Revealed,
    SeatOut,
    StayerDrawn,
    Tied,
    Won,
)
from toptrumps_core.narration import NARRATED_EVENTS, GameEvent, Narrator
from toptrumps_core.play import play
from toptrumps_core.protocol import Event, Outcome, Termination
from toptrumps_core.tournament import (
    ArenaRules,
    CardsDealt,
    CardsReturned,
    ChooserPassed,
    DeckPicked,
    DeckShuffled,
    DeckSpun,
    DuelWon,
    FinaleBegan,
    FinaleCardsAllotted,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
    MiniGameOver,
    MiniGameSpun,
    NothingToSteal,
    OpponentPicked,
    PinAwarded,
    PinsNotTaken,
    Sector,
    StarterDrawn,
    TieSettled,
    TournamentRules,
    TurnPassed,
)
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.hilo import (
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
from toptrumps_core.tournament.shoot_out import ShootOutRules

TINY = make_tiny()
ACE, BAT, COW, DOE = (TINY.index_of(n) for n in ("Ace", "Bat", "Cow", "Doe"))
NAMES = ("You", "Computer 1", "Computer 2")


def tournament_narrator() -> Narrator:
    return Narrator(ArenaRules(TINY, seats=3), NAMES)


# (event, sentence) in the order a narrator meets them; the tournament's narrator
# is told a duel is underway (Head to Head), then Shoot Out, then Hi Lo.
CLASSIC: list[tuple[Event, str]] = [
    (Dealt((4, 3, 3), 0), "Shuffled and dealt: You 4, Computer 1 3, Computer 2 3. [C2]"),
    (
        Revealed(1, POWER, ((1, BAT), (2, COW), (0, ACE))),
        "Computer 1 chooses Power: Computer 1's Bat 5, Computer 2's Cow 5, your Ace 9.",
    ),
    (Won(0, POWER, (ACE, BAT, COW)), "You win with Ace 9 and take 3 cards. [C4]"),
    (Won(1, COST, (BAT, COW, ACE)), "Computer 1 wins with Bat £2 (lower wins) and takes 3 cards. [C4]"),
    (
        Tied(SPEED, (1, 2), 3),
        "A tie between Computer 1 and Computer 2: the cards go to the pot, which now holds 3 cards. [C5]",
    ),
    (Tied(COST, (), 6), "A tie (a card has no data): the cards go to the pot, which now holds 6 cards. [C6]"),
    (PotCollected(2, (ACE, BAT)), "Computer 2 takes the pot (2 cards)."),
    (SeatOut(0), "You are out of cards. [C7]"),
    (
        ChooserDrawn(2, (1, 2)),
        "The chooser ran out: drawn by lot among Computer 1 and Computer 2, Computer 2 chooses next. [C8]",
    ),
    (
        GameEnded(Outcome(Termination.LAST_STACK, frozenset({0}))),
        "Game over: You win! You hold every card still in play. [C7]",
    ),
    (
        GameEnded(Outcome(Termination.DRAW_ALL_OUT, frozenset({0, 2}))),
        "Game over: a tie left nobody holding cards, a draw between you and Computer 2. [C7]",
    ),
    (
        GameEnded(Outcome(Termination.ROUND_LIMIT, frozenset({1}))),
        "Game over: the round limit is reached and Computer 1 holds the most cards. [C11]",
    ),
    (
        GameEnded(Outcome(Termination.ROUND_LIMIT, frozenset({0, 1}))),
        "Game over: the round limit is reached, a draw between you and Computer 1. [C11]",
    ),
    (
        GameEnded(Outcome(Termination.UNFINISHED, frozenset())),
        "Game over: the game was stopped because it could go round forever, so nobody wins. [C12]",
    ),
]

TOURNAMENT: list[tuple[Event, str]] = [
    (StarterDrawn(1), "The spin for who starts chose Computer 1. [T3]"),
    (MiniGameSpun(1, Sector.HEAD_TO_HEAD), "Computer 1 spins: Head to Head! [T9]"),
    (DeckSpun(2, "Tiny"), "The spinner chose deck 3: Tiny."),
    (OpponentPicked(1, 0), "Computer 1 picks you for Head to Head. [T9]"),
    (CardsDealt(2, (3, 3, 0)), "Dealt from Tiny: You 3, Computer 1 3. [T2]"),
    (Revealed(None, POWER, ((0, ACE), (1, BAT))), "Power again: your Ace 9, Computer 1's Bat 5. [T6]"),
    (Won(0, POWER, (ACE,)), "You win with Ace 9 and keep it. [T5]"),
    (CardsDiscarded(((1, BAT), (2, COW))), "Discarded face up: Computer 1's Bat, Computer 2's Cow."),
    (
        Tied(POWER, (1, 2), again=(1, 2)),
        "A tie between Computer 1 and Computer 2: Computer 1 and Computer 2 compare Power again. [T6]",
    ),
    (
        Tied(COST, (), again=(0, 1, 2)),
        "A tie (a card has no data): you, Computer 1 and Computer 2 compare Cost again. [T6]",
    ),
    (
        CardsDrawn(((0, ACE), (1, BAT))),
        "You and Computer 1 ran out in the tie: each gets a new card from the stack. [T7]",
    ),
    (StayerDrawn(1, (0, 1)), "The stack ran short: drawn by lot among you and Computer 1, Computer 1 stays in. [T7]"),
    (SeatOut(1), "Computer 1 is out of cards. [T5]"),
    (TieSettled(0), "You are the only one left in the tie and win it. [T6]"),
    (ChooserPassed(2), "The chooser is out: Computer 2 chooses next. [T10]"),
    (DuelWon(0), "You are the last holding cards and win Head to Head!"),
    (PinAwarded(0, 1, 2), "The Pin Master (Computer 2) gives 1 pin to you. [T1]"),
    (PinAwarded(1, 1, 0, robbed=0), "The Pin Master (you) moves a pin from your track to Computer 1's. [T13]"),
    (PinsNotTaken(2, 2, "track_full"), "Computer 2 cannot take 2 pins: the track is full. [T14]"),
    (PinsNotTaken(0, 1, "supply_empty"), "You cannot take 1 pin: the supply is empty. [T14]"),
    (CardsReturned(2, 7), "7 cards went back under the Tiny stack. [T2]"),
    (MiniGameOver(Sector.HEAD_TO_HEAD, (0,)), "Head to Head is over: you won 1 pin."),
    (TurnPassed(2), "The turn passes left to Computer 2. [T3]"),
    (MiniGameSpun(2, Sector.SHOOT_OUT), "Computer 2 spins: Shoot Out! [T11]"),
    (
        Revealed(None, SPEED, ((1, BAT), (2, COW))),
        "Speed again: Computer 1's Bat 5 km/h, Computer 2's Cow 3 km/h. [T11]",
    ),
    (
        Tied(SPEED, (1, 2), again=(1, 2)),
        "A tie between Computer 1 and Computer 2: Computer 1 and Computer 2 compare Speed again. [T11]",
    ),
    (CardsDrawn(((1, ACE), (2, DOE))), "Computer 1 and Computer 2 get a new card from the stack. [T11]"),
    (Won(1, SPEED, (BAT,)), "Computer 1 wins with Bat 5 km/h. [T11]"),
    (
        StayerDrawn(2, (1, 2)),
        "The stack ran short: drawn by lot among Computer 1 and Computer 2, Computer 2 wins the pin. [T11]",
    ),
    (MiniGameOver(Sector.SHOOT_OUT, ()), "Shoot Out is over: no pins this time."),
    (MiniGameSpun(0, Sector.STEAL_A_PIN), "You spin: Steal a Pin! [T13]"),
    (NothingToSteal(0), "Nobody has a pin to steal. [T13]"),
    (MiniGameOver(Sector.STEAL_A_PIN, ()), "Steal a Pin is not played: you spin again. [T13]"),
    (MiniGameSpun(0, Sector.MY_GAME), "You spin: My Game! [T10]"),
    (DeckPicked(0, 4, "Tiny"), "You pick deck 5, Tiny, for My Game. [T10]"),
    (MiniGameSpun(1, Sector.HI_LO), "Computer 1 spins: Hi Lo! [T12]"),
    (HiLoLaid(3, 7), "3 cards laid face down from the stack (7 left in it). [T12]"),
    (HiLoTurned(0, ACE), "First card turned: Ace."),
    (HiLoCategoryChosen(COST), "Computer 1 chooses Cost for Hi Lo. [T12]"),
    (HiLoTurned(1, BAT), "Second card turned: Bat £2."),
    (HiLoCalled(1, "lower", True), "Computer 1 calls lower for the second card: right ✓"),
    (HiLoPutAside(2, DOE, COST), "Doe has no data for Cost: put aside and replaced by the next card. [T12]"),
    (HiLoPutAside(0, DOE, None), "Doe has no data at all: put aside and replaced by the next card. [T12]"),
    (HiLoRowClosedUp(2), "The stack is empty: the next face-down card moves up. [T12]"),
    (HiLoStackRanOut(2), "No card is left to turn: Hi Lo ends. [T12]"),
    (HiLoCalled(2, "higher", False), "Computer 1 calls higher for the third card: wrong ✗"),
    (HiLoEnded(1, "wrong_call"), "Computer 1 earns 1 pin in Hi Lo. [T12]"),
    (PinAwarded(1, 1, 1), "The Pin Master (Computer 1) gives 1 pin to Computer 1. [T1]"),
    (MiniGameOver(Sector.HI_LO, (1,)), "Hi Lo is over: Computer 1 won 1 pin."),
    (FinaleBegan((0, 2)), "Your and Computer 2's tracks are full: the Finale begins! [T15]"),
    (DeckShuffled(1), "The Tiny stack is shuffled for the Finale. [T16]"),
    (
        FinaleCardsAllotted((6, 5, 5), 31, True),
        "Finale cards (31 pins in play: more than 30, so 6, 5, 4, 3, 2, 1 cards by rank): You 6, Computer 1 5, "
        "Computer 2 5. [T16]",
    ),
    (
        FinaleCardsAllotted((3, 0, 2), 5, False),
        "Finale cards (5 pins in play: one card per pin): You 3, Computer 2 2. [T16]",
    ),
    (
        FirstChooserDrawn(2, (0, 2)),
        "You and Computer 2 share the most pins: a spin chose Computer 2 to choose first. [T16]",
    ),
    (DuelWon(2), "Computer 2 is the last holding cards and wins the Finale!"),
    (FinaleWon(2), "Computer 2 wins the Finale and the tournament! [T16]"),
    (FinaleUncontested(0), "Only you have pins: no Finale to play. [T16]"),
    (GameEnded(Outcome(TournamentEnd.FINALE_WON, frozenset({0}))), "Game over: you win the tournament! [T16]"),
]


def test_narration_every_event_class_of_the_core_has_a_sentence_here() -> None:
    for module in pkgutil.walk_packages(toptrumps_core.__path__, "toptrumps_core."):
        importlib.import_module(module.name)

    def subclasses(cls: type) -> set[type]:
        found = set(cls.__subclasses__())
        return found.union(*(subclasses(c) for c in found)) if found else found

    core = {c.__name__ for c in subclasses(Event) if c.__module__.startswith("toptrumps_core.")}
    narrated = {c.__name__ for c in NARRATED_EVENTS}
    card_games = {c.__name__ for c in typing.get_args(GameEvent)}
    tested = {type(event).__name__ for event, _ in CLASSIC + TOURNAMENT}
    assert core == narrated
    assert card_games == tested


def test_narration_classic_sentences() -> None:
    narrator = Narrator(ClassicRules(TINY, seats=3), NAMES)
    for event, sentence in CLASSIC:
        assert narrator.tell(event).cited() == sentence


def test_narration_tournament_sentences_follow_the_games_in_order() -> None:
    narrator = tournament_narrator()
    for event, sentence in TOURNAMENT:
        assert narrator.tell(event).cited() == sentence


def test_narration_shoot_out_rules_narrate_its_ties_as_t11() -> None:
    narrator = Narrator(ShootOutRules(TINY, seats=3), NAMES)
    told = narrator.tell(Tied(POWER, (0, 1), again=(0, 1)))
    assert told.text.endswith("compare Power again.") and told.rules == ("T11",)


def test_narration_default_names_are_seat_numbers_in_the_third_person() -> None:
    narrator = Narrator(HiLoRules(TINY))
    assert narrator.names == ("Seat 0",)
    assert narrator.narrate(HiLoCategoryChosen(SPEED)) == "Seat 0 chooses Speed for Hi Lo."


def test_narration_refuses_names_that_do_not_match_the_seats() -> None:
    with pytest.raises(ValueError, match="expected 3 names"):
        Narrator(ArenaRules(TINY, seats=3), ["You"])


def test_narration_every_event_of_seeded_games_reads_as_one_sentence() -> None:
    records = [
        play(ClassicRules(TINY, seats=3), None, seed=5),
        play(TournamentRules(make_big(), seats=3), None, seed=2),
        play(HiLoRules(TINY), None, seed=1),
    ]
    for record in records:
        sentences = Narrator(record.rules).narrate_all(record.events)
        assert len(sentences) == len(record.events)
        assert all(s and (s[0].isupper() or s[0].isdigit()) and "\n" not in s for s in sentences)


def test_narration_a_tournament_tells_each_mini_game_s_end_once_with_its_pins_in_order() -> None:
    record = play(TournamentRules(seats=4), None, seed=2024)  # Steal a Pin once finds nobody to rob
    sentences = Narrator(record.rules).narrate_all(record.events)
    ends = [s for s in sentences if " is over" in s or " is not played" in s]
    assert len(ends) == sum(isinstance(e, MiniGameOver) for e in record.events) > 5
    assert not [s for s in sentences if s.endswith(" won pins.")], "the pins won are counted"
    assert any(s.startswith("Hi Lo is over: ") and s.endswith((" won 1 pin.", " won 2 pins.")) for s in ends)
    nobody = [i for i, e in enumerate(record.events) if isinstance(e, NothingToSteal)]
    assert nobody
    for i in nobody:
        assert sentences[i] == "Nobody has a pin to steal."
        assert sentences[i + 1].startswith("Steal a Pin is not played: ") and sentences[i + 1].endswith(" again.")


def test_narration_hi_lo_on_its_own_tells_its_end_and_pins() -> None:
    narrator = Narrator(HiLoRules(TINY))
    assert narrator.narrate(HiLoEnded(2, "run_complete")) == "Hi Lo is over: 2 pins earned."


RULE_ID = re.compile(r"\b[CDTSQP]\d{1,2}\b")
"""A rule ID as RULES.md numbers rules (C5, T12, S3, Q8, P1, D4...)."""


def test_narration_words_name_no_rule_the_rules_are_data_beside_them() -> None:
    narrator = tournament_narrator()
    told = [narrator.tell(event) for event, _ in TOURNAMENT]
    told += [Narrator(ClassicRules(TINY, seats=3), NAMES).tell(event) for event, _ in CLASSIC]
    for record in (
        play(ClassicRules(TINY, seats=3), None, seed=5),
        play(TournamentRules(make_big(), seats=3), None, seed=2),
    ):
        told += Narrator(record.rules).tell_all(record.events)
    assert [t.text for t in told if RULE_ID.search(t.text)] == []
    assert all(RULE_ID.fullmatch(rule) for t in told for rule in t.rules)
    assert {"C4", "C7", "T3", "T16"} <= {rule for t in told for rule in t.rules}
