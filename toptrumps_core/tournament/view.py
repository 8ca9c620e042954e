"""What one seat may see of the tournament or of a mini-game (rules T1-T16).

Rules card:

- Everything on the table is public: the pins on each track, the supply and
  the Pin Master (T1), the cards in each opening's stack (T2), whose turn it
  is (T4), each seat's face-up discards (T5, T6) and the Finale's card counts
  (T16).
- Of the cards in hand a seat sees only its own top card (its only card in
  Shoot Out, T11); Hi Lo's row is public (T12).
- Strategies and widgets get a `TournamentView`, never the state, so a
  computer player cannot peek at a face-down card; a view for everyone at
  the table is `toptrumps_core.tournament.public_view.PublicView`.

Rules version: 2, the arena's (`toptrumps_core.tournament.arena.RULES_VERSION`); version 1
plays the same: only the Finale's dealing changed (T16).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toptrumps_core.cards import Card, Deck
from toptrumps_core.protocol import Outcome, Seat
from toptrumps_core.tournament.hilo_state import HiLoView
from toptrumps_core.tournament.spinner import Sector

__all__ = ["TournamentView"]


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
    hilo: HiLoView | None = None
    outcome: Outcome | None = None

    @property
    def top_card(self) -> Card | None:
        """Returns this seat's top card, or None when it holds none."""
        return self.deck.cards[self.stack[0]] if self.stack and self.deck is not None else None

    @property
    def opponents(self) -> int:
        """Returns how many other seats hold cards in the card play underway."""
        return sum(1 for s, n in enumerate(self.hand_sizes) if n and s != self.seat)
