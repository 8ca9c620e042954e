"""Golden transcripts: one seeded game per game family, so a change in behaviour shows as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from toptrumps_core.families import BUILT_IN
from toptrumps_core.playthrough import Specimen, specimens, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TEXT_GOLDEN = GOLDEN / "text_scheme"
"""The transcripts under the "text" seed scheme, as the games were dealt before the integer scheme."""
SPECIMENS = specimens()
REGENERATE = "run `.venv/bin/python scripts/playthroughs.py` and review the diff of tests/golden/"


@pytest.mark.parametrize("specimen", SPECIMENS, ids=[s.name for s in SPECIMENS])
def test_golden_transcript_equals_a_fresh_one(specimen: Specimen) -> None:
    path = GOLDEN / f"{specimen.name}.txt"
    assert path.exists(), f"no golden transcript {path.name}: {REGENERATE}"
    assert specimen.transcript() == path.read_text(encoding="utf-8"), f"{path.name} changed: {REGENERATE}"


@pytest.mark.parametrize("specimen", SPECIMENS, ids=[s.name for s in SPECIMENS])
def test_under_the_text_seed_scheme_each_golden_transcript_of_before_the_integer_scheme_holds(
    specimen: Specimen,
) -> None:
    path = TEXT_GOLDEN / f"{specimen.name}.txt"
    assert specimen.transcript("text") == path.read_text(encoding="utf-8"), f"{path.name} changed under 'text'"


def test_every_game_family_of_the_core_has_a_golden_transcript() -> None:
    assert [getattr(s.rules, "family", None) for s in SPECIMENS] == list(BUILT_IN)
    assert {s.name for s in SPECIMENS} == {path.stem for path in GOLDEN.glob("*.txt")}


def test_a_transcript_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    specimen = SPECIMENS[0]
    again = transcript(specimen.rules, seed=specimen.seed, title=specimen.name, note=specimen.note)
    assert again == specimen.transcript()
    assert transcript(specimen.rules, seed=specimen.seed + 1, title=specimen.name, note=specimen.note) != again


def test_a_transcript_names_the_rules_every_action_and_the_outcome() -> None:
    text = SPECIMENS[0].transcript()
    lines = text.splitlines()
    assert lines[0] == "classic" and lines[1] == "=" * len("classic")
    assert any(line.startswith("Rules: ClassicRules (family 'classic', rules version 1), 3 seats") for line in lines)
    assert "1. chance: Shuffle(order=(" in text
    assert "sees: top card " in text
    assert lines[-1].startswith("Outcome: ")
