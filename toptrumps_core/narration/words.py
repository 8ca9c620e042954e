"""The words every family's narrator shares: plurals, lists, values with units, seats, and `Sentence`.

A narrated line is a `Sentence`: the words people read, which never name a
rule by its ID, and the IDs of the rules it applies, kept apart as data for
a rules panel, teacher notes and transcripts.

A narrator addresses a seat named ``"You"`` in the second person ("You win",
"your track") and any other in the third ("Computer 1 wins"); `SeatWords`
holds that grammar once, so the card games, Squads and the quiz speak alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toptrumps_core.cards import Category, Value, value_with_unit
from toptrumps_core.protocol import Seat

__all__ = ["SeatWords", "Sentence", "and_list", "capital", "plural", "said", "value_words"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One narrated line: the words people read, and the rules it applies.

    Attributes:
        text: The sentence in plain words, with no rule ID in it, e.g.
            "You win with Lion 80 km/h and take 3 cards."
        rules: The RULES.md IDs of the rules the sentence applies, e.g.
            ``("C4",)``, for a rules panel, teacher notes and transcripts;
            empty if it applies none in particular.
    """

    text: str
    rules: tuple[str, ...] = ()

    def cited(self) -> str:
        """Returns the text with its rule IDs after it in brackets, as transcripts and teacher notes show it.

        Example:
            >>> said("You take 3 cards.", "C4").cited(), said("Discarded.").cited()
            ('You take 3 cards. [C4]', 'Discarded.')
        """
        return f"{self.text} [{', '.join(self.rules)}]" if self.rules else self.text


def said(text: str, *rules: str) -> Sentence:
    """Returns the `Sentence` `text` applying `rules` (RULES.md IDs such as ``"C4"``).

    Example:
        >>> said("Nobody wins round 3.", "Q2", "Q8")
        Sentence(text='Nobody wins round 3.', rules=('Q2', 'Q8'))
    """
    return Sentence(text, rules)


def plural(count: int, one: str, many: str | None = None) -> str:
    """Returns "1 card", "3 cards" (or `many` for an irregular plural).

    Example:
        >>> plural(1, "card"), plural(3, "card"), plural(2, "match", "matches")
        ('1 card', '3 cards', '2 matches')
    """
    return f"{count} {one if count == 1 else (many or one + 's')}"


def and_list(words: Sequence[str]) -> str:
    """Returns words joined as in a sentence: "a", "a and b", "a, b and c".

    Example:
        >>> and_list(["you"]), and_list(["you", "Computer 1", "Computer 2"])
        ('you', 'you, Computer 1 and Computer 2')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def value_words(category: Category, value: Value) -> str:
    """Returns a value with its category's unit as players say it ("n/a" for no data, D2).

    Example:
        >>> from fractions import Fraction
        >>> value_words(Category("Top speed", "km/h"), Fraction(120)), value_words(Category("Price", "£"), Fraction(40))
        ('120 km/h', '£40')
        >>> value_words(Category("Named", "year"), Fraction(1824)), value_words(Category("Fat", "%"), None)
        ('1824', 'n/a')
    """
    return value_with_unit(category, value)


def capital(text: str) -> str:
    """Returns `text` with its first letter in capitals ("you win" -> "You win").

    Example:
        >>> capital("you and Computer 1 tie")
        'You and Computer 1 tie'
    """
    return text[:1].upper() + text[1:]


class SeatWords:
    """The names of a game's seats and the grammar of addressing them.

    Args:
        seats: How many seats the game has (1 or more).
        names: One name per seat; ``"You"`` is addressed in the second
            person.  None: "Seat 0", "Seat 1"...

    Raises:
        ValueError: If `names` does not give one name per seat.

    Example:
        >>> words = SeatWords(2, ["You", "Computer 1"])
        >>> words._subject(0, "win", "wins"), words._subject(1, "win", "wins"), words._seats([0, 1])
        ('You win', 'Computer 1 wins', 'you and Computer 1')
    """

    def __init__(self, seats: int, names: Sequence[str] | None = None) -> None:
        self.names: tuple[str, ...] = tuple(names) if names is not None else tuple(f"Seat {s}" for s in range(seats))
        if len(self.names) != seats:
            raise ValueError(f"expected {seats} names, one per seat; got {len(self.names)}")

    def _you(self, seat: Seat) -> bool:
        return self.names[seat] == "You"

    def _subject(self, seat: Seat, you: str, other: str, *, start: bool = True) -> str:
        """Returns "<Name> <verb>" with the verb agreeing: "You win", "Computer 1 wins"."""
        if self._you(seat):
            return f"{'You' if start else 'you'} {you}"
        return f"{self.names[seat]} {other}"

    def _whom(self, seat: Seat) -> str:
        return "you" if self._you(seat) else self.names[seat]

    def _whose(self, seat: Seat) -> str:
        return "your" if self._you(seat) else f"{self.names[seat]}'s"

    def _seats(self, seats: Iterable[Seat]) -> str:
        return and_list([self._whom(s) for s in seats])
