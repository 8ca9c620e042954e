"""Classic Top Trumps (rules C1-C12).

Rules card:

- 2 to 6 seats (C1); the shuffled deck is dealt one card at a time from seat 0
  (left of the dealer, who sits in the last seat) until it is used up
  (``leftover="deal_all"``) or into equal stacks with the rest set aside
  (``leftover="set_aside"``) (C2).  Seat 0 chooses first (C3).
- The chooser names a category of their top card; everyone still in reveals
  their top card; the single best value wins every revealed card and the pot,
  which go under the winner's stack: own card, then the others' going left
  from the winner, then the pot in the order it was built
  (``collect_order="fixed"``), or shuffled (``"shuffled"``) (C4).
- A shared best value is a tie: every revealed card goes to the pot (in play
  order, starting at the chooser) and the same chooser picks again (C5).  A
  card with no data makes the comparison a tie (``no_data="tie"``), or cannot
  win while the rest compare normally (``no_data="loses"``) (C6).
- A seat with no cards is out; the last seat holding cards takes the pot and
  wins; a tie that leaves nobody holding cards is a draw among that
  comparison's players (C7).  A chooser who runs out in a tie while two or
  more others hold cards is replaced by lot (C8).  The winner chooses next (C9).
- ``look_at_last=N``: a seat holding N cards or fewer (and more than one)
  looks at all of them and picks which to play; the chooser picks a card, then
  the category; the others then pick theirs in turn going left (C10).
- ``round_limit=N``: after N comparisons the most cards wins, equal most draws
  (C11).  The driver's action cap reports a game that cycles as UNFINISHED
  (C12; see `toptrumps_core.play`).

The comparison itself (the best value by the category's direction, the C6
option, play order, the C4 collect order) is `toptrumps_core.comparison`,
shared with the tournament; its events are `toptrumps_core.events`.

Cards are numbered by their index in the deck; a stack is a tuple of card
numbers, top first.

Modules (each one's docstring is its rules card):

- `rules`: `ClassicRules`, the options and their validation (C1-C11), the
  legality of each action and the transitions (C2-C11), and the records'
  `to_data` / `from_data`.
- `state`: `ClassicState`, one seat's `ClassicView` and the C10 action
  `PickCard`.
- `scenario`: scenario starts from named stacks (`ClassicRules.start_from`)
  and the check of a loaded record's start state (`ClassicRules.check_start`).

Rules version: 1.
"""

from __future__ import annotations

from toptrumps_core.classic.rules import MAX_SEATS, MIN_SEATS, RULES_VERSION, SIMULATION_MAX_SEATS, ClassicRules
from toptrumps_core.classic.state import ClassicPublicView, ClassicState, ClassicView, PickCard
from toptrumps_core.comparison import ChooseCategory, NoData, compare

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "RULES_VERSION",
    "SIMULATION_MAX_SEATS",
    "ChooseCategory",
    "ClassicPublicView",
    "ClassicRules",
    "ClassicState",
    "ClassicView",
    "NoData",
    "PickCard",
    "compare",
]
