"""The arena's board: the title, the turn line, the order of play, the pin tracks and the arena picture.

`ArenaBoard` is the part of `TournamentArena` that draws what every player
may see above and beside the mini-game's panel.
"""

from __future__ import annotations

from toptrumps_core import svg
from toptrumps_core.options import option_specs
from toptrumps_core.protocol import Seat
from toptrumps_core.tournament.head_to_head import PickOpponent
from toptrumps_core.tournament.hilo import Call
from toptrumps_core.tournament.my_game import PickDeck
from toptrumps_core.tournament.public_view import PublicView
from toptrumps_core.tournament.steal_a_pin import Rob
from widgets._toolkit import (
    SeedSource,
    Turn,
    esc,
    plural,
    seed_words,
)
from widgets._toolkit.log_order import log_groups_html

__all__ = ["ARENA_CSS", "ArenaBoard"]

ARENA_CSS = """
<style>
.tt-arena-main { gap: 18px; }
.tt-arena-left { flex: 1 1 640px; min-width: min(420px, 100%); }
.tt-arena-right { flex: 0 1 540px; min-width: min(340px, 100%); }
/* Projector mode: the spinner, pin tracks and deck shelf share the width with the panel and grow. */
.tt-projector .tt-arena-left { flex: 1 1 760px; }
.tt-projector .tt-arena-right { flex: 1 1 760px; max-width: none; }
.tt-projector .tt-spinner-box svg { width: 620px; max-width: 100%; margin: 0 auto; }
.tt-order .widget-html-content { font-size: 20px; }
.tt-order b { text-decoration: underline; }
.tt-panel-head .widget-html-content { font-size: 26px; font-weight: 800; line-height: 1.25; }
.tt-panel-sub { display: block; font-size: 18px; font-weight: 400; color: #4A5568; }
.tt-seats { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin: 4px 0 8px 0; }
.tt-seat { margin: 0; text-align: center; background: #FFFFFF; border: 2px solid #C9D3E0; border-radius: 12px;
  padding: 6px 8px; width: 170px; }
.tt-seat-now { border: 4px solid #1D5FA8; }
.tt-seat figcaption { font-size: 18px; font-weight: 700; }
.tt-seat svg { width: 130px; height: auto; display: block; margin: 0 auto; }
.tt-discards { display: block; font-size: 16px; font-weight: 400; color: #4A5568; }
.tt-row-cards { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.tt-row-cards figure { margin: 0; text-align: center; font-size: 18px; font-weight: 700; }
.tt-pic svg, .tt-spinner-box svg, .tt-board svg { max-width: 100%; height: auto; display: block; }
.tt-say { font-size: 22px; margin: 6px 0; }
.tt-say-big { font-size: 26px; font-weight: 800; margin: 6px 0; }
.tt-spin-text { font-size: 26px; text-align: center; min-height: 1.4em; margin: 2px 0 6px 0; }
.tt-spinner { align-items: center; }
.tt-choices { flex-flow: row wrap; gap: 8px; margin: 6px 0; }
.tt-arena-left .widget-hbox, .tt-save .widget-hbox { gap: 10px; }
.tt-table .jupyter-button.tt-choice { height: auto; min-height: 52px; font-size: 21px; font-weight: 700;
  padding: 8px 16px; border-radius: 10px; white-space: normal; text-align: left; margin: 0; }
.tt-table .jupyter-button.tt-choice:disabled { border-style: dashed; color: #4A5568; opacity: 1; }
.tt-winner { font-size: 44px; font-weight: 900; margin: 4px 0 10px 0; }
.tt-finale-table { border-collapse: collapse; font-size: 20px; margin: 6px 0; }
.tt-finale-table th, .tt-finale-table td { border-bottom: 1px solid #C9D3E0; padding: 4px 14px; text-align: left; }
.tt-save .widget-label, .tt-save .widget-html-content { font-size: 18px; }
</style>
"""
"""Styles of the arena page, on top of `widgets._style.CSS` (no script)."""


class ArenaBoard:
    """The part of `TournamentArena` that draws the title, the turn line, the order of play and the board.

    A mixin of `TournamentArena`: it reads the arena's match, seat names and
    pin notes, and draws from `TournamentRules.public_view` (never a seat's
    own cards) into the arena's title, turn, order and board widgets.  The
    title names the seed only once the tournament is over
    (`widgets._toolkit.seeds`).
    """

    _seed_source: SeedSource

    def _public(self) -> PublicView:
        """Returns what everyone may see now (no card in hand, no face-down card)."""
        return self._rules.public_view(self._match.state)

    def _render_title(self) -> None:
        rules = self._rules
        extras = [
            f"{spec.label}: {spec.words(value)}"
            for spec in option_specs(rules)
            if (value := getattr(rules, spec.name)) != spec.default
        ]
        people = len(self._match.humans)
        who = f"{plural(people, 'person', 'people')}, {plural(rules.seats - people, 'computer')}"
        seed = seed_words(self._match.seed, self._seed_source, over=self._match.is_over)
        sub = f"{rules.seats} players ({who})" + "".join(f" · {part}" for part in (seed, *extras) if part)
        self._title.value = f'🏆 Top Trumps Tournament <span class="tt-subtitle">{esc(sub)}</span>'

    def _render_turn(self) -> None:
        screen = self.screen
        match = self._match
        view = self._public()
        turn = f"Turn {view.turns + 1} · " if not view.finale and not match.is_over else ""
        if screen == "over":
            assert match.outcome is not None
            text = f"🏁 {self._story.headline(match.outcome)}"
        elif screen == "spinning":
            text = "🎡 The spinner is spinning…"
        elif screen == "pass":
            seat = match.waiting_for
            assert seat is not None
            text = f"🔄 Pass to {self._names[seat]} — ready?"
        elif screen == "spin":
            seat = self._active()
            assert seat is not None
            what = "the mini-game" if self._pending_spin() == "mini_game" else "the deck"
            text = f"{turn}👉 {self._names.whose(seat).capitalize()} turn: spin for {what} — press Spin ⟳"
        elif screen == "choose":
            seat = match.waiting_for
            assert seat is not None
            text = f"{turn}👉 {self._names.whose(seat).capitalize()} choice: {self._decision_words(seat)}"
        else:
            text = f"{turn}🤖 {self._next_step_words()} — press Next ▶ (or Fast-forward ⏩)"
        self._turn.value = esc(text)

    def _decision_words(self, seat: Seat) -> str:
        legal = self._match.legal_actions()
        first = legal[0] if legal else None
        if isinstance(first, PickOpponent):
            return "pick an opponent for Head to Head"
        if isinstance(first, PickDeck):
            return "pick the deck for My Game"
        if isinstance(first, Rob):
            return "pick whose pin to steal"
        if isinstance(first, Call):
            return "higher or lower?"
        if self._public().hilo is not None:
            return "choose the category for Hi Lo"
        return "choose a category on your card"

    def _next_step_words(self) -> str:
        match = self._match
        kind = self._pending_spin()
        active = self._active()
        if kind is not None:
            what = "the mini-game" if kind == "mini_game" else "the deck"
            if kind == "deck" and self._public().finale:
                return "Next: the spin for the Finale's deck"
            spins = self._names.subject(active if active is not None else 0, "spin", "spins", start=False)
            return f"Next: {spins} for {what}"
        actor = match.actor
        if isinstance(actor, int):
            view = self._public()
            if view.stage == "pick_opponent":
                return f"Next: {self._names[actor]} picks an opponent"
            if view.stage == "pick_deck":
                return f"Next: {self._names[actor]} picks the deck"
            if view.stage == "rob":
                return f"Next: {self._names[actor]} steals a pin"
            if view.hilo is not None:
                return f"Next: {self._names[actor]} plays Hi Lo"
            return f"Next: {self._names[actor]} chooses a category"
        return "Next: the computers play on"

    def _render_order(self) -> None:
        active = self._active()
        parts = []
        for seat, name in enumerate(self._names):
            label = esc(name)
            parts.append(f"<b>▶ {label}</b>" if seat == active else label)
        self._order.value = (
            f'<div class="tt-say" aria-label="Order of play">Order of play (the turn passes left): '
            f"{' → '.join(parts)} ↺</div>"
        )

    def _render_board(self) -> None:
        view = self._public()
        rules = self._rules
        in_use = view.opening if view.stage not in ("over", "spin", "start") else None
        self._tracks.value = str(
            svg.pin_tracks(
                self._names,
                view.tracks,
                track_length=view.track_length,
                pin_master=view.pin_master,
                supply=view.supply,
                active=self._active(),
                notes=self._story.notes,
                width_px=540,
            )
        )
        self._arena_picture.value = str(svg.arena(rules.openings, view.arena_counts, in_use=in_use, width_px=540))

    def _spin_caption(self, kind: str, seat: Seat | None, *, finale: bool) -> str:
        """The spinner's title for a spin of `kind` ("mini_game" or "deck") by `seat` (T3; the deck: T9-T12, T16)."""
        who = self._names.subject(seat, "spin", "spins") if seat is not None else "The active player spins"
        if kind == "mini_game":
            return f"{who} for the mini-game"
        return "Spin for the Finale's deck" if finale else f"{who} for the deck"

    def _render_spin_control(self) -> None:
        kind = self._pending_spin()
        persons_spin = self._driver.due().turn is Turn.PERSON_CHANCE  # a computer's spin is "Next ▶"'s
        self._spinner.enabled = kind is not None and persons_spin and not self._match.is_over
        deck = kind == "deck" and not self._spinner.spinning
        self._spinner.button.description = "Spin for the deck ⟳" if deck else "Spin ⟳"
        if kind is not None and not self._spinner.spinning:  # the title names who spins now, not who spun last
            self._spinner.caption = self._spin_caption(kind, self._active(), finale=self._public().finale)

    def _render_controls(self) -> None:
        computers = self._driver.computers_may_go
        spinning = self._spinner.spinning
        self._next_button.disabled = not (computers or spinning)
        self._next_button.description = "Stop the spinner ▶" if spinning else "Next ▶"
        self._fast_button.disabled = spinning or not computers  # while the arrow turns, Next stops it (T3)

    def _render_log(self) -> None:
        self._log_view.value = log_groups_html(
            self._story.groups, "What happened, newest first, each comparison in play order"
        )
