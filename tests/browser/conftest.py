"""Fixtures for the browser tests: the app launched as README says, and Chromium.

Both live for this package only: Playwright's synchronous API keeps an asyncio
loop running in the main thread while it is open, which would change how the
widget tests that follow schedule their asyncio tasks.

The app is started with README's launch command (``scripts/app.sh``) on a free
port; the browser is Debian's headless Chromium driven by Playwright through
its system executable (no browser download).  Every page records console
errors, page errors, failed widget messages and any request that tries to
leave this machine (such requests are blocked, then fail the test).

The app runs in its test mode (`tests.app_process`), and the tests never
wait a fixed time; they wait for the page's own state:

- `page_drawn`: every cell's output of a lesson is drawn;
- `next_frames`: the page has laid out and painted what a resize or a scroll changed;
- `move_clock`: the kernel's clock moved on through the page's hidden test
  control (a countdown runs out, a spin ends), and `settle`: the page holds
  every answer the kernel sent before (a round trip through that control).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.app_process import app_process
from tests.polling import until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SERVER_LOG = ARTIFACTS / "voila.log"
CELL_FAILED = "Error at server while executing cell"  # Voilà hides the traceback from the page
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}
START_SECONDS = 180
MAX_SCREENSHOT_PX = 8000
ANSWER_MS = 60_000  # the most the kernel takes to answer the page on a machine shared by a class
TEST_CLOCK = ".tt-test-clock input"  # the hidden control of the app's test mode (widgets._toolkit.clock)
PAGE_DRAWN = """() => document.readyState === 'complete'
  && getComputedStyle(document.querySelector('#rendered_cells')).display !== 'none'
  && !document.querySelector('script[type="application/vnd.voila.cell-output+json"]')
  && document.querySelectorAll('.jp-OutputArea-output').length > 0
  && [...document.querySelectorAll('.jp-OutputArea-output')].every((output) => output.children.length > 0)"""


@pytest.fixture(scope="package")
def app_url() -> Iterator[str]:
    """Starts ``scripts/app.sh --no-browser`` and yields the app's base URL."""
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: scripts/test.sh installs it (apt-get install chromium)")
    with app_process(SERVER_LOG) as process:
        yield _wait_for_app(SERVER_LOG, process)


def _wait_for_app(log_path: Path, process: subprocess.Popen[bytes]) -> str:
    def answering() -> str | None:
        if process.poll() is not None:
            pytest.fail(f"the app exited with {process.returncode}:\n{log_path.read_text()[-3000:]}")
        found = re.search(r"(http://localhost:\d+)/", log_path.read_text())
        return found.group(1) if found and _answers(found.group(1)) else None

    return until(answering, seconds=START_SECONDS, what=f"the app to answer (log: {log_path})")


def _answers(url: str) -> bool:
    """Returns whether the app at `url` answers: ``/`` redirects to the landing page (and starts no kernel)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "localhost", parts.port, timeout=5)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status in (301, 302)
    except OSError:
        return False
    finally:
        connection.close()


def unnamed_buttons(page: Any) -> list[str]:
    """Returns the outer HTML of every visible button of `page` without a text name (for screen readers)."""
    return page.eval_on_selector_all(
        "button",
        """buttons => buttons
            .filter(b => b.offsetParent !== null)
            .filter(b => !(b.innerText.trim() || b.getAttribute('aria-label') || b.getAttribute('title')))
            .map(b => b.outerHTML.slice(0, 200))""",
    )


def page_drawn(page: Any, *, timeout_ms: int = ANSWER_MS * 2) -> None:
    """Waits until Voilà has run every cell of the page and drawn every cell's output (widgets included)."""
    page.wait_for_function(PAGE_DRAWN, timeout=timeout_ms)


def next_frames(page: Any) -> None:
    """Waits until the page has drawn two more frames: what a resize or a scroll changed is laid out and painted."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def move_clock(page: Any, seconds: float = 0, *, timeout_ms: int = ANSWER_MS) -> None:
    """Moves the kernel's clock `seconds` on (test mode) and waits until the kernel has done it.

    The page's hidden test control takes the seconds; the kernel moves its
    clock that far, lets every timer that comes due run (a countdown runs
    out, a spin ends), then empties the control.  The kernel answers the
    page in order, so once the control is empty the page also holds every
    answer to what it sent before.
    """
    control = page.locator(TEST_CLOCK).first
    control.wait_for(state="attached", timeout=timeout_ms)
    control.evaluate(
        "(box, s) => { box.value = String(s); box.dispatchEvent(new Event('change', {bubbles: true})); }", seconds
    )
    page.wait_for_function("(box) => box.value === ''", arg=control.element_handle(), timeout=timeout_ms)


def settle(page: Any, *, timeout_ms: int = ANSWER_MS) -> None:
    """Waits until the page holds every answer of the kernel to what the page sent so far (`move_clock` by 0)."""
    move_clock(page, 0, timeout_ms=timeout_ms)


@dataclass
class PageLog:
    """What a page did that a test must check."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    server_log_offset: int = 0
    server_log: Path = SERVER_LOG

    def assert_clean(self) -> None:
        """Fails on a console error, a page error, a request leaving the machine, or a failed cell."""
        assert not self.outside_requests, f"requests left localhost: {self.outside_requests}"
        assert not self.page_errors, f"page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"
        with open(self.server_log, encoding="utf-8", errors="replace") as server_log:
            server_log.seek(self.server_log_offset)
            new_lines = server_log.read()
        failed = [line[:600] for line in new_lines.splitlines() if CELL_FAILED in line]
        assert not failed, f"a notebook cell failed on the server: {failed}"


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    """Yields a headless Debian Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page_and_log(browser: object, request: pytest.FixtureRequest) -> Iterator[tuple[object, PageLog]]:
    """Yields a fresh page and its `PageLog`; keeps a screenshot on the way out."""
    log = PageLog(server_log_offset=SERVER_LOG.stat().st_size if SERVER_LOG.exists() else 0)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    page = context.new_page()

    def route(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        host = urlsplit(url).hostname or ""
        if url.startswith(("data:", "blob:", "about:")) or host in LOCAL_HOSTS:
            route.continue_()  # type: ignore[attr-defined]
        else:
            log.outside_requests.append(url)
            route.abort()  # type: ignore[attr-defined]

    page.route("**/*", route)
    page.on("console", lambda msg: log.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: log.page_errors.append(str(err)))
    yield page, log
    ARTIFACTS.mkdir(exist_ok=True)
    # Voilà scrolls inside #rendered_cells, so a full-page shot needs a viewport
    # as tall as its contents; the page keeps the scroll position the test left.
    height = page.evaluate(
        "() => { const c = document.querySelector('#rendered_cells'); return c ? c.scrollHeight : 0; }"
    )
    page.set_viewport_size({"width": 1280, "height": max(1000, min(int(height), MAX_SCREENSHOT_PX))})
    next_frames(page)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
