"""The controls and HTML pieces every view is built of.

- `html_widget`, `log_html` (a log, newest first, with an accessible name),
  `big_button` (the large classroom button), `StatusLine` (the one status
  line, ``tt-status`` with ``tt-status-error`` / ``tt-status-info``) and
  `pass_panel` (the hot-seat "Pass to ... — ready?" screen);
- the settings controls `rule_toggle`, `number_dropdown`, `count_slider`,
  `seed_text` and `deck_dropdown` (decks labelled by their names, as
  `widgets.deck_shelf.DeckShelf` shows them), with `DEFAULT_SEED`,
  `SEED_MAX` and `OWN_DECK`.  `widgets._toolkit.settings_form` builds whole
  forms from these.

Every control has a text name and a tooltip (screen readers), and nothing
here sends code to the page.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import bundled_decks, folder_decks, load_deck
from toptrumps_core.options import OptionSpec
from widgets._boundary import StatusKind
from widgets._toolkit.words import esc, is_whole

__all__ = [
    "DEFAULT_SEED",
    "OWN_DECK",
    "SEED_MAX",
    "StatusLine",
    "big_button",
    "count_slider",
    "deck_dropdown",
    "deck_names",
    "html_widget",
    "log_html",
    "number_dropdown",
    "pass_panel",
    "rule_toggle",
    "seed_text",
    "shown_seed",
]

OWN_DECK = ""
"""Deck dropdown value for a deck that is not bundled (the one the view was given)."""
DEFAULT_SEED = 2024
"""The seed a new game starts with (shown in the page, so every class sees the same deal)."""
SEED_MAX = 999_999_999
"""Largest seed the page accepts; seeds are whole numbers from 0."""


def shown_seed(seed: object) -> int:
    """Returns `seed` if the page can show it (a whole number 0..`SEED_MAX`), else `DEFAULT_SEED`.

    Example:
        >>> shown_seed(7), shown_seed("lesson 1"), shown_seed(-1)
        (7, 2024, 2024)
    """
    if isinstance(seed, int) and is_whole(seed) and 0 <= seed <= SEED_MAX:
        return seed
    return DEFAULT_SEED


def html_widget(css_class: str, value: str = "", *, layout: ipw.Layout | None = None) -> ipw.HTML:
    """Returns an ``HTML`` widget with the class `css_class` (and `layout`, if given)."""
    widget = ipw.HTML(value) if layout is None else ipw.HTML(value, layout=layout)
    widget.add_class(css_class)
    return widget


def log_html(lines: Iterable[str], label: str) -> str:
    """Returns a log, newest first, as a scrolling list with an accessible name."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<div class="tt-log-box" role="log" aria-label="{esc(label)}"><ol>{items}</ol></div>'


def big_button(description: str, tooltip: str, *, primary: bool) -> ipw.Button:
    """Returns a large classroom button (``tt-big``), filled (`primary`) or outlined."""
    button = ipw.Button(description=description, tooltip=tooltip, layout=ipw.Layout(width="auto"))
    button.add_class("tt-big")
    button.add_class("tt-primary" if primary else "tt-secondary")
    return button


def seed_text(value: int, *, what: str) -> ipw.IntText:
    """Returns the "Seed" box; its tooltip says the range and that the same seed `what` ("deals the same game")."""
    return ipw.IntText(
        value=value,
        description="Seed",
        tooltip=f"A whole number from 0 to {SEED_MAX:,}: the same seed {what}",
        style={"description_width": "initial"},
    )


def rule_toggle(spec: OptionSpec, value: str) -> ipw.ToggleButtons:
    """Returns toggle buttons for one rule option, in the words its specification gives people.

    The description is the option's label, each button a choice's words (the
    default's marked "(usual)"), each button's tooltip what that choice does;
    no code name (``no_data``, ``deal_all``) and no rule ID shows (the rules
    panel, `widgets._toolkit.rules_panel`, lists the IDs for the teacher).

    Args:
        spec: The option's specification (`toptrumps_core.options.option_spec`);
            an option of words.
        value: The choice shown now, one of ``spec.choices``.

    Raises:
        ValueError: If `spec` is not an option of words.
    """
    if not spec.choices:
        raise ValueError(f"{spec.name} is not chosen among words; a toggle needs choices")
    labels = zip(spec.choices, spec.choice_labels, strict=True)
    return ipw.ToggleButtons(
        options=[(f"{label} (usual)" if choice == spec.default else label, choice) for choice, label in labels],
        value=value,
        description=spec.label,
        tooltip=spec.help,
        tooltips=list(spec.choice_help),
        style={"description_width": "initial", "button_width": "auto"},
        layout=ipw.Layout(width="auto", max_width="100%", flex_flow="row wrap"),
    )


def count_slider(description: str, low: int, high: int, step: int, value: int, tooltip: str) -> ipw.IntSlider:
    """Returns a slider for how many games or trials an experiment plays (it acts when let go)."""
    return ipw.IntSlider(
        value=value,
        min=low,
        max=high,
        step=step,
        description=description,
        tooltip=tooltip,
        continuous_update=False,
        style={"description_width": "initial"},
    )


def number_dropdown(description: str, numbers: range, value: int, tooltip: str) -> ipw.Dropdown:
    """Returns a dropdown of whole numbers (players, people), with its text name and tooltip."""
    return ipw.Dropdown(
        options=list(numbers),
        value=value,
        description=description,
        tooltip=tooltip,
        style={"description_width": "initial"},
    )


class StatusLine(ipw.HTML):
    """The status line under a view's title: a message, or a kindly worded error.

    An error has a warning sign and a frame (``tt-status-error``, read out as
    an alert); information is plain (``tt-status-info``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("tt-status")
        self._text = ""
        self._kind: StatusKind = "info"

    @property
    def text(self) -> str:
        """The message shown, as plain text ("" when empty)."""
        return self._text

    @property
    def kind(self) -> StatusKind:
        """How the message is shown: ``"info"`` or ``"error"``."""
        return self._kind

    def show(self, text: str, kind: StatusKind = "info") -> None:
        """Shows `text` ("" clears the line); an ``"error"`` gets the warning sign."""
        self._text, self._kind = text, kind
        if not text:
            self.value = ""
        elif kind == "error":
            self.value = f'<span class="tt-status-error" role="alert">⚠ {esc(text)}</span>'
        else:
            self.value = f'<span class="tt-status-info" role="status">ℹ️ {esc(text)}</span>'


def pass_panel(name: str) -> tuple[ipw.HTML, ipw.Button]:
    """Returns the hot-seat pass screen for `name`: its words, and the "I'm <name>" button (not yet bound)."""
    text = html_widget(
        "tt-pass",
        f'<div class="tt-panel"><div class="tt-headline">Pass to {esc(name)} — ready?</div>'
        f"Everyone else, please look away. {esc(name)}: press the button to see your card.</div>",
    )
    button = big_button(f"I'm {name} — show my card", f"Only {name} should look: shows {name}'s card", primary=True)
    return text, button


@functools.cache
def _bundled_deck_names() -> tuple[tuple[str, str], ...]:
    return tuple((load_deck(name).name, name) for name in bundled_decks())


def deck_names() -> tuple[tuple[str, str], ...]:
    """Returns ``(deck name, what load_deck takes)`` per deck every game offers.

    First the bundled decks by short name (``("Chemical Elements",
    "chemical_elements")``), then the deck files of the teacher's deck folder
    by path (`toptrumps_core.deckfiles.folder_decks`; a file that does not
    load is left out).
    """
    return (*_bundled_deck_names(), *((deck.name, path) for path, deck in folder_decks().decks))


def deck_dropdown(
    value: str, *, own: Deck | None = None, own_note: str = "", tooltip: str = "Which deck of cards to use"
) -> ipw.Dropdown:
    """Returns the "Deck" dropdown: bundled decks by their names, valued by file name.

    Args:
        value: The file name of the deck chosen first, or `OWN_DECK` for `own`.
        own: A deck that is not bundled, offered first under its name.
        own_note: Words after the name of `own`, in brackets; "" for none.
        tooltip: The dropdown's tooltip.
    """
    options = list(deck_names())
    if own is not None:
        options.insert(0, (f"{own.name} ({own_note})" if own_note else own.name, OWN_DECK))
    values = [v for _, v in options]
    return ipw.Dropdown(
        options=options,
        value=value if value in values else values[0] if values else None,
        description="Deck",
        tooltip=tooltip,
        style={"description_width": "initial"},
    )
