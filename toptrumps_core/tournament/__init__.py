"""The Top Trumps Tournament (rules T1-T16): arena, spinner, pins, six mini-games, Finale.

Modules (each one's docstring is its rules card):

- `arena`: the shared `ArenaRules` options, the rules version and the
  `Table` (T1, T2, T4); `spinner`: the openings and the spinner (`Spin`,
  `Sector`, T1, T3); `view`: `TournamentView`, what one seat may see;
  `mini_game`: the frame of every mini-game (`MiniGame`, `MiniGameState`,
  its `Stage` and events; T2, T9-T16).
- `pins`: `PinBoard`, `PinAwarded` (names the Pin Master), `PinsNotTaken` (T1, T14).
- `duel`: the loser-discards engine `DuelRules` (T5-T8, T10), on the shared
  comparison (`toptrumps_core.comparison`) and its events
  (`toptrumps_core.events`); `duel_mini_game`: the frame of the mini-games
  played as a duel; `dealing`: dealing from the top of a stack (T2, T16).
- `head_to_head` (T9), `my_game` (T10), `shoot_out` (T11), `hilo` (T12),
  `steal_a_pin` (T13), `grab_two_pins` (T14), `finale` (T15, T16).
  Hi Lo's call, state and view are in `hilo_state`, its events in `hilo_events`.
- `game`: `TournamentRules`, the whole tournament (T1-T16).
- `public_view`: `PublicView`, what everyone at the table may see
  (`TournamentRules.public_view`; no card in hand, no face-down card).

Rules only: the computer players (`TournamentPlayer`, Hi Lo's `BestHiLo`) are
in `toptrumps_core.strategies`.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.play import play
    >>> from toptrumps_core.strategies import TournamentPlayer
    >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
    ...                    {f"c{i}": [i % 7, (5 * i) % 11] for i in range(30)})
    >>> record = play(TournamentRules(d, seats=4), [TournamentPlayer()] * 4, seed=1)
    >>> record.outcome.termination.name
    'FINALE_WON'
"""

from __future__ import annotations

from toptrumps_core.tournament.arena import ArenaRules, Table, TournamentEnd
from toptrumps_core.tournament.duel import ChooserPassed, DuelRules, DuelState, DuelWon, TieSettled
from toptrumps_core.tournament.finale import (
    DeckShuffled,
    FinaleCardsAllotted,
    FinaleRules,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
    finale_allotment,
)
from toptrumps_core.tournament.game import (
    FinaleBegan,
    HiLoGame,
    MiniGameSpun,
    Phase,
    StarterDrawn,
    TournamentRules,
    TournamentState,
    TurnPassed,
)
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules, OpponentPicked, PickOpponent
from toptrumps_core.tournament.hilo import Call, HiLoRules
from toptrumps_core.tournament.mini_game import (
    CardsDealt,
    CardsReturned,
    DeckSpun,
    MiniGame,
    MiniGameOver,
    MiniGameState,
    Stage,
)
from toptrumps_core.tournament.my_game import DeckPicked, MyGameRules, PickDeck
from toptrumps_core.tournament.pins import PinAwarded, PinBoard, PinsNotTaken
from toptrumps_core.tournament.public_view import PublicView
from toptrumps_core.tournament.shoot_out import ShootOutPlay, ShootOutRules
from toptrumps_core.tournament.spinner import OPENINGS, SECTOR_NAMES, SECTOR_RULES, SECTORS, Sector, Spin, spinner
from toptrumps_core.tournament.steal_a_pin import NothingToSteal, Rob, StealAPinRules
from toptrumps_core.tournament.view import TournamentView

__all__ = [
    "OPENINGS",
    "SECTORS",
    "SECTOR_NAMES",
    "SECTOR_RULES",
    "ArenaRules",
    "Call",
    "CardsDealt",
    "CardsReturned",
    "ChooserPassed",
    "DeckPicked",
    "DeckShuffled",
    "DeckSpun",
    "DuelRules",
    "DuelState",
    "DuelWon",
    "FinaleBegan",
    "FinaleCardsAllotted",
    "FinaleRules",
    "FinaleUncontested",
    "FinaleWon",
    "FirstChooserDrawn",
    "GrabTwoPinsRules",
    "HeadToHeadRules",
    "HiLoGame",
    "HiLoRules",
    "MiniGame",
    "MiniGameOver",
    "MiniGameSpun",
    "MiniGameState",
    "MyGameRules",
    "NothingToSteal",
    "OpponentPicked",
    "Phase",
    "PickDeck",
    "PickOpponent",
    "PinAwarded",
    "PinBoard",
    "PinsNotTaken",
    "PublicView",
    "Rob",
    "Sector",
    "ShootOutPlay",
    "ShootOutRules",
    "Spin",
    "Stage",
    "StarterDrawn",
    "StealAPinRules",
    "Table",
    "TieSettled",
    "TournamentEnd",
    "TournamentRules",
    "TournamentState",
    "TournamentView",
    "TurnPassed",
    "finale_allotment",
    "spinner",
]
