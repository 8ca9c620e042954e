"""A page whose kernel stopped says so and offers a reload, instead of ignoring clicks."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

LANDING = "/voila/render/00_start_here.ipynb"


def test_a_page_whose_kernel_stopped_says_so_and_offers_a_reload(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.goto(app_url + LANDING, wait_until="commit")
    page.locator(".tt-deck-shelf").wait_for(timeout=90_000)  # a widget: the kernel runs
    banner = page.locator("#tt-connection-lost")
    assert not banner.is_visible()
    page.wait_for_timeout(6_000)  # one check has passed with the kernel running
    assert not banner.is_visible()
    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    stopped = page.request.delete(f"{app_url}/api/kernels/{kernel_id}")  # as the culler does to an idle page
    assert stopped.status == 204
    banner.wait_for(state="visible", timeout=15_000)
    assert "stopped on the server" in banner.inner_text()
    reload = page.get_by_role("button", name="Reload the page")
    assert reload.is_visible() and reload.evaluate("b => document.activeElement === b")
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
