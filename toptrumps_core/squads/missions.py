"""Squads missions: three roles, each a category with a goal (rule S2).

A `Mission` names three different categories of a deck, one per role:
Critical (3 tokens), Important (2) and Useful (1).  Each role has a goal:
the ``"highest"`` value, the ``"lowest"``, or the value ``"nearest"`` to a
target (a number in the category's unit).  A mission has a title and a short
story, as the source's "escape from the Death Star".

`check_mission` validates a mission against a deck and raises one
`MissionError` naming the mission and the field at fault (unknown category,
the same category twice, a goal misspelt, a target missing, a target on a
goal other than nearest, a target on a category without numbers...).  The
prepared missions of the bundled decks are loaded by
`toptrumps_core.squads.mission_files`.

Rules version: 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Literal

from toptrumps_core.cards import Category, Deck, format_value, value_with_unit
from toptrumps_core.errors import RuleOptionError, located_message
from toptrumps_core.probability.settle import GOALS, Goal
from toptrumps_core.protocol import Recorded

__all__ = [
    "ROLES",
    "ROLE_NAMES",
    "ROLE_TOKENS",
    "Mission",
    "MissionError",
    "MissionSlot",
    "Role",
    "check_mission",
]

Role = Literal["critical", "important", "useful"]
"""A mission role (rule S2)."""
ROLES: tuple[Role, ...] = ("critical", "important", "useful")
"""The roles, most tokens first."""
ROLE_TOKENS: dict[Role, int] = {"critical": 3, "important": 2, "useful": 1}
"""Tokens won by the best card of each role's slot (rule S2)."""
ROLE_NAMES: dict[Role, str] = {"critical": "Critical", "important": "Important", "useful": "Useful"}
"""The roles as the mission card prints them."""

TITLE_MAX, STORY_MAX = 60, 400
"""Longest title and story, in characters, so a mission card stays readable."""


def _as_written(value: object) -> str:
    """Writes an exact number as a deck file does ("2.5", not "Fraction(5, 2)"), anything else with repr."""
    return format_value(value) if isinstance(value, Fraction) else repr(value)


class MissionError(RuleOptionError):
    """A mission is not valid for its deck (rule S2); the message names where and what.

    Attributes:
        path: The mission file, or None for a mission built in code or in the editor.
        mission: The mission's title (or its position, ``'#3'``), or None.
        field: The field at fault (``"critical.category"``, ``"title"``...), or None.
        expected: What a valid value looks like.
        got: The offending value, or None.
    """

    def __init__(
        self,
        path: str | Path | None,
        *,
        expected: str,
        mission: str | None = None,
        field: str | None = None,
        got: object = None,
    ) -> None:
        self.path = None if path is None else str(path)
        self.mission = mission
        self.field = field
        self.expected = expected
        self.got = got
        places = [f"mission {mission!r}" if mission is not None else None]
        super().__init__(
            located_message(self.path, None, places, field=field, expected=expected, got=got, shown=_as_written)
        )

    def __reduce__(self) -> tuple[object, ...]:
        fields = {"expected": self.expected, "mission": self.mission, "field": self.field, "got": self.got}
        return (_rebuild_mission_error, (self.path, fields))


def _rebuild_mission_error(path: str | None, fields: dict[str, object]) -> MissionError:
    return MissionError(path, **fields)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class MissionSlot(Recorded, wire="squads/mission_slot"):
    """One role of a mission: a category and its goal (rule S2).

    Attributes:
        category: The category's name, as in the deck.
        goal: ``"highest"``, ``"lowest"`` or ``"nearest"``.
        target: For ``"nearest"``, the number to be nearest to, in the
            category's unit (an exact Fraction; a whole number or a float
            is taken as the decimal it is written as, 2.5 as 5/2); None for
            the other goals.
    """

    category: str
    goal: Goal = "highest"
    target: Fraction | None = None

    def __post_init__(self) -> None:
        target = self.target
        if isinstance(target, int) and not isinstance(target, bool):
            object.__setattr__(self, "target", Fraction(target))
        elif isinstance(target, float) and math.isfinite(target):
            object.__setattr__(self, "target", Fraction(repr(target)))  # 2.5 -> 5/2, 0.1 -> 1/10: as written

    def describe(self, category: Category) -> str:
        """Returns the goal in words with the unit: ``"Height nearest to 200 cm"``, ``"Named nearest to 1900"``."""
        if self.goal == "nearest":
            return f"{category.name} nearest to {value_with_unit(category, self.target)}"
        return f"{category.name}, {self.goal}"


@dataclass(frozen=True, slots=True)
class Mission(Recorded, wire="squads/mission"):
    """A mission: a title, a short story and three roles (rule S2).

    Attributes:
        title: A short title, e.g. "Escape from the Death Star".
        story: A sentence or three telling what the squad must do.
        critical: The Critical role (3 tokens).
        important: The Important role (2 tokens).
        useful: The Useful role (1 token).

    Example:
        >>> m = Mission("Race", "Who is fastest?", MissionSlot("Speed"), MissionSlot("Legs", "lowest"),
        ...             MissionSlot("Age", "nearest", Fraction(5)))
        >>> [(role, tokens, slot.category) for role, tokens, slot in m.roles()]
        [('critical', 3, 'Speed'), ('important', 2, 'Legs'), ('useful', 1, 'Age')]
    """

    title: str
    story: str
    critical: MissionSlot
    important: MissionSlot
    useful: MissionSlot

    def roles(self) -> tuple[tuple[Role, int, MissionSlot], ...]:
        """Returns ``(role, tokens, slot)`` for the three roles, Critical first."""
        return (
            ("critical", 3, self.critical),
            ("important", 2, self.important),
            ("useful", 1, self.useful),
        )

    def slot_of(self, deck: Deck, category: int) -> tuple[Role, int, MissionSlot] | None:
        """Returns the role whose category is the deck's category number `category`, or None (S4)."""
        name = deck.categories[category].name
        return next((role for role in self.roles() if role[2].category == name), None)

    def tokens_by_category(self, deck: Deck) -> tuple[int, ...]:
        """Returns, per category of `deck` (so per slot of a row), the tokens its slot can win: 3, 2, 1 or 0."""
        return tuple(0 if (role := self.slot_of(deck, i)) is None else role[1] for i in range(len(deck.categories)))


def check_mission(mission: object, deck: Deck, *, path: str | Path | None = None, label: str | None = None) -> Mission:
    """Returns `mission` if it is a valid mission for `deck` (rule S2).

    Args:
        mission: The mission to check.
        deck: The deck it is played with.
        path: The file it was read from, for the message; None if none.
        label: How to name the mission in the message when it has no usable
            title (``'#2'``); None: its title.

    Raises:
        MissionError: If it is not a `Mission`, its title or story is empty
            or too long, a category is not in the deck or is used twice, a
            goal is not one of highest, lowest, nearest, a nearest goal has
            no number as target, another goal has a target, or a nearest
            goal is on a category where no card has a number.
    """
    if not isinstance(mission, Mission):
        raise MissionError(path, mission=label, expected="a Mission", got=mission)
    usable = isinstance(mission.title, str) and mission.title.strip() and len(mission.title) <= TITLE_MAX
    name = mission.title if usable else label
    for field_name, longest in (("title", TITLE_MAX), ("story", STORY_MAX)):
        text = getattr(mission, field_name)
        if not isinstance(text, str) or not text.strip():
            raise MissionError(path, mission=name, field=field_name, expected="some words", got=text)
        if len(text) > longest:
            raise MissionError(
                path, mission=name, field=field_name, expected=f"at most {longest} characters", got=len(text)
            )
    seen: dict[str, Role] = {}
    names = [c.name for c in deck.categories]
    for role, _, slot in mission.roles():
        if not isinstance(slot, MissionSlot):
            raise MissionError(path, mission=name, field=role, expected="a MissionSlot", got=slot)
        if slot.category not in names:
            listed = ", ".join(repr(n) for n in names)
            raise MissionError(
                path,
                mission=name,
                field=f"{role}.category",
                expected=f"a category of deck {deck.name!r} ({listed})",
                got=slot.category,
            )
        if slot.category in seen:
            raise MissionError(
                path,
                mission=name,
                field=f"{role}.category",
                expected=f"three different categories; {slot.category!r} is already the {seen[slot.category]} one",
                got=slot.category,
            )
        seen[slot.category] = role
        if slot.goal not in GOALS:
            raise MissionError(
                path, mission=name, field=f"{role}.goal", expected="'highest', 'lowest' or 'nearest'", got=slot.goal
            )
        _check_target(slot, deck, path=path, mission=name, role=role)
    return mission


def _check_target(slot: MissionSlot, deck: Deck, *, path: str | Path | None, mission: str | None, role: Role) -> None:
    """Raises MissionError unless the slot's target fits its goal and category (S2)."""
    target = slot.target
    if slot.goal != "nearest":
        if target is not None:
            raise MissionError(
                path,
                mission=mission,
                field=f"{role}.target",
                expected="no target unless the goal is 'nearest'",
                got=target,
            )
        return
    category = deck.categories[deck.category_index(slot.category)]
    if not isinstance(target, Fraction):  # MissionSlot turned a whole number or a float into one; not True
        unit = f" in {category.unit}" if category.unit else ""
        raise MissionError(
            path, mission=mission, field=f"{role}.target", expected=f"a number{unit} to be nearest to", got=target
        )
    index = deck.category_index(slot.category)
    if all(card.values[index] is None for card in deck.cards):
        raise MissionError(
            path,
            mission=mission,
            field=f"{role}.target",
            expected=f"a category with numbers; no card of deck {deck.name!r} has a {slot.category!r} value",
            got=target,
        )
