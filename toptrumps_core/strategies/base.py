"""What a computer player is, the marker for a person's seat, and the one random player.

A strategy has one method, ``choose(view, legal, rng) -> action``: it sees
only its own seat's view (a `ClassicView`, a `TournamentView`, a `HiLoView`,
... as the game's ``observe`` gives it), picks one of the legal actions, and
draws only from the generator it is handed.  `Strategy` is generic over the
view, so each game's players are typed on that game's view.

A strategy that never reads its view may say so with a class attribute
``needs_view = False`` (as `RandomStrategy` does): the driver then hands it
None instead of building a view it would throw away.  Without the attribute
a strategy always gets its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar

from toptrumps_core.protocol import Action

__all__ = ["HUMAN", "Human", "RandomStrategy", "Strategy"]

V_contra = TypeVar("V_contra", contravariant=True)


class Strategy(Protocol[V_contra]):
    """A computer player: picks one of the legal actions from its view (of type `V_contra`)."""

    def choose(self, view: V_contra, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one action of `legal` (never empty), drawing only from `rng`."""
        ...


@dataclass(frozen=True)
class Human:
    """Marks a seat (or a judge) played by a person through `Match.submit` (the widgets)."""

    def __repr__(self) -> str:
        return "HUMAN"


HUMAN = Human()
"""The marker for a human seat in `Match(rules, strategies)`, and for a human judge."""


@dataclass(frozen=True)
class RandomStrategy:
    """Chooses uniformly among the legal actions ("easy"), in any game.

    It never reads its view (``needs_view = False``), so the driver hands it None.

    Example:
        >>> from toptrumps_core.protocol import Lot
        >>> RandomStrategy().choose(None, [Lot(0), Lot(1)], random.Random(3))
        Lot(seat=0)
    """

    needs_view: ClassVar[bool] = False

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one of `legal`, uniformly at random from `rng`; `view` is not read.

        One draw, ``rng.choice(legal)``: the same draw as
        ``legal[rng.randrange(len(legal))]``, so games recorded with either agree.
        """
        return rng.choice(legal)
