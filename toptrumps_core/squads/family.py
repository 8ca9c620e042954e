"""The game family of Top Trump Squads (S1-S7), registered once: `SQUADS`.

Its narrator and default player are named by reference
(`toptrumps_core.families`), so the rules never import them.
"""

from __future__ import annotations

from toptrumps_core.deckfiles import load_deck
from toptrumps_core.families import GameFamily, Playthrough, register_game
from toptrumps_core.squads.rules import SquadsRules
from toptrumps_core.squads.state import SquadsEnd

__all__ = ["SQUADS"]


def _playthroughs() -> tuple[Playthrough, ...]:
    """Returns the seeded Squads game whose transcript is kept (``tests/golden/squads.txt``)."""
    rules = SquadsRules(load_deck("animals"), seats=3, tokens_to_win=6)
    return (
        Playthrough(
            "squads", rules, seed=3, note="Top Trump Squads, three seats building at once, to 6 tokens (S1-S7)."
        ),
    )


SQUADS = register_game(
    GameFamily(
        name="squads",
        rules=SquadsRules,
        title="Top Trump Squads",
        rule_ids="S1-S7",
        end_reasons=(SquadsEnd.TOKENS_REACHED,),
        narrator="toptrumps_core.narration.squads:squads_narrator",
        player="toptrumps_core.strategies.squads:squads_player",
        playthroughs=_playthroughs,
        view_text="toptrumps_core.narration.squads:squads_view_text",
    )
)
"""Top Trump Squads: the ``"squads"`` records, built by exact expected tokens by default (S5)."""
