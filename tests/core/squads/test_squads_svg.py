"""Squads pictures: the mission card and a row of slots (rules S1-S5), said in words as well as drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from toptrumps_core import available_decks, load_deck
from toptrumps_core.cards import format_value
from toptrumps_core.squads import Mission, MissionSlot, bundled_missions
from toptrumps_core.svg import mission_card, squad_row
from toptrumps_core.svg.squads import row_width
from toptrumps_core.svg.wide_and_narrow import READABLE_PX, WideAndNarrow

DECK = load_deck("animals")
MISSION = bundled_missions(DECK)[2]  # The zoo's new baby: Gestation nearest 100, Weight nearest 50, Lifespan


def _desc(svg: str) -> str:
    root = ET.fromstring(svg)
    return root.findtext("{http://www.w3.org/2000/svg}desc") or ""


def test_s2_the_mission_card_draws_the_tokens_above_each_mission_slot_and_says_the_goals() -> None:
    svg = mission_card(MISSION, DECK)
    assert svg.count("★") == 6  # 3 + 2 + 1 tokens
    assert "not in this" in svg  # Top speed is not in this mission (S4)
    assert "nearest to" in svg and "days" in svg
    desc = _desc(svg)
    assert "Critical, 3 tokens: Gestation nearest to 100 days" in desc
    assert "Useful, 1 token: Lifespan, highest" in desc


def test_s3_a_row_shows_face_down_backs_the_empty_slot_and_the_card_in_hand_in_words() -> None:
    svg = squad_row(DECK, [0, None, None, None], mission=MISSION, empty_slot=2, held=5, name="You")
    desc = _desc(svg)
    assert "slot 1, Top speed: Cheetah face up" in desc
    assert "slot 2, Weight (2 tokens): face down" in desc
    assert "slot 3, Lifespan (1 token): empty" in desc
    assert f"Card in hand: {DECK.cards[5].name}." in desc
    hidden = [c.name for i, c in enumerate(DECK.cards) if i not in (0, 5)]
    assert not any(name in svg for name in hidden)  # a face-down card's face is never drawn


def test_s5_a_revealed_row_marks_the_slots_won_in_words_and_colour() -> None:
    svg = squad_row(DECK, [0, 1, 2, 3], mission=MISSION, results={3: "WON +3", 1: "lost"}, winners=[3])
    assert "WON +3" in svg and "lost" in svg
    assert "slot 4, Gestation (3 tokens): " in _desc(svg) and "WON +3" in _desc(svg)


def test_rows_and_mission_cards_line_up_and_refuse_bad_input() -> None:
    assert f'viewBox="0 0 {row_width(DECK):.0f}' in mission_card(MISSION, DECK).replace(".0 ", " ")
    with pytest.raises(ValueError, match="one entry per slot"):
        squad_row(DECK, [0, 1])
    with pytest.raises(ValueError):
        squad_row(DECK, [0, 1, 2, 99])


def test_s2_the_mission_card_tells_a_target_as_players_say_it() -> None:
    deck = load_deck("dinosaurs")
    made = Mission(
        "Old names",
        "Find the oldest name.",
        MissionSlot("Named", "nearest", Fraction(1900)),
        MissionSlot("Length", "highest"),
        MissionSlot("Weight", "lowest"),
    )
    picture = mission_card(made, deck)
    assert ">1900<" in picture and "1900 year" not in picture


PHONE_PX = 340  # a 390 px phone's width less the page's margins


def _smallest_on_screen(svg: str, box_px: float) -> float:
    """Returns the smallest text of `svg` in screen px when shown in a box `box_px` wide (never enlarged)."""
    root = ET.fromstring(svg)
    view_width = float(root.get("viewBox", "0 0 1 1").split()[2])
    sizes = [float(t.get("font-size", "0")) for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    return min(sizes) * min(1.0, box_px / view_width)


@pytest.mark.parametrize("name", available_decks())
def test_s1_s5_every_squads_picture_reads_at_11_px_on_a_phone_and_where_it_shows_wide(name: str) -> None:
    deck = load_deck(name)
    k = len(deck.categories)
    mission = bundled_missions(deck)[0]
    building = squad_row(
        deck, [0, *([None] * (k - 1))], mission=mission, empty_slot=1, held=len(deck.cards) - 1, name="You"
    )
    results = dict.fromkeys(range(k), "nobody scores") | {0: "WON +3 ★"}
    revealed = squad_row(deck, list(range(k)), mission=mission, results=results, winners=[0], name="Computer 1")
    for picture in (mission_card(mission, deck), building, revealed):
        assert isinstance(picture, WideAndNarrow)
        assert _smallest_on_screen(picture.narrow, PHONE_PX) >= READABLE_PX
        assert _smallest_on_screen(picture, picture.wide_from_px) >= READABLE_PX
        assert _desc(picture) == _desc(picture.narrow)  # both layouts say the same to a screen reader
    shown = picture.html()
    assert shown.count("<svg") == 2 and f"max-width: {picture.wide_from_px - 0.02}px" in shown


def test_s3_the_card_in_hand_shows_every_value_and_face_down_slots_show_only_their_number() -> None:
    held = DECK.index_of("Lion")
    row = squad_row(DECK, [None, None, 0, None], held=held, columns=2)
    texts = [t.text for t in ET.fromstring(row).iter("{http://www.w3.org/2000/svg}text")]
    lion = DECK.cards[held]
    assert "Lion" in texts and all(format_value(v) in texts for v in lion.values)
    assert {"1", "2", "4"} <= set(texts)  # the backs' slot numbers
    assert DECK.cards[0].name in texts and format_value(DECK.cards[0].values[2]) in texts


def _texts(svg: str) -> dict[str, float]:
    """Returns each text drawn in `svg` and its largest font size (design px)."""
    sizes: dict[str, float] = {}
    for element in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        if element.text:
            sizes[element.text] = max(sizes.get(element.text, 0.0), float(element.get("font-size", "0")))
    return sizes


def test_s4_s5_in_the_reveal_a_mission_slot_shows_its_value_only_once_turned_and_the_others_are_discarded() -> None:
    cards = [DECK.index_of(name) for name in ("Cheetah", "Lion", "Tiger", "Blue whale")]
    gestation, weight, lifespan, top_speed = 3, 1, 2, 0  # Top speed is not in this mission (S4)
    value = {slot: format_value(DECK.cards[card].values[slot]) for slot, card in enumerate(cards)}
    assert len(set(value.values())) == 4  # each value tells its slot apart
    before = squad_row(DECK, cards, mission=MISSION, columns=4)
    assert set(value.values()) <= set(_texts(before))  # outside a reveal every face-up card shows its value
    turning = squad_row(DECK, cards, mission=MISSION, revealed=[gestation], columns=4)
    texts = _texts(turning)
    assert value[gestation] in texts and texts[value[gestation]] >= 18
    for slot in (weight, lifespan, top_speed):
        assert value[slot] not in texts and f">{value[slot]}<" not in turning  # no text of the markup holds it
    assert texts["?"] >= 18 and texts["not revealed yet"] >= 14 and texts["discarded"] >= 14
    assert min(texts.values()) >= 14
    desc = _desc(turning)
    assert "slot 2, Weight (2 tokens): Lion face up, value not revealed yet" in desc
    assert "slot 3, Lifespan (1 token): Tiger face up, value not revealed yet" in desc
    assert "slot 1, Top speed: Cheetah face up, discarded, not in this mission" in desc
    assert f"slot 4, Gestation (3 tokens): Blue whale face up, {value[gestation]} days" in desc
    every = squad_row(DECK, cards, mission=MISSION, revealed=range(4), columns=4)
    texts = _texts(every)
    assert set(value.values()) <= set(texts) and "?" not in texts and "discarded" in texts
    assert texts[value[top_speed]] < texts[value[weight]]  # a discarded value is never drawn as if it counted
    shown = ET.fromstring(every).iter("{http://www.w3.org/2000/svg}text")
    assert [t.get("font-weight") for t in shown if t.text == value[top_speed]] == [None]
    assert "Cheetah face up, discarded, " in _desc(every) and "not in this mission" not in _desc(every)


def test_s4_a_revealed_slot_out_of_range_is_a_named_error() -> None:
    with pytest.raises(ValueError, match="slot"):
        squad_row(DECK, [0, 1, 2, 3], mission=MISSION, revealed=[4])
