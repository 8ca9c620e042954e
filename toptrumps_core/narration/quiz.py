"""The Top Ten Quiz's sentences: one plain-text line per event (rules Q1-Q13).

A `QuizNarrator` is built from the quiz's rules (the team names, the
charts); fed the events of a quiz in order, it returns one sentence each in
plain words; `tell` also gives the IDs of the rules a sentence applies, kept
out of its words.  It never tells an answer that is still hidden: only the
events that reveal one hold it.

    >>> from toptrumps_core.quiz import QuizRules, RankTurned, RoundUnwon
    >>> narrator = QuizNarrator(QuizRules())
    >>> narrator.narrate(RankTurned(0, "the nile", 1, "Nile", 1))
    'Green: “the nile” is right: rank 1, Nile (1 right).'
    >>> narrator.tell(RoundUnwon(3, (2, 3)))
    Sentence(text='Nobody wins round 3: tiles 2 and 3 stay in the middle.', rules=('Q2', 'Q8'))
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn, TypeAlias, get_args

from toptrumps_core.narration.words import Sentence, and_list, plural, said
from toptrumps_core.protocol import Event
from toptrumps_core.quiz import (
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
    QuizRules,
    QuizView,
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

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """Fails loudly on a value the `match` statement did not expect."""
        raise AssertionError(f"unexpected value: {value!r}")


__all__ = ["QuizEvent", "QuizNarrator", "quiz_narrator", "quiz_view_text"]

QuizEvent: TypeAlias = (
    ChartsPicked
    | TiebreakerTurned
    | QuizRoundStarted
    | BidsRevealed
    | BidRaised
    | BidPassed
    | BiddingWon
    | SpecialTileReactivated
    | TaskRead
    | RankTurned
    | AnswerRepeated
    | AnswerWrong
    | NearMissOffered
    | NearMissJudged
    | SpecialTileUsed
    | GaveUp
    | TimeRanOut
    | OpposingChanceBegan
    | ShowdownBegan
    | RoundWon
    | RoundUnwon
    | ChartRevealed
    | QuizEnded
)
"""Every event of the Top Ten Quiz."""
EVENTS: frozenset[type[Event]] = frozenset(get_args(QuizEvent))
"""Every event class this narrator tells (`toptrumps_core.narration.NARRATED_EVENTS` gathers them)."""


def _tiles(tiles: Sequence[int]) -> str:
    """Returns "tile 3" or "tiles 2 and 3"."""
    return f"{'tile' if len(tiles) == 1 else 'tiles'} {and_list([str(t) for t in tiles])}"


class QuizNarrator:
    """Tells each event of a quiz as one sentence.

    Args:
        rules: The quiz's rules (for its team names).
        names: Two team names to use instead of the rules' own; None for the rules'.

    Raises:
        ValueError: If `names` is not two names.
    """

    def __init__(self, rules: QuizRules, names: Sequence[str] | None = None) -> None:
        teams = tuple(rules.teams if names is None else names)
        if len(teams) != 2:
            raise ValueError(f"a quiz has two teams; got names {list(teams)!r}")
        self.rules = rules
        self.names: tuple[str, ...] = teams

    def narrate_all(self, events: Iterable[Event]) -> list[str]:
        """Returns one sentence per event, in order, in plain words (no rule IDs)."""
        return [self.narrate(event) for event in events]

    def narrate(self, event: Event) -> str:
        """Returns the sentence for one quiz event, in plain words (no rule IDs).

        Raises:
            TypeError: If `event` is not an event of the quiz.
        """
        return self.tell(event).text

    def tell_all(self, events: Iterable[Event]) -> list[Sentence]:
        """Returns one `Sentence` per event, in order: its words and the rules it applies."""
        return [self.tell(event) for event in events]

    def tell(self, event: Event) -> Sentence:
        """Returns the `Sentence` for one quiz event: its words and the rules it applies.

        Raises:
            TypeError: If `event` is not an event of the quiz.
        """
        if not isinstance(event, QuizEvent):
            raise TypeError(f"not an event of the Top Ten Quiz: {event!r}")
        return self._sentence(event)

    def _sentence(self, event: QuizEvent) -> Sentence:
        n = self.names
        match event:
            case ChartsPicked(categories=categories):
                return said(f"Seven charts are set out: {and_list(list(categories))}.", "Q1", "Q12")
            case TiebreakerTurned(team=team, tossed=True):
                return said(f"The tiebreaker tile lands on {n[team]}.", "Q4")
            case TiebreakerTurned(team=team):
                rule = "Q11" if self.rules.bidding == "high_bid" else "Q4"
                return said(f"The tiebreaker tile turns to {n[team]}.", rule)
            case QuizRoundStarted(round=r, middle=middle, captains=captains, category=category):
                return said(
                    f"Round {r}: {_tiles(middle)} in the middle; captains {captains[0]} ({n[0]}) and "
                    f"{captains[1]} ({n[1]}); the category is {category}.",
                    "Q2",
                    "Q3",
                )
            case BidsRevealed(bids=bids):
                return said(f"The bids are revealed: {n[0]} {bids[0]}, {n[1]} {bids[1]}.", "Q4")
            case BidRaised(team=team, count=count):
                return said(f"{n[team]} bids {count}.", "Q11")
            case BidPassed(team=team, forced=forced):
                return said(f"{n[team]} must pass: 10 is the highest bid." if forced else f"{n[team]} passes.", "Q11")
            case BiddingWon(team=team, target=target, by_tiebreaker=by_tiebreaker):
                how = " on the tiebreaker tile" if by_tiebreaker else ""
                return said(f"{n[team]} is active{how} and must give {plural(target, 'right answer')}.", "Q4")
            case SpecialTileReactivated(team=team, left=left):
                return said(f"{n[team]} bid 6 or more and turns a special tile back: {left} unused.", "Q6")
            case TaskRead(task=task):
                return said(f"The task: {task}. The timer starts.", "Q5")
            case RankTurned(team=team, text=text, rank=rank, answer=answer, right=right):
                return said(f"{n[team]}: “{text}” is right: rank {rank}, {answer} ({right} right).", "Q5")
            case AnswerRepeated(team=team, text=text, rank=rank):
                return said(f"{n[team]}: “{text}” was given already (rank {rank}): neither right nor wrong.", "Q5")
            case AnswerWrong(team=team, text=text):
                return said(f"{n[team]}: “{text}” is wrong.", "Q6", "Q8")
            case NearMissOffered(team=team, text=text, similarity=similarity):
                return said(
                    f"{n[team]}: “{text}” is close to an answer ({similarity}% alike): the judge decides.", "Q13"
                )
            case NearMissJudged(team=team, text=text, accepted=accepted):
                return said(f"The judge {'accepts' if accepted else 'rejects'} “{text}”.", "Q13")
            case SpecialTileUsed(team=team, left=left):
                return said(f"{n[team]} turns a special tile and keeps guessing: {left} left.", "Q6")
            case GaveUp(team=team):
                return said(f"{n[team]} gives up.", "Q8")
            case TimeRanOut(team=team):
                return said(f"Time is up for {n[team]}.", "Q5", "Q8")
            case OpposingChanceBegan(team=team, seconds=seconds):
                return said(f"{n[team]} may give one answer within {seconds} seconds.", "Q8")
            case ShowdownBegan(first=first, tries=tries):
                return said(f"Showdown: the teams answer in turn, {n[first]} first, {tries} tries each.", "Q9")
            case RoundWon(round=r, team=team, tiles=tiles):
                return said(f"{n[team]} wins round {r} and takes {_tiles(tiles)}.", "Q7", "Q8")
            case RoundUnwon(round=r, middle=middle):
                stay = "stays" if len(middle) == 1 else "stay"
                return said(f"Nobody wins round {r}: {_tiles(middle)} {stay} in the middle.", "Q2", "Q8")
            case ChartRevealed(answers=answers):
                ranked = ", ".join(f"{rank}. {answer}" for rank, answer in enumerate(answers, start=1))
                return said(f"The chart: {ranked}.")
            case QuizEnded(points=points, tiles=tiles, outcome=outcome):
                score = (
                    f"{n[0]} {plural(points[0], 'point')} ({plural(tiles[0], 'tile')}), "
                    f"{n[1]} {plural(points[1], 'point')} ({plural(tiles[1], 'tile')})"
                )
                if outcome.is_draw:
                    return said(f"The quiz is over: {score}. A draw.", "Q10")
                (winner,) = outcome.winners
                return said(f"The quiz is over: {score}. {n[winner]} wins.", "Q10")
            case _:
                assert_never(event)


def quiz_narrator(rules: QuizRules, names: Sequence[str] | None = None, start: object = None) -> QuizNarrator:
    """Returns the `QuizNarrator` of one game of `rules` (`start` changes nothing)."""
    return QuizNarrator(rules, names)


def quiz_view_text(view: QuizView) -> str:
    """Returns what a quiz team sees, in a line: the round, the tiles in the middle, points, ranks turned."""
    turned = ", ".join(str(rank) for rank, _ in view.turned) or "none"
    points = [sum(tiles) for tiles in view.won]
    return f"round {view.round}; middle {list(view.middle)}; points {points}; turned {turned}"
