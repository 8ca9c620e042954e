"""Top Trumps Classroom: every rule of Top Trumps as a small, exact core.

Importing this package loads only the standard library, and of the package
nothing but this file and its tiny `toptrumps_core.lazy`: each public name (and each game family) is imported
when first used, so ``import toptrumps_core`` costs a few milliseconds.  The
stable entry points, which lessons and other programs rely on:

>>> from toptrumps_core import ClassicRules, load_deck, play
>>> deck = load_deck("animals")
>>> record = play(ClassicRules(deck, seats=3), seed=1)
>>> record.outcome.termination.name in {"LAST_STACK", "DRAW_ALL_OUT", "UNFINISHED"}
True
"""

from __future__ import annotations

import sys
import types

from toptrumps_core.lazy import lazy_exports

TYPE_CHECKING = False  # True for type checkers; importing typing would cost more than this whole file
if TYPE_CHECKING:
    from toptrumps_core.cards import Card, Category, Deck, format_value
    from toptrumps_core.chance import make_rng
    from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicState, ClassicView, PickCard
    from toptrumps_core.deckfiles import available_decks, bundled_decks, load_deck
    from toptrumps_core.errors import (
        ChartError,
        DeckError,
        IllegalActionError,
        RecordError,
        RuleOptionError,
        TopTrumpsError,
    )
    from toptrumps_core.families import GameFamily, game_families, register_game
    from toptrumps_core.play import Match, play
    from toptrumps_core.protocol import (
        CHANCE,
        JUDGE,
        SIMULTANEOUS,
        TERMINAL,
        Action,
        Event,
        JointAction,
        Outcome,
        Termination,
    )
    from toptrumps_core.quiz import Chart, ChartSet, QuizRules, bundled_chart_sets, load_charts
    from toptrumps_core.record import GameRecord, get_family, register_family, replay
    from toptrumps_core.squads import Mission, MissionSlot, SquadsRules
    from toptrumps_core.strategies import (
        DIFFICULTIES,
        HUMAN,
        RandomStrategy,
        TournamentPlayer,
        default_player,
        get_strategy,
    )
    from toptrumps_core.tournament import TournamentRules
    from toptrumps_core.tournament.hilo import HiLoRules

__all__ = [
    "CHANCE",
    "DIFFICULTIES",
    "HUMAN",
    "JUDGE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Card",
    "Category",
    "Chart",
    "ChartError",
    "ChartSet",
    "ChooseCategory",
    "ClassicRules",
    "ClassicState",
    "ClassicView",
    "Deck",
    "DeckError",
    "Event",
    "GameFamily",
    "GameRecord",
    "HiLoRules",
    "IllegalActionError",
    "JointAction",
    "Match",
    "Mission",
    "MissionSlot",
    "Outcome",
    "PickCard",
    "QuizRules",
    "RandomStrategy",
    "RecordError",
    "RuleOptionError",
    "SquadsRules",
    "Termination",
    "TopTrumpsError",
    "TournamentPlayer",
    "TournamentRules",
    "available_decks",
    "bundled_chart_sets",
    "bundled_decks",
    "default_player",
    "format_value",
    "game_families",
    "get_family",
    "get_strategy",
    "load_charts",
    "load_deck",
    "make_rng",
    "play",
    "register_family",
    "register_game",
    "replay",
]

__version__ = "0.1.0"

_PUBLIC: dict[str, str] = {
    "Card": "toptrumps_core.cards",
    "Category": "toptrumps_core.cards",
    "Deck": "toptrumps_core.cards",
    "format_value": "toptrumps_core.cards",
    "make_rng": "toptrumps_core.chance",
    "ChooseCategory": "toptrumps_core.classic",
    "ClassicRules": "toptrumps_core.classic",
    "ClassicState": "toptrumps_core.classic",
    "ClassicView": "toptrumps_core.classic",
    "PickCard": "toptrumps_core.classic",
    "available_decks": "toptrumps_core.deckfiles",
    "bundled_decks": "toptrumps_core.deckfiles",
    "load_deck": "toptrumps_core.deckfiles",
    "ChartError": "toptrumps_core.errors",
    "DeckError": "toptrumps_core.errors",
    "IllegalActionError": "toptrumps_core.errors",
    "RecordError": "toptrumps_core.errors",
    "RuleOptionError": "toptrumps_core.errors",
    "TopTrumpsError": "toptrumps_core.errors",
    "GameFamily": "toptrumps_core.families",
    "game_families": "toptrumps_core.families",
    "register_game": "toptrumps_core.families",
    "Match": "toptrumps_core.play",
    "play": "toptrumps_core.play",
    "CHANCE": "toptrumps_core.protocol",
    "JUDGE": "toptrumps_core.protocol",
    "SIMULTANEOUS": "toptrumps_core.protocol",
    "TERMINAL": "toptrumps_core.protocol",
    "Action": "toptrumps_core.protocol",
    "Event": "toptrumps_core.protocol",
    "JointAction": "toptrumps_core.protocol",
    "Outcome": "toptrumps_core.protocol",
    "Termination": "toptrumps_core.protocol",
    "Chart": "toptrumps_core.quiz",
    "ChartSet": "toptrumps_core.quiz",
    "QuizRules": "toptrumps_core.quiz",
    "bundled_chart_sets": "toptrumps_core.quiz",
    "load_charts": "toptrumps_core.quiz",
    "GameRecord": "toptrumps_core.record",
    "get_family": "toptrumps_core.record",
    "register_family": "toptrumps_core.record",
    "replay": "toptrumps_core.record",
    "Mission": "toptrumps_core.squads",
    "MissionSlot": "toptrumps_core.squads",
    "SquadsRules": "toptrumps_core.squads",
    "DIFFICULTIES": "toptrumps_core.strategies",
    "HUMAN": "toptrumps_core.strategies",
    "RandomStrategy": "toptrumps_core.strategies",
    "TournamentPlayer": "toptrumps_core.strategies",
    "default_player": "toptrumps_core.strategies",
    "get_strategy": "toptrumps_core.strategies",
    "TournamentRules": "toptrumps_core.tournament",
    "HiLoRules": "toptrumps_core.tournament.hilo",
}
"""Every public name -> the module that defines it, imported when the name is first used (PEP 562)."""


__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC)


class _Package(types.ModuleType):
    """This package as a module whose public names stay what they name once a submodule loads.

    Importing ``toptrumps_core.play`` sets the package's attribute ``play``
    to the module; the public name ``play`` is the function of that module,
    as it has always been, so the function is kept.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, types.ModuleType) and _PUBLIC.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
