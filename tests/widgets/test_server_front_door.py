"""The app's front door and its own pages: what a request gets before any kernel starts."""

from __future__ import annotations

import re

import pytest

from widgets.server import DEFAULT_MAX_KERNELS, main, voila_arguments
from widgets.server.front_door import FrontDoor
from widgets.server.pages import STATUS, page

LESSONS = frozenset({"00_start_here.ipynb", "01_classic_top_trumps.ipynb"})
DOOR = FrontDoor(lessons=LESSONS, max_kernels=3)
PAGE_LOAD = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document"}


def test_front_door_serves_a_lesson_opened_on_this_site_or_typed_in() -> None:
    assert DOOR.decide("01_classic_top_trumps.ipynb", {}, PAGE_LOAD, kernels=2).action == "serve"
    assert DOOR.decide("01_classic_top_trumps.ipynb", {}, {"Sec-Fetch-Site": "none"}, kernels=0).action == "serve"
    assert DOOR.decide("01_classic_top_trumps.ipynb", {}, {}, kernels=0).action == "serve"  # no Fetch Metadata


@pytest.mark.parametrize(
    "path",
    ["nope.ipynb", "../pyproject.toml", "01_classic_top_trumps.py", "saves/game.json", "", "sub/00_start_here.ipynb"],
)
def test_front_door_answers_anything_but_a_lesson_with_no_such_page(path: str) -> None:
    assert DOOR.decide(path, {}, PAGE_LOAD, kernels=0).action == "not_found"


def test_front_door_drops_template_and_theme_overrides_and_keeps_other_arguments() -> None:
    verdict = DOOR.decide("00_start_here.ipynb", {"template": [b"lab"], "theme": [b"dark"], "x": [b"1"]}, {}, kernels=0)
    assert (verdict.action, verdict.location) == ("redirect", "00_start_here.ipynb?x=1")
    only = DOOR.decide("00_start_here.ipynb", {"template": [b"nothere"]}, {}, kernels=0)
    assert (only.action, only.location) == ("redirect", "00_start_here.ipynb")


@pytest.mark.parametrize("dest", ["image", "iframe", "script", "empty", "style"])
def test_front_door_refuses_other_sites_embedding_a_lesson(dest: str) -> None:
    headers = {"sec-fetch-site": "cross-site", "sec-fetch-dest": dest}  # header names in any case
    assert DOOR.decide("00_start_here.ipynb", {}, headers, kernels=0).action == "forbidden"


def test_front_door_asks_a_visitor_from_another_site_to_click_through() -> None:
    verdict = DOOR.decide(
        "00_start_here.ipynb", {}, {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document"}, kernels=0
    )
    assert (verdict.action, verdict.location) == ("follow_link", "00_start_here.ipynb")


HOST = {"Host": "school.example:8866"}


@pytest.mark.parametrize(
    "source",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://school.example:9999"},  # another port is another site
        {"Origin": "null"},  # a sandboxed frame or a redirect from another site
        {"Referer": "https://evil.example/class/page.html"},
        {"Origin": "http://evil.example", "Referer": "http://school.example:8866/voila/render/00_start_here.ipynb"},
    ],
)
def test_front_door_without_fetch_metadata_takes_a_foreign_origin_or_referer_as_another_site(
    source: dict[str, str],
) -> None:
    page_load = DOOR.decide("00_start_here.ipynb", {}, HOST | source, kernels=0)
    assert (page_load.action, page_load.location) == ("follow_link", "00_start_here.ipynb")
    embedded = HOST | source | {"Sec-Fetch-Dest": "image"}
    assert DOOR.decide("00_start_here.ipynb", {}, embedded, kernels=0).action == "forbidden"


@pytest.mark.parametrize(
    "headers",
    [
        HOST | {"Origin": "http://school.example:8866"},
        HOST | {"Referer": "http://School.Example:8866/voila/render/01_classic_top_trumps.ipynb"},
        {"Host": "school.example", "Referer": "https://school.example/voila/render/00_start_here.ipynb"},
        HOST,  # an address typed in: no Origin, no Referer
    ],
)
def test_front_door_without_fetch_metadata_serves_a_request_from_its_own_host(headers: dict[str, str]) -> None:
    assert DOOR.decide("00_start_here.ipynb", {}, headers, kernels=0).action == "serve"


def test_front_door_trusts_fetch_metadata_over_origin_and_referer() -> None:
    headers = HOST | {
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Dest": "iframe",
        "Referer": "http://school.example:8866/",
    }
    assert DOOR.decide("00_start_here.ipynb", {}, headers, kernels=0).action == "forbidden"


def test_front_door_says_the_class_is_full_at_the_cap() -> None:
    assert DOOR.decide("00_start_here.ipynb", {}, PAGE_LOAD, kernels=3).action == "full"
    assert DOOR.decide("00_start_here.ipynb", {}, PAGE_LOAD, kernels=9).action == "full"
    with pytest.raises(ValueError, match="max_kernels must be 1 or more; got 0"):
        FrontDoor(lessons=LESSONS, max_kernels=0)


@pytest.mark.parametrize("kind", sorted(STATUS))
def test_app_pages_stand_alone_and_link_home(kind: str) -> None:
    html = page(kind, home="/base/", lesson="/base/voila/render/00_start_here.ipynb")  # type: ignore[arg-type]
    assert "<script" not in html and not re.search(r"(src|href)=\"https?:", html)
    assert "<h1>" in html and "Top Trumps Classroom" in html
    expected = "/base/voila/render/00_start_here.ipynb" if kind == "follow_link" else "/base/"
    assert f'href="{expected}"' in html
    assert ('http-equiv="refresh"' in html) == (kind == "full")


def test_app_page_escapes_the_address_it_links_to() -> None:
    html = page("follow_link", home="/", lesson='/voila/render/a"><script>x</script>.ipynb')
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html
    with pytest.raises(ValueError, match="needs the lesson's address"):
        page("follow_link", home="/")


def test_launcher_fixes_the_template_and_hides_tracebacks() -> None:
    arguments = voila_arguments(port=8866, open_browser=False)
    assert "--VoilaConfiguration.allow_template_override=NO" in arguments
    assert "--VoilaConfiguration.allow_theme_override=NO" in arguments
    assert "--VoilaConfiguration.show_tracebacks=False" in arguments
    assert DEFAULT_MAX_KERNELS >= 30


@pytest.mark.parametrize("value", ["0", "-2", "many"])
def test_launcher_refuses_a_kernel_cap_that_is_not_a_positive_number(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--max-kernels", value])
    assert "expected a whole number of kernels, 1 or more" in capsys.readouterr().err
