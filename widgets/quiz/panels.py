"""The teacher's controls for each moment of the quiz: bids, the timer, answers, special tiles, the judge (Q4-Q13).

`controls_for(master, view)` returns the controls the `QuizMaster` shows
under the board, built fresh each time from the class's view, so a button
is only there when its action is possible.  Every control has a text name
and works by keyboard (Tab, Enter, Space); the answer box and the sealed
bid boxes submit on Enter.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as ipw

from toptrumps_core.quiz import QuizStage, QuizView, RoundUnwon, RoundWon

if TYPE_CHECKING:
    from widgets.quiz.master import QuizMaster

__all__ = ["controls_for"]


def _button(description: str, tooltip: str, *, style: str = "") -> ipw.Button:
    return ipw.Button(description=description, tooltip=tooltip, button_style=style, layout=ipw.Layout(width="auto"))


def _line(text: str) -> ipw.HTML:
    return ipw.HTML(f"<div class='tt-quiz-status'>{text}</div>")


def controls_for(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    """Returns the controls for the moment `view` shows (the end-of-round and winner screens included)."""
    if master.stage_name == "between rounds" or view.stage is QuizStage.OVER:
        return _round_over(master, view)
    match view.stage:
        case QuizStage.BIDDING:
            return _secret_bids(master, view)
        case QuizStage.HIGH_BIDDING:
            return _high_bids(master, view)
        case QuizStage.GUESSING:
            return _guessing(master, view)
        case QuizStage.SPECIAL:
            return _special(master, view)
        case QuizStage.JUDGING:
            return _judging(master, view)
        case QuizStage.OPPOSING | QuizStage.SHOWDOWN:
            return _one_answer(master, view)
        case _:
            return ()


def _pause(master: QuizMaster) -> ipw.Button:
    paused = master.countdown.paused
    button = _button(
        "Resume ▶" if paused else "Pause ⏸", "Go on with the timer" if paused else "Stop the timer for a moment"
    )
    button.on_click(lambda _: master.toggle_pause())
    return button


def _answer_row(master: QuizMaster, who: str) -> ipw.HBox:
    box = master._answer
    box.description = "Answer"
    box.placeholder = f"{who}: type an answer and press Enter"
    check = _button("Check ✓", "Check the answer typed", style="primary")
    check.on_click(lambda _: master.answer(box.value) if box.value.strip() else None)
    return ipw.HBox([box, check])


def _secret_bids(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    assert master.match is not None
    owed = master.match.waiting_seats
    rows: list[ipw.Widget] = [
        _line(
            f"Category: <b>{escape(view.category)}</b>. Each captain types a bid from 1 to 10 in secret, "
            "then seals it; both are revealed together (Q4)."
        )
    ]
    for team in (0, 1):
        name = escape(view.teams[team])
        if team not in owed:
            rows.append(_line(f"✓ {name}'s bid is sealed 🔒"))
            continue
        box = master._bid_boxes[team]
        box.description = f"{view.teams[team]} captain's bid"
        box.style = {"description_width": "14em"}
        box.layout.width = "26em"
        seal = _button(f"Seal {view.teams[team]}'s bid 🔒", f"Seal the bid of {view.teams[team]}'s captain")
        seal.on_click(lambda _, team=team, box=box: master.seal_bid(team, box.value))
        rows.append(ipw.HBox([box, seal]))
    return tuple(rows)


def _high_bids(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    name = escape(view.teams[view.on_turn])
    made = [b for b in view.bids if b is not None]
    if not made:
        opening = ipw.Dropdown(
            options=list(range(1, 11)),
            value=3,
            description=f"{view.teams[view.on_turn]} opens with",
            style={"description_width": "12em"},
        )
        go = _button("Open the bidding", f"{view.teams[view.on_turn]} bids the number chosen", style="primary")
        go.on_click(lambda _: master.high_bid(int(opening.value)))
        text = f"Category: <b>{escape(view.category)}</b>. {name} is on the tiebreaker tile and opens (Q11)."
        return (_line(text), ipw.HBox([opening, go]))
    top = max(made)
    raise_ = _button(f"{view.teams[view.on_turn]} raises to {top + 1}", "Bid exactly one more", style="primary")
    raise_.on_click(lambda _: master.high_bid(top + 1))
    pass_ = _button(f"{view.teams[view.on_turn]} passes", "The other team is active with its last bid")
    pass_.on_click(lambda _: master.pass_bid())
    return (_line(f"The bid stands at <b>{top}</b>. {name}: raise by one or pass (Q11)."), ipw.HBox([raise_, pass_]))


def _guessing(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    assert master.match is not None and view.active is not None
    name = view.teams[view.active]
    if master._started_round != view.round:
        rules = master.match.rules
        seconds = getattr(rules, "timer_seconds", 120)
        start = _button(f"Start the timer ▶ ({seconds} s)", "Read the task aloud, then start", style="success")
        start.on_click(lambda _: master.start_timer())
        return (_line(f"Read the task aloud. {escape(name)} must name {view.target}."), start)
    give_up = _button(f"{name} gives up", "Stop guessing; the other team gets one answer (Q8)")
    give_up.on_click(lambda _: master.give_up())
    return (_answer_row(master, name), ipw.HBox([_pause(master), give_up]))


def _special(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    assert view.active is not None
    name = view.teams[view.active]
    left = view.specials[view.active]
    use = _button(f"Use a special tile ★ ({left} left)", "Turn a special tile and keep guessing (Q6)", style="warning")
    use.on_click(lambda _: master.use_special_tile())
    stop = _button("No: hand over ✋", "Keep the special tiles; the other team gets one answer (Q8)")
    stop.on_click(lambda _: master.give_up())
    text = f"✗ Wrong. {escape(name)} may turn a special tile to keep guessing (Q6)."
    return (_line(text), ipw.HBox([use, stop, _pause(master)]))


def _judging(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    """The judge's prompt (Q13): the given text, how alike, and the rank accepting credits.

    Accepting credits the closest chart answer, so its rank is shown at once;
    its text is an unrevealed answer, so it reaches the page only when the
    judge presses "Show me the closest answer" (the class sees the projector
    too: the judge decides to show it, as if reading it off the chart).
    """
    assert master.match is not None
    near = master.match.rules.judge_view(master.match.state)  # type: ignore[attr-defined]
    text = escape(near.text)
    accept = _button(
        f"Accept as rank {near.rank} ✓", f"It counts as the chart's answer of rank {near.rank}", style="success"
    )
    accept.on_click(lambda _: master.judge(True))
    reject = _button("Reject ✗", "It does not count", style="danger")
    reject.on_click(lambda _: master.judge(False))
    line = (
        f"Judge: “{text}” is close to the answer of <b>rank {near.rank}</b> ({near.similarity} % alike). "
        "Accepting credits that rank. Does it count? (Q13)"
    )
    if master.judge_sees_answer:
        line += f"<br>Accept as: <b>{escape(near.answer)} (rank {near.rank})</b>?"
        return (_line(line), ipw.HBox([accept, reject]))
    peek = _button("Show me the closest answer", "For the judge: shows the chart's answer on the page")
    peek.on_click(lambda _: master.show_closest_answer())
    return (_line(line), ipw.HBox([accept, reject, peek]))


def _one_answer(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    if view.stage is QuizStage.SHOWDOWN:
        team = view.showdown_turn
        tries = 3 - view.showdown_wrong[team]
        text = f"Showdown (Q9): <b>{escape(view.teams[team])}</b> answers ({tries} of 3 tries left)."
        return (_line(text), _answer_row(master, view.teams[team]), _pause(master))
    assert view.active is not None
    name = view.teams[1 - view.active]
    none = _button(f"{name} has no answer", "Nobody wins the round; its tiles stay (Q8)")
    none.on_click(lambda _: master.give_up())
    text = f"<b>{escape(name)}</b> may give one answer within 10 seconds: right and new wins the round (Q8)."
    return (_line(text), _answer_row(master, name), ipw.HBox([_pause(master), none]))


def _tiles(tiles: tuple[int, ...]) -> str:
    return f"{'tile' if len(tiles) == 1 else 'tiles'} {', '.join(map(str, tiles))}"


def _round_over(master: QuizMaster, view: QuizView) -> tuple[ipw.Widget, ...]:
    lines = []
    for event in master._round_over:
        if isinstance(event, RoundWon):
            name = escape(view.teams[event.team])
            lines.append(f"🏆 {name} wins round {event.round} and takes {_tiles(event.tiles)}.")
        elif isinstance(event, RoundUnwon):
            stay = "stays" if len(event.middle) == 1 else "stay"
            lines.append(f"Nobody wins round {event.round}: {_tiles(event.middle)} {stay} in the middle.")
    if view.stage is QuizStage.OVER:
        return _winner(master, view, lines)
    go = _button("Next round ▶", "On to the next round's bidding", style="success")
    go.on_click(lambda _: master.next_round())
    return (ipw.HTML(f"<div class='tt-quiz-big'>{'<br>'.join(lines)}</div>"), go)


def _winner(master: QuizMaster, view: QuizView, lines: list[str]) -> tuple[ipw.Widget, ...]:
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
    score = " — ".join(f"{escape(view.teams[t])} {points[t]} points ({tiles[t]} tiles)" for t in (0, 1))
    again = _button("New quiz", "Back to the settings", style="primary")
    again.on_click(lambda _: master.new_quiz())
    body = "<br>".join([*lines, f"<span style='font-size:1.6em'>{title}</span>", f"{score} ({why}, Q10)"])
    return (ipw.HTML(f"<div class='tt-quiz-big' role='status'>{body}</div>"), again)
