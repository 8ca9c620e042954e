"""Computer players for the tournament: every decision, from a seat's view only.

`TournamentPlayer` answers each kind of decision with a sensible default:

- category (Head to Head, My Game, Shoot Out, the Finale): the legal category
  where its top card beats the largest share of the deck (best rank,
  `toptrumps_core.strategies.classic.rank_score`); T8 has already removed a
  forbidden category from the legal actions;
- opponent (Head to Head, T9): the other player with the fewest pins, so that
  a loss helps the player furthest from the Finale;
- deck (My Game, T10): the opening whose deck has the lowest mean chance of a
  tie among as many cards as players (rule P4): fewer ties, fewer cards
  burnt, and the first choice (ours) counts for more;
- Hi Lo (T12): category and calls by the exact odds (rules P1, P2), through
  Hi Lo's own player, `toptrumps_core.strategies.hilo.BestHiLo`;
- whom to rob (Steal a Pin, T13): the leader (most pins).

Ties between equally good actions are broken with the seat's own `rng`.
`RandomTournamentPlayer` is `RandomStrategy`, the one random player of every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.probability import tie_chance
from toptrumps_core.protocol import Action
from toptrumps_core.strategies.base import RandomStrategy, Strategy
from toptrumps_core.strategies.classic import rank_score
from toptrumps_core.strategies.hilo import BestHiLo
from toptrumps_core.tournament.head_to_head import PickOpponent
from toptrumps_core.tournament.my_game import PickDeck
from toptrumps_core.tournament.steal_a_pin import Rob
from toptrumps_core.tournament.view import TournamentView

__all__ = ["RandomTournamentPlayer", "TournamentPlayer", "deck_tie_chance", "tournament_player"]


@lru_cache(maxsize=64)
def deck_tie_chance(deck: Deck, players: int) -> Fraction:
    """Returns the mean chance, over the deck's categories, that `players` random cards tie (P4).

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 2], "r": [2, 3]})
        >>> deck_tie_chance(d, 2)   # A: {p, q} ties (1 of 3); B: never
        Fraction(1, 6)
    """
    k = max(2, min(players, len(deck.cards)))
    chances = [tie_chance(deck, c, k) for c in range(len(deck.categories))]
    return sum(chances, Fraction(0)) / len(chances)


RandomTournamentPlayer = RandomStrategy
"""The random player of the tournament: `RandomStrategy`, any legal action ("easy")."""


@dataclass(frozen=True)
class TournamentPlayer(Strategy[TournamentView]):
    """A computer player for every tournament decision (see the module docstring).

    Example:
        >>> from toptrumps_core.tournament.view import TournamentView
        >>> view = TournamentView(seat=0, openings=(), arena_counts=(), tracks=(2, 5, 1),
        ...                       supply=19, pin_master=0, track_length=9, active=0)
        >>> TournamentPlayer().choose(view, [Rob(1), Rob(2)], random.Random(1))
        Rob(seat=1)
    """

    def choose(self, view: TournamentView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns the best legal action for `view` (ties broken by `rng`)."""
        first = legal[0]
        if view.hilo is not None:
            return BestHiLo().choose(view.hilo, legal, rng)
        score: Callable[[Action], Any]
        if isinstance(first, ChooseCategory) and view.top_card is not None and view.deck is not None:
            card, deck = view.top_card, view.deck

            def score(action: Action) -> Any:
                assert isinstance(action, ChooseCategory)  # legal actions are all of one kind
                return rank_score(deck, card, action.category)

        elif isinstance(first, PickOpponent):

            def score(action: Action) -> Any:
                assert isinstance(action, PickOpponent)
                return -view.tracks[action.seat]

        elif isinstance(first, Rob):

            def score(action: Action) -> Any:
                assert isinstance(action, Rob)
                return view.tracks[action.seat]

        elif isinstance(first, PickDeck):
            players = len(view.tracks)

            def score(action: Action) -> Any:
                assert isinstance(action, PickDeck)
                return -deck_tie_chance(view.openings[action.opening], players)

        else:
            return legal[rng.randrange(len(legal))]
        scored = [(score(a), a) for a in legal]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[rng.randrange(len(best))]


def tournament_player(rules: object) -> TournamentPlayer:
    """Returns the default computer player of the tournament (T1-T16)."""
    return TournamentPlayer()
