"""Lesson pieces: self-check questions, exact-beside-simulated charts and experiments.

- `SelfCheck`: a multiple-choice question with radio buttons, a "Check"
  button and instant feedback.  The answer and its explanation stay in
  Python: no synced trait holds them until the pupil has answered right.
- `convergence_plot`, `tie_chart`: matplotlib figures (made without pyplot,
  so nothing is shown twice) of a Monte Carlo estimate beside the exact value
  (rule P5); `figure_svg` turns one into SVG for an ``HTML`` widget.
- Live experiments for the lessons, each with its controls, a "Run" button, a
  progress bar, a chart and a table of exact beside simulated values:
  `TieExperiment` (lesson 2: ties among k random cards, rule P4),
  `PotExperiment` (lesson 2: whole games under both ``no_data`` options,
  C5, C6) and `HiLoConvergence` (lesson 3: the law of large numbers on the
  expected Hi Lo pins, P2).

Every handler runs inside the error boundary (`widgets._boundary`); values set
from the page are checked before use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import ipywidgets as ipw

from toptrumps_core.cards import Card, Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import (
    Table,
    TieStudy,
    estimate_hi_lo_pins,
    estimate_tie_chance,
    running_estimates,
    side_by_side,
    tie_study,
)
from toptrumps_core.probability import Estimate, HiLoPins, HiLoPolicy, TieNoData, best_hi_lo_policy, tie_chance
from widgets._boundary import ErrorBoundary, StatusKind, handler
from widgets._common import (
    OWN_DECK,
    SEED_MAX,
    Experiment,
    count_slider,
    deck_dropdown,
    deck_names,
    esc,
    figure_svg,
    number_dropdown,
    percent,
    seed_text,
    whole,
)
from widgets._style import style_sheet

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "HiLoConvergence",
    "PotExperiment",
    "SelfCheck",
    "TieExperiment",
    "TieResult",
    "convergence_plot",
    "figure_svg",
    "tie_chart",
]


# The largest run each experiment offers.  The page waits while a run plays (a
# progress bar moves), so each is capped to finish in about 6 s at its worst
# settings (the slowest bundled deck, the most players) on a 2-core laptop,
# well under the 10 s a class will wait.
TIE_TRIALS_MAX = 20_000
"""Most comparisons per category one `TieExperiment` run plays."""
POT_GAMES_MAX = 200
"""Most games per rule option one `PotExperiment` run plays (both options are played)."""
HILO_TRIALS_MAX = 50_000
"""Most games one `HiLoConvergence` run plays."""

_BLUE, _RED, _GREY, _ORANGE = "#1f6feb", "#b42318", "#6e7781", "#bc4c00"


# -- self-check questions ----------------------------------------------------------------


class SelfCheck(ipw.VBox):
    """A self-check question: pick one answer, press "Check", get instant feedback.

    The answer's index and the explanation are kept in Python only (never in
    a synced trait); the explanation is shown once the pupil answers right.

    Args:
        question: The question, plain text (escaped for the page).
        choices: Two or more different answers, plain text, in the order shown.
        answer_index: Position of the right answer in `choices`, from 0.
        explanation: Why that answer is right; shown after "Right!".
        hint: Shown after "Not quite:" for a wrong answer; None for a gentle
            "have another look and try again".

    Raises:
        ValueError: If there are fewer than two choices, two are the same,
            or `answer_index` is not a position in `choices`.

    Example:
        >>> quiz = SelfCheck("2 + 2?", ["3", "4"], 1, "Two and two make four.")
        >>> quiz.select(0); quiz.check(); quiz.feedback
        'Not quite: have another look and try again.'
        >>> quiz.select(1); quiz.check(); quiz.feedback
        'Right! Two and two make four.'
    """

    def __init__(
        self,
        question: str,
        choices: Sequence[str],
        answer_index: int,
        explanation: str,
        *,
        hint: str | None = None,
    ) -> None:
        options = [str(c) for c in choices]
        if len(options) < 2 or len(set(options)) != len(options):
            raise ValueError(f"a question needs two or more different choices; got {options!r}")
        if isinstance(answer_index, bool) or not isinstance(answer_index, int) or not 0 <= answer_index < len(options):
            raise ValueError(f"answer_index must be 0 to {len(options) - 1}; got {answer_index!r}")
        self._answer = answer_index
        self._explanation = explanation
        self._hint = hint or "have another look and try again."
        self._feedback_text = ""
        self._right: bool | None = None
        self._boundary = ErrorBoundary(self._show_status)
        self._question = ipw.HTML(f"<div class='tt-heading' role='heading' aria-level='3'>❓ {esc(question)}</div>")
        self._choices = ipw.RadioButtons(options=options, value=None, layout=ipw.Layout(width="auto"))
        self._choices.add_class("tt-choices")
        self._check = ipw.Button(description="Check ✓", tooltip="Check your answer", layout=ipw.Layout(width="auto"))
        self._check.add_class("tt-big")
        self._check.add_class("tt-primary")
        self._check.on_click(lambda _button: self.check())
        self._feedback = ipw.HTML()
        self._feedback.add_class("tt-status")
        super().__init__([style_sheet(), self._question, self._choices, ipw.HBox([self._check]), self._feedback])
        for css in ("tt-table", "tt-lesson", "tt-selfcheck"):
            self.add_class(css)

    @property
    def choices(self) -> ipw.RadioButtons:
        """The radio buttons (their ``index`` is the pupil's choice, or None)."""
        return self._choices

    @property
    def check_button(self) -> ipw.Button:
        """The "Check" button."""
        return self._check

    @property
    def feedback(self) -> str:
        """The latest feedback as plain text ("" before the first check)."""
        return self._feedback_text

    @property
    def is_right(self) -> bool | None:
        """True/False after a check of an answer; None before any answer was checked."""
        return self._right

    def select(self, index: int) -> None:
        """Selects the answer at `index` (as a click on its radio button would)."""
        self._choices.index = index

    @handler
    def check(self) -> None:
        """Checks the selected answer and shows "Right! ..." or "Not quite: ..."."""
        picked = self._choices.index
        if picked is None:
            self._say("Pick an answer first, then press Check.", "info")
            return
        if isinstance(picked, bool) or not isinstance(picked, int) or not 0 <= picked < len(self._choices.options):
            self._say("That answer is not one of the choices; pick one of them.", "error")
            return
        self._right = picked == self._answer
        if self._right:
            self._say(f"Right! {self._explanation}", "right")
        else:
            self._say(f"Not quite: {self._hint}", "wrong")

    def _say(self, text: str, kind: str) -> None:
        self._feedback_text = text
        sign = {"right": "✅ ", "wrong": "✘ ", "error": "⚠ "}.get(kind, "")
        css = "tt-result-win" if kind == "right" else "tt-status-error" if kind in ("wrong", "error") else ""
        self._feedback.value = f"<span class='{css}' role='status'>{sign}{esc(text)}</span>"

    def _show_status(self, text: str, kind: StatusKind) -> None:
        self._say(text, "error" if kind == "error" else "info")


# -- charts ------------------------------------------------------------------------------


def convergence_plot(
    estimate: Estimate,
    exact: Fraction | float,
    *,
    title: str = "",
    ylabel: str = "estimate",
    limits: tuple[float, float] | None = None,
    points: int = 300,
) -> Figure:
    """Returns a plot of a Monte Carlo estimate settling on the exact value (rule P5).

    The running estimate after 1, 2, ... n trials (log scale), its 95%
    confidence band, and the exact value as a dashed line: the law of large
    numbers made visible.

    Args:
        estimate: An estimate that kept its samples (any ``estimate_*``
            function of `toptrumps_core.experiments`).
        exact: The exact value it estimates.
        title: The plot's title; "" for a default.
        ylabel: The y-axis label (with its unit, e.g. "pins").
        limits: The y-axis range; None for [0, 1] for a chance, or around
            the data for a mean.
        points: At most this many checkpoints are drawn.

    Returns:
        A matplotlib `Figure` (no pyplot state; a notebook shows it with
        ``%matplotlib inline``, a widget with `figure_svg`).

    Raises:
        ValueError: If `estimate` kept no samples.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    run = running_estimates(estimate, points=points)
    figure = Figure(figsize=(7.5, 3.8))
    axes = figure.subplots()
    axes.fill_between(run.trials, run.lows, run.highs, color=_BLUE, alpha=0.2, label="95% confidence band")
    axes.plot(run.trials, run.values, color=_BLUE, linewidth=2, label="simulated (running estimate)")
    value = float(exact)
    exact_label = f"exact: {exact} ≈ {value:.4f}" if isinstance(exact, Fraction) else f"exact: {value:.4f}"
    axes.axhline(value, color=_RED, linestyle="--", linewidth=2, label=exact_label)
    axes.set_xscale("log")
    axes.set_xlabel("trials (log scale)")
    axes.set_ylabel(ylabel)
    if limits is None:
        if estimate.kind == "proportion":
            limits = (0.0, 1.0)
        else:
            settled = [i for i, t in enumerate(run.trials) if t >= 30] or list(range(len(run.trials)))
            low = min(min(run.lows[i] for i in settled), value)
            high = max(max(run.highs[i] for i in settled), value)
            pad = (high - low) * 0.15 or 0.1
            limits = (low - pad, high + pad)
    axes.set_ylim(*limits)
    axes.set_title(title or f"{estimate.trials:,} trials: the estimate settles on the exact value")
    axes.legend(loc="best", fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


@dataclass(frozen=True)
class TieResult:
    """One category's tie chance: exact (rule P4) beside simulated (P5).

    Attributes:
        category: The category's label with its unit.
        exact: The exact chance.
        estimate: The Monte Carlo estimate with its 95% interval.
    """

    category: str
    exact: Fraction
    estimate: Estimate


def tie_chart(results: Sequence[TieResult], *, title: str = "") -> Figure:
    """Returns bars of each category's exact tie chance beside the simulated one (P4, P5).

    Raises:
        ValueError: If `results` is empty.
    """
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    if not results:
        raise ValueError("there are no results to draw")
    figure = Figure(figsize=(7.5, 0.8 + 0.7 * len(results)))
    axes = figure.subplots()
    rows = list(range(len(results)))
    exact = [float(r.exact) for r in results]
    simulated = [r.estimate.value for r in results]
    axes.barh([y + 0.2 for y in rows], exact, height=0.38, color=_RED, alpha=0.8, label="exact (P4)")
    axes.barh([y - 0.2 for y in rows], simulated, height=0.38, color=_BLUE, alpha=0.8, label="simulated (P5)")
    axes.errorbar(
        simulated,
        [y - 0.2 for y in rows],
        xerr=[
            [s - r.estimate.low for s, r in zip(simulated, results, strict=True)],
            [r.estimate.high - s for s, r in zip(simulated, results, strict=True)],
        ],
        fmt="none",
        ecolor="black",
        capsize=4,
        label="95% interval",
    )
    axes.set_yticks(rows, [r.category for r in results])
    axes.invert_yaxis()
    axes.set_xlim(0, max(0.05, max(max(exact), max(r.estimate.high for r in results)) * 1.15))
    axes.set_xlabel("chance of a tie")
    axes.set_title(title)
    axes.legend(loc="upper right", fontsize="small")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    return figure


def _share_with_interval(estimate: Estimate) -> str:
    low, high = percent(estimate.low, decimals=1), percent(estimate.high, decimals=1)
    return f"{percent(estimate.value, decimals=1)} ({low} to {high})"


def _pot_chart(studies: Sequence[TieStudy]) -> Figure:
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    figure = Figure(figsize=(7.5, 3.4))
    axes = figure.subplots()
    sizes = sorted({size for study in studies for size in study.pots}) or [0]
    width = 0.8 / max(1, len(studies))
    colours = (_BLUE, _ORANGE, _GREY)
    for n, study in enumerate(studies):
        counts = study.pot_counts()
        total = max(1, len(study.pots))
        xs = [i + (n - (len(studies) - 1) / 2) * width for i in range(len(sizes))]
        axes.bar(
            xs,
            [counts.get(s, 0) / total for s in sizes],
            width=width,
            color=colours[n % len(colours)],
            label=f'no_data="{study.no_data}" ({len(study.pots):,} pots)',
        )
    axes.set_xticks(range(len(sizes)), [str(s) for s in sizes])
    axes.set_xlabel("cards in the pot when it was won")
    axes.set_ylabel("share of pots")
    axes.set_title("How big do pots grow?")
    axes.legend(fontsize="small")
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    return figure


# -- experiments -------------------------------------------------------------------------


def _deck_control(deck: Deck) -> ipw.Dropdown:
    """Returns the "Deck" dropdown showing `deck` (its own entry if it is not a bundled deck)."""
    bundled = next((name for label, name in deck_names() if label == deck.name), None)
    if bundled is not None:
        return deck_dropdown(bundled)
    return deck_dropdown(OWN_DECK, own=deck)


def _resolve(deck: str | Deck) -> Deck:
    return deck if isinstance(deck, Deck) else load_deck(deck)


class TieExperiment(Experiment):
    """Lesson 2: how often do k random cards tie, category by category? (P4 beside P5).

    For each category, k random distinct cards are compared `trials` times
    with the classic engine, and the share of ties is shown beside the exact
    chance (`toptrumps_core.probability.tie_chance`).

    Args:
        deck: A bundled deck's name or a `Deck`.
        players: Cards per comparison, k = 2..6.
        no_data: ``"tie"`` (rule C6 default), ``"loses"`` or ``"ignore"``
            (see `tie_chance`).
        trials: Comparisons per category, 100..`TIE_TRIALS_MAX`.
        seed: Fixes the run, 0..999,999,999.
        run: Run once on construction, so the page opens with a result.

    Raises:
        DeckError: If `deck` names no bundled deck.
        RuleOptionError: If a number is out of range or `no_data` is misspelt.
    """

    def __init__(
        self,
        deck: str | Deck = "animals",
        *,
        players: int = 2,
        no_data: TieNoData = "tie",
        trials: int = 2000,
        seed: int = 1,
        run: bool = True,
    ) -> None:
        self._check(players, no_data, trials, seed)
        self._deck_value = _resolve(deck)
        style = {"description_width": "initial"}
        self._deck = _deck_control(self._deck_value)
        self._players = number_dropdown("Players (k)", range(2, 7), players, "How many cards each comparison turns")
        self._no_data = ipw.Dropdown(
            options=[
                ("n/a ties (C6 default)", "tie"),
                ("n/a loses (C6 option)", "loses"),
                ("only cards with data", "ignore"),
            ],
            value=no_data,
            description="No data",
            style=style,
        )
        self._trials = count_slider("Trials", 100, TIE_TRIALS_MAX, 100, trials, "How many comparisons per category")
        self._seed = seed_text(seed, what="plays the same games")
        self._results: tuple[TieResult, ...] = ()
        super().__init__([self._deck, self._players, self._no_data, self._trials, self._seed], "Run the comparisons")
        if run:
            self.run()

    @property
    def results(self) -> tuple[TieResult, ...]:
        """The latest run's results, one per category (empty before a run)."""
        return self._results

    @staticmethod
    def _check(players: object, no_data: object, trials: object, seed: object) -> None:
        whole(players, 2, 6, "the number of players")
        whole(trials, 100, TIE_TRIALS_MAX, "the number of trials")
        whole(seed, 0, SEED_MAX, "the seed")
        if no_data not in ("tie", "loses", "ignore"):
            raise RuleOptionError(f"no_data must be 'tie', 'loses' or 'ignore'; got {no_data!r}")

    @handler
    def run(self) -> None:
        """Runs the comparisons with the current settings and shows exact beside simulated."""
        players, no_data, trials, seed = self._players.value, self._no_data.value, self._trials.value, self._seed.value
        self._check(players, no_data, trials, seed)
        if self._deck.value:
            self._deck_value = load_deck(self._deck.value)
        deck = self._deck_value
        results = []
        with self._running():
            categories = list(enumerate(deck.categories))
            for n, (index, category) in enumerate(categories):
                available = sum(1 for c in deck.cards if no_data != "ignore" or c.values[index] is not None)
                if available >= players:
                    estimate = estimate_tie_chance(
                        deck, index, players, no_data=no_data, trials=trials, rng=f"{seed}/{index}"
                    )
                    exact = tie_chance(deck, index, players, no_data=no_data)
                    results.append(TieResult(category.label, exact, estimate))
                self._tick(n + 1, len(categories))
        self._results = tuple(results)
        title = f"{deck.name}: chance that {players} random cards tie"
        self._chart.value = figure_svg(tie_chart(self._results, title=title))
        table = side_by_side(
            {r.category: r.exact for r in self._results}, {r.category: r.estimate for r in self._results}, title=title
        )
        self._table.value = table._repr_html_()
        held = sum(1 for r in self._results if r.estimate.contains(r.exact))
        self._summary.value = (
            f"<p>The exact chance lies inside the simulated 95% interval for <b>{held} of {len(self._results)}</b> "
            "categories. About 1 in 20 intervals may miss it by bad luck alone.</p>"
        )


class PotExperiment(Experiment):
    """Lesson 2: whole games under both ``no_data`` options; how ties and pots grow (C5, C6).

    Plays `games` classic games for each rule C6 option with random choosers
    (`toptrumps_core.experiments.tie_study`) and compares ties per game, the
    share of comparisons that tie, the first comparison's tie rate against
    its exact value (P4 averaged over the categories), and the pot sizes.

    Args:
        deck: A bundled deck's name or a `Deck`.
        seats: Players per game, 2..6.
        games: Games per option, 10..`POT_GAMES_MAX`.
        seed: Fixes the run, 0..999,999,999.
        run: Run once on construction.

    Raises:
        DeckError: If `deck` names no bundled deck.
        RuleOptionError: If a number is out of range.
    """

    def __init__(
        self, deck: str | Deck = "animals", *, seats: int = 3, games: int = 100, seed: int = 1, run: bool = True
    ) -> None:
        whole(seats, 2, 6, "the number of players")
        whole(games, 10, POT_GAMES_MAX, "the number of games")
        whole(seed, 0, SEED_MAX, "the seed")
        self._deck_value = _resolve(deck)
        self._deck = _deck_control(self._deck_value)
        self._seats = number_dropdown("Players", range(2, 7), seats, "How many computer players per game")
        self._games = count_slider(
            "Games per option", 10, POT_GAMES_MAX, 10, games, "How many games to play for each rule option"
        )
        self._seed = seed_text(seed, what="plays the same games")
        self._studies: tuple[TieStudy, ...] = ()
        super().__init__([self._deck, self._seats, self._games, self._seed], "Play the games")
        if run:
            self.run()

    @property
    def studies(self) -> tuple[TieStudy, ...]:
        """The latest run's studies: ``no_data="tie"`` then ``"loses"`` (empty before a run)."""
        return self._studies

    @handler
    def run(self) -> None:
        """Plays the games for both options and shows the comparison."""
        seats = whole(self._seats.value, 2, 6, "the number of players")
        games = whole(self._games.value, 10, POT_GAMES_MAX, "the number of games")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        if self._deck.value:
            self._deck_value = load_deck(self._deck.value)
        deck = self._deck_value
        studies = []
        with self._running():
            options: tuple[Literal["tie", "loses"], ...] = ("tie", "loses")
            for n, option in enumerate(options):

                def tick(done: int, total: int, offset: int = n * games) -> None:
                    self._tick(offset + done, 2 * total)

                studies.append(tie_study(deck, seats=seats, no_data=option, games=games, seed=seed, progress=tick))
        self._studies = tuple(studies)
        self._chart.value = figure_svg(_pot_chart(self._studies))
        rows = []
        for study in self._studies:
            exact = study.first_tie_exact
            rows.append(
                (
                    f'no_data="{study.no_data}"',
                    f"{study.ties_per_game.value:.1f}",
                    percent(study.tie_share, decimals=1),
                    _share_with_interval(study.first_tie),
                    "—" if exact is None else percent(exact, decimals=1),
                    f"{sum(study.largest_pot) / study.games:.1f}",
                    str(max(study.pots, default=0)),
                    str(study.unfinished),
                )
            )
        table = Table(
            (
                "Rule option",
                "Ties per game",
                "Comparisons that tie",
                "First comparison ties (simulated, 95%)",
                "First comparison ties (exact)",
                "Largest pot per game (mean)",
                "Largest pot seen",
                "Games stopped at the round limit",
            ),
            tuple(rows),
            title=f"{deck.name}, {seats} players, {games} games per option",
        )
        self._table.value = table._repr_html_()
        tie, loses = self._studies
        self._summary.value = (
            f"<p>With n/a counting as a tie, <b>{percent(tie.tie_share)}</b> of comparisons tied; when n/a "
            f"loses, only <b>{percent(loses.tie_share)}</b>. Every tie adds one card per player to the pot, "
            "so ties in a row make big pots.</p>"
        )


class HiLoConvergence(Experiment):
    """Lesson 3: the Monte Carlo estimate of the expected Hi Lo pins settling on the exact value (P2, P5).

    The first card is fixed and the rest of the deck shuffled for every
    game; the computer plays the best policy (`best_hi_lo_policy`).  The
    chart shows the running estimate with its 95% band and the exact
    expectation: the law of large numbers.

    Args:
        deck: A bundled deck's name or a `Deck`.
        first: The first card's name; None for the deck's first card.
        hilo_pins: Rule T12 option, ``"per_call"`` or ``"complete_run"``.
        trials: Games to play, 100..`HILO_TRIALS_MAX`.
        seed: Fixes the run, 0..999,999,999.
        run: Run once on construction.

    Raises:
        DeckError: If `deck` names no bundled deck.
        RuleOptionError: If a number is out of range, `first` is not a card
            of the deck, or `hilo_pins` is misspelt.
    """

    def __init__(
        self,
        deck: str | Deck = "dinosaurs",
        *,
        first: str | None = None,
        hilo_pins: HiLoPins = "per_call",
        trials: int = 4000,
        seed: int = 1,
        run: bool = True,
    ) -> None:
        whole(trials, 100, HILO_TRIALS_MAX, "the number of games")
        whole(seed, 0, SEED_MAX, "the seed")
        if hilo_pins not in ("per_call", "complete_run"):
            raise RuleOptionError(f"hilo_pins must be 'per_call' or 'complete_run' (rule T12); got {hilo_pins!r}")
        self._deck_value = _resolve(deck)
        style = {"description_width": "initial"}
        names = [c.name for c in self._deck_value.cards]
        if first is not None and first not in names:
            raise RuleOptionError(f"no card {first!r} in deck {self._deck_value.name!r}")
        self._first = ipw.Dropdown(options=names, value=first or names[0], description="First card", style=style)
        self._pins = ipw.Dropdown(
            options=[("per call (0, 1, 2)", "per_call"), ("complete run (2 or 0)", "complete_run")],
            value=hilo_pins,
            description="Pins",
            style=style,
        )
        self._trials = count_slider("Games", 100, HILO_TRIALS_MAX, 100, trials, "How many games to play")
        self._seed = seed_text(seed, what="plays the same games")
        self._estimate: Estimate | None = None
        self._policy: HiLoPolicy | None = None
        super().__init__([self._first, self._pins, self._trials, self._seed], "Play the games")
        if run:
            self.run()

    @property
    def estimate(self) -> Estimate | None:
        """The latest run's estimate of the expected pins (None before a run)."""
        return self._estimate

    @property
    def policy(self) -> HiLoPolicy | None:
        """The exact best policy for the first card (None before a run)."""
        return self._policy

    @handler
    def run(self) -> None:
        """Plays the games with the current settings and draws the convergence plot."""
        deck = self._deck_value
        trials = whole(self._trials.value, 100, HILO_TRIALS_MAX, "the number of games")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        if self._pins.value not in ("per_call", "complete_run"):
            raise RuleOptionError(f"hilo_pins must be 'per_call' or 'complete_run'; got {self._pins.value!r}")
        first = deck.card(str(self._first.value))
        others: list[Card] = [c for c in deck.cards if c.name != first.name]
        policy = best_hi_lo_policy(first, others, hilo_pins=self._pins.value)
        with self._running():
            estimate = estimate_hi_lo_pins(
                deck, first, others, hilo_pins=self._pins.value, trials=trials, rng=seed, progress=self._tick
            )
        self._policy, self._estimate = policy, estimate
        category = deck.categories[policy.category].name
        title = f"First card {first.name}, best category {category}: expected pins"
        figure = convergence_plot(estimate, policy.expected_pins, title=title, ylabel="average pins per game")
        self._chart.value = figure_svg(figure)
        table = side_by_side({"expected pins": policy.expected_pins}, {"expected pins": estimate}, title=title)
        self._table.value = table._repr_html_()
        inside = "inside" if estimate.contains(policy.expected_pins) else "outside"
        self._summary.value = (
            f"<p>Exact: <b>{policy.expected_pins} ≈ {float(policy.expected_pins):.3f}</b> pins. After "
            f"{estimate.trials:,} games the average is <b>{estimate.value:.3f}</b> ± {estimate.half_width:.3f} "
            f"(95%), and the exact value is {inside} the interval.</p>"
        )
