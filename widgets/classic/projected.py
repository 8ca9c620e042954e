"""The last comparison drawn for a classroom projector: every player's card short and wide, values in large type.

In projector mode the class reads the comparison from the back of the room,
with the turn line, the stacks and the main button on the same screen.  The
picture of `widgets.classic.board` scales one drawing down to fit six cards
(its smallest type then reads at 10 px); this one is HTML that the style
sheet sizes to the room it has: one column per player, a short picture
band, no fact line, every category's value in large type and the chosen one
marked in words and a ◀, and the result said in words (a "WINNER" badge,
"TIE — cards to the pot"), never by colour alone (rules C4-C6).

Drawn only from the revealed cards of a finished comparison, which every
player saw (never from a seat's hidden cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.protocol import Event
from widgets._toolkit import SeatNames, esc, plural, value_text

__all__ = ["IMAGE_SUFFIXES", "projected_comparison_html"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp")
"""A card picture ending so is an image file beside the notebook; any other picture is an emoji drawn as text."""


def projected_comparison_html(last: Sequence[Event], names: SeatNames, deck: Deck) -> str:
    """Returns the last comparison (its `Revealed` first) as one column per player, in seat order.

    Args:
        last: The events of the last comparison: `Revealed`, then `Won` or
            `Tied` (rules C4-C6) and what followed.
        names: The page's seat names.
        deck: The game's deck (the revealed card numbers index its cards).

    Returns:
        HTML for an ``HTML`` widget: a group named by the category and its
        direction, each player's name over their card, a "WINNER" badge
        under each winning card, or "= TIED" under each card that shared the
        best value and one "TIE" line naming the pot's size (rule C5).
    """
    revealed = last[0]
    assert isinstance(revealed, Revealed)
    chosen = deck.categories[revealed.category]
    caption = f"{chosen.label} · {'higher' if chosen.higher_is_better else 'lower'} wins"
    winners = {e.seat for e in last if isinstance(e, Won)}
    ties = [e for e in last if isinstance(e, Tied)]
    tied = {seat for e in ties for seat in e.seats}
    seats = []
    for seat, number in sorted(revealed.cards):  # seat order, so each player keeps their place
        won = seat in winners
        if won:
            badge = '<div class="tt-projected-badge">★ WINNER</div>'
        elif seat in tied:
            badge = '<div class="tt-projected-badge tt-projected-tied">= TIED</div>'
        else:
            badge = '<div class="tt-projected-badge tt-projected-no-badge" aria-hidden="true"></div>'

        seats.append(
            f'<li class="tt-projected-seat{" tt-projected-won" if won else ""}">'
            f'<div class="tt-projected-player">{esc(names[seat])}</div>'
            f"{_card_html(deck.cards[number], revealed.category)}{badge}</li>"
        )
    tie = ""
    if ties:
        pot = ties[-1].pot_size
        tie = f'<div class="tt-projected-tie">TIE — cards to the pot ({plural(pot, "card")} in it now, rule C5)</div>'
    return (
        f'<div class="tt-projected" role="group" aria-label="Last comparison: {esc(caption)}">'
        f'<div class="tt-projected-caption">{esc(caption)}</div>'
        f'<ol class="tt-projected-row">{"".join(seats)}</ol>{tie}</div>'
    )


def _card_html(card: Card, chosen: int) -> str:
    """Returns one revealed card: its name, a short picture band and a row per category, `chosen` marked."""
    picture = card.picture.strip()
    if picture.lower().endswith(IMAGE_SUFFIXES):
        art = f'<img src="{esc(picture)}" alt="picture of {esc(card.name)}">'
    elif picture:
        art = f'<span role="img" aria-label="picture of {esc(card.name)}">{esc(picture)}</span>'
    else:
        art = ""
    rows = "".join(
        _row_html(category, value_text(category, card.values[index]), index == chosen)
        for index, category in enumerate(card.categories)
    )
    return (
        '<div class="tt-projected-card">'
        f'<div class="tt-projected-name">{esc(card.name)}</div>'
        + (f'<div class="tt-projected-picture">{art}</div>' if art else "")
        + f'<div class="tt-projected-rows">{rows}</div></div>'
    )


def _row_html(category: Category, value: str, chosen: bool) -> str:
    """Returns one category row: the name (▼ if lower wins, ◀ if chosen) and the value in large type."""
    lower = ' <span class="tt-projected-lower">▼ lower</span>' if not category.higher_is_better else ""
    mark = ' <span class="tt-projected-mark" aria-label="chosen">◀</span>' if chosen else ""
    kind = "tt-projected-cat tt-projected-chosen" if chosen else "tt-projected-cat"
    return (
        f'<div class="{kind}"><div class="tt-projected-label">{esc(category.name)}{lower}</div>'
        f'<div class="tt-projected-value">{esc(value)}{mark}</div></div>'
    )
