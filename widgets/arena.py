"""`TournamentArena`: the Top Trumps Tournament (rules T1-T16) at a classroom screen.

A thin view over a core `Match` of `TournamentRules`, for 2-6 players, any mix of people and computers:

- the card arena with its six openings (deck names and stack sizes), the
  spinner and every player's pin track, drawn by
  `toptrumps_core.tournament.svg`; beside each track the last award and the
  Pin Master who handed it out (`PinAwarded`, T1);
- the spinner moves in the browser to the sector the core has already drawn
  (`widgets.spinner.Spinner`): a person spins on their own turn with the spin
  control, a computer's spin runs on "Next ▶";
- a panel for the mini-game being played: Hi Lo (three cards face down,
  higher/lower buttons, the turned cards face up), Shoot Out (everyone's card
  shown once compared), and the duel table of Head to Head, My Game and the
  Finale (each player's hand size and discards, everyone's revealed cards,
  the current player's own top card with one button per legal category; the
  category T8 forbids is shown disabled, with the reason); buttons for the
  opponent, the deck, whom to rob and higher or lower; the Finale's card
  counts (T16); and the winner screen;
- the order of play with the turn passing left (T3), and a log of every
  event, newest first;
- "Next ▶" takes one computer or chance step (a spin, a choice, one
  comparison); "Fast-forward ⏩" runs until a person must act;
- several people share one screen ("hot seat"): before a person's own card
  is shown, a "Pass to Player N" screen hides it until they press ready;
- "Save" writes the game record (`GameRecord.to_json`, plus which seats are
  people) into ``saves/`` and names the file; a saved file, picked from that
  folder or uploaded, resumes the tournament (`resume`); a bad file gets a
  friendly message and the game in play is untouched.

`TournamentExperiment` runs many computer tournaments
(`toptrumps_core.tournament.experiments.tournament_stats`) and charts how
many mini-games a tournament takes and which mini-game began the Finale.

Hidden information never reaches a synced trait: the page gets public facts
(pins, stack sizes, discards, revealed and face-up cards) and the top card of
the person whose turn it is; never another player's cards, a face-down Hi Lo
card, the order of a stack, the `Match` or the state.  Values set from the
page (settings, uploads, file names) are checked before use, and every
handler runs inside the one error boundary (`widgets._boundary`).

Example:
    >>> arena = TournamentArena.new(seats=3, humans=1, seed=5)
    >>> arena.fast_forward()
    >>> arena.match.waiting_for in (0, None) and len(arena.log_lines) > 0
    True
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, Literal

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.events import GameEnded
from toptrumps_core.play import Match
from toptrumps_core.protocol import CHANCE, Action, Event, Outcome, Seat, Termination
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import HUMAN
from toptrumps_core.tournament import svg as tsvg
from toptrumps_core.tournament.arena import SECTORS, CardsDealt, CardsReturned, DeckSpun, MiniGameOver, Sector
from toptrumps_core.tournament.arena import Stage as MiniStage
from toptrumps_core.tournament.duel import (
    CardsDiscarded,
    CardsDrawn,
    CardsRevealed,
    ChooserPassed,
    ComparisonTied,
    ComparisonWon,
    DuelWon,
    PlayerOut,
    StayerDrawn,
    TieSettled,
)
from toptrumps_core.tournament.experiments import MAX_TOURNAMENTS, TournamentStats, tournament_stats
from toptrumps_core.tournament.finale import (
    PIN_LIMIT,
    DeckShuffled,
    FinaleCardsAllotted,
    FinaleUncontested,
    FinaleWon,
    FirstChooserDrawn,
)
from toptrumps_core.tournament.game import (
    FinaleBegan,
    MiniGameSpun,
    Phase,
    StarterDrawn,
    TournamentRules,
    TurnPassed,
)
from toptrumps_core.tournament.head_to_head import OpponentPicked, PickOpponent
from toptrumps_core.tournament.hilo import (
    Call,
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoLaid,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoStackRanOut,
    HiLoTurned,
)
from toptrumps_core.tournament.my_game import DeckPicked, PickDeck
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.steal_a_pin import NothingToSteal, Rob
from toptrumps_core.tournament.strategies import TournamentPlayer
from widgets._boundary import LOGGER_NAME, handler
from widgets._common import (
    DEFAULT_SEED,
    SEED_MAX,
    Experiment,
    SeatedView,
    SeatNames,
    and_list,
    big_button,
    count_slider,
    esc,
    figure_svg,
    html_widget,
    is_whole,
    log_html,
    number_dropdown,
    pass_panel,
    plural,
    rule_toggle,
    seed_text,
    swap_children,
    value_text,
    whole,
)
from widgets._style import style_sheet
from widgets.spinner import SPIN_SECONDS, Schedule, Sleep, Spinner

__all__ = [
    "DEFAULT_SEED",
    "FAST_FORWARD_MAX_ACTIONS",
    "LOG_LINES",
    "MAX_UPLOAD_BYTES",
    "SAVES_FOLDER",
    "SEED_MAX",
    "TournamentArena",
    "TournamentExperiment",
    "TournamentSettings",
]

LOG_LINES = 80
"""How many lines the log keeps, newest first."""
FAST_FORWARD_MAX_ACTIONS = 5_000
"""Most computer and chance actions one click of "Fast-forward ⏩" takes."""
MAX_UPLOAD_BYTES = 5_000_000
"""Largest saved file the page may upload (bytes)."""
SAVES_FOLDER = "saves"
"""Where "Save" writes, relative to the working folder (the notebook's, under Voilà)."""
PLAYERS_KEY = "players"
"""Key the save file adds beside the game record: ``"human"`` or ``"computer"`` per seat."""

_MAX_CHANCE_STEPS = 100
_log = logging.getLogger(LOGGER_NAME)
_MIN_SEATS, _MAX_SEATS = 2, 6

Screen = Literal["over", "spinning", "pass", "spin", "choose", "watch"]
"""What the page asks for now: nothing (the winner screen), a wait while the
arrow spins, the hot-seat pass screen, a person's spin, a person's choice, or
"Next ▶" for the computers."""

_RULE_IDS: Mapping[Sector, str] = {
    Sector.MY_GAME: "T10",
    Sector.HEAD_TO_HEAD: "T9",
    Sector.SHOOT_OUT: "T11",
    Sector.HI_LO: "T12",
    Sector.STEAL_A_PIN: "T13",
    Sector.GRAB_TWO_PINS: "T14",
}
_PRIZES: Mapping[Sector, str] = {
    Sector.MY_GAME: "everyone plays; the last player holding cards gets 2 pins",
    Sector.HEAD_TO_HEAD: "two players; the last one holding cards gets 1 pin",
    Sector.SHOOT_OUT: "one card each; the best value gets 1 pin",
    Sector.HI_LO: "the active player alone calls higher or lower; up to 2 pins",
    Sector.STEAL_A_PIN: "take a pin from another player's track",
    Sector.GRAB_TWO_PINS: "take 2 pins from the supply",
}

ARENA_CSS = """
<style>
.tt-arena-main { gap: 18px; }
.tt-arena-left { flex: 1 1 640px; min-width: 420px; }
.tt-arena-right { flex: 0 1 540px; min-width: 340px; }
.tt-order .widget-html-content { font-size: 20px; }
.tt-order b { text-decoration: underline; }
.tt-panel-head .widget-html-content { font-size: 26px; font-weight: 800; line-height: 1.25; }
.tt-panel-sub { display: block; font-size: 18px; font-weight: 400; color: #4A5568; }
.tt-seats { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin: 4px 0 8px 0; }
.tt-seat { margin: 0; text-align: center; background: #FFFFFF; border: 2px solid #C9D3E0; border-radius: 12px;
  padding: 6px 8px; width: 170px; }
.tt-seat-now { border: 4px solid #1D5FA8; }
.tt-seat figcaption { font-size: 18px; font-weight: 700; }
.tt-seat svg { width: 130px; height: auto; display: block; margin: 0 auto; }
.tt-discards { display: block; font-size: 16px; font-weight: 400; color: #4A5568; }
.tt-row-cards { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.tt-row-cards figure { margin: 0; text-align: center; font-size: 18px; font-weight: 700; }
.tt-pic svg, .tt-spinner-box svg, .tt-board svg { max-width: 100%; height: auto; display: block; }
.tt-say { font-size: 22px; margin: 6px 0; }
.tt-say-big { font-size: 26px; font-weight: 800; margin: 6px 0; }
.tt-spin-text { font-size: 26px; text-align: center; min-height: 1.4em; margin: 2px 0 6px 0; }
.tt-spinner { align-items: center; }
.tt-choices { flex-flow: row wrap; gap: 8px; margin: 6px 0; }
.tt-arena-left .widget-hbox, .tt-save .widget-hbox { gap: 10px; }
.tt-table .jupyter-button.tt-choice { height: auto; min-height: 52px; font-size: 21px; font-weight: 700;
  padding: 8px 16px; border-radius: 10px; white-space: normal; text-align: left; margin: 0; }
.tt-table .jupyter-button.tt-choice:disabled { border-style: dashed; color: #4A5568; opacity: 1; }
.tt-winner { font-size: 44px; font-weight: 900; margin: 4px 0 10px 0; }
.tt-finale-table { border-collapse: collapse; font-size: 20px; margin: 6px 0; }
.tt-finale-table th, .tt-finale-table td { border-bottom: 1px solid #C9D3E0; padding: 4px 14px; text-align: left; }
.tt-save .widget-label, .tt-save .widget-html-content { font-size: 18px; }
</style>
"""
"""Styles of the arena page, on top of `widgets._style.CSS` (no script)."""


# -- settings ---------------------------------------------------------------------------


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
        if not is_whole(self.seats) or not _MIN_SEATS <= self.seats <= _MAX_SEATS:
            raise RuleOptionError(
                f"the number of players must be a whole number from {_MIN_SEATS} to {_MAX_SEATS}; got {self.seats!r}"
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


def _load_decks(decks: Sequence[str | Deck] | str | Deck | None) -> Sequence[Deck] | Deck | None:
    """Returns the arena's decks from names or `Deck`s (None: the bundled decks)."""
    if decks is None or isinstance(decks, Deck):
        return decks
    if isinstance(decks, str):
        return load_deck(decks)
    return [d if isinstance(d, Deck) else load_deck(d) for d in decks]


def _strategies(seats: int, humans: Iterable[Seat]) -> list[Any]:
    people = set(humans)
    return [HUMAN if seat in people else TournamentPlayer() for seat in range(seats)]


# -- what happened in a mini-game -----------------------------------------------------------------


@dataclass
class _Context:
    """What the log needs to know while reading events in order."""

    active: Seat | None = None
    sector: Sector | None = None
    finale: bool = False
    opening: int | None = None
    category: int | None = None


@dataclass(frozen=True)
class _HiLoRow:
    """Hi Lo's row as the events showed it: face-up cards by slot, put-aside cards, calls."""

    faces: tuple[int | None, ...]
    put_aside: tuple[int, ...]
    category: int | None
    calls: tuple[tuple[int, str, bool], ...]
    pins: int | None


# -- the widget --------------------------------------------------------------------------------


class TournamentArena(SeatedView):
    """The Top Trumps Tournament over a core `Match` (rules T1-T16).

    Build one with `TournamentArena.new` in a notebook cell; the cell
    displays it.  The buttons call the public methods below, which tests call
    too.

    Args:
        match: The tournament to show: `HUMAN` seats are played through the
            page, the others by their strategies.  A match not yet started
            has its first chance step (who starts) taken.
        saves_dir: Where "Save" writes; None: ``saves/`` in the working folder.
        spin_seconds: How long the spinner spins (0: no animation).
        spin_schedule: Injected into the `Spinner` (tests); None: the running
            event loop.
        spin_sleep: Injected into the `Spinner` (tests); None: `asyncio.sleep`.
        settings: What the "New tournament" controls start from; None: read
            off `match`.

    Raises:
        RuleOptionError: If `match` is not a tournament.
    """

    def __init__(
        self,
        match: Match,
        *,
        saves_dir: str | os.PathLike[str] | None = None,
        spin_seconds: float = SPIN_SECONDS,
        spin_schedule: Schedule | None = None,
        spin_sleep: Sleep | None = None,
        settings: TournamentSettings | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(match.rules, TournamentRules):
            raise RuleOptionError(f"TournamentArena plays TournamentRules; got {type(match.rules).__name__}")
        self._start_view(snapshot=self._snapshot)
        self._saves_dir = Path(saves_dir) if saves_dir is not None else Path(SAVES_FOLDER)
        self._buttons: dict[str, ipw.Button] = {}
        self._choices: dict[str, Action] = {}
        self._notes: list[str] = []
        self._mini_events: list[Event] = []
        self._ctx = _Context()
        self._last_spin: tuple[str, int, Seat | None, bool] | None = None
        self._saved_name = ""

        self._title = html_widget("tt-title")
        self._turn = html_widget("tt-turn")
        self._order = html_widget("tt-order")
        self._panel_head = html_widget("tt-panel-head")
        self._panel = ipw.VBox(layout=ipw.Layout(width="100%"))
        self._spinner = Spinner(
            caption="Spin for the mini-game",
            duration_s=spin_seconds,
            schedule=spin_schedule,
            sleep=spin_sleep,
            on_spin=self.spin,
            on_revealed=self._spin_revealed,
        )
        self._tracks = html_widget("tt-board")
        self._arena_picture = html_widget("tt-board")
        self._start_seats(
            next_tooltip="Take the next computer or chance step",
            fast_tooltip="Play on until a person must act (or the tournament ends)",
        )
        self._log_view = html_widget("tt-log")
        self._build_save_box()
        self._build_settings_box(settings or self._settings_of(match))

        left = ipw.VBox(
            [
                self._panel_head,
                self._panel,
                ipw.HBox([self._next_button, self._fast_button], layout=ipw.Layout(margin="10px 0")),
                html_widget("tt-heading-box", '<div class="tt-heading">What happened (newest first)</div>'),
                self._log_view,
            ]
        )
        left.add_class("tt-arena-left")
        right = ipw.VBox([self._spinner, self._tracks, self._arena_picture])
        right.add_class("tt-arena-right")
        main = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        main.add_class("tt-arena-main")
        extras = ipw.Accordion(children=[self._save_box, self._settings_box], selected_index=None)
        extras.set_title(0, "Save or resume 💾")
        extras.set_title(1, "New tournament ⚙ (players, people, seed, rule options)")
        self.children = (
            style_sheet(),
            ipw.HTML(ARENA_CSS, layout=ipw.Layout(height="0px", margin="0px")),
            self._title,
            self._turn,
            self._order,
            self._status,
            main,
            extras,
        )
        self._install(match)

    # -- construction for notebooks ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        seats: int = 4,
        humans: int = 1,
        seed: int = DEFAULT_SEED,
        decks: Sequence[str | Deck] | str | Deck | None = None,
        tie_discard: str = "all",
        hilo_pins: str = "per_call",
        **options: Any,
    ) -> TournamentArena:
        """Returns an arena with a new tournament, for a one-line notebook cell.

        Args:
            seats: Players, 2..6 (T1).
            humans: People, 0..seats: seats 0..humans-1 (several: hot seat).
            seed: Whole number 0..999,999,999; the same seed plays the same
                spins and computer choices.
            decks: The arena's decks: None for the bundled decks, a deck name
                or `Deck` for all six openings, or six names or `Deck`s.
            tie_discard: Rule T6 option (``"all"`` or ``"tied_only"``).
            hilo_pins: Rule T12 option (``"per_call"`` or ``"complete_run"``).
            **options: Passed to the constructor (``saves_dir``,
                ``spin_seconds``, ``spin_schedule``, ``spin_sleep``).

        Raises:
            RuleOptionError: If a setting is out of range.
            DeckError: If a deck cannot be loaded.

        Example:
            >>> TournamentArena.new(seats=2, seed=7).match.seed
            7
        """
        settings = TournamentSettings(seats, humans, seed, tie_discard, hilo_pins)
        settings.check()
        rules = TournamentRules(
            _load_decks(decks),
            seats=seats,
            tie_discard=settings.tie_discard,  # type: ignore[arg-type]
            hilo_pins=settings.hilo_pins,  # type: ignore[arg-type]
        )
        match = Match(rules, _strategies(seats, range(humans)), seed=seed)
        return cls(match, settings=settings, **options)

    # -- public read-only helpers ----------------------------------------------------------------

    @property
    def spinner(self) -> Spinner:
        """The spinner widget."""
        return self._spinner

    @property
    def buttons(self) -> Mapping[str, ipw.Button]:
        """The buttons a person may press now, by label: choices, the spin control or "ready".

        Empty when the computers are to play ("Next ▶") or the tournament is over.
        """
        return dict(self._buttons)

    @property
    def save_button(self) -> ipw.Button:
        """The "Save" button."""
        return self._save_button

    @property
    def upload(self) -> ipw.FileUpload:
        """The file upload that resumes a saved tournament."""
        return self._upload

    @property
    def controls(self) -> Mapping[str, ipw.ValueWidget]:
        """The "New tournament" controls by setting name."""
        return dict(self._control_map)

    @property
    def winner_text(self) -> str:
        """Who won, e.g. "Computer 2 wins the tournament!"; "" while it goes on."""
        outcome = self._match.outcome
        return "" if outcome is None else self._headline(outcome)

    @property
    def saved_name(self) -> str:
        """The name of the file last written by "Save" ("" before any save)."""
        return self._saved_name

    @property
    def screen(self) -> Screen:
        """What the page asks for now (see `Screen`)."""
        match = self._match
        if match.is_over:
            return "over"
        if self._spinner.spinning:
            return "spinning"
        seat = match.waiting_for
        if seat is not None:
            return "pass" if self._needs_pass(seat) else "choose"
        if self._human_spin_due():
            return "spin"
        return "watch"

    # -- intents (the buttons call these) ----------------------------------------------------------

    @handler
    def spin(self) -> None:
        """Spins the spinner for the spin that is due (the core draws it; the page animates it)."""
        if self._match.is_over:
            raise IllegalActionError("the tournament is over — start a new one under New tournament ⚙")
        if self._spinner.spinning:
            raise IllegalActionError("the spinner is still spinning")
        if self._pending_spin() is None:
            raise IllegalActionError("there is nothing to spin just now")
        events: list[Event] = []
        events.extend(self._match.step())
        self._settle(events)
        self._after_intent(events, animate=True)

    @handler
    def choose(self, choice: str | Action) -> None:
        """Makes a person's choice: a button's label, or the action itself.

        Choices are categories (`ChooseCategory`), opponents (`PickOpponent`),
        decks (`PickDeck`), whom to rob (`Rob`) and higher or lower (`Call`),
        as offered by the rules' legal actions.
        """
        seat = self._acting_person()
        if isinstance(choice, str):
            action = self._choices.get(choice)
            if action is None:
                offered = ", ".join(repr(label) for label in self._choices) or "none"
                raise IllegalActionError(f"there is no choice {choice!r} just now; the choices are {offered}")
        else:
            action = choice
        if action not in self._match.legal_actions():
            offered = ", ".join(repr(label) for label in self._choices) or "none"
            raise IllegalActionError(
                f"that is not one of {self._names.whose(seat)} choices just now; the choices are {offered}"
            )
        self._spinner.cancel(reveal=True)
        events: list[Event] = list(self._match.submit(action))
        self._settle(events)
        self._after_intent(events, animate=True)

    @handler
    def next(self) -> None:
        """Takes one computer or chance step: a spin, a choice, or one comparison.

        While the spinner spins, it stops it and shows the result instead.
        """
        if self._spinner.spinning:
            self._spinner.cancel(reveal=True)
            return
        self._check_computers_turn()
        events: list[Event] = []
        events.extend(self._match.step())
        self._settle(events)
        self._after_intent(events, animate=True)

    @handler
    def fast_forward(self) -> None:
        """Plays on until a person must act or the tournament ends (at most `FAST_FORWARD_MAX_ACTIONS`)."""
        self._spinner.cancel(reveal=True)
        self._check_computers_turn()
        match = self._match
        events: list[Event] = []
        taken = 0
        while taken < FAST_FORWARD_MAX_ACTIONS and not match.is_over and self._person_due() is None:
            events.extend(match.step())
            taken += 1
        self._settle(events)
        games = sum(isinstance(e, MiniGameOver) for e in events)
        self._after_intent(events, animate=False)
        more = "" if match.is_over or self._person_due() is not None else " Press again to go on."
        self._status.show(f"Fast-forwarded {plural(taken, 'move')} ({plural(games, 'mini-game')} finished).{more}")

    @handler
    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Writes the tournament to a file and returns its path; the page names the file.

        Args:
            path: Where to write; None: a new file in the saves folder, named
                after the seed and the move, e.g.
                ``saves/tournament-seed2024-move37.json``.

        The file is the game record (`GameRecord.to_json`) with one more key,
        ``"players"``, saying which seats are people.  Returns None if the
        file could not be written (the status line says why).
        """
        text = self.save_text()
        if path is None:
            name = f"tournament-seed{self._match.seed}-move{len(self._match.actions)}.json"
            target = self._saves_dir / name
        else:
            target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=target.parent, prefix=".saving-", suffix=".json", delete=False
            ) as handle:
                handle.write(text)
            os.replace(handle.name, target)
        except OSError as err:
            raise RecordError(f"could not save to {str(target)!r}: {err.strerror or err}") from None
        self._saved_name = target.name
        self._refresh_saved_files()
        where = str(target) if path is not None else f"{self._saves_dir.name}/{target.name}"
        self._status.show(f"Saved as {where}. To carry on later, pick it under Save or resume 💾.")
        self._render_save_box()
        return target

    def save_text(self) -> str:
        """Returns the text "Save" writes: the game record as JSON, plus ``"players"``."""
        data = json.loads(self._match.record.to_json())
        humans = set(self._match.humans)
        data[PLAYERS_KEY] = ["human" if seat in humans else "computer" for seat in range(self._rules.seats)]
        return json.dumps(data, ensure_ascii=False)

    @handler
    def resume(self, source: str | os.PathLike[str]) -> None:
        """Resumes a saved tournament from a file path, or from the saved text itself.

        The record is checked and replayed (spins and computer choices come
        out the same, since they are drawn from the record's seed); any
        problem leaves the game in play untouched and says what was wrong.
        """
        if isinstance(source, str) and source.lstrip().startswith("{"):
            text, name = source, "the saved text"
        else:
            path = Path(source)
            name = path.name
            try:
                if path.stat().st_size > MAX_UPLOAD_BYTES:
                    raise RecordError(f"{name!r} is too large to be a saved tournament")
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise RecordError(f"{name!r} is not a text file, so it is not a saved tournament") from None
            except OSError as err:
                raise RecordError(f"could not read {name!r}: {err.strerror or err}") from None
        match = self._match_from_text(text, name)
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(self._settings_of(match))
        self._status.show(
            f"Resumed {name}: move {len(match.actions)}, {self._match_summary()}.",
        )

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
        match = Match(rules, _strategies(settings.seats, range(settings.humans)), seed=settings.seed)
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(settings)
        people = plural(settings.humans, "person", "people")
        self._status.show(f"New tournament: {settings.seats} players ({people}), seed {settings.seed}.")

    # -- flow ---------------------------------------------------------------------------------------

    @property
    def _rules(self) -> TournamentRules:
        rules = self._match.rules
        assert isinstance(rules, TournamentRules)  # checked in __init__ and on resume
        return rules

    def _active(self) -> Seat | None:
        """Returns the active player (T4), or None before the start is drawn and in the Finale."""
        state = self._match.state
        if state.phase in (Phase.START, Phase.FINALE, Phase.OVER):
            return None
        active: Seat = self._rules.table(state).active
        return active

    def _pending_spin(self) -> str | None:
        """Returns "mini_game" or "deck" when the next action is a spin, else None."""
        match = self._match
        if match.is_over or match.actor is not CHANCE:
            return None
        state = match.state
        if state.phase is Phase.SPIN:
            return "mini_game"
        if state.mini is not None and state.mini.stage is MiniStage.SPIN_DECK:
            return "deck"
        return None

    def _human_spin_due(self) -> bool:
        active = self._active()
        return self._pending_spin() is not None and active is not None and active in self._match.humans

    def _person_due(self) -> Seat | None:
        """Returns the person who must act now (a choice or their spin), or None."""
        seat = self._match.waiting_for
        if seat is not None:
            return seat
        if self._human_spin_due():
            return self._active()
        return None

    def _needs_pass(self, seat: Seat) -> bool:
        """Returns True if `seat`'s choice shows their own card and another person may be looking."""
        if not self._hot_seat or self._viewer == seat:
            return False
        view = self._match.view(seat)
        return view.hilo is None and bool(view.stack)

    def _private_seat(self) -> Seat | None:
        """Returns the seat whose own top card the page may show now, or None."""
        humans = self._match.humans
        if not humans:
            return None
        if not self._hot_seat:
            return humans[0]
        seat = self._match.waiting_for
        return seat if seat is not None and seat == self._viewer else None

    def _acting_person(self) -> Seat:
        match = self._match
        if match.is_over:
            raise IllegalActionError("the tournament is over — start a new one under New tournament ⚙")
        seat = match.waiting_for
        if seat is None:
            if self._human_spin_due():
                raise IllegalActionError("spin first: press Spin ⟳")
            raise IllegalActionError("it is a computer's turn — press Next ▶ or Fast-forward ⏩")
        if self._needs_pass(seat):
            raise IllegalActionError(f"{self._names[seat]} must press ready first, so that only they see their card")
        return seat

    def _check_computers_turn(self) -> None:
        match = self._match
        if match.is_over:
            raise IllegalActionError("the tournament is over — start a new one under New tournament ⚙")
        seat = self._person_due()
        if seat is not None:
            what = "spin — press Spin ⟳" if match.waiting_for is None else "turn — a person must choose first"
            raise IllegalActionError(f"it is {self._names.whose(seat)} {what}")

    def _settle(self, events: list[Event]) -> None:
        """Takes pending chance actions other than spins (lots, the Finale's shuffle)."""
        match = self._match
        steps = 0
        while not match.is_over and match.actor is CHANCE and self._pending_spin() is None:
            steps += 1
            if steps > _MAX_CHANCE_STEPS:
                raise RuntimeError(f"chance acted {_MAX_CHANCE_STEPS} times in a row without a spin or a choice")
            events.extend(match.step())

    def _after_intent(self, events: list[Event], *, animate: bool) -> None:
        spun = self._absorb(events)
        self._status.show("")
        if spun is not None:
            self._show_spin(spun, animate=animate)
        self._render()

    def _spin_revealed(self) -> None:
        self._boundary.run(self._render)

    def _install(self, match: Match) -> None:
        """Makes `match` the tournament in play: takes its first chance steps, rebuilds the log, renders."""
        self._swap_match(match, self._settle)  # its events are read with the rest below
        self._names = SeatNames(match.rules.seats, match.humans)
        self._viewer = None
        self._log = []
        self._notes = [""] * match.rules.seats
        self._mini_events = []
        self._ctx = _Context()
        self._last_spin = None
        self._absorb(list(match.events))
        if self._last_spin is not None:
            self._show_spin(self._last_spin, animate=False)
        else:
            self._spinner.show(None, result="", labels=tsvg.SECTOR_LABELS, caption="Spin for the mini-game")
        self._render()

    def _absorb(self, events: Iterable[Event]) -> tuple[str, int, Seat | None, bool] | None:
        """Reads events in order into the log, the pin notes and the mini-game's story.

        Returns the last spin among them, or None.
        """
        lines: list[str] = []
        spun: tuple[str, int, Seat | None, bool] | None = None
        for event in events:
            if isinstance(event, MiniGameSpun):
                self._mini_events = []
                self._ctx.sector, self._ctx.finale, self._ctx.opening, self._ctx.category = (
                    event.sector,
                    False,
                    None,
                    None,
                )
                self._ctx.active = event.seat
                spun = ("mini_game", SECTORS.index(event.sector), event.seat, False)
            elif isinstance(event, FinaleBegan):
                self._mini_events = []
                self._ctx.sector, self._ctx.finale, self._ctx.opening, self._ctx.category = None, True, None, None
            elif isinstance(event, DeckSpun):
                spun = ("deck", event.opening, self._ctx.active, self._ctx.finale)
            self._mini_events.append(event)
            lines.append(self._log_line(event))
            self._track(event)
            if isinstance(event, CardsRevealed) and self._hot_seat:
                self._viewer = None  # the cards go face down until the next person is ready
        if spun is not None:
            self._last_spin = spun
        self._log = ([line for line in reversed(lines) if line] + self._log)[:LOG_LINES]
        return spun

    def _track(self, event: Event) -> None:
        """Keeps the context up to date and notes each pin award beside its track."""
        ctx = self._ctx
        if isinstance(event, (StarterDrawn, TurnPassed)):
            ctx.active = event.seat
        elif isinstance(event, (DeckSpun, DeckPicked)):
            ctx.opening = event.opening
        elif isinstance(event, HiLoCategoryChosen):
            ctx.category = event.category
        elif isinstance(event, PinAwarded):
            where = tsvg.sector_label(ctx.sector) if ctx.sector is not None else "the tournament"
            master = self._names[event.pin_master]
            if event.robbed is not None:
                self._notes[event.seat] = f"+1 stolen from {self._names[event.robbed]} · Pin Master: {master}"
                self._notes[event.robbed] = f"−1 stolen by {self._names[event.seat]} · Pin Master: {master}"
            else:
                self._notes[event.seat] = f"+{event.count} in {where} · Pin Master: {master}"

    def _show_spin(self, spun: tuple[str, int, Seat | None, bool], *, animate: bool) -> None:
        kind, sector, seat, finale = spun
        who = self._names.subject(seat, "spin", "spins") if seat is not None else "The active player spins"
        if kind == "mini_game":
            labels = tsvg.SECTOR_LABELS
            caption = f"{who} for the mini-game"
            result = f"{tsvg.SECTOR_LABELS[sector]}!"
        else:
            labels = tuple(self._deck_labels())
            caption = "Spin for the Finale's deck" if finale else f"{who} for the deck"
            result = f"Deck {sector + 1}: {self._rules.openings[sector].name}!"
        if animate:
            self._spinner.spin_to(sector, result=result, labels=labels, caption=caption)
        else:
            self._spinner.show(sector, result=result, labels=labels, caption=caption)
        self._last_spin = spun

    def _deck_labels(self) -> list[str]:
        return [f"{i + 1} · {deck.name}" for i, deck in enumerate(self._rules.openings)]

    def _match_from_text(self, text: str, name: str) -> Match:
        """Returns a match rebuilt from a saved tournament's text (see `save_text`).

        Raises:
            RecordError: With a friendly message, if the text is not a saved
                tournament that replays.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError, ValueError, RecursionError):
            raise RecordError(f"{name} is not a saved game: it is not JSON") from None
        if not isinstance(data, dict) or "game" not in data:
            raise RecordError(f"{name} is not a saved game")
        if data.get("game") != "tournament":
            raise RecordError(f"{name} holds a saved {str(data.get('game'))[:40]!r} game, not a tournament")
        try:
            record = GameRecord.from_json(text)
        except (TopTrumpsError, TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as err:
            _log.info("%s does not load as a game record: %s", name, err)  # the details name Python values
            raise RecordError(f"{name} is not a saved tournament that this app can replay") from None
        rules = record.rules
        if not isinstance(rules, TournamentRules):
            raise RecordError(f"{name} is not a saved tournament")
        if record.seed is None:
            raise RecordError(f"{name} has no seed, so the computer players cannot carry on from it")
        humans = self._humans_of(data.get(PLAYERS_KEY), rules.seats, name)
        try:
            return Match.from_record(record, _strategies(rules.seats, humans))
        except TopTrumpsError as err:
            _log.info("%s does not replay: %s", name, err)
            raise RecordError(f"{name} does not replay with these players") from None

    def _humans_of(self, players: object, seats: int, name: str) -> tuple[Seat, ...]:
        if players is None:  # a bare record: keep this page's people where they fit
            kept = tuple(s for s in self._match.humans if s < seats)
            return kept if kept or not self._match.humans else (0,)
        if (
            not isinstance(players, list)
            or len(players) != seats
            or any(p not in ("human", "computer") for p in players)
        ):
            raise RecordError(f'{name}: "players" must list "human" or "computer" for each of the {seats} seats')
        return tuple(seat for seat, kind in enumerate(players) if kind == "human")

    def _match_summary(self) -> str:
        view = self._match.view(0)
        if self._match.is_over:
            return self.winner_text
        pins = ", ".join(f"{self._names[s]} {n}" for s, n in enumerate(view.tracks))
        return f"after {plural(view.turns, 'mini-game')} (pins: {pins})"

    # -- words ----------------------------------------------------------------------------------------

    def _deck_in_play(self) -> Deck | None:
        opening = self._ctx.opening
        return None if opening is None else self._rules.openings[opening]

    def _card_words(self, card: int, category: int | None) -> str:
        deck = self._deck_in_play()
        if deck is None:
            return "a card"
        name = deck.cards[card].name
        if category is None:
            return name
        return f"{name} {value_text(deck.categories[category], deck.cards[card].values[category])}"

    def _category_name(self, category: int) -> str:
        deck = self._deck_in_play()
        return deck.categories[category].name if deck is not None else f"category {category + 1}"

    def _game_name(self) -> str:
        if self._ctx.finale:
            return "the Finale"
        return tsvg.sector_label(self._ctx.sector) if self._ctx.sector is not None else "the mini-game"

    def _log_line(self, event: Event) -> str:
        """Returns one line of the log for `event` ("" for events not worth a line)."""
        ctx = self._ctx
        names = self._names
        match event:
            case StarterDrawn(seat=seat):
                starts = names.subject(seat, "start", "starts")
                return f"{starts} the tournament: the spin for who starts chose {names.whom(seat)} (T3)."
            case MiniGameSpun(seat=seat, sector=sector):
                return f"{names.subject(seat, 'spin', 'spins')}: {tsvg.sector_label(sector)}! ({_RULE_IDS[sector]})"
            case TurnPassed(seat=seat):
                return f"The turn passes left to {names.whom(seat)}."
            case FinaleBegan(full=full):
                who = and_list([names.whose(s) for s in full])
                return f"{who[:1].upper() + who[1:]} track is full: the Finale begins! (T15)"
            case DeckSpun(opening=opening, deck=deck):
                return f"The spinner chose deck {opening + 1}: {deck}."
            case DeckPicked(seat=seat, opening=opening, deck=deck):
                return f"{names.subject(seat, 'pick', 'picks')} deck {opening + 1}, {deck}, for My Game."
            case OpponentPicked(seat=seat, opponent=opponent):
                return f"{names.subject(seat, 'pick', 'picks')} {names.whom(opponent)} for Head to Head."
            case CardsDealt(opening=opening, counts=counts):
                dealt = ", ".join(f"{names[s]} {n}" for s, n in enumerate(counts) if n)
                return f"Dealt from {self._rules.openings[opening].name}: {dealt}."
            case CardsReturned(opening=opening, count=count):
                return f"{plural(count, 'card')} went back under the {self._rules.openings[opening].name} stack (T2)."
            case CardsRevealed(category=category, cards=cards, chooser=chooser):
                ctx.category = category
                shown = " · ".join(f"{names[s]}: {self._card_words(c, category)}" for s, c in cards)
                if chooser is None:
                    return f"{self._category_name(category)} again — {shown}"
                return f"{names.subject(chooser, 'choose', 'chooses')} {self._category_name(category)} — {shown}"
            case ComparisonWon(seat=seat, card=card):
                keeps = "keep" if names[seat] == "You" else "keeps"
                return f"{names.subject(seat, 'win', 'wins')} with {self._card_words(card, None)} and {keeps} it (T5)."
            case CardsDiscarded(cards=cards):
                thrown = ", ".join(f"{self._card_words(c, None)} ({names[s]})" for s, c in cards)
                return f"Discarded face up: {thrown}."
            case ComparisonTied(category=category, tied=tied, again=again):
                why = f"tie between {and_list([names.whom(s) for s in tied])}" if tied else "tie (a card has no data)"
                who = and_list([names.whom(s) for s in again])
                return f"A {why}: {who} compare {self._category_name(category)} again (T6)."
            case PlayerOut(seat=seat):
                return f"{names.subject(seat, 'are', 'is')} out of cards."
            case CardsDrawn(cards=cards):
                who = and_list([names.whom(s) for s, _ in cards])
                return f"{who[:1].upper() + who[1:]} ran out in the tie: each gets a new card from the stack (T7)."
            case StayerDrawn(seat=seat, among=among):
                stays = names.subject(seat, "stay", "stays", start=False)
                return f"Drawn by lot among {and_list([names.whom(s) for s in among])}: {stays} in (T7)."
            case TieSettled(seat=seat):
                wins = "win" if names[seat] == "You" else "wins"
                return f"{names.subject(seat, 'are', 'is')} the only one left in the tie and {wins} it."
            case ChooserPassed(seat=seat):
                return f"The chooser is out: {names.subject(seat, 'choose', 'chooses', start=False)} next (T10)."
            case DuelWon(seat=seat):
                wins = "win" if names[seat] == "You" else "wins"
                return f"{names.subject(seat, 'are', 'is')} the last holding cards and {wins} {self._game_name()}!"
            case MiniGameOver(sector=sector, winners=winners):
                if winners:
                    return (
                        f"{tsvg.sector_label(sector)} is over: {and_list([names.whom(s) for s in winners])} won pins."
                    )
                return f"{tsvg.sector_label(sector)} is over: no pins this time."
            case PinAwarded(seat=seat, count=count, pin_master=master, robbed=robbed):
                if robbed is not None:
                    return (
                        f"Pin Master {names[master]} moves a pin from {names.whose(robbed)} track to "
                        f"{names.whose(seat)} (T13)."
                    )
                return f"Pin Master {names[master]} gives {plural(count, 'pin')} to {names.whom(seat)}."
            case PinsNotTaken(seat=seat, count=count, reason=reason):
                why = "the track is full" if reason == "track_full" else "the supply is empty"
                return f"{names.subject(seat, 'cannot', 'cannot')} take {plural(count, 'pin')}: {why} (T14)."
            case NothingToSteal(seat=seat):
                return f"Nobody has a pin to steal: {names.subject(seat, 'spin', 'spins', start=False)} again (T13)."
            case DeckShuffled(opening=opening):
                return f"The {self._rules.openings[opening].name} stack is shuffled for the Finale (T16)."
            case FinaleCardsAllotted(cards=cards, pins_in_play=pins, by_rank=by_rank):
                dealt = ", ".join(f"{names[s]} {n}" for s, n in enumerate(cards) if n)
                how = f"more than {PIN_LIMIT} pins, so 6, 5, 4… cards by rank" if by_rank else "one card per pin"
                return f"Finale cards ({pins} pins in play: {how}): {dealt} (T16)."
            case FirstChooserDrawn(seat=seat, among=among):
                first = names.whom(seat)
                return f"{and_list([names[s] for s in among])} share the most pins: a spin chose {first} to go first."
            case FinaleUncontested(seat=seat):
                return f"Only {names.whom(seat)} {'have' if names[seat] == 'You' else 'has'} pins: no Finale to play."
            case FinaleWon(seat=seat):
                return f"{names.subject(seat, 'win', 'wins')} the Finale!"
            case HiLoLaid():
                return "Hi Lo: three cards are laid face down and the first is turned."
            case HiLoTurned(slot=slot, card=card):
                return f"Card {slot + 1} turned: {self._card_words(card, ctx.category)}."
            case HiLoPutAside(card=card):
                return f"{self._card_words(card, None)} has no data: put aside and replaced by the next card (T12)."
            case HiLoCategoryChosen(category=category):
                player = ctx.active if ctx.active is not None else 0
                return f"{names.subject(player, 'choose', 'chooses')} {self._category_name(category)} for Hi Lo."
            case HiLoCalled(slot=slot, direction=direction, right=right):
                player = ctx.active if ctx.active is not None else 0
                verdict = "right ✓" if right else "wrong ✗"
                return f"{names.subject(player, 'call', 'calls')} {direction} for card {slot + 1}: {verdict}."
            case HiLoRowClosedUp():
                return "The stack is empty: the row closes up."
            case HiLoStackRanOut():
                return "No card is left to turn: Hi Lo ends."
            case HiLoEnded(pins=pins):
                return f"Hi Lo is over: {plural(pins, 'pin')} earned."
            case GameEnded(outcome=outcome):
                return f"🏆 {self._headline(outcome)}"
            case _:
                return ""

    def _headline(self, outcome: Outcome) -> str:
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED or not winners:
            return "Unfinished — the tournament was stopped before anyone won."
        return f"{self._names.subject(winners[0], 'win', 'wins')} the tournament!"

    # -- rendering ------------------------------------------------------------------------------------

    def _render(self) -> None:
        """Re-renders every part from public facts and the private view of the person at the screen."""
        with self.hold_sync():
            self._render_title()
            self._render_turn()
            self._render_spin_control()
            if self._spinner.spinning:  # keep the rest as it was until the arrow stops
                self._render_panel_spinning()
                self._render_controls()
                return
            self._render_order()
            self._render_board()
            self._render_panel()
            self._render_controls()
            self._render_log()

    def _public(self) -> Any:
        """Returns a seat's view used only for its public fields (never its own cards)."""
        return self._match.view(0)

    def _render_title(self) -> None:
        rules = self._rules
        extras = []
        if rules.tie_discard != "all":
            extras.append(f"tie_discard={rules.tie_discard}")
        if rules.hilo_pins != "per_call":
            extras.append(f"hilo_pins={rules.hilo_pins}")
        people = len(self._match.humans)
        who = f"{plural(people, 'person', 'people')}, {plural(rules.seats - people, 'computer')}"
        sub = f"{rules.seats} players ({who}) · seed {self._match.seed}" + (f" · {', '.join(extras)}" if extras else "")
        self._title.value = f'🏆 Top Trumps Tournament <span class="tt-subtitle">{esc(sub)}</span>'

    def _render_turn(self) -> None:
        screen = self.screen
        match = self._match
        view = self._public()
        turn = f"Turn {view.turns + 1} · " if not view.finale and not match.is_over else ""
        if screen == "over":
            assert match.outcome is not None
            text = f"🏁 {self._headline(match.outcome)}"
        elif screen == "spinning":
            text = "🎡 The spinner is spinning…"
        elif screen == "pass":
            seat = match.waiting_for
            assert seat is not None
            text = f"🔄 Pass to {self._names[seat]} — ready?"
        elif screen == "spin":
            seat = self._active()
            assert seat is not None
            what = "the mini-game" if self._pending_spin() == "mini_game" else "the deck"
            text = f"{turn}👉 {self._names.whose(seat).capitalize()} turn: spin for {what} — press Spin ⟳"
        elif screen == "choose":
            seat = match.waiting_for
            assert seat is not None
            text = f"{turn}👉 {self._names.whose(seat).capitalize()} choice: {self._decision_words(seat)}"
        else:
            text = f"{turn}🤖 {self._next_step_words()} — press Next ▶ (or Fast-forward ⏩)"
        self._turn.value = esc(text)

    def _decision_words(self, seat: Seat) -> str:
        legal = self._match.legal_actions()
        first = legal[0] if legal else None
        if isinstance(first, PickOpponent):
            return "pick an opponent for Head to Head"
        if isinstance(first, PickDeck):
            return "pick the deck for My Game"
        if isinstance(first, Rob):
            return "pick whose pin to steal"
        if isinstance(first, Call):
            return "higher or lower?"
        if self._match.view(seat).hilo is not None:
            return "choose the category for Hi Lo"
        return "choose a category on your card"

    def _next_step_words(self) -> str:
        match = self._match
        kind = self._pending_spin()
        active = self._active()
        if kind is not None:
            what = "the mini-game" if kind == "mini_game" else "the deck"
            if kind == "deck" and self._public().finale:
                return "Next: the spin for the Finale's deck"
            spins = self._names.subject(active if active is not None else 0, "spin", "spins", start=False)
            return f"Next: {spins} for {what}"
        actor = match.actor
        if isinstance(actor, int):
            view = match.view(actor)
            if view.stage == "pick_opponent":
                return f"Next: {self._names[actor]} picks an opponent"
            if view.stage == "pick_deck":
                return f"Next: {self._names[actor]} picks the deck"
            if view.stage == "rob":
                return f"Next: {self._names[actor]} steals a pin"
            if view.hilo is not None:
                return f"Next: {self._names[actor]} plays Hi Lo"
            return f"Next: {self._names[actor]} chooses a category"
        return "Next: the computers play on"

    def _render_order(self) -> None:
        active = self._active()
        parts = []
        for seat, name in enumerate(self._names):
            label = esc(name)
            parts.append(f"<b>▶ {label}</b>" if seat == active else label)
        self._order.value = (
            f'<div class="tt-say" aria-label="Order of play">Order of play (the turn passes left): '
            f"{' → '.join(parts)} ↺</div>"
        )

    def _render_board(self) -> None:
        view = self._public()
        rules = self._rules
        in_use = view.opening if view.stage not in ("over", "spin", "start") else None
        self._tracks.value = str(
            tsvg.pin_tracks(
                self._names,
                view.tracks,
                track_length=view.track_length,
                pin_master=view.pin_master,
                supply=view.supply,
                active=self._active(),
                notes=self._notes,
                width_px=540,
            )
        )
        self._arena_picture.value = str(tsvg.arena(rules.openings, view.arena_counts, in_use=in_use, width_px=540))

    def _render_spin_control(self) -> None:
        kind = self._pending_spin()
        self._spinner.enabled = kind is not None and not self._match.is_over
        deck = kind == "deck" and not self._spinner.spinning
        self._spinner.button.description = "Spin for the deck ⟳" if deck else "Spin ⟳"

    def _render_controls(self) -> None:
        match = self._match
        computers = not match.is_over and self._person_due() is None
        spinning = self._spinner.spinning
        self._next_button.disabled = not (computers or spinning)
        self._next_button.description = "Stop the spinner ▶" if spinning else "Next ▶"
        self._fast_button.disabled = not computers

    def _render_log(self) -> None:
        self._log_view.value = log_html(self._log, "What happened, newest first")

    def _render_panel_spinning(self) -> None:
        self._replace_panel(
            "🎡 Spinning…", [html_widget("tt-say", '<div class="tt-say">Watch the spinner — where will it stop?</div>')]
        )
        self._buttons = {}
        self._choices = {}

    def _render_panel(self) -> None:
        self._buttons = {}
        self._choices = {}
        screen = self.screen
        match = self._match
        if screen == "over":
            head, parts = self._over_panel()
        else:
            state = match.state
            if state.phase in (Phase.START, Phase.SPIN):
                head, parts = self._between_panel()
            else:
                head, parts = self._mini_panel()
            if screen == "pass":
                parts = [*parts, *self._pass_parts()]
            elif screen == "spin":
                self._buttons[self._spinner.button.description] = self._spinner.button
        self._replace_panel(head, parts)

    def _replace_panel(self, head: str, parts: list[ipw.Widget]) -> None:
        self._panel_head.value = head
        swap_children(self._panel, parts)  # closes the old panel, buttons and all

    # -- panels ---------------------------------------------------------------------------------------

    def _between_panel(self) -> tuple[str, list[ipw.Widget]]:
        """The story of the mini-game just played, and who spins next."""
        parts: list[ipw.Widget] = []
        last = [e for e in self._mini_events if isinstance(e, MiniGameOver)]
        if not last:
            active = self._active()
            who = self._names[active] if active is not None else "The first player"
            text = (
                f"{esc(who)} {'start' if who == 'You' else 'starts'} the tournament (T3). "
                "Each turn starts with a spin for the mini-game; after it, the turn passes left. "
                "When a pin track is full, the Finale begins."
            )
            return "Welcome to the Tournament!", [html_widget("tt-say", f'<div class="tt-say">{text}</div>')]
        over = last[-1]
        head = f"{tsvg.sector_label(over.sector)} is over"
        parts.extend(self._story_parts(over.sector, finished=True))
        parts.append(html_widget("tt-say", f'<div class="tt-say-big">{esc(self._result_words(over))}</div>'))
        return esc(head), parts

    def _result_words(self, over: MiniGameOver) -> str:
        awards = [e for e in self._mini_events if isinstance(e, PinAwarded)]
        if any(isinstance(e, NothingToSteal) for e in self._mini_events):
            return "Nobody had a pin to steal, so the same player spins again (T13)."
        if not awards:
            missed = [e for e in self._mini_events if isinstance(e, PinsNotTaken)]
            if missed:
                return f"No pin was taken: {self._log_line(missed[0])}"
            return "No pins this time."
        words = []
        for award in awards:
            if award.robbed is not None:
                steals = self._names.subject(award.seat, "steal", "steals")
                words.append(f"{steals} a pin from {self._names.whom(award.robbed)}")
            else:
                words.append(f"{self._names.subject(award.seat, 'get', 'gets')} {plural(award.count, 'pin')}")
        master = self._names[awards[0].pin_master]
        return f"{'; '.join(words)} — handed over by Pin Master {master}."

    def _mini_panel(self) -> tuple[str, list[ipw.Widget]]:
        view = self._public()
        if view.finale:
            title = "The Finale (T16)"
            sub = "every player with pins plays; cards by pins; the last player holding cards wins the tournament"
            sector = None
        else:
            sector = view.sector
            assert sector is not None
            title = f"{tsvg.sector_label(sector)} ({_RULE_IDS[sector]})"
            sub = _PRIZES[sector]
            if view.opponent is not None and view.active is not None:
                sub = f"{self._names[view.active]} against {self._names[view.opponent]}; {sub}"
        if view.deck is not None:
            sub += f" · deck: {view.deck.name}"
        head = f'{esc(title)}<span class="tt-panel-sub">{esc(sub)}</span>'
        return head, self._story_parts(sector, finished=False)

    def _story_parts(self, sector: Sector | None, *, finished: bool) -> list[ipw.Widget]:
        """The mini-game's table: prompts, cards and choices (finished: the last picture)."""
        match = self._match
        parts: list[ipw.Widget] = []
        view = None if finished else self._public()
        stage = view.stage if view is not None else "over"
        if stage == "spin_deck":
            what = "the Finale's deck" if view is not None and view.finale else "the deck"
            parts.append(
                html_widget("tt-say", f'<div class="tt-say">First, a spin for {what}: one of the six openings.</div>')
            )
            return parts
        if stage in ("pick_opponent", "pick_deck", "rob"):
            prompt = {
                "pick_opponent": "Pick an opponent (their pins are shown). The winner of the two gets 1 pin.",
                "pick_deck": "Pick the deck for My Game: 3 cards each, dealt from its stack.",
                "rob": "Steal a Pin: take one pin from another player's track.",
            }[stage]
            parts.append(html_widget("tt-say", f'<div class="tt-say">{esc(prompt)}</div>'))
            parts.extend(self._choice_parts())
            return parts
        if sector is Sector.HI_LO:
            return self._hilo_parts(finished)
        if sector is Sector.SHOOT_OUT and not finished:
            return self._shootout_parts()
        if sector in (Sector.STEAL_A_PIN, Sector.GRAB_TWO_PINS):
            return parts
        own = [] if finished else self._own_card_parts()
        if own and self.screen == "choose":
            parts.extend(own)  # the choice first, where the class sees it without scrolling
            own = []
        if self._ctx.finale or (view is not None and view.finale):
            parts.append(html_widget("tt-pic", self._finale_table()))
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        if not finished and match.state.mini is not None:
            parts.append(html_widget("tt-pic", self._seats_strip()))
        parts.extend(own)
        return parts

    def _finale_table(self) -> str:
        allotted = [e for e in self._mini_events if isinstance(e, FinaleCardsAllotted)]
        if not allotted:
            return ""
        event = allotted[-1]
        tracks = self._public().tracks
        how = (
            f"More than {PIN_LIMIT} pins are in play ({event.pins_in_play}), so cards go by rank: 6, 5, 4, 3, 2, 1."
            if event.by_rank
            else f"{event.pins_in_play} pins are in play (30 or fewer), so each player gets one card per pin."
        )
        rows = "".join(
            f"<tr><td>{esc(self._names[s])}</td><td>{tracks[s]}</td><td>{n if n else 'out (no pins)'}</td></tr>"
            for s, n in enumerate(event.cards)
        )
        return (
            f'<div class="tt-say">{esc(how)}</div><table class="tt-finale-table">'
            f"<tr><th>Player</th><th>Pins</th><th>Finale cards</th></tr>{rows}</table>"
        )

    def _seats_strip(self) -> str:
        """Every player of the card play: cards in hand, who chooses, and their face-up discards."""
        view = self._public()
        deck = view.deck
        if deck is None or not view.players:
            return ""
        figures = []
        for seat in view.players:
            size = view.hand_sizes[seat]
            if size == 0:
                badge = "OUT"
            elif seat == view.chooser:
                badge = "★ chooses"
            else:
                badge = "&nbsp;"
            discards = view.discards[seat]
            shown = ", ".join(deck.cards[c].name for c in discards) if discards else "none"
            picture = svg.stack(size, label=self._names[seat], width_px=130)
            css = "tt-seat tt-seat-now" if seat == view.chooser else "tt-seat"
            figures.append(
                f'<figure class="{css}">{picture}<figcaption>{badge}'
                f'<span class="tt-discards">Discards ({len(discards)}): {esc(shown)}</span></figcaption></figure>'
            )
        return f'<div class="tt-seats" role="list" aria-label="Players and their discards">{"".join(figures)}</div>'

    def _last_comparison(self) -> str:
        """The last comparison of this mini-game, every revealed card face up, as SVG."""
        index = max((i for i, e in enumerate(self._mini_events) if isinstance(e, CardsRevealed)), default=None)
        deck = self._deck_in_play()
        if index is None or deck is None:
            return ""
        revealed = self._mini_events[index]
        assert isinstance(revealed, CardsRevealed)
        after = self._mini_events[index + 1 :]
        won = next((e.seat for e in after if isinstance(e, ComparisonWon)), None)
        tie = any(isinstance(e, ComparisonTied) for e in after)
        shown = list(revealed.cards)
        winners = [i for i, (seat, _) in enumerate(shown) if seat == won]
        width = max(110, min(230, 1000 // max(len(shown), 1) - 30))
        picture = svg.comparison(
            [(self._names[s], deck.cards[c]) for s, c in shown],
            revealed.category,
            winners=winners,
            tie=tie and not winners,
            width_px=width,
        )
        return f'<div class="tt-heading">Last comparison</div>{picture}'

    def _own_card_parts(self) -> list[ipw.Widget]:
        """The top card of the person at the screen, with category buttons when it is their choice."""
        seat = self._private_seat()
        if seat is None:
            return []
        view = self._match.view(seat)
        card = view.top_card
        if card is None:
            return []
        owner = "Your" if self._names[seat] == "You" else f"{self._names[seat]}'s"
        choosing = self.screen == "choose" and self._match.waiting_for == seat
        picture = html_widget("tt-pic", str(svg.card(card, width_px=270)))
        if not choosing:
            caption = html_widget(
                "tt-say", f'<div class="tt-say">{esc(owner)} top card (only the top card is shown).</div>'
            )
            return [caption, picture]
        caption = html_widget("tt-say", f'<div class="tt-say-big">{esc(owner)} top card — choose a category:</div>')
        buttons = self._choice_buttons(vertical=True)
        return [caption, ipw.HBox([picture, buttons], layout=ipw.Layout(flex_flow="row wrap"))]

    def _shootout_parts(self) -> list[ipw.Widget]:
        view = self._public()
        deck = view.deck
        parts: list[ipw.Widget] = []
        if deck is None:
            return parts
        seat = self._private_seat()
        figures = []
        for player in view.players:
            name = esc(self._names[player])
            if player == seat and self._match.view(player).top_card is not None:
                card = self._match.view(player).top_card
                assert card is not None
                picture = svg.card(card, width_px=220)
            elif view.hand_sizes[player]:
                picture = svg.face_down(width_px=130, label="")
            else:
                continue
            figures.append(f"<figure>{picture}<figcaption>{name}</figcaption></figure>")
        chooser = view.active if view.active is not None else 0
        you = self._names[chooser] == "You"
        looks = self._names.subject(chooser, "look", "looks")
        says = (
            f"One card each. {looks} at {'your' if you else 'their'} card and {'pick' if you else 'picks'} the category"
        )
        parts.append(html_widget("tt-say", f'<div class="tt-say">{esc(says)}; then everyone\'s card is turned.</div>'))
        parts.append(html_widget("tt-pic", f'<div class="tt-row-cards">{"".join(figures)}</div>'))
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        if self.screen == "choose" and self._match.waiting_for == seat:
            parts.append(html_widget("tt-say", '<div class="tt-say-big">Choose a category:</div>'))
            parts.append(self._choice_buttons(vertical=False))
        return parts

    def _hilo_row(self) -> _HiLoRow:
        faces: list[int | None] = []
        put_aside: list[int] = []
        calls: list[tuple[int, str, bool]] = []
        category = None
        pins = None
        for event in self._mini_events:
            if isinstance(event, HiLoLaid):
                faces = [None] * event.count
            elif isinstance(event, HiLoTurned):
                while len(faces) <= event.slot:
                    faces.append(None)
                faces[event.slot] = event.card
            elif isinstance(event, HiLoPutAside):
                put_aside.append(event.card)
                faces[event.slot] = None
            elif isinstance(event, HiLoRowClosedUp) and None in faces:
                faces.pop()
            elif isinstance(event, HiLoCategoryChosen):
                category = event.category
            elif isinstance(event, HiLoCalled):
                calls.append((event.slot, event.direction, event.right))
            elif isinstance(event, HiLoEnded):
                pins = event.pins
        return _HiLoRow(tuple(faces), tuple(put_aside), category, tuple(calls), pins)

    def _hilo_parts(self, finished: bool) -> list[ipw.Widget]:
        deck = self._deck_in_play()
        parts: list[ipw.Widget] = []
        if deck is None:
            return parts
        row = self._hilo_row()
        figures = []
        verdicts = {slot: (direction, right) for slot, direction, right in row.calls}
        for slot, card in enumerate(row.faces):
            if card is None:
                picture = svg.face_down(width_px=150, label="?")
            else:
                picture = svg.card(deck.cards[card], highlight=row.category, width_px=210)
            caption = f"Card {slot + 1}"
            if slot in verdicts:
                direction, right = verdicts[slot]
                caption += f" — called {direction}: {'right ✓' if right else 'wrong ✗'}"
            figures.append(f"<figure>{picture}<figcaption>{esc(caption)}</figcaption></figure>")
        parts.append(html_widget("tt-pic", f'<div class="tt-row-cards">{"".join(figures)}</div>'))
        if row.put_aside:
            names = ", ".join(deck.cards[c].name for c in row.put_aside)
            parts.append(html_widget("tt-say", f'<div class="tt-say">Put aside for no data (T12): {esc(names)}.</div>'))
        if finished:
            return parts
        if self.screen == "choose" and self._match.waiting_for is not None:
            legal = self._match.legal_actions()
            if legal and isinstance(legal[0], Call):
                shown = [c for c in row.faces if c is not None]
                if shown and row.category is not None:
                    value = value_text(deck.categories[row.category], deck.cards[shown[-1]].values[row.category])
                    ask = f"Will the next card be higher or lower than {value}? (Equal counts as right.)"
                else:
                    ask = "Higher or lower? (Equal counts as right.)"
            else:
                ask = "Choose one category for the whole game (only one where the first card has a value)."
            parts.append(html_widget("tt-say", f'<div class="tt-say-big">{esc(ask)}</div>'))
            parts.append(self._choice_buttons(vertical=False))
        return parts

    def _pass_parts(self) -> list[ipw.Widget]:
        seat = self._match.waiting_for
        assert seat is not None
        text, button = pass_panel(self._names[seat])
        self._buttons[button.description] = self._guard.bind(button, self.ready)
        return [text, button]

    def _over_panel(self) -> tuple[str, list[ipw.Widget]]:
        outcome = self._match.outcome
        assert outcome is not None
        view = self._public()
        rows = "".join(
            f"<li>{esc(self._names[s])}: {plural(n, 'pin')}{' 🏆' if s in outcome.winners else ''}</li>"
            for s, n in enumerate(view.tracks)
        )
        finale = self._finale_table()
        body = (
            f'<div class="tt-panel" role="status"><div class="tt-winner">🏆 {esc(self._headline(outcome))}</div>'
            f"<p>After {plural(view.turns, 'mini-game')} and the Finale.</p><ul>{rows}</ul>{finale}"
            "<p>Play again: open <b>New tournament ⚙</b> below.</p></div>"
        )
        parts: list[ipw.Widget] = [html_widget("tt-over", body)]
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        return "The winner", parts

    # -- choices --------------------------------------------------------------------------------------

    def _choice_parts(self) -> list[ipw.Widget]:
        if self.screen != "choose":
            actor = self._match.actor
            if isinstance(actor, int):
                deciding = f"{esc(self._names[actor])} is deciding — press Next ▶."
                return [html_widget("tt-say", f'<div class="tt-say">{deciding}</div>')]
            return []
        return [self._choice_buttons(vertical=False)]

    def _choice_buttons(self, *, vertical: bool) -> ipw.Box:
        """One button per legal action of the person to act (T8's forbidden category shown disabled)."""
        seat = self._match.waiting_for
        assert seat is not None
        view = self._match.view(seat)
        legal = self._match.legal_actions()
        buttons: list[ipw.Button] = []
        for number, action in enumerate(legal, start=1):
            label, tip = self._choice_words(action, view, number)
            button = _choice_button(label, tip)
            self._guard.bind(button, partial(self.choose, label))
            self._buttons[label] = button
            self._choices[label] = action
            buttons.append(button)
        forbidden = view.forbidden_category
        card = view.top_card
        if forbidden is not None and card is not None and view.hilo is None:
            category = card.categories[forbidden]
            value = value_text(category, card.values[forbidden])
            blocked = _choice_button(
                f"{category.name}: {value} — not allowed (last card, T8)",
                "With one card left you may not name the category of the comparison just before (rule T8)",
            )
            blocked.disabled = True
            buttons.insert(min(forbidden, len(buttons)), blocked)
        box = ipw.VBox(buttons) if vertical else ipw.HBox(buttons)
        box.add_class("tt-choices")
        return box

    def _choice_words(self, action: Action, view: Any, number: int) -> tuple[str, str]:
        """Returns the button label and tooltip of a choice, the `number`-th offered."""
        rules = self._rules
        if isinstance(action, PickOpponent):
            pins = view.tracks[action.seat]
            return (
                f"Play against {self._names[action.seat]} ({plural(pins, 'pin')})",
                f"Head to Head against {self._names[action.seat]}",
            )
        if isinstance(action, PickDeck):
            deck = rules.openings[action.opening]
            count = view.arena_counts[action.opening]
            return f"{action.opening + 1} · {deck.name} ({plural(count, 'card')})", f"Play My Game with {deck.name}"
        if isinstance(action, Rob):
            pins = view.tracks[action.seat]
            return (
                f"Steal from {self._names[action.seat]} ({plural(pins, 'pin')})",
                f"Take one pin from {self._names.whose(action.seat)} track (T13)",
            )
        if isinstance(action, Call):
            arrow = "⬆ Higher" if action.direction == "higher" else "⬇ Lower"
            return f"{arrow} (or equal)", f"Call {action.direction}: an equal value also counts as right (T12)"
        if isinstance(action, ChooseCategory):
            card = view.hilo.first_card if view.hilo is not None else view.top_card
            if card is None:
                return f"Category {action.category + 1}", "Choose this category"
            category = card.categories[action.category]
            value = value_text(category, card.values[action.category])
            lower = "  ▼ lower wins" if not category.higher_is_better and view.hilo is None else ""
            direction = "higher wins" if category.higher_is_better else "lower wins"
            return f"{category.name}: {value}{lower}", f"Choose {category.name}: {card.name} has {value}; {direction}"
        return f"Choice {number}", "Make this choice"

    # -- the boundary's snapshot -------------------------------------------------------------------

    def _snapshot(self) -> Callable[[], None]:
        """Returns a function that puts the arena and its tournament back as they are now."""
        match, count = self._match, len(self._match.actions)
        saved = (
            list(self._log),
            list(self._notes),
            list(self._mini_events),
            replace(self._ctx),
            self._viewer,
            self._last_spin,
            self._names,
        )

        def restore() -> None:
            if self._match is match and len(match.actions) == count and self._log == saved[0]:
                return  # the handler failed before changing anything
            if self._match is not match or len(match.actions) != count:
                self._match = match if len(match.actions) == count else Match.from_record(
                    match.record, match.strategies, upto=count, max_actions=match.max_actions
                )
            (self._log, self._notes, self._mini_events, self._ctx, self._viewer, self._last_spin, self._names) = saved
            self._render()

        return restore

    # -- status -------------------------------------------------------------------------------------

    # -- save and resume ----------------------------------------------------------------------------

    def _build_save_box(self) -> None:
        self._save_button = big_button("Save 💾", "Save the tournament to a file in the saves folder", primary=True)
        self._save_button.on_click(lambda _button: self.save())
        self._saved_files = ipw.Dropdown(
            options=[],
            description="Saved games",
            tooltip="Tournaments saved in the saves folder",
            style={"description_width": "initial"},
            layout=ipw.Layout(width="auto", min_width="420px"),
        )
        self._resume_button = big_button("Resume this one", "Carry on the saved tournament picked above", primary=False)
        self._resume_button.on_click(lambda _button: self._resume_picked())
        self._upload = ipw.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Resume from a file…",
            tooltip="Upload a saved tournament (.json) to carry on with it",
            layout=ipw.Layout(width="auto"),
        )
        self._upload.observe(self._boundary.wrap(self._uploaded), names="value")
        self._save_note = html_widget("tt-say")
        self._save_box = ipw.VBox(
            [
                ipw.HBox([self._save_button], layout=ipw.Layout(align_items="center")),
                self._save_note,
                ipw.HBox([self._saved_files, self._resume_button], layout=ipw.Layout(flex_flow="row wrap")),
                self._upload,
            ]
        )
        self._save_box.add_class("tt-save")
        self._refresh_saved_files()
        self._render_save_box()

    def _render_save_box(self) -> None:
        where = f"{self._saves_dir.name}/" if self._saves_dir.name else "the saves folder"
        last = f" Last saved: <b>{esc(self._saved_name)}</b>." if self._saved_name else ""
        self._save_note.value = (
            f'<div class="tt-say">"Save" writes the tournament to a file in <b>{esc(where)}</b>, named after its '
            f"seed and move.{last} Carry on later by picking it below, or upload a saved file.</div>"
        )

    def _saved_file_names(self) -> list[str]:
        try:
            files = [p for p in self._saves_dir.glob("*.json") if p.is_file() and not p.name.startswith(".")]
        except OSError:
            return []
        files.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
        return [p.name for p in files[:200]]

    def _refresh_saved_files(self) -> None:
        names = self._saved_file_names()
        self._saved_files.options = names
        self._saved_files.value = names[0] if names else None
        self._resume_button.disabled = not names

    @handler
    def _resume_picked(self) -> None:
        name = self._saved_files.value
        offered = self._saved_file_names()
        if not isinstance(name, str) or name not in offered or Path(name).name != name:
            raise RecordError("pick one of the saved tournaments in the list first")
        self.resume(self._saves_dir / name)

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        files = change.get("new")
        if not files:
            return
        try:
            item = files[0] if isinstance(files, (tuple, list)) else None
            if not isinstance(item, Mapping):
                raise RecordError("the upload did not hold a file")
            name = str(item.get("name", "the file"))[:120]
            content = item.get("content")
            if not isinstance(content, (bytes, bytearray, memoryview)):
                raise RecordError(f"{name!r} could not be read")
            if len(content) > MAX_UPLOAD_BYTES:
                raise RecordError(f"{name!r} is too large to be a saved tournament")
            try:
                text = bytes(content).decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError(f"{name!r} is not a text file, so it is not a saved tournament") from None
            match = self._match_from_text(text, repr(name))
        finally:
            self._upload.value = ()  # the file's contents do not stay in the page's trait
        self._spinner.cancel(reveal=False)
        self._install(match)
        self._set_controls(self._settings_of(match))
        self._status.show(f"Resumed {name}: move {len(match.actions)}, {self._match_summary()}.")

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
            range(_MIN_SEATS, _MAX_SEATS + 1),
            settings.seats,
            "How many players, people and computers (2 to 6)",
        )
        humans = number_dropdown(
            "People (hot seat if 2+)",
            range(0, _MAX_SEATS + 1),
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

    def close(self) -> None:
        """Stops the spinner and closes the arena and every widget under it (children, layouts and styles)."""
        self._spinner.cancel(reveal=False)
        super().close()


def _choice_button(label: str, tooltip: str) -> ipw.Button:
    """Returns one choice of the panel (an opponent, a deck, a category...), as a large outlined button."""
    button = big_button(label, tooltip, primary=False)
    button.add_class("tt-choice")
    return button


# -- the experiment -------------------------------------------------------------------------------

MIN_TOURNAMENTS = 10
"""Fewest tournaments one run of `TournamentExperiment` plays."""
EXPERIMENT_MAX = 200
"""Most tournaments one run plays: about 5 s with six players on a 2-core laptop (the page waits meanwhile)."""
CHART_WIDTH_IN, CHART_HEIGHT_IN = 11.0, 4.2


class TournamentExperiment(Experiment):
    """How many mini-games does a tournament take, and which mini-games decide it?

    Plays computer tournaments with `tournament_stats` and draws two charts
    into SVG (matplotlib `Figure`, no pyplot state): a histogram of the
    mini-games per tournament, and a bar chart of the mini-game that filled
    the track that began the Finale (T15).  A progress bar moves while the
    tournaments run.

    Args:
        games: Tournaments per run, `MIN_TOURNAMENTS`..`EXPERIMENT_MAX`.
        seats: Players per tournament, 2..6.
        seed: Fixes every tournament; shown and editable in the page.
        decks: The arena's decks (as for `TournamentArena.new`); None: bundled.
        run: Run once on construction, so the page opens with a result.

    Raises:
        RuleOptionError: If a setting is out of range.
    """

    def __init__(
        self,
        games: int = 100,
        seats: int = 4,
        seed: int = 1,
        *,
        decks: Sequence[str | Deck] | str | Deck | None = None,
        run: bool = True,
    ) -> None:
        TournamentSettings(seats=seats, humans=0, seed=seed).check()
        whole(games, MIN_TOURNAMENTS, EXPERIMENT_MAX, "the number of tournaments")
        self._decks = _load_decks(decks)
        self._games = count_slider(
            "Tournaments", MIN_TOURNAMENTS, EXPERIMENT_MAX, 10, games, "How many computer tournaments to play"
        )
        self._seats = number_dropdown(
            "Players", range(_MIN_SEATS, _MAX_SEATS + 1), seats, "How many computer players per tournament"
        )
        self._seed = seed_text(seed, what="plays the same tournaments")
        self._result: TournamentStats | None = None
        super().__init__(
            [self._games, self._seats, self._seed],
            "Run the tournaments",
            run_tooltip="Play the tournaments between computers and chart them",
        )
        self._chart.add_class("tt-pic")  # the arena page's picture style, as before
        if run:
            self.run()

    @property
    def result(self) -> TournamentStats | None:
        """The latest run's result, or None before the first run."""
        return self._result

    @handler
    def run(self) -> None:
        """Plays the tournaments with the current settings and shows the charts."""
        games = whole(
            self._games.value, MIN_TOURNAMENTS, min(EXPERIMENT_MAX, MAX_TOURNAMENTS), "the number of tournaments"
        )
        seats, seed = self._seats.value, self._seed.value
        TournamentSettings(seats=seats, humans=0, seed=seed).check()
        rules = TournamentRules(self._decks, seats=seats)
        with self._running():
            result = tournament_stats(rules, games=games, seed=seed, progress=self._tick)
        self._result = result
        self._chart.value = _experiment_chart(result)
        self._summary.value = _experiment_summary(result)


def _experiment_chart(result: TournamentStats) -> str:
    """Returns the two charts (turns histogram, deciding mini-games) as SVG text."""
    import matplotlib  # lazy: only when a chart is drawn
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": "tt-tournament", "svg.fonttype": "none", "font.size": 13}):
        figure = Figure(figsize=(CHART_WIDTH_IN, CHART_HEIGHT_IN))
        left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.1]})
        if result.turns:
            low, high = min(result.turns), max(result.turns)
            left.hist(result.turns, bins=range(low, high + 2), color="#1D5FA8", edgecolor="white", align="left")
            left.axvline(result.mean_turns, color="#C62828", linestyle="--", label=f"mean {result.mean_turns:.1f}")
            left.legend(loc="upper right")
        left.set_xlabel("mini-games before the Finale")
        left.set_ylabel("tournaments")
        left.set_title(f"How long? ({result.finished} tournaments)")
        labels = list(tsvg.SECTOR_LABELS)
        positions = list(range(len(labels)))
        right.barh(positions, result.deciders, color="#0F7B3F")
        right.set_yticks(positions, labels)
        right.invert_yaxis()
        for y, count in zip(positions, result.deciders, strict=True):
            right.text(count, y, f" {count}", va="center")
        right.set_xlabel("tournaments")
        right.set_title("Which mini-game filled the track? (T15)")
        figure.tight_layout()
        return figure_svg(figure)


def _experiment_summary(result: TournamentStats) -> str:
    top = result.top_decider
    share = ""
    if top is not None and result.finished:
        count = result.deciders[SECTORS.index(top)]
        share = (
            f" <b>{esc(tsvg.sector_label(top))}</b> filled the last track most often ({count} of {result.finished})."
        )
    best = max(range(len(SECTORS)), key=lambda i: result.winner_pins[i])
    pins = (
        f" The winners' pins came most from <b>{esc(tsvg.SECTOR_LABELS[best])}</b>"
        f" ({result.winner_pins[best]} of {sum(p for p in result.winner_pins if p > 0)} pins won)."
        if result.finished
        else ""
    )
    unfinished = f" {result.unfinished} never finished (rule C12)." if result.unfinished else ""
    return (
        f'<div class="tt-say">In {result.finished} finished tournaments of {result.seats} players, the Finale began '
        f"after <b>{result.mean_turns:.1f}</b> mini-games on average (median {result.median_turns:g}, "
        f"from {min(result.turns, default=0)} to {max(result.turns, default=0)}).{share}{pins}{unfinished}</div>"
    )
