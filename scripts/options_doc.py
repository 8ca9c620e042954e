"""Writes docs/options.md: the table of every game's rule options, made from the options' specifications.

Run it after declaring, renaming or rewording a rule option, then review the
diff of docs/options.md before committing it:

    .venv/bin/python scripts/options_doc.py

The games are read from the registered game families
(`toptrumps_core.game_families()`), so a new family's options appear here
without editing this script.  `tests/core/test_options_doc.py` checks that
the page equals a fresh one and that every registered game family's options
are in it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from toptrumps_core.families import BUILT_IN, GameFamily, game_families
from toptrumps_core.narration.words import and_list
from toptrumps_core.options import OptionSpec, option_specs, options_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "options.md"


def tabled_games(families: Sequence[GameFamily]) -> list[tuple[GameFamily, list[GameFamily]]]:
    """Returns each family whose options the table lists, with the later families that play with the same options.

    Families come in `game_families` order; a family whose rules class
    declares exactly the options of an earlier one (each mini-game and the
    Finale, the tournament's) is not listed again but named after it; a
    family with no options is left out.
    """
    tabled: dict[tuple[OptionSpec, ...], tuple[GameFamily, list[GameFamily]]] = {}
    for family in families:
        specs = option_specs(family.rules_class)
        if not specs:
            continue
        if specs in tabled:
            tabled[specs][1].append(family)
        else:
            tabled[specs] = (family, [])
    return list(tabled.values())


INTRO = """\
# Rule options

Every rule option of every game: its name in RULES.md's words, the rule it
comes from, its default, what it allows, and its label and help text as a
pupil or teacher reads them in the settings.  Pass an option to a rules
class by its name, for example `ClassicRules(deck, seats=3, no_data="loses")`;
a value it does not allow is refused with a `RuleOptionError` that names the
option, says what it allows and cites the rule.

This page is written by `scripts/options_doc.py` from the options'
specifications (`toptrumps_core.options`); do not edit it by hand.

"""


def page(families: Sequence[GameFamily] | None = None) -> str:
    """Returns the whole text of docs/options.md: one table of the game families' options.

    Args:
        families: The families to document, in order; None: every family of
            the core (`toptrumps_core.families.BUILT_IN`), as
            `game_families` gives them.
    """
    if families is None:
        families = [family for family in game_families() if family.name in BUILT_IN]
    games = tabled_games(families)
    table = options_table((_named(family, first=True), family.rules_class) for family, _ in games)
    shared = [
        f"{and_list([_named(same, first=n == 0) for n, same in enumerate(sharing)])} play with the options of "
        f"{_named(family)}."
        for family, sharing in games
        if sharing
    ]
    return INTRO + table + "\n" + "".join(f"\n{line}\n" for line in shared)


def _named(family: GameFamily, *, first: bool = False) -> str:
    """Returns the family's title for a sentence: "The tournament" first, "the tournament" after."""
    title = family.title or family.name
    return title if first or not title.startswith("The ") else "the " + title[4:]


def main() -> int:
    """Writes docs/options.md if it changed, and says so."""
    text = page()
    if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(DOC.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
