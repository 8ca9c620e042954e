"""The seed of a game in play: drawn from the operating system, kept out of the page until the game ends.

A game's seed fixes every shuffle, spin and computer choice, so anyone who
knows it (and has the package) can deal the same game at home and see every
card nobody has turned yet.  So, for every game with hidden cards (the
classic table, Hi Lo, the tournament, Squads, the Top Ten Quiz):

- by default each game's seed is drawn from the operating system's secure
  source (`secrets`), from 0 to `DRAWN_SEED_MAX`: too many to try them all
  against the cards one has seen;
- while the game runs the seed is in no widget trait, message or log: the
  page says at most "seed set by the teacher";
- when the game ends the page shows it ("replay this game: seed N"), so the
  class can replay a game they found interesting by typing it in the seed
  box;
- a teacher can still give the whole class one game: a seed typed in the
  "Seed" box of the new-game settings (or given to ``.new(seed=...)`` in a
  notebook) deals that game.  The box is emptied once the game starts, so
  the number does not stay in the page; the next "New game" with the box
  left empty is a fresh deal.

Saved games keep the seed only inside their seal
(`widgets._toolkit.save_files`).

In the app's test mode (`widgets._toolkit.clock.in_test_mode`) a game the page
deals itself gets the kernel's next known seed instead (0, then 1, 2, ...),
so a test knows every deal of the page it opened.

Example:
    >>> seed_words(1234, "teacher", over=False), seed_words(1234, "drawn", over=False)
    ('seed set by the teacher', '')
    >>> seed_words(1234, "drawn", over=True)
    'replay this game: seed 1234'
    >>> read_seed(" 42 "), read_seed("")
    (42, None)
"""

from __future__ import annotations

import itertools
from typing import Literal

import ipywidgets as ipw

from toptrumps_core import chance
from toptrumps_core.chance import FRESH_SEED_MAX
from toptrumps_core.errors import RuleOptionError
from widgets._toolkit.clock import in_test_mode

__all__ = [
    "DRAWN_SEED_MAX",
    "SEED_BOX_HELP",
    "SEED_BOX_PLACEHOLDER",
    "TEACHER_SEED",
    "SeedSource",
    "fresh_seed",
    "read_seed",
    "seed_box",
    "seed_words",
]

DRAWN_SEED_MAX = FRESH_SEED_MAX
"""Largest seed a game draws or the seed box accepts (fifteen digits, so a page's number stays exact)."""
TEACHER_SEED = "seed set by the teacher"
"""What the page says, while the game runs, of a seed the teacher chose."""
SEED_BOX_PLACEHOLDER = "empty: a new deal"
"""What the empty seed box says."""
SEED_BOX_HELP = (
    "Leave empty for a fresh deal. To give the whole class the same game, everyone types the same "
    f"whole number (0 to {DRAWN_SEED_MAX:,}); the page then hides it until the game ends"
)
"""The seed box's tooltip."""

_test_seeds = itertools.count()

SeedSource = Literal["teacher", "drawn", "saved"]
"""Where a game's seed came from: a teacher (a number typed or given in a
notebook), drawn by the page, or a resumed saved game."""


def fresh_seed() -> int:
    """Returns the seed of a game the page deals itself, 0..`DRAWN_SEED_MAX`.

    From the operating system's secure source (`toptrumps_core.chance.fresh_seed`);
    in the app's test mode, the kernel's next known seed: 0, then 1, 2, ...
    """
    if in_test_mode():
        return next(_test_seeds)
    return chance.fresh_seed()


def seed_words(seed: object, source: SeedSource, *, over: bool) -> str:
    """Returns what the page may say of a game's seed: nothing, "seed set by the teacher", or the seed once over.

    Args:
        seed: The game's seed (shown only when `over`).
        source: Where it came from (`SeedSource`).
        over: True once the game has ended.
    """
    if over:
        return f"replay this game: seed {seed}"
    return TEACHER_SEED if source == "teacher" else ""


def read_seed(text: object, *, what: str = "the seed") -> int | None:
    """Returns the seed typed in a seed box: None when empty (a fresh deal), else the whole number.

    Args:
        text: The box's value, as the page set it (anything).
        what: How the error names the setting.

    Raises:
        RuleOptionError: If `text` is not empty nor a whole number 0..`DRAWN_SEED_MAX`.

    Example:
        >>> try:
        ...     read_seed("1,000")
        ... except RuleOptionError as err:
        ...     print(str(err)[-42:])
        from 0 to 999,999,999,999,999; got '1,000'
    """
    given = text.strip() if isinstance(text, str) else text
    if given in ("", None):
        return None
    if isinstance(given, str) and given.isascii() and given.isdigit() and len(given) <= len(str(DRAWN_SEED_MAX)):
        return int(given)
    shown = given[:40] if isinstance(given, str) else given
    raise RuleOptionError(
        f"{what} must be empty (a new deal) or a whole number from 0 to {DRAWN_SEED_MAX:,}; got {shown!r}"
    )


def seed_box(label: str = "Seed", *, help: str = SEED_BOX_HELP) -> ipw.Text:
    """Returns an empty "Seed" box: empty for a fresh deal, or the teacher's number."""
    return ipw.Text(
        value="",
        placeholder=SEED_BOX_PLACEHOLDER,
        description=label,
        tooltip=help,
        style={"description_width": "initial"},
        layout=ipw.Layout(width="260px"),
    )
