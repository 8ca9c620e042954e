"""Rule options declared once: each option's specification, and what is derived from it.

A rules class is a frozen dataclass; each of its rule options is a field
declared with `option` (for example ``leftover: Leftover = option("C2",
default="deal_all", label=..., help=...)``).  The field's type says what the
option holds:

- a ``Literal`` of words (``Literal["deal_all", "set_aside"]``): one of those
  words, each with a plain description (``choice_labels``);
- ``int`` with ``low`` and ``high``: a whole number in that range;
- ``bool``: True or False;
- any of these ``| None``: None means the option is off (or, for a word, not
  chosen).

`option_specs` reads the declarations back as `OptionSpec` values (name,
type, default, allowed values or range, rule ID, and a label and help text
for people), and everything else derives from them: `check_options`
validates a rules object's options with one clear error each,
`option_values` lists them by name (a rules class's ``options()`` and its
record data), `options_from_data` reads record data back, and
`options_table` writes the documentation's table of options.  The settings
forms read labels, help texts and choices from the same specifications.

Labels and help texts are words a pupil or teacher reads: they never name
an option's code name or its rule ID (the docs table and the errors do).

Example:
    >>> from dataclasses import dataclass
    >>> import typing
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     leftover: typing.Literal["deal_all", "set_aside"] = option(
    ...         "C2", default="deal_all", label="Cards left over", help="What to do with spare cards",
    ...         choice_labels=("Deal all", "Equal stacks"), choice_help=("Deal every card", "Set the rest aside"))
    ...     round_limit: int | None = option(
    ...         "C11", default=None, low=1, label="Most comparisons", help="Stop after this many comparisons")
    >>> [spec.allowed() for spec in option_specs(Demo)]
    ["'deal_all' or 'set_aside'", 'None (off) or a whole number >= 1']
    >>> check_options(Demo(leftover="all"))
    Traceback (most recent call last):
    ...
    toptrumps_core.errors.RuleOptionError: leftover must be 'deal_all' or 'set_aside' (rule C2); got 'all'
    >>> option_values(Demo(round_limit=50))
    {'leftover': 'deal_all', 'round_limit': 50}
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toptrumps_core.checks import whole_number, whole_number_words
from toptrumps_core.errors import RuleOptionError

__all__ = [
    "OptionSpec",
    "check_options",
    "option",
    "option_spec",
    "option_specs",
    "option_values",
    "options_from_data",
    "options_table",
]

_KEY = "toptrumps_core.option"
"""The key of a field's metadata under which `option` keeps its declaration."""

@dataclass(frozen=True, slots=True)
class OptionSpec:
    """The specification of one rule option: what it holds, its default, and how people read it.

    Attributes:
        name: The option's name in RULES.md's words (the field's name), e.g.
            ``"leftover"``.
        type: What a value is: `str` (one of `choices`), `int` (a whole
            number from `low` to `high`) or `bool`.
        default: The value a rules object has unless told otherwise (RULES.md's
            default); None for an option that is off by default.
        rule: The rule ID it comes from, e.g. ``"C2"``.
        label: A short name for people (a form's label, the docs table's
            title), with no code name or rule ID in it.
        help: One sentence for people: what the option does.
        choices: The words allowed (`str` options), the default first; empty
            for other types.
        choice_labels: A few plain words naming each choice (a button's
            text), in the same order; empty for other types.
        choice_help: One plain sentence per choice saying what it does (a
            button's tooltip), in the same order; empty for other types.
        low: The smallest whole number allowed (`int` options), else None.
        high: The largest whole number allowed (`int` options); None for no
            upper bound.
        off: True if None is allowed, meaning the option is off (or, for a
            word, not chosen).
        for_people: True for a rule option a person sets (a settings form
            shows it); False for one only programs set, such as classic
            play's ``simulation`` (C1: more seats, for simulations only),
            which no settings form shows and the docs table marks.
    """

    name: str
    type: type
    default: object
    rule: str
    label: str
    help: str
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()
    choice_help: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    off: bool = False
    for_people: bool = True

    def allowed(self) -> str:
        """Returns what the option accepts, in words, e.g. ``"'tie' or 'loses'"``."""
        if self.type is str:
            if self.choices:
                words = [repr(c) for c in self.choices]
                text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
            else:
                text = "a name"
        elif self.type is bool:
            text = "True or False"
        else:
            text = whole_number_words(self.low, self.high)
            return f"None (off) or {text}" if self.off else text
        return f"{text}, or None (off)" if self.off else text

    def check(self, value: object) -> None:
        """Checks that `value` is allowed for this option.

        Raises:
            RuleOptionError: If it is not; the message names the option, says
                what it accepts and cites the rule.
        """
        if value is None and self.off:
            return
        if self.type is int:
            off = "None (off)" if self.off else None
            whole_number(
                value, self.name, low=self.low, high=self.high, rule=self.rule, alternative=off, error=RuleOptionError
            )
            return
        if self.type is bool:
            good = isinstance(value, bool)
        else:
            good = isinstance(value, str) and (not self.choices or value in self.choices)
        if not good:
            raise RuleOptionError(f"{self.name} must be {self.allowed()} (rule {self.rule}); got {value!r}")

    def words(self, value: object) -> str:
        """Returns `value` of this option as people read it: a choice's words, a number, "off", "yes" or "no".

        Example:
            >>> from toptrumps_core.classic import ClassicRules
            >>> spec = option_spec(ClassicRules, "no_data")
            >>> f"{spec.label}: {spec.words('loses')}"
            'A card shows n/a: n/a cannot win'
        """
        if value is None:
            return "off"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str) and value in self.choices:
            return self.choice_label(value)
        return f"{value:,}" if isinstance(value, int) else str(value)

    def choice_label(self, choice: str) -> str:
        """Returns the plain words naming `choice`, one of `choices`.

        Raises:
            KeyError: If `choice` is not one of `choices`.
        """
        if choice not in self.choices:
            raise KeyError(f"{self.name} has no choice {choice!r}; expected one of {list(self.choices)}")
        return self.choice_labels[self.choices.index(choice)]


@dataclass(frozen=True, slots=True)
class _Declared:
    """What `option` was told; the field's name and type complete it into an `OptionSpec`."""

    rule: str
    label: str
    help: str
    choice_labels: tuple[str, ...]
    choice_help: tuple[str, ...]
    low: int | None
    high: int | None
    for_people: bool


def option(
    rule: str,
    *,
    label: str,
    help: str,
    default: object,
    choice_labels: Sequence[str] = (),
    choice_help: Sequence[str] = (),
    low: int | None = None,
    high: int | None = None,
    for_people: bool = True,
) -> Any:
    """Declares a rules dataclass's field as a rule option (see the module docstring).

    Args:
        rule: The rule ID the option comes from, e.g. ``"C2"``.
        label: A short name for people, without code names or rule IDs.
        help: One sentence for people: what the option does.
        default: The default value (RULES.md's); None for an option that is
            off by default.
        choice_labels: A few plain words naming each word of a ``Literal``
            field, in the ``Literal``'s order.
        choice_help: One plain sentence per word of a ``Literal`` field
            saying what it does, in the same order.
        low: The smallest whole number allowed (``int`` fields).
        high: The largest whole number allowed (``int`` fields); None for no
            upper bound.
        for_people: False for an option only programs set, never a person
            (no settings form shows it; see `OptionSpec.for_people`).

    Returns:
        A `dataclasses.field` holding the declaration in its metadata (typed
        Any, as the field's own annotation gives its type).
    """
    declared = _Declared(rule, label, help, tuple(choice_labels), tuple(choice_help), low, high, for_people)
    return dataclasses.field(default=default, metadata=types.MappingProxyType({_KEY: declared}))


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}


def option_specs(cls: type | object) -> tuple[OptionSpec, ...]:
    """Returns the specifications of the rule options that rules class `cls` declares, in field order.

    `cls` may also be a rules object (its class is read).  Worked out once
    per class.

    Raises:
        TypeError: If `cls` is not a dataclass, or an option's declaration
            does not fit its field's type (a ``Literal`` without one label
            per word, an ``int`` without ``low``, an unsupported type).
    """
    if not isinstance(cls, type):
        cls = type(cls)
    known = _SPECS.get(cls)
    if known is None:
        known = _SPECS[cls] = _read_specs(cls)
    return known


def option_spec(cls: type | object, name: str) -> OptionSpec:
    """Returns the specification of the rule option `name` of rules class `cls` (or of a rules object).

    Raises:
        KeyError: If `cls` has no such option (the message lists those it has).
    """
    for spec in option_specs(cls):
        if spec.name == name:
            return spec
    owner = cls.__name__ if isinstance(cls, type) else type(cls).__name__
    raise KeyError(f"{owner} has no rule option {name!r}; its options: {[s.name for s in option_specs(cls)]}")


def _read_specs(cls: type) -> tuple[OptionSpec, ...]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass; rule options are declared on dataclass fields")
    declared = [(f, f.metadata[_KEY]) for f in dataclasses.fields(cls) if _KEY in f.metadata]
    if not declared:
        return ()
    hints = typing.get_type_hints(cls)
    specs = []
    for f, d in declared:
        specs.append(_spec(cls.__name__, f.name, hints[f.name], f.default, d))
    return tuple(specs)


def _spec(owner: str, name: str, hint: object, field_default: object, d: _Declared) -> OptionSpec:
    where = f"{owner}.{name}"
    args = typing.get_args(hint)
    off = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args
    if off:
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"{where}: a rule option holds one kind of value, or None; got {hint!r}")
        hint = rest[0]
    choices: tuple[str, ...] = ()
    kind: type
    if typing.get_origin(hint) is typing.Literal:
        choices = tuple(typing.get_args(hint))
        if not all(isinstance(c, str) for c in choices):
            raise TypeError(f"{where}: a rule option's Literal lists words (str); got {hint!r}")
        if len(d.choice_labels) != len(choices) or len(d.choice_help) != len(choices):
            raise TypeError(
                f"{where}: give one label and one help text per choice {list(choices)}; "
                f"got {list(d.choice_labels)} and {list(d.choice_help)}"
            )
        kind = str
    elif hint in (int, bool, str):
        assert isinstance(hint, type)
        kind = hint
        if kind is int and d.low is None:
            raise TypeError(f"{where}: a whole-number rule option needs its smallest value (low=)")
    else:
        raise TypeError(f"{where}: a rule option is a Literal of words, an int or a bool; got {hint!r}")
    spec = OptionSpec(
        name,
        kind,
        field_default,
        d.rule,
        d.label,
        d.help,
        choices,
        d.choice_labels,
        d.choice_help,
        d.low,
        d.high,
        off,
        d.for_people,
    )
    spec.check(field_default)
    return spec


def check_options(rules: object) -> None:
    """Checks every rule option of `rules` against its specification (`option_specs`).

    Rules classes call this from ``__post_init__``; checks that tie two
    options together (an option that needs another) stay in the class.

    Raises:
        RuleOptionError: Naming the first option that is not allowed, what it
            accepts and its rule ID.
    """
    for spec in option_specs(rules):
        spec.check(getattr(rules, spec.name))


def option_values(rules: object) -> dict[str, Any]:
    """Returns every rule option of `rules` by name, in declaration order (JSON-ready values).

    This is what a rules class's ``options()`` gives and its record data
    stores.
    """
    return {spec.name: getattr(rules, spec.name) for spec in option_specs(rules)}


def options_from_data(cls: type, data: Mapping[str, Any], *, extra: Iterable[str] = ()) -> dict[str, Any]:
    """Returns the rule options that `option_values` wrote into record data, as keyword arguments for `cls`.

    An option the data leaves out takes its default (records saved before the
    option existed); the values are checked when the rules are built.

    Args:
        cls: The rules class.
        data: The options part of the record data.
        extra: Other names the data may hold, passed on unchanged (the
            arena's openings, the quiz's teams).

    Raises:
        RuleOptionError: If the data names an option `cls` does not have
            (the message lists the ones it has).
    """
    names = [spec.name for spec in option_specs(cls)]
    allowed = {*names, *extra}
    unknown = [name for name in data if name not in allowed]
    if unknown:
        raise RuleOptionError(f"the record names an unknown rule option {unknown[0]!r}; expected one of {names}")
    return dict(data)


def options_table(games: Iterable[tuple[str, type]]) -> str:
    """Returns the documentation's table of rule options (Markdown), one row per option.

    An option only programs set (`OptionSpec.for_people` False) says so in
    its last column.

    Args:
        games: ``(game name, rules class)`` pairs, in the order the table
            lists them.

    Example:
        >>> from dataclasses import dataclass
        >>> import typing
        >>> @dataclass(frozen=True)
        ... class Demo:
        ...     no_data: typing.Literal["tie", "loses"] = option(
        ...         "C6", default="tie", label="No data", help="What a missing value does",
        ...         choice_labels=("ties", "loses"), choice_help=("A tie", "It loses"))
        >>> print(options_table([("Demo", Demo)]))
        | game | option | rule | default | allowed | label: what it does |
        |---|---|---|---|---|---|
        | Demo | `no_data` | C6 | `'tie'` | `'tie'` (ties) or `'loses'` (loses) | No data: what a missing value does |
    """
    lines = ["| game | option | rule | default | allowed | label: what it does |", "|---|---|---|---|---|---|"]
    for game, cls in games:
        for spec in option_specs(cls):
            if spec.choices:
                words = [f"`{c!r}` ({label})" for c, label in zip(spec.choices, spec.choice_labels, strict=True)]
                allowed = ", ".join(words[:-1]) + " or " + words[-1]
                if spec.off:
                    allowed += ", or None (off)"
            else:
                allowed = spec.allowed()
            what = f"{spec.label}: {spec.help[:1].lower()}{spec.help[1:]}"
            if not spec.for_people:
                what += " (set by programs only: no settings form shows it)"
            lines.append(f"| {game} | `{spec.name}` | {spec.rule} | `{spec.default!r}` | {allowed} | {what} |")
    return "\n".join(lines)
