"""One sentence for any event of any game: the words every view and transcript uses.

Each game family has its narrator, built from the rules of a game and the
seats' names; fed that game's events **in order**, it returns one plain-text
sentence per event, so an event reads the same in every view and in the
transcripts of `toptrumps_core.playthrough`:

- `Narrator` (`card_games`): classic play, the tournament, its mini-games and
  the Finale, and Hi Lo;
- `SquadsNarrator` (`squads`): Top Trump Squads (S1-S7);
- `QuizNarrator` (`quiz`): the Top Ten Quiz;
- `words`: the grammar they share (plurals, lists, values with their units,
  "You win" against "Computer 1 wins").

Every event class of the core has a sentence: each narrator's `match` ends in
`assert_never`, and a test checks that `NARRATED_EVENTS` holds every event
class the core defines.
"""

from __future__ import annotations

from typing import get_args

from toptrumps_core.narration.card_games import GameEvent, Narrator
from toptrumps_core.narration.quiz import QuizEvent, QuizNarrator
from toptrumps_core.narration.squads import SquadsEvent, SquadsNarrator
from toptrumps_core.narration.words import SeatWords, and_list, capital, plural, value_words
from toptrumps_core.protocol import Event

__all__ = [
    "NARRATED_EVENTS",
    "GameEvent",
    "Narrator",
    "QuizEvent",
    "QuizNarrator",
    "SeatWords",
    "SquadsEvent",
    "SquadsNarrator",
    "and_list",
    "capital",
    "plural",
    "value_words",
]

NARRATED_EVENTS: frozenset[type[Event]] = (
    frozenset(get_args(GameEvent)) | frozenset(get_args(SquadsEvent)) | frozenset(get_args(QuizEvent))
)
"""Every event class some narrator of this package tells (one union per family)."""
