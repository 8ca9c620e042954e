"""Words the pages share: values with units, percentages, plurals, lists and seat names.

One home for how the page says things, so that every view says them one
way: `value_text` ("120 km/h", "£40", "Named: 1824"), `percent` ("62%",
never rounding a possibility away), `plural`, `and_list`, `or_list`, the
whole-number checks `is_whole` and `whole` (values set from the page can be
anything), and `SeatNames` ("You", "Player 2", "Computer 1", with verbs that
agree).  Sentences about game events come from `toptrumps_core.narration`
where it covers them; these are the small pieces around them.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from toptrumps_core.cards import Category, Value, format_value
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Seat

__all__ = ["SeatNames", "and_list", "esc", "is_whole", "or_list", "percent", "plural", "value_text", "whole"]

_PREFIX_UNITS = frozenset("£$€¥₹")
_LABEL_UNITS = frozenset({"year", "years ad", "ad", "ce"})  # "Named: 1824", not "1824 year"


def esc(text: str) -> str:
    """Returns `text` escaped for HTML (quotes too, so it may stand in an attribute)."""
    return html.escape(text, quote=True)


def value_text(category: Category, value: Value) -> str:
    """Returns a value with its unit as players say it.

    Example:
        >>> value_text(Category("Top speed", "km/h"), Fraction(120)), value_text(Category("Price", "£"), Fraction(40))
        ('120 km/h', '£40')
        >>> value_text(Category("Named", "year"), Fraction(1824)), value_text(Category("Fat", "%"), None)
        ('1824', 'n/a')
    """
    if value is None:
        return "n/a"
    number = format_value(value)
    unit = category.unit.strip()
    if not unit or unit.lower() in _LABEL_UNITS:
        return number
    if unit in _PREFIX_UNITS:
        return f"{unit}{number}"
    return f"{number}{unit}" if unit in ("%", "°") else f"{number} {unit}"


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


def plural(count: int, one: str, many: str | None = None) -> str:
    """Returns "1 card", "3 cards" (or `many` for an irregular plural)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def and_list(words: Sequence[str]) -> str:
    """Returns words joined as in a sentence: "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def is_whole(value: object) -> bool:
    """Returns True for an int that is not a bool (values set from the page can be anything)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, low: int, high: int, what: str) -> int:
    """Returns `value` if it is a whole number from `low` to `high`.

    Raises:
        RuleOptionError: Naming `what`, the range and the value, otherwise.
    """
    if not is_whole(value) or not low <= value <= high:  # type: ignore[operator]
        raise RuleOptionError(f"{what} must be a whole number from {low:,} to {high:,}; got {value!r}")
    return value  # type: ignore[return-value]


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
