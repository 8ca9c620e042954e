"""Fixtures for the browser tests: the app launched as README says, and Chromium.

Both live for this package only: Playwright's synchronous API keeps an asyncio
loop running in the main thread while it is open, which would change how the
widget tests that follow schedule their asyncio tasks.

The app is started with README's launch command (``scripts/app.sh``) on a free
port; the browser is Debian's headless Chromium driven by Playwright through
its system executable (no browser download).  Every page records console
errors, page errors, failed widget messages and any request that tries to
leave this machine (such requests are blocked, then fail the test).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.app_process import app_process

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


@pytest.fixture(scope="package")
def app_url() -> Iterator[str]:
    """Starts ``scripts/app.sh --no-browser`` and yields the app's base URL."""
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: scripts/test.sh installs it (apt-get install chromium)")
    with app_process(SERVER_LOG) as process:
        yield _wait_for_app(SERVER_LOG, process)


def _wait_for_app(log_path: Path, process: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the app exited with {process.returncode}:\n{log_path.read_text()[-3000:]}")
        found = re.search(r"(http://localhost:\d+)/", log_path.read_text())
        if found and _answers(found.group(1)):
            return found.group(1)
        time.sleep(0.5)
    pytest.fail(f"the app did not start in {START_SECONDS} s:\n{log_path.read_text()[-3000:]}")


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
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
