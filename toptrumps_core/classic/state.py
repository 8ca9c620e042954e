"""A moment of a classic game, one seat's view of it, and the C10 pick (rules C1-C12).

Rules card:

- `ClassicState` holds everything on the table: each seat's stack, top first
  (a seat with no cards is out, C7), the pot in the order it was built (C5),
  the cards set aside (``leftover="set_aside"``, C2), the chooser (C3, C8, C9),
  the comparisons made so far (C11) and the outcome once the game is over.
- `ClassicView` is what one seat may see: its own top card, or every card of
  its stack under ``look_at_last`` (C10), and what lies face up.  Strategies
  and the probability lens get only this (rule P3).
- `PickCard` is the C10 action: a seat holding ``look_at_last`` cards or fewer
  moves the card it picked to the top before revealing.

Cards are numbered by their index in the deck; a stack is a tuple of card
numbers, top first.

Rules version: 1.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from itertools import compress
from typing import TypeAlias

from toptrumps_core.cards import Card, Deck
from toptrumps_core.comparison import ChooseCategory
from toptrumps_core.protocol import Action, Outcome, Recorded, Seat, whole_number

__all__ = ["ClassicDecision", "ClassicPublicView", "ClassicState", "ClassicView", "PickCard", "Step"]


@dataclass(frozen=True, slots=True)
class PickCard(Action, wire="classic/pick_card"):
    """Move card `index` of one's own stack to the top before revealing (C10).

    Attributes:
        index: Position in the acting seat's stack, 0 = top.

    Raises:
        TypeError: If `index` is not a whole number.
    """

    index: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", whole_number(self.index, "a card position"))


class _Step(Recorded, enum.Enum, wire="classic/step"):
    """What happens next in a classic game: `ClassicState.step`.

    Records name this enum ``"classic/step"`` (its wire name, `Recorded`;
    records of formats 1-2 named it ``_Step``); the other modules of the
    package use it as `Step`.
    """

    DEAL = "deal"  # chance: the shuffle
    CHOOSE = "choose"  # the chooser picks a card (C10) or a category
    PICK = "pick"  # seats after the chooser pick their card (C10)
    COLLECT = "collect"  # chance: order of the won cards (collect_order="shuffled")
    LOT = "lot"  # chance: the next chooser (C8)
    OVER = "over"


Step = _Step
"""What happens next in a classic game (``DEAL``, ``CHOOSE``, ``PICK``, ``COLLECT``, ``LOT``, ``OVER``)."""


# Not frozen=True: see the docstring; frozen, the rules engine falls below 0.1x the plain baseline.
@dataclass(slots=True, unsafe_hash=True)
class ClassicState(Recorded, wire="classic/state"):
    """A moment of a classic game: a value, never changed once built.

    `ClassicRules.apply` builds the next state (``dataclasses.replace``
    makes a changed copy); nothing assigns to a field.  Equal and hashed by
    its fields, but not ``frozen=True``, which would set each of its
    fourteen fields through ``object.__setattr__`` at every comparison.
    Measured with `benchmarks/bench_simulation.py`'s workload, freezing
    this state, `Transition` and the shared events together takes the
    rules engine from 0.10x to 0.07x the plain baseline (this state alone
    accounts for about half of that), below the 0.1x the reference engine
    must keep.

    Attributes:
        stacks: One tuple of card numbers per seat, top first; () when out.
        pot: Cards in the pot, in the order they were added (rule C5).
        set_aside: Cards dealt to nobody (``leftover="set_aside"``).
        chooser: The seat naming the next category.
        step: What happens next (internal).
        category: The category named for the comparison underway, or None
            before it is named.
        chooser_picked: True once the chooser made their C10 pick.
        pickers: Seats still to pick a card after hearing the category (C10).
        pending: Won cards waiting for their shuffle, winner is `chooser`.
        lot_among: Seats the next chooser is drawn among (C8).
        comparisons: Comparisons made so far (C11).
        revealed: Card numbers that have been face up at least once.
        outcome: The outcome once the game is over, else None.
        last_players: Seats of the latest comparison (for C7's draw).
    """

    stacks: tuple[tuple[int, ...], ...]
    pot: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    chooser: Seat = 0
    step: _Step = _Step.DEAL
    category: int | None = None
    chooser_picked: bool = False
    pickers: tuple[Seat, ...] = ()
    pending: tuple[int, ...] = ()
    lot_among: tuple[Seat, ...] = ()
    comparisons: int = 0
    revealed: frozenset[int] = frozenset()
    outcome: Outcome | None = None
    last_players: tuple[Seat, ...] = ()

    @property
    def in_play(self) -> tuple[Seat, ...]:
        """Returns the seats still holding cards, in seat order."""
        return tuple(compress(range(len(self.stacks)), self.stacks))  # a stack is true while it holds cards

    def card_count(self) -> int:
        """Returns every card accounted for: stacks + pot + set aside + pending."""
        return sum(map(len, self.stacks)) + len(self.pot) + len(self.set_aside) + len(self.pending)


@dataclass(frozen=True, slots=True)
class ClassicView:
    """What one seat may see: its own top card (every card under C10) and what lies face up.

    Strategies and the probability lens get only this, never the state, so
    a computer player cannot peek at a card its seat has not seen.

    Attributes:
        seat: The seat this view belongs to.
        deck: The deck in play (public: every player knows the deck).
        stack: The seat's own cards that it may look at, top first: only the
            top card, or every card under ``look_at_last`` (C10); () when out.
        stack_sizes: Cards held by each seat, one entry per seat.
        pot: The pot's cards (they were revealed face up), oldest first.
        set_aside_count: How many cards were set aside, unseen by all.
        chooser: The seat naming the category.
        category: The category named for the comparison underway, else None.
        known_own: Cards this seat knows are in its own stack (it saw them
            revealed and collected them), top card excluded.
        unseen: Cards that could be another seat's top card, from this seat's
            knowledge: every card except its own top card, the cards it knows
            it holds, and the pot.  Strategies and the probability lens treat
            the other seats' top cards as drawn from these without
            replacement (rule P3).
        comparisons: Comparisons made so far.
        outcome: The outcome if the game is over, else None.
        ranks: Per category, each card's rank in it, as
            `toptrumps_core.comparison.category_ranks` gives them: 0 for the
            worst value, equal values share a rank, None for no data.  Public
            like the deck, and worked out once per rules object, so that
            strategies need not compare the deck's Fractions at every
            decision; () if not given.
    """

    seat: Seat
    deck: Deck = field(repr=False)
    stack: tuple[int, ...]
    stack_sizes: tuple[int, ...]
    pot: tuple[int, ...]
    set_aside_count: int
    chooser: Seat
    category: int | None
    known_own: frozenset[int]
    unseen: tuple[int, ...]
    comparisons: int
    outcome: Outcome | None
    ranks: tuple[tuple[int | None, ...], ...] = field(default=(), repr=False)

    @property
    def top_card(self) -> Card | None:
        """Returns this seat's top card, or None when it is out."""
        return self.deck.cards[self.stack[0]] if self.stack else None

    @property
    def opponents(self) -> int:
        """Returns how many other seats still hold cards."""
        return sum(1 for s, n in enumerate(self.stack_sizes) if n and s != self.seat)


@dataclass(frozen=True, slots=True)
class ClassicPublicView:
    """What everyone at the table may see, a spectator included: no card that is face down.

    The same for every seat, so a page can draw the stacks and the pot
    without reading any seat's view (rules C4, C5, C7).

    Attributes:
        stack_sizes: Cards held by each seat, one entry per seat; 0 means out (C7).
        pot_size: Cards in the pot, from ties (C5), >= 0.
        set_aside_count: Cards set aside undealt and unseen by all (C2), >= 0.
        chooser: The seat naming the next category (C3, C9).
        comparisons: Comparisons made so far, ties included, >= 0.
        outcome: The outcome once the game is over, else None.
    """

    stack_sizes: tuple[int, ...]
    pot_size: int
    set_aside_count: int
    chooser: Seat
    comparisons: int
    outcome: Outcome | None


ClassicDecision: TypeAlias = ChooseCategory | PickCard
"""A decision of classic play that ``ClassicRules.legal_actions`` lists: name a category (C3), pick a card (C10)."""
