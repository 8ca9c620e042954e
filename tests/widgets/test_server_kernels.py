"""A kernel that dies is not restarted (its page could not work), and a pooled one is replaced."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from jupyter_server._tz import utcnow

from widgets.server import voila_arguments
from widgets.server.kernels import KERNEL_ARGUMENTS, PageKernelManager, drop_from_pools


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def _started(loop: asyncio.AbstractEventLoop, kernel_id: str) -> tuple[asyncio.Future[Any], asyncio.Future[Any]]:
    rendering: asyncio.Future[Any] = loop.create_future()
    started: asyncio.Future[Any] = loop.create_future()
    started.set_result({"kernel_id": kernel_id, "task": rendering})
    return started, rendering


def test_launcher_never_restarts_a_kernel_and_uses_the_app_s_kernel_manager() -> None:
    arguments = voila_arguments(port=8866, open_browser=False)
    assert "--KernelRestarter.restart_limit=0" in arguments
    assert "--VoilaConfiguration.multi_kernel_manager_class=widgets.server.kernels.PageKernelManager" in arguments
    assert "_handle_kernel_died" in vars(PageKernelManager)


def test_a_pooled_kernel_that_died_leaves_its_pool_and_its_rendering_stops(loop: asyncio.AbstractEventLoop) -> None:
    first, first_rendering = _started(loop, "k1")
    dead, dead_rendering = _started(loop, "k2")
    other, _ = _started(loop, "k3")
    starting: asyncio.Future[Any] = loop.create_future()  # a kernel not started yet
    pools = {"01_classic_top_trumps.ipynb": [starting, first, dead], "03_hi_lo.ipynb": [other]}
    assert drop_from_pools(pools, "k2") == "01_classic_top_trumps.ipynb"
    assert pools == {"01_classic_top_trumps.ipynb": [starting, first], "03_hi_lo.ipynb": [other]}
    assert dead_rendering.cancelled() and not first_rendering.cancelled()


def test_a_visitor_s_kernel_that_died_is_in_no_pool(loop: asyncio.AbstractEventLoop) -> None:
    kept, _ = _started(loop, "k1")
    failed: asyncio.Future[Any] = loop.create_future()
    failed.set_exception(RuntimeError("the kernel did not start"))
    pools = {"00_start_here.ipynb": [failed, kept]}
    assert drop_from_pools(pools, "k9") is None
    assert pools == {"00_start_here.ipynb": [failed, kept]}
    assert drop_from_pools({}, "k9") is None


def test_every_page_kernel_sends_its_errors_and_standard_error_to_the_server_log_only() -> None:
    assert "--IPKernelApp.capture_fd_output=False" in KERNEL_ARGUMENTS
    assert "--IPKernelApp.extensions=widgets.server.kernel_log" in KERNEL_ARGUMENTS


def test_the_app_s_kernel_manager_starts_kernels_with_the_page_arguments_and_names_those_it_stops(
    loop: asyncio.AbstractEventLoop,
) -> None:
    async def start_and_stop() -> tuple[str, list[str], frozenset[str], frozenset[str]]:
        manager = PageKernelManager()
        kernel_id = await manager.start_kernel(kernel_name="python3")
        command = list(manager.get_kernel(kernel_id).provisioner.process.args)
        stopping = asyncio.ensure_future(manager.shutdown_kernel(kernel_id, now=True))
        await asyncio.sleep(0)
        while_stopping = manager.stopping
        await stopping
        return kernel_id, command, while_stopping, manager.stopping

    kernel_id, command, while_stopping, after = loop.run_until_complete(start_and_stop())
    assert command[-len(KERNEL_ARGUMENTS) :] == list(KERNEL_ARGUMENTS)
    assert while_stopping == {kernel_id} and not after


def test_a_preheated_kernel_handed_to_a_page_is_not_culled_for_its_time_in_the_pool(
    loop: asyncio.AbstractEventLoop,
) -> None:
    # A lesson's pooled kernel may wait longer than the cull time; once a page takes it,
    # the idle culler must not shut it down before the page's websocket connects.
    async def cull_after_a_long_wait() -> tuple[str, str, list[str]]:
        manager = PageKernelManager(cull_idle_timeout=600)
        opened = await manager.start_kernel(kernel_name="python3")
        waiting = await manager.start_kernel(kernel_name="python3")
        for kernel_id in (opened, waiting):
            manager.get_kernel(kernel_id).last_activity = utcnow() - timedelta(seconds=1400)
        manager.page_opened(opened)
        manager.page_opened("a kernel gone meanwhile")
        for kernel_id in (opened, waiting):
            await manager.cull_kernel_if_idle(kernel_id)
        alive = list(manager.list_kernel_ids())
        await manager.shutdown_all(now=True)
        return opened, waiting, alive

    opened, waiting, alive = loop.run_until_complete(cull_after_a_long_wait())
    assert alive == [opened] and waiting not in alive
