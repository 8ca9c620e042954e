"""Computer teams and a computer judge for the Top Ten Quiz (rules Q4-Q13).

`QuizTeam` plays the model of `toptrumps_core.probability.bidding`: it
knows each answer of a chart with probability `p`.  When guessing, each try
is one of the answers not yet tried: known (right) with probability `p`,
else a wrong guess (`WRONG_GUESS`); after a wrong guess it turns a special
tile while it has one (Q6) and gives up once all ten are tried.  As the
opposing team (Q8) and in the showdown (Q9) its one answer is right when it
knows one of the hidden answers.  It bids by a policy: ``"best"`` (the exact
best bid of P-style odds, `best_bid`, against a team of `opponent_p`) or a
fixed number.  In the high-bid variant (Q11) it raises while the next bid
is at most its own bid, and passes otherwise.

`SimilarityJudge` accepts a near miss at or above a similarity (Q13).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from toptrumps_core.checks import whole_number
from toptrumps_core.probability.bidding import ANSWERS, as_probability, best_bid
from toptrumps_core.protocol import Action
from toptrumps_core.quiz import (
    WRONG_GUESS,
    Answer,
    Bid,
    GiveUp,
    PassBid,
    QuizJudgeView,
    QuizStage,
    QuizView,
    UseSpecialTile,
)
from toptrumps_core.quiz.actions import JudgeAnswer
from toptrumps_core.strategies.base import Strategy

__all__ = ["QuizTeam", "SimilarityJudge", "quiz_judge", "quiz_player"]


@lru_cache(maxsize=4096)
def _best(p: Fraction, q: Fraction, specials: tuple[int, int], tiebreaker_mine: bool) -> int:
    return best_bid(p, q, specials=specials, tiebreaker_mine=tiebreaker_mine).bid


@dataclass(frozen=True)
class QuizTeam(Strategy[QuizView]):
    """A computer team that knows each answer with probability `p` (the model of P-style bidding odds).

    Attributes:
        p: The chance it knows any one answer, in [0, 1].
        bidding: ``"best"`` for the exact best bid against a team of
            `opponent_p`, or a fixed bid 1..10.
        opponent_p: What it assumes of the other team; None: the same as `p`.

    Raises:
        ValueError: If `p` or `opponent_p` is not in [0, 1], or `bidding`
            is neither ``"best"`` nor 1..10.
    """

    p: Fraction | float = Fraction(3, 5)
    bidding: str | int = "best"
    opponent_p: Fraction | float | None = None

    def __post_init__(self) -> None:
        as_probability(self.p)
        if self.opponent_p is not None:
            as_probability(self.opponent_p, "opponent_p")
        if self.bidding != "best":
            bid = whole_number(
                self.bidding, "bidding (a bid)", low=1, high=ANSWERS, alternative="'best'", error=ValueError
            )
            object.__setattr__(self, "bidding", bid)

    def target(self, view: QuizView) -> int:
        """Returns the bid this team aims at in the round of `view` (Q4)."""
        if isinstance(self.bidding, int):
            return self.bidding
        p = as_probability(self.p)
        q = p if self.opponent_p is None else as_probability(self.opponent_p)
        me = view.team
        specials = (view.specials[me], view.specials[1 - me])
        return _best(p, q, specials, view.tiebreaker == me)

    def choose(self, view: QuizView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns a bid, an answer, a special tile or giving up, drawn only from `rng`."""
        match view.stage:
            case QuizStage.BIDDING:
                return Bid(self.target(view))
            case QuizStage.HIGH_BIDDING:
                made = [b for b in view.bids if b is not None]
                goal = self.target(view)
                if not made:
                    return Bid(goal)
                step = max(made) + 1
                return Bid(step) if step <= goal else PassBid()
            case QuizStage.SPECIAL:
                return UseSpecialTile()
            case QuizStage.GUESSING:
                tried = view.right + len(view.wrong)
                if tried >= ANSWERS:
                    return GiveUp()
                known = rng.random() < as_probability(self.p)
                return self._answer(legal, rng) if known else Answer(WRONG_GUESS)
            case _:
                hidden = ANSWERS - view.right
                knows_one = rng.random() < 1 - (1 - as_probability(self.p)) ** hidden
                return self._answer(legal, rng) if knows_one else Answer(WRONG_GUESS)

    @staticmethod
    def _answer(legal: Sequence[Action], rng: random.Random) -> Action:
        answers = [a for a in legal if isinstance(a, Answer) and a.text != WRONG_GUESS]
        return answers[rng.randrange(len(answers))]


@dataclass(frozen=True)
class SimilarityJudge(Strategy[QuizJudgeView]):
    """A computer judge: accepts a near miss whose similarity is at least `accept_from` percent (Q13)."""

    accept_from: int = 85

    def choose(self, view: QuizJudgeView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Returns `JudgeAnswer(True)` for a close enough answer, else `JudgeAnswer(False)`."""
        return JudgeAnswer(view.similarity >= self.accept_from)


def quiz_player(rules: object) -> QuizTeam:
    """Returns the default computer team of the Top Ten Quiz: knows each answer with p = 3/5, bids its best."""
    return QuizTeam()


def quiz_judge(rules: object) -> SimilarityJudge:
    """Returns the default computer judge of the Top Ten Quiz: accepts a near miss by similarity (Q13)."""
    return SimilarityJudge()
