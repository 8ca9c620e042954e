"""The Voilà app in headless Chromium, launched as README says.

Each test opens a page of the running app (see conftest.py), acts as a pupil
would, and ends with the page's log checked: no console or page errors, and
no request that tried to leave this machine.  Screenshots are kept in
``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import settle, unnamed_buttons

pytestmark = pytest.mark.browser

RENDER_SECONDS = 90
GAME_SECONDS = 240
CLICK_MS = 5_000  # a button found a moment ago may have been replaced by the next move's
LESSONS = (
    "01_classic_top_trumps.ipynb",
    "02_ties_and_no_data.ipynb",
    "03_hi_lo.ipynb",
    "04_tournament.ipynb",
    "05_squads.ipynb",
    "06_top_ten_quiz.ipynb",
    "07_simulation_lab.ipynb",
)


def _open(page: Any, url: str, ready_text: str) -> None:
    """Opens `url` and waits until the kernel has drawn a widget showing `ready_text`."""
    page.goto(url, wait_until="commit")  # Voilà streams the page while its cells run
    page.get_by_text(ready_text, exact=False).first.wait_for(timeout=RENDER_SECONDS * 1000)


def test_landing_page_lists_every_lesson_and_the_decks(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    _open(page, app_url + "/", "The lessons")
    assert page.url.endswith("/voila/render/00_start_here.ipynb"), page.url
    for lesson in LESSONS:
        assert page.locator(f"a[href*='{lesson}']").count() >= 1, f"no link to {lesson}"
    shelf = page.locator(".tt-deck-shelf")
    shelf.wait_for(timeout=RENDER_SECONDS * 1000)
    assert "Source:" in shelf.inner_text()
    page.locator(".tt-deck-shelf select").select_option(label="Chemical Elements")
    page.get_by_text("Atomic number", exact=False).first.wait_for(timeout=20_000)
    assert unnamed_buttons(page) == []
    log.assert_clean()


def test_classic_game_is_played_to_its_end_by_clicking(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    _open(page, app_url + "/voila/render/01_classic_top_trumps.ipynb", "click a category to play it")
    assert page.get_by_text("Show the odds").count() >= 1
    assert page.locator("button.tt-category").count() >= 2
    assert unnamed_buttons(page) == []
    clicks = 0
    deadline = time.monotonic() + GAME_SECONDS
    while not page.get_by_text(re.compile("Game over")).count():
        assert time.monotonic() < deadline, f"the game did not end within {GAME_SECONDS} s ({clicks} clicks)"
        category = page.locator("button.tt-category:not([disabled])")
        forward = page.get_by_role("button", name=re.compile("Fast-forward"))
        if category.count():
            category.first.click(timeout=CLICK_MS)
        else:
            assert forward.count() and forward.first.is_enabled(), "neither a category nor Fast-forward is offered"
            forward.first.click(timeout=CLICK_MS)
        clicks += 1
        settle(page)  # the page shows the click's answer before the next look
    assert clicks >= 1
    page.get_by_text(re.compile("Game over")).first.scroll_into_view_if_needed()
    log.assert_clean()


def test_a_bad_value_from_the_page_gets_a_friendly_message(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    _open(page, app_url + "/voila/render/01_classic_top_trumps.ipynb", "click a category to play it")
    table = page.locator(".tt-table").first
    table.get_by_text("New game ⚙", exact=False).first.click()
    seed = table.locator(".tt-settings .widget-text:has(label:text-is('Seed')) input")
    seed.fill("-5")
    seed.press("Enter")
    table.get_by_role("button", name="New game", exact=True).click()
    page.get_by_text("Sorry", exact=False).first.wait_for(timeout=20_000)
    assert "Traceback" not in page.content()
    log.assert_clean()


def _answer(page: Any, question: str, choice: str, expect: str) -> str:
    """Picks `choice` in the self-check holding `question`; returns the feedback once it shows `expect`."""
    check = page.locator(".tt-selfcheck", has_text=question)
    check.wait_for(timeout=RENDER_SECONDS * 1000)
    check.scroll_into_view_if_needed()
    check.locator("label", has_text=choice).first.click()
    check.get_by_role("button", name=re.compile("Check")).click()
    feedback = check.locator(".tt-status")
    feedback.get_by_text(expect, exact=False).wait_for(timeout=20_000)
    return str(feedback.inner_text())


@pytest.mark.parametrize(
    ("lesson", "ready", "question", "right", "wrong"),
    [
        (
            "02_ties_and_no_data.ipynb",
            "which category ties most often",
            "which category ties most often",
            "Gestation",
            "Top speed",
        ),
        (
            "03_hi_lo.ipynb",
            "width of the 95 % confidence band",
            "width of the 95 % confidence band",
            "It halves",
            "It doubles",
        ),
    ],
)
def test_lesson_answers_a_self_check_right_and_wrong(
    app_url: str, page_and_log: Any, lesson: str, ready: str, question: str, right: str, wrong: str
) -> None:
    page, log = page_and_log
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    assert "Right" not in _answer(page, question, wrong, "Not quite")
    assert "Not quite" not in _answer(page, question, right, "Right")
    assert unnamed_buttons(page) == []
    log.assert_clean()


def test_hi_lo_is_played_with_the_lens_on(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    _open(page, f"{app_url}/voila/render/03_hi_lo.ipynb", "Show the odds")
    lens = page.get_by_role("checkbox", name=re.compile("Show the odds")).first
    if not lens.is_checked():
        lens.check()
    page.get_by_text(re.compile("expected", re.IGNORECASE)).first.wait_for(timeout=20_000)
    table = page.locator(".tt-table").first
    table.locator("button.tt-category:not([disabled])").first.click()
    calls = 0
    while not table.get_by_text(re.compile(r"\bwon\b|\bGame over\b|pins? in all", re.IGNORECASE)).count():
        higher = table.get_by_role("button", name=re.compile("Higher"))
        higher.wait_for(timeout=20_000)
        higher.click()
        calls += 1
        settle(page)
        assert calls <= 2, "Hi Lo takes at most two calls (rule T12)"
        if not table.get_by_role("button", name=re.compile("Higher")).count():
            break
    assert 1 <= calls <= 2
    table.get_by_role("button", name=re.compile("Play again")).wait_for(timeout=20_000)
    log.assert_clean()
