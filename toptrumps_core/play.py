"""The driver: `play()` runs a whole game, `Match` runs one interactively.

Both step the same loop (open_spiel ``evaluate_bots``): at a chance node the
driver draws from the rules' distribution with the match's chance stream and
applies the outcome as an action; at a computer seat it asks that seat's
strategy, handing it only the seat's view and its own stream; at a human seat
`Match.advance` stops and waits for `Match.submit`.

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
from typing import Any

from toptrumps_core.chance import stream
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import CHANCE, TERMINAL, Action, Event, Game, Outcome, Seat, Termination
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import CardCounting, Human, Strategy

__all__ = ["DEFAULT_MAX_ACTIONS", "Match", "default_strategy", "play"]

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


class Match:
    """One game in progress, advanced by computers and chance until a human acts.

    Args:
        rules: The rules object (e.g. `ClassicRules`).
        strategies: One per seat: a `Strategy`, or `HUMAN` for a person.
            None: the default computer player in every seat.
        seed: Fixes every chance outcome and computer choice (int or str);
            None picks a fresh seed, kept in `seed` so the game can be shown
            and replayed.
        start: A start state (e.g. from ``rules.start_from``), or None for
            the rules' initial state.
        max_actions: The cap on actions (rule C12); None for no cap.

    Raises:
        RuleOptionError: If the number of strategies differs from the seats,
            or `max_actions` is not None or a whole number >= 1.

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
        strategies: Sequence[Strategy | Human] | None = None,
        *,
        seed: int | str | None = None,
        start: Any = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
    ) -> None:
        if strategies is None:
            strategies = [default_strategy(rules)] * rules.seats
        if len(strategies) != rules.seats:
            raise RuleOptionError(f"expected {rules.seats} strategies, one per seat; got {len(strategies)}")
        if max_actions is not None and (type(max_actions) is not int or max_actions < 1):
            raise RuleOptionError(f"max_actions must be None or a whole number >= 1 (rule C12); got {max_actions!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        self.rules = rules
        self.strategies = tuple(strategies)
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
        """Returns what `seat` may see now."""
        return self.rules.observe(self.state, seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """Returns the actions open to the current actor (empty for chance/terminal)."""
        return () if self._unfinished else self.rules.legal_actions(self.state)

    @property
    def record(self) -> GameRecord:
        """Returns the game so far as a `GameRecord`."""
        return GameRecord(self.rules, self.seed, self.start, tuple(self.actions), tuple(self.events), self.outcome)

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
    strategies: Sequence[Strategy | Human] | None = None,
    *,
    seed: int | str | None = None,
    start: Any = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
) -> GameRecord:
    """Plays a whole game between computer seats and returns its record.

    Args:
        rules: The rules object, e.g. ``ClassicRules(load_deck("animals"), seats=4)``.
        strategies: One `Strategy` per seat, or None for the default computer
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
        RuleOptionError: If a seat is `HUMAN` or the strategy count is wrong.

    Example:
        >>> from toptrumps_core import ClassicRules, load_deck
        >>> record = play(ClassicRules(load_deck("animals"), seats=2), seed=3)
        >>> record.outcome.termination.name in {"LAST_STACK", "DRAW_ALL_OUT", "UNFINISHED"}
        True
    """
    if strategies is not None and any(isinstance(s, Human) for s in strategies):  # HUMAN is a Human
        raise RuleOptionError("play() runs computer seats only; use Match for human seats")
    match = Match(rules, strategies, seed=seed, start=start, max_actions=max_actions)
    match.advance()
    return match.record
