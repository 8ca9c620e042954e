"""The game family of the Top Ten Quiz (Q1-Q13), registered once: `QUIZ`.

Its narrator, default team and judge are named by reference
(`toptrumps_core.families`), so the rules never import them.
"""

from __future__ import annotations

from toptrumps_core.families import GameFamily, Playthrough, register_game
from toptrumps_core.quiz.rules import QuizRules
from toptrumps_core.quiz.state import QuizEnd

__all__ = ["QUIZ"]


def _playthroughs() -> tuple[Playthrough, ...]:
    """Returns the seeded quiz whose transcript is kept (``tests/golden/quiz.txt``)."""
    rules = QuizRules(chart_set="Set 1")
    return (
        Playthrough("quiz", rules, seed=3, note="A whole Top Ten Quiz of set 1 between two computer teams (Q1-Q13)."),
    )


QUIZ = register_game(
    GameFamily(
        name="quiz",
        rules=QuizRules,
        title="Top Ten Quiz",
        rule_ids="Q1-Q13",
        end_reasons=(QuizEnd.SEVEN_ROUNDS,),
        narrator="toptrumps_core.narration.quiz:quiz_narrator",
        player="toptrumps_core.strategies.quiz:quiz_player",
        judge="toptrumps_core.strategies.quiz:quiz_judge",
        playthroughs=_playthroughs,
        view_text="toptrumps_core.narration.quiz:quiz_view_text",
    )
)
"""The Top Ten Quiz: the ``"quiz"`` records, two computer teams and a computer judge by default."""
