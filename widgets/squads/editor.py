"""The mission editor: three categories, roles, goals, a target with its unit, a title and a story (rule S2).

`MissionEditor` is a form over one deck.  `MissionEditor.mission()` reads
it into a `Mission` and checks it with `toptrumps_core.squads.check_mission`,
so an unknown category, the same category twice, a missing or stray target,
or a target on a category without numbers is refused with the core's own
message (a `MissionError`, shown by the view's error boundary).  Every value
the page can set is read as text and checked here, never trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.probability.settle import GOALS
from toptrumps_core.squads import ROLE_NAMES, ROLE_TOKENS, ROLES, Mission, MissionError, MissionSlot, check_mission

__all__ = ["MissionEditor"]

_GOAL_WORDS = {"highest": "highest wins", "lowest": "lowest wins", "nearest": "nearest to a target"}


class MissionEditor(ipw.VBox):
    """A form for a new mission on `deck` (rule S2).

    Args:
        deck: The deck whose categories the mission uses (three or more).

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> editor = MissionEditor(load_deck("animals"))
        >>> editor.fill("Quick", "Be quick.", [("Top speed", "highest", ""), ("Weight", "lowest", ""),
        ...             ("Lifespan", "nearest", "20")])
        >>> editor.mission().useful.target
        Fraction(20, 1)
    """

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        names = [c.name for c in deck.categories]
        self._title = ipw.Text(
            description="Title", placeholder="Escape from the volcano", tooltip="The mission's title"
        )
        self._story = ipw.Textarea(
            description="Story",
            placeholder="What must the squad do? Say why each role matters.",
            tooltip="A short story for the mission",
            layout=ipw.Layout(width="95%", height="80px"),
        )
        self._rows: list[tuple[ipw.Dropdown, ipw.Dropdown, ipw.Text]] = []
        boxes: list[ipw.Widget] = []
        for n, role in enumerate(ROLES):
            label = f"{ROLE_NAMES[role]} ({ROLE_TOKENS[role]})"
            category = ipw.Dropdown(
                options=names, value=names[n], description=label, tooltip=f"The {ROLE_NAMES[role]} category"
            )
            goal = ipw.Dropdown(
                options=[(_GOAL_WORDS[g], g) for g in GOALS],
                value="highest",
                description="Goal",
                tooltip=f"How the {ROLE_NAMES[role]} slot is won",
            )
            target = ipw.Text(
                description="Target", placeholder="a number", tooltip="The number to be nearest to (nearest only)"
            )
            unit = ipw.HTML(self._unit_text(names[n]))
            category.observe(lambda change, unit=unit: self._set_unit(unit, change["new"]), names="value")
            self._rows.append((category, goal, target))
            boxes.append(ipw.HBox([category, goal, target, unit], layout=ipw.Layout(flex_flow="row wrap")))
        for widget in (self._title, *(w for row in self._rows for w in row)):
            widget.style.description_width = "initial"
        self._story.style.description_width = "initial"
        intro = ipw.HTML(
            "<div class='tt-heading'>Make your own mission</div>"
            "<div>Choose three different categories. A <b>nearest</b> goal needs a target number in the "
            "category's unit.</div>"
        )
        super().__init__([intro, self._title, self._story, *boxes])
        self.add_class("tt-settings")

    def _unit_text(self, name: str) -> str:
        unit = self.deck.categories[self.deck.category_index(name)].unit
        return f"<span>{unit}</span>" if unit else ""

    def _set_unit(self, unit: ipw.HTML, name: object) -> None:
        if isinstance(name, str) and name in [c.name for c in self.deck.categories]:
            unit.value = self._unit_text(name)

    def fill(self, title: str, story: str, roles: Sequence[tuple[str, str, str]]) -> None:
        """Fills the form: a title, a story and ``(category, goal, target text)`` per role, Critical first."""
        self._title.value, self._story.value = title, story
        for (category, goal, target), (c, g, t) in zip(self._rows, roles, strict=True):
            category.value, goal.value, target.value = c, g, t

    def mission(self) -> Mission:
        """Returns the form as a checked `Mission` (rule S2).

        Raises:
            MissionError: If a target is not a number, or the mission is not
                valid for the deck (the message names the field).
        """
        slots = []
        title = self._title.value.strip()
        for role, (category, goal, target) in zip(ROLES, self._rows, strict=True):
            text = str(target.value).strip()
            number = None
            if text:
                try:
                    number = Fraction(text)
                except (ValueError, ZeroDivisionError):
                    raise MissionError(
                        None, mission=title or None, field=f"{role}.target", expected="a number", got=text
                    ) from None
            slots.append(MissionSlot(str(category.value), str(goal.value), number))  # type: ignore[arg-type]
        return check_mission(Mission(title, self._story.value.strip(), *slots), self.deck)
