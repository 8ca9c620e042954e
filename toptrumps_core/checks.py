"""The one check of whole numbers, seats and ranges that every part of the core and the views uses.

A whole number is an ``int`` or any object with ``__index__`` (a numpy
integer), returned as a plain ``int``.  A bool is never a whole number here,
although Python counts ``True`` as ``1``: a seat, a card position or a rule
option given as ``True`` is a mistake, and so is ``1.0``, which equals ``1``
but is not a whole number.

Messages say what was wrong and what was expected, with the value's name,
the range, the rule ID where there is one, and the value itself::

    seats must be a whole number from 2 to 6 (rule C1); got 9

Numbers of four or more digits are written with thousands separators
(``1,000,000``), as everywhere the lessons show numbers.
"""

from __future__ import annotations

import operator

__all__ = ["is_whole_number", "whole_number", "whole_number_words"]


def whole_number(
    value: object,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    rule: str | None = None,
    alternative: str | None = None,
    error: type[Exception] | None = None,
) -> int:
    """Returns `value` as an int if it is a whole number from `low` to `high`.

    Args:
        value: The value to check: anything a caller was given.
        what: The value's name in the message, such as ``"seats"`` or ``"a card position"``.
        low: The smallest value allowed (inclusive); None: no lower bound.
        high: The largest value allowed (inclusive); None: no upper bound.
            A half-open range ``0 <= value < n`` is ``low=0, high=n - 1``.
        rule: The ID of the rule the number comes from (``"C1"``), named in
            the message; None: no rule is named.
        alternative: What else the caller accepts in place of a number, named
            in the message (``"None (off)"`` gives "must be None (off) or a
            whole number ..."); the caller deals with that value before
            calling.  None: nothing else is accepted.
        error: The class raised for either mistake, called with the message
            (``RuleOptionError``, ``IllegalActionError``...).  None:
            `TypeError` for a value that is not a whole number, `ValueError`
            for one out of range.

    Returns:
        The value as a plain int.

    Raises:
        TypeError: If `value` is a bool or not a whole number and `error` is None.
        ValueError: If `value` is below `low` or above `high` and `error` is None.
        Exception: `error`, if given, for either mistake.

    Example:
        >>> whole_number(3, "seats", low=2, high=6, rule="C1")
        3
        >>> whole_number(9, "seats", low=2, high=6, rule="C1")
        Traceback (most recent call last):
        ...
        ValueError: seats must be a whole number from 2 to 6 (rule C1); got 9
        >>> whole_number(True, "a card position")
        Traceback (most recent call last):
        ...
        TypeError: a card position must be a whole number; got True
    """
    number: int | None = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None or (low is not None and number < low) or (high is not None and number > high):
        raise (error or (TypeError if number is None else ValueError))(
            _message(value if number is None else number, what, low, high, rule, alternative)
        )
    return number


def is_whole_number(value: object, *, low: int | None = None, high: int | None = None) -> bool:
    """Returns True if `whole_number` takes `value` with these bounds: the same check, as a yes or no.

    For callers that say in their own words what is wrong (a state that
    lists all its problems at once, a value a page sent), so that they test
    whole numbers exactly as `whole_number` does.

    Args:
        value: The value to check: anything a caller was given.
        low: The smallest value allowed (inclusive); None: no lower bound.
        high: The largest value allowed (inclusive); None: no upper bound.

    Returns:
        True for an int or an object with ``__index__`` from `low` to
        `high`; False for a bool, a float such as ``1.0``, a text, or a
        number out of range.

    Example:
        >>> is_whole_number(3, low=0, high=3), is_whole_number(True), is_whole_number(2.0), is_whole_number(4, high=3)
        (True, False, False, False)
    """
    try:
        whole_number(value, "the value", low=low, high=high)
    except (TypeError, ValueError):
        return False
    return True


def whole_number_words(low: int | None = None, high: int | None = None) -> str:
    """Returns how `whole_number` names what it expects of a range, e.g. "a whole number from 1 to 9".

    Args:
        low: The least number allowed, or None for no least.
        high: The greatest number allowed, or None for no greatest.

    Example:
        >>> whole_number_words(1, 9), whole_number_words(low=1_000), whole_number_words()
        ('a whole number from 1 to 9', 'a whole number >= 1,000', 'a whole number')
    """
    if low is not None and high is not None:
        return f"a whole number from {_written(low)} to {_written(high)}"
    if low is not None:
        return f"a whole number >= {_written(low)}"
    if high is not None:
        return f"a whole number <= {_written(high)}"
    return "a whole number"


def _message(
    value: object, what: str, low: int | None, high: int | None, rule: str | None, alternative: str | None
) -> str:
    expected = whole_number_words(low, high)
    if alternative is not None:
        expected = f"{alternative} or {expected}"
    if rule is not None:
        expected += f" (rule {rule})"
    got = _written(value) if type(value) is int else repr(value)
    return f"{what} must be {expected}; got {got}"


def _written(number: int) -> str:
    """Writes a whole number as the lessons do: 999 or 1,000 (thousands separators from four digits)."""
    return f"{number:,}"
