"""The game family of classic Top Trumps (C1-C12), registered once: `CLASSIC`.

Its narrator and default player are named by reference
(`toptrumps_core.families`), so the rules never import them.
"""

from __future__ import annotations

from toptrumps_core.classic.rules import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.families import GameFamily, Playthrough, register_game
from toptrumps_core.protocol import Termination

__all__ = ["CLASSIC"]


def _playthroughs() -> tuple[Playthrough, ...]:
    """Returns the seeded classic game whose transcript is kept (``tests/golden/classic.txt``)."""
    rules = ClassicRules(load_deck("animals"), seats=3)
    return (Playthrough("classic", rules, seed=7, note="Classic Top Trumps, three seats (C1-C12)."),)


CLASSIC = register_game(
    GameFamily(
        name="classic",
        rules=ClassicRules,
        title="Classic Top Trumps",
        rule_ids="C1-C12",
        end_reasons=(Termination.LAST_STACK, Termination.DRAW_ALL_OUT, Termination.ROUND_LIMIT),
        narrator="toptrumps_core.narration.card_games:card_game_narrator",
        player="toptrumps_core.strategies.classic:classic_player",
        playthroughs=_playthroughs,
        view_text="toptrumps_core.narration.card_games:card_game_view_text",
    )
)
"""Classic play: the ``"classic"`` records, narrated sentence by sentence, card counting by default."""
