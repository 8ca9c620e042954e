"""Rule P5: Monte Carlo estimates of the exact chances P1-P4, with 95 % confidence intervals.

`estimate_hi_lo_odds`, `estimate_hi_lo_pins`, `estimate_comparison_odds` and
`estimate_tie_chance` play the real rules engines
(`toptrumps_core.tournament.hilo.HiLoRules`,
`toptrumps_core.classic.ClassicRules`, driven by `toptrumps_core.play`)
with a seeded generator and return an `Estimate` with a 95 % confidence
interval (Wilson for a proportion, normal for a mean), to set beside the
exact value of `toptrumps_core.probability`.  Progress bars
(``progress=True``) use ``tqdm.auto``, imported only then
(`toptrumps_core.progress`).  `hi_lo_pins_steps` and `tie_chance_steps`
are the same estimates in steps (`toptrumps_core.experiments.steps`), for a
page that stays usable while they run.

Rules version: 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from toptrumps_core.cards import Card, Deck
from toptrumps_core.chance import RngLike, make_rng
from toptrumps_core.checks import whole_number
from toptrumps_core.classic import ChooseCategory, ClassicRules
from toptrumps_core.events import Tied, Won
from toptrumps_core.experiments.steps import Steps, run_steps
from toptrumps_core.play import play
from toptrumps_core.probability import (
    Direction,
    Estimate,
    HiLoPins,
    HiLoPolicy,
    TieNoData,
    best_hi_lo_policy,
    category_index,
    check_unseen,
    mean_interval,
    tie_chance,
)
from toptrumps_core.progress import Progress, ProgressReporter
from toptrumps_core.strategies.hilo import PolicyPlayer
from toptrumps_core.tournament.hilo import Call, HiLoEnded, HiLoRules, HiLoState

__all__ = [
    "ComparisonEstimate",
    "estimate_comparison_odds",
    "estimate_hi_lo_odds",
    "estimate_hi_lo_pins",
    "estimate_tie_chance",
    "hi_lo_pins_steps",
    "tie_chance_steps",
]


@dataclass(frozen=True, slots=True)
class ComparisonEstimate:
    """Monte Carlo estimates of one comparison's result (rule P5 for P3).

    Attributes:
        win: Estimated chance to win outright.
        tie: Estimated chance of a tie.
        lose: Estimated chance to lose.  The three come from the same trials.
    """

    win: Estimate
    tie: Estimate
    lose: Estimate


def _collect(
    trial: Callable[[random.Random], int],
    *,
    trials: int,
    rng: RngLike,
    progress: Progress,
    description: str,
    enough: Callable[[list[int]], bool] | None = None,
) -> Steps[list[int]]:
    """Returns the outcomes of up to `trials` runs of `trial` (fewer once `enough` says so), in steps.

    One step is a chunk of trials: 1 % of `trials` (at least 100), or 500
    when `enough` is given; `enough` is asked after every chunk, so an early
    stop overshoots little.
    """
    trials = whole_number(trials, "trials", low=1, error=ValueError)
    generator = make_rng(rng)
    reporter = ProgressReporter(progress, trials, description)
    chunk = 500 if enough is not None else max(100, trials // 100)
    outcomes: list[int] = []
    try:
        while len(outcomes) < trials:
            for _ in range(min(chunk, trials - len(outcomes))):
                outcomes.append(trial(generator))
            reporter.update(len(outcomes))
            if enough is not None and enough(outcomes):
                break
            if len(outcomes) < trials:
                yield
    finally:
        reporter.close()
    return outcomes


def _card_number(deck: Deck, card: Card) -> int:
    try:
        number = deck.index_of(card.name)
    except KeyError:
        raise ValueError(f"card {card.name!r} is not in deck {deck.name!r}") from None
    if deck.cards[number] != card:
        raise ValueError(f"card {card.name!r} differs from the card of that name in deck {deck.name!r}")
    return number


def _hilo_setup(
    deck: Deck, first_card: Card, unseen: Sequence[Card], hilo_pins: HiLoPins
) -> tuple[HiLoRules, int, list[int]]:
    check_unseen(first_card, unseen)
    return HiLoRules(deck, hilo_pins=hilo_pins), _card_number(deck, first_card), [_card_number(deck, c) for c in unseen]


def _shuffled_start(rules: HiLoRules, first: int, unseen: list[int], rng: random.Random) -> HiLoState:
    order = unseen[:]
    rng.shuffle(order)
    return rules.setup((first, *order)).state


def estimate_hi_lo_odds(
    deck: Deck,
    first_card: Card,
    category: int | str,
    unseen: Sequence[Card],
    *,
    call: Direction = "higher",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the chance that a first Hi Lo call is right (P5 for P1).

    Each trial plays the real Hi Lo engine (`HiLoRules`, T12): the stack is
    `first_card` on top of the unseen cards in a random order; the player
    chooses `category` and makes `call`; the trial succeeds if the call is
    right (no-data cards are put aside and replaced by the engine itself).

    Args:
        deck: The deck the cards come from (at least 3 cards).
        first_card: The face-up first card; it must have data in `category`.
        category: A category index or name.
        unseen: The cards the rest of the stack is shuffled from; at least two
            (Hi Lo lays three cards) and one with data in `category`.
        call: ``"higher"`` or ``"lower"``.
        trials: How many mini-games to play, >= 1.
        rng: A `random.Random` or a seed (see `toptrumps_core.make_rng`).
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a proportion; compare with ``hi_lo_odds(...).higher``.

    Raises:
        ValueError: If an argument is out of range, or no unseen card has data.
        TopTrumpsError: If the engine refuses the setup (e.g. too few cards).

    Example:
        >>> from fractions import Fraction
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> estimate_hi_lo_odds(d, d.cards[0], "A", d.cards[1:], trials=2000, rng=1).contains(Fraction(2, 3))
        True
    """
    if call not in ("higher", "lower"):
        raise ValueError(f"call must be 'higher' or 'lower' (rule T12); got {call!r}")
    index = category_index(first_card, category)
    if first_card.values[index] is None:
        raise ValueError(f"card {first_card.name!r} has no data in category {index}; it cannot be chosen (rule T12)")
    if all(c.values[index] is None for c in unseen):
        raise ValueError("no unseen card has data in this category, so no call can be judged (rule P1)")
    rules, first, numbers = _hilo_setup(deck, first_card, unseen, "per_call")
    choose, action = ChooseCategory(index), Call(call)

    def trial(generator: random.Random) -> int:
        state = rules.apply(_shuffled_start(rules, first, numbers, generator), choose).state
        state = rules.apply(state, action).state
        return 1 if state.calls[0][1] else 0

    outcomes = run_steps(_collect(trial, trials=trials, rng=rng, progress=progress, description="Hi Lo calls"))
    return Estimate.of_proportion(outcomes)


def estimate_hi_lo_pins(
    deck: Deck,
    first_card: Card,
    unseen: Sequence[Card],
    *,
    hilo_pins: HiLoPins = "per_call",
    category: int | str | None = None,
    trials: int = 10_000,
    half_width: float | None = None,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the expected Hi Lo pins of the best calls (P5 for P2).

    Each trial plays a whole Hi Lo mini-game through the driver
    (`toptrumps_core.play`) with the real engine (`HiLoRules`, T12): the
    stack is `first_card` on top of the unseen cards in a random order, and
    the player follows `best_hi_lo_policy` (in `category` if given).

    Args:
        deck: The deck the cards come from.
        first_card: The face-up first card.
        unseen: The cards the rest of the stack is shuffled from (at least 2).
        hilo_pins: Rule T12 option, ``"per_call"`` or ``"complete_run"``.
        category: Force this category (index or name); None for the best one.
        trials: The most mini-games to play, >= 1.
        half_width: Stop early, after at least 1,000 trials, once the 95 %
            interval's half-width is at most this many pins; None to play all
            `trials`.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a mean, in pins; compare with
        ``best_hi_lo_policy(...).expected_pins``.

    Raises:
        ValueError: If an argument is out of range (see `best_hi_lo_policy`).

    Example:
        >>> from fractions import Fraction
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2]})
        >>> estimate_hi_lo_pins(d, d.cards[0], d.cards[1:], category="A", trials=2000, rng=2).contains(Fraction(7, 6))
        True
    """
    return run_steps(
        hi_lo_pins_steps(
            deck,
            first_card,
            unseen,
            hilo_pins=hilo_pins,
            category=category,
            trials=trials,
            half_width=half_width,
            rng=rng,
            progress=progress,
        )
    )


def hi_lo_pins_steps(
    deck: Deck,
    first_card: Card,
    unseen: Sequence[Card],
    *,
    hilo_pins: HiLoPins = "per_call",
    category: int | str | None = None,
    trials: int = 10_000,
    half_width: float | None = None,
    rng: RngLike = None,
    progress: Progress = None,
) -> Steps[Estimate]:
    """`estimate_hi_lo_pins` in steps (`toptrumps_core.experiments.steps`): the same estimate, for a live page.

    Yields after each chunk of mini-games (1 % of `trials`, at least 100;
    500 with `half_width`); returns the `Estimate`.  The arguments and the
    errors (raised at the first step) are `estimate_hi_lo_pins`'s.
    """
    rules, first, numbers = _hilo_setup(deck, first_card, unseen, hilo_pins)
    policy = best_hi_lo_policy(first_card, unseen, hilo_pins=hilo_pins)
    if category is not None:
        index = category_index(first_card, category)
        plan = policy.plans[index]
        if plan is None:
            raise ValueError(
                f"card {first_card.name!r} has no data in category {index}; it cannot be chosen (rule T12)"
            )
        policy = HiLoPolicy(index, plan.expected_pins, plan.first_call, policy.plans, hilo_pins)
    players = [PolicyPlayer(policy)]

    def trial(generator: random.Random) -> int:
        record = play(rules, players, seed=0, start=_shuffled_start(rules, first, numbers, generator))
        return next(e.pins for e in reversed(record.events) if isinstance(e, HiLoEnded))

    if half_width is not None and not half_width > 0:
        raise ValueError(f"half_width must be a positive number of pins or None; got {half_width!r}")

    sums = [0, 0, 0]  # trials counted, sum, sum of squares: the check costs O(new trials)

    def enough(outcomes: list[int]) -> bool:
        for outcome in outcomes[sums[0] :]:
            sums[1] += outcome
            sums[2] += outcome * outcome
        sums[0] = n = len(outcomes)
        if half_width is None or n < 1000:
            return False
        low, high = mean_interval(sums[1], sums[2], n)
        return (high - low) / 2 <= half_width

    outcomes = yield from _collect(
        trial,
        trials=trials,
        rng=rng,
        progress=progress,
        description="Hi Lo games",
        enough=enough if half_width is not None else None,
    )
    return Estimate.of_mean(outcomes)


def _classic_rules(deck: Deck, seats: int, no_data: Literal["tie", "loses"]) -> ClassicRules:
    return ClassicRules(deck, seats=seats, no_data=no_data, simulation=seats > 6)


def estimate_comparison_odds(
    deck: Deck,
    card: Card,
    category: int | str,
    unseen: Sequence[Card],
    opponents: int,
    *,
    no_data: Literal["tie", "loses"] = "tie",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> ComparisonEstimate:
    """Returns Monte Carlo estimates of one comparison's result (P5 for P3).

    Each trial deals `card` to seat 0 and one random unseen card (without
    replacement) to each of `opponents` other seats, lets seat 0 choose
    `category`, and reads the classic engine's events (`ClassicRules`, C4-C6).

    Args:
        deck: The deck.
        card: Seat 0's card.
        category: A category index or name.
        unseen: The cards the opponents' cards are drawn from.
        opponents: Other seats, 1..min(11, len(unseen)).
        no_data: Rule C6 option, ``"tie"`` or ``"loses"``.
        trials: Comparisons to play, >= 1.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        Three estimates (win, tie, lose) from the same trials; compare with
        `comparison_odds`.

    Raises:
        ValueError: If an argument is out of range.

    Example:
        >>> from fractions import Fraction
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [5, 1], "q": [3, 1], "r": [5, "n/a"], "s": [9, 2]})
        >>> odds = estimate_comparison_odds(d, d.cards[0], "A", d.cards[1:], 1, trials=3000, rng=3)
        >>> odds.win.contains(Fraction(1, 3)) and odds.tie.contains(Fraction(1, 3))
        True
    """
    index = category_index(card, category)
    check_unseen(card, unseen)
    opponents = whole_number(opponents, "opponents", low=1, high=min(11, len(unseen)), error=ValueError)
    rules = _classic_rules(deck, opponents + 1, no_data)
    names = [c.name for c in unseen]
    choose = ChooseCategory(index)
    win, tie, lose = 0, 1, 2

    def trial(generator: random.Random) -> int:
        drawn = generator.sample(names, opponents)
        state = rules.start_from(stacks=[[card.name], *([n] for n in drawn)], chooser=0)
        for event in rules.apply(state, choose).events:
            if isinstance(event, Won):
                return win if event.seat == 0 else lose
            if isinstance(event, Tied):
                return tie
        raise AssertionError("a comparison always ends in Won or Tied")  # pragma: no cover

    results = run_steps(_collect(trial, trials=trials, rng=rng, progress=progress, description="comparisons"))
    return ComparisonEstimate(*(Estimate.of_proportion([int(r == code) for r in results]) for code in (win, tie, lose)))


def estimate_tie_chance(
    deck: Deck,
    category: int | str,
    k: int = 2,
    *,
    no_data: TieNoData = "tie",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> Estimate:
    """Returns a Monte Carlo estimate of the chance that k random cards tie (P5 for P4).

    Each trial deals k random distinct cards (from the cards with data only,
    for ``no_data="ignore"``) to k seats, one each, and plays one comparison
    in `category` with the classic engine (`ClassicRules` with the C6 option
    ``no_data`` — ``"tie"`` for ``"ignore"``); it succeeds on a `Tied` event.

    Args:
        deck: The deck.
        category: A category index or name.
        k: Cards in the comparison, 2..12 and at most the cards available.
        no_data: ``"tie"``, ``"loses"`` or ``"ignore"`` (see `tie_chance`).
        trials: Comparisons to play, >= 1.
        rng: A `random.Random` or a seed.
        progress: None, True for a ``tqdm.auto`` bar, or ``f(done, total)``.

    Returns:
        An `Estimate` of a proportion; compare with `tie_chance`.

    Raises:
        ValueError: If an argument is out of range.

    Example:
        >>> from fractions import Fraction
        >>> from toptrumps_core.cards import Category
        >>> d = Deck.from_rows("D", [Category("A"), Category("B")],
        ...                    {"p": [1, 1], "q": [1, 1], "r": [2, "n/a"], "s": [3, 2]})
        >>> estimate_tie_chance(d, "B", 2, trials=2000, rng=4).contains(Fraction(2, 3))
        True
    """
    return run_steps(tie_chance_steps(deck, category, k, no_data=no_data, trials=trials, rng=rng, progress=progress))


def tie_chance_steps(
    deck: Deck,
    category: int | str,
    k: int = 2,
    *,
    no_data: TieNoData = "tie",
    trials: int = 10_000,
    rng: RngLike = None,
    progress: Progress = None,
) -> Steps[Estimate]:
    """`estimate_tie_chance` in steps (`toptrumps_core.experiments.steps`): the same estimate, for a live page.

    Yields after each chunk of comparisons (1 % of `trials`, at least 100);
    returns the `Estimate`.  The arguments and the errors (raised at the
    first step) are `estimate_tie_chance`'s.
    """
    tie_chance(deck, category, k, no_data=no_data)  # validates every argument
    if k > 12:
        raise ValueError(f"the classic engine seats at most 12 players; got k={k!r}")
    index = category_index(deck.cards[0], category)
    pool = [c.name for c in deck.cards if no_data != "ignore" or c.values[index] is not None]
    rules = _classic_rules(deck, k, "loses" if no_data == "loses" else "tie")
    choose = ChooseCategory(index)

    def trial(generator: random.Random) -> int:
        drawn = generator.sample(pool, k)
        state = rules.start_from(stacks=[[n] for n in drawn], chooser=0)
        return 1 if any(isinstance(e, Tied) for e in rules.apply(state, choose).events) else 0

    outcomes = yield from _collect(trial, trials=trials, rng=rng, progress=progress, description="comparisons")
    return Estimate.of_proportion(outcomes)
