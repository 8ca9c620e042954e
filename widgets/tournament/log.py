"""The arena's log: one line per event, the pin notes beside the tracks, and the mini-game's story.

`ArenaLog` is the part of `TournamentArena` that reads events in order and
keeps what happened: the log (newest first), the last award beside each pin
track (with the Pin Master who handed it out, T1), the events of the
mini-game in play and the last spin.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.events import CardsDiscarded, CardsDrawn, GameEnded, Revealed, SeatOut, StayerDrawn, Tied, Won
from toptrumps_core.protocol import Event, Outcome, Seat, Termination
from toptrumps_core.tournament.arena import SECTORS, CardsDealt, CardsReturned, DeckSpun, MiniGameOver, Sector
from toptrumps_core.tournament.duel import ChooserPassed, DuelWon, TieSettled
from toptrumps_core.tournament.finale import (
    PIN_LIMIT,
    DeckShuffled,
    FinaleCardsAllotted,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
)
from toptrumps_core.tournament.game import (
    FinaleBegan,
    MiniGameSpun,
    StarterDrawn,
    TurnPassed,
)
from toptrumps_core.tournament.head_to_head import OpponentPicked
from toptrumps_core.tournament.hilo import (
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoLaid,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoStackRanOut,
    HiLoTurned,
)
from toptrumps_core.tournament.my_game import DeckPicked
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.steal_a_pin import NothingToSteal
from widgets._toolkit import (
    and_list,
    plural,
    value_text,
)

__all__ = ["LOG_LINES", "RULE_IDS", "ArenaLog", "LogContext"]

LOG_LINES = 80
"""How many lines the log keeps, newest first."""

RULE_IDS: Mapping[Sector, str] = {
    Sector.MY_GAME: "T10",
    Sector.HEAD_TO_HEAD: "T9",
    Sector.SHOOT_OUT: "T11",
    Sector.HI_LO: "T12",
    Sector.STEAL_A_PIN: "T13",
    Sector.GRAB_TWO_PINS: "T14",
}
"""The rule ID of each mini-game."""


@dataclass
class LogContext:
    """What the log needs to know while reading events in order."""

    active: Seat | None = None
    sector: Sector | None = None
    finale: bool = False
    opening: int | None = None
    category: int | None = None


class ArenaLog:
    """The part of `TournamentArena` that reads events into the log, the pin notes and the mini-game's story.

    A mixin of `TournamentArena`: it keeps the arena's log, pin notes,
    mini-game events, context and last spin, read in event order.
    """

    def _absorb(self, events: Iterable[Event]) -> tuple[str, int, Seat | None, bool] | None:
        """Reads events in order into the log, the pin notes and the mini-game's story.

        Returns the last spin among them, or None.
        """
        lines: list[str] = []
        spun: tuple[str, int, Seat | None, bool] | None = None
        for event in events:
            if isinstance(event, MiniGameSpun):
                self._mini_events = []
                self._ctx.sector, self._ctx.finale, self._ctx.opening, self._ctx.category = (
                    event.sector,
                    False,
                    None,
                    None,
                )
                self._ctx.active = event.seat
                spun = ("mini_game", SECTORS.index(event.sector), event.seat, False)
            elif isinstance(event, FinaleBegan):
                self._mini_events = []
                self._ctx.sector, self._ctx.finale, self._ctx.opening, self._ctx.category = None, True, None, None
            elif isinstance(event, DeckSpun):
                spun = ("deck", event.opening, self._ctx.active, self._ctx.finale)
            self._mini_events.append(event)
            lines.append(self._log_line(event))
            self._track(event)
            if isinstance(event, Revealed) and self._hot_seat:
                self._viewer = None  # the cards go face down until the next person is ready
        if spun is not None:
            self._last_spin = spun
        self._log = ([line for line in reversed(lines) if line] + self._log)[:LOG_LINES]
        return spun

    def _track(self, event: Event) -> None:
        """Keeps the context up to date and notes each pin award beside its track."""
        ctx = self._ctx
        if isinstance(event, (StarterDrawn, TurnPassed)):
            ctx.active = event.seat
        elif isinstance(event, (DeckSpun, DeckPicked)):
            ctx.opening = event.opening
        elif isinstance(event, HiLoCategoryChosen):
            ctx.category = event.category
        elif isinstance(event, PinAwarded):
            where = svg.sector_label(ctx.sector) if ctx.sector is not None else "the tournament"
            master = self._names[event.pin_master]
            if event.robbed is not None:
                self._notes[event.seat] = f"+1 stolen from {self._names[event.robbed]} · Pin Master: {master}"
                self._notes[event.robbed] = f"−1 stolen by {self._names[event.seat]} · Pin Master: {master}"
            else:
                self._notes[event.seat] = f"+{event.count} in {where} · Pin Master: {master}"

    # -- words ----------------------------------------------------------------------------------------

    def _deck_in_play(self) -> Deck | None:
        opening = self._ctx.opening
        return None if opening is None else self._rules.openings[opening]

    def _card_words(self, card: int, category: int | None) -> str:
        deck = self._deck_in_play()
        if deck is None:
            return "a card"
        name = deck.cards[card].name
        if category is None:
            return name
        return f"{name} {value_text(deck.categories[category], deck.cards[card].values[category])}"

    def _category_name(self, category: int) -> str:
        deck = self._deck_in_play()
        return deck.categories[category].name if deck is not None else f"category {category + 1}"

    def _game_name(self) -> str:
        if self._ctx.finale:
            return "the Finale"
        return svg.sector_label(self._ctx.sector) if self._ctx.sector is not None else "the mini-game"

    def _log_line(self, event: Event) -> str:
        """Returns one line of the log for `event` ("" for events not worth a line)."""
        ctx = self._ctx
        names = self._names
        match event:
            case StarterDrawn(seat=seat):
                starts = names.subject(seat, "start", "starts")
                return f"{starts} the tournament: the spin for who starts chose {names.whom(seat)} (T3)."
            case MiniGameSpun(seat=seat, sector=sector):
                return f"{names.subject(seat, 'spin', 'spins')}: {svg.sector_label(sector)}! ({RULE_IDS[sector]})"
            case TurnPassed(seat=seat):
                return f"The turn passes left to {names.whom(seat)}."
            case FinaleBegan(full=full):
                who = and_list([names.whose(s) for s in full])
                return f"{who[:1].upper() + who[1:]} track is full: the Finale begins! (T15)"
            case DeckSpun(opening=opening, deck=deck):
                return f"The spinner chose deck {opening + 1}: {deck}."
            case DeckPicked(seat=seat, opening=opening, deck=deck):
                return f"{names.subject(seat, 'pick', 'picks')} deck {opening + 1}, {deck}, for My Game."
            case OpponentPicked(seat=seat, opponent=opponent):
                return f"{names.subject(seat, 'pick', 'picks')} {names.whom(opponent)} for Head to Head."
            case CardsDealt(opening=opening, counts=counts):
                dealt = ", ".join(f"{names[s]} {n}" for s, n in enumerate(counts) if n)
                return f"Dealt from {self._rules.openings[opening].name}: {dealt}."
            case CardsReturned(opening=opening, count=count):
                return f"{plural(count, 'card')} went back under the {self._rules.openings[opening].name} stack (T2)."
            case Revealed(chooser=chooser, category=category, cards=cards):
                ctx.category = category
                shown = " · ".join(f"{names[s]}: {self._card_words(c, category)}" for s, c in cards)
                if chooser is None:
                    return f"{self._category_name(category)} again — {shown}"
                return f"{names.subject(chooser, 'choose', 'chooses')} {self._category_name(category)} — {shown}"
            case Won(seat=seat, cards=(card, *_)):
                keeps = "keep" if names[seat] == "You" else "keeps"
                return f"{names.subject(seat, 'win', 'wins')} with {self._card_words(card, None)} and {keeps} it (T5)."
            case CardsDiscarded(cards=cards):
                thrown = ", ".join(f"{self._card_words(c, None)} ({names[s]})" for s, c in cards)
                return f"Discarded face up: {thrown}."
            case Tied(category=category, seats=tied, again=again):
                why = f"tie between {and_list([names.whom(s) for s in tied])}" if tied else "tie (a card has no data)"
                who = and_list([names.whom(s) for s in again])
                return f"A {why}: {who} compare {self._category_name(category)} again (T6)."
            case SeatOut(seat=seat):
                return f"{names.subject(seat, 'are', 'is')} out of cards."
            case CardsDrawn(cards=cards):
                who = and_list([names.whom(s) for s, _ in cards])
                return f"{who[:1].upper() + who[1:]} ran out in the tie: each gets a new card from the stack (T7)."
            case StayerDrawn(seat=seat, among=among):
                stays = names.subject(seat, "stay", "stays", start=False)
                return f"Drawn by lot among {and_list([names.whom(s) for s in among])}: {stays} in (T7)."
            case TieSettled(seat=seat):
                wins = "win" if names[seat] == "You" else "wins"
                return f"{names.subject(seat, 'are', 'is')} the only one left in the tie and {wins} it."
            case ChooserPassed(seat=seat):
                return f"The chooser is out: {names.subject(seat, 'choose', 'chooses', start=False)} next (T10)."
            case DuelWon(seat=seat):
                wins = "win" if names[seat] == "You" else "wins"
                return f"{names.subject(seat, 'are', 'is')} the last holding cards and {wins} {self._game_name()}!"
            case MiniGameOver(sector=sector, winners=winners):
                if winners:
                    return f"{svg.sector_label(sector)} is over: {and_list([names.whom(s) for s in winners])} won pins."
                return f"{svg.sector_label(sector)} is over: no pins this time."
            case PinAwarded(seat=seat, count=count, pin_master=master, robbed=robbed):
                if robbed is not None:
                    return (
                        f"Pin Master {names[master]} moves a pin from {names.whose(robbed)} track to "
                        f"{names.whose(seat)} (T13)."
                    )
                return f"Pin Master {names[master]} gives {plural(count, 'pin')} to {names.whom(seat)}."
            case PinsNotTaken(seat=seat, count=count, reason=reason):
                why = "the track is full" if reason == "track_full" else "the supply is empty"
                return f"{names.subject(seat, 'cannot', 'cannot')} take {plural(count, 'pin')}: {why} (T14)."
            case NothingToSteal(seat=seat):
                return f"Nobody has a pin to steal: {names.subject(seat, 'spin', 'spins', start=False)} again (T13)."
            case DeckShuffled(opening=opening):
                return f"The {self._rules.openings[opening].name} stack is shuffled for the Finale (T16)."
            case FinaleCardsAllotted(cards=cards, pins_in_play=pins, by_rank=by_rank):
                dealt = ", ".join(f"{names[s]} {n}" for s, n in enumerate(cards) if n)
                how = f"more than {PIN_LIMIT} pins, so 6, 5, 4… cards by rank" if by_rank else "one card per pin"
                return f"Finale cards ({pins} pins in play: {how}): {dealt} (T16)."
            case FirstChooserDrawn(seat=seat, among=among):
                first = names.whom(seat)
                return f"{and_list([names[s] for s in among])} share the most pins: a spin chose {first} to go first."
            case FinaleUncontested(seat=seat):
                return f"Only {names.whom(seat)} {'have' if names[seat] == 'You' else 'has'} pins: no Finale to play."
            case FinaleWon(seat=seat):
                return f"{names.subject(seat, 'win', 'wins')} the Finale!"
            case HiLoLaid():
                return "Hi Lo: three cards are laid face down and the first is turned."
            case HiLoTurned(slot=slot, card=card):
                return f"Card {slot + 1} turned: {self._card_words(card, ctx.category)}."
            case HiLoPutAside(card=card):
                return f"{self._card_words(card, None)} has no data: put aside and replaced by the next card (T12)."
            case HiLoCategoryChosen(category=category):
                player = ctx.active if ctx.active is not None else 0
                return f"{names.subject(player, 'choose', 'chooses')} {self._category_name(category)} for Hi Lo."
            case HiLoCalled(slot=slot, direction=direction, right=right):
                player = ctx.active if ctx.active is not None else 0
                verdict = "right ✓" if right else "wrong ✗"
                return f"{names.subject(player, 'call', 'calls')} {direction} for card {slot + 1}: {verdict}."
            case HiLoRowClosedUp():
                return "The stack is empty: the row closes up."
            case HiLoStackRanOut():
                return "No card is left to turn: Hi Lo ends."
            case HiLoEnded(pins=pins):
                return f"Hi Lo is over: {plural(pins, 'pin')} earned."
            case GameEnded(outcome=outcome):
                return f"🏆 {self._headline(outcome)}"
            case _:
                return ""

    def _headline(self, outcome: Outcome) -> str:
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED or not winners:
            return "Unfinished — the tournament was stopped before anyone won."
        return f"{self._names.subject(winners[0], 'win', 'wins')} the tournament!"
