"""Lesson 1's experiment: does the first chooser win more often? (rules C3, P5).

`FirstChooserExperiment` plays many games between equal computer players with
`toptrumps_core.experiments.first_chooser_wins` and shows the share of games
seat 0 won as a bar with its 95 % confidence interval, beside the share it
would win if choosing first did not matter.  The chart is drawn by matplotlib
into SVG (no pyplot state, nothing printed), and a progress bar moves while
the games run.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from toptrumps_core import ClassicRules, bundled_decks, load_deck
from toptrumps_core.experiments import FirstChooserResult, first_chooser_wins
from widgets._boundary import ErrorBoundary, StatusKind, handler

__all__ = ["FirstChooserExperiment"]

MIN_GAMES, MAX_GAMES = 10, 5_000
CHART_WIDTH_IN, CHART_HEIGHT_IN = 6.0, 3.2


class FirstChooserExperiment(widgets.VBox):
    """Controls, a progress bar, a chart and a sentence for lesson 1's experiment.

    Args:
        deck: Short name of a bundled deck.
        seats: Players per game, 2..6 (rule C1).
        games: Games to play per run, 10..5,000.
        seed: Fixes every game of the run; shown and editable in the page.
        run: Run once on construction, so the page opens with a result.

    Raises:
        DeckError: If `deck` is not a bundled deck.
        RuleOptionError: If `seats` is outside 2..6.
    """

    def __init__(
        self, deck: str = "animals", *, seats: int = 2, games: int = 200, seed: int = 1, run: bool = True
    ) -> None:
        ClassicRules(load_deck(deck), seats=seats)  # fail early on a bad deck or seat count
        style = {"description_width": "initial"}
        self._deck = widgets.Dropdown(options=bundled_decks(), value=deck, description="Deck", style=style)
        self._seats = widgets.BoundedIntText(value=seats, min=2, max=6, description="Players", style=style)
        self._games = widgets.IntSlider(
            value=min(max(games, MIN_GAMES), MAX_GAMES),
            min=MIN_GAMES,
            max=MAX_GAMES,
            step=10,
            description="Games",
            continuous_update=False,
            style=style,
        )
        self._seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed", style=style)
        self._run = widgets.Button(description="Run the games", tooltip="Play the games and count the wins")
        self._progress = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self._chart = widgets.HTML()
        self._summary = widgets.HTML()
        self._status = widgets.HTML()
        self._boundary = ErrorBoundary(self._show_status)
        self._result: FirstChooserResult | None = None
        controls = widgets.HBox((self._deck, self._seats, self._seed))
        super().__init__(
            children=(controls, self._games, self._run, self._progress, self._chart, self._summary, self._status)
        )
        self._run.on_click(lambda _button: self.run())
        if run:
            self.run()

    @property
    def result(self) -> FirstChooserResult | None:
        """Returns the latest run's result, or None before the first run."""
        return self._result

    @handler
    def run(self) -> None:
        """Plays the games with the current settings and shows the result."""
        seats, games, seed = int(self._seats.value), int(self._games.value), int(self._seed.value)
        if not 2 <= seats <= 6 or not MIN_GAMES <= games <= MAX_GAMES or seed < 0:
            self._show_status(
                f"Choose 2 to 6 players, {MIN_GAMES} to {MAX_GAMES} games and a seed of 0 or more.", "error"
            )
            return
        rules = ClassicRules(load_deck(self._deck.value), seats=seats)
        self._status.value = ""
        self._run.disabled = True
        self._progress.max, self._progress.value = games, 0

        def advance(done: int, total: int) -> None:
            if done % max(total // 50, 1) == 0 or done == total:
                self._progress.value = done

        try:
            result = first_chooser_wins(rules, games=games, seed=seed, progress=advance)
        finally:
            self._run.disabled = False
        self._result = result
        self._chart.value = _chart_svg(result)
        self._summary.value = _summary_html(result)

    def _show_status(self, text: str, kind: StatusKind) -> None:
        sign = "⚠️ " if kind == "error" else ""
        self._status.value = f"<p role='status'>{sign}{html.escape(text)}</p>"


def _chart_svg(result: FirstChooserResult) -> str:
    """Returns the bar chart of seat 0's share of wins, with its interval, as SVG."""
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    estimate = result.estimate
    figure = Figure(figsize=(CHART_WIDTH_IN, CHART_HEIGHT_IN))
    axes = figure.subplots()
    value = float(estimate.value)
    axes.barh([0], [value], color="#1f6feb", height=0.5, label="Player 1 (chooses first)")
    axes.errorbar(
        [value],
        [0],
        xerr=[[value - estimate.low], [estimate.high - value]],
        fmt="none",
        ecolor="black",
        capsize=8,
        label="95 % confidence interval",
    )
    axes.axvline(result.fair_share, color="#b42318", linestyle="--", label=f"no advantage: {result.fair_share:.0%}")
    axes.set_xlim(0, 1)
    axes.set_yticks([])
    axes.set_xlabel("share of games won by the first chooser")
    axes.set_title(f"{estimate.trials} finished games")
    axes.legend(loc="upper right", fontsize="small")
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    return buffer.getvalue()


def _summary_html(result: FirstChooserResult) -> str:
    """Returns one or two sentences that read the result for the class."""
    estimate = result.estimate
    share = f"{float(estimate.value):.0%}"
    interval = f"{estimate.low:.0%} to {estimate.high:.0%}"
    if estimate.low <= result.fair_share <= estimate.high:
        verdict = (
            f"The fair share, {result.fair_share:.0%}, is inside the interval: these games cannot tell "
            "an advantage from luck."
        )
    elif estimate.low > result.fair_share:
        verdict = "The whole interval is above the fair share: choosing first looks like an advantage."
    else:
        verdict = "The whole interval is below the fair share: choosing first looks like a disadvantage."
    notes = []
    if result.draws:
        notes.append(f"{result.draws} draws count as not won")
    if result.unfinished:
        notes.append(f"{result.unfinished} games that never ended are left out (rule C12)")
    extra = f" ({'; '.join(notes)}.)" if notes else ""
    return (
        f"<p>The first chooser won <b>{estimate.successes} of {estimate.trials}</b> games: <b>{share}</b>, "
        f"with a 95 % confidence interval from {interval}.{extra}</p><p>{verdict}</p>"
    )
