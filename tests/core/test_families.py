"""Game families: one registration per game, every family found by name, and loaded only when first used."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import toptrumps_core
from toptrumps_core.families import (
    BUILT_IN,
    GameFamily,
    game_families,
    get_game,
    known_games,
    load_reference,
    register_game,
)
from toptrumps_core.protocol import Termination
from toptrumps_core.record import get_family, register_family

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"


def _fresh(code: str) -> str:
    """Returns what a fresh interpreter prints running `code`."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return done.stdout.strip()


def test_importing_the_package_loads_none_of_its_modules_but_the_lazy_loader() -> None:
    loaded = _fresh(
        "import sys, toptrumps_core; print(sorted(m for m in sys.modules if m.startswith('toptrumps_core')))"
    )
    assert loaded == "['toptrumps_core', 'toptrumps_core.lazy']"


def test_a_family_loads_only_its_own_package() -> None:
    code = (
        "import sys; from toptrumps_core.record import get_family; get_family('squads'); "
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('toptrumps_core.')}))"
    )
    packages = set(eval(_fresh(code)))
    assert "squads" in packages
    assert packages.isdisjoint({"quiz", "tournament", "narration", "strategies", "play", "simulation"})


def test_playing_and_narrating_a_classic_game_loads_no_other_game() -> None:
    code = (
        "import sys; from toptrumps_core import ClassicRules, load_deck, play; "
        "from toptrumps_core.narration import Narrator; play(ClassicRules(load_deck('animals')), seed=1); "
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('toptrumps_core.')}))"
    )
    packages = set(eval(_fresh(code)))
    assert {"classic", "play", "strategies", "narration"} <= packages
    assert packages.isdisjoint({"quiz", "squads", "simulation", "svg"})


@pytest.mark.parametrize("name", ["classic_3_seats", "format2_hilo", "tournament_saved_midway", "steal_a_pin"])
def test_a_saved_record_loads_in_an_interpreter_that_loaded_no_game(name: str) -> None:
    # Loading the record loads its family first, so its recorded types are known before they are read.
    path = ROOT / "tests" / "core" / "saved_records" / f"{name}.json"
    code = (
        "import pathlib; from toptrumps_core.record import GameRecord; "
        f"record = GameRecord.from_json(pathlib.Path({str(path)!r}).read_text(encoding='utf-8')); "
        "print(record.rules.family, type(record.rules).__module__.startswith('toptrumps_core.'))"
    )
    family = json.loads(path.read_text(encoding="utf-8"))["game"]
    assert _fresh(code) == f"{family} True"


def test_every_public_name_still_imports_and_play_stays_the_function() -> None:
    code = (
        "import toptrumps_core.play, toptrumps_core as t; from toptrumps_core import play, ClassicRules; "
        "print(all(getattr(t, n) is not None for n in t.__all__), callable(play) and play is t.play, "
        "type(t.play).__name__, ClassicRules.__name__)"
    )
    assert _fresh(code) == "True True function ClassicRules"
    assert set(toptrumps_core.__all__) <= set(dir(toptrumps_core))
    with pytest.raises(AttributeError, match="no attribute 'Snap'"):
        toptrumps_core.Snap  # noqa: B018


def test_every_family_of_the_core_is_registered_once_with_its_hooks() -> None:
    families = game_families()
    assert [f.name for f in families[: len(BUILT_IN)]] == list(BUILT_IN)
    for family in families[: len(BUILT_IN)]:
        assert family.rules_class.family == family.name
        assert get_family(family.name) is family.rules_class
        assert family.end_reasons and family.narrator is not None and family.player is not None
        games = family.load_playthroughs()
        assert [g.name for g in games] == [family.name]
        rules = games[0].rules
        narrator = family.make_narrator(rules, None, games[0].start)
        assert len(narrator.names) == rules.seats
        assert family.make_player(rules) is not None
    assert get_game("quiz").make_judge(get_game("quiz").load_playthroughs()[0].rules) is not None
    assert get_game("classic").make_judge(get_game("classic").load_playthroughs()[0].rules) is None


def test_each_family_ends_only_for_its_own_reasons() -> None:
    for family in game_families()[: len(BUILT_IN)]:
        record = toptrumps_core.play(*_first_game(family))
        assert record.outcome is not None
        assert record.outcome.termination in (*family.end_reasons, Termination.UNFINISHED), family.name


def _first_game(family: GameFamily) -> tuple[object, ...]:
    game = family.load_playthroughs()[0]
    return (game.rules, game.players)


def test_registering_the_same_family_again_is_harmless_and_another_is_refused() -> None:
    classic = get_game("classic")
    assert register_game(classic) is classic
    register_family("classic", classic.rules_class)  # the short form, the same class
    with pytest.raises(ValueError, match="two game families are named 'classic'"):
        register_game(GameFamily("classic", get_family("hilo")))
    with pytest.raises(ValueError, match="two game families are named 'classic'"):
        register_family("classic", type("OtherClassic", (classic.rules_class,), {}))
    with pytest.raises(TypeError, match="takes a GameFamily"):
        register_game("classic")  # type: ignore[arg-type]


def test_an_outside_family_cannot_take_a_core_name_before_the_core_loads_it() -> None:
    code = (
        "from toptrumps_core.families import GameFamily, register_game\n"
        "class Classic:\n    family = 'classic'\n"
        "try:\n    register_game(GameFamily('classic', Classic))\nexcept ValueError as err:\n    print(err)"
    )
    assert "two game families are named 'classic'" in _fresh(code)


class Snap:
    """Rules that call their family by another name than the one they are registered under."""

    family = "snapx"


def test_a_rules_class_that_gives_another_family_name_is_refused() -> None:
    with pytest.raises(ValueError, match=r"Snap\.family is 'snapx', but its game family is named 'snap'"):
        register_game(GameFamily("snap", Snap))
    with pytest.raises(ValueError, match=r"Snap\.family is 'snapx'"):
        GameFamily("snap", f"{__name__}:Snap").rules_class  # noqa: B018 (the lookup is what is tested)
    assert "snap" not in known_games()


def test_a_family_is_named_and_built_from_what_it_names() -> None:
    with pytest.raises(ValueError, match="lower-case identifier"):
        GameFamily("Higher Card", object)
    with pytest.raises(TypeError, match="a class or 'module:Class'"):
        GameFamily("snap", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="EndReason members"):
        GameFamily("snap", object, end_reasons=("draw",))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a class"):
        _ = GameFamily("snap", "toptrumps_core.protocol:Termination.UNFINISHED").rules_class
    with pytest.raises(LookupError, match="has no narrator"):
        GameFamily("snap", object).make_narrator(get_game("classic").load_playthroughs()[0].rules)
    assert GameFamily("snap", object).make_player(object()) is None  # type: ignore[arg-type]


def test_references_name_a_module_and_a_name() -> None:
    assert load_reference("toptrumps_core.protocol:Termination.UNFINISHED") is Termination.UNFINISHED
    assert load_reference(Termination) is Termination
    with pytest.raises(ValueError, match=r"'package\.module:name'"):
        load_reference("toptrumps_core.protocol.Termination")
    with pytest.raises(AttributeError):
        load_reference("toptrumps_core.protocol:NoSuchName")


def test_an_unknown_family_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'snap'; known games: \[.*'classic'"):
        get_game("snap")
    assert set(BUILT_IN) <= set(known_games())


def test_the_docs_table_of_families_is_the_registry() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Game families", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    expected = [
        f"| `{f.name}` | {f.title} | `{f.rules_class.__name__}` | {f.rule_ids} | "
        + ", ".join(f"`{reason.name}`" for reason in f.end_reasons)
        + " |"
        for f in game_families()
        if f.name in BUILT_IN
    ]
    assert rows == expected, "update the table under '## Game families' in docs/architecture.md"


def test_the_docs_say_how_to_add_a_game_in_five_lines() -> None:
    section = DOC.read_text(encoding="utf-8").split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    assert len(re.findall(r"^\d\. ", section, flags=re.M)) == 5
    assert "register_game(GameFamily(" in section


def test_squads_and_the_quiz_end_for_reasons_of_their_own_and_old_records_still_read() -> None:
    from toptrumps_core.quiz import QuizEnd
    from toptrumps_core.record import GameRecord, decode
    from toptrumps_core.squads import SquadsEnd, SquadsRules

    assert get_game("squads").end_reasons == (SquadsEnd.TOKENS_REACHED,)
    assert get_game("quiz").end_reasons == (QuizEnd.SEVEN_ROUNDS,)
    assert {m.value for m in Termination}.isdisjoint({"tokens_reached", "seven_rounds"})
    record = toptrumps_core.play(SquadsRules(toptrumps_core.load_deck("animals"), seats=2, tokens_to_win=3), seed=4)
    assert record.outcome is not None and record.outcome.termination is SquadsEnd.TOKENS_REACHED
    text = record.to_json()
    assert '"enum": "squads/end", "value": "tokens_reached"' in text
    before = text.replace('"enum": "squads/end"', '"enum": "termination"')  # as a record written before stored it
    assert GameRecord.from_json(before).outcome == record.outcome
    assert decode({"enum": "termination", "value": "seven_rounds"}) is QuizEnd.SEVEN_ROUNDS
    assert decode({"enum": "termination", "value": "unfinished"}) is Termination.UNFINISHED
    with pytest.raises(toptrumps_core.RecordError, match="snap_won"):
        decode({"enum": "termination", "value": "snap_won"})


def test_the_tournament_ends_for_reasons_of_its_own_and_old_records_still_read() -> None:
    from toptrumps_core.record import GameRecord, decode
    from toptrumps_core.tournament import TournamentEnd

    assert get_game("tournament").end_reasons == (TournamentEnd.FINALE_WON,)
    assert get_game("head_to_head").end_reasons == (TournamentEnd.MINI_GAME_ENDED,)
    assert {m.name for m in Termination} == {"LAST_STACK", "DRAW_ALL_OUT", "ROUND_LIMIT", "UNFINISHED"}
    hilo = get_game("hilo").load_playthroughs()[0]
    record = toptrumps_core.play(hilo.rules, hilo.players, seed=hilo.seed)
    assert record.outcome is not None and record.outcome.termination is TournamentEnd.MINI_GAME_ENDED
    text = record.to_json()
    assert '"enum": "tournament/end", "value": "mini_game_ended"' in text
    before = text.replace('"enum": "tournament/end"', '"enum": "termination"')  # as a record written before stored it
    assert GameRecord.from_json(before).outcome == record.outcome
    assert decode({"enum": "termination", "value": "finale_won"}) is TournamentEnd.FINALE_WON
    old = GameRecord.from_json((ROOT / "tests" / "core" / "saved_records" / "format3_tournament.json").read_text())
    assert old.outcome is not None and old.outcome.termination is TournamentEnd.FINALE_WON
