"""The "New tournament" settings of the arena: players, people, seed and the rule options T6 and T12.

`TournamentSettings` holds them, each field with how the page shows and
checks it (`widgets._toolkit.setting`); `NewTournamentControls` is the part
of `TournamentArena` that shows them as a `SettingsForm` and starts a new
tournament from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.play import Match
from toptrumps_core.protocol import Seat
from toptrumps_core.strategies import HUMAN, TournamentPlayer
from toptrumps_core.tournament.game import TournamentRules
from widgets._boundary import handler
from widgets._toolkit import (
    SeedSource,
    SettingsForm,
    big_button,
    check_settings,
    fresh_seed,
    plural,
    rule_option,
    seed_field,
    setting,
)

__all__ = ["MAX_SEATS", "MIN_SEATS", "NewTournamentControls", "TournamentSettings", "load_decks", "seat_players"]

MIN_SEATS, MAX_SEATS = 2, 6
"""Fewest and most players of a tournament (T1)."""


@dataclass(frozen=True)
class TournamentSettings:
    """Everything the "New tournament" controls set, checked before a tournament starts.

    Attributes:
        seats: Players, 2..6 (T1).
        humans: People among them, 0..seats; seats 0..humans-1 are people
            (several: hot seat; none: the class watches the computers).
        seed: The teacher's seed, a whole number 0..`DRAWN_SEED_MAX` that
            fixes every spin and computer choice; None (default): a fresh
            seed from the operating system for each tournament
            (`widgets._toolkit.seeds`).
        tie_discard, hilo_pins: The rule options T6 and T12, read from
            `TournamentRules`' declarations (`rule_option`).
    """

    seats: int = field(
        default=4,
        metadata=setting(
            "Players",
            help="How many players, people and computers (2 to 6)",
            what="the number of players",
            rule="T1",
            low=MIN_SEATS,
            high=MAX_SEATS,
        ),
    )
    humans: int = field(
        default=1,
        metadata=setting(
            "People (hot seat if 2+)",
            help="How many of the players are people; 0: the class watches the computers",
            what="the number of people",
            low=0,
            high=MAX_SEATS,
            at_most="seats",
        ),
    )
    seed: int | None = seed_field("plays the same spins")
    tie_discard: str = rule_option(TournamentRules, "tie_discard")
    hilo_pins: str = rule_option(TournamentRules, "hilo_pins")

    def check(self) -> None:
        """Checks every setting, as values set from the page can be anything (`widgets._toolkit.check_settings`).

        Raises:
            RuleOptionError: Naming the first setting that is wrong, with what
                was expected.
        """
        check_settings(self)

    def rules(self, decks: Sequence[Deck] | Deck | None) -> TournamentRules:
        """Returns the tournament's rules on `decks` (None: the bundled decks), once checked.

        Raises:
            RuleOptionError: As for `check`, or if the decks do not fit the arena (D5).
        """
        self.check()
        return TournamentRules(
            decks,
            seats=self.seats,
            tie_discard=self.tie_discard,  # type: ignore[arg-type]  # checked above
            hilo_pins=self.hilo_pins,  # type: ignore[arg-type]
        )

    def match(self, decks: Sequence[Deck] | Deck | None) -> Match:
        """Returns a new tournament with these settings: people in seats 0..humans-1, computers after.

        Its seed is `seed`, or a fresh one from the operating system if None.
        """
        seed = self.seed if self.seed is not None else fresh_seed()
        return Match(self.rules(decks), seat_players(self.seats, range(self.humans)), seed=seed)


def load_decks(decks: Sequence[str | Deck] | str | Deck | None) -> Sequence[Deck] | Deck | None:
    """Returns the arena's decks from names or `Deck`s (None: the bundled decks).

    Raises:
        DeckError: If a name is not a bundled deck.
    """
    if decks is None or isinstance(decks, Deck):
        return decks
    if isinstance(decks, str):
        return load_deck(decks)
    return [d if isinstance(d, Deck) else load_deck(d) for d in decks]


def seat_players(seats: int, humans: Iterable[Seat]) -> list[Any]:
    """Returns one player per seat: `HUMAN` for the seats in `humans`, the tournament's computer player elsewhere."""
    people = set(humans)
    return [HUMAN if seat in people else TournamentPlayer() for seat in range(seats)]


class NewTournamentControls:
    """The part of `TournamentArena` that shows the "New tournament" form and starts a tournament from it.

    A mixin of `TournamentArena`: a new tournament keeps the arena's decks
    and is put in play through the arena's `_install`.
    """

    @handler
    def new_tournament(
        self,
        seats: int | None = None,
        humans: int | None = None,
        seed: int | None = None,
        tie_discard: str | None = None,
        hilo_pins: str | None = None,
    ) -> None:
        """Starts a new tournament from the controls, with any setting given here instead.

        Every value is checked first; if one is wrong the status line says
        which and the tournament in play is untouched.
        """
        given: dict[str, Any] = {
            "seats": seats,
            "humans": humans,
            "seed": seed,
            "tie_discard": tie_discard,
            "hilo_pins": hilo_pins,
        }
        settings = self._settings_form.read(**{k: v for k, v in given.items() if v is not None})
        match = settings.match(self._rules.openings)
        self._spinner.cancel(reveal=False)
        self._seed_source: SeedSource = "drawn" if settings.seed is None else "teacher"
        self._install(match)
        self._settings_form.show(settings)  # empties the seed box: the seed stays out of the page
        people = plural(settings.humans, "person", "people")
        dealt = "seed set by the teacher" if settings.seed is not None else "a fresh seed"
        self._status.show(f"New tournament: {settings.seats} players ({people}), {dealt}.")

    def _settings_of(self, match: Match) -> TournamentSettings:
        """Returns the settings `match` was started with, but its seed (None: it stays out of the page)."""
        rules = match.rules
        assert isinstance(rules, TournamentRules)  # checked in __init__ and on resume
        return TournamentSettings(
            seats=rules.seats,
            humans=len(match.humans),
            seed=None,
            tie_discard=rules.tie_discard,
            hilo_pins=rules.hilo_pins,
        )

    def _build_settings_box(self, settings: TournamentSettings) -> None:
        self._start_button = big_button(
            "Start a new tournament", "Start a new tournament with these settings", primary=True
        )
        self._start_button.on_click(lambda _button: self.new_tournament())
        self._settings_form = SettingsForm(
            TournamentSettings,
            settings,
            rows=[("seats", "humans", "seed"), ("tie_discard",), ("hilo_pins",)],
            button=self._start_button,
        )
        self._settings_box: ipw.VBox = self._settings_form.box

    def _set_controls(self, settings: TournamentSettings) -> None:
        self._settings_form.show(settings)
