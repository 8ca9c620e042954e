"""Records of earlier formats, brought to today's before they load.

Format 1 (release 0.1.0) stored the rules as ``{"seats", "options", "deck"}``
for every game.  Format 2 lets each rules class write its own data
(``rules.to_data()``); every game of release 0.1.0 writes that same shape,
so the rules need no change.  Formats 1 and 2 tag every value by its Python
class name (``{"type": "ChooseCategory", ...}``, ``{"enum": "Termination",
...}``); format 3 tags it by its wire name (``"classic/choose"``,
``"termination"``, see `toptrumps_core.protocol.Recorded`), which a class
rename never changes.

Reading an old record takes two steps:

1. Format 1 only: events whose fields changed shape since are rewritten by
   `LEGACY_EVENTS`, one entry per old event type name: an event with
   fields renamed (``renamed("Won", taker="seat")``), or a function from
   the old event's data to a list of format-2 events' data (``[]`` drops
   it).  Entries apply at the top level of the record's event list and
   inside events' fields.
2. Formats 1 and 2: every tag is read through `OLD_TAGS`, the one table
   from each class name an earlier release wrote to today's wire name.  It
   is written out in full and frozen: never derive it from the classes'
   names, so renaming a class cannot break an old file.  Renamed events of
   format 1 (``CardsRevealed``, ``PlayerOut``) are entries there too.

Neither table grows any more: wire names are stable, so a class may be
renamed freely.  The saved records in ``tests/core/saved_records/`` (never
regenerated) check both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["LEGACY_EVENTS", "OLD_TAGS", "EventUpgrade", "renamed", "upgrade", "upgrade_events", "wire_tags"]

EventUpgrade = Callable[[dict[str, Any]], list[dict[str, Any]]]
"""Turns one old event's data (``{"type": old name, ...}``) into today's events' data."""

LEGACY_EVENTS: dict[str, EventUpgrade] = {}
"""How to read each reshaped event of a format-1 record, by its old type name (into format-2 names)."""

OLD_TAGS: Mapping[str, str] = MappingProxyType(
    {
        "Answer": "quiz/answer",
        "AnswerRepeated": "quiz/answer_repeated",
        "AnswerWrong": "quiz/answer_wrong",
        "Bid": "quiz/bid",
        "BidPassed": "quiz/bid_passed",
        "BidRaised": "quiz/bid_raised",
        "BiddingWon": "quiz/bidding_won",
        "BidsRevealed": "quiz/bids_revealed",
        "Call": "hilo/call",
        "CardPickedUp": "squads/card_picked_up",
        "CardPlaced": "squads/card_placed",
        "CardsDealt": "tournament/cards_dealt",
        "CardsDiscarded": "cards_discarded",
        "CardsDrawn": "cards_drawn",
        "CardsReturned": "tournament/cards_returned",
        "CardsRevealed": "revealed",
        "ChartRevealed": "quiz/chart_revealed",
        "ChartsPicked": "quiz/charts_picked",
        "ChooseCategory": "classic/choose",
        "ChooseMission": "squads/choose_mission",
        "ChooserDrawn": "chooser_drawn",
        "ChooserPassed": "tournament/chooser_passed",
        "ClassicState": "classic/state",
        "Dealt": "dealt",
        "DeckPicked": "my_game/deck_picked",
        "DeckShuffled": "finale/deck_shuffled",
        "DeckSpun": "tournament/deck_spun",
        "DuelState": "tournament/duel_state",
        "DuelStep": "tournament/duel_step",
        "DuelWon": "tournament/duel_won",
        "FinaleBegan": "tournament/finale_began",
        "FinaleCardsAllotted": "finale/cards_allotted",
        "FinaleUncontested": "finale/uncontested",
        "FinaleWon": "finale/won",
        "FirstChooserDrawn": "finale/first_chooser_drawn",
        "GameEnded": "game_ended",
        "GaveUp": "quiz/gave_up",
        "GiveUp": "quiz/give_up",
        "HiLoCalled": "hilo/called",
        "HiLoCategoryChosen": "hilo/category_chosen",
        "HiLoEnded": "hilo/ended",
        "HiLoLaid": "hilo/laid",
        "HiLoPutAside": "hilo/put_aside",
        "HiLoRowClosedUp": "hilo/row_closed_up",
        "HiLoStackRanOut": "hilo/stack_ran_out",
        "HiLoState": "hilo/state",
        "HiLoTurned": "hilo/turned",
        "JointAction": "joint",
        "JudgeAnswer": "quiz/judge_answer",
        "Lot": "lot",
        "MiniGameOver": "tournament/mini_game_over",
        "MiniGameSpun": "tournament/mini_game_spun",
        "MiniGameState": "tournament/mini_game_state",
        "Mission": "squads/mission",
        "MissionChosen": "squads/mission_chosen",
        "MissionSlot": "squads/mission_slot",
        "NearMiss": "quiz/near_miss",
        "NearMissJudged": "quiz/near_miss_judged",
        "NearMissOffered": "quiz/near_miss_offered",
        "NothingToSteal": "steal_a_pin/nothing_to_steal",
        "OpponentPicked": "head_to_head/opponent_picked",
        "OpposingChanceBegan": "quiz/opposing_chance_began",
        "Outcome": "outcome",
        "PassBid": "quiz/pass_bid",
        "Phase": "tournament/phase",
        "PickCard": "classic/pick_card",
        "PickCharts": "quiz/pick_charts",
        "PickDeck": "my_game/pick_deck",
        "PickOpponent": "head_to_head/pick_opponent",
        "PickUp": "squads/pick_up",
        "PinAwarded": "tournament/pin_awarded",
        "PinBoard": "tournament/pin_board",
        "PinsNotTaken": "tournament/pins_not_taken",
        "Place": "squads/place",
        "PlayerOut": "seat_out",
        "PotCollected": "pot_collected",
        "QuizEnded": "quiz/ended",
        "QuizRoundStarted": "quiz/round_started",
        "QuizStage": "quiz/stage",
        "QuizState": "quiz/state",
        "RankTurned": "quiz/rank_turned",
        "Revealed": "revealed",
        "Rob": "steal_a_pin/rob",
        "RoundReveal": "squads/round_reveal",
        "RoundScored": "squads/round_scored",
        "RoundUnwon": "quiz/round_unwon",
        "RoundWon": "quiz/round_won",
        "SeatOut": "seat_out",
        "Sector": "tournament/sector",
        "ShootOutPlay": "shoot_out/play",
        "ShootOutStep": "shoot_out/step",
        "ShowdownBegan": "quiz/showdown_began",
        "Shuffle": "shuffle",
        "SlotScored": "squads/slot_scored",
        "SpecialTileReactivated": "quiz/special_tile_reactivated",
        "SpecialTileUsed": "quiz/special_tile_used",
        "Spin": "tournament/spin",
        "SquadBuilt": "squads/squad_built",
        "SquadRow": "squads/row",
        "SquadsDealt": "squads/dealt",
        "SquadsPhase": "squads/phase",
        "SquadsRevealed": "squads/revealed",
        "SquadsState": "squads/state",
        "Stage": "tournament/stage",
        "StarterDrawn": "tournament/starter_drawn",
        "StayerDrawn": "stayer_drawn",
        "Table": "tournament/table",
        "TaskRead": "quiz/task_read",
        "Termination": "termination",
        "TieSettled": "tournament/tie_settled",
        "TiebreakerSide": "quiz/tiebreaker_side",
        "TiebreakerTurned": "quiz/tiebreaker_turned",
        "Tied": "tied",
        "TimeRanOut": "quiz/time_ran_out",
        "TimeUp": "quiz/time_up",
        "TournamentState": "tournament/state",
        "TurnPassed": "tournament/turn_passed",
        "UseSpecialTile": "quiz/use_special_tile",
        "Won": "won",
        "_HiLoStep": "hilo/step",
        "_Step": "classic/step",
    }
)
"""Today's wire name of every class name that records of formats 1 and 2 use as a tag (frozen)."""


def renamed(new_type: str, **fields: str) -> EventUpgrade:
    """Returns an `EventUpgrade` for an event renamed to `new_type`, fields renamed old=new.

    Example:
        >>> renamed("SeatOut", player="seat")({"type": "PlayerOut", "player": 2})
        [{'type': 'SeatOut', 'seat': 2}]
    """

    def upgrade_event(old: dict[str, Any]) -> list[dict[str, Any]]:
        new: dict[str, Any] = {"type": new_type}
        for key, value in old.items():
            if key != "type":
                new[fields.get(key, key)] = value
        return [new]

    return upgrade_event


def _upgrade_value(value: Any) -> Any:
    """Returns `value` with each renamed event inside it upgraded (one event in, one out)."""
    if isinstance(value, list):
        return [_upgrade_value(v) for v in value]
    if isinstance(value, dict):
        inner = {k: _upgrade_value(v) for k, v in value.items()}
        if isinstance(inner.get("type"), str) and inner["type"] in LEGACY_EVENTS:
            out = LEGACY_EVENTS[inner["type"]](inner)
            if len(out) != 1:
                raise ValueError(f"an event inside another must upgrade to one event; {inner['type']!r} does not")
            return out[0]
        return inner
    return value


def upgrade_events(events: Any) -> Any:
    """Returns a stored event list with every `LEGACY_EVENTS` entry applied (anything else as is)."""
    if not isinstance(events, list):
        return events
    out: list[Any] = []
    for event in events:
        if isinstance(event, dict) and isinstance(event.get("type"), str) and event["type"] in LEGACY_EVENTS:
            inner = {k: _upgrade_value(v) for k, v in event.items()}
            out.extend(LEGACY_EVENTS[event["type"]](inner))
        else:
            out.append(_upgrade_value(event))
    return out


def wire_tags(value: Any) -> Any:
    """Returns `value` (JSON data) with every ``"type"``/``"enum"`` tag of `OLD_TAGS` read as its wire name.

    A tag the table does not know is left as it is, for the codec to refuse
    by name.

    Example:
        >>> wire_tags([{"type": "Lot", "seat": 1}, {"enum": "Termination", "value": "unfinished"}])
        [{'type': 'lot', 'seat': 1}, {'enum': 'termination', 'value': 'unfinished'}]
    """
    if isinstance(value, list):
        return [wire_tags(v) for v in value]
    if isinstance(value, dict):
        out = {k: wire_tags(v) for k, v in value.items()}
        for tag in ("type", "enum"):
            old = out.get(tag)
            if isinstance(old, str) and old in OLD_TAGS:
                out[tag] = OLD_TAGS[old]
        return out
    return value


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Returns the format-1 or format-2 record `data` as a format-3 record's data (a new dict).

    The rules keep their shape (every game of format 1 wrote
    ``{"seats", "options", "deck"}``, which is what their ``to_data`` writes
    today); format-1 events are read through `LEGACY_EVENTS`; then every
    tag, in the rules (Squads stores its missions tagged), the start, the
    actions, the events and the outcome, through `OLD_TAGS`.
    """
    new = dict(data)
    if new.get("format") == 1 and "events" in new:
        new["events"] = upgrade_events(new["events"])
    for key in ("rules", "start", "actions", "events", "outcome"):
        if key in new:
            new[key] = wire_tags(new[key])
    new["format"] = 3
    return new


# -- the comparison's shared vocabulary: classic play and the tournament tell a
# comparison with the same events (toptrumps_core.events)


def _comparison_won(old: dict[str, Any]) -> list[dict[str, Any]]:
    """ComparisonWon(seat, category, card) became Won(seat, category, cards=[card]) (T5)."""
    return [{"type": "Won", "seat": old["seat"], "category": old["category"], "cards": [old["card"]]}]


def _comparison_tied(old: dict[str, Any]) -> list[dict[str, Any]]:
    """ComparisonTied(category, tied, again) became Tied(category, seats, pot_size=0, again) (T6)."""
    return [{"type": "Tied", "category": old["category"], "seats": old["tied"], "pot_size": 0, "again": old["again"]}]


def _classic_tied(old: dict[str, Any]) -> list[dict[str, Any]]:
    """Classic play's Tied gained `again`, empty there: the chooser picks again (C5)."""
    return [{**old, "again": old.get("again", [])}]


LEGACY_EVENTS["ComparisonWon"] = _comparison_won
LEGACY_EVENTS["ComparisonTied"] = _comparison_tied
LEGACY_EVENTS["Tied"] = _classic_tied
