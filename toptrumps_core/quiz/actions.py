"""The Top Ten Quiz's actions: what chance, the teams and the judge do (rules Q4-Q13).

Teams are seats: 0 is Green, 1 is Black (Q1).  Chance picks the seven
charts (`PickCharts`, Q12) and the tiebreaker tile's first side
(`TiebreakerSide`, Q4).  Captains bid (`Bid`: sealed in a `JointAction` in
the secret bidding of Q4, one at a time in the high-bid variant of Q11,
where `PassBid` passes).  The active team answers (`Answer`), turns a
special tile after a wrong answer (`UseSpecialTile`, Q6), or gives up
(`GiveUp`, Q8); the page's clock says `TimeUp` (Q5, Q8), so the core never
reads a clock.  The judge accepts or rejects a near miss (`JudgeAnswer`,
Q13).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from toptrumps_core.protocol import Action, whole_number

__all__ = [
    "WRONG_GUESS",
    "Answer",
    "Bid",
    "GiveUp",
    "JudgeAnswer",
    "PassBid",
    "PickCharts",
    "QuizDecision",
    "TiebreakerSide",
    "TimeUp",
    "UseSpecialTile",
]

WRONG_GUESS = "(a wrong guess)"
"""The text a computer team gives for an answer it does not know; no chart holds it."""


@dataclass(frozen=True, slots=True)
class PickCharts(Action, wire="quiz/pick_charts"):
    """Chance action: the seven charts of the game, by key, in the order they are played (Q1, Q12).

    Attributes:
        keys: Seven chart keys, round 1's first.
    """

    keys: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "keys", tuple(str(k) for k in self.keys))


@dataclass(frozen=True, slots=True)
class TiebreakerSide(Action, wire="quiz/tiebreaker_side"):
    """Chance action: the team shown on the tiebreaker tile as it lands (Q4).

    Attributes:
        team: 0 (Green) or 1 (Black).
    """

    team: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "team", whole_number(self.team, "a tiebreaker side"))


@dataclass(frozen=True, slots=True)
class Bid(Action, wire="quiz/bid"):
    """A captain's bid: how many right answers the team will give, 1..10 (Q4, Q11).

    Attributes:
        count: The number of right answers promised.
    """

    count: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", whole_number(self.count, "a bid"))


@dataclass(frozen=True, slots=True)
class PassBid(Action, wire="quiz/pass_bid"):
    """The captain on turn passes in the high-bid variant (Q11)."""


@dataclass(frozen=True, slots=True)
class Answer(Action, wire="quiz/answer"):
    """An answer passed on by a captain (Q5), given by the opposing team (Q8) or in the showdown (Q9).

    Attributes:
        text: The answer as said or typed; any text that is not blank.
    """

    text: str


@dataclass(frozen=True, slots=True)
class UseSpecialTile(Action, wire="quiz/use_special_tile"):
    """The active team turns one of its special tiles after a wrong answer, to keep guessing (Q6)."""


@dataclass(frozen=True, slots=True)
class GiveUp(Action, wire="quiz/give_up"):
    """The active team stops guessing (Q8); after a wrong answer, it keeps its special tiles."""


@dataclass(frozen=True, slots=True)
class TimeUp(Action, wire="quiz/time_up"):
    """The timer ran out (Q5, Q8): the page's clock reports it, the core never reads a clock."""


@dataclass(frozen=True, slots=True)
class JudgeAnswer(Action, wire="quiz/judge_answer"):
    """The judge's ruling on a near miss (Q13).

    Attributes:
        accept: True if the answer counts as the chart's answer it is close to.
    """

    accept: bool


QuizDecision: TypeAlias = Bid | PassBid | Answer | UseSpecialTile | GiveUp | TimeUp | JudgeAnswer
"""A decision of the quiz that ``QuizRules.legal_actions`` lists: a bid, an answer, a tile, time up, a ruling."""
