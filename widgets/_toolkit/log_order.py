"""The order of a game's log: the newest comparison first, each one read in play order.

A log shows the newest at the top, so the class sees what just happened
without scrolling; but written line by line newest first, each comparison's
result stood above the comparison itself ("You win with Lion" above "You
choose Top speed: ..."), and read backwards.  `PlayOrderLog` keeps the
newest *comparison* at the top and writes each one in play order: the cards
revealed, then who won, then what followed from it (a pin awarded, a seat
out, the turn passing on), until the next comparison begins.  A line that
ends the game stands alone at the top; lines before the first comparison
(the deal) stand alone in their place.

The order depends only on the events, not on how they arrive: events told
one by one, a click at a time, give the same log as all of them at once
(a resumed game).  `log_groups_html` draws the log as the page shows it:
one list item per line, the first line of each comparison marked with the
class ``tt-log-head`` (a rule above it, for the eye and for tests).

Example:
    >>> log = PlayOrderLog(starts=lambda kind: kind == "reveal", alone=lambda kind: kind == "end", keep=10)
    >>> log.add([("deal", "Dealt."), ("reveal", "#1 Lion and Tiger.")])
    >>> log.add([("win", "Lion wins."), ("reveal", "#2 Zebra and Yak."), ("win", "Yak wins.")])
    >>> log.add([("end", "Game over.")])
    >>> log.lines
    ('Game over.', '#2 Zebra and Yak.', 'Yak wins.', '#1 Lion and Tiger.', 'Lion wins.', 'Dealt.')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from widgets._toolkit.words import esc

__all__ = ["PlayOrderLog", "log_groups_html"]

E = TypeVar("E")


class PlayOrderLog(Generic[E]):
    """A log whose newest comparison comes first, each comparison in play order (see the module docstring).

    Args:
        starts: Returns True for an event that begins a comparison (the
            cards revealed, a Hi Lo card turned, a spin).
        alone: Returns True for an event whose line stands alone (the end
            of the game); None: none does.
        keep: The most lines kept (the oldest go first), 1 or more.
    """

    def __init__(self, *, starts: Callable[[E], bool], alone: Callable[[E], bool] | None = None, keep: int) -> None:
        self._starts = starts
        self._alone = alone or (lambda _event: False)
        self._keep = keep
        self._groups: list[list[str]] = []  # newest first; each in play order
        self._open = False

    @property
    def lines(self) -> tuple[str, ...]:
        """The log's lines, newest comparison first, at most `keep`."""
        return tuple(line for group in self._groups for line in group)[: self._keep]

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The log's lines by comparison (or lone line), newest first, each in play order; `lines` in all."""
        shown: list[tuple[str, ...]] = []
        room = self._keep
        for group in self._groups:
            if room <= 0:
                break
            if group:
                shown.append(tuple(group[:room]))
                room -= len(group)
        return tuple(shown)

    def add(self, told: Iterable[tuple[E, str]]) -> None:
        """Adds the next events of the game and their sentences, in play order ("" sentences are left out)."""
        for event, sentence in told:
            alone = self._alone(event)
            if alone or self._starts(event) or not self._open:
                self._groups.insert(0, [])
                self._open = not alone and self._starts(event)
            if sentence:
                self._groups[0].append(sentence)
            if alone:
                self._open = False
        self._trim()

    def copy(self) -> PlayOrderLog[E]:
        """Returns a copy that adding to does not change (for the error boundary's snapshots)."""
        twin = PlayOrderLog(starts=self._starts, alone=self._alone, keep=self._keep)
        twin._groups = [list(group) for group in self._groups]
        twin._open = self._open
        return twin

    def _trim(self) -> None:
        """Drops the oldest groups the log no longer shows."""
        total = 0
        for index, group in enumerate(self._groups):
            total += len(group)
            if total >= self._keep:
                del self._groups[index + 1 :]
                return


def log_groups_html(groups: Sequence[Sequence[str]], label: str) -> str:
    """Returns a log as a scrolling list with an accessible name, each group's first line marked ``tt-log-head``.

    Args:
        groups: The lines by group, newest first, each in play order (`PlayOrderLog.groups`).
        label: The log's accessible name, e.g. "Game log, newest comparison first".
    """
    items = "".join(
        f'<li class="tt-log-head">{esc(line)}</li>' if number == 0 else f"<li>{esc(line)}</li>"
        for group in groups
        for number, line in enumerate(group)
    )
    return f'<div class="tt-log-box" role="log" aria-label="{esc(label)}"><ol>{items}</ol></div>'
