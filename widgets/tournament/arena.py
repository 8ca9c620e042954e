"""`TournamentArena`: the Top Trumps Tournament (rules T1-T16) at a classroom screen.

A thin view over a core `Match` of `TournamentRules`, for 2-6 players, any mix of people and computers:

- the card arena with its six openings (deck names and stack sizes), the
  spinner and every player's pin track, drawn by
  `toptrumps_core.svg`; beside each track the last award and the
  Pin Master who handed it out (`PinAwarded`, T1);
- the spinner moves in the browser to the sector the core has already drawn
  (`widgets.spinner.Spinner`): a person spins on their own turn with the spin
  control, a computer's spin runs on "Next ▶";
- a panel for the mini-game being played: Hi Lo (three cards face down,
  higher/lower buttons, the turned cards face up), Shoot Out (everyone's card
  shown once compared), and the duel table of Head to Head, My Game and the
  Finale (each player's hand size and discards, everyone's revealed cards,
  the current player's own top card with one button per legal category; the
  category T8 forbids is shown disabled, with the reason); buttons for the
  opponent, the deck, whom to rob and higher or lower; the Finale's card
  counts (T16); and the winner screen;
- the order of play with the turn passing left (T3), and a log of every
  event, newest first;
- "Next ▶" takes one computer or chance step (a spin, a choice, one
  comparison); "Fast-forward ⏩" runs until a person must act;
- several people share one screen ("hot seat"): before a person's own card
  is shown, a "Pass to Player N" screen hides it until they press ready;
- "Save" offers the tournament as a file to download to the pupil's own
  computer (sealed: `widgets._toolkit.save_files`); uploading it resumes
  the tournament (`resume`); a bad file gets a friendly message and the game
  in play is untouched.

`TournamentExperiment` runs many computer tournaments
(`toptrumps_core.experiments.tournament_stats`) and charts how
many mini-games a tournament takes and which mini-game began the Finale.

Hidden information never reaches a synced trait: the page draws public facts
(pins, stack sizes, discards, revealed and face-up cards) from
`TournamentRules.public_view`, and the top card of the person whose turn it
is from that seat's own view; never another player's cards, a face-down Hi
Lo card, the order of a stack, the `Match` or the state.  The log's
sentences come from `toptrumps_core.narration`, and who may act, chance,
"Next ▶", "Fast-forward ⏩" and stale clicks from the toolkit's
`MatchDriver`.  Values set from the
page (settings, uploads, file names) are checked before use, and every
handler runs inside the one error boundary (`widgets._boundary`).

Example:
    >>> arena = TournamentArena.new(seats=3, humans=1, seed=5)
    >>> arena.fast_forward()
    >>> arena.match.waiting_for in (0, None) and len(arena.log_lines) > 0
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.protocol import CHANCE, Action, Event, Seat
from toptrumps_core.tournament.game import TournamentRules
from toptrumps_core.tournament.mini_game import MiniGameOver
from widgets._boundary import handler
from widgets._toolkit import (
    Disclosure,
    ProjectorSwitch,
    RulesPanel,
    SeatedView,
    SeedSource,
    Turn,
    html_widget,
    plural,
)
from widgets._toolkit.clock import game_head
from widgets.spinner import SPIN_SECONDS, Schedule, Sleep, Spinner
from widgets.tournament.board import ARENA_CSS, ArenaBoard
from widgets.tournament.log import ArenaStory, Spun
from widgets.tournament.panels import ArenaPanels
from widgets.tournament.saves import SaveAndResume
from widgets.tournament.settings import NewTournamentControls, TournamentSettings, load_decks

__all__ = ["FAST_FORWARD_MAX_ACTIONS", "Screen", "TournamentArena"]

FAST_FORWARD_MAX_ACTIONS = 5_000
"""Most computer and chance steps one click of "Fast-forward ⏩" takes (lots and shuffles settled between them)."""

Screen = Literal["over", "spinning", "pass", "spin", "choose", "watch"]
"""What the page asks for now: nothing (the winner screen), a wait while the
arrow spins, the hot-seat pass screen, a person's spin, a person's choice, or
"Next ▶" for the computers."""


# -- the widget --------------------------------------------------------------------------------


class TournamentArena(ArenaBoard, ArenaPanels, SaveAndResume, NewTournamentControls, SeatedView):
    """The Top Trumps Tournament over a core `Match` (rules T1-T16).

    Build one with `TournamentArena.new` in a notebook cell; the cell
    displays it.  The buttons call the public methods below, which tests call
    too.

    Args:
        match: The tournament to show: `HUMAN` seats are played through the
            page, the others by their strategies.  A match not yet started
            has its first chance step (who starts) taken.
        spin_seconds: How long the spinner spins (0: no animation).
        spin_schedule: Injected into the `Spinner` (tests); None: the running
            event loop.
        spin_sleep: Injected into the `Spinner` (tests); None: `asyncio.sleep`.
        settings: What the "New tournament" controls start from; None: read
            off `match`.
        seed_source: Where `match`'s seed came from (``"teacher"`` by
            default: whoever built the match chose it); the page names only
            a teacher's, and shows none until the tournament is over.

    Raises:
        RuleOptionError: If `match` is not a tournament.
    """

    def __init__(
        self,
        match: Match,
        *,
        spin_seconds: float = SPIN_SECONDS,
        spin_schedule: Schedule | None = None,
        spin_sleep: Sleep | None = None,
        settings: TournamentSettings | None = None,
        seed_source: SeedSource = "teacher",
    ) -> None:
        super().__init__()
        self._seed_source: SeedSource = seed_source
        if not isinstance(match.rules, TournamentRules):
            raise RuleOptionError(f"TournamentArena plays TournamentRules; got {type(match.rules).__name__}")
        self._start_view(
            snapshot=self._snapshot,
            held_chance=lambda _match: self._pending_spin() is not None,
            chance_seat=lambda _match: self._active(),
            game="tournament",
            restart="start a new one under New tournament ⚙",
        )
        self._buttons: dict[str, ipw.Button] = {}
        self._choices: dict[str, Action] = {}

        self._title = html_widget("tt-title")
        self._turn = html_widget("tt-turn")
        self._order = html_widget("tt-order")
        self._panel_head = html_widget("tt-panel-head")
        self._panel = ipw.VBox(layout=ipw.Layout(width="100%"))
        self._spinner = Spinner(
            caption="Spin for the mini-game",
            duration_s=spin_seconds,
            schedule=spin_schedule,
            sleep=spin_sleep,
            on_spin=self.spin,
            on_revealed=self._spin_revealed,
            steps=self._driver.steps,
        )
        self._tracks = html_widget("tt-board")
        self._arena_picture = html_widget("tt-board")
        self._start_seats(
            next_tooltip="Take the next computer or chance step",
            fast_tooltip="Play on until a person must act (or the tournament ends)",
        )
        self._log_view = html_widget("tt-log")
        self._build_save_box()
        self._build_settings_box(settings or self._settings_of(match))

        left = ipw.VBox(
            [
                self._panel_head,
                self._panel,
                ipw.HBox([self._next_button, self._fast_button], layout=ipw.Layout(margin="10px 0")),
                html_widget(
                    "tt-heading-box",
                    '<div class="tt-heading">What happened (newest first)</div>',
                ),
                self._log_view,
            ]
        )
        left.add_class("tt-arena-left")
        right = ipw.VBox([self._spinner, self._tracks, self._arena_picture])
        right.add_class("tt-arena-right")
        main = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        main.add_class("tt-arena-main")
        self._settings_disclosure = Disclosure(
            "New tournament ⚙ (players, people, seed, rule options)",
            [self._settings_box],
            what="the settings of a new tournament",
        )
        saves = Disclosure("Save or resume 💾", [self._save_box], what="saving and resuming this tournament")
        self.children = (
            *game_head(),
            ipw.HTML(ARENA_CSS, layout=ipw.Layout(height="0px", margin="0px")),
            ipw.HBox([self._title, ProjectorSwitch(self)], layout=ipw.Layout(flex_flow="row wrap")),
            self._turn,
            self._order,
            self._status,
            main,
            saves,
            self._settings_disclosure,
            RulesPanel(lambda: self._match),  # the one place naming rules by their IDs, for the teacher
        )
        self._install(match)

    # -- construction for notebooks ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        seats: int = 4,
        humans: int = 1,
        seed: int | None = None,
        decks: Sequence[str | Deck] | str | Deck | None = None,
        tie_discard: str = "all",
        hilo_pins: str = "per_call",
        **options: Any,
    ) -> TournamentArena:
        """Returns an arena with a new tournament, for a one-line notebook cell.

        Args:
            seats: Players, 2..6 (T1).
            humans: People, 0..seats: seats 0..humans-1 (several: hot seat).
            seed: The teacher's seed, a whole number 0..`DRAWN_SEED_MAX`
                (the same seed plays the same spins and computer choices);
                None (default): a fresh one from the operating system.  The
                page hides it until the tournament is over.
            decks: The arena's decks: None for the bundled decks, a deck name
                or `Deck` for all six openings, or six names or `Deck`s.
            tie_discard: Rule T6 option (``"all"`` or ``"tied_only"``).
            hilo_pins: Rule T12 option (``"per_call"`` or ``"complete_run"``).
            **options: Passed to the constructor (``spin_seconds``,
                ``spin_schedule``, ``spin_sleep``).

        Raises:
            RuleOptionError: If a setting is out of range.
            DeckError: If a deck cannot be loaded.

        Example:
            >>> TournamentArena.new(seats=2, seed=7).match.seed
            7
        """
        settings = TournamentSettings(seats, humans, seed, tie_discard, hilo_pins)
        settings.check()
        source: SeedSource = "drawn" if seed is None else "teacher"
        return cls(settings.match(load_decks(decks)), settings=settings, seed_source=source, **options)

    # -- public read-only helpers ----------------------------------------------------------------

    @property
    def spinner(self) -> Spinner:
        """The spinner widget."""
        return self._spinner

    @property
    def buttons(self) -> Mapping[str, ipw.Button]:
        """The buttons a person may press now, by label: choices, the spin control or "ready".

        Empty when the computers are to play ("Next ▶") or the tournament is over.
        """
        return dict(self._buttons)

    @property
    def save_button(self) -> ipw.Button:
        """The "Save" button."""
        return self._save_button

    @property
    def upload(self) -> ipw.FileUpload:
        """The file upload that resumes a saved tournament."""
        return self._upload

    @property
    def controls(self) -> Mapping[str, ipw.ValueWidget]:
        """The "New tournament" controls by setting name."""
        return dict(self._settings_form.controls)

    @property
    def winner_text(self) -> str:
        """Who won, e.g. "Computer 2 wins the tournament!"; "" while it goes on."""
        outcome = self._match.outcome
        return "" if outcome is None else self._story.headline(outcome)

    @property
    def log_lines(self) -> tuple[str, ...]:
        """The log, newest first, as plain text (in the core's words, `toptrumps_core.narration`)."""
        return tuple(self._story.lines)

    @property
    def saved_name(self) -> str:
        """The name of the file last offered by "Save" ("" before any save)."""
        return self._saves.file_name

    @property
    def screen(self) -> Screen:
        """What the page asks for now (see `Screen`)."""
        match = self._match
        if match.is_over:
            return "over"
        if self._spinner.spinning:
            return "spinning"
        due = self._driver.due()
        if due.turn is Turn.PERSON and due.seat is not None:
            return "pass" if self._needs_pass(due.seat) else "choose"
        if due.turn is Turn.PERSON_CHANCE:
            return "spin"
        return "watch"

    # -- intents (the buttons call these) ----------------------------------------------------------

    @handler
    def spin(self) -> None:
        """Spins the spinner for the spin that is due (the core draws it; the page animates it)."""
        if self._match.is_over:
            raise IllegalActionError("the tournament is over — start a new one under New tournament ⚙")
        if self._spinner.spinning:
            raise IllegalActionError("the spinner is still spinning")
        due = self._driver.due()
        if due.turn is Turn.COMPUTER:  # a computer's spin, or one for nobody's turn: "Next ▶" takes it
            whose = f"{self._names.whose(due.seat)} spin" if due.seat is not None else "the computers' turn"
            raise IllegalActionError(f"it is {whose}: press Next ▶ to watch it")
        self._after_intent(self._driver.press_chance(), animate=True)

    @handler
    def choose(self, choice: str | Action) -> None:
        """Makes a person's choice: a button's label, or the action itself.

        Choices are categories (`ChooseCategory`), opponents (`PickOpponent`),
        decks (`PickDeck`), whom to rob (`Rob`) and higher or lower (`Call`),
        as offered by the rules' legal actions.
        """
        seat = self._driver.acting_person(ready=lambda seat: not self._needs_pass(seat))
        if isinstance(choice, str):
            action = self._choices.get(choice)
            if action is None:
                offered = ", ".join(repr(label) for label in self._choices) or "none"
                raise IllegalActionError(f"there is no choice {choice!r} just now; the choices are {offered}")
        else:
            action = choice
        if action not in self._match.legal_actions():
            offered = ", ".join(repr(label) for label in self._choices) or "none"
            raise IllegalActionError(
                f"that is not one of {self._names.whose(seat)} choices just now; the choices are {offered}"
            )
        self._spinner.cancel(reveal=True)
        self._after_intent(self._driver.submit(action), animate=True)

    @handler
    def next(self) -> None:
        """Takes one computer or chance step: a spin, a choice, or one comparison.

        While the spinner spins, it stops it and shows the result instead.
        """
        if self._spinner.spinning:
            self._spinner.cancel(reveal=True)
            return
        self._driver.check_computers()
        self._after_intent(self._driver.take_turn(max_steps=1), animate=True)

    @handler
    def fast_forward(self) -> None:
        """Plays on until a person must act or the tournament ends (at most `FAST_FORWARD_MAX_ACTIONS`)."""
        self._spinner.cancel(reveal=True)
        self._driver.check_computers()
        match = self._match
        before = len(match.actions)
        played = self._driver.fast_forward(max_rounds=FAST_FORWARD_MAX_ACTIONS)
        games = sum(isinstance(e, MiniGameOver) for e in played.events)
        self._after_intent(list(played.events), animate=False)
        more = " Press again to go on." if self._driver.computers_may_go else ""
        taken = len(match.actions) - before
        finished = f", and {plural(games, 'mini-game')} finished" if games else ""  # no word about none
        self._status.show(f"Fast-forwarded {plural(taken, 'move')}{finished}.{more}")

    # -- flow ---------------------------------------------------------------------------------------

    @property
    def _rules(self) -> TournamentRules:
        rules = self._match.rules
        assert isinstance(rules, TournamentRules)  # checked in __init__ and on resume
        return rules

    def _active(self) -> Seat | None:
        """Returns the active player (T4), or None before the start is drawn and in the Finale."""
        view = self._public()
        return None if view.finale or view.stage in ("start", "over") else view.active

    def _pending_spin(self) -> str | None:
        """Returns "mini_game" or "deck" when the next action is a spin, else None."""
        match = self._match
        if match.is_over or match.actor is not CHANCE:
            return None
        return {"spin": "mini_game", "spin_deck": "deck"}.get(self._public().stage)

    def _needs_pass(self, seat: Seat) -> bool:
        """Returns True if `seat`'s choice shows their own card and another person may be looking."""
        if not self._hot_seat or self._viewer == seat:
            return False
        view = self._match.view(seat)
        return view.hilo is None and bool(view.stack)

    def _private_seat(self) -> Seat | None:
        """Returns the seat whose own top card the page may show now, or None."""
        humans = self._match.humans
        if not humans:
            return None
        if not self._hot_seat:
            return humans[0]
        seat = self._match.waiting_for
        return seat if seat is not None and seat == self._viewer else None

    def _after_intent(self, events: list[Event], *, animate: bool) -> None:
        spun = self._read(events)
        self._status.show("")
        if spun is not None:
            self._show_spin(spun, animate=animate)
        self._render()
        self._focus_next()

    def _first_choice(self) -> ipw.Widget | None:
        return next(iter(self._buttons.values()), None)

    def _game_over_focus(self) -> ipw.Widget:
        self._settings_disclosure.expand()
        return self._start_button

    def _read(self, events: list[Event]) -> Spun | None:
        """Reads new events into the story and returns the last spin among them, or None.

        The person at the screen (hot seat) stays there: the pass screen comes
        up only when another person must act next (`_needs_pass`).
        """
        return self._story.read(events).spun

    def _spin_revealed(self) -> None:
        self._boundary.run(self._render)
        self._boundary.run(self._focus_next)  # the arrow has stopped: on to the next move

    def _install(self, match: Match) -> None:
        """Makes `match` the tournament in play: takes its first chance steps, rebuilds the log, renders."""
        self._swap_match(match)  # its first chance steps are read with the rest of its events below
        self._viewer = None
        self._story = ArenaStory(self._rules, self._names)
        spun = self._read(list(match.events))
        if spun is not None:
            self._show_spin(spun, animate=False)
        else:
            self._spinner.show(None, result="", labels=svg.SECTOR_LABELS, caption="Spin for the mini-game")
        self._render()

    def _show_spin(self, spun: Spun, *, animate: bool) -> None:
        kind, sector, seat, finale = spun
        caption = self._spin_caption(kind, seat, finale=finale)
        if kind == "mini_game":
            labels = svg.SECTOR_LABELS
            result = f"{svg.SECTOR_LABELS[sector]}!"
        else:
            labels = tuple(self._deck_labels())
            result = f"Deck {sector + 1}: {self._rules.openings[sector].name}!"
        if animate:  # Fast-forward goes off before the page sees the arrow turn; Next stops it (T3)
            self._fast_button.disabled = True
            self._spinner.spin_to(sector, result=result, labels=labels, caption=caption)
        else:
            self._spinner.show(sector, result=result, labels=labels, caption=caption)

    def _deck_labels(self) -> list[str]:
        return [f"{i + 1} · {deck.name}" for i, deck in enumerate(self._rules.openings)]

    # -- rendering ------------------------------------------------------------------------------------

    def _render(self) -> None:
        """Re-renders every part from public facts and the private view of the person at the screen."""
        with self.hold_sync():
            self._render_title()
            self._render_turn()
            self._render_spin_control()
            if self._spinner.spinning:  # keep the rest as it was until the arrow stops
                self._render_panel_spinning()
                self._render_controls()
                return
            self._render_order()
            self._render_board()
            self._render_panel()
            self._render_controls()
            self._render_log()

    # -- the boundary's snapshot -------------------------------------------------------------------

    def _snapshot(self) -> Callable[[], None]:
        """Returns a function that puts the arena and its tournament back as they are now."""
        match, count = self._match, len(self._match.actions)
        saved, story = (self._viewer, self._names, self._seed_source), self._story.copy()

        def restore() -> None:
            if self._match is match and len(match.actions) == count and self._story.lines == story.lines:
                return  # the handler failed before changing anything
            if self._match is not match or len(match.actions) != count:
                self._match = (
                    match
                    if len(match.actions) == count
                    else Match.from_record(match.record, match.strategies, upto=count, max_actions=match.max_actions)
                )
            self._viewer, self._names, self._seed_source = saved
            self._story = story.copy()
            self._render()

        return restore

    def close(self) -> None:
        """Stops the spinner and closes the arena and every widget under it (children, layouts and styles)."""
        self._spinner.cancel(reveal=False)
        super().close()
