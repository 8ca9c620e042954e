"""Re-renders leave nothing behind: old buttons do nothing, and the widget count stays bounded.

Every view re-renders after each move and replaces its buttons.  A click that
reaches a button of a past decision (a double-click in the browser, a click
racing a re-render) must not make a second move, and must not scold the
pupil either: it is ignored.  Everything a render replaced is closed, to the
bottom (layouts and styles too), so a class playing all lesson long does not
fill the kernel with dead widgets.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw
import pytest

from tests.widgets.widget_helpers import PYTHON_REPR, browser_text, live_widgets
from toptrumps_core.tournament.head_to_head import PickOpponent
from toptrumps_core.tournament.hilo import Call
from widgets.classic import ClassicTable
from widgets.hilo import HiLoTable
from widgets.tournament import TournamentArena

ROUNDS = 50


def growth(step: Callable[[], None], rounds: int = ROUNDS) -> int:
    """Returns how many more widgets are open after `rounds` steps than after the first few."""
    for _ in range(3):
        step()
    before = live_widgets()
    for _ in range(rounds):
        step()
    return live_widgets() - before


def assert_closed(button: ipw.Button) -> None:
    assert button.comm is None, f"{button.description!r} stayed open after the re-render that replaced it"


# -- Hi Lo -------------------------------------------------------------------------------------------


def test_hilo_a_second_click_on_higher_makes_no_second_call() -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=2024)
    table.category_buttons[0].click()
    higher = table.call_buttons[0]
    higher.click()
    higher.click()  # the double-click's second half lands on the button the first replaced
    assert len(table.view.calls) == 1 and table.status == ""
    assert_closed(higher)


def test_hilo_a_second_click_on_a_category_is_ignored_quietly() -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=2024)
    category = table.category_buttons[0]
    category.click()
    category.click()
    assert table.view.category == 0 and table.view.calls == ()
    assert table.status == "" and not PYTHON_REPR.search(browser_text(table))


def test_hilo_old_buttons_do_nothing_after_any_re_render() -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=2024)
    old = table.category_buttons[-1]
    table.lens.value = not table.lens.value  # a re-render with the same decision open
    old.click()
    assert table.view.category is None and table.status == ""
    table.category_buttons[0].click()
    calls = table.call_buttons
    table.play_again()  # a game in progress here: the page asks first
    table.question_buttons[0].click()  # "Yes, start a new game": the old game's buttons are past
    for button in calls:
        button.click()
    assert table.view.calls == () and table.view.category is None and table.status == ""


def test_hilo_a_move_the_page_cannot_make_gets_a_sentence_without_python_names() -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=2024)
    table.choose(0)
    table.choose(0)  # not a click: a caller asking again is told why, in words
    assert table.status.startswith("Sorry — the category is already chosen")
    assert not PYTHON_REPR.search(table.status) and not PYTHON_REPR.search(browser_text(table))


@pytest.mark.parametrize("what", ["play_again", "lens"])
def test_hilo_widget_count_stays_bounded(what: str) -> None:
    table = HiLoTable.new(deck="dinosaurs", seed=2024)
    if what == "lens":
        table.category_buttons[0].click()  # the call screen, whose lens line re-renders too

        def step() -> None:
            table.lens.value = not table.lens.value

    else:

        def step() -> None:
            table.category_buttons[0].click()
            table.play_again()  # a game in progress: the page asks first
            table.question_buttons[0].click()  # "Yes, start a new game"

    assert growth(step) < 40  # one screen's worth at most, never a screen per round


# -- the classic table ----------------------------------------------------------------------------------


def test_classic_a_double_click_on_a_category_plays_one_comparison() -> None:
    table = ClassicTable.new(deck="animals", seats=2, seed=5)
    assert table.screen == "choose"
    button = table.category_buttons[0]
    button.click()
    actions = list(table.match.actions)
    button.click()
    assert table.match.actions == actions and not table.status.startswith("Sorry")
    assert_closed(button)


def test_classic_a_double_click_on_ready_is_ignored_quietly() -> None:
    table = ClassicTable.new(deck="animals", seats=2, humans=2, seed=8)
    assert table.screen == "pass" and table.ready_button is not None
    ready = table.ready_button
    ready.click()
    ready.click()
    assert table.screen == "choose" and table.status == ""


@pytest.mark.parametrize("what", ["new_game", "lens"])
def test_classic_widget_count_stays_bounded(what: str) -> None:
    table = ClassicTable.new(deck="animals", seats=3, seed=2024)
    if what == "lens":

        def step() -> None:
            table.lens.value = not table.lens.value

    else:
        seeds = iter(range(1000, 2000))

        def step() -> None:
            if table.screen == "choose":
                table.category_buttons[0].click()
            table.new_game(seed=next(seeds))

    assert growth(step) < 40


# -- the tournament arena -------------------------------------------------------------------------------


def arena_at_a_call() -> TournamentArena:
    """Returns an arena where a person must call higher or lower in Hi Lo (every seat a person)."""
    for seed in range(1, 20):
        arena = TournamentArena.new(seats=3, humans=3, seed=seed, spin_seconds=0)
        for _ in range(3_000):
            if arena.screen == "over":
                break
            if arena.screen == "choose" and any(isinstance(a, Call) for a in arena.match.legal_actions()):
                return arena
            offered = arena.buttons
            next(iter(offered.values())).click() if offered else arena.next()
    pytest.fail("no Hi Lo call came up")


def test_arena_a_double_click_on_a_choice_makes_one_move() -> None:
    arena = arena_at_a_call()
    button = next(b for label, b in arena.buttons.items() if label.startswith("⬆ Higher"))
    button.click()
    actions = list(arena.match.actions)
    button.click()  # the next call may offer a button with the same label; this old one is not it
    assert arena.match.actions == actions and not arena.status.startswith("Sorry")
    assert_closed(button)


def test_arena_a_move_that_is_not_offered_is_refused_in_words() -> None:
    arena = arena_at_a_call()
    actions = list(arena.match.actions)
    arena.choose(PickOpponent(1))
    assert arena.status.startswith("Sorry — that is not one of ") and "'⬆ Higher (or equal)'" in arena.status
    assert arena.match.actions == actions
    assert not PYTHON_REPR.search(arena.status) and not PYTHON_REPR.search(browser_text(arena))


@pytest.mark.parametrize("what", ["new_tournament", "play"])
def test_arena_widget_count_stays_bounded(what: str) -> None:
    arena = TournamentArena.new(seats=4, humans=4, seed=2024, spin_seconds=0)
    if what == "play":

        def step() -> None:
            for _ in range(2):
                if arena.screen == "over":
                    arena.new_tournament(seed=arena.match.seed + 1)
                offered = arena.buttons
                next(iter(offered.values())).click() if offered else arena.next()

    else:
        seeds = iter(range(1000, 2000))

        def step() -> None:
            arena.next() if arena.screen == "watch" else None
            arena.new_tournament(seed=next(seeds))

    assert growth(step) < 60
