"""The card arena: the options every part of the tournament shares, and the table (rules T1, T2, T4).

Rules card:

- The arena has six openings, each holding one deck's stack; the same deck may
  fill several openings (each opening then holds its own copy) (T1).  The
  openings and the spinner that picks among them are
  `toptrumps_core.tournament.spinner`.
- Stacks are never shuffled (except in the Finale, T16).  Cards are drawn from
  the top; after each mini-game every card it used, discards included, goes
  under its stack (T2).  Ruling: they go under in the order they were taken
  from the top, so a stack cycles like a queue (`toptrumps_core.tournament.mini_game`).
- The active player is the one whose turn it is; "you" in a mini-game means
  the active player (T4).  The `Table` holds the stacks, the pins and the
  active player between actions.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, TypeVar, cast

from toptrumps_core.cards import Deck, ScenarioCards
from toptrumps_core.checks import whole_number
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.options import check_options, option, option_values, options_from_data
from toptrumps_core.probability import HiLoPins
from toptrumps_core.protocol import EndReason, Recorded, Seat, check_seat
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version, deck_from_data, deck_to_data
from toptrumps_core.tournament.pins import PinBoard
from toptrumps_core.tournament.spinner import OPENINGS
from toptrumps_core.tournament.view import TournamentView

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "RULES_VERSION",
    "RULES_VERSIONS",
    "ArenaRules",
    "Table",
    "TieDiscard",
    "TournamentEnd",
    "hilo_pins_option",
    "tie_discard_option",
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
MIN_SEATS, MAX_SEATS = 2, 6



class TournamentEnd(EndReason, wire="tournament/end"):
    """Why the tournament, a mini-game or the Finale ended: the tournament's own end reasons.

    The card games the tournament plays inside its mini-games end for these;
    the reasons classic play ends for (`Termination.LAST_STACK`,
    `DRAW_ALL_OUT`, `ROUND_LIMIT`) and the driver's cap
    (`Termination.UNFINISHED`, rule C12) stay shared in
    `toptrumps_core.protocol.Termination`.  Records written before, which
    stored these as a `Termination` with the same values, still load
    (`toptrumps_core.record.codec`).
    """

    MINI_GAME_ENDED = "mini_game_ended"
    """A mini-game is over; its winners are the seats given pins (T9-T14)."""
    FINALE_WON = "finale_won"
    """The last player holding cards in the Finale won the tournament (T16)."""


TieDiscard = Literal["all", "tied_only"]
"""Rule T6 option: discard every card of a tie and all compare again, or only the tied."""


def tie_discard_option() -> Any:
    """Returns the declaration of the ``tie_discard`` rule option (T6), for each rules class that has it."""
    return option(
        "T6",
        default="all",
        label="A tie in a duel",
        help="Who compares again after a tie in a duel",
        choice_labels=("Everyone", "Only the tied"),
        choice_help=("A tie: everyone discards and compares again", "A tie: only the tied players compare again"),
    )


def hilo_pins_option() -> Any:
    """Returns the declaration of the ``hilo_pins`` rule option (T12), for each rules class that has it."""
    return option(
        "T12",
        default="per_call",
        label="Hi Lo pays",
        help="How many pins the two calls of Hi Lo earn",
        choice_labels=("Per right call", "Only for both right"),
        choice_help=("One pin per right call: 0, 1 or 2", "Two pins only for both calls right, else none"),
    )


@dataclass(frozen=True, slots=True)
class Table(Recorded, wire="tournament/table"):
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
    track_length: int = option(
        "T1",
        default=9,
        low=1,
        high=99,
        label="Holes on a pin track",
        help="How many pins a player needs on their track to fill it",
    )
    supply: int | None = option(
        "T1",
        default=None,
        low=0,
        high=10_000,
        label="Pins in the supply",
        help="How many pins the supply holds at the start; off means 9 for each player",
    )
    tie_discard: TieDiscard = tie_discard_option()
    hilo_pins: HiLoPins = hilo_pins_option()
    pin_master: Seat = option(
        "T1",
        default=0,
        low=0,
        high=MAX_SEATS - 1,
        label="Pin Master",
        help="The player who looks after the pins, counted from the first player as 0",
    )
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
        check_options(self)
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
            **option_values(self),
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
        return cls(decks, seats, **options_from_data(cls, options), rules_version=version)

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


def _normalise_decks(decks: Sequence[Deck] | Deck | None) -> tuple[Deck, ...]:
    if decks is None:
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
    whole_number(value, name, low=low, high=high, rule=rule, error=RuleOptionError)
