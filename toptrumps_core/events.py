"""Events card games share: what happened, as dataclasses named in the past tense.

Actions are the inputs that decide a game; events are the narration that
widgets, transcripts, statistics and lessons read
(`toptrumps_core.narration` turns each into a sentence).  Classic play, the
tournament duel (Head to Head, My Game, the Finale) and Shoot Out tell a
comparison with the same events: `Revealed`, then `Won` or `Tied`, then what
happened to the cards (`PotCollected` in classic play, `CardsDiscarded` in
the tournament), then `SeatOut` for each player left without cards.

Card numbers are indices into the deck's ``cards``; seats are 0..n-1;
categories are indices into the deck's ``categories``.  Every event is
JSON-serialisable by `toptrumps_core.record`.

Events are values: slotted dataclasses, equal and hashed by their fields,
never changed once built (nothing assigns to a field).  They are not
``frozen=True``: a frozen dataclass sets each field through
``object.__setattr__`` as it is built, about a tenth of a microsecond a
field, and every comparison builds two or three events.  Frozen, these
events and `Transition` alone take the rules engine from 0.10x to 0.085x
the plain baseline of `benchmarks/bench_simulation.py` (with `ClassicState`
as well, 0.07x), below the 0.1x the reference engine must keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from toptrumps_core.protocol import Event, Outcome, Seat

__all__ = [
    "CardsDiscarded",
    "CardsDrawn",
    "ChooserDrawn",
    "Dealt",
    "GameEnded",
    "PotCollected",
    "Revealed",
    "SeatOut",
    "StayerDrawn",
    "Tied",
    "Won",
]


@dataclass(slots=True, unsafe_hash=True)
class Dealt(Event, wire="dealt"):
    """The shuffled deck was dealt (rule C2).

    Attributes:
        stack_sizes: Cards dealt to each seat, one entry per seat.
        set_aside: Cards set aside undealt (``leftover="set_aside"``), >= 0.
    """

    stack_sizes: tuple[int, ...]
    set_aside: int


@dataclass(slots=True, unsafe_hash=True)
class Revealed(Event, wire="revealed"):
    """Everyone in the comparison turned their top card (rules C4, T5, T6, T11).

    Attributes:
        chooser: The seat that named the category, or None for a comparison
            repeated in the same category after a tournament tie, where
            nobody chooses (T6, T11).
        category: Index of the category compared.
        cards: ``(seat, card)`` pairs in play order, starting at the chooser
            (or the first of those comparing again) and going left.
    """

    chooser: Seat | None
    category: int
    cards: tuple[tuple[Seat, int], ...]


@dataclass(slots=True, unsafe_hash=True)
class Won(Event, wire="won"):
    """One seat had the single best value and took cards of the comparison (rules C4, C9, T5, T11).

    Attributes:
        seat: The winning seat; it chooses next (C9, T5).
        category: Index of the category compared.
        cards: The revealed cards the winner put under their stack.  Classic
            play: every revealed card, in the fixed collect order of rule C4:
            the winner's own card, then the others' going left from the
            winner (not counting the pot; see `PotCollected`); that is the
            order they go under the stack with ``collect_order="fixed"``,
            and with ``"shuffled"`` a `Shuffle` of these cards and then the
            pot's decides it instead.  Tournament (T5): the winner's own card
            alone, the others being discarded (`CardsDiscarded`); in Shoot
            Out (T11), the winning card, which wins a pin.
    """

    seat: Seat
    category: int
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Tied(Event, wire="tied"):
    """The best value was shared, or a card had no data (rules C5, C6, T6, T11).

    In classic play the revealed cards go to the pot and the same chooser
    picks again (C5); in the tournament they are discarded
    (`CardsDiscarded`) and the same category is compared again at once (T6,
    T11).

    Attributes:
        category: Index of the category compared.
        seats: The seats that shared the best value; empty when no data
            caused the tie (rule C6, ``no_data="tie"``; always in the
            tournament).
        pot_size: Cards in the pot after this tie (C5); 0 in the
            tournament, where a tie sends no card to a pot (T6).
        again: The seats that compare the same category again at once (T6,
            T11), in play order; empty in classic play, where the chooser
            picks a category again (C5).
    """

    category: int
    seats: tuple[Seat, ...]
    pot_size: int = 0
    again: tuple[Seat, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class PotCollected(Event, wire="pot_collected"):
    """A seat took the pot (rules C4, C7).

    Attributes:
        seat: Who took it.
        cards: The pot's cards in the order they were added.
    """

    seat: Seat
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class SeatOut(Event, wire="seat_out"):
    """A seat ran out of cards and is out of the game or the card play (rules C7, T5, T7).

    Attributes:
        seat: The seat that is out.
    """

    seat: Seat


@dataclass(slots=True, unsafe_hash=True)
class ChooserDrawn(Event, wire="chooser_drawn"):
    """The chooser ran out in a tie; the next chooser was drawn by lot (rule C8).

    Attributes:
        seat: The new chooser.
        among: The seats the lot was drawn among.
    """

    seat: Seat
    among: tuple[Seat, ...]


@dataclass(slots=True, unsafe_hash=True)
class CardsDiscarded(Event, wire="cards_discarded"):
    """Cards were discarded face up in front of their owners, out of play until the mini-game ends (T5, T6, T11).

    Attributes:
        cards: ``(seat, card)`` pairs, in play order.
    """

    cards: tuple[tuple[Seat, int], ...]


@dataclass(slots=True, unsafe_hash=True)
class CardsDrawn(Event, wire="cards_drawn"):
    """Players comparing again got a new card each from the top of the stack (T7, T11).

    Attributes:
        cards: ``(seat, card)`` pairs, in play order.
    """

    cards: tuple[tuple[Seat, int], ...]


@dataclass(slots=True, unsafe_hash=True)
class StayerDrawn(Event, wire="stayer_drawn"):
    """The stack had too few cards for everyone comparing again: a lot chose who stays in (T7, T11).

    In the duel the seat drawn stays in (with the top card, if any); in
    Shoot Out it wins the pin.

    Attributes:
        seat: The seat drawn.
        among: The seats the lot was drawn among.
    """

    seat: Seat
    among: tuple[Seat, ...]


@dataclass(slots=True, unsafe_hash=True)
class GameEnded(Event, wire="game_ended"):
    """The game is over.

    Attributes:
        outcome: Why it ended and who won.
    """

    outcome: Outcome
