"""The game families of the tournament (T1-T16), each registered once.

The whole tournament, Hi Lo on its own, Hi Lo inside the arena, each
mini-game and the Finale are each a family of their own (a record can hold
any of them).  Their narrator and default players are named by
reference (`toptrumps_core.families`), so the rules never import them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.families import GameFamily, Playthrough, register_game
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.finale import FinaleRules
from toptrumps_core.tournament.game import HiLoGame, TournamentRules
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules
from toptrumps_core.tournament.hilo import HiLoRules
from toptrumps_core.tournament.my_game import MyGameRules
from toptrumps_core.tournament.shoot_out import ShootOutRules
from toptrumps_core.tournament.steal_a_pin import StealAPinRules

__all__ = ["TOURNAMENT_FAMILIES"]

_NARRATOR = "toptrumps_core.narration.card_games:card_game_narrator"
_VIEW_TEXT = "toptrumps_core.narration.card_games:card_game_view_text"
_MINI_GAME_PLAYER = "toptrumps_core.strategies.classic:mini_game_player"


def _arena() -> tuple[Deck, ...]:
    """Returns the six bundled decks of the arena, in the order the playthroughs use."""
    names = ("animals", "dinosaurs", "planets_and_moons", "mountains", "countries", "chemical_elements")
    return tuple(load_deck(name) for name in names)


def _hilo() -> tuple[Playthrough, ...]:
    rules = HiLoRules(load_deck("planets_and_moons"))
    start = rules.initial_state(shuffled=True)
    note = "Hi Lo on its own, the whole deck shuffled first (T12)."
    return (Playthrough("hilo", rules, seed=3, start=start, note=note),)


def _tournament() -> tuple[Playthrough, ...]:
    rules = TournamentRules(_arena(), seats=3, track_length=3)
    return (Playthrough("tournament", rules, seed=2, note="A whole tournament on short tracks of 3 pins (T1-T16)."),)


def _arena_hilo() -> tuple[Playthrough, ...]:
    return (Playthrough("arena_hilo", HiLoGame(_arena(), seats=3), seed=4, note="Hi Lo inside the arena (T12)."),)


def _head_to_head() -> tuple[Playthrough, ...]:
    return (Playthrough("head_to_head", HeadToHeadRules(_arena(), seats=3), seed=4, note="Head to Head (T9)."),)


def _my_game() -> tuple[Playthrough, ...]:
    return (Playthrough("my_game", MyGameRules(_arena(), seats=3), seed=1, note="My Game (T10)."),)


def _shoot_out() -> tuple[Playthrough, ...]:
    note = "Shoot Out, four seats (T11)."
    return (Playthrough("shoot_out", ShootOutRules(_arena(), seats=4), seed=4, note=note),)


def _steal_a_pin() -> tuple[Playthrough, ...]:
    rules = StealAPinRules(_arena(), seats=3)
    start = rules.start_from(pins=[1, 3, 2], active=0)
    return (Playthrough("steal_a_pin", rules, seed=1, start=start, note="Steal a Pin with pins on every track (T13)."),)


def _grab_two_pins() -> tuple[Playthrough, ...]:
    rules = GrabTwoPinsRules(_arena(), seats=3)
    grabbed = rules.begin(rules.scenario_table(pins=[0, 8, 2], active=1))
    note = "Grab 2 Pins onto a track with room for one: the mini-game is over as it begins (T14)."
    return (Playthrough("grab_two_pins", rules, seed=1, start=grabbed.state, start_events=grabbed.events, note=note),)


def _finale() -> tuple[Playthrough, ...]:
    rules = FinaleRules(_arena(), seats=6, supply=60)
    start = rules.start_from(pins=[8, 8, 9, 8, 8, 8], opening=1)  # after its deck spin and shuffle
    note = "The Finale of six players on 9, 8, 8, 8, 8, 8 pins: the last dealt gets fewer (T16)."
    return (Playthrough("finale", rules, seed=6, start=start, note=note),)


def _mini_game(
    name: str, rules: type, title: str, rule_ids: str, playthroughs: Callable[[], Sequence[Playthrough]]
) -> GameFamily:
    """Returns the family of a tournament mini-game played on its own, card counting by default."""
    return GameFamily(
        name=name,
        rules=rules,
        title=title,
        rule_ids=rule_ids,
        end_reasons=(TournamentEnd.MINI_GAME_ENDED,),
        narrator=_NARRATOR,
        player=_MINI_GAME_PLAYER,
        playthroughs=playthroughs,
        view_text=_VIEW_TEXT,
    )


TOURNAMENT_FAMILIES: tuple[GameFamily, ...] = tuple(
    register_game(family)
    for family in (
        GameFamily(
            name="hilo",
            rules=HiLoRules,
            title="Hi Lo",
            rule_ids="T12",
            end_reasons=(TournamentEnd.MINI_GAME_ENDED,),
            narrator=_NARRATOR,
            player="toptrumps_core.strategies.hilo:hilo_player",
            playthroughs=_hilo,
            view_text=_VIEW_TEXT,
        ),
        GameFamily(
            name="tournament",
            rules=TournamentRules,
            title="The tournament",
            rule_ids="T1-T16",
            end_reasons=(TournamentEnd.FINALE_WON,),
            narrator=_NARRATOR,
            player="toptrumps_core.strategies.tournament:tournament_player",
            playthroughs=_tournament,
            view_text=_VIEW_TEXT,
        ),
        _mini_game("arena_hilo", HiLoGame, "Hi Lo in the arena", "T12", _arena_hilo),
        _mini_game("head_to_head", HeadToHeadRules, "Head to Head", "T9", _head_to_head),
        _mini_game("my_game", MyGameRules, "My Game", "T10", _my_game),
        _mini_game("shoot_out", ShootOutRules, "Shoot Out", "T11", _shoot_out),
        _mini_game("steal_a_pin", StealAPinRules, "Steal a Pin", "T13", _steal_a_pin),
        _mini_game("grab_two_pins", GrabTwoPinsRules, "Grab 2 Pins", "T14", _grab_two_pins),
        GameFamily(
            name="finale",
            rules=FinaleRules,
            title="The Finale",
            rule_ids="T15, T16",
            end_reasons=(TournamentEnd.FINALE_WON,),
            narrator=_NARRATOR,
            player=_MINI_GAME_PLAYER,
            playthroughs=_finale,
            view_text=_VIEW_TEXT,
        ),
    )
)
"""Every family of the tournament: Hi Lo on its own, the whole tournament, each mini-game, the Finale."""
