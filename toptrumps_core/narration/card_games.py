"""The card games' sentences: classic play, the tournament and its mini-games, Hi Lo.

A `Narrator` is built from the rules of a game and the seats' names; fed the
events of that game **in order**, it returns one plain-text sentence per
event, so the same event reads the same in the classic table, the
tournament arena, Hi Lo and the transcripts of `toptrumps_core.playthrough`,
and a translation has one package to change.

    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.classic import ChooseCategory, ClassicRules
    >>> d = Deck.from_rows("D", [Category("Speed", "km/h"), Category("Legs")], {"Ant": [3, 6], "Bat": [5, 2]})
    >>> rules = ClassicRules(d, seats=2)
    >>> step = rules.apply(rules.start_from(stacks=[["Ant"], ["Bat"]]), ChooseCategory(0))
    >>> narrator = Narrator(rules, ["You", "Computer 1"])
    >>> for event in step.events:
    ...     print(narrator.narrate(event))
    You choose Speed: your Ant 3 km/h, Computer 1's Bat 5 km/h.
    Computer 1 wins with Bat 5 km/h and takes 2 cards.
    You are out of cards.
    Game over: Computer 1 wins! Computer 1 holds every card still in play.
    >>> narrator.tell(step.events[1]).rules
    ('C4',)

How to use it:

- One narrator per game, fed every event of that game from the first, in
  order (``narrator.narrate_all(match.events)`` for a resumed game): a few
  events only make sense with what came before (which opening's deck a
  tournament card belongs to, who the active player of Hi Lo is, which
  category Hi Lo plays), and the narrator follows them.
- Seat names: a name equal to ``"You"`` is addressed in the second person
  ("You win", "you stay in", "your track"); any other name in the third
  ("Computer 1 wins").  Without names the seats are "Seat 0", "Seat 1"...
- A scenario start that begins after a tournament deck was chosen passes
  ``opening=`` (and the active player, ``active=``), as no event says so.
- Sentences speak in plain words and never name a rule by its ID: `tell`
  returns a `Sentence` whose ``rules`` hold the IDs of the rules it applies
  (as RULES.md numbers them, ``("T6",)``), for the rules panel, teacher
  notes and transcripts; `narrate` returns its words only.
  Values are written with their unit ("5 km/h", "£40"; no data "n/a").
- Every event class of the core has a sentence: the `match` over them ends
  in `assert_never`, so a new event class is a type error here until it is
  narrated, and a test checks every class defined in the core.

Rules version: sentences describe rules versions 1 and 2 alike.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn, TypeAlias, cast, get_args

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ClassicView
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
from toptrumps_core.narration.words import SeatWords, Sentence, and_list, capital, plural, said, value_words
from toptrumps_core.protocol import Event, Outcome, Seat, Termination
from toptrumps_core.tournament.arena import ArenaRules, TournamentEnd
from toptrumps_core.tournament.duel import ChooserPassed, DuelWon, TieSettled
from toptrumps_core.tournament.finale import (
    PIN_LIMIT,
    DeckShuffled,
    FinaleCardsAllotted,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
)
from toptrumps_core.tournament.game import FinaleBegan, MiniGameSpun, StarterDrawn, TurnPassed
from toptrumps_core.tournament.head_to_head import OpponentPicked
from toptrumps_core.tournament.hilo import HiLoView
from toptrumps_core.tournament.hilo_events import (
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoLaid,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoStackRanOut,
    HiLoTurned,
)
from toptrumps_core.tournament.mini_game import CardsDealt, CardsReturned, DeckSpun, MiniGameOver
from toptrumps_core.tournament.my_game import DeckPicked
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.spinner import SECTOR_NAMES, SECTOR_RULES, Sector
from toptrumps_core.tournament.steal_a_pin import NothingToSteal
from toptrumps_core.tournament.view import TournamentView

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """Fails loudly on a value the `match` statement did not expect."""
        raise AssertionError(f"unexpected value: {value!r}")


__all__ = ["GameEvent", "Narrator", "card_game_narrator", "card_game_view_text"]

GameEvent: TypeAlias = (
    Dealt
    | Revealed
    | Won
    | Tied
    | PotCollected
    | SeatOut
    | ChooserDrawn
    | CardsDiscarded
    | CardsDrawn
    | StayerDrawn
    | GameEnded
    | StarterDrawn
    | MiniGameSpun
    | TurnPassed
    | FinaleBegan
    | DeckSpun
    | DeckPicked
    | OpponentPicked
    | CardsDealt
    | CardsReturned
    | TieSettled
    | ChooserPassed
    | DuelWon
    | MiniGameOver
    | PinAwarded
    | PinsNotTaken
    | NothingToSteal
    | DeckShuffled
    | FinaleCardsAllotted
    | FirstChooserDrawn
    | FinaleUncontested
    | FinaleWon
    | HiLoLaid
    | HiLoTurned
    | HiLoPutAside
    | HiLoCategoryChosen
    | HiLoCalled
    | HiLoRowClosedUp
    | HiLoStackRanOut
    | HiLoEnded
)
"""Every event class of the core's games; `Narrator.narrate` has a sentence for each."""
EVENTS: frozenset[type[Event]] = frozenset(get_args(GameEvent))
"""Every event class this narrator tells (`toptrumps_core.narration.NARRATED_EVENTS` gathers them)."""

_GAME_NAMES = {
    "classic": "the game",
    "tournament": "the tournament",
    "finale": "the Finale",
    "hilo": "Hi Lo",
    "arena_hilo": "Hi Lo",
    **{sector.value: name for sector, name in SECTOR_NAMES.items()},
}
_SLOTS = ("first", "second", "third")


class Narrator(SeatWords):
    """Turns the events of one game, in order, into sentences (see the module docstring).

    Args:
        rules: The rules of the game the events come from: `ClassicRules`,
            `HiLoRules`, `TournamentRules`, a mini-game's or the Finale's
            rules, or any rules object with a ``deck``.
        names: One name per seat; ``"You"`` is addressed in the second
            person.  None: "Seat 0", "Seat 1"...
        opening: The tournament opening in use when the events start after
            the deck was chosen (a scenario start); None otherwise.
        active: The active player when the events start inside a mini-game
            (a scenario start); None: seat 0 until an event names one.

    Raises:
        ValueError: If `names` does not give one name per seat.
        TypeError: If `rules` is neither arena rules nor has a ``deck``.
    """

    def __init__(
        self,
        rules: object,
        names: Sequence[str] | None = None,
        *,
        opening: int | None = None,
        active: Seat | None = None,
    ) -> None:
        super().__init__(int(getattr(rules, "seats", 1)), names)
        deck = getattr(rules, "deck", None)
        if isinstance(rules, ArenaRules):
            self._decks: tuple[Deck, ...] = tuple(rules.openings)
        elif isinstance(deck, Deck):
            self._decks = (deck,)
        else:
            raise TypeError(f"expected the rules of a game with a deck; got {rules!r:.80}")
        self._opening = opening if opening is not None else 0
        self._game: str = str(getattr(rules, "family", "classic"))
        self._sector: Sector | None = getattr(rules, "sector", None)
        self._active: Seat = active if active is not None else 0
        self._category: int | None = None
        self._pins_won: dict[Seat, int] = {}  # pins handed out in the mini-game in play, by seat
        self._spins_again: Seat | None = None  # who spins again: Steal a Pin found nobody to rob (T13)

    # -- the public surface -----------------------------------------------------------

    @property
    def deck(self) -> Deck:
        """Returns the deck the next card events refer to (the opening in use, in a tournament)."""
        return self._decks[self._opening]

    def narrate_all(self, events: Iterable[Event]) -> list[str]:
        """Returns one sentence per event, in order, in plain words (no rule IDs)."""
        return [self.narrate(event) for event in events]

    def narrate(self, event: Event) -> str:
        """Returns the sentence for `event`, the next event of the game, in plain words (no rule IDs).

        Raises:
            AssertionError: If `event` is not an event class of the core
                (every one has a sentence; see `GameEvent`).
        """
        return self.tell(event).text

    def tell_all(self, events: Iterable[Event]) -> list[Sentence]:
        """Returns one `Sentence` per event, in order: its words and the rules it applies."""
        return [self.tell(event) for event in events]

    def tell(self, event: Event) -> Sentence:
        """Returns the `Sentence` for `event`, the next event of the game: its words and the rules it applies.

        Raises:
            AssertionError: If `event` is not an event class of the core
                (every one has a sentence; see `GameEvent`).
        """
        return self._sentence(cast(GameEvent, event))

    # -- words ---------------------------------------------------------------------------

    def _category_name(self, category: int) -> str:
        return self.deck.categories[category].name

    def _card(self, card: int, category: int | None = None) -> str:
        """Returns a card's name, with its value in `category` if one is given: "Bat 5 km/h"."""
        deck = self.deck
        name = deck.cards[card].name
        if category is None:
            return name
        return f"{name} {value_words(deck.categories[category], deck.cards[card].values[category])}"

    def _counts(self, counts: Sequence[int]) -> str:
        return ", ".join(f"{self.names[s]} {n}" for s, n in enumerate(counts) if n)

    def _game_name(self) -> str:
        return _GAME_NAMES.get(self._game, "the game")

    def _tie_rule(self) -> str:
        return "T11" if self._game == "shoot_out" else "T6"

    # -- the sentences ----------------------------------------------------------------

    def _sentence(self, event: GameEvent) -> Sentence:
        match event:
            # -- a comparison, in every card game (C4-C9, T5-T8, T11)
            case Dealt(stack_sizes=sizes, set_aside=aside):
                dealt = ", ".join(f"{self.names[s]} {n}" for s, n in enumerate(sizes))
                return said(f"Shuffled and dealt: {dealt}" + (f"; {aside} set aside" if aside else "") + ".", "C2")
            case Revealed(chooser=chooser, category=category, cards=cards):
                shown = ", ".join(f"{self._whose(s)} {self._card(c, category)}" for s, c in cards)
                if chooser is None:
                    return said(f"{self._category_name(category)} again: {shown}.", self._tie_rule())
                chooses = self._subject(chooser, "choose", "chooses")
                return said(f"{chooses} {self._category_name(category)}: {shown}.")
            case Won(seat=seat, category=category, cards=cards):
                wins = self._subject(seat, "win", "wins")
                best = self._card(cards[0], category)
                if not self.deck.categories[category].higher_is_better:
                    best += " (lower wins)"
                if self._game == "shoot_out":
                    return said(f"{wins} with {best}.", "T11")
                if len(cards) == 1:  # the tournament: the winner keeps their own card (T5)
                    return said(f"{wins} with {best} and {'keep' if self._you(seat) else 'keeps'} it.", "T5")
                takes = "take" if self._you(seat) else "takes"
                return said(f"{wins} with {best} and {takes} {plural(len(cards), 'card')}.", "C4")
            case Tied(category=category, seats=seats, pot_size=pot_size, again=again):
                why = f"A tie between {self._seats(seats)}" if seats else "A tie (a card has no data)"
                if again:
                    name = self._category_name(category)
                    return said(f"{why}: {self._seats(again)} compare {name} again.", self._tie_rule())
                rule = "C5" if seats else "C6"
                return said(f"{why}: the cards go to the pot, which now holds {plural(pot_size, 'card')}.", rule)
            case PotCollected(seat=seat, cards=cards):
                return said(f"{self._subject(seat, 'take', 'takes')} the pot ({plural(len(cards), 'card')}).")
            case SeatOut(seat=seat):
                rule = "C7" if self._game == "classic" else "T5"
                return said(f"{self._subject(seat, 'are', 'is')} out of cards.", rule)
            case ChooserDrawn(seat=seat, among=among):
                chooses = self._subject(seat, "choose", "chooses", start=False)
                return said(f"The chooser ran out: drawn by lot among {self._seats(among)}, {chooses} next.", "C8")
            case CardsDiscarded(cards=cards):
                thrown = ", ".join(f"{self._whose(s)} {self._card(c)}" for s, c in cards)
                return said(f"Discarded face up: {thrown}.")
            case CardsDrawn(cards=cards):
                who = capital(self._seats(s for s, _ in cards))
                if self._game == "shoot_out":
                    return said(f"{who} {'gets' if len(cards) == 1 else 'get'} a new card from the stack.", "T11")
                return said(f"{who} ran out in the tie: each gets a new card from the stack.", "T7")
            case StayerDrawn(seat=seat, among=among):
                if self._game == "shoot_out":
                    wins = self._subject(seat, "win", "wins", start=False)
                    return said(f"The stack ran short: drawn by lot among {self._seats(among)}, {wins} the pin.", "T11")
                stays = self._subject(seat, "stay", "stays", start=False)
                return said(f"The stack ran short: drawn by lot among {self._seats(among)}, {stays} in.", "T7")
            case GameEnded(outcome=outcome):
                return self._ended(outcome)
            # -- the tournament (T1-T4, T9-T16)
            case StarterDrawn(seat=seat):
                self._active = seat
                return said(f"The spin for who starts chose {self._whom(seat)}.", "T3")
            case MiniGameSpun(seat=seat, sector=sector):
                self._active, self._sector, self._game = seat, sector, sector.value
                self._pins_won = {}
                spins = self._subject(seat, "spin", "spins")
                return said(f"{spins}: {SECTOR_NAMES[sector]}!", SECTOR_RULES[sector])
            case TurnPassed(seat=seat):
                self._active = seat
                return said(f"The turn passes left to {self._whom(seat)}.", "T3")
            case FinaleBegan(full=full):
                self._game, self._sector = "finale", None
                tracks = capital(and_list([self._whose(s) for s in full]))
                return said(
                    f"{tracks} {'track is' if len(full) == 1 else 'tracks are'} full: the Finale begins!", "T15"
                )
            case DeckSpun(opening=opening, deck=deck):
                self._opening = opening
                return said(f"The spinner chose deck {opening + 1}: {deck}.")
            case DeckPicked(seat=seat, opening=opening, deck=deck):
                self._opening = opening
                return said(f"{self._subject(seat, 'pick', 'picks')} deck {opening + 1}, {deck}, for My Game.", "T10")
            case OpponentPicked(seat=seat, opponent=opponent):
                picks = self._subject(seat, "pick", "picks")
                return said(f"{picks} {self._whom(opponent)} for Head to Head.", "T9")
            case CardsDealt(opening=opening, counts=counts):
                self._opening = opening
                return said(f"Dealt from {self.deck.name}: {self._counts(counts)}.", "T2")
            case CardsReturned(opening=opening, count=count):
                name = self._decks[opening].name
                return said(f"{plural(count, 'card')} went back under the {name} stack.", "T2")
            case TieSettled(seat=seat):
                wins = "win" if self._you(seat) else "wins"
                return said(f"{self._subject(seat, 'are', 'is')} the only one left in the tie and {wins} it.", "T6")
            case ChooserPassed(seat=seat):
                chooses = self._subject(seat, "choose", "chooses", start=False)
                return said(f"The chooser is out: {chooses} next.", "T10")
            case DuelWon(seat=seat):
                wins = "win" if self._you(seat) else "wins"
                return said(
                    f"{self._subject(seat, 'are', 'is')} the last holding cards and {wins} {self._game_name()}!"
                )
            case MiniGameOver(sector=sector, winners=winners):
                self._game, won, self._pins_won = "tournament", self._pins_won, {}
                if self._spins_again is not None:
                    spins = self._subject(self._spins_again, "spin", "spins", start=False)
                    self._spins_again = None
                    return said(f"{SECTOR_NAMES[sector]} is not played: {spins} again.", "T13")
                if winners:
                    pins = [f"{self._whom(s)} won {plural(won[s], 'pin') if won.get(s) else 'pins'}" for s in winners]
                    return said(f"{SECTOR_NAMES[sector]} is over: {and_list(pins)}.")
                return said(f"{SECTOR_NAMES[sector]} is over: no pins this time.")
            case PinAwarded(seat=seat, count=count, pin_master=master, robbed=robbed):
                self._pins_won = {**self._pins_won, seat: self._pins_won.get(seat, 0) + count}  # a copy stays put
                if robbed is not None:
                    return said(
                        f"The Pin Master ({self._whom(master)}) moves a pin from {self._whose(robbed)} track "
                        f"to {self._whose(seat)}.",
                        "T13",
                    )
                return said(
                    f"The Pin Master ({self._whom(master)}) gives {plural(count, 'pin')} to {self._whom(seat)}.", "T1"
                )
            case PinsNotTaken(seat=seat, count=count, reason=reason):
                why = "the track is full" if reason == "track_full" else "the supply is empty"
                return said(f"{self._subject(seat, 'cannot', 'cannot')} take {plural(count, 'pin')}: {why}.", "T14")
            case NothingToSteal(seat=seat):
                self._spins_again = seat  # told by the MiniGameOver that follows
                return said("Nobody has a pin to steal.", "T13")
            case DeckShuffled(opening=opening):
                self._opening = opening
                return said(f"The {self.deck.name} stack is shuffled for the Finale.", "T16")
            case FinaleCardsAllotted(cards=cards, pins_in_play=pins, by_rank=by_rank):
                how = f"more than {PIN_LIMIT}, so 6, 5, 4, 3, 2, 1 cards by rank" if by_rank else "one card per pin"
                return said(f"Finale cards ({plural(pins, 'pin')} in play: {how}): {self._counts(cards)}.", "T16")
            case FirstChooserDrawn(seat=seat, among=among):
                share = capital(self._seats(among))
                return said(f"{share} share the most pins: a spin chose {self._whom(seat)} to choose first.", "T16")
            case FinaleUncontested(seat=seat):
                has = "have" if self._you(seat) else "has"
                return said(f"Only {self._whom(seat)} {has} pins: no Finale to play.", "T16")
            case FinaleWon(seat=seat):
                return said(f"{self._subject(seat, 'win', 'wins')} the Finale and the tournament!", "T16")
            # -- Hi Lo (T12)
            case HiLoLaid(count=count, stack_size=left):
                self._category = None
                return said(f"{plural(count, 'card')} laid face down from the stack ({left} left in it).", "T12")
            case HiLoTurned(slot=slot, card=card):
                return said(f"{capital(_SLOTS[slot])} card turned: {self._card(card, self._category)}.")
            case HiLoPutAside(card=card, category=category):
                lacks = f"no data for {self._category_name(category)}" if category is not None else "no data at all"
                return said(f"{self._card(card)} has {lacks}: put aside and replaced by the next card.", "T12")
            case HiLoCategoryChosen(category=category):
                self._category = category
                chooses = self._subject(self._active, "choose", "chooses")
                return said(f"{chooses} {self._category_name(category)} for Hi Lo.", "T12")
            case HiLoCalled(slot=slot, direction=direction, right=right):
                calls = self._subject(self._active, "call", "calls")
                verdict = "right ✓" if right else "wrong ✗"
                return said(f"{calls} {direction} for the {_SLOTS[slot]} card: {verdict}")
            case HiLoRowClosedUp():
                return said("The stack is empty: the next face-down card moves up.", "T12")
            case HiLoStackRanOut():
                return said("No card is left to turn: Hi Lo ends.", "T12")
            case HiLoEnded(pins=pins):
                if self._game == "hilo":
                    return said(f"Hi Lo is over: {plural(pins, 'pin')} earned.")
                # in the tournament, the MiniGameOver that follows tells the end
                return said(f"{self._subject(self._active, 'earn', 'earns')} {plural(pins, 'pin')} in Hi Lo.", "T12")
            case _:
                assert_never(event)

    def _ended(self, outcome: Outcome) -> Sentence:
        """Returns the sentence of `GameEnded`: who won and why (C7, C11, C12, T9-T14, T16)."""
        winners = sorted(outcome.winners)
        termination = outcome.termination
        if isinstance(termination, TournamentEnd):
            if termination is TournamentEnd.FINALE_WON:
                return said(
                    f"Game over: {self._subject(winners[0], 'win', 'wins', start=False)} the tournament!", "T16"
                )
            won = f"{self._seats(winners)} won" if winners else "nobody won"
            return said(f"Game over: {capital(self._game_name())} is over; {won}.")
        if not isinstance(termination, Termination):  # another family's own end reason: its value, in words
            return said(f"Game over ({termination.value.replace('_', ' ')}): {self._seats(winners) or 'nobody'} won.")
        match termination:
            case Termination.UNFINISHED:
                return said("Game over: the game was stopped because it could go round forever, so nobody wins.", "C12")
            case Termination.LAST_STACK:
                seat = winners[0]
                holds = self._subject(seat, "hold", "holds")
                return said(f"Game over: {self._subject(seat, 'win', 'wins')}! {holds} every card still in play.", "C7")
            case Termination.DRAW_ALL_OUT:
                return said(f"Game over: a tie left nobody holding cards, a draw between {self._seats(winners)}.", "C7")
            case Termination.ROUND_LIMIT:
                if len(winners) == 1:
                    holds = self._subject(winners[0], "hold", "holds", start=False)
                    return said(f"Game over: the round limit is reached and {holds} the most cards.", "C11")
                return said(f"Game over: the round limit is reached, a draw between {self._seats(winners)}.", "C11")
            case _:
                assert_never(termination)


# -- the family's hooks (`toptrumps_core.families.GameFamily`) ------------------------


def card_game_narrator(rules: object, names: Sequence[str] | None = None, start: object = None) -> Narrator:
    """Returns the `Narrator` of one card game, told where a scenario `start` begins.

    Args:
        rules: The rules of the game (see `Narrator`).
        names: One name per seat, or None for "Seat 0", "Seat 1"...
        start: A scenario start state (its opening in use, its active
            player), or None for a game from its initial state.

    Raises:
        ValueError: If `names` does not give one name per seat.
        TypeError: If `rules` is neither arena rules nor has a ``deck``.
    """
    opening = getattr(start, "opening", None)
    table = getattr(start, "table", None)
    active = getattr(table, "active", None)
    return Narrator(
        rules,
        names,
        opening=opening if isinstance(opening, int) else None,
        active=active if isinstance(active, int) else None,
    )


def card_game_view_text(view: object) -> str:
    """Returns what a seat of a card game sees, in a line: its top card, the counts (empty for another view)."""
    match view:
        case ClassicView():
            card = _card_text(view.deck, view.stack[0]) if view.stack else "no card"
            return f"top card {card}; stacks {list(view.stack_sizes)}; pot {len(view.pot)}"
        case TournamentView():
            if view.hilo is not None:
                return card_game_view_text(view.hilo)
            parts = []
            if view.stack and view.deck is not None:
                parts.append(f"top card {_card_text(view.deck, view.stack[0])}")
            if view.hand_sizes:
                parts.append(f"hands {list(view.hand_sizes)}")
            parts.append(f"tracks {list(view.tracks)}")
            return "; ".join(parts)
        case HiLoView():
            row = ", ".join("face down" if c is None else view.deck.cards[c].name for c in view.faces)
            category = "none yet" if view.category is None else view.deck.categories[view.category].name
            return f"row [{row}]; category {category}; pins {view.pins}"
        case _:
            return ""


def _card_text(deck: Deck, card: int) -> str:
    values = ", ".join(
        f"{category.name} {value_words(category, value)}"
        for category, value in zip(deck.categories, deck.cards[card].values, strict=True)
    )
    return f"{deck.cards[card].name} ({values})"
