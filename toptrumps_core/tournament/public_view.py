"""What everyone at the table may see of a tournament, a watching class included (rules T1-T16).

`TournamentRules.public_view(state)` returns a `PublicView`: the pin tracks,
the supply and the Pin Master (T1), whose turn it is (T3, T4), the stage,
the arena's stack sizes (T2), the mini-game and its deck, each player's hand
size and face-up discards (T5, T6), the category in force, the Finale's card
counts (T16) and Hi Lo's face-up row (T12).  It has no field for a card in
hand or a face-down card, so a page may show all of it to anyone: a seat's
own cards come only from `TournamentRules.observe(state, seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from toptrumps_core.cards import Deck
from toptrumps_core.protocol import Outcome, Seat
from toptrumps_core.tournament.hilo import HiLoView
from toptrumps_core.tournament.spinner import Sector
from toptrumps_core.tournament.view import TournamentView

__all__ = ["PublicView"]


@dataclass(frozen=True, slots=True)
class PublicView:
    """The public part of a tournament's moment: the same for every seat, and holding no hidden card.

    Attributes:
        openings: The deck in each opening, six entries.
        arena_counts: Cards in each opening's stack now, six entries (T2).
        tracks: Pins on each seat's track, one entry per seat (T1).
        supply: Pins left in the supply (T1).
        pin_master: The Pin Master's seat (T1).
        track_length: Holes per track (T1).
        active: The active player (T4), or None before the start is drawn.
        sector: The mini-game being played, or None (before the first spin,
            between mini-games and in the Finale).
        stage: What happens next, as in `TournamentView.stage`: ``"start"``,
            ``"spin"``, a mini-game's stage (``"spin_deck"``, ``"pick_deck"``,
            ``"pick_opponent"``, ``"shuffle"``, ``"lot"``, ``"play"``,
            ``"rob"``) or ``"over"``.
        finale: True once the Finale has begun (T15, T16).
        turns: Mini-games finished so far.
        opening: The opening in use, or None.
        deck: The deck in use, or None.
        opponent: Head to Head's opponent (T9), or None.
        players: The seats dealt into the card play underway.
        hand_sizes: Cards held by each seat, one entry per seat (() outside
            card play).
        discards: Each seat's face-up discards, oldest first (T6).
        chooser: The seat naming the next category, or None.
        category: The category compared again after a tie (T6) or fixed for
            the mini-game (Shoot Out, Hi Lo), else None.
        last_category: The category of the comparison just before (T8).
        forbidden_category: The category the chooser may not name now (last
            card, T8), else None.
        allotment: Finale cards per seat (T16), or ().
        hilo: Hi Lo's row while Hi Lo is played (T12): face-up cards only.
        last_hilo: Between mini-games, right after Hi Lo: the row as Hi Lo
            ended, so a page can show how it went; else None.
        outcome: The tournament's outcome once it is won, else None.
    """

    openings: tuple[Deck, ...] = field(repr=False)
    arena_counts: tuple[int, ...]
    tracks: tuple[int, ...]
    supply: int
    pin_master: Seat
    track_length: int
    active: Seat | None
    sector: Sector | None
    stage: str
    finale: bool
    turns: int
    opening: int | None
    deck: Deck | None = field(repr=False)
    opponent: Seat | None
    players: tuple[Seat, ...]
    hand_sizes: tuple[int, ...]
    discards: tuple[tuple[int, ...], ...]
    chooser: Seat | None
    category: int | None
    last_category: int | None
    forbidden_category: int | None
    allotment: tuple[int, ...]
    hilo: HiLoView | None
    last_hilo: HiLoView | None
    outcome: Outcome | None

    @classmethod
    def of(cls, view: TournamentView, *, last_hilo: HiLoView | None = None) -> PublicView:
        """Returns the public fields of a seat's `view` (the seat's own cards left out).

        Args:
            view: Any seat's view; its public fields are the same for every seat.
            last_hilo: Hi Lo's final row, between mini-games right after Hi Lo.
        """
        shared = {f.name: getattr(view, f.name) for f in fields(cls) if f.name != "last_hilo"}
        return cls(**shared, last_hilo=last_hilo)
