"""The Top Ten Quiz in the Voilà app: whole quizzes of seven rounds through the page (rules Q1-Q13).

The teacher's part is played by keyboard and mouse: the settings (a short
timer, set 1), each captain's sealed bid typed with Enter, the timer
started, answers typed with Enter and checked at once; a near miss the
judge accepts, a special tile, the opposing team's chance (right, wrong,
and out of time when the countdown runs out), and round 7's showdown; then
the high-bid variant.  Screenshots at 1920x1080 and 1366x768 are kept in
``test-artifacts/`` to be looked at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, move_clock, next_frames, settle, unnamed_buttons
from toptrumps_core.quiz import load_charts

pytestmark = pytest.mark.browser

RENDER_MS = 90_000
STEP_MS = 20_000
PAGE = "/voila/render/06_top_ten_quiz.ipynb"
TIMER_S = 15  # the countdown that runs out on purpose, when the test moves the app's clock (test mode) this far
OPPOSING_S = 10  # the opposing team's one answer (Q8)
LONG_TIMER_S = 120  # set through the settings too; the clock moves only when a test moves it
SIZES = ((1920, 1080), (1366, 768))
CHARTS = [[answer.text for answer in chart.answers] for chart in load_charts("set_1").charts]


def _screenshots(page: Any, quiz: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        quiz.scroll_into_view_if_needed()
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"quiz_{name}_{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 1000})


def _open(page: Any, app_url: str, *, bidding: str = "Secret bids", timer_s: int = TIMER_S) -> Any:
    page.goto(app_url + PAGE, wait_until="domcontentloaded", timeout=RENDER_MS)
    quiz = page.locator(".tt-quiz-master").first
    quiz.get_by_role("button", name="Start the quiz ▶").wait_for(timeout=RENDER_MS)
    quiz.get_by_label("Timer (seconds)").fill(str(timer_s))
    quiz.get_by_label("Timer (seconds)").press("Tab")
    quiz.get_by_label("Charts").select_option(label="Set 1")
    quiz.get_by_role("button", name=bidding).click()
    quiz.get_by_role("button", name="Start the quiz ▶").click()
    return quiz


def _say(quiz: Any, text: str, expect: str) -> None:
    """Types `text` in the answer box, presses Enter, and waits for `expect` and the rest of the answer on the page.

    It types once the kernel has drawn the answering state and put the
    keyboard's focus in the box (as a captain finds it), not into a box the
    next redraw replaces.  The board may show `expect` before the controls
    under it arrive, so it then waits for every answer of the kernel (`settle`).
    """
    box = quiz.get_by_placeholder(re.compile("type an answer and press Enter"))
    quiz.page.wait_for_function(
        "document.activeElement?.placeholder?.includes('type an answer and press Enter')", timeout=STEP_MS
    )
    box.fill(text)
    box.press("Enter")
    quiz.get_by_text(expect).first.wait_for(timeout=STEP_MS)
    settle(quiz.page)


def _bid(quiz: Any, team: str, bid: int, *, last: bool = False) -> None:
    """Types `team` captain's secret bid and seals it with Enter; the last one reveals both (Q4)."""
    box = quiz.get_by_label(f"{team} captain's bid")
    box.wait_for(timeout=STEP_MS)
    box.fill(str(bid))
    box.press("Enter")
    if last:
        quiz.get_by_role("button", name=re.compile(r"^Start the timer")).wait_for(timeout=STEP_MS)
    else:
        quiz.get_by_text(f"✓ {team}'s bid is sealed").first.wait_for(timeout=STEP_MS)


def _next_round(quiz: Any) -> None:
    quiz.get_by_role("button", name="Next round ▶").click()
    quiz.get_by_label("Green captain's bid").wait_for(timeout=STEP_MS)


def test_quiz_a_whole_quiz_of_seven_rounds_with_judge_special_tile_opposing_chance_and_showdown(
    app_url: str, page_and_log: Any
) -> None:
    page, log = page_and_log
    quiz = _open(page, app_url)
    for round_, answers in enumerate(CHARTS, start=1):
        quiz.get_by_text(f"Round {round_} of 7").first.wait_for(timeout=STEP_MS)
        _bid(quiz, "Green", 3)
        _bid(quiz, "Black", 2, last=True)
        quiz.get_by_role("button", name=re.compile(r"^Start the timer")).click()
        if round_ == 1:  # a near miss the judge accepts, a wrong answer and a special tile, then two right
            _say(quiz, "Englsh", "Does it count?")
            _screenshots(page, quiz, "judge")
            quiz.get_by_role("button", name=re.compile(r"^Accept as rank \d+ ✓")).click()
            quiz.get_by_text("✓ English").first.wait_for(timeout=STEP_MS)
            _say(quiz, "Klingon", "✗ Klingon")
            _screenshots(page, quiz, "special")
            quiz.get_by_role("button", name=re.compile(r"^Use a special tile")).click()
            _say(quiz, answers[1], f"✓ {answers[1]}")
            _screenshots(page, quiz, "guessing")
            _say(quiz, answers[2], "wins round 1")
        elif round_ == 2:  # wrong, no special tile wanted: Black's one answer is right
            _say(quiz, "Narnia", "✗ Narnia")
            quiz.get_by_role("button", name=re.compile(r"^No: hand over")).click()
            quiz.get_by_text("may give one answer within 10 seconds").first.wait_for(timeout=STEP_MS)
            _screenshots(page, quiz, "opposing")
            _say(quiz, answers[5], "Black wins round 2")
        elif round_ == 3:  # the countdown runs out, then the opposing team's 10 seconds: tiles stay
            move_clock(page, TIMER_S - 0.5)
            assert not quiz.get_by_text("may give one answer within 10 seconds").count(), "the time ran out early"
            move_clock(page, 0.5)
            quiz.get_by_text("may give one answer within 10 seconds").first.wait_for(timeout=STEP_MS)
            move_clock(page, OPPOSING_S)
            quiz.get_by_text("Nobody wins round 3").first.wait_for(timeout=STEP_MS)
        elif round_ == 7:  # wrong, the opposing team wrong too: the showdown
            _say(quiz, "Narnia", "✗ Narnia")
            quiz.get_by_role("button", name=re.compile(r"^No: hand over")).click()
            _say(quiz, "Atlantis", "Showdown: ")
            _say(quiz, "Mordor", "Showdown: Black answers")  # Green's first showdown try is wrong
            _say(quiz, answers[9], "wins the quiz")
        else:
            for text in answers[:2]:
                _say(quiz, text, f"✓ {text}")
            _say(quiz, answers[2], f"wins round {round_}")
        if round_ < 7:
            assert "Next round" in quiz.inner_text()
            _next_round(quiz)
    words = quiz.inner_text()
    assert "wins the quiz" in words and "points" in words
    _screenshots(page, quiz, "winner")
    assert unnamed_buttons(page) == []
    assert "Traceback" not in page.content()
    log.assert_clean()


def test_quiz_the_high_bid_variant_through_the_page(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    quiz = _open(page, app_url, bidding="High bids", timer_s=LONG_TIMER_S)
    for round_, answers in enumerate(CHARTS, start=1):
        quiz.get_by_text(f"Round {round_} of 7").first.wait_for(timeout=STEP_MS)
        quiz.get_by_role("button", name="Open the bidding").wait_for(timeout=STEP_MS)
        if round_ == 1:
            _screenshots(page, quiz, "high_bid")
        quiz.get_by_role("button", name="Open the bidding").click()  # opens with 3
        quiz.get_by_role("button", name=re.compile(r"raises to 4$")).click()
        quiz.get_by_role("button", name=re.compile(r"passes$")).click()
        quiz.get_by_role("button", name=re.compile(r"^Start the timer")).click()
        for text in answers[:3]:
            _say(quiz, text, f"✓ {text}")
        _say(quiz, answers[3], f"wins round {round_}")
        if round_ < 7:
            quiz.get_by_role("button", name="Next round ▶").click()
    assert "wins the quiz" in quiz.inner_text()
    assert unnamed_buttons(page) == []
    log.assert_clean()


def _focused(page: Any) -> str:
    """Returns what has the keyboard's focus: an input's placeholder or aria-label, or a button's text."""
    return page.evaluate(
        """() => { const e = document.activeElement;
            return e.tagName + ':' + (e.placeholder || e.getAttribute('aria-label') || e.innerText || ''); }"""
    )


def _placeholder_fits(page: Any) -> bool:
    """True if the answer box's placeholder is shown whole (its text is narrower than the box's inside)."""
    return page.evaluate(
        """() => { const e = document.activeElement; const s = getComputedStyle(e);
            const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
            const inside = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            return c.measureText(e.placeholder).width <= inside; }"""
    )


def test_quiz_keyboard_only_bids_and_answers_keep_the_focus_and_one_tab_reaches_pause(
    app_url: str, page_and_log: Any
) -> None:
    page, log = page_and_log
    quiz = _open(page, app_url, timer_s=LONG_TIMER_S)
    quiz.get_by_label("Green captain's bid").wait_for(timeout=STEP_MS)
    page.wait_for_function("document.activeElement && document.activeElement.type === 'password'", timeout=STEP_MS)
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    quiz.get_by_text("✓ Green's bid is sealed").first.wait_for(timeout=STEP_MS)
    settle(page)
    assert "password" in page.evaluate("document.activeElement.type"), _focused(page)
    page.keyboard.type("2")  # no Tab, no click: the focus moved to Black's box
    page.keyboard.press("Enter")
    quiz.get_by_role("button", name=re.compile(r"^Start the timer")).click()
    answers = CHARTS[0]
    page.wait_for_function("document.activeElement && document.activeElement.type === 'text'", timeout=STEP_MS)
    for text in answers[:2]:  # typed with Enter, no Tab and no click between them
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        quiz.get_by_text(f"✓ {text}").first.wait_for(timeout=STEP_MS)
        settle(page)
        assert "type an answer" in _focused(page)
    for width, height in SIZES:  # the whole board fits a projector's screen while answering
        page.set_viewport_size({"width": width, "height": height})
        next_frames(page)
        box = quiz.bounding_box()
        assert box is not None and box["height"] <= height, (width, height, box)
        assert _placeholder_fits(page), (width, height)
    page.keyboard.press("Tab")
    assert "Pause" in _focused(page)
    page.keyboard.press("Space")
    quiz.get_by_text("(paused ⏸)").first.wait_for(timeout=STEP_MS)
    page.wait_for_function(  # the button relabels in place: the focus stays on it
        "document.activeElement?.tagName === 'BUTTON' && document.activeElement.innerText.includes('Resume')",
        timeout=STEP_MS,
    )
    log.assert_clean()
