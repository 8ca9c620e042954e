"""Lesson 3's experiment: the law of large numbers on the expected Hi Lo pins (P2 beside P5)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as ipw

from toptrumps_core.cards import Card, Deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.experiments import (
    hi_lo_pins_steps,
    side_by_side,
)
from toptrumps_core.options import option_spec
from toptrumps_core.probability import Estimate, HiLoPins, HiLoPolicy, best_hi_lo_policy
from toptrumps_core.tournament import HiLoRules
from widgets._toolkit import (
    SEED_MAX,
    Experiment,
    count_slider,
    figure_svg,
    seed_text,
    whole,
)
from widgets.lesson.charts import convergence_plot
from widgets.lesson.deck_choice import resolve_deck

HILO_TRIALS_MAX = 50_000
"""Most games one `HiLoConvergence` run plays."""


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
        pins = option_spec(HiLoRules, "hilo_pins")
        pins.check(hilo_pins)
        self._deck_value = resolve_deck(deck)
        style = {"description_width": "initial"}
        names = [c.name for c in self._deck_value.cards]
        if first is not None and first not in names:
            raise RuleOptionError(f"no card {first!r} in deck {self._deck_value.name!r}")
        self._first = ipw.Dropdown(options=names, value=first or names[0], description="First card", style=style)
        self._pins = ipw.Dropdown(
            options=list(zip(pins.choice_labels, pins.choices, strict=True)),
            value=hilo_pins,
            description=pins.label,
            tooltip=pins.help,
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

    def _steps(self) -> Iterator[None]:
        """Plays the games with the current settings, in steps, then draws the convergence plot."""
        deck = self._deck_value
        trials = whole(self._trials.value, 100, HILO_TRIALS_MAX, "the number of games")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        option_spec(HiLoRules, "hilo_pins").check(self._pins.value)
        first = deck.card(str(self._first.value))
        others: list[Card] = [c for c in deck.cards if c.name != first.name]
        policy = best_hi_lo_policy(first, others, hilo_pins=self._pins.value)
        estimate = yield from hi_lo_pins_steps(
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
