"""Lesson 2's tie experiment: how often do k random cards tie, category by category? (P4 beside P5)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import (
    side_by_side,
    tie_chance_steps,
)
from toptrumps_core.probability import TieNoData, tie_chance
from widgets._toolkit import (
    SEED_MAX,
    Experiment,
    count_slider,
    figure_svg,
    number_dropdown,
    seed_text,
    whole,
)
from widgets.lesson.charts import TieResult, tie_chart
from widgets.lesson.deck_choice import deck_control, resolve_deck

TIE_TRIALS_MAX = 20_000
"""Most comparisons per category one `TieExperiment` run plays."""


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
        self._deck_value = resolve_deck(deck)
        style = {"description_width": "initial"}
        self._deck = deck_control(self._deck_value)
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

    def _steps(self) -> Iterator[None]:
        """Runs the comparisons with the current settings, in steps, then shows exact beside simulated."""
        players, no_data, trials, seed = self._players.value, self._no_data.value, self._trials.value, self._seed.value
        self._check(players, no_data, trials, seed)
        if self._deck.value:
            self._deck_value = load_deck(self._deck.value)
        deck = self._deck_value
        results = []
        categories = list(enumerate(deck.categories))
        for n, (index, category) in enumerate(categories):
            available = sum(1 for c in deck.cards if no_data != "ignore" or c.values[index] is not None)
            if available >= players:

                def tick(done: int, total: int, n: int = n) -> None:
                    self._tick(n * trials + done, len(categories) * trials)

                estimate = yield from tie_chance_steps(
                    deck, index, players, no_data=no_data, trials=trials, rng=f"{seed}/{index}", progress=tick
                )
                exact = tie_chance(deck, index, players, no_data=no_data)
                results.append(TieResult(category.label, exact, estimate))
            self._tick((n + 1) * trials, len(categories) * trials)
            yield
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
