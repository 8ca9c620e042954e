"""SquadBuilder headless: a whole game by clicks, the reveal slot by slot, hot seat, the editor (S1-S7).

The page may read every synced trait; while building, no trait may hold a
face-down card or another seat's card (S3).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.widgets.widget_helpers import PYTHON_REPR, browser_text
from toptrumps_core.cards import format_value
from toptrumps_core.errors import RecordError
from toptrumps_core.squads import SquadsPhase
from widgets._toolkit.save_files import SAVE_KEY_FILE_VARIABLE, SAVE_KEY_VARIABLE
from widgets.squads import SquadBuilder


def _click(table: SquadBuilder, name: str) -> None:
    buttons = table.buttons
    assert name in buttons, f"no button {name!r}; there are {list(buttons)}"
    buttons[name].click()


def _first(table: SquadBuilder, prefix: str) -> None:
    name = next(n for n in table.buttons if n.startswith(prefix))
    table.buttons[name].click()


def _play_round_building(table: SquadBuilder) -> None:
    while table.screen == "build":
        _first(table, "P")  # "Pick up ..." or "Place ..."
        assert table.status == ""


def test_a_whole_game_to_10_tokens_by_clicks_one_person_two_computers() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=11)
    rounds = 0
    while table.screen != "over":
        assert rounds < 40
        if table.screen == "mission":
            _click(table, "Play this mission")
        _play_round_building(table)
        assert table.screen == "reveal"
        for _ in range(3):
            _click(table, "Reveal next slot ▶")
        assert "Reveal next slot ▶" not in table.buttons
        _click(table, "See who won 🏆" if table.match.is_over else "Next round ▶")
        rounds += 1
    outcome = table.match.outcome
    assert outcome is not None and max(table.state.scores) >= 10
    assert "New game" in table.buttons
    text = browser_text(table)
    assert ("It's a tie" in text) == (len(outcome.winners) > 1)
    assert not PYTHON_REPR.search(" ".join(table.log_lines))


def test_s3_no_synced_trait_holds_a_face_down_card_or_another_seat_s_card() -> None:
    table = SquadBuilder.new("dinosaurs", people=1, computers=2, seed=3)
    if table.screen == "mission":
        _click(table, "Play this mission")
    deck = table.rules.deck
    checked = 0
    while table.screen == "build" and table.state.round == 1:
        state = table.state
        seen = set(table.match.view(0).seen)
        hidden = {c for s, row in enumerate(state.rows) for c in row.all_cards() if s != 0 or c not in seen}
        text = browser_text(table)
        for card in hidden:
            assert f">{deck.cards[card].name}<" not in text and f"{deck.cards[card].name}." not in text
            assert deck.cards[card].name not in text
        checked += 1
        _first(table, "P")
    assert checked >= 4


def test_s5_the_reveal_moves_tokens_slot_by_slot() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    assert table.screen == "reveal"
    assert table._tokens_now("reveal") == (0, 0, 0)
    totals = [table._tokens_now("reveal")]
    for _ in range(3):
        _click(table, "Reveal next slot ▶")
        totals.append(table._tokens_now("reveal"))
    assert totals[-1] == table.state.scores and sum(totals[-1]) > 0
    assert "WON +" in browser_text(table)


def test_the_next_round_is_dealt_after_the_reveal_with_the_maker_passing_left() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    _click(table, "Reveal all")
    _click(table, "Next round ▶")
    # round 2's maker is Computer 1, who chose at once: the person builds
    assert table.state.round == 2 and table.state.maker == 1 and table.screen == "build"


def test_hot_seat_a_pass_screen_hides_every_card_between_two_people() -> None:
    table = SquadBuilder.new("animals", people=2, computers=1, seed=2)
    assert table.screen == "mission"
    _click(table, "Play this mission")
    assert table.screen == "pass" and "Pass to Player 1" in browser_text(table)
    dealt = [table.rules.deck.cards[c].name for row in table.state.rows for c in row.all_cards()]
    assert not [name for name in dealt if name in browser_text(table)]
    (ready,) = table.buttons.values()
    ready.click()
    assert table.screen == "build"
    _first(table, "Pick up")
    assert table.screen == "pass"  # Player 2 is still to move at this joint move
    assert "Pass to Player 2" in browser_text(table)
    next(iter(table.buttons.values())).click()
    _first(table, "Pick up")
    assert table.screen == "build"  # Player 2 is still at the screen and moves first next
    assert table.state.rows[0].held is not None and table.state.rows[1].held is not None


def test_the_mission_editor_refuses_a_bad_mission_and_plays_a_good_one() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=9)
    _click(table, "✏️ Make your own mission")
    assert table.screen == "editor"
    editor = table._editor
    editor.fill(
        "Twins", "Two of a kind.", [("Weight", "highest", ""), ("Weight", "lowest", ""), ("Lifespan", "highest", "")]
    )
    _click(table, "Play this mission")
    assert "three different categories" in table.status and table.state.phase is SquadsPhase.MISSION
    editor.fill(
        "Zoo", "A day out.", [("Weight", "nearest", "heavy"), ("Top speed", "lowest", ""), ("Lifespan", "highest", "")]
    )
    _click(table, "Play this mission")
    assert "a number" in table.status and table.screen == "editor"
    editor.fill(
        "Zoo", "A day out.", [("Weight", "nearest", "500"), ("Top speed", "lowest", ""), ("Lifespan", "highest", "")]
    )
    _click(table, "Play this mission")
    assert table.screen == "build" and table.state.mission is not None and table.state.mission.title == "Zoo"


def test_the_editor_opens_again_after_it_was_closed() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=9)
    _click(table, "✏️ Make your own mission")
    _click(table, "Back to the prepared missions")
    assert table.screen == "mission"
    _click(table, "✏️ Make your own mission")
    assert table.screen == "editor" and table._editor.comm is not None and table._editor in table._body.children


def test_values_sent_by_the_page_are_checked_and_stale_clicks_do_nothing() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=4)
    table.preview_mission(99)
    assert "the prepared mission's number must be a whole number from 0 to " in table.status
    assert "; got 99" in table.status
    old = table.buttons["Play this mission"]
    old.click()
    actions = len(table.match.actions)
    old.click()  # a double click: the decision it was made for is gone
    assert len(table.match.actions) == actions
    with pytest.raises(AssertionError):
        _click(table, "Play this mission")


def test_the_new_game_settings_are_checked_and_start_the_game_they_say() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=9)
    form = table._settings
    form.people.value, form.computers.value = 1, 0
    table.start_new_game()
    assert "two or more players" in table.status and table.rules.seats == 3
    form.deck.value, form.computers.value, form.tokens.value, form.seed.value = "dinosaurs", 3, 5, "77"
    table.start_new_game()
    assert table.rules.deck.name == "Dinosaurs" and table.rules.seats == 4 and table.rules.tokens_to_win == 5
    assert table.match.seed == 77 and table.screen == "mission" and table.status == ""
    assert form.seed.value == ""  # emptied once the game starts: the seed stays out of the page
    form.seed.value = "-1"
    table.start_new_game()
    assert "the seed must be empty (a new deal) or a whole number" in table.status and table.match.seed == 77


def test_a_saved_game_resumes_where_it_was_sealed_and_a_bad_file_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SAVE_KEY_VARIABLE, raising=False)
    monkeypatch.setenv(SAVE_KEY_FILE_VARIABLE, str(tmp_path / "save-key"))
    table = SquadBuilder.new("animals", people=1, computers=2, seed=6)
    _click(table, "Play this mission")
    _first(table, "Pick up")
    _first(table, "Place")
    text = table._saves.save()
    hidden = [table.rules.deck.cards[c].name for s, row in enumerate(table.state.rows) if s for c in row.all_cards()]
    assert not [name for name in hidden if name in text]  # sealed: no unseen card can be read from the file
    other = SquadBuilder.new("dinosaurs", people=1, computers=1, seed=1)
    other._saves.resume_from(text, "squads.json")
    assert other.rules == table.rules and other.match.actions == table.match.actions
    assert other.state == table.state and other.screen == "build" and "Resumed" in other.status
    _first(other, "P")
    assert other.status == ""
    before = other.match.actions
    with pytest.raises(RecordError, match="cannot be resumed"):
        other._saves.resume_from(text.replace('"sealed": "', '"sealed": "x'), "bad.json")
    assert other.match.actions == before


def test_s5_the_log_holds_back_each_slot_s_result_until_it_is_turned() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    assert table.screen == "reveal"
    names = [table.rules.deck.categories[e.category].name for e in table._scored()]
    log = " ".join(table.log_lines)
    assert "scored" not in log and not [name for name in names if f"{name}: " in log]
    for turned in range(1, 4):
        _click(table, "Reveal next slot ▶")
        log = " ".join(table.log_lines)
        assert [f"{name}: " in log for name in names] == [i < turned for i in range(3)]
        assert ("Round 1 scored" in log) == (turned == 3)
    assert "Round 1 scored" in browser_text(table)


def test_s3_the_log_names_no_slot_another_seat_builds_in() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    building = [line for line in table.log_lines if re.search(r" (pick|picks) up | (place|places) a card", line)]
    assert [line for line in building if line.startswith("You ")]
    others = [line for line in building if line.startswith("Computer")]
    assert others and not [line for line in others if "slot" in line or "takes" in line]


def _text_sizes(svg: str) -> dict[str, float]:
    """Returns each text's drawn size in the picture's own px (font size times the scale of its groups)."""
    sizes: dict[str, float] = {}

    def walk(element: ET.Element, scale: float) -> None:
        found = re.search(r"scale\(([0-9.]+)\)", element.get("transform", ""))
        scale *= float(found.group(1)) if found else 1.0
        if element.tag.endswith("text") and element.text:
            size = float(element.get("font-size", "0")) * scale
            sizes[element.text] = max(sizes.get(element.text, 0.0), size)
        for child in element:
            walk(child, scale)

    walk(ET.fromstring(svg), 1.0)
    return sizes


def test_s5_the_reveal_draws_each_card_s_name_and_value_legibly_on_a_phone() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    _click(table, "Reveal all")
    deck = table.rules.deck
    html = table._body.children[-1].value
    narrow = re.findall(r'<div class="tt-narrow">(<svg.*?</svg>)', html, flags=re.S)
    assert len(narrow) == 3 and len(re.findall(r"<svg.*?</svg>", html, flags=re.S)) == 6  # each row wide and narrow
    for svg, row in zip(narrow, table.state.last.rows, strict=True):
        view_width = float(ET.fromstring(svg).get("viewBox", "0 0 1 1").split()[2])
        on_phone = min(1.0, 340 / view_width)  # a row fills a 390 px phone less the margins
        sizes = _text_sizes(svg)
        assert min(sizes.values()) * on_phone >= 11, sorted(sizes.items(), key=lambda item: item[1])[:3]
        for slot, card in enumerate(row):
            name = deck.cards[card].name
            value = format_value(deck.cards[card].values[slot])
            name_lines = [size for text, size in sizes.items() if text in name and len(text) > 2]  # one or two lines
            assert name_lines and min(name_lines) * on_phone >= 13, (name, sizes)
            assert sizes.get(value, 0) * on_phone >= 18, (name, value)


@pytest.mark.parametrize("slot", ["0", 1.0, True, -1, 4])
def test_s3_a_slot_the_page_sends_is_checked_with_a_named_error(slot: object) -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    actions = len(table.match.actions)
    table.pick_up(slot)  # type: ignore[arg-type]
    assert f"the slot must be a whole number from 0 to 3; got {slot!r}" in table.status
    assert len(table.match.actions) == actions and table.screen == "build"


def test_s4_s5_the_page_gets_no_value_of_a_slot_before_it_is_turned() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=5)
    _click(table, "Play this mission")
    _play_round_building(table)
    deck, reveal = table.rules.deck, table.state.last
    order = [e.category for e in table._scored()]  # the mission slots, in the order they are turned
    number = re.compile(r"-?[0-9][0-9.,]*|n/a")
    for turned in range(4):
        html = table._body.children[-1].value
        shown = set(order[:turned]) if turned < 3 else set(range(len(deck.categories)))
        svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
        assert len(svgs) == 6  # each seat's row, wide and narrow
        for svg, row in zip(svgs, [r for r in reveal.rows for _ in (0, 1)], strict=True):
            drawn = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text") if t.text]
            values = sorted(
                format_value(deck.cards[card].values[slot]) for slot, card in enumerate(row) if slot in shown
            )
            assert sorted(text for text in drawn if number.fullmatch(text)) == values, (turned, drawn)
            unturned = 3 - turned if turned < 3 else 0
            assert svg.count("value not revealed yet") == unturned and drawn.count("?") == unturned
            assert "discarded" in svg
        page = browser_text(table)
        for slot in set(order) - shown:  # not in the words either: the results, the log, the tokens
            category = deck.categories[slot]
            assert f"<b>{category.name}</b>" not in page
        if turned < 3:
            _click(table, "Reveal next slot ▶")
    assert "Next round ▶" in table.buttons or "See who won 🏆" in table.buttons
