"""The Top Ten Quiz's events: what happened, in the past tense (rules Q1-Q13).

Events are public: the board, the log and the transcripts read them.  So an
event never holds an answer that has not been revealed: `RankTurned` holds
the answer whose tile turns, `ChartRevealed` all ten once the round is over,
and `NearMissOffered` only the given text and its similarity.

Teams are seats: 0 is Green, 1 is Black.
"""

from __future__ import annotations

from dataclasses import dataclass

from toptrumps_core.protocol import Event, Outcome

__all__ = [
    "AnswerRepeated",
    "AnswerWrong",
    "BidPassed",
    "BidRaised",
    "BiddingWon",
    "BidsRevealed",
    "ChartRevealed",
    "ChartsPicked",
    "GaveUp",
    "NearMissJudged",
    "NearMissOffered",
    "OpposingChanceBegan",
    "QuizEnded",
    "QuizRoundStarted",
    "RankTurned",
    "RoundUnwon",
    "RoundWon",
    "ShowdownBegan",
    "SpecialTileReactivated",
    "SpecialTileUsed",
    "TaskRead",
    "TiebreakerTurned",
    "TimeRanOut",
]


@dataclass(frozen=True, slots=True)
class ChartsPicked(Event, wire="quiz/charts_picked"):
    """The seven charts were set out, round 1's first (Q1, Q12).

    Attributes:
        keys: Their keys, in the order they are played.
        categories: Their categories, in the same order.
    """

    keys: tuple[str, ...]
    categories: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TiebreakerTurned(Event, wire="quiz/tiebreaker_turned"):
    """The tiebreaker tile landed on, or was turned to, `team`'s side (Q4, Q11).

    Attributes:
        team: The team now shown.
        tossed: True for the first toss, False for a turn.
    """

    team: int
    tossed: bool


@dataclass(frozen=True, slots=True)
class QuizRoundStarted(Event, wire="quiz/round_started"):
    """Round `round` began: its winner tile went to the middle, the captains changed (Q2, Q3).

    Attributes:
        round: 1..7.
        middle: The winner tiles now in the middle (points), this round's last.
        captains: The captain of each team this round.
        category: The chart's category, read aloud before the bidding (Q4).
    """

    round: int
    middle: tuple[int, ...]
    captains: tuple[str, str]
    category: str


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event, wire="quiz/bids_revealed"):
    """Both captains' secret bids were revealed together (Q4).

    Attributes:
        bids: Each team's bid, Green's first.
    """

    bids: tuple[int, int]


@dataclass(frozen=True, slots=True)
class BidRaised(Event, wire="quiz/bid_raised"):
    """In the high-bid variant `team`'s captain bid `count` (Q11)."""

    team: int
    count: int


@dataclass(frozen=True, slots=True)
class BidPassed(Event, wire="quiz/bid_passed"):
    """In the high-bid variant `team`'s captain passed (Q11); `forced` when the other bid 10."""

    team: int
    forced: bool


@dataclass(frozen=True, slots=True)
class BiddingWon(Event, wire="quiz/bidding_won"):
    """`team` is the active team and must give `target` right answers (Q4, Q11).

    Attributes:
        team: The active team.
        target: Its bid.
        by_tiebreaker: True when equal bids were decided by the tiebreaker tile (Q4).
    """

    team: int
    target: int
    by_tiebreaker: bool


@dataclass(frozen=True, slots=True)
class SpecialTileReactivated(Event, wire="quiz/special_tile_reactivated"):
    """`team`'s captain bid 6 or more and turned one used special tile back (Q6); `left` unused now."""

    team: int
    left: int


@dataclass(frozen=True, slots=True)
class TaskRead(Event, wire="quiz/task_read"):
    """The chart's task was read aloud and the timer started (Q5)."""

    round: int
    task: str


@dataclass(frozen=True, slots=True)
class RankTurned(Event, wire="quiz/rank_turned"):
    """`team`'s answer `text` was right: the tile of `rank` turned, showing `answer` (Q5, Q8, Q9).

    Attributes:
        team: The team that answered.
        text: The answer as given.
        rank: 1..10.
        answer: The chart's answer of that rank, as printed.
        right: How many right answers the active team has now this round.
    """

    team: int
    text: str
    rank: int
    answer: str
    right: int


@dataclass(frozen=True, slots=True)
class AnswerRepeated(Event, wire="quiz/answer_repeated"):
    """`team` gave an answer already turned (rank `rank`): neither right nor wrong (Q5)."""

    team: int
    text: str
    rank: int


@dataclass(frozen=True, slots=True)
class AnswerWrong(Event, wire="quiz/answer_wrong"):
    """`team`'s answer `text` is not on the chart (or the judge rejected it) (Q6, Q8, Q9)."""

    team: int
    text: str


@dataclass(frozen=True, slots=True)
class NearMissOffered(Event, wire="quiz/near_miss_offered"):
    """`team`'s answer `text` is close to a chart answer (`similarity` percent): the judge rules (Q13)."""

    team: int
    text: str
    similarity: int


@dataclass(frozen=True, slots=True)
class NearMissJudged(Event, wire="quiz/near_miss_judged"):
    """The judge accepted or rejected `team`'s near miss `text` (Q13)."""

    team: int
    text: str
    accepted: bool


@dataclass(frozen=True, slots=True)
class SpecialTileUsed(Event, wire="quiz/special_tile_used"):
    """`team` turned a special tile to keep guessing (Q6); `left` unused tiles remain."""

    team: int
    left: int


@dataclass(frozen=True, slots=True)
class GaveUp(Event, wire="quiz/gave_up"):
    """The active team `team` stopped guessing (Q8)."""

    team: int


@dataclass(frozen=True, slots=True)
class TimeRanOut(Event, wire="quiz/time_ran_out"):
    """The time of `team` ran out (Q5, Q8, Q9)."""

    team: int


@dataclass(frozen=True, slots=True)
class OpposingChanceBegan(Event, wire="quiz/opposing_chance_began"):
    """The opposing team `team` may give one answer within `seconds` seconds (Q8)."""

    team: int
    seconds: int


@dataclass(frozen=True, slots=True)
class ShowdownBegan(Event, wire="quiz/showdown_began"):
    """Round 7 was not won: the showdown on its chart began, `first` answering first (Q9)."""

    first: int
    tries: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event, wire="quiz/round_won"):
    """`team` won round `round` and took the winner tiles `tiles` from the middle (Q7, Q8, Q9)."""

    round: int
    team: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundUnwon(Event, wire="quiz/round_unwon"):
    """Nobody won round `round`; the winner tiles `middle` stay in the middle (Q2, Q8, Q9)."""

    round: int
    middle: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChartRevealed(Event, wire="quiz/chart_revealed"):
    """Round `round` is over: the chart's ten answers are shown, rank 1 first."""

    round: int
    answers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QuizEnded(Event, wire="quiz/ended"):
    """The quiz is over (Q10).

    Attributes:
        points: Each team's total of tile points, Green's first.
        tiles: Each team's number of tiles.
        outcome: The winner, or both teams for a draw.
    """

    points: tuple[int, int]
    tiles: tuple[int, int]
    outcome: Outcome
