"""A page's connection to its kernel: lost, reloaded, fed malformed messages, or opened in a full class.

- A page whose kernel stopped says so and offers a reload, instead of ignoring clicks.
- A page whose kernel stopped before its script started (shut down while the
  page was on its way) shows, where each widget would be, a sentence asking
  for a reload, never Python's text of the widget.
- A reloaded page's old kernel is shut down (Voilà's page sends the shutdown as it unloads).
- Malformed widget messages from the browser send no traceback and no standard
  error back over the page's websocket (every message is read, as a
  widget-protocol client, `tests.load.pupils`), the server's log keeps the
  detail, and the page still plays a game to the end.
- With the class exactly at the kernel cap, a pupil who reloads the page gets
  a page again, not "the class is full"; a newcomer still gets "full" after
  the app's short wait for a place.  This runs on an app of its own with a cap
  of one place and no pool (`capped_app`); each wait is bounded.
- A page that never connected and a page whose websocket closed without a
  shutdown have their kernels shut down after the app's short grace, and their
  places are free again; a connected page and the kernels waiting in the pool
  keep theirs.  This runs on an app of its own with a grace of two seconds
  (`short_grace_app`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import uuid
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from tests.app_process import app_process
from tests.browser.conftest import ARTIFACTS, ROOT, SERVER_LOG
from tests.load.pupils import Pupil, PupilError, play_classic
from tests.polling import until, until_async
from tests.widgets.widget_helpers import PYTHON_REPR

pytestmark = pytest.mark.browser

_T = TypeVar("_T")
CLASSIC = "01_classic_top_trumps.ipynb"
CAPPED_LOG = ARTIFACTS / "voila-capped.log"
SHORT_GRACE_LOG = ARTIFACTS / "voila-short-grace.log"
GRACE = 2
START_SECONDS = 180

WAITING = "front door: waiting for a place"
LANDING = "/voila/render/00_start_here.ipynb"
FREED_SECONDS = 30


def test_a_page_whose_kernel_stopped_says_so_and_offers_a_reload(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.goto(app_url + LANDING, wait_until="commit")
    page.locator(".tt-deck-shelf").wait_for(timeout=90_000)  # a widget: the kernel runs
    banner = page.locator("#tt-connection-lost")
    assert not banner.is_visible()
    page.wait_for_function(  # one check has passed with the kernel running (the banner counts them)
        "() => Number(document.querySelector('#tt-connection-lost').dataset.checks || 0) >= 1", timeout=30_000
    )
    assert not banner.is_visible()
    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    stopped = page.request.delete(f"{app_url}/api/kernels/{kernel_id}")  # as the culler does to an idle page
    assert stopped.status == 204
    banner.wait_for(state="visible", timeout=15_000)
    assert "stopped on the server" in banner.inner_text()
    reload = page.get_by_role("button", name="Reload the page")
    assert reload.is_visible() and reload.evaluate("b => document.activeElement === b")
    assert not log.outside_requests and not log.page_errors


def test_a_page_whose_kernel_stopped_before_it_arrived_asks_for_a_reload_instead_of_showing_python_text(
    app_url: str, page_and_log: Any
) -> None:
    page, log = page_and_log
    stopped: list[int] = []

    def stop_the_kernel_then_deliver(route: Any) -> None:
        """Delivers the page only once its kernel has been shut down, as the culler or the absence guard does."""
        response = route.fetch(timeout=300_000)
        body = response.text()
        kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', body)
        assert kernel_id is not None, body[-2000:]
        stopped.append(page.request.delete(f"{app_url}/api/kernels/{kernel_id.group(1)}").status)
        route.fulfill(response=response, body=body)

    page.route(f"**{LANDING}", stop_the_kernel_then_deliver)
    page.goto(app_url + LANDING, wait_until="commit", timeout=300_000)
    page.locator("#tt-connection-lost").wait_for(state="visible", timeout=30_000)
    assert stopped == [204]
    page.locator(".jp-OutputArea-output").first.wait_for(state="visible", timeout=15_000)  # the outputs are drawn
    shown = page.locator("#rendered_cells").inner_text()
    assert "(children=" not in shown and "DeckShelf" not in shown, shown
    outputs = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert not PYTHON_REPR.search(outputs), outputs
    stand_in = page.locator(".tt-game-missing")  # in place of the deck shelf, which could not be drawn
    assert stand_in.count() == 1 and stand_in.is_visible() and page.locator(".tt-deck-shelf").count() == 0
    assert "Reload the page" in stand_in.inner_text()
    assert not log.outside_requests and not log.page_errors


def _kernel_process(kernel_id: str) -> int:
    """Returns the process id of the kernel whose connection file names `kernel_id`."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(part.endswith(f"kernel-{kernel_id}.json".encode()) for part in command):
            return int(entry.name)
    raise AssertionError(f"no process runs kernel {kernel_id}")


def test_a_page_whose_kernel_died_says_so_instead_of_running_a_restarted_kernel(
    app_url: str, page_and_log: Any
) -> None:
    page, log = page_and_log
    page.goto(app_url + LANDING, wait_until="commit")
    page.locator(".tt-deck-shelf").wait_for(timeout=90_000)  # a widget: the kernel runs
    banner = page.locator("#tt-connection-lost")
    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    os.kill(_kernel_process(kernel_id), signal.SIGTERM)  # as an out-of-memory kill would
    banner.wait_for(state="visible", timeout=15_000)
    assert "stopped on the server" in banner.inner_text()
    reload = page.get_by_role("button", name="Reload the page")
    assert reload.is_visible() and reload.evaluate("b => document.activeElement === b")
    assert page.request.get(f"{app_url}/api/kernels/{kernel_id}").status == 404
    assert not log.outside_requests and not log.page_errors


def test_a_reloaded_page_shuts_its_old_kernel_down(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.goto(app_url + LANDING, wait_until="commit")
    page.locator(".tt-deck-shelf").wait_for(timeout=90_000)
    old = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    page.reload(wait_until="commit")  # the page's unload sends Voilà's shutdown (a beacon, no XSRF token)
    page.locator(".tt-deck-shelf").wait_for(timeout=90_000)
    new = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    assert new != old
    assert _gone(page, f"{app_url}/api/kernels/{old}")
    assert page.request.get(f"{app_url}/api/kernels/{new}").status == 200
    assert not log.outside_requests and not log.page_errors


def test_a_closed_tab_shuts_its_kernel_down(app_url: str, browser: Any) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(app_url + LANDING, wait_until="commit")
        page.locator(".tt-deck-shelf").wait_for(timeout=90_000)
        kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
        page.close(run_before_unload=True)  # as a pupil closes the tab
        watcher = context.new_page()
        assert _gone(watcher, f"{app_url}/api/kernels/{kernel_id}")
    finally:
        context.close()


def _gone(page: Any, address: str) -> bool:
    """True once `address` answers 404 (a kernel shut down); fails if it does not within `FREED_SECONDS`."""
    return until(lambda: page.request.get(address).status == 404, seconds=FREED_SECONDS, what=f"404 from {address}")


def _in_a_thread(work: Callable[[], Awaitable[_T]]) -> _T:
    """Runs the coroutine `work()` to its end on an event loop of its own (Playwright may hold this thread's)."""

    async def run() -> _T:
        return await work()

    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, run()).result()


def _malformed_messages(pupil: Pupil) -> list[dict[str, Any]]:
    """Returns widget messages a browser could send that the kernel cannot apply (comm_msg contents)."""
    number = next(
        w
        for w in pupil.widgets.values()
        if w.model in ("IntTextModel", "IntSliderModel", "BoundedIntTextModel") and "value" in w.state
    )
    button = next(w for w in pupil.widgets.values() if w.model == "ButtonModel")
    return [
        {"comm_id": number.comm_id, "data": {"method": "update", "state": {"value": "many"}, "buffer_paths": []}},
        {"comm_id": button.comm_id, "data": {"method": "update", "state": {"disabled": "x"}, "buffer_paths": []}},
        {"comm_id": uuid.uuid4().hex, "data": {"method": "update", "state": {"value": 1}, "buffer_paths": []}},
        {"comm_id": button.comm_id, "data": {"method": "<garbage>"}},
        {"comm_id": button.comm_id, "data": {}},
    ]


def test_malformed_widget_messages_send_no_traceback_over_the_websocket_and_the_page_still_plays(
    app_url: str,
) -> None:
    log_start = SERVER_LOG.stat().st_size
    received: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []

    async def pupil_sends_garbage() -> str:
        pupil = Pupil(app_url)
        keep = pupil._take

        def take(message: dict[str, Any]) -> None:
            received.append(message)
            keep(message)

        pupil._take = take  # type: ignore[method-assign]
        await pupil.open(CLASSIC)
        await pupil.connect()
        try:
            for content in _malformed_messages(pupil):
                await pupil._ask("comm_msg", content, wait=True)
            played = await play_classic(pupil)
        finally:
            await pupil.leave()
            hidden.extend(pupil.hidden)
        return played.ending

    ending = _in_a_thread(pupil_sends_garbage)
    assert "Game over" in ending
    assert not hidden, hidden
    kinds = {m.get("msg_type") or m["header"]["msg_type"] for m in received}
    assert "comm_msg" in kinds and "error" not in kinds
    streams = [m["content"] for m in received if (m.get("msg_type") or m["header"]["msg_type"]) == "stream"]
    assert not [s for s in streams if s.get("name") == "stderr"], streams
    sent = json.dumps([m.get("content", {}) for m in received])
    for hidden in ("Traceback", '"ename"', "TraitError", "site-packages", str(ROOT)):
        assert hidden not in sent, hidden
    with open(SERVER_LOG, encoding="utf-8", errors="replace") as server_log:
        server_log.seek(log_start)
        logged = server_log.read()
    assert "traceback not sent to the page" in logged and "TraitError" in logged and "No such comm" in logged


def _own_app(log_path: Path, *options: str) -> Iterator[str]:
    """Starts ``scripts/app.sh`` with `options`, logging to `log_path`; yields its base URL, then stops it."""
    with app_process(log_path, *options) as process:

        def started() -> re.Match[str] | None:
            if process.poll() is not None:
                pytest.fail(f"the app {options} exited:\n{log_path.read_text()[-3000:]}")
            return re.search(r"(http://localhost:\d+)/", log_path.read_text())

        yield until(started, seconds=START_SECONDS, what=f"the app {options} to start (log: {log_path})").group(1)


@pytest.fixture(scope="module")
def capped_app() -> Iterator[str]:
    """Starts ``scripts/app.sh`` with one place and no pool; yields its base URL."""
    yield from _own_app(CAPPED_LOG, "--max-kernels=1", "--pool-size=0")


@pytest.fixture(scope="module")
def short_grace_app() -> Iterator[str]:
    """Starts ``scripts/app.sh`` with three places, no wait for one, a pool of one and a 2 s grace; yields its URL."""
    yield from _own_app(
        SHORT_GRACE_LOG, "--max-kernels=3", "--wait-for-place=0", "--pool-size=1", f"--reconnect-seconds={GRACE}"
    )


async def _status(address: str, method: str = "GET") -> int:
    request = HTTPRequest(address, method=method, body=b"" if method == "POST" else None, request_timeout=120)
    response = await AsyncHTTPClient().fetch(request, raise_error=False)
    return int(response.code)


async def _until_gone(base_url: str, kernel_id: str) -> bool:
    """True once the kernel answers 404 (shut down); fails if it does not within `FREED_SECONDS`."""

    async def gone() -> bool:
        return await _status(f"{base_url}/api/kernels/{kernel_id}") == 404

    return await until_async(gone, seconds=FREED_SECONDS, what=f"kernel {kernel_id} to shut down")


def test_at_the_kernel_cap_a_reloaded_page_gets_its_place_back_and_a_newcomer_is_told_the_class_is_full(
    capped_app: str,
) -> None:
    async def reload_at_the_cap() -> dict[str, Any]:
        first = Pupil(capped_app)
        await first.open(CLASSIC)
        await first.connect()
        newcomer = await _status(f"{capped_app}/voila/render/{CLASSIC}")  # the one place is taken
        # A reload: the new page's request can reach the server before the old
        # page's shutdown (sent as it unloads); the request waits for the place.
        waiting = CAPPED_LOG.read_text().count(WAITING)
        reloaded = Pupil(capped_app)
        opening = asyncio.ensure_future(reloaded.open(CLASSIC))

        async def reload_waits() -> bool:
            return CAPPED_LOG.read_text().count(WAITING) > waiting

        await until_async(reload_waits, seconds=START_SECONDS, what="the reloaded page's request to wait for a place")
        await first.leave()
        try:
            await opening
        except PupilError as refused:
            return {"newcomer": newcomer, "reloaded": str(refused)}
        await reloaded.connect()
        played = await play_classic(reloaded)
        old_gone = await _until_gone(capped_app, first.kernel_id)
        await reloaded.leave()
        return {
            "newcomer": newcomer,
            "reloaded": played.ending,
            "old_gone": old_gone,
            "new_gone": await _until_gone(capped_app, reloaded.kernel_id),
        }

    result = _in_a_thread(reload_at_the_cap)
    assert result["newcomer"] == 503
    assert "Game over" in result["reloaded"], result
    assert result["old_gone"] and result["new_gone"]
    assert "front door: full" in CAPPED_LOG.read_text()


def _pool_is_full(lessons: int) -> bool:
    """True once the short-grace app has started a kernel for every lesson's pool; fails after `START_SECONDS`."""
    return until(
        lambda: SHORT_GRACE_LOG.read_text().count("Kernel started:") >= lessons,
        seconds=START_SECONDS,
        what="a kernel in every lesson's pool",
    )


def test_pages_that_left_without_a_shutdown_free_their_kernels_and_places_after_the_grace(
    short_grace_app: str,
) -> None:
    lessons = len(list((ROOT / "notebooks").glob("*.ipynb")))
    assert _pool_is_full(lessons), SHORT_GRACE_LOG.read_text()[-3000:]
    pool_started = SHORT_GRACE_LOG.read_text()

    async def leave_without_a_shutdown() -> dict[str, Any]:
        never, dropped, kept = Pupil(short_grace_app), Pupil(short_grace_app), Pupil(short_grace_app)
        await never.open(CLASSIC)  # the page arrives but never opens its websocket
        await dropped.open(CLASSIC)
        await dropped.connect()
        await kept.open(CLASSIC)
        await kept.connect()
        assert dropped._socket is not None
        dropped._socket.close()  # as a closed laptop or a crashed browser: no shutdown is asked for
        result: dict[str, Any] = {
            "never_gone": await _until_gone(short_grace_app, never.kernel_id),
            "dropped_gone": await _until_gone(short_grace_app, dropped.kernel_id),
        }
        # The look that shut `dropped` down came a grace after its socket closed, so more than a grace
        # after `kept`'s page was sent: had the app counted the connected page absent, it would be gone too.
        result["kept"] = await _status(f"{short_grace_app}/api/kernels/{kept.kernel_id}")
        played = await play_classic(kept)  # the connected page still plays
        result["kept_ending"] = played.ending
        landing = Pupil(short_grace_app)  # the landing page's pooled kernel waited through it all
        await landing.open("00_start_here.ipynb")
        result["landing"] = landing.kernel_id
        result["landing_status"] = await _status(f"{short_grace_app}/api/kernels/{landing.kernel_id}")
        await landing.leave()  # (its place is free again at once)
        # The two places are free again, and only those: of three newcomers at once, one finds the class full.
        lesson = f"{short_grace_app}/voila/render/{CLASSIC}"
        result["newcomers"] = sorted(await asyncio.gather(*(_status(lesson) for _ in range(3))))
        result["shut_down"] = {never.kernel_id, dropped.kernel_id}
        result["kept_id"] = kept.kernel_id
        await kept.leave()
        return result

    result = _in_a_thread(leave_without_a_shutdown)
    assert result["newcomers"] == [200, 200, 503]
    assert result["never_gone"] and result["dropped_gone"]
    assert result["kept"] == 200 and "Game over" in result["kept_ending"]
    assert f"Kernel started: {result['landing']}" in pool_started and result["landing_status"] == 200
    log = SHORT_GRACE_LOG.read_text()
    assert f"Using pre-heated kernel: {result['landing']} for 00_start_here.ipynb" in log
    shut_down = set(re.findall(r"Shutting down kernel (\S+): its page has had no connection", log))
    assert result["shut_down"] <= shut_down and result["kept_id"] not in shut_down, shut_down
