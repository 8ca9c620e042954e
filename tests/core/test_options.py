"""Rule options declared once: specifications read from the rules classes, and what derives from them."""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from toptrumps_core import ClassicRules, HiLoRules, QuizRules, SquadsRules, TournamentRules, load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.families import BUILT_IN, game_families
from toptrumps_core.options import (
    OptionSpec,
    check_options,
    option,
    option_specs,
    option_values,
    options_from_data,
    options_table,
)
from toptrumps_core.tournament.arena import ArenaRules
from toptrumps_core.tournament.duel import DuelRules

Pace = Literal["slow", "quick"]


@dataclass(frozen=True)
class Demo:
    pace: Pace = option(
        "C2", default="slow", label="Pace", help="How fast", choice_labels=("Slow", "Quick"), choice_help=("A", "B")
    )
    limit: int | None = option("C11", default=None, low=1, high=9, label="Limit", help="How many")
    shown: bool = option("C1", default=False, label="Shown", help="Whether it shows")
    name: str | None = option("Q12", default=None, label="Name", help="Which one")


def test_a_spec_is_read_from_the_field_its_type_and_its_declaration() -> None:
    pace, limit, shown, name = option_specs(Demo)
    assert pace == OptionSpec(
        "pace", str, "slow", "C2", "Pace", "How fast", ("slow", "quick"), ("Slow", "Quick"), ("A", "B"), None, None
    )
    assert (limit.type, limit.default, limit.low, limit.high, limit.off) == (int, None, 1, 9, True)
    assert (shown.type, shown.default, shown.off) == (bool, False, False)
    assert (name.type, name.choices, name.off) == (str, (), True)
    assert option_specs(Demo()) is option_specs(Demo)  # worked out once per class
    assert pace.choice_label("quick") == "Quick"
    with pytest.raises(KeyError, match="pace has no choice 'fast'"):
        pace.choice_label("fast")


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"pace": "fast"}, r"pace must be 'slow' or 'quick' \(rule C2\); got 'fast'"),
        ({"limit": 0}, r"limit must be None \(off\) or a whole number from 1 to 9 \(rule C11\); got 0"),
        ({"limit": 10}, r"limit must be None \(off\) or a whole number from 1 to 9"),
        ({"limit": True}, "got True"),
        ({"limit": 2.0}, "got 2.0"),
        ({"shown": 1}, r"shown must be True or False \(rule C1\); got 1"),
        ({"name": 3}, r"name must be a name, or None \(off\) \(rule Q12\); got 3"),
    ],
)
def test_a_value_outside_its_spec_is_refused_saying_what_is_allowed(given: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleOptionError, match=message):
        check_options(Demo(**given))


def test_values_inside_their_specs_pass_and_list_in_declaration_order() -> None:
    demo = Demo(pace="quick", limit=9, shown=True, name="x")
    check_options(demo)
    assert option_values(demo) == {"pace": "quick", "limit": 9, "shown": True, "name": "x"}
    assert list(option_values(Demo())) == ["pace", "limit", "shown", "name"]


def test_record_data_naming_an_unknown_option_is_refused_and_a_missing_one_takes_its_default() -> None:
    with pytest.raises(RuleOptionError, match=r"unknown rule option 'colour'; expected one of \['pace', 'limit'"):
        options_from_data(Demo, {"pace": "slow", "colour": "red"})
    assert options_from_data(Demo, {"colour": "red"}, extra=("colour",)) == {"colour": "red"}
    assert Demo(**options_from_data(Demo, {"limit": 3})) == Demo(limit=3)


def test_a_declaration_that_does_not_fit_its_field_is_a_type_error() -> None:
    @dataclass(frozen=True)
    class NoLabels:
        pace: Pace = option("C2", default="slow", label="Pace", help="How fast")

    @dataclass(frozen=True)
    class NoLow:
        count: int = option("C2", default=1, label="Count", help="How many")

    @dataclass(frozen=True)
    class BadDefault:
        count: int = option("C2", default=0, low=1, label="Count", help="How many")

    @dataclass(frozen=True)
    class TwoKinds:
        both: int | str = option("C2", default=1, low=1, label="Both", help="Either")

    with pytest.raises(TypeError, match=r"NoLabels\.pace: give one label and one help text per choice \['slow'"):
        option_specs(NoLabels)
    with pytest.raises(TypeError, match=r"NoLow\.count: a whole-number rule option needs its smallest value"):
        option_specs(NoLow)
    with pytest.raises(RuleOptionError, match="count must be a whole number >= 1"):
        option_specs(BadDefault)
    with pytest.raises(TypeError, match=r"TwoKinds\.both: a rule option is a Literal of words"):
        option_specs(TwoKinds)
    with pytest.raises(TypeError, match="is not a dataclass"):
        option_specs(int)


# -- the games' own options --------------------------------------------------------------------

RULES_CLASSES = [*dict.fromkeys(f.rules_class for f in game_families() if f.name in BUILT_IN), ArenaRules, DuelRules]
"""Every rules class of the core's registered game families, and the two the tournament's parts share."""
ALL_SPECS = [(cls.__name__, spec) for cls in RULES_CLASSES for spec in option_specs(cls)]
CODE_NAMES = {word for _, spec in ALL_SPECS for word in (spec.name, *spec.choices) if "_" in word}
"""The options' code names that no reader would take for plain words (``no_data``, ``deal_all``...)."""


def test_c1_simulation_is_an_option_only_programs_set_and_no_settings_form_shows_it() -> None:
    for_programs = [(owner, spec.name) for owner, spec in ALL_SPECS if not spec.for_people]
    assert for_programs == [("ClassicRules", "simulation")]
    assert ClassicRules(load_deck("animals"), seats=12, simulation=True).seats == 12
    table = options_table([("classic", ClassicRules)])
    marked = [row for row in table.splitlines() if "set by programs only" in row]
    assert len(marked) == 1 and "`simulation`" in marked[0]


def test_every_game_declares_its_rule_options_by_their_rules_names() -> None:
    names = {cls.__name__: [spec.name for spec in option_specs(cls)] for cls in RULES_CLASSES}
    classic = ["leftover", "collect_order", "no_data", "look_at_last", "round_limit", "simulation"]
    assert names["ClassicRules"] == classic
    assert names["HiLoRules"] == ["hilo_pins"]
    assert names["TournamentRules"] == ["track_length", "supply", "tie_discard", "hilo_pins", "pin_master"]
    assert names["SquadsRules"] == ["tokens_to_win"]
    assert names["QuizRules"] == [
        "bidding",
        "own_set",
        "chart_set",
        "own_category",
        "timer_seconds",
        "opposing_seconds",
        "near_miss",
    ]
    assert names["DuelRules"] == ["tie_discard"]


def test_each_literal_option_allows_exactly_the_words_of_its_type() -> None:
    for cls in RULES_CLASSES:
        hints = typing.get_type_hints(cls)
        for spec in option_specs(cls):
            if spec.choices:
                words = [a for a in typing.get_args(hints[spec.name]) if a is not type(None)]
                if typing.get_origin(words[0]) is Literal:
                    words = list(typing.get_args(words[0]))
                assert list(spec.choices) == words, spec.name


@pytest.mark.parametrize(("owner", "spec"), ALL_SPECS, ids=[f"{o}.{s.name}" for o, s in ALL_SPECS])
def test_an_options_words_for_people_name_no_rule_id_and_no_code_name(owner: str, spec: OptionSpec) -> None:
    words = [spec.label, spec.help, *spec.choice_labels, *spec.choice_help]
    assert all(w.strip() and w == w.strip() for w in words), (owner, words)
    for text in words:
        assert not re.search(r"\b[DCTSQP]\d+\b", text), (owner, text)
        assert not CODE_NAMES & set(re.findall(r"\w+", text)), (owner, text)
    assert not spec.help.endswith("."), "help texts are tooltips: no full stop"
    spec.check(spec.default)


def test_every_game_checks_its_options_through_its_specs() -> None:
    deck = load_deck("animals")
    cases: list[tuple[Any, dict[str, Any], str]] = [
        (lambda **o: ClassicRules(deck, **o), {"collect_order": "random"}, "collect_order must be 'fixed' or"),
        (lambda **o: ClassicRules(deck, **o), {"simulation": "yes"}, "simulation must be True or False"),
        (lambda **o: HiLoRules(deck, **o), {"hilo_pins": "all"}, "hilo_pins must be 'per_call' or 'complete_run'"),
        (lambda **o: TournamentRules(**o), {"track_length": 100}, "track_length .* from 1 to 99 .rule T1."),
        (lambda **o: TournamentRules(**o), {"tie_discard": "some"}, r"tie_discard .* \(rule T6\); got 'some'"),
        (lambda **o: SquadsRules(deck, **o), {"tokens_to_win": 0}, r"tokens_to_win .* >= 1 \(rule S7\); got 0"),
        (lambda **o: QuizRules(**o), {"bidding": "open"}, "bidding must be 'secret' or 'high_bid' .rule Q4."),
        (lambda **o: QuizRules(**o), {"near_miss": 101}, "near_miss must be a whole number from 1 to 100"),
        (lambda **o: QuizRules(**o), {"own_category": "art"}, "own_category must be 'society', 'sport'"),
        (lambda **o: DuelRules(deck, **o), {"tie_discard": None}, "tie_discard must be 'all' or 'tied_only'"),
    ]
    for build, options, message in cases:
        with pytest.raises(RuleOptionError, match=message):
            build(**options)


def test_a_rules_objects_options_are_its_specs_values_and_its_record_reads_them_back() -> None:
    deck = load_deck("animals")
    games: list[Any] = [
        ClassicRules(deck, seats=3, leftover="set_aside", look_at_last=3, round_limit=40),
        HiLoRules(deck, hilo_pins="complete_run"),
        TournamentRules(supply=20, tie_discard="tied_only", pin_master=1),
        SquadsRules(deck, seats=2, tokens_to_win=4),
        QuizRules(bidding="high_bid", timer_seconds=90, near_miss=70),
    ]
    for rules in games:
        specs = option_specs(rules)
        assert {k: v for k, v in rules.options().items() if k in {s.name for s in specs}} == option_values(rules)
        assert type(rules).from_data(rules.to_data(), rules_version=rules.rules_version) == rules

