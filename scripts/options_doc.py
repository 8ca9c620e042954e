"""Writes docs/options.md: the table of every game's rule options, made from the options' specifications.

Run it after declaring, renaming or rewording a rule option, then review the
diff of docs/options.md before committing it:

    .venv/bin/python scripts/options_doc.py

`tests/core/test_options_doc.py` checks that the page equals a fresh one and
that every registered game family's options are in it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toptrumps_core.options import options_table
from toptrumps_core.record import get_family

DOC = Path(__file__).resolve().parent.parent / "docs" / "options.md"

GAMES = (
    ("classic", "classic"),
    ("Hi Lo", "hilo"),
    ("tournament", "tournament"),
    ("Squads", "squads"),
    ("quiz", "quiz"),
)
"""``(game name, game family)`` per game in the table, in its order; every mini-game shares the tournament's options."""

INTRO = """\
# Rule options

Every rule option of every game: its name in RULES.md's words, the rule it
comes from, its default, what it allows, and its label and help text as a
pupil or teacher reads them in the settings.  Pass an option to a rules
class by its name, for example `ClassicRules(deck, seats=3, no_data="loses")`;
a value it does not allow is refused with a `RuleOptionError` that names the
option, says what it allows and cites the rule.  Every mini-game of the
tournament, and the Finale, plays with the tournament's options.

This page is written by `scripts/options_doc.py` from the options'
specifications (`toptrumps_core.options`); do not edit it by hand.

"""


def page() -> str:
    """Returns the whole text of docs/options.md."""
    return INTRO + options_table((game, get_family(family)) for game, family in GAMES) + "\n"


def main() -> int:
    """Writes docs/options.md if it changed, and says so."""
    text = page()
    if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(DOC.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
