"""The quiz's "New quiz" settings: team names, members, the timer, the bidding, the charts (rules Q1, Q5, Q11, Q12).

`QuizSettings` is a box of named controls; `rules()` reads them into a
`QuizRules`, which validates every value (a bad one raises
`RuleOptionError`, shown by the page's error boundary).
"""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.options import option_spec
from toptrumps_core.quiz import QuizRules
from toptrumps_core.quiz.chartfiles import load_bundled_sets
from widgets._toolkit import rule_toggle

__all__ = ["QuizSettings"]

_RANDOM = "random"


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.replace(";", ",").split(",") if name.strip())


class QuizSettings(ipw.VBox):
    """The settings of a new quiz, every control with a text name.

    Args:
        rules: The rules whose options fill the controls at first.
    """

    def __init__(self, rules: QuizRules) -> None:
        super().__init__()
        self.add_class("tt-quiz-settings")
        wide = ipw.Layout(width="34em")
        style = {"description_width": "13em"}
        self.green_name = ipw.Text(value=rules.teams[0], description="Green team's name", layout=wide, style=style)
        self.black_name = ipw.Text(value=rules.teams[1], description="Black team's name", layout=wide, style=style)
        self.green_members = ipw.Text(
            value=", ".join(rules.members[0]), description="Green members", layout=wide, style=style
        )
        self.black_members = ipw.Text(
            value=", ".join(rules.members[1]), description="Black members", layout=wide, style=style
        )
        timer = option_spec(QuizRules, "timer_seconds")
        self.timer = ipw.BoundedIntText(
            value=rules.timer_seconds,
            min=5,
            max=900,
            description=timer.label,
            tooltip=timer.help,
            layout=wide,
            style=style,
        )
        self.bidding = rule_toggle(option_spec(QuizRules, "bidding"), rules.bidding)
        self.bidding.style.description_width = style["description_width"]
        sets = [s.name for s in load_bundled_sets()] if rules.sets is None else [s.name for s in rules.chart_sets]
        options = [("A set drawn at random", _RANDOM), *((name, name) for name in sets)]
        options.append(("Own set: one chart of each category", "one_of_each"))
        chosen = rules.chart_set or (_RANDOM if rules.own_set == "none" else rules.own_set)
        self.charts = ipw.Dropdown(
            options=options,
            value=chosen if chosen in dict(options).values() else _RANDOM,
            description="Charts",
            layout=wide,
            style=style,
        )
        self.hint = ipw.HTML("<div>Members take turns as captain; separate the names with commas.</div>")
        self.children = (
            ipw.HTML("<h3>New quiz</h3>"),
            self.green_name,
            self.green_members,
            self.black_name,
            self.black_members,
            self.hint,
            self.timer,
            self.bidding,
            self.charts,
        )

    def rules(self, base: QuizRules) -> QuizRules:
        """Returns `base` with the options set here.

        Raises:
            RuleOptionError: If a name, member list or time is not valid (Q1, Q5).
        """
        choice = self.charts.value
        own = "one_of_each" if choice == "one_of_each" else "none"
        return QuizRules(
            sets=base.chart_sets,
            teams=(self.green_name.value, self.black_name.value),
            members=(_names(self.green_members.value), _names(self.black_members.value)),
            bidding=self.bidding.value,
            own_set=own,  # type: ignore[arg-type]
            chart_set=None if choice in (_RANDOM, "one_of_each") else choice,
            timer_seconds=int(self.timer.value),
            opposing_seconds=base.opposing_seconds,
            near_miss=base.near_miss,
        )
