"""The driver: `play()` runs a whole game, `Match` runs one interactively.

Both step the same loop: at a chance node the driver draws from the rules'
distribution with the match's chance stream and applies the outcome as an
action; at a computer seat it asks that seat's strategy, handing it only the
seat's view and its own stream; at a human seat `Match.advance` stops and
waits for `Match.submit`.  `Match.from_record` rebuilds a match from its
record by stepping the same loop again (to resume a saved game, or undo).

At a `SIMULTANEOUS` node every listed seat submits one action; the match
keeps each submission sealed (outside the state, so no view shows it) until
all are in, then applies them at once as one `JointAction`.  At a `JUDGE`
node the match's judge decides: `HUMAN` (`Match.submit`) or a computer judge,
which chooses from ``rules.judge_view(state)`` with its own stream.

Seeds: the match seed derives independent streams by its seed scheme (`toptrumps_core.chance.match_streams`):
the same seed, scheme and choices give the same game, and one seat's strategy never changes the deal.

Rule C12: a game can cycle forever.  The driver stops after `max_actions`
actions and reports ``Termination.UNFINISHED`` with no winner, never a silent
win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeGuard, TypeVar, overload

from toptrumps_core.chance import DEFAULT_SEED_SCHEME, SeedScheme, check_seed_scheme, fresh_seed, match_streams
from toptrumps_core.checks import whole_number
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.protocol import (
    CHANCE,
    JUDGE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Actor,
    Event,
    Game,
    JointAction,
    JudgedGame,
    NodeKind,
    Outcome,
    Seat,
    SimultaneousGame,
    Termination,
    check_seat,
    is_simultaneous,
)
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import Human, Strategy, default_judge
from toptrumps_core.strategies.seats import SeatPlayer, check_judge, seat_players

__all__ = ["DEFAULT_MAX_ACTIONS", "Match", "SeatPlayer", "play"]

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")
J = TypeVar("J")

DEFAULT_MAX_ACTIONS = 100_000
"""The driver's cap on actions per game (rule C12); about 50,000 comparisons."""

_WHO = {CHANCE: "chance", JUDGE: "the judge", SIMULTANEOUS: "a computer seat"}


class Match(Generic[S, A, V, J]):
    """One game in progress, advanced by computers and chance until a person acts.

    Generic over the rules' types: ``Match[S, A, V, J]`` plays a
    ``Game[S, A, V]`` (state `S`, legal actions `A`, seat view `V`) whose
    judge, in a `JudgedGame`, sees a `J`.

    Args:
        rules: The rules object (e.g. `ClassicRules`).
        strategies: One per seat: a `Strategy`, a strategy name for
            `get_strategy` (``"random"``, ``"expert"``, ...; fitted to the
            game by its ``for_game``, so card counting is told the game's
            ``no_data`` option), or `HUMAN` for a person.  None: the
            default computer player of the game family in every seat
            (`toptrumps_core.strategies.default_player`).
        seed: Fixes every chance outcome and computer choice (int or str);
            None picks a fresh seed, kept in `seed` so the game can be shown
            and replayed.
        seed_scheme: How the streams come from the seed (`SEED_SCHEMES`, else ValueError); kept in the record.
        start: A start state (e.g. from ``rules.start_from``), or None for
            the rules' initial state.
        max_actions: The cap on actions (rule C12); None for no cap.
        judge: Who decides at the `JUDGE` nodes of a `JudgedGame`: `HUMAN`
            for a person (through `submit`), or a computer judge (a
            ``Strategy[J]``, choosing from the judge view).  None: the game
            family's default computer judge (see
            `toptrumps_core.strategies.registry`), or none for a game
            without a judge.

    Raises:
        RuleOptionError: If the number of strategies differs from the seats,
            an entry is not `HUMAN`, a known strategy name or a `Strategy`
            (the message names the seat), None is given
            for a game family with no default player, `max_actions` is not
            None or a whole number >= 1, or the judge is missing for a
            `JudgedGame` (none given, no default) or not `HUMAN` or a
            `Strategy`.
        TypeError: If `seed` is not a whole number, a text or None (a bool
            or a float is refused: the game's record could not keep it).

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> match = Match(ClassicRules(load_deck("animals"), seats=3), seed=7)
        >>> match.advance()  # doctest: +ELLIPSIS
        (...)
        >>> match.outcome is not None
        True
    """

    @overload
    def __init__(
        self: Match[S, A, V, object],
        rules: Game[S, A, V],
        strategies: Sequence[SeatPlayer[V]] | None = None,
        *,
        seed: int | str | None = None,
        start: S | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        judge: None = None,
        seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME,
    ) -> None: ...

    @overload
    def __init__(
        self,
        rules: Game[S, A, V],
        strategies: Sequence[SeatPlayer[V]] | None = None,
        *,
        seed: int | str | None = None,
        start: S | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        judge: Strategy[J] | Human | None = None,
        seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME,
    ) -> None: ...

    def __init__(
        self,
        rules: Game[S, A, V],
        strategies: Sequence[SeatPlayer[V]] | None = None,
        *,
        seed: int | str | None = None,
        start: S | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        judge: Strategy[J] | Human | None = None,
        seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME,
    ) -> None:
        players = seat_players(rules, strategies)
        if max_actions is not None:
            max_actions = whole_number(
                max_actions, "max_actions", low=1, rule="C12", alternative="None", error=RuleOptionError
            )
        judging = rules if _judged_by(rules, judge) else None
        if judge is None and judging is not None:
            judge = default_judge(rules)
        check_judge(rules, judge, judged=judging is not None)
        if seed is None:
            seed = fresh_seed()
        elif not isinstance(seed, str):  # a record must be able to keep it: a plain int, never a bool or 1.0
            seed = whole_number(seed, "a match seed", alternative="None, a text", error=TypeError)
        self.rules = rules
        self.strategies: tuple[Strategy[V] | Human, ...] = players
        self.judge = judge
        self._judging = judging
        self.seed = seed
        self.seed_scheme: SeedScheme = (scheme := check_seed_scheme(seed_scheme))
        self.start = start
        self.max_actions = max_actions
        streams = match_streams(seed, rules.seats, scheme, judged=judge is not None)  # only a judged game has a judge
        self._chance_rng, self._seat_rngs, self._judge_rng = streams
        self.state: S = rules.initial_state() if start is None else start
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self._sealed: dict[Seat, Action] = {}  # this SIMULTANEOUS node's submissions, kept from every view
        self._unfinished = False

    # -- reading ----------------------------------------------------------------

    @property
    def actor(self) -> Actor:
        """Returns who acts now: a seat, CHANCE, SIMULTANEOUS, JUDGE or TERMINAL."""
        return TERMINAL if self._unfinished else self.rules.actor(self.state)

    @property
    def waiting_for(self) -> Seat | None:
        """Returns the human seat that must act now, or None.

        At a `SIMULTANEOUS` node: the first listed human seat that has not
        submitted yet (see `waiting_seats` for all of them).
        """
        actor = self.actor
        if actor is SIMULTANEOUS:
            owed = self.waiting_seats
            return owed[0] if owed else None
        if isinstance(actor, int) and isinstance(self.strategies[actor], Human):
            return actor
        return None

    @property
    def waiting_seats(self) -> tuple[Seat, ...]:
        """Returns every human seat that must act now, in seat order (several only at SIMULTANEOUS)."""
        actor = self.actor
        if actor is SIMULTANEOUS:
            return tuple(s for s in self._owed() if isinstance(self.strategies[s], Human))
        seat = self.waiting_for
        return () if seat is None else (seat,)

    @property
    def waiting_for_judge(self) -> bool:
        """Returns True when a person judges and the game waits for their decision."""
        return self.actor is JUDGE and isinstance(self.judge, Human)

    @property
    def submitted(self) -> tuple[Seat, ...]:
        """Returns the seats whose sealed action at this SIMULTANEOUS node is in (not what it is)."""
        return tuple(sorted(self._sealed))

    @property
    def outcome(self) -> Outcome | None:
        """Returns the outcome, ``UNFINISHED`` if the cap stopped it, or None."""
        if self._unfinished:
            return Outcome(Termination.UNFINISHED, frozenset())
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        """Returns True once the game has an outcome."""
        return self.outcome is not None

    @property
    def humans(self) -> tuple[Seat, ...]:
        """Returns the human seats, in seat order."""
        return tuple(s for s, strategy in enumerate(self.strategies) if isinstance(strategy, Human))

    def view(self, seat: Seat) -> V:
        """Returns what `seat` may see now (never another seat's sealed action).

        Raises:
            IllegalActionError: If `seat` is not a seat number of this game
                (``"0"`` and ``True`` are not seats).
        """
        return self.rules.observe(self.state, check_seat(seat, self.rules.seats))

    def judge_view(self) -> J:
        """Returns what the judge may see now.

        Raises:
            IllegalActionError: If the game has no judge.
        """
        return self._judged().judge_view(self.state)

    def legal_actions(self, seat: Seat | None = None) -> tuple[A, ...]:
        """Returns the actions open to the current actor (empty for chance/terminal).

        Args:
            seat: At a `SIMULTANEOUS` node, the listed seat whose actions
                are wanted (default: `waiting_for`); ignored elsewhere.
        """
        if self._unfinished:
            return ()
        if self.actor is SIMULTANEOUS:
            seat = self.waiting_for if seat is None else check_seat(seat, self.rules.seats)
            if seat is None or seat not in self._owed():
                return ()
            return self._simultaneous().legal_actions(self.state, seat)
        return self.rules.legal_actions(self.state)

    @property
    def record(self) -> GameRecord:
        """Returns the game so far as a `GameRecord` (sealed submissions are not in it yet)."""
        actions, events = tuple(self.actions), tuple(self.events)
        return GameRecord(self.rules, self.seed, self.start, actions, events, self.outcome, self.seed_scheme)

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        strategies: Sequence[SeatPlayer[Any]] | None = None,
        *,
        upto: int | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        judge: Strategy[J] | Human | None = None,
    ) -> Match[Any, Action, Any, J]:
        """Returns the match of `record`, rebuilt by replaying its actions (resume, undo).

        A record holds rules of any family (`AnyGame`), so the match's state
        and view types are those of `AnyGame`.

        The new match has the record's rules, seed, seed scheme and start, and has taken
        the record's actions in order: a person's recorded action (a human
        seat's, a human judge's, a human seat's part of a `JointAction`) is
        submitted; a chance, computer or computer judge's action is drawn
        again from the same seeded stream, which must give the recorded
        action.  So the streams stand where they stood, and play goes on
        exactly as it would have.

        Args:
            record: The game to rebuild (e.g. ``Match.record`` or
                ``GameRecord.from_json(text)``); it needs its seed.
            strategies: One per seat, as for `Match`; None for the default
                computer player in every seat.  A computer seat must be
                the strategy that played it, so it chooses the same again.
            upto: Replay only the first `upto` actions (undo); None for all.
            max_actions: The cap on actions (rule C12), as for `Match`.
            judge: The judge, as for `Match`; a computer judge must be the
                one that judged the record.

        Raises:
            RecordError: If the record has no seed, `upto` is out of range,
                or the replay differs: an action is illegal where it stands,
                or a computer seat, the judge or chance draws another action
                than the record's (the message gives the action's position).
            RuleOptionError: If `strategies`, `max_actions` or `judge` is not valid.

        Example:
            >>> from toptrumps_core import HUMAN, ClassicRules, load_deck
            >>> rules = ClassicRules(load_deck("animals"), seats=2)
            >>> match = Match(rules, [HUMAN, "expert"], seed=4)
            >>> _ = match.advance()
            >>> _ = match.submit(match.legal_actions()[0]); _ = match.advance()
            >>> again = Match.from_record(match.record, [HUMAN, "expert"])
            >>> again.actions == match.actions and again.state == match.state
            True
        """
        if record.seed is None:
            raise RecordError("the record has no seed, so its chance and computer actions cannot be drawn again")
        actions = record.actions
        if upto is not None:
            actions = actions[: whole_number(upto, "upto", low=0, high=len(actions), error=RecordError)]
        match = cls(record.rules, strategies, seed=record.seed, start=record.start, max_actions=max_actions,
                    judge=judge, seed_scheme=record.seed_scheme)  # fmt: skip
        for number, action in enumerate(actions):
            actor = match.actor
            try:
                match._retake(action)
            except TopTrumpsError as err:
                raise RecordError(f"action {number} ({action!r}) does not replay: {err}") from None
            if len(match.actions) != number + 1 or match.actions[-1] != action:
                drew = match.actions[-1] if len(match.actions) == number + 1 else "nothing"
                who = f"seat {actor}'s strategy" if isinstance(actor, int) else _WHO.get(actor, repr(actor))
                raise RecordError(
                    f"action {number}: {who} drew {drew!r} where the record has {action!r}; "
                    "is each computer seat the strategy that played it?"
                )
        return match

    # -- acting -------------------------------------------------------------------

    def step(self) -> tuple[Event, ...]:
        """Takes one chance, computer or computer judge's action and returns its events.

        At a `SIMULTANEOUS` node with no person still to submit, every
        computer seat still to act chooses (each from its own view) and the
        joint action is applied.

        Raises:
            IllegalActionError: If a person must act or the game is over.
        """
        return self._step(self.actor)

    def _step(self, actor: Actor) -> tuple[Event, ...]:
        """Takes one chance or computer action where `actor` is to act (see `step`)."""
        if isinstance(actor, int):
            strategy = self.strategies[actor]
            if isinstance(strategy, Human):
                raise IllegalActionError(f"seat {actor} is a human seat; use submit()")
            return self._computer_chooses(actor, strategy)
        if actor is TERMINAL:
            raise IllegalActionError("the game is over")
        if actor is CHANCE:
            return self._apply(self.rules.chance(self.state).sample(self._chance_rng))
        if actor is SIMULTANEOUS:
            if self.waiting_seats:
                raise IllegalActionError(f"seat {self.waiting_seats[0]} is a human seat; use submit()")
            return self._close_joint()
        if actor is JUDGE:
            judge = self.judge
            if isinstance(judge, Human) or judge is None:
                raise IllegalActionError("the judge is a person; use submit()")
            assert self._judge_rng is not None  # a judged game has a judge, and so its stream
            legal = self.rules.legal_actions(self.state)
            return self._apply(judge.choose(self.judge_view(), legal, self._judge_rng))
        raise IllegalActionError(f"no one can act for {actor!r}")

    def _computer_chooses(self, seat: Seat, strategy: Strategy[V]) -> tuple[Event, ...]:
        """Applies the action `strategy` chooses for `seat`, from the seat's view and its own stream.

        A strategy that declares ``needs_view = False`` chooses through ``choose_unseen``, with no view.
        """
        legal, rng = self.rules.legal_actions(self.state), self._seat_rngs[seat]
        if strategy.needs_view:
            return self._apply(strategy.choose(self.rules.observe(self.state, seat), legal, rng))
        return self._apply(strategy.choose_unseen(legal, rng))

    def advance(self, *, max_steps: int | None = None) -> tuple[Event, ...]:
        """Runs chance, computer seats and a computer judge until a person must act or the game ends.

        Args:
            max_steps: Stop after this many actions (e.g. one computer
                comparison at a time for the page); None for no limit.

        Returns:
            The events of every action taken, in order.
        """
        first = len(self.events)
        steps = 0
        while (max_steps is None or steps < max_steps) and not self._unfinished:
            actor = self.rules.actor(self.state)
            if actor is TERMINAL or self._waits_for_person(actor):
                break
            self._step(actor)
            steps += 1
        return tuple(self.events[first:])

    def _waits_for_person(self, actor: Actor) -> bool:
        """Returns True if `actor` (the actor now) is, or includes, a person who has yet to act."""
        if isinstance(actor, int):
            return isinstance(self.strategies[actor], Human)
        if actor is SIMULTANEOUS:
            return bool(self.waiting_seats)
        return actor is JUDGE and isinstance(self.judge, Human)

    def submit(self, action: Action, *, seat: Actor | None = None) -> tuple[Event, ...]:
        """Applies a person's action and returns its events.

        At a `SIMULTANEOUS` node the action is sealed: it is kept from every
        view and from the record until every listed seat's action is in; the
        last submission makes the computer seats choose and applies them
        all at once (before that, the events are empty).

        Args:
            action: One of ``legal_actions(seat)``.
            seat: Who acts: a human seat, or `JUDGE` for a human judge.
                None for the one person who is to act now; needed at a
                `SIMULTANEOUS` node where several people have yet to submit.

        Raises:
            IllegalActionError: If no person is to act, `seat` is not to act
                now (out of turn, or it has already submitted), or `action`
                is not legal (the message lists the legal ones); nothing
                changes.
        """
        actor = self.actor
        if actor is SIMULTANEOUS:
            owed = self.waiting_seats
            if seat is None and len(owed) > 1:
                raise IllegalActionError(f"seats {list(owed)} are to act at once; say which one with seat=")
            chosen = owed[0] if seat is None and owed else seat
            if chosen not in owed:
                done = " (it has already submitted)" if chosen in self._sealed else ""
                raise IllegalActionError(f"seat {chosen!r} is not to act now{done}; the seats to act are {list(owed)}")
            assert isinstance(chosen, int)
            legal = self._simultaneous().legal_actions(self.state, chosen)
            if action not in legal:
                raise IllegalActionError(f"{action!r} is not legal for seat {chosen}; expected one of {list(legal)!r}")
            self._sealed[chosen] = action
            return () if self.waiting_seats else self._close_joint()
        person: Actor | None = JUDGE if self.waiting_for_judge else self.waiting_for
        if person is None:
            raise IllegalActionError(f"no person is to act now (actor: {actor!r})")
        if seat is not None and seat != person:
            raise IllegalActionError(f"{seat!r} is not to act now; {person!r} is")
        return self._apply(action)

    def _retake(self, action: Action) -> None:
        """Takes the recorded `action` again: submits a person's part, draws the rest."""
        if self.actor is SIMULTANEOUS and isinstance(action, JointAction):
            people = [(s, a) for s, a in action.moves if 0 <= s < self.rules.seats and s in self.waiting_seats]
            for seat, move in people:
                self.submit(move, seat=seat)
            if not people:
                self.step()
        elif self.waiting_for is not None or self.waiting_for_judge:
            self.submit(action)
        else:
            self.step()

    def _owed(self) -> tuple[Seat, ...]:
        """Returns the listed seats of this SIMULTANEOUS node that have not submitted yet."""
        return tuple(s for s in self._simultaneous().seats_to_act(self.state) if s not in self._sealed)

    def _close_joint(self) -> tuple[Event, ...]:
        """Lets the computer seats still to act choose, then applies the joint action."""
        rules = self._simultaneous()
        for seat in self._owed():
            strategy = self.strategies[seat]
            assert not isinstance(strategy, Human)
            legal, rng = rules.legal_actions(self.state, seat), self._seat_rngs[seat]
            if strategy.needs_view:
                self._sealed[seat] = strategy.choose(rules.observe(self.state, seat), legal, rng)
            else:
                self._sealed[seat] = strategy.choose_unseen(legal, rng)
        joint = JointAction(tuple(self._sealed.items()))
        try:
            return self._apply(joint)
        finally:
            self._sealed.clear()

    def _simultaneous(self) -> SimultaneousGame[S, A, V]:
        rules = self.rules
        if not is_simultaneous(rules):
            raise IllegalActionError(f"{type(rules).__name__} has no simultaneous nodes (see its node_kinds)")
        return rules

    def _judged(self) -> JudgedGame[S, A, V, J]:
        if self._judging is None:
            raise IllegalActionError(f"{type(self.rules).__name__} has no judge (see its node_kinds)")
        return self._judging

    def _apply(self, action: Action) -> tuple[Event, ...]:
        transition = self.rules.apply(self.state, action)
        self.state = transition.state
        actions = self.actions
        actions.append(action)
        self.events.extend(transition.events)
        if self.max_actions is not None and len(actions) >= self.max_actions and self.rules.outcome(self.state) is None:
            self._unfinished = True  # rule C12
        return transition.events


def _judged_by(rules: Game[S, A, V], judge: Strategy[J] | Human | None) -> TypeGuard[JudgedGame[S, A, V, J]]:
    """Returns True if `rules` declares `NodeKind.JUDGE` nodes: a `JudgedGame` whose judge view `judge` reads."""
    return NodeKind.JUDGE in rules.node_kinds


def play(
    rules: Game[S, A, V],
    strategies: Sequence[SeatPlayer[V]] | None = None,
    *,
    seed: int | str | None = None,
    start: S | None = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    judge: Strategy[J] | None = None,
    seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME,
) -> GameRecord:
    """Plays a whole game between computer seats and returns its record.

    Args:
        rules: The rules object, e.g. ``ClassicRules(load_deck("animals"), seats=4)``.
        strategies: One `Strategy` or strategy name (``"random"``,
            ``"expert"``, ...) per seat, or None for the default computer
            player of the game family in every seat
            (`toptrumps_core.strategies.default_player`).
        seed: Fixes the game (int or str); None picks a fresh one, kept in
            the record.
        start: A scenario start state, or None to shuffle and deal.
        max_actions: The cap (rule C12): a game still going after this many
            actions ends ``UNFINISHED`` with no winner.
        judge: The computer judge of a `JudgedGame`; None for the family's
            default judge, or for a game without a judge.
        seed_scheme: How the streams come from the seed, as for `Match`.

    Returns:
        The `GameRecord`: ``record.outcome.winners``, ``.termination``,
        ``.actions``, ``.events``, ``.to_json()``.

    Raises:
        RuleOptionError: If a seat or the judge is `HUMAN`, an entry is not
            a strategy or a known strategy name, the strategy count is wrong,
            or the judge is missing for a judged game.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> record = play(ClassicRules(load_deck("animals"), seats=2), seed=3)
        >>> record.outcome.termination.name in {"LAST_STACK", "DRAW_ALL_OUT", "UNFINISHED"}
        True
    """
    match: Match[S, A, V, J] = Match(rules, strategies, seed=seed, start=start, max_actions=max_actions, judge=judge,
                                     seed_scheme=seed_scheme)  # fmt: skip
    if match.humans:
        raise RuleOptionError(f"play() runs computer seats only; seat {match.humans[0]} is HUMAN: use Match for it")
    if isinstance(match.judge, Human):
        raise RuleOptionError("play() runs computers only; the judge is HUMAN: use Match for it")
    match.advance()
    return match.record
