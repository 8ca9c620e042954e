"""The Squads table's log: what happened, newest first, never ahead of the page (S3, S5).

The log tells the match's events in order, as a player at the table knows
them: another seat's building moves name no slot (S3), and a round's
scoring is held back until the reveal turns it: each slot's sentence when
that slot is turned, the round's totals and the end once every slot is
turned (S5, S7).
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.narration import SquadsNarrator
from toptrumps_core.play import Match
from toptrumps_core.squads import SlotScored, SquadsRevealed, SquadsRules

__all__ = ["LOG_LINES", "SquadsLog"]

LOG_LINES = 40
"""How many sentences the log keeps (newest first)."""


class SquadsLog:
    """The sentences of one match's events so far, newest first, with the unturned reveal held back.

    Args:
        rules: The match's rules.
        names: How the page names each seat (``"You"`` is told every slot of its own moves).
    """

    def __init__(self, rules: SquadsRules, names: Sequence[str]) -> None:
        self._narrator = SquadsNarrator(rules, list(names), rows_hidden=True)
        self._told = 0
        self.lines: list[str] = []

    def catch_up(self, match: Match, *, turned: int | None = None) -> None:
        """Tells the events of `match` not told yet.

        Args:
            match: The match (the same one every call).
            turned: None when no reveal waits; else how many mission slots
                of the last round's reveal are turned (0 to 3): the slots
                not turned, the round's totals and the end stay untold.
        """
        events = match.events
        end = len(events)
        if turned is not None:
            revealed = max(i for i, e in enumerate(events) if isinstance(e, SquadsRevealed))
            slots = sum(isinstance(e, SlotScored) for e in events[revealed:])
            end = end if turned >= slots else revealed + 1 + turned  # the slots follow the reveal in order
        for sentence in self._narrator.narrate_all(events[self._told : end]):
            self.lines.insert(0, sentence)
        self._told = max(self._told, end)
        del self.lines[LOG_LINES:]
