"""Lesson 1's experiment: does the first chooser win more often? (rules C3, P5).

`FirstChooserExperiment` plays many games between equal computer players and
shows the share of games
seat 0 won as a bar with its 95% confidence interval, beside the share it
would win if choosing first did not matter.  The chart is drawn by matplotlib
into SVG (no pyplot state, nothing printed), and a progress bar moves while
the games run.  The easy, medium and hard levels play on the batch engine
(`toptrumps_core.simulation.simulate`: the same games as the rules engine,
many at once), so a run can be `MAX_GAMES` games; the expert, which counts
cards, plays on the exact rules engine
(`toptrumps_core.experiments.first_chooser_wins`), up to `EXPERT_MAX_GAMES`.

The class chooses the deck, the number of players, the computers' level and
rule C6's ``no_data`` option.  Comparing levels shows something worth a
lesson: with ``no_data="tie"`` the expert computer, which counts cards, can
*stall* as first chooser: when its card is weak it names a category where
some card shows n/a, the comparison ties, the cards go to the pot and it
chooses again (rules C5, C6).  With ``no_data="loses"`` the trick is gone.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as ipw

from toptrumps_core import ClassicRules, load_deck
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import FirstChooserResult, first_chooser_steps
from toptrumps_core.options import option_spec
from toptrumps_core.strategies import DIFFICULTIES, default_player
from widgets._toolkit import (
    SEED_MAX,
    Experiment,
    count_slider,
    deck_dropdown,
    deck_names,
    figure_svg,
    number_dropdown,
    percent,
    rule_toggle,
    seed_text,
    whole,
)
from widgets.lesson.batch_games import batch_games, first_chooser_share

__all__ = ["EXPERT_MAX_GAMES", "MAX_GAMES", "MIN_GAMES", "FirstChooserExperiment"]

MIN_GAMES = 10
"""Fewest games one run plays."""
MAX_GAMES = 20_000
"""Most games one run plays on the batch engine (levels easy, medium, hard): a few seconds on a
2-core machine."""
EXPERT_MAX_GAMES = 600
"""Most games one run plays with expert players, on the exact rules engine: about 9 s on the
slowest bundled deck on a 2-core machine (the progress bar moves meanwhile)."""
BATCH_LEVELS = {"easy": "random", "medium": "best_value", "hard": "best_rank"}
"""The levels the batch engine plays, and their strategy names."""
LEVELS = tuple(DIFFICULTIES)
"""The computers' levels, easiest first (see `toptrumps_core.strategies.DIFFICULTIES`)."""
CHART_WIDTH_IN, CHART_HEIGHT_IN = 6.0, 3.2


class FirstChooserExperiment(Experiment):
    """Controls, a progress bar, a chart and a sentence for lesson 1's experiment.

    Args:
        deck: Short name of a bundled deck (its file name, e.g. ``"animals"``).
        seats: Players per game, 2..6 (rule C1).
        level: The computers' level, one of `LEVELS`; every seat plays at it.
        no_data: Rule C6's option, ``"tie"`` (default) or ``"loses"``.
        games: Games to play per run, `MIN_GAMES`..`MAX_GAMES`
            (`EXPERT_MAX_GAMES` for the expert level).
        seed: Fixes every game of the run, 0..999,999,999; shown and
            editable in the page.
        run: Run once on construction, so the page opens with a result.

    Raises:
        DeckError: If `deck` is not a bundled deck.
        RuleOptionError: If `seats`, `level`, `no_data`, `games` or `seed`
            is out of range.
    """

    def __init__(
        self,
        deck: str = "animals",
        *,
        seats: int = 2,
        level: str = "hard",
        no_data: str = "tie",
        games: int = 100,
        seed: int = 1,
        run: bool = True,
    ) -> None:
        ClassicRules(load_deck(deck), seats=seats, no_data=no_data)  # type: ignore[arg-type]  # checks the options
        _check_level(level)
        whole(games, MIN_GAMES, _most_games(level), f"the number of games at level {level}")
        whole(seed, 0, SEED_MAX, "the seed")
        self._deck = deck_dropdown(deck, tooltip="Which deck the computers play with")
        self._seats = number_dropdown(
            "Players", range(MIN_SEATS, MAX_SEATS + 1), seats, "How many equal computer players"
        )
        self._level = ipw.Dropdown(
            options=LEVELS,
            value=level,
            description="Computer level",
            tooltip="easy: random; medium: best value; hard: best rank; expert: counts cards exactly",
            style={"description_width": "initial"},
        )
        self._no_data = rule_toggle(option_spec(ClassicRules, "no_data"), no_data)
        self._games = count_slider("Games", MIN_GAMES, MAX_GAMES, 10, games, "How many games to play")
        self._seed = seed_text(seed, what="plays the same games")
        self._games.max = _most_games(level)
        self._result: FirstChooserResult | None = None
        super().__init__(
            [self._deck, self._seats, self._level, self._no_data, self._games, self._seed],
            "Run the games",
            run_tooltip="Play the games and count the first chooser's wins",
        )
        self._level.observe(self._boundary.wrap(self._level_changed), names="value")
        if run:
            self.run()

    @property
    def result(self) -> FirstChooserResult | None:
        """Returns the latest run's result, or None before the first run."""
        return self._result

    def _steps(self) -> Iterator[None]:
        """Plays the games with the current settings, in steps, then shows the result."""
        seats = whole(self._seats.value, MIN_SEATS, MAX_SEATS, "the number of players")
        level = _check_level(self._level.value)
        games = whole(self._games.value, MIN_GAMES, _most_games(level), f"the number of games at level {level}")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        if self._deck.value not in dict((v, v) for _, v in deck_names()):
            raise RuleOptionError(f"there is no deck called {self._deck.value!r}; choose one in the list")
        if self._no_data.value not in ("tie", "loses"):
            raise RuleOptionError(f"no_data must be 'tie' or 'loses' (rule C6); got {self._no_data.value!r}")
        rules = ClassicRules(load_deck(self._deck.value), seats=seats, no_data=self._no_data.value)
        if level in BATCH_LEVELS:
            frame = yield from batch_games(rules, BATCH_LEVELS[level], games, seed, self._tick)
            result = first_chooser_share(frame)
        else:
            players = [default_player(rules)] * seats
            result = yield from first_chooser_steps(
                rules, games=games, seed=seed, strategies=players, progress=self._tick
            )
        self._result = result
        self._chart.value = _chart_svg(result)
        self._summary.value = _summary_html(result)

    def _level_changed(self, change: dict[str, object]) -> None:
        """Offers the level's largest run: `MAX_GAMES` on the batch engine, `EXPERT_MAX_GAMES` for the expert."""
        if change["new"] in LEVELS:
            self._games.max = _most_games(str(change["new"]))


def _most_games(level: str) -> int:
    """Returns the most games one run plays at `level`."""
    return MAX_GAMES if level in BATCH_LEVELS else EXPERT_MAX_GAMES


def _check_level(level: object) -> str:
    """Returns `level` if it is one of `LEVELS`; else raises RuleOptionError listing them."""
    if level not in LEVELS:
        raise RuleOptionError(f"the computer level must be one of {', '.join(LEVELS)}; got {level!r}")
    return str(level)


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
