"""Whole games played by keyboard alone (Tab, Enter and Space), as a pupil who cannot use a mouse would.

After every action the page moves the focus to the next sensible control
(ipywidgets 8 ``focus()``): a person's first choice, else "Next ▶", else, once
the game is over, "New game".  So each test presses Enter (or Space) on
whatever has the focus and only Tab to step from "Next ▶" to "Fast-forward ⏩";
a move that would need more presses fails the test.  The pages are served by
the one app of conftest.py; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.conftest import move_clock, next_frames, settle
from widgets.spinner import SPIN_SECONDS

pytestmark = pytest.mark.browser

RENDER_SECONDS = 120
FOCUS_SECONDS = 30  # the first key press may wait for the lesson's experiment cell to finish in the kernel
GAME_SECONDS = 240
TABS_INTO_THE_GAME = 40  # from the top of the page to the game's first control (links and lesson controls first)


def _focused(page: Any, game: str) -> dict[str, Any] | None:
    """Returns what has the keyboard focus (None: nothing, the page's body), and whether it is in `game`."""
    return page.evaluate(
        f"""() => {{
          const e = document.activeElement;
          if (!e || e === document.body) {{ return null; }}
          return {{tag: e.tagName, text: (e.innerText || e.value || '').trim(), classes: String(e.className),
                   disabled: !!e.disabled, game: !!e.closest({game!r})}};
        }}"""
    )


def _open(page: Any, lesson: str, ready: str, app_url: str) -> None:
    page.goto(f"{app_url}/voila/render/{lesson}", wait_until="commit")
    page.get_by_text(ready, exact=False).first.wait_for(timeout=RENDER_SECONDS * 1000)


def _tab_to(page: Any, game: str, wanted: re.Pattern[str]) -> dict[str, Any]:
    """Presses Tab from the top of the page until a control of `game` whose text matches `wanted` has the focus."""
    for _ in range(TABS_INTO_THE_GAME):
        page.keyboard.press("Tab")
        now = _focused(page, game)
        if now and now["game"] and wanted.search(now["text"]):
            return now
    pytest.fail(f"{TABS_INTO_THE_GAME} presses of Tab did not reach {wanted.pattern!r} in {game}")


def _press(page: Any, game: str, key: str, *, away: bool = False) -> dict[str, Any]:
    """Presses `key` on the focused control, waits for the game to answer, and returns where the focus went.

    With `away`, the focus must leave the control pressed (it stays enabled, so
    the move of the focus is what shows the page has answered).
    A spin the press starts is let run to its end (the kernel's clock moves
    on by the spinner's time).
    """
    before = _focused(page, game)
    shown = page.locator(game).inner_text()
    page.keyboard.press(key)
    settle(page)
    if page.locator(f"{game} .tt-spinner-box[data-spinning=yes]").count():
        move_clock(page, SPIN_SECONDS)
    assert page.locator(game).inner_text() != shown, f"{key} on {before!r} changed nothing"
    return _focus_moves(page, game, before, away=away)


FOCUS_RESTS = """([game, before, away]) => {
  const e = document.activeElement;
  if (!e || e === document.body) { return false; }
  const now = {tag: e.tagName, text: (e.innerText || e.value || '').trim(), classes: String(e.className),
               disabled: !!e.disabled, game: !!e.closest(game)};
  if (away && JSON.stringify(now) === JSON.stringify(before)) { return false; }
  return now.game && !now.disabled && ['BUTTON', 'INPUT', 'SELECT'].includes(now.tag);
}"""


def _focus_moves(page: Any, game: str, before: dict[str, Any] | None, *, away: bool = False) -> dict[str, Any]:
    """Waits until the focus rests on an enabled control of `game` (the page moved it there after an action).

    The kernel's answer is all in the page first (`settle`), so the focus
    found is where the page left it, not a stop on its way.
    """
    settle(page)
    try:
        page.wait_for_function(FOCUS_RESTS, arg=[game, before, away], timeout=FOCUS_SECONDS * 1000)
    except PlaywrightTimeoutError:
        pytest.fail(f"after {before and before['text']!r} the focus went to {_focused(page, game)!r}, not a control")
    now = _focused(page, game)
    assert now is not None
    return now


def test_a_whole_classic_game_is_played_by_keyboard_alone(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    game = ".tt-table:has(.tt-stacks-box)"
    _open(page, "01_classic_top_trumps.ipynb", "click a category to play it", app_url)
    now = _tab_to(page, game, re.compile(r"^(Top speed|Weight|Lifespan|Gestation)"))
    presses = {"Enter": 0, "Tab": 0}
    deadline = time.monotonic() + GAME_SECONDS
    while not page.locator(f"{game} .tt-turn", has_text="🏁").count():
        assert time.monotonic() < deadline, f"the game did not end by keyboard in {GAME_SECONDS} s ({presses})"
        if now["text"].startswith("Next"):  # the computers' turn: one Tab to Fast-forward, which plays them all
            page.keyboard.press("Tab")
            presses["Tab"] += 1
            now = _focused(page, game)
            assert now and now["text"].startswith("Fast-forward"), now
        now = _press(page, game, "Enter")
        presses["Enter"] += 1
        if now["text"].startswith("Fast-forward"):  # the comparison in play is not over: press it again
            continue
        assert re.match(r"^(Next|Fast-forward|New game|\w[^:]*: )", now["text"]), now
    now = _focus_moves(page, game, now)
    assert now["text"] == "New game", f"after the game the focus is on {now!r}, not on New game"
    assert presses["Enter"] >= 2
    now = _press(page, game, "Enter", away=True)  # and the next game starts from the keyboard too
    assert page.locator(game).get_by_text("New game: ", exact=False).count()
    assert ":" in now["text"] or now["text"].startswith("Next"), now
    log.assert_clean()


def test_a_hi_lo_game_is_played_by_keyboard_alone(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    game = ".tt-table:has(.tt-hilo-row)"
    _open(page, "03_hi_lo.ipynb", "Choose a category of", app_url)
    now = _tab_to(page, game, re.compile(r"^[A-Z][^:]+: "))  # a category button: "Length: 9 m"
    now = _press(page, game, "Space")
    assert now["text"].endswith(("Higher", "Lower")), f"after the category the focus is on {now!r}"
    calls = 0
    while not now["text"].startswith("Play again"):
        assert calls < 2, f"Hi Lo asks at most two calls (T12); the focus is on {now!r}"
        now = _press(page, game, "Space")
        calls += 1
    assert calls >= 1
    assert page.locator(game).get_by_text(re.compile(r"\d pins?|You earned")).count()
    now = _press(page, game, "Enter", away=True)  # Play again ↻: the focus goes to the new game's first category
    assert re.match(r"^[A-Z][^:]+: ", now["text"]), now
    log.assert_clean()


def test_a_tournament_turn_is_played_by_keyboard_alone(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    game = ".tt-table:has(.tt-arena-main)"
    _open(page, "04_tournament.ipynb", "Spin for the mini-game", app_url)
    now = _tab_to(page, game, re.compile(r"^(Next ▶|Spin)"))
    person_acted = False
    deadline = time.monotonic() + GAME_SECONDS
    while True:
        assert time.monotonic() < deadline, f"no turn of You was played by keyboard in {GAME_SECONDS} s"
        if now["text"].startswith("Next"):
            if person_acted:
                break  # You played their turn, and the focus is back on Next ▶ for the computers
            page.keyboard.press("Tab")
            now = _focused(page, game)
            assert now and now["text"].startswith("Fast-forward"), now
        else:
            person_acted = True  # a spin, a choice (category, opponent, deck, call) or "ready"
        now = _press(page, game, "Enter")
        if now["text"].startswith("Start a new tournament"):
            break  # the tournament ended in this turn: the focus went to its New tournament button
    assert person_acted
    log.assert_clean()


def test_disclosures_and_rule_option_buttons_tell_a_screen_reader_their_state(app_url: str, page_and_log: Any) -> None:
    """The accessibility tree has "New game ⚙" collapsed, then expanded, and the chosen rule option pressed."""
    page, log = page_and_log
    game = page.locator(".tt-table:has(.tt-stacks-box)").first
    _open(page, "01_classic_top_trumps.ipynb", "click a category to play it", app_url)
    settings = game.get_by_role("button", name=re.compile(r"New game ⚙"))
    settings.first.wait_for(timeout=RENDER_SECONDS * 1000)
    assert settings.first.get_attribute("aria-expanded") == "false"
    assert re.search(r'- button "▸ New game ⚙[^"]*"(?! \[expanded\])', game.aria_snapshot())
    settings.first.focus()
    page.keyboard.press("Enter")
    page.locator(".tt-disclosure-open > .tt-disclosure-toggle[aria-expanded=true]").first.wait_for(timeout=10_000)
    snapshot = game.aria_snapshot()
    assert re.search(r'- button "▾ New game ⚙[^"]*\(open\)" \[expanded\]', snapshot), snapshot
    assert re.search(r'- button "[^"]*\(usual\)" \[pressed\]', snapshot), "the chosen rule option is pressed"
    log.assert_clean()


def test_the_resume_button_is_named_without_the_upload_s_count_of_files(app_url: str, page_and_log: Any) -> None:
    """The upload that resumes a game reads "Resume from a file…", not "Resume from a file… (0)"."""
    page, log = page_and_log
    game = page.locator(".tt-table:has(.tt-stacks-box)").first
    _open(page, "01_classic_top_trumps.ipynb", "click a category to play it", app_url)
    saves = game.get_by_role("button", name=re.compile(r"Save or resume"))
    saves.first.wait_for(timeout=RENDER_SECONDS * 1000)
    saves.first.focus()
    page.keyboard.press("Enter")
    upload = game.locator("button.widget-upload").first
    upload.wait_for(state="visible", timeout=10_000)
    settle(page)
    next_frames(page)  # the page's script names the button as it is drawn
    assert upload.inner_text().strip() == "Resume from a file…"
    assert 'button "Resume from a file…"' in game.aria_snapshot()
    log.assert_clean()
