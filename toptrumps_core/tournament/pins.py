"""Pin tracks, the pin supply and the Pin Master (rules T1, T13, T14).

Rules card:

- Every player has a pin track of ``track_length`` holes (default 9; another
  edition uses 10) and the table has a pin supply (default 9 pins per player)
  (T1).
- One seat is Pin Master: only the Pin Master hands out pins.  In the software
  the engine awards them and every `PinAwarded` event names the Pin Master's
  seat beside the award (T1).
- An award moves pins from the supply to a track.  A pin that does not fit on
  the track, or that the supply no longer has, is not taken (T14; our ruling
  applies this to every award, since a track physically holds
  ``track_length`` pins and an empty supply has nothing to give).
- Steal a Pin moves one pin from another player's track to the active
  player's (T13).
- Tracks plus supply always hold the same number of pins.

Rules version: 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from toptrumps_core.errors import IllegalActionError
from toptrumps_core.protocol import Event, Recorded, Seat

__all__ = ["PinAwarded", "PinBoard", "PinsNotTaken"]

NotTakenReason = Literal["track_full", "supply_empty"]


@dataclass(frozen=True, slots=True)
class PinAwarded(Event, wire="tournament/pin_awarded"):
    """The Pin Master put pins on a seat's track (rules T1, T9-T14).

    Attributes:
        seat: The seat whose track received the pins.
        count: Pins put on the track, >= 1.
        pin_master: The Pin Master's seat, shown beside the award (T1).
        robbed: The seat the pin was taken from (Steal a Pin, T13), or None
            when the pins came from the supply.
    """

    seat: Seat
    count: int
    pin_master: Seat
    robbed: Seat | None = None


@dataclass(frozen=True, slots=True)
class PinsNotTaken(Event, wire="tournament/pins_not_taken"):
    """Pins that were won but not taken (rule T14).

    Attributes:
        seat: The seat that won them.
        count: How many pins were not taken, >= 1.
        reason: ``"track_full"`` (they do not fit on the track) or
            ``"supply_empty"`` (the supply has no more pins).
    """

    seat: Seat
    count: int
    reason: NotTakenReason


@dataclass(frozen=True, slots=True)
class PinBoard(Recorded, wire="tournament/pin_board"):
    """Every pin on the table: one track per seat and the supply (rule T1).

    Attributes:
        tracks: Pins on each seat's track, one entry per seat, each in
            0..track_length.
        supply: Pins left in the supply, >= 0.
        pin_master: The seat that hands out pins (T1).
        track_length: Holes per track (T1, default 9).

    Example:
        >>> board = PinBoard.new(seats=2)
        >>> board.supply, board.tracks
        (18, (0, 0))
        >>> board, events = board.award(1, 2)
        >>> board.tracks, board.supply, events[0].count
        ((0, 2), 16, 2)
    """

    tracks: tuple[int, ...]
    supply: int
    pin_master: Seat = 0
    track_length: int = 9

    @classmethod
    def new(cls, seats: int, *, supply: int | None = None, pin_master: Seat = 0, track_length: int = 9) -> PinBoard:
        """Returns empty tracks and a full supply (default 9 pins per seat, T1)."""
        return cls((0,) * seats, 9 * seats if supply is None else supply, pin_master, track_length)

    @property
    def total(self) -> int:
        """Returns every pin on the table: tracks plus supply (never changes)."""
        return sum(self.tracks) + self.supply

    @property
    def in_play(self) -> int:
        """Returns the pins on the tracks (T16 counts these)."""
        return sum(self.tracks)

    def room(self, seat: Seat) -> int:
        """Returns the empty holes on `seat`'s track."""
        return self.track_length - self.tracks[seat]

    def is_full(self, seat: Seat) -> bool:
        """Returns True if `seat`'s track is full (rule T15)."""
        return self.tracks[seat] >= self.track_length

    def full_tracks(self) -> tuple[Seat, ...]:
        """Returns the seats whose track is full, in seat order (rule T15)."""
        return tuple(seat for seat in range(len(self.tracks)) if self.is_full(seat))

    def award(self, seat: Seat, count: int) -> tuple[PinBoard, tuple[Event, ...]]:
        """Returns the board after moving up to `count` pins from the supply to `seat`.

        Pins that do not fit on the track or that the supply lacks are not
        taken (rule T14); a `PinsNotTaken` event says so.

        Args:
            seat: The seat that won the pins.
            count: Pins won, >= 0.

        Returns:
            ``(board, events)``: a `PinAwarded` for the pins given (if any)
            and a `PinsNotTaken` for the rest (if any).

        Example:
            >>> board = PinBoard((8, 0), supply=5)
            >>> board, events = board.award(0, 2)
            >>> board.tracks, [type(e).__name__ for e in events]
            ((9, 0), ['PinAwarded', 'PinsNotTaken'])
        """
        given = max(0, min(count, self.room(seat), self.supply))
        events: list[Event] = []
        if given:
            events.append(PinAwarded(seat, given, self.pin_master))
        if count > given:
            reason: NotTakenReason = "track_full" if self.room(seat) <= self.supply else "supply_empty"
            events.append(PinsNotTaken(seat, count - given, reason))
        tracks = tuple(n + given if s == seat else n for s, n in enumerate(self.tracks))
        return replace(self, tracks=tracks, supply=self.supply - given), tuple(events)

    def steal(self, thief: Seat, victim: Seat) -> tuple[PinBoard, tuple[Event, ...]]:
        """Returns the board after moving one pin from `victim`'s track to `thief`'s (T13).

        Raises:
            IllegalActionError: If the victim is the thief, has no pin, or the
                thief's track is full.

        Example:
            >>> board, events = PinBoard((1, 3), supply=14).steal(0, 1)
            >>> board.tracks, events[0].robbed
            ((2, 2), 1)
        """
        if victim == thief or self.tracks[victim] < 1 or self.is_full(thief):
            raise IllegalActionError(f"seat {thief} cannot take a pin from seat {victim} (tracks {self.tracks})")
        tracks = tuple(n + 1 if s == thief else n - 1 if s == victim else n for s, n in enumerate(self.tracks))
        return replace(self, tracks=tracks), (PinAwarded(thief, 1, self.pin_master, robbed=victim),)
