"""Tiny hand-made decks and helpers for the Squads tests (rules S1-S7).

`TOY` has three categories so every slot is a mission slot, and small
values so ties, targets at equal distance and no data are easy to set up.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from toptrumps_core.cards import Category, Deck
from toptrumps_core.protocol import JointAction, Transition
from toptrumps_core.squads import Mission, MissionSlot, PickUp, Place, SquadsRules, SquadsState

TOY_ROWS: dict[str, list[object]] = {
    #          Speed  Height  Age
    "Ant": [1, 5, "n/a"],
    "Bee": [20, 3, 1],
    "Cat": [30, 8, 4],
    "Dog": [30, 2, 20],
    "Eel": [5, 3, 2],
    "Fox": [50, 9, 6],
    "Gnu": [7, 12, "n/a"],
    "Hen": [9, 7, 3],
}


def toy_deck() -> Deck:
    """Returns the eight-card TOY deck: Speed (km/h), Height (cm), Age (years)."""
    return Deck.from_rows(
        "Toy", [Category("Speed", "km/h"), Category("Height", "cm"), Category("Age", "years")], TOY_ROWS
    )


def mission(
    critical: tuple[str, str, object] = ("Speed", "highest", None),
    important: tuple[str, str, object] = ("Height", "highest", None),
    useful: tuple[str, str, object] = ("Age", "highest", None),
    title: str = "Test mission",
) -> Mission:
    """Returns a mission from ``(category, goal, target)`` triples."""

    def slot(spec: tuple[str, str, object]) -> MissionSlot:
        name, goal, target = spec
        return MissionSlot(name, goal, None if target is None else Fraction(str(target)))  # type: ignore[arg-type]

    return Mission(title, "A short story.", slot(critical), slot(important), slot(useful))


def toy_rules(seats: int = 2, **options: object) -> SquadsRules:
    """Returns Squads rules on the TOY deck with one prepared mission."""
    options.setdefault("missions", (mission(),))
    return SquadsRules(toy_deck(), seats=seats, **options)  # type: ignore[arg-type]


def build_as_dealt(rules: SquadsRules, state: SquadsState) -> Transition[SquadsState]:
    """Builds every squad exactly as dealt: each seat picks up slot i and places it back, i = 0, 1...

    Returns the transition of the last joint move (its events include the scoring).
    """
    step = None
    for slot in range(rules.cards_each):
        for move in (PickUp, Place):
            seats = rules.seats_to_act(state)
            step = rules.apply(state, JointAction(tuple((seat, move(slot)) for seat in seats)))
            state = step.state
    assert step is not None
    return step


def joint(state_rules: SquadsRules, state: SquadsState, moves: Sequence[object]) -> Transition[SquadsState]:
    """Applies one move per building seat, in seat order."""
    seats = state_rules.seats_to_act(state)
    return state_rules.apply(state, JointAction(tuple(zip(seats, moves, strict=True))))  # type: ignore[arg-type]
