"""Words the pages share: values with units, percentages, plurals, lists and seat names.

One home for how the page says things, so that every view says them one
way: `percent` ("62%", never rounding a possibility away), `or_list`, the
whole-number checks `is_whole` and `whole` (values set from the page can be
anything), and `SeatNames` ("You", "Player 2", "Computer 1", with verbs that
agree).  `value_text` ("120 km/h", "£40", "Named: 1824"), `plural` and
`and_list` are `toptrumps_core.narration`'s, which tells every event, so a
value or a list reads the same in a sentence about an event and around it.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from toptrumps_core.checks import is_whole_number, whole_number
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.narration import and_list, plural
from toptrumps_core.narration import value_words as value_text
from toptrumps_core.protocol import Seat

__all__ = ["SeatNames", "and_list", "esc", "is_whole", "or_list", "percent", "plural", "value_text", "whole"]


def esc(text: str) -> str:
    """Returns `text` escaped for HTML (quotes too, so it may stand in an attribute)."""
    return html.escape(text, quote=True)


def percent(chance: Fraction | float, *, decimals: int = 0) -> str:
    """Returns a chance in [0, 1] as a percentage, never rounding a possibility to 0% or 100%.

    Whole percentages round exactly (half to even, as `round` does on a
    `Fraction`).

    Example:
        >>> percent(Fraction(18, 29)), percent(Fraction(1, 500)), percent(Fraction(1)), percent(0.4567, decimals=1)
        ('62%', '<1%', '100%', '45.7%')
    """
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    if decimals <= 0:
        whole_number = round(Fraction(chance) * 100)
        text, bottom, top = str(whole_number), "1", "99"
    else:
        text = f"{100 * float(chance):.{decimals}f}"
        step = 10.0**-decimals
        bottom, top = f"{step:.{decimals}f}", f"{100 - step:.{decimals}f}"
    if float(text) == 0:
        return f"<{bottom}%"
    if float(text) == 100:
        return f">{top}%"
    return f"{text}%"


def is_whole(value: object) -> bool:
    """Returns True for a whole number, never a bool (values set from the page can be anything).

    The core's check (`toptrumps_core.checks.is_whole_number`): ``True``,
    ``1.0`` and ``"1"`` are not whole numbers.
    """
    return is_whole_number(value)


def whole(value: object, low: int, high: int, what: str) -> int:
    """Returns `value` as an int if it is a whole number from `low` to `high` (`toptrumps_core.checks.whole_number`).

    Raises:
        RuleOptionError: Naming `what`, the range and the value (a number written as the range is,
            6,000), otherwise.
    """
    return whole_number(value, what, low=low, high=high, error=RuleOptionError)


def or_list(words: Sequence[str]) -> str:
    """Returns words joined as alternatives: "a", "a or b", "a, b or c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


class SeatNames(tuple[str, ...]):
    """The page's name for each seat, with verbs and pronouns that agree.

    One person at the screen is "You"; several are "Player 1", "Player 2"...
    (hot seat); computers are "Computer 1", "Computer 2"...

    Example:
        >>> names = SeatNames(3, humans=[0])
        >>> tuple(names), names.subject(0, "win", "wins"), names.subject(2, "win", "wins")
        (('You', 'Computer 1', 'Computer 2'), 'You win', 'Computer 2 wins')
        >>> names.whom(0), names.whose(1), SeatNames(2, humans=[0, 1])[1]
        ('you', "Computer 1's", 'Player 2')
    """

    def __new__(cls, seats: int, humans: Iterable[Seat]) -> SeatNames:
        people = sorted(set(humans))
        names = []
        person = computer = 0
        for seat in range(seats):
            if seat in people:
                person += 1
                names.append("You" if len(people) == 1 else f"Player {person}")
            else:
                computer += 1
                names.append(f"Computer {computer}")
        return super().__new__(cls, names)

    def is_you(self, seat: Seat) -> bool:
        """Returns True if `seat` is the one person at the screen ("You")."""
        return self[seat] == "You"

    def subject(self, seat: Seat, you: str, other: str, *, start: bool = True) -> str:
        """Returns "<Name> <verb>" with the verb agreeing: "You win", "Computer 1 wins".

        With ``start=False`` (mid-sentence) "You" is written "you".
        """
        if self.is_you(seat):
            return f"{'You' if start else 'you'} {you}"
        return f"{self[seat]} {other}"

    def whom(self, seat: Seat) -> str:
        """Returns the seat as an object mid-sentence: "you", "Computer 1"."""
        return "you" if self.is_you(seat) else self[seat]

    def whose(self, seat: Seat) -> str:
        """Returns the possessive: "your", "Computer 1's"."""
        return "your" if self.is_you(seat) else f"{self[seat]}'s"
