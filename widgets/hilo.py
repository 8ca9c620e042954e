"""`HiLoTable`: the Hi Lo mini-game (rule T12) with its probability lens (P1, P2).

A thin view over a core `Match` of `HiLoRules` with one human seat:

- three cards in a row, the first face up, the others face down (drawn by
  `toptrumps_core.svg` through `widgets.card.CardView`);
- one button per category where the first card has data (the legal
  `ChooseCategory` actions), then "Higher" and "Lower" buttons (`Call`);
- the pins earned, a sentence after each call, the cards put aside for no
  data, and "Play again" (a fresh shuffle, the next seed);
- a "Show the odds" checkbox, the probability lens: beside each category the
  exact chance (rule P1) that the second card is higher-or-equal and
  lower-or-equal than the first, and the expected pins of the best play in
  that category (P2); at each call, the chance that "higher" or "lower" is
  right.  Every number comes from what the player has seen
  (``HiLoView.unseen``), never from the face-down cards.

Hidden information never reaches a synced trait: a face-down card is drawn as
a card back, and the `Match`, the state and the stack stay in Python.  Every
handler runs inside the one error boundary (`widgets._boundary`).

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]})
    >>> table = HiLoTable.new(deck=tiny, seed=1)
    >>> len(table.category_buttons) >= 1 and table.pins == 0
    True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import ipywidgets as ipw

from toptrumps_core.cards import Category, Deck, Value, format_value
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.probability import Direction, HiLoOdds, HiLoPins, hi_lo_odds, hi_lo_plan
from toptrumps_core.protocol import Event
from toptrumps_core.strategies import HUMAN, Human
from toptrumps_core.tournament.hilo import (
    ROW,
    Call,
    HiLoCalled,
    HiLoCategoryChosen,
    HiLoEnded,
    HiLoPutAside,
    HiLoRowClosedUp,
    HiLoRules,
    HiLoStackRanOut,
    HiLoTurned,
    HiLoView,
)
from widgets._boundary import ErrorBoundary, StatusKind, handler
from widgets._style import style_sheet
from widgets.card import CardView

__all__ = ["DEFAULT_SEED", "SEED_MAX", "HiLoTable", "chance_text"]

DEFAULT_SEED = 2024
"""The seed a new table starts with (shown in the page, so a class can share a deal)."""
SEED_MAX = 999_999_999
"""Largest seed accepted; seeds are whole numbers from 0."""
CARD_WIDTH_PX = 230
"""Width of each card of the row, in pixels (it also shrinks to fit)."""

_SLOT_NAMES = ("First card", "Second card", "Third card")
_ARROWS: Mapping[Direction, str] = MappingProxyType({"higher": "⬆", "lower": "⬇"})


def chance_text(chance: Fraction) -> str:
    """Returns a chance as a whole percentage for the page, e.g. ``"62 %"``.

    Never rounds to "0 %" or "100 %" unless the chance is exactly that.

    Example:
        >>> chance_text(Fraction(18, 29)), chance_text(Fraction(1, 500)), chance_text(Fraction(1))
        ('62 %', '<1 %', '100 %')
    """
    if chance == 0:
        return "0 %"
    if chance == 1:
        return "100 %"
    whole = round(chance * 100)
    if whole == 0:
        return "<1 %"
    if whole == 100:
        return ">99 %"
    return f"{whole} %"


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _html(css: str, value: str = "") -> ipw.HTML:
    widget = ipw.HTML(value)
    widget.add_class(css)
    return widget


def _value_text(category: Category, value: Value) -> str:
    text = format_value(value)
    return f"{text} {category.unit}" if category.unit and value is not None else text


def _pins_text(pins: Fraction | int) -> str:
    number = f"{float(pins):.2f}".rstrip("0").rstrip(".")
    return f"{number} pin" if pins == 1 else f"{number} pins"


class HiLoTable(ipw.VBox):
    """A Hi Lo mini-game for one player, with the probability lens (rules T12, P1, P2).

    Build one with `HiLoTable.new` in a notebook cell; the cell displays it.
    The buttons call the public methods `choose`, `call` and `play_again`,
    which tests call too.

    Args:
        match: A match of `HiLoRules` whose only seat is `HUMAN`; a match at
            its shuffle is shuffled.
        lens: Start with "Show the odds" ticked.

    Raises:
        RuleOptionError: If `match` is not a Hi Lo match with a human seat.
    """

    def __init__(self, match: Match, *, lens: bool = True) -> None:
        super().__init__()
        if not isinstance(match.rules, HiLoRules):
            raise RuleOptionError(f"HiLoTable plays Hi Lo (HiLoRules); got {type(match.rules).__name__}")
        if len(match.strategies) != 1 or not isinstance(match.strategies[0], Human):
            raise RuleOptionError("HiLoTable needs a match whose one seat is HUMAN")
        self.add_class("tt-table")
        self._boundary = ErrorBoundary(self._show_status)
        self._status_text = ""
        self._log: list[str] = []
        self._dynamic: list[ipw.Widget] = []
        self._category_buttons: tuple[ipw.Button, ...] = ()
        self._call_buttons: tuple[ipw.Button, ...] = ()
        self._lens_odds: Mapping[int, HiLoOdds] = MappingProxyType({})
        self._lens_pins: Mapping[int, Fraction] = MappingProxyType({})
        self._lens_call: HiLoOdds | None = None
        self._games = 0

        self._title = _html("tt-title")
        self._status = _html("tt-status")
        self._pins = _html("tt-result")
        self._slots = tuple(CardView(None, width_px=CARD_WIDTH_PX) for _ in range(ROW))
        self._captions = tuple(_html("tt-caption") for _ in range(ROW))
        self._put_aside = _html("tt-put-aside")
        self._controls = ipw.VBox(layout=ipw.Layout(width="100%"))
        self._result = _html("tt-result")
        self._log_view = _html("tt-log")
        self._lens = ipw.Checkbox(
            value=lens,
            description="Show the odds",
            tooltip="Show the exact chance that the next card is higher or lower, and the expected pins (rules P1, P2)",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
        self._lens.add_class("tt-lens-toggle")
        self._again = ipw.Button(
            description="Play again ↻",
            tooltip="Shuffle the deck and play a new Hi Lo game (next seed)",
            layout=ipw.Layout(width="auto"),
        )
        self._again.add_class("tt-big")
        self._again.add_class("tt-secondary")
        self._again.on_click(lambda _button: self.play_again())
        self._lens.observe(self._boundary.wrap(lambda _change: self._render()), names="value")

        row = ipw.HBox(
            [
                ipw.VBox([caption, slot], layout=ipw.Layout(margin="0 12px 0 0"))
                for caption, slot in zip(self._captions, self._slots, strict=True)
            ],
            layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self.children = (
            style_sheet(),
            self._title,
            self._status,
            self._pins,
            self._lens,
            row,
            self._put_aside,
            self._result,
            self._controls,
            ipw.HBox([self._again], layout=ipw.Layout(margin="10px 0")),
            _html("tt-heading-box", '<div class="tt-heading">What happened</div>'),
            self._log_view,
        )
        self._install(match)

    # -- construction for notebooks -------------------------------------------------------

    @classmethod
    def new(
        cls,
        deck: str | Deck = "dinosaurs",
        seed: int = DEFAULT_SEED,
        hilo_pins: HiLoPins = "per_call",
        lens: bool = True,
    ) -> HiLoTable:
        """Returns a table with a freshly shuffled Hi Lo game, for a one-line notebook cell.

        Args:
            deck: A bundled deck's name (see `toptrumps_core.bundled_decks`)
                or a `Deck` (at least 3 cards).
            seed: Whole number 0..`SEED_MAX`; fixes the shuffle.  "Play
                again" uses the next seed.
            hilo_pins: Rule T12 option, ``"per_call"`` (default) or
                ``"complete_run"``.
            lens: Start with "Show the odds" ticked (default True).

        Raises:
            DeckError: If `deck` names no bundled deck.
            RuleOptionError: If `seed` or `hilo_pins` is out of range.
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
            raise RuleOptionError(f"the seed must be a whole number from 0 to {SEED_MAX:,}; got {seed!r}")
        the_deck = deck if isinstance(deck, Deck) else load_deck(deck)
        rules = HiLoRules(the_deck, hilo_pins=hilo_pins)
        return cls(Match(rules, [HUMAN], seed=seed, start=rules.initial_state(shuffled=True)), lens=lens)

    # -- reading (for tests and lessons) --------------------------------------------------

    @property
    def match(self) -> Match:
        """The match shown (Python side only; never synced to the page)."""
        return self._match

    @property
    def view(self) -> HiLoView:
        """What the player sees now."""
        view: HiLoView = self._match.view(0)
        return view

    @property
    def pins(self) -> int:
        """Pins earned so far in this game, 0..2."""
        return self.view.pins

    @property
    def category_buttons(self) -> tuple[ipw.Button, ...]:
        """One button per category the player may choose (empty once chosen)."""
        return self._category_buttons

    @property
    def call_buttons(self) -> tuple[ipw.Button, ...]:
        """The "Higher" and "Lower" buttons while a call is due (else empty)."""
        return self._call_buttons

    @property
    def lens(self) -> ipw.Checkbox:
        """The "Show the odds" checkbox (the probability lens)."""
        return self._lens

    @property
    def again_button(self) -> ipw.Button:
        """The "Play again" button."""
        return self._again

    @property
    def lens_odds(self) -> Mapping[int, HiLoOdds]:
        """The lens's rule P1 odds for the second card, by category (empty unless shown)."""
        return self._lens_odds

    @property
    def lens_pins(self) -> Mapping[int, Fraction]:
        """The lens's rule P2 expected pins, by category (empty unless shown)."""
        return self._lens_pins

    @property
    def lens_call(self) -> HiLoOdds | None:
        """The lens's rule P1 odds for the call now due, or None unless shown."""
        return self._lens_call

    @property
    def status(self) -> str:
        """The status line's text ("" when empty)."""
        return self._status_text

    @property
    def log_lines(self) -> tuple[str, ...]:
        """What happened, newest first, as plain text."""
        return tuple(self._log)

    # -- acting ---------------------------------------------------------------------------

    @handler
    def choose(self, category: int) -> None:
        """Chooses `category` for the whole game (rule T12).

        Raises (shown in the status line):
            IllegalActionError: If it is not a category the first card has data in.
        """
        self._act(ChooseCategory(category))

    @handler
    def call(self, direction: Direction) -> None:
        """Calls the next card ``"higher"`` or ``"lower"`` (rule T12; equal is right).

        Raises (shown in the status line):
            IllegalActionError: If no call is due now.
            IllegalActionError: If `direction` is neither.
        """
        self._act(Call(direction))

    @handler
    def play_again(self) -> None:
        """Starts a new game: the whole deck shuffled with the next seed."""
        match = self._match
        seed = match.seed + 1 if isinstance(match.seed, int) and match.seed < SEED_MAX else 0
        rules = self._rules
        self._install(Match(rules, [HUMAN], seed=seed, start=rules.initial_state(shuffled=True)))

    # -- internals ------------------------------------------------------------------------

    def _install(self, match: Match) -> None:
        rules = match.rules
        assert isinstance(rules, HiLoRules)  # checked in __init__; play_again keeps the rules
        self._rules = rules
        self._match = match
        self._games += 1
        self._log = []
        self._set_status("")
        self._note(match.advance())  # the shuffle (a standalone game starts at chance)
        self._render()

    def _act(self, action: Any) -> None:
        self._set_status("")
        events = self._match.submit(action)  # raises IllegalActionError, nothing changed
        self._note(events)
        self._render()

    def _note(self, events: tuple[Event, ...]) -> None:
        deck = self._rules.deck
        lines = []
        for event in events:
            if isinstance(event, HiLoTurned):
                lines.append(f"{_SLOT_NAMES[event.slot]} turned: {deck.cards[event.card].name}.")
            elif isinstance(event, HiLoPutAside):
                why = "has no data in the chosen category" if event.category is not None else "has no data at all"
                lines.append(f"{deck.cards[event.card].name} {why}: put aside, replaced (rule T12).")
            elif isinstance(event, HiLoRowClosedUp):
                lines.append("The stack is empty: the next face-down card moves up.")
            elif isinstance(event, HiLoStackRanOut):
                lines.append("No card is left to turn: the game ends here.")
            elif isinstance(event, HiLoCategoryChosen):
                lines.append(f"You chose {deck.categories[event.category].name}.")
            elif isinstance(event, HiLoCalled):
                verdict = "right ✓" if event.right else "wrong ✗"
                lines.append(f"You called {event.direction} for the {_SLOT_NAMES[event.slot].lower()}: {verdict}.")
            elif isinstance(event, HiLoEnded):
                lines.append(f"Game over: {_pins_text(event.pins)}.")
        self._log = [*reversed(lines), *self._log]

    def _render(self) -> None:
        view = self.view
        deck = view.deck
        category = view.category
        rules = self._rules
        option = "0, 1 or 2 pins: one per right call" if rules.hilo_pins == "per_call" else "2 pins for two right calls"
        self._title.value = (
            f"Hi Lo — {_esc(deck.name)} <span class='tt-subtitle'>({_esc(option)}; seed {self._match.seed})</span>"
        )
        earned = view.pins
        self._pins.value = f"<span role='status'>Pins: {'●' * earned}{'○' * (2 - earned)} ({_pins_text(earned)})</span>"
        self._lens_odds, self._lens_pins, self._lens_call = MappingProxyType({}), MappingProxyType({}), None
        show_lens = bool(self._lens.value) and view.outcome is None
        marks: dict[int, str] = {}
        if show_lens and category is None:
            self._compute_category_lens(view)
            marks = {c: f"↑{chance_text(o.higher)} ↓{chance_text(o.lower)}" for c, o in self._lens_odds.items()}
        elif show_lens:
            self._compute_call_lens(view)
        self._draw_row(view, marks)
        seen_aside = [deck.cards[c].name for c in view.put_aside]
        self._put_aside.value = f"<p>Put aside (no data): {_esc(', '.join(seen_aside))}</p>" if seen_aside else ""
        old, self._dynamic = self._dynamic, []
        if view.outcome is not None:
            children = self._over_screen(view)
        elif category is None:
            children = self._choose_screen(view)
        else:
            children = self._call_screen(view)
        with self._controls.hold_sync():
            self._controls.children = tuple(children)
        for widget in old:
            widget.close()
        self._lens.disabled = view.outcome is not None
        lines = "".join(f"<li>{_esc(line)}</li>" for line in self._log[:30])
        self._log_view.value = f"<div class='tt-log-box'><ol>{lines}</ol></div>"

    def _draw_row(self, view: HiLoView, marks: Mapping[int, str]) -> None:
        deck = view.deck
        judged = {slot: right for slot, (_, right) in enumerate(view.calls, start=1)}
        for slot in range(ROW):
            caption, picture = self._captions[slot], self._slots[slot]
            if slot >= len(view.faces):
                picture.show(None)
                picture.layout.visibility = "hidden"
                caption.value = f"<b>{_SLOT_NAMES[slot]}</b>: empty (the row closed up)"
                continue
            picture.layout.visibility = "visible"
            number = view.faces[slot]
            card = None if number is None else deck.cards[number]
            mark = marks if slot == 0 and view.category is None else None
            picture.show(card, highlight=view.category if card is not None else None, marks=mark)
            verdict = ""
            if slot in judged:
                verdict = " — right ✓" if judged[slot] else " — wrong ✗"
            state = "face down" if card is None else _esc(card.name)
            caption.value = f"<b>{_SLOT_NAMES[slot]}</b>: {state}{verdict}"

    def _compute_category_lens(self, view: HiLoView) -> None:
        first = view.first_card
        assert first is not None
        odds: dict[int, HiLoOdds] = {}
        pins: dict[int, Fraction] = {}
        for action in self._match.legal_actions():
            c = action.category
            shown = first.values[c]
            assert shown is not None
            values = [view.deck.cards[i].values[c] for i in view.unseen]
            pins[c] = hi_lo_plan(shown, values, hilo_pins=view.hilo_pins).expected_pins
            if any(v is not None for v in values):
                odds[c] = hi_lo_odds(shown, values)
        self._lens_odds, self._lens_pins = MappingProxyType(odds), MappingProxyType(pins)

    def _compute_call_lens(self, view: HiLoView) -> None:
        shown, category = view.shown, view.category
        assert shown is not None and category is not None
        value = shown.values[category]
        assert value is not None
        values = [view.deck.cards[i].values[category] for i in view.unseen]
        if any(v is not None for v in values):
            self._lens_call = hi_lo_odds(value, values)

    def _keep(self, widget: ipw.Widget) -> ipw.Widget:
        self._dynamic.append(widget)
        return widget

    def _choose_screen(self, view: HiLoView) -> list[ipw.Widget]:
        first = view.first_card
        assert first is not None
        deck = view.deck
        rows: list[ipw.Widget] = [
            self._keep(
                _html(
                    "tt-heading-box",
                    f"<div class='tt-heading'>Choose a category of {_esc(first.name)} for the whole game</div>",
                )
            )
        ]
        if self._lens_pins:
            legend = (
                "The odds: ↑ the chance that the second card is higher or equal, ↓ lower or equal; "
                "then the pins you can expect on average with the best calls in that category."
            )
            rows.append(self._keep(_html("tt-lens-legend", f"<p>{_esc(legend)}</p>")))
        buttons = []
        for action in self._match.legal_actions():
            c = action.category
            category = deck.categories[c]
            value = _value_text(category, first.values[c])
            button = ipw.Button(
                description=f"{category.name}: {value}",
                tooltip=f"Play Hi Lo on {category.name} ({first.name} has {value})",
                layout=ipw.Layout(width="auto", flex="1 1 auto", min_width="240px", margin="0"),
            )
            button.add_class("tt-category")
            button.on_click(lambda _button, index=c: self.choose(index))
            buttons.append(button)
            children: list[ipw.Widget] = [button]
            if c in self._lens_pins:
                lens = _html("tt-lens", _esc(self._category_lens_text(view, c)))
                lens.layout = ipw.Layout(flex="0 1 auto")
                children.append(lens)
            row = ipw.HBox(children, layout=ipw.Layout(width="100%", align_items="center"))
            row.add_class("tt-row")
            rows.append(self._keep(row))
        self._category_buttons = tuple(buttons)
        self._call_buttons = ()
        self._result.value = ""
        box = ipw.VBox(rows, layout=ipw.Layout(max_width="960px"))  # room for the lens beside each category
        box.add_class("tt-card")
        return [self._keep(box)]

    def _category_lens_text(self, view: HiLoView, category: int) -> str:
        pins = f"{_pins_text(self._lens_pins[category])} expected"
        odds = self._lens_odds.get(category)
        if odds is None:
            return f"no unseen card has data · {pins}"
        return f"↑ {chance_text(odds.higher)} · ↓ {chance_text(odds.lower)} · {pins}"

    def _call_screen(self, view: HiLoView) -> list[ipw.Widget]:
        shown, category = view.shown, view.category
        assert shown is not None and category is not None
        cat = view.deck.categories[category]
        which = "second" if not view.calls else "third"
        value = _value_text(cat, shown.values[category])
        prompt = f"Will the {which} card's {cat.name} be higher or lower than {value}? (Equal counts as right.)"
        buttons = []
        rows: list[ipw.Widget] = [self._keep(_html("tt-heading-box", f"<div class='tt-heading'>{_esc(prompt)}</div>"))]
        for direction in ("higher", "lower"):
            button = ipw.Button(
                description=f"{_ARROWS[direction]} {direction.capitalize()}",
                tooltip=f"Call {direction}: the {which} card's {cat.name} is {direction} than or equal to {value}",
                layout=ipw.Layout(width="auto"),
            )
            button.add_class("tt-big")
            button.add_class("tt-primary")
            button.on_click(lambda _button, d=direction: self.call(d))
            buttons.append(button)
            children: list[ipw.Widget] = [button]
            if self._lens_call is not None:
                chance = self._lens_call.chance(direction)
                children.append(_html("tt-lens", _esc(f"right with chance {chance_text(chance)} ({chance})")))
            row = ipw.HBox(children, layout=ipw.Layout(align_items="center", margin="4px 0"))
            rows.append(self._keep(row))
        self._call_buttons = tuple(buttons)
        self._category_buttons = ()
        self._result.value = self._last_call_text(view)
        return [self._keep(ipw.VBox(rows))]

    def _over_screen(self, view: HiLoView) -> list[ipw.Widget]:
        self._category_buttons, self._call_buttons = (), ()
        pins = view.pins
        cheer = "Well played!" if pins == 2 else "Good call!" if pins == 1 else "Better luck next time."
        css = "tt-result-win" if pins else "tt-result-tie"
        self._result.value = (
            f"<span class='{css}' role='status'>{_esc(self._last_call_text(view))} "
            f"You earned {_esc(_pins_text(pins))}. {cheer}</span>"
        )
        return [self._keep(_html("tt-over", "<p>Press <b>Play again ↻</b> for a new shuffle.</p>"))]

    def _last_call_text(self, view: HiLoView) -> str:
        if not view.calls:
            return ""
        direction, right = view.calls[-1]
        return f"You called {direction}: {'right ✓' if right else 'wrong ✗'}."

    def _show_status(self, text: str, kind: StatusKind) -> None:
        self._set_status(text, kind)

    def _set_status(self, text: str, kind: StatusKind = "info") -> None:
        self._status_text = text
        if not text:
            self._status.value = ""
        elif kind == "error":
            self._status.value = f'<span class="tt-status-error" role="alert">⚠ {_esc(text)}</span>'
        else:
            self._status.value = f'<span class="tt-status-info" role="status">{_esc(text)}</span>'
