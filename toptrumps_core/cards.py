"""Categories, cards and decks (rules D1-D3).

A `Deck` is a frozen value: a name, 2..12 categories and at least two cards
with unique names (D1, D2).  Every card holds one value per category, in deck
order, as an exact `fractions.Fraction`, or None for *no data* (shown "n/a").
Two values are equal when they are numerically equal (D3), which exact
fractions make true to the letter: 0.1 + 0.2 == 0.3 on a card.

Decks are normally loaded from files (`toptrumps_core.load_deck`, rule D4);
building one in code validates it the same way and raises `DeckError`.

Rules version: 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational, Real

from toptrumps_core.errors import DeckError, RuleOptionError

__all__ = ["Card", "Category", "Deck", "ScenarioCards", "Value", "format_value", "to_value", "value_with_unit"]

Value = Fraction | None
"""A card's value in one category: an exact number, or None for no data."""

MIN_CATEGORIES, MAX_CATEGORIES = 2, 12  # rule D1
MIN_CARDS = 2  # rule D1
QUARTET_CODE = re.compile(r"[A-Z][1-9][0-9]?")  # rule D2, e.g. "C3"
_THOUSANDS = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")  # "12,345.6"
_IMAGE_FILE = re.compile(r"(?![/\\])[\w .\-/]+\.(?:png|jpe?g|gif|svg|webp)", re.IGNORECASE)  # "pictures/lion.png"


def to_value(raw: object) -> Value:
    """Returns `raw` as an exact card value (rule D2).

    Args:
        raw: An int, a float (read as its shortest decimal, so 3.7 is 37/10),
            a Fraction, a decimal string such as ``"3.7"`` or ``"1/3"``, or
            None / ``"n/a"`` (any case) for no data.

    Returns:
        A Fraction, or None for no data.

    Raises:
        ValueError: If `raw` is not a finite number or no-data marker.

    Example:
        >>> to_value(3.7), to_value("n/a"), to_value(12)
        (Fraction(37, 10), None, Fraction(12, 1))
    """
    if raw is None:
        return None
    if isinstance(raw, bool):
        raise ValueError(f"expected a number, or n/a; got {raw!r}")
    if isinstance(raw, Rational):
        return Fraction(raw)
    if isinstance(raw, Real):
        text = repr(float(raw))
        if text in ("nan", "inf", "-inf"):
            raise ValueError(f"expected a finite number, or n/a; got {raw!r}")
        return Fraction(text)
    if isinstance(raw, str):
        text = raw.strip().replace("_", "")
        if text.lower() in ("n/a", "na", "no data"):
            return None
        if "," in text:  # only as a thousands separator: "1,234" but never "1,5"
            if not _THOUSANDS.fullmatch(text):
                raise ValueError(f"expected a number (commas only between groups of three digits), or n/a; got {raw!r}")
            text = text.replace(",", "")
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"expected a number, or n/a; got {raw!r}") from None
    raise ValueError(f"expected a number, or n/a; got {raw!r}")


def format_value(value: Value) -> str:
    """Returns `value` as players read it: ``"n/a"`` for no data, else decimals.

    Whole numbers print without a point; other values print with up to three
    decimals (trailing zeros dropped), which is how deck files write them.

    Example:
        >>> format_value(Fraction(37, 10)), format_value(None), format_value(Fraction(4))
        ('3.7', 'n/a', '4')
    """
    if value is None:
        return "n/a"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


_PREFIX_UNITS = frozenset("£$€¥₹")
_LABEL_UNITS = frozenset({"year", "years ad", "ad", "ce"})  # "Named: 1824", not "1824 year"


def value_with_unit(category: Category, value: Value) -> str:
    """Returns a value with its category's unit as players say it ("n/a" for no data, D2).

    A money unit goes first ("£40"), "%" and "°" stick to the number, a unit
    that only labels the number (a year) is left out ("1824").

    Example:
        >>> value_with_unit(Category("Top speed", "km/h"), Fraction(120))
        '120 km/h'
        >>> value_with_unit(Category("Price", "£"), Fraction(40))
        '£40'
        >>> value_with_unit(Category("Named", "year"), Fraction(1824)), value_with_unit(Category("Fat", "%"), None)
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


def _tuple_of(items: object, kind: type, field_name: str, example: str) -> tuple[object, ...]:
    """Returns `items` as a tuple of `kind`, or raises the DeckError that says what was expected.

    Any sequence is accepted (a list is as good as a tuple); a text is not.
    """
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        expected = f"a list or tuple of {kind.__name__} objects" + ("; got None" if items is None else "")
        raise DeckError(None, field=field_name, expected=expected, got=items)
    for position, item in enumerate(items, start=1):
        if not isinstance(item, kind):
            raise DeckError(
                None,
                field=field_name,
                expected=f"a {kind.__name__}, e.g. {example}, at position {position}",
                got=item,
            )
    return tuple(items)


@dataclass(frozen=True, slots=True)
class Category:
    """A comparable field printed on every card of a deck (rule D1).

    Attributes:
        name: Label shown to players, e.g. "Top speed"; unique in its deck.
        unit: Unit of every value in this category, e.g. "km/h"; "" if none.
        higher_is_better: False for e.g. "0-100 km/h" (seconds) or "Price".
        note: Optional explanation shown with the category; "" if none.
    """

    name: str
    unit: str = ""
    higher_is_better: bool = True
    note: str = ""

    def is_better(self, a: Fraction, b: Fraction) -> bool:
        """Returns True if value `a` beats value `b` in this category (D3).

        Both values must have data; equal values never beat each other.
        """
        return a > b if self.higher_is_better else a < b

    @property
    def label(self) -> str:
        """Returns the name with its unit, e.g. ``"Top speed (km/h)"``."""
        return f"{self.name} ({self.unit})" if self.unit else self.name


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a deck (rule D2).

    Attributes:
        name: Unique within the deck, e.g. "Tyrannosaurus".
        values: One value per category, in the deck's category order; each an
            exact Fraction in that category's unit, or None for no data.
        categories: The deck's categories (the same tuple for every card of a
            deck), so that ``card["Length"]`` works.
        code: Quartet code such as "C3", or None.
        fact: One-line fact printed on the card; "" if none.
        picture: An emoji or a small image URL relative to the notebooks; ""
            if none.
        notes: Per-category notes, keyed by category name (may be empty).
    """

    name: str
    values: tuple[Value, ...]
    categories: tuple[Category, ...] = field(repr=False)
    code: str | None = None
    fact: str = ""
    picture: str = ""
    notes: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Any sequence will do for values and categories; the card keeps tuples,
        # so that a card built from lists equals (and hashes like) one built
        # from tuples, and matches its deck's categories.
        for name in ("values", "categories"):
            given = getattr(self, name)
            if not isinstance(given, tuple) and isinstance(given, Sequence) and not isinstance(given, (str, bytes)):
                object.__setattr__(self, name, tuple(given))

    def __getitem__(self, key: str | int) -> Value:
        """Returns the value for a category given by name or index.

        Raises:
            KeyError: If no category has that name (the message lists them).
            IndexError: If an index is out of range.
        """
        if isinstance(key, int):
            return self.values[key]
        for category, value in zip(self.categories, self.values, strict=False):
            if category.name == key:
                return value
        names = ", ".join(repr(c.name) for c in self.categories)
        raise KeyError(f"no category {key!r} on card {self.name!r}; expected one of {names}")

    @property
    def picture_file(self) -> str | None:
        """The picture as an image file named relative to the notebooks ("pictures/lion.png"), or None.

        None when the picture is an emoji, other text or empty, which every
        view draws as text.  A web address or an absolute path is never an
        image file here: a page loads no picture from anywhere else.
        """
        picture = self.picture.strip()
        return picture if _IMAGE_FILE.fullmatch(picture) and ":" not in picture else None

    def has_data(self, category: int) -> bool:
        """Returns True if this card has a value in category number `category`."""
        return self.values[category] is not None

    def _repr_svg_(self) -> str:
        from toptrumps_core import svg  # lazy: only when a notebook shows a card

        return svg.card(self)


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck of cards sharing the same categories (rules D1, D2).

    Construction validates the deck and raises `DeckError` naming the card and
    field at fault, so a `Deck` in hand is always whole.

    Attributes:
        name: The deck's title, e.g. "Dinosaurs".
        categories: 2..12 categories, in card order.
        cards: At least two cards with unique names, each with one value per
            category.
        source: Where the facts come from (publication, website, year).
        description: One or two sentences for the deck picker; "" if none.
    """

    name: str
    categories: tuple[Category, ...]
    cards: tuple[Card, ...]
    source: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise DeckError(None, field="name", expected="a non-empty deck name", got=self.name)
        categories = _tuple_of(self.categories, Category, "categories", "Category('Speed', 'km/h')")
        object.__setattr__(self, "categories", categories)
        object.__setattr__(self, "cards", _tuple_of(self.cards, Card, "cards", "Card('Cheetah', values, categories)"))
        if not MIN_CATEGORIES <= len(self.categories) <= MAX_CATEGORIES:
            raise DeckError(
                None,
                field="categories",
                expected=f"{MIN_CATEGORIES} to {MAX_CATEGORIES} categories (rule D1)",
                got=len(self.categories),
            )
        seen: set[str] = set()
        for category in self.categories:
            if not isinstance(category.name, str) or not category.name.strip() or category.name in seen:
                raise DeckError(
                    None, field="categories", expected="unique, non-empty category names", got=category.name
                )
            seen.add(category.name)
            if not isinstance(category.higher_is_better, bool):
                raise DeckError(
                    None, field=category.name, expected="higher_is_better True or False", got=category.higher_is_better
                )
        if len(self.cards) < MIN_CARDS:
            raise DeckError(None, field="cards", expected=f"at least {MIN_CARDS} cards (rule D1)", got=len(self.cards))
        names: set[str] = set()
        for card in self.cards:
            if not isinstance(card.name, str) or not card.name.strip():
                raise DeckError(None, field="name", expected="a non-empty card name", got=card.name)
            if card.name in names:
                raise DeckError(None, card=card.name, field="name", expected="a card name unique in the deck (rule D2)")
            names.add(card.name)
            if card.categories != self.categories:
                raise DeckError(
                    None,
                    card=card.name,
                    field="categories",
                    expected=f"the deck's own categories ({', '.join(repr(c.name) for c in self.categories)})",
                    got=tuple(getattr(c, "name", c) for c in card.categories),
                )
            if len(card.values) != len(self.categories):
                raise DeckError(
                    None,
                    card=card.name,
                    field="values",
                    expected=f"one value per category ({len(self.categories)})",
                    got=len(card.values),
                )
            for category, value in zip(self.categories, card.values, strict=True):
                if value is not None and not isinstance(value, Fraction):
                    raise DeckError(None, card=card.name, field=category.name, expected="a Fraction or None", got=value)
            if card.code is not None and not QUARTET_CODE.fullmatch(card.code):
                raise DeckError(
                    None, card=card.name, field="code", expected="a quartet code such as 'C3'", got=card.code
                )

    @classmethod
    def from_rows(
        cls,
        name: str,
        categories: Sequence[Category],
        rows: Mapping[str, Sequence[object]],
        *,
        source: str = "",
        description: str = "",
    ) -> Deck:
        """Builds a deck from ``{card name: values}``; handy for tiny test decks.

        Args:
            name: The deck's name.
            categories: The categories, in value order.
            rows: Card name to one raw value per category (see `to_value`).
            source: Where the facts come from.
            description: A sentence about the deck.

        Raises:
            DeckError: If a value is not a number or "n/a", or the deck breaks
                rule D1 or D2.

        Example:
            >>> deck = Deck.from_rows("Tiny", [Category("A"), Category("B")],
            ...                       {"x": [1, 2], "y": [3, "n/a"]})
            >>> deck.card("y")["B"] is None
            True
        """
        cats = tuple(categories)
        cards = []
        for card_name, raw_values in rows.items():
            values = []
            for index, raw in enumerate(raw_values):
                try:
                    values.append(to_value(raw))
                except ValueError:
                    label = cats[index].name if index < len(cats) else f"#{index + 1}"
                    raise DeckError(None, card=card_name, field=label, expected="a number, or n/a", got=raw) from None
            cards.append(Card(card_name, tuple(values), cats))
        return cls(name, cats, tuple(cards), source=source, description=description)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def card(self, name: str) -> Card:
        """Returns the card called `name`.

        Raises:
            KeyError: If the deck has no such card.
        """
        return self.cards[self.index_of(name)]

    def index_of(self, name: str) -> int:
        """Returns the position (0-based) of the card called `name` in `cards`.

        Raises:
            KeyError: If the deck has no such card (the message names the deck).
        """
        for index, card in enumerate(self.cards):
            if card.name == name:
                return index
        raise KeyError(f"no card {name!r} in deck {self.name!r}")

    def category_index(self, name: str) -> int:
        """Returns the position (0-based) of the category called `name`.

        Raises:
            KeyError: If there is no such category (the message lists them).
        """
        for index, category in enumerate(self.categories):
            if category.name == name:
                return index
        names = ", ".join(repr(c.name) for c in self.categories)
        raise KeyError(f"no category {name!r} in deck {self.name!r}; expected one of {names}")

    def _repr_svg_(self) -> str:
        from toptrumps_core import svg  # lazy: only when a notebook shows a deck

        return svg.deck(self)


class ScenarioCards:
    """Turns the card names of a scenario start into card numbers, each card once.

    Scenario starts (``rules.start_from(...)``) name cards; the rules work
    with card numbers (positions in the deck).  One `ScenarioCards` serves a
    whole scenario, so a card named in two stacks is refused.

    Attributes:
        deck: The deck the names are looked up in.
        used: The card numbers named so far.

    Example:
        >>> cards = ScenarioCards(Deck.from_rows("D", [Category("A"), Category("B")],
        ...                                      {"x": [1, 2], "y": [3, 4], "z": [5, 6]}))
        >>> cards.numbers(["z", "x"]), cards.numbers(["y"])
        ((2, 0), (1,))
        >>> cards.numbers(["x"])
        Traceback (most recent call last):
        ...
        toptrumps_core.errors.RuleOptionError: card 'x' is named twice in the scenario
    """

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.used: set[int] = set()

    def numbers(self, names: Sequence[str]) -> tuple[int, ...]:
        """Returns the card numbers of `names`, in order.

        Raises:
            RuleOptionError: If a name is not in the deck (the message names
                the deck) or was named before in this scenario.
        """
        out = []
        for name in names:
            try:
                number = self.deck.index_of(name)
            except KeyError as err:
                raise RuleOptionError(err.args[0]) from None
            if number in self.used:
                raise RuleOptionError(f"card {name!r} is named twice in the scenario")
            self.used.add(number)
            out.append(number)
        return tuple(out)
