"""How many places of the class are taken: pupils' pages, open or opening.

The kernel cap (`widgets.server.front_door.FrontDoor.max_kernels`) counts the
pages pupils hold, not every kernel the server runs:

- a kernel waiting in Voilà's preheated pool belongs to no pupil yet, so it
  takes no place (the pool's size is fixed by ``--pool-size`` and costs its
  memory on top of the cap);
- a page still opening takes its place at once, before its kernel exists, so
  a whole class arriving in the same second cannot all slip under the cap
  before the first kernel starts;
- a page that has its kernel, or is starting one, is counted once, by that
  kernel (a kernel is listed as running while its start still goes on);
- a kernel being shut down (its page was closed or reloaded) takes no place,
  though it is listed as running until its process has stopped: a pupil who
  reloads a page in a full class gets the place back at once.

`Places.taken` counts the kernels that are not waiting in a pool, and the
pages opening whose kernel is not among them.  A page takes a place with
`Places.opening`, names the kernel it starts (`Places.starting`), and hands
the place back when it has its kernel (`Places.opened`) or when it gave up
(`Places.left`).

    >>> places = Places()
    >>> page = places.opening()
    >>> places.taken(running=["k1"], pooled=["k1"])  # one page opening, one kernel waiting in the pool
    1
    >>> places.starting(page, "k2")
    >>> places.taken(running=["k1", "k2"], pooled=["k1"])  # k2 is listed while it starts: counted once
    1
    >>> places.opened(page)
    >>> places.taken(running=["k1", "k2"], pooled=["k1"])
    1
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Places", "pooled_kernels"]


class Places:
    """The places taken on the server: kernels pupils hold, plus pages opening without one.

    One `Places` is shared by every request of the app (tornado runs them in
    one thread, so the count needs no lock).  A page's place is a number
    (a ticket) from `opening`.
    """

    def __init__(self) -> None:
        self._opening: dict[int, str | None] = {}
        self._tickets = itertools.count()

    @property
    def opening_pages(self) -> int:
        """Pages whose request has passed the front door and that do not hold their kernel yet (0 or more)."""
        return len(self._opening)

    def opening(self) -> int:
        """Takes a place for a page that passed the front door; returns its ticket."""
        ticket = next(self._tickets)
        self._opening[ticket] = None
        return ticket

    def starting(self, ticket: int, kernel_id: str) -> None:
        """Notes the kernel the page of `ticket` is starting (so it is not counted twice while it starts)."""
        if ticket in self._opening:
            self._opening[ticket] = kernel_id

    def opened(self, ticket: int) -> None:
        """Notes that the page of `ticket` holds its kernel (counted from now on as a running kernel)."""
        self._opening.pop(ticket, None)

    def left(self, ticket: int) -> None:
        """Notes that the page of `ticket` gave up before it held a kernel (the visitor left, or it failed)."""
        self._opening.pop(ticket, None)

    def taken(self, *, running: Iterable[str], pooled: Collection[str], stopping: Collection[str] = ()) -> int:
        """Returns how many places are taken (0 or more).

        Args:
            running: The ids of every kernel the server runs (or is starting).
            pooled: The ids of the kernels waiting in a preheated pool for a visitor.
            stopping: The ids of the kernels being shut down (a closed or
                reloaded page's): listed as running until their process has
                stopped, but their page is gone, so they take no place.
        """
        held = {kernel for kernel in running if kernel not in pooled and kernel not in stopping}
        starting = {kernel for kernel in self._opening.values() if kernel is not None}
        waiting = sum(1 for kernel in self._opening.values() if kernel is None)
        return len(held | starting) + waiting


def pooled_kernels(pools: Mapping[str, Sequence[Any]]) -> frozenset[str]:
    """Returns the ids of the kernels waiting in Voilà's preheated pools.

    Args:
        pools: Voilà 0.5's pools (``VoilaKernelManager._pools``): lesson ->
            tasks, each finished with ``{"kernel_id": ...}`` once its kernel
            runs.  A task still starting its kernel adds nothing (its kernel
            is not running yet, or only just).

    Example:
        >>> pooled_kernels({"01.ipynb": []})
        frozenset()
    """
    found = set()
    for pool in pools.values():
        for task in pool:
            if isinstance(task, asyncio.Future) and task.done() and not task.cancelled() and not task.exception():
                found.add(str(task.result()["kernel_id"]))
    return frozenset(found)
