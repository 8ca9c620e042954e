"""A game from outside the core joins by one registration: played, recorded, replayed, narrated, transcribed."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import toptrumps_core
from tests.outside_game.higher_card import (
    HIGHER_CARD,
    HigherCardEnd,
    HigherCardPlayed,
    HigherCardRoundWon,
    HigherCardRules,
    HighestFirst,
    PlayHigherCard,
)
from toptrumps_core import (
    HUMAN,
    GameFamily,
    GameRecord,
    Match,
    RandomStrategy,
    default_player,
    get_family,
    play,
    register_game,
    replay,
)
from toptrumps_core.families import get_game
from toptrumps_core.playthrough import transcript
from toptrumps_core.wire import claim_prefix

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class _Elsewhere:
    """A rules class of another package that calls itself higher_card."""

    family = "higher_card"


_Elsewhere.__module__ = "elsewhere.rules"


def test_the_game_is_one_registered_family() -> None:
    assert HIGHER_CARD in toptrumps_core.game_families()
    assert get_game("higher_card") is HIGHER_CARD
    assert get_family("higher_card") is HigherCardRules
    assert isinstance(default_player(HigherCardRules()), HighestFirst)


def test_it_plays_to_its_own_end_reason() -> None:
    record = play(HigherCardRules(cards=8), seed=5)
    assert record.outcome is not None and record.outcome.termination is HigherCardEnd.HANDS_PLAYED
    rounds = [e for e in record.events if isinstance(e, HigherCardRoundWon)]
    assert len(rounds) == 4
    won = [sum(1 for e in rounds if e.seat == seat) for seat in (0, 1)]
    assert record.outcome.winners == frozenset(s for s in (0, 1) if won[s] == max(won))


def test_a_match_against_a_person_takes_their_move() -> None:
    rules = HigherCardRules(cards=4)
    match = Match(rules, [HUMAN, RandomStrategy()], seed=2)
    match.advance()
    assert match.waiting_for == 0
    card = min(match.view(0).hand)
    match.submit(PlayHigherCard(card))
    assert HigherCardPlayed(0, card) in match.events


def test_its_record_stores_its_name_and_replays_exactly() -> None:
    record = play(HigherCardRules(cards=6), [RandomStrategy(), HighestFirst()], seed=11)
    text = record.to_json()
    assert json.loads(text)["game"] == "higher_card"
    again = GameRecord.from_json(text)
    assert again.rules == record.rules and again.actions == record.actions
    assert again.events == record.events and again.outcome == record.outcome
    state, events = replay(again.rules, again.actions)
    assert events == record.events and again.rules.outcome(state) == record.outcome


def test_a_record_with_a_changed_card_does_not_load() -> None:
    record = play(HigherCardRules(cards=4), seed=3)
    data = json.loads(record.to_json())
    assert data["actions"][-1]["type"] == "higher_card/play"
    data["actions"][-1]["card"] = 99  # no such card in the hand: the actions no longer replay
    with pytest.raises(toptrumps_core.RecordError, match="does not replay"):
        GameRecord.from_json(json.dumps(data))


def test_it_is_narrated_and_transcribed_by_its_own_words() -> None:
    text = transcript(HigherCardRules(cards=4), seed=7, names=["Ann", "Bo"], title="higher card")
    lines = text.splitlines()
    assert lines[0] == "higher card"
    assert "Rules: HigherCardRules (family 'higher_card', rules version 1), 2 seats" in lines
    assert "   The cards are dealt, 2 to each." in lines
    assert any(line.startswith("   sees: hand [") for line in lines)
    assert any(line.endswith("rounds won.") for line in lines)
    assert lines[-1].startswith("Outcome: hands_played; winners: ")
    assert transcript(HigherCardRules(cards=4), seed=7, names=["Ann", "Bo"], title="higher card") == text


def test_no_file_of_the_project_names_the_game() -> None:
    # It joined by registering itself: the core, the widgets and the layer contracts never mention it.
    here = Path(__file__).resolve().parent
    assert ROOT / "toptrumps_core" not in here.parents
    files = [ROOT / "pyproject.toml", *(ROOT / "toptrumps_core").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]
    naming = [
        f
        for f in files
        if "higher_card" in f.read_text(encoding="utf-8") or "outside_game" in f.read_text(encoding="utf-8")
    ]
    assert naming == []


def _fresh(code: str) -> str:
    """Returns what a fresh interpreter prints running `code` (nothing of the core loaded before it)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return done.stdout.strip()


_DEFINE_CHOOSE = """
from dataclasses import dataclass
from toptrumps_core.protocol import Action
try:
    @dataclass(frozen=True)
    class Choose(Action, wire="classic/choose"):
        category: int
except TypeError as err:
    print(err)
"""


@pytest.mark.parametrize("first", ["", "import toptrumps_core.classic", "import tests.outside_game.higher_card"])
def test_an_outside_game_cannot_take_a_wire_name_of_the_core_whatever_is_imported_first(first: str) -> None:
    said = _fresh(f"{first}\n{_DEFINE_CHOOSE}")
    assert "wire name 'classic/choose' of __main__.Choose belongs to the core's game family 'classic'" in said


def test_its_wire_prefix_is_its_own_and_a_plain_name_is_the_core_s() -> None:
    from toptrumps_core.protocol import Event

    with pytest.raises(TypeError, match=r"'higher_card/extra' of elsewhere\.events\.Extra belongs to game family"):
        type("Extra", (Event,), {"__module__": "elsewhere.events", "__slots__": ()}, wire="higher_card/extra")

    with pytest.raises(TypeError, match=r"wire name 'won' of .* belongs to the core's shared types"):

        @dataclass(frozen=True)
        class Won(Event, wire="won"):
            seat: int

    with pytest.raises(ValueError, match=r"wire prefix 'higher_card' belongs to 'tests\.outside_game'"):
        claim_prefix("higher_card", "elsewhere")
    with pytest.raises(ValueError, match="two game families are named 'higher_card'"):
        register_game(GameFamily(name="higher_card", rules=_Elsewhere))


def test_a_family_cannot_claim_a_prefix_a_type_outside_it_already_uses() -> None:
    code = (
        "from dataclasses import dataclass\n"
        "from toptrumps_core.protocol import Action\n"
        "@dataclass(frozen=True)\n"
        "class Choose(Action, wire='higher_card/extra'):\n"
        "    seat: int\n"
        "try:\n"
        "    import tests.outside_game.higher_card\n"
        "except ValueError as err:\n"
        "    print(err)\n"
    )
    said = _fresh(code)
    assert "wire prefix 'higher_card' belongs to 'tests.outside_game', but __main__.Choose outside it uses it" in said
