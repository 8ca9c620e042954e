"""The running app over plain HTTP: what each kind of address gets, before any kernel starts.

The app is the one README launches (``scripts/app.sh``, see conftest.py).
Every answer here comes at once from the front door or Voilà's file
handlers: no lesson is rendered, so no kernel starts.
"""

from __future__ import annotations

import http.client
import re
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

LESSON = "/voila/render/01_classic_top_trumps.ipynb"
OUTSIDE = re.compile(r"""(?:src|href)=["']?(?:https?:)?//""")


def _get(app_url: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    parts = urlsplit(app_url)
    connection = http.client.HTTPConnection(parts.hostname or "localhost", parts.port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
    finally:
        connection.close()


@pytest.mark.parametrize("path", ["/voila/tree", "/voila/tree/", "/voila/tree/notebooks", "/voila/tree/saves"])
def test_folder_listings_send_the_visitor_to_the_landing_page(app_url: str, path: str) -> None:
    status, headers, _ = _get(app_url, path)
    assert status in (301, 302) and headers["location"].endswith("/voila/render/00_start_here.ipynb")


@pytest.mark.parametrize(
    "path",
    [
        "/voila/api/contents/",
        "/voila/api/contents/notebooks",
        "/voila/render/nope.ipynb",
        "/voila/render/../pyproject.toml",
        "/voila/render/%2e%2e/pyproject.toml",
        "/pyproject.toml",
        "/notebooks/01_classic_top_trumps.ipynb",
        "/voila/render/01_classic_top_trumps.py",
    ],
)
def test_addresses_that_are_no_lesson_get_the_app_s_own_no_such_page(app_url: str, path: str) -> None:
    status, _, body = _get(app_url, path)
    assert status == 404, (path, status)
    assert "No such page" in body and not OUTSIDE.search(body) and "Traceback" not in body
    assert "/work" not in body and "site-packages" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/voila/files/01_classic_top_trumps.ipynb",
        "/voila/files/../pyproject.toml",
        "/voila/files/../toptrumps_core/decks/animals.toml",
        "/voila/files/../widgets/server/__init__.py",
    ],
)
def test_only_images_are_served_as_files(app_url: str, path: str) -> None:
    status, _, body = _get(app_url, path)
    assert status in (403, 404), (path, status)
    assert "[project]" not in body and "import" not in body and '"cells"' not in body


@pytest.mark.parametrize(
    "path",
    [
        "/voila/files/01_classic_top_trumps.ipynb",
        "/voila/files/decks/",
        "/voila/files/decks",
        "/voila/files/",
        "/voila/files/missing.png",
    ],
)
def test_files_that_are_not_served_get_the_app_s_own_no_such_page(app_url: str, path: str) -> None:
    status, _, body = _get(app_url, path)
    assert status == 404, (path, status)
    assert "No such page" in body and "Top Trumps Classroom" in body and not OUTSIDE.search(body)
    assert "403: Forbidden" not in body and "allowlisted" not in body


@pytest.mark.parametrize(
    "query", ["?template=lab", "?template=classic", "?template=reveal", "?template=nothere", "?theme=dark"]
)
def test_template_and_theme_overrides_are_sent_back_to_the_app_s_template(app_url: str, query: str) -> None:
    status, headers, _ = _get(app_url, LESSON + query)
    assert status in (301, 302) and headers["location"].endswith(LESSON), (query, status, headers.get("location"))


@pytest.mark.parametrize("dest", ["image", "iframe", "script", "empty"])
def test_other_sites_cannot_start_a_kernel_by_embedding_a_lesson(app_url: str, dest: str) -> None:
    status, _, body = _get(app_url, LESSON, {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": dest})
    assert status == 403 and "voila" not in body.lower()


def test_a_link_from_another_site_asks_for_one_click_before_a_kernel_starts(app_url: str) -> None:
    status, _, body = _get(app_url, LESSON, {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document"})
    assert status == 200 and f'href="{LESSON}"' in body and "Open the lesson" in body
    assert not OUTSIDE.search(body) and "<script" not in body


@pytest.mark.parametrize(
    "source", [{"Origin": "http://evil.example"}, {"Referer": "http://evil.example/page.html"}, {"Origin": "null"}]
)
def test_a_request_from_another_site_without_fetch_metadata_starts_no_kernel(
    app_url: str, source: dict[str, str]
) -> None:
    status, _, body = _get(app_url, LESSON, source)  # an older browser, or a forged header
    assert status == 200 and f'href="{LESSON}"' in body and "Open the lesson" in body
    assert "<script" not in body
    status, _, body = _get(app_url, LESSON, source | {"Sec-Fetch-Dest": "image"})
    assert status == 403 and "voila" not in body.lower()
