"""What a pupil reads names no rule ID, no option's code name and no Python word, in every game's view.

Every label, button, tooltip, placeholder, choice and HTML text of a view is
read from its widget tree (text between tags, and the ``aria-label``,
``title`` and ``alt`` a screen reader reads), at the start and after a few
moves.  Rule IDs belong in the rules panel (a disclosure with the CSS class
`RULES_PANEL_CLASS`, for the teacher) and nowhere else.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pytest

from tests.widgets.test_quiz_master import new_master
from tests.widgets.widget_helpers import PYTHON_REPR, browser_text
from toptrumps_core.families import BUILT_IN, get_game
from toptrumps_core.options import option_specs
from widgets import ClassicTable, HiLoTable
from widgets._style import CSS
from widgets._toolkit.rules_panel import RULES_PANEL_CLASS, RulesPanel
from widgets.lab import SimulationLab
from widgets.quiz import QuizMaster
from widgets.squads import SquadBuilder
from widgets.tournament import TournamentArena

RULE_ID = re.compile(r"\b[CDTSQP]\d{1,2}\b")
"""A rule ID as RULES.md numbers rules: D (decks), C, T, S, Q and P (probability)."""

PYTHON_WORDS = re.compile(r"\b(True|False)\b|\bFraction\(|\(\s*'[^']*',\s*'|\bNone\)|=None\b")
"""Python's words on a page: booleans, a Fraction, a tuple of strings, None as a value."""


def _code_names() -> frozenset[str]:
    """Returns every rule option's code name and every snake_case choice of the core's games."""
    names: set[str] = set()
    for family in BUILT_IN:
        for spec in option_specs(get_game(family).rules):
            names.add(spec.name)
            names.update(choice for choice in spec.choices if "_" in choice)
    return frozenset(name for name in names if "_" in name)


CODE_NAMES = _code_names()
CODE_NAME = re.compile(r"\b(" + "|".join(sorted(CODE_NAMES)) + r")\b")


def _text_of(markup: str) -> str:
    """Returns what a reader gets from HTML: the text between tags and the attributes read aloud."""
    spoken = re.findall(r'(?:aria-label|title|alt)="([^"]*)"', markup)
    without = re.sub(r"<style[^>]*>.*?</style>|<script[^>]*>.*?</script>", " ", markup, flags=re.S)
    return html.unescape(" ".join([re.sub(r"<[^>]+>", " ", without), *spoken]))


def pupil_texts(root: ipw.Widget) -> Iterator[str]:
    """Yields every text a pupil may read in `root`'s widget tree, skipping the rules panel."""
    seen: set[str] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget.model_id in seen or RULES_PANEL_CLASS in getattr(widget, "_dom_classes", ()):
            continue
        seen.add(widget.model_id)
        for trait in ("description", "placeholder", "tooltip"):
            text = getattr(widget, trait, None)
            if isinstance(text, str) and text:
                yield _text_of(text) if getattr(widget, "description_allow_html", False) else text
        if isinstance(widget, (ipw.HTML, ipw.HTMLMath, ipw.Label)):
            yield _text_of(widget.value) if not isinstance(widget, ipw.Label) else widget.value
        if isinstance(widget, (ipw.Dropdown, ipw.ToggleButtons, ipw.RadioButtons, ipw.Select, ipw.SelectionSlider)):
            yield from widget._options_labels
        if isinstance(widget, ipw.ToggleButtons):
            yield from widget.tooltips
        stack.extend(child for child in getattr(widget, "children", ()) if isinstance(child, ipw.Widget))


def code_words(root: ipw.Widget) -> list[str]:
    """Returns each text of `root` a pupil reads that holds a rule ID, an option's code name or a Python word."""
    found = []
    for text in pupil_texts(root):
        for pattern in (RULE_ID, CODE_NAME, PYTHON_WORDS, PYTHON_REPR):
            hit = pattern.search(text)
            if hit:
                found.append(f"{hit.group(0)!r} in {text[:200]!r}")
                break
    return found


# -- a few moves of each game, through the buttons a person presses ---------------------------------------------


def _classic_moves(table: ClassicTable) -> None:
    if table.ready_button is not None:
        table.ready_button.click()
    elif table.category_buttons:
        table.category_buttons[0].click()
    elif table.pick_buttons:
        table.pick_buttons[0].click()
    elif not table.next_button.disabled:
        table.next_button.click()


def _classic_to_the_end(table: ClassicTable) -> None:
    for _ in range(400):
        if table.screen == "over":
            return
        _classic_moves(table)
        if not table.fast_forward_button.disabled:
            table.fast_forward_button.click()


def _hilo_moves(table: HiLoTable) -> None:
    if table.category_buttons:
        table.category_buttons[0].click()
    elif table.call_buttons:
        table.call_buttons[0].click()
    elif not table.again_button.disabled:
        table.again_button.click()


def _tournament_moves(arena: TournamentArena) -> None:
    if arena.spinner.spinning:
        arena.next_button.click()  # Next stops the arrow and shows where it landed
    elif arena.screen == "choose" and arena.buttons:
        next(iter(arena.buttons.values())).click()
    elif arena.spinner.enabled:
        arena.spinner.button.click()
    elif not arena.next_button.disabled:
        arena.next_button.click()


def _squads_moves(table: SquadBuilder) -> None:
    for label in ("Play this mission", "Pick up slot 1 · Top speed"):
        if label in table.buttons:
            table.buttons[label].click()
            return
    place = [button for label, button in table.buttons.items() if label.startswith("Place in slot")]
    if place:
        place[0].click()


def _quiz_moves(master: QuizMaster) -> None:
    """One step of the quiz master's: start, seal both bids, start the timer, a wrong answer, hand over, next round."""
    stage = master.stage_name
    if master.match is None:
        master.start_quiz()
    elif stage == "bidding":
        master.seal_bid(0, "3")
        master.seal_bid(1, "2")
    elif stage in ("guessing", "opposing", "showdown") and not master.timer_started:
        master.start_timer()
    elif stage in ("guessing", "opposing", "showdown"):
        master.answer("Atlantis")
    elif stage == "special":
        master.give_up()
    elif stage == "judging":
        master.judge(False)
    elif stage == "between rounds":
        master.next_round()


def _lab_moves(lab: SimulationLab) -> None:
    lab.run()


def _walk(root: ipw.Widget) -> Iterator[ipw.Widget]:
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(child for child in getattr(widget, "children", ()) if isinstance(child, ipw.Widget))


Game = tuple[Callable[[], ipw.Widget], Callable[[Any], None], int]

GAMES: dict[str, Game] = {
    "classic": (lambda: ClassicTable.new(seats=3, seed=5), _classic_moves, 12),
    "classic hot seat": (lambda: ClassicTable.new(seats=3, humans=2, seed=5), _classic_moves, 10),
    "classic to its end": (lambda: ClassicTable.new(deck="animals", seats=2, seed=3), _classic_to_the_end, 3),
    "hilo": (lambda: HiLoTable.new(seed=12), _hilo_moves, 8),
    "tournament": (lambda: TournamentArena.new(seats=3, humans=1, seed=5), _tournament_moves, 30),
    "squads": (lambda: SquadBuilder.new("animals", people=1, computers=2, seed=11), _squads_moves, 12),
    "quiz": (lambda: new_master()[0], _quiz_moves, 16),
    "lab": (lambda: SimulationLab(games=40, seed=5, engine="rules"), _lab_moves, 1),
}
"""Each game's view, how a person moves in it, and how many moves to check."""


@pytest.mark.parametrize("game", list(GAMES))
def test_no_pupil_text_names_a_rule_id_an_option_or_a_python_word_at_start_and_after_moves(game: str) -> None:
    make, move, moves = GAMES[game]
    view = make()
    assert list(pupil_texts(view)), "the walk reads the view's texts"
    assert code_words(view) == [], f"{game} at the start"
    for number in range(1, moves + 1):
        move(view)
        assert code_words(view) == [], f"{game} after move {number}"


def test_fast_forward_in_the_tournament_says_no_word_about_zero_mini_games() -> None:
    said = []
    for humans in (0, 1):
        arena = TournamentArena.new(seats=3, humans=humans, seed=5)
        for _ in range(12):
            arena.fast_forward()
            if arena.status.startswith("Fast-forwarded "):
                said.append(arena.status)
            _tournament_moves(arena)
    assert len(said) > 2, said
    assert not [s for s in said if re.search(r"\b0 mini-games|\b1 mini-games|\b1 moves|\(|\)", s)], said
    assert [s for s in said if re.search(r", and (1 mini-game|[2-9]\d* mini-games) finished\.", s)], said
    assert [s for s in said if "mini-game" not in s], said


@pytest.mark.parametrize(
    ("game", "rules"), [("classic", "C1-C12"), ("hilo", "T12"), ("tournament", "T1-T16"), ("quiz", "Q1-Q13")]
)
def test_each_game_page_has_one_closed_rules_panel_naming_its_rules_by_id_for_the_teacher(
    game: str, rules: str
) -> None:
    make, move, _ = GAMES[game]
    view = make()
    for _ in range(3):
        move(view)
    panels = [w for w in _walk(view) if isinstance(w, RulesPanel)]
    assert len(panels) == 1 and not panels[0].is_open
    panels[0].expand()
    listed = _text_of(panels[0].body.children[0].value)
    assert f"rules {rules} of RULES.md" in listed
    assert panels[0].applied and all(RULE_ID.fullmatch(rule) for rule in panels[0].applied)
    assert all(f"{rule} ×{count}" in listed for rule, count in panels[0].applied.items())


def test_a_seat_out_of_cards_reads_out_plainly_never_struck_through() -> None:
    table = ClassicTable.new(deck="animals", seats=2, seed=3)
    _classic_to_the_end(table)
    assert table.screen == "over"
    assert "OUT</span> — no cards left" in browser_text(table)
    (rule,) = re.findall(r"\.tt-out \{[^}]*\}", CSS)
    assert "line-through" not in rule and "font-weight" in rule


NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TEACHER_NOTES = ("## Teacher note", "## For the teacher")
"""Headings of the lessons' cells for the teacher, which may name rules by their IDs."""


def test_the_lessons_text_for_pupils_names_no_rule_id_and_no_option_code() -> None:
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] != "markdown" or text.startswith(TEACHER_NOTES):
                continue
            found += [f"{path.name}: {hit.group(0)!r}" for hit in (RULE_ID.search(text), CODE_NAME.search(text)) if hit]
    assert len(list(NOTEBOOKS.glob("*.ipynb"))) >= 9 and found == []


def test_the_check_finds_a_rule_id_an_option_name_and_a_python_word() -> None:
    assert code_words(ipw.HTML("<b>You win</b> (rule C4)"))
    assert code_words(ipw.ToggleButtons(options=["deal_all", "set_aside"]))
    assert code_words(ipw.Button(description="Go", tooltip="look_at_last is off"))
    assert code_words(ipw.Label("(Fraction(2, 5), 1.6)"))
    assert code_words(ipw.HTML('<svg><text aria-label="discarded (S4)">x</text></svg>'))
    assert not code_words(ipw.HTML("<div class='tt-no_data'>Top speed 5 km/h</div>"))
    assert not code_words(ipw.VBox([ipw.HTML("C4 rules here")], _dom_classes=(RULES_PANEL_CLASS,)))
    assert dataclasses.is_dataclass(get_game("classic").rules) and {"no_data", "deal_all"} <= CODE_NAMES
