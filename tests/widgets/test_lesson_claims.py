"""What lessons 2-4 tell pupils about their experiments, checked at the pages' own settings.

The pages open without running their experiments (a pupil presses Run), so
the claims their text makes about a run are checked here, with the seed and
settings each page shows (rules P2, P4, P5, C5, C6, T3, T15); and lesson 3's
sentences, which replace raw Python values on the page.
"""

from __future__ import annotations

from fractions import Fraction

from toptrumps_core import load_deck
from toptrumps_core.experiments import tournament_stats
from toptrumps_core.probability import best_hi_lo_policy, hi_lo_plan
from toptrumps_core.tournament import TournamentRules
from widgets.lesson import HiLoConvergence, PotExperiment, TieExperiment, best_plan_words, first_call_words
from widgets.lesson.pots import POT_SAMPLE

SEED = 2024  # the seed the lessons show


def test_p5_lesson_2_the_exact_tie_chances_lie_in_nearly_every_simulated_interval() -> None:
    ties = TieExperiment(load_deck("animals"), players=2, trials=2000, seed=SEED)
    assert len(ties.results) == len(load_deck("animals").categories)
    assert sum(r.estimate.contains(r.exact) for r in ties.results) >= len(ties.results) - 1


def test_c6_lesson_2_n_a_as_a_tie_makes_more_ties_and_the_first_comparison_matches_its_exact_value() -> None:
    pots = PotExperiment(load_deck("animals"), seats=3, games=POT_SAMPLE, seed=SEED)
    with_tie, with_loses = pots.studies
    assert with_tie.tie_share > with_loses.tie_share
    assert with_tie.first_tie.contains(with_tie.first_tie_exact)
    assert with_loses.first_tie.contains(with_loses.first_tie_exact)


def test_p2_lesson_3_the_simulated_pins_settle_around_the_exact_value() -> None:
    experiment = HiLoConvergence("dinosaurs", first="Tyrannosaurus", trials=4000, seed=SEED)
    assert experiment.estimate is not None and experiment.policy is not None
    assert experiment.estimate.contains(experiment.policy.expected_pins)


def test_t15_lesson_4_every_tournament_ends_and_one_mini_game_begins_each_finale() -> None:
    stats = tournament_stats(TournamentRules(seats=4), games=20, seed=SEED)
    assert stats.finished == 20 and sum(stats.deciders) == 20 and min(stats.turns) >= 1


def test_p2_lesson_3_says_the_best_play_in_words() -> None:
    deck = load_deck("dinosaurs")
    first = deck.card("Tyrannosaurus")
    policy = best_hi_lo_policy(first, [c for c in deck.cards if c is not first], hilo_pins="per_call")
    words = best_plan_words(deck, first, policy)
    category = deck.categories[policy.category].name
    assert f"choose {category} and call {policy.first_call}" in str(words)
    assert f"{policy.expected_pins} ≈ {float(policy.expected_pins):.3f} pins" in str(words)
    assert not str(words).startswith("(") and "', '" not in str(words)  # a sentence, not a tuple
    assert words._repr_html_().startswith("<p") and "Fraction" not in words._repr_html_()


def test_p2_lesson_3_names_the_less_likely_call_when_it_is_the_best() -> None:
    values = [Fraction(v) for v in (1, 1, 1, 1, 2, 3, 5, 7, 10, 12)]
    complete = str(first_call_words(hi_lo_plan(Fraction(2), values, hilo_pins="complete_run")))
    per_call = str(first_call_words(hi_lo_plan(Fraction(2), values, hilo_pins="per_call")))
    assert '"higher" is right with chance 60%, "lower" with chance 50%' in complete
    assert 'best first call is "lower", the less likely one' in complete
    assert 'best first call is "higher", the more likely one' in per_call
