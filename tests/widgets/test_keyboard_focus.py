"""Disclosures, projector mode and where the keyboard focus goes after each action, headless.

The page's browser tests (``tests/browser/test_keyboard.py``) play whole games
by keyboard; these check the same promises in Python, one action at a time:
each ``focus()`` the views send is recorded instead of going to a page.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as ipw
import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ClassicRules
from toptrumps_core.play import Match
from toptrumps_core.strategies import HUMAN, BestValue
from widgets import ClassicTable, HiLoTable
from widgets._toolkit import PROJECTOR_CLASS, Disclosure, ProjectorSwitch, projector_on
from widgets._toolkit.disclosure import OPEN_CLASS
from widgets.tournament import TournamentArena


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[ipw.DOMWidget]:
    """Records every widget a view sends the focus to, in order."""
    seen: list[ipw.DOMWidget] = []
    monkeypatch.setattr(ipw.DOMWidget, "focus", lambda self: seen.append(self))
    return seen


@pytest.fixture(autouse=True)
def projector_off() -> Iterator[None]:
    """Leaves the page's projector mode off after each test (it is one setting for the whole kernel)."""
    yield
    switch = ProjectorSwitch(ipw.VBox())
    switch.value = False
    switch.close()


def _tiny_table(seed: int = 1) -> ClassicTable:
    deck = Deck.from_rows(
        "Tiny",
        [Category("Speed", "km/h"), Category("Price", "£", False)],
        {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]},
    )
    return ClassicTable(Match(ClassicRules(deck, seats=2), [HUMAN, BestValue()], seed=seed))


def test_a_disclosure_is_a_button_whose_name_says_whether_its_box_shows() -> None:
    body = ipw.Label("settings")
    box = Disclosure("New game ⚙", [body], what="the settings of a new game")
    assert isinstance(box.toggle, ipw.ToggleButton)
    assert (box.toggle.description, box.body.layout.display) == ("▸ New game ⚙", "none")
    assert box.toggle.tooltip == "Show the settings of a new game"
    box.toggle.set_state({"value": True})  # Enter or Space on the button, from the page
    assert (box.toggle.description, box.body.layout.display) == ("▾ New game ⚙ (open)", None)
    assert box.toggle.tooltip == "Hide the settings of a new game" and box.is_open
    assert OPEN_CLASS in box._dom_classes  # the page's aria-expanded follows this class
    box.collapse()
    assert box.body.layout.display == "none" and box.body.children == (body,)
    assert OPEN_CLASS not in box._dom_classes


def test_the_classic_settings_and_saves_are_disclosures_not_an_accordion() -> None:
    table = _tiny_table()
    boxes = [child for child in table.children if isinstance(child, Disclosure)]
    names = [box.toggle.description for box in boxes]
    assert names == [
        "▸ New game ⚙ (deck, players, difficulty, seed, rule options)",
        "▸ Save or resume 💾",
        "▸ Rules in play (for the teacher)",
    ]
    assert not [child for child in table.children if isinstance(child, ipw.Accordion)]


def test_projector_mode_is_one_switch_for_every_game_of_the_page_and_later_ones() -> None:
    first, second = _tiny_table(), _tiny_table(2)
    switches = [w for t in (first, second) for w in t.children[1].children if isinstance(w, ProjectorSwitch)]
    assert len(switches) == 2 and not projector_on()
    assert switches[0].description == "📽 Projector mode: off"
    switches[0].set_state({"value": True})
    assert projector_on() and all(s.value and s.description == "📽 Projector mode: on" for s in switches)
    assert PROJECTOR_CLASS in first._dom_classes and PROJECTOR_CLASS in second._dom_classes
    first.choose(0)  # a move re-renders: the mode stays
    assert PROJECTOR_CLASS in first._dom_classes
    later = _tiny_table(3)
    assert PROJECTOR_CLASS in later._dom_classes
    switches[1].set_state({"value": False})
    assert not projector_on() and PROJECTOR_CLASS not in first._dom_classes + later._dom_classes


def test_after_a_move_the_focus_goes_to_next_or_to_the_persons_next_category(focused: list) -> None:
    table = _tiny_table()
    for _ in range(40):
        if table.screen == "over":
            break
        focused.clear()
        if table.category_buttons:
            table.choose(0)
        else:
            table.next()
        assert len(focused) == 1, "each action moves the focus once"
        if table.screen == "choose":
            assert focused[-1] is table.category_buttons[0]
        elif table.screen == "watch":
            assert focused[-1] is table.next_button
    assert table.screen == "over"
    assert focused[-1] is table.new_game_button
    settings = next(child for child in table.children if isinstance(child, Disclosure))
    assert settings.is_open, "the settings open at the end of a game, so New game can be pressed at once"
    focused.clear()
    table.new_game()
    assert focused == [table.category_buttons[0] if table.category_buttons else table.next_button]


def test_hi_lo_moves_the_focus_from_category_to_calls_to_play_again(focused: list) -> None:
    table = HiLoTable.new(seed=5)
    table.category_buttons[0].click()
    assert focused[-1] is table.call_buttons[0]
    while table.view.outcome is None:
        table.call("higher")
        if table.view.outcome is None:
            assert focused[-1] is table.call_buttons[0]
    assert focused[-1] is table.again_button
    table.again_button.click()
    assert focused[-1] is table.category_buttons[0]


def test_t3_spin_moves_the_focus_to_stop_the_spinner_and_the_caption_names_who_spins(focused: list) -> None:
    """Rule T3: the active player spins; the disabled Spin ⟳ never keeps the focus while the arrow turns."""
    pending: list = []
    arena = TournamentArena.new(seats=4, humans=1, seed=2024, spin_schedule=pending.append)
    spins = 0
    for _ in range(400):
        if arena.screen == "over" or spins >= 2:
            break
        if arena.screen == "spin":
            assert "You spin for" in str(arena.spinner.children[0].get_state()["value"])
            focused.clear()
            arena.spinner.button.click()
            assert arena.screen == "spinning" and arena.spinner.button.disabled
            assert focused == [arena.next_button] and not arena.next_button.disabled
            assert arena.next_button.description == "Stop the spinner ▶"
            pending.pop().close()
            arena.next()  # "Stop the spinner ▶": the result at once
            spins += 1
        elif arena.buttons:
            next(iter(arena.buttons.values())).click()
        else:
            arena.next()
            if arena.screen == "spinning":
                arena.next()
                while pending:
                    pending.pop().close()
    assert spins >= 2, "the tournament had the person's own spins to check"


def test_after_a_resume_the_focus_goes_into_the_resumed_game(focused: list) -> None:
    """Resuming from a file moves the focus to the game's next control, never leaving it on the upload button."""
    saved = _tiny_table()
    saved.choose(0)
    text = saved._saves.save()
    table = _tiny_table(2)
    focused.clear()
    table._saves.resume_from(text, "saved.json")
    assert focused == [table.category_buttons[0] if table.category_buttons else table.next_button]
    hilo = HiLoTable.new(seed=5)
    hilo.category_buttons[0].click()
    assert hilo.saves is not None
    text = hilo.saves.save()
    again = HiLoTable.new(seed=6)
    focused.clear()
    assert again.saves is not None
    again.saves.resume_from(text, "hilo.json")
    assert focused == [again.call_buttons[0]]
    arena = TournamentArena.new(seats=3, humans=1, seed=2024)
    arena.fast_forward()
    text = arena._saves.save()
    other = TournamentArena.new(seats=3, humans=1, seed=7)
    focused.clear()
    other._saves.resume_from(text, "tournament.json")
    assert len(focused) == 1 and focused[0] is not other.upload
