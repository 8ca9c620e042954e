"""A whole class on one server: 30 pupils open the classic lesson at the same moment and each plays a game.

The pupils are widget-protocol clients (`tests.load.pupils`): each loads the
page, opens its kernel's websocket, finds buttons by their descriptions and
clicks them, as a browser tab does but with nothing drawn, so 30 fit on a
2-core machine beside the server.  The server is the app as README launches
it, with a cap of one class (conftest.py).  Nothing here is timed: each wait
is bounded only so that a hang fails instead of blocking the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
from urllib.parse import urlsplit

import pytest

from tests.load.conftest import CLASS_SIZE, server_log
from tests.load.pupils import GAME_OVER, Played, Pupil, play_classic
from tests.polling import until

pytestmark = [pytest.mark.browser, pytest.mark.load, pytest.mark.timeout(1200)]

LESSON = "01_classic_top_trumps.ipynb"
FREED_SECONDS = 90


def _status(base_url: str, path: str) -> tuple[int, str]:
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname or "localhost", parts.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def _wait_until_freed(base_url: str, kernel_ids: set[str]) -> set[str]:
    """Returns the kernels still running after `FREED_SECONDS` (none, when every page's kernel was shut down)."""
    running = set(kernel_ids)

    def freed() -> bool:
        running.difference_update({k for k in running if _status(base_url, f"/api/kernels/{k}")[0] == 404})
        return not running

    with contextlib.suppress(AssertionError):  # the caller names the kernels still running
        until(freed, seconds=FREED_SECONDS, what="every page's kernel to shut down")
    return running


def _decided(ending: str) -> bool:
    """True if a game's closing words name a winner or a draw (C7, C11), not a game stopped unfinished (C12)."""
    return "Game over:" in ending and "nobody wins" not in ending


async def _arrive(base_url: str) -> Pupil:
    pupil = Pupil(base_url)
    await pupil.open(LESSON)
    await pupil.connect()
    return pupil


def test_a_preheated_page_comes_executed_and_its_kernel_serves_one_visitor_only(class_server: str) -> None:
    async def two_visitors() -> tuple[Pupil, Pupil, Played]:
        first = await _arrive(class_server)
        second = await _arrive(class_server)
        played = await play_classic(first)  # the first page still answers its own visitor
        await asyncio.gather(first.leave(), second.leave())
        return first, second, played

    first, second, played = asyncio.run(two_visitors())
    assert f"Using pre-heated kernel: {first.kernel_id} for {LESSON}" in server_log()
    assert first.kernel_id != second.kernel_id
    assert GAME_OVER in played.ending and _decided(played.ending), played.ending
    assert not _wait_until_freed(class_server, {first.kernel_id, second.kernel_id})


def test_a_class_opens_the_classic_lesson_together_and_every_pupil_plays_a_game_to_the_end(class_server: str) -> None:
    log_before = len(server_log())

    async def lesson() -> tuple[list[Pupil | BaseException], tuple[int, str], list[Played | BaseException]]:
        arrived = await asyncio.gather(*(_arrive(class_server) for _ in range(CLASS_SIZE)), return_exceptions=True)
        full = await asyncio.get_running_loop().run_in_executor(None, _status, class_server, f"/voila/render/{LESSON}")
        pupils = [p for p in arrived if isinstance(p, Pupil)]
        played = await asyncio.gather(
            *(play_classic(p, choice=i) for i, p in enumerate(pupils)), return_exceptions=True
        )
        await asyncio.gather(*(p.leave() for p in pupils), return_exceptions=True)
        return arrived, full, played

    arrived, (full_status, full_page), played = asyncio.run(lesson())
    failed = [repr(p) for p in arrived if not isinstance(p, Pupil)] + [
        repr(p) for p in played if not isinstance(p, Played)
    ]
    assert not failed, f"{len(failed)} of {CLASS_SIZE} pupils failed: {failed[:5]}"
    pupils = [p for p in arrived if isinstance(p, Pupil)]
    waits = sorted(p.seconds_to_control for p in pupils)
    print(
        f"\n{CLASS_SIZE} pupils: first control after {waits[0]:.1f} s (first), {waits[len(waits) // 2]:.1f} s (median),"
        f" {waits[-1]:.1f} s (last)"
    )
    assert len({p.kernel_id for p in pupils}) == CLASS_SIZE  # a kernel of its own for every pupil
    assert not [p.hidden for p in pupils if p.hidden]  # no traceback or standard error reached any page
    assert all(GAME_OVER in p.ending and _decided(p.ending) for p in played if isinstance(p, Played))
    assert full_status == 503 and "The class is full" in full_page  # the 31st visitor, with the class all in
    assert not _wait_until_freed(class_server, {p.kernel_id for p in pupils})
    log = server_log()[log_before:]
    for trouble in ("Timeout waiting for IOPub output", "Address already in use", "Error at server while executing"):
        assert trouble not in log
