"""`HiLoTable`: the Hi Lo mini-game (rule T12) with its probability lens (P1, P2).

A `widgets.gameview.GameView` over a core `Match` of `HiLoRules` with one
human seat, drawn by one pure presenter, `present_hi_lo`:

- three cards in a row, the first face up, the others face down (drawn by
  `toptrumps_core.svg` through `widgets.card.CardView`);
- one button per category where the first card has data (the legal
  `ChooseCategory` actions), then "Higher" and "Lower" buttons (`Call`);
- the pins earned, a sentence after each call, the cards put aside for no
  data, and "Play again" (a fresh shuffle with a fresh seed);
- a "Show the odds" tick box, the probability lens (`hi_lo_lens`): beside
  each category the exact chance (rule P1) that the second card is
  higher-or-equal and lower-or-equal than the first, and the expected pins
  of the best play in that category (P2); at each call, the chance that
  "higher" or "lower" is right.  Every number comes from what the player
  has seen (``HiLoView.unseen``), never from the face-down cards.

Hidden information never reaches a synced trait: a face-down card is drawn as
a card back, and the `Match`, the state, the stack and the seed stay in
Python (the seed shows once the game is over, for a replay; see
`widgets._toolkit.seeds`).  The `GameView` runs every intent inside the one
error boundary and ties each button to the decision it was drawn for; what a
caller asks for is checked first, so a wrong request gets a sentence in the
game's words.

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]})
    >>> table = HiLoTable.new(deck=tiny, seed=1)
    >>> len(table.category_buttons) >= 1 and table.pins == 0 and table.screen.state == "choose"
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.play import Match
from toptrumps_core.probability import Direction, HiLoOdds, HiLoPins, hi_lo_odds, hi_lo_plan
from toptrumps_core.protocol import Action, Event
from toptrumps_core.strategies import HUMAN, Human
from toptrumps_core.tournament.hilo import ROW, Call, HiLoEnded, HiLoRules, HiLoTurned, HiLoView
from widgets._boundary import handler
from widgets._toolkit import (
    DEFAULT_SEED,
    DRAWN_SEED_MAX,
    SEED_MAX,
    SeedSource,
    esc,
    fresh_seed,
    is_whole,
    percent,
    value_text,
    whole,
)
from widgets._toolkit.save_files import SavedGame, SaveHeader
from widgets.gameview import AnyMatch, Choice, GamePage, GameView, Picture, Screen, Seen, Toggle

__all__ = [
    "DEFAULT_SEED",
    "SEED_MAX",
    "HiLoLens",
    "HiLoPage",
    "HiLoTable",
    "chance_text",
    "hi_lo_lens",
    "present_hi_lo",
]

CARD_WIDTH_PX = 230
"""Width of each card of the row, in pixels (it also shrinks to fit)."""

LOG_LINES = 30
"""How many lines "What happened" shows, newest first."""

_SLOT_NAMES = ("First card", "Second card", "Third card")
_ARROWS: Mapping[Direction, str] = MappingProxyType({"higher": "⬆", "lower": "⬇"})
_DIRECTIONS: tuple[Direction, ...] = ("higher", "lower")
_NO_ODDS: Mapping[int, HiLoOdds] = MappingProxyType({})
_NO_PINS: Mapping[int, Fraction] = MappingProxyType({})


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


@dataclass(frozen=True)
class HiLoPage:
    """The Hi Lo page's own state (not the game's).

    Attributes:
        lens: True while "Show the odds" is ticked (the probability lens).
    """

    lens: bool = True


@dataclass(frozen=True)
class HiLoLens:
    """The probability lens's numbers for what the player has seen (rules P1, P2).

    Attributes:
        odds: Before the category is chosen: for each category the player
            may choose in which an unseen card has data, the exact chance
            (P1) that the second card is higher-or-equal and lower-or-equal.
        pins: Before the category is chosen: for each category the player
            may choose, the expected pins of the best calls (P2).
        call: Once it is chosen: the exact odds (P1) for the call now due;
            None before, or when no unseen card has data.
    """

    odds: Mapping[int, HiLoOdds] = field(default_factory=lambda: _NO_ODDS)
    pins: Mapping[int, Fraction] = field(default_factory=lambda: _NO_PINS)
    call: HiLoOdds | None = None


def hi_lo_lens(view: HiLoView, legal: Sequence[Action]) -> HiLoLens:
    """Returns the lens's numbers for `view` (rules P1, P2), from the unseen cards only.

    Args:
        view: What the player sees.
        legal: The moves open to the player (its `ChooseCategory` actions
            name the categories the lens covers).

    Returns:
        An empty lens once the game is over.
    """
    if view.outcome is not None:
        return HiLoLens()
    deck = view.deck
    if view.category is None:
        first = view.first_card
        assert first is not None  # the row's first card is face up until the end
        odds: dict[int, HiLoOdds] = {}
        pins: dict[int, Fraction] = {}
        for action in legal:
            if not isinstance(action, ChooseCategory):
                continue
            c = action.category
            shown = first.values[c]
            assert shown is not None  # a category is open only where the first card has data (T12)
            values = [deck.cards[i].values[c] for i in view.unseen]
            pins[c] = hi_lo_plan(shown, values, hilo_pins=view.hilo_pins).expected_pins
            if any(v is not None for v in values):
                odds[c] = hi_lo_odds(shown, values)
        return HiLoLens(MappingProxyType(odds), MappingProxyType(pins))
    shown_card = view.shown
    assert shown_card is not None  # a call is due: the last card turned is face up
    value = shown_card.values[view.category]
    assert value is not None
    values = [deck.cards[i].values[view.category] for i in view.unseen]
    return HiLoLens(call=hi_lo_odds(value, values) if any(v is not None for v in values) else None)


def present_hi_lo(seen: Seen[HiLoView], events: Sequence[Event], page: HiLoPage) -> Screen:
    """Returns what the Hi Lo page shows (rules T12, P1, P2): the presenter of `HiLoTable`.

    Args:
        seen: What the page may see (the one seat's `HiLoView`).
        events: What the last action did (unused: the view holds the calls).
        page: The page's own state (`HiLoPage`: the lens).
    """
    view = seen.view
    deck = view.deck
    option = "0, 1 or 2 pins: one per right call" if view.hilo_pins == "per_call" else "2 pins for two right calls"
    about = "; ".join(part for part in (option, seen.seed_words) if part)
    earned = view.pins
    over = view.outcome is not None
    legal = seen.legal.get(0, ())
    lens = hi_lo_lens(view, legal) if page.lens else HiLoLens()
    marks: Mapping[int, str] = {}
    if view.category is None and not over:
        marks = {c: f"↑{chance_text(o.higher)} ↓{chance_text(o.lower)}" for c, o in lens.odds.items()}
    seen_aside = [deck.cards[c].name for c in view.put_aside]
    base = Screen(
        title_html=f"Hi Lo — {esc(deck.name)} <span class='tt-subtitle'>({esc(about)})</span>",
        state="over" if over else "choose" if view.category is None else "call",
        banner_html=f"<span role='status'>Pins: {'●' * earned}{'○' * (2 - earned)} ({_pins_text(earned)})</span>",
        toggles=(
            Toggle(
                "lens",
                "Show the odds",
                "Show the exact chance that the next card is higher or lower, and the expected pins",
                on=page.lens,
                disabled=over,
            ),
        ),
        board=_row(view, marks),
        board_class="tt-hilo-row",
        board_note_html=f"<p>Put aside (no data): {esc(', '.join(seen_aside))}</p>" if seen_aside else "",
    )
    if over:
        last_right = view.calls[-1][1] if view.calls else True
        return replace(
            base,
            result=_result_text(view),
            tone="win" if view.pins and last_right else "tie",  # a wrong call is never green
            closing_html="<p>Press <b>Play again ↻</b> for a new shuffle.</p>",
        )
    if view.category is None:
        return _with_category_choices(base, view, legal, lens)
    return _with_calls(base, view, lens)


def _row(view: HiLoView, marks: Mapping[int, str]) -> tuple[Picture, ...]:
    deck = view.deck
    judged = {slot: right for slot, (_, right) in enumerate(view.calls, start=1)}
    row = []
    for slot in range(ROW):
        if slot >= len(view.faces):
            row.append(Picture(None, f"<b>{_SLOT_NAMES[slot]}</b>: empty (the row closed up)", empty=True))
            continue
        number = view.faces[slot]
        card = None if number is None else deck.cards[number]
        verdict = ""
        if slot in judged:
            verdict = " — right ✓" if judged[slot] else " — wrong ✗"
        state = "face down" if card is None else esc(card.name)
        mark = marks if slot == 0 and view.category is None else {}
        highlight = view.category if card is not None else None
        caption = f"<b>{_SLOT_NAMES[slot]}</b>: {state}{verdict}"
        picture = Picture(card, caption, highlight=highlight, marks=MappingProxyType(dict(mark)), lower_wins=False)
        row.append(picture)  # no "▼ lower wins": in Hi Lo no value wins a comparison (T12)
    return tuple(row)


def _with_category_choices(base: Screen, view: HiLoView, legal: Sequence[Action], lens: HiLoLens) -> Screen:
    """Returns `base` with the choice of a category, each with its odds when the lens is on (T12, P1, P2)."""
    first = view.first_card
    assert first is not None  # face up until the end
    deck = view.deck
    hint = ""
    if lens.pins:
        hint = (
            "The odds: ↑ the chance that the second card is higher or equal, ↓ lower or equal; "
            "then the pins you can expect on average with the best calls in that category."
        )
    choices = []
    for action in legal:
        if not isinstance(action, ChooseCategory):
            continue
        c = action.category
        category = deck.categories[c]
        value = value_text(category, first.values[c])
        note = ""
        if c in lens.pins:
            pins = f"{_pins_text(lens.pins[c])} expected"
            odds = lens.odds.get(c)
            note = (
                f"no unseen card has data · {pins}"
                if odds is None
                else (f"↑ {chance_text(odds.higher)} · ↓ {chance_text(odds.lower)} · {pins}")
            )
        help_text = f"Play Hi Lo on {category.name} ({first.name} has {value})"
        choices.append(Choice(f"{category.name}: {value}", action, help_text, kind="category", note=note))
    prompt = f"Choose a category of {first.name} for the whole game"
    return replace(base, prompt=prompt, hint=hint, choices=tuple(choices), framed=True)


def _with_calls(base: Screen, view: HiLoView, lens: HiLoLens) -> Screen:
    """Returns `base` with the calls higher and lower, each with its chance when the lens is on (T12)."""
    shown, category = view.shown, view.category
    assert shown is not None and category is not None  # a call is due
    cat = view.deck.categories[category]
    which = "second" if not view.calls else "third"
    value = value_text(cat, shown.values[category])
    choices = []
    for direction in _DIRECTIONS:
        note = ""
        if lens.call is not None:
            chance = lens.call.chance(direction)
            exact = f" ({chance})" if 0 < chance < 1 else ""  # "(0)" and "(1)" add nothing to 0% and 100%
            note = f"right with chance {chance_text(chance)}{exact}"
        help_text = f"Call {direction}: the {which} card's {cat.name} is {direction} than or equal to {value}"
        label = f"{_ARROWS[direction]} {direction.capitalize()}"
        choices.append(Choice(label, Call(direction), help_text, kind="big", note=note))
    prompt = f"Will the {which} card's {cat.name} be higher or lower than {value}? (Equal counts as right.)"
    return replace(base, result=_last_call_text(view), prompt=prompt, choices=tuple(choices))


def _last_call_text(view: HiLoView) -> str:
    if not view.calls:
        return ""
    direction, right = view.calls[-1]
    return f"You called {direction}: {'right ✓' if right else 'wrong ✗'}."


def _result_text(view: HiLoView) -> str:
    """Returns the sentence about the last call, and once the game is over, about the pins."""
    said = _last_call_text(view)
    if view.outcome is None:
        return said
    return " ".join(part for part in (said, _end_sentence(view)) if part)


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


def _tick(page: HiLoPage, key: str, on: bool) -> HiLoPage:
    if key != "lens":
        raise IllegalActionError(f"the Hi Lo page has no setting {key!r}")
    return HiLoPage(lens=on)


def _new_shuffle(match: AnyMatch) -> AnyMatch:
    rules = match.rules
    assert isinstance(rules, HiLoRules)  # HiLoTable checks it
    return Match(rules, [HUMAN], seed=fresh_seed(), start=rules.initial_state(shuffled=True))


def _describe(match: AnyMatch) -> SaveHeader:
    rules = match.rules
    assert isinstance(rules, HiLoRules)  # HiLoTable checks it
    return SaveHeader(HiLoRules.family, "Hi Lo", rules.deck.name, len(match.actions), ("human",))


def _resume(saved: SavedGame) -> AnyMatch:
    if not isinstance(saved.record.rules, HiLoRules) or saved.players != ("human",) or saved.record.seed is None:
        raise RecordError("the file is not a saved Hi Lo game that can carry on")
    return Match.from_record(saved.record, [HUMAN])


_PAGE = GamePage(
    game="Hi Lo",
    restart_words="press Play again ↻ for a new shuffle",
    again=("Play again ↻", "Shuffle the deck and play a new Hi Lo game"),
    log_label="What happened, newest call first",
    log_starts=lambda event: isinstance(event, HiLoTurned),
    log_alone=lambda event: isinstance(event, HiLoEnded),
    log_lines=LOG_LINES,
    card_width_px=CARD_WIDTH_PX,
    new_game=_new_shuffle,
)


class HiLoTable(GameView[HiLoView, HiLoPage]):
    """A Hi Lo mini-game for one player, with the probability lens (rules T12, P1, P2).

    Build one with `HiLoTable.new` in a notebook cell; the cell displays it.
    The buttons submit their actions through `GameView.act`; the methods
    `choose`, `call` and `play_again` say in words why a move cannot be made.

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

    def __init__(self, match: AnyMatch, *, lens: bool = True, seed_source: SeedSource = "teacher") -> None:
        if not isinstance(match.rules, HiLoRules):
            raise RuleOptionError(f"HiLoTable plays Hi Lo (HiLoRules); got {type(match.rules).__name__}")
        if len(match.strategies) != 1 or not isinstance(match.strategies[0], Human):
            raise RuleOptionError("HiLoTable needs a match whose one seat is HUMAN")
        super().__init__(
            match,
            present=present_hi_lo,
            ui=HiLoPage(lens=bool(lens)),
            page=_PAGE,
            seat=0,
            seed_source=seed_source,
            resume=_resume,
            describe=_describe,
            tick=_tick,
        )

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
        view: HiLoView = self.match.view(0)
        return view

    @property
    def pins(self) -> int:
        """Pins earned so far in this game, 0..2."""
        return self.view.pins

    @property
    def category_buttons(self) -> tuple[ipw.Button, ...]:
        """One button per category the player may choose (empty once chosen)."""
        return self._buttons_for(ChooseCategory)

    @property
    def call_buttons(self) -> tuple[ipw.Button, ...]:
        """The "Higher" and "Lower" buttons while a call is due (else empty)."""
        return self._buttons_for(Call)

    @property
    def lens(self) -> ipw.Checkbox:
        """The "Show the odds" tick box (the probability lens)."""
        return self.tick_box("lens")

    @property
    def again_button(self) -> ipw.Button:
        """The "Play again" button."""
        button = super().again_button
        assert button is not None  # the Hi Lo page has one
        return button

    @property
    def lens_odds(self) -> Mapping[int, HiLoOdds]:
        """The lens's rule P1 odds for the second card, by category (empty unless shown)."""
        return self._lens().odds

    @property
    def lens_pins(self) -> Mapping[int, Fraction]:
        """The lens's rule P2 expected pins, by category (empty unless shown)."""
        return self._lens().pins

    @property
    def lens_call(self) -> HiLoOdds | None:
        """The lens's rule P1 odds for the call now due, or None unless shown."""
        return self._lens().call

    @property
    def result_text(self) -> str:
        """The sentence about the last call, and once the game is over, about the pins; "" before a call."""
        return _result_text(self.view)

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
        if action is None or action not in self.match.legal_actions():
            first = view.first_card
            if is_whole(category) and 0 <= category < len(deck.categories) and first is not None:
                name = deck.categories[category].name
                raise IllegalActionError(f"{first.name} has no data for {name}, so choose another category")
            raise IllegalActionError(f"category number {category!r} cannot be chosen; press one of the categories")
        self.act(action)

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
        self.act(Call(direction))

    # -- internals ------------------------------------------------------------------------

    def _playing(self) -> HiLoView:
        """Returns the view while the game goes on; raises a friendly error once it is over."""
        view = self.view
        if view.outcome is not None:
            raise IllegalActionError("this game is over — press Play again ↻ for a new shuffle")
        return view

    def _lens(self) -> HiLoLens:
        return hi_lo_lens(self.view, self.match.legal_actions()) if self.ui.lens else HiLoLens()

    def _buttons_for(self, kind: type) -> tuple[ipw.Button, ...]:
        choices = self.screen.choices
        return tuple(b for b, c in zip(self.buttons, choices, strict=True) if isinstance(c.action, kind))
