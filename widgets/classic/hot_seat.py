"""The classic table's screens while no person's own card may show: the pass screen and the watch screen.

With several people at one screen (hot seat), when the person who must act
is not the one at the screen, the "Pass to Player N — ready?" screen hides
every card until that person presses the button (a person who chooses again,
say after winning a comparison, goes straight on); while the computers play, cards stay face down unless
one person is at the screen alone, who may watch with their own top card.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw

from toptrumps_core.classic import ClassicView
from widgets._toolkit import SeatNames, esc, html_widget, pass_panel
from widgets.card import CardView
from widgets.classic.screens import Built

__all__ = ["pass_screen", "turn_text", "watch_screen"]


def turn_text(screen: str, names: SeatNames, seat: int) -> str:
    """Returns the turn line for a person's turn: the pass screen's, a choice's or a C10 pick's.

    Example:
        >>> turn_text("choose", SeatNames(2, [0]), 0), turn_text("pass", SeatNames(2, [0, 1]), 1)
        ('👉 Your choice: click a category on your card', '🔄 Pass to Player 2 — ready?')
    """
    if screen == "pass":
        return f"🔄 Pass to {names[seat]} — ready?"
    you = names.is_you(seat)
    whose = "Your" if you else f"{names[seat]}'s"
    if screen == "choose":
        return f"👉 {whose} choice: click a category on {'your' if you else 'the'} card"
    return f"👉 {whose} pick: choose which card to play"


def pass_screen(name: str, bind: Callable[[ipw.Button], None]) -> Built:
    """Returns the pass screen for `name`: the words, a face-down card, and the "I'm <name>" button.

    Args:
        name: The page's name of the person whose turn it is.
        bind: Binds the button to that person's "ready" (guarded against stale clicks).
    """
    text, button = pass_panel(name)
    bind(button)
    back = CardView(None, width_px=260, back_label=name)
    back.add_class("tt-card-back")  # drawn smaller on a laptop, so the button shows with it
    return Built([text, back, button], (button,))


def watch_screen(view: ClassicView | None, names: SeatNames) -> Built:
    """Returns what shows while the computers play.

    Args:
        view: The view of the one person at the screen, whose own top card
            may show; None when cards stay face down (hot seat, or nobody).
        names: The page's seat names.
    """
    if view is None:
        note = "Cards stay face down while the computers play. Press Next ▶ to see their next comparison."
        return Built([html_widget("tt-pass", esc(note)), CardView(None, width_px=260)])
    card = view.top_card
    if card is None:
        note = "You are out of cards. Watch the computers finish: press Next ▶ or Fast-forward ⏩."
        return Built([html_widget("tt-pass", f'<div class="tt-panel">{esc(note)}</div>')])
    caption = f"Your top card. {names[view.chooser]} chooses the category — press Next ▶."
    return Built([html_widget("tt-pass", esc(caption)), CardView(card, width_px=400)])
