"""HiLoTable headless: play through the buttons, the lens, and hidden information (T12, P1, P2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction

import ipywidgets as ipw
import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.probability import best_hi_lo_policy, hi_lo_odds
from toptrumps_core.strategies import HUMAN
from toptrumps_core.tournament.hilo import HiLoRules
from widgets.hilo import HiLoTable, chance_text

# Distinctive names and values, so a leak of a face-down card is easy to spot.
ROWS = {
    "Alpha": [101.37, 11],
    "Bravo": [202.41, "n/a"],
    "Charlie": [303.59, 33],
    "Delta": [404.73, 44],
    "Echo": [505.83, 55],
    "Foxtrot": [606.97, 66],
}


@pytest.fixture
def deck() -> Deck:
    return Deck.from_rows("Phonetic", [Category("Size", "cm"), Category("Cost", "£", higher_is_better=False)], ROWS)


def table_from(deck: Deck, stack: list[str], *, lens: bool = True, hilo_pins: str = "per_call") -> HiLoTable:
    rules = HiLoRules(deck, hilo_pins=hilo_pins)  # type: ignore[arg-type]
    return HiLoTable(Match(rules, [HUMAN], seed=5, start=rules.start_from(stack=stack)), lens=lens)


def descendants(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    """Every widget reachable from `widget` through its traits (children, layout, style...)."""
    seen: set[str] = set()
    todo = [widget]
    while todo:
        current = todo.pop()
        if current.model_id in seen:
            continue
        seen.add(current.model_id)
        yield current
        for name in current.keys:
            value = getattr(current, name, None)
            items = value if isinstance(value, (tuple, list)) else (value,)
            todo.extend(item for item in items if isinstance(item, ipw.Widget))


def page_text(widget: ipw.Widget) -> str:
    return "\n".join(json.dumps(w.get_state(), default=str, ensure_ascii=False) for w in descendants(widget))


def test_t12_play_through_the_buttons(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    assert [b.description for b in table.category_buttons] == ["Size: 101.37 cm", "Cost: 11 £"]
    table.category_buttons[0].click()
    assert table.view.category == 0 and len(table.call_buttons) == 2
    table.call_buttons[0].click()  # Charlie 303.59 >= 101.37: right
    assert table.pins == 1 and table.view.calls == (("higher", True),)
    table.call_buttons[0].click()  # Delta 404.73 >= 303.59: right
    assert table.pins == 2 and table.match.is_over
    assert table.category_buttons == () and table.call_buttons == ()
    assert "2 pins" in page_text(table)
    table.again_button.click()
    assert table.pins == 0 and not table.match.is_over and table.match.seed == 6


def test_t12_no_data_card_is_shown_put_aside(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Bravo", "Charlie", "Delta", "Echo"])
    table.choose(1)  # Cost: Bravo has none, so Delta (the next of the stack) replaces it
    table.call("higher")
    assert table.view.put_aside == (1,)
    assert "Put aside (no data): Bravo" in page_text(table)
    assert any("put aside" in line for line in table.log_lines)


def test_lens_shows_the_numbers_the_core_computes(deck: Deck) -> None:
    table = table_from(deck, ["Echo", "Alpha", "Foxtrot", "Charlie", "Delta"])
    view = table.view
    first = deck.card("Echo")
    unseen = [deck.cards[i] for i in view.unseen]
    policy = best_hi_lo_policy(first, unseen)
    for c in (0, 1):
        values = [card.values[c] for card in unseen]
        odds = hi_lo_odds(first.values[c], values)  # type: ignore[arg-type]
        assert table.lens_odds[c] == odds
        assert table.lens_pins[c] == policy.plans[c].expected_pins  # type: ignore[union-attr]
    text = page_text(table)
    # Size: Echo 505.83 against 101.37, 202.41, 303.59, 404.73, 606.97: higher 1 of 5.
    assert table.lens_odds[0].higher == Fraction(1, 5)
    assert "↑ 20 % · ↓ 80 %" in text
    table.choose(0)
    table.call("lower")  # Alpha 101.37 <= 505.83: right
    # Third card against Alpha: unseen now 202.41, 303.59, 404.73, 606.97 (and no n/a in Size): all higher.
    assert table.lens_call == hi_lo_odds(
        deck.card("Alpha").values[0], [deck.cards[i].values[0] for i in table.view.unseen]
    )  # type: ignore[arg-type]
    assert table.lens_call is not None and table.lens_call.higher == 1
    assert "right with chance 100 % (1)" in page_text(table)


def test_lens_off_shows_no_odds(deck: Deck) -> None:
    table = table_from(deck, ["Echo", "Alpha", "Foxtrot"], lens=False)
    assert table.lens_odds == {} and table.lens_pins == {}
    assert "pins expected" not in page_text(table) and "The odds:" not in page_text(table)
    table.lens.value = True
    assert set(table.lens_pins) == {0, 1}
    assert chance_text(table.lens_odds[0].higher) in page_text(table)


def test_hidden_cards_never_reach_a_trait(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo", "Foxtrot"])
    hidden = ["Charlie", "303.59", "Delta", "404.73", "Echo", "505.83", "Foxtrot", "606.97", "Bravo", "202.41"]
    text = page_text(table)
    assert "Alpha" in text and "101.37" in text
    assert not [word for word in hidden if word in text]
    table.choose(0)
    table.call("higher")  # Charlie is turned; Delta (third) stays face down
    text = page_text(table)
    assert "Charlie" in text
    assert not [word for word in ("Delta", "404.73", "Echo", "505.83", "Foxtrot", "606.97") if word in text]


def test_illegal_moves_show_in_the_status_line(deck: Deck) -> None:
    table = table_from(deck, ["Bravo", "Alpha", "Charlie"])  # Bravo has no Cost
    assert len(table.category_buttons) == 1
    table.choose(1)
    assert table.status.startswith("Sorry") and table.view.category is None
    table.call("higher")  # no call is due yet
    assert table.status.startswith("Sorry")
    table.call("sideways")  # type: ignore[arg-type]
    assert table.status.startswith("Sorry")


def test_new_builds_a_shuffled_game_and_checks_its_arguments(deck: Deck) -> None:
    table = HiLoTable.new(deck=deck, seed=3, hilo_pins="complete_run")
    assert table.view.faces[0] is not None and table.view.faces[1:] == (None, None)
    again = HiLoTable.new(deck=deck, seed=3, hilo_pins="complete_run")
    assert again.view.faces == table.view.faces  # the same seed deals the same cards
    with pytest.raises(RuleOptionError):
        HiLoTable.new(deck=deck, seed=-1)
    with pytest.raises(RuleOptionError):
        HiLoTable.new(deck=deck, hilo_pins="sometimes")  # type: ignore[arg-type]
    with pytest.raises(RuleOptionError):
        HiLoTable(Match(HiLoRules(deck), None, seed=1))  # a computer seat, not HUMAN


def test_new_with_a_bundled_deck(deck_names: tuple[str, ...]) -> None:
    table = HiLoTable.new(deck=deck_names[0], seed=1)
    assert table.category_buttons
