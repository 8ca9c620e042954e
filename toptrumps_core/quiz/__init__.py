"""The Top Ten Quiz (rules Q1-Q13): rules only, no players or pictures.

- `rules`: `QuizRules`, its options, legality and transitions;
- `rounds`: the steps of a round (bidding, answers, special tiles, the end);
- `state`: `QuizState`, a team's `QuizView`, the judge's `QuizJudgeView`;
- `actions`, `events`: what the teams, chance and the judge do, and what happened;
- `matching`: answers against a chart (Q13);
- `charts`, `chartfiles`: Top-Ten-Charts, their TOML files and the bundled sets (Q1, Q12);
- `draws`: which seven charts are played (Q12);
- `scenario`: scenario starts.
"""

from __future__ import annotations

from toptrumps_core.quiz.actions import (
    WRONG_GUESS,
    Answer,
    Bid,
    GiveUp,
    JudgeAnswer,
    PassBid,
    PickCharts,
    TiebreakerSide,
    TimeUp,
    UseSpecialTile,
)
from toptrumps_core.quiz.chartfiles import bundled_chart_sets, load_charts, parse_charts
from toptrumps_core.quiz.charts import CATEGORIES, Chart, ChartSet, RankedAnswer
from toptrumps_core.quiz.events import (
    AnswerRepeated,
    AnswerWrong,
    BiddingWon,
    BidPassed,
    BidRaised,
    BidsRevealed,
    ChartRevealed,
    ChartsPicked,
    GaveUp,
    NearMissJudged,
    NearMissOffered,
    OpposingChanceBegan,
    QuizEnded,
    QuizRoundStarted,
    RankTurned,
    RoundUnwon,
    RoundWon,
    ShowdownBegan,
    SpecialTileReactivated,
    SpecialTileUsed,
    TaskRead,
    TiebreakerTurned,
    TimeRanOut,
)
from toptrumps_core.quiz.matching import Verdict, check_answer, normal_form
from toptrumps_core.quiz.rounds import REACTIVATE_AT, ROUNDS, SHOWDOWN_TRIES, SPECIAL_TILES
from toptrumps_core.quiz.rules import QuizRules
from toptrumps_core.quiz.state import QuizEnd, QuizJudgeView, QuizStage, QuizState, QuizView

__all__ = [
    "CATEGORIES",
    "REACTIVATE_AT",
    "ROUNDS",
    "SHOWDOWN_TRIES",
    "SPECIAL_TILES",
    "WRONG_GUESS",
    "Answer",
    "AnswerRepeated",
    "AnswerWrong",
    "Bid",
    "BidPassed",
    "BidRaised",
    "BiddingWon",
    "BidsRevealed",
    "Chart",
    "ChartRevealed",
    "ChartSet",
    "ChartsPicked",
    "GaveUp",
    "GiveUp",
    "JudgeAnswer",
    "NearMissJudged",
    "NearMissOffered",
    "OpposingChanceBegan",
    "PassBid",
    "PickCharts",
    "QuizEnd",
    "QuizEnded",
    "QuizJudgeView",
    "QuizRoundStarted",
    "QuizRules",
    "QuizStage",
    "QuizState",
    "QuizView",
    "RankTurned",
    "RankedAnswer",
    "RoundUnwon",
    "RoundWon",
    "ShowdownBegan",
    "SpecialTileReactivated",
    "SpecialTileUsed",
    "TaskRead",
    "TiebreakerSide",
    "TiebreakerTurned",
    "TimeRanOut",
    "TimeUp",
    "UseSpecialTile",
    "Verdict",
    "bundled_chart_sets",
    "check_answer",
    "load_charts",
    "normal_form",
    "parse_charts",
]
