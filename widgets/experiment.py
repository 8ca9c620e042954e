"""Lesson 1's experiment: does the first chooser win more often? (rules C3, P5).

`FirstChooserExperiment` plays many games between equal computer players with
`toptrumps_core.experiments.first_chooser_wins` and shows the share of games
seat 0 won as a bar with its 95% confidence interval, beside the share it
would win if choosing first did not matter.  The chart is drawn by matplotlib
into SVG (no pyplot state, nothing printed), and a progress bar moves while
the games run.
"""

from __future__ import annotations

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import FirstChooserResult, first_chooser_wins
from widgets._boundary import handler
from widgets._common import (
    SEED_MAX,
    Experiment,
    count_slider,
    deck_dropdown,
    deck_names,
    figure_svg,
    number_dropdown,
    percent,
    seed_text,
    whole,
)

__all__ = ["MAX_GAMES", "MIN_GAMES", "FirstChooserExperiment"]

MIN_GAMES = 10
"""Fewest games one run plays."""
MAX_GAMES = 100
"""Most games one run plays: about 5 s on the slowest bundled deck on a 2-core laptop (the page waits meanwhile)."""
CHART_WIDTH_IN, CHART_HEIGHT_IN = 6.0, 3.2


class FirstChooserExperiment(Experiment):
    """Controls, a progress bar, a chart and a sentence for lesson 1's experiment.

    Args:
        deck: Short name of a bundled deck (its file name, e.g. ``"animals"``).
        seats: Players per game, 2..6 (rule C1).
        games: Games to play per run, `MIN_GAMES`..`MAX_GAMES`.
        seed: Fixes every game of the run, 0..999,999,999; shown and
            editable in the page.
        run: Run once on construction, so the page opens with a result.

    Raises:
        DeckError: If `deck` is not a bundled deck.
        RuleOptionError: If `seats`, `games` or `seed` is out of range.
    """

    def __init__(
        self, deck: str = "animals", *, seats: int = 2, games: int = 100, seed: int = 1, run: bool = True
    ) -> None:
        ClassicRules(load_deck(deck), seats=seats)  # fail early on a bad deck or seat count
        whole(games, MIN_GAMES, MAX_GAMES, "the number of games")
        whole(seed, 0, SEED_MAX, "the seed")
        self._deck = deck_dropdown(deck, tooltip="Which deck the computers play with")
        self._seats = number_dropdown(
            "Players", range(MIN_SEATS, MAX_SEATS + 1), seats, "How many equal computer players (rule C1)"
        )
        self._games = count_slider("Games", MIN_GAMES, MAX_GAMES, 10, games, "How many games to play")
        self._seed = seed_text(seed, what="plays the same games")
        self._result: FirstChooserResult | None = None
        super().__init__(
            [self._deck, self._seats, self._games, self._seed],
            "Run the games",
            run_tooltip="Play the games and count the first chooser's wins",
        )
        if run:
            self.run()

    @property
    def result(self) -> FirstChooserResult | None:
        """Returns the latest run's result, or None before the first run."""
        return self._result

    @handler
    def run(self) -> None:
        """Plays the games with the current settings and shows the result."""
        seats = whole(self._seats.value, MIN_SEATS, MAX_SEATS, "the number of players")
        games = whole(self._games.value, MIN_GAMES, MAX_GAMES, "the number of games")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        if self._deck.value not in dict((v, v) for _, v in deck_names()):
            raise RuleOptionError(f"there is no deck called {self._deck.value!r}; choose one in the list")
        rules = ClassicRules(load_deck(self._deck.value), seats=seats)
        with self._running():
            result = first_chooser_wins(rules, games=games, seed=seed, progress=self._tick)
        self._result = result
        self._chart.value = _chart_svg(result)
        self._summary.value = _summary_html(result)


def _chart_svg(result: FirstChooserResult) -> str:
    """Returns the bar chart of seat 0's share of wins, with its interval, as SVG."""
    from matplotlib.figure import Figure  # lazy: only when a chart is drawn

    estimate = result.estimate
    figure = Figure(figsize=(CHART_WIDTH_IN, CHART_HEIGHT_IN))
    axes = figure.subplots()
    value = float(estimate.value)
    axes.barh([0], [value], color="#1f6feb", height=0.5, label="seat 1 (chooses first)")
    axes.errorbar(
        [value],
        [0],
        xerr=[[value - estimate.low], [estimate.high - value]],
        fmt="none",
        ecolor="black",
        capsize=8,
        label="95% confidence interval",
    )
    axes.axvline(
        result.fair_share, color="#b42318", linestyle="--", label=f"no advantage: {percent(result.fair_share)}"
    )
    axes.set_xlim(0, 1)
    axes.set_yticks([])
    axes.set_xlabel("share of games won by the first chooser")
    axes.set_title(f"{estimate.trials} finished games")
    axes.legend(loc="upper right", fontsize="small")
    figure.tight_layout()
    return figure_svg(figure)


def _summary_html(result: FirstChooserResult) -> str:
    """Returns one or two sentences that read the result for the class."""
    estimate = result.estimate
    share = percent(estimate.value)
    interval = f"{percent(estimate.low)} to {percent(estimate.high)}"
    if estimate.low <= result.fair_share <= estimate.high:
        verdict = (
            f"The fair share, {percent(result.fair_share)}, is inside the interval: these games cannot tell "
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
        f"with a 95% confidence interval from {interval}.{extra}</p><p>{verdict}</p>"
    )
