"""A page whose kernel stopped says so and offers a reload, instead of ignoring clicks."""

from __future__ import annotations

import json
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
