"""One click from the page, one step: a double click on a game's main button plays one step.

The page sends a button's click as a message; the kernel takes messages one
after the other, so the second click of a double click reaches the handler
just after the first one's step, before the page has shown it.  Every game's
main button (Next ▶, Fast-forward ⏩, Spin ⟳, the Hi Lo calls, Play again,
the Squads moves) ignores it.  The clock is moved by hand, so nothing here
depends on how fast the machine is.
"""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.classic import ChooseCategory
from widgets import ClassicTable, HiLoTable
from widgets._toolkit import MatchDriver, StepClicks, Turn, page_click
from widgets.quiz import QuizMaster
from widgets.squads import SquadBuilder
from widgets.tournament import TournamentArena


class HandClock:
    """A clock that only moves when told (seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _hand_clock(driver: MatchDriver) -> HandClock:
    clock = HandClock()
    driver.steps.clock = clock
    return clock


def _classic_at_a_computer_turn() -> tuple[ClassicTable, HandClock]:
    table = ClassicTable.new(seats=3, difficulty="easy", seed=5)
    for _ in range(50):
        if table.screen == "choose":
            action = next(a for a in table.match.legal_actions() if isinstance(a, ChooseCategory))
            table.choose(action.category)
        if not table.next_button.disabled:
            break
    assert not table.next_button.disabled, "the test needs a computer's turn"
    return table, _hand_clock(table._driver)


def test_a_double_click_on_next_plays_one_comparison_and_a_later_click_the_next() -> None:
    table, clock = _classic_at_a_computer_turn()
    before = table._game_log.comparisons
    page_click(table.next_button)
    page_click(table.next_button)  # the second half of the double click
    assert table._game_log.comparisons == before + 1
    assert table._driver.steps.ignored == 1
    if not table.next_button.disabled:
        clock.now += 1.0  # the pupil watched the comparison, then pressed again
        page_click(table.next_button)
        assert table._game_log.comparisons == before + 2


def test_a_click_from_python_always_acts_so_a_notebook_or_test_can_press_next_in_a_row() -> None:
    table, _clock = _classic_at_a_computer_turn()
    before = len(table.match.actions)
    table.next_button.click()
    if not table.next_button.disabled:
        table.next_button.click()
        assert len(table.match.actions) > before + 1


def test_a_double_click_on_fast_forward_plays_one_run() -> None:
    table, _clock = _classic_at_a_computer_turn()
    page_click(table.fast_forward_button)
    status = table.status
    actions = len(table.match.actions)
    page_click(table.fast_forward_button)
    assert len(table.match.actions) == actions and table.status == status


def test_a_double_click_on_a_category_plays_one_comparison_and_a_new_button_acts_at_once() -> None:
    table = ClassicTable.new(seats=2, difficulty="easy", seed=3)
    _hand_clock(table._driver)
    assert table.screen == "choose"
    first = table.category_buttons[0]
    page_click(first)
    actions = len(table.match.actions)
    page_click(first)  # the second half of the double click, on the button of the choice just made
    assert len(table.match.actions) == actions
    if table.screen == "choose":  # the pupil won: a new card, whose buttons are a new decision
        page_click(table.category_buttons[0])
        assert len(table.match.actions) > actions


def test_a_click_arriving_while_a_step_runs_is_ignored() -> None:
    steps = StepClicks(clock=HandClock())
    moves: list[str] = []
    button = ipw.Button(description="Next ▶")

    def step() -> None:
        moves.append("step")
        page_click(button)  # the page's second click, while the first step runs

    steps.bind(button, step)
    page_click(button)
    assert moves == ["step"] and steps.ignored == 1


def test_hi_lo_a_double_click_on_a_call_makes_one_call_and_on_play_again_deals_once() -> None:
    table = HiLoTable.new(seed=12)
    clock = _hand_clock(table._driver)
    for _ in range(3):
        if table.category_buttons:
            page_click(table.category_buttons[0])
            clock.now += 1.0
    assert table.call_buttons, "the test needs a call to make"
    calls = len(table.match.actions)
    higher = table.call_buttons[0]
    page_click(higher)
    made = len(table.match.actions)
    page_click(higher)  # the second half of the double click
    assert made > calls and len(table.match.actions) == made
    clock.now += 1.0
    match = table.match
    page_click(table.again_button)
    again = table.match
    page_click(table.again_button)
    assert again is not match and table.match is again


def test_tournament_a_double_click_on_spin_spins_once_and_on_next_takes_one_step() -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=5)
    clock = _hand_clock(arena._driver)
    for _ in range(200):
        if arena._driver.due().turn is Turn.PERSON_CHANCE:
            break
        clock.now += 1.0
        if arena.screen == "choose":
            page_click(next(iter(arena.buttons.values())))
        elif not arena.next_button.disabled:
            page_click(arena.next_button)
    assert arena._driver.due().turn is Turn.PERSON_CHANCE, "the test needs your spin"
    clock.now += 1.0
    actions = len(arena.match.actions)
    page_click(arena.spinner.button)
    spun = len(arena.match.actions)
    page_click(arena.spinner.button)
    assert spun > actions and len(arena.match.actions) == spun
    for _ in range(200):
        clock.now += 1.0
        if not arena.next_button.disabled and not arena.spinner.spinning:
            break
        if arena.screen == "choose":
            page_click(next(iter(arena.buttons.values())))
        elif arena.spinner.enabled:
            page_click(arena.spinner.button)
    if arena.next_button.disabled:
        return  # the game ended at a person's move: nothing more to press
    clock.now += 1.0
    actions = len(arena.match.actions)
    page_click(arena.next_button)
    stepped = len(arena.match.actions)
    page_click(arena.next_button)
    assert stepped == actions + 1 and len(arena.match.actions) == stepped


def test_squads_a_double_click_on_a_move_plays_it_once() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=11)
    clock = HandClock()
    table._steps.clock = clock
    page_click(table.buttons["Play this mission"])
    assert table.screen == "build"
    clock.now += 1.0
    actions = len(table.match.actions)
    pick = table.buttons["Pick up slot 1 · Top speed"]
    page_click(pick)
    picked = len(table.match.actions)
    page_click(pick)  # the second half of the double click
    assert picked == actions + 1 and len(table.match.actions) == picked
    place = next(b for label, b in table.buttons.items() if label.startswith("Place in slot 1"))
    page_click(place)  # a new button: a new decision, taken at once
    assert len(table.match.actions) == picked + 1


def test_quiz_a_double_click_on_start_sets_out_one_quiz() -> None:
    master = QuizMaster.new(seed=4, sounds=False)
    master.steps.clock = HandClock()
    start = next(b for b in master._setup.children if isinstance(b, ipw.Button))
    page_click(start)
    match = master.match
    page_click(start)  # the second half of the double click
    assert match is not None and master.match is match and master.steps.ignored == 1
