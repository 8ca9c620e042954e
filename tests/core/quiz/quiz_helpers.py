"""A small hand-made chart set and helpers for the quiz tests (rules Q1-Q13).

Every chart of `TINY` ranks the same ten fruits and plants, so a test names
answers without looking them up: rank 1 is "Apple" (also "Pomme"), rank 2
"Banana", ... rank 10 "Juniper".
"""

from __future__ import annotations

from collections.abc import Iterable

from toptrumps_core.protocol import Action, Event, JointAction
from toptrumps_core.quiz import CATEGORIES, Bid, Chart, ChartSet, QuizRules, QuizState

FRUITS = ("Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig", "Grape", "Hazel", "Ivy", "Juniper")
"""The ten answers of every tiny chart, rank 1 first."""


def tiny_chart(n: int, category: str | None = None) -> Chart:
    """Returns tiny chart number `n`, of category `category` (default: the n-th category)."""
    rows: list[str | list[str]] = [["Apple", "Pomme"], *FRUITS[1:]]
    return Chart.from_rows(
        f"tiny-{n}",
        category or CATEGORIES[(n - 1) % len(CATEGORIES)],
        f"Name the ten plants of chart {n}",
        rows,
        source="the test's own list",
        checked=2024,
    )


TINY = ChartSet("Tiny", tuple(tiny_chart(n) for n in range(1, 8)))
"""Seven tiny charts, one of each category."""


def tiny_rules(**options: object) -> QuizRules:
    """Returns quiz rules over the `TINY` set with `options`."""
    return QuizRules(sets=(TINY,), **options)  # type: ignore[arg-type]


def bids(green: int, black: int) -> JointAction:
    """Returns both captains' secret bids as one joint action (Q4)."""
    return JointAction(((0, Bid(green)), (1, Bid(black))))


def run(rules: QuizRules, state: QuizState, actions: Iterable[Action]) -> tuple[QuizState, list[Event]]:
    """Returns the state after `actions` and every event they caused, in order."""
    events: list[Event] = []
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, events


def of_type(events: Iterable[Event], kind: type) -> list[Event]:
    """Returns the events of class `kind`, in order."""
    return [e for e in events if isinstance(e, kind)]
