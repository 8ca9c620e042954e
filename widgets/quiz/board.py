"""The quiz board as HTML for the projector: scores, tiles in the middle, the ten rank tiles, the countdown.

Pure functions from a team's `QuizView` (what the whole class may see) to
HTML strings; a rank tile shows its answer only once it is turned (or once
the round is over and the chart is revealed), so no unrevealed answer ever
reaches the page.  Every signal has text beside its colour: "★ unused" and
"☆ used" special tiles, "✓" for a turned tile, "✗" for a wrong answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from toptrumps_core.quiz import AnswerRepeated, AnswerWrong, QuizStage, QuizView

__all__ = ["CSS", "board_html", "clock_html", "scores_html", "tiles_html"]

_GREEN, _BLACK = "#1B7F3B", "#1F2328"

CSS = f"""
<style>
.tt-quiz {{ font-family: "Segoe UI", "DejaVu Sans", Arial, sans-serif; color: #13212E; background: #F4F1E8;
  border-radius: 18px; padding: 12px 18px; max-width: 1880px; font-size: clamp(16px, 1.25vw, 24px); }}
.tt-quiz .widget-html, .tt-quiz .widget-html-content {{ font-size: clamp(16px, 1.25vw, 24px); line-height: 1.3; }}
.tt-quiz .widget-label, .tt-quiz .widget-inline-hbox .widget-label {{ font-size: clamp(15px, 1.1vw, 22px); }}
.tt-quiz-row {{ display: flex; gap: 14px; align-items: stretch; flex-wrap: wrap; }}
.tt-quiz-team {{ flex: 1; border-radius: 14px; padding: 8px 14px; color: #FFF; min-width: 220px; }}
.tt-quiz-team.green {{ background: {_GREEN}; }} .tt-quiz-team.black {{ background: {_BLACK}; }}
.tt-quiz-team .name {{ font-size: 1.4em; font-weight: 700; }}
.tt-quiz-team .points {{ font-size: 2.1em; font-weight: 800; }}
.tt-quiz-team.active {{ outline: 6px solid #F2B705; }}
.tt-quiz-middle {{ flex: 1.2; text-align: center; background: #FFF; border-radius: 14px; padding: 8px; }}
.tt-quiz-tile {{ display: inline-block; min-width: 1.8em; padding: 0.1em 0.3em; margin: 0.1em;
  border: 3px solid #C8960C; border-radius: 10px; background: #FFF4C9; font-weight: 800; font-size: 1.5em; }}
.tt-quiz-task {{ font-size: 1.45em; font-weight: 700; background: #FFF; border-radius: 14px; padding: 8px 16px;
  margin: 8px 0; }}
.tt-quiz-ranks {{ display: grid; grid-template-columns: 1fr 1fr; grid-auto-flow: column;
  grid-template-rows: repeat(5, auto); gap: 8px; }}
.tt-quiz-rank {{ display: flex; align-items: center; gap: 12px; border-radius: 12px; padding: 0.25em 0.6em;
  font-size: 1.45em; font-weight: 700; background: #20415E; color: #FFF; min-height: 1.6em; }}
.tt-quiz-rank .no {{ display: inline-block; min-width: 1.6em; text-align: center; background: #F2B705;
  color: #13212E; border-radius: 8px; }}
.tt-quiz-rank.turned {{ background: #FFF; color: #13212E; border: 3px solid #F2B705; }}
.tt-quiz-rank.fresh {{ animation: tt-quiz-flip 0.6s ease-out; }}
.tt-quiz-rank.shown {{ background: #DDE3EA; color: #13212E; font-weight: 500; }}
@keyframes tt-quiz-flip {{ from {{ transform: rotateX(90deg); }} to {{ transform: rotateX(0deg); }} }}
@media (prefers-reduced-motion: reduce) {{ .tt-quiz-rank.fresh {{ animation: none; }} }}
.tt-quiz-clock {{ font-size: clamp(48px, 6vw, 120px); font-weight: 800; text-align: center;
  font-variant-numeric: tabular-nums; line-height: 1.05; }}
.tt-quiz-clock.low {{ color: #B3261E; }}
.tt-quiz-clock .label {{ display: block; font-size: 0.22em; font-weight: 600; }}
.tt-quiz-strikes {{ font-size: 1.2em; color: #B3261E; font-weight: 700; min-height: 1.3em; }}
.tt-quiz-again {{ color: #13212E; background: #FFF4C9; border-radius: 8px; padding: 0 0.4em; }}
.tt-quiz-status {{ font-size: 1.25em; font-weight: 600; min-height: 1.4em; }}
.tt-quiz-play {{ align-items: center; gap: 18px; }}
.tt-quiz-play > .tt-quiz-clockbox {{ flex: 0 0 30%; }}
.tt-quiz-play > .tt-quiz-controls {{ flex: 1 1 auto; }}
@media (max-height: 1100px) {{
  .tt-quiz-rank {{ font-size: 1.3em; min-height: 1.4em; padding: 0.15em 0.6em; }}
  .tt-quiz-ranks {{ gap: 6px; }}
  .tt-quiz-team .points {{ font-size: 1.7em; }}
  .tt-quiz-task {{ font-size: 1.3em; margin: 6px 0; padding: 6px 14px; }}
}}
@media (max-height: 820px) {{
  .tt-quiz-rank {{ font-size: 1.15em; min-height: 1.25em; padding: 0.1em 0.5em; }}
  .tt-quiz-ranks {{ gap: 5px; }}
  .tt-quiz-clock {{ font-size: 64px; }}
  .tt-quiz-task {{ font-size: 1.2em; margin: 4px 0; padding: 4px 12px; }}
  .tt-quiz-team .points {{ font-size: 1.6em; }}
}}
.tt-quiz-big {{ font-size: 1.8em; font-weight: 800; text-align: center; padding: 12px; }}
.tt-quiz .widget-button, .tt-quiz .widget-toggle-button {{ font-size: clamp(16px, 1.15vw, 22px); height: 2.2em;
  width: auto; padding: 0 0.8em; }}
.tt-quiz-actions {{ gap: 6px; }}
.tt-quiz-actions .widget-button {{ flex: 0 0 auto; max-width: 100%; min-height: 2.2em; height: auto;
  white-space: normal; }}
.tt-quiz .widget-text input, .tt-quiz .widget-password input {{ font-size: 1.3em; height: 1.9em; }}
.tt-quiz .widget-text, .tt-quiz .widget-password {{ width: auto; }}
</style>
"""
"""The board's style sheet (no script): sizes follow the window, so 1366x768 and 1920x1080 both fit."""


def _stars(unused: int, total: int = 3) -> str:
    return "★" * unused + "☆" * (total - unused)


def scores_html(view: QuizView) -> str:
    """Returns both teams' panels (points, tiles, special tiles, captain) and the tiles in the middle."""
    teams = []
    for team, colour in ((0, "green"), (1, "black")):
        tiles = view.won[team]
        active = " active" if view.active == team and view.stage is not QuizStage.OVER else ""
        role = " · active team ▶" if active else ""
        captain = f"Captain: {escape(view.captains[team])}" if view.captains[team] else ""
        teams.append(
            f"<div class='tt-quiz-team {colour}{active}' role='group' aria-label='{escape(view.teams[team])}'>"
            f"<div class='name'>{escape(view.teams[team])}{role}</div>"
            f"<div class='points'>{sum(tiles)} {'point' if sum(tiles) == 1 else 'points'}</div>"
            f"<div>{len(tiles)} {'tile' if len(tiles) == 1 else 'tiles'}: {', '.join(map(str, tiles)) or '—'}</div>"
            f"<div>Special tiles {_stars(view.specials[team])} ({view.specials[team]} unused)</div>"
            f"<div>{captain}</div></div>"
        )
    middle = "".join(f"<span class='tt-quiz-tile'>{t}</span>" for t in view.middle) or "—"
    worth = sum(view.middle)
    centre = (
        f"<div class='tt-quiz-middle'><div><b>Round {view.round} of 7</b> · {escape(view.category.title())}</div>"
        f"<div>In the middle: {middle}</div><div>worth {worth} {'point' if worth == 1 else 'points'}</div>"
        f"{_tiebreaker(view)}</div>"
    )
    return f"<div class='tt-quiz-row'>{teams[0]}{centre}{teams[1]}</div>"


def _tiebreaker(view: QuizView) -> str:
    if view.tiebreaker is None:
        return ""
    return f"<div>Tiebreaker tile: <b>{escape(view.teams[view.tiebreaker])}</b></div>"


def tiles_html(view: QuizView, *, revealed: Sequence[str] = (), fresh: int | None = None) -> str:
    """Returns the ten rank tiles: turned ones with their answer, the others hidden.

    Args:
        view: The class's view.
        revealed: The chart's ten answers once the round is over (ChartRevealed); () while it is played.
        fresh: The rank just turned (it flips), or None.
    """
    turned = dict(view.turned)
    cells = []
    for rank in range(1, 11):
        if rank in turned:
            css = "turned fresh" if rank == fresh else "turned"
            text = f"✓ {escape(turned[rank])}"
        elif revealed:
            css, text = "shown", escape(revealed[rank - 1])
        else:
            css, text = "", "&nbsp;"
        label = f"rank {rank}: {text if rank in turned or revealed else 'hidden'}"
        cells.append(f"<div class='tt-quiz-rank {css}' aria-label='{label}'><span class='no'>{rank}</span>{text}</div>")
    return f"<div class='tt-quiz-ranks' role='list'>{''.join(cells)}</div>"


def clock_html(seconds: int | None, *, label: str, paused: bool = False) -> str:
    """Returns the big countdown: ``m:ss`` with what it counts, or an empty box when no timer runs."""
    if seconds is None:
        return f"<div class='tt-quiz-clock' aria-live='off'><span class='label'>{escape(label)}</span>–:––</div>"
    low = " low" if seconds <= 10 else ""
    state = " (paused ⏸)" if paused else ""
    return (
        f"<div class='tt-quiz-clock{low}' role='timer' aria-live='off'>"
        f"<span class='label'>{escape(label)}{state}</span>{seconds // 60}:{seconds % 60:02d}</div>"
    )


def board_html(
    view: QuizView,
    *,
    revealed: Sequence[str] = (),
    fresh: int | None = None,
    repeated: AnswerRepeated | None = None,
    wrong: Sequence[AnswerWrong] | None = None,
) -> str:
    """Returns the scores, the task (once read), the wrong answers and the ten rank tiles.

    Args:
        view: The class's view.
        revealed: The chart's ten answers once the round is over; () while it is played.
        fresh: The rank just turned (it flips), or None.
        repeated: The answer just given that was given before (neither right nor wrong, Q5), or None.
        wrong: Every wrong answer of the round, the opposing team's (Q8) and the showdown's (Q9) too, each
            named by its team when it is not the active team's; None for the active team's only (``view.wrong``).
    """
    task = f"<div class='tt-quiz-task'>{escape(view.task)}</div>" if view.task else ""
    target = ""
    if view.active is not None and view.target:
        name = escape(view.teams[view.active])
        target = f"<div><b>{name}</b> must name <b>{view.target}</b>: {view.right} right so far</div>"
    if wrong is None:
        strikes = " ".join(f"✗ {escape(w)}" for w in view.wrong)
    else:
        strikes = " ".join(
            f"✗ {escape(w.text)}" if w.team == view.active else f"✗ {escape(view.teams[w.team])}: {escape(w.text)}"
            for w in wrong
        )
    if repeated is not None:
        again = f"↺ Already given: {escape(repeated.text)} (rank {repeated.rank})"
        strikes = f"{strikes} <span class='tt-quiz-again' role='status'>{again}</span>"
    return (
        f"{scores_html(view)}{task}{target}<div class='tt-quiz-strikes' aria-label='wrong answers'>{strikes}</div>"
        f"{tiles_html(view, revealed=revealed, fresh=fresh)}"
    )
