"""ClassicTable driven headless through the controls a user touches."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from fractions import Fraction

import ipywidgets as ipw
import pytest

from tests.widgets.widget_helpers import browser_text, descendants, page_words
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules, PickCard
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.events import Revealed
from toptrumps_core.play import Match
from toptrumps_core.probability import ComparisonOdds, comparison_odds
from toptrumps_core.protocol import Termination
from toptrumps_core.strategies import DIFFICULTIES, HUMAN, BestValue, CardCounting
from widgets import ClassicTable
from widgets._boundary import GENERIC_MESSAGE
from widgets.classic import board as board_module
from widgets.classic import table as table_module

# -- helpers ------------------------------------------------------------------------------------


def from_page(widget: ipw.ValueWidget, value: object) -> None:
    """Sets a control as a message from the browser does: through its synced trait."""
    if isinstance(widget, (ipw.Dropdown, ipw.ToggleButtons)):
        values = [v for _, v in widget.options] if isinstance(widget.options[0], tuple) else list(widget.options)
        widget.set_state({"index": values.index(value)})
    else:
        widget.set_state({"value": value})


def leaked_names(text: str, forbidden: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """Returns the forbidden card names that occur in `text` as words.

    Allowed names are blanked out first (longest first), so a forbidden name
    that is part of an allowed one ("Io" in "Io (moon)") is not a false alarm.
    """
    for name in sorted(set(allowed), key=len, reverse=True):
        text = text.replace(name, "\u2591")
    return sorted(name for name in set(forbidden) if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text))


def scenario(
    deck: Deck,
    stacks: list[list[str]],
    *,
    chooser: int = 0,
    humans: int = 1,
    max_actions: int | None = 100_000,
    **options: object,
) -> ClassicTable:
    """A table over a scenario start (cards by name, top first); computers play BestValue."""
    rules = ClassicRules(deck, seats=len(stacks), **options)  # type: ignore[arg-type]
    strategies = [HUMAN] * humans + [BestValue()] * (len(stacks) - humans)
    start = rules.start_from(stacks=stacks, chooser=chooser)
    return ClassicTable(Match(rules, strategies, seed=1, start=start, max_actions=max_actions))


def revealed_cards(table: ClassicTable) -> set[int]:
    return {card for e in table.match.events if isinstance(e, Revealed) for _, card in e.cards}


def comparisons(table: ClassicTable) -> int:
    return sum(isinstance(e, Revealed) for e in table.match.events)


def visible_to_page(table: ClassicTable) -> set[int]:
    """The cards the page may show face up now besides revealed ones: the acting human's own."""
    match = table.match
    if table.screen in ("choose", "pick"):
        return set(match.view(match.waiting_for).stack)
    if table.screen == "watch" and len(match.humans) == 1:
        return set(match.view(match.humans[0]).stack)
    return set()


def assert_no_hidden_cards(table: ClassicTable) -> None:
    """No synced trait of any descendant names a card that is unseen to the page.

    A hidden card named in a shown card's fact ("Uranus" in Ariel's "The
    brightest of Uranus's big moons.", which a card picture wraps over two
    lines) cannot be told from that fact by its words, so it is not looked for.
    """
    deck = table.match.rules.deck
    allowed = revealed_cards(table) | visible_to_page(table)
    facts = " ".join(deck.cards[i].fact for i in allowed)
    forbidden = [
        c.name
        for i, c in enumerate(deck.cards)
        if i not in allowed and not re.search(rf"(?<!\w){re.escape(c.name)}(?!\w)", facts)
    ]
    leaks = leaked_names(browser_text(table), forbidden, [deck.cards[i].name for i in allowed])
    assert not leaks, f"hidden cards reached the page on screen {table.screen!r}: {leaks}"


def click_through(
    table: ClassicTable,
    *,
    fast: bool = False,
    max_clicks: int = 20_000,
    check: Callable[[ClassicTable], None] | None = None,
) -> int:
    """Plays to the end with button clicks only: first category, first card, ready, Next (or Fast-forward)."""
    for clicks in range(max_clicks):
        if check is not None:
            check(table)
        screen = table.screen
        if screen == "over":
            return clicks
        if screen == "choose":
            table.category_buttons[0].click()
        elif screen == "pick":
            table.pick_buttons[0].click()
        elif screen == "pass":
            assert table.ready_button is not None
            table.ready_button.click()
        else:
            (table.fast_forward_button if fast else table.next_button).click()
        assert table.status == "" or not table.status.startswith(("Sorry", "Something")), table.status
    raise AssertionError(f"the game did not end in {max_clicks} clicks")


def percent(chance: Fraction) -> str:
    """An independent formatter for the lens: whole percent, never rounding 0 < p < 1 away."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    value = int(chance * 100 + Fraction(1, 2))
    if abs(chance * 100 - Fraction(value)) == Fraction(1, 2) and value % 2:
        value -= 1  # round half to even, like Python's round()
    return "<1%" if value == 0 else ">99%" if value == 100 else f"{value}%"


# -- a whole game ------------------------------------------------------------------------------------


def test_click_through_a_whole_game_against_two_computers(deck_names: tuple[str, ...]) -> None:
    deck = deck_names[0]
    table = ClassicTable.new(deck=deck, seats=3, humans=1, difficulty="medium", seed=2024)
    assert table.screen == "choose" and table.player_name(0) == "You"
    clicks = click_through(table)
    outcome = table.match.outcome
    assert outcome is not None and table.screen == "over" and clicks > 0
    assert outcome.termination in (Termination.LAST_STACK, Termination.DRAW_ALL_OUT)
    # The same seed and the same clicks play the same game.
    again = ClassicTable.new(deck=deck, seats=3, humans=1, difficulty="medium", seed=2024)
    click_through(again)
    assert again.match.actions == table.match.actions and again.match.outcome == outcome
    # The winner screen says who won and why, in words.
    page = browser_text(table)
    winner = table.player_name(min(outcome.winners))
    assert "Game over" in page and winner in page
    explanation = {
        Termination.LAST_STACK: "every card still in play.",
        Termination.DRAW_ALL_OUT: "left nobody holding cards",
    }[outcome.termination]
    assert explanation in page
    assert table.log_lines[0].startswith("Game over:")
    assert table.next_button.disabled and table.fast_forward_button.disabled
    assert table.category_buttons == () and table.pick_buttons == ()


def test_each_click_submits_that_category(tiny_deck: Deck) -> None:
    table = ClassicTable(Match(ClassicRules(tiny_deck, seats=2), [HUMAN, BestValue()], seed=4))
    for _ in range(6):
        if table.screen == "watch":
            table.next_button.click()
            continue
        if table.screen == "over":
            break
        before = len(table.match.actions)
        button = table.category_buttons[-1]
        category = tiny_deck.categories[len(table.category_buttons) - 1]
        assert button.description.startswith(f"{category.name}: ")
        button.click()
        assert table.match.actions[before] == ChooseCategory(len(tiny_deck.categories) - 1)


def test_no_trait_ever_names_an_unseen_card(big_deck: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=3, humans=1, difficulty="hard", seed=99)
    table.lens.value = True
    click_through(table, check=assert_no_hidden_cards)
    assert_no_hidden_cards(table)


# -- hot seat --------------------------------------------------------------------------------------


def test_hot_seat_pass_screen_hides_every_card(big_deck: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=3, humans=2, difficulty="easy", seed=31)
    deck = table.match.rules.deck
    assert table.player_name(0) == "Player 1" and table.player_name(1) == "Player 2"
    assert table.player_name(2) == "Computer 1"
    turns = 0
    passes = 0
    again = 0  # turns where the person at the screen chose again, with no pass screen
    at_screen: int | None = None
    for _ in range(400):
        screen = table.screen
        if screen == "over":
            break
        assert_no_hidden_cards(table)
        if screen == "pass":
            passes += 1
            seat = table.match.waiting_for
            assert seat != at_screen, "the pass screen came up for the person already at the screen"
            assert table.category_buttons == () and table.pick_buttons == ()
            top = table.match.view(seat).top_card
            assert top is not None
            if deck.index_of(top.name) not in revealed_cards(table):
                assert top.name not in browser_text(table), "the pass screen shows the card"
            assert table.ready_button is not None
            assert table.player_name(seat) in table.ready_button.description
            table.choose(0)  # not allowed before Ready: nothing happens but a kind message
            assert "Ready" in table.status and table.screen == "pass"
            table.ready_button.click()
            assert table.screen in ("choose", "pick")
            at_screen = seat
        elif screen == "choose":
            seat = table.match.waiting_for
            assert seat == at_screen, "a person's card showed without the pass screen"
            own = table.match.view(seat).top_card
            assert own is not None and own.name in browser_text(table)
            for other in table.match.humans:
                other_top = table.match.view(other).top_card
                if (
                    other != seat
                    and other_top is not None
                    and deck.index_of(other_top.name) not in revealed_cards(table)
                ):
                    assert other_top.name not in browser_text(table), "another human's card is on the page"
            table.category_buttons[turns % len(table.category_buttons)].click()
            turns += 1
            # After a comparison the cards go face down unless the same person chooses again.
            assert table.screen in ("pass", "watch", "over") or table.match.waiting_for == seat
            again += table.screen == "choose"
        elif screen == "pick":
            table.pick_buttons[0].click()
        else:
            table.next_button.click()
    assert turns >= 3 and passes >= 2 and passes + again <= turns + 1


def test_hot_seat_the_pass_screen_comes_up_only_when_the_person_at_the_screen_changes(tiny_deck: Deck) -> None:
    # Player 1's Rocket and Car beat Player 2's Snail and Bike on speed: Player 1 chooses three times running
    table = scenario(tiny_deck, [["Rocket", "Car", "Tram"], ["Snail", "Bike", "Kayak"]], humans=2)
    assert table.screen == "pass" and table.match.waiting_for == 0
    table.ready()
    passes = 0
    for _ in range(3):
        assert table.screen == "choose" and table.match.waiting_for == 0
        table.choose(0)  # Speed: Player 1 wins and chooses again
        passes += table.screen == "pass"
    assert passes == 0 and table.screen in ("choose", "over")
    # once the other person must act, the pass screen hides every card again
    table = scenario(tiny_deck, [["Snail", "Rocket"], ["Car", "Bike"]], humans=2)
    table.ready()
    table.choose(0)  # Speed: Snail loses to Car, Player 2 chooses next
    assert table.screen == "pass" and table.match.waiting_for == 1 and table.category_buttons == ()


def test_hot_seat_with_only_humans(tiny_deck: Deck) -> None:
    table = ClassicTable(Match(ClassicRules(tiny_deck, seats=2), [HUMAN, HUMAN], seed=8))
    assert table.screen == "pass" and table.player_name(1) == "Player 2"
    click_through(table, check=assert_no_hidden_cards)
    assert table.screen == "over"


# -- buttons, lens, words ----------------------------------------------------------------------------


def test_category_buttons_equal_the_legal_actions(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [["Car", "Snail"], ["Bike", "Bus"]])
    legal = table.match.legal_actions()
    assert [type(a) for a in legal] == [ChooseCategory] * 3
    buttons = table.category_buttons
    assert len(buttons) == len(legal)
    assert [b.description for b in buttons] == ["Speed: 200 km/h", "Price: £30   ▼ lower wins", "Seats: 5"]
    for button, action in zip(buttons, legal, strict=True):
        category = tiny_deck.categories[action.category]
        assert button.tooltip.startswith(f"Choose {category.name}") and "Car" in button.tooltip
        assert ("lower wins" in button.tooltip) is (not category.higher_is_better)
    assert table.match.view(0).top_card.name == "Car"


def test_every_control_has_a_text_name(deck_names: tuple[str, ...]) -> None:
    table = ClassicTable.new(deck=deck_names[0], seats=2, seed=1)
    table.lens.value = True
    seen = 0
    for widget in descendants(table):
        if isinstance(widget, ipw.Button):
            assert widget.description.strip() and widget.tooltip and widget.tooltip.strip(), widget
            seen += 1
        elif isinstance(widget, (ipw.Checkbox, ipw.Dropdown, ipw.IntText, ipw.ToggleButtons)):
            assert widget.description.strip(), widget
        if isinstance(widget, ipw.ToggleButtons):
            assert len(widget.tooltips) == len(widget.options)
    assert seen >= 4  # categories, Next, Fast-forward, New game


@pytest.mark.parametrize("no_data", ["tie", "loses"])
def test_lens_numbers_equal_comparison_odds(big_deck: str, no_data: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=4, seed=12, no_data=no_data)
    assert table.odds == {} and " · tie " not in browser_text(table)
    table.lens.value = True  # as the browser sets it
    for _ in range(3):
        if table.screen != "choose":
            table.fast_forward()
            continue
        view = table.match.view(0)
        deck, card = view.deck, view.top_card
        assert card is not None
        expected = {}
        for action in table.match.legal_actions():
            c = action.category
            expected[c] = comparison_odds(
                card.values[c],
                [deck.cards[i].values[c] for i in view.unseen],
                view.opponents,
                higher_is_better=deck.categories[c].higher_is_better,
                no_data=no_data,
            )
        assert dict(table.odds) == expected
        page = page_words(table)
        for odds in expected.values():
            assert odds.win + odds.tie + odds.lose == 1
            assert f"win {percent(odds.win)} · tie {percent(odds.tie)} · lose {percent(odds.lose)}" in page
        table.category_buttons[0].click()
    table.lens.value = False
    assert "· tie " not in browser_text(table)


def test_lens_text_never_rounds_a_chance_away() -> None:
    odds = ComparisonOdds(Fraction(1, 1000), Fraction(0), Fraction(999, 1000))
    assert table_module.odds_text(odds) == "win <1% · tie 0% · lose >99%"


def test_result_sentences(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [["Rocket", "Snail"], ["Car", "Bike"]])
    table.category_buttons[0].click()
    assert table.result_text == "You win with Rocket 900 km/h and take 2 cards."

    table = scenario(tiny_deck, [["Rocket", "Snail"], ["Car", "Bike"]])
    table.choose(1)
    assert table.result_text == "Computer 1 wins with Car £30 (lower wins) and takes 2 cards."

    table = scenario(tiny_deck, [["Boat", "Rocket"], ["Bus", "Snail"]])
    table.choose(0)
    assert table.result_text == "A tie between you and Computer 1: the cards go to the pot, which now holds 2 cards."
    table.choose(0)
    assert table.result_text == "You win with Rocket 900 km/h and take 2 cards. You take the pot (2 cards)."

    table = scenario(tiny_deck, [["Boat", "Rocket"], ["Bus", "Snail"]])
    table.choose(1)
    assert table.result_text == "A tie (a card has no data): the cards go to the pot, which now holds 2 cards."

    table = scenario(tiny_deck, [["Boat"], ["Bus", "Car"], ["Kayak", "Tram"]])
    table.choose(0)
    assert table.result_text.startswith(
        "A tie between you and Computer 1: the cards go to the pot, which now holds 3 cards. "
        "The chooser ran out: drawn by lot among Computer 1 and Computer 2, Computer "
    )
    assert any(line.startswith("You are out of cards") for line in table.log_lines)
    lot = "The chooser ran out: drawn by lot among Computer 1 and Computer 2"
    assert any(line.startswith(lot) for line in table.log_lines)


@pytest.mark.parametrize(
    ("stacks", "options", "termination", "words"),
    [
        (
            [["Rocket"], ["Snail"]],
            {},
            Termination.LAST_STACK,
            "Game over: You win! You hold every card still in play.",
        ),
        (
            [["Boat"], ["Bus"]],
            {},
            Termination.DRAW_ALL_OUT,
            "Game over: a tie left nobody holding cards, a draw between you and Computer 1.",
        ),
        (
            [["Rocket", "Bike"], ["Snail", "Car"]],
            {"round_limit": 1},
            Termination.ROUND_LIMIT,
            "Game over: the round limit is reached and you hold the most cards.",
        ),
        (
            [["Rocket", "Bike"], ["Snail", "Car"]],
            {"max_actions": 1},
            Termination.UNFINISHED,
            "Game over: the game was stopped because it could go round forever, so nobody wins.",
        ),
    ],
)
def test_winner_screen_explains_the_ending(
    tiny_deck: Deck, stacks: list[list[str]], options: dict[str, object], termination: Termination, words: str
) -> None:
    table = scenario(tiny_deck, stacks, **options)  # type: ignore[arg-type]
    table.choose(0)
    assert table.screen == "over" and table.match.outcome.termination is termination
    page = page_words(table)
    assert words in page
    assert "🏁 Game over: " in page and table.next_button.disabled


# -- Next and Fast-forward -------------------------------------------------------------------------


def test_next_plays_one_computer_comparison(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [[], ["Rocket", "Bike", "Kayak", "Snail"], ["Car", "Bus", "Tram", "Boat"]], chooser=1)
    assert table.screen == "watch" and not table.next_button.disabled
    assert "You are out of cards" in browser_text(table)
    table.next_button.click()
    assert comparisons(table) == 1 and table.result_text
    table.next_button.click()
    assert comparisons(table) == 2


def test_next_waits_for_the_human(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [["Snail", "Kayak", "Rocket"], ["Car", "Bus", "Boat"]])
    assert table.screen == "choose" and table.next_button.disabled and table.fast_forward_button.disabled
    table.next()
    table.fast_forward()
    assert table.status.startswith("Sorry — it is your turn") and table.match.actions == []
    table.choose(0)  # Snail 1 km/h loses to Car: the computer chooses next, on Next
    assert table.result_text == "Computer 1 wins with Car 200 km/h and takes 2 cards."
    assert table.screen == "watch" and not table.next_button.disabled and table.status == ""
    assert table.match.waiting_for is None and table.match.actor == 1  # nothing ran ahead of the class
    table.next_button.click()
    assert comparisons(table) == 2


def test_fast_forward_runs_until_a_human_must_act(big_deck: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=4, seed=5, difficulty="expert")
    for _ in range(200):
        if table.screen == "over":
            break
        if table.screen == "choose":
            table.category_buttons[-1].click()
            continue
        before = comparisons(table)
        table.fast_forward_button.click()
        assert table.status.startswith("Fast-forwarded ")
        assert (
            table.screen in ("choose", "over")
            or comparisons(table) - before == table_module.FAST_FORWARD_MAX_COMPARISONS
        )
    assert table.screen == "over"


def test_fast_forward_stops_at_its_cap(tiny_deck: Deck, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "FAST_FORWARD_MAX_COMPARISONS", 2)
    table = scenario(tiny_deck, [[], ["Rocket", "Bike", "Kayak", "Snail"], ["Car", "Bus", "Tram", "Boat"]], chooser=1)
    table.fast_forward_button.click()
    assert comparisons(table) == 2 and not table.match.is_over
    assert table.status == "Fast-forwarded 2 comparisons. Press again to go on."
    for _ in range(100):
        if table.match.is_over:
            break
        table.fast_forward_button.click()
    assert table.screen == "over" and table.status.startswith("Fast-forwarded ")


def test_the_log_is_newest_first_and_short(big_deck: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=3, seed=77)
    assert table.log_lines[-1].startswith("Shuffled and dealt: You ")
    click_through(table, fast=True)
    lines = table.log_lines
    assert len(lines) == table_module.LOG_LINES
    assert lines[0].startswith("Game over:")
    numbers = [int(m.group(1)) for line in lines if (m := re.match(r"#(\d+) ", line))]
    assert numbers == sorted(numbers, reverse=True) and numbers[0] == comparisons(table)


# -- C10: picking a card -------------------------------------------------------------------------------


def test_pick_buttons_equal_the_legal_picks(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [["Snail", "Kayak", "Rocket"], ["Car", "Bus", "Boat", "Tram", "Bike"]], look_at_last=3)
    assert table.screen == "pick" and table.category_buttons == ()
    legal = table.match.legal_actions()
    assert legal == (PickCard(0), PickCard(1), PickCard(2))
    assert [b.description for b in table.pick_buttons] == ["Play Snail", "Play Kayak", "Play Rocket"]
    table.pick_buttons[2].click()
    assert table.screen == "choose" and table.match.view(0).top_card.name == "Rocket"
    table.category_buttons[0].click()
    assert table.result_text == "You win with Rocket 900 km/h and take 2 cards."


def test_a_human_picks_after_hearing_the_category(tiny_deck: Deck) -> None:
    table = scenario(
        tiny_deck, [["Snail", "Rocket"], ["Car", "Bus", "Boat", "Tram", "Bike"]], chooser=1, look_at_last=3
    )
    assert table.screen == "watch"
    table.next_button.click()  # Computer 1 names a category; then it is the human's pick
    assert table.screen == "pick" and comparisons(table) == 0
    assert "Computer 1 chose" in browser_text(table)
    table.pick_buttons[1].click()
    assert comparisons(table) == 1 and table.match.view(0).stack_sizes[0] in (0, 1, 3)


# -- new games and values from the browser -------------------------------------------------------------------


def test_bad_values_from_the_browser_keep_the_old_game(deck_names: tuple[str, ...]) -> None:
    table = ClassicTable.new(deck=deck_names[0], seats=3, seed=5)
    table.category_buttons[0].click()
    match, actions, log = table.match, list(table.match.actions), table.log_lines
    cases = [
        (
            {"seed": "-5"},
            "the seed must be empty (a new deal) or a whole number from 0 to 999,999,999,999,999; got '-5'",
        ),
        ({"seed": str(10**16)}, "the seed must be empty (a new deal) or a whole number"),
        (
            {"seed": "5", "seats": 3, "humans": 5},
            "the number of human players must be from 1 to the number of players (3)",
        ),
        (
            {"humans": 1, "look_at_last_on": True, "look_at_last": 1},
            "“Pick from your last cards” must be off or a whole number",  # the option's label, not look_at_last
        ),
        (
            {"look_at_last_on": False, "round_limit_on": True, "round_limit": 0},
            "“Stop after a number of comparisons” must be off or a whole",
        ),
    ]
    for values, message in cases:
        for name, value in values.items():
            from_page(table.controls[name], value)
        table.new_game_button.click()
        assert message in table.status and table.status.startswith("Sorry — ")
        assert table.match is match and table.match.actions == actions and table.log_lines == log
    table.new_game(seats=9)
    assert "the number of players must be a whole number from 2 to 6; got 9" in table.status
    table.new_game(deck="no such deck")
    assert "there is no deck called 'no such deck'" in table.status
    table.new_game(colour="red")
    assert "unknown rule option 'colour'" in table.status
    assert table.match is match
    table.controls["round_limit_on"].value = False
    table.new_game_button.click()
    assert table.match is not match and table.status.startswith("New game: ")


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"leftover": "set_aside"},
        {"collect_order": "shuffled"},
        {"no_data": "loses"},
        {"look_at_last": 3},
        {"round_limit": 12},
        {
            "leftover": "set_aside",
            "collect_order": "shuffled",
            "no_data": "loses",
            "look_at_last": 3,
            "round_limit": 40,
        },
    ],
)
def test_new_game_with_every_rule_option(deck_names: tuple[str, ...], options: dict[str, object]) -> None:
    table = ClassicTable.new(deck=deck_names[0], seats=2, seed=3)
    old = table.match
    table.new_game(deck=deck_names[-1], seats=4, humans=1, difficulty="expert", seed=11, **options)
    rules = table.match.rules
    assert table.match is not old and rules.deck == load_deck(deck_names[-1]) and rules.seats == 4
    assert table.match.seed == 11 and table.status.startswith("New game: ")
    defaults = {
        "leftover": "deal_all",
        "collect_order": "fixed",
        "no_data": "tie",
        "look_at_last": None,
        "round_limit": None,
    }
    for name, default in defaults.items():
        assert getattr(rules, name) == options.get(name, default)
        assert table.settings.rule_options()[name] == options.get(name, default)
    computers = [s for s in table.match.strategies if s is not HUMAN]
    assert computers and all(s == CardCounting(no_data=rules.no_data) for s in computers)
    controls = table.controls
    # the seed box is emptied once the game starts: the seed stays out of the page while it runs
    assert controls["seed"].value == "" and controls["seats"].value == 4 and controls["difficulty"].value == "expert"
    assert controls["leftover"].value == rules.leftover and controls["no_data"].value == rules.no_data
    assert controls["look_at_last_on"].value is (rules.look_at_last is not None)
    assert controls["round_limit_on"].value is (rules.round_limit is not None)
    if rules.leftover == "set_aside" and len(rules.deck.cards) % 4:
        assert "Set aside" in browser_text(table)
    click_through(table, fast=True, check=assert_no_hidden_cards)
    if rules.round_limit is not None:
        assert table.match.outcome.termination in (Termination.ROUND_LIMIT, Termination.LAST_STACK)


def test_new_game_from_the_controls(deck_names: tuple[str, ...]) -> None:
    table = ClassicTable.new(deck=deck_names[0], seats=3, seed=2024)
    c = table.controls
    assert c["seed"].value == "" and c["seats"].value == 3 and c["humans"].value == 1
    assert [value for _, value in c["deck"].options] == list(deck_names)
    assert all(label and "_" not in label for label, _ in c["deck"].options)
    assert list(c["difficulty"].options) == list(DIFFICULTIES)
    for name, value in [
        ("deck", deck_names[-1]),
        ("seats", 5),
        ("humans", 2),
        ("difficulty", "easy"),
        ("seed", "7"),
        ("leftover", "set_aside"),
        ("collect_order", "shuffled"),
        ("no_data", "loses"),
        ("look_at_last_on", True),
        ("look_at_last", 4),
        ("round_limit_on", True),
        ("round_limit", 25),
    ]:
        from_page(c[name], value)
    table.new_game_button.click()
    rules = table.match.rules
    assert table.status.startswith("New game: "), table.status
    assert (rules.seats, len(table.match.humans), table.match.seed) == (5, 2, 7)
    assert rules.options() == {
        "leftover": "set_aside",
        "collect_order": "shuffled",
        "no_data": "loses",
        "look_at_last": 4,
        "round_limit": 25,
        "simulation": False,
    }
    text = browser_text(table)
    assert table.screen == "pass" and "seed set by the teacher" in text and "seed 7" not in text
    assert c["seed"].value == ""


def test_the_rule_options_speak_pupils_words_in_the_form_and_the_title(deck_names: tuple[str, ...]) -> None:
    table = ClassicTable.new(deck=deck_names[0], seats=2, no_data="loses", round_limit=30)
    c = table.controls
    toggles = [c[name] for name in ("leftover", "collect_order", "no_data")]
    words = [t.description for t in toggles] + [label for t in toggles for label, _ in t.options]
    words += [c["look_at_last_on"].description, c["round_limit_on"].description]
    for text in words:
        assert "_" not in text and not re.search(r"\b[CTSQ]\d+\b", text), text
    assert dict(c["no_data"].options) == {"n/a makes a tie (usual)": "tie", "n/a cannot win": "loses"}
    title = table._title.value
    assert "A card shows n/a: n/a cannot win" in title and "Stop after a number of comparisons: 30" in title
    assert "no_data" not in title and "round_limit" not in title


def test_new_rejects_bad_settings_in_python(deck_names: tuple[str, ...]) -> None:
    from toptrumps_core.errors import RuleOptionError

    with pytest.raises(RuleOptionError, match="human players"):
        ClassicTable.new(deck=deck_names[0], seats=2, humans=3)
    with pytest.raises(RuleOptionError, match="unknown rule option"):
        ClassicTable.new(deck=deck_names[0], colour="red")


def test_a_table_over_its_own_deck_can_start_again(tiny_deck: Deck) -> None:
    table = ClassicTable.new(deck=tiny_deck, seats=2, seed=6)
    assert table.controls["deck"].value == "" and "Tiny vehicles" in table.controls["deck"].label
    table.new_game(seed=9)
    assert table.match.rules.deck is tiny_deck and table.match.seed == 9


# -- the error boundary -------------------------------------------------------------------------------------


def test_an_illegal_move_gets_a_kind_message(tiny_deck: Deck) -> None:
    table = scenario(tiny_deck, [["Car", "Snail"], ["Bike", "Bus"]])
    table.choose(99)
    assert table.status == "Sorry — category number 99 cannot be chosen now."
    table.pick(0)
    assert table.status == "Sorry — card number 0 cannot be picked now."
    table.ready()
    assert table.status.startswith("Sorry — nobody needs")
    assert table.match.actions == [] and "⚠" in browser_text(table)


def test_an_unexpected_error_is_shown_logged_and_changes_nothing(
    tiny_deck: Deck, monkeypatch: pytest.MonkeyPatch, expected_widget_errors: list[logging.LogRecord]
) -> None:
    table = scenario(tiny_deck, [["Car", "Snail", "Kayak"], ["Bike", "Bus", "Tram"]])
    table.choose(0)
    state, actions, log = table.match.state, list(table.match.actions), table.log_lines

    real = board_module.svg.comparison
    calls = []

    def broken_once(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the picture broke")
        return real(*args, **kwargs)

    monkeypatch.setattr(board_module.svg, "comparison", broken_once)
    table.category_buttons[0].click()  # applies the action, then drawing it fails
    assert table.status == GENERIC_MESSAGE
    errors = [r for r in expected_widget_errors if r.name == "widgets" and r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None and "the picture broke" in errors[0].getMessage()
    assert not [r for r in expected_widget_errors if "Exception in callback" in r.getMessage()]
    assert table.match.state == state and table.match.actions == actions and table.log_lines == log
    assert table.screen == "choose" and len(table.category_buttons) == 3
    monkeypatch.undo()
    table.category_buttons[0].click()  # the same move now works, with the same result as without the error
    reference = scenario(tiny_deck, [["Car", "Snail", "Kayak"], ["Bike", "Bus", "Tram"]])
    reference.choose(0)
    reference.choose(0)
    assert table.match.actions == reference.match.actions and table.match.state == reference.match.state


# -- the rules of the house --------------------------------------------------------------------------------------


def test_a_drawing_that_stays_broken_still_leaves_the_game_unchanged(
    tiny_deck: Deck, monkeypatch: pytest.MonkeyPatch, expected_widget_errors: list[logging.LogRecord]
) -> None:
    table = scenario(tiny_deck, [["Car", "Snail", "Kayak"], ["Bike", "Bus", "Tram"]])
    table.choose(0)
    state, actions = table.match.state, list(table.match.actions)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the picture broke")

    monkeypatch.setattr(board_module.svg, "comparison", broken)
    table.next_button.click() if table.screen == "watch" else table.category_buttons[0].click()
    assert table.status == GENERIC_MESSAGE
    assert table.match.state == state and table.match.actions == actions
    assert expected_widget_errors and all(r.name == "widgets" for r in expected_widget_errors)


def test_the_match_never_becomes_a_trait(big_deck: str) -> None:
    table = ClassicTable.new(deck=big_deck, seats=3, seed=4)
    text = browser_text(table)
    for marker in ("Match object", "ClassicState", "stacks=", "Shuffle(", "toptrumps_core"):
        assert marker not in text


# -- what the table reads -----------------------------------------------------------------------------------


@pytest.mark.parametrize("people", [(2,), (1, 3)])
def test_the_table_reads_the_views_of_people_only(deck_names: tuple[str, ...], people: tuple[int, ...]) -> None:
    rules = ClassicRules(load_deck(deck_names[0]), seats=4, look_at_last=3)
    table = ClassicTable(Match(rules, [HUMAN if s in people else BestValue() for s in range(4)], seed=8))
    read: list[int] = []
    real = table.match.view

    def spy(seat: int) -> object:
        read.append(seat)
        return real(seat)

    table.match.view = spy  # type: ignore[method-assign]
    table.lens.value = True
    click_through(table)
    assert table.screen == "over" and read
    assert set(read) <= set(people), "the table read a computer seat's view"
