"""Monte Carlo estimates (rule P5) of the exact chances P1-P4, and the lesson tables.

Each estimate plays the real engines, so its 95 % interval must hold the
exact value of `toptrumps_core.probability`.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from toptrumps_core.cards import Category, Deck
from toptrumps_core.experiments import (
    Table,
    estimate_comparison_odds,
    estimate_hi_lo_odds,
    estimate_hi_lo_pins,
    estimate_tie_chance,
    side_by_side,
    tie_table,
)
from toptrumps_core.probability import Estimate, best_hi_lo_policy, comparison_odds, hi_lo_odds, tie_chance

F = Fraction


def tiny() -> Deck:
    return Deck.from_rows(
        "Tiny",
        [Category("Speed", "km/h"), Category("Price", "£", higher_is_better=False)],
        {"p": [2, 1], "q": [1, 1], "r": [3, "n/a"], "s": [4, 2], "t": [2, 5]},
    )


def test_p4_table_has_a_row_per_category() -> None:
    table = tie_table(tiny(), 2)
    assert [row.tie for row in table.data] == [F(1, 10), F(1, 2)]
    assert table.as_dicts()[1]["Cards with no data"] == 1
    assert "Price (£)" in str(table) and "<table" in table._repr_html_()


def test_p5_estimates_lie_within_their_interval_of_the_exact_value() -> None:
    d = tiny()
    first, unseen = d.cards[0], d.cards[1:]
    # P1 through the Hi Lo engine.
    est = estimate_hi_lo_odds(d, first, "Speed", unseen, call="higher", trials=3000, rng=11)
    assert est.contains(hi_lo_odds(F(2), [F(1), F(3), F(4), F(2)]).higher)
    # P2 through the Hi Lo engine and the driver.
    for hilo_pins in ("per_call", "complete_run"):
        policy = best_hi_lo_policy(first, unseen, hilo_pins=hilo_pins)  # type: ignore[arg-type]
        pins = estimate_hi_lo_pins(d, first, unseen, hilo_pins=hilo_pins, trials=3000, rng=12)  # type: ignore[arg-type]
        assert pins.contains(policy.expected_pins), (hilo_pins, pins, policy.expected_pins)
    # P3 through the classic engine.
    cmp = estimate_comparison_odds(d, first, "Speed", unseen, 2, trials=3000, rng=13)
    exact = comparison_odds(F(2), [c.values[0] for c in unseen], 2)
    assert cmp.win.contains(exact.win) and cmp.tie.contains(exact.tie) and cmp.lose.contains(exact.lose)
    assert cmp.win.successes + cmp.tie.successes + cmp.lose.successes == 3000
    # P4 through the classic engine, each reading of no data.
    for no_data in ("tie", "loses", "ignore"):
        tie = estimate_tie_chance(d, "Price", 2, no_data=no_data, trials=3000, rng=14)  # type: ignore[arg-type]
        assert tie.contains(tie_chance(d, "Price", 2, no_data=no_data)), no_data  # type: ignore[arg-type]


def test_p5_same_seed_same_estimate_and_progress_reports() -> None:
    d = tiny()
    seen: list[tuple[int, int]] = []
    one = estimate_tie_chance(d, 0, 3, trials=500, rng=5, progress=lambda done, total: seen.append((done, total)))
    two = estimate_tie_chance(d, 0, 3, trials=500, rng=5)
    assert one == two and one.samples == two.samples and len(one.samples) == 500
    assert seen[-1] == (500, 500)
    bar = estimate_tie_chance(d, 0, 3, trials=200, rng=5, progress=True)  # a tqdm.auto bar, then closed
    assert bar.trials == 200
    with pytest.raises(ValueError):
        estimate_tie_chance(d, 0, 3, trials=0)


def test_p5_half_width_stops_early() -> None:
    d = tiny()
    est = estimate_hi_lo_pins(d, d.cards[0], d.cards[1:], trials=50_000, half_width=0.05, rng=3)
    assert est.half_width <= 0.05 and 1000 <= est.trials < 50_000


def test_p5_side_by_side_table() -> None:
    est = Estimate.of_proportion([1, 0, 0, 1])
    table = side_by_side({"tie": F(1, 2)}, {"tie": est}, title="Ties")
    row = table.as_dicts()[0]
    assert row["Exact"] == "1/2" and row["Interval holds exact"] == "yes" and row["Trials"] == "4"
    assert isinstance(table, Table) and "Ties" in table._repr_html_()
    with pytest.raises(ValueError):
        side_by_side({"a": F(1)}, {"b": est})
    with pytest.raises(ValueError):
        side_by_side(F(1), {"b": est})
