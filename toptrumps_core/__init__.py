"""Top Trumps Classroom: every rule of Top Trumps as a small, exact core.

Importing this package loads only the standard library.  The stable entry
points, which lessons and other programs rely on:

>>> from toptrumps_core import ClassicRules, load_deck, play
>>> deck = load_deck("animals")
>>> record = play(ClassicRules(deck, seats=3), seed=1)
>>> record.outcome.termination.name in {"LAST_STACK", "DRAW_ALL_OUT", "UNFINISHED"}
True
"""

from __future__ import annotations

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
    "get_family",
    "get_strategy",
    "load_charts",
    "load_deck",
    "make_rng",
    "play",
    "register_family",
    "replay",
]

__version__ = "0.1.0"
