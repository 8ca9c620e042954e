"""`GameView`: one view over a core `Match` for every game, drawn from its presenter's `Screen`.

A game's page is a `GameView` and a pure presenter, ``present(seen, events,
ui) -> Screen``: `seen` is what the page may see now (`Seen`: the seat's
view, or the judge's, the moves open to the people at this page, the seed's
words), `events` what the last action did, and `ui` the page's own small
state (a frozen value: whether the lens is on).  The presenter never reads
``match.state``, holds no widget and changes nothing; the `GameView` does
the rest, the same way for every game:

- **one driver for every node kind** (`widgets._toolkit.MatchDriver` with
  every `NodeKind` shown): a seat (a person at this page, or a computer), chance
  (taken at once), a simultaneous node (each person at this page chooses,
  sealed, then the computers' moves are taken and the node resolves) and a
  judge (a person judging at this page, or a computer judge); "Next ▶"
  takes the computers' next step and "Fast-forward ⏩" plays on until a
  person must act or the game ends;
- **stale and double clicks**: each choice's button acts only for the
  decision it was drawn for, and one click from the page plays one step
  (`MatchDriver.bind`);
- **the error boundary**: every intent runs inside it; a failure after an
  action was applied puts the game back as it was (a snapshot);
- **the log**, newest group first, in the core's words (the family's narrator);
- **saving and resuming** to a file on the pupil's computer
  (`widgets._toolkit.save_files`), and "Play again" (a fresh seed);
- **focus** on the next sensible control after every action: the first
  choice, else "Next ▶" while computers may go, else "Play again".

Example:
    >>> from toptrumps_core import HUMAN, load_deck
    >>> from toptrumps_core.tournament.hilo import HiLoRules
    >>> def present(seen, events, ui):
    ...     return Screen(title_html="Hi Lo", state="over" if seen.over else "play",
    ...                   choices=tuple(Choice(repr(a), a) for a in seen.legal.get(0, ())))
    >>> rules = HiLoRules(load_deck("animals"))
    >>> view = GameView(Match(rules, [HUMAN], seed=4), present=present, ui=None, page=GamePage(game="Hi Lo"))
    >>> view.act(view.screen.choices[0].action)
    >>> view.match.actions, view.status
    ([ChooseCategory(category=0)], '')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeAlias, TypeVar

import ipywidgets as ipw

from toptrumps_core.checks import whole_number
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.families import get_game
from toptrumps_core.play import Match
from toptrumps_core.protocol import JUDGE, Action, Actor, Event, NodeKind, Seat
from toptrumps_core.record import GameRecord, RecordedRules
from toptrumps_core.strategies import Human
from widgets._boundary import ErrorBoundary, handler
from widgets._toolkit import (
    Disclosure,
    MatchDriver,
    ProjectorSwitch,
    RulesPanel,
    SeatNames,
    SeedSource,
    StatusLine,
    Turn,
    big_button,
    close_tree,
    fresh_seed,
    html_widget,
    seed_words,
)
from widgets._toolkit.clock import game_head
from widgets._toolkit.log_order import PlayOrderLog, log_groups_html
from widgets._toolkit.save_files import SavedGame, SaveHeader, SavePanel
from widgets.card import CardView
from widgets.gameview.in_play import InPlay
from widgets.gameview.render import STATE_CLASS_PREFIX, ScreenRenderer
from widgets.gameview.screen import Choice, Presenter, Screen, Seen

__all__ = ["FAST_FORWARD_ROUNDS", "AnyMatch", "GamePage", "GameView", "Presenter", "Seen"]

V = TypeVar("V")
U = TypeVar("U")

AnyMatch: TypeAlias = "Match[Any, Any, Any, Any]"
"""A match of any game, as a page holds it (its state and views are the game's own)."""

FAST_FORWARD_ROUNDS = 10_000
"""Most computer and chance steps one press of "Fast-forward ⏩" plays (a game ends well before)."""


def _never(_event: Event) -> bool:
    return False


@dataclass(frozen=True)
class GamePage:
    """What a game tells its `GameView` besides its presenter.

    Attributes:
        game: The game's name for people ("Hi Lo"), in messages.
        restart_words: What to do once it is over, in messages.
        again: The words and tooltip of the button that starts a new game
            with a fresh seed; None for no such button.
        log_label: The log's accessible name.
        log_starts: Returns True for an event that starts a group of the log
            (a card turned, a comparison revealed).
        log_alone: Returns True for an event whose line stands alone (the end).
        log_lines: How many lines the log shows (1 or more).
        card_width_px: The width of a card on the board (px, > 0).
        saves: True to offer "Save or resume 💾" (with `GameView`'s
            ``resume`` and ``describe``).
        new_game: Returns the next game after `match` for "Play again"
            (its seed fresh from the operating system); None: the same rules
            and players from the rules' initial state, with a fresh seed.

    Raises:
        TypeError: If `log_lines` or `card_width_px` is not a whole number.
        ValueError: If `log_lines` or `card_width_px` is below 1.
    """

    game: str
    restart_words: str = "press Play again ↻ for a new game"
    again: tuple[str, str] | None = ("Play again ↻", "Shuffle the deck and play a new game")
    log_label: str = "What happened, newest first"
    log_starts: Callable[[Event], bool] = field(default=_never)
    log_alone: Callable[[Event], bool] = field(default=_never)
    log_lines: int = 30
    card_width_px: int = 230
    saves: bool = True
    new_game: Callable[[AnyMatch], AnyMatch] | None = None

    def __post_init__(self) -> None:
        whole_number(self.log_lines, "a game page's log_lines (how many lines the log shows)", low=1)
        whole_number(self.card_width_px, "a game page's card_width_px (a card's width in px)", low=1)


def _family(match: AnyMatch) -> str:
    """Returns the name of the family of `match`'s game (its narrator and saves are the family's).

    Raises:
        RuleOptionError: If its rules belong to no registered family.
    """
    rules = match.rules
    if not isinstance(rules, RecordedRules):
        raise RuleOptionError(f"a game's page shows a game of a registered family; {type(rules).__name__} is none")
    return rules.family


class GameView(ipw.VBox, Generic[V, U]):
    """A game's page over a core `Match`, drawn from its presenter (see the module docstring).

    Args:
        match: The game to show; chance at its start is taken at once.
        present: The game's presenter (`Presenter`).
        ui: The page's own state at the start (a frozen value, or None).
        page: What the game tells the view besides its presenter (`GamePage`).
        seat: The seat whose view the page shows when no person at this
            page is acting; None: the first person's seat, else 0.
        seed_source: Where the match's seed came from (``"teacher"``,
            ``"drawn"`` or ``"saved"``); only a teacher's is named before the end.
        resume: Returns the match of a saved game, or raises `RecordError`
            if the file is not one this page can carry on; None: no resuming.
        describe: Returns a saved file's header for the match in play; None:
            no saving.
        tick: Returns the page's state after a person ticks (True) or
            unticks (False) the screen's toggle `key`: ``tick(ui, key, on)``;
            None: the screen has no toggles.
        clock: The clock of the one-step rule (`StepClicks`, seconds).

    Raises:
        RuleOptionError: If the match's chance at the start cannot be
            settled, or its rules belong to no registered family.
    """

    def __init__(
        self,
        match: AnyMatch,
        *,
        present: Presenter[V, U],
        ui: U,
        page: GamePage,
        seat: Seat | None = None,
        seed_source: SeedSource = "teacher",
        resume: Callable[[SavedGame], AnyMatch] | None = None,
        describe: Callable[[AnyMatch], SaveHeader] | None = None,
        tick: Callable[[U, str, bool], U] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.add_class("tt-table")
        self._present, self._ui, self._page, self._seat = present, ui, page, seat
        self._resume, self._describe, self._tick = resume, describe, tick
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show, snapshot=self._snapshot)
        self._games = 0
        self._match = match
        self._driver = MatchDriver(
            lambda: self._match,
            lambda: self._names,
            decision=self._decision,
            game=page.game,
            restart=page.restart_words,
            shows=frozenset(NodeKind),
            clock=clock,
        )
        self._renderer = ScreenRenderer(
            self, act=self._clicked, toggle=self._ticked, bind=self._driver.bind, card_width_px=page.card_width_px
        )
        self._screen: Screen | None = None
        self._log_view = html_widget("tt-log")
        self._again: ipw.Button | None = None
        self._guard = InPlay(self)
        self._driver.bind_step(self._guard.yes, self.play_again)  # asked already: this press starts it
        self._driver.bind_step(self._guard.no, self._keep_playing)
        page_buttons: list[ipw.Widget] = []
        if page.again is not None:
            self._again = big_button(page.again[0], page.again[1], primary=False)
            self._driver.bind_step(self._again, self.play_again)  # one click from the page, one new game
            page_buttons.append(self._again)
        self._next = big_button("Next ▶", "Take the computers' next step", primary=True)
        self._fast = big_button("Fast-forward ⏩", "Play on until a person must choose", primary=False)
        self._driver.bind_step(self._next, self.next)
        self._driver.bind_step(self._fast, self.fast_forward)
        self._watch = ipw.HBox([self._next, self._fast], layout=ipw.Layout(flex_flow="row wrap"))
        self._saves: SavePanel | None = None
        renderer = self._renderer
        cards = ipw.VBox(
            [renderer.toggles, renderer.board, renderer.board_note], layout=ipw.Layout(flex="3 1 300px", min_width="0")
        )
        moves = ipw.VBox(
            [
                renderer.result,
                renderer.choices,
                self._guard.box,
                self._watch,
                ipw.HBox(page_buttons, layout=ipw.Layout(margin="10px 0")),
            ],
            layout=ipw.Layout(flex="1 1 420px", min_width="min(420px, 100%)"),
        )
        children: list[ipw.Widget] = [
            *game_head(),
            ipw.HBox([renderer.title, ProjectorSwitch(self)], layout=ipw.Layout(flex_flow="row wrap")),
            self._status,
            renderer.banner,
            ipw.HBox([cards, moves], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
            html_widget("tt-heading-box", '<div class="tt-heading">What happened</div>'),
            self._log_view,
        ]
        if page.saves and resume is not None and describe is not None:
            self._saves = SavePanel(
                self._save_header,
                self._resume_saved,
                games=(_family(match),),
                boundary=self._boundary,
                show=self._status.show,
            )
            children.append(Disclosure("Save or resume 💾", [self._saves], what="saving and resuming this game"))
        children.append(RulesPanel(lambda: self._match))  # the one place naming rules by their IDs, for the teacher
        self.children = tuple(children)
        self._install(match, seed_source)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def match(self) -> AnyMatch:
        """The core match being played (Python only; never synced to the page)."""
        return self._match

    @property
    def screen(self) -> Screen:
        """What the page shows now (the presenter's last `Screen`)."""
        assert self._screen is not None  # drawn in __init__
        return self._screen

    @property
    def state_class(self) -> str:
        """The root's class for its screen's state (``"tt-state-call"``; two would read space-separated)."""
        return " ".join(c for c in self._dom_classes if c.startswith(STATE_CLASS_PREFIX))

    @property
    def in_play(self) -> bool:
        """True while a game is in progress at this page (`widgets.gameview.in_play`): its root is marked."""
        return self._guard.in_play

    @property
    def question_buttons(self) -> tuple[ipw.Button, ...]:
        """"Yes, start a new game" and "No, keep playing" while the page asks before Play again; else empty."""
        return (self._guard.yes, self._guard.no) if self._guard.asking else ()

    @property
    def ui(self) -> U:
        """The page's own state now (see `set_ui`)."""
        return self._ui

    @property
    def buttons(self) -> tuple[ipw.Button, ...]:
        """The buttons of the screen's choices, in its order (empty while nobody here may act)."""
        return self._renderer.buttons

    @property
    def status(self) -> str:
        """The status line's text: the last message or error, "" if none."""
        return self._status.text

    @property
    def log_lines(self) -> tuple[str, ...]:
        """The log, newest group first, as plain text."""
        return self._log.lines

    @property
    def again_button(self) -> ipw.Button | None:
        """The "Play again" button, or None if the game has none."""
        return self._again

    @property
    def next_button(self) -> ipw.Button:
        """The "Next ▶" button (shown while the game has computers or a computer judge)."""
        return self._next

    @property
    def fast_forward_button(self) -> ipw.Button:
        """The "Fast-forward ⏩" button (shown with "Next ▶")."""
        return self._fast

    @property
    def saves(self) -> SavePanel | None:
        """The "Save" and "Resume from a file…" controls, or None if the page offers none."""
        return self._saves

    @property
    def card_views(self) -> tuple[CardView, ...]:
        """The board's card pictures, in the screen's order."""
        return self._renderer.cards

    def tick_box(self, key: str) -> ipw.Checkbox:
        """Returns the page's tick box for the screen's toggle `key`.

        Raises:
            KeyError: If the screen never had a toggle `key`.
        """
        return self._renderer.tick_box(key)

    @property
    def driver(self) -> MatchDriver:
        """The driver over the match in play (who acts; its ``steps`` hold the one-step rule's clock)."""
        return self._driver

    # -- acting -----------------------------------------------------------------------------------

    @handler
    def act(self, action: Action, *, seat: Seat | None = None) -> None:
        """Plays a person's `action` at this page, then the chance that follows; shows what it did.

        Args:
            action: One of the moves open now (`Seen.legal`).
            seat: At a node where several people at this page act at once,
                the one acting; None: the one person (or judge) to act now.

        Raises (shown in the status line, changing nothing):
            IllegalActionError: If the game is over, no person at this page
                may act now, `seat` is not to act, or `action` is not open.
        """
        self._status.show("")
        events = self._submit(action, seat)
        self._after(events)

    @handler
    def next(self) -> None:
        """Takes the computers' (or chance's) next step.

        Raises (shown in the status line):
            IllegalActionError: If the game is over or a person must act first.
        """
        self._driver.check_computers()
        self._status.show("")
        self._after(self._driver.take_turn(max_steps=1))

    @handler
    def fast_forward(self) -> None:
        """Plays the computers' and chance's steps until a person must act or the game ends.

        Raises (shown in the status line):
            IllegalActionError: If the game is over or a person must act first.
        """
        self._driver.check_computers()
        self._status.show("")
        played = self._driver.fast_forward(max_rounds=FAST_FORWARD_ROUNDS)
        self._after(list(played.events))

    @handler
    def set_ui(self, ui: U) -> None:
        """Sets the page's own state (e.g. the lens on) and draws the screen again."""
        self._ui = ui
        self._draw(())

    @handler
    def play_again(self) -> None:
        """Starts a new game of the same rules and players with a fresh seed (never one the page could guess).

        While a game is in progress at this page, the first press asks
        instead (`in_play.QUESTION`); a second press, or "Yes", starts it.
        """
        if self._guard.ask():
            self._draw(())
            self._guard.no.focus()
            return
        match = self._match
        if self._page.new_game is not None:
            again = self._page.new_game(match)
        else:
            again = Match(match.rules, match.strategies, seed=fresh_seed(), judge=match.judge)
        self._install(again, "drawn")
        self._focus_next()

    def put_in_play(self, match: AnyMatch, seed_source: SeedSource) -> None:
        """Shows `match` from now on, with an empty status line and its whole log.

        Raises:
            TopTrumpsError: If its chance at the start cannot be settled (the
                game in play stays).
        """
        self._install(match, seed_source)

    def close(self) -> None:
        """Closes the view and every widget under it."""
        renderer = getattr(self, "_renderer", None)  # None when the constructor refused the match
        if renderer is not None:
            renderer.close()
        close_tree(self, include_self=False)
        super().close()

    # -- internals --------------------------------------------------------------------------------

    def _decision(self) -> Hashable:
        """Names the decision open now: the game, its actions, the sealed moves, and the page's state."""
        return self._games, len(self._match.actions), self._match.submitted, self._ui

    def _submit(self, action: Action, seat: Seat | None) -> list[Event]:
        due = self._driver.due()
        match = self._match
        if due.turn is Turn.OVER:
            raise IllegalActionError(f"this {self._page.game} game is over — {self._page.restart_words}")
        if due.turn is Turn.JUDGE:
            if seat is not None:
                raise IllegalActionError("the judge decides now, not a player")
            return self._submit_open(action, JUDGE, match.legal_actions(), "that decision is not open to the judge now")
        if due.turn is not Turn.PERSON:
            raise IllegalActionError("it is a computer's turn — press Next ▶ or Fast-forward ⏩")
        people = match.waiting_seats
        choosing = " and ".join(self._names.whom(s) for s in people)
        if seat is None and len(people) > 1:
            raise IllegalActionError(f"{choosing} choose now: say who is choosing")
        who = people[0] if seat is None else seat
        if who not in people:
            raise IllegalActionError(f"it is not that player's turn now; {choosing} may choose")
        refusal = "that move is not open now; press one of the buttons"
        return self._submit_open(action, who, match.legal_actions(who), refusal)

    def _submit_open(self, action: Action, who: Actor, listed: Sequence[Action], refusal: str) -> list[Event]:
        """Submits `action` for `who`; a move the rules refuse is refused with `refusal`, never the core's words.

        A move not in `listed` may still be open (a quiz answer is any text),
        so the rules judge it; their message names Python values, so the
        page says `refusal` instead.
        """
        if action in listed:
            return self._driver.submit(action, seat=who)
        try:
            return self._driver.submit(action, seat=who)
        except IllegalActionError:
            raise IllegalActionError(refusal) from None

    @handler
    def _keep_playing(self) -> None:
        self._guard.settle()
        self._draw(())
        self._focus_next()

    def _clicked(self, choice: Choice) -> None:
        self.act(choice.action, seat=choice.seat)

    def _ticked(self, key: str, on: bool) -> None:
        if self._tick is not None:
            self.set_ui(self._tick(self._ui, key, on))

    def _after(self, events: Sequence[Event]) -> None:
        self._guard.settle()
        self._note(events)
        self._draw(events)
        self._focus_next()

    def _install(self, match: AnyMatch, seed_source: SeedSource) -> None:
        previous = self._match
        self._match = match
        self._names = SeatNames(match.rules.seats, match.humans)
        try:
            self._driver.settle()
        except BaseException:
            self._match = previous
            self._names = SeatNames(previous.rules.seats, previous.humans)
            raise
        self._games += 1
        self._opened = len(match.actions)  # moves made here after this count put a game in progress
        self._seed_source = seed_source
        self._narrator = get_game(_family(match)).make_narrator(match.rules, list(self._names), match.start)
        self._log = PlayOrderLog[Event](
            starts=self._page.log_starts, alone=self._page.log_alone, keep=self._page.log_lines
        )
        self._status.show("")
        shows_watch = any(not isinstance(s, Human) for s in match.strategies) or (
            match.judge is not None and not isinstance(match.judge, Human)
        )
        self._watch.layout.display = None if shows_watch else "none"
        self._note(tuple(match.events))  # the whole game so far, in order, as the narrator needs
        self._draw(())

    def _note(self, events: Sequence[Event]) -> None:
        self._log.add(zip(events, self._narrator.narrate_all(list(events)), strict=True))

    def _seen(self) -> Seen[V]:
        match = self._match
        due = self._driver.due()
        legal: dict[Seat | None, tuple[Action, ...]] = {}
        judge_view: object | None = None
        seat = self._seat if self._seat is not None else (match.humans[0] if match.humans else 0)
        if due.turn is Turn.JUDGE:
            judge_view = match.judge_view()
            legal[None] = tuple(match.legal_actions())
        elif due.turn is Turn.PERSON:
            people = match.waiting_seats
            seat = people[0]
            for person in people:
                legal[person] = tuple(match.legal_actions(person))
        over = match.is_over
        return Seen(
            view=match.view(seat),
            seat=seat,
            judge_view=judge_view,
            legal=MappingProxyType(legal),
            turn=due.turn,
            names=self._names,
            seed_words=seed_words(match.seed, self._seed_source, over=over),
            over=over,
        )

    def _draw(self, events: Sequence[Event]) -> None:
        self._guard.mark(moves=len(self._match.actions) - self._opened, over=self._match.is_over)
        screen = self._guard.screen(self._present(self._seen(), tuple(events), self._ui))
        self._screen = screen
        self._renderer.draw(screen, self._decision())
        may_go = self._driver.computers_may_go
        self._next.disabled = self._fast.disabled = not may_go
        self._log_view.value = log_groups_html(self._log.groups, self._page.log_label)

    def _focus_next(self) -> None:
        """Moves the keyboard focus to the next move: a choice, else "Next ▶", else "Play again"."""
        target = self._renderer.focus_target()
        if target is None and self._driver.computers_may_go:
            target = self._next
        if target is None:
            target = self._again
        if target is not None:
            target.focus()

    def _snapshot(self) -> Callable[[], None]:
        """Returns a function that puts the game, its log and the page's state back as they are now."""
        match, taken, log, ui, games = self._match, len(self._match.actions), self._log.copy(), self._ui, self._games

        def restore() -> None:
            if self._match is match and len(match.actions) != taken:
                self._match = Match.from_record(
                    match.record, match.strategies, upto=taken, judge=match.judge, max_actions=match.max_actions
                )
            self._log, self._ui, self._games = log, ui, games
            self._draw(())

        return restore

    def _save_header(self) -> tuple[SaveHeader, GameRecord]:
        assert self._describe is not None  # the panel exists only with it
        return self._describe(self._match), self._match.record

    def _resume_saved(self, saved: SavedGame) -> None:
        assert self._resume is not None  # the panel exists only with it
        try:
            match = self._resume(saved)
        except TopTrumpsError as err:
            if isinstance(err, RecordError):
                raise
            raise RecordError(f"the saved {self._page.game} game does not replay") from None
        self._install(match, "saved")
        self._status.show(f"Resumed the saved {self._page.game} game: {saved.header.deck}, move {saved.header.move}.")
        self._focus_next()  # on into the resumed game, not left on the upload button
