"""The arena's story: the log, the pin notes beside the tracks, and what the mini-game in play did.

`ArenaStory` reads a tournament's events in order and keeps what happened:
the log (newest comparison first, each read in play order:
`widgets._toolkit.log_order.PlayOrderLog`), worded by the core's
`toptrumps_core.narration.Narrator` so an event reads the same here as in
every other view and transcript; the last award beside each pin track (with
the Pin Master who handed it out, T1); and the events of the mini-game in
play with their sentences, for its panel.  The end of the tournament is
told once: a won tournament by the sentence of `FinaleWon` (the closing
`GameEnded` says the same, so the log leaves it out), a stopped one by the
sentence of `GameEnded`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.events import GameEnded, Revealed
from toptrumps_core.narration import Narrator
from toptrumps_core.protocol import Event, Outcome, Seat, Termination
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.finale import FinaleWon
from toptrumps_core.tournament.game import FinaleBegan, MiniGameSpun, StarterDrawn, TournamentRules, TurnPassed
from toptrumps_core.tournament.hilo_events import HiLoTurned
from toptrumps_core.tournament.mini_game import DeckSpun
from toptrumps_core.tournament.pins import PinAwarded
from toptrumps_core.tournament.spinner import SECTORS, Sector
from widgets._toolkit import SeatNames
from widgets._toolkit.log_order import PlayOrderLog

__all__ = ["LOG_LINES", "ArenaStory", "Read", "Spun"]

LOG_LINES = 80
"""How many lines the log keeps, newest first."""

Spun = tuple[str, int, Seat | None, bool]
"""A spin as the spinner shows it: ``("mini_game" | "deck", sector, who spun or None, in the Finale)``."""


@dataclass(frozen=True)
class Read:
    """What one batch of events did, for the arena.

    Attributes:
        spun: The last spin among them, or None.
        revealed: True if cards were revealed.
    """

    spun: Spun | None
    revealed: bool


class ArenaStory:
    """What happened in a tournament, read from its events in order (see the module docstring).

    Args:
        rules: The tournament's rules (its decks word the cards).
        names: The page's name for each seat ("You", "Computer 1").
    """

    def __init__(self, rules: TournamentRules, names: SeatNames) -> None:
        self._names = names
        self._narrator = Narrator(rules, names)
        self._log: PlayOrderLog[Event] = PlayOrderLog(
            starts=lambda e: isinstance(e, (Revealed, HiLoTurned, MiniGameSpun, FinaleBegan)),
            alone=lambda e: isinstance(e, (FinaleWon, GameEnded)),
            keep=LOG_LINES,
        )
        self.notes: list[str] = [""] * rules.seats
        """Beside each pin track, its last award and the Pin Master who handed it out ("" for none)."""
        self.mini_events: list[Event] = []
        """The events of the mini-game or Finale in play (or just played), in order."""
        self.mini_lines: list[str] = []
        """The sentence of each of `mini_events`."""
        self.finale = False
        """True once the Finale has begun."""
        self._active: Seat | None = None
        self._sector: Sector | None = None

    @property
    def lines(self) -> list[str]:
        """The log, newest first (a comparison, a spin: each in play order), at most `LOG_LINES` lines."""
        return list(self._log.lines)

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The log by comparison or spin, newest first, each in play order (`PlayOrderLog.groups`)."""
        return self._log.groups

    @property
    def deck(self) -> Deck:
        """The deck the mini-game's card events refer to (the narrator follows the openings)."""
        return self._narrator.deck

    def copy(self) -> ArenaStory:
        """Returns a copy that reading more events does not change (for the error boundary's snapshot)."""
        twin = copy.copy(self)
        twin._narrator = copy.copy(self._narrator)
        twin._log, twin.notes = self._log.copy(), list(self.notes)
        twin.mini_events, twin.mini_lines = list(self.mini_events), list(self.mini_lines)
        return twin

    def read(self, events: Iterable[Event]) -> Read:
        """Reads the next events of the tournament, in order, into the log, the notes and the mini-game's story."""
        lines: list[tuple[Event, str]] = []
        spun: Spun | None = None
        revealed = False
        for event in events:
            if isinstance(event, (MiniGameSpun, FinaleBegan)):
                self.mini_events, self.mini_lines = [], []
                self.finale = isinstance(event, FinaleBegan)
                self._sector = None if isinstance(event, FinaleBegan) else event.sector
            if isinstance(event, MiniGameSpun):
                self._active = event.seat
                spun = ("mini_game", SECTORS.index(event.sector), event.seat, False)
            elif isinstance(event, DeckSpun):
                spun = ("deck", event.opening, self._active, self.finale)
            elif isinstance(event, (StarterDrawn, TurnPassed)):
                self._active = event.seat
            elif isinstance(event, PinAwarded):
                self._note(event)
            revealed = revealed or isinstance(event, Revealed)
            line = self._narrator.narrate(event)
            self.mini_events.append(event)
            self.mini_lines.append(line)
            if not (isinstance(event, GameEnded) and event.outcome.termination is TournamentEnd.FINALE_WON):
                lines.append((event, line))  # a won tournament's end is told once, by FinaleWon
        self._log.add(lines)
        return Read(spun, revealed)

    def said(self, *kinds: type) -> list[str]:
        """Returns the sentences of the mini-game's events of the classes `kinds`, in order."""
        return [line for e, line in zip(self.mini_events, self.mini_lines, strict=True) if isinstance(e, kinds)]

    def headline(self, outcome: Outcome) -> str:
        """Returns the winner screen's headline: "You win the tournament!", "Computer 2 wins the tournament!"."""
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED or not winners:
            return "Unfinished — the tournament was stopped before anyone won."
        return f"{self._names.subject(winners[0], 'win', 'wins')} the tournament!"

    def _note(self, award: PinAwarded) -> None:
        where = svg.sector_label(self._sector) if self._sector is not None else "the tournament"
        master = self._names[award.pin_master]
        if award.robbed is not None:
            self.notes[award.seat] = f"+1 stolen from {self._names[award.robbed]} · Pin Master: {master}"
            self.notes[award.robbed] = f"−1 stolen by {self._names[award.seat]} · Pin Master: {master}"
        else:
            self.notes[award.seat] = f"+{award.count} in {where} · Pin Master: {master}"
