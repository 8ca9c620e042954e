"""`ClassicTable`: classic Top Trumps (rules C1-C12) at a classroom table.

A thin view over a core `Match` :

- one human (seat 0) against 1-5 computer seats, or several humans taking
  turns at one screen ("hot seat": between human turns a "Pass to Player N —
  ready?" screen hides every card until that player clicks);
- the human picks a category by clicking it on their card: one ``Button`` per
  legal `ChooseCategory`, laid out as the card's rows (rule C4), or one per
  legal `PickCard` under ``look_at_last`` (rule C10), so an illegal move is
  never offered;
- after each comparison every revealed card is shown side by side with the
  winner marked and a sentence ("You win with Top speed 120 km/h!");
- computer comparisons run one at a time on "Next ▶", or on "Fast-forward ⏩"
  until a human must act (at most `FAST_FORWARD_MAX_COMPARISONS` per click);
- the "Show the odds" lens gives, beside each category, the exact chance to
  win, tie or lose (rule P3) from the human's own knowledge (``view.unseen``);
- new-game controls cover the deck, seats, humans, difficulty, seed and every
  rule option of RULES.md by its name, with its default.

Hidden information never reaches a synced trait: the page gets the current
human's own visible card(s), public stack sizes, the pot's size and the cards
of finished comparisons; never another seat's top card, the `Match`, the state
or the deck order.  Values the page sets (seed, seats, ...) are validated
before a new game replaces the old one.  Every handler runs inside the one
error boundary (`widgets._boundary`).

Example:
    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.classic import ClassicRules
    >>> from toptrumps_core.play import Match
    >>> from toptrumps_core.strategies import HUMAN, BestValue
    >>> tiny = Deck.from_rows("Tiny", [Category("Speed", "km/h"), Category("Price", "£", False)],
    ...                       {"Rocket": [900, 50], "Snail": [1, 2], "Car": [200, 30], "Bike": [40, 5]})
    >>> table = ClassicTable(Match(ClassicRules(tiny, seats=2), [HUMAN, BestValue()], seed=1))
    >>> [b.description for b in table.category_buttons]
    ['Speed: 40 km/h', 'Price: £5   ▼ lower wins']
    >>> table.choose(0)
    >>> len(table.log_lines) > 1
    True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from types import MappingProxyType
from typing import Any, Literal, NoReturn, TypeAlias

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.cards import Card, Deck
from toptrumps_core.classic import MAX_SEATS, MIN_SEATS, ChooseCategory, ClassicRules, ClassicView, PickCard
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.events import ChooserDrawn, Dealt, GameEnded, PotCollected, Revealed, SeatOut, Tied, Won
from toptrumps_core.play import Match
from toptrumps_core.probability import ComparisonOdds, comparison_odds
from toptrumps_core.protocol import CHANCE, Event, Outcome, Seat, Termination
from toptrumps_core.strategies import DIFFICULTIES, HUMAN, CardCounting, Human, Strategy
from widgets._boundary import handler
from widgets._common import (
    DEFAULT_SEED,
    OWN_DECK,
    SEED_MAX,
    SeatedView,
    SeatNames,
    and_list,
    big_button,
    deck_dropdown,
    esc,
    html_widget,
    is_whole,
    log_html,
    number_dropdown,
    pass_panel,
    percent,
    plural,
    rule_toggle,
    seed_text,
    swap_children,
    value_text,
)
from widgets._style import style_sheet
from widgets.card import CardView

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """Fails loudly on a value the `match` statement did not expect."""
        raise AssertionError(f"unexpected value: {value!r}")


__all__ = [
    "DEFAULT_SEED",
    "FAST_FORWARD_MAX_COMPARISONS",
    "LOG_LINES",
    "SEED_MAX",
    "ClassicTable",
    "TableSettings",
]

FAST_FORWARD_MAX_COMPARISONS = 500
"""Most computer comparisons one click of "Fast-forward ⏩" plays."""
LOG_LINES = 30
"""How many lines the game log keeps, newest first."""
LOOK_AT_LAST_DEFAULT = 3
"""The value the ``look_at_last`` toggle turns on (rule C10, seed 001)."""
LOOK_AT_LAST_MAX = 20
ROUND_LIMIT_DEFAULT = 50
"""The value the ``round_limit`` toggle turns on (rule C11)."""
ROUND_LIMIT_MAX = 100_000

_MAX_CHANCE_STEPS = 50  # a deal, a shuffle of won cards and a lot need three at most
_MAX_STEPS_PER_COMPARISON = 1_000  # C10 picks and chance between two reveals

COMPARISON_WIDTH_PX = 800
"""Natural width of the picture of one comparison (it also shrinks to fit)."""
COMPARISON_CARDS_BESIDE = 4
"""Most revealed cards shown beside the player's card; more wrap under it, full width."""
ARENA_CARD_PX = 180
STACKS_ROW_PX = 1180
PICK_CARD_WIDTH_PX = 205
STACK_PICTURE_WIDTH_PX = 150

ClassicEvent: TypeAlias = Dealt | Revealed | Won | Tied | PotCollected | SeatOut | ChooserDrawn | GameEnded
"""Every event a classic game emits (toptrumps_core.events)."""

Screen = Literal["choose", "pick", "pass", "watch", "over"]
"""What the card area shows: a category choice, a C10 card pick, the hot-seat
pass screen, the human's card while computers play, or the winner screen."""

_RULE_OPTIONS = ("leftover", "collect_order", "no_data", "look_at_last", "round_limit")


# -- settings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableSettings:
    """Everything the "New game" controls set, checked before a game starts.

    Attributes:
        deck: A bundled deck name (`toptrumps_core.bundled_decks`), or "" for
            the deck of the match the table was built with.
        seats: Players at the table, 2..6 (rule C1).
        humans: Human players, 1..seats; seats 0..humans-1 are human.
        difficulty: Computer players' level, a key of `DIFFICULTIES`.
        seed: Whole number 0..`SEED_MAX`; fixes the deal and computer choices.
        leftover: Rule C2 option, ``"deal_all"`` (default) or ``"set_aside"``.
        collect_order: Rule C4 option, ``"fixed"`` (default) or ``"shuffled"``.
        no_data: Rule C6 option, ``"tie"`` (default) or ``"loses"``.
        look_at_last: Rule C10 option: None (default, off) or 2..20.
        round_limit: Rule C11 option: None (default, off) or 1..100,000.
    """

    deck: str = "animals"
    seats: int = 3
    humans: int = 1
    difficulty: str = "medium"
    seed: int = DEFAULT_SEED
    leftover: str = "deal_all"
    collect_order: str = "fixed"
    no_data: str = "tie"
    look_at_last: int | None = None
    round_limit: int | None = None

    def rule_options(self) -> dict[str, Any]:
        """Returns the rule options by their RULES.md names, for `ClassicRules`."""
        return {name: getattr(self, name) for name in _RULE_OPTIONS}

    def check(self, decks: Sequence[str]) -> None:
        """Checks every setting, as values set from the page can be anything.

        Args:
            decks: The deck names on offer (bundled decks, and "" when the
                table has its own deck).

        Raises:
            RuleOptionError: Naming the first setting that is wrong, with what
                was expected.
        """
        if self.deck not in decks:
            offered = ", ".join(repr(d) for d in decks if d) or "none"
            raise RuleOptionError(f"there is no deck called {self.deck!r}; choose one of {offered}")
        if not is_whole(self.seats) or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise RuleOptionError(
                f"the number of players must be a whole number from {MIN_SEATS} to {MAX_SEATS} (rule C1); "
                f"got {self.seats!r}"
            )
        if not is_whole(self.humans) or not 1 <= self.humans <= self.seats:
            raise RuleOptionError(
                f"the number of human players must be from 1 to the number of players ({self.seats}); "
                f"got {self.humans!r}"
            )
        if self.difficulty not in DIFFICULTIES:
            raise RuleOptionError(f"difficulty must be one of {', '.join(DIFFICULTIES)}; got {self.difficulty!r}")
        if not is_whole(self.seed) or not 0 <= self.seed <= SEED_MAX:
            raise RuleOptionError(f"the seed must be a whole number from 0 to {SEED_MAX:,}; got {self.seed!r}")
        if self.look_at_last is not None and (
            not is_whole(self.look_at_last) or not 2 <= self.look_at_last <= LOOK_AT_LAST_MAX
        ):
            raise RuleOptionError(
                f"look_at_last must be off or a whole number from 2 to {LOOK_AT_LAST_MAX} (rule C10); "
                f"got {self.look_at_last!r}"
            )
        if self.round_limit is not None and (
            not is_whole(self.round_limit) or not 1 <= self.round_limit <= ROUND_LIMIT_MAX
        ):
            raise RuleOptionError(
                f"round_limit must be off or a whole number from 1 to {ROUND_LIMIT_MAX:,} (rule C11); "
                f"got {self.round_limit!r}"
            )


def _computer(difficulty: str, no_data: str) -> Strategy:
    """Returns the computer player for `difficulty`, told the game's C6 option."""
    strategy = DIFFICULTIES[difficulty]
    if isinstance(strategy, CardCounting):
        strategy = replace(strategy, no_data=no_data)
    return strategy


def _build_match(deck: Deck, settings: TableSettings) -> Match:
    """Returns a new match for `settings` (not yet dealt); raises RuleOptionError."""
    rules = ClassicRules(deck, seats=settings.seats, **settings.rule_options())
    computer = _computer(settings.difficulty, settings.no_data)
    strategies: list[Strategy | Human] = [HUMAN] * settings.humans
    strategies += [computer] * (settings.seats - settings.humans)
    return Match(rules, strategies, seed=settings.seed)


# -- words ---------------------------------------------------------------------------------


def odds_text(odds: ComparisonOdds) -> str:
    """Returns the lens text for one category, e.g. "win 62% · tie 5% · lose 33%".

    Example:
        >>> from fractions import Fraction
        >>> odds_text(ComparisonOdds(Fraction(5, 8), Fraction(1, 20), Fraction(13, 40)))
        'win 62% · tie 5% · lose 32%'
    """
    return f"win {percent(odds.win)} · tie {percent(odds.tie)} · lose {percent(odds.lose)}"


# -- the widget ----------------------------------------------------------------------------


class ClassicTable(SeatedView):
    """A classic Top Trumps table over a core `Match` (rules C1-C12).

    Build one with `ClassicTable.new` in a notebook cell; the cell displays
    it.  The buttons call the public methods below, which tests call too.

    Args:
        match: The match to show: `HUMAN` seats are played through the page,
            the others by their strategies.  A match not yet dealt is dealt.
        settings: What the "New game" controls start from; None to read them
            off `match` (deck "" = this match's deck).

    Raises:
        RuleOptionError: If `match` is not a classic game.
    """

    def __init__(self, match: Match, *, settings: TableSettings | None = None) -> None:
        super().__init__()
        if not isinstance(match.rules, ClassicRules):
            raise RuleOptionError(f"ClassicTable plays classic rules (ClassicRules); got {type(match.rules).__name__}")
        self._start_view(snapshot=self._snapshot)
        self._last: tuple[Event, ...] = ()
        self._comparisons_seen = 0
        self._category_buttons: tuple[ipw.Button, ...] = ()
        self._pick_buttons: tuple[ipw.Button, ...] = ()
        self._ready_button: ipw.Button | None = None
        self._odds: Mapping[int, ComparisonOdds] = MappingProxyType({})

        self._bundled = tuple(bundled_decks())
        self._own_deck: Deck | None = None
        if settings is None or settings.deck == OWN_DECK:
            settings = self._settings_of(match, settings)

        # Fixed children: built once, re-rendered from the match.
        self._title = html_widget("tt-title")
        self._turn = html_widget("tt-turn")
        self._stacks = html_widget("tt-stacks-box")
        self._lens = ipw.Checkbox(
            value=False,
            description="Show the odds",
            tooltip="Show, beside each category, your exact chance to win, tie or lose (rule P3)",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
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
        self._build_controls(settings)
        self._settings = settings

        self._lens.observe(self._boundary.wrap(lambda _change: self._render()), names="value")

        left = ipw.VBox(
            [self._lens, self._card_area],
            layout=ipw.Layout(flex="0 1 470px", min_width="360px", margin="0 18px 0 0"),
        )
        right = self._arena = ipw.VBox(
            [
                html_widget("tt-heading-box", '<div class="tt-heading">Last comparison</div>'),
                self._result,
                self._comparison,
                ipw.HBox([self._next_button, self._fast_button], layout=ipw.Layout(margin="10px 0")),
                html_widget("tt-heading-box", '<div class="tt-heading">Game log (newest first)</div>'),
                self._log_view,
            ],
            layout=ipw.Layout(flex="1 1 600px", min_width="360px"),
        )
        settings_box = ipw.Accordion(children=[self._controls_box], selected_index=None)
        settings_box.set_title(0, "New game ⚙ (deck, players, difficulty, seed, rule options)")
        self.children = (
            style_sheet(),
            self._title,
            self._turn,
            self._status,
            self._stacks,
            ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")),
            settings_box,
        )
        self._install(match, settings)

    # -- construction for notebooks ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        deck: str | Deck = "animals",
        seats: int = 3,
        humans: int = 1,
        difficulty: str = "medium",
        seed: int = DEFAULT_SEED,
        **rule_options: Any,
    ) -> ClassicTable:
        """Returns a table with a freshly dealt game, for a one-line notebook cell.

        Args:
            deck: A bundled deck's name (see `toptrumps_core.bundled_decks`),
                or a `Deck`.
            seats: Players, 2..6 (rule C1).
            humans: Human players, 1..seats (several: hot seat).
            difficulty: The computers' level: a key of `DIFFICULTIES`
                ("easy", "medium", "hard", "expert").
            seed: Whole number 0..999,999,999; the same seed deals the same game.
            **rule_options: ``leftover``, ``collect_order``, ``no_data``,
                ``look_at_last``, ``round_limit``, by their RULES.md names.

        Raises:
            RuleOptionError: If a setting is out of range or unknown.
            DeckError: If the deck cannot be loaded.

        Example:
            >>> ClassicTable.new(deck=bundled_decks()[0], seats=2, seed=7).match.seed
            7
        """
        _check_option_names(rule_options)
        own = deck if isinstance(deck, Deck) else None
        settings = TableSettings(
            deck=OWN_DECK if own is not None else deck,  # type: ignore[arg-type]
            seats=seats,
            humans=humans,
            difficulty=difficulty,
            seed=seed,
            **rule_options,
        )
        offered = (*bundled_decks(), *((OWN_DECK,) if own is not None else ()))
        settings.check(offered)
        match = _build_match(own if own is not None else load_deck(settings.deck), settings)
        if own is not None:
            return cls(match)  # settings are read back off the match, deck "" = own
        return cls(match, settings=settings)

    # -- public read-only helpers --------------------------------------------------------------

    @property
    def settings(self) -> TableSettings:
        """The settings of the game in play."""
        return self._settings

    @property
    def controls(self) -> Mapping[str, ipw.ValueWidget]:
        """The "New game" controls by setting name (read-only mapping)."""
        return MappingProxyType(self._control_map)

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
        match = self._match
        if match.is_over:
            return "over"
        seat = match.waiting_for
        if seat is None:
            return "watch"
        if self._hot_seat and self._viewer != seat:
            return "pass"
        legal = match.legal_actions()
        if legal and all(isinstance(a, PickCard) for a in legal):
            return "pick"
        return "choose"

    @property
    def result_text(self) -> str:
        """The sentence about the last comparison, "" before the first one."""
        return self._result_sentence()[0]

    # -- intents (the buttons call these) ------------------------------------------------------

    @handler
    def choose(self, category_index: int) -> None:
        """Names category `category_index` of the human's top card (rule C4).

        Plays the comparison (computer C10 picks included) and settles the
        chance that follows; a computer's next comparison waits for "Next ▶".
        """
        self._acting_human()
        action = ChooseCategory(category_index) if is_whole(category_index) else None
        if action is None or action not in self._match.legal_actions():
            raise IllegalActionError(f"category number {category_index!r} cannot be chosen now")
        events = list(self._match.submit(action))
        self._finish_comparison(events)
        self._after_intent(events)

    @handler
    def pick(self, index: int) -> None:
        """Plays card `index` (0 = top) of the human's visible cards (rule C10)."""
        self._acting_human()
        action = PickCard(index) if is_whole(index) else None
        if action is None or action not in self._match.legal_actions():
            raise IllegalActionError(f"card number {index!r} cannot be picked now")
        events = list(self._match.submit(action))
        self._finish_comparison(events)  # other seats' C10 picks and the reveal, if nobody else must act
        self._after_intent(events)

    @handler
    def next(self) -> None:
        """Plays one computer comparison (rules C4-C9), for the class to see."""
        self._check_computers_turn()
        events: list[Event] = []
        self._finish_comparison(events)
        self._absorb(events)
        self._status.show("")
        self._render()

    @handler
    def fast_forward(self) -> None:
        """Plays computer comparisons until a human must act or the game ends.

        At most `FAST_FORWARD_MAX_COMPARISONS` per call; the status says how
        many were played.
        """
        self._check_computers_turn()
        events: list[Event] = []
        played = 0
        while played < FAST_FORWARD_MAX_COMPARISONS and not self._match.is_over and self._match.waiting_for is None:
            batch: list[Event] = []
            self._finish_comparison(batch)
            events.extend(batch)
            if not any(isinstance(e, Revealed) for e in batch):
                break
            played += 1
        self._absorb(events)
        more = "" if self._match.is_over or self._match.waiting_for is not None else " Press again to go on."
        self._status.show(f"Fast-forwarded {plural(played, 'comparison')}.{more}")
        self._render()

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
        _check_option_names(rule_options)
        settings = self._settings_from_controls()
        given = {"deck": deck, "seats": seats, "humans": humans, "difficulty": difficulty, "seed": seed}
        given.update(rule_options)
        chosen: dict[str, Any] = {k: v for k, v in given.items() if v is not None or k in rule_options}
        settings = replace(settings, **chosen)
        settings.check(self._deck_values())
        the_deck = self._own_deck if settings.deck == OWN_DECK and self._own_deck else load_deck(settings.deck)
        match = _build_match(the_deck, settings)
        self._install(match, settings)  # deals; only now is the old game replaced
        self._set_controls(settings)
        computers = settings.seats - settings.humans
        who = f"{plural(settings.humans, 'person', 'people')}" + (
            f", {computers} {settings.difficulty} computer{'s' if computers != 1 else ''}" if computers else ""
        )
        self._status.show(f"New game: {the_deck.name}, {settings.seats} players ({who}), seed {settings.seed}.", "info")

    # -- flow ---------------------------------------------------------------------------------------

    @property
    def _rules(self) -> ClassicRules:
        rules = self._match.rules
        assert isinstance(rules, ClassicRules)  # checked in __init__
        return rules

    def _acting_human(self) -> Seat:
        """Returns the human seat that may act now, or raises a friendly error."""
        match = self._match
        if match.is_over:
            raise IllegalActionError("the game is over — start a new game below")
        seat = match.waiting_for
        if seat is None:
            raise IllegalActionError("it is a computer's turn — press Next ▶ or Fast-forward ⏩")
        if self._hot_seat and self._viewer != seat:
            raise IllegalActionError(f"{self._names[seat]} must press Ready first, so that only they see their card")
        return seat

    def _check_computers_turn(self) -> None:
        match = self._match
        if match.is_over:
            raise IllegalActionError("the game is over — start a new game below")
        seat = match.waiting_for
        if seat is not None:
            whose = self._names.whose(seat)
            raise IllegalActionError(f"it is {whose} turn — a person must act before the computers go on")

    def _finish_comparison(self, events: list[Event]) -> None:
        """Steps chance and computers until a comparison is revealed, then settles chance.

        Stops early when a human must act (a C10 pick) or the game ends.
        """
        match = self._match
        steps = 0
        while not any(isinstance(e, Revealed) for e in events) and not match.is_over and match.waiting_for is None:
            steps += 1
            if steps > _MAX_STEPS_PER_COMPARISON:
                raise RuntimeError(f"no comparison after {_MAX_STEPS_PER_COMPARISON} computer and chance actions")
            events.extend(match.step())
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Takes pending chance actions (deal, shuffle of won cards, lot) so the table is at rest.

        Raises:
            RuntimeError: If chance keeps acting (a rules bug); the boundary
                reports it and puts the game back as it was.
        """
        match = self._match
        steps = 0
        while not match.is_over and match.actor is CHANCE:
            steps += 1
            if steps > _MAX_CHANCE_STEPS:
                raise RuntimeError(
                    f"chance acted {_MAX_CHANCE_STEPS} times in a row without a player's turn; "
                    f"last action {match.actions[-1]!r}"
                )
            events.extend(match.step())

    def _after_intent(self, events: list[Event]) -> None:
        self._absorb(events)
        self._status.show("")
        self._render()

    def _install(self, match: Match, settings: TableSettings) -> None:
        """Makes `match` the game in play: deals it, resets the log and renders."""
        events = self._swap_match(match, self._settle)
        self._settings = settings
        self._names = SeatNames(match.rules.seats, match.humans)
        self._log = []
        self._last = ()
        self._comparisons_seen = 0
        self._viewer = match.humans[0] if len(match.humans) == 1 else None
        self._absorb(events)
        self._render()

    def _absorb(self, events: Iterable[Event]) -> None:
        """Adds events to the log and remembers the last comparison's events."""
        current: list[Event] | None = None
        lines: list[str] = []
        for event in events:
            if isinstance(event, Revealed):
                self._comparisons_seen += 1
                current = [event]
                if self._hot_seat:
                    self._viewer = None  # the cards go face down until the next player is ready
            elif current is not None:
                current.append(event)
            lines.append(self._log_line(event))
        if current is not None:
            self._last = tuple(current)
        self._log = (lines[::-1] + self._log)[:LOG_LINES]

    # -- words ----------------------------------------------------------------------------------------

    def _card_words(self, card_number: int, category: int) -> str:
        deck = self._rules.deck
        card = deck.cards[card_number]
        return f"{card.name} {value_text(deck.categories[category], card.values[category])}"

    def _log_line(self, event: ClassicEvent) -> str:
        """Returns one line of the game log for `event` (every event class, checked by `assert_never`)."""
        deck: Deck = self._rules.deck
        match event:
            case Dealt(stack_sizes=sizes, set_aside=aside):
                dealt = ", ".join(f"{self._names[s]} {n}" for s, n in enumerate(sizes))
                return f"Shuffled and dealt: {dealt}" + (f"; {aside} set aside" if aside else "") + "."
            case Revealed(chooser=chooser, category=category, cards=cards):
                shown = " · ".join(f"{self._names[s]}: {self._card_words(c, category)}" for s, c in cards)
                return (
                    f"#{self._comparisons_seen} {self._names.subject(chooser, 'chose', 'chose')} "
                    f"{deck.categories[category].name} — {shown}"
                )
            case Won(seat=seat, cards=cards):
                return f"{self._names.subject(seat, 'win', 'wins')} {plural(len(cards), 'card')}."
            case Tied(seats=seats, pot_size=pot_size):
                between = f" between {and_list([self._names.whom(s) for s in seats])}" if seats else " (no data)"
                return f"Tie{between}: the pot now holds {plural(pot_size, 'card')}."
            case PotCollected(seat=seat, cards=cards):
                return f"{self._names.subject(seat, 'take', 'takes')} the pot ({plural(len(cards), 'card')})."
            case SeatOut(seat=seat):
                return f"{self._names.subject(seat, 'are', 'is')} out of cards."
            case ChooserDrawn(seat=seat, among=among):
                lot = and_list([self._names.whom(s) for s in among])
                return f"Drawn by lot among {lot}: {self._names.whom(seat)} chooses next."
            case GameEnded(outcome=outcome):
                return f"Game over: {self._headline(outcome)}"
            case _:
                assert_never(event)

    def _result_sentence(self) -> tuple[str, str]:
        """Returns the sentence about the last comparison and its kind ("win", "tie" or "")."""
        if not self._last:
            return "", ""
        deck = self._rules.deck
        revealed = self._last[0]
        assert isinstance(revealed, Revealed)
        category = deck.categories[revealed.category]
        by_seat = dict(revealed.cards)
        winner: Seat | None = None
        tied: Tied | None = None
        pot = 0
        drawn: Seat | None = None
        ended = False
        for event in self._last[1:]:
            if isinstance(event, Won):
                winner = event.seat
            elif isinstance(event, Tied):
                tied = event
            elif isinstance(event, PotCollected):
                pot += len(event.cards)
            elif isinstance(event, ChooserDrawn):
                drawn = event.seat
            elif isinstance(event, GameEnded):
                ended = True
        if winner is not None:
            value = value_text(category, deck.cards[by_seat[winner]].values[revealed.category])
            lower = "" if category.higher_is_better else " (lower wins)"
            text = f"{self._names.subject(winner, 'win', 'wins')} with {category.name} {value}{lower}!"
            if pot:
                text += f" {self._names.subject(winner, 'take', 'takes')} the pot too ({plural(pot, 'card')})."
            return text, "win"
        if tied is None:
            return "", ""
        text = f"Tie — {plural(len(revealed.cards), 'card')} go to the pot"
        if ended:
            text += "."
        elif drawn is not None:
            out, picked = self._names.whom(revealed.chooser), self._names.whom(drawn)
            text += f"; {out} ran out, so a lot picked {picked} to choose next."
        else:
            text += f"; {self._names.subject(revealed.chooser, 'choose', 'chooses', start=False)} again."
        if tied.seats:
            value = value_text(category, deck.cards[by_seat[tied.seats[0]]].values[revealed.category])
            both = "both" if len(tied.seats) == 2 else "all"
            text += f" ({and_list([self._names[s] for s in tied.seats])} {both} had {category.name} {value}.)"
        else:
            missing = [deck.cards[c].name for _, c in revealed.cards if deck.cards[c].values[revealed.category] is None]
            if missing:
                text += f" ({and_list(missing)} {'has' if len(missing) == 1 else 'have'} no data for {category.name}.)"
        return text, "tie"

    def _headline(self, outcome: Outcome) -> str:
        """Returns who won in one sentence: "You win!", "It's a draw between you and Computer 1."."""
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED or not winners:
            return "Unfinished — nobody wins."
        if len(winners) == 1:
            return f"{self._names.subject(winners[0], 'win', 'wins')}!"
        return f"It's a draw between {and_list([self._names.whom(s) for s in winners])}."

    def _explanation(self, outcome: Outcome) -> str:
        """Returns in words why the game ended (outcome.termination)."""
        winners = sorted(outcome.winners)
        sizes = self._public_view().stack_sizes
        names = and_list([self._names.whom(s) for s in winners])
        match outcome.termination:
            case Termination.LAST_STACK:
                return f"{self._names.subject(winners[0], 'hold', 'holds')} every card still in play (rule C7)."
            case Termination.DRAW_ALL_OUT:
                return (
                    f"The last comparison was a tie that left nobody holding cards, so {names} share the game "
                    "(rule C7)."
                )
            case Termination.ROUND_LIMIT:
                limit = self._rules.round_limit or 0
                most = max(sizes) if sizes else 0
                holder = (
                    f"{self._names.subject(winners[0], 'hold', 'holds', start=False)} the most cards ({most})"
                    if len(winners) == 1
                    else f"{names} hold the most cards ({most} each)"
                )
                return f"The round limit of {plural(limit, 'comparison')} was reached; {holder} (rule C11)."
            case Termination.UNFINISHED:
                moves = len(self._match.actions)
                return (
                    f"The game was stopped after {moves:,} move{'' if moves == 1 else 's'} because it could go "
                    "round forever, so nobody wins (rule C12)."
                )
            case _:
                return f"The game ended ({outcome.termination.value})."

    # -- rendering --------------------------------------------------------------------------------------

    def _render(self) -> None:
        """Re-renders every child from the current human's view and the last events."""
        with self.hold_sync():
            self._render_title()
            self._render_turn()
            self._render_stacks()
            self._render_card_area()
            self._render_arena()
            self._render_log()

    def _public_view(self) -> ClassicView:
        """Returns a view used only for public facts (stack sizes, pot, chooser)."""
        seat = self._match.humans[0] if self._match.humans else 0
        view: ClassicView = self._match.view(seat)
        return view

    def _render_title(self) -> None:
        rules = self._rules
        s = self._settings
        computers = rules.seats - len(self._match.humans)
        extras = [
            f"{name}={value}"
            for name, value in rules.options().items()
            if name in _RULE_OPTIONS and value != _RULE_DEFAULTS[name]
        ]
        level = f" · {s.difficulty} computers" if computers else ""
        sub = f"{rules.seats} players{level} · seed {self._match.seed}" + (f" · {', '.join(extras)}" if extras else "")
        self._title.value = f'Top Trumps — {esc(rules.deck.name)} <span class="tt-subtitle">{esc(sub)}</span>'

    def _render_turn(self) -> None:
        match = self._match
        screen = self.screen
        view = self._public_view()
        if screen == "over":
            assert match.outcome is not None
            text = f"🏁 Game over — {self._headline(match.outcome)}"
        elif screen == "pass":
            seat = match.waiting_for
            assert seat is not None
            text = f"🔄 Pass to {self._names[seat]} — ready?"
        elif screen in ("choose", "pick"):
            seat = match.waiting_for
            assert seat is not None
            whose = "Your" if self._names[seat] == "You" else f"{self._names[seat]}'s"
            if screen == "choose":
                text = f"👉 {whose} choice: click a category on {'your' if whose == 'Your' else 'the'} card"
            else:
                text = f"👉 {whose} pick: choose which card to play (rule C10)"
        else:
            chooser = view.chooser
            text = f"🤖 {self._names[chooser]} chooses next — press Next ▶ (or Fast-forward ⏩)"
        self._turn.value = esc(text)

    def _render_stacks(self) -> None:
        match = self._match
        view = self._public_view()
        over = match.is_over
        figures = []
        count = len(view.stack_sizes) + 1 + (1 if view.set_aside_count else 0)
        width = min(STACK_PICTURE_WIDTH_PX, STACKS_ROW_PX // count - 12)
        for seat, size in enumerate(view.stack_sizes):
            name = self._names[seat]
            if size == 0:
                caption = '<span class="tt-out">OUT</span> — no cards'
            elif not over and seat == view.chooser:
                caption = "★ chooses"
            else:
                caption = "&nbsp;"
            picture = svg.stack(size, label=name, width_px=width)
            figures.append(f"<figure>{picture}<figcaption>{caption}</figcaption></figure>")
        pot_caption = "cards from ties" if view.pot else "empty"
        figures.append(
            f"<figure>{svg.stack(len(view.pot), label='Pot', width_px=width)}"
            f"<figcaption>{pot_caption}</figcaption></figure>"
        )
        if view.set_aside_count:
            figures.append(
                f"<figure>{svg.stack(view.set_aside_count, label='Set aside', width_px=width)}"
                "<figcaption>not dealt (C2)</figcaption></figure>"
            )
        self._stacks.value = f'<div class="tt-stacks" role="list">{"".join(figures)}</div>'

    def _render_card_area(self) -> None:
        match = self._match
        self._category_buttons = ()
        self._pick_buttons = ()
        self._ready_button = None
        self._odds = MappingProxyType({})
        screen = self.screen
        if screen == "choose":
            children = self._choose_screen()
        elif screen == "pick":
            children = self._pick_screen()
        elif screen == "pass":
            children = self._pass_screen()
        elif screen == "over":
            children = self._over_screen()
        else:
            children = self._watch_screen()
        swap_children(self._card_area, children)  # closes the old screen, buttons and all
        self._lens.disabled = screen != "choose"
        with self._next_button.hold_sync():
            computers_turn = not match.is_over and match.waiting_for is None
            self._next_button.disabled = not computers_turn
            self._next_button.tooltip = (
                "Play the next computer comparison" if computers_turn else "Waiting for a person (or the game is over)"
            )
        with self._fast_button.hold_sync():
            self._fast_button.disabled = not computers_turn

    def _human_view(self) -> ClassicView:
        seat = self._match.waiting_for
        assert seat is not None
        view: ClassicView = self._match.view(seat)
        return view

    def _choose_screen(self) -> list[ipw.Widget]:
        view = self._human_view()
        deck = view.deck
        card = view.top_card
        assert card is not None
        legal = [a for a in self._match.legal_actions() if isinstance(a, ChooseCategory)]
        if self._lens.value:
            self._odds = MappingProxyType(self._lens_odds(view, [a.category for a in legal]))
        owner = self._names.whose(view.seat).capitalize()
        head = html_widget("tt-card-head", _card_head(card, f"{owner} card — click a category to play it"))
        rows: list[ipw.Widget] = [head]
        buttons = []
        for action in legal:
            index = action.category
            category = deck.categories[index]
            value = value_text(category, card.values[index])
            lower = "" if category.higher_is_better else "   ▼ lower wins"
            direction = "higher wins" if category.higher_is_better else "lower wins"
            note = f" — {category.note}" if category.note.strip() else ""
            button = ipw.Button(
                description=f"{category.name}: {value}{lower}",
                tooltip=f"Choose {category.name}: {card.name} has {value}; {direction}{note}",
                layout=ipw.Layout(width="auto", flex="1 1 auto", margin="0"),
            )
            button.add_class("tt-category")
            self._guard.bind(button, partial(self.choose, index))
            buttons.append(button)
            row_children: list[ipw.Widget] = [button]
            if index in self._odds:  # beside the button, or under it (right-aligned) when the card is narrow
                lens = esc(odds_text(self._odds[index]))
                row_children.append(html_widget("tt-lens", lens, layout=ipw.Layout(margin="0 0 0 auto")))
            row = ipw.HBox(row_children, layout=ipw.Layout(width="100%", align_items="center", flex_flow="row wrap"))
            row.add_class("tt-row")
            rows.append(row)
        self._category_buttons = tuple(buttons)
        box = ipw.VBox(rows)
        box.add_class("tt-card")
        return [box]

    def _lens_odds(self, view: ClassicView, categories: Iterable[int]) -> dict[int, ComparisonOdds]:
        """Returns the exact odds (rule P3) per category for the view's top card."""
        card = view.top_card
        deck = view.deck
        if card is None or view.opponents < 1 or view.opponents > len(view.unseen):
            return {}
        no_data = self._rules.no_data
        return {
            c: comparison_odds(
                card.values[c],
                [deck.cards[i].values[c] for i in view.unseen],
                view.opponents,
                higher_is_better=deck.categories[c].higher_is_better,
                no_data=no_data,
            )
            for c in categories
        }

    def _pick_screen(self) -> list[ipw.Widget]:
        view = self._human_view()
        deck = view.deck
        legal = [a for a in self._match.legal_actions() if isinstance(a, PickCard)]
        if view.category is None:
            prompt = "You hold only a few cards, so you may look at them all and pick which one to play (rule C10)."
        else:
            chooser = self._names[view.chooser]
            prompt = (
                f"{chooser} chose {deck.categories[view.category].name}. Pick which of your cards to play (rule C10)."
            )
        who = "" if self._names[view.seat] == "You" else f"{self._names[view.seat]}: "
        cells: list[ipw.Widget] = []
        buttons = []
        for action in legal:
            card = deck.cards[view.stack[action.index]]
            picture = CardView(card, highlight=view.category, width_px=PICK_CARD_WIDTH_PX)
            button = big_button(f"Play {card.name}", f"Put {card.name} on top and play it (rule C10)", primary=True)
            self._guard.bind(button, partial(self.pick, action.index))
            buttons.append(button)
            cells.append(ipw.VBox([picture, button], layout=ipw.Layout(margin="0 10px 10px 0")))
        self._pick_buttons = tuple(buttons)
        return [
            html_widget("tt-pass", f"<b>{esc(who + prompt)}</b>"),
            ipw.HBox(cells, layout=ipw.Layout(flex_flow="row wrap")),
        ]

    def _pass_screen(self) -> list[ipw.Widget]:
        seat = self._match.waiting_for
        assert seat is not None
        name = self._names[seat]
        text, button = pass_panel(name)
        self._ready_button = self._guard.bind(button, self.ready)
        return [text, CardView(None, width_px=260, back_label=name), button]

    def _watch_screen(self) -> list[ipw.Widget]:
        match = self._match
        if self._hot_seat or not match.humans:
            back = CardView(None, width_px=260)
            note = "Cards stay face down while the computers play. Press Next ▶ to see their next comparison."
            return [html_widget("tt-pass", esc(note)), back]
        view = match.view(match.humans[0])
        card = view.top_card
        if card is None:
            note = "You are out of cards. Watch the computers finish: press Next ▶ or Fast-forward ⏩."
            return [html_widget("tt-pass", f'<div class="tt-panel">{esc(note)}</div>')]
        caption = f"Your top card. {self._names[view.chooser]} chooses the category — press Next ▶."
        return [html_widget("tt-pass", esc(caption)), CardView(card, width_px=400)]

    def _over_screen(self) -> list[ipw.Widget]:
        outcome = self._match.outcome
        assert outcome is not None
        winners = sorted(outcome.winners)
        if outcome.termination is Termination.UNFINISHED:
            badge = "⏸"
        elif len(winners) == 1:
            badge = "🏆"
        else:
            badge = "🤝"
        sizes = self._public_view().stack_sizes
        rows = "".join(
            f"<li>{esc(self._names[s])}: {plural(n, 'card')}{' 🏆' if s in outcome.winners else ''}</li>"
            for s, n in enumerate(sizes)
        )
        body = (
            '<div class="tt-panel" role="status">'
            f'<div class="tt-headline">{badge} {esc(self._headline(outcome))}</div>'
            f"<p>{esc(self._explanation(outcome))}</p>"
            f"<p>After {plural(self._comparisons_seen, 'comparison')}:</p><ul>{rows}</ul>"
            "<p>Play again with the same or new settings: open <b>New game ⚙</b> below.</p></div>"
        )
        return [html_widget("tt-over", body)]

    def _render_arena(self) -> None:
        text, kind = self._result_sentence()
        self._result.value = f'<span class="tt-result-{kind}">{esc(text)}</span>' if text else ""
        if not self._last:
            view = self._public_view()
            self._comparison.value = (
                f'<div class="tt-panel">No cards revealed yet. {esc(self._names[view.chooser])} '
                f"{'choose' if self._names[view.chooser] == 'You' else 'chooses'} first (rule C3).</div>"
            )
            return
        deck = self._rules.deck
        revealed = self._last[0]
        assert isinstance(revealed, Revealed)
        shown = sorted(revealed.cards)  # seat order, so each player keeps their place
        winners = [
            i for i, (seat, _) in enumerate(shown) if any(isinstance(e, Won) and e.seat == seat for e in self._last)
        ]
        tie = any(isinstance(e, Tied) for e in self._last)
        count = len(shown)
        # Up to four cards sit beside the player's card; five or six need the full width, so the
        # arena asks for it and wraps under the card (a projector must show every card readably).
        total = max(COMPARISON_WIDTH_PX, ARENA_CARD_PX * count)
        self._arena.layout.min_width = f"{total}px" if count > COMPARISON_CARDS_BESIDE else "360px"
        width = int(svg.CARD_WIDTH_PX * total / (count * svg.CARD_WIDTH_PX + (count + 1) * 24))
        picture = svg.comparison(
            [(self._names[seat], deck.cards[card]) for seat, card in shown],
            revealed.category,
            winners=winners,
            tie=tie,
            width_px=max(80, min(width, 300)),
        )
        self._comparison.value = str(picture)

    def _render_log(self) -> None:
        self._log_view.value = log_html(self._log, "Game log, newest first")

    # -- the boundary's snapshot -----------------------------------------------------------------------

    def _snapshot(self) -> Callable[[], None]:
        """Returns a function that puts the table and its game back as they are now.

        The match is put back by replaying its first actions into a fresh
        `Match` (same rules, strategies and seed, so every chance outcome and
        computer choice comes out the same); nothing else of the match is kept.
        """
        match, count = self._match, len(self._match.actions)
        saved = (list(self._log), self._last, self._comparisons_seen, self._viewer, self._settings, self._names)
        controls = {name: widget.value for name, widget in self._control_map.items()}

        def restore() -> None:
            current = {name: widget.value for name, widget in self._control_map.items()}
            if self._match is match and len(match.actions) == count and current == controls and self._log == saved[0]:
                return  # the handler failed before changing anything
            if self._match is not match or len(match.actions) != count:
                self._match = match if len(match.actions) == count else Match.from_record(
                    match.record, match.strategies, upto=count, max_actions=match.max_actions
                )
            self._log, self._last, self._comparisons_seen, self._viewer, self._settings, self._names = saved
            for name, value in controls.items():
                if self._control_map[name].value != value:
                    self._control_map[name].value = value
            self._render()  # if drawing itself is broken this fails again; the boundary logs it

        return restore

    # -- new-game controls ---------------------------------------------------------------------------

    def _settings_of(self, match: Match, base: TableSettings | None) -> TableSettings:
        """Returns the settings that describe `match` (its deck becomes the table's own)."""
        rules = match.rules
        assert isinstance(rules, ClassicRules)
        self._own_deck = rules.deck
        computers = [s for s in match.strategies if not isinstance(s, Human)]
        difficulty = base.difficulty if base is not None else "medium"
        if base is None and computers:
            for name, strategy in DIFFICULTIES.items():
                if type(strategy) is type(computers[0]):
                    difficulty = name
                    break
        seed = match.seed if isinstance(match.seed, int) and 0 <= match.seed <= SEED_MAX else DEFAULT_SEED
        options = {k: v for k, v in rules.options().items() if k in _RULE_OPTIONS}
        return TableSettings(
            deck=OWN_DECK,
            seats=rules.seats,
            humans=max(1, len(match.humans)),
            difficulty=difficulty,
            seed=seed,
            **options,
        )

    def _deck_values(self) -> tuple[str, ...]:
        return (*((OWN_DECK,) if self._own_deck is not None else ()), *self._bundled)

    def _build_controls(self, settings: TableSettings) -> None:
        wide = {"description_width": "initial"}
        deck = deck_dropdown(
            settings.deck, own=self._own_deck, own_note="this game's deck", tooltip="Which deck of cards to play with"
        )
        seats = number_dropdown(
            "Players (seats)",
            range(MIN_SEATS, MAX_SEATS + 1),
            settings.seats,
            "How many players sit at the table, people and computers (rule C1)",
        )
        humans = number_dropdown(
            "People (hot seat if 2+)",
            range(1, MAX_SEATS + 1),
            settings.humans,
            "How many of the players are people; the rest are computers",
        )
        difficulty = ipw.Dropdown(
            options=list(DIFFICULTIES),
            value=settings.difficulty,
            description="Computer level",
            tooltip="easy: random; medium: best value; hard: best rank; expert: counts cards exactly",
            style=wide,
        )
        seed = seed_text(settings.seed, what="deals the same game")
        leftover = rule_toggle(
            "leftover",
            "C2",
            ("deal_all", "set_aside"),
            settings.leftover,
            ("Deal every card; stacks differ by at most one", "Deal equal stacks and set the rest aside"),
        )
        collect = rule_toggle(
            "collect_order",
            "C4",
            ("fixed", "shuffled"),
            settings.collect_order,
            ("Won cards go under in a fixed order", "Won cards are shuffled before going under"),
        )
        no_data = rule_toggle(
            "no_data",
            "C6",
            ("tie", "loses"),
            settings.no_data,
            ("A card with no data makes the comparison a tie", "A card with no data cannot win"),
        )
        look_on, look_n = _optional_number(
            "look_at_last (C10; default off)",
            "With this many cards or fewer, a player looks at them all and picks which to play",
            settings.look_at_last,
            LOOK_AT_LAST_DEFAULT,
            ("cards", "look_at_last: how many cards or fewer (2 or more; usually 3)", "200px"),
        )
        limit_on, limit_n = _optional_number(
            "round_limit (C11; default off)",
            "After this many comparisons, the player holding the most cards wins",
            settings.round_limit,
            ROUND_LIMIT_DEFAULT,
            ("comparisons", "round_limit: how many comparisons (1 or more)", "240px"),
        )
        self._new_button = big_button("New game", "Start a new game with these settings", primary=True)
        self._new_button.on_click(lambda _button: self.new_game())
        self._control_map: dict[str, ipw.ValueWidget] = {
            "deck": deck,
            "seats": seats,
            "humans": humans,
            "difficulty": difficulty,
            "seed": seed,
            "leftover": leftover,
            "collect_order": collect,
            "no_data": no_data,
            "look_at_last_on": look_on,
            "look_at_last": look_n,
            "round_limit_on": limit_on,
            "round_limit": limit_n,
        }
        self._controls_box = ipw.VBox(
            [
                ipw.HBox([deck, seats, humans], layout=ipw.Layout(flex_flow="row wrap")),
                ipw.HBox([difficulty, seed], layout=ipw.Layout(flex_flow="row wrap")),
                html_widget("tt-heading-box", '<div class="tt-heading">Rule options (RULES.md names)</div>'),
                leftover,
                collect,
                no_data,
                ipw.HBox([look_on, look_n], layout=ipw.Layout(align_items="center")),
                ipw.HBox([limit_on, limit_n], layout=ipw.Layout(align_items="center")),
                self._new_button,
            ]
        )
        self._controls_box.add_class("tt-settings")

    def _settings_from_controls(self) -> TableSettings:
        c = self._control_map
        return TableSettings(
            deck=c["deck"].value if c["deck"].value is not None else "",
            seats=c["seats"].value,
            humans=c["humans"].value,
            difficulty=c["difficulty"].value,
            seed=c["seed"].value,
            leftover=c["leftover"].value,
            collect_order=c["collect_order"].value,
            no_data=c["no_data"].value,
            look_at_last=c["look_at_last"].value if c["look_at_last_on"].value else None,
            round_limit=c["round_limit"].value if c["round_limit_on"].value else None,
        )

    def _set_controls(self, settings: TableSettings) -> None:
        c = self._control_map
        values: dict[str, Any] = {
            "deck": settings.deck,
            "seats": settings.seats,
            "humans": settings.humans,
            "difficulty": settings.difficulty,
            "seed": settings.seed,
            "leftover": settings.leftover,
            "collect_order": settings.collect_order,
            "no_data": settings.no_data,
            "look_at_last_on": settings.look_at_last is not None,
            "round_limit_on": settings.round_limit is not None,
        }
        if settings.look_at_last is not None:
            values["look_at_last"] = settings.look_at_last
        if settings.round_limit is not None:
            values["round_limit"] = settings.round_limit
        for name, value in values.items():
            if c[name].value != value:
                c[name].value = value


# -- helpers ----------------------------------------------------------------------------------------

_RULE_DEFAULTS: Mapping[str, object] = MappingProxyType(
    {f.name: f.default for f in fields(TableSettings) if f.name in _RULE_OPTIONS}
)


def _check_option_names(options: Mapping[str, object]) -> None:
    unknown = sorted(set(options) - set(_RULE_OPTIONS))
    if unknown:
        raise RuleOptionError(f"unknown rule option {unknown[0]!r}; expected one of {', '.join(_RULE_OPTIONS)}")


def _optional_number(
    description: str, tooltip: str, value: int | None, default: int, number: tuple[str, str, str]
) -> tuple[ipw.Checkbox, ipw.IntText]:
    """Returns the switch of a rule option that is off by default, and the box for its number.

    `number` is the box's description, tooltip and width; it shows `value`,
    or `default` while the option is off.
    """
    wide = {"description_width": "initial"}
    switch = ipw.Checkbox(
        value=value is not None,
        description=description,
        tooltip=tooltip,
        indent=False,
        style=wide,
        layout=ipw.Layout(width="auto"),
    )
    label, hint, width = number
    box = ipw.IntText(
        value=value or default, description=label, tooltip=hint, layout=ipw.Layout(width=width), style=wide
    )
    return switch, box


def _card_head(card: Card, hint: str) -> str:
    """Returns the top of a playable card: name band, quartet code, picture, fact, hint."""
    code = f'<span class="tt-card-code" aria-label="quartet code">{esc(card.code)}</span>' if card.code else ""
    picture = card.picture.strip()
    is_image = picture.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"))
    if is_image:
        art = f'<img src="{esc(picture)}" alt="{esc(card.name)}" style="max-height:110px">'
    else:
        art = f'<span role="img" aria-label="picture of {esc(card.name)}">{esc(picture)}</span>' if picture else ""
    fact = f'<div class="tt-card-fact">{esc(card.fact)}</div>' if card.fact.strip() else ""
    return (
        f'<div class="tt-card-name"><span>{esc(card.name)}</span>{code}</div>'
        + (f'<div class="tt-card-picture">{art}</div>' if art else "")
        + fact
        + f'<div class="tt-card-hint">{esc(hint)}</div>'
    )
