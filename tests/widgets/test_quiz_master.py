"""QuizMaster headless: a whole quiz through the controls, the countdown, and no hidden answer in any trait."""

from __future__ import annotations

import asyncio
import json
import re
import warnings

import ipywidgets as ipw
import pytest

from toptrumps_core.quiz import QuizRules, QuizStage
from widgets.quiz import Countdown, FakeClock, QuizMaster
from widgets.quiz.board import CSS
from widgets.quiz.sounds import sound


def every_widget(root: ipw.Widget) -> list[ipw.Widget]:
    """Returns every widget reachable from `root` through its traits (children, layout, style, ...)."""
    seen: dict[str, ipw.Widget] = {}
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget.model_id in seen:
            continue
        seen[widget.model_id] = widget
        for name in widget.keys:
            value = getattr(widget, name)
            values = value if isinstance(value, (tuple, list)) else (value,)
            todo.extend(v for v in values if isinstance(v, ipw.Widget))
    return list(seen.values())


def synced_text(root: ipw.Widget) -> str:
    """Returns the synced state of every widget under `root`, as one JSON text (what the browser can read)."""
    parts = []
    for widget in every_widget(root):
        state = {k: v for k, v in widget.get_state().items() if not isinstance(v, (bytes, memoryview))}
        parts.append(json.dumps(state, default=str))
    return "\n".join(parts)


def hidden_answers(master: QuizMaster) -> list[str]:
    """Returns the spellings of this round's answers not turned yet (none once the round is over)."""
    match = master.match
    if match is None or master.stage_name in ("between rounds", "over") or not match.state.round:
        return []
    chart = match.rules.chart_of(match.state)
    return [s for a in chart.answers if a.rank not in match.state.turned for s in a.spellings if len(s) > 3]


def assert_nothing_hidden_is_synced(master: QuizMaster) -> None:
    text = synced_text(master)
    leaked = [answer for answer in hidden_answers(master) if re.search(rf"\b{re.escape(answer)}\b", text)]
    assert leaked == [], f"unrevealed answers in synced traits: {leaked}"


def new_master(**options) -> tuple[QuizMaster, FakeClock]:
    clock = FakeClock()
    rules = QuizRules(chart_set="Set 1", timer_seconds=30, **options)
    return QuizMaster(rules, seed=4, clock=clock, sleep=clock.sleep, sounds=False), clock


def answers_of(master: QuizMaster) -> list[str]:
    match = master.match
    return [a.text for a in match.rules.chart_of(match.state).answers]


def test_a_whole_quiz_through_the_page_with_a_near_miss_a_special_tile_the_opposing_team_and_the_showdown() -> None:
    master, _ = new_master()
    master.start_quiz()
    seen = set()
    for round_ in range(1, 8):
        assert master.stage_name == "bidding" and master.match.state.round == round_
        assert_nothing_hidden_is_synced(master)
        master.seal_bid(0, "3")
        assert master._bid_boxes[0].value == ""  # the sealed bid is not kept in the page
        master.seal_bid(1, "2")  # Green is active with 3
        master.start_timer()
        answers = answers_of(master)
        if round_ == 1:  # a near miss the judge accepts, then a wrong answer and a special tile
            master.answer(answers[0][:-1] + "x" if len(answers[0]) > 5 else answers[0])
            if master.stage_name == "judging":
                assert_nothing_hidden_is_synced(master)
                master.judge(True)
                seen.add("judge")
            master.answer("Zzyzx")
            assert master.stage_name == "special"
            master.use_special_tile()
            seen.add("special")
            master.answer(answers[1])
            master.answer(answers[2])
        elif round_ in (2, 7):  # wrong with no tile wanted: the opposing team's chance fails
            master.answer("Zzyzx")
            master.give_up()
            assert master.stage_name == "opposing"
            seen.add("opposing")
            assert master.countdown.seconds_left == 10
            master.answer("Qwertyuiop")
        else:
            for text in answers[:3]:
                master.answer(text)
        if round_ < 7:
            assert master.stage_name == "between rounds"
            master.next_round()
    assert master.stage_name == "showdown"
    seen.add("showdown")
    master.answer("Zzyzx")  # Green's first try
    master.answer(answers_of(master)[9])  # Black names rank 10 and wins the middle tiles
    assert master.stage_name == "over"
    assert seen == {"judge", "special", "opposing", "showdown"}
    assert "wins the quiz" in master._controls.children[0].value or "draw" in master._controls.children[0].value


def test_a_wrong_bid_and_answers_out_of_turn_are_shown_kindly() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "eleven")
    assert "a bid is a whole number from 1 to 10" in master._status.value
    master.answer("Nile")
    assert "no team is answering now" in master._status.value
    master.seal_bid(0, "4")
    master.seal_bid(0, "5")
    assert "sealed already" in master._status.value


def test_enter_in_the_answer_box_submits_and_clears_it() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "5")
    master.seal_bid(1, "1")
    master.start_timer()
    master._answer.value = "English"
    assert master._answer.value == "" and master.match.state.turned == (1,)
    assert "English" in master._board.value


def test_the_high_bid_variant_through_the_page() -> None:
    master, _ = new_master(bidding="high_bid")
    master.start_quiz()
    opener = master.match.state.on_turn
    master.high_bid(4)
    master.high_bid(5)
    master.pass_bid()
    assert master.match.state.active == 1 - opener and master.match.state.target == 5


def test_the_countdown_runs_out_and_tells_the_rules_time_up() -> None:
    async def main() -> QuizMaster:
        master, clock = new_master()
        master.start_quiz()
        master.seal_bid(0, "9")
        master.seal_bid(1, "1")
        master.start_timer()
        task = master.countdown.task
        assert isinstance(task, asyncio.Task)
        await task  # the fake clock runs 30 seconds at once
        assert clock() >= 30
        return master

    master = asyncio.run(main())
    assert master.stage_name == "opposing"  # TimeUp handed the round to Black (Q8)
    assert any("Time is up" in line for line in master._log_lines)


def test_a_second_countdown_never_runs_beside_the_first() -> None:
    async def main() -> None:
        clock = FakeClock()
        done: list[str] = []
        countdown = Countdown(
            on_tick=lambda s: None, on_done=lambda: done.append("done"), clock=clock, sleep=clock.sleep
        )
        countdown.start(100)
        first = countdown.task
        countdown.start(5)
        await asyncio.sleep(0)
        assert first is not None and first.cancelled()
        await countdown.task
        assert done == ["done"]  # once: the first never finished

    asyncio.run(main())


def test_a_pause_really_stops_time_and_resume_goes_on() -> None:
    clock = FakeClock()
    countdown = Countdown(on_tick=lambda s: None, on_done=lambda: None, clock=clock, sleep=clock.sleep)
    countdown.start(120)
    clock.now += 20
    countdown.pause()
    assert countdown.seconds_left == 100 and countdown.paused and not countdown.running
    clock.now += 500  # nothing counts while paused
    assert countdown.seconds_left == 100
    countdown.resume()
    clock.now += 30
    assert countdown.seconds_left == 70 and countdown.running
    countdown.stop()
    assert countdown.remaining == 0 and not countdown.running


def test_the_page_pauses_the_timer_while_the_judge_decides() -> None:
    master, clock = new_master()
    master.start_quiz()
    master.seal_bid(0, "4")
    master.seal_bid(1, "1")
    master.start_timer()
    master.answer("Englsh")
    assert master.stage_name == "judging" and master.countdown.paused
    left = master.countdown.seconds_left
    clock.now += 50
    master.judge(False)
    assert master.countdown.running and master.countdown.seconds_left == left


def test_the_pause_button_and_the_mute_control_have_text_names() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "4")
    master.seal_bid(1, "1")
    master.start_timer()
    buttons = [w for w in every_widget(master) if isinstance(w, (ipw.Button, ipw.ToggleButton))]
    assert buttons and all(b.description.strip() for b in buttons)
    master.toggle_pause()
    assert master.countdown.paused and "paused" in master._clock.value
    assert master._mute.value and "Sound off" in master._mute.description


def test_sounds_are_made_here_and_a_repeat_differs_so_it_plays_again() -> None:
    assert sound("right", 0)[:4] == b"RIFF" and sound("right", 0) != sound("right", 1)
    master, _ = new_master()
    master._mute.value = False
    master.start_quiz()
    master.seal_bid(0, "4")
    master.seal_bid(1, "1")
    master.start_timer()
    before = master._audio.value
    master.answer("English")
    assert master._audio.value != before


def test_a_bad_setting_is_shown_and_nothing_starts() -> None:
    master, _ = new_master()
    master._settings.green_members.value = "Ada"
    master.start_quiz()
    assert master.match is None and "at least 2" in master._status.value


@pytest.mark.parametrize("timer", [90, 150, 7])
def test_the_timer_length_comes_from_the_settings(timer) -> None:
    master, _ = new_master()
    master._settings.timer.value = timer
    master.start_quiz()
    master.seal_bid(0, "4")
    master.seal_bid(1, "1")
    master.start_timer()
    assert master.countdown.seconds_left == timer
    assert master.match.state.stage is QuizStage.GUESSING


def test_q13_the_judge_sees_the_rank_accepting_credits_and_the_answer_only_on_request() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "4")
    master.seal_bid(1, "1")
    master.start_timer()
    master.answer("Englsh")
    assert master.stage_name == "judging"
    prompt = master._controls.children[0].value
    assert "rank 1" in prompt and "Accepting credits that rank" in prompt
    assert "Accept as:" not in prompt
    assert_nothing_hidden_is_synced(master)
    # The judge's buttons sit in a row that wraps, each as wide as its words, so a phone cuts none of them.
    [row] = [w for w in every_widget(master) if isinstance(w, ipw.HBox) and judge_buttons(w)]
    assert row.layout.flex_flow == "row wrap"
    assert all(button.layout.width == "auto" for button in judge_buttons(row))
    assert ".tt-quiz-actions .widget-button { flex: 0 0 auto;" in CSS  # the row's class: buttons never shrink
    master.show_closest_answer()
    assert "Accept as: <b>English (rank 1)</b>?" in master._controls.children[0].value
    master.judge(True)
    assert master.match.state.turned == (1,) and not master.judge_sees_answer


def judge_buttons(box: ipw.Box) -> list[ipw.Button]:
    """Returns the judge's buttons among `box`'s own children (Accept, Reject, Show me the closest answer)."""
    words = ("Accept as rank", "Reject", "Show me the closest answer")
    return [w for w in box.children if isinstance(w, ipw.Button) and w.description.startswith(words)]


def _guessing(master: QuizMaster) -> None:
    master.start_quiz()
    master.seal_bid(0, "5")
    master.seal_bid(1, "1")
    master.start_timer()


def test_an_error_shown_clears_after_the_next_action_that_succeeds() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "eleven")
    assert "⚠" in master._status.value
    master.seal_bid(0, "5")
    assert master._status.value == ""
    master.seal_bid(1, "1")
    master.start_timer()
    master.answer("")
    assert "type an answer first" in master._status.value
    master.toggle_pause()
    assert master._status.value == ""


def test_q5_a_repeated_answer_is_shown_as_already_given() -> None:
    master, _ = new_master()
    _guessing(master)
    master.answer("English")
    master.answer("english!")
    assert master.match.state.turned == (1,) and master.match.state.wrong == ()
    assert "Already given: english! (rank 1)" in master._board.value
    master.answer(answers_of(master)[1])
    assert "Already given" not in master._board.value


def test_the_answer_box_and_the_bid_boxes_stay_the_same_widgets_in_the_same_place() -> None:
    master, _ = new_master()
    master.start_quiz()
    page, controls = master.children, master._controls.children
    master.seal_bid(0, "5")
    master.seal_bid(1, "1")
    master.start_timer()
    row = master._answer.layout
    for text in answers_of(master)[:2]:
        master.answer(text)
        assert master.children == page and master._controls.children == controls
        assert master._answer in master._controls.answer_row.children and master._answer.layout is row
        assert master._controls.answering


def test_the_end_of_round_screen_shows_the_round_that_ended() -> None:
    master, _ = new_master()
    master.start_quiz()
    master.seal_bid(0, "3")
    master.seal_bid(1, "1")
    master.start_timer()
    task = master.match.rules.chart_of(master.match.state).task
    captains = master._view().captains
    answers = answers_of(master)
    for text in answers[:3]:
        master.answer(text)
    assert master.stage_name == "between rounds" and master.match.state.round == 2
    board = master._board.value
    assert "Round 1 of 7" in board and "Round 2" not in board
    assert task in board and all(f"Captain: {c}" in board for c in captains)
    assert all(f"✓ {a}" in board for a in answers[:3])
    assert "<span class='tt-quiz-tile'>2</span>" not in board  # round 2's tile is not shown yet
    assert "wins round 1 and takes tile 1" in master._controls.prompt.value
    master.next_round()
    assert "Round 2 of 7" in master._board.value


def test_q8_q9_the_board_lists_the_opposing_teams_and_the_showdowns_wrong_answers() -> None:
    master, _ = new_master()
    _guessing(master)
    master.answer("Zzyzx")
    master.give_up()
    assert master.stage_name == "opposing"
    master.answer("Qwertyuiop")
    board = master._board.value
    assert "✗ Zzyzx" in board and "✗ Black: Qwertyuiop" in board  # the round that ended, both wrong answers
    master.next_round()
    assert "Qwertyuiop" not in master._board.value


def test_the_page_opens_on_the_settings_alone_and_the_play_widgets_come_with_the_first_start() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the registry's old name, still the registry
        before = set(ipw.Widget.widgets)
        master, _ = new_master()
        made = [ipw.Widget.widgets[key] for key in set(ipw.Widget.widgets) - before]
    assert not any(isinstance(w, (ipw.Password, ipw.ToggleButton)) for w in made)  # no bid boxes, no sound toggle
    assert not any(isinstance(w, ipw.Text) and w.description == "Answer" for w in made)
    assert len(made) <= 45, len(made)  # the settings and the start button: the browser builds these at open
    master.start_quiz()
    assert master._parts.bid_boxes[0] in master._controls.bid_rows.children[0].children
    assert master._play_row in master.children and master._sound_row in master.children
    assert "Sound off" in master._mute.description and master._mute.tooltip == "Turn the sounds on"
    master._bid_boxes[0].value = "5"  # Enter in the bid box seals it, as before the first start
    master._bid_boxes[1].value = "1"
    master.start_timer()
    master._answer.value = "English"
    assert master.match.state.turned == (1,) and "English" in master._board.value
    master.new_quiz()
    master.start_quiz()
    assert master._parts.answer is master._answer  # a second quiz reuses the widgets of the first
