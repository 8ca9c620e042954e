"""The Top Ten Quiz: rules options, legality and transitions (rules Q1-Q13).

Two teams, Green (seat 0) and Black (seat 1), of two or more named members
(Q1), play seven rounds on seven Top-Ten-Charts.  Round r puts winner tile r
in the middle; unwon tiles stay (Q2).  Captains take turns (Q3).  The
captains see the category and bid how many of the ten answers their team
will name: in secret, revealed together, the tiebreaker tile deciding equal
bids and turning only then (Q4); or, in the high-bid variant, raising by one
in turn until one passes or bids 10 (Q11).  A bid of 6 or more reactivates
a used special tile (Q6).  The active team answers against the timer (Q5):
a right answer turns its rank's tile, an answer already given is neither
right nor wrong, a wrong one costs a special tile or the turn (Q6).
Reaching the bid wins the round (Q7); otherwise the opposing team has one
answer in 10 seconds (Q8).  An unwon round 7 ends in a showdown (Q9); most
tile points, then most tiles, wins, else a draw (Q10).  Answers match
ignoring case, accents, punctuation and a leading article, and a near miss
goes to the judge (Q13, `JUDGE` node).

The core never reads a clock: the page reports `TimeUp` as an action.
Chance picks the seven charts (Q12) and tosses the tiebreaker tile (Q4).

Rule options (RULES.md's words; defaults first):

- ``bidding``: ``"secret"`` (Q4) or ``"high_bid"`` (Q11);
- ``own_set``: ``"none"`` plays a whole set (``chart_set``, or one drawn at
  random), ``"one_of_each"`` or ``"one_category"`` draws an own set (Q12);
- ``timer_seconds`` = 120 (Q5; 90 and 150 are usual), ``opposing_seconds``
  = 10 (Q8): the page's timers;
- ``near_miss`` = `NEAR_MISS` (80): the least similarity, in percent, offered to the judge (Q13).

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from toptrumps_core.errors import ChartError, IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.options import check_options, option, option_values, options_from_data
from toptrumps_core.protocol import (
    CHANCE,
    JUDGE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Actor,
    Finite,
    JudgedGame,
    NodeKind,
    Outcome,
    Seat,
    SimultaneousGame,
    Transition,
    check_chance,
    check_joint,
    check_seat,
)
from toptrumps_core.quiz import rounds
from toptrumps_core.quiz.actions import (
    WRONG_GUESS,
    Answer,
    Bid,
    GiveUp,
    JudgeAnswer,
    PassBid,
    PickCharts,
    QuizDecision,
    TiebreakerSide,
    TimeUp,
    UseSpecialTile,
)
from toptrumps_core.quiz.chartfiles import load_bundled_sets
from toptrumps_core.quiz.charts import CATEGORIES, CHARTS_PER_SET, Chart, ChartCategory, ChartSet
from toptrumps_core.quiz.draws import ChartDraw
from toptrumps_core.quiz.events import (
    BidPassed,
    BidRaised,
    ChartsPicked,
    NearMissJudged,
    SpecialTileUsed,
    TiebreakerTurned,
)
from toptrumps_core.quiz.matching import NEAR_MISS, Verdict, check_answer, normal_form
from toptrumps_core.quiz.scenario import scenario_state
from toptrumps_core.quiz.state import TEAM_COLOURS, QuizJudgeView, QuizStage, QuizState, QuizView
from toptrumps_core.record import check_rules_version

__all__ = ["MAX_ANSWER_LENGTH", "QuizRules"]

MAX_ANSWER_LENGTH = 120
"""The longest answer accepted, in characters (the page's answer box holds no more)."""

_BIDS = tuple(range(1, 11))
_NOT_OPTIONS = ("teams", "members", "rules_version")
"""What the quiz's record data holds beside the sets and the rule options."""


@dataclass(frozen=True)
class QuizRules(
    SimultaneousGame[QuizState, QuizDecision, QuizView], JudgedGame[QuizState, QuizDecision, QuizView, QuizJudgeView]
):
    """The rules of the Top Ten Quiz (Q1-Q13) with their options.

    Args:
        sets: The chart sets to play from; None for the bundled sets
            (`toptrumps_core.bundled_chart_sets`).  Chart keys must be
            unique across the sets.
        teams: The two teams' names, Green's first (Q1).
        members: Each team's members, two or more, in captain order (Q1, Q3).
        bidding: ``"secret"`` (Q4) or ``"high_bid"`` (Q11).
        own_set: ``"none"``: play a whole set; ``"one_of_each"`` or
            ``"one_category"``: draw seven charts (Q12).
        chart_set: With ``own_set="none"``, the name of the set to play;
            None to draw one of the sets at random.
        own_category: With ``own_set="one_category"``, the category (Q1).
        timer_seconds: The active team's time, in seconds, >= 1 (Q5).
        opposing_seconds: The opposing team's time, in seconds, >= 1 (Q8).
        near_miss: The least similarity, in percent (1..100), that sends
            an answer to the judge (Q13).

    Raises:
        RuleOptionError: If an option is outside its range or spelling (the
            message names it), a team has fewer than two members, the named
            set or category does not exist, or too few charts allow the
            own set.

    Example:
        >>> from toptrumps_core import play
        >>> record = play(QuizRules(), seed=1)
        >>> record.outcome.termination.name
        'SEVEN_ROUNDS'
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SIMULTANEOUS, NodeKind.CHANCE, NodeKind.JUDGE})

    sets: tuple[ChartSet, ...] | None = None
    teams: tuple[str, str] = TEAM_COLOURS
    members: tuple[tuple[str, ...], tuple[str, ...]] = (("Green 1", "Green 2"), ("Black 1", "Black 2"))
    bidding: Literal["secret", "high_bid"] = option(
        "Q4",
        default="secret",
        label="Bidding",
        help="How the captains bid how many answers their team will name",
        choice_labels=("Secret bids", "High bids"),
        choice_help=(
            "Both captains bid in secret and show their bids together",
            "The captains take turns to raise the bid by one until one passes",
        ),
    )
    own_set: Literal["none", "one_of_each", "one_category"] = option(
        "Q12",
        default="none",
        label="Charts",
        help="Which seven charts the quiz is played on",
        choice_labels=("A whole set", "One of each category", "One category"),
        choice_help=(
            "The seven charts of one set",
            "Seven charts drawn at random, one of each category",
            "Seven charts drawn at random from one category",
        ),
    )
    chart_set: str | None = option(
        "Q12",
        default=None,
        label="Chart set",
        help="The set of charts to play when a whole set is played; off draws one of the sets at random",
    )
    own_category: ChartCategory | None = option(
        "Q1",
        default=None,
        label="Category of the charts",
        help="The category the seven charts are drawn from, when they all come from one category",
        choice_labels=("Society", "Sport", "Nature", "Worldwide", "People", "Economy", "Fun"),
        choice_help=(
            "Charts about society",
            "Charts about sport",
            "Charts about nature",
            "Charts about the whole world",
            "Charts about people",
            "Charts about the economy",
            "Charts just for fun",
        ),
    )
    timer_seconds: int = option(
        "Q5",
        default=120,
        low=1,
        label="Timer (seconds)",
        help="How long the answering team has to reach its bid; 90, 120 or 150 seconds are usual",
    )
    opposing_seconds: int = option(
        "Q8",
        default=10,
        low=1,
        label="Other team's time (seconds)",
        help="How long the other team has to give one answer when the bid was not reached",
    )
    near_miss: int = option(
        "Q13",
        default=NEAR_MISS,
        low=1,
        high=100,
        label="Near miss (percent)",
        help="How alike, in percent, a wrong answer must be to a right one to be sent to the judge",
    )
    rules_version: int = 1
    family: ClassVar[str] = "quiz"
    seats: ClassVar[int] = 2
    _charts: dict[str, Chart] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        check_rules_version(self.rules_version, (1,), self.family)
        sets = load_bundled_sets() if self.sets is None else self.sets
        if isinstance(sets, ChartSet):
            sets = (sets,)
        if not isinstance(sets, Sequence) or not sets or not all(isinstance(s, ChartSet) for s in sets):
            raise RuleOptionError(f"sets must be one or more ChartSet values (load_charts); got {sets!r}")
        object.__setattr__(self, "sets", tuple(sets))
        for chart_set in sets:
            for chart in chart_set.charts:
                known = self._charts.setdefault(chart.key, chart)
                if known != chart:
                    raise RuleOptionError(f"two charts are keyed {chart.key!r}; chart keys must be unique")
        object.__setattr__(self, "teams", _names(self.teams, "teams", 2, 2))
        members = self.members
        if isinstance(members, (str, bytes)) or not isinstance(members, Sequence) or len(members) != 2:
            raise RuleOptionError(f"members must list two teams' members (Q1); got {members!r}")
        object.__setattr__(
            self, "members", tuple(_names(m, f"members of {t}", 2) for m, t in zip(members, self.teams, strict=True))
        )
        self._check_options()

    def _check_options(self) -> None:
        check_options(self)
        names = [s.name for s in self.chart_sets]
        if self.chart_set is not None and self.chart_set not in names:
            raise RuleOptionError(f"no chart set {self.chart_set!r}; expected one of {names}")
        if self.own_set == "one_of_each":
            missing = [c for c in CATEGORIES if not any(ch.category == c for ch in self._charts.values())]
            if missing:
                raise RuleOptionError(f"own_set='one_of_each' needs a chart of every category; none of {missing}")
        if self.own_set == "one_category":
            if self.own_category is None:
                raise RuleOptionError(f"own_set='one_category' needs own_category, one of {list(CATEGORIES)}")
            count = sum(1 for ch in self._charts.values() if ch.category == self.own_category)
            if count < CHARTS_PER_SET:
                raise RuleOptionError(
                    f"own_set='one_category' needs {CHARTS_PER_SET} charts of {self.own_category!r}; there are {count}"
                )

    # -- charts -----------------------------------------------------------------

    @property
    def chart_sets(self) -> tuple[ChartSet, ...]:
        """Returns the chart sets played from (the bundled ones by default)."""
        assert self.sets is not None
        return self.sets

    def chart(self, key: str) -> Chart:
        """Returns the chart with `key`.

        Raises:
            KeyError: If no chart of the sets has that key.
        """
        return self._charts[key]

    def chart_of(self, state: QuizState) -> Chart | None:
        """Returns the chart of the round in play, or None before the first round."""
        return self.chart(state.charts[state.round - 1]) if state.round else None

    def options(self) -> dict[str, Any]:
        """Returns the rule options by their RULES.md names (for transcripts and settings)."""
        return {"teams": self.teams, "members": self.members, **option_values(self)}

    # -- the protocol -------------------------------------------------------------

    def initial_state(self) -> QuizState:
        """Returns the quiz before chance sets out the charts."""
        return QuizState()

    def start_from(self, **given: Any) -> QuizState:
        """Returns a scenario start: a given round, charts, tiles, special tiles, tiebreaker (Q1-Q12).

        Keyword arguments (all optional): ``charts`` (seven keys; default:
        the first set's), ``round`` (1..7, default 1), ``tiebreaker`` (0 or
        1, default 0), ``won`` (each team's tiles), ``middle`` (the tiles in
        the middle; default the tiles of rounds up to `round` not won),
        ``specials`` (each team's unused special tiles), and, to start in
        the guessing of that round, ``active`` and ``target`` (with
        ``turned``, the ranks already turned).

        Raises:
            RuleOptionError: If a value is out of range, a chart key is
                unknown, or the tiles are not exactly 1..round, once each.

        Example:
            >>> rules = QuizRules()
            >>> state = rules.start_from(round=3, won=[[1], []], active=1, target=4)
            >>> state.middle, rules.actor(state)
            ((2, 3), 1)
        """
        return scenario_state(self, **given)

    def actor(self, state: QuizState) -> Actor:
        """Returns who acts: chance, both captains at once, a team, the judge, or nobody."""
        match state.stage:
            case QuizStage.PICK | QuizStage.TOSS:
                return CHANCE
            case QuizStage.BIDDING:
                return SIMULTANEOUS
            case QuizStage.HIGH_BIDDING:
                return state.on_turn
            case QuizStage.GUESSING | QuizStage.SPECIAL:
                assert state.active is not None
                return state.active
            case QuizStage.OPPOSING:
                assert state.opposing is not None
                return state.opposing
            case QuizStage.SHOWDOWN:
                return state.showdown_turn
            case QuizStage.JUDGING:
                return JUDGE
            case _:
                return TERMINAL

    def seats_to_act(self, state: QuizState) -> tuple[Seat, ...]:
        """Returns both teams in the secret bidding (Q4), else no seat."""
        return (0, 1) if state.stage is QuizStage.BIDDING else ()

    def legal_actions(self, state: QuizState, seat: Seat | None = None) -> tuple[QuizDecision, ...]:
        """Returns the actions open to the actor (to `seat` in the secret bidding).

        Where a team answers, any `Answer` with a text that is not blank is
        legal; the list holds one `Answer` per chart answer not yet turned
        and one `WRONG_GUESS` for computer teams, so a page must never show
        this list (it holds the chart's answers).
        """
        match state.stage:
            case QuizStage.BIDDING:
                return tuple(Bid(n) for n in _BIDS) if seat in (0, 1) else ()
            case QuizStage.HIGH_BIDDING:
                made = [b for b in state.bids if b is not None]
                if not made:
                    return tuple(Bid(n) for n in _BIDS)
                return (Bid(max(made) + 1), PassBid())
            case QuizStage.GUESSING:
                return (*self._answers(state), GiveUp(), TimeUp())
            case QuizStage.SPECIAL:
                return (UseSpecialTile(), GiveUp(), TimeUp())
            case QuizStage.OPPOSING:
                return (*self._answers(state), GiveUp(), TimeUp())
            case QuizStage.SHOWDOWN:
                return (*self._answers(state), TimeUp())
            case QuizStage.JUDGING:
                return (JudgeAnswer(True), JudgeAnswer(False))
            case _:
                return ()

    def _answers(self, state: QuizState) -> tuple[Answer, ...]:
        chart = self.chart_of(state)
        assert chart is not None
        return (*(Answer(a.text) for a in chart.answers if a.rank not in state.turned), Answer(WRONG_GUESS))

    def chance(self, state: QuizState) -> ChartDraw | Finite:
        """Returns the draw of the seven charts (Q12), or the tiebreaker toss (Q4).

        Raises:
            IllegalActionError: If chance does not act in `state`.
        """
        if state.stage is QuizStage.PICK:
            return self._chart_draw()
        if state.stage is QuizStage.TOSS:
            return Finite.uniform([TiebreakerSide(0), TiebreakerSide(1)])
        raise IllegalActionError(f"chance does not act in the {state.stage.value} stage")

    def _chart_draw(self) -> ChartDraw:
        if self.own_set == "none":
            sets = [s for s in self.chart_sets if self.chart_set in (None, s.name)]
            return ChartDraw("set", tuple(tuple(c.key for c in s.charts[:CHARTS_PER_SET]) for s in sets))
        charts = list(self._charts.values())
        if self.own_set == "one_of_each":
            return ChartDraw("one_of_each", tuple(tuple(c.key for c in charts if c.category == k) for k in CATEGORIES))
        return ChartDraw("one_category", (tuple(c.key for c in charts if c.category == self.own_category),))

    def apply(self, state: QuizState, action: Action) -> Transition[QuizState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state` (a blank
                or too long answer, a bid out of turn or range, an action
                after the end); nothing changes.
        """
        stage = state.stage
        if stage is QuizStage.PICK or stage is QuizStage.TOSS:
            check_chance(self, state, action)
            if isinstance(action, PickCharts):
                categories = tuple(self.chart(k).category for k in action.keys)
                after = replace(state, stage=QuizStage.TOSS, charts=action.keys)
                return Transition(after, (ChartsPicked(action.keys, categories),))
            assert isinstance(action, TiebreakerSide)
            tossed = replace(state, tiebreaker=action.team)
            return rounds.start_round(self, tossed, 1, (TiebreakerTurned(action.team, True),))
        if stage is QuizStage.BIDDING:
            joint = check_joint(self, state, action)
            bids = tuple(move.count for _, move in joint.moves if isinstance(move, Bid))
            return rounds.reveal_bids(self, state, (bids[0], bids[1]))
        if stage is QuizStage.OVER:
            raise IllegalActionError(f"the quiz is over; got {action!r}")
        if isinstance(action, Answer) and stage in (QuizStage.GUESSING, QuizStage.OPPOSING, QuizStage.SHOWDOWN):
            return self._answer(state, action)
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"{action!r} is not legal now; expected one of {self._legal_names(state)}")
        return self._decide(state, action)

    def _legal_names(self, state: QuizState) -> list[str]:
        """Returns the legal actions as names, never the chart's answers."""
        names = {type(a).__name__ + ("(text)" if isinstance(a, Answer) else "") for a in self.legal_actions(state)}
        return sorted(names)

    def _answer(self, state: QuizState, action: Answer) -> Transition[QuizState]:
        text = action.text
        if not isinstance(text, str) or len(text) > MAX_ANSWER_LENGTH:
            raise IllegalActionError(f"an answer is a text of at most {MAX_ANSWER_LENGTH} characters; got {text!r}")
        chart = self.chart_of(state)
        assert chart is not None
        if not normal_form(text, chart.language):
            raise IllegalActionError(f"an answer needs letters or digits; got {text!r}")
        verdict = check_answer(text, chart, state.turned, near_miss=self.near_miss)
        team = self.actor(state)
        assert isinstance(team, int)
        return rounds.answered(self, state, team, text, verdict)

    def _decide(self, state: QuizState, action: Action) -> Transition[QuizState]:
        """Applies a legal action other than an answer or a chance or joint action."""
        team = self.actor(state)
        match action:
            case Bid(count=count):
                assert isinstance(team, int)
                bids = list(state.bids)
                bids[team] = count
                after = replace(state, bids=(bids[0], bids[1]), on_turn=1 - team)
                if count < max(_BIDS):
                    return Transition(after, (BidRaised(team, count),))
                events = (BidRaised(team, count), BidPassed(1 - team, True))
                return rounds.close_bidding(self, after, team, count, False, events)  # Q11: a bid of 10 ends it
            case PassBid():
                assert isinstance(team, int)
                other = 1 - team
                target = state.bids[other]
                assert target is not None
                return rounds.close_bidding(self, state, other, target, False, (BidPassed(team, False),))
            case UseSpecialTile():
                assert isinstance(team, int)
                specials = list(state.specials)
                specials[team] -= 1
                after = replace(state, stage=QuizStage.GUESSING, specials=(specials[0], specials[1]))
                return Transition(after, (SpecialTileUsed(team, specials[team]),))
            case GiveUp() | TimeUp():
                assert isinstance(team, int)
                return rounds.stop_guessing(self, state, team, time_up=isinstance(action, TimeUp))
            case JudgeAnswer(accept=accept):
                return self._judged(state, accept)
            case _:  # pragma: no cover - legal_actions lists nothing else
                raise IllegalActionError(f"{action!r} is not legal now")

    def _judged(self, state: QuizState, accept: bool) -> Transition[QuizState]:
        """Applies the judge's ruling on the pending near miss (Q13)."""
        near = state.pending
        assert near is not None
        back = replace(state, stage=near.stage, pending=None)
        if accept:
            verdict = Verdict("repeated" if near.rank in state.turned else "right", near.rank, near.similarity)
        else:
            verdict = Verdict("wrong", None, near.similarity)
        step = rounds.answered(self, back, near.team, near.text, verdict)
        return Transition(step.state, (NearMissJudged(near.team, near.text, accept), *step.events))

    def observe(self, state: QuizState, seat: Seat) -> QuizView:
        """Returns what team `seat` (0 Green, 1 Black) may see: the table, never an unrevealed answer.

        Raises:
            IllegalActionError: If `seat` is not 0 or 1.
        """
        team = check_seat(seat, self.seats)
        chart = self.chart_of(state)
        read = state.stage not in (QuizStage.PICK, QuizStage.TOSS, QuizStage.BIDDING, QuizStage.HIGH_BIDDING)
        return QuizView(
            team=team,
            teams=self.teams,
            stage=state.stage,
            round=state.round,
            category="" if chart is None else chart.category,
            task=chart.task if chart is not None and read else "",
            captains=rounds.captains(self, state.round) if state.round else ("", ""),
            middle=state.middle,
            won=state.won,
            specials=state.specials,
            bids=state.bids,
            tiebreaker=state.tiebreaker,
            on_turn=state.on_turn,
            active=state.active,
            target=state.target,
            turned=tuple((r, chart.answer(r).text) for r in state.turned) if chart is not None else (),
            wrong=state.wrong,
            waiting_for_judge=state.stage is QuizStage.JUDGING,
            showdown_wrong=state.showdown_wrong,
            showdown_turn=state.showdown_turn,
        )

    def judge_view(self, state: QuizState) -> QuizJudgeView:
        """Returns the near miss to rule on and the chart answer it is close to (Q13).

        Raises:
            IllegalActionError: If no near miss waits for the judge.
        """
        near = state.pending
        chart = self.chart_of(state)
        if near is None or chart is None:
            raise IllegalActionError("no near miss waits for the judge")
        return QuizJudgeView(near.team, near.text, chart.answer(near.rank).text, near.rank, near.similarity)

    def outcome(self, state: QuizState) -> Outcome | None:
        """Returns the outcome once the quiz is over (Q10), else None."""
        return rounds.quiz_outcome(state) if state.stage is QuizStage.OVER else None

    # -- records ------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as JSON-ready data, the charts included (records are not tied to a deck)."""
        return {
            "sets": [
                {"name": s.name, "description": s.description, "charts": [c.to_data() for c in s.charts]}
                for s in self.chart_sets
            ],
            **{k: list(v) if isinstance(v, tuple) else v for k, v in self.options().items() if k != "members"},
            "members": [list(m) for m in self.members],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = 1) -> QuizRules:
        """Returns the rules that `to_data` wrote.

        Raises:
            RecordError: If the data is not valid quiz rules or the version is unknown.
        """
        try:
            check_rules_version(rules_version, (1,), cls.family)
            sets = tuple(
                ChartSet(s["name"], tuple(Chart.from_data(c) for c in s["charts"]), s.get("description", ""))
                for s in data["sets"]
            )
            options = options_from_data(cls, {k: v for k, v in data.items() if k != "sets"}, extra=_NOT_OPTIONS)
            options["teams"] = tuple(options["teams"])
            options["members"] = tuple(tuple(m) for m in options["members"])
            return cls(sets=sets, **options)
        except (ChartError, RuleOptionError, KeyError, TypeError) as err:
            raise RecordError(f"the record's quiz rules are not valid: {err}") from None


def _names(value: Any, what: str, least: int, most: int | None = None) -> tuple[str, ...]:
    """Returns `value` as a tuple of distinct, non-blank names, or raises RuleOptionError."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RuleOptionError(f"{what} must be a list of names; got {value!r}")
    names = tuple(value)
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise RuleOptionError(f"{what} must be names that are not blank; got {value!r}")
    names = tuple(n.strip() for n in names)
    if len(names) < least or (most is not None and len(names) > most) or len(set(names)) != len(names):
        count = f"{least}" if most == least else f"at least {least}"
        raise RuleOptionError(f"{what} must be {count} different names (Q1); got {list(names)!r}")
    return names
