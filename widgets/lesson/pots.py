"""Lesson 2's pot experiment: whole games under both ``no_data`` options, and how big pots grow (C5, C6).

The ties of whole games are counted over up to `POT_GAMES_MAX` games per
option on the batch engine (`toptrumps_core.simulation.simulate`: the rules
engine's own games, many at once); the pots and the first comparisons, which
need every event of a game, are followed on the rules engine
(`toptrumps_core.experiments.tie_study`) over the first `POT_SAMPLE` of
those same games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.experiments import (
    Table,
    TieStudy,
    tie_study_steps,
)
from widgets._toolkit import (
    SEED_MAX,
    Experiment,
    count_slider,
    figure_svg,
    number_dropdown,
    percent,
    seed_text,
    whole,
)
from widgets.lesson.batch_games import batch_games
from widgets.lesson.charts import pot_chart, share_with_interval
from widgets.lesson.deck_choice import deck_control, resolve_deck

POT_GAMES_MAX = 20_000
"""Most games per rule option one `PotExperiment` run plays on the batch engine (both options are played)."""
POT_SAMPLE = 200
"""Games per option whose pots and first comparisons are followed on the rules engine."""
ROUND_LIMIT = 500
"""Rule C11 limit of every game here (`tie_study`'s): a game that cycles ends there."""


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
        self._deck_value = resolve_deck(deck)
        self._deck = deck_control(self._deck_value)
        self._seats = number_dropdown("Players", range(2, 7), seats, "How many computer players per game")
        self._games = count_slider(
            "Games per option", 10, POT_GAMES_MAX, 10, games, "How many games to play for each rule option"
        )
        self._frames: tuple[object, ...] = ()
        self._seed = seed_text(seed, what="plays the same games")
        self._studies: tuple[TieStudy, ...] = ()
        super().__init__([self._deck, self._seats, self._games, self._seed], "Play the games")
        if run:
            self.run()

    @property
    def studies(self) -> tuple[TieStudy, ...]:
        """The latest run's studies of the first `POT_SAMPLE` games: ``no_data="tie"`` then ``"loses"``."""
        return self._studies

    @property
    def games(self) -> tuple[object, ...]:
        """The latest run's whole games, one DataFrame per option (`simulate`'s rows; empty before a run)."""
        return self._frames

    def _steps(self) -> Iterator[None]:
        """Plays the games for both options, in steps, then shows the comparison."""
        seats = whole(self._seats.value, 2, 6, "the number of players")
        games = whole(self._games.value, 10, POT_GAMES_MAX, "the number of games")
        seed = whole(self._seed.value, 0, SEED_MAX, "the seed")
        if self._deck.value:
            self._deck_value = load_deck(self._deck.value)
        deck = self._deck_value
        sample = min(games, POT_SAMPLE)
        studies, frames = [], []
        options: tuple[Literal["tie", "loses"], ...] = ("tie", "loses")
        for n, option in enumerate(options):
            offset = n * (games + sample)

            def tick(done: int, total: int, offset: int = offset) -> None:
                self._tick(offset + done, 2 * (games + sample))

            def tick_sample(done: int, total: int, offset: int = offset + games) -> None:
                self._tick(offset + done, 2 * (games + sample))

            rules = ClassicRules(deck, seats=seats, no_data=option, round_limit=ROUND_LIMIT)
            frame = yield from batch_games(rules, "random", games, seed, tick)
            yield
            study = yield from tie_study_steps(
                deck, seats=seats, no_data=option, games=sample, seed=seed, progress=tick_sample
            )
            frames.append(frame)
            studies.append(study)
        self._studies, self._frames = tuple(studies), tuple(frames)
        self._chart.value = figure_svg(pot_chart(self._studies))
        rows = []
        shares = []
        for study, frame in zip(self._studies, frames, strict=True):
            exact = study.first_tie_exact
            share = float(frame["ties"].sum()) / max(float(frame["comparisons"].sum()), 1.0)
            shares.append(share)
            stopped = int(frame["termination"].isin(("round_limit", "unfinished")).sum())
            rows.append(
                (
                    f'no_data="{study.no_data}"',
                    f"{frame['ties'].mean():.1f}",
                    percent(share, decimals=1),
                    share_with_interval(study.first_tie),
                    "—" if exact is None else percent(exact, decimals=1),
                    f"{sum(study.largest_pot) / study.games:.1f}",
                    str(max(study.pots, default=0)),
                    f"{stopped:,}",
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
            title=f"{deck.name}, {seats} players, {games:,} games per option (pots and first comparisons: "
            f"the first {sample})",
        )
        self._table.value = table._repr_html_()
        tie, loses = shares
        self._summary.value = (
            f"<p>With n/a counting as a tie, <b>{percent(tie)}</b> of comparisons tied; when n/a "
            f"loses, only <b>{percent(loses)}</b>. Every tie adds one card per player to the pot, "
            "so ties in a row make big pots.</p>"
        )
