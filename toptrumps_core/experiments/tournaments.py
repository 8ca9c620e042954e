"""Experiments over many computer tournaments: how long is one, and which mini-games decide it?

`tournament_stats` plays many tournaments between computer players through
the real engine (`toptrumps_core.play.play`) and returns plain data for a
chart (the widget layer draws it):

- **turns**: how many mini-games each tournament took before its Finale
  (T3: one per turn; a Steal a Pin with nobody to rob is spun again and is
  not a turn, T13);
- **deciders**: which mini-game filled the track that began the Finale
  (T15), counted per sector;
- **winner_pins**: the pins the tournament winners won in each mini-game,
  summed over the tournaments (a pin stolen from a winner counts against
  Steal a Pin).

Tournament ``i`` is seeded from ``f"{seed}/tournament/{i}"``, so the same
arguments give the same answer.

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import mean, median
from typing import Any

from toptrumps_core.chance import stream
from toptrumps_core.checks import whole_number
from toptrumps_core.experiments.steps import Steps, run_steps, step_size
from toptrumps_core.play import play
from toptrumps_core.protocol import Event, Seat
from toptrumps_core.strategies import default_player
from toptrumps_core.tournament.arena import TournamentEnd
from toptrumps_core.tournament.finale import FinaleWon
from toptrumps_core.tournament.game import FinaleBegan, MiniGameSpun, TournamentRules
from toptrumps_core.tournament.mini_game import MiniGameOver
from toptrumps_core.tournament.pins import PinAwarded
from toptrumps_core.tournament.spinner import SECTORS, Sector
from toptrumps_core.tournament.steal_a_pin import NothingToSteal

__all__ = ["MAX_TOURNAMENTS", "TournamentStats", "tournament_facts", "tournament_stats", "tournament_stats_steps"]

MAX_TOURNAMENTS = 100_000
"""The most tournaments one call plays."""


@dataclass(frozen=True, slots=True)
class TournamentStats:
    """What `tournament_stats` found; plain data, ready to chart.

    Attributes:
        games: Tournaments played, >= 1.
        seats: Players in each tournament.
        turns: Mini-games each finished tournament took before its Finale,
            one entry per finished tournament, in play order.
        deciders: How often each mini-game filled the track that began the
            Finale (T15), six entries in `SECTORS` order.
        winner_pins: Pins the winners won in each mini-game, summed over the
            finished tournaments, six entries in `SECTORS` order (a pin
            stolen from a winner is taken off Steal a Pin's entry).
        winners: How many tournaments each seat won, one entry per seat.
        unfinished: Tournaments the driver's cap stopped (rule C12), left out
            of everything above.
    """

    games: int
    seats: int
    turns: tuple[int, ...]
    deciders: tuple[int, ...]
    winner_pins: tuple[int, ...]
    winners: tuple[int, ...]
    unfinished: int

    @property
    def finished(self) -> int:
        """Returns how many tournaments reached a winner."""
        return len(self.turns)

    @property
    def mean_turns(self) -> float:
        """Returns the mean number of mini-games per finished tournament (0.0 if none finished)."""
        return float(mean(self.turns)) if self.turns else 0.0

    @property
    def median_turns(self) -> float:
        """Returns the median number of mini-games per finished tournament (0.0 if none finished)."""
        return float(median(self.turns)) if self.turns else 0.0

    @property
    def top_decider(self) -> Sector | None:
        """Returns the mini-game that most often began the Finale (the first of equals), or None."""
        if not any(self.deciders):
            return None
        return SECTORS[self.deciders.index(max(self.deciders))]


def tournament_facts(events: Sequence[Event]) -> tuple[int, Sector | None, dict[Sector, int], Seat | None]:
    """Returns one tournament's facts from its events: turns, decider, pins by mini-game, winner.

    Args:
        events: The tournament's events in order (``record.events``).

    Returns:
        ``(turns, decider, pins, winner)``: the mini-games played as turns
        (T3, T13), the mini-game that filled the track that began the
        Finale (None if it never began), the pins the winner won in each
        mini-game (net of pins stolen from them), and the winner's seat
        (None if unfinished).

    Example:
        >>> from toptrumps_core.tournament.game import TurnPassed
        >>> events = [MiniGameSpun(0, Sector.GRAB_TWO_PINS), PinAwarded(0, 2, 0),
        ...           MiniGameOver(Sector.GRAB_TWO_PINS, (0,)), FinaleBegan((0,))]
        >>> turns, decider, pins, winner = tournament_facts(events)
        >>> turns, decider.value, pins[Sector.GRAB_TWO_PINS], winner
        (1, 'grab_two_pins', 0, None)
    """
    turns = 0
    decider: Sector | None = None
    last_over: Sector | None = None
    sector: Sector | None = None
    awards: list[tuple[Sector | None, PinAwarded]] = []
    winner: Seat | None = None
    for event in events:
        if isinstance(event, MiniGameSpun):
            sector = event.sector
        elif isinstance(event, NothingToSteal):
            turns -= 1  # rule T13: spun again, the same turn goes on
        elif isinstance(event, MiniGameOver):
            turns += 1
            last_over = event.sector
        elif isinstance(event, FinaleBegan):
            decider = last_over
            sector = None
        elif isinstance(event, PinAwarded):
            awards.append((sector, event))
        elif isinstance(event, FinaleWon):
            winner = event.seat
    pins = dict.fromkeys(SECTORS, 0)
    if winner is not None:
        for where, award in awards:
            if where is None:
                continue
            if award.seat == winner:
                pins[where] += award.count
            elif award.robbed == winner:
                pins[where] -= award.count
    return turns, decider, pins, winner


def tournament_stats(
    rules: TournamentRules,
    *,
    games: int = 100,
    seed: int | str = 1,
    strategies: Sequence[Any] | None = None,
    max_actions: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentStats:
    """Plays `games` computer tournaments and counts their length and what decided them.

    Args:
        rules: The tournament's rules (arena, seats, options).
        games: How many tournaments, 1..100,000.
        seed: Fixes every tournament (int or str).
        strategies: One computer player per seat; None: the tournament's
            default player (`TournamentPlayer`) in every seat.
        max_actions: The cap per tournament (rule C12); capped tournaments
            count as `unfinished`.
        progress: Called as ``progress(done, games)`` after each tournament
            (for a progress bar); None for no reports.

    Returns:
        The `TournamentStats`.

    Raises:
        ValueError: If `games` is outside 1..100,000.

    Example:
        >>> from toptrumps_core.cards import Category, Deck
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {f"c{i}": [i % 7, (5 * i) % 11] for i in range(30)})
        >>> stats = tournament_stats(TournamentRules(d, seats=3), games=5, seed=2)
        >>> stats.finished + stats.unfinished, sum(stats.deciders) == stats.finished
        (5, True)
    """
    return run_steps(
        tournament_stats_steps(
            rules, games=games, seed=seed, strategies=strategies, max_actions=max_actions, progress=progress
        )
    )


def tournament_stats_steps(
    rules: TournamentRules,
    *,
    games: int = 100,
    seed: int | str = 1,
    strategies: Sequence[Any] | None = None,
    max_actions: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> Steps[TournamentStats]:
    """`tournament_stats` in steps (`toptrumps_core.experiments.steps`): the same statistics, for a live page.

    Yields after every `step_size(games)` tournaments; returns the
    `TournamentStats`.  The arguments and the errors (raised at the first
    step) are `tournament_stats`'s.
    """
    games = whole_number(games, "games", low=1, high=MAX_TOURNAMENTS, error=ValueError)
    players = list(strategies) if strategies is not None else [default_player(rules)] * rules.seats
    turns: list[int] = []
    deciders = dict.fromkeys(SECTORS, 0)
    winner_pins = dict.fromkeys(SECTORS, 0)
    winners = [0] * rules.seats
    unfinished = 0
    for index in range(games):
        game_seed = stream(seed, f"tournament/{index}").randrange(2**32)
        record = play(rules, players, seed=game_seed, max_actions=max_actions)
        played, decider, pins, winner = tournament_facts(record.events)
        if winner is None or record.outcome is None or record.outcome.termination is not TournamentEnd.FINALE_WON:
            unfinished += 1
        else:
            turns.append(played)
            winners[winner] += 1
            if decider is not None:
                deciders[decider] += 1
            for sector, count in pins.items():
                winner_pins[sector] += count
        if progress is not None:
            progress(index + 1, games)
        if (index + 1) % step_size(games) == 0 and index + 1 < games:
            yield
    return TournamentStats(
        games=games,
        seats=rules.seats,
        turns=tuple(turns),
        deciders=tuple(deciders[s] for s in SECTORS),
        winner_pins=tuple(winner_pins[s] for s in SECTORS),
        winners=tuple(winners),
        unfinished=unfinished,
    )
