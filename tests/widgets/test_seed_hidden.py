"""The seed of a game in play never reaches the page: it would let a pupil deal the same game and see every card.

Each test walks every synced trait of every widget under the page's root
(``get_state()``, recursively: `browser_text`) while a game runs, and checks
that the seed's digits are absent, and for the card games that no unseen
card is named either.  A seed a teacher sets is named only as "seed set by
the teacher"; a game's own seed is drawn fresh from the operating system;
once the game is over the page shows it for a replay.
"""

from __future__ import annotations

import json

import pytest
from cryptography.fernet import Fernet

from tests.widgets.test_arena import assert_no_hidden_cards as assert_no_hidden_arena_cards
from tests.widgets.test_classic_table import assert_no_hidden_cards as assert_no_hidden_classic_cards
from tests.widgets.widget_helpers import browser_text
from toptrumps_core.classic import ChooseCategory
from widgets import ClassicTable, HiLoTable
from widgets._toolkit import TEACHER_SEED
from widgets._toolkit.save_files import SAVE_KEY_VARIABLE, open_save, save_key
from widgets.quiz import QuizMaster
from widgets.squads import SquadBuilder
from widgets.tournament import TournamentArena

TEACHERS = 731_845_296_071_563
"""A teacher's seed with digits that occur nowhere else in a page."""


@pytest.fixture(autouse=True)
def _save_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SAVE_KEY_VARIABLE, Fernet.generate_key().decode())


def _assert_seed_hidden(root: object, seed: object) -> None:
    digits = str(seed)
    assert len(digits) >= 6, "the check needs a seed whose digits cannot occur by chance"
    text = browser_text(root)  # type: ignore[arg-type]
    assert digits not in text, f"the seed {digits} reached the page"
    assert f"{int(digits):,}" not in text


def _classic_step(table: ClassicTable) -> None:
    if table.screen == "choose":
        action = next(a for a in table.match.legal_actions() if isinstance(a, ChooseCategory))
        table.choose(action.category)
    elif table.screen == "pick":
        table.pick_buttons[0].click()
    elif table.screen == "pass":
        table.ready()
    else:
        table.next()


def test_classic_a_teacher_s_seed_is_named_but_never_shown_until_the_game_ends() -> None:
    table = ClassicTable.new(seats=3, seed=TEACHERS)
    assert table.match.seed == TEACHERS
    for _ in range(30):
        if table.match.is_over:
            break
        _assert_seed_hidden(table, TEACHERS)
        assert_no_hidden_classic_cards(table)
        assert TEACHER_SEED in table._title.value
        _classic_step(table)
    while not table.match.is_over:
        table.fast_forward() if table.screen == "watch" else _classic_step(table)
    assert f"replay this game: seed {TEACHERS}" in browser_text(table)


def test_classic_each_game_draws_its_own_seed_which_the_page_never_shows() -> None:
    table = ClassicTable.new(seats=2)
    seeds = {table.match.seed}
    for _ in range(3):
        _assert_seed_hidden(table, table.match.seed)
        assert TEACHER_SEED not in browser_text(table)
        table.new_game()  # the seed box is empty: a fresh deal
        seeds.add(table.match.seed)
        assert table.status.startswith("New game") and "a fresh deal" in table.status
    assert len(seeds) == 4
    table.controls["seed"].value = str(TEACHERS)
    table.new_game_button.click()
    assert table.match.seed == TEACHERS and table.controls["seed"].value == ""
    _assert_seed_hidden(table, TEACHERS)
    assert TEACHER_SEED in browser_text(table)


def test_hi_lo_the_seed_stays_hidden_and_play_again_draws_a_fresh_one() -> None:
    table = HiLoTable.new(seed=TEACHERS)
    _assert_seed_hidden(table, TEACHERS)
    assert TEACHER_SEED in browser_text(table)
    while not table.match.is_over:
        _assert_seed_hidden(table, TEACHERS)
        if table.category_buttons:
            table.category_buttons[0].click()
        else:
            table.call_buttons[0].click()
    assert f"replay this game: seed {TEACHERS}" in browser_text(table)
    table.again_button.click()
    assert table.match.seed != TEACHERS
    _assert_seed_hidden(table, table.match.seed)
    assert TEACHER_SEED not in browser_text(table)
    drawn = HiLoTable.new()
    _assert_seed_hidden(drawn, drawn.match.seed)


def test_tournament_the_seed_stays_hidden_while_it_runs() -> None:
    for arena, seed in ((TournamentArena.new(seats=3, humans=1, seed=TEACHERS), TEACHERS), (None, None)):
        if arena is None:
            arena = TournamentArena.new(seats=3, humans=1)
            seed = arena.match.seed
        assert (TEACHER_SEED in browser_text(arena)) == (seed == TEACHERS)
        for _ in range(60):
            if arena.match.is_over:
                break
            _assert_seed_hidden(arena, seed)
            assert_no_hidden_arena_cards(arena)
            if arena.screen == "choose":
                next(iter(arena.buttons.values())).click()
            elif arena.screen == "spin":
                arena.spin()
            elif arena.screen == "pass":
                arena.ready()
            else:
                arena.next()
    arena.new_tournament()
    _assert_seed_hidden(arena, arena.match.seed)
    assert arena.controls["seed"].value == "" and "a fresh seed" in arena.status


def test_squads_the_seed_stays_hidden_and_the_seed_box_empties() -> None:
    table = SquadBuilder.new("animals", people=1, computers=2, seed=TEACHERS)
    _assert_seed_hidden(table, TEACHERS)
    table.buttons["Play this mission"].click()
    _assert_seed_hidden(table, TEACHERS)
    table._settings.seed.value = str(TEACHERS + 1)
    table.start_new_game()
    assert table.match.seed == TEACHERS + 1 and table._settings.seed.value == ""
    _assert_seed_hidden(table, TEACHERS + 1)
    table.new_game()
    _assert_seed_hidden(table, table.match.seed)


def test_quiz_the_seed_never_reaches_the_page() -> None:
    master = QuizMaster.new(seed=TEACHERS, sounds=False)
    master.start_quiz()
    _assert_seed_hidden(master, TEACHERS)
    drawn = QuizMaster.new(sounds=False)
    drawn.start_quiz()
    assert drawn.match is not None and drawn.match.seed is not None
    _assert_seed_hidden(drawn, drawn.match.seed)


def test_a_saved_file_keeps_the_seed_inside_its_seal_and_its_name_shows_none() -> None:
    table = ClassicTable.new(seats=2, seed=TEACHERS)
    _classic_step(table)
    text = table._saves.save()
    saved = json.loads(text)
    outside = {key: value for key, value in saved.items() if key != "sealed"}
    assert str(TEACHERS) not in json.dumps(outside) and str(TEACHERS) not in table._saves.file_name
    assert str(TEACHERS) not in table._saves.link_html.split("base64,")[0]
    inside = json.loads(Fernet(save_key()).decrypt(saved["sealed"].encode("ascii")))
    moves = len(table.match.actions)
    assert (inside["game"], inside["deck"], inside["seed"], inside["move"]) == (
        "classic",
        table.match.rules.deck.name,
        TEACHERS,
        moves,
    )
    assert (outside["game"], outside["move"]) == ("classic", moves)
    # the words outside the seal are checked against the seal: a changed move is refused
    forged = json.dumps({**saved, "move": moves + 1})
    with pytest.raises(ValueError, match="changed after it was saved"):
        open_save(forged, name="forged.json", games=("classic",))
    forged = json.dumps({**saved, "deck": "Another deck"})
    with pytest.raises(ValueError, match="changed after it was saved"):
        open_save(forged, name="forged.json", games=("classic",))
