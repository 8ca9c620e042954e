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
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, MutableSequence
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

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
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._stopping: set[str] = set()

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
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._stopping.discard(kernel_id)

    def _handle_kernel_died(self, kernel_id: str) -> None:
        """Forgets a kernel that died (jupyter_server), then refills its lesson's pool if it was pooled."""
        if kernel_id in self._kernels:
            self.stop_watching_activity(kernel_id)
        super()._handle_kernel_died(kernel_id)
        for data in getattr(self, "notebook_data", {}).values():
            data["kernel_ids"].discard(kernel_id)
        lesson = drop_from_pools(getattr(self, "_pools", {}), kernel_id)
        if lesson is not None:
            self.log.warning("Pooled kernel %s of %s died; starting another.", kernel_id, lesson)
            self.fill_if_needed(notebook_name=lesson)
