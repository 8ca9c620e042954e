"""One settings form, built from a frozen dataclass and its fields' metadata.

A view's settings are a frozen dataclass (the classic table's
`TableSettings`, the arena's `TournamentSettings`); each field says, in its
metadata made by `setting`, how the page shows it and what it accepts: its
label and help text (the control's description and tooltip), its range or
its choices, the rule it comes from, and the words its error uses.
`check_settings` checks a value of such a class (values set from the page
can be anything) and `SettingsForm` builds the controls, reads them back,
and keeps the last good settings when a value is wrong.

Field types:

- ``int`` with ``low`` and ``high``: a dropdown of the whole numbers (a
  number box with ``control="number"``); ``at_most`` names another field
  that bounds it (people at most the players);
- ``str`` with ``choices``: a dropdown; the choices may also come when the
  form is built (the decks);
- a rule option of the core, declared with `rule_option`: its default, label,
  help text, choices and range come from the option's specification
  (`toptrumps_core.options`), so nothing about it is written twice; an option
  of words shows as toggle buttons in people's words (`rule_toggle`);
- ``int | None``: a rule option that is off by default: a switch (the
  field's label) and a number box (``number_label``), read as None while
  the switch is off; its controls are ``"<name>_on"`` and ``"<name>"``;
- ``int | None`` with ``control="seed"`` (`seed_field`): a game's seed, a
  text box read as None while empty (a fresh deal, `widgets._toolkit.seeds`).
  `SettingsForm.show` always empties it, so a game's seed never stays in
  the page while the game runs.

Example:
    >>> from dataclasses import dataclass, field
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     seats: int = field(default=3, metadata=setting(
    ...         "Players", help="How many players", what="the number of players", low=2, high=6, rule="C1"))
    ...     humans: int = field(default=1, metadata=setting(
    ...         "People", help="How many people", what="the number of people", low=0, high=6, at_most="seats"))
    >>> check_settings(Demo(seats=9))
    Traceback (most recent call last):
    ...
    toptrumps_core.errors.RuleOptionError: the number of players must be a whole number from 2 to 6; got 9
    >>> form = SettingsForm(Demo, Demo())
    >>> form.controls["humans"].value = 5
    >>> form.read()
    Traceback (most recent call last):
    ...
    toptrumps_core.errors.RuleOptionError: the number of people must be from 0 to the number of players (3); got 5
    >>> form.value, form.read(humans=2)
    (Demo(seats=3, humans=1), Demo(seats=3, humans=2))
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeVar

import ipywidgets as ipw

from toptrumps_core.errors import RuleOptionError
from toptrumps_core.options import OptionSpec, option_spec
from widgets._toolkit.controls import html_widget, number_dropdown, rule_toggle
from widgets._toolkit.seeds import DRAWN_SEED_MAX, SEED_BOX_HELP, read_seed, seed_box
from widgets._toolkit.words import esc, is_whole, or_list

__all__ = ["Heading", "Setting", "SettingsForm", "check_settings", "rule_option", "seed_field", "setting"]

T = TypeVar("T")
Control = Literal["dropdown", "toggle", "number", "seed"]
_WIDE = MappingProxyType({"description_width": "initial"})


@dataclass(frozen=True)
class Setting:
    """How one settings field is shown and checked (see `setting`, which makes it)."""

    label: str
    help: str
    what: str
    rule: str = ""
    low: int | None = None
    high: int | None = None
    at_most: str | None = None
    choices: tuple[str, ...] = ()
    tooltips: tuple[str, ...] = ()
    control: Control | None = None
    refuse: str = ""
    number_label: str = ""
    number_help: str = ""
    number_width: str = "200px"
    on_value: int | None = None
    spec: OptionSpec | None = None


def setting(
    label: str,
    *,
    help: str,
    what: str = "",
    rule: str = "",
    low: int | None = None,
    high: int | None = None,
    at_most: str | None = None,
    choices: Sequence[str] = (),
    tooltips: Sequence[str] = (),
    control: Control | None = None,
    refuse: str = "",
    number_label: str = "",
    number_help: str = "",
    number_width: str = "200px",
    on_value: int | None = None,
) -> Mapping[str, Setting]:
    """Returns a field's metadata for `SettingsForm` and `check_settings`.

    Args:
        label: The control's description (for an ``int | None`` field, the
            switch's), e.g. ``"Players (seats)"``.
        help: Its tooltip: what the setting does, in the page's words.
        what: How an error names the setting, e.g. ``"the seed"``; "" for
            its label in quotes.
        rule: The rule ID it comes from, e.g. ``"C1"``: data for the
            teacher's rules panel; the page's words never show it.
        low: The smallest whole number accepted (int fields).
        high: The largest whole number accepted (int fields).
        at_most: Another int field whose value bounds this one too.
        choices: The values accepted (str fields), the default first; more
            may be given when the form is built.
        tooltips: What each choice does, one per choice (toggle buttons).
        control: ``"dropdown"``, ``"number"`` (a number box) or ``"seed"``
            (a game's seed box, see `seed_field`); None: a dropdown.  (A
            rule option's toggle buttons come from `rule_option`.)
        refuse: The error for a value not among the choices, a template
            with ``{value!r}`` and ``{offered}``; "" for the usual words.
        number_label: ``int | None`` fields: the number box's description.
        number_help: ``int | None`` fields: the number box's tooltip.
        number_width: ``int | None`` fields: the number box's width.
        on_value: ``int | None`` fields: the number shown while the switch
            is off (the value turning it on gives).
    """
    return MappingProxyType(
        {
            "setting": Setting(
                label=label,
                help=help,
                what=what,
                rule=rule,
                low=low,
                high=high,
                at_most=at_most,
                choices=tuple(choices),
                tooltips=tuple(tooltips),
                control=control,
                refuse=refuse,
                number_label=number_label,
                number_help=number_help,
                number_width=number_width,
                on_value=on_value,
            )
        }
    )


def seed_field(fixes: str) -> Any:
    """Returns the dataclass field of a game's seed (``int | None``): an empty box, None for a fresh deal.

    The box takes a teacher's whole number 0..`DRAWN_SEED_MAX`, and is
    emptied once a game starts with it (see `widgets._toolkit.seeds`).

    Args:
        fixes: What the same seed gives again, e.g. ``"deals the same game"``.
    """
    return dataclasses.field(
        default=None,
        metadata=setting(
            "Seed",
            help=f"{SEED_BOX_HELP} (the same seed {fixes})",
            what="the seed",
            low=0,
            high=DRAWN_SEED_MAX,
            control="seed",
        ),
    )


def rule_option(
    rules: type,
    name: str,
    *,
    high: int | None = None,
    number_label: str = "",
    number_help: str = "",
    number_width: str = "200px",
    on_value: int | None = None,
) -> Any:
    """Returns the settings field of the rule option `name` of rules class `rules`, read from its specification.

    The field's default, label, help text, rule ID, choices (with their words
    and tooltips) and range are the option's (`toptrumps_core.options`); only
    how this page shows it is given here.

    Args:
        rules: The rules class, e.g. `ClassicRules`.
        name: The option's name, e.g. ``"no_data"``.
        high: The largest number this page accepts, below the option's own
            (or where it has none); None: the option's own.
        number_label: Options that may be off: the number box's description.
        number_help: Options that may be off: the number box's tooltip.
        number_width: Options that may be off: the number box's width.
        on_value: Options that may be off: the number shown while off.

    Raises:
        KeyError: If `rules` has no option `name`.
        ValueError: If the option is one only programs set, never a person
            (`OptionSpec.for_people` is False).
    """
    spec = option_spec(rules, name)
    if not spec.for_people:
        raise ValueError(f"{rules.__name__}.{name} is set by programs only (for_people=False), not in a form")
    return dataclasses.field(
        default=spec.default,
        metadata=MappingProxyType(
            {
                "setting": Setting(
                    label=spec.label,
                    help=spec.help,
                    what="",
                    rule=spec.rule,
                    low=spec.low,
                    high=high if high is not None else spec.high,
                    choices=spec.choices,
                    tooltips=spec.choice_help,
                    control="toggle" if spec.choices else None,
                    number_label=number_label,
                    number_help=number_help,
                    number_width=number_width,
                    on_value=on_value,
                    spec=spec,
                )
            }
        ),
    )


@dataclass(frozen=True)
class Heading:
    """A heading between rows of a `SettingsForm` (e.g. "Rule options (RULES.md names)")."""

    text: str


@dataclass(frozen=True)
class _Field:
    name: str
    setting: Setting
    kind: type
    optional: bool

    @property
    def what(self) -> str:
        """How errors name the setting: its `what`, else its label in quotes (never its code name)."""
        return self.setting.what or (f"“{self.setting.label}”" if self.setting.label else self.name)


def _fields(kind: type) -> tuple[_Field, ...]:
    """Returns the settings fields of the dataclass `kind`, in order (fields without `setting` are skipped)."""
    hints = typing.get_type_hints(kind)
    found = []
    for item in dataclasses.fields(kind):
        meta = item.metadata.get("setting")
        if not isinstance(meta, Setting):
            continue
        hint = hints[item.name]
        args = typing.get_args(hint)
        optional = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args
        base = next(a for a in args if a is not type(None)) if optional else hint
        found.append(_Field(item.name, meta, base, optional))
    return tuple(found)


def _offered(field: _Field, choices: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    return tuple(choices.get(field.name, field.setting.choices))


def check_settings(value: object, *, choices: Mapping[str, Sequence[str]] | None = None) -> None:
    """Checks every settings field of `value`, in field order, as values set from the page can be anything.

    Args:
        value: An instance of a dataclass whose fields carry `setting` metadata.
        choices: Choices known only now, by field name (e.g. the decks on
            offer); they replace the field's own.

    Raises:
        RuleOptionError: Naming the first setting that is wrong, the range or
            choices expected and the value got, in the page's words (a rule
            option's choices by their labels, no rule ID).
    """
    extra = choices or {}
    for field in _fields(type(value)):
        got = getattr(value, field.name)
        meta = field.setting
        if field.optional and got is None:
            continue
        if field.kind is int:
            low = meta.low if meta.low is not None else 0
            high = meta.high
            if meta.at_most is not None:
                other = next(f for f in _fields(type(value)) if f.name == meta.at_most)
                bound = getattr(value, meta.at_most)
                ceiling = bound if high is None else min(high, bound)
                if not is_whole(got) or not low <= got <= ceiling:
                    raise RuleOptionError(
                        f"{field.what} must be from {low} to {other.what} ({bound}); got {got!r}"
                    )
                continue
            if not is_whole(got) or got < low or (high is not None and got > high):
                span = f"from {low:,} to {high:,}" if high is not None else f"from {low:,}"
                off = ("empty (a new deal) or " if meta.control == "seed" else "off or ") if field.optional else ""
                raise RuleOptionError(f"{field.what} must be {off}a whole number {span}; got {got!r}")
        else:
            offered = _offered(field, extra)
            if got not in offered:
                if meta.refuse:
                    listed = ", ".join(repr(c) for c in offered if c) or "none"
                    raise RuleOptionError(meta.refuse.format(value=got, offered=listed))
                spec = meta.spec
                if spec is not None and spec.choices and set(offered) <= set(spec.choices):
                    names = or_list([f"“{spec.choice_label(c)}”" for c in offered])
                else:
                    names = or_list([repr(c) for c in offered])
                raise RuleOptionError(f"{field.what} must be {names}; got {got!r}")


class SettingsForm(Generic[T]):
    """The controls for a settings dataclass, read back and checked, keeping the last good settings.

    Args:
        kind: The settings dataclass (frozen; its fields carry `setting`).
        value: The settings shown first (and the last good ones so far).
        choices: Choices known only now, by field name, as values or
            ``(label, value)`` pairs (e.g. the decks on offer).
        controls: Ready-made controls for some fields, by name (e.g. the
            deck dropdown); they are read and set like the others.
        rows: The layout, top to bottom: a tuple of field names per row, or a
            `Heading`; None: one field per row.
        button: A button shown under the rows (e.g. "New game"), or None.
    """

    def __init__(
        self,
        kind: type[T],
        value: T,
        *,
        choices: Mapping[str, Sequence[str | tuple[str, str]]] | None = None,
        controls: Mapping[str, ipw.ValueWidget] | None = None,
        rows: Sequence[Sequence[str] | Heading] | None = None,
        button: ipw.Button | None = None,
    ) -> None:
        self._kind = kind
        self._fields = {f.name: f for f in _fields(kind)}
        given = dict(choices or {})
        self._choices: dict[str, tuple[str, ...]] = {
            name: tuple(c[1] if isinstance(c, tuple) else c for c in options) for name, options in given.items()
        }
        self._controls: dict[str, ipw.ValueWidget] = {}
        self._cells: dict[str, ipw.Widget] = {}
        ready = dict(controls or {})
        for field in self._fields.values():
            if field.name in ready:
                self._controls[field.name] = self._cells[field.name] = ready[field.name]
            else:
                self._build(field, getattr(value, field.name), given.get(field.name))
        children: list[ipw.Widget] = []
        for row in rows if rows is not None else [(name,) for name in self._fields]:
            if isinstance(row, Heading):
                children.append(html_widget("tt-heading-box", f'<div class="tt-heading">{esc(row.text)}</div>'))
            elif len(row) == 1:
                children.append(self._cells[row[0]])
            else:
                cells = [self._cells[name] for name in row]
                children.append(ipw.HBox(cells, layout=ipw.Layout(flex_flow="row wrap")))
        if button is not None:
            children.append(button)
        self.box = ipw.VBox(children)
        """The form, to place in the page (CSS class ``tt-settings``)."""
        self.box.add_class("tt-settings")
        self._value = value

    @property
    def value(self) -> T:
        """The last good settings: those shown first, or the last that `read` accepted."""
        return self._value

    @property
    def controls(self) -> Mapping[str, ipw.ValueWidget]:
        """The controls by setting name (an ``int | None`` field adds ``"<name>_on"``), read-only."""
        return MappingProxyType(self._controls)

    def check(self, value: T) -> None:
        """Checks `value` with the form's choices (see `check_settings`)."""
        check_settings(value, choices=self._choices)

    def read(self, *, commit: bool = True, **overrides: Any) -> T:
        """Returns the settings the controls show, with `overrides` instead, once checked.

        The result becomes `value` (unless `commit` is False: then the caller
        makes it `value` with `show` once it has used it, say once a new game
        has started); if a value is wrong, `value` stays the last good
        settings and the controls keep what the page set, so the person can
        put it right.

        Raises:
            RuleOptionError: As for `check_settings`, naming the first wrong
                setting kindly.
        """
        read: dict[str, Any] = {}
        for name, field in self._fields.items():
            got = self._controls[name].value
            if field.setting.control == "seed":
                got = read_seed(got, what=field.what)
            elif field.optional and not self._controls[f"{name}_on"].value:
                got = None
            elif field.kind is str and got is None:
                got = ""
            read[name] = got
        read.update(overrides)
        candidate = dataclasses.replace(self._value, **read)  # type: ignore[type-var]
        self.check(candidate)
        if commit:
            self._value = candidate
        return candidate

    def show(self, value: T) -> None:
        """Sets the controls to `value` (changing only those that differ) and makes it `value`."""
        for name, field in self._fields.items():
            got = getattr(value, name)
            if field.setting.control == "seed":
                self._set(name, "")  # the game's seed stays out of the page while it runs
                continue
            if field.optional:
                self._set(f"{name}_on", got is not None)
                if got is None:
                    continue
            self._set(name, got)
        self._value = value

    def _set(self, name: str, value: object) -> None:
        control = self._controls[name]
        if control.value != value:
            control.value = value

    def _build(self, field: _Field, value: Any, options: Sequence[str | tuple[str, str]] | None) -> None:
        meta = field.setting
        name = field.name
        if meta.control == "seed":
            self._controls[name] = self._cells[name] = seed_box(meta.label, help=meta.help)
            return
        if field.optional:
            switch = ipw.Checkbox(
                value=value is not None,
                description=meta.label,
                tooltip=meta.help,
                indent=False,
                style=dict(_WIDE),
                layout=ipw.Layout(width="auto"),
            )
            number = ipw.IntText(
                value=value if value is not None else (meta.on_value or meta.low or 0),
                description=meta.number_label,
                tooltip=meta.number_help,
                layout=ipw.Layout(width=meta.number_width),
                style=dict(_WIDE),
            )
            self._controls[f"{name}_on"], self._controls[name] = switch, number
            self._cells[name] = ipw.HBox([switch, number], layout=ipw.Layout(align_items="center"))
            return
        if field.kind is int and meta.control == "number":
            control: ipw.ValueWidget = ipw.IntText(
                value=value, description=meta.label, tooltip=meta.help, style=dict(_WIDE)
            )
        elif field.kind is int:
            low = meta.low if meta.low is not None else 0
            high = meta.high if meta.high is not None else low
            control = number_dropdown(meta.label, range(low, high + 1), value, meta.help)
        elif meta.control == "toggle" and meta.spec is not None:
            control = rule_toggle(meta.spec, value)
        else:
            control = ipw.Dropdown(
                options=list(options if options is not None else meta.choices),
                value=value,
                description=meta.label,
                tooltip=meta.help,
                style=dict(_WIDE),
            )
        self._controls[name] = self._cells[name] = control
