"""The driver: `play()` runs a whole game, `Match` runs one interactively.

Both step the same loop: at a chance node the driver draws from the rules'
distribution with the match's chance stream and applies the outcome as an
action; at a computer seat it asks that seat's strategy, handing it only the
seat's view and its own stream; at a human seat `Match.advance` stops and
waits for `Match.submit`.  `Match.from_record` rebuilds a match from its
record by stepping the same loop again (to resume a saved game, or undo).

Seeds: the match seed derives independent streams, ``"chance"`` and
``"seat/N"`` (see `toptrumps_core.chance.stream`), so the same seed and the
same choices give the same game, and a change of one seat's strategy leaves
the deal unchanged.

Rule C12: a game can cycle forever.  The driver stops after `max_actions`
actions and reports ``Termination.UNFINISHED`` with no winner, never a silent
win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from toptrumps_core.chance import stream
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.protocol import CHANCE, TERMINAL, Action, Event, Game, Outcome, Seat, Termination, check_seat
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import HUMAN, CardCounting, Human, Strategy, get_strategy

__all__ = ["DEFAULT_MAX_ACTIONS", "Match", "SeatPlayer", "default_strategy", "play"]

SeatPlayer = Strategy | Human | str
"""What `Match` and `play` take for one seat: a `Strategy`, `HUMAN`, or a strategy name."""

DEFAULT_MAX_ACTIONS = 100_000
"""The driver's cap on actions per game (rule C12); about 50,000 comparisons."""


def default_strategy(rules: Game) -> Strategy:
    """Returns the default computer player for `rules`.

    The rules' own ``default_strategy()`` when they have one (the classic
    game's card counting, the tournament's player, Hi Lo's exact policy);
    else card counting (rule P3).
    """
    own = getattr(rules, "default_strategy", None)
    if callable(own):
        return own()  # type: ignore[no-any-return]
    return CardCounting(no_data=getattr(rules, "no_data", "tie"))


def _seat_players(rules: Game, strategies: Sequence[SeatPlayer] | None) -> tuple[Strategy | Human, ...]:
    """Returns one checked player per seat: a strategy (names resolved) or `HUMAN`.

    Raises:
        RuleOptionError: If `strategies` is not one entry per seat, or an
            entry is neither `HUMAN`, a known strategy name, nor an object
            with a ``choose(view, legal, rng)`` method (the message names
            the seat).
    """
    if strategies is None:
        return (default_strategy(rules),) * rules.seats
    if isinstance(strategies, (str, bytes)) or not isinstance(strategies, Sequence):
        raise RuleOptionError(f"strategies must be a list with one entry per seat ({rules.seats}); got {strategies!r}")
    if len(strategies) != rules.seats:
        raise RuleOptionError(f"expected {rules.seats} strategies, one per seat; got {len(strategies)}")
    players: list[Strategy | Human] = []
    for seat, entry in enumerate(strategies):
        if isinstance(entry, Human):
            players.append(HUMAN)
        elif isinstance(entry, str):
            try:
                named = get_strategy(entry)
            except ValueError as err:
                raise RuleOptionError(f"seat {seat}: {err}") from None
            if isinstance(named, CardCounting) and hasattr(rules, "no_data"):
                named = replace(named, no_data=rules.no_data)  # the odds of this game's C6 option
            players.append(named)
        elif isinstance(entry, type):
            instead = "HUMAN" if entry is Human else f"{entry.__name__}()"
            raise RuleOptionError(f"seat {seat}: expected a strategy, not the class {entry.__name__}; write {instead}")
        elif callable(getattr(entry, "choose", None)):
            players.append(entry)
        else:
            raise RuleOptionError(
                f"seat {seat}: expected HUMAN, a strategy name such as 'random' or 'expert', or a strategy "
                f"with a choose(view, legal, rng) method; got {entry!r}"
            )
    return tuple(players)


class Match:
    """One game in progress, advanced by computers and chance until a human acts.

    Args:
        rules: The rules object (e.g. `ClassicRules`).
        strategies: One per seat: a `Strategy`, a strategy name for
            `get_strategy` (``"random"``, ``"expert"``, ...; card counting
            is told the game's ``no_data`` option), or `HUMAN` for a
            person.  None: the default computer player in every seat.
        seed: Fixes every chance outcome and computer choice (int or str);
            None picks a fresh seed, kept in `seed` so the game can be shown
            and replayed.
        start: A start state (e.g. from ``rules.start_from``), or None for
            the rules' initial state.
        max_actions: The cap on actions (rule C12); None for no cap.

    Raises:
        RuleOptionError: If the number of strategies differs from the seats,
            an entry is not `HUMAN`, a known strategy name or an object with
            a ``choose`` method (the message names the seat), or
            `max_actions` is not None or a whole number >= 1.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> match = Match(ClassicRules(load_deck("animals"), seats=3), seed=7)
        >>> match.advance()  # doctest: +ELLIPSIS
        (...)
        >>> match.outcome is not None
        True
    """

    def __init__(
        self,
        rules: Game,
        strategies: Sequence[SeatPlayer] | None = None,
        *,
        seed: int | str | None = None,
        start: Any = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
    ) -> None:
        players = _seat_players(rules, strategies)
        if max_actions is not None and (type(max_actions) is not int or max_actions < 1):
            raise RuleOptionError(f"max_actions must be None or a whole number >= 1 (rule C12); got {max_actions!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        self.rules = rules
        self.strategies: tuple[Strategy | Human, ...] = players
        self.seed = seed
        self.start = start
        self.max_actions = max_actions
        self._chance_rng = stream(seed, "chance")
        self._seat_rngs = tuple(stream(seed, f"seat/{n}") for n in range(rules.seats))
        self.state: Any = rules.initial_state() if start is None else start
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self._unfinished = False

    # -- reading ----------------------------------------------------------------

    @property
    def actor(self) -> Any:
        """Returns who acts now: a seat, CHANCE or TERMINAL."""
        return TERMINAL if self._unfinished else self.rules.actor(self.state)

    @property
    def waiting_for(self) -> Seat | None:
        """Returns the human seat that must act now, or None."""
        actor = self.actor
        if isinstance(actor, int) and isinstance(self.strategies[actor], Human):
            return actor
        return None

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

    def view(self, seat: Seat) -> Any:
        """Returns what `seat` may see now.

        Raises:
            IllegalActionError: If `seat` is not a seat number of this game
                (``"0"`` and ``True`` are not seats).
        """
        return self.rules.observe(self.state, check_seat(seat, self.rules.seats))

    def legal_actions(self) -> tuple[Action, ...]:
        """Returns the actions open to the current actor (empty for chance/terminal)."""
        return () if self._unfinished else self.rules.legal_actions(self.state)

    @property
    def record(self) -> GameRecord:
        """Returns the game so far as a `GameRecord`."""
        return GameRecord(self.rules, self.seed, self.start, tuple(self.actions), tuple(self.events), self.outcome)

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        strategies: Sequence[SeatPlayer] | None = None,
        *,
        upto: int | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
    ) -> Match:
        """Returns the match of `record`, rebuilt by replaying its actions (resume, undo).

        The new match has the record's rules, seed and start, and has taken
        the record's actions in order: a human seat's recorded action is
        submitted; a chance or computer action is drawn again from the same
        seeded stream, which must give the recorded action.  So the streams
        stand where they stood, and play goes on exactly as it would have.

        Args:
            record: The game to rebuild (e.g. ``Match.record`` or
                ``GameRecord.from_json(text)``); it needs its seed.
            strategies: One per seat, as for `Match`; None for the default
                computer player in every seat.  A computer seat must be
                the strategy that played it, so it chooses the same again.
            upto: Replay only the first `upto` actions (undo); None for all.
            max_actions: The cap on actions (rule C12), as for `Match`.

        Raises:
            RecordError: If the record has no seed, `upto` is out of range,
                or the replay differs: an action is illegal where it stands,
                or a computer seat or chance draws another action than the
                record's (the message gives the action's position).
            RuleOptionError: If `strategies` or `max_actions` is not valid.

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
            if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(actions):
                raise RecordError(f"upto must be a whole number from 0 to {len(actions)}; got {upto!r}")
            actions = actions[:upto]
        match = cls(record.rules, strategies, seed=record.seed, start=record.start, max_actions=max_actions)
        for number, action in enumerate(actions):
            try:
                if match.waiting_for is not None:
                    match.submit(action)
                    continue
                actor = match.actor
                match.step()
            except TopTrumpsError as err:
                raise RecordError(f"action {number} ({action!r}) does not replay: {err}") from None
            if match.actions[-1] != action:
                who = "chance" if actor is CHANCE else f"seat {actor}'s strategy"
                raise RecordError(
                    f"action {number}: {who} drew {match.actions[-1]!r} where the record has {action!r}; "
                    "is each computer seat the strategy that played it?"
                )
        return match

    # -- acting -------------------------------------------------------------------

    def step(self) -> tuple[Event, ...]:
        """Takes one chance or computer action and returns its events.

        Raises:
            IllegalActionError: If a human must act or the game is over.
        """
        actor = self.actor
        if actor is TERMINAL:
            raise IllegalActionError("the game is over")
        if actor is CHANCE:
            action = self.rules.chance(self.state).sample(self._chance_rng)
        else:
            strategy = self.strategies[actor]
            if isinstance(strategy, Human):
                raise IllegalActionError(f"seat {actor} is a human seat; use submit()")
            legal = self.rules.legal_actions(self.state)
            action = strategy.choose(self.rules.observe(self.state, actor), legal, self._seat_rngs[actor])
        return self._apply(action)

    def advance(self, *, max_steps: int | None = None) -> tuple[Event, ...]:
        """Runs chance and computer seats until a human must act or the game ends.

        Args:
            max_steps: Stop after this many actions (e.g. one computer
                comparison at a time for the page); None for no limit.

        Returns:
            The events of every action taken, in order.
        """
        events: list[Event] = []
        steps = 0
        while self.actor is not TERMINAL and self.waiting_for is None:
            if max_steps is not None and steps >= max_steps:
                break
            events.extend(self.step())
            steps += 1
        return tuple(events)

    def submit(self, action: Action) -> tuple[Event, ...]:
        """Applies a human seat's action and returns its events.

        Raises:
            IllegalActionError: If no human seat is to act, or `action` is not
                legal (the message lists the legal ones); nothing changes.
        """
        if self.waiting_for is None:
            raise IllegalActionError(f"no human seat is to act now (actor: {self.actor!r})")
        return self._apply(action)

    def _apply(self, action: Action) -> tuple[Event, ...]:
        transition = self.rules.apply(self.state, action)
        self.state = transition.state
        self.actions.append(action)
        self.events.extend(transition.events)
        capped = self.max_actions is not None and len(self.actions) >= self.max_actions
        if capped and self.rules.outcome(self.state) is None:
            self._unfinished = True  # rule C12
        return transition.events


def play(
    rules: Game,
    strategies: Sequence[SeatPlayer] | None = None,
    *,
    seed: int | str | None = None,
    start: Any = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
) -> GameRecord:
    """Plays a whole game between computer seats and returns its record.

    Args:
        rules: The rules object, e.g. ``ClassicRules(load_deck("animals"), seats=4)``.
        strategies: One `Strategy` or strategy name (``"random"``,
            ``"expert"``, ...) per seat, or None for the default computer
            player (card counting) in every seat.
        seed: Fixes the game (int or str); None picks a fresh one, kept in
            the record.
        start: A scenario start state, or None to shuffle and deal.
        max_actions: The cap (rule C12): a game still going after this many
            actions ends ``UNFINISHED`` with no winner.

    Returns:
        The `GameRecord`: ``record.outcome.winners``, ``.termination``,
        ``.actions``, ``.events``, ``.to_json()``.

    Raises:
        RuleOptionError: If a seat is `HUMAN`, an entry is not a strategy or
            a known strategy name, or the strategy count is wrong.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> record = play(ClassicRules(load_deck("animals"), seats=2), seed=3)
        >>> record.outcome.termination.name in {"LAST_STACK", "DRAW_ALL_OUT", "UNFINISHED"}
        True
    """
    match = Match(rules, strategies, seed=seed, start=start, max_actions=max_actions)
    if match.humans:
        raise RuleOptionError(f"play() runs computer seats only; seat {match.humans[0]} is HUMAN: use Match for it")
    match.advance()
    return match.record
