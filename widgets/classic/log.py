"""The classic table's game log and its sentences about the game, all told by `toptrumps_core.narration`.

`GameLog` feeds every event of one game, in order, to one `Narrator` (with
the page's seat names, so "You" reads in the second person) and keeps the
sentences: the log, newest comparison first, each comparison numbered and
read in play order (the cards revealed, then who won: `PlayOrderLog`); the
sentence about the last comparison (who won it, or the tie and the pot);
and the sentence about the end of the game.  The table writes no wording of
its own about an event, so the same event reads the same here, in the
arena and in the transcripts.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toptrumps_core.classic import ClassicRules
from toptrumps_core.events import ChooserDrawn, GameEnded, PotCollected, Revealed, Tied, Won
from toptrumps_core.narration import Narrator
from toptrumps_core.protocol import Event, Outcome
from widgets._toolkit.log_order import PlayOrderLog

__all__ = ["LOG_LINES", "GameLog", "Told"]

LOG_LINES = 30
"""How many lines the game log keeps, newest comparison first."""

_RESULT_EVENTS = (Won, Tied, PotCollected, ChooserDrawn)
"""The events of a comparison that say how it came out (the last comparison's sentence)."""


@dataclass(frozen=True)
class Told:
    """One event and its sentence."""

    event: Event
    sentence: str


class GameLog:
    """The sentences of one classic game, from its first event.

    Args:
        rules: The game's rules.
        names: The page's name for each seat ("You", "Player 2", "Computer 1").
    """

    def __init__(self, rules: ClassicRules, names: Sequence[str]) -> None:
        self._narrator = Narrator(rules, names)
        self._log: PlayOrderLog[Event] = PlayOrderLog(
            starts=lambda e: isinstance(e, Revealed), alone=lambda e: isinstance(e, GameEnded), keep=LOG_LINES
        )
        self._last: tuple[Told, ...] = ()
        self._comparisons = 0

    @property
    def lines(self) -> tuple[str, ...]:
        """The log, newest comparison first, at most `LOG_LINES` lines; each comparison's line starts "#<number> ".

        Each comparison reads in play order: its "#<number>" line, then its
        result; the end of the game stands alone at the top.
        """
        return self._log.lines

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The log by comparison, newest first, each in play order (`PlayOrderLog.groups`)."""
        return self._log.groups

    @property
    def comparisons(self) -> int:
        """How many comparisons the log has told."""
        return self._comparisons

    @property
    def last(self) -> tuple[Event, ...]:
        """The events of the last comparison, its `Revealed` first; () before the first."""
        return tuple(told.event for told in self._last)

    def copy(self) -> GameLog:
        """Returns a copy that goes on apart from this log (for the error boundary's snapshot)."""
        twin = copy.copy(self)
        twin._narrator = copy.copy(self._narrator)
        twin._log = self._log.copy()
        return twin

    def tell(self, events: Iterable[Event]) -> bool:
        """Tells `events`, the next events of the game, in order; returns True if a comparison was revealed."""
        lines: list[tuple[Event, str]] = []
        current: list[Told] | None = None
        for event in events:
            sentence = self._narrator.narrate(event)
            if isinstance(event, Revealed):
                self._comparisons += 1
                current = []
                lines.append((event, f"#{self._comparisons} {sentence}"))
            else:
                lines.append((event, sentence))
            if current is not None:
                current.append(Told(event, sentence))
        if current is not None:
            self._last = tuple(current)
        self._log.add(lines)
        return current is not None

    def result(self) -> tuple[str, str]:
        """Returns the sentence about the last comparison and its kind ("win", "tie", or "" before the first)."""
        said = [told for told in self._last if isinstance(told.event, _RESULT_EVENTS)]
        if not said:
            return "", ""
        kind = "win" if any(isinstance(told.event, Won) for told in said) else "tie"
        return " ".join(told.sentence for told in said), kind

    def ending(self, outcome: Outcome) -> str:
        """Returns the sentence about the end of the game: who won and why, citing the rule."""
        return self._narrator.narrate(GameEnded(outcome))
