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
  "You win" against "Computer 1 wins") and `Sentence`, a narrated line:
  plain words people read, with the IDs of the rules it applies kept apart
  (``rules``), never in the words.

Every event class of the core has a sentence: each narrator's `match` ends in
`assert_never`, and a test checks that `NARRATED_EVENTS` holds every event
class the core defines.

Each name is imported when first used, so narrating one game loads no
other game's narrator.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from toptrumps_core.lazy import lazy_exports

if TYPE_CHECKING:
    from toptrumps_core.narration.card_games import GameEvent, Narrator
    from toptrumps_core.narration.quiz import QuizEvent, QuizNarrator
    from toptrumps_core.narration.squads import SquadsEvent, SquadsNarrator
    from toptrumps_core.narration.words import SeatWords, Sentence, and_list, capital, plural, said, value_words
    from toptrumps_core.protocol import Event

    NARRATED_EVENTS: frozenset[type[Event]]

__all__ = [
    "NARRATED_EVENTS",
    "GameEvent",
    "Narrator",
    "QuizEvent",
    "QuizNarrator",
    "SeatWords",
    "Sentence",
    "SquadsEvent",
    "SquadsNarrator",
    "and_list",
    "capital",
    "plural",
    "said",
    "value_words",
]

_PUBLIC: dict[str, str] = {
    "GameEvent": "toptrumps_core.narration.card_games",
    "Narrator": "toptrumps_core.narration.card_games",
    "QuizEvent": "toptrumps_core.narration.quiz",
    "QuizNarrator": "toptrumps_core.narration.quiz",
    "SeatWords": "toptrumps_core.narration.words",
    "Sentence": "toptrumps_core.narration.words",
    "SquadsEvent": "toptrumps_core.narration.squads",
    "SquadsNarrator": "toptrumps_core.narration.squads",
    "and_list": "toptrumps_core.narration.words",
    "capital": "toptrumps_core.narration.words",
    "plural": "toptrumps_core.narration.words",
    "said": "toptrumps_core.narration.words",
    "value_words": "toptrumps_core.narration.words",
}
"""Every public name -> the module that defines it, imported when the name is first used (PEP 562)."""


_public_name, __dir__ = lazy_exports(__name__, _PUBLIC)


def __getattr__(name: str) -> object:
    """Returns the public name `name`, importing its module on first use (`toptrumps_core.lazy`).

    ``NARRATED_EVENTS`` is built on first use: every event class some
    narrator of this package tells, read from the narrator modules that the
    core's registered families name (`toptrumps_core.families`), each of
    which lists its events as ``EVENTS``.

    Raises:
        AttributeError: If `name` is not a public name of the package.
    """
    if name == "NARRATED_EVENTS":
        from toptrumps_core.families import game_families

        named = (family.narrator for family in game_families() if isinstance(family.narrator, str))
        modules = {reference.partition(":")[0] for reference in named}
        events: frozenset[type[Event]] = frozenset().union(
            *(importlib.import_module(module).EVENTS for module in sorted(modules) if module.startswith(f"{__name__}."))
        )
        globals()[name] = events
        return events
    return _public_name(name)
