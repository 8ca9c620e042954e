"""TournamentArena driven headless through the controls a user touches (rules T1-T16)."""

from __future__ import annotations

import base64
import datetime
import html
import itertools
import json
import logging
import re
from pathlib import Path

import ipywidgets as ipw
import pytest

from tests.widgets.widget_helpers import browser_text, descendants, page_words
from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.events import CardsDiscarded, Revealed, Won
from toptrumps_core.narration import Narrator
from toptrumps_core.play import Match, play
from toptrumps_core.strategies import HUMAN, TournamentPlayer
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.game import MiniGameSpun, TournamentRules
from toptrumps_core.tournament.hilo import HiLoPutAside, HiLoTurned
from toptrumps_core.tournament.pins import PinAwarded
from toptrumps_core.tournament.spinner import SECTORS, Sector
from widgets._boundary import GENERIC_MESSAGE
from widgets._toolkit import SeatNames, Turn
from widgets.tournament import TournamentArena, TournamentExperiment
from widgets.tournament import board as board_module
from widgets.tournament.log import LOG_LINES, ArenaStory

SEED = 2024

# -- helpers ------------------------------------------------------------------------------------


def public_names(arena: TournamentArena) -> set[str]:
    """Names of every card that has been face up so far (revealed, discarded, turned in Hi Lo)."""
    decks = arena.match.rules.openings
    opening: int | None = None
    names: set[str] = set()
    for event in arena.match.events:
        opening = getattr(event, "opening", opening)
        if isinstance(event, MiniGameSpun):
            opening = None
        if opening is None:
            continue
        cards: list[int] = []
        if isinstance(event, (Revealed, CardsDiscarded)):
            cards = [c for _, c in event.cards]
        elif isinstance(event, Won):
            cards = list(event.cards)
        elif isinstance(event, (HiLoTurned, HiLoPutAside)):
            cards = [event.card]
        names.update(decks[opening].cards[c].name for c in cards)
    return names


_MENTIONS: dict[tuple[str, ...], tuple[frozenset[str], dict[str, frozenset[str]]]] = {}


def mentions(decks: tuple[Deck, ...]) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """Card names that are words of always-public text, and for the others the cards whose face shows them.

    A name that is also a word of public text (on a face-up card, a category, a deck's name: "China" in a
    mountain's fact, "Denali" as the USA's highest point) cannot be told from a leak while that text shows.
    """
    key = tuple(deck.name for deck in decks)
    if key not in _MENTIONS:
        fixed = " ".join([f"{c.name} {c.unit} {c.note}" for deck in decks for c in deck.categories] + list(key))
        faces = {card.name: str(svg.card(card)) for deck in decks for card in deck.cards}
        face_words = {name: set(re.findall(r"\w+", face)) for name, face in faces.items()}
        always: set[str] = set()
        shown_on: dict[str, frozenset[str]] = {}
        for name in faces:
            pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
            if pattern.search(fixed):
                always.add(name)
                continue
            words = set(re.findall(r"\w+", name))
            shown_on[name] = frozenset(
                other
                for other, face in faces.items()
                if other != name and words <= face_words[other] and pattern.search(face)
            )
        _MENTIONS[key] = (frozenset(always), shown_on)
    return _MENTIONS[key]


def assert_no_hidden_cards(arena: TournamentArena) -> None:
    """No synced trait of any descendant names a card that was never face up, except the viewer's own top card."""
    allowed = public_names(arena)
    seat = arena._private_seat()
    if seat is not None and arena.match.view(seat).top_card is not None:
        allowed.add(arena.match.view(seat).top_card.name)
    always, shown_on = mentions(tuple(arena.match.rules.openings))
    forbidden = {name for name, faces in shown_on.items() if name not in allowed and not faces & allowed}
    text = browser_text(arena)
    words = set(re.findall(r"\w+", text))
    candidates = [name for name in forbidden if set(re.findall(r"\w+", name)) <= words]
    if not candidates:
        return
    for name in sorted(allowed | always, key=len, reverse=True):
        text = text.replace(name, "░").replace(html.escape(name), "░")
    leaks = [
        name
        for name in candidates
        for form in {name, html.escape(name)}
        if re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text)
    ]
    assert not leaks, f"hidden cards reached the page on screen {arena.screen!r}: {sorted(leaks)}"


def click_through(arena: TournamentArena, *, check: bool = False, max_clicks: int = 5_000) -> int:
    """Plays to the end by clicking: the first offered button, else Next ▶."""
    for clicks in range(max_clicks):
        if check:
            assert_no_hidden_cards(arena)
        if arena.screen == "over":
            return clicks
        offered = arena.buttons
        if offered:
            next(iter(offered.values())).click()
        else:
            arena.next_button.click()
        assert not arena.status.startswith(("Sorry", "Something")), arena.status
    raise AssertionError(f"the tournament did not end in {max_clicks} clicks")


def test_the_leak_check_catches_a_leak() -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=1)
    assert_no_hidden_cards(arena)
    stacks = arena.match.rules.table(arena.match.state).stacks
    hidden = arena.match.rules.openings[0].cards[stacks[0][-1]].name
    arena._log_view.value += f"<p>{hidden}</p>"
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_no_hidden_cards(arena)


def human_actions(arena: TournamentArena, seat: int = 0) -> int:
    """How many actions were the person's (replayed against the record's actors)."""
    match = arena.match
    rules = match.rules
    state = match.start or rules.initial_state()
    count = 0
    for action in match.actions:
        if rules.actor(state) == seat:
            count += 1
        state = rules.apply(state, action).state
    return count


# -- whole tournaments ------------------------------------------------------------------------------


def test_a_whole_tournament_of_one_person_and_three_computers_clicked_to_its_winner(tmp_path: Path) -> None:
    arena = TournamentArena.new(seats=4, humans=1, seed=SEED)
    clicks = click_through(arena, check=True)
    outcome = arena.match.outcome
    assert outcome is not None and outcome.termination is TournamentEnd.FINALE_WON
    (winner,) = outcome.winners
    assert arena.winner_text == f"{arena.player_name(winner)} {'win' if winner == 0 else 'wins'} the tournament!"
    assert arena.screen == "over" and not arena.buttons and arena.next_button.disabled
    assert human_actions(arena) >= 3 and clicks > 10
    name = arena.player_name(winner)
    assert arena.log_lines[0] == f"{name} {'win' if winner == 0 else 'wins'} the Finale and the tournament!"
    assert sum("the tournament!" in line for line in arena.log_lines) == 1  # the end is told once
    text = browser_text(arena)
    assert arena.winner_text in text and "Finale cards" in text
    # the same seed and clicks give the same tournament
    again = TournamentArena.new(seats=4, humans=1, seed=SEED)
    click_through(again)
    assert again.match.actions == arena.match.actions


@pytest.mark.parametrize(("seats", "humans", "seed"), [(2, 2, 3), (3, 0, 5), (6, 3, 8), (5, 5, 13)])
def test_any_mix_of_people_and_computers_reaches_a_winner_and_hides_every_card(
    seats: int, humans: int, seed: int
) -> None:
    arena = TournamentArena.new(seats=seats, humans=humans, seed=seed)
    click_through(arena, check=True)
    assert arena.match.outcome is not None and arena.match.outcome.termination is TournamentEnd.FINALE_WON
    assert len(arena.match.humans) == humans


def test_every_mini_game_has_its_panel() -> None:
    """Across a few tournaments with every seat a person, each mini-game is shown with its choices."""
    seen: dict[Sector, set[str]] = {sector: set() for sector in SECTORS}
    for seed in (1, 2, 3):
        arena = TournamentArena.new(seats=3, humans=3, seed=seed)
        for _ in range(3_000):
            if arena.screen == "over":
                break
            view = arena.match.view(0)
            if view.sector is not None:
                seen[view.sector].add(arena.screen)
                seen[view.sector].update(arena.buttons)
            if arena.buttons:
                next(iter(arena.buttons.values())).click()
            else:
                arena.next()
        else:
            raise AssertionError("the tournament did not end")
    assert any(label.startswith("Play against") for label in seen[Sector.HEAD_TO_HEAD])
    assert any(re.match(r"\d · .+ \(\d+ cards\)", label) for label in seen[Sector.MY_GAME])
    assert {"⬆ Higher (or equal)", "⬇ Lower (or equal)"} <= seen[Sector.HI_LO]
    assert any(label.startswith("Steal from") for label in seen[Sector.STEAL_A_PIN])
    assert "pass" in seen[Sector.SHOOT_OUT] or "choose" in seen[Sector.SHOOT_OUT]


def test_t12_after_hi_lo_the_panel_shows_the_row_as_it_ended() -> None:
    """Between mini-games, right after Hi Lo, the panel shows Hi Lo's last row and calls (the public view)."""
    arena = TournamentArena.new(seats=3, humans=0, seed=SEED)
    rules = arena.match.rules
    for _ in range(3_000):
        ended = rules.public_view(arena.match.state).last_hilo
        if ended is not None and ended.calls:
            break
        assert arena.screen != "over", "no Hi Lo with a call was played"
        arena.next()
    words = page_words(arena._panel)
    assert "Hi Lo is over" in arena._panel_head.value
    for card in ended.faces:
        assert card is None or ended.deck.cards[card].name in words
    for slot, (direction, right) in enumerate(ended.calls, start=2):
        assert f"Card {slot} — called {direction}: {'right ✓' if right else 'wrong ✗'}" in words


@pytest.mark.parametrize(("seats", "humans"), [(4, 0), (3, 1), (4, 2)])
def test_the_page_reads_a_seat_s_view_only_for_a_person_at_the_screen(
    monkeypatch: pytest.MonkeyPatch, seats: int, humans: int
) -> None:
    """Public facts come from the public view; a seat's own view is read only for a person's own cards."""
    read: list[int] = []
    seat_view = Match.view

    def spied(match: Match, seat: int) -> object:
        read.append(seat)
        return seat_view(match, seat)

    monkeypatch.setattr(Match, "view", spied)
    arena = TournamentArena.new(seats=seats, humans=humans, seed=SEED)
    click_through(arena)
    assert set(read) <= set(range(humans))
    assert bool(read) == bool(humans)  # a person's own card was read, and only then


def test_the_story_tells_every_event_in_the_core_s_words_and_a_copy_stays_put() -> None:
    rules = TournamentRules(seats=3)
    record = play(rules, None, seed=3)
    names = SeatNames(3, [0])
    story = ArenaStory(rules, names)
    before = story.copy()
    first = record.events[:60]
    story.read(first)
    assert before.lines == [] and before.notes == ["", "", ""]
    assert sorted(story.lines) == sorted(line for line in Narrator(rules, names).narrate_all(first) if line)
    story.read(record.events[60:])
    assert len(story.lines) == LOG_LINES
    # told one event at a time (a click at a time), the log is the same as told at once (a resumed game)
    by_step = ArenaStory(rules, names)
    for event in record.events:
        by_step.read([event])
    assert by_step.lines == story.lines
    told = Narrator(rules, names).narrate_all(record.events)
    (winner,) = record.outcome.winners
    assert record.outcome.termination is TournamentEnd.FINALE_WON
    assert set(story.lines) <= set(told[:-1])  # all but GameEnded, which FinaleWon already told
    wins = "win" if winner == 0 else "wins"
    assert story.lines[0] == f"{names[winner]} {wins} the Finale and the tournament!"


# -- steps ---------------------------------------------------------------------------------------------


def test_next_takes_one_step_and_fast_forward_stops_for_a_person() -> None:
    arena = TournamentArena.new(seats=4, humans=1, seed=SEED)
    while arena.screen == "watch":
        before = len(arena.match.actions)
        arena.next()
        assert len(arena.match.actions) >= before + 1
        assert len(arena.match.actions) <= before + 1 + 3  # one step, then any lot or shuffle
    assert arena.screen in ("spin", "choose")
    before = list(arena.match.actions)
    arena.next()  # a person must act: nothing happens, a kind message
    assert arena.match.actions == before and arena.status.startswith("Sorry")
    while arena.buttons:  # the person acts until the computers are to play
        next(iter(arena.buttons.values())).click()
    before = len(arena.match.actions)
    arena.fast_forward()
    assert len(arena.match.actions) > before and arena.status.startswith("Fast-forwarded")
    assert arena.screen in ("spin", "choose", "pass", "over")


def test_a_computer_s_spin_is_next_s_not_the_spin_button_s() -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=SEED)
    seen = 0
    for _ in range(400):
        if arena.screen == "over":
            break
        due = arena._driver.due()
        if arena._pending_spin() is not None and due.turn is Turn.COMPUTER:
            seen += 1
            assert not arena.spinner.enabled and arena.spinner.button.disabled
            before = list(arena.match.actions)
            arena.spin()  # a value set from the page, or an old click
            assert arena.match.actions == before and ": press Next ▶ to watch it" in arena.status
            arena.next()
            assert len(arena.match.actions) > len(before)
        elif arena.screen == "spin":
            assert arena.spinner.enabled
            arena.spin()
        elif arena.buttons:
            next(iter(arena.buttons.values())).click()
        else:
            arena.next()
    assert seen >= 2, "the game had computers' spins to check"


def test_the_turn_passes_left_and_the_pin_master_is_named_beside_each_award() -> None:
    arena = TournamentArena.new(seats=4, humans=0, seed=9)
    awards = 0
    for _ in range(2_000):
        if arena.screen == "over":
            break
        before = len(arena.match.events)
        arena.next()
        for event in arena.match.events[before:]:
            if isinstance(event, PinAwarded):
                awards += 1
                master = arena.player_name(event.pin_master)
                assert any(f"The Pin Master ({master})" in line for line in arena.log_lines[:12])
                assert f"Pin Master: {master}" in browser_text(arena)  # beside the track
    assert awards >= 5
    passes = [e.seat for e in arena.match.events if type(e).__name__ == "TurnPassed"]
    assert passes and all((b - a) % 4 == 1 for a, b in itertools.pairwise(passes))
    assert "Order of play (the turn passes left)" in browser_text(arena)


def test_t8_forbidden_category_is_shown_disabled_and_never_offered() -> None:
    for seed in range(1, 40):
        arena = TournamentArena.new(seats=2, humans=2, seed=seed)
        for _ in range(2_000):
            if arena.screen == "over":
                break
            if arena.screen == "choose":
                view = arena.match.view(arena.match.waiting_for)
                if view.forbidden_category is not None and view.hilo is None:
                    forbidden = view.forbidden_category
                    name = view.top_card.categories[forbidden].name
                    assert not any(label.startswith(f"{name}:") for label in arena.buttons)
                    assert "not allowed (last card)" in browser_text(arena)
                    actions = list(arena.match.actions)
                    arena.choose(ChooseCategory(forbidden))
                    assert arena.status.startswith("Sorry") and arena.match.actions == actions
                    return
            if arena.buttons:
                next(iter(arena.buttons.values())).click()
            else:
                arena.next()
    pytest.fail("no last-card choice (T8) came up")


def test_hot_seat_pass_screen_hides_the_next_persons_card() -> None:
    arena = TournamentArena.new(seats=3, humans=2, seed=4)
    for _ in range(3_000):
        if arena.screen == "pass":
            break
        offered = arena.buttons
        next(iter(offered.values())).click() if offered else arena.next()
    else:
        pytest.fail("no pass screen came up")
    seat = arena.match.waiting_for
    card = arena.match.view(seat).top_card
    assert card is not None
    assert_no_hidden_cards(arena)
    if card.name not in public_names(arena):
        assert card.name not in browser_text(arena)
    (ready,) = arena.buttons.values()
    assert ready.description == f"I'm {arena.player_name(seat)} — show my card"
    actions = list(arena.match.actions)
    arena.choose(arena.match.legal_actions()[0])  # not before they are ready
    assert arena.status.startswith("Sorry") and arena.match.actions == actions
    ready.click()
    assert arena.screen == "choose" and card.name in browser_text(arena)


# -- save and resume -------------------------------------------------------------------------------


def play_a_while(arena: TournamentArena, clicks: int) -> None:
    for _ in range(clicks):
        if arena.screen == "over":
            return
        offered = arena.buttons
        next(iter(offered.values())).click() if offered else arena.next()


def test_save_and_resume_round_trip(tmp_path: Path) -> None:
    arena = TournamentArena.new(seats=4, humans=1, seed=SEED)
    play_a_while(arena, 60)
    arena.save_button.click()
    name, text = downloaded(arena)
    assert name == arena.saved_name == f"tournament-move{len(arena.match.actions)}.json" and name in arena.status
    data = json.loads(text)
    assert data["game"] == "tournament" and data["players"] == ["human", "computer", "computer", "computer"]
    assert "Spin" not in text and "actions" not in data, "the record is sealed"
    saved = tmp_path / name
    saved.write_text(text, encoding="utf-8")  # the pupil's download
    other = TournamentArena.new(seats=3, humans=2, seed=1)
    other.resume(saved)
    assert other.status.startswith("Resumed") and other.match.actions == arena.match.actions
    assert other.match.state == arena.match.state and other.match.humans == (0,)
    assert other.log_lines == arena.log_lines
    # both go on the same way: spins and computer choices come from the record's seed
    play_a_while(arena, 40)
    play_a_while(other, 40)
    assert other.match.actions == arena.match.actions
    # resume from the text itself
    third = TournamentArena.new(seats=2, seed=2)
    third.resume(text)
    assert len(third.match.actions) == data["move"]
    assert not list(Path.cwd().glob("saves/tournament-*.json")), "nothing is written on the server"


def downloaded(arena: TournamentArena) -> tuple[str, str]:
    found = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', arena._saves.link_html)
    assert found, arena._saves.link_html
    return found.group(1), base64.b64decode(found.group(2)).decode("utf-8")


def test_a_bare_record_resumes_with_the_page_s_people(tmp_path: Path) -> None:
    rules = TournamentRules(seats=3)
    record = play(rules, [TournamentPlayer()] * 3, seed=6)
    path = tmp_path / "record.json"
    path.write_text(record.to_json(), encoding="utf-8")
    arena = TournamentArena.new(seats=3, humans=1, seed=1)
    arena.resume(path)
    assert arena.match.actions == list(record.actions) and arena.screen == "over"


def test_upload_resumes_and_leaves_no_file_in_the_page(tmp_path: Path) -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=3)
    play_a_while(arena, 30)
    text = arena.save_text()
    other = TournamentArena.new(seats=3, humans=1, seed=9)
    content = text.encode("utf-8")
    other.upload.value = (
        {
            "name": "mine.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc),
        },
    )
    assert other.status.startswith("Resumed the saved tournament") and other.match.actions == arena.match.actions
    assert other.upload.value == ()


@pytest.mark.parametrize(
    "content",
    [
        b"this is not json",
        b"\xff\xfe\x00binary",
        b"[1, 2, 3]",
        b'{"format": 1, "game": "tournament"}',
        b"{}",
    ],
)
def test_a_bad_file_gets_a_kind_message_and_the_game_is_untouched(tmp_path: Path, content: bytes) -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=3)
    play_a_while(arena, 20)
    match, actions, log = arena.match, list(arena.match.actions), arena.log_lines
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    arena.resume(path)
    assert arena.status.startswith("Sorry —"), arena.status
    assert arena.match is match and arena.match.actions == actions and arena.log_lines == log
    arena.upload.value = (
        {
            "name": "bad.json",
            "type": "",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc),
        },
    )
    assert arena.status.startswith("Sorry —") and arena.match is match and arena.upload.value == ()


def test_other_games_and_tampered_tournaments_are_refused(tmp_path: Path) -> None:
    arena = TournamentArena.new(seats=3, humans=1, seed=3)
    play_a_while(arena, 20)
    match = arena.match
    classic = play(ClassicRules(load_deck("animals"), seats=2), seed=1).to_json()
    arena.resume(classic)
    assert "not a tournament" in arena.status and arena.match is match
    data = json.loads(arena.save_text())
    sealed = data["sealed"]  # a fresh random IV each save: the letter changed must differ from the one there
    data["sealed"] = sealed[:40] + ("y" if sealed[40] == "x" else "x") + sealed[41:]
    arena.resume(json.dumps(data))
    assert "was changed after it was saved" in arena.status and arena.match is match
    data = json.loads(arena.save_text())
    data["players"] = ["computer", "computer", "computer"]  # the header no longer matches the sealed players
    arena.resume(json.dumps(data))
    assert "was changed after it was saved" in arena.status and arena.match is match
    bare = json.loads(arena.match.record.to_json())  # a bare record, as release 0.1.0 saved it
    bare["actions"][3] = {"type": "tournament/spin", "sector": (bare["actions"][3].get("sector", 0) + 1) % 6}
    arena.resume(json.dumps(bare))
    assert arena.status.startswith("Sorry —") and arena.match is match
    bare = json.loads(arena.match.record.to_json())
    bare["players"] = ["human", "alien", "computer"]
    arena.resume(json.dumps(bare))
    assert '"players"' in arena.status and arena.match is match
    arena.resume(tmp_path / "missing.json")
    assert "could not read" in arena.status and arena.match is match


# -- values from the page ---------------------------------------------------------------------------


def test_bad_settings_from_the_page_keep_the_old_tournament() -> None:
    arena = TournamentArena.new(seats=4, humans=1, seed=SEED)
    match = arena.match
    arena.controls["seed"].set_state({"value": "-5"})
    arena._start_button.click()
    assert arena.status.startswith("Sorry") and "seed" in arena.status and arena.match is match
    arena.new_tournament(humans=7)
    assert arena.status.startswith("Sorry") and arena.match is match
    arena.controls["seed"].set_state({"value": "77"})
    arena.controls["seats"].set_state({"index": 1})  # 3 players
    arena.controls["tie_discard"].set_state({"index": 1})
    arena._start_button.click()
    assert arena.match is not match and arena.match.seed == 77 and arena.match.rules.seats == 3
    assert arena.match.rules.tie_discard == "tied_only" and arena.status.startswith("New tournament")
    assert arena.controls["seed"].value == "" and "77" not in arena.status  # the seed stays out of the page


def test_new_refuses_bad_settings_in_python() -> None:
    from toptrumps_core.errors import RuleOptionError

    with pytest.raises(RuleOptionError):
        TournamentArena.new(seats=7)
    with pytest.raises(RuleOptionError):
        TournamentArena.new(seats=3, humans=4)
    with pytest.raises(RuleOptionError):
        TournamentArena.new(hilo_pins="all")


def test_an_unexpected_error_is_shown_logged_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, expected_widget_errors: list[logging.LogRecord]
) -> None:
    arena = TournamentArena.new(seats=3, humans=0, seed=5)
    arena.next()
    state, actions = arena.match.state, list(arena.match.actions)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the picture broke")

    monkeypatch.setattr(board_module.svg, "pin_tracks", broken)
    arena.next_button.click()
    assert arena.status == GENERIC_MESSAGE
    assert arena.match.state == state and arena.match.actions == actions
    assert expected_widget_errors and all(r.name == "widgets" for r in expected_widget_errors)


# -- the page ------------------------------------------------------------------------------------------


def test_every_button_has_a_text_name_and_the_page_no_script() -> None:
    arena = TournamentArena.new(seats=4, humans=1, seed=SEED)
    play_a_while(arena, 25)
    text = browser_text(arena)
    assert "<script" not in text.lower() and "onclick" not in text.lower()
    for widget in descendants(arena):
        if isinstance(widget, ipw.Button):
            assert widget.description.strip() and widget.tooltip
    for marker in ("Match object", "TournamentState", "DuelState", "stacks=", "Shuffle(", "toptrumps_core"):
        assert marker not in text


def test_a_match_of_another_game_is_refused() -> None:
    from toptrumps_core.errors import RuleOptionError

    with pytest.raises(RuleOptionError):
        TournamentArena(Match(ClassicRules(load_deck("animals"), seats=2), [HUMAN, HUMAN], seed=1))


# -- the experiment ------------------------------------------------------------------------------------


def test_the_experiment_charts_turns_and_deciders() -> None:
    experiment = TournamentExperiment(games=10, seats=3, seed=4)
    result = experiment.result
    assert result is not None and result.finished + result.unfinished == 10
    assert sum(result.deciders) == result.finished
    text = browser_text(experiment)
    assert "<svg" in text and "Which mini-game filled the track?" in text and "<script" not in text.lower()
    assert experiment._progress.value == 10


def test_a_tournament_saved_by_release_0_1_0_resumes() -> None:
    saved = Path(__file__).parents[1] / "core" / "saved_records" / "arena_page_save.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    arena = TournamentArena.new(seats=2, humans=1, seed=1)
    arena.resume(saved)
    assert arena.status.startswith("Resumed")
    assert len(arena.match.actions) == len(data["actions"]) and arena.match.humans == (0,)
    assert arena.log_lines


def test_in_hi_lo_the_category_choices_name_no_winning_direction() -> None:
    for seed in range(1, 40):
        arena = TournamentArena.new(seats=2, humans=2, seed=seed)
        for _ in range(2_000):
            if arena.screen == "over":
                break
            if arena.screen == "choose" and arena.match.view(arena.match.waiting_for).hilo is not None:
                tips = [button.tooltip for button in arena.buttons.values()]
                assert tips and all(tip.startswith("Play Hi Lo on ") and "wins" not in tip for tip in tips)
                assert not any("wins" in label for label in arena.buttons)
                return
            if arena.buttons:
                next(iter(arena.buttons.values())).click()
            else:
                arena.next()
    pytest.fail("no Hi Lo category choice came up")
