"""The teacher's controls for each moment of the quiz: bids, the timer, answers, special tiles, the judge (Q4-Q13).

`QuizControls` holds the controls the `QuizMaster` shows under the board.
They are made once and updated in place from the class's view by
`QuizControls.show`, so the answer box and the sealed bid boxes keep their
place on the page (and a keyboard user's focus) from one Enter to the next;
only the row of buttons is made afresh, so a button is only there when its
action is possible.  Every control has a text name and works by keyboard
(Tab, Enter, Space); the answer box and the sealed bid boxes submit on
Enter, and the Pause button is the next Tab stop after the answer box's
Check button.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as ipw

from toptrumps_core.protocol import Event
from toptrumps_core.quiz import QuizStage, QuizView, RoundUnwon, RoundWon
from widgets._toolkit import plural

if TYPE_CHECKING:
    from widgets.quiz.master import QuizMaster

__all__ = ["QuizControls", "button"]


def button(description: str, tooltip: str, *, style: str = "") -> ipw.Button:
    """Returns a button sized to its text name, with a tooltip saying what it does."""
    return ipw.Button(description=description, tooltip=tooltip, button_style=style, layout=ipw.Layout(width="auto"))


def _shown(widget: ipw.Widget, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


class QuizControls(ipw.VBox):
    """The controls under the board, kept from render to render (findings of focus: nothing is rebuilt).

    Args:
        master: The quiz master whose intents the controls call.
        answer: The answer box (Enter submits).
        bid_boxes: Each team's sealed bid box (Enter seals), Green's first.
    """

    def __init__(self, master: QuizMaster, answer: ipw.Text, bid_boxes: tuple[ipw.Password, ipw.Password]) -> None:
        self._master = master
        self.prompt = ipw.HTML()
        self.answer = answer
        check = button("Check ✓", "Check the answer typed", style="primary")
        # each answer typed is its own step: a pupil checks answer after answer as fast as they type
        check.on_click(lambda _: master.answer(answer.value) if answer.value.strip() else None)
        check.tabbable = False  # Enter submits; one Tab from the answer box reaches Pause
        self.answer_row = ipw.HBox([answer, check])
        self.bid_boxes = bid_boxes
        self._sealed = (ipw.HTML(), ipw.HTML())
        rows = []
        for team, box in enumerate(bid_boxes):
            box.style = {"description_width": "14em"}
            box.layout.width = "26em"
            seal = button("Seal the bid 🔒", "Seal this captain's bid")
            seal.on_click(lambda _, team=team, box=box: master.seal_bid(team, box.value))  # one seal per team
            rows.append(ipw.HBox([self._sealed[team], box, seal]))
        self._seals = tuple(row.children[2] for row in rows)
        self.bid_rows = ipw.VBox(rows)
        self.pause = button("Pause ⏸", "Stop the timer for a moment")
        master.steps.bind(self.pause, lambda: master.toggle_pause())
        # the row wraps and each button keeps its text's width, so no button is cut on a phone ("Accept a…")
        self.actions = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.actions.add_class("tt-quiz-actions")
        super().__init__([self.prompt, self.bid_rows, self.answer_row, self.actions])

    def show(self, view: QuizView) -> None:
        """Updates the controls in place for the moment `view` shows (end-of-round and winner screens included)."""
        master = self._master
        self.prompt.value = ""
        _shown(self.bid_rows, False)
        _shown(self.answer_row, False)
        actions: tuple[ipw.Widget, ...] = ()
        if master.stage_name == "between rounds" or view.stage is QuizStage.OVER:
            actions = self._round_over(view)
        else:
            match view.stage:
                case QuizStage.BIDDING:
                    self._secret_bids(view)
                case QuizStage.HIGH_BIDDING:
                    actions = self._high_bids(view)
                case QuizStage.GUESSING:
                    actions = self._guessing(view)
                case QuizStage.SPECIAL:
                    actions = self._special(view)
                case QuizStage.JUDGING:
                    actions = self._judging()
                case QuizStage.OPPOSING | QuizStage.SHOWDOWN:
                    actions = self._one_answer(view)
                case _:
                    pass
        self.actions.children = actions

    @property
    def answering(self) -> bool:
        """True while the answer box is on the page."""
        return self.answer_row.layout.display != "none"

    def _say(self, text: str) -> None:
        self.prompt.value = f"<div class='tt-quiz-status'>{text}</div>"

    def _pause(self) -> ipw.Button:
        paused = self._master.countdown.paused
        self.pause.description = "Resume ▶" if paused else "Pause ⏸"
        self.pause.tooltip = "Go on with the timer" if paused else "Stop the timer for a moment"
        return self.pause

    def _answer_box(self, who: str) -> None:
        _shown(self.answer_row, True)
        self.answer.description = "Answer"
        self.answer.placeholder = f"{who}: type an answer and press Enter"

    def _secret_bids(self, view: QuizView) -> None:
        assert self._master.match is not None
        owed = self._master.match.waiting_seats
        self._say(
            f"Category: <b>{escape(view.category)}</b>. Each captain types a bid from 1 to 10 in secret, "
            "then seals it; both are revealed together."
        )
        _shown(self.bid_rows, True)
        for team in (0, 1):
            name = view.teams[team]
            sealed = team not in owed
            self._sealed[team].value = f"<div class='tt-quiz-status'>✓ {escape(name)}'s bid is sealed 🔒</div>"
            _shown(self._sealed[team], sealed)
            _shown(self.bid_boxes[team], not sealed)
            _shown(self._seals[team], not sealed)
            self.bid_boxes[team].description = f"{name} captain's bid"
            self._seals[team].description = f"Seal {name}'s bid 🔒"
            self._seals[team].tooltip = f"Seal the bid of {name}'s captain"

    def _high_bids(self, view: QuizView) -> tuple[ipw.Widget, ...]:
        master = self._master
        name = escape(view.teams[view.on_turn])
        made = [b for b in view.bids if b is not None]
        if not made:
            opening = ipw.Dropdown(
                options=list(range(1, 11)),
                value=3,
                description=f"{view.teams[view.on_turn]} opens with",
                style={"description_width": "12em"},
            )
            go = button("Open the bidding", f"{view.teams[view.on_turn]} bids the number chosen", style="primary")
            master.steps.bind(go, lambda: master.high_bid(int(opening.value)))
            self._say(f"Category: <b>{escape(view.category)}</b>. {name} is on the tiebreaker tile and opens.")
            return (opening, go)
        top = max(made)
        raise_ = button(f"{view.teams[view.on_turn]} raises to {top + 1}", "Bid exactly one more", style="primary")
        master.steps.bind(raise_, lambda: master.high_bid(top + 1))
        pass_ = button(f"{view.teams[view.on_turn]} passes", "The other team is active with its last bid")
        master.steps.bind(pass_, lambda: master.pass_bid())
        self._say(f"The bid stands at <b>{top}</b>. {name}: raise by one or pass.")
        return (raise_, pass_)

    def _guessing(self, view: QuizView) -> tuple[ipw.Widget, ...]:
        master = self._master
        assert master.match is not None and view.active is not None
        name = view.teams[view.active]
        if not master.timer_started:
            seconds = getattr(master.match.rules, "timer_seconds", 120)
            start = button(f"Start the timer ▶ ({seconds} s)", "Read the task aloud, then start", style="success")
            master.steps.bind(start, lambda: master.start_timer())
            self._say(f"Read the task aloud. {escape(name)} must name {view.target}.")
            return (start,)
        self._answer_box(name)
        give_up = button(f"{name} gives up", "Stop guessing; the other team gets one answer")
        master.steps.bind(give_up, lambda: master.give_up())
        return (self._pause(), give_up)

    def _special(self, view: QuizView) -> tuple[ipw.Widget, ...]:
        master = self._master
        assert view.active is not None
        name = view.teams[view.active]
        left = view.specials[view.active]
        use = button(
            f"Use a special tile ★ ({left} left)", "Turn a special tile and keep guessing", style="warning"
        )
        master.steps.bind(use, lambda: master.use_special_tile())
        stop = button("No: hand over ✋", "Keep the special tiles; the other team gets one answer")
        master.steps.bind(stop, lambda: master.give_up())
        self._say(f"✗ Wrong. {escape(name)} may turn a special tile to keep guessing.")
        return (use, stop, self._pause())

    def _judging(self) -> tuple[ipw.Widget, ...]:
        """The judge's prompt (Q13): the given text, how alike, and the rank accepting credits.

        Accepting credits the closest chart answer, so its rank is shown at once;
        its text is an unrevealed answer, so it reaches the page only when the
        judge presses "Show me the closest answer" (the class sees the projector
        too: the judge decides to show it, as if reading it off the chart).
        """
        master = self._master
        assert master.match is not None
        near = master.match.judge_view()
        accept = button(
            f"Accept as rank {near.rank} ✓", f"It counts as the chart's answer of rank {near.rank}", style="success"
        )
        master.steps.bind(accept, lambda: master.judge(True))
        reject = button("Reject ✗", "It does not count", style="danger")
        master.steps.bind(reject, lambda: master.judge(False))
        line = (
            f"Judge: “{escape(near.text)}” is close to the answer of <b>rank {near.rank}</b> "
            f"({near.similarity} % alike). Accepting credits that rank. Does it count?"
        )
        if master.judge_sees_answer:
            self._say(f"{line}<br>Accept as: <b>{escape(near.answer)} (rank {near.rank})</b>?")
            return (accept, reject)
        self._say(line)
        peek = button("Show me the closest answer", "For the judge: shows the chart's answer on the page")
        master.steps.bind(peek, lambda: master.show_closest_answer())
        return (accept, reject, peek)

    def _one_answer(self, view: QuizView) -> tuple[ipw.Widget, ...]:
        master = self._master
        if view.stage is QuizStage.SHOWDOWN:
            team = view.showdown_turn
            tries = 3 - view.showdown_wrong[team]
            self._say(f"Showdown: <b>{escape(view.teams[team])}</b> answers ({tries} of 3 tries left).")
            self._answer_box(view.teams[team])
            return (self._pause(),)
        assert view.active is not None
        name = view.teams[1 - view.active]
        none = button(f"{name} has no answer", "Nobody wins the round; its tiles stay")
        master.steps.bind(none, lambda: master.give_up())
        self._say(f"<b>{escape(name)}</b> may give one answer within 10 seconds: right and new wins the round.")
        self._answer_box(name)
        return (self._pause(), none)

    def _round_over(self, view: QuizView) -> tuple[ipw.Widget, ...]:
        master = self._master
        lines = round_lines(master.round_results, view.teams)
        if view.stage is QuizStage.OVER:
            self.prompt.value = _winner(view, lines)
            again = button("New quiz", "Back to the settings", style="primary")
            master.steps.bind(again, lambda: master.new_quiz())
            return (again,)
        go = button("Next round ▶", "On to the next round's bidding", style="success")
        master.steps.bind(go, lambda: master.next_round())
        self.prompt.value = f"<div class='tt-quiz-big'>{'<br>'.join(lines)}</div>"
        return (go,)


def _tiles(tiles: tuple[int, ...]) -> str:
    return f"{'tile' if len(tiles) == 1 else 'tiles'} {', '.join(map(str, tiles))}"


def round_lines(results: Sequence[Event], teams: Sequence[str]) -> list[str]:
    """Returns who won what in the rounds just ended, as lines of HTML (Q7, Q8, Q9)."""
    lines = []
    for event in results:
        if isinstance(event, RoundWon):
            name = escape(teams[event.team])
            lines.append(f"🏆 {name} wins round {event.round} and takes {_tiles(event.tiles)}.")
        elif isinstance(event, RoundUnwon):
            stay = "stays" if len(event.middle) == 1 else "stay"
            lines.append(f"Nobody wins round {event.round}: {_tiles(event.middle)} {stay} in the middle.")
    return lines


def _winner(view: QuizView, lines: list[str]) -> str:
    points = [sum(t) for t in view.won]
    tiles = [len(t) for t in view.won]
    if points[0] != points[1]:
        best = 0 if points[0] > points[1] else 1
        why = "more points"
    elif tiles[0] != tiles[1]:
        best = 0 if tiles[0] > tiles[1] else 1
        why = "equal points, more tiles"
    else:
        best, why = -1, "equal points and tiles"
    title = "A draw! 🤝" if best < 0 else f"🏆 {escape(view.teams[best])} wins the quiz! 🏆"
    score = " — ".join(
        f"{escape(view.teams[t])} {plural(points[t], 'point')} ({plural(tiles[t], 'tile')})" for t in (0, 1)
    )
    body = "<br>".join([*lines, f"<span style='font-size:1.6em'>{title}</span>", f"{score} ({why})"])
    return f"<div class='tt-quiz-big' role='status'>{body}</div>"
