"""The one driver helper every view uses over a core `Match`.

`MatchDriver` answers, for the game a view shows, the questions every view
asks before and after a click, so that no view writes the loops again:

- **who may act now** (`due`): a person at this page (`Turn.PERSON`), a
  person who must press a button to draw chance, such as the tournament's
  spin (`Turn.PERSON_CHANCE`), a computer, or chance the page settles at
  once; `acting_person` and `check_computers` turn a click at the wrong
  moment into a kind message ("it is a computer's turn — press Next ▶ or
  Fast-forward ⏩");
- **settle chance** (`settle`): deals, shuffles of won cards and lots are
  taken at once, so the table is at rest; chance the view holds for a
  button (`held_chance`) is left for that button;
- **fast-forward** (`take_turn`, `fast_forward`): computer and chance
  steps until a round ends (one comparison, one step), a person must act,
  or the game ends, with a cap on steps and on rounds;
- **stale and double clicks** (`bind`): a button acts only for the
  decision it was made for (`widgets._toolkit.rerender.ClickGuard`), and
  one click from the page plays one step (`StepClicks`): a click that
  arrives while a step runs, or so soon after one that the page cannot
  yet have shown it (the second half of a double click, a key held down),
  is ignored quietly.  `bind_step` gives a button that stays in the page
  (Next ▶, Spin ⟳, Play again) the same one-step rule.

A view names the node kinds it shows (`shows`, by default a seat and
chance).  A view that shows `SIMULTANEOUS` nodes (every listed seat moves at
once) sees `Turn.PERSON` while a person at this page has yet to choose
there, and `Turn.COMPUTER` once only computers are left (a step takes their
moves and resolves the node); one that shows `JUDGE` nodes (a decider who
is not a seat) sees `Turn.JUDGE` for a person judging at this page and
`Turn.COMPUTER` for a computer judge.  A node a view does not show is
refused with `TurnNotSupported`, a `TopTrumpsError` that the error boundary
shows kindly, before anything is played.

Nothing here draws random numbers itself: every draw is `Match.step`,
from the match's own seeded streams.

Example:
    >>> from toptrumps_core import HUMAN, ClassicRules, load_deck
    >>> from widgets._toolkit.words import SeatNames
    >>> match = Match(ClassicRules(load_deck("animals"), seats=2), [HUMAN, "medium"], seed=3)
    >>> driver = MatchDriver(lambda: match, lambda: SeatNames(2, [0]))
    >>> driver.due().turn  # the deal is chance, taken at once by settle
    <Turn.CHANCE: 'chance'>
    >>> _ = driver.settle(); driver.due()
    Due(turn=<Turn.PERSON: 'person'>, seat=0)
    >>> driver.check_computers()
    Traceback (most recent call last):
    ...
    toptrumps_core.errors.IllegalActionError: it is your turn — a person must choose first
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as ipw

from toptrumps_core.errors import IllegalActionError, TopTrumpsError
from toptrumps_core.play import Match
from toptrumps_core.protocol import CHANCE, JUDGE, SIMULTANEOUS, TERMINAL, Action, Actor, Event, NodeKind, Seat
from widgets._toolkit.clock import in_test_mode
from widgets._toolkit.rerender import ClickGuard
from widgets._toolkit.words import SeatNames

__all__ = [
    "CHANCE_STEPS_MAX",
    "STEP_SETTLE_SECONDS",
    "Due",
    "MatchDriver",
    "Played",
    "StepClicks",
    "Turn",
    "TurnNotSupported",
    "page_click",
]

CHANCE_STEPS_MAX = 100
"""Most chance actions `MatchDriver.settle` takes in a row before it calls it a rules bug."""
STEP_SETTLE_SECONDS = 0.4
"""Seconds after a step during which a click from the page is taken as part of the same press (s).

A double click's two clicks come well within this (an operating system's
double-click time is at most half a second by default, most clicks come
100-250 ms apart), while a person who watched a step and presses again
takes longer; keyboard repeat of a held Enter key comes every 30-100 ms.
"""


class Turn(enum.Enum):
    """Who acts now, as the page sees it."""

    OVER = "over"
    """The game has an outcome; nobody acts."""
    PERSON = "person"
    """A person at this page chooses (a `HUMAN` seat: `Match.waiting_for`)."""
    PERSON_CHANCE = "person_chance"
    """Chance that waits for a person to press its button (the tournament's spin)."""
    JUDGE = "judge"
    """A person judging at this page decides (the judge is not a seat; only for a view that shows judges)."""
    COMPUTER = "computer"
    """A computer seat or judge, the computers' moves at a simultaneous node, or chance held for "Next ▶"."""
    CHANCE = "chance"
    """Chance the page takes at once (a deal, a shuffle of won cards, a lot)."""


@dataclass(frozen=True)
class Due:
    """Who acts now.

    Attributes:
        turn: What kind of turn it is (see `Turn`).
        seat: The seat acting: the person or computer choosing, or for held
            chance the seat whose button draws it; None for `Turn.OVER`,
            `Turn.CHANCE`, and held chance that belongs to no seat.
    """

    turn: Turn
    seat: Seat | None


@dataclass(frozen=True)
class Played:
    """What `MatchDriver.fast_forward` played.

    Attributes:
        events: The events of every action taken, in order.
        rounds: How many whole rounds were played (comparisons, steps...).
    """

    events: tuple[Event, ...]
    rounds: int


class StepClicks:
    """One click from the page, one step: ignores page clicks while a step runs, or on its button just after.

    The kernel takes a page's messages one after the other, so the second
    click of a double click waits while the first one's step runs, and
    reaches the handler when that step is over, before the page has shown
    it.  Played, it would make a second move nobody saw coming.
    `StepClicks` ignores such a click quietly: a click from the page acts
    only when no step is running (nor `busy`, e.g. the spinner still
    turning), and a click on the button that started the last step only once
    `settle_s` seconds have passed since that step ended.  A button a
    re-render put in the page is a new decision, and acts at once; a click
    on the button it replaced is refused by `ClickGuard`.

    Only clicks that come from the page (the button's ``click`` message) are
    held back; ``button.click()`` from Python (tests, a notebook) always
    acts, so a test can press Next twenty times in a row.

    Args:
        clock: Returns the time in seconds (`time.monotonic` by default;
            tests pass a clock they move by hand).
        settle_s: Seconds after a step during which a page click is ignored;
            None: `STEP_SETTLE_SECONDS`, or 0 in the app's test mode, whose
            tests press again only once the page shows the step before
            (`widgets._toolkit.clock`).

    Example:
        >>> now = [0.0]
        >>> steps = StepClicks(clock=lambda: now[0])
        >>> moves = []
        >>> button = steps.bind(ipw.Button(description="Next ▶"), lambda: moves.append("step"))
        >>> page_click(button); page_click(button)  # a double click: one step
        >>> now[0] += 1.0; page_click(button)  # pressed again a second later: a second step
        >>> moves
        ['step', 'step']
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, settle_s: float | None = None) -> None:
        self.clock = clock
        """The clock the rule reads (seconds); a test may set one it moves by hand."""
        self._settle_s = settle_s if settle_s is not None else 0.0 if in_test_mode() else STEP_SETTLE_SECONDS
        self._running = False
        self._ended_at = -math.inf
        self._pressed: int | None = None  # the page's button whose click is being played
        self._last: int | None = None  # the page's button that started the last step
        self.ignored = 0
        """How many page clicks were ignored so far (0 or more)."""

    @property
    def running(self) -> bool:
        """True while a step started by a click runs."""
        return self._running

    def may_act(self, button: ipw.Button, *, busy: Callable[[], bool] | None = None) -> bool:
        """Returns True if a page click on `button` arriving now may start a step (see the class docstring)."""
        if self._running or (busy is not None and busy()):
            return False
        return self._last != id(button) or self.clock() - self._ended_at >= self._settle_s

    def run(self, intent: Callable[[], object]) -> None:
        """Runs `intent` as one step: clicks that arrive meanwhile, and just after, are ignored."""
        self._running = True
        try:
            intent()
        finally:
            self._running = False
            self._ended_at = self.clock()
            self._last, self._pressed = self._pressed, None

    def bind(
        self, button: ipw.Button, intent: Callable[[], object], *, busy: Callable[[], bool] | None = None
    ) -> ipw.Button:
        """Makes `button` run `intent` as one step per click (see the class docstring); returns `button`.

        Args:
            button: The button; a click from the page that comes too soon is
                dropped before any of its click handlers run.
            intent: What a click does.
            busy: Returns True while a step is still under way outside the
                kernel's call (the spinner's arrow still turning); None: never.
        """
        self.hold_page_clicks(button, busy=busy)
        button.on_click(lambda _button: self.run(intent))
        return button

    def hold_page_clicks(self, button: ipw.Button, *, busy: Callable[[], bool] | None = None) -> None:
        """Makes a click from the page reach `button`'s click handlers only when `may_act` says so.

        Args:
            button: The button.
            busy: As for `bind`.
        """

        def from_page(_widget: ipw.Widget, content: Mapping[str, object], _buffers: object) -> None:
            if content.get("event") != "click":
                return
            if not self.may_act(button, busy=busy):
                self.ignored += 1
                return
            self._pressed = id(button)
            try:
                button.click()
            finally:
                self._pressed = None

        # the page's click message comes here instead of straight to the click handlers
        button.on_msg(button._handle_button_msg, remove=True)
        button.on_msg(from_page)


def page_click(button: ipw.Button) -> None:
    """Delivers a click to `button` as the page sends it (the ``click`` message), for tests and doctests."""
    button._handle_custom_msg({"event": "click"}, [])


class TurnNotSupported(TopTrumpsError):
    """The game reached a node this view cannot play (simultaneous moves, a judge's decision).

    Attributes:
        actor: The node, as `Match.actor` gave it.
    """

    def __init__(self, actor: object) -> None:
        self.actor = actor
        if actor is SIMULTANEOUS:
            what = "a turn where every player moves at once (a simultaneous node)"
        elif actor is JUDGE:
            what = "a decision for the judge, who is not a seat (a judge's node)"
        else:
            what = f"a turn for {actor!r}"
        super().__init__(f"this page cannot play {what} yet; the game is unchanged")


class MatchDriver:
    """Who may act, chance, fast-forward and stale clicks over the match a view shows.

    The driver reads the match through `match` on every call, so a view that
    puts a new game in play (or puts one back after an error) needs no new
    driver.

    Args:
        match: Returns the match the view shows now.
        names: Returns the page's names for the seats ("You", "Computer 1").
        decision: Returns a value naming the decision open now, for the click
            guard (`bind`); by default the match and how many actions it has
            taken.  A view with a hot seat adds who is at the screen.
        held_chance: Returns True when the pending chance action waits for a
            button (the tournament's spins); None: chance never waits.
        chance_seat: Returns whose button draws held chance (the tournament's
            active player), or None for nobody's; only asked when
            `held_chance` is True.
        game: The page's word for the game, in "the game is over".
        restart: What to do once it is over, e.g. "start a new game below".
        held_name: The name of held chance, e.g. "spin".
        held_button: The button that draws it, e.g. "Spin ⟳".
        ready_button: The hot-seat pass screen's button, as its refusal names
            it ("<name> must press ready first").
        clock: The clock of the one-step rule (`StepClicks`); tests pass
            one they move by hand.
        shows: The node kinds the view can show; a node of another kind is
            refused (`TurnNotSupported`).  By default a seat and chance.
    """

    def __init__(
        self,
        match: Callable[[], Match],
        names: Callable[[], SeatNames],
        *,
        decision: Callable[[], Hashable] | None = None,
        held_chance: Callable[[Match], bool] | None = None,
        chance_seat: Callable[[Match], Seat | None] | None = None,
        game: str = "game",
        restart: str = "start a new game below",
        held_name: str = "spin",
        held_button: str = "Spin ⟳",
        ready_button: str = "ready",
        clock: Callable[[], float] = time.monotonic,
        shows: frozenset[NodeKind] = frozenset({NodeKind.SEAT, NodeKind.CHANCE}),
    ) -> None:
        self._match = match
        self._shows = shows
        self._names = names
        self._held = held_chance
        self._chance_seat = chance_seat
        self._game, self._restart = game, restart
        self._held_name, self._held_button = held_name, held_button
        self._ready_button = ready_button
        self._guard = ClickGuard(decision or (lambda: (id(self._match()), len(self._match().actions))))
        self.steps = StepClicks(clock=clock)
        """The one-step rule every button bound here shares (`StepClicks`)."""

    # -- who acts -----------------------------------------------------------------------------

    def due(self) -> Due:
        """Returns who acts now.

        Raises:
            TurnNotSupported: At a simultaneous or judge's node (or any node
                that is neither a seat, chance nor the end).
        """
        match = self._match()
        if match.is_over:
            return Due(Turn.OVER, None)
        actor = match.actor
        if actor is CHANCE:
            if self._held is None or not self._held(match):
                return Due(Turn.CHANCE, None)
            seat = self._chance_seat(match) if self._chance_seat is not None else None
            person = seat is not None and seat in match.humans
            return Due(Turn.PERSON_CHANCE if person else Turn.COMPUTER, seat)
        if isinstance(actor, int) and not isinstance(actor, bool):
            return Due(Turn.PERSON if match.waiting_for == actor else Turn.COMPUTER, actor)
        if actor is SIMULTANEOUS and NodeKind.SIMULTANEOUS in self._shows:
            people = match.waiting_seats
            return Due(Turn.PERSON, people[0]) if people else Due(Turn.COMPUTER, None)
        if actor is JUDGE and NodeKind.JUDGE in self._shows:
            return Due(Turn.JUDGE if match.waiting_for_judge else Turn.COMPUTER, None)
        if actor is TERMINAL:  # pragma: no cover - is_over says so first
            return Due(Turn.OVER, None)
        raise TurnNotSupported(actor)

    def person_due(self) -> Seat | None:
        """Returns the person who must act now (a choice, or a press for held chance), or None."""
        due = self.due()
        return due.seat if due.turn in (Turn.PERSON, Turn.PERSON_CHANCE) else None

    @property
    def computers_may_go(self) -> bool:
        """True while "Next ▶" and "Fast-forward ⏩" may play (a computer's or chance's turn)."""
        return self.due().turn in (Turn.COMPUTER, Turn.CHANCE)

    def acting_person(self, *, ready: Callable[[Seat], bool] | None = None) -> Seat:
        """Returns the person who may choose now, or raises a kind message saying why nobody may.

        Args:
            ready: Returns False while `seat` must first press ready on the
                hot-seat pass screen; None: everyone is ready.

        Raises:
            IllegalActionError: The game is over, a person must first press
                the held-chance button, it is a computer's turn, or the person
                has not pressed ready.
            TurnNotSupported: As for `due`.
        """
        due = self.due()
        if due.turn is Turn.OVER:
            raise IllegalActionError(f"the {self._game} is over — {self._restart}")
        if due.turn is Turn.PERSON_CHANCE:
            raise IllegalActionError(f"{self._held_name} first: press {self._held_button}")
        if due.turn is not Turn.PERSON or due.seat is None:
            raise IllegalActionError("it is a computer's turn — press Next ▶ or Fast-forward ⏩")
        if ready is not None and not ready(due.seat):
            name = self._names()[due.seat]
            raise IllegalActionError(f"{name} must press {self._ready_button} first, so that only they see their card")
        return due.seat

    def check_computers(self) -> None:
        """Raises a kind message unless the computers (or chance) may go on now.

        Raises:
            IllegalActionError: The game is over, or a person (or a person
                judging) must act first.
            TurnNotSupported: As for `due`.
        """
        due = self.due()
        if due.turn is Turn.OVER:
            raise IllegalActionError(f"the {self._game} is over — {self._restart}")
        if due.turn is Turn.JUDGE:
            raise IllegalActionError("the judge must decide first")
        if due.seat is None:
            return
        whose = self._names().whose(due.seat)
        if due.turn is Turn.PERSON:
            raise IllegalActionError(f"it is {whose} turn — a person must choose first")
        if due.turn is Turn.PERSON_CHANCE:
            raise IllegalActionError(f"it is {whose} {self._held_name} — press {self._held_button}")

    # -- acting -------------------------------------------------------------------------------

    def settle(self, events: list[Event] | None = None) -> list[Event]:
        """Takes the pending chance actions the page does not hold, so the table is at rest.

        Args:
            events: A list to add the events to; None for a new one.

        Returns:
            `events`, with the events of the chance actions taken.

        Raises:
            RuntimeError: If chance acts more than `CHANCE_STEPS_MAX` times in
                a row (a rules bug); the error boundary reports it.
            TurnNotSupported: As for `due`.
        """
        taken = [] if events is None else events
        match = self._match()
        steps = 0
        while self.due().turn is Turn.CHANCE:
            steps += 1
            if steps > CHANCE_STEPS_MAX:
                raise RuntimeError(
                    f"chance acted {CHANCE_STEPS_MAX} times in a row without a player's turn; "
                    f"last action {match.actions[-1]!r}"
                )
            taken.extend(match.step())
        return taken

    def submit(self, action: Action, *, seat: Actor | None = None) -> list[Event]:
        """Applies a person's action (already checked legal), then settles chance; returns the events.

        Args:
            action: The action.
            seat: Who acts, as for `Match.submit`: a person's seat (needed
                where several people act at once), `JUDGE` for a person
                judging; None for the one person to act now.  At a
                simultaneous node the action is sealed until the last
                person's is in, then the computers' moves are taken and
                the node resolves (its events are returned then).

        Raises:
            IllegalActionError: If no person is to act, `seat` is not to act
                now, or `action` is not legal (nothing changes).
        """
        return self.settle(list(self._match().submit(action, seat=seat)))

    def press_chance(self) -> list[Event]:
        """Draws the held chance action (a spin) and settles what follows; returns the events.

        Raises:
            IllegalActionError: If no held chance is pending.
        """
        due = self.due()
        match = self._match()
        if due.turn not in (Turn.PERSON_CHANCE, Turn.COMPUTER) or match.actor is not CHANCE:
            raise IllegalActionError(f"there is nothing to {self._held_name} just now")
        return self.settle(list(match.step()))

    def take_turn(self, *, until: Callable[[Sequence[Event]], bool] | None = None, max_steps: int) -> list[Event]:
        """Plays one round of computer and chance steps, then settles chance; returns the events.

        Args:
            until: Returns True once the events of the round so far end it
                (e.g. a comparison was revealed); None: a round is one step.
            max_steps: Most steps in one round.

        Raises:
            RuntimeError: If `until` is given and the round has not ended
                after `max_steps` steps (a rules or strategy bug).
            TurnNotSupported: As for `due`.
        """
        match = self._match()
        events: list[Event] = []
        steps = 0
        while self.due().turn in (Turn.COMPUTER, Turn.CHANCE):
            if until is None and steps:
                break
            if until is not None and until(events):
                break
            if steps >= max_steps:
                raise RuntimeError(f"the round did not end after {max_steps} computer and chance actions")
            events.extend(match.step())
            steps += 1
        return self.settle(events)

    def fast_forward(
        self, *, max_rounds: int, until: Callable[[Sequence[Event]], bool] | None = None, max_steps: int = 1
    ) -> Played:
        """Plays rounds (as `take_turn`) until a person must act, the game ends, or `max_rounds` rounds.

        A round that ends without meeting `until` (a person must act
        mid-round) is not counted and stops the run.

        Raises:
            RuntimeError: As for `take_turn`.
            TurnNotSupported: As for `due`.
        """
        events: list[Event] = []
        rounds = 0
        while rounds < max_rounds and self.computers_may_go:
            batch = self.take_turn(until=until, max_steps=max_steps)
            events.extend(batch)
            if until is not None and not until(batch):
                break
            rounds += 1
        return Played(tuple(events), rounds)

    # -- stale clicks ---------------------------------------------------------------------------

    def bind(self, button: ipw.Button, intent: Callable[[], object]) -> ipw.Button:
        """Makes a click on `button` call `intent` while the decision it was made for is open.

        See `widgets._toolkit.rerender.ClickGuard`: a double click or a click
        on a button a re-render replaced is ignored quietly; and a click from
        the page plays one step (`StepClicks`, shared by every button bound
        here).
        """
        self.steps.hold_page_clicks(button)
        return self._guard.bind(button, lambda: self.steps.run(intent))

    def bind_step(
        self, button: ipw.Button, intent: Callable[[], object], *, busy: Callable[[], bool] | None = None
    ) -> ipw.Button:
        """Makes `button`, which stays in the page (Next ▶, Spin ⟳), play one step per click from the page.

        It shares the one-step rule with the buttons `bind` binds
        (`StepClicks`); `busy` is as for `StepClicks.bind`.
        """
        return self.steps.bind(button, intent, busy=busy)
