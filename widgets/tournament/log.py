"""The arena's log: one line per event, the pin notes beside the tracks, and the mini-game's story.

`ArenaLog` is the part of `TournamentArena` that reads events in order and
keeps what happened: the log (newest first), worded by the core's
`toptrumps_core.narration.Narrator` so an event reads the same here as in
every other view and transcript; the last award beside each pin track (with
the Pin Master who handed it out, T1); the events of the mini-game in play
and the last spin.  The last line, once the tournament is won, is the winner
screen's headline.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.events import GameEnded, Revealed
from toptrumps_core.narration import Narrator
from toptrumps_core.protocol import Event, Outcome, Seat, Termination
from toptrumps_core.tournament.arena import SECTORS, DeckSpun, Sector
from toptrumps_core.tournament.game import FinaleBegan, MiniGameSpun, StarterDrawn, TurnPassed
from toptrumps_core.tournament.pins import PinAwarded

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
    """What the arena follows while reading events in order: the active player, the mini-game, the Finale."""

    active: Seat | None = None
    sector: Sector | None = None
    finale: bool = False


class ArenaLog:
    """The part of `TournamentArena` that reads events into the log, the pin notes and the mini-game's story.

    A mixin of `TournamentArena`: it keeps the arena's log, pin notes,
    mini-game events (with their sentences), context and last spin, read in
    event order, and the narrator that words them.
    """

    def _start_log(self) -> None:
        """Starts an empty log for the match in play (its events are read next, from the first)."""
        self._narrator = Narrator(self._match.rules, self._names)
        self._log = []
        self._notes = [""] * self._match.rules.seats
        self._mini_events: list[Event] = []
        self._mini_lines: list[str] = []
        self._ctx = LogContext()
        self._last_spin: tuple[str, int, Seat | None, bool] | None = None

    def _log_state(self) -> tuple[object, ...]:
        """Returns a copy of everything the log keeps, for the error boundary's snapshot."""
        return (
            list(self._log),
            list(self._notes),
            list(self._mini_events),
            list(self._mini_lines),
            copy.copy(self._ctx),
            copy.copy(self._narrator),
            self._last_spin,
        )

    def _restore_log(self, saved: tuple[object, ...]) -> None:
        """Puts back what `_log_state` copied."""
        (
            self._log,
            self._notes,
            self._mini_events,
            self._mini_lines,
            self._ctx,
            self._narrator,
            self._last_spin,
        ) = saved  # type: ignore[assignment]

    def _absorb(self, events: Iterable[Event]) -> tuple[str, int, Seat | None, bool] | None:
        """Reads events in order into the log, the pin notes and the mini-game's story.

        Returns the last spin among them, or None.
        """
        lines: list[str] = []
        spun: tuple[str, int, Seat | None, bool] | None = None
        for event in events:
            if isinstance(event, (MiniGameSpun, FinaleBegan)):
                self._mini_events, self._mini_lines = [], []
                finale = isinstance(event, FinaleBegan)
                self._ctx.sector = None if finale else event.sector
                self._ctx.finale = finale
            if isinstance(event, MiniGameSpun):
                self._ctx.active = event.seat
                spun = ("mini_game", SECTORS.index(event.sector), event.seat, False)
            elif isinstance(event, DeckSpun):
                spun = ("deck", event.opening, self._ctx.active, self._ctx.finale)
            line = self._narrator.narrate(event)
            if isinstance(event, GameEnded):
                line = f"🏆 {self._headline(event.outcome)}"  # the words of the winner screen
            self._mini_events.append(event)
            self._mini_lines.append(line)
            lines.append(line)
            self._track(event)
            if isinstance(event, Revealed) and self._hot_seat:
                self._viewer = None  # the cards go face down until the next person is ready
        if spun is not None:
            self._last_spin = spun
        self._log = ([line for line in reversed(lines) if line] + self._log)[:LOG_LINES]
        return spun

    def _track(self, event: Event) -> None:
        """Keeps the active player up to date and notes each pin award beside its track."""
        ctx = self._ctx
        if isinstance(event, (StarterDrawn, TurnPassed)):
            ctx.active = event.seat
        elif isinstance(event, PinAwarded):
            where = svg.sector_label(ctx.sector) if ctx.sector is not None else "the tournament"
            master = self._names[event.pin_master]
            if event.robbed is not None:
                self._notes[event.seat] = f"+1 stolen from {self._names[event.robbed]} · Pin Master: {master}"
                self._notes[event.robbed] = f"−1 stolen by {self._names[event.seat]} · Pin Master: {master}"
            else:
                self._notes[event.seat] = f"+{event.count} in {where} · Pin Master: {master}"

    def _deck_in_play(self) -> Deck:
        """Returns the deck the mini-game's card events refer to (the narrator follows the openings)."""
        return self._narrator.deck

    def _headline(self, outcome: Outcome) -> str:
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED or not winners:
            return "Unfinished — the tournament was stopped before anyone won."
        return f"{self._names.subject(winners[0], 'win', 'wins')} the tournament!"
