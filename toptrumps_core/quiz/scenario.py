"""Scenario starts of the Top Ten Quiz: a given round, tiles, special tiles and tiebreaker (Q1-Q12).

So each rule can be shown and tested from the moment it matters: round 7
with tiles in the middle for the showdown (Q9), a team with no special tile
left (Q6), the high-bid variant's opening (Q11).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from toptrumps_core.checks import whole_number
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.quiz.charts import CHARTS_PER_SET, Chart, ChartSet
from toptrumps_core.quiz.state import QuizStage, QuizState

__all__ = ["scenario_state"]

_KNOWN = {"charts", "round", "tiebreaker", "won", "middle", "specials", "active", "target", "turned"}


class _ScenarioRules(Protocol):
    @property
    def bidding(self) -> str: ...

    @property
    def chart_sets(self) -> tuple[ChartSet, ...]: ...

    def chart(self, key: str) -> Chart: ...


def scenario_state(rules: _ScenarioRules, **given: Any) -> QuizState:
    """Returns the start state that `QuizRules.start_from` describes.

    Raises:
        RuleOptionError: If a keyword is unknown or a value out of range.
    """
    unknown = sorted(set(given) - _KNOWN)
    if unknown:
        raise RuleOptionError(f"start_from() does not take {unknown}; it takes {sorted(_KNOWN)}")
    keys = tuple(given.get("charts") or (c.key for c in rules.chart_sets[0].charts[:CHARTS_PER_SET]))
    if len(keys) != CHARTS_PER_SET:
        raise RuleOptionError(f"a scenario plays {CHARTS_PER_SET} charts; got {len(keys)}")
    for key in keys:
        try:
            rules.chart(key)
        except KeyError:
            raise RuleOptionError(f"no chart {key!r} in the rules' sets") from None
    round_ = given.get("round", 1)
    whole_number(round_, "round", low=1, high=CHARTS_PER_SET, error=RuleOptionError)
    tiebreaker = whole_number(given.get("tiebreaker", 0), "tiebreaker (a team)", low=0, high=1, error=RuleOptionError)
    won = _pair(given.get("won", ((), ())), "won")
    taken = {t for team in won for t in team}
    middle = tuple(given.get("middle", tuple(t for t in range(1, round_ + 1) if t not in taken)))
    tiles = sorted([*won[0], *won[1], *middle])
    if tiles != list(range(1, round_ + 1)):
        raise RuleOptionError(f"the tiles won and in the middle must be 1..{round_}, each once; got {tiles}")
    specials = tuple(given.get("specials", (3, 3)))
    if len(specials) != 2 or not all(type(s) is int and 0 <= s <= 3 for s in specials):
        raise RuleOptionError(f"specials must be two counts from 0 to 3 (Q6); got {specials!r}")
    state = QuizState(
        stage=QuizStage.HIGH_BIDDING if rules.bidding == "high_bid" else QuizStage.BIDDING,
        charts=keys,
        round=round_,
        tiebreaker=tiebreaker,
        middle=middle,
        won=won,
        specials=(specials[0], specials[1]),
        on_turn=tiebreaker,
    )
    active = given.get("active")
    if active is None:
        return state
    return _guessing(state, active, given.get("target", 1), tuple(given.get("turned", ())))


def _pair(value: Any, what: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise RuleOptionError(f"{what} must list each team's tiles; got {value!r}")
    return (tuple(value[0]), tuple(value[1]))


def _guessing(state: QuizState, active: Any, target: Any, turned: tuple[int, ...]) -> QuizState:
    active = whole_number(active, "active (a team)", low=0, high=1, error=RuleOptionError)
    target = whole_number(target, "target (a bid)", low=1, high=10, error=RuleOptionError)
    if len(set(turned)) != len(turned) or not all(type(r) is int and 1 <= r <= 10 for r in turned):
        raise RuleOptionError(f"turned must be different ranks from 1 to 10; got {turned!r}")
    if len(turned) >= target:
        raise RuleOptionError(f"{len(turned)} ranks turned already reach the target {target}")
    bids = (target, None) if active == 0 else (None, target)
    return replace(state, stage=QuizStage.GUESSING, active=active, target=target, turned=turned, bids=bids)
