"""What lies face up on the classic table: the stacks row and the picture of the last comparison.

Both are drawn from the core's public view only (`ClassicPublicView`: stack
sizes, the pot, the set-aside cards, the chooser) and from the cards of finished
comparisons, which every player saw revealed; never from a seat's hidden
cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ClassicPublicView
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.protocol import Event
from widgets._toolkit import SeatNames, esc, projector_on
from widgets.classic.projected import projected_comparison_html

__all__ = [
    "ARENA_CARD_PX",
    "COMPARISON_CARDS_BESIDE",
    "COMPARISON_WIDTH_PX",
    "PROJECTED_MIN_WIDTH",
    "STACKS_ROW_PX",
    "STACK_PICTURE_WIDTH_PX",
    "Comparison",
    "comparison_picture",
    "no_comparison_html",
    "stacks_html",
]

COMPARISON_WIDTH_PX = 800
"""Natural width of the picture of one comparison (it also shrinks to fit)."""
COMPARISON_CARDS_BESIDE = 4
"""Most revealed cards shown beside the player's card; more wrap under it, full width."""
ARENA_CARD_PX = 180
"""Width one revealed card asks for when the comparison takes the full width."""
STACKS_ROW_PX = 1180
"""Width of the stacks row, shared by the stacks, the pot and the set-aside cards."""
STACK_PICTURE_WIDTH_PX = 150
"""Widest picture of one stack."""
PROJECTED_MIN_WIDTH = "600px"
"""Width the comparison's area asks for in projector mode: beside the person's card on a laptop or wider."""


def stacks_html(facts: ClassicPublicView, names: SeatNames, *, over: bool) -> str:
    """Returns the stacks row: one stack per seat (with "OUT" or "★ chooses"), the pot, the set-aside cards.

    Each stack's name ("You", "Computer 2", "Pot") and size ("12 cards") are
    text above and under its picture, so the style sheet keeps them readable
    however small the picture is drawn (on a phone, or seven stacks on a
    projector).
    """
    count = len(facts.stack_sizes) + 1 + (1 if facts.set_aside_count else 0)
    width = min(STACK_PICTURE_WIDTH_PX, STACKS_ROW_PX // count - 12)

    def figure(name: str, size: int, caption: str) -> str:
        return (
            f'<figure><div class="tt-stack-name">{esc(name)}</div>'
            f"{svg.stack(size, width_px=width, with_count=False)}"
            f'<div class="tt-stack-count">{svg.stack_count(size)}</div><figcaption>{caption}</figcaption></figure>'
        )

    figures = []
    for seat, size in enumerate(facts.stack_sizes):
        if size == 0:
            caption = '<span class="tt-out">OUT</span> — no cards left'  # said plainly, never struck through
        elif not over and seat == facts.chooser:
            caption = "★ chooses"
        else:
            caption = "&nbsp;"
        figures.append(figure(names[seat], size, caption))
    figures.append(figure("Pot", facts.pot_size, "cards from ties" if facts.pot_size else "empty"))
    if facts.set_aside_count:
        figures.append(figure("Set aside", facts.set_aside_count, "not dealt"))
    return f'<div class="tt-stacks" role="list">{"".join(figures)}</div>'


def no_comparison_html(facts: ClassicPublicView, names: SeatNames) -> str:
    """Returns the words shown before the first comparison: who chooses first (rule C3)."""
    chooser = names[facts.chooser]
    verb = "choose" if chooser == "You" else "chooses"
    return f'<div class="tt-panel">No cards revealed yet. {esc(chooser)} {verb} first.</div>'


@dataclass(frozen=True)
class Comparison:
    """The picture of one comparison, and the width its area asks for.

    Attributes:
        picture: SVG markup of the revealed cards side by side, winner marked.
        min_width: CSS width the comparison's area needs ("360px" for up to
            `COMPARISON_CARDS_BESIDE` cards; more need the full width).
    """

    picture: str
    min_width: str


def comparison_picture(
    last: Sequence[Event], names: SeatNames, deck: Deck, *, projector: bool | None = None
) -> Comparison:
    """Returns the picture of the last comparison (its `Revealed` first), cards in seat order.

    Args:
        last: The events of the last comparison.
        names: The page's seat names.
        deck: The game's deck.
        projector: True for projector mode: every card short, in large type, sized to the column it has
            (`widgets.classic.projected`), so the whole comparison shows beside the person's card; None
            (default): the page's mode (`widgets._toolkit.projector_on`).
    """
    if projector or (projector is None and projector_on()):
        return Comparison(projected_comparison_html(last, names, deck), PROJECTED_MIN_WIDTH)
    revealed = last[0]
    assert isinstance(revealed, Revealed)
    shown = sorted(revealed.cards)  # seat order, so each player keeps their place
    winners = [i for i, (seat, _) in enumerate(shown) if any(isinstance(e, Won) and e.seat == seat for e in last)]
    tie = any(isinstance(e, Tied) for e in last)
    count = len(shown)
    # Up to four cards sit beside the player's card; five or six need the full width, so the
    # arena asks for it and wraps under the card (a projector must show every card readably).
    total = max(COMPARISON_WIDTH_PX, ARENA_CARD_PX * count)
    width = int(svg.CARD_WIDTH_PX * total / (count * svg.CARD_WIDTH_PX + (count + 1) * 24))
    picture = svg.comparison(
        [(names[seat], deck.cards[card]) for seat, card in shown],
        revealed.category,
        winners=winners,
        tie=tie,
        width_px=max(80, min(width, 300)),
    )
    return Comparison(str(picture), f"{total}px" if count > COMPARISON_CARDS_BESIDE else "360px")
