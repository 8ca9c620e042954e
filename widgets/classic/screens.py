"""The card area of the classic table: the category choice, the C10 card pick, the winner screen.

Each screen is built from the acting seat's own view (its top card, or
every card it may look at under ``look_at_last``) and the legal actions, so
an illegal move is never offered: one button per legal `ChooseCategory`,
laid out as the card's rows (rule C4), or one per legal `PickCard`
(rule C10).  The hot-seat screens are in `widgets.classic.hot_seat`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as ipw

from toptrumps_core.cards import Card
from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicView, PickCard
from toptrumps_core.options import option_specs
from toptrumps_core.probability import ComparisonOdds
from toptrumps_core.protocol import Outcome, Termination
from widgets._toolkit import SeatNames, big_button, esc, html_widget, plural, value_text
from widgets.card import CardView, picture_html
from widgets.classic.lens import odds_text

__all__ = ["PICK_CARD_WIDTH_PX", "Built", "card_head", "choose_screen", "over_screen", "pick_screen", "title_html"]

PICK_CARD_WIDTH_PX = 205
"""Width of each card picture on the C10 pick screen."""

Bind = Callable[[ipw.Button, int], None]
"""Binds a button to the intent for one category or card index (guarded against stale clicks)."""


def title_html(rules: ClassicRules, difficulty: str, people: int, seed: str) -> str:
    """Returns the table's title: the deck, the players, the computers' level, `seed`'s words, the rule options.

    Args:
        rules: The game's rules; options off their default are named in people's words.
        difficulty: The computers' level, named if there are computers.
        people: How many seats are people.
        seed: What the page may say of the seed (`widgets._toolkit.seed_words`); "" for nothing.
    """
    extras = [
        f"{spec.label}: {spec.words(value)}"
        for spec in option_specs(rules)
        if spec.for_people and (value := getattr(rules, spec.name)) != spec.default
    ]
    level = f" · {difficulty} computers" if rules.seats > people else ""
    sub = f"{rules.seats} players{level}" + "".join(f" · {part}" for part in (seed, *extras) if part)
    return f'Top Trumps — {esc(rules.deck.name)} <span class="tt-subtitle">{esc(sub)}</span>'


@dataclass(frozen=True)
class Built:
    """A screen: the widgets to show, and its action buttons in order."""

    children: list[ipw.Widget]
    buttons: tuple[ipw.Button, ...] = ()


def card_head(card: Card, hint: str) -> str:
    """Returns the top of a playable card: name band, quartet code, picture, fact, hint."""
    code = f'<span class="tt-card-code" aria-label="quartet code">{esc(card.code)}</span>' if card.code else ""
    art = picture_html(card, image_style="max-height:110px")
    fact = f'<div class="tt-card-fact">{esc(card.fact)}</div>' if card.fact.strip() else ""
    return (
        f'<div class="tt-card-name"><span>{esc(card.name)}</span>{code}</div>'
        + (f'<div class="tt-card-picture">{art}</div>' if art else "")
        + fact
        + f'<div class="tt-card-hint">{esc(hint)}</div>'
    )


def choose_screen(
    view: ClassicView, legal: Sequence[ChooseCategory], names: SeatNames, odds: Mapping[int, ComparisonOdds], bind: Bind
) -> Built:
    """Returns the seat's top card with one button per legal category, and the lens beside each (rule C4).

    Args:
        view: The acting seat's own view.
        legal: The legal category choices.
        names: The page's seat names.
        odds: The lens's odds by category index (empty: the lens is off).
        bind: Binds a category button to choosing that category.
    """
    deck = view.deck
    card = view.top_card
    assert card is not None
    owner = names.whose(view.seat).capitalize()
    head = html_widget("tt-card-head", card_head(card, f"{owner} card — click a category to play it"))
    rows: list[ipw.Widget] = [head]
    buttons = []
    for action in legal:
        index = action.category
        category = deck.categories[index]
        value = value_text(category, card.values[index])
        lower = "" if category.higher_is_better else "   ▼ lower wins"
        direction = "higher wins" if category.higher_is_better else "lower wins"
        note = f" — {category.note}" if category.note.strip() else ""
        button = ipw.Button(
            description=f"{category.name}: {value}{lower}",
            tooltip=f"Choose {category.name}: {card.name} has {value}; {direction}{note}",
            layout=ipw.Layout(width="auto", flex="1 1 auto", margin="0"),
        )
        button.add_class("tt-category")
        bind(button, index)
        buttons.append(button)
        row_children: list[ipw.Widget] = [button]
        if index in odds:  # beside the button, or under it (right-aligned) when the card is narrow
            lens = esc(odds_text(odds[index]))
            row_children.append(html_widget("tt-lens", lens, layout=ipw.Layout(margin="0 0 0 auto")))
        row = ipw.HBox(row_children, layout=ipw.Layout(width="100%", align_items="center", flex_flow="row wrap"))
        row.add_class("tt-row")
        rows.append(row)
    box = ipw.VBox(rows)
    box.add_class("tt-card")
    return Built([box], tuple(buttons))


def pick_screen(view: ClassicView, legal: Sequence[PickCard], names: SeatNames, bind: Bind) -> Built:
    """Returns the seat's visible cards, each with a "Play <card>" button (rule C10).

    Args:
        view: The acting seat's own view (every card it may look at).
        legal: The legal picks.
        names: The page's seat names.
        bind: Binds a card's button to picking that card.
    """
    deck = view.deck
    if view.category is None:
        prompt = "You hold only a few cards, so you may look at them all and pick which one to play."
    else:
        chooser = names[view.chooser]
        prompt = f"{chooser} chose {deck.categories[view.category].name}. Pick which of your cards to play."
    who = "" if names[view.seat] == "You" else f"{names[view.seat]}: "
    cells: list[ipw.Widget] = []
    buttons = []
    for action in legal:
        card = deck.cards[view.stack[action.index]]
        picture = CardView(card, highlight=view.category, width_px=PICK_CARD_WIDTH_PX)
        button = big_button(f"Play {card.name}", f"Put {card.name} on top and play it", primary=True)
        bind(button, action.index)
        buttons.append(button)
        cells.append(ipw.VBox([picture, button], layout=ipw.Layout(margin="0 10px 10px 0")))
    children: list[ipw.Widget] = [
        html_widget("tt-pass", f"<b>{esc(who + prompt)}</b>"),
        ipw.HBox(cells, layout=ipw.Layout(flex_flow="row wrap")),
    ]
    return Built(children, tuple(buttons))


def over_screen(outcome: Outcome, names: SeatNames, sizes: Sequence[int], comparisons: int, ending: str) -> Built:
    """Returns the winner screen: a badge and the sentence about the end, and every seat's cards.

    Args:
        outcome: The game's outcome.
        names: The page's seat names.
        sizes: Cards each seat holds at the end.
        comparisons: Comparisons played.
        ending: Who won and why, in one sentence (`toptrumps_core.narration`).
    """
    winners = sorted(outcome.winners)
    if outcome.termination is Termination.UNFINISHED:
        badge = "⏸"
    elif len(winners) == 1:
        badge = "🏆"
    else:
        badge = "🤝"
    rows = "".join(
        f"<li>{esc(names[s])}: {plural(n, 'card')}{' 🏆' if s in outcome.winners else ''}</li>"
        for s, n in enumerate(sizes)
    )
    body = (
        '<div class="tt-panel" role="status">'
        f'<div class="tt-headline">{badge} {esc(ending)}</div>'
        f"<p>After {plural(comparisons, 'comparison')}:</p><ul>{rows}</ul>"
        "<p>Play again with the same or new settings: open <b>New game ⚙</b> below.</p></div>"
    )
    return Built([html_widget("tt-over", body)])
