"""Top Trump Squads: missions, squad building, scoring (rules S1-S7): rules only.

- `rules`: `SquadsRules`, the deal, building through the simultaneous node,
  scoring and rounds (S1, S3-S7).
- `state`: the table, one seat's view, and the actions `ChooseMission`,
  `PickUp`, `Place`.
- `events`: what happened, in the past tense.
- `missions`: `Mission`, `MissionSlot`, `check_mission`, `MissionError` (S2).
- `mission_files`: prepared missions in TOML, loaded all or nothing;
  `bundled_missions(deck)`.

Computer players are in `toptrumps_core.strategies.squads`, sentences in
`toptrumps_core.narration.squads`, pictures in `toptrumps_core.svg.squads`.
"""

from __future__ import annotations

from toptrumps_core.squads.events import (
    CardPickedUp,
    CardPlaced,
    MissionChosen,
    RoundScored,
    SlotScored,
    SquadBuilt,
    SquadsDealt,
    SquadsRevealed,
)
from toptrumps_core.squads.mission_files import bundled_mission_decks, bundled_missions, load_missions, parse_missions
from toptrumps_core.squads.missions import (
    ROLE_NAMES,
    ROLE_TOKENS,
    ROLES,
    Mission,
    MissionError,
    MissionSlot,
    Role,
    check_mission,
)
from toptrumps_core.squads.rules import MIN_SEATS, RULES_VERSION, TOKENS_TO_WIN, SquadsRules
from toptrumps_core.squads.state import (
    ChooseMission,
    PickUp,
    Place,
    RoundReveal,
    SquadRow,
    SquadsEnd,
    SquadsPhase,
    SquadsState,
    SquadsView,
)

__all__ = [
    "MIN_SEATS",
    "ROLES",
    "ROLE_NAMES",
    "ROLE_TOKENS",
    "RULES_VERSION",
    "TOKENS_TO_WIN",
    "CardPickedUp",
    "CardPlaced",
    "ChooseMission",
    "Mission",
    "MissionChosen",
    "MissionError",
    "MissionSlot",
    "PickUp",
    "Place",
    "Role",
    "RoundReveal",
    "RoundScored",
    "SlotScored",
    "SquadBuilt",
    "SquadRow",
    "SquadsDealt",
    "SquadsEnd",
    "SquadsPhase",
    "SquadsRevealed",
    "SquadsRules",
    "SquadsState",
    "SquadsView",
    "bundled_mission_decks",
    "bundled_missions",
    "check_mission",
    "load_missions",
    "parse_missions",
]
