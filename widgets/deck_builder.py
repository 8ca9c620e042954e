"""The deck builder: a teacher's own deck from a spreadsheet, checked, shown, saved and played.

A teacher pastes a CSV export or a TOML deck file, or uploads one, and
presses "Check the deck".  The builder then

- lists every problem of the file, each with its line, card and field and
  what was expected, so the whole file can be fixed in one go (rule D4);
- or shows the deck: its categories (unit, higher or lower wins) and its
  cards as pictures;
- offers the deck as a TOML deck file to download (it loads back to the
  same deck), for the app's deck folder or another class;
- plays it at once: a classic game or Hi Lo opens under the builder.

Nothing here is hidden information: a deck is public, so its file may go to
the page as a download link.  What the page sends (the pasted text, the
uploaded file, the name and source) is checked for size and kind first.
"""

from __future__ import annotations

import base64
import contextlib
import re
from typing import Any

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import MAX_DECK_BYTES, deck_to_toml, parse_deck_bytes, parse_deck_text
from toptrumps_core.errors import DeckError
from widgets._boundary import ErrorBoundary, handler
from widgets._style import style_sheet
from widgets._toolkit import StatusLine, big_button, close_tree, esc, plural
from widgets.classic import ClassicTable
from widgets.hilo import HiLoTable

__all__ = ["EXAMPLE_CSV", "DeckBuilder", "problem_line"]

EXAMPLE_CSV = """name,picture,fact,Top speed (km/h),Weight (kg),Lifespan (years)
Cheetah,🐆,The fastest land animal,113,72,12
Elephant,🐘,The largest land animal,40,6000,60
Tortoise,🐢,Can live for over 150 years,0.3,250,150
"""
"""The example shown in the empty text box: a spreadsheet's CSV with units in brackets."""

_INTRO = "<h3>Build your own deck</h3><p>Paste a spreadsheet saved as CSV, or a deck file, or upload one.</p>"
_FILE_STEM = re.compile(r"[^a-z0-9]+")


_RULE_CITE = re.compile(r"\s*\(rules? [DCTSQP]\d{1,2}(?:\s*(?:,|-|–|and)\s*[DCTSQP]?\d{1,2})*\)")
"""A rule ID the core's deck errors cite, e.g. " (rule D2)": the page says the rule in words only."""


def _found(got: object) -> str:
    """Returns what a deck file held, as a teacher reads it: "an empty cell", a list of cells, a quoted value."""
    if got == "":
        return "an empty cell"
    if isinstance(got, (tuple, list)):
        return "the columns " + ", ".join(repr(str(cell)) for cell in got)
    return repr(got)


def problem_line(problem: DeckError) -> str:
    """Returns one problem of a deck file as the builder lists it (plain text, no rule ID, no Python value).

    Example:
        >>> problem_line(DeckError("pets.csv", line=3, card="Dog", field="Weight", expected="a number", got="heavy"))
        "Line 3 · card 'Dog' · Weight: expected a number; got 'heavy'"
        >>> problem_line(DeckError("pets.csv", line=5, field="name", expected="a card name unique (rule D2)", got=""))
        'Line 5 · name: expected a card name unique; got an empty cell'
        >>> problem_line(DeckError("pets.csv", line=1, expected="a name column", got=("animal", "speed")))
        "Line 1: expected a name column; got the columns 'animal', 'speed'"
    """
    where = [f"Line {problem.line}" if problem.line is not None else "The file"]
    if problem.card is not None:
        where.append(f"card {problem.card!r}")
    if problem.field is not None:
        where.append(str(problem.field))
    got = f"; got {_found(problem.got)}" if problem.got is not None else ""
    return f"{' · '.join(where)}: expected {_RULE_CITE.sub('', problem.expected)}{got}"


class DeckBuilder(ipw.VBox):
    """Checks, shows, saves and plays a deck a teacher pastes or uploads (see the module docstring).

    Args:
        text: The deck text shown in the box at first; None for an empty box
            (with `EXAMPLE_CSV` as its placeholder).

    Attributes:
        deck: The last deck that checked out, or None before any did.
    """

    def __init__(self, text: str | None = None) -> None:
        self.deck: Deck | None = None
        self._problem_lines: tuple[str, ...] = ()
        self._text = ipw.Textarea(
            value=text or "",
            placeholder=EXAMPLE_CSV,
            description="Deck file",
            layout=ipw.Layout(width="100%", height="220px"),
            style={"description_width": "initial"},
        )
        self._upload = ipw.FileUpload(
            accept=".csv,.toml", multiple=False, description="Upload a deck file", layout=ipw.Layout(width="auto")
        )
        self._upload.tooltip = "Upload a .csv file saved from a spreadsheet, or a .toml deck file"
        self._name = ipw.Text(
            description="Deck name", placeholder="e.g. Our pets", style={"description_width": "initial"}
        )
        self._source = ipw.Text(
            description="Source",
            placeholder="Where the facts come from, and the year",
            layout=ipw.Layout(width="100%"),
            style={"description_width": "initial"},
        )
        self._check = big_button("Check the deck", "Read the deck file and list any problems", primary=True)
        self._problems = ipw.HTML()
        self._preview = ipw.HTML()
        self._download = ipw.HTML()
        self._play_classic = big_button("Play it: classic game", "Play a classic game with this deck", primary=False)
        self._play_hilo = big_button("Play it: Hi Lo", "Play Hi Lo with this deck", primary=False)
        self._plays = ipw.HBox((self._play_classic, self._play_hilo), layout=ipw.Layout(display="none"))
        self._game = ipw.VBox()
        self._status = StatusLine()
        self._boundary = ErrorBoundary(self._status.show)
        super().__init__(
            children=(
                style_sheet(),
                ipw.HTML(_INTRO),
                self._text,
                self._upload,
                ipw.HBox((self._name,)),
                self._source,
                self._check,
                self._status,
                self._problems,
                self._preview,
                self._download,
                self._plays,
                self._game,
            )
        )
        self.add_class("tt-table")
        self.add_class("tt-deck-builder")
        self._check.on_click(self._on_check)
        self._upload.observe(self._on_upload, names="value")
        self._play_classic.on_click(self._on_play_classic)
        self._play_hilo.on_click(self._on_play_hilo)

    # -- reading (for tests and lessons) -----------------------------------------------

    @property
    def problems(self) -> tuple[str, ...]:
        """The problems listed now, one plain-text line each (empty when the deck checked out)."""
        return self._problem_lines

    @property
    def game(self) -> ipw.Widget | None:
        """The game opened under the builder, or None."""
        return self._game.children[0] if self._game.children else None

    def check(self) -> Deck | None:
        """Checks the text in the box (as "Check the deck" does); returns the deck, or None if it has problems."""
        self._read(lambda name, source: parse_deck_text(self._text.value, name=name, source=source))
        return self.deck

    # -- handlers ---------------------------------------------------------------------

    @handler
    def _on_check(self, _button: ipw.Button) -> None:
        self.check()

    @handler
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        name = str(upload.get("name", "deck"))[:200]
        data = bytes(upload.get("content", b""))
        if not name.lower().endswith((".csv", ".toml")):
            self._status.show(f"Please upload a .csv or .toml deck file; {name!r} is neither.", "error")
            return
        if len(data) <= MAX_DECK_BYTES:
            with contextlib.suppress(UnicodeDecodeError):  # parse_deck_bytes says which line is not UTF-8
                self._text.value = data.decode("utf-8-sig")  # shown in the box, to edit and check again
        self._read(lambda deck_name, source: parse_deck_bytes(data, path=name, name=deck_name, source=source))

    @handler
    def _on_play_classic(self, _button: ipw.Button) -> None:
        if self.deck is not None:
            self._open(ClassicTable.new(deck=self.deck, seats=min(3, len(self.deck.cards))))

    @handler
    def _on_play_hilo(self, _button: ipw.Button) -> None:
        if self.deck is None:
            return
        if len(self.deck.cards) < 3:
            self._status.show("Hi Lo needs a deck of at least 3 cards.", "error")
            return
        self._open(HiLoTable.new(deck=self.deck))

    # -- drawing ----------------------------------------------------------------------

    def _read(self, parse: Any) -> None:
        """Reads a deck with `parse(name, source)` and shows the deck or every problem."""
        name = self._name.value.strip()[:200] or None
        source = self._source.value.strip()[:1000] or None
        try:
            deck = parse(name, source)
        except DeckError as err:
            self.deck = None
            self._show_problems(err.problems)
            return
        self.deck = deck
        self._problem_lines = ()
        self._problems.value = ""
        self._show_deck(deck)

    def _show_problems(self, problems: tuple[DeckError, ...]) -> None:
        self._problem_lines = tuple(problem_line(p) for p in problems)
        items = "".join(f"<li>{esc(line)}</li>" for line in self._problem_lines)
        count = plural(len(problems), "problem")
        self._problems.value = (
            f'<div role="region" aria-label="Problems in the deck file"><b>{count} to fix:</b><ol>{items}</ol></div>'
        )
        self._status.show(f"The deck file has {plural(len(problems), 'problem')}; they are listed below.", "error")
        self._preview.value = self._download.value = ""
        self._plays.layout.display = "none"

    def _show_deck(self, deck: Deck) -> None:
        rows = "".join(
            f"<tr><td>{esc(c.name)}</td><td>{esc(c.unit) or '—'}</td>"
            f"<td>{'▲ higher wins' if c.higher_is_better else '▼ lower wins'}</td></tr>"
            for c in deck.categories
        )
        size = f"{plural(len(deck.cards), 'card')}, {plural(len(deck.categories), 'category', 'categories')}"
        self._preview.value = (
            f"<p><b>{esc(deck.name)}</b>: {size}."
            f" Source: {esc(deck.source) or '<i>none given yet</i>'}</p>"
            "<table><thead><tr><th>Category</th><th>Unit</th><th>Best</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
            f'<div class="tt-svg">{svg.deck(deck, columns=6, max_cards=12)}</div>'
        )
        self._plays.layout.display = "flex"
        if not deck.source.strip():
            self._download.value = "<p>Give the deck a source (where the facts come from) to download its file.</p>"
            self._status.show(f"{deck.name} is ready to play. Add a source to save it as a deck file.")
            return
        file_name = (_FILE_STEM.sub("_", deck.name.lower()).strip("_") or "deck") + ".toml"
        data = base64.b64encode(deck_to_toml(deck).encode("utf-8")).decode("ascii")
        self._download.value = (
            f'<a class="tt-download" download="{esc(file_name)}" href="data:application/toml;base64,{data}">'
            f"⬇ Download the deck file ({esc(file_name)})</a>"
        )
        self._status.show(f"{deck.name} is ready: play it below, or download its file.")

    def _open(self, game: ipw.Widget) -> None:
        for old in self._game.children:
            close_tree(old)
        self._game.children = (game,)
