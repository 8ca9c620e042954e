"""Squads' sentences: the deal, the mission, building, the reveal slot by slot, the end (rules S1-S7).

A `SquadsNarrator` is built from `SquadsRules` and the seats' names; fed
the events of one game in order, it returns one sentence per event.  While
building it names slots, never cards (nobody sees another's row, S3); a
narrator for the table (``rows_hidden=True``) says even less: another
seat's moves only as "Computer 1 places a card face up", no slot and no
pick-up, which is all a player's view shows of them (counts, S3).

    >>> from toptrumps_core.deckfiles import load_deck
    >>> from toptrumps_core.squads import SquadsRules, SquadBuilt
    >>> narrator = SquadsNarrator(SquadsRules(load_deck("animals"), seats=2), ["You", "Computer 1"])
    >>> narrator.narrate(SquadBuilt(1))
    "Computer 1's squad is built."
    >>> narrator.tell(SquadBuilt(1)).rules
    ('S3',)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn, TypeAlias, cast, get_args

from toptrumps_core.events import GameEnded
from toptrumps_core.narration.words import SeatWords, Sentence, and_list, capital, plural, said, value_words
from toptrumps_core.protocol import Event, Seat
from toptrumps_core.squads import (
    ROLE_NAMES,
    CardPickedUp,
    CardPlaced,
    MissionChosen,
    MissionSlot,
    Role,
    RoundScored,
    SlotScored,
    SquadBuilt,
    SquadsDealt,
    SquadsEnd,
    SquadsRevealed,
    SquadsRules,
    SquadsView,
)

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """Fails loudly on a value the `match` statement did not expect."""
        raise AssertionError(f"unexpected value: {value!r}")


__all__ = ["SquadsEvent", "SquadsNarrator", "squads_narrator", "squads_view_text"]

SquadsEvent: TypeAlias = (
    SquadsDealt
    | MissionChosen
    | CardPickedUp
    | CardPlaced
    | SquadBuilt
    | SquadsRevealed
    | SlotScored
    | RoundScored
    | GameEnded
)
"""Every event a game of Squads tells."""
EVENTS: frozenset[type[Event]] = frozenset(get_args(SquadsEvent))
"""Every event class this narrator tells (`toptrumps_core.narration.NARRATED_EVENTS` gathers them)."""


class SquadsNarrator(SeatWords):
    """Turns the events of one Squads game, in order, into sentences.

    Args:
        rules: The game's rules (for the deck, the seats and the missions).
        names: One name per seat; ``"You"`` is addressed in the second
            person.  None: "Seat 0", "Seat 1"...
        rows_hidden: True for the table's log: the building moves of every
            seat but "You" name no slot, and their pick-ups are not told
            (S3: players build without seeing each other's slots).  False
            (the default) for a full transcript, which names every slot.

    Raises:
        ValueError: If `names` does not give one name per seat.
    """

    def __init__(self, rules: SquadsRules, names: Sequence[str] | None = None, *, rows_hidden: bool = False) -> None:
        super().__init__(rules.seats, names)
        self.rules = rules
        self.rows_hidden = rows_hidden

    def tells(self, event: Event) -> bool:
        """Returns whether `event` has a sentence: all do, but another seat's pick-up when rows are hidden (S3)."""
        return not (self.rows_hidden and isinstance(event, CardPickedUp) and not self._you(event.seat))

    def narrate_all(self, events: Iterable[Event]) -> list[str]:
        """Returns one sentence per event that `tells`, in order, in plain words (no rule IDs)."""
        return [self.narrate(event) for event in events if self.tells(event)]

    def narrate(self, event: Event) -> str:
        """Returns the sentence for `event`, the next event of the game, in plain words (no rule IDs).

        Raises:
            AssertionError: If `event` is not a Squads event.
        """
        return self.tell(event).text

    def tell_all(self, events: Iterable[Event]) -> list[Sentence]:
        """Returns one `Sentence` per event that `tells`, in order: its words and the rules it applies."""
        return [self.tell(event) for event in events if self.tells(event)]

    def tell(self, event: Event) -> Sentence:
        """Returns the `Sentence` for `event`, the next event of the game: its words and the rules it applies.

        Raises:
            AssertionError: If `event` is not a Squads event.
        """
        match cast(SquadsEvent, event):
            case SquadsDealt(round=number, maker=maker, cards_each=k):
                makes = self._subject(maker, "make", "makes", start=False)
                return said(
                    f"Round {number}: the whole deck is shuffled and everyone gets {plural(k, 'card')} face down; "
                    f"{makes} the mission.",
                    "S1",
                    "S6",
                )
            case MissionChosen(maker=maker, mission=mission):
                roles = "; ".join(self._role(role, tokens, slot) for role, tokens, slot in mission.roles())
                return said(
                    f"{self._subject(maker, 'choose', 'chooses')} the mission “{mission.title}”: {roles}.", "S2"
                )
            case CardPickedUp(seat=seat) if self.rows_hidden and not self._you(seat):
                return said(f"{self._subject(seat, 'pick', 'picks')} up a card.", "S3")
            case CardPickedUp(seat=seat, slot=slot):
                return said(f"{self._subject(seat, 'pick', 'picks')} up the card in slot {slot + 1}.", "S3")
            case CardPlaced(seat=seat) if self.rows_hidden and not self._you(seat):
                return said(f"{self._subject(seat, 'place', 'places')} a card face up.", "S3")
            case CardPlaced(seat=seat, slot=slot, displaced=displaced):
                then = ""
                if displaced:
                    then = f" and {'take' if self._you(seat) else 'takes'} the card that was there"
                return said(f"{self._subject(seat, 'place', 'places')} a card face up in slot {slot + 1}{then}.", "S3")
            case SquadBuilt(seat=seat):
                return said(f"{capital(self._whose(seat))} squad is built.", "S3")
            case SquadsRevealed(rows=rows):
                return said(
                    f"Every squad is built: {plural(len(rows), 'row')} turned over, the mission slots count.", "S4"
                )
            case SlotScored(category=category, tokens=tokens, cards=cards, winners=winners):
                name = self.rules.deck.categories[category].name
                shown = ", ".join(self._played(seat, card, category) for seat, card in cards)
                if not winners:
                    return said(f"{name}: {shown}; no card has data, so nobody scores.", "S5")
                if len(winners) == 1:
                    wins = self._subject(winners[0], "win", "wins")
                    return said(f"{name}: {shown}. {wins} {plural(tokens, 'token')}.", "S5")
                who = capital(self._seats(winners))
                return said(f"{name}: {shown}. {who} tie for best and win {plural(tokens, 'token')} each.", "S5")
            case RoundScored(round=number, tokens=won, scores=scores):
                totals = ", ".join(f"{self._whom(s)} {t}" for s, t in enumerate(scores))
                gained = and_list([f"{self._whom(s)} +{w}" for s, w in enumerate(won) if w]) or "nobody scored"
                return said(f"Round {number} scored: {gained}. Tokens: {totals}.")
            case GameEnded(outcome=outcome):
                best = sorted(outcome.winners)
                assert outcome.termination is SquadsEnd.TOKENS_REACHED
                if len(best) == 1:
                    wins = self._subject(best[0], "win", "wins", start=False)
                    return said(f"Game over: {wins} with the most tokens.", "S7")
                return said(f"Game over: {self._seats(best)} share the most tokens, a tie.", "S7")
            case _:
                assert_never(cast(NoReturn, event))

    def _role(self, role: Role, tokens: int, slot: MissionSlot) -> str:
        """Returns one role of a mission in words: "Critical (3 tokens): Height, highest"."""
        deck = self.rules.deck
        category = deck.categories[deck.category_index(slot.category)]
        return f"{ROLE_NAMES[role]} ({plural(tokens, 'token')}): {slot.describe(category)}"

    def _played(self, seat: Seat, card: int, category: int) -> str:
        """Returns a seat's card in a slot with its value: "your Lion 80 km/h"."""
        deck = self.rules.deck
        value = value_words(deck.categories[category], deck.cards[card].values[category])
        return f"{self._whose(seat)} {deck.cards[card].name} {value}"


def squads_narrator(rules: SquadsRules, names: Sequence[str] | None = None, start: object = None) -> SquadsNarrator:
    """Returns the `SquadsNarrator` of one game of `rules` (`start` changes nothing: every round is told whole)."""
    return SquadsNarrator(rules, names)


def squads_view_text(view: SquadsView) -> str:
    """Returns what a Squads seat sees, in a line: the round and everyone's tokens."""
    return f"round {view.round}; tokens {list(view.scores)}"
