"""A moment of Hi Lo, what the active player sees of it, and the call (rule T12).

Rules card:

- `Call` is the active player's call for the next card: ``"higher"``
  (greater than or equal to the face-up card) or ``"lower"`` (less than or
  equal); an equal value is a right call (T12).
- `HiLoState` holds the stack the mini-game was given (T2), the row of three
  cards laid face down from its top, how many are turned, the cards put
  aside for no data, the chosen category and the judged calls (T12).
- `HiLoView` is what the active player sees: face-up cards, put-aside cards
  and counts, never a face-down card, and the unseen cards the next card is
  drawn from (rules P1, P2).

The rules that move from one state to the next are
`toptrumps_core.tournament.hilo`, which these names are importable from too.

Rules version: 1.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TypeAlias

from toptrumps_core.cards import Card, Deck
from toptrumps_core.comparison import ChooseCategory
from toptrumps_core.errors import IllegalActionError
from toptrumps_core.probability import Direction, HiLoPins
from toptrumps_core.protocol import Action, Outcome, Recorded, Seat
from toptrumps_core.tournament.hilo_events import EndReason

__all__ = ["Call", "HiLoDecision", "HiLoState", "HiLoStep", "HiLoView"]


@dataclass(frozen=True, slots=True)
class Call(Action, wire="hilo/call"):
    """The active player calls the next card higher or lower (rule T12).

    Attributes:
        direction: ``"higher"`` (greater than or equal to the face-up card) or
            ``"lower"`` (less than or equal).

    Raises:
        IllegalActionError: If `direction` is neither (a `ValueError` too).
    """

    direction: Direction

    def __post_init__(self) -> None:
        if self.direction not in ("higher", "lower"):
            raise IllegalActionError(f"a call is 'higher' or 'lower' (rule T12); got {self.direction!r}")


class _HiLoStep(Recorded, enum.Enum, wire="hilo/step"):
    """What happens next in Hi Lo: `HiLoState.step`.

    Records name this enum ``"hilo/step"`` (its wire name, `Recorded`;
    records of formats 1-2 named it ``_HiLoStep``); the rules module uses
    it as `HiLoStep`.
    """

    SHUFFLE = "shuffle"  # chance: order the deck (standalone lessons)
    CHOOSE = "choose"  # the active player picks the category
    CALL = "call"  # the active player calls the next card
    OVER = "over"


HiLoStep = _HiLoStep
"""What happens next in Hi Lo (``SHUFFLE``, ``CHOOSE``, ``CALL``, ``OVER``)."""


@dataclass(frozen=True, slots=True)
class HiLoState(Recorded, wire="hilo/state"):
    """A moment of a Hi Lo mini-game; immutable.

    Attributes:
        stack: The whole stack the mini-game was given, top first (card
            numbers); () before the shuffle of a standalone game.
        taken: Cards taken from the top of `stack` so far (laid and
            replacements); ``stack[:taken]`` are the used cards.
        row: The card in each slot of the row, left to right (3 once laid,
            fewer after the row closed up); a put-aside card's slot holds its
            replacement.
        turned: How many slots are face up, 0..3.
        put_aside: Cards put aside for no data, in order.
        category: The chosen category, or None before it is chosen.
        calls: One ``(direction, right)`` pair per judged call.
        step: What happens next (internal).
        end_reason: Why it ended, or None while it goes on.
    """

    stack: tuple[int, ...]
    taken: int = 0
    row: tuple[int, ...] = ()
    turned: int = 0
    put_aside: tuple[int, ...] = ()
    category: int | None = None
    calls: tuple[tuple[Direction, bool], ...] = ()
    step: _HiLoStep = _HiLoStep.SHUFFLE
    end_reason: EndReason | None = None


@dataclass(frozen=True, slots=True)
class HiLoView:
    """What the active player sees: face-up cards, put-aside cards and counts.

    Never holds a face-down card: what a page shows from it gives nothing away.

    Attributes:
        seat: Always 0, the active player.
        deck: The deck in play (public: every player knows the deck).
        hilo_pins: The rule T12 pin option in force.
        faces: One entry per card in the row, left to right: the card number
            if face up, None if face down; () before the cards are laid, and
            fewer than 3 entries once the row closed up (an empty slot).
        put_aside: Cards put aside for no data, in order (they were seen).
        category: The chosen category, or None before it is chosen.
        calls: One ``(direction, right)`` pair per judged call.
        stack_size: Cards still in the stack (not yet taken), >= 0.
        pins: Pins earned so far (final once the mini-game is over).
        unseen: The deck's cards this player has not seen turned in this
            mini-game, in deck order: what the next card may be, for the
            probability lens (rules P1, P2).
        outcome: The outcome once over, else None.
    """

    seat: Seat
    deck: Deck = field(repr=False)
    hilo_pins: HiLoPins
    faces: tuple[int | None, ...]
    put_aside: tuple[int, ...]
    category: int | None
    calls: tuple[tuple[Direction, bool], ...]
    stack_size: int
    pins: int
    unseen: tuple[int, ...]
    outcome: Outcome | None

    @property
    def shown(self) -> Card | None:
        """Returns the face-up card the next call is judged against (the last turned), or None."""
        up = [c for c in self.faces if c is not None]
        return self.deck.cards[up[-1]] if up else None

    @property
    def first_card(self) -> Card | None:
        """Returns the first card of the row if it is face up, else None."""
        return self.deck.cards[self.faces[0]] if self.faces and self.faces[0] is not None else None

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """Returns the unseen cards as `Card` objects, in deck order."""
        return tuple(self.deck.cards[c] for c in self.unseen)


HiLoDecision: TypeAlias = ChooseCategory | Call
"""A decision of Hi Lo that ``HiLoRules.legal_actions`` lists: the category, then higher or lower (T12)."""
