"""Every card of every bundled deck is drawn whole: no name, fact or category label cut short.

Each text of a card picture is measured with the shared text-width model
(`toptrumps_core.svg.text_fitting.text_width`, from its font size and weight)
and must lie inside the card's border; within each category row the label
must end before the value starts; and the card's name, fact and labels must
be drawn word for word (wrapped onto more lines or shrunk, never cut with
"…").  Cards are drawn plain, with a chosen category (bold), and as
selectable rows, as the pages draw them.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from toptrumps_core import svg
from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.svg.elements import clean_text
from toptrumps_core.svg.sizes import BORDER_PX, CARD_WIDTH_PX, FACT_FONT_PX
from toptrumps_core.svg.text_fitting import text_width

NS = "{http://www.w3.org/2000/svg}"


def _extent(text: ET.Element) -> tuple[float, float]:
    """Returns where a text element reaches, left and right (design px), by its anchor and estimated width."""
    width = text_width(text.text or "", float(text.get("font-size", "0")), bold=text.get("font-weight") == "bold")
    x = float(text.get("x", "0"))
    anchor = text.get("text-anchor", "start")
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return left, left + width


def _problems(card: Card, highlight: int | None) -> list[str]:
    root = ET.fromstring(svg.card(card, highlight=highlight, selectable=True))
    problems = []
    drawn = [t for t in root.iter(f"{NS}text") if t.text]
    for text in drawn:
        left, right = _extent(text)
        if left < BORDER_PX - 0.5 or right > CARD_WIDTH_PX - BORDER_PX + 0.5:
            problems.append(f"{text.text!r} reaches {left:.0f}..{right:.0f} px, outside the card")
        if "…" in (text.text or "") and "…" not in card.name + card.fact:
            problems.append(f"{text.text!r} is cut short")
    words = " ".join(t.text or "" for t in drawn)
    for whole in (clean_text(card.name), clean_text(card.fact)):
        if whole and whole not in words:
            problems.append(f"{whole!r} is not drawn whole")
    rows = [g for g in root.iter(f"{NS}g") if g.get("data-category") is not None]
    for row, category in zip(rows, card.categories, strict=True):
        texts = [t for t in row.iter(f"{NS}text") if t.text]
        value = next(t for t in texts if t.get("text-anchor") == "end")
        labels = [t for t in texts if t.get("text-anchor") is None and "lower wins" not in (t.text or "")]
        label = " ".join(t.text or "" for t in labels)
        if label != clean_text(category.label):
            problems.append(f"label {category.label!r} drawn as {label!r}")
        if labels and max(_extent(t)[1] for t in labels) > _extent(value)[0] - 4:
            problems.append(f"label {category.label!r} runs into its value {value.text!r}")
    return problems


def _every_card() -> list[tuple[str, Card]]:
    return [(name, card) for name in bundled_decks() for card in load_deck(name).cards]


@pytest.mark.parametrize("deck_name", bundled_decks())
def test_every_bundled_card_is_drawn_whole(deck_name: str) -> None:
    problems = {}
    for card in load_deck(deck_name).cards:
        for highlight in (None, 0, len(card.categories) - 1):
            found = _problems(card, highlight)
            if found:
                problems[(card.name, highlight)] = found
    assert problems == {}


def test_long_names_labels_and_facts_wrap_instead_of_being_cut() -> None:
    deck = Deck.from_rows(
        "Long words",
        [
            Category("Deepest dive below the sea surface", "m"),
            Category("Average number of eggs laid each year", "", higher_is_better=False),
        ],
        {"Ruby-throated hummingbird of the east": [12_000, 3], "Wren": [1, 6]},
    )
    fact = "A fact of four lines: " + "it flies " * 10
    card = dataclasses.replace(deck.cards[0], fact=fact.strip())
    for highlight in (None, 0, 1):
        assert _problems(card, highlight) == []


def test_the_fact_font_is_not_shrunk_below_its_size() -> None:
    card = load_deck(bundled_decks()[0]).cards[0]
    root = ET.fromstring(svg.card(card))
    fact_words = clean_text(card.fact).split()[0]
    (first,) = [t for t in root.iter(f"{NS}text") if (t.text or "").startswith(fact_words)]
    assert float(first.get("font-size", "0")) == FACT_FONT_PX
