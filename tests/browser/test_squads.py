"""Top Trump Squads in the Voilà app: a whole game to 10 tokens through the page (rules S1-S7).

A person and two computers: the test makes the person's first moves by
keyboard and the rest by mouse (mission choices, building moves), turns every reveal slot by slot, and goes on until
the end screen; the page log must stay clean.  Screenshots of the building
screen at a phone's, a laptop's and a large screen's size are kept in
``test-artifacts/`` to be looked at.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, next_frames, settle, unnamed_buttons

pytestmark = pytest.mark.browser

RENDER_SECONDS = 90
GAME_SECONDS = 420
CLICK_MS = 5_000
PAGE = "/voila/render/05_squads.ipynb"
MOVES = re.compile(r"^(Play this mission|Pick up slot|Place in slot|Reveal next slot|Next round|See who won)")
SIZES = ((390, 844), (1366, 768), (1920, 1080))


def _screenshots(page: Any, table: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        table.locator(".tt-turn").first.evaluate("turn => turn.scrollIntoView({block: 'start'})")
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"squads_{name}_{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 1000})


def test_squads_a_whole_game_to_10_tokens_by_mouse_a_person_and_two_computers(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.goto(app_url + PAGE, wait_until="domcontentloaded")
    table = page.locator(".tt-table", has_text="Top Trump Squads").first
    table.get_by_role("button", name="Play this mission").wait_for(timeout=RENDER_SECONDS * 1000)
    assert unnamed_buttons(page) == []
    # the first moves by keyboard: every control is a named button that Enter and Space press
    table.get_by_role("button", name="Play this mission").focus()
    page.keyboard.press("Enter")
    pick = table.get_by_role("button", name=re.compile("^Pick up slot"))
    pick.first.wait_for(timeout=RENDER_SECONDS * 1000)
    pick.first.focus()
    page.keyboard.press("Space")
    table.get_by_role("button", name=re.compile("^Place in slot")).first.wait_for(timeout=RENDER_SECONDS * 1000)
    shots: set[str] = set()
    clicks = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        if table.get_by_text("🏁 Game over").count():
            break
        if "build" not in shots and table.get_by_role("button", name=re.compile("^Place in slot")).count():
            _screenshots(page, table, "build")
            shots.add("build")
        if "reveal" not in shots and table.get_by_text("WON +").count():
            _screenshots(page, table, "reveal")
            shots.add("reveal")
        move = table.get_by_role("button", name=MOVES)
        assert move.count(), f"no move offered: {table.locator('.tt-turn').first.inner_text()!r}"
        move.first.click(timeout=CLICK_MS)
        clicks += 1
        settle(page)  # the page shows the move's answer before the next look
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({clicks} clicks)")
    words = table.locator(".tt-over").inner_text()
    assert "tokens" in words and ("win" in words or "tie" in words)
    totals = [int(n) for n in re.findall(r": (\d+) tokens?", table.get_by_role("status", name="Tokens").inner_text())]
    assert len(totals) == 3 and max(totals) >= 10
    assert clicks >= 10 and {"build", "reveal"} <= shots
    _screenshots(page, table, "over")
    assert "Traceback" not in page.content()
    log.assert_clean()


OVERFLOWS = """() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    for (const control of document.querySelectorAll('.tt-table .widget-inline-hbox')) {
        if (control.offsetParent === null) continue;
        const box = control.getBoundingClientRect();
        if (box.right > width + 1) found.push('past the right edge: ' + control.innerText.slice(0, 40));
        const label = control.querySelector('.widget-label');
        if (label && label.scrollWidth > label.clientWidth + 1) found.push('label cut: ' + label.innerText);
    }
    return found;
}"""


def test_squads_the_mission_choice_and_new_game_settings_fit_a_phone(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_url + PAGE, wait_until="domcontentloaded")
    table = page.locator(".tt-table", has_text="Top Trump Squads").first
    table.get_by_role("button", name="Play this mission").wait_for(timeout=RENDER_SECONDS * 1000)
    table.get_by_text("New game ⚙").click()
    table.get_by_text("Tokens to win").wait_for(timeout=CLICK_MS)
    next_frames(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "squads_settings_390x844.png"), full_page=True)
    assert page.evaluate(OVERFLOWS) == []
    log.assert_clean()
