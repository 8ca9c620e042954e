"""The one whole-number check: what passes, what is refused, and what the message says."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from toptrumps_core.checks import is_whole_number, whole_number
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.protocol import Shuffle, check_seat


class _Index:
    """An integer-like value that is not an int (as a numpy integer is)."""

    def __index__(self) -> int:
        return 4


@pytest.mark.parametrize("value", [0, 5, -3, 10**20])
def test_a_whole_number_comes_back_as_itself(value: int) -> None:
    assert whole_number(value, "n") == value


def test_an_index_comes_back_as_a_plain_int() -> None:
    number = whole_number(_Index(), "n", low=0, high=9)
    assert number == 4 and type(number) is int


@pytest.mark.parametrize("value", [True, False, 1.0, 2.5, "1", None, Fraction(2), [1]])
def test_what_is_not_a_whole_number_is_a_type_error_naming_the_value(value: Any) -> None:
    with pytest.raises(TypeError) as caught:
        whole_number(value, "a card position")
    assert str(caught.value) == f"a card position must be a whole number; got {value!r}"


@pytest.mark.parametrize(
    ("value", "bounds", "expected"),
    [
        (1, {"low": 2, "high": 6}, "a whole number from 2 to 6"),
        (7, {"low": 2, "high": 6}, "a whole number from 2 to 6"),
        (0, {"low": 1}, "a whole number >= 1"),
        (11, {"high": 10}, "a whole number <= 10"),
    ],
)
def test_a_number_out_of_range_is_a_value_error_saying_the_range(value: int, bounds: Any, expected: str) -> None:
    with pytest.raises(ValueError) as caught:
        whole_number(value, "n", **bounds)
    assert type(caught.value) is ValueError and str(caught.value) == f"n must be {expected}; got {value}"


@pytest.mark.parametrize("value", [2, 4, 6])
def test_the_bounds_are_inclusive(value: int) -> None:
    assert whole_number(value, "seats", low=2, high=6) == value


def test_the_message_names_the_rule_and_any_alternative_and_writes_thousands() -> None:
    with pytest.raises(ValueError) as caught:
        whole_number(0, "round_limit", low=1, high=1_000_000, rule="C11", alternative="None (off)")
    expected = "round_limit must be None (off) or a whole number from 1 to 1,000,000 (rule C11); got 0"
    assert str(caught.value) == expected
    with pytest.raises(ValueError, match=r"; got 2,000,000$"):
        whole_number(2_000_000, "games", low=1, high=1_000_000)


@pytest.mark.parametrize("value", [True, 9, "3"])
def test_the_error_class_given_is_raised_for_either_mistake(value: Any) -> None:
    with pytest.raises(RuleOptionError, match=r"^seats must be a whole number from 2 to 6 \(rule C1\); got "):
        whole_number(value, "seats", low=2, high=6, rule="C1", error=RuleOptionError)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0"])
def test_a_seat_is_checked_by_the_same_helper(seat: Any) -> None:
    with pytest.raises(IllegalActionError, match=r"^the seat must be a whole number from 0 to 2; got "):
        check_seat(seat, 3)
    assert check_seat(2, 3) == 2


@pytest.mark.parametrize("order", [(True, False), (0, 1.0), ("0", "1"), 3])
def test_a_shuffle_takes_whole_numbers_only_and_never_a_bool(order: Any) -> None:
    with pytest.raises(TypeError, match="a Shuffle's order must be a sequence of whole numbers"):
        Shuffle(order)


@pytest.mark.parametrize("value", [True, False, 1.0, 2.5, "1", None, Fraction(2), [1], _Index(), -1, 0, 3, 4, 10**20])
def test_the_yes_or_no_form_answers_as_the_check_does(value: Any) -> None:
    try:
        whole_number(value, "n", low=0, high=4)
    except (TypeError, ValueError):
        taken = False
    else:
        taken = True
    assert is_whole_number(value, low=0, high=4) is taken


def test_the_yes_or_no_form_says_no_to_a_bool_and_to_a_number_out_of_range() -> None:
    assert is_whole_number(7) and is_whole_number(_Index(), low=4, high=4)
    assert not is_whole_number(True) and not is_whole_number(1.0)
    assert not is_whole_number(5, high=4) and not is_whole_number(-1, low=0)
