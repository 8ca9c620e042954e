"""`RulesPanel`: the one place of a game's page that names rules by their RULES.md IDs, for the teacher.

Pupils read rules in words: the narration, the labels and the settings
never name a rule by its ID (C5, T12, S3...).  A teacher following RULES.md
still wants the IDs, so each game's page ends with one closed disclosure,
"Rules in play (for the teacher)", that lists them for the game in play:

- the rules the game plays (its family's IDs, e.g. "C1-C12");
- each of its rule options with its rule ID, its label and the choice in
  play ("C6 · A card shows n/a: n/a makes a tie");
- the rules the game has applied so far, each with how many times, read
  from the narration (`toptrumps_core.narration.Sentence.rules`).

The panel reads the game when it is opened (and on `refresh`), so a view
only hands it a way to get the match in play.  Everything in it carries the
CSS class `RULES_PANEL_CLASS`; the test of the pupils' words skips that
subtree and nothing else.

Example:
    >>> from toptrumps_core.classic import ClassicRules
    >>> from toptrumps_core.deckfiles import load_deck
    >>> from toptrumps_core.play import Match
    >>> match = Match(ClassicRules(load_deck("animals"), seats=2), seed=3)
    >>> _ = match.advance(max_steps=4)
    >>> panel = RulesPanel(lambda: match)
    >>> panel.expand()
    >>> panel.applied["C2"], "C6 · A card shows n/a: n/a makes a tie" in panel.body.children[0].value
    (1, True)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import ipywidgets as ipw

from toptrumps_core.families import get_game
from toptrumps_core.narration import Sentence
from toptrumps_core.options import option_specs
from toptrumps_core.protocol import Event
from widgets._toolkit.disclosure import Disclosure
from widgets._toolkit.words import esc

__all__ = ["RULES_PANEL_CLASS", "RulesPanel"]

RULES_PANEL_CLASS = "tt-rules-panel"
"""The CSS class of the rules panel: the one part of a page allowed to name rules by their IDs."""

_ID = re.compile(r"([A-Z])(\d+)")


class _Game(Protocol):
    """What the panel reads of a game in play (a core `Match`)."""

    rules: Any
    start: Any
    events: list[Event]


@runtime_checkable
class _Telling(Protocol):
    """A narrator that gives the rules each sentence applies (the core's narrators do)."""

    def tell_all(self, events: Sequence[Event]) -> list[Sentence]: ...


def _order(rule: str) -> tuple[str, int]:
    """Returns a sort key putting "C2" before "C10": ("C", 2)."""
    found = _ID.fullmatch(rule)
    return (found.group(1), int(found.group(2))) if found else (rule, 0)


class RulesPanel(Disclosure):
    """A closed "Rules in play" disclosure listing, by RULES.md ID, the rules the game in play plays and applied.

    Args:
        game: Returns the game in play (a core `Match`), or None while there
            is none (a quiz not started yet).
    """

    def __init__(self, game: Callable[[], _Game | None]) -> None:
        self._game = game
        self._applied: Counter[str] = Counter()
        self._text = ipw.HTML()
        super().__init__("Rules in play (for the teacher)", [self._text], what="the RULES.md rules this game plays")
        self.add_class(RULES_PANEL_CLASS)
        self.toggle.observe(lambda change: self.refresh() if change["new"] else None, names="value")

    @property
    def applied(self) -> Mapping[str, int]:
        """How many narrated lines applied each rule so far, by rule ID in RULES.md's order (as last read)."""
        return {rule: self._applied[rule] for rule in sorted(self._applied, key=_order)}

    def refresh(self) -> None:
        """Reads the game in play again and lists its rules (it does so each time it is opened)."""
        game = self._game()
        parts = []
        self._applied.clear()
        if game is None:
            parts.append("<p>No game in play yet.</p>")
        else:
            family = get_game(str(game.rules.family))
            if family.rule_ids:
                parts.append(f"<p>{esc(family.title or family.name)}: rules {esc(family.rule_ids)} of RULES.md.</p>")
            options = [
                f"<li>{esc(spec.rule)} · {esc(spec.label)}: {esc(spec.words(getattr(game.rules, spec.name)))}</li>"
                for spec in option_specs(game.rules)
            ]
            if options:
                parts.append(f"<p>Rule options:</p><ul>{''.join(options)}</ul>")
            narrator = family.make_narrator(game.rules, None, game.start) if family.narrator is not None else None
            if isinstance(narrator, _Telling):
                self._applied.update(rule for sentence in narrator.tell_all(game.events) for rule in sentence.rules)
            applied = ", ".join(f"{esc(rule)} ×{count}" for rule, count in self.applied.items())
            parts.append(f"<p>Applied so far: {applied or 'none yet'}.</p>")
        self._text.value = f'<div class="tt-rules-list">{"".join(parts)}</div>'
