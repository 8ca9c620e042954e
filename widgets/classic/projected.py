"""The last comparison drawn for a classroom projector: every player's card side by side, values in large type.

In projector mode the class reads the comparison from the back of the room,
with the turn line, the stacks and the main button on the same screen.  The
picture of `widgets.classic.board` scales one drawing down to fit six cards
(its smallest type then reads at 10 px); this one is HTML that the style
sheet sizes to the room it has.  It is one grid: a column of category names
on the left, then one column per player, each a card (its name, a short
picture band, no fact line) whose values sit on the rows of the category
names, so the class reads a category straight across every card.  The
chosen row is named in the caption above the grid and marked by a ▶ beside
its name and a ruled band across the cards, lower-is-better categories by
"▼ lower", and the result said in words (a "WINNER" badge, "= TIED" and
"TIE — cards to the pot"), never by colour alone (rules C4-C6).

A screen reader reads each card whole, category names included (they are
in every card, shown only to assistive technology); the column of names on
the left is hidden from it, as it repeats what the cards say.

Drawn only from the revealed cards of a finished comparison, which every
player saw (never from a seat's hidden cards).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toptrumps_core.cards import Card, Category, Deck, Value, format_value
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.protocol import Event
from widgets._toolkit import SeatNames, esc, plural, value_text
from widgets.card import picture_html

__all__ = ["projected_comparison_html"]

_LONG_WORD = re.compile(r"[^\W\d_]{8,}")
_SOFT_HYPHEN = "\u00ad"


def projected_comparison_html(last: Sequence[Event], names: SeatNames, deck: Deck) -> str:
    """Returns the last comparison (its `Revealed` first) as a column of category names and one card per player.

    Args:
        last: The events of the last comparison: `Revealed`, then `Won` or
            `Tied` (rules C4-C6) and what followed.
        names: The page's seat names.
        deck: The game's deck (the revealed card numbers index its cards).

    Returns:
        HTML for an ``HTML`` widget: a group named by the category and its
        direction, holding a list of the players' cards in seat order (each
        with the player's name above it), a "WINNER" badge under each
        winning card, or "= TIED" under each card that shared the best value
        and one "TIE" line naming the pot's size (rule C5).  The grid's
        rows are the player, the card's name, its picture (only when some
        card has one), one row per category and the badge.
    """
    revealed = last[0]
    assert isinstance(revealed, Revealed)
    chosen = deck.categories[revealed.category]
    caption = f"{chosen.label} · {'higher' if chosen.higher_is_better else 'lower'} wins"
    winners = {e.seat for e in last if isinstance(e, Won)}
    ties = [e for e in last if isinstance(e, Tied)]
    tied = {seat for e in ties for seat in e.seats}
    shown = sorted(revealed.cards)  # seat order, so each player keeps their place
    pictures = {seat: picture_html(deck.cards[number]) for seat, number in shown}
    has_pictures = any(pictures.values())
    head_rows = 3 if has_pictures else 2  # the player, the card's name and the picture band
    seats = []
    for seat, number in shown:
        won = seat in winners
        if won:
            badge = '<div class="tt-projected-badge">★ WINNER</div>'
        elif seat in tied:
            badge = '<div class="tt-projected-badge tt-projected-tied">= TIED</div>'
        else:
            badge = '<div class="tt-projected-badge tt-projected-no-badge" aria-hidden="true"></div>'
        picture = f'<div class="tt-projected-picture">{pictures[seat]}</div>' if has_pictures else ""
        seats.append(
            f'<li class="tt-projected-seat{" tt-projected-won" if won else ""}">'
            f'<div class="tt-projected-player">{esc(names[seat])}</div>'
            f"{_card_html(deck.cards[number], revealed.category, picture)}{badge}</li>"
        )
    labels = "".join(
        _name_row(index, category, index == revealed.category) for index, category in enumerate(deck.categories)
    )
    names_column = (
        '<li class="tt-projected-labels" aria-hidden="true">'
        f'<div style="grid-row: 1 / span {head_rows}"></div>{labels}<div></div></li>'
    )
    tie = ""
    if ties:
        pot = ties[-1].pot_size
        tie = f'<div class="tt-projected-tie">TIE — cards to the pot ({plural(pot, "card")} in it now)</div>'
    grid = f"--tt-seats: {len(shown)}; --tt-rows: {head_rows + len(deck.categories) + 1}"
    return (
        f'<div class="tt-projected" role="group" aria-label="Last comparison: {esc(caption)}">'
        f'<div class="tt-projected-caption">{esc(caption)}</div>'
        f'<ol class="tt-projected-row" style="{grid}">{names_column}{"".join(seats)}</ol>{tie}</div>'
    )


def _card_html(card: Card, chosen: int, picture: str) -> str:
    """Returns one revealed card: its name, its picture band `picture`, and a row per category.

    `picture` is the band's HTML (empty inside when the card has no picture),
    or "" when no card of the comparison has one and the grid has no band.
    """
    rows = "".join(
        _value_row(index, category, index == chosen, card.values[index])
        for index, category in enumerate(card.categories)
    )
    return (
        '<div class="tt-projected-card">'
        f'<div class="tt-projected-name">{_breakable(esc(card.name))}</div>{picture}'
        f'<div class="tt-projected-rows">{rows}</div></div>'
    )


def _row_class(index: int, chosen: bool) -> str:
    """Returns the classes of category row `index`: striped every other row, marked if `chosen`."""
    return "tt-projected-cat" + (" tt-projected-alt" if index % 2 else "") + (" tt-projected-chosen" if chosen else "")


def _name_row(index: int, category: Category, chosen: bool) -> str:
    """Returns row `index` of the names column: the name, its unit, "▼ lower" if lower wins, ▶ if `chosen`."""
    unit = f' <span class="tt-projected-unit">({esc(category.unit)})</span>' if category.unit else ""
    lower = ' <span class="tt-projected-lower">▼ lower</span>' if not category.higher_is_better else ""
    mark = ' <span class="tt-projected-mark">▶</span>' if chosen else ""
    label = f'<span class="tt-projected-label">{esc(category.name)}{unit}{lower}{mark}</span>'
    return f'<div class="{_row_class(index, chosen)}">{label}</div>'


def _value_row(index: int, category: Category, chosen: bool, value: Value) -> str:
    """Returns row `index` of a card: the bare number in large type, and the whole of it in words for screen readers."""
    said = f"{category.name}{'' if category.higher_is_better else ', lower wins'}{', chosen' if chosen else ''}"
    words = f'<span class="tt-sr-only">{esc(said)}: {esc(value_text(category, value))}</span>'
    shown = f'<span class="tt-projected-value" aria-hidden="true">{esc(format_value(value))}</span>'
    return f'<div class="{_row_class(index, chosen)}">{words}{shown}</div>'


def _breakable(text: str) -> str:
    """Returns `text` with soft hyphens inside its long words, so a narrow card breaks "Tyrannosau-rus", not "…saur us".

    A run of 8 letters or more may break between any two letters with 3
    before and 3 after (the browser shows a hyphen only where it breaks).
    `text` is already escaped HTML: no entity it holds ("&amp;", "&#x27;")
    has 8 letters in a row, so none is ever split.
    """
    return _LONG_WORD.sub(lambda word: _SOFT_HYPHEN.join([word[0][:3], *word[0][3:-3], word[0][-3:]]), text)
