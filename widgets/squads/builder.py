"""SquadBuilder: a game of Top Trump Squads in the page, people and computers (rules S1-S7).

Each round: the mission maker (a person picks a prepared mission or makes
one in the editor; a computer picks at once) sets the mission; every seat
builds at once (S3): a person picks up a face-down card, looks at it and
places it, by mouse or keyboard (every control is a named button), while
the computers build in the same joint moves; then the reveal goes slot by
slot with the winners marked and the tokens counted (S4, S5); "Next round ▶"
deals again (S6) until someone has the tokens to win (S7).

Hidden information stays in Python: the page only ever gets the mission,
the token totals, the others' progress as counts, and the one person at the
screen's own face-up cards and card in hand.  With several people (hot
seat) a pass screen hides everything between two people's moves.

The building node is `SIMULTANEOUS`: this view drives the `Match` itself
(`Match.submit` seals each person's move until every person is in; the
computers' moves join them then), and stops before each new round's shuffle
so the reveal can be read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.checks import whole_number
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Action, Seat
from toptrumps_core.record import GameRecord
from toptrumps_core.squads import (
    ChooseMission,
    PickUp,
    Place,
    RoundScored,
    SlotScored,
    SquadsPhase,
    SquadsRevealed,
    SquadsRules,
    SquadsState,
    SquadsView,
)
from toptrumps_core.strategies import HUMAN, ExpectedTokensBuilder
from toptrumps_core.strategies.squads import slot_chances
from toptrumps_core.svg import mission_card, picture_html, squad_row
from widgets._boundary import ErrorBoundary, handler
from widgets._toolkit import (
    ClickGuard,
    Disclosure,
    SeatNames,
    SeedSource,
    StatusLine,
    StepClicks,
    big_button,
    close_tree,
    esc,
    fresh_seed,
    html_widget,
    log_html,
    pass_panel,
    percent,
    seed_words,
    swap_children,
)
from widgets._toolkit.clock import game_head
from widgets._toolkit.save_files import SavedGame, SaveHeader, SavePanel
from widgets.squads.editor import MissionEditor
from widgets.squads.log import SquadsLog
from widgets.squads.saves import GAME, match_from_save, save_header
from widgets.squads.screens import end_html, progress_html, reveal_rows_html, slot_result_html, tokens_html
from widgets.squads.settings import SquadSettings, short_name

__all__ = ["REVEAL_WIDTH_PX", "SquadBuilder"]

REVEAL_WIDTH_PX = 660
"""Widest box of each row in the reveal, where the rows wrap side by side on a wide screen (CSS px)."""


class SquadBuilder(ipw.VBox):
    """A game of Squads: missions, building at once, the reveal slot by slot, the tokens (S1-S7).

    Args:
        rules: The rules (deck, seats, missions, tokens to win).
        people: How many seats are people (the first seats); the others are computers.
        seed: The teacher's seed (every deal and computer choice); None (default): a fresh one (`seeds`).
        computer: The computer player of the other seats; None: `ExpectedTokensBuilder`.

    Raises:
        RuleOptionError: If `people` is not from 1 to the seats.
    """

    def __init__(
        self, rules: SquadsRules, *, people: int = 1, seed: int | str | None = None, computer: Any = None
    ) -> None:
        self.rules = rules
        self._people = whole_number(people, "people", low=1, high=rules.seats, error=RuleOptionError)
        self._computer = computer if computer is not None else ExpectedTokensBuilder()
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._guard = ClickGuard(self._decision)
        self._steps = StepClicks()  # one click from the page, one move: a double click places one card
        self._title = html_widget("tt-title", f"Top Trump Squads — {esc(rules.deck.name)}")
        self._turn = html_widget("tt-turn")
        self._mission = html_widget("tt-svg")
        self._tokens = html_widget("tt-tokens")
        self._body = ipw.VBox()
        self._log_box = html_widget("tt-log")
        self._settings = SquadSettings(
            deck=short_name(rules.deck),
            people=people,
            computers=rules.seats - people,
            tokens_to_win=rules.tokens_to_win,
        )
        start = big_button("Start the new game", "Deal a new game with these settings", primary=True)
        start.on_click(lambda _button: self.start_new_game())
        self._saves = SavePanel(self._save_header, self._resume_saved, games=(GAME,), boundary=self._boundary)
        self._new_game = Disclosure("New game ⚙", [self._settings, start], what="the settings of a new game")
        saves = Disclosure("Save or resume 💾", [self._saves], what="saving and resuming this game")
        super().__init__(
            [
                *game_head(),
                self._title,
                self._status,
                self._turn,
                self._mission,
                self._body,
                self._tokens,
                self._log_box,
                self._new_game,
                saves,
            ]
        )
        self.add_class("tt-table")
        self._games = 0
        self._start(seed)

    @classmethod
    def new(
        cls,
        deck: str | Deck = "animals",
        *,
        people: int = 1,
        computers: int = 2,
        seed: int | str | None = None,
        tokens_to_win: int = 10,
    ) -> SquadBuilder:
        """Returns a new game: `people` people against `computers` computers on `deck` (a one-line notebook cell).

        Example:
            >>> table = SquadBuilder.new("animals", people=1, computers=2, seed=7)
            >>> table.screen
            'mission'
        """
        chosen = load_deck(deck) if isinstance(deck, str) else deck
        return cls(SquadsRules(chosen, seats=people + computers, tokens_to_win=tokens_to_win), people=people, seed=seed)

    # -- reading ---------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The core match being played (Python only; never synced to the page)."""
        return self._match

    @property
    def state(self) -> SquadsState:
        """The table now (Python only)."""
        state: SquadsState = self._match.state
        return state

    @property
    def status(self) -> str:
        """The status line's text: the last message or error, "" if none."""
        return self._status.text

    @property
    def log_lines(self) -> tuple[str, ...]:
        """The log, newest first, as plain text."""
        return tuple(self._log.lines)

    @property
    def names(self) -> SeatNames:
        """How the page names each seat: "You", "Player 2", "Computer 1"."""
        return self._names

    @property
    def buttons(self) -> dict[str, ipw.Button]:
        """The buttons on screen now, by their text name."""
        return {b.description: b for b in self._buttons}

    @property
    def screen(self) -> str:
        """What the page shows: ``"mission"``, ``"editor"``, ``"pass"``, ``"build"``, ``"reveal"`` or ``"over"``."""
        state = self.state
        if state.last is not None and self._seen_round < state.last.round:
            return "reveal"
        if self._match.is_over:
            return "over"
        if state.phase is SquadsPhase.MISSION:
            return "editor" if self._editing else "mission"
        person = self._person()
        if person is None:
            return "build"
        return "build" if person == self._viewer else "pass"

    # -- intents -------------------------------------------------------------------------

    @handler
    def choose_mission(self, index: int) -> None:
        """The person who makes the mission plays prepared mission number `index` (S2)."""
        missions = self.rules.mission_list
        self._submit(ChooseMission(missions[self._mission_number(index)]))

    @handler
    def preview_mission(self, index: object) -> None:
        """Shows prepared mission number `index` on the mission screen (a value the page sends, so checked)."""
        missions = self.rules.mission_list
        picked = self._picked = self._mission_number(index)
        if self.screen == "mission":
            self._preview.value = picture_html(mission_card(missions[picked], self.rules.deck))

    @handler
    def open_editor(self) -> None:
        """Shows the mission editor to the person making the mission."""
        self._check_screen("mission")
        self._editor = MissionEditor(self.rules.deck)  # a fresh form: the last one was closed with its screen
        self._editing = True
        self._render()

    @handler
    def use_own_mission(self) -> None:
        """Plays the mission in the editor, once it is valid (S2); a bad one is explained and nothing changes."""
        self._check_screen("editor")
        mission = self._editor.mission()
        self._editing = False
        self._submit(ChooseMission(mission))

    @handler
    def close_editor(self) -> None:
        """Goes back from the editor to the prepared missions."""
        self._check_screen("editor")
        self._editing = False
        self._render()

    @handler
    def pick_up(self, slot: int) -> None:
        """The person at the screen picks up the face-down card of `slot` (0 to k - 1) and looks at it (S3)."""
        self._submit(PickUp(self._slot(slot)))

    @handler
    def place(self, slot: int) -> None:
        """The person at the screen places the card in hand face up in `slot` (0 to k - 1) (S3)."""
        self._submit(Place(self._slot(slot)))

    def _slot(self, slot: object) -> int:
        """Returns `slot` checked (a value the page may send): a whole number naming one of the row's slots."""
        return whole_number(slot, "the slot", low=0, high=self.rules.cards_each - 1, error=IllegalActionError)

    def _mission_number(self, index: object) -> int:
        """Returns `index` checked (a value the page may send): the number of a prepared mission, from 0."""
        high = len(self.rules.mission_list) - 1
        return whole_number(index, "the prepared mission's number", low=0, high=high, error=IllegalActionError)

    @handler
    def ready(self) -> None:
        """Hot seat: the person named on the pass screen is at the screen now."""
        self._check_screen("pass")
        self._viewer = self._person()
        self._render()

    @handler
    def reveal_next(self) -> None:
        """Turns the next mission slot of the reveal: its cards, its winners and their tokens (S5)."""
        self._check_screen("reveal")
        self._shown = min(self._shown + 1, len(self._scored()))
        self._tell()
        self._render()

    @handler
    def reveal_all(self) -> None:
        """Turns every mission slot of the reveal at once."""
        self._check_screen("reveal")
        self._shown = len(self._scored())
        self._tell()
        self._render()

    @handler
    def next_round(self) -> None:
        """Leaves the reveal: the next round is dealt (S6), or the end screen shows (S7)."""
        self._check_screen("reveal")
        if self._shown < len(self._scored()):
            raise IllegalActionError("turn every mission slot first (Reveal next slot ▶)")
        assert self.state.last is not None
        self._seen_round = self.state.last.round
        self._shown = 0
        self._viewer = self._viewer if self._people == 1 else None
        self._advance()
        self._tell()
        self._render()

    @handler
    def start_new_game(self) -> None:
        """Starts the game the "New game ⚙" settings say (deck, people, computers, tokens, seed)."""
        rules, people, seed = self._settings.rules_and_people()
        self.rules, self._people = rules, people
        self._title.value = f"Top Trump Squads — {esc(rules.deck.name)}"
        self._new_game.collapse()
        self._start(seed)
        self._settings.seed.value = ""  # the seed stays out of the page while the game runs

    @handler
    def new_game(self, seed: int | str | None = None) -> None:
        """Starts a new game with the same rules and people (a fresh seed unless one is given)."""
        self._start(seed)

    # -- the match --------------------------------------------------------------------------

    def _start(self, seed: int | str | None, *, match: Match | None = None) -> None:
        """Puts a new game in play (a fresh seed if `seed` is None), or `match` (a resumed one) as it stands."""
        self._seed_source: SeedSource = "saved" if match is not None else "drawn" if seed is None else "teacher"
        if match is None:
            players = [HUMAN if seat < self._people else self._computer for seat in range(self.rules.seats)]
            match = Match(self.rules, players, seed=fresh_seed() if seed is None else seed)
        self._match = match
        self._names = SeatNames(self.rules.seats, range(self._people))
        self._log = SquadsLog(self.rules, list(self._names))
        self._editor = MissionEditor(self.rules.deck)
        self._games += 1
        last = match.state.last
        waiting = last is not None and match.state.phase in (SquadsPhase.SHUFFLE, SquadsPhase.OVER)
        self._seen_round = 0 if last is None else last.round - 1 if waiting else last.round
        self._shown = 0
        self._editing = False
        self._picked = 0
        self._viewer: Seat | None = 0 if self._people == 1 else None
        self._buttons: list[ipw.Button] = []
        self._status.show("")
        self._advance()
        self._tell()
        self._render()

    def _save_header(self) -> tuple[SaveHeader, GameRecord]:
        return save_header(self._match)

    def _resume_saved(self, saved: SavedGame) -> None:
        """Puts a saved game in play where it was saved; a bad save changed nothing."""
        match, people = match_from_save(saved)
        rules = match.rules
        assert isinstance(rules, SquadsRules)
        self.rules, self._people = rules, people
        self._title.value = f"Top Trump Squads — {esc(rules.deck.name)}"
        self._start(match.seed, match=match)
        self._status.show(f"Resumed the saved game: {saved.header.deck}, move {saved.header.move}.")

    def _advance(self) -> None:
        """Takes chance and computer steps until a person must act, a reveal waits to be read, or the end."""
        match = self._match
        while not match.is_over:
            state = match.state
            if state.phase is SquadsPhase.SHUFFLE and state.last is not None and self._seen_round < state.last.round:
                break
            if match.waiting_seats:
                break
            match.step()

    def _person(self) -> Seat | None:
        """Returns the person to act now: the one at the screen if owed, else the first still owed."""
        owed = self._match.waiting_seats
        if not owed:
            return None
        return self._viewer if self._viewer in owed else owed[0]

    def _submit(self, action: Action) -> None:
        screen = self.screen
        if screen not in ("mission", "editor", "build"):
            raise IllegalActionError("that move is not open now")
        seat = self._person()
        if seat is None:
            raise IllegalActionError("no person is to act now")
        if screen == "build" and seat != self._viewer:
            raise IllegalActionError("pass the screen first")
        self._match.submit(action, seat=seat)
        self._advance()
        if self._people > 1 and self._person() != seat:
            self._viewer = None  # the next person takes the screen behind the pass screen
        self._tell()
        self._status.show("")
        self._render()

    def _check_screen(self, expected: str) -> None:
        if self.screen != expected:
            raise IllegalActionError("that button is from an earlier moment of the game; nothing changed")

    def _decision(self) -> Hashable:
        return self._games, len(self._match.actions), self._match.submitted, self._viewer, self._shown, self._editing

    def _scored(self) -> list[SlotScored]:
        """Returns the mission slots of the last scored round, left to right."""
        events = self._match.events
        last = max((i for i, e in enumerate(events) if isinstance(e, SquadsRevealed)), default=None)
        if last is None:
            return []
        return [e for e in events[last:] if isinstance(e, SlotScored)]

    def _tell(self) -> None:
        """Brings the log up to the page: during a reveal, only the slots turned so far (S5)."""
        self._log.catch_up(self._match, turned=self._shown if self.screen == "reveal" else None)

    # -- drawing ---------------------------------------------------------------------------------

    def _bind(self, button: ipw.Button, intent: Callable[[], object]) -> ipw.Button:
        self._steps.hold_page_clicks(button)
        self._guard.bind(button, lambda: self._steps.run(intent))
        self._buttons.append(button)
        return button

    def _render(self) -> None:
        self._buttons = []
        screen = self.screen
        state = self.state
        with self.hold_sync():
            seed = seed_words(self._match.seed, self._seed_source, over=self._match.is_over)
            about = f' <span class="tt-subtitle">{esc(seed)}</span>' if seed else ""
            self._title.value = f"Top Trump Squads — {esc(self.rules.deck.name)}{about}"
            mission = state.mission if state.mission is not None else (state.last.mission if state.last else None)
            if screen in ("reveal", "over") and state.last is not None:
                mission = state.last.mission
            self._mission.value = (
                ""
                if mission is None or screen in ("mission", "editor", "pass", "over")
                else picture_html(mission_card(mission, self.rules.deck))
            )
            parts = getattr(self, f"_screen_{screen}")()
            swap_children(self._body, parts)
            self._tokens.value = tokens_html(self._names, self._tokens_now(screen), self.rules.tokens_to_win)
            self._log_box.value = log_html(self._log.lines, "What happened, newest first")

    def _tokens_now(self, screen: str) -> tuple[int, ...]:
        """The token totals shown: during the reveal, only the slots turned so far have moved tokens."""
        scores = self.state.scores
        if screen != "reveal":
            return scores
        scored = self._scored()
        round_won = [e for e in self._match.events if isinstance(e, RoundScored)][-1].tokens
        before = [s - w for s, w in zip(scores, round_won, strict=True)]
        for event in scored[: self._shown]:
            for seat in event.winners:
                before[seat] += event.tokens
        return tuple(before)

    def _turn_line(self, text: str) -> None:
        self._turn.value = esc(text)

    def _screen_mission(self) -> list[ipw.Widget]:
        seat = self._person()
        assert seat is not None
        self._turn_line(f"👉 {self._names.subject(seat, 'make', 'makes')} this round's mission")
        missions = self.rules.mission_list
        self._pick = ipw.Dropdown(
            options=[(m.title, i) for i, m in enumerate(missions)],
            value=min(self._picked, len(missions) - 1),
            description="Mission",
            tooltip="Choose one of the prepared missions",
            style={"description_width": "initial"},
        )
        self._preview = html_widget("tt-svg", picture_html(mission_card(missions[self._pick.value], self.rules.deck)))
        self._pick.observe(lambda change: self.preview_mission(change["new"]), names="value")
        play = self._bind(
            big_button("Play this mission", "Everyone builds a squad for it", primary=True),
            lambda: self.choose_mission(self._pick.value),
        )
        own = self._bind(
            big_button("✏️ Make your own mission", "Open the mission editor", primary=False), self.open_editor
        )
        return [self._pick, self._preview, ipw.HBox([play, own], layout=ipw.Layout(flex_flow="row wrap"))]

    def _screen_editor(self) -> list[ipw.Widget]:
        seat = self._person()
        assert seat is not None
        self._turn_line(f"✏️ {self._names.subject(seat, 'make', 'makes')} a new mission")
        use = self._bind(
            big_button("Play this mission", "Check the mission and play it", primary=True), self.use_own_mission
        )
        back = self._bind(
            big_button("Back to the prepared missions", "Close the editor", primary=False), self.close_editor
        )
        return [self._editor, ipw.HBox([use, back])]

    def _screen_pass(self) -> list[ipw.Widget]:
        seat = self._person()
        assert seat is not None
        name = self._names[seat]
        self._turn_line(f"🔄 Pass to {name} — ready?")
        text, button = pass_panel(name)
        self._bind(button, self.ready)
        return [text, button]

    def _screen_build(self) -> list[ipw.Widget]:
        seat = self._person()
        if seat is None:  # every person has built; the computers finish at once
            self._turn_line("⏳ The computers are finishing their squads")
            return []
        view: SquadsView = self._match.view(seat)
        whose = "Your" if self._names.is_you(seat) else f"{self._names[seat]}'s"
        deck = self.rules.deck
        if view.held is None:
            self._turn_line(f"👉 {whose} squad: pick up a face-down card and look at it")
        else:
            self._turn_line(f"👉 {whose} squad: place the {deck.cards[view.held].name} face up in a slot")
        row = squad_row(
            deck,
            view.row,
            mission=view.mission,
            empty_slot=view.empty_slot,
            held=view.held,
            name=f"{whose} row",
        )
        buttons = [self._move_button(view, action) for action in self._match.legal_actions(seat)]
        others = html_widget("tt-progress", progress_html(view, self._names))
        return [
            html_widget("tt-svg", picture_html(row)),
            ipw.HBox(buttons, layout=ipw.Layout(flex_flow="row wrap")),
            others,
        ]

    def _move_button(self, view: SquadsView, action: Action) -> ipw.Button:
        deck = self.rules.deck
        assert isinstance(action, (PickUp, Place))
        category = deck.categories[action.slot]
        if isinstance(action, PickUp):
            text = f"Pick up slot {action.slot + 1} · {category.name}"
            button = big_button(
                text, f"Pick up the face-down card in slot {action.slot + 1} and look at it", primary=False
            )
            return self._bind(button, lambda slot=action.slot: self.pick_up(slot))
        assert view.held is not None
        tokens, chance, _ = slot_chances(view, view.held, action.slot)
        worth = f" — {tokens} ★, {percent(chance)} to win" if tokens else " — not in the mission"
        where = "back where it came from" if action.slot == view.empty_slot else "on the face-down card"
        button = big_button(
            f"Place in slot {action.slot + 1} · {category.name}{worth}",
            f"Place the card face up in slot {action.slot + 1} ({where})",
            primary=bool(tokens),
        )
        return self._bind(button, lambda slot=action.slot: self.place(slot))

    def _screen_reveal(self) -> list[ipw.Widget]:
        state = self.state
        assert state.last is not None
        scored = self._scored()
        shown = self._shown
        self._turn_line(f"🔍 Round {state.last.round}: the reveal, slot by slot")
        rows = html_widget(
            "tt-reveal",
            reveal_rows_html(self.rules.deck, state.last, self._names, scored, shown, width_px=REVEAL_WIDTH_PX),
        )
        said = "".join(slot_result_html(e, self.rules.deck, self._names) for e in scored[:shown])
        hint = "<div>Press <b>Reveal next slot ▶</b> to turn the first mission slot.</div>"
        results = html_widget("tt-slot-results", said or hint)
        if shown < len(scored):
            step = self._bind(
                big_button("Reveal next slot ▶", "Turn the next mission slot", primary=True), self.reveal_next
            )
            every = self._bind(big_button("Reveal all", "Turn every mission slot", primary=False), self.reveal_all)
            controls = ipw.HBox([step, every])
        else:
            label = "See who won 🏆" if self._match.is_over else "Next round ▶"
            controls = ipw.HBox([self._bind(big_button(label, "Go on", primary=True), self.next_round)])
        return [results, controls, rows]

    def _screen_over(self) -> list[ipw.Widget]:
        outcome = self._match.outcome
        assert outcome is not None
        self._turn_line("🏁 Game over")
        words = html_widget(
            "tt-over", end_html(self._names, self.state.scores, sorted(outcome.winners), self.rules.tokens_to_win)
        )
        again = self._bind(
            big_button("New game", "Start a new game with a fresh deal", primary=True), lambda: self.new_game()
        )
        last = self.state.last
        rows = (
            ""
            if last is None
            else reveal_rows_html(self.rules.deck, last, self._names, self._scored(), 3, width_px=REVEAL_WIDTH_PX)
        )
        return [words, ipw.HBox([again]), html_widget("tt-reveal", rows)]

    def close(self) -> None:
        """Closes the view and every widget under it."""
        close_tree(self, include_self=False)
        super().close()
