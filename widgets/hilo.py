"""`HiLoTable`: the Hi Lo mini-game (rule T12) with its probability lens (P1, P2).

A thin view over a core `Match` of `HiLoRules` with one human seat:

- three cards in a row, the first face up, the others face down (drawn by
  `toptrumps_core.svg` through `widgets.card.CardView`);
- one button per category where the first card has data (the legal
  `ChooseCategory` actions), then "Higher" and "Lower" buttons (`Call`);
- the pins earned, a sentence after each call, the cards put aside for no
  data, and "Play again" (a fresh shuffle with a fresh seed);
- a "Show the odds" checkbox, the probability lens: beside each category the
  exact chance (rule P1) that the second card is higher-or-equal and
  lower-or-equal than the first, and the expected pins of the best play in
  that category (P2); at each call, the chance that "higher" or "lower" is
  right.  Every number comes from what the player has seen
  (``HiLoView.unseen``), never from the face-down cards.

Hidden information never reaches a synced trait: a face-down card is drawn as
a card back, and the `Match`, the state, the stack and the seed stay in
Python (the seed shows once the game is over, for a replay; see
`widgets._toolkit.seeds`).  Every
handler runs inside the one error boundary (`widgets._boundary`); what a
caller or the page asks for is checked first, so a wrong request gets a
sentence in the game's words, and each button is tied to the decision it
was made for (`widgets._toolkit.MatchDriver.bind`): a late second click on a button
already used is ignored.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]})
    >>> table = HiLoTable.new(deck=tiny, seed=1)
    >>> len(table.category_buttons) >= 1 and table.pins == 0
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from types import MappingProxyType

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError, TopTrumpsError
from toptrumps_core.narration import Narrator
from toptrumps_core.play import Match
from toptrumps_core.probability import Direction, HiLoOdds, HiLoPins, hi_lo_odds, hi_lo_plan
from toptrumps_core.protocol import Event
from toptrumps_core.record import GameRecord
from toptrumps_core.strategies import HUMAN, Human
from toptrumps_core.tournament.hilo import (
    ROW,
    Call,
    HiLoEnded,
    HiLoRules,
    HiLoTurned,
    HiLoView,
)
from widgets._boundary import handler
from widgets._style import style_sheet
from widgets._toolkit import (
    DEFAULT_SEED,
    DRAWN_SEED_MAX,
    SEED_MAX,
    Disclosure,
    MatchView,
    ProjectorSwitch,
    SeedSource,
    big_button,
    esc,
    fresh_seed,
    html_widget,
    is_whole,
    percent,
    seed_words,
    swap_children,
    value_text,
    whole,
)
from widgets._toolkit.clock import clock_controls
from widgets._toolkit.log_order import PlayOrderLog, log_groups_html
from widgets._toolkit.save_files import SavedGame, SaveHeader, SavePanel
from widgets.card import CardView

__all__ = ["DEFAULT_SEED", "SEED_MAX", "HiLoTable", "chance_text"]

CARD_WIDTH_PX = 230
"""Width of each card of the row, in pixels (it also shrinks to fit)."""

LOG_LINES = 30
"""How many lines "What happened" shows, newest first."""

_SLOT_NAMES = ("First card", "Second card", "Third card")
_ARROWS: Mapping[Direction, str] = MappingProxyType({"higher": "⬆", "lower": "⬇"})
_DIRECTIONS: tuple[Direction, ...] = ("higher", "lower")


def chance_text(chance: Fraction) -> str:
    """Returns a chance as a whole percentage for the page, e.g. ``"62%"`` (`widgets._toolkit.percent`).

    Never rounds to "0%" or "100%" unless the chance is exactly that.

    Example:
        >>> chance_text(Fraction(18, 29)), chance_text(Fraction(1, 500)), chance_text(Fraction(1))
        ('62%', '<1%', '100%')
    """
    return percent(chance)


def _pins_text(pins: Fraction | int) -> str:
    number = f"{float(pins):.2f}".rstrip("0").rstrip(".")
    return f"{number} pin" if pins == 1 else f"{number} pins"


class HiLoTable(MatchView):
    """A Hi Lo mini-game for one player, with the probability lens (rules T12, P1, P2).

    Build one with `HiLoTable.new` in a notebook cell; the cell displays it.
    The buttons call the public methods `choose`, `call` and `play_again`,
    which tests call too.

    Args:
        match: A match of `HiLoRules` whose only seat is `HUMAN`; a match at
            its shuffle is shuffled.
        lens: Start with "Show the odds" ticked.
        seed_source: Where `match`'s seed came from (``"teacher"`` by
            default); the page names only a teacher's, and shows none until
            the game is over.

    Raises:
        RuleOptionError: If `match` is not a Hi Lo match with a human seat.
    """

    def __init__(self, match: Match, *, lens: bool = True, seed_source: SeedSource = "teacher") -> None:
        super().__init__()
        if not isinstance(match.rules, HiLoRules):
            raise RuleOptionError(f"HiLoTable plays Hi Lo (HiLoRules); got {type(match.rules).__name__}")
        if len(match.strategies) != 1 or not isinstance(match.strategies[0], Human):
            raise RuleOptionError("HiLoTable needs a match whose one seat is HUMAN")
        self._start_view()
        self._category_buttons: tuple[ipw.Button, ...] = ()
        self._call_buttons: tuple[ipw.Button, ...] = ()
        self._lens_odds: Mapping[int, HiLoOdds] = MappingProxyType({})
        self._lens_pins: Mapping[int, Fraction] = MappingProxyType({})
        self._lens_call: HiLoOdds | None = None

        self._title = html_widget("tt-title")
        self._pins = html_widget("tt-result")
        self._slots = tuple(CardView(None, width_px=CARD_WIDTH_PX) for _ in range(ROW))
        self._captions = tuple(html_widget("tt-caption") for _ in range(ROW))
        self._put_aside = html_widget("tt-put-aside")
        self._controls = ipw.VBox(layout=ipw.Layout(width="100%"))
        self._result = html_widget("tt-result")
        self._log_view = html_widget("tt-log")
        self._lens = ipw.Checkbox(
            value=lens,
            description="Show the odds",
            tooltip="Show the exact chance that the next card is higher or lower, and the expected pins (rules P1, P2)",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
        self._lens.add_class("tt-lens-toggle")
        self._again = big_button("Play again ↻", "Shuffle the deck and play a new Hi Lo game", primary=False)
        self._driver.bind_step(self._again, self.play_again)  # one click from the page, one new game
        self._lens.observe(self._boundary.wrap(lambda _change: self._render()), names="value")

        row = ipw.HBox(
            [
                ipw.VBox([caption, slot], layout=ipw.Layout(margin="0 12px 0 0"))
                for caption, slot in zip(self._captions, self._slots, strict=True)
            ],
            layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        row.add_class("tt-hilo-row")
        cards = ipw.VBox([self._lens, row, self._put_aside], layout=ipw.Layout(flex="3 1 300px", min_width="0"))
        moves = ipw.VBox(
            [self._result, self._controls, ipw.HBox([self._again], layout=ipw.Layout(margin="10px 0"))],
            layout=ipw.Layout(flex="1 1 420px", min_width="min(420px, 100%)"),
        )
        self.children = (
            style_sheet(),
            *clock_controls(),  # test mode only: the hidden control a test moves the clock through
            ipw.HBox([self._title, ProjectorSwitch(self)], layout=ipw.Layout(flex_flow="row wrap")),
            self._status,
            self._pins,
            ipw.HBox([cards, moves], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
            html_widget("tt-heading-box", '<div class="tt-heading">What happened</div>'),
            self._log_view,
            self._saves_box(),
        )
        self._install(match, seed_source)

    def _saves_box(self) -> Disclosure:
        """Returns the "Save or resume 💾" section: the game as a file on the pupil's own computer."""
        self._saves = SavePanel(
            self._save_header,
            self._resume_saved,
            games=(HiLoRules.family,),
            boundary=self._boundary,
            show=self._status.show,
        )
        return Disclosure("Save or resume 💾", [self._saves], what="saving and resuming this game")

    def _save_header(self) -> tuple[SaveHeader, GameRecord]:
        rules = self._match.rules
        assert isinstance(rules, HiLoRules)  # checked in __init__
        record = self._match.record
        return SaveHeader(HiLoRules.family, "Hi Lo", rules.deck.name, len(record.actions), ("human",)), record

    def _resume_saved(self, saved: SavedGame) -> None:
        """Puts a saved Hi Lo game in play; a save that is not one changes nothing."""
        if not isinstance(saved.record.rules, HiLoRules) or saved.players != ("human",) or saved.record.seed is None:
            raise RecordError("the file is not a saved Hi Lo game that can carry on")
        try:
            match = Match.from_record(saved.record, [HUMAN])
        except TopTrumpsError:
            raise RecordError("the saved Hi Lo game does not replay") from None
        self._install(match, "saved")
        self._status.show(f"Resumed the saved Hi Lo game: {saved.header.deck}, move {saved.header.move}.")
        self._focus_next()  # on into the resumed game, not left on the upload button

    # -- construction for notebooks -------------------------------------------------------

    @classmethod
    def new(
        cls,
        deck: str | Deck = "dinosaurs",
        seed: int | None = None,
        hilo_pins: HiLoPins = "per_call",
        lens: bool = True,
    ) -> HiLoTable:
        """Returns a table with a freshly shuffled Hi Lo game, for a one-line notebook cell.

        Args:
            deck: A bundled deck's name (see `toptrumps_core.bundled_decks`)
                or a `Deck` (at least 3 cards).
            seed: The teacher's seed, a whole number 0..`DRAWN_SEED_MAX`
                that fixes the shuffle; None (default): a fresh one from the
                operating system.  "Play again" always draws a fresh seed.
            hilo_pins: Rule T12 option, ``"per_call"`` (default) or
                ``"complete_run"``.
            lens: Start with "Show the odds" ticked (default True).

        Raises:
            DeckError: If `deck` names no bundled deck.
            RuleOptionError: If `seed` or `hilo_pins` is out of range.
        """
        if seed is not None:
            whole(seed, 0, DRAWN_SEED_MAX, "the seed")
        the_deck = deck if isinstance(deck, Deck) else load_deck(deck)
        rules = HiLoRules(the_deck, hilo_pins=hilo_pins)
        match = Match(
            rules, [HUMAN], seed=fresh_seed() if seed is None else seed, start=rules.initial_state(shuffled=True)
        )
        return cls(match, lens=lens, seed_source="drawn" if seed is None else "teacher")

    # -- reading (for tests and lessons) --------------------------------------------------

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

    # -- acting ---------------------------------------------------------------------------

    @handler
    def choose(self, category: int) -> None:
        """Chooses `category` (its index in the deck) for the whole game (rule T12).

        Raises (shown in the status line):
            IllegalActionError: If the game is over, the category is already
                chosen, or `category` is not a category the first card has
                data in.
        """
        view = self._playing()
        deck = view.deck
        if view.category is not None:
            chosen = deck.categories[view.category].name
            raise IllegalActionError(f"the category is already chosen ({chosen}) — call higher or lower")
        action = ChooseCategory(category) if is_whole(category) else None
        if action is None or action not in self._match.legal_actions():
            first = view.first_card
            if is_whole(category) and 0 <= category < len(deck.categories) and first is not None:
                name = deck.categories[category].name
                raise IllegalActionError(f"{first.name} has no data for {name}, so choose another category (rule T12)")
            raise IllegalActionError(f"category number {category!r} cannot be chosen; press one of the categories")
        self._act(action)

    @handler
    def call(self, direction: Direction) -> None:
        """Calls the next card ``"higher"`` or ``"lower"`` (rule T12; equal is right).

        Raises (shown in the status line):
            IllegalActionError: If the game is over or no call is due now.
            IllegalActionError: If `direction` is neither.
        """
        view = self._playing()
        if view.category is None:
            raise IllegalActionError("choose a category first, then call higher or lower")
        if direction not in _DIRECTIONS:
            raise IllegalActionError(f"call 'higher' or 'lower'; got {direction!r}")
        self._act(Call(direction))

    @handler
    def play_again(self) -> None:
        """Starts a new game: the whole deck shuffled with a fresh seed (never one the page could guess)."""
        rules = self._rules
        self._install(Match(rules, [HUMAN], seed=fresh_seed(), start=rules.initial_state(shuffled=True)), "drawn")
        self._focus_next()

    # -- internals ------------------------------------------------------------------------

    def _install(self, match: Match, seed_source: SeedSource) -> None:
        rules = match.rules
        assert isinstance(rules, HiLoRules)  # checked in __init__; play_again keeps the rules
        self._swap_match(match)  # the driver settles the shuffle
        self._seed_source = seed_source
        self._rules = rules
        self._narrator = Narrator(rules, ["You"])
        self._log = []
        self._play_log: PlayOrderLog[Event] = PlayOrderLog(
            starts=lambda e: isinstance(e, HiLoTurned), alone=lambda e: isinstance(e, HiLoEnded), keep=LOG_LINES
        )
        self._status.show("")
        self._note(tuple(match.events))  # the whole game so far, in order, as the narrator needs
        self._render()

    def _playing(self) -> HiLoView:
        """Returns the view while the game goes on; raises a friendly error once it is over."""
        view = self.view
        if view.outcome is not None:
            raise IllegalActionError("this game is over — press Play again ↻ for a new shuffle")
        return view

    def _act(self, action: ChooseCategory | Call) -> None:
        """Submits a checked, legal action and shows what it did."""
        self._status.show("")
        self._note(tuple(self._driver.submit(action)))
        self._render()
        self._focus_next()

    def _focus_next(self) -> None:
        """Moves the keyboard focus to the next move: a call, a category, or "Play again ↻" once it is over."""
        next(iter((*self._call_buttons, *self._category_buttons)), self._again).focus()

    def _note(self, events: tuple[Event, ...]) -> None:
        """Adds a line per event to the log in the core's words (`toptrumps_core.narration`).

        Newest first, each turned card then its call's verdict, in play order (`PlayOrderLog`).
        """
        self._play_log.add(zip(events, self._narrator.narrate_all(events), strict=True))
        self._log = list(self._play_log.lines)

    def _render(self) -> None:
        view = self.view
        deck = view.deck
        category = view.category
        rules = self._rules
        option = "0, 1 or 2 pins: one per right call" if rules.hilo_pins == "per_call" else "2 pins for two right calls"
        seed = seed_words(self._match.seed, self._seed_source, over=view.outcome is not None)
        about = "; ".join(part for part in (option, seed) if part)
        self._title.value = f"Hi Lo — {esc(deck.name)} <span class='tt-subtitle'>({esc(about)})</span>"
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
        self._put_aside.value = f"<p>Put aside (no data): {esc(', '.join(seen_aside))}</p>" if seen_aside else ""
        if view.outcome is not None:
            children = self._over_screen(view)
        elif category is None:
            children = self._choose_screen(view)
        else:
            children = self._call_screen(view)
        swap_children(self._controls, children)  # closes the old buttons, to the bottom
        self._lens.disabled = view.outcome is not None
        self._log_view.value = log_groups_html(self._play_log.groups, "What happened, newest call first")

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
            state = "face down" if card is None else esc(card.name)
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

    def _choose_screen(self, view: HiLoView) -> list[ipw.Widget]:
        first = view.first_card
        assert first is not None
        deck = view.deck
        rows: list[ipw.Widget] = [
            html_widget(
                "tt-heading-box",
                f"<div class='tt-heading'>Choose a category of {esc(first.name)} for the whole game</div>",
            )
        ]
        if self._lens_pins:
            legend = (
                "The odds: ↑ the chance that the second card is higher or equal, ↓ lower or equal; "
                "then the pins you can expect on average with the best calls in that category."
            )
            rows.append(html_widget("tt-lens-legend", f"<p>{esc(legend)}</p>"))
        buttons = []
        for action in self._match.legal_actions():
            c = action.category
            category = deck.categories[c]
            value = value_text(category, first.values[c])
            button = ipw.Button(
                description=f"{category.name}: {value}",
                tooltip=f"Play Hi Lo on {category.name} ({first.name} has {value})",
                layout=ipw.Layout(width="auto", flex="1 1 auto", min_width="min(240px, 100%)", margin="0"),
            )
            button.add_class("tt-category")
            self._driver.bind(button, partial(self.choose, c))
            buttons.append(button)
            children: list[ipw.Widget] = [button]
            if c in self._lens_pins:
                lens_text = esc(self._category_lens_text(view, c))
                children.append(html_widget("tt-lens", lens_text, layout=ipw.Layout(flex="0 1 auto")))
            row = ipw.HBox(children, layout=ipw.Layout(width="100%", align_items="center", flex_flow="row wrap"))
            row.add_class("tt-row")
            rows.append(row)
        self._category_buttons = tuple(buttons)
        self._call_buttons = ()
        self._result.value = ""
        box = ipw.VBox(rows, layout=ipw.Layout(max_width="960px"))  # room for the lens beside each category
        box.add_class("tt-card")
        return [box]

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
        value = value_text(cat, shown.values[category])
        prompt = f"Will the {which} card's {cat.name} be higher or lower than {value}? (Equal counts as right.)"
        buttons = []
        rows: list[ipw.Widget] = [html_widget("tt-heading-box", f"<div class='tt-heading'>{esc(prompt)}</div>")]
        for direction in _DIRECTIONS:
            button = big_button(
                f"{_ARROWS[direction]} {direction.capitalize()}",
                f"Call {direction}: the {which} card's {cat.name} is {direction} than or equal to {value}",
                primary=True,
            )
            self._driver.bind(button, partial(self.call, direction))
            buttons.append(button)
            children: list[ipw.Widget] = [button]
            if self._lens_call is not None:
                chance = self._lens_call.chance(direction)
                children.append(html_widget("tt-lens", esc(f"right with chance {chance_text(chance)} ({chance})")))
            layout = ipw.Layout(align_items="center", margin="4px 0", flex_flow="row wrap")
            rows.append(ipw.HBox(children, layout=layout))
        self._call_buttons = tuple(buttons)
        self._category_buttons = ()
        self._result.value = esc(self._last_call_text(view))
        return [ipw.VBox(rows)]

    def _over_screen(self, view: HiLoView) -> list[ipw.Widget]:
        self._category_buttons, self._call_buttons = (), ()
        last_right = view.calls[-1][1] if view.calls else True
        css = "tt-result-win" if view.pins and last_right else "tt-result-tie"  # a wrong call is never green
        self._result.value = f"<span class='{css}' role='status'>{esc(self.result_text)}</span>"
        return [html_widget("tt-over", "<p>Press <b>Play again ↻</b> for a new shuffle.</p>")]

    @property
    def result_text(self) -> str:
        """The sentence about the last call, and once the game is over, about the pins; "" before a call."""
        view = self.view
        said = self._last_call_text(view)
        if view.outcome is None:
            return said
        return " ".join(part for part in (said, self._end_sentence(view)) if part)

    def _last_call_text(self, view: HiLoView) -> str:
        if not view.calls:
            return ""
        direction, right = view.calls[-1]
        return f"You called {direction}: {'right ✓' if right else 'wrong ✗'}."

    @staticmethod
    def _end_sentence(view: HiLoView) -> str:
        """Returns how the pins came about, agreeing with the calls (rule T12)."""
        pins, calls = view.pins, view.calls
        rights = sum(right for _, right in calls)
        if pins == 2:
            return "Both calls were right: you earned 2 pins. Well played!"
        if not calls:
            return "No card could be turned for a call, so the game ended with 0 pins."
        if pins == 1 and not calls[-1][1]:
            return "Your first call was right, so you keep 1 pin. Good try!"
        if pins == 1:
            return "No card was left for a second call: you earned 1 pin. Good call!"
        if rights and view.hilo_pins == "complete_run":
            return "Only two right calls pay in this game, so you earned 0 pins. So close!"
        return "You earned 0 pins. Better luck next time."
