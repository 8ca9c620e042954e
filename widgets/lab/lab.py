"""The simulation lab: thousands of classic games in the page, and what they say (rules C1-C12, P5).

`SimulationLab` has controls for the deck, the players, each seat's
strategy, the rule options (``no_data`` C6, ``leftover`` C2,
``collect_order`` C4, ``round_limit`` C11), the number of games (up to
`MAX_GAMES`) and the seed.  "Run the games" plays them in steps
(`widgets._toolkit.SteppedRun`), so the progress bar moves and "Stop"
works while they run; then it draws:

- the game lengths beside the gambler's-ruin estimate (two seats);
- the first chooser's share of wins with its 95 % interval (C3, P5);
- each card's winningness: the share of its comparisons it won, counted on
  the exact rules engine over the run's first `CARD_SAMPLE` games (C4).

"Run the ladder" plays a round robin of every classic strategy on the same
deck and options and draws their head-to-head scores and Elo ratings.

The games run on the batch engine where it plays the options and the
strategies, and on the exact rules engine otherwise (card counting, shuffled
collecting, ``look_at_last``); the page says which.  Everything shown is
public: no card of a game in progress exists here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import Any

import ipywidgets as ipw

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import FirstChooserResult
from toptrumps_core.simulation import LADDER_STRATEGIES, Ladder, first_chooser_share, game_seeds
from toptrumps_core.simulation.experiments import Columns, Engine, check_strategies, play_games, to_frame
from toptrumps_core.simulation.ladder import ladder_orders, rate_ladder
from toptrumps_core.simulation.summaries import CardCounts, count_cards
from widgets._boundary import ErrorBoundary, handler
from widgets._style import shared_style_sheet
from widgets._toolkit import (
    SEED_MAX,
    Schedule,
    Sleep,
    StatusLine,
    SteppedRun,
    big_button,
    deck_dropdown,
    deck_names,
    esc,
    html_widget,
    number_dropdown,
    percent,
    seed_text,
    whole,
)
from widgets.lab.charts import first_chooser_chart, ladder_chart, lengths_chart, winningness_chart
from widgets.lab.choices import (
    CHARTS_BELOW,
    ENGINE_WORDS,
    GAMES_STOPPED,
    LADDER_BELOW,
    LADDER_RUNNING,
    LADDER_STOPPED,
    MAX_GAMES,
    MAX_RULES_GAMES,
    MIN_GAMES,
    STRATEGY_LABELS,
    WAITING_WORDS,
    choose_engine,
    engine_words,
    games_limit,
    ladder_unfinished,
    rule_choice,
)

__all__ = ["CARD_SAMPLE", "MAX_GAMES", "MAX_RULES_GAMES", "MIN_GAMES", "SECTIONS", "STRATEGY_LABELS", "SimulationLab"]

CARD_SAMPLE = 200
"""Games of each run whose cards are counted on the rules engine (each card's winningness)."""
BATCH_STEP, RULES_STEP = 2_000, 20
"""Games per step on each engine: a step takes a fraction of a second, so the page stays live."""
LADDER_GAMES = (10, 200)
"""Fewest and most ladder games per pair of strategies and seat order."""
SECTIONS = {
    "lengths": "How long do games last?",
    "first": "Does the first chooser win more often?",
    "cards": "Which cards win most?",
    "ladder": "Which strategy is best?",
}
"""The results' sections, in the order shown, and their headings."""


class SimulationLab(ipw.VBox):
    """Run thousands of classic games with chosen players and rules, and see what they say.

    Args:
        deck: Short name of a bundled deck (its file name, e.g. ``"animals"``).
        seats: Players per game, 2..6 (rule C1).
        strategies: One strategy name for every seat, or one per seat (keys
            of `STRATEGY_LABELS`).
        no_data: Rule C6: ``"tie"`` (default) or ``"loses"``.
        leftover: Rule C2: ``"deal_all"`` (default) or ``"set_aside"``.
        collect_order: Rule C4: ``"fixed"`` (default) or ``"shuffled"``.
        round_limit: Rule C11: None or 0 for none, else comparisons.
        games: Games per run, `MIN_GAMES`..`MAX_GAMES`; when the settings
            run on the rules engine the Games box offers at most
            `MAX_RULES_GAMES` and lowers a larger number to it.
        seed: Fixes every game of the run, 0..999,999,999.
        ladder_games: Ladder games per pair and seat order.
        engine: ``"auto"`` (default: the batch engine where it plays the
            settings, else the rules engine) or ``"rules"`` (always the exact
            rules engine).
        schedule: Runs the stepping coroutine (tests); None for an asyncio task.
        sleep: The pause between steps (tests); None for `asyncio.sleep`.

    Raises:
        DeckError: If `deck` is not a bundled deck.
        RuleOptionError: If a setting is out of range or misspelt.
    """

    def __init__(
        self,
        deck: str = "animals",
        *,
        seats: int = 2,
        strategies: str | Sequence[str] = "random",
        no_data: str = "tie",
        leftover: str = "deal_all",
        collect_order: str = "fixed",
        round_limit: int | None = None,
        games: int = 10_000,
        seed: int = 1,
        ladder_games: int = 20,
        engine: str = "auto",
        schedule: Schedule | None = None,
        sleep: Sleep | None = None,
    ) -> None:
        if engine not in ("auto", "rules"):
            raise RuleOptionError(f"engine must be 'auto' or 'rules'; got {engine!r}")
        self._engine_choice = engine
        names = check_strategies(strategies, seats)
        whole(games, MIN_GAMES, MAX_GAMES, "the number of games")
        whole(seed, 0, SEED_MAX, "the seed")
        whole(ladder_games, *LADDER_GAMES, "the ladder's games per pair")
        self._schedule, self._sleep = schedule, sleep
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        self._deck = deck_dropdown(deck, tooltip="Which deck the computers play with")
        self._seats = number_dropdown("Players", range(MIN_SEATS, MAX_SEATS + 1), seats, "How many players")
        self._strategy_box = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._no_data = rule_choice("no_data", no_data)
        self._leftover = rule_choice("leftover", leftover)
        self._collect = rule_choice("collect_order", collect_order)
        self._round_limit = ipw.BoundedIntText(
            value=round_limit or 0,
            min=0,
            max=100_000,
            description="Round limit (0 = none)",
            tooltip="After this many comparisons the most cards wins; 0 for no limit",
            style={"description_width": "initial"},
        )
        self._games = ipw.BoundedIntText(
            value=games,
            min=MIN_GAMES,
            max=MAX_GAMES,
            step=1000,
            description="Games",
            tooltip=f"How many games, {MIN_GAMES} to {MAX_GAMES:,}",
            style={"description_width": "initial"},
        )
        self._seed = seed_text(seed, what="plays the same games")
        self._ladder_games = ipw.BoundedIntText(
            value=ladder_games,
            min=LADDER_GAMES[0],
            max=LADDER_GAMES[1],
            description="Ladder games per pair",
            tooltip="Games each pair of strategies plays in each seat order",
            style={"description_width": "initial"},
        )
        self._run_button = big_button("Run the games", "Play the games with these settings", primary=True)
        self._ladder_button = big_button("Run the ladder", "Every strategy plays every other", primary=False)
        self._stop_button = big_button("Stop", "Stop the games after the current step", primary=False)
        self._stop_button.disabled = True
        self._progress = ipw.IntProgress(
            value=0,
            min=0,
            max=1,
            description="Progress",
            tooltip="How far the games have got",  # without one, the page titles the label "null"
            style={"description_width": "initial"},
        )
        self._progress_text = html_widget("tt-say")
        self._engine_text = html_widget("tt-say")
        self._run: SteppedRun | None = None
        self._stopped = GAMES_STOPPED
        self._frame: Any = None
        self._ladder: Ladder | None = None
        self._cards: Any = None
        self._first: FirstChooserResult | None = None
        self._engine: Engine | None = None
        self._seats.observe(self._boundary.wrap(lambda _change: self._rebuild_strategies()), names="value")
        self._rebuild_strategies(names)
        self._show_limits(*self._next_engine())
        self._collect.observe(self._boundary.wrap(lambda _change: self._settings_changed()), names="value")
        self._run_button.on_click(lambda _button: self.run())
        self._ladder_button.on_click(lambda _button: self.run_ladder())
        self._stop_button.on_click(lambda _button: self.stop())
        settings = ipw.HBox(
            [self._deck, self._seats, self._games, self._seed, self._round_limit],
            layout=ipw.Layout(flex_flow="row wrap"),
        )
        settings.add_class("tt-settings")
        super().__init__(
            [
                shared_style_sheet(),
                settings,
                self._strategy_box,
                ipw.VBox([self._no_data, self._leftover, self._collect]),
                ipw.HBox(
                    [self._run_button, self._stop_button, self._ladder_games, self._ladder_button],
                    layout=ipw.Layout(flex_flow="row wrap"),
                ),
                self._progress,
                self._progress_text,
                self._engine_text,
                self._status,
            ]
        )
        for css in ("tt-table", "tt-lesson", "tt-experiment", "tt-lab"):
            self.add_class(css)

    @classmethod
    def new(cls, deck: str = "animals", **settings: Any) -> SimulationLab:
        """Returns a lab on `deck` with `settings` (the constructor's keywords), for a one-line notebook cell."""
        return cls(deck, **settings)

    # -- what the lab found, for notebooks and tests -----------------------------------------

    @property
    def frame(self) -> Any:
        """The latest run's games, one row per game (`toptrumps_core.simulation.simulate`'s), or None."""
        return self._frame

    @property
    def first_chooser(self) -> FirstChooserResult | None:
        """The latest run's first-chooser share (C3, P5), or None."""
        return self._first

    @property
    def cards(self) -> Any:
        """The latest run's card winningness table (C4), or None."""
        return self._cards

    @property
    def ladder(self) -> Ladder | None:
        """The latest ladder, or None before the first."""
        return self._ladder

    @property
    def engine(self) -> Engine | None:
        """The engine of the latest run: ``"batch"`` or ``"rules"``, or None before the first."""
        return self._engine

    @property
    def running(self) -> bool:
        """True while games are being played."""
        return self._run is not None and self._run.running

    @property
    def strategy_controls(self) -> tuple[ipw.Dropdown, ...]:
        """One strategy dropdown per seat, seat 1 first."""
        return tuple(self._strategy_box.children)

    # -- the results' sections, made with the first result ---------------------------------------

    @cached_property
    def _sections(self) -> tuple[dict[str, ipw.HTML], dict[str, ipw.HTML]]:
        """Each section's chart and words, keyed by `SECTIONS`; made and shown under the controls when first drawn.

        A page opens with the controls alone, so its browser builds no empty chart.
        Until its button has run, a section says what it will show and which
        button runs it (`WAITING_WORDS`).
        """
        charts = {key: html_widget("tt-svg") for key in SECTIONS}
        words = {key: html_widget("tt-say", WAITING_WORDS[key]) for key in SECTIONS}
        shown = [
            (html_widget("tt-say", f"<h3>{esc(title)}</h3>"), charts[key], words[key])
            for key, title in SECTIONS.items()
        ]
        self.children = (*self.children, *(widget for section in shown for widget in section))
        return charts, words

    @property
    def _charts(self) -> dict[str, ipw.HTML]:
        return self._sections[0]

    @property
    def _words(self) -> dict[str, ipw.HTML]:
        return self._sections[1]

    # -- intents -----------------------------------------------------------------------------

    @handler
    def run(self) -> None:
        """Checks the settings and starts playing the games (in steps; Stop stops them)."""
        if self.running:
            raise RuleOptionError("the games are already running: wait, or press Stop")
        rules, names = self._settings()
        engine, why = choose_engine(rules, names, self._engine_choice)
        self._engine_text.value = engine_words(engine, why)  # these settings', even if the run is refused
        top = games_limit(engine)
        games = whole(self._games.value, MIN_GAMES, top, f"the number of games on {ENGINE_WORDS[engine]}")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        self._show_limits(engine, why)
        self._start(self._play(rules, names, engine, games, seed))

    @handler
    def run_ladder(self) -> None:
        """Starts the round robin of every classic strategy (two seats, the deck and options chosen)."""
        if self.running:
            raise RuleOptionError("the games are already running: wait, or press Stop")
        rules, _ = self._settings(seats=2)
        games = whole(self._ladder_games.value, *LADDER_GAMES, "the ladder's games per pair")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        earlier = f" The charts of the games above came from {ENGINE_WORDS[self._engine]}." if self._engine else ""
        self._engine_text.value = (
            f"<p>The ladder runs on <b>{ENGINE_WORDS['rules']}</b> (card counting plays only there).{earlier}</p>"
        )
        self._start(self._play_ladder(rules, games, seed), stopped=LADDER_STOPPED)

    @handler
    def stop(self) -> None:
        """Stops the games after the step underway; the charts show the games played so far."""
        if self._run is not None:
            self._run.stop()

    # -- settings ----------------------------------------------------------------------------

    def _rebuild_strategies(self, names: Sequence[str] | None = None) -> None:
        seats = whole(self._seats.value, MIN_SEATS, MAX_SEATS, "the number of players")
        old = [control.value for control in self._strategy_box.children]
        chosen = list(names) if names is not None else (old + [old[-1] if old else "random"] * seats)[:seats]
        controls = [
            ipw.Dropdown(
                options=[(label, name) for name, label in STRATEGY_LABELS.items()],
                value=chosen[seat] if chosen[seat] in STRATEGY_LABELS else "random",
                description=f"Seat {seat + 1}",
                tooltip=f"The strategy of seat {seat + 1}" + (" (chooses first)" if seat == 0 else ""),
                style={"description_width": "initial"},
            )
            for seat in range(seats)
        ]
        for control in controls:
            control.observe(self._boundary.wrap(lambda _change: self._settings_changed()), names="value")
        for control in self._strategy_box.children:
            control.close()
        self._strategy_box.children = controls
        if names is None:
            self._settings_changed()

    def _next_engine(self) -> tuple[Engine, str]:
        """Returns the engine the controls' settings run on, and why it is the rules engine (pupils' words)."""
        rules, names = self._settings()
        return choose_engine(rules, names, self._engine_choice)

    def _settings_changed(self) -> None:
        """Offers the largest run the new settings allow and says which engine plays them (as lesson 01 does)."""
        self._show_limits(*self._next_engine())

    def _show_limits(self, engine: Engine, why: str) -> None:
        """Sets the Games box's maximum to `engine`'s and says which engine the next run plays on."""
        top = games_limit(engine)
        with self._games.hold_sync():
            self._games.max = top
            self._games.tooltip = f"How many games, {MIN_GAMES} to {top:,} on {ENGINE_WORDS[engine]}"
        self._engine_text.value = engine_words(engine, why)

    def _settings(self, seats: int | None = None) -> tuple[ClassicRules, tuple[str, ...]]:
        """Returns the rules and strategy names the controls say, checked (values from the page may be anything)."""
        if self._deck.value not in {file for _, file in deck_names()}:
            raise RuleOptionError(f"there is no deck called {self._deck.value!r}; choose one in the list")
        count = seats or whole(self._seats.value, MIN_SEATS, MAX_SEATS, "the number of players")
        limit = whole(self._round_limit.value, 0, 100_000, "the round limit")
        rules = ClassicRules(
            load_deck(self._deck.value),
            seats=count,
            no_data=self._no_data.value,
            leftover=self._leftover.value,
            collect_order=self._collect.value,
            round_limit=limit or None,
        )
        names = check_strategies([control.value for control in self.strategy_controls], len(self.strategy_controls))
        return rules, (names if seats is None else names[:seats])

    # -- running -----------------------------------------------------------------------------

    def _start(self, steps: Iterator[object], *, stopped: str = GAMES_STOPPED) -> None:
        """Starts `steps`; `stopped` is the status line's message if Stop ends them early."""
        self._stopped = stopped
        self._status.show("")
        self._set_running(True)
        self._run = SteppedRun(steps, self._boundary, self._ended, schedule=self._schedule, sleep=self._sleep)

    def _ended(self, complete: bool) -> None:
        self._set_running(False)
        self._progress.bar_style = "success" if complete else "warning"
        if not complete and not self._status.text:
            self._status.show(self._stopped)

    def _set_running(self, running: bool) -> None:
        with self.hold_sync():
            self._run_button.disabled = running
            self._ladder_button.disabled = running
            self._stop_button.disabled = not running
            if running:
                self._progress.bar_style = ""

    def _tick(self, done: int, total: int, words: str) -> None:
        with self._progress.hold_sync():
            self._progress.max = max(total, 1)
            self._progress.value = done
        self._progress_text.value = f"<p>{esc(words)}</p>"

    def _play(
        self, rules: ClassicRules, names: tuple[str, ...], engine: Engine, games: int, seed: int
    ) -> Iterator[None]:
        """The steps of a run: the games, chunk by chunk, then the card counts; the charts after each part."""
        seeds = game_seeds(seed, games)
        sample = min(CARD_SAMPLE, games)
        total = games + sample
        self._engine = engine
        step = BATCH_STEP if engine == "batch" else RULES_STEP
        chunks: list[Columns] = []
        self._tick(0, total, f"0 of {games:,} games played")
        try:
            for first in range(0, games, step):
                chunks.append(play_games(rules, names, seeds[first : first + step], first=first, engine=engine))
                done = min(first + step, games)
                self._tick(done, total, f"{done:,} of {games:,} games played")
                yield
        finally:
            self._show_games(rules, chunks)
        counts = CardCounts.empty(rules.deck)
        try:
            for first in range(0, sample, RULES_STEP):
                counts = counts.plus(count_cards(rules, names, seeds[first : first + RULES_STEP]))
                done = min(first + RULES_STEP, sample)
                counted = f"cards counted in {done:,} of {sample:,} games"
                self._tick(games + done, total, f"{games:,} games played; {counted}")
                yield
        finally:
            self._show_cards(rules, counts)
        below = f" {CHARTS_BELOW}" if self._first is not None else ""  # no chart when no game ended
        self._tick(total, total, f"Done: {games:,} games played; cards counted in {sample:,} games.{below}")

    def _play_ladder(self, rules: ClassicRules, games: int, seed: int) -> Iterator[None]:
        """The steps of a ladder: each pair of strategies in each seat order, then the ratings."""
        orders = ladder_orders(LADDER_STRATEGIES)
        seeds = game_seeds(seed, games)
        total = games * len(orders)
        chunks: list[Columns] = []
        self._tick(0, total, f"Ladder: 0 of {total:,} games played")
        earlier = self._words["ladder"].value if self._ladder is not None else ""
        self._words["ladder"].value = LADDER_RUNNING
        finished = False
        try:
            for number, names in enumerate(orders):
                for first in range(0, games, RULES_STEP):
                    chunk = play_games(rules, names, seeds[first : first + RULES_STEP], first=first, engine="rules")
                    chunks.append({"point": [number] * len(chunk["game"]), **chunk})
                    done = number * games + min(first + RULES_STEP, games)
                    self._tick(done, total, f"Ladder: {done:,} of {total:,} games played")
                    yield
            finished = True
        finally:
            if not finished:  # stopped, or a step failed: no ratings; the last whole ladder's stay
                self._words["ladder"].value = ladder_unfinished(earlier)
        ladder = rate_ladder(to_frame(chunks), seed=seed, bootstraps=200)
        self._ladder = ladder
        self._charts["ladder"].value = ladder_chart(ladder)
        best = ladder.table().iloc[0]
        self._words["ladder"].value = (
            f"<p>Over {total:,} two-player games, <b>{esc(STRATEGY_LABELS[best['strategy']])}</b> rates highest: "
            f"{best['rating']:.0f} (95% interval {best['low']:.0f} to {best['high']:.0f}). Each cell gives the "
            "share of points the row's strategy scored against the column's (a draw is half a point). "
            f"These games were played on {ENGINE_WORDS['rules']}.</p>"
        )
        self._tick(total, total, f"Done: the ladder played {total:,} games. {LADDER_BELOW}")

    # -- results -----------------------------------------------------------------------------

    def _show_games(self, rules: ClassicRules, chunks: list[Columns]) -> None:
        if not chunks:
            return
        frame = to_frame(chunks, attrs={"engine": self._engine})
        self._frame = frame
        cards = len(rules.deck.cards)
        dealt = cards if rules.leftover == "deal_all" else cards - cards % rules.seats
        unfinished = int((frame["termination"] == "unfinished").sum())
        finished = len(frame) - unfinished
        if not finished:
            self._first = None
            self._status.show(f"None of the {len(frame):,} games ended: nothing to chart.", "error")
            return
        self._charts["lengths"].value = lengths_chart(frame, dealt)
        mean = frame.loc[frame["termination"] != "unfinished", "comparisons"].mean()
        note = f" {unfinished:,} games never ended and are left out." if unfinished else ""
        model = (
            " The dashed line is what fair coin flips would give (the gambler's ruin). Where the games differ "
            "from it, the cards and the choosers are at work: a strong card keeps winning, and a chooser picks "
            "the category."
            if rules.seats == 2
            else ""
        )
        played = f" These games were played on {ENGINE_WORDS[self._engine or 'rules']}."
        self._words[
            "lengths"
        ].value = f"<p>A finished game lasted {mean:,.0f} comparisons on average.{note}{model}{played}</p>"
        self._first = first = first_chooser_share(frame)
        self._charts["first"].value = first_chooser_chart(first)
        estimate = first.estimate
        verdict = _first_chooser_verdict(first, _seat_strategies(frame, rules.seats))
        self._words["first"].value = (
            f"<p>Seat 1 chose first and won <b>{estimate.successes:,} of {estimate.trials:,}</b> finished games "
            f"({_share(estimate.value)}; 95% interval {_share(estimate.low)} to {_share(estimate.high)}; fair share "
            f"{_share(first.fair_share)}). {verdict}{played}</p>"
        )

    def _show_cards(self, rules: ClassicRules, counts: CardCounts) -> None:
        if not sum(counts.revealed):
            return
        table = counts.table(rules.deck)
        self._cards = table
        self._charts["cards"].value = winningness_chart(table)
        best, worst = table.iloc[0], table.dropna(subset=["win_share"]).iloc[-1]
        sampled = min(CARD_SAMPLE, len(self._frame) if self._frame is not None else 0)
        self._words["cards"].value = (
            f"<p><b>{esc(best['card'])}</b> won {percent(float(best['win_share']))} of its comparisons, "
            f"<b>{esc(worst['card'])}</b> only {percent(float(worst['win_share']))} (counted on the exact rules "
            f"engine over the first {sampled:,} games).</p>"
        )


def _share(value: float) -> str:
    """Returns a share of games in [0, 1] as the lab writes one beside its 95 % interval: one decimal (49.9%)."""
    return percent(float(value), decimals=1)


def _seat_strategies(frame: Any, seats: int) -> set[str]:
    """The strategy names the seats played in `frame`, a `simulate` DataFrame (its ``strategy_i`` columns)."""
    return {name for seat in range(seats) for name in frame[f"strategy_{seat}"].unique().tolist()}


def _first_chooser_verdict(first: FirstChooserResult, strategies: set[str]) -> str:
    """What the first chooser's share says, in a pupil's words (rule C3).

    With different strategies at the seats, the share mixes choosing first
    with playing better, so it says nothing about choosing first alone.
    """
    estimate = first.estimate
    if len(strategies) > 1:
        return (
            "The seats play different strategies, so this share mixes choosing first with playing better: "
            "give every seat the same strategy to see what choosing first alone is worth."
        )
    if estimate.low <= first.fair_share <= estimate.high:
        return "The fair share is inside the interval: these games cannot tell an advantage from luck."
    return "The fair share is outside the interval: choosing first makes a difference here."
