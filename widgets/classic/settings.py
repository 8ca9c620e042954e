"""The classic table's settings: what the "New game" controls set, checked before a game starts.

`TableSettings` is a frozen dataclass whose fields carry their label, help
text, range or choices and rule ID (`widgets._toolkit.settings_form.setting`;
the rule options' come from `ClassicRules`' own declarations, `rule_option`),
so `settings_form` builds the "New game" form from it and `TableSettings.check`
reports a bad value kindly.  `build_match` starts a game for settings, and
`settings_of` reads the settings back off a match the table was given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS, ClassicRules, ClassicView
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.options import option_specs
from toptrumps_core.play import Match
from toptrumps_core.strategies import DIFFICULTIES, HUMAN, CardCounting, Human, Strategy
from widgets._toolkit import (
    OWN_DECK,
    Heading,
    SettingsForm,
    check_settings,
    deck_dropdown,
    fresh_seed,
    rule_option,
    seed_field,
    setting,
)

__all__ = [
    "FORM_ROWS",
    "LOOK_AT_LAST_DEFAULT",
    "LOOK_AT_LAST_MAX",
    "ROUND_LIMIT_DEFAULT",
    "ROUND_LIMIT_MAX",
    "RULE_DEFAULTS",
    "RULE_OPTIONS",
    "TableSettings",
    "build_match",
    "check_option_names",
    "computer",
    "settings_form",
    "settings_of",
]

LOOK_AT_LAST_DEFAULT = 3
"""The value the ``look_at_last`` switch turns on (rule C10, seed 001)."""
LOOK_AT_LAST_MAX = 20
"""Largest ``look_at_last`` the page accepts (rule C10)."""
ROUND_LIMIT_DEFAULT = 50
"""The value the ``round_limit`` switch turns on (rule C11)."""
ROUND_LIMIT_MAX = 100_000
"""Largest ``round_limit`` the page accepts (rule C11)."""

RULE_OPTIONS = tuple(spec.name for spec in option_specs(ClassicRules) if spec.for_people)
"""The classic rule options a table sets, by their RULES.md names (every one a person sets)."""


@dataclass(frozen=True)
class TableSettings:
    """Everything the "New game" controls set, checked before a game starts.

    Attributes:
        deck: A bundled deck name (`toptrumps_core.bundled_decks`), or "" for
            the deck of the match the table was built with.
        seats: Players at the table, 2..6 (rule C1).
        humans: Human players, 1..seats; seats 0..humans-1 are human.
        difficulty: Computer players' level, a key of `DIFFICULTIES`.
        seed: The teacher's seed, a whole number 0..`DRAWN_SEED_MAX` that
            fixes the deal and computer choices; None (default) for a seed
            drawn fresh from the operating system for each game
            (`widgets._toolkit.seeds`).
        leftover, collect_order, no_data: The rule options C2, C4 and C6,
            read from `ClassicRules`' declarations (`rule_option`).
        look_at_last: Rule C10 option: None (default, off) or 2..20 here.
        round_limit: Rule C11 option: None (default, off) or 1..100,000 here.
    """

    deck: str = field(
        default="animals",
        metadata=setting(
            "Deck",
            help="Which deck of cards to play with",
            refuse="there is no deck called {value!r}; choose one of {offered}",
        ),
    )
    seats: int = field(
        default=3,
        metadata=setting(
            "Players (seats)",
            help="How many players sit at the table, people and computers",
            what="the number of players",
            low=MIN_SEATS,
            high=MAX_SEATS,
            rule="C1",
        ),
    )
    humans: int = field(
        default=1,
        metadata=setting(
            "People (hot seat if 2+)",
            help="How many of the players are people; the rest are computers",
            what="the number of human players",
            low=1,
            high=MAX_SEATS,
            at_most="seats",
        ),
    )
    difficulty: str = field(
        default="medium",
        metadata=setting(
            "Computer level",
            help="easy: random; medium: best value; hard: best rank; expert: counts cards exactly",
            what="difficulty",
            choices=tuple(DIFFICULTIES),
        ),
    )
    seed: int | None = seed_field("deals the same game")
    leftover: str = rule_option(ClassicRules, "leftover")
    collect_order: str = rule_option(ClassicRules, "collect_order")
    no_data: str = rule_option(ClassicRules, "no_data")
    look_at_last: int | None = rule_option(
        ClassicRules,
        "look_at_last",
        high=LOOK_AT_LAST_MAX,
        number_label="cards",
        number_help="How many cards or fewer (2 or more; usually 3)",
        on_value=LOOK_AT_LAST_DEFAULT,
    )
    round_limit: int | None = rule_option(
        ClassicRules,
        "round_limit",
        high=ROUND_LIMIT_MAX,
        number_label="comparisons",
        number_help="How many comparisons (1 or more)",
        number_width="240px",
        on_value=ROUND_LIMIT_DEFAULT,
    )

    def rule_options(self) -> dict[str, Any]:
        """Returns the rule options by their RULES.md names, for `ClassicRules`."""
        return {name: getattr(self, name) for name in RULE_OPTIONS}

    def check(self, decks: Sequence[str]) -> None:
        """Checks every setting, as values set from the page can be anything.

        Args:
            decks: The deck names on offer (bundled decks, and "" when the
                table has its own deck).

        Raises:
            RuleOptionError: Naming the first setting that is wrong, with what
                was expected (and the rule ID).
        """
        check_settings(self, choices={"deck": tuple(decks)})


RULE_DEFAULTS: Mapping[str, object] = MappingProxyType(
    {f.name: f.default for f in fields(TableSettings) if f.name in RULE_OPTIONS}
)
"""Each classic rule option's default, by its RULES.md name."""

FORM_ROWS = (
    ("deck", "seats", "humans"),
    ("difficulty", "seed"),
    Heading("Rules"),
    ("leftover",),
    ("collect_order",),
    ("no_data",),
    ("look_at_last",),
    ("round_limit",),
)
"""How the "New game" form is laid out, top to bottom."""


def check_option_names(options: Mapping[str, object]) -> None:
    """Raises RuleOptionError naming the first of `options` that is not a classic rule option."""
    unknown = sorted(set(options) - set(RULE_OPTIONS))
    if unknown:
        raise RuleOptionError(f"unknown rule option {unknown[0]!r}; expected one of {', '.join(RULE_OPTIONS)}")


def settings_form(
    settings: TableSettings, decks: Sequence[str], *, own: Deck | None, button: ipw.Button
) -> SettingsForm[TableSettings]:
    """Returns the "New game" form showing `settings`, with `button` under it.

    Args:
        settings: The settings shown first.
        decks: The deck names on offer ("" for `own`).
        own: The table's own deck (not bundled), offered first; None if none.
        button: The "New game" button.
    """
    deck = deck_dropdown(
        settings.deck, own=own, own_note="this game's deck", tooltip="Which deck of cards to play with"
    )
    return SettingsForm(
        TableSettings, settings, choices={"deck": tuple(decks)}, controls={"deck": deck}, rows=FORM_ROWS, button=button
    )


def computer(difficulty: str, no_data: str) -> Strategy[ClassicView]:
    """Returns the computer player for `difficulty`, told the game's C6 option."""
    strategy = DIFFICULTIES[difficulty]
    if isinstance(strategy, CardCounting):
        strategy = replace(strategy, no_data=no_data)
    return strategy


def build_match(deck: Deck, settings: TableSettings) -> Match:
    """Returns a new match for `settings` (not yet dealt), with a fresh seed unless the settings give one.

    Raises:
        RuleOptionError: If the rules refuse an option.
    """
    rules = ClassicRules(deck, seats=settings.seats, **settings.rule_options())
    strategies: list[Strategy[ClassicView] | Human] = [HUMAN] * settings.humans
    strategies += [computer(settings.difficulty, settings.no_data)] * (settings.seats - settings.humans)
    return Match(rules, strategies, seed=settings.seed if settings.seed is not None else fresh_seed())


def settings_of(match: Match, base: TableSettings | None) -> TableSettings:
    """Returns the settings that describe `match`, its deck as the table's own (deck ""), its seed left out (None).

    Args:
        match: A classic match.
        base: Settings to take the computers' level from; None to recognise
            it from the match's first computer seat.
    """
    rules = match.rules
    assert isinstance(rules, ClassicRules)
    computers = [s for s in match.strategies if not isinstance(s, Human)]
    difficulty = base.difficulty if base is not None else "medium"
    if base is None and computers:
        for name, strategy in DIFFICULTIES.items():
            if type(strategy) is type(computers[0]):
                difficulty = name
                break
    options = {k: v for k, v in rules.options().items() if k in RULE_OPTIONS}
    return TableSettings(
        deck=OWN_DECK,
        seats=rules.seats,
        humans=max(1, len(match.humans)),
        difficulty=difficulty,
        seed=None,  # the game's own seed stays out of the page (and out of the form) while it runs
        **options,
    )
