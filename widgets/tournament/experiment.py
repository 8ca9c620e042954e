"""`TournamentExperiment`: how many mini-games does a tournament take, and which mini-games decide it?"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.experiments import MAX_TOURNAMENTS, TournamentStats, tournament_stats_steps
from toptrumps_core.tournament.game import TournamentRules
from toptrumps_core.tournament.spinner import SECTORS
from widgets._toolkit import (
    Experiment,
    count_slider,
    esc,
    figure_svg,
    number_dropdown,
    seed_text,
    whole,
)
from widgets.tournament.settings import MAX_SEATS, MIN_SEATS, TournamentSettings, load_decks

__all__ = ["EXPERIMENT_MAX", "MIN_TOURNAMENTS", "TournamentExperiment"]


MIN_TOURNAMENTS = 10
"""Fewest tournaments one run of `TournamentExperiment` plays."""
EXPERIMENT_MAX = 200
"""Most tournaments one run plays: about 5 s with six players on a 2-core laptop (played in steps: the page stays
usable, and Stop ends the run)."""
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
        self._decks = load_decks(decks)
        self._games = count_slider(
            "Tournaments", MIN_TOURNAMENTS, EXPERIMENT_MAX, 10, games, "How many computer tournaments to play"
        )
        self._seats = number_dropdown(
            "Players", range(MIN_SEATS, MAX_SEATS + 1), seats, "How many computer players per tournament"
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

    def _steps(self) -> Iterator[None]:
        """Plays the tournaments with the current settings, in steps, then shows the charts."""
        games = whole(
            self._games.value, MIN_TOURNAMENTS, min(EXPERIMENT_MAX, MAX_TOURNAMENTS), "the number of tournaments"
        )
        seats, seed = self._seats.value, self._seed.value
        TournamentSettings(seats=seats, humans=0, seed=seed).check()
        rules = TournamentRules(self._decks, seats=seats)
        result = yield from tournament_stats_steps(rules, games=games, seed=seed, progress=self._tick)
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
        labels = list(svg.SECTOR_LABELS)
        positions = list(range(len(labels)))
        right.barh(positions, result.deciders, color="#0F7B3F")
        right.set_yticks(positions, labels)
        right.invert_yaxis()
        for y, count in zip(positions, result.deciders, strict=True):
            right.text(count, y, f" {count}", va="center")
        right.set_xlabel("tournaments")
        right.set_title("Which mini-game filled the track?")
        figure.tight_layout()
        return figure_svg(figure)


def _experiment_summary(result: TournamentStats) -> str:
    top = result.top_decider
    share = ""
    if top is not None and result.finished:
        count = result.deciders[SECTORS.index(top)]
        share = f" <b>{esc(svg.sector_label(top))}</b> filled the last track most often ({count} of {result.finished})."
    best = max(range(len(SECTORS)), key=lambda i: result.winner_pins[i])
    pins = (
        f" The winners' pins came most from <b>{esc(svg.SECTOR_LABELS[best])}</b>"
        f" ({result.winner_pins[best]} of {sum(p for p in result.winner_pins if p > 0)} pins won)."
        if result.finished
        else ""
    )
    unfinished = f" {result.unfinished} never finished." if result.unfinished else ""
    return (
        f'<div class="tt-say">In {result.finished} finished tournaments of {result.seats} players, the Finale began '
        f"after <b>{result.mean_turns:.1f}</b> mini-games on average (median {result.median_turns:g}, "
        f"from {min(result.turns, default=0)} to {max(result.turns, default=0)}).{share}{pins}{unfinished}</div>"
    )
