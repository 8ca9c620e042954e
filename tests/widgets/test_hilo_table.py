"""HiLoTable headless: play through the buttons, the lens, and hidden information (T12, P1, P2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.widgets.widget_helpers import PYTHON_REPR, browser_text, page_words
from toptrumps_core.cards import Category, Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.narration import Narrator
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


def test_t12_play_through_the_buttons(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    assert [b.description for b in table.category_buttons] == ["Size: 101.37 cm", "Cost: £11"]
    table.category_buttons[0].click()
    assert table.view.category == 0 and len(table.call_buttons) == 2
    table.call_buttons[0].click()  # Charlie 303.59 >= 101.37: right
    assert table.pins == 1 and table.view.calls == (("higher", True),)
    table.call_buttons[0].click()  # Delta 404.73 >= 303.59: right
    assert table.pins == 2 and table.match.is_over
    assert table.category_buttons == () and table.call_buttons == ()
    assert "2 pins" in browser_text(table)
    table.again_button.click()
    # a fresh seed from the operating system, not the next one (which a pupil could guess)
    assert table.pins == 0 and not table.match.is_over and table.match.seed not in (5, 6)


def test_the_log_tells_every_event_in_the_core_s_words(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    table.choose(0)
    table.call("higher")
    told = Narrator(table.match.rules, ["You"]).narrate_all(table.match.events)
    assert sorted(table.log_lines) == sorted(told) and len(told) >= 3
    # newest call first, in play order: the card turned, then whether the call was right
    assert table.log_lines[0].startswith("Second card turned: Charlie")
    assert table.log_lines[1].startswith("You call higher for the second card: right")


def test_t12_cards_do_not_say_lower_wins(deck: Deck) -> None:
    # Cost is lower-is-better, but in Hi Lo no value wins: "lower wins" would read as a hint for the call.
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    assert "£11" in page_words(table) and "lower wins" not in page_words(table)
    table.choose(1)
    table.call("higher")  # Charlie £33 turned beside Alpha, both face up
    assert "Charlie" in page_words(table) and "lower wins" not in page_words(table)


def test_t12_no_data_card_is_shown_put_aside(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Bravo", "Charlie", "Delta", "Echo"])
    table.choose(1)  # Cost: Bravo has none, so Delta (the next of the stack) replaces it
    table.call("higher")
    assert table.view.put_aside == (1,)
    assert "Put aside (no data): Bravo" in browser_text(table)
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
    text = browser_text(table)
    # Size: Echo 505.83 against 101.37, 202.41, 303.59, 404.73, 606.97: higher 1 of 5.
    assert table.lens_odds[0].higher == Fraction(1, 5)
    assert "↑ 20% · ↓ 80%" in text
    # The odds are in each button's tooltip (its accessible description) too, after what the button does.
    size = table.category_buttons[0].tooltip
    assert size is not None and size.startswith("Play Hi Lo on Size") and "↑ 20% · ↓ 80%" in size
    table.choose(0)
    text = browser_text(table)
    assert "right with chance 20% (1/5)" in text and "right with chance 80% (4/5)" in text
    higher, lower = (button.tooltip or "" for button in table.call_buttons)
    assert higher.startswith("Call higher") and higher.endswith("right with chance 20% (1/5)")
    assert lower.startswith("Call lower") and lower.endswith("right with chance 80% (4/5)")
    table.call("lower")  # Alpha 101.37 <= 505.83: right
    # Third card against Alpha: unseen now 202.41, 303.59, 404.73, 606.97 (and no n/a in Size): all higher.
    assert table.lens_call == hi_lo_odds(
        deck.card("Alpha").values[0], [deck.cards[i].values[0] for i in table.view.unseen]
    )  # type: ignore[arg-type]
    assert table.lens_call is not None and table.lens_call.higher == 1
    text = browser_text(table)
    # A certain call and an impossible one show no "(1)" or "(0)" beside 100% and 0%.
    assert "right with chance 100%" in text and "right with chance 0%" in text
    assert "(1)" not in text and "(0)" not in text


def test_lens_off_shows_no_odds(deck: Deck) -> None:
    table = table_from(deck, ["Echo", "Alpha", "Foxtrot"], lens=False)
    assert table.lens_odds == {} and table.lens_pins == {}
    assert "pins expected" not in browser_text(table) and "The odds:" not in browser_text(table)
    table.lens.value = True
    assert set(table.lens_pins) == {0, 1}
    assert chance_text(table.lens_odds[0].higher) in browser_text(table)


def test_hidden_cards_never_reach_a_trait(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo", "Foxtrot"])
    hidden = ["Charlie", "303.59", "Delta", "404.73", "Echo", "505.83", "Foxtrot", "606.97", "Bravo", "202.41"]
    text = browser_text(table)
    assert "Alpha" in text and "101.37" in text
    assert not [word for word in hidden if word in text]
    table.choose(0)
    table.call("higher")  # Charlie is turned; Delta (third) stays face down
    text = browser_text(table)
    assert "Charlie" in text
    assert not [word for word in ("Delta", "404.73", "Echo", "505.83", "Foxtrot", "606.97") if word in text]


def test_illegal_moves_show_in_the_status_line(deck: Deck) -> None:
    table = table_from(deck, ["Bravo", "Alpha", "Charlie"])  # Bravo has no Cost
    assert len(table.category_buttons) == 1
    table.choose(1)
    assert table.status == "Sorry — Bravo has no data for Cost, so choose another category."
    assert table.view.category is None
    table.call("higher")  # no call is due yet
    assert table.status == "Sorry — choose a category first, then call higher or lower."
    table.choose(0)
    table.call("sideways")  # type: ignore[arg-type]
    assert table.status == "Sorry — call 'higher' or 'lower'; got 'sideways'."
    table.choose(0)
    assert table.status == "Sorry — the category is already chosen (Size) — call higher or lower."
    assert table.view.calls == ()


@pytest.mark.parametrize("category", ["x", None, 1.5, True, -1, 7])
def test_a_strange_category_gets_a_sentence_not_a_generic_error(deck: Deck, category: object) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta"])
    table.choose(category)  # type: ignore[arg-type]
    assert table.status == f"Sorry — category number {category!r} cannot be chosen; press one of the categories."
    assert table.view.category is None and not PYTHON_REPR.search(browser_text(table))


def test_after_the_game_every_move_says_play_again(deck: Deck) -> None:
    table = table_from(deck, ["Echo", "Alpha", "Delta"])  # Echo 505.83 first, Alpha lower
    table.choose(0)
    table.call("higher")  # wrong: the game ends with no pins
    for move in (lambda: table.choose(0), lambda: table.call("lower")):
        move()
        assert table.status == "Sorry — this game is over — press Play again ↻ for a new shuffle."


@pytest.mark.parametrize(
    ("stack", "calls", "hilo_pins", "sentence"),
    [
        (
            ["Alpha", "Charlie", "Delta"],
            ["higher", "higher"],
            "per_call",
            "You called higher: right ✓. Both calls were right: you earned 2 pins. Well played!",
        ),
        (
            ["Alpha", "Charlie", "Delta"],
            ["higher", "lower"],
            "per_call",
            "You called lower: wrong ✗. Your first call was right, so you keep 1 pin. Good try!",
        ),
        (
            ["Alpha", "Charlie", "Delta"],
            ["lower"],
            "per_call",
            "You called lower: wrong ✗. You earned 0 pins. Better luck next time.",
        ),
        (
            ["Alpha", "Charlie", "Delta"],
            ["higher", "lower"],
            "complete_run",
            "You called lower: wrong ✗. Only two right calls pay in this game, so you earned 0 pins. So close!",
        ),
    ],
)
def test_the_last_sentence_agrees_with_the_calls(
    deck: Deck, stack: list[str], calls: list[str], hilo_pins: str, sentence: str
) -> None:
    table = table_from(deck, stack, hilo_pins=hilo_pins)
    table.choose(0)
    for direction in calls:
        table.call(direction)  # type: ignore[arg-type]
    assert table.match.is_over and table.result_text == sentence
    assert sentence in page_words(table)


def test_values_carry_their_units_as_players_say_them(deck_names: tuple[str, ...]) -> None:
    table = HiLoTable.new(deck="dinosaurs" if "dinosaurs" in deck_names else deck_names[0], seed=2024)
    labels = [b.description for b in table.category_buttons]
    assert not [label for label in labels if label.endswith(" year")], labels  # "Named: 1824", not "1824 year"


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


@pytest.mark.parametrize(
    ("calls", "style"),
    [(["higher", "higher"], "tt-result-win"), (["higher", "lower"], "tt-result-tie"), (["lower"], "tt-result-tie")],
)
def test_t12_the_end_is_shown_in_the_winning_style_only_after_a_right_last_call(
    deck: Deck, calls: list[str], style: str
) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta"], hilo_pins="per_call")
    table.choose(0)
    for direction in calls:
        table.call(direction)  # type: ignore[arg-type]
    assert table.match.is_over and table.screen.tone == style.removeprefix("tt-result-")
    assert f"class='{style}'" in browser_text(table)


def test_the_page_carries_its_screen_s_state_and_each_button_is_a_choice_of_the_screen(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    assert table.screen.state == "choose" and table.state_class == "tt-state-choose"
    assert [b.description for b in table.buttons] == [c.label for c in table.screen.choices]
    table.act(table.screen.choice("Size: 101.37 cm").action)
    assert table.screen.state == "call" and table.view.category == 0
    assert table.state_class == "tt-state-call"
    assert [c.label for c in table.screen.choices] == ["⬆ Higher", "⬇ Lower"]
    table.act(table.screen.choice("⬇ Lower").action)  # Charlie 303.59 is higher: wrong, the game ends
    assert table.screen.state == "over" and table.screen.tone == "tie" and table.buttons == ()


def test_a_move_from_code_that_is_not_open_gets_the_people_s_sentence(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    table.choose(0)
    before = list(table.match.actions)
    table.act("nonsense")  # type: ignore[arg-type]
    assert table.status == "Sorry — that move is not open now; press one of the buttons."
    table.act(table.screen.choice("⬆ Higher").action, seat=1)
    assert table.status == "Sorry — it is not that player's turn now; you may choose."
    assert table.match.actions == before and not PYTHON_REPR.search(table.status)


def test_play_again_during_a_game_in_progress_asks_once_and_no_keeps_the_game(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta", "Echo"])
    assert not table.in_play and table.question_buttons == (), "nothing played here yet: nothing to lose"
    table.choose(0)
    assert table.in_play and table.state_class == "tt-state-call"
    match, moves = table.match, list(table.match.actions)
    table.again_button.click()
    assert table.match is match and table.screen.state == "start-again" and table.buttons == ()
    assert table.state_class == "tt-state-start-again"
    assert table.screen.prompt == "Start a new game? This one is not finished."
    assert "Start a new game? This one is not finished." in page_words(table)
    yes, no = table.question_buttons
    assert (yes.description, no.description) == ("Yes, start a new game", "No, keep playing")
    no.click()
    assert table.match is match and table.match.actions == moves and table.screen.state == "call"
    assert table.question_buttons == () and table.in_play
    table.again_button.click()
    yes, _ = table.question_buttons
    yes.click()
    assert table.match is not match and not table.in_play and table.screen.state == "choose"
    assert table.question_buttons == ()


def test_a_move_after_the_question_closes_it_and_a_finished_game_starts_again_at_once(deck: Deck) -> None:
    table = table_from(deck, ["Alpha", "Charlie", "Delta"])
    table.choose(0)
    table.again_button.click()
    assert table.screen.state == "start-again" and len(table.question_buttons) == 2
    table.call("higher")  # a move from code answers the question: the game goes on
    assert table.screen.state != "start-again" and table.question_buttons == ()
    table.call("higher")
    assert table.match.is_over and not table.in_play
    finished = table.match
    table.again_button.click()
    assert table.match is not finished and table.screen.state == "choose" and table.question_buttons == ()
