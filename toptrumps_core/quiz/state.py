"""A moment of the Top Ten Quiz, what a team may see, and what the judge sees (rules Q1-Q13).

`QuizState` is a frozen value; transitions build new ones.  `QuizView` is
a team's view: everything on the table (tiles, special tiles, bids once
revealed, the task once read, the ranks turned with their answers), never an
answer not yet revealed.  `QuizJudgeView` is the judge's: the near miss and
the chart answer it is close to.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from toptrumps_core.protocol import EndReason, Recorded

__all__ = ["TEAM_COLOURS", "NearMiss", "QuizEnd", "QuizJudgeView", "QuizStage", "QuizState", "QuizView"]

TEAM_COLOURS = ("Green", "Black")
"""The two teams' colours, seat 0 first (Q1); their names are a rule option."""


class QuizEnd(EndReason, wire="quiz/end"):
    """Why a Top Ten Quiz ended."""

    SEVEN_ROUNDS = "seven_rounds"
    """The seven rounds (and any showdown) are over: most tile points wins (Q10)."""


class QuizStage(Recorded, enum.Enum, wire="quiz/stage"):
    """Where the quiz stands."""

    PICK = "pick"
    """Chance sets out the seven charts (Q1, Q12)."""
    TOSS = "toss"
    """Chance tosses the tiebreaker tile (Q4)."""
    BIDDING = "bidding"
    """Both captains bid at once, in secret (Q4)."""
    HIGH_BIDDING = "high_bidding"
    """The captains raise by one or pass in turn (Q11)."""
    GUESSING = "guessing"
    """The active team answers against the timer (Q5)."""
    SPECIAL = "special"
    """After a wrong answer the active team turns a special tile or not (Q6)."""
    OPPOSING = "opposing"
    """The opposing team gives one answer within 10 s (Q8)."""
    SHOWDOWN = "showdown"
    """The teams answer in turn on round 7's chart (Q9)."""
    JUDGING = "judging"
    """The judge rules on a near miss (Q13)."""
    OVER = "over"
    """The quiz is over (Q10)."""


@dataclass(frozen=True, slots=True)
class NearMiss(Recorded, wire="quiz/near_miss"):
    """A near miss waiting for the judge (Q13).

    Attributes:
        team: The team that gave it.
        text: The answer as given.
        rank: The rank of the closest chart answer.
        similarity: In percent, 0..100.
        stage: The stage it came from (guessing, opposing or showdown).
    """

    team: int
    text: str
    rank: int
    similarity: int
    stage: QuizStage


@dataclass(frozen=True, slots=True)
class QuizState(Recorded, wire="quiz/state"):
    """A moment of the quiz.

    Attributes:
        stage: Where the quiz stands.
        charts: The seven chart keys in play order; () before the pick.
        round: 1..7 once the first round began, else 0.
        tiebreaker: The team shown on the tiebreaker tile; None before the toss.
        middle: The winner tiles in the middle (their points), oldest first (Q2).
        won: Each team's winner tiles, in the order won.
        specials: Each team's unused special tiles, 0..3 (Q6).
        bids: Each team's bid this round; None until revealed (Q4) or made (Q11).
        on_turn: In the high-bid variant, the team to raise or pass (Q11).
        active: The active team this round; None before the bidding ends.
        target: The active team's bid; 0 before the bidding ends.
        turned: The ranks turned this round, in the order named.
        wrong: The active team's wrong answers this round, in order (Q6).
        pending: A near miss waiting for the judge, or None.
        showdown_wrong: Each team's wrong answers in the showdown (Q9).
        showdown_turn: The team to answer in the showdown.
    """

    stage: QuizStage = QuizStage.PICK
    charts: tuple[str, ...] = ()
    round: int = 0
    tiebreaker: int | None = None
    middle: tuple[int, ...] = ()
    won: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    specials: tuple[int, int] = (3, 3)
    bids: tuple[int | None, int | None] = (None, None)
    on_turn: int = 0
    active: int | None = None
    target: int = 0
    turned: tuple[int, ...] = ()
    wrong: tuple[str, ...] = ()
    pending: NearMiss | None = None
    showdown_wrong: tuple[int, int] = (0, 0)
    showdown_turn: int = 0

    @property
    def opposing(self) -> int | None:
        """Returns the opposing team this round, or None before the bidding ends."""
        return None if self.active is None else 1 - self.active

    @property
    def points(self) -> tuple[int, int]:
        """Returns each team's total of tile points (Q10)."""
        return (sum(self.won[0]), sum(self.won[1]))


@dataclass(frozen=True, slots=True)
class QuizView:
    """What a team (or the class) may see: the table, never an unrevealed answer.

    Attributes:
        team: The team whose view this is (0 Green, 1 Black).
        teams: Both teams' names.
        stage: Where the quiz stands.
        round: 1..7, or 0 before the first round.
        category: This round's category; "" before the first round.
        task: The task, once read aloud after the bidding (Q5); else "".
        captains: This round's captains; ("", "") before the first round.
        middle: The winner tiles in the middle (points).
        won: Each team's winner tiles.
        specials: Each team's unused special tiles.
        bids: Each team's bid once revealed or made; None otherwise.
        tiebreaker: The team on the tiebreaker tile; None before the toss.
        on_turn: In the high-bid variant, the team to raise or pass.
        active: The active team; None before the bidding ends.
        target: The active team's bid; 0 before.
        turned: ``(rank, answer)`` for each tile turned this round, in order named.
        wrong: The active team's wrong answers this round, in order (Q6).
        waiting_for_judge: True while the judge rules on a near miss.
        showdown_wrong: Each team's wrong answers in the showdown.
        showdown_turn: The team to answer in the showdown.
    """

    team: int
    teams: tuple[str, str]
    stage: QuizStage
    round: int
    category: str
    task: str
    captains: tuple[str, str]
    middle: tuple[int, ...]
    won: tuple[tuple[int, ...], tuple[int, ...]]
    specials: tuple[int, int]
    bids: tuple[int | None, int | None]
    tiebreaker: int | None
    on_turn: int
    active: int | None
    target: int
    turned: tuple[tuple[int, str], ...]
    wrong: tuple[str, ...]
    waiting_for_judge: bool
    showdown_wrong: tuple[int, int]
    showdown_turn: int

    @property
    def right(self) -> int:
        """Returns how many tiles are turned this round."""
        return len(self.turned)


@dataclass(frozen=True, slots=True)
class QuizJudgeView:
    """What the judge sees when ruling on a near miss (Q13).

    Attributes:
        team: The team that answered.
        text: The answer as given.
        answer: The chart answer it is closest to (hidden from the teams).
        rank: That answer's rank.
        similarity: In percent, 0..100.
    """

    team: int
    text: str
    answer: str
    rank: int
    similarity: int
