"""QuizMaster: the Top Ten Quiz on the classroom projector, run by the teacher (rules Q1-Q13).

The page is the game board the class looks at and the teacher's controls:
the round, the tiles in the middle and both teams' points and special
tiles; the secret bid of each captain (typed into a hidden box and sealed),
then the reveal, or the high-bid variant's raises and passes; the task and
a big countdown (an asyncio task, cancellable, with pause and resume); an
answer box (Enter submits) checked at once, the rank tiles turning as they
are named; special tiles after a wrong answer; the judge's accept or reject
for a near miss; the opposing team's 10-second chance; the showdown; and
the winner screen.  Short sounds for right, wrong and time up, with a mute
control.

Hidden information stays in Python: the chart's answers reach the page only
as tiles turn or after the round, and a near miss is shown to the judge as
the given text, how alike it is and the rank accepting credits; the chart's
answer itself only when the judge asks to see it.  The page
reports the end of the time as `TimeUp`, so the rules never read a clock.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, replace
from functools import cached_property
from html import escape
from typing import Any

import ipywidgets as ipw

from toptrumps_core.errors import IllegalActionError
from toptrumps_core.narration import QuizNarrator
from toptrumps_core.play import Match
from toptrumps_core.protocol import Action, Event
from toptrumps_core.quiz import (
    Answer,
    AnswerRepeated,
    AnswerWrong,
    Bid,
    ChartRevealed,
    GiveUp,
    JudgeAnswer,
    OpposingChanceBegan,
    PassBid,
    QuizEnded,
    QuizJudgeView,
    QuizRules,
    QuizStage,
    QuizState,
    QuizView,
    RankTurned,
    RoundUnwon,
    RoundWon,
    TimeRanOut,
    TimeUp,
    UseSpecialTile,
)
from toptrumps_core.quiz.rules import MAX_ANSWER_LENGTH
from toptrumps_core.strategies import HUMAN
from widgets._boundary import ErrorBoundary, handler
from widgets._toolkit.clock import clock_controls
from widgets._toolkit.driver import StepClicks
from widgets._toolkit.rules_panel import RulesPanel
from widgets._toolkit.seeds import fresh_seed
from widgets.quiz.board import CSS, board_html, clock_html
from widgets.quiz.panels import QuizControls, button
from widgets.quiz.settings import QuizSettings
from widgets.quiz.sounds import SoundName, sound
from widgets.quiz.timer import Clock, Countdown, Sleep

__all__ = ["QuizMaster"]

_ANSWERING = (QuizStage.GUESSING, QuizStage.OPPOSING, QuizStage.SHOWDOWN)


class QuizMaster(ipw.VBox):
    """The Top Ten Quiz for two teams on one projector, the teacher at the controls (Q1-Q13).

    Args:
        rules: The quiz's rules (their options fill the settings); None for the defaults.
        seed: Fixes the charts drawn and the tiebreaker toss; None for a
            fresh one from the operating system for each quiz
            (`widgets._toolkit.seeds`).  The page never shows it.
        clock: The countdown's clock (for tests); None: the kernel's
            (`widgets._toolkit.clock.app_clock`).
        sleep: The countdown's sleep (for tests); None: the kernel's clock's.
        sounds: False to start muted.
    """

    def __init__(
        self,
        rules: QuizRules | None = None,
        *,
        seed: int | str | None = None,
        clock: Clock | None = None,
        sleep: Sleep | None = None,
        sounds: bool = True,
    ) -> None:
        super().__init__()
        self.add_class("tt-quiz")
        self.add_class("tt-quiz-master")
        self._base = rules or QuizRules()
        self._seed = seed
        self._boundary = ErrorBoundary(self._show_status)
        self.steps = StepClicks()
        """One click from the page, one step (`StepClicks`): a double click on a button acts once."""
        self.match: Match[QuizState, Action, QuizView, QuizJudgeView] | None = None
        self._rules: QuizRules = self._base  # the rules of the quiz being played
        self._narrator: QuizNarrator | None = None
        self._revealed: tuple[str, ...] = ()
        self._round_over: list[Event] = []
        self._fresh: int | None = None
        self._repeated: AnswerRepeated | None = None
        self._round_view: QuizView | None = None  # the round being played, kept for its end-of-round screen
        self._turned: dict[int, str] = {}
        self._wrong: list[AnswerWrong] = []  # this round's wrong answers, the opposing chance and showdown's too
        self._timer_label = ""
        self._started_round = 0
        self._sound_variant = 0
        self._paused_for_judge = False
        self._judge_sees = False
        self._log_lines: list[str] = []
        self._countdown = Countdown(
            on_tick=self._tick, on_done=self._boundary.wrap(self.time_up), clock=clock, sleep=sleep
        )
        self._style = ipw.HTML(CSS)
        self._test_clock = clock_controls()  # test mode only: the hidden control a test moves the clock through
        self._board = ipw.HTML()
        self._status = ipw.HTML("", layout=ipw.Layout(min_height="1.6em"))
        self._status.add_class("tt-quiz-status")
        self._setup = ipw.VBox()
        self._sounds = sounds
        self._settings = QuizSettings(self._base)
        self._show_settings()

    @classmethod
    def new(cls, *, seed: int | str | None = None, sounds: bool = True, **options: Any) -> QuizMaster:
        """Returns a quiz master showing its settings, filled from the `QuizRules` options given.

        Example:
            >>> master = QuizMaster.new(timer_seconds=90, seed=7)
            >>> master.stage_name
            'settings'
        """
        return cls(QuizRules(**options), seed=seed, sounds=sounds)

    # -- reading ------------------------------------------------------------------------------

    @property
    def stage_name(self) -> str:
        """Returns what the page shows: "settings", "between rounds", or the quiz's stage ("bidding", ...)."""
        if self.match is None:
            return "settings"
        if self._round_over and self._state_stage is not QuizStage.OVER:
            return "between rounds"
        return self._state_stage.value

    @property
    def judge_sees_answer(self) -> bool:
        """True once the judge asked to see the chart answer a near miss is close to (Q13)."""
        return self._judge_sees

    @property
    def timer_started(self) -> bool:
        """True once the active team's countdown was started this round (Q5)."""
        return self.match is not None and self._started_round == self.match.state.round

    @property
    def round_results(self) -> tuple[Event, ...]:
        """The `RoundWon`, `RoundUnwon` and `QuizEnded` events shown on the end-of-round screen."""
        return tuple(self._round_over)

    @property
    def countdown(self) -> Countdown:
        """The one countdown of the page."""
        return self._countdown

    @property
    def _state_stage(self) -> QuizStage:
        assert self.match is not None
        stage: QuizStage = self.match.state.stage
        return stage

    def _view(self) -> QuizView:
        assert self.match is not None
        view: QuizView = self.match.view(0)  # the class sees what either team sees
        return view

    # -- user intents ---------------------------------------------------------------------------

    @handler
    def start_quiz(self) -> None:
        """Starts a quiz with the settings shown: the charts are set out and the tiebreaker tossed."""
        rules = self._settings.rules(self._base)
        self._countdown.stop()
        seed = self._seed if self._seed is not None else fresh_seed()  # never shown in the page
        self.match = Match(rules, [HUMAN, HUMAN], seed=seed, judge=HUMAN)
        self._rules = rules
        self._narrator = QuizNarrator(rules)
        self._revealed, self._round_over, self._started_round = (), [], 0
        self._round_view, self._turned, self._wrong = None, {}, []
        self._log_lines = []
        self._paused_for_judge = False
        self._take(self.match.advance())

    @handler
    def seal_bid(self, team: int, text: str) -> None:
        """Seals the secret bid `text` (1..10) of `team`'s captain (Q4); the last one reveals both."""
        match = self._playing(QuizStage.BIDDING)
        bid = _bid(text)
        if team not in match.waiting_seats:
            raise IllegalActionError(f"{self._team(team)}'s bid is sealed already")
        self._take(match.submit(Bid(bid), seat=team))

    @handler
    def high_bid(self, count: int) -> None:
        """Bids `count` in the high-bid variant: an opening bid, or a raise by exactly one (Q11)."""
        match = self._playing(QuizStage.HIGH_BIDDING)
        self._take(match.submit(Bid(count)))

    @handler
    def pass_bid(self) -> None:
        """Passes in the high-bid variant (Q11)."""
        self._take(self._playing(QuizStage.HIGH_BIDDING).submit(PassBid()))

    @handler
    def start_timer(self) -> None:
        """Starts the active team's countdown once the task is read (Q5)."""
        match = self._playing(QuizStage.GUESSING)
        rules = self._rules
        self._started_round = match.state.round
        self._start_countdown(rules.timer_seconds, f"{self._team(match.state.active)}'s time")
        self._render()

    @handler
    def answer(self, text: str) -> None:
        """Checks an answer at once: the team to answer now gives `text` (Q5, Q8, Q9, Q13)."""
        if self.match is None or self._state_stage not in _ANSWERING:
            raise IllegalActionError("no team is answering now")
        if self._state_stage is QuizStage.GUESSING and self._started_round != self.match.state.round:
            raise IllegalActionError("start the timer first")
        text = " ".join(str(text).split())
        if not text:
            raise IllegalActionError("type an answer first")
        if len(text) > MAX_ANSWER_LENGTH:
            raise IllegalActionError(f"an answer has at most {MAX_ANSWER_LENGTH} characters")
        self._take(self.match.submit(Answer(text)))

    @handler
    def use_special_tile(self) -> None:
        """Turns a special tile after a wrong answer, so the team keeps guessing (Q6)."""
        self._take(self._playing(QuizStage.SPECIAL).submit(UseSpecialTile()))

    @handler
    def give_up(self) -> None:
        """The active team stops (or declines its special tile, or the opposing team has no answer) (Q8)."""
        match = self._playing(QuizStage.GUESSING, QuizStage.SPECIAL, QuizStage.OPPOSING)
        self._take(match.submit(GiveUp()))

    @handler
    def judge(self, accept: bool) -> None:
        """The judge accepts or rejects the near miss shown (Q13)."""
        self._take(self._playing(QuizStage.JUDGING).submit(JudgeAnswer(bool(accept))))

    @handler
    def show_closest_answer(self) -> None:
        """Shows the judge the chart answer that accepting the near miss would credit (Q13).

        The answer is unrevealed, so it reaches the page only on this request.
        """
        self._playing(QuizStage.JUDGING)
        self._judge_sees = True
        self._render()

    @handler
    def time_up(self) -> None:
        """The countdown ran out: the page tells the rules `TimeUp` (Q5, Q8, Q9)."""
        if self.match is None or TimeUp() not in self.match.legal_actions():
            return
        self._play("time_up")
        self._take(self.match.submit(TimeUp()))

    @handler
    def toggle_pause(self) -> None:
        """Pauses the countdown, or goes on after a pause."""
        if self._countdown.paused:
            self._countdown.resume()
        elif self._countdown.running:
            self._countdown.pause()
        else:
            raise IllegalActionError("no timer is running")
        self._controls.show(self._view())  # the button in the captain's hand says "Resume" before the clock says paused
        self._tick(self._countdown.seconds_left)
        self._status.value = ""

    @handler
    def next_round(self) -> None:
        """Leaves the end-of-round screen for the next round's bidding."""
        self._round_over, self._revealed, self._fresh = [], (), None
        self._turned, self._wrong = {}, []
        self._render()

    @handler
    def new_quiz(self) -> None:
        """Goes back to the settings for a new quiz."""
        self._countdown.stop()
        self.match = None
        self._show_settings()

    # -- what happened ----------------------------------------------------------------------------

    def _playing(self, *stages: QuizStage) -> Match:
        if self.match is None or self._state_stage not in stages or self.stage_name == "between rounds":
            raise IllegalActionError("that is not possible at this moment of the quiz")
        return self.match

    def _take(self, events: tuple[Event, ...]) -> None:
        """Updates sounds, timers and the page after the events of one action."""
        assert self.match is not None and self._narrator is not None
        self._fresh, self._repeated = None, None
        self._judge_sees = False
        self._log_lines.extend(self._narrator.narrate_all(events))
        for event in events:
            match event:
                case RankTurned(rank=rank, answer=answer):
                    self._fresh = rank
                    self._turned[rank] = answer
                    self._play("right")
                case AnswerRepeated():
                    self._repeated = event  # neither right nor wrong, but shown (Q5)
                case AnswerWrong():
                    self._wrong.append(event)
                    self._play("wrong")
                case TimeRanOut():
                    self._countdown.stop()
                case ChartRevealed(answers=answers):
                    self._revealed = answers
                case RoundWon() | RoundUnwon() | QuizEnded():
                    self._countdown.stop()
                    self._round_over.append(event)
                case _:
                    pass
        stage = self._state_stage
        rules = self._rules
        if any(isinstance(e, OpposingChanceBegan) for e in events):
            self._start_countdown(rules.opposing_seconds, f"{self._team(self.match.state.opposing)}: one answer")
        elif stage is QuizStage.SHOWDOWN:  # each answer of the showdown has the opposing team's time (Q9)
            turn = self.match.state.showdown_turn
            self._start_countdown(rules.opposing_seconds, f"Showdown: {self._team(turn)} answers")
        elif stage is QuizStage.JUDGING:
            if self._countdown.running:
                self._countdown.pause()  # time stands still while the judge decides
                self._paused_for_judge = True
                self._tick(self._countdown.seconds_left)
        elif self._paused_for_judge:
            self._paused_for_judge = False
            if not self._round_over:
                self._countdown.resume()
                self._tick(self._countdown.seconds_left)
        self._render()

    def _start_countdown(self, seconds: int, label: str) -> None:
        self._timer_label = label
        self._countdown.start(seconds)
        self._tick(self._countdown.seconds_left)

    def _tick(self, seconds: int) -> None:
        label = self._timer_label or "Timer"
        self._clock.value = clock_html(seconds, label=label, paused=self._countdown.paused)

    def _play(self, name: SoundName) -> None:
        if self._mute.value:
            return
        self._sound_variant += 1
        data = base64.b64encode(sound(name, self._sound_variant)).decode("ascii")
        self._audio.value = f"<audio autoplay src='data:audio/wav;base64,{data}' aria-hidden='true'></audio>"

    def _mute_changed(self, change: object = None) -> None:
        _name_mute(self._mute)

    def _team(self, team: int | None) -> str:
        assert self.match is not None
        rules = self._rules
        return "—" if team is None else rules.teams[team]

    def _show_status(self, text: str, kind: str = "info") -> None:
        icon = "⚠ " if kind == "error" else ""
        self._status.value = f"<div role='status'>{icon}{escape(text)}</div>"

    # -- the play parts, made when first needed ---------------------------------------------------

    @cached_property
    def _parts(self) -> _PlayParts:
        """The widgets of a quiz in play (clock, controls, sound, log): made at the first start, not at open.

        A page opens on the settings alone, so its browser builds only those
        widgets; the 60-odd of play come with the first "Start the quiz".
        """
        clock = ipw.HTML(clock_html(None, label="No timer running"))
        clock.add_class("tt-quiz-clockbox")
        audio = ipw.HTML("", layout=ipw.Layout(width="1px", height="1px"))  # an <audio> element, no script
        mute = ipw.ToggleButton(
            value=not self._sounds, description="", tooltip="Sound on or off", layout=ipw.Layout(width="auto")
        )
        answer = ipw.Text(
            placeholder="Type an answer and press Enter",
            description="Answer",
            continuous_update=False,
            layout=ipw.Layout(width="32em"),
        )
        bid_boxes = tuple(
            ipw.Password(placeholder="1 to 10", continuous_update=False, layout=ipw.Layout(width="22em"))
            for _ in (0, 1)
        )
        controls = QuizControls(self, answer, bid_boxes)
        play_row = ipw.HBox([clock, ipw.VBox([self._status, controls])])
        play_row.add_class("tt-quiz-row")
        play_row.add_class("tt-quiz-play")
        play_row.children[1].add_class("tt-quiz-controls")
        sound_row = ipw.HBox([mute, audio])
        parts = _PlayParts(clock, ipw.HTML(), audio, mute, sound_row, answer, bid_boxes, controls, play_row)
        _name_mute(mute)
        mute.observe(self._boundary.wrap(self._mute_changed), "value")
        answer.observe(self._boundary.wrap(self._answer_typed), "value")
        for team, box in enumerate(bid_boxes):
            box.observe(self._boundary.wrap(lambda change, team=team: self._bid_typed(team, change)), "value")
        return parts

    @cached_property
    def _rules_panel(self) -> RulesPanel:
        """The teacher's "Rules in play" panel, the one place naming rules by their IDs: made at the first start."""
        return RulesPanel(lambda: self.match)

    _clock = property(lambda self: self._parts.clock)
    _log = property(lambda self: self._parts.log)
    _audio = property(lambda self: self._parts.audio)
    _mute = property(lambda self: self._parts.mute)
    _sound_row = property(lambda self: self._parts.sound_row)
    _answer = property(lambda self: self._parts.answer)
    _bid_boxes = property(lambda self: self._parts.bid_boxes)
    _controls = property(lambda self: self._parts.controls)
    _play_row = property(lambda self: self._parts.play_row)

    # -- drawing -----------------------------------------------------------------------------------

    def _show_settings(self) -> None:
        start = button("Start the quiz ▶", "Set out seven charts and toss the tiebreaker tile", style="success")
        self.steps.bind(start, self.start_quiz)
        self._board.value = "<div class='tt-quiz-big'>Top Ten Quiz</div>"
        if "_parts" in self.__dict__:  # the clock of a quiz played before
            self._clock.value = ""
        self._setup.children = (self._settings, start)
        self.children = (self._style, *self._test_clock, self._board, self._status, self._setup)

    def _render(self) -> None:
        assert self.match is not None
        view = self._view()
        with self.hold_sync():
            self._status.value = ""  # an error shown before is over once an action succeeds
            shown = self._board_view(view)
            self._board.value = board_html(
                shown, revealed=self._revealed, fresh=self._fresh, repeated=self._repeated, wrong=self._wrong
            )
            ended = self.stage_name in ("between rounds", "over")
            self._clock.layout.display = "none" if ended else None
            if ended:
                self._clock.value = ""
            elif not self._countdown.running and not self._countdown.paused:
                self._clock.value = clock_html(None, label="No timer running")
            self._controls.show(view)
            recent = "".join(f"<li>{escape(line)}</li>" for line in self._log_lines[-6:])
            self._log.value = f"<details><summary>What happened</summary><ul>{recent}</ul></details>"
            self.children = (
                self._style,
                *self._test_clock,
                self._board,
                self._play_row,
                self._sound_row,
                self._log,
                self._rules_panel,
            )
        self._keep_focus()

    def _board_view(self, view: QuizView) -> QuizView:
        """Returns what the board shows: between rounds, the round just ended (its task, answers, tiles)."""
        if self.stage_name != "between rounds" or self._round_view is None:
            self._round_view = view
            return view
        ended = self._round_view
        middle = next((e.middle for e in self._round_over if isinstance(e, RoundUnwon)), ())
        turned = tuple(sorted({**dict(ended.turned), **self._turned}.items()))
        return replace(ended, won=view.won, specials=view.specials, middle=middle, turned=turned, wrong=ended.wrong)

    def _keep_focus(self) -> None:
        """Puts the keyboard's focus where the next thing is typed: the answer box, or a bid box still owed."""
        assert self.match is not None
        if self._controls.answering:
            self._answer.focus()
        elif self.stage_name == "bidding":
            owed = self.match.waiting_seats
            if owed:
                self._bid_boxes[min(owed)].focus()

    # -- typed input ---------------------------------------------------------------------------------

    def _answer_typed(self, change: dict[str, Any]) -> None:
        text = str(change.get("new", ""))
        if not text.strip():
            return
        self._answer.value = ""
        self.answer(text)

    def _bid_typed(self, team: int, change: dict[str, Any]) -> None:
        text = str(change.get("new", ""))
        if not text.strip():
            return
        self._bid_boxes[team].value = ""
        self.seal_bid(team, text)


@dataclass(frozen=True)
class _PlayParts:
    """The widgets a quiz in play adds under the board (`QuizMaster._parts`)."""

    clock: ipw.HTML
    log: ipw.HTML
    audio: ipw.HTML
    mute: ipw.ToggleButton
    sound_row: ipw.HBox
    answer: ipw.Text
    bid_boxes: tuple[ipw.Password, ipw.Password]
    controls: QuizControls
    play_row: ipw.HBox


def _name_mute(mute: ipw.ToggleButton) -> None:
    """Names the sound toggle by what it is now (its text), and its tooltip by what a press does."""
    muted = mute.value
    mute.description = "🔇 Sound off" if muted else "🔊 Sound on"
    mute.tooltip = "Turn the sounds on" if muted else "Mute the sounds"


def _bid(text: str) -> int:
    """Returns the bid typed in `text`, a whole number 1..10 (Q4).

    Raises:
        IllegalActionError: If it is not.
    """
    cleaned = str(text).strip()
    if not cleaned.isdigit() or not 1 <= int(cleaned) <= 10:
        raise IllegalActionError("a bid is a whole number from 1 to 10")
    return int(cleaned)
