"""Every game page at five screen sizes, its accessibility tree, and projector mode, in headless Chromium.

For each page with a game (the classic table, Hi Lo, the tournament arena,
the self-checks of lesson 02, the landing page's deck shelf, Squads, the
Quiz, the lab and the deck builder) one page of the app is opened and resized through
a phone (390x844), a tablet upright (768x1024), a small laptop (1024x768),
a laptop (1366x768) and a projector (1920x1080).  At each size:

- no element of a game, or of any cell's output, lies outside the viewport's width
  (bounding boxes; an element inside a box that scrolls sideways counts as
  inside when that box is);
- on the two laptop screens, the turn banner, the person's card and the main
  button show together without scrolling, once the game is scrolled to its top;
- a screenshot is kept in ``test-artifacts/screens-<page>-<width>x<height>.png``.

The accessibility tree (Playwright's aria snapshot) must hold no control
without a name, and every radio group must be named by its question.

Projector mode at 1920x1080 and 1366x768, the game scrolled to its top and
no further: after a comparison of six players (a computer's turn) and of two
(the person's turn), the turn banner, the stacks, the main button and every
player's card of the comparison lie inside the screen, every value and card
name shows whole (no value on two lines, nothing cut off at a card's edge),
the chosen row lines up across the cards, and no text is under
``PROJECTOR_TEXT_PX``; switched off and on again by keyboard mid-game, the
game is unchanged and the focus stays on the switch.  The same holds for
the tallest comparisons a teacher's seed deals: a tie of six cards with the
longest name of the animals deck, six cards of the chemical elements' six
categories, and a tie of dinosaurs with the widest unit ("million years
ago"), whose category names must stay inside their column.

Small text: every text of the Squads pictures (the lesson's own mission card
and row, the game's mission card, building row and reveal) reads at
``READABLE_PX`` or more on a phone, a laptop and a projector, measured as its
font size times the scale the page draws it at (``getScreenCTM``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import next_frames, page_drawn, settle
from toptrumps_core import load_deck

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
RENDER_SECONDS = 120
CHOICES_MAX = 30  # categories the person may name before a computer chooses (a run of 30 wins is as good as impossible)
CLICK_MS = 10_000  # the most a Squads move takes to answer on a busy machine
SWITCH_MS = 30_000  # the most a comparison or a redraw in the other mode takes on a machine shared by a class
VIEWPORTS = ((390, 844), (768, 1024), (1024, 768), (1366, 768), (1920, 1080))
LAPTOPS = ((1024, 768), (1366, 768))
# Teacher's seeds of six-player games (found with widgets.classic.settings.build_match): the person's first choice,
# Top speed, ties Ruby-throated hummingbird with another card, so the result takes two lines and the tie line
# shows; six chemical elements, whose deck has six categories; and a tie of dinosaurs, whose "Lived" unit is the
# widest of the decks.  Each test checks that the seed still deals it.
TALLEST = {
    "animals": (8, "Ruby-throated hummingbird"),
    "chemical_elements": (1, "Phosphorus"),
    "dinosaurs": (33, "Psittacosaurus"),  # a tie, and the widest unit of the decks: "(million years ago)"
}
PROJECTOR_TEXT_PX = 14  # the smallest text of a projected comparison, read from the back of a class
CARD_DESIGN_PX = 320  # a card's width in the comparison picture's own units (toptrumps_core.svg.CARD_WIDTH_PX)
READABLE_PX = 11  # the smallest text a picture may show on screen, in CSS px
CONTROL_ROLES = ("button", "checkbox", "radio", "slider", "spinbutton", "textbox", "combobox", "switch", "radiogroup")

OUTSIDE = """(width) => {
  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (['auto', 'scroll'].includes(style.overflowX)) { return p; }
    }
    return null;
  };
  const out = [];
  for (const el of document.querySelectorAll('.jp-OutputArea-output, .jp-OutputArea-output *')) {
    if (el.offsetParent === null && el.tagName !== 'svg') { continue; }
    let box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) { continue; }
    const scroller = scrolls(el);
    if (scroller) { box = scroller.getBoundingClientRect(); }
    if (box.left < -1 || box.right > width + 1) {
      out.push(`${el.tagName}.${String(el.className.baseVal ?? el.className).slice(0, 60)} ` +
               `[${Math.round(box.left)}, ${Math.round(box.right)}] "${(el.innerText || el.textContent || '')
                 .trim().slice(0, 40)}"`);
    }
  }
  return out;
}"""

IN_VIEW = """(selectors) => selectors.map((selector) => {
  const el = [...document.querySelectorAll(selector)].find((e) => e.offsetParent !== null);
  if (!el) { return [selector, 'missing']; }
  const box = el.getBoundingClientRect();
  const inside = box.top >= -1 && box.bottom <= window.innerHeight + 1 && box.left >= -1
    && box.right <= window.innerWidth + 1;
  return [selector, inside ? 'ok' : `at ${Math.round(box.top)}..${Math.round(box.bottom)} of ${window.innerHeight}`];
})"""

# page, a control that shows once its game is drawn, the game's box, what must show together on a laptop
PAGES = {
    "classic": (
        "01_classic_top_trumps.ipynb",
        ".tt-table:has(.tt-stacks-box) button.tt-category",
        ".tt-table:has(.tt-stacks-box)",
        (".tt-turn", ".tt-card", "button.tt-category"),
    ),
    "hilo": (
        "03_hi_lo.ipynb",
        ".tt-table:has(.tt-hilo-row) button.tt-category",
        ".tt-table:has(.tt-hilo-row)",
        (".tt-hilo-row .tt-cardview", ".tt-table:has(.tt-hilo-row) button.tt-category"),
    ),
    "tournament": (
        "04_tournament.ipynb",
        ".tt-arena-left button.tt-big",
        ".tt-table:has(.tt-arena-main)",
        (".tt-table:has(.tt-arena-main) .tt-turn", ".tt-arena-left .tt-big"),
    ),
    "self-checks": ("02_ties_and_no_data.ipynb", ".tt-selfcheck .widget-radio-box", ".tt-selfcheck", ()),
    "landing": ("00_start_here.ipynb", ".tt-deck-shelf select", ".tt-deck-shelf", ()),
    "squads": ("05_squads.ipynb", ".tt-table button:has-text('Play this mission')", ".tt-table", ()),
    "quiz": ("06_top_ten_quiz.ipynb", ".tt-quiz-master button", ".tt-quiz-master", ()),
    "lab": ("07_simulation_lab.ipynb", ".tt-lab button", ".tt-lab", ()),
    "deck builder": ("08_build_your_own_deck.ipynb", ".tt-deck-builder button", ".tt-deck-builder", ()),
}


COMPARISON_CARDS = """() => [...document.querySelectorAll('svg')]
  .filter((svg) => /^Comparison/.test(svg.querySelector('title')?.textContent || ''))
  .filter((svg) => svg.getBoundingClientRect().width > 0)
  .map((svg) => [svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * CARD,
                 svg.querySelector('desc').textContent])
""".replace("CARD", str(CARD_DESIGN_PX))

SQUADS_TEXT = """() => {
  const found = [];
  for (const svg of document.querySelectorAll('svg')) {
    const title = svg.querySelector('title');
    if (!title || !/^Mission:|row of \\d+ slots/.test(title.textContent)) { continue; }
    if (svg.getBoundingClientRect().width === 0) { continue; }  // the layout not shown at this width
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) { continue; }
      const m = text.getScreenCTM();
      const px = parseFloat(getComputedStyle(text).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      found.push([Math.round(px * 10) / 10, text.textContent.trim().slice(0, 30), title.textContent.slice(0, 30)]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}"""


def unnamed_controls(snapshot: str) -> list[str]:
    r"""Returns the lines of an aria snapshot that are controls without a name (``- button`` with no text).

    A named control reads ``- role "name"``; without a name the role is followed
    by nothing, by its state (``[checked]``) or by its value (``: 2024``).

    Example:
        >>> unnamed_controls('- button "Next ▶"\n- slider\n- textbox: "7"\n- checkbox [checked]\n- radio "A"')
        ['- slider', '- textbox: "7"', '- checkbox [checked]']
    """
    roles = "|".join(CONTROL_ROLES)
    return [line.strip() for line in snapshot.splitlines() if re.match(rf"\s*- ({roles})(\s*$|:| \[)", line)]


def _open(page: Any, url: str, ready: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url, wait_until="commit")  # Voilà streams the page while its cells run
    page.locator(ready).first.wait_for(timeout=RENDER_SECONDS * 1000)


@pytest.mark.parametrize("name", list(PAGES))
def test_a_game_page_fits_five_screens_and_names_every_control(name: str, app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    lesson, ready, game, together = PAGES[name]
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    page_drawn(page)  # the page's later cells draw their widgets too
    snapshot = page.locator("body").aria_snapshot()
    assert unnamed_controls(snapshot) == [], "controls without a name for a screen reader"
    groups = re.findall(r"- radiogroup(.*)", snapshot)
    assert all(g.startswith(' "') for g in groups), f"radio groups without their question: {groups}"
    if name == "self-checks":
        assert len(groups) >= 2 and all("?" in g for g in groups), groups
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        next_frames(page)
        page.locator(game).first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"screens-{name}-{width}x{height}.png"))
        assert page.evaluate(OUTSIDE, width) == [], f"cut off at {width}x{height}"
        if (width, height) in LAPTOPS and together:
            page.locator(together[0]).first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
            next_frames(page)
            shown = page.evaluate(IN_VIEW, list(together))
            assert all(state == "ok" for _, state in shown), f"not on one screen at {width}x{height}: {shown}"
    if name == "classic":  # the computers' turn: the banner, the person's card and Next ▶ on one screen too
        _play_until_the_computers_turn(page, PAGES[name][1])
        _each_laptop_shows(page, "watch", [".tt-turn", ".tt-col-card .tt-cardview", ".tt-col-arena .tt-primary"])
        _check_hot_seat_pass_screen(page, game)
    log.assert_clean()


def _play_until_the_computers_turn(page: Any, category: str) -> None:
    """Names categories until "Next ▶" is offered: a winner chooses again (C9)."""
    watch = page.locator(".tt-col-arena .tt-primary:not([disabled])")
    for _ in range(CHOICES_MAX):
        page.locator(category).first.click(timeout=RENDER_SECONDS * 1000)
        settle(page)
        if watch.count():
            return
    pytest.fail(f"the person still chooses after {CHOICES_MAX} categories: no computers' turn to check")


def _check_hot_seat_pass_screen(page: Any, game: str) -> None:
    """Starts a two-person game: the pass screen's banner, card back and "show my card" share each laptop screen."""
    table = page.locator(game).first
    table.get_by_role("button", name=re.compile("New game ⚙")).click()
    table.get_by_label("People (hot seat if 2+)").select_option("2")
    table.get_by_role("button", name="New game", exact=True).click()
    table.get_by_role("button", name=re.compile("show my card")).wait_for(timeout=RENDER_SECONDS * 1000)
    _each_laptop_shows(page, "pass", [".tt-turn", ".tt-col-card .tt-cardview", ".tt-col-card .tt-primary"])


def _each_laptop_shows(page: Any, moment: str, selectors: list[str]) -> None:
    """At each laptop size, with the turn banner scrolled to the top, every one of `selectors` is on the screen.

    A screenshot of each is kept as ``screens-classic-<moment>-<size>.png``.
    """
    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        next_frames(page)
        page.locator(".tt-turn").first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"screens-classic-{moment}-{width}x{height}.png"))
        shown = page.evaluate(IN_VIEW, selectors)
        assert all(state == "ok" for _, state in shown), f"not on one screen at {width}x{height}: {shown}"


def test_projector_mode_enlarges_every_game_of_the_page_and_stays_on(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    lesson, ready, game, _ = PAGES["classic"]
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    page.set_viewport_size({"width": 1920, "height": 1080})
    table = page.locator(game).first
    before = table.bounding_box()
    size_before = table.locator("button.tt-category").first.evaluate("(b) => parseFloat(getComputedStyle(b).fontSize)")
    switch = table.get_by_role("button", name=re.compile("Projector mode: off"))
    switch.focus()
    page.keyboard.press("Enter")
    table.get_by_role("button", name=re.compile("Projector mode: on")).wait_for(timeout=20_000)
    page.wait_for_function(f"() => document.querySelector({game!r}).classList.contains('tt-projector')")
    next_frames(page)
    after = table.bounding_box()
    size_after = table.locator("button.tt-category").first.evaluate("(b) => parseFloat(getComputedStyle(b).fontSize)")
    assert before and after and after["width"] >= before["width"], (before, after)
    assert after["width"] >= 0.9 * 1920 - 80, f"projector mode leaves the screen's sides empty: {after}"
    assert size_after >= 1.2 * size_before, (size_before, size_after)
    table.locator("button.tt-category").first.click()  # a move re-renders the table: the mode stays on
    settle(page)  # the move's re-render has arrived
    next_frames(page)
    assert "tt-projector" in (table.get_attribute("class") or "")
    page.screenshot(path=str(ARTIFACTS / "screens-projector-1920x1080.png"))
    assert page.evaluate(OUTSIDE, 1920) == []
    log.assert_clean()


def test_squads_pictures_text_reads_on_a_phone_a_laptop_and_a_projector(app_url: str, page_and_log: Any) -> None:
    """Every text of the mission card, the building row (a card in hand) and the reveal is READABLE_PX or more."""
    page, log = page_and_log
    lesson, ready, _, _ = PAGES["squads"]
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    table = page.locator(".tt-table", has_text="Top Trump Squads").first
    table.get_by_role("button", name="Play this mission").click()
    table.get_by_role("button", name=re.compile("^Pick up slot")).first.click(timeout=RENDER_SECONDS * 1000)
    table.get_by_role("button", name=re.compile("^Place in slot")).first.wait_for(timeout=RENDER_SECONDS * 1000)
    _check_squads_text(page, table, "build")
    for _ in range(CHOICES_MAX):  # build the rest of the row, then turn every mission slot
        if table.get_by_role("button", name="Reveal all").count():
            break
        table.get_by_role("button", name=re.compile("^(Pick up slot|Place in slot)")).first.click(timeout=CLICK_MS)
        settle(page)
    table.get_by_role("button", name="Reveal all").click(timeout=CLICK_MS)
    table.get_by_role("button", name=re.compile("^(Next round|See who won)")).wait_for(timeout=CLICK_MS)
    _check_squads_text(page, table, "reveal")
    log.assert_clean()


def _check_squads_text(page: Any, table: Any, screen: str) -> None:
    for width, height in ((390, 844), (1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        next_frames(page)
        table.locator(".tt-turn").first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"screens-squads-{screen}-{width}x{height}.png"))
        texts = page.evaluate(SQUADS_TEXT)
        assert len(texts) > 20, f"too few Squads texts found at {width}x{height}: {texts}"
        assert texts[0][0] >= READABLE_PX, f"text too small at {width}x{height}: {texts[:5]}"


@pytest.mark.parametrize("deck", sorted(TALLEST))
def test_the_tallest_comparisons_a_seed_deals_fit_a_laptop_and_a_projector_whole(
    app_url: str, page_and_log: Any, deck: str
) -> None:
    page, log = page_and_log
    lesson, ready, game, _ = PAGES["classic"]
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    table = page.locator(game).first
    seed, name = TALLEST[deck]
    _new_game(table, 6, deck=load_deck(deck).name, seed=seed)
    table.get_by_role("button", name=re.compile("Projector mode: off")).click()
    table.get_by_role("button", name=re.compile("Projector mode: on")).wait_for(timeout=20_000)
    table.locator("button.tt-category").first.click(timeout=RENDER_SECONDS * 1000)
    names = table.locator(".tt-projected-name")
    names.first.wait_for(timeout=SWITCH_MS)
    assert name in [text.replace("\u00ad", "") for text in names.all_inner_texts()], "the seed no longer deals it"
    _check_projected(page, game, f"tallest-{deck}", 6)
    log.assert_clean()


def test_a_projected_game_shows_the_banner_the_main_button_and_every_card_of_the_comparison_on_one_screen(
    app_url: str, page_and_log: Any
) -> None:
    """Projector mode, six players, after a comparison: the game at the top of a 1920x1080 or 1366x768 screen shows
    the turn banner, the stacks, the main button and every player's card of the comparison whole, in readable type,
    on the computers' turns and the person's; switched off and on mid-game, nothing is lost and the focus stays."""
    page, log = page_and_log
    lesson, ready, game, _ = PAGES["classic"]
    _open(page, f"{app_url}/voila/render/{lesson}", ready)
    table = page.locator(game).first
    _new_game(table, 6)
    table.get_by_role("button", name=re.compile("Projector mode: off")).click()
    table.get_by_role("button", name=re.compile("Projector mode: on")).wait_for(timeout=20_000)
    table.locator("button.tt-category").first.click(timeout=RENDER_SECONDS * 1000)
    shown = f"document.querySelector({game!r} + ' .tt-comparison-box').querySelector('svg, .tt-projected-seat')"
    page.wait_for_function(f"() => {shown} !== null", timeout=SWITCH_MS)  # the comparison, in either drawing
    _check_projected(page, game, "six-players", 6)
    _switch_off_and_on_mid_game(page, table, game)
    _new_game(table, 2)  # a person's turn after a comparison comes soon with two players: the person wins half
    for _ in range(CHOICES_MAX):
        settle(page)
        shown = page.evaluate(f"({PROJECTED})({game!r})")
        if shown["cards"] and table.locator("button.tt-category").count():
            break
        if table.locator(".tt-over").count():  # the computer took every card first
            _new_game(table, 2)
        else:
            _play_one(page, table, game)
    else:
        pytest.fail(f"no person's turn after a comparison in {CHOICES_MAX} comparisons")
    _check_projected(page, game, "two-players-person", 2)
    log.assert_clean()


PROJECTED = """(game) => {
  const table = document.querySelector(game);
  const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom, b.width]; };
  const comparison = table.querySelector('.tt-comparison-box');
  let smallest = [1e9, ''];
  for (const el of comparison.querySelectorAll('*')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) { continue; }
    if (el.getBoundingClientRect().width === 0) { continue; }
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGGraphicsElement) {
      const m = el.getScreenCTM();
      px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (px < smallest[0]) { smallest = [px, el.textContent.trim().slice(0, 30)]; }
  }
  const broken = [];  // a value on two lines or past its card's edge, or a card name cut off
  for (const el of comparison.querySelectorAll('.tt-projected-value, .tt-projected-name')) {
    const card = el.closest('.tt-projected-card').getBoundingClientRect();
    const range = document.createRange();  // the text's own boxes, one per line (the element itself is one box)
    range.selectNodeContents(el);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0);
    const cut = lines.some((r) => r.left < card.left - 0.5 || r.right > card.right + 0.5);
    const rows = new Set(lines.map((r) => Math.round(r.top))).size;
    const wrapped = el.classList.contains('tt-projected-value') && rows > 1;
    if (cut || wrapped || el.scrollWidth > el.clientWidth + 1) { broken.push(el.textContent); }
  }
  const labels = comparison.querySelector('.tt-projected-labels');  // none before the first comparison
  const column = labels ? labels.getBoundingClientRect() : null;
  for (const el of labels ? labels.querySelectorAll('.tt-projected-label') : []) {
    const range = document.createRange();  // a category's name or unit reaching into the first card
    range.selectNodeContents(el);
    if ([...range.getClientRects()].some((r) => r.width > 0 && r.right > column.right + 0.5)) {
      broken.push(el.textContent);
    }
  }
  const chosen = [...comparison.querySelectorAll('.tt-projected-chosen')].map((el) => el.getBoundingClientRect().top);
  const persons = [...table.querySelectorAll('button.tt-category:not([disabled])')];
  const next = table.querySelector('.tt-col-arena .tt-primary:not([disabled])');
  return {
    comparison: box(comparison.lastElementChild),
    cards: [...comparison.querySelectorAll('.tt-projected-seat')].map(box),
    smallest,
    broken,
    chosen,
    banner: box(table.querySelector('.tt-turn')),
    stacks: box(table.querySelector('.tt-stacks')),
    main: persons.length ? box(persons[persons.length - 1]) : next ? box(next) : null,
  };
}"""


def _new_game(table: Any, seats: int, *, deck: str | None = None, seed: int | None = None) -> None:
    """Starts a game of `seats` players from the settings, of the deck titled `deck` and a teacher's `seed` if given."""
    if not table.get_by_role("button", name="New game", exact=True).is_visible():  # the settings are shut
        table.get_by_role("button", name=re.compile("New game ⚙")).click()
    table.get_by_label("Players (seats)").select_option(str(seats))
    if deck is not None:
        table.get_by_label("Deck").select_option(label=deck)
    if seed is not None:
        field = table.locator(".widget-text:has(label:text-is('Seed')) input")
        field.fill(str(seed))
        field.press("Enter")
    table.get_by_role("button", name="New game", exact=True).click()
    table.locator(".tt-title", has_text=f"{seats} players").wait_for(timeout=RENDER_SECONDS * 1000)
    table.locator(".tt-log li").first.filter(has_text="Shuffled and dealt").wait_for(timeout=RENDER_SECONDS * 1000)
    table.locator("button.tt-category").first.wait_for(timeout=RENDER_SECONDS * 1000)


def _play_one(page: Any, table: Any, game: str) -> None:
    """Plays one comparison: "Next ▶" on a computer's turn, else the person's first category."""
    before = table.locator(".tt-log").inner_text()
    table.locator(".tt-col-arena .tt-primary:not([disabled]), button.tt-category").first.click(timeout=CLICK_MS)
    page.wait_for_function(
        f"(before) => document.querySelector({game!r} + ' .tt-log').innerText !== before",
        arg=before,
        timeout=SWITCH_MS,
    )


def _inside(box: list[float], width: int, height: int) -> bool:
    left, top, right, bottom, _ = box
    return left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1


def _check_projected(page: Any, game: str, name: str, seats: int) -> None:
    """At 1920x1080 and 1366x768, the game scrolled to its top and no further: every part of the turn inside."""
    for width, height in ((1920, 1080), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        next_frames(page)
        page.locator(game).first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        next_frames(page)
        page.screenshot(path=str(ARTIFACTS / f"screens-projector-{name}-{width}x{height}.png"))
        shown = page.evaluate(f"({PROJECTED})({game!r})")
        where = f"{name} at {width}x{height}: {shown}"
        assert _inside(shown["comparison"], width, height), f"the comparison is cut off, {where}"
        assert len(shown["cards"]) == seats, f"not every player's card, {where}"
        assert all(_inside(card, width, height) for card in shown["cards"]), f"a card is cut off, {where}"
        assert not shown["broken"], f"a value, card name or category name is not whole, {where}"
        chosen = shown["chosen"]
        assert len(chosen) == seats + 1 and max(chosen) - min(chosen) < 1, f"the chosen row does not line up, {where}"
        assert shown["smallest"][0] >= PROJECTOR_TEXT_PX, f"text too small to read from the back, {where}"
        for part in ("banner", "stacks", "main"):
            assert shown[part] and _inside(shown[part], width, height), f"the {part} is not on the screen, {where}"
        assert page.evaluate(OUTSIDE, width) == [], f"cut off at {width}x{height}"
    page.set_viewport_size({"width": 1920, "height": 1080})


def _switch_off_and_on_mid_game(page: Any, table: Any, game: str) -> None:
    """By keyboard: off draws the comparison's picture again, on the projected cards; the game and focus stay."""
    state = table.locator(".tt-stacks-box").inner_html(), table.locator(".tt-result").inner_text()
    for now, seen in (("off", f"({COMPARISON_CARDS})().length > 0"), ("on", f"({PROJECTED})({game!r}).cards.length")):
        table.get_by_role("button", name=re.compile("Projector mode: (on|off)")).focus()
        page.keyboard.press("Enter")
        table.get_by_role("button", name=re.compile(f"Projector mode: {now}")).wait_for(timeout=20_000)
        page.wait_for_function(f"() => {seen}", timeout=SWITCH_MS)
        focused = page.evaluate("() => document.activeElement.textContent")
        assert "Projector mode" in focused, f"switched {now}, the focus went to {focused!r}"
        assert (table.locator(".tt-stacks-box").inner_html(), table.locator(".tt-result").inner_text()) == state
