"""Tables for the lessons: exact chances laid out by category, and exact beside simulated (P1, P2, P4, P5).

A `Table` shows itself in a notebook (HTML) and as text, and keeps the exact
objects behind its rows in ``Table.data`` for code and tests.

- `hi_lo_table` (P1, P2): every category's Hi Lo odds and best expected pins.
- `tie_table` (P4): every category's chance of a tie, under each reading of
  no data.
- `side_by_side` (P5): exact values beside Monte Carlo estimates.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from toptrumps_core.cards import Card, Deck
from toptrumps_core.narration.words import value_words
from toptrumps_core.probability import Estimate, HiLoPlan, best_hi_lo_policy, tie_chance

__all__ = ["Table", "TieRow", "hi_lo_table", "side_by_side", "tie_table"]


def _percent(chance: Fraction | float) -> str:
    return f"{100 * float(chance):.1f} %"


@dataclass(frozen=True)
class Table:
    """A small table of results that shows itself in a notebook (HTML) and as text.

    Attributes:
        columns: The column headings.
        rows: One tuple of cells per row, one cell per column (shown with
            ``str``).
        title: A caption; "" for none.
        data: The exact objects behind the rows (e.g. `TieRow`s), for code
            and tests; not shown.
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    title: str = ""
    data: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def as_dicts(self) -> list[dict[str, object]]:
        """Returns the rows as dicts keyed by column heading."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def __str__(self) -> str:
        cells = [list(self.columns), *([str(c) for c in row] for row in self.rows)]
        widths = [max(len(str(r[i])) for r in cells) for i in range(len(self.columns))]
        lines = ["  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(([self.title] if self.title else []) + lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in self.rows)
        caption = f"<caption>{html.escape(self.title)}</caption>" if self.title else ""
        return f"<table class='tt-table'>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


@dataclass(frozen=True, slots=True)
class TieRow:
    """One category's tie chances for k random cards (rule P4).

    Attributes:
        category: Index of the category.
        name: The category's label, with its unit.
        no_data_cards: Cards of the deck with no data in it.
        tie: Chance of a tie under C6 ``no_data="tie"``.
        loses: Chance of a tie under C6 ``no_data="loses"``.
        ignore: Chance of a tie among cards with data only; None when fewer
            than k cards have data.
    """

    category: int
    name: str
    no_data_cards: int
    tie: Fraction
    loses: Fraction
    ignore: Fraction | None


def tie_table(deck: Deck, k: int = 2) -> Table:
    """Returns every category's chance of a tie among k random cards, as a `Table` (rule P4).

    Columns: category, cards with no data, then the chance under each reading
    of `tie_chance` (``"tie"``, ``"loses"``, ``"ignore"``) as a percentage
    with one decimal; ``Table.data`` holds the `TieRow` of each category with
    the exact Fractions.

    Raises:
        ValueError: If `k` is not 2..len(deck).

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> [row.tie for row in tie_table(d).data]
        [Fraction(1, 6), Fraction(2, 3)]
    """
    rows: list[TieRow] = []
    for index, category in enumerate(deck.categories):
        missing = sum(1 for card in deck.cards if card.values[index] is None)
        ignore = tie_chance(deck, index, k, no_data="ignore") if len(deck.cards) - missing >= k else None
        rows.append(
            TieRow(
                index,
                category.label,
                missing,
                tie_chance(deck, index, k, no_data="tie"),
                tie_chance(deck, index, k, no_data="loses"),
                ignore,
            )
        )
    return Table(
        ("Category", "Cards with no data", "Tie (no data ties)", "Tie (no data loses)", "Tie (data only)"),
        tuple(
            (
                r.name,
                r.no_data_cards,
                _percent(r.tie),
                _percent(r.loses),
                "—" if r.ignore is None else _percent(r.ignore),
            )
            for r in rows
        ),
        title=f"Chance that {k} random cards of {deck.name} tie",
        data=tuple(rows),
    )


def hi_lo_table(first_card: Card, unseen: Sequence[Card]) -> Table:
    """Returns, for every category, the Hi Lo odds and expected pins of the best play (P1, P2).

    Columns: category; the first card's value; the chance (P1) that the
    second card is higher-or-equal and lower-or-equal; the best first call
    and the expected pins (P2) under ``hilo_pins="per_call"``; the same under
    ``"complete_run"``.  Categories where the first card has no data show
    "cannot be chosen".  ``Table.data`` holds ``(category index, per_call
    plan, complete_run plan)`` triples, plans None where not playable.

    Raises:
        ValueError: If an unseen card is from another deck or repeated.

    Example:
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> hi_lo_table(d.cards[0], d.cards[1:]).as_dicts()[0]["Expected pins (per call)"]
        '7/6 ≈ 1.167'
    """
    per_call = (
        best_hi_lo_policy(first_card, unseen, hilo_pins="per_call")
        if any(v is not None for v in first_card.values)
        else None
    )
    run = best_hi_lo_policy(first_card, unseen, hilo_pins="complete_run") if per_call is not None else None
    rows: list[tuple[object, ...]] = []
    data: list[tuple[int, HiLoPlan | None, HiLoPlan | None]] = []
    for index, category in enumerate(first_card.categories):
        value = first_card.values[index]
        a = per_call.plans[index] if per_call is not None else None
        b = run.plans[index] if run is not None else None
        data.append((index, a, b))
        shown = value_words(category, value)  # "1905", not "1905 year"; "£40"; "n/a"
        if a is None or b is None:
            rows.append((category.name, shown, "—", "—", "cannot be chosen", "—", "—"))
            continue
        no_data_left = a.odds.higher == 0 and a.odds.lower == 0
        rows.append(
            (
                category.name,
                shown,
                "—" if no_data_left else _percent(a.odds.higher),
                "—" if no_data_left else _percent(a.odds.lower),
                a.first_call,
                f"{a.expected_pins} ≈ {float(a.expected_pins):.3f}",
                f"{b.first_call}: {b.expected_pins} ≈ {float(b.expected_pins):.3f}",
            )
        )
    return Table(
        (
            "Category",
            f"{first_card.name}",
            "Next card higher or equal",
            "Next card lower or equal",
            "Best first call",
            "Expected pins (per call)",
            "Best call and expected pins (complete run)",
        ),
        tuple(rows),
        title=f"Hi Lo with {first_card.name} face up, {len(unseen)} cards unseen",
        data=tuple(data),
    )


def side_by_side(
    exact: Fraction | Mapping[str, Fraction],
    estimate: Estimate | Mapping[str, Estimate],
    *,
    title: str = "Exact beside simulated",
) -> Table:
    """Returns exact values beside Monte Carlo estimates, one row each (rule P5).

    Args:
        exact: One exact value, or several by name.
        estimate: The matching estimate, or estimates by the same names.
        title: The table's caption.

    Returns:
        A `Table` with columns: quantity, exact (fraction), exact (decimal),
        simulated, 95 % interval, trials, and whether the interval holds the
        exact value ("yes"/"no").  ``Table.data`` holds ``(name, exact,
        estimate)`` triples.

    Raises:
        ValueError: If the names of `exact` and `estimate` differ.

    Example:
        >>> est = Estimate.of_proportion([1, 0, 1, 0])
        >>> side_by_side(Fraction(1, 2), est).as_dicts()[0]["Interval holds exact"]
        'yes'
    """
    pairs: dict[str, tuple[Fraction, Estimate]]
    if isinstance(exact, Mapping) and isinstance(estimate, Mapping):
        if set(exact) != set(estimate):
            raise ValueError(
                f"exact and estimate must name the same quantities; got {sorted(exact)} and {sorted(estimate)}"
            )
        pairs = {name: (Fraction(exact[name]), estimate[name]) for name in exact}
    elif isinstance(exact, Mapping) or isinstance(estimate, Mapping):
        raise ValueError("give exact and estimate both as single values or both as mappings")
    else:
        pairs = {"value": (Fraction(exact), estimate)}
    rows = []
    for name, (value, est) in pairs.items():
        rows.append(
            (
                name,
                str(value),
                f"{float(value):.4f}",
                f"{est.value:.4f}",
                f"{est.low:.4f} to {est.high:.4f}",
                f"{est.trials:,}",
                "yes" if est.contains(value) else "no",
            )
        )
    return Table(
        ("Quantity", "Exact", "Exact (decimal)", "Simulated", "95 % interval", "Trials", "Interval holds exact"),
        tuple(rows),
        title=title,
        data=tuple((name, value, est) for name, (value, est) in pairs.items()),
    )
