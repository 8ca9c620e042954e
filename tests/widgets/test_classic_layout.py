"""Where the classic table puts the last comparison, and how projector mode draws it (rules C4-C6).

The comparison always sits in the right-hand column, under "Next ▶", with the
log below it.  In projector mode the card's column narrows and the comparison
is drawn short, in large type, one column per player (`widgets.classic.projected`);
switched off again mid-game it is the picture again, with nothing of the game lost.
"""

from __future__ import annotations

import re
from dataclasses import replace

import ipywidgets as ipw
import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ClassicRules
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.play import Match
from toptrumps_core.strategies import HUMAN, BestValue
from widgets import ClassicTable
from widgets._toolkit import ProjectorSwitch, SeatNames, esc
from widgets.classic.layout import CARD_COLUMN, PROJECTOR_CARD_COLUMN
from widgets.classic.projected import projected_comparison_html

NAMES = ["Rocket", "Snail", "Car", "Bike", "Boat", "Kite", "Tram", "Ship", "Cart", "Sled", "Jet", "Bus"]
DECK = Deck.from_rows(
    "Tiny",
    [Category("Speed", "km/h"), Category("Price", "£", False)],
    {n: [i * 7 % 13, i * 5 % 11] for i, n in enumerate(NAMES)},
)


def _table(seats: int) -> ClassicTable:
    return ClassicTable(Match(ClassicRules(DECK, seats=seats), [HUMAN] + [BestValue()] * (seats - 1), seed=4))


def _holder(table: ClassicTable, part: ipw.Widget) -> str:
    """Returns the CSS class of the column whose children hold `part`."""
    for box in [*table.children, *(c for w in table.children if isinstance(w, ipw.Box) for c in w.children)]:
        if isinstance(box, ipw.Box) and any(part in getattr(c, "children", ()) or part is c for c in box.children):
            return next((k for k in box._dom_classes if k in ("tt-col-arena", "tt-col-card")), "other")
    return "nowhere"


def _switch(table: ClassicTable) -> ProjectorSwitch:
    return next(w for w in table.children[1].children if isinstance(w, ProjectorSwitch))


def _card_column(table: ClassicTable) -> ipw.Box:
    return next(
        c for w in table.children if isinstance(w, ipw.Box) for c in w.children if "tt-col-card" in c._dom_classes
    )


def test_projector_mode_draws_the_comparison_large_under_the_buttons_and_back_mid_game() -> None:
    table = _table(6)
    table.choose(0)
    comparison = table._comparison
    assert _holder(table, comparison) == "tt-col-arena" and "<svg" in comparison.value
    before = (len(table.match.actions), table._result.value, list(table._log))
    _switch(table).set_state({"value": True})
    try:
        assert _holder(table, comparison) == "tt-col-arena"  # under the buttons, the log below it
        assert "<svg" not in comparison.value and comparison.value.count('class="tt-projected-seat') == 6
        assert _card_column(table).layout.flex == PROJECTOR_CARD_COLUMN
        assert (len(table.match.actions), table._result.value, list(table._log)) == before  # nothing of the game lost
        table.next()  # a move draws the next comparison in the same mode
        assert comparison.value.count('class="tt-projected-seat') == 6
        later = _table(3)  # a game started while the page is in projector mode
        later.choose(0)
        assert later._comparison.value.count('class="tt-projected-seat') == 3
    finally:
        _switch(table).set_state({"value": False})
    assert "<svg" in comparison.value and "<svg" in later._comparison.value
    assert _card_column(table).layout.flex == CARD_COLUMN


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_projected_comparison_has_every_players_card_in_seat_order_and_says_who_won(seats: int) -> None:
    names = SeatNames(seats, [0])
    cards = [(seat, seat) for seat in range(seats)][::-1]  # play order need not be seat order
    last = [Revealed(chooser=seats - 1, category=0, cards=tuple(cards)), Won(seat=1, category=0, cards=())]
    html = projected_comparison_html(last, names, DECK)
    players = re.findall(r'tt-projected-player">([^<]*)<', html)
    assert players == [names[s] for s in range(seats)]
    assert re.findall(r'tt-projected-name">([^<]*)<', html) == NAMES[:seats]
    cards_html = html.split('<li class="tt-projected-seat')[1:]
    assert len(cards_html) == seats and html.count("★ WINNER") == 1 and cards_html[1].startswith(" tt-projected-won")
    assert 'aria-label="Last comparison: Speed (km/h) · higher wins"' in html
    assert f"--tt-seats: {seats}; --tt-rows: 5" in html  # the player, the name, 2 categories, the badge (no pictures)
    for seat, card in enumerate(cards_html):  # each card says every value whole to a screen reader
        speed, price = DECK.cards[seat].values
        assert f"Speed, chosen: {speed} km/h</span>" in card and f"Price, lower wins: £{price}</span>" in card


def test_the_names_column_gives_each_category_once_with_its_unit_and_the_card_rows_its_bare_number() -> None:
    names = SeatNames(3, [0])
    last = [Revealed(chooser=0, category=1, cards=((0, 0), (1, 1), (2, 2))), Won(seat=0, category=1, cards=())]
    html = projected_comparison_html(last, names, DECK)
    column = html.split('<li class="tt-projected-labels" aria-hidden="true">')[1].split("</li>")[0]
    labels = re.findall(r'tt-projected-label">([^<]*)<', column)
    assert labels == ["Speed ", "Price "] and "(km/h)" in column and "(£)" in column
    assert column.count("▼ lower") == 1 and column.count("▶") == 1 and column.index("▼") < column.index("▶")
    shown = re.findall(r'tt-projected-value" aria-hidden="true">([^<]*)<', html)
    assert shown == [str(v) for card in DECK.cards[:3] for v in card.values]  # the unit is the column's alone


@pytest.mark.parametrize(
    ("name", "breaks"),
    [
        ("Ruby-throated hummingbird", "Ruby-thr·o·a·ted hum·m·i·n·g·b·ird"),  # 8 letters: the shortest that breaks
        ("Giraffe", "Giraffe"),  # 7 letters stay whole
        ("Tom & Jerry's", "Tom & Jerry's"),
        ("Ampersand&amp;friends", "Amp·e·r·s·and&amp;friends"),  # escaped to "&amp;amp;": no entity is split
    ],
)
def test_long_card_names_break_with_a_hyphen_between_letters_never_after_fewer_than_three(
    name: str, breaks: str
) -> None:
    deck = Deck.from_rows("Long", DECK.categories, {name: [1, 1], "Lion": [2, 2]})
    last = [Revealed(chooser=0, category=0, cards=((0, 0), (1, 1))), Won(seat=1, category=0, cards=())]
    shown = re.findall(r'tt-projected-name">([^<]*)<', projected_comparison_html(last, SeatNames(2, [0]), deck))
    assert shown == [esc(breaks).replace("·", "\u00ad"), "Lion"]


def test_a_picture_band_shows_when_any_card_has_a_picture_and_image_files_stay_on_this_server() -> None:
    pictures = {"Rocket": "🚀", "Snail": "pictures/snail.png", "Car": "", "Bike": "https://example.org/bike.png"}
    plain = Deck.from_rows("Pictured", DECK.categories, {name: [i, i] for i, name in enumerate(pictures)})
    deck = replace(plain, cards=tuple(replace(card, picture=pictures[card.name]) for card in plain.cards))
    last = [Revealed(chooser=0, category=0, cards=tuple((s, s) for s in range(4))), Won(seat=3, category=0, cards=())]
    html = projected_comparison_html(last, SeatNames(4, [0]), deck)
    assert "--tt-seats: 4; --tt-rows: 6" in html and html.count('class="tt-projected-picture"') == 4
    assert '<img src="pictures/snail.png"' in html and "<img" not in html.replace('<img src="pictures/snail.png"', "")
    assert 'aria-label="picture of Bike">https://example.org/bike.png<' in html  # a web address is words, never fetched


def test_a_tie_in_projector_mode_says_tie_and_the_pots_size_with_no_winner() -> None:
    names = SeatNames(3, [0])
    last = [
        Revealed(chooser=0, category=1, cards=((0, 0), (1, 1), (2, 2))),
        Tied(category=1, seats=(0, 2), pot_size=3, again=()),
    ]
    html = projected_comparison_html(last, names, DECK)
    assert "WINNER" not in html and "tt-projected-won" not in html
    badges = re.findall(r'tt-projected-badge[^"]*"[^>]*>([^<]*)<', html)
    assert badges == ["= TIED", "", "= TIED"]  # under the two cards that shared the best value
    assert "TIE — cards to the pot (3 cards in it now)" in html
    assert "Price (£) · lower wins" in html
