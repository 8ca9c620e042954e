"""The one `GameView` driver plays every node kind, through the same public surface a person has.

A tiny presenter offers each person at the page their legal moves as
buttons; people's moves go through `GameView.act` (or a button), computers'
through "Next ▶" and "Fast-forward ⏩".  A Squads match (every seat builds at
once: a simultaneous node) and a quiz match (secret bids at once, and a
judge who is not a seat) are played to their end; a stale click is
refused and fast-forward stops where a person must act.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as ipw
import pytest

import widgets
from tests.core.quiz.quiz_helpers import tiny_rules
from tests.widgets.widget_helpers import browser_text
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.families import get_game
from toptrumps_core.play import Match
from toptrumps_core.protocol import JUDGE, SIMULTANEOUS, Action, Event, JointAction
from toptrumps_core.quiz.actions import WRONG_GUESS, Answer, Bid, JudgeAnswer
from toptrumps_core.quiz.events import NearMissJudged
from toptrumps_core.squads.rules import SquadsRules
from toptrumps_core.strategies import HUMAN
from widgets._toolkit import Turn, page_click
from widgets.gameview import STATE_CLASS_PREFIX, Choice, GamePage, GameView, Screen, Seen
from widgets.gameview.in_play import IN_PLAY_CLASS

STEPS = 2_000


def present_moves(seen: Seen[object], events: Sequence[Event], ui: None) -> Screen:
    """A presenter for tests: each person's (or the judge's) legal moves as buttons, named by seat."""
    choices = tuple(
        Choice(f"{'judge' if seat is None else seen.names[seat]}: {action!r}", action, seat=seat)
        for seat, actions in seen.legal.items()
        for action in actions
    )
    state = "over" if seen.over else "judge" if seen.turn is Turn.JUDGE else "choose" if choices else "watch"
    return Screen(title_html="Test", state=state, choices=choices)


def game_view(match: Match) -> GameView[object, None]:
    return GameView(match, present=present_moves, ui=None, page=GamePage(game="test", again=None, saves=False))


def squads_match(seed: int, *, people: int = 2) -> Match:
    """Returns a Squads match of three seats: `people` people, then computers."""
    rules = SquadsRules(load_deck("animals"), seats=3, tokens_to_win=3)
    computer = get_game("squads").make_player(rules)
    return Match(rules, [HUMAN if seat < people else computer for seat in range(3)], seed=seed)


def play_to_a_computer_s_turn(view: GameView[object, None]) -> None:
    """Plays the people's first choices until a computer is due (a test fails if none ever is)."""
    for _ in range(STEPS):
        if view.driver.due().turn is Turn.COMPUTER:
            break
        choice = view.screen.choices[0]
        view.act(choice.action, seat=choice.seat)
    assert view.driver.due().turn is Turn.COMPUTER, "the test needs a computer's turn"


def test_a_squads_match_is_played_to_its_end_with_two_people_building_at_once() -> None:
    view = game_view(squads_match(seed=4))
    simultaneous = both_at_once = 0
    for _ in range(STEPS):
        if view.match.is_over:
            break
        if view.match.actor is SIMULTANEOUS:
            simultaneous += 1
        seats = {choice.seat for choice in view.screen.choices}
        if seats == {0, 1}:
            both_at_once += 1
            first = next(c for c in view.screen.choices if c.seat == 1)
            view.act(first.action, seat=1)  # seat 1 seals its move first; seat 0 still chooses
            assert view.status == "" and view.match.submitted == (1,)
            assert {c.seat for c in view.screen.choices} == {0}
        if view.screen.choices:
            choice = view.screen.choices[0]
            view.act(choice.action, seat=choice.seat)
            assert view.status == "", view.status
        else:
            assert not view.next_button.disabled
            view.next()
    assert view.match.is_over and view.screen.state == "over"
    assert simultaneous and both_at_once, "the game had building where both people chose at once"
    assert any(isinstance(a, JointAction) for a in view.match.actions)
    assert view.state_class == f"{STATE_CLASS_PREFIX}over" and len(view.log_lines) > 3


def test_quiz_bids_are_sealed_and_a_person_judging_at_the_page_rules_on_near_misses() -> None:
    rules = tiny_rules()
    match = Match(rules, [HUMAN, get_game("quiz").make_player(rules)], seed=2, judge=HUMAN)
    view = game_view(match)
    judged = 0
    for _ in range(STEPS):
        if match.is_over:
            break
        screen = view.screen
        if not screen.choices:
            view.fast_forward()
            continue
        moves = [c.action for c in screen.choices]
        if screen.state == "judge":
            assert moves == [JudgeAnswer(True), JudgeAnswer(False)] and view.driver.due().turn is Turn.JUDGE
            view.act(JudgeAnswer(True))
            judged += 1
            continue
        answers = [a for a in moves if isinstance(a, Answer) and a.text != WRONG_GUESS and len(a.text) > 6]
        if answers:  # a near miss: the answer with its last letter dropped, which only the judge may accept
            view.act(Answer(answers[0].text[:-1]))
        elif any(isinstance(a, Bid) for a in moves):
            view.act(next(a for a in moves if isinstance(a, Bid)))
        else:
            view.act(moves[0])
        assert view.status == "", view.status
    assert match.is_over and judged >= 1
    assert any(isinstance(e, NearMissJudged) and e.accepted for e in match.events)
    assert any(isinstance(a, JointAction) for a in match.actions), "the secret bids were one joint action"


def test_a_computer_judge_is_a_step_of_next() -> None:
    rules = tiny_rules()
    match = Match(rules, [HUMAN, get_game("quiz").make_player(rules)], seed=2)  # the family's computer judge
    view = game_view(match)
    assert view.driver.due().turn is not Turn.JUDGE
    for _ in range(STEPS):
        if match.is_over:
            break
        if view.screen.choices:
            moves = [c.action for c in view.screen.choices]
            answers = [a for a in moves if isinstance(a, Answer) and a.text != WRONG_GUESS and len(a.text) > 6]
            view.act(Answer(answers[0].text[:-1]) if answers else moves[0])
        else:
            if match.actor is JUDGE:
                assert view.driver.due().turn is Turn.COMPUTER
            view.next()
        assert view.status == "", view.status
    assert match.is_over and any(isinstance(e, NearMissJudged) for e in match.events)


def test_fast_forward_stops_where_a_person_must_act() -> None:
    view = game_view(squads_match(seed=9))
    for _ in range(STEPS):
        if view.match.is_over:
            break
        if view.screen.choices:
            choice = view.screen.choices[0]
            view.act(choice.action, seat=choice.seat)
            continue
        view.fast_forward()
        assert view.match.is_over or view.match.waiting_seats, "fast-forward stops only for a person or the end"
        assert view.match.is_over or view.screen.choices
    assert view.match.is_over
    view.fast_forward()
    assert view.status.startswith("Sorry — the test is over")


def test_a_stale_click_is_refused_and_a_wrong_move_gets_a_sentence() -> None:
    view = game_view(squads_match(seed=4))
    for _ in range(STEPS):
        if {c.seat for c in view.screen.choices} >= {0, 1}:
            break
        choice = view.screen.choices[0] if view.screen.choices else None
        if choice is None:
            view.next()
        else:
            view.act(choice.action, seat=choice.seat)
    old: ipw.Button = view.buttons[0]
    made_for = view.screen.choices[0]
    old.click()
    sealed = view.match.submitted
    assert sealed == (made_for.seat,) and old.comm is None, "the button of a decision taken is closed"
    old.click()  # the second half of a double click
    assert view.match.submitted == sealed and view.status == ""
    view.act(made_for.action, seat=made_for.seat)  # not a click: the caller is told why, in words
    assert view.status.startswith("Sorry — it is not that player's turn now") and view.match.submitted == sealed
    view.act(JointAction(()), seat=1 - (made_for.seat or 0))
    assert view.status == "Sorry — that move is not open now; press one of the buttons."
    assert view.match.submitted == sealed and "JointAction" not in browser_text(view)


def test_one_click_from_the_page_is_one_step() -> None:
    now = [0.0]
    match = squads_match(seed=4, people=0)
    view = GameView(
        match, present=present_moves, ui=None, page=GamePage(game="test", again=None, saves=False), clock=lambda: now[0]
    )
    play_to_a_computer_s_turn(view)
    steps = len(match.actions)
    page_click(view.next_button)
    page_click(view.next_button)  # a double click: one step
    assert len(match.actions) == steps + 1 and view.driver.steps.ignored == 1


def test_an_action_is_refused_while_a_computer_acts() -> None:
    view = game_view(squads_match(seed=4, people=0))
    play_to_a_computer_s_turn(view)
    before = list(view.match.actions)
    view.act(Action())
    assert view.status == "Sorry — it is a computer's turn — press Next ▶ or Fast-forward ⏩."
    assert view.match.actions == before


@pytest.mark.parametrize("seed", [1, 2])
def test_the_screen_is_a_pure_function_of_what_the_page_sees(seed: int) -> None:
    view = game_view(squads_match(seed=seed))
    first = view.screen
    view.set_ui(None)  # drawn again with nothing changed: the same screen
    assert view.screen == first


WIDTH = "card_width_px (a card's width in px) must be a whole number"
LINES = "log_lines (how many lines the log shows) must be a whole number"
TONES = "'', 'win', 'tie'"
KINDS = "'category', 'big', 'plain'"


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda: GamePage(game="t", card_width_px=0), ValueError, f"{WIDTH} >= 1; got 0"),
        (lambda: GamePage(game="t", card_width_px=-5), ValueError, f"{WIDTH} >= 1; got -5"),
        (lambda: GamePage(game="t", log_lines=0), ValueError, f"{LINES} >= 1; got 0"),
        (lambda: GamePage(game="t", log_lines="x"), TypeError, f"{LINES} >= 1; got 'x'"),
        (lambda: Screen(title_html="t", state="play", tone="lose"), ValueError, f"tone is one of {TONES}; got 'lose'"),
        (lambda: Choice("go", Action(), kind="huge"), ValueError, f"kind is one of {KINDS}; got 'huge'"),
    ],
)
def test_a_bad_page_setting_is_refused_saying_what_was_expected(
    make: Callable[[], object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as refused:
        make()
    assert words in str(refused.value)


def test_good_page_settings_are_kept() -> None:
    page = GamePage(game="t", card_width_px=1, log_lines=1)
    assert (page.card_width_px, page.log_lines) == (1, 1)
    assert Screen(title_html="t", state="play", tone="tie").tone == "tie"
    assert Choice("go", Action(), kind="category").kind == "category"


def test_the_page_script_warns_before_a_reload_or_close_while_a_root_is_marked_in_play() -> None:
    template = Path(widgets.__file__).parent / "share" / "voila" / "templates" / "toptrumps" / "index.html.j2"
    text = template.read_text(encoding="utf-8")
    handler = text[text.index('window.addEventListener("beforeunload"') :]
    assert f'document.querySelector(".{IN_PLAY_CLASS}")' in handler[:200] and "preventDefault()" in handler[:300]
