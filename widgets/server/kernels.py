"""The app's kernel manager: a kernel that dies is gone, never restarted, and a pooled one is replaced.

A page's widgets live in its kernel.  Jupyter restarts a kernel that dies
(an out-of-memory kill, a crash), but the new kernel has none of the page's
widgets, so the page would look normal while every click did nothing.  The
launcher sets ``KernelRestarter.restart_limit = 0`` (`widgets.server.voila_arguments`):
at the first death jupyter_client fires its "dead" callbacks instead, and
jupyter_server's `MappingKernelManager` removes the kernel, so the page's
connection check (``/api/kernels/<id>`` answers 404) shows the "connection
lost" banner with its Reload button.

`PageKernelManager` adds what Voilà's preheated pools need: a pooled kernel
that dies before a visitor takes it is dropped from its lesson's pool, so no
visitor is given it, and a new one is started in its place.  It also starts
every kernel with `KERNEL_ARGUMENTS` (its errors and standard error go to the
server's log, never to the page: `widgets.server.kernel_log`), and names the
kernels it is shutting down (`PageKernelManager.stopping`), whose places are
free already (`widgets.server.places`).

It also shuts down the kernel of a page that left without asking: once the
app has sent a page (`PageKernelManager.page_sent`), a kernel with no
websocket connection for `PageKernelManager.reconnect_seconds` in a row is
shut down and its place freed (`widgets.server.absences`), checked every
`widgets.server.absences.check_interval` seconds.  Kernels waiting in a pool,
and connected kernels, are left to Jupyter's idle culler.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Float

from widgets.server.absences import DEFAULT_RECONNECT_SECONDS, Absences, check_interval
from widgets.server.places import pooled_kernels

__all__ = ["KERNEL_ARGUMENTS", "PageKernelManager", "drop_from_pools"]

KERNEL_ARGUMENTS = (
    # The kernel's own standard error (file descriptor 2) is the server's log,
    # not a stream forwarded to every client of the kernel, the page included.
    "--IPKernelApp.capture_fd_output=False",
    "--IPKernelApp.extensions=widgets.server.kernel_log",
)
"""Arguments every page's kernel (ipykernel) is started with: no traceback or standard error reaches the page."""


def drop_from_pools(pools: Mapping[str, MutableSequence[asyncio.Future[Any]]], kernel_id: str) -> str | None:
    """Takes a dead kernel out of Voilà's preheated pools.

    Args:
        pools: Voilà's pools: lesson path -> the tasks that start and run a
            kernel for it, each resulting in a dict with ``"kernel_id"`` and
            ``"task"`` (the notebook's rendering, cancelled here).
        kernel_id: The kernel that died.

    Returns:
        The lesson whose pool held the kernel, or None if no pool held it
        (a visitor's kernel, or one still starting).
    """
    for lesson, pool in pools.items():
        for index, started in enumerate(pool):
            if not started.done() or started.cancelled() or started.exception() is not None:
                continue
            content = started.result()
            if content.get("kernel_id") == kernel_id:
                del pool[index]
                rendering = content.get("task")
                if rendering is not None:
                    rendering.cancel()
                return lesson
    return None


class PageKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """jupyter_server's kernel manager, under Voilà's pools, replacing a pooled kernel that died.

    Voilà builds its own manager on top of this class (its preheated pools,
    ``_pools`` and ``fill_if_needed``); without pools (``--pool-size 0``) only
    jupyter_server's removal of the dead kernel happens.

    Args:
        clock: Returns the time in seconds, on which a page's absence is
            measured; any monotonic clock (`time.monotonic`, the default; a
            test passes one it moves by hand, so no check depends on how busy
            the machine is).
        **kwargs: jupyter_server's `AsyncMappingKernelManager` arguments.
    """

    reconnect_seconds = Float(
        DEFAULT_RECONNECT_SECONDS,
        help="Seconds a sent page's kernel may go without a websocket connection before it is shut down (> 0).",
    ).tag(config=True)

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._clock = clock
        self._stopping: set[str] = set()
        self._absences = Absences(self.reconnect_seconds)
        self._absence_check: PeriodicCallback | None = None

    def page_opened(self, kernel_id: str) -> None:
        """Notes that `kernel_id` serves a page from now on: activity, as Jupyter's idle culler counts it.

        A preheated kernel waits in its lesson's pool, safe from the culler,
        for as long as nobody opens the lesson; once handed to a page, the
        culler would otherwise measure its idleness from the pool's fill and
        could shut it down before the page's websocket connects.  Called by
        the app's page handler when a page gets its kernel; an unknown id
        (a kernel gone meanwhile) is ignored.
        """
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

    def page_sent(self, kernel_id: str) -> None:
        """Notes that the page of `kernel_id` has been sent (or its visitor left): from now on it needs a connection.

        Called by the app's page handler when its response ends; a kernel
        without a connection from then on for `reconnect_seconds` is shut down.
        """
        self._absences.page_sent(kernel_id)

    def initialize_culler(self) -> None:
        """Starts Jupyter's idle culler (at the first kernel) and the check for pages that left."""
        super().initialize_culler()
        if self._absence_check is None:
            interval = check_interval(self._absences.grace_seconds)
            self._absence_check = PeriodicCallback(self.shut_down_absent_pages, 1000 * interval)
            self._absence_check.start()
            self.log.info(
                "Shutting down pages' kernels without a connection for %g seconds, checking every %g seconds.",
                self._absences.grace_seconds,
                interval,
            )

    async def shut_down_absent_pages(self) -> list[str]:
        """Shuts down every sent page's kernel without a connection for `reconnect_seconds`; returns their ids."""
        due = self._absences.overdue(
            now=self._clock(),
            running=self.list_kernel_ids(),
            connected={k for k, n in self._kernel_connections.items() if n > 0},
            pooled=pooled_kernels(getattr(self, "_pools", {})),
            stopping=self._stopping,
        )
        for kernel_id in due:
            self.log.info(
                "Shutting down kernel %s: its page has had no connection for %g seconds.",
                kernel_id,
                self._absences.grace_seconds,
            )
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception:  # a kernel that went meanwhile; the next check carries on
                self.log.exception("Could not shut down kernel %s of a page that left", kernel_id)
        return due

    @property
    def stopping(self) -> frozenset[str]:
        """The ids of the kernels being shut down now (a closed or reloaded page's, a culled one)."""
        return frozenset(self._stopping)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Starts a kernel as jupyter_server does, with `KERNEL_ARGUMENTS` after its kernel spec's own."""
        kwargs.setdefault("extra_arguments", list(KERNEL_ARGUMENTS))
        return str(await super().start_kernel(*args, **kwargs))

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """Shuts a kernel down as jupyter_server does, naming it in `stopping` until it is gone."""
        self._stopping.add(kernel_id)
        self._absences.forget(kernel_id)
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._stopping.discard(kernel_id)

    def _handle_kernel_died(self, kernel_id: str) -> None:
        """Forgets a kernel that died (jupyter_server), then refills its lesson's pool if it was pooled."""
        if kernel_id in self._kernels:
            self.stop_watching_activity(kernel_id)
        super()._handle_kernel_died(kernel_id)
        self._absences.forget(kernel_id)
        for data in getattr(self, "notebook_data", {}).values():
            data["kernel_ids"].discard(kernel_id)
        lesson = drop_from_pools(getattr(self, "_pools", {}), kernel_id)
        if lesson is not None:
            self.log.warning("Pooled kernel %s of %s died; starting another.", kernel_id, lesson)
            self.fill_if_needed(notebook_name=lesson)
