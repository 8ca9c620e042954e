"""A page that left without saying so frees its kernel after a short grace; a pooled or connected one is kept."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from widgets.server import DEFAULT_RECONNECT_SECONDS, main, voila_arguments
from widgets.server.absences import Absences, check_interval
from widgets.server.kernels import PageKernelManager


def test_a_sent_page_without_a_connection_is_due_after_the_grace_and_only_once() -> None:
    absences = Absences(grace_seconds=2)
    absences.page_sent("left")
    assert absences.overdue(now=10.0, running=["left"], connected=[]) == []
    assert absences.overdue(now=11.9, running=["left"], connected=[]) == []
    assert absences.overdue(now=12.0, running=["left"], connected=[]) == ["left"]
    assert absences.overdue(now=20.0, running=["left"], connected=[]) == []  # forgotten once due


def test_a_page_still_being_sent_a_pooled_kernel_and_a_stopping_one_are_never_due() -> None:
    absences = Absences(grace_seconds=2)
    absences.page_sent("pooled")  # (a pooled kernel is never sent; counted out even so)
    absences.page_sent("stopping")
    for now in (0.0, 5.0, 50.0):
        due = absences.overdue(
            now=now, running=["rendering", "pooled", "stopping"], connected=[], pooled=["pooled"], stopping=["stopping"]
        )
        assert due == []


def test_a_connected_page_is_never_due_and_one_that_reconnects_within_the_grace_keeps_its_kernel() -> None:
    absences = Absences(grace_seconds=2)
    absences.page_sent("connected")
    absences.page_sent("dropped")
    assert absences.overdue(now=0.0, running=["connected", "dropped"], connected=["connected"]) == []
    assert absences.overdue(now=1.5, running=["connected", "dropped"], connected=["connected"]) == []
    assert absences.overdue(now=1.9, running=["connected", "dropped"], connected=["connected", "dropped"]) == []
    # The dropped page's absence starts again from its next loss of connection.
    assert absences.overdue(now=3.0, running=["connected", "dropped"], connected=["connected"]) == []
    assert absences.overdue(now=4.9, running=["connected", "dropped"], connected=["connected"]) == []
    assert absences.overdue(now=5.0, running=["connected", "dropped"], connected=["connected"]) == ["dropped"]
    assert absences.overdue(now=500.0, running=["connected"], connected=["connected"]) == []


def test_a_kernel_that_stopped_is_forgotten() -> None:
    absences = Absences(grace_seconds=2)
    absences.page_sent("gone")
    assert absences.overdue(now=0.0, running=[], connected=[]) == []
    assert absences.overdue(now=9.0, running=["gone"], connected=[]) == []  # a new kernel of the same id: not sent


@pytest.mark.parametrize("grace", [0, -1.0])
def test_a_grace_that_is_not_more_than_zero_is_refused(grace: float) -> None:
    with pytest.raises(ValueError, match="more than 0"):
        Absences(grace_seconds=grace)
    with pytest.raises(ValueError, match="more than 0"):
        voila_arguments(port=8866, open_browser=False, reconnect_seconds=grace)


def test_the_check_runs_often_enough_for_the_grace_and_not_more_than_four_times_a_second() -> None:
    assert check_interval(2) == 0.5
    assert check_interval(0.1) == 0.25
    assert check_interval(DEFAULT_RECONNECT_SECONDS) == 5.0
    assert check_interval(600) == 5.0


def test_the_launcher_gives_the_kernel_manager_its_grace_and_keeps_jupyter_s_idle_culler_for_connected_pages() -> None:
    arguments = voila_arguments(port=8866, open_browser=False, reconnect_seconds=2)
    assert "--PageKernelManager.reconnect_seconds=2" in arguments
    assert "--MappingKernelManager.cull_connected=False" in arguments
    default = voila_arguments(port=8866, open_browser=False)
    assert f"--PageKernelManager.reconnect_seconds={DEFAULT_RECONNECT_SECONDS:g}" in default
    assert 10 <= DEFAULT_RECONNECT_SECONDS <= 60  # a dropped Wi-Fi comes back; a class's reloads free soon


@pytest.mark.parametrize("value", ["0", "-2", "soon"])
def test_launcher_refuses_a_reconnect_grace_that_is_not_a_positive_number(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--reconnect-seconds", value])
    assert "--reconnect-seconds" in capsys.readouterr().err


def test_launcher_help_names_the_reconnect_grace(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--reconnect-seconds" in capsys.readouterr().out


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


class _Clock:
    """A monotonic clock in seconds that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_kernel_manager_shuts_down_a_sent_page_s_kernel_without_a_connection_and_keeps_the_others(
    loop: asyncio.AbstractEventLoop,
) -> None:
    # The manager measures absences on the clock it is given, so the test moves time by hand: a busy
    # machine cannot make the grace pass early or late.  Its own periodic check (started with the
    # first kernel) reads the same clock, and no step below waits between moving it and checking.
    clock = _Clock()

    async def leave_one_page() -> dict[str, Any]:
        manager = PageKernelManager(reconnect_seconds=0.5, clock=clock)
        left, connected, rendering = [await manager.start_kernel(kernel_name="python3") for _ in range(3)]
        try:
            manager.page_sent(left)
            manager.page_sent(connected)
            manager.notify_connect(connected)  # as the page's websocket does when it opens
            first = await manager.shut_down_absent_pages()  # the left page's absence starts now
            clock.now += 0.25
            within_the_grace = await manager.shut_down_absent_pages()
            clock.now += 0.25
            return {
                "ids": (left, connected, rendering),
                "first": first,
                "within_the_grace": within_the_grace,
                "second": await manager.shut_down_absent_pages(),
                "running": set(manager.list_kernel_ids()),
                "grace": manager.reconnect_seconds,
            }
        finally:
            await manager.shutdown_all(now=True)

    result = loop.run_until_complete(leave_one_page())
    left, connected, rendering = result["ids"]
    assert result["grace"] == 0.5
    assert result["first"] == [] and result["within_the_grace"] == [] and result["second"] == [left]
    assert result["running"] == {connected, rendering}  # the connected page's, and one whose page is being sent
