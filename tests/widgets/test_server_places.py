"""The launcher's class settings and the places a class takes (preheated pool, kernel cap), without a server."""

from __future__ import annotations

import asyncio

import pytest

from widgets.server import DEFAULT_PLACE_WAIT_SECONDS, DEFAULT_POOL_SIZE, main, voila_arguments
from widgets.server.app import guarded_voila
from widgets.server.places import Places, pooled_kernels


def test_the_pool_s_waiting_kernels_take_no_place_and_a_page_s_kernel_takes_one() -> None:
    places = Places()
    assert places.taken(running=["pool-1", "pool-2"], pooled={"pool-1", "pool-2"}) == 0
    assert places.taken(running=["pool-1", "pupil"], pooled={"pool-1"}) == 1


def test_a_page_opening_takes_its_place_before_its_kernel_exists_and_is_never_counted_twice() -> None:
    places = Places()
    tickets = [places.opening() for _ in range(3)]
    assert places.taken(running=[], pooled=set()) == 3  # a class arriving in one second
    places.starting(tickets[0], "k0")
    assert places.taken(running=["k0"], pooled=set()) == 3  # k0 is listed while it starts
    places.opened(tickets[0])
    places.left(tickets[1])  # that visitor closed the tab before the kernel started
    assert places.taken(running=["k0"], pooled=set()) == 2
    places.opened(tickets[2])
    places.left(tickets[2])  # handing back twice changes nothing
    assert places.taken(running=["k0"], pooled=set()) == 1 and places.opening_pages == 0


def test_pooled_kernels_are_the_finished_tasks_of_voila_s_pools() -> None:
    async def pools() -> frozenset[str]:
        loop = asyncio.get_running_loop()
        ready, starting, failed = loop.create_future(), loop.create_future(), loop.create_future()
        ready.set_result({"kernel_id": "ready"})
        failed.set_exception(RuntimeError("kernel died"))
        return pooled_kernels({"01.ipynb": [ready, starting], "02.ipynb": [failed]})

    assert asyncio.run(pools()) == frozenset({"ready"})


def test_the_launcher_preheats_a_pool_per_lesson_over_local_sockets_with_a_class_s_patience() -> None:
    arguments = voila_arguments(port=8866, open_browser=False, pool_size=2)
    assert "--VoilaConfiguration.preheat_kernel=True" in arguments
    assert "--VoilaConfiguration.default_pool_size=2" in arguments
    assert "--KernelManager.transport=ipc" in arguments
    waits = {a.split("=")[0]: int(a.split("=")[1]) for a in arguments if a.startswith("--VoilaExecutor.")}
    assert waits["--VoilaExecutor.iopub_timeout"] > 4 and waits["--VoilaExecutor.startup_timeout"] > 60
    assert 1 <= DEFAULT_POOL_SIZE <= 2


def test_a_pool_of_zero_serves_every_page_from_a_new_kernel() -> None:
    arguments = voila_arguments(port=8866, open_browser=False, pool_size=0)
    assert not any("preheat" in a or "pool_size" in a for a in arguments)
    with pytest.raises(ValueError, match="pool_size must be 0 or more; got -1"):
        voila_arguments(port=8866, open_browser=False, pool_size=-1)


@pytest.mark.parametrize("value", ["-1", "two"])
def test_launcher_refuses_a_pool_size_that_is_not_a_whole_number(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--pool-size", value])
    assert "expected a whole number of kernels, 0 or more" in capsys.readouterr().err


def test_launcher_help_says_what_the_pool_costs_in_memory(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--pool-size" in text and "MB per kernel" in text


def test_the_app_refuses_no_turn_for_pages_to_run() -> None:
    with pytest.raises(ValueError, match="pages_at_once must be 1 or more; got 0"):
        guarded_voila(landing_page="00_start_here.ipynb", lessons=frozenset(), max_kernels=1, pages_at_once=0)


def test_a_kernel_being_shut_down_takes_no_place_so_a_reloaded_page_gets_its_place_back() -> None:
    places = Places()
    assert places.taken(running=["old"], pooled=set()) == 1  # the class of one is full
    assert places.taken(running=["old"], pooled=set(), stopping={"old"}) == 0  # its page was reloaded
    reloaded = places.opening()
    assert places.taken(running=["old"], pooled=set(), stopping={"old"}) == 1
    places.starting(reloaded, "new")
    assert places.taken(running=["old", "new"], pooled=set(), stopping={"old"}) == 1


def test_the_launcher_waits_a_few_seconds_for_a_place_by_default_and_refuses_a_wait_that_is_no_duration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert 1 <= DEFAULT_PLACE_WAIT_SECONDS <= 10
    for value in ("-1", "soon", "nan", "inf"):
        with pytest.raises(SystemExit):
            main(["--wait-for-place", value])
        assert "expected a number of seconds, 0 or more" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"place_wait_seconds must be 0 or more; got -0\.5"):
        guarded_voila(landing_page="00_start_here.ipynb", lessons=frozenset(), max_kernels=1, place_wait_seconds=-0.5)
