"""What a computer player is, the marker for a person's seat, and the one random player.

A strategy has one method, ``choose(view, legal, rng) -> action``: it sees
only its own seat's view (a `ClassicView`, a `TournamentView`, a `HiLoView`,
... as the game's ``observe`` gives it), picks one of the legal actions, and
draws only from the generator it is handed.  `Strategy` is generic over the
view, so each game's players are typed on that game's view.

A strategy derives from `Strategy` (``class BestValue(Strategy[ClassicView])``),
which gives it two typed declarations the driver reads, with defaults:

- ``needs_view``: a strategy that never reads its view says ``needs_view =
  False`` and implements ``choose_unseen(legal, rng)`` (as `RandomStrategy`
  does): the driver calls that instead of building a view it would throw
  away;
- ``for_game(rules)``: a strategy that needs more than its seat's view
  receives the rules object here and returns itself fitted to the game (card
  counting takes the game's rule C6 option); by default it is returned as it
  is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from toptrumps_core.protocol import Action, Game

__all__ = ["HUMAN", "Human", "RandomStrategy", "Strategy"]

V_contra = TypeVar("V_contra", contravariant=True)
S = TypeVar("S")
A = TypeVar("A", bound=Action)


@runtime_checkable
class Strategy(Protocol[V_contra]):
    """A computer player: picks one of the legal actions from its view (of type `V_contra`).

    Derive from it to take the defaults of `needs_view` and `for_game`.

    Attributes:
        needs_view: False if the strategy never reads its view: the driver
            then calls `choose_unseen` instead of building the seat's view
            for `choose`.  Default True.
    """

    needs_view: ClassVar[bool] = True

    def choose(self, view: V_contra, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one action of `legal` (never empty), drawing only from `rng`."""
        ...

    def choose_unseen(self, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one action of `legal` without a view; the driver calls it when `needs_view` is False.

        Raises:
            NotImplementedError: By default: a strategy that declares
                ``needs_view = False`` implements it.
        """
        message = f"{type(self).__name__} declares needs_view = False but has no choose_unseen"
        raise NotImplementedError(message)

    def for_game(self, rules: Game[S, A, V_contra]) -> Strategy[V_contra]:
        """Returns this strategy fitted to the game of `rules`; by default itself, unchanged.

        The driver calls this on a strategy it looked up by name for a seat
        (a strategy object given for a seat plays as given).  A strategy that
        needs more than its seat's view, such as the game's rule options,
        reads it here from `rules`.
        """
        return self


@dataclass(frozen=True)
class Human:
    """Marks a seat (or a judge) played by a person through `Match.submit` (the widgets)."""

    def __repr__(self) -> str:
        return "HUMAN"


HUMAN = Human()
"""The marker for a human seat in `Match(rules, strategies)`, and for a human judge."""


@dataclass(frozen=True)
class RandomStrategy(Strategy[object]):
    """Chooses uniformly among the legal actions ("easy"), in any game.

    It never reads its view (``needs_view = False``), so the driver calls
    `choose_unseen` and builds no view for it.

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

    def choose_unseen(self, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns one of `legal`, uniformly at random from `rng`: the same draw as `choose`."""
        return rng.choice(legal)
