"""`ClassicTable`: classic Top Trumps (rules C1-C12) at a classroom table.

A thin view over a core `Match`, driven by the toolkit's `MatchDriver`: one
human (seat 0) against 1-5 computer seats, or several humans taking turns
at one screen (hot seat, `widgets.classic.hot_seat`).  A person plays by
clicking a category on their card (one button per legal `ChooseCategory`,
rule C4) or a card to play (one per legal `PickCard`, rule C10), so an
illegal move is never offered; computer comparisons run one at a time on
"Next ▶", or on "Fast-forward ⏩" until a person must act (at most
`FAST_FORWARD_MAX_COMPARISONS` per click).  "Show the odds" gives the exact
chance to win, tie or lose (rule P3) from the person's own knowledge, and
the "New game" form covers every setting and rule option of RULES.md.

The table renders from the acting seat's own view and from public facts
(`ClassicRules.public_view`); hidden information never reaches a
synced trait: never another seat's top card, the `Match`, the state, the
deck order, or the seed until the game ends (`widgets._toolkit.seeds`).
Values the page sets are validated before a new game replaces the old one,
and every handler runs inside the one error boundary (`widgets._boundary`).

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.classic import ClassicRules
    >>> from toptrumps_core.play import Match
    >>> from toptrumps_core.strategies import HUMAN, BestValue
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]})
    >>> table = ClassicTable(Match(ClassicRules(tiny, seats=2), [HUMAN, BestValue()], seed=1))
    >>> [b.description for b in table.category_buttons]
    ['Speed: 200 km/h', 'Price: £30   ▼ lower wins']
    >>> table.choose(0)
    >>> len(table.log_lines) > 1
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any, Literal

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ChooseCategory, ClassicPublicView, ClassicRules, ClassicView, PickCard
from toptrumps_core.deckfiles import available_decks, load_deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import Revealed
from toptrumps_core.play import Match
from toptrumps_core.probability import ComparisonOdds
from toptrumps_core.protocol import Event, Seat
from toptrumps_core.record import GameRecord
from widgets._boundary import handler
from widgets._toolkit import (
    DEFAULT_SEED,
    OWN_DECK,
    SEED_MAX,
    Disclosure,
    SeatedView,
    SeedSource,
    Turn,
    big_button,
    esc,
    html_widget,
    is_whole,
    plural,
    seed_words,
    swap_children,
)
from widgets._toolkit.log_order import log_groups_html
from widgets._toolkit.save_files import SavedGame, SaveHeader, SavePanel
from widgets.classic.board import comparison_picture, no_comparison_html, stacks_html
from widgets.classic.hot_seat import pass_screen, turn_text, watch_screen
from widgets.classic.layout import TableParts, table_layout
from widgets.classic.lens import lens_odds, odds_text
from widgets.classic.log import LOG_LINES, GameLog
from widgets.classic.saves import GAME, match_from_save, save_header
from widgets.classic.screens import Built, choose_screen, over_screen, pick_screen, title_html
from widgets.classic.settings import (
    TableSettings,
    build_match,
    check_option_names,
    settings_form,
    settings_of,
)

__all__ = [
    "DEFAULT_SEED",
    "FAST_FORWARD_MAX_COMPARISONS",
    "LOG_LINES",
    "MAX_STEPS_PER_COMPARISON",
    "SEED_MAX",
    "ClassicTable",
    "Screen",
    "TableSettings",
    "odds_text",
]

FAST_FORWARD_MAX_COMPARISONS = 500
"""Most computer comparisons one click of "Fast-forward ⏩" plays."""
MAX_STEPS_PER_COMPARISON = 1_000
"""Most computer and chance actions between two reveals (C10 picks, shuffles, lots)."""

Screen = Literal["choose", "pick", "pass", "watch", "over"]
"""What the card area shows: a category choice, a C10 card pick, the hot-seat
pass screen, the human's card while computers play, or the winner screen."""


def _revealed(events: Sequence[Event]) -> bool:
    """Returns True once a comparison's cards are revealed among `events` (the end of a round)."""
    return any(isinstance(e, Revealed) for e in events)


_AUTO = {"width": "auto"}


class ClassicTable(SeatedView):
    """A classic Top Trumps table over a core `Match` (rules C1-C12).

    Build one with `ClassicTable.new` in a notebook cell; the cell displays
    it.  The buttons call the public methods below, which tests call too.

    Args:
        match: The match to show: `HUMAN` seats are played through the page,
            the others by their strategies.  A match not yet dealt is dealt.
        settings: What the "New game" controls start from; None to read them
            off `match` (deck "" = this match's deck).
        seed_source: Where `match`'s seed came from (`SeedSource`; by
            default the teacher's, who built the match).

    Raises:
        RuleOptionError: If `match` is not a classic game.
    """

    def __init__(self, match: Match, *, settings: TableSettings | None = None, seed_source: SeedSource = "teacher"):
        super().__init__()
        if not isinstance(match.rules, ClassicRules):
            raise RuleOptionError(f"ClassicTable plays classic rules (ClassicRules); got {type(match.rules).__name__}")
        self._start_view(snapshot=self._snapshot, restart="start a new game below", ready_button="Ready")
        self._category_buttons: tuple[ipw.Button, ...] = ()
        self._pick_buttons: tuple[ipw.Button, ...] = ()
        self._ready_button: ipw.Button | None = None
        self._odds: Mapping[int, ComparisonOdds] = MappingProxyType({})

        self._offered = available_decks()  # bundled decks, then the deck folder's
        self._own_deck: Deck | None = None
        if settings is None or settings.deck == OWN_DECK:
            self._own_deck = match.rules.deck
            settings = settings_of(match, settings)

        # Fixed children: built once, re-rendered from the match.
        self._title = html_widget("tt-title")
        self._turn = html_widget("tt-turn")
        self._stacks = html_widget("tt-stacks-box")
        tip = "Show, beside each category, your exact chance to win, tie or lose"
        self._lens = ipw.Checkbox(False, description="Show the odds", tooltip=tip, indent=False, layout=_AUTO)
        self._lens.add_class("tt-lens-toggle")
        self._card_area = ipw.VBox(layout=ipw.Layout(width="100%"))
        self._result = html_widget("tt-result")
        self._comparison = html_widget("tt-svg")
        self._start_seats(
            next_tooltip="Play the next computer comparison",
            fast_tooltip=(
                f"Play computer comparisons until a person must choose (at most {FAST_FORWARD_MAX_COMPARISONS})"
            ),
        )
        self._log_view = html_widget("tt-log")
        self._new_button = big_button("New game", "Start a new game with these settings", primary=True)
        self._new_button.on_click(lambda _button: self.new_game())
        self._form = settings_form(settings, self._deck_values(), own=self._own_deck, button=self._new_button)
        self._settings = settings

        self._lens.observe(self._boundary.wrap(lambda _change: self._render()), names="value")

        self._saves = SavePanel(
            self._save_header, self._resume_saved, games=(GAME,), boundary=self._boundary, show=self._status.show
        )
        title, what = "New game ⚙ (deck, players, difficulty, seed, rule options)", "the settings of a new game"
        self._settings_box = Disclosure(title, [self._form.box], what=what)
        saves = Disclosure("Save or resume 💾", [self._saves], what="saving and resuming this game")
        self.children, self._arena = table_layout(
            self,
            TableParts(
                self._title,
                self._turn,
                self._status,
                self._lens,
                self._card_area,
                self._stacks,
                self._result,
                self._next_button,
                self._fast_button,
                self._comparison,
                self._log_view,
                self._settings_box,
                saves,
            ),
            redraw=self._boundary.wrap(lambda _change: self._render_arena(self._facts())),  # each mode its drawing
        )
        self._install(match, settings, seed_source)

    # -- construction for notebooks ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        deck: str | Deck = "animals",
        seats: int = 3,
        humans: int = 1,
        difficulty: str = "medium",
        seed: int | None = None,
        **rule_options: Any,
    ) -> ClassicTable:
        """Returns a table with a freshly dealt game, for a one-line notebook cell.

        Args:
            deck: A deck's short name or file (see `toptrumps_core.available_decks`),
                or a `Deck`.
            seats: Players, 2..6 (rule C1).
            humans: Human players, 1..seats (several: hot seat).
            difficulty: The computers' level: a key of `DIFFICULTIES`
                ("easy", "medium", "hard", "expert").
            seed: The teacher's seed, 0..`DRAWN_SEED_MAX` (the same seed deals
                the same game); None (default): a fresh one from the OS.
            **rule_options: ``leftover``, ``collect_order``, ``no_data``,
                ``look_at_last``, ``round_limit``, by their RULES.md names.

        Raises:
            RuleOptionError: If a setting is out of range or unknown.
            DeckError: If the deck cannot be loaded.

        Example:
            >>> ClassicTable.new(deck=available_decks()[0], seats=2, seed=7).match.seed
            7
        """
        check_option_names(rule_options)
        own = deck if isinstance(deck, Deck) else None
        settings = TableSettings(
            deck=OWN_DECK if own is not None else deck,  # type: ignore[arg-type]
            seats=seats,
            humans=humans,
            difficulty=difficulty,
            seed=seed,
            **rule_options,
        )
        offered = (*available_decks(), *((OWN_DECK,) if own is not None else ()))
        settings.check(offered)
        match = build_match(own if own is not None else load_deck(settings.deck), settings)
        source: SeedSource = "drawn" if seed is None else "teacher"
        if own is not None:
            return cls(match, seed_source=source)  # settings are read back off the match, deck "" = own
        return cls(match, settings=settings, seed_source=source)

    # -- public read-only helpers --------------------------------------------------------------

    @property
    def settings(self) -> TableSettings:
        """The settings of the game in play."""
        return self._settings

    @property
    def controls(self) -> Mapping[str, ipw.ValueWidget]:
        """The "New game" controls by setting name (read-only mapping)."""
        return self._form.controls

    @property
    def category_buttons(self) -> tuple[ipw.Button, ...]:
        """The category buttons on the card, one per legal `ChooseCategory`, in order; () if none."""
        return self._category_buttons

    @property
    def pick_buttons(self) -> tuple[ipw.Button, ...]:
        """The "Play <card>" buttons, one per legal `PickCard` (rule C10); () if none."""
        return self._pick_buttons

    @property
    def ready_button(self) -> ipw.Button | None:
        """The hot-seat "ready" button while the pass screen shows, else None."""
        return self._ready_button

    @property
    def new_game_button(self) -> ipw.Button:
        """The "New game" button."""
        return self._new_button

    @property
    def lens(self) -> ipw.Checkbox:
        """The "Show the odds" checkbox (the probability lens)."""
        return self._lens

    @property
    def odds(self) -> Mapping[int, ComparisonOdds]:
        """The lens's exact odds by category index (empty when the lens is off or hidden)."""
        return self._odds

    @property
    def screen(self) -> Screen:
        """What the card area shows now (see `Screen`)."""
        due = self._driver.due()
        if due.turn is Turn.OVER:
            return "over"
        if due.turn is not Turn.PERSON or due.seat is None:
            return "watch"
        if not self._is_ready(due.seat):
            return "pass"
        legal = self._match.legal_actions()
        if legal and all(isinstance(a, PickCard) for a in legal):
            return "pick"
        return "choose"

    @property
    def result_text(self) -> str:
        """The sentence about the last comparison, "" before the first one."""
        return self._game_log.result()[0]

    # -- intents (the buttons call these) ------------------------------------------------------

    @handler
    def choose(self, category_index: int) -> None:
        """Names category `category_index` of the human's top card (rule C4).

        Plays the comparison (computer C10 picks included) and settles the
        chance that follows; a computer's next comparison waits for "Next ▶".
        """
        self._driver.acting_person(ready=self._is_ready)
        action = ChooseCategory(category_index) if is_whole(category_index) else None
        if action is None or action not in self._match.legal_actions():
            raise IllegalActionError(f"category number {category_index!r} cannot be chosen now")
        self._after_intent(self._finish_comparison(list(self._match.submit(action))))

    @handler
    def pick(self, index: int) -> None:
        """Plays card `index` (0 = top) of the human's visible cards (rule C10)."""
        self._driver.acting_person(ready=self._is_ready)
        action = PickCard(index) if is_whole(index) else None
        if action is None or action not in self._match.legal_actions():
            raise IllegalActionError(f"card number {index!r} cannot be picked now")
        # other seats' C10 picks and the reveal, if nobody else must act
        self._after_intent(self._finish_comparison(list(self._match.submit(action))))

    @handler
    def next(self) -> None:
        """Plays one computer comparison (rules C4-C9), for the class to see."""
        self._driver.check_computers()
        self._after_intent(self._driver.take_turn(until=_revealed, max_steps=MAX_STEPS_PER_COMPARISON))

    @handler
    def fast_forward(self) -> None:
        """Plays computer comparisons until a human must act or the game ends.

        At most `FAST_FORWARD_MAX_COMPARISONS` per call; the status says how
        many were played.
        """
        self._driver.check_computers()
        played = self._driver.fast_forward(
            max_rounds=FAST_FORWARD_MAX_COMPARISONS, until=_revealed, max_steps=MAX_STEPS_PER_COMPARISON
        )
        self._absorb(played.events)
        more = " Press again to go on." if self._driver.computers_may_go else ""
        self._status.show(f"Fast-forwarded {plural(played.rounds, 'comparison')}.{more}")
        self._render()
        self._focus_next()

    @handler
    def new_game(
        self,
        deck: str | None = None,
        seats: int | None = None,
        humans: int | None = None,
        difficulty: str | None = None,
        seed: int | None = None,
        **rule_options: Any,
    ) -> None:
        """Starts a new game from the controls, with any setting given here instead.

        Every value is checked first (values set from the page can be
        anything); if one is wrong the status line says which and the old
        game is untouched.  On success the controls show the new settings.
        """
        check_option_names(rule_options)
        given = {"deck": deck, "seats": seats, "humans": humans, "difficulty": difficulty, "seed": seed}
        given.update(rule_options)
        chosen: dict[str, Any] = {k: v for k, v in given.items() if v is not None or k in rule_options}
        settings = self._form.read(commit=False, **chosen)
        the_deck = self._own_deck if settings.deck == OWN_DECK and self._own_deck else load_deck(settings.deck)
        source: SeedSource = "drawn" if settings.seed is None else "teacher"
        self._install(build_match(the_deck, settings), settings, source)  # deals; only now is the old game replaced
        self._form.show(settings)  # empties the seed box: the seed stays out of the page
        computers = settings.seats - settings.humans
        who = f"{plural(settings.humans, 'person', 'people')}" + (
            f", {computers} {settings.difficulty} computer{'s' if computers != 1 else ''}" if computers else ""
        )
        dealt = seed_words(None, source, over=False) or "a fresh deal"  # the number stays out of the page
        self._status.show(f"New game: {the_deck.name}, {settings.seats} players ({who}), {dealt}.", "info")
        self._focus_next()

    # -- flow ---------------------------------------------------------------------------------------

    @property
    def _rules(self) -> ClassicRules:
        rules = self._match.rules
        assert isinstance(rules, ClassicRules)  # checked in __init__
        return rules

    def _is_ready(self, seat: Seat) -> bool:
        """Returns True if `seat`'s own cards may show: one person at the screen, or they pressed ready."""
        return not self._hot_seat or self._viewer == seat

    def _finish_comparison(self, events: list[Event]) -> list[Event]:
        """Plays on after a person's action until its comparison is revealed (or a person must act); settles chance."""
        if _revealed(events):
            return self._driver.settle(events)
        events.extend(self._driver.take_turn(until=_revealed, max_steps=MAX_STEPS_PER_COMPARISON))
        return events

    def _after_intent(self, events: Iterable[Event]) -> None:
        self._absorb(events)
        self._status.show("")
        self._render()
        self._focus_next()

    def _first_choice(self) -> ipw.Widget | None:
        return next(iter(self._category_buttons or self._pick_buttons or (self._ready_button,)), None)

    def _game_over_focus(self) -> ipw.Widget:
        self._settings_box.expand()
        return self._new_button

    def _install(self, match: Match, settings: TableSettings, seed_source: SeedSource) -> None:
        """Makes `match` the game in play: deals it, resets the log and renders."""
        events = self._swap_match(match)
        self._settings = settings
        self._seed_source = seed_source
        self._game_log = GameLog(self._rules, self._names)
        self._viewer = match.humans[0] if len(match.humans) == 1 else None
        self._absorb(events)
        self._render()

    def _absorb(self, events: Iterable[Event]) -> None:
        """Tells events in the game log.

        The person at the screen (hot seat) stays there after a comparison:
        the pass screen comes up only when another person must act next
        (`screen`), not each time the same person chooses again.
        """
        self._game_log.tell(events)
        self._log = list(self._game_log.lines)

    def _save_header(self) -> tuple[SaveHeader, GameRecord]:
        return save_header(self._match, self._settings.difficulty)

    def _resume_saved(self, saved: SavedGame) -> None:
        """Puts a saved game in play (its deck becomes the table's own); a bad save changed nothing."""
        match = match_from_save(saved)
        self._own_deck = match.rules.deck
        settings = settings_of(match, None)
        self._form = settings_form(settings, self._deck_values(), own=self._own_deck, button=self._new_button)
        self._settings_box.body.children = (self._form.box,)
        self._install(match, settings, "saved")
        self._status.show(f"Resumed the saved game: {saved.header.deck}, move {saved.header.move}.")
        self._focus_next()  # on into the resumed game, not left on the upload button

    def _deck_values(self) -> tuple[str, ...]:
        return (*((OWN_DECK,) if self._own_deck is not None else ()), *self._offered)

    # -- rendering --------------------------------------------------------------------------------------

    def _facts(self) -> ClassicPublicView:
        """Returns what everyone at the table may see (no seat's view is read for it)."""
        return self._rules.public_view(self._match.state)

    def _acting_view(self) -> ClassicView:
        seat = self._match.waiting_for
        assert seat is not None
        view: ClassicView = self._match.view(seat)
        return view

    def _ending(self) -> str:
        outcome = self._match.outcome
        assert outcome is not None
        return self._game_log.ending(outcome)

    def _render(self) -> None:
        """Re-renders every child from the acting seat's view, the public facts and the last events."""
        facts = self._facts()
        with self.hold_sync():
            self._render_title()
            self._render_turn(facts)
            self._stacks.value = stacks_html(facts, self._names, over=self._match.is_over)
            self._render_card_area(facts)
            self._render_arena(facts)
            self._log_view.value = log_groups_html(self._game_log.groups, "Game log, newest comparison first")

    def _render_title(self) -> None:
        seed = seed_words(self._match.seed, self._seed_source, over=self._match.is_over)
        self._title.value = title_html(self._rules, self._settings.difficulty, len(self._match.humans), seed)

    def _render_turn(self, facts: ClassicPublicView) -> None:
        screen, seat = self.screen, self._match.waiting_for
        if screen == "over":
            text = f"🏁 {self._ending()}"
        elif screen in ("pass", "choose", "pick") and seat is not None:
            text = turn_text(screen, self._names, seat)
        else:
            text = f"🤖 {self._names[facts.chooser]} chooses next — press Next ▶ (or Fast-forward ⏩)"
        self._turn.value = esc(text)

    def _render_card_area(self, facts: ClassicPublicView) -> None:
        self._category_buttons = ()
        self._pick_buttons = ()
        self._ready_button = None
        self._odds = MappingProxyType({})
        screen = self.screen
        built = self._build_screen(screen, facts)
        if screen == "choose":
            self._category_buttons = built.buttons
        elif screen == "pick":
            self._pick_buttons = built.buttons
        elif screen == "pass":
            self._ready_button = built.buttons[0]
        swap_children(self._card_area, built.children)  # closes the old screen, buttons and all
        self._lens.disabled = screen != "choose"
        computers_turn = self._driver.computers_may_go
        self._next_button.tooltip = (
            "Play the next computer comparison" if computers_turn else "Waiting for a person (or the game is over)"
        )
        self._next_button.disabled = self._fast_button.disabled = not computers_turn

    def _build_screen(self, screen: Screen, facts: ClassicPublicView) -> Built:
        match = self._match
        if screen == "choose":
            view = self._acting_view()
            legal = [a for a in match.legal_actions() if isinstance(a, ChooseCategory)]
            if self._lens.value:
                odds = lens_odds(view, [a.category for a in legal], no_data=self._rules.no_data)
                self._odds = MappingProxyType(odds)
            return choose_screen(view, legal, self._names, self._odds, self._bind_index(self.choose))
        if screen == "pick":
            legal_picks = [a for a in match.legal_actions() if isinstance(a, PickCard)]
            return pick_screen(self._acting_view(), legal_picks, self._names, self._bind_index(self.pick))
        if screen == "pass":
            seat = match.waiting_for
            assert seat is not None
            return pass_screen(self._names[seat], lambda button: self._driver.bind(button, self.ready))
        if screen == "over":
            outcome = match.outcome
            assert outcome is not None
            return over_screen(outcome, self._names, facts.stack_sizes, self._game_log.comparisons, self._ending())
        one_person = not self._hot_seat and match.humans
        return watch_screen(match.view(match.humans[0]) if one_person else None, self._names)

    def _bind_index(self, intent: Callable[[int], None]) -> Callable[[ipw.Button, int], None]:
        """Returns a binder of a button to `intent(index)`, guarded against stale clicks."""
        return lambda button, index: self._driver.bind(button, partial(intent, index)) and None

    def _render_arena(self, facts: ClassicPublicView) -> None:
        text, kind = self._game_log.result()
        self._result.value = f'<span class="tt-result-{kind}">{esc(text)}</span>' if text else ""
        last = self._game_log.last
        if not last:
            self._comparison.value = no_comparison_html(facts, self._names)
            return
        picture = comparison_picture(last, self._names, self._rules.deck)
        self._arena.layout.min_width = f"min({picture.min_width}, 100%)"  # never wider than a phone
        self._comparison.value = picture.picture

    # -- the boundary's snapshot -----------------------------------------------------------------------

    def _snapshot(self) -> Callable[[], None]:
        """Returns a function that puts the table and its game back as they are now.

        The match is put back by replaying its first actions into a fresh
        `Match` (same rules, strategies and seed, so every chance outcome and
        computer choice comes out the same); nothing else of the match is kept.
        """
        match, count = self._match, len(self._match.actions)
        saved = (list(self._log), self._game_log.copy(), self._viewer, self._settings, self._names, self._seed_source)
        controls = {name: widget.value for name, widget in self.controls.items()}
        form_value = self._form.value

        def restore() -> None:
            current = {name: widget.value for name, widget in self.controls.items()}
            if self._match is match and len(match.actions) == count and current == controls and self._log == saved[0]:
                return  # the handler failed before changing anything
            if self._match is not match or len(match.actions) != count:
                self._match = (
                    match
                    if len(match.actions) == count
                    else Match.from_record(match.record, match.strategies, upto=count, max_actions=match.max_actions)
                )
            self._log, self._game_log, self._viewer, self._settings, self._names, self._seed_source = saved
            self._form.show(form_value)
            for name, value in controls.items():
                if self.controls[name].value != value:
                    self.controls[name].value = value
            self._render()  # if drawing itself is broken this fails again; the boundary logs it

        return restore
