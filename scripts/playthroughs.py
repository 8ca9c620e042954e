"""Writes tests/golden/<name>.txt: the transcript of one seeded game per game family and mini-game.

Run it after a change that is meant to change how a game plays or reads,
then review the diff of tests/golden/ before committing it:

    .venv/bin/python scripts/playthroughs.py

`tests/core/test_playthroughs.py` checks that every file equals a fresh
transcript and that every registered game family has one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toptrumps_core.playthrough import specimens

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main() -> int:
    """Writes every transcript, removes transcripts of games no longer listed, and says what changed."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for specimen in specimens():
        path = GOLDEN / f"{specimen.name}.txt"
        wanted.add(path.name)
        text = specimen.transcript()
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"{'wrote' if old is None else 'updated'} {path.relative_to(GOLDEN.parent.parent)}")
    for stale in sorted(GOLDEN.glob("*.txt")):
        if stale.name not in wanted:
            stale.unlink()
            print(f"removed {stale.relative_to(GOLDEN.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
