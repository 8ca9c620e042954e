"""The card arena, the spinner and the table every mini-game plays on (rules T1-T4).

Rules card:

- The arena has six openings, each holding one deck's stack; the same deck may
  fill several openings (each opening then holds its own copy) (T1).
- The spinner has six equal sectors.  Spinning for a mini-game, sector i is
  the i-th `Sector` (My Game, Head to Head, Shoot Out, Hi Lo, Steal a Pin,
  Grab 2 Pins); spinning for a deck, sector i is opening i.  Each sector has
  probability exactly 1/6 (T3).
- Stacks are never shuffled (except in the Finale, T16).  Cards are drawn from
  the top; after each mini-game every card it used, discards included, goes
  under its stack (T2).  Ruling: they go under in the order they were taken
  from the top, so a stack cycles like a queue.
- The active player is the one whose turn it is; "you" in a mini-game means
  the active player (T4).

Options shared by the tournament and every mini-game (`ArenaRules`):
``track_length`` (T1, default 9), ``supply`` (T1, default None = 9 per
player), ``tie_discard`` (T6, ``"all"`` default or ``"tied_only"``),
``hilo_pins`` (T12, ``"per_call"`` default or ``"complete_run"``), and the
table setting ``pin_master`` (T1, default seat 0).

Cards are numbered by their index in their opening's deck; a stack is a tuple
of card numbers, top first.

Rules version: 2 (`RULES_VERSION`; version 2 deals the Finale in rank order, T16).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar, cast

from toptrumps_core.cards import Card, Deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.probability import HiLoPins
from toptrumps_core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    Finite,
    Outcome,
    Recorded,
    ScenarioCards,
    Seat,
    Termination,
    Transition,
    check_chance,
    check_seat,
    whole_number,
)
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version, deck_from_data, deck_to_data
from toptrumps_core.tournament.pins import PinBoard

__all__ = [
    "OPENINGS",
    "SECTORS",
    "ArenaRules",
    "CardsDealt",
    "CardsReturned",
    "DeckSpun",
    "HiLoPins",
    "MiniGame",
    "MiniGameOver",
    "MiniGameState",
    "PinMiniGame",
    "Sector",
    "Spin",
    "Stage",
    "Table",
    "TieDiscard",
    "TournamentView",
    "spinner",
]

RULES_VERSION = 2
"""The version of the arena's rules (the tournament and every mini-game) that new games play.

Version 2: the Finale deals each player's whole count in rank order (T16,
`toptrumps_core.tournament.finale`); version 1 dealt it one card at a time
going left from the first chooser.  Nothing else differs.

Rules versions (see `toptrumps_core.record.families`): when a rule's meaning
changes, raise this by one, add the new version to `RULES_VERSIONS`, and
branch on ``self.rules_version`` where the rule differs, keeping the old
behaviour for old records (as `FinaleRules` does for version 1).  A record
stores its version; `ArenaRules.from_data` hands it to the ``rules_version``
field, and `TournamentRules` hands its own to every mini-game and the Finale
it builds, so a version-1 tournament record replays with version-1 rules.
"""
RULES_VERSIONS: tuple[int, ...] = (1, 2)
"""Every version of the arena's rules this program plays (old ones for old records)."""
OPENINGS = 6
"""Openings in the card arena, and sectors on the spinner (T1, T3)."""
MIN_SEATS, MAX_SEATS = 2, 6

TieDiscard = Literal["all", "tied_only"]
"""Rule T6 option: discard every card of a tie and all compare again, or only the tied."""


class Sector(Recorded, enum.Enum):
    """A mini-game on the spinner, in sector order (rule T3)."""

    MY_GAME = "my_game"
    """All players, 2 pins; the active player picks the deck (T10)."""
    HEAD_TO_HEAD = "head_to_head"
    """Two players, 1 pin (T9)."""
    SHOOT_OUT = "shoot_out"
    """All players, one card each, 1 pin (T11)."""
    HI_LO = "hi_lo"
    """The active player alone, 0-2 pins (T12)."""
    STEAL_A_PIN = "steal_a_pin"
    """Take a pin from another player's track (T13)."""
    GRAB_TWO_PINS = "grab_two_pins"
    """Take 2 pins from the supply (T14)."""


SECTORS: tuple[Sector, ...] = tuple(Sector)
"""The spinner's sectors: ``Spin(i)`` for a mini-game lands on ``SECTORS[i]``."""


@dataclass(frozen=True, slots=True)
class Spin(Action):
    """Chance action: the spinner stopped on sector `sector` (rule T3).

    Attributes:
        sector: 0..5.  Spinning for a mini-game it means ``SECTORS[sector]``;
            spinning for a deck it means opening `sector`.
    """

    sector: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "sector", whole_number(self.sector, "a spinner sector"))


def spinner() -> Finite:
    """Returns the spinner's distribution: six sectors, each exactly 1/6 (T3).

    Example:
        >>> spinner().probability(Spin(3))
        Fraction(1, 6)
    """
    return Finite(tuple((Spin(i), Fraction(1, OPENINGS)) for i in range(OPENINGS)))


@dataclass(frozen=True, slots=True)
class Table(Recorded):
    """What lies on the table between actions: the arena's stacks, the pins, whose turn.

    Attributes:
        stacks: One stack per opening (six), card numbers top first.  While
            a mini-game is dealt from an opening, that opening's entry is the
            stack as it was when the mini-game began; the live stack is in the
            mini-game's play state.
        pins: The pin tracks, supply and Pin Master (T1).
        active: The active player (T4).
    """

    stacks: tuple[tuple[int, ...], ...]
    pins: PinBoard
    active: Seat


class Stage(Recorded, enum.Enum):
    """What happens next inside a mini-game."""

    SPIN_DECK = "spin_deck"
    """Chance: the spinner picks the opening (T9, T11, T12, T16)."""
    PICK_DECK = "pick_deck"
    """The active player picks the opening (My Game, T10)."""
    PICK_OPPONENT = "pick_opponent"
    """The active player picks an opponent (Head to Head, T9)."""
    SHUFFLE = "shuffle"
    """Chance: the Finale's deck is shuffled (T16)."""
    LOT = "lot"
    """Chance: a tie for most pins is settled (Finale, T16)."""
    PLAY = "play"
    """The cards are out: the mini-game's own play state decides who acts."""
    ROB = "rob"
    """The active player picks whom to rob (Steal a Pin, T13)."""
    OVER = "over"
    """The mini-game has ended."""


@dataclass(frozen=True, slots=True)
class MiniGameState(Recorded):
    """A moment of one mini-game or of the Finale; immutable.

    Attributes:
        table: The arena, pins and active player.  Pins won and cards used
            are put back on it when the mini-game ends.
        stage: What happens next.
        opening: The opening whose deck is in use, or None before it is chosen.
        opponent: Head to Head's opponent (T9), else None.
        play: The card play underway (a `DuelState`, a `ShootOutPlay` or
            Hi Lo's state), or None before the deal.
        allotment: Finale cards per seat (T16), one entry per seat; () elsewhere.
        first: The Finale's first chooser once known (T16), else None.
        spin_again: True if the mini-game could not be played and the active
            player spins again (Steal a Pin with nobody to rob, T13).
        outcome: The outcome once the mini-game is over, else None.
    """

    table: Table
    stage: Stage
    opening: int | None = None
    opponent: Seat | None = None
    play: Any = None
    allotment: tuple[int, ...] = ()
    first: Seat | None = None
    spin_again: bool = False
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class DeckSpun(Event):
    """The spinner chose the deck for a mini-game (T9, T11, T12, T16).

    Attributes:
        opening: The opening, 0..5.
        deck: That opening's deck name.
    """

    opening: int
    deck: str


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """Cards were dealt from the top of an opening's stack (T2).

    Attributes:
        opening: The opening dealt from.
        counts: Cards dealt to each seat, one entry per seat (0 for seats
            not playing).
    """

    opening: int
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """Every card the mini-game used went under its stack (T2).

    Attributes:
        opening: The opening whose stack took them back.
        count: How many cards went under the stack.
    """

    opening: int
    count: int


@dataclass(frozen=True, slots=True)
class MiniGameOver(Event):
    """A mini-game ended (T9-T14).

    Attributes:
        sector: Which mini-game.
        winners: The seats that were given pins (empty if nobody was).
    """

    sector: Sector
    winners: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class TournamentView:
    """What one seat may see of the tournament or of a mini-game.

    Everything on the table is public (pins, discards, arena counts); of the
    cards in hand a seat sees only its own top card (its only card in Shoot
    Out).

    Attributes:
        seat: The seat this view belongs to.
        openings: The deck in each opening (public; six entries).
        arena_counts: Cards in each opening's stack now, six entries.
        tracks: Pins on each seat's track, one entry per seat.
        supply: Pins left in the supply.
        pin_master: The Pin Master's seat (T1).
        track_length: Holes per track (T1).
        active: The active player (T4), or None before the start is drawn.
        sector: The mini-game being played, or None (before the first spin,
            between mini-games, and in the Finale).
        stage: What happens next: ``"start"`` (the spin for who starts),
            ``"spin"`` (the spin for the mini-game), or inside a mini-game or
            the Finale a `Stage` value (``"spin_deck"``, ``"pick_deck"``,
            ``"pick_opponent"``, ``"shuffle"``, ``"lot"``, ``"play"``,
            ``"rob"``), and ``"over"``.
        finale: True once the Finale has begun (T15, T16).
        turns: Mini-games finished so far.
        opening: The opening in use, or None.
        deck: The deck in use, or None.
        opponent: Head to Head's opponent, or None.
        players: The seats dealt into the card play underway.
        stack: This seat's cards that it may look at, top first: its top
            card only (or nothing when out).
        hand_sizes: Cards held by each seat, one entry per seat.
        discards: Each seat's face-up discards, oldest first, one entry per seat.
        chooser: The seat naming the next category, or None.
        category: The category being compared again after a tie (T6) or
            fixed for the mini-game (Shoot Out, Hi Lo), else None.
        last_category: The category of the comparison just before (T8).
        forbidden_category: The category the chooser may not name now
            (last card, T8), else None.
        unseen: Cards of the deck in use that could be another seat's top
            card, from this seat's knowledge (for the exact odds, rule P3).
        allotment: Finale cards per seat (T16), or ().
        hilo: Hi Lo's own view while Hi Lo is played (T12), else None.
        outcome: The outcome if it is over, else None.
    """

    seat: Seat
    openings: tuple[Deck, ...] = field(repr=False)
    arena_counts: tuple[int, ...]
    tracks: tuple[int, ...]
    supply: int
    pin_master: Seat
    track_length: int
    active: Seat | None
    sector: Sector | None = None
    stage: str = "play"
    finale: bool = False
    turns: int = 0
    opening: int | None = None
    deck: Deck | None = field(default=None, repr=False)
    opponent: Seat | None = None
    players: tuple[Seat, ...] = ()
    stack: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    discards: tuple[tuple[int, ...], ...] = ()
    chooser: Seat | None = None
    category: int | None = None
    last_category: int | None = None
    forbidden_category: int | None = None
    unseen: tuple[int, ...] = ()
    allotment: tuple[int, ...] = ()
    hilo: Any = None
    outcome: Outcome | None = None

    @property
    def top_card(self) -> Card | None:
        """Returns this seat's top card, or None when it holds none."""
        return self.deck.cards[self.stack[0]] if self.stack and self.deck is not None else None

    @property
    def opponents(self) -> int:
        """Returns how many other seats hold cards in the card play underway."""
        return sum(1 for s, n in enumerate(self.hand_sizes) if n and s != self.seat)


_Arena = TypeVar("_Arena", bound="ArenaRules")


@dataclass(frozen=True)
class ArenaRules:
    """The table configuration shared by the tournament and every mini-game (T1).

    Attributes:
        decks: The deck in each of the six openings (the same deck may fill
            several); a single `Deck` fills all six; None (default) loads the
            first six bundled decks (repeating them if fewer are bundled).
            Normalised to a tuple of six.
        seats: Number of players, 2..6.
        track_length: Holes per pin track (T1), default 9.
        supply: Pins in the supply at the start (T1); None (default) means 9
            per player.
        tie_discard: Rule T6: ``"all"`` (default) or ``"tied_only"``.
        hilo_pins: Rule T12: ``"per_call"`` (default) or ``"complete_run"``.
        pin_master: The Pin Master's seat (T1), default 0.
        rules_version: The version of these rules to play, one of
            `RULES_VERSIONS` (default `RULES_VERSION`, the newest); a
            record's version rebuilds the rules it was played under.

    Raises:
        RuleOptionError: If an option is outside its range or spelling, or a
            deck has fewer cards than the rules need (D5 for a tournament).
    """

    family: ClassVar[str] = "arena"
    minimum_cards: ClassVar[int] = 2
    """The fewest cards a deck may have in these rules (30 in a tournament, D5)."""

    decks: Sequence[Deck] | Deck | None = None
    seats: int = 2
    track_length: int = 9
    supply: int | None = None
    tie_discard: TieDiscard = "all"
    hilo_pins: HiLoPins = "per_call"
    pin_master: Seat = 0
    rules_version: int = RULES_VERSION

    def __post_init__(self) -> None:
        if isinstance(self.rules_version, bool) or self.rules_version not in RULES_VERSIONS:
            raise RuleOptionError(f"rules_version must be one of {list(RULES_VERSIONS)}; got {self.rules_version!r}")
        object.__setattr__(self, "decks", _normalise_decks(self.decks))
        for deck in self.openings:
            if len(deck.cards) < self.minimum_cards:
                raise RuleOptionError(
                    f"deck {deck.name!r} has {len(deck.cards)} cards; a deck in the arena needs at least "
                    f"{self.minimum_cards} (rule D5: enough for a Finale)"
                )
        _check_int("seats", self.seats, MIN_SEATS, MAX_SEATS, "T1")
        _check_int("track_length", self.track_length, 1, 99, "T1")
        if self.supply is not None:
            _check_int("supply", self.supply, 0, 10_000, "T1")
        if self.tie_discard not in ("all", "tied_only"):
            raise RuleOptionError(f"tie_discard must be 'all' or 'tied_only' (rule T6); got {self.tie_discard!r}")
        if self.hilo_pins not in ("per_call", "complete_run"):
            raise RuleOptionError(f"hilo_pins must be 'per_call' or 'complete_run' (rule T12); got {self.hilo_pins!r}")
        _check_int("pin_master", self.pin_master, 0, self.seats - 1, "T1")

    @property
    def openings(self) -> tuple[Deck, ...]:
        """Returns the deck in each of the six openings."""
        return cast(tuple[Deck, ...], self.decks)

    @property
    def deck(self) -> Deck:
        """Returns opening 0's deck (the game record stores it as the main deck)."""
        return self.openings[0]

    def options(self) -> dict[str, Any]:
        """Returns every rule option by its RULES.md name, and the arena for records.

        ``"openings"`` gives, per opening, an index into the record's deck
        followed by ``"arena_decks"`` (the other distinct decks, as data).
        """
        pool: list[Deck] = [self.deck]
        for deck in self.openings:
            if deck not in pool:
                pool.append(deck)
        return {
            "track_length": self.track_length,
            "supply": self.supply,
            "tie_discard": self.tie_discard,
            "hilo_pins": self.hilo_pins,
            "pin_master": self.pin_master,
            "openings": [pool.index(deck) for deck in self.openings],
            "arena_decks": [deck_to_data(deck) for deck in pool[1:]],
        }

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as record data: seats, `options` and opening 0's deck."""
        return card_game_data(self.deck, self.seats, self.options())

    @classmethod
    def from_data(cls: type[_Arena], data: Mapping[str, Any], *, rules_version: int = RULES_VERSION) -> _Arena:
        """Returns the rules that `to_data` wrote (see `toptrumps_core.record.families`).

        Raises:
            RecordError: If the data lacks a part or this program does not
                play `rules_version`.
            RuleOptionError: If the options or the arena are not valid.
        """
        version = check_rules_version(rules_version, RULES_VERSIONS, cls.family)
        deck, seats, options = card_game_parts(data)
        try:
            pool = [deck] + [deck_from_data(d) for d in options.pop("arena_decks")]
            decks = [pool[i] for i in options.pop("openings")]
        except (KeyError, IndexError, TypeError) as err:
            raise RuleOptionError(f"the record's arena is not valid: {err!r}") from None
        return cls(decks, seats, **options, rules_version=version)

    def new_table(self, active: Seat = 0) -> Table:
        """Returns the table at the start: full stacks in deck order, empty tracks."""
        stacks = tuple(tuple(range(len(deck.cards))) for deck in self.openings)
        pins = PinBoard.new(self.seats, supply=self.supply, pin_master=self.pin_master, track_length=self.track_length)
        return Table(stacks, pins, active)

    def scenario_table(
        self,
        *,
        active: Seat = 0,
        pins: Sequence[int] | None = None,
        stack: Sequence[str] | None = None,
        opening: int = 0,
        stacks: Sequence[Sequence[str] | None] | None = None,
    ) -> Table:
        """Returns a table for a scenario start (tests and lessons).

        Args:
            active: The active player.
            pins: Pins on each seat's track, one entry per seat; they come
                out of the supply.  None: every track empty.
            stack: Card names of `opening`'s stack, top first (cards not
                named are left out of the game).  None: the deck in file order.
            opening: The opening `stack` describes.
            stacks: Card names per opening (six entries, None for file
                order); an alternative to `stack`.

        Raises:
            RuleOptionError: If a seat, opening or card name is unknown, a
                card is named twice, or the pins do not fit.
        """
        _check_int("active", active, 0, self.seats - 1, "T4")
        table = self.new_table(active)
        named: list[Sequence[str] | None] = [None] * OPENINGS if stacks is None else list(stacks)
        if len(named) != OPENINGS:
            raise RuleOptionError(f"expected {OPENINGS} stacks, one per opening; got {len(named)}")
        if stack is not None:
            _check_int("opening", opening, 0, OPENINGS - 1, "T1")
            named[opening] = stack
        built = list(table.stacks)
        for index, names in enumerate(named):
            if names is not None:
                built[index] = self.card_numbers(index, names)
        board = table.pins
        if pins is not None:
            tracks = tuple(pins)
            if len(tracks) != self.seats or any(n < 0 or n > self.track_length for n in tracks):
                raise RuleOptionError(
                    f"pins must give 0..{self.track_length} pins for each of the {self.seats} seats; got {tracks!r}"
                )
            if sum(tracks) > board.supply:
                raise RuleOptionError(f"the supply has only {board.supply} pins; the tracks ask for {sum(tracks)}")
            board = replace(board, tracks=tracks, supply=board.supply - sum(tracks))
        return Table(tuple(built), board, active)

    def card_numbers(self, opening: int, names: Sequence[str]) -> tuple[int, ...]:
        """Returns the card numbers of `names` in `opening`'s deck.

        Raises:
            RuleOptionError: If a name is unknown or named twice.
        """
        return ScenarioCards(self.openings[opening]).numbers(names)

    def base_view(self, table: Table, seat: Seat) -> TournamentView:
        """Returns the public part of `table` as seen by `seat`.

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        check_seat(seat, self.seats)
        return TournamentView(
            seat=seat,
            openings=self.openings,
            arena_counts=tuple(map(len, table.stacks)),
            tracks=table.pins.tracks,
            supply=table.pins.supply,
            pin_master=table.pins.pin_master,
            track_length=table.pins.track_length,
            active=table.active,
        )


class MiniGame(ArenaRules):
    """The protocol of a mini-game inside the tournament, with shared steps.

    A mini-game starts from the table (`begin`), is played through the usual
    protocol (``actor``, ``legal_actions``, ``chance``, ``apply``,
    ``observe``, ``outcome``), and when it is over has put its pins on the
    tracks and its cards back under their stack (`table`).  Its outcome is
    ``Termination.MINI_GAME_ENDED`` with the seats given pins as winners
    (the Finale: ``FINALE_WON``).  Subclasses set `sector` and fill in the
    stages they use.
    """

    sector: ClassVar[Sector | None] = None

    # -- starts -------------------------------------------------------------

    def begin(self, table: Table) -> Transition[MiniGameState]:
        """Returns the mini-game's first state on `table`, and the events of starting it."""
        raise NotImplementedError

    def initial_state(self) -> MiniGameState:
        """Returns the start on a fresh table with seat 0 active."""
        return self.begin(self.new_table(0)).state

    def table(self, state: MiniGameState) -> Table:
        """Returns the table; once the mini-game is over, with its pins and cards put back."""
        return state.table

    def spin_again(self, state: MiniGameState) -> bool:
        """Returns True if the mini-game could not be played: spin again (T13)."""
        return state.spin_again

    # -- the protocol -------------------------------------------------------

    def actor(self, state: MiniGameState) -> Actor:
        """Returns who acts: CHANCE (spins, shuffles, lots), a seat, or TERMINAL."""
        stage = state.stage
        if stage is Stage.OVER:
            return TERMINAL
        if stage in (Stage.SPIN_DECK, Stage.SHUFFLE, Stage.LOT):
            return CHANCE
        if stage is Stage.PLAY:
            return self.play_actor(state)
        return state.table.active

    def play_actor(self, state: MiniGameState) -> Actor:
        """Returns who acts in the PLAY stage."""
        raise NotImplementedError

    def chance(self, state: MiniGameState) -> Distribution:
        """Returns the distribution of the pending chance action.

        Raises:
            IllegalActionError: If the actor is not CHANCE.
        """
        if state.stage is Stage.SPIN_DECK:
            return spinner()
        distribution = self.stage_chance(state)
        if distribution is None:
            raise IllegalActionError(f"no chance action is pending; {self.actor(state)!r} acts")
        return distribution

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns the chance distribution of stages other than SPIN_DECK, or None."""
        return None

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns the actions open to the actor (empty at chance and terminal)."""
        return ()

    def apply(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state`.
        """
        raise NotImplementedError

    def observe(self, state: MiniGameState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see.

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        view = self.base_view(state.table, seat)
        deck = None if state.opening is None else self.openings[state.opening]
        return replace(
            view,
            sector=self.sector,
            stage=state.stage.value,
            opening=state.opening,
            deck=deck,
            opponent=state.opponent,
            allotment=state.allotment,
            outcome=state.outcome,
        )

    def outcome(self, state: MiniGameState) -> Outcome | None:
        """Returns the outcome once the mini-game is over, else None."""
        return state.outcome

    # -- shared steps -------------------------------------------------------

    def check_legal(self, state: MiniGameState, action: Action) -> None:
        """Raises IllegalActionError unless `action` is one of the legal actions now."""
        if state.stage is Stage.OVER:
            raise IllegalActionError(f"the mini-game is over; no action is legal (got {action!r})")
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalActionError(
                f"{action!r} is not legal for {self.actor(state)!r}; expected one of {list(legal)!r}"
            )

    def spin_deck(self, state: MiniGameState, action: Action) -> tuple[MiniGameState, DeckSpun]:
        """Applies the deck spin: returns the state with the opening chosen and its event."""
        check_chance(self, state, action)
        assert isinstance(action, Spin)  # the check above passed
        opening = action.sector
        return replace(state, opening=opening), DeckSpun(opening, self.openings[opening].name)

    def finish(
        self,
        state: MiniGameState,
        winners: Sequence[tuple[Seat, int]],
        used: tuple[int, ...] = (),
        remaining: tuple[int, ...] = (),
    ) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Ends the mini-game: awards pins, returns the cards (T2), sets the outcome.

        Args:
            state: The state at the end of play.
            winners: ``(seat, pins won)`` pairs, in award order.
            used: Cards taken from the opening's stack, in the order taken;
                they go under the stack (T2).
            remaining: The opening's stack still in the arena, top first;
                `used` goes under it.

        Returns:
            The final state and the events (pins, cards returned, mini-game over).
        """
        table = state.table
        events: list[Event] = []
        board = table.pins
        given: list[Seat] = []
        for seat, count in winners:
            before = board.tracks[seat]
            board, pin_events = board.award(seat, count)
            events.extend(pin_events)
            if board.tracks[seat] > before:
                given.append(seat)
        stacks = table.stacks
        if state.opening is not None and used:
            stacks = tuple(remaining + used if i == state.opening else s for i, s in enumerate(stacks))
            events.append(CardsReturned(state.opening, len(used)))
        table = replace(table, stacks=stacks, pins=board)
        return self.end(replace(state, table=table), tuple(given), tuple(events))

    def end(
        self, state: MiniGameState, winners: tuple[Seat, ...], events: tuple[Event, ...]
    ) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Returns the state marked over with `winners`, and the events plus `MiniGameOver`."""
        outcome = Outcome(Termination.MINI_GAME_ENDED, frozenset(winners))
        sector = self.sector
        over: tuple[Event, ...] = () if sector is None else (MiniGameOver(sector, winners),)
        return replace(state, stage=Stage.OVER, outcome=outcome), events + over


class PinMiniGame(MiniGame):
    """A mini-game played on the pin tracks alone: Steal a Pin (T13), Grab 2 Pins (T14).

    No deck is used and no card is dealt, so a scenario starts from the pins
    on the tracks and the active player alone.
    """

    def start_from(self, *, pins: Sequence[int] | None = None, active: Seat = 0) -> MiniGameState:
        """Returns the mini-game begun on a scenario table (tests and lessons).

        Args:
            pins: Pins on each track before (default none).
            active: The active player.

        Raises:
            RuleOptionError: If a seat or pin count is not valid.
        """
        return self.begin(self.scenario_table(active=active, pins=pins)).state


def _normalise_decks(decks: Sequence[Deck] | Deck | None) -> tuple[Deck, ...]:
    if decks is None:
        from toptrumps_core.deckfiles import bundled_decks, load_deck  # lazy: deck files load on demand

        loaded = tuple(load_deck(name) for name in bundled_decks()[:OPENINGS])
        if not loaded:
            raise RuleOptionError("no bundled deck was found to fill the arena")
        return tuple(loaded[i % len(loaded)] for i in range(OPENINGS))  # T1: a deck may fill several openings
    if isinstance(decks, Deck):
        return (decks,) * OPENINGS
    out = tuple(decks)
    if len(out) != OPENINGS or not all(isinstance(d, Deck) for d in out):
        raise RuleOptionError(f"the arena needs {OPENINGS} decks, one per opening (rule T1); got {out!r}")
    return out


def _check_int(name: str, value: object, low: int, high: int, rule: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleOptionError(f"{name} must be a whole number from {low} to {high} (rule {rule}); got {value!r}")
