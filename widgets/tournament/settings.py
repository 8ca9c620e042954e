"""The "New tournament" settings of the arena: players, people, seed and the rule options T6 and T12.

`TournamentSettings` holds and checks them (values set from the page can be
anything); `NewTournamentControls` is the part of `TournamentArena` that
shows them as controls and starts a new tournament from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.protocol import Seat
from toptrumps_core.strategies import HUMAN
from toptrumps_core.tournament.game import (
    TournamentRules,
)
from toptrumps_core.tournament.strategies import TournamentPlayer
from widgets._boundary import handler
from widgets._common import (
    DEFAULT_SEED,
    SEED_MAX,
    big_button,
    is_whole,
    number_dropdown,
    plural,
    rule_toggle,
    seed_text,
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
        seed: Whole number 0..`SEED_MAX`; fixes every spin and computer choice.
        tie_discard: Rule T6 option, ``"all"`` (default) or ``"tied_only"``.
        hilo_pins: Rule T12 option, ``"per_call"`` (default) or ``"complete_run"``.
    """

    seats: int = 4
    humans: int = 1
    seed: int = DEFAULT_SEED
    tie_discard: str = "all"
    hilo_pins: str = "per_call"

    def check(self) -> None:
        """Checks every setting, as values set from the page can be anything.

        Raises:
            RuleOptionError: Naming the first setting that is wrong, with what
                was expected.
        """
        if not is_whole(self.seats) or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise RuleOptionError(
                f"the number of players must be a whole number from {MIN_SEATS} to {MAX_SEATS}; got {self.seats!r}"
            )
        if not is_whole(self.humans) or not 0 <= self.humans <= self.seats:
            raise RuleOptionError(
                f"the number of people must be from 0 to the number of players ({self.seats}); got {self.humans!r}"
            )
        if not is_whole(self.seed) or not 0 <= self.seed <= SEED_MAX:
            raise RuleOptionError(f"the seed must be a whole number from 0 to {SEED_MAX:,}; got {self.seed!r}")
        if self.tie_discard not in ("all", "tied_only"):
            raise RuleOptionError(f"tie_discard must be 'all' or 'tied_only' (rule T6); got {self.tie_discard!r}")
        if self.hilo_pins not in ("per_call", "complete_run"):
            raise RuleOptionError(f"hilo_pins must be 'per_call' or 'complete_run' (rule T12); got {self.hilo_pins!r}")


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
    """The part of `TournamentArena` that shows the "New tournament" controls and starts one from them."""

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
        settings = self._settings_from_controls()
        given: dict[str, Any] = {
            "seats": seats,
            "humans": humans,
            "seed": seed,
            "tie_discard": tie_discard,
            "hilo_pins": hilo_pins,
        }
        settings = replace(settings, **{k: v for k, v in given.items() if v is not None})
        settings.check()
        rules = TournamentRules(
            self._rules.openings,
            seats=settings.seats,
            tie_discard=settings.tie_discard,  # type: ignore[arg-type]
            hilo_pins=settings.hilo_pins,  # type: ignore[arg-type]
        )
        match = Match(rules, seat_players(settings.seats, range(settings.humans)), seed=settings.seed)
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(settings)
        people = plural(settings.humans, "person", "people")
        self._status.show(f"New tournament: {settings.seats} players ({people}), seed {settings.seed}.")

    # -- new-tournament controls ---------------------------------------------------------------------

    def _settings_of(self, match: Match) -> TournamentSettings:
        rules = match.rules
        assert isinstance(rules, TournamentRules)  # checked in __init__ and on resume
        seed = (
            match.seed
            if isinstance(match.seed, int) and is_whole(match.seed) and 0 <= match.seed <= SEED_MAX
            else DEFAULT_SEED
        )
        return TournamentSettings(
            seats=rules.seats,
            humans=len(match.humans),
            seed=seed,
            tie_discard=rules.tie_discard,
            hilo_pins=rules.hilo_pins,
        )

    def _build_settings_box(self, settings: TournamentSettings) -> None:
        seats = number_dropdown(
            "Players",
            range(MIN_SEATS, MAX_SEATS + 1),
            settings.seats,
            "How many players, people and computers (2 to 6)",
        )
        humans = number_dropdown(
            "People (hot seat if 2+)",
            range(0, MAX_SEATS + 1),
            settings.humans,
            "How many of the players are people; 0: the class watches the computers",
        )
        seed = seed_text(settings.seed, what="plays the same spins")
        tie = rule_toggle(
            "tie_discard",
            "T6",
            ("all", "tied_only"),
            settings.tie_discard,
            ("A tie: everyone discards and compares again", "A tie: only the tied players compare again"),
        )
        hilo = rule_toggle(
            "hilo_pins",
            "T12",
            ("per_call", "complete_run"),
            settings.hilo_pins,
            ("One pin per right call", "Two pins only for both calls right"),
        )
        self._start_button = big_button(
            "Start a new tournament", "Start a new tournament with these settings", primary=True
        )
        self._start_button.on_click(lambda _button: self.new_tournament())
        self._control_map: dict[str, ipw.ValueWidget] = {
            "seats": seats,
            "humans": humans,
            "seed": seed,
            "tie_discard": tie,
            "hilo_pins": hilo,
        }
        self._settings_box = ipw.VBox(
            [
                ipw.HBox([seats, humans, seed], layout=ipw.Layout(flex_flow="row wrap")),
                tie,
                hilo,
                self._start_button,
            ]
        )
        self._settings_box.add_class("tt-settings")

    def _settings_from_controls(self) -> TournamentSettings:
        c = self._control_map
        return TournamentSettings(
            seats=c["seats"].value,
            humans=c["humans"].value,
            seed=c["seed"].value,
            tie_discard=c["tie_discard"].value,
            hilo_pins=c["hilo_pins"].value,
        )

    def _set_controls(self, settings: TournamentSettings) -> None:
        for name in ("seats", "humans", "seed", "tie_discard", "hilo_pins"):
            value = getattr(settings, name)
            if self._control_map[name].value != value:
                self._control_map[name].value = value
