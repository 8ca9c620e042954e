"""Plain-text transcripts of seeded games: the rules, every action with who took it, the outcome.

A transcript (as open_spiel keeps its playthroughs) is a readable record of
one game: the rules and the start, then, for every action, who took it (a
seat, chance, or the judge), what the acting seat could see when it decided,
and the narration of what followed (`toptrumps_core.narration`), then the
outcome.  The same rules, players and seed always give the same transcript,
so a transcript kept under version control (``tests/golden/*.txt``, written
by ``scripts/playthroughs.py``) shows any change of behaviour as a diff.

    >>> from toptrumps_core.cards import Category, Deck
    >>> from toptrumps_core.classic import ClassicRules
    >>> d = Deck.from_rows("D", [Category("Speed", "km/h"), Category("Legs")], {"Ant": [3, 6], "Bat": [5, 2]})
    >>> text = transcript(ClassicRules(d, seats=2), seed=1)
    >>> print(text.splitlines()[-1])
    Outcome: last_stack; winners: Seat 0

`specimens` lists one seeded game for every game family the core registers
with the record codec (classic play, Hi Lo, the tournament, each mini-game
and the Finale), on the bundled decks, with the default computer players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from toptrumps_core.cards import Deck
from toptrumps_core.classic import ClassicRules, ClassicView
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.narration import Narrator, QuizNarrator, SquadsNarrator, value_words
from toptrumps_core.play import SeatPlayer, play
from toptrumps_core.protocol import CHANCE, JUDGE, SIMULTANEOUS, TERMINAL, Event, Game
from toptrumps_core.quiz import QuizRules, QuizView
from toptrumps_core.squads import SquadsRules, SquadsView
from toptrumps_core.tournament.arena import ArenaRules
from toptrumps_core.tournament.finale import FinaleRules
from toptrumps_core.tournament.game import HiLoGame, TournamentRules
from toptrumps_core.tournament.grab_two_pins import GrabTwoPinsRules
from toptrumps_core.tournament.head_to_head import HeadToHeadRules
from toptrumps_core.tournament.hilo import HiLoRules, HiLoView
from toptrumps_core.tournament.my_game import MyGameRules
from toptrumps_core.tournament.shoot_out import ShootOutRules
from toptrumps_core.tournament.steal_a_pin import StealAPinRules
from toptrumps_core.tournament.view import TournamentView

__all__ = ["Specimen", "specimens", "transcript"]

_ACTORS = {CHANCE: "chance", SIMULTANEOUS: "every listed seat", JUDGE: "the judge", TERMINAL: "nobody"}


@dataclass(frozen=True)
class Specimen:
    """One seeded game to write a transcript of.

    Attributes:
        name: A short name, used as the transcript's file name
            (``tests/golden/<name>.txt``).
        rules: The rules of the game.
        seed: The match seed (chance and every computer seat draw from it).
        players: One player per seat, or None for the default computer
            player of the game family in every seat.
        start: A scenario start state, or None for the rules' initial state.
        start_events: The events of reaching `start` (a mini-game begun on
            a scenario table, whose start may already award pins).
        note: What the game shows, one line for the transcript's header.
    """

    name: str
    rules: Game
    seed: int
    players: Sequence[SeatPlayer] | None = None
    start: Any = field(default=None, repr=False)
    start_events: tuple[Event, ...] = ()
    note: str = ""

    def transcript(self) -> str:
        """Returns the transcript of this game (see `transcript`)."""
        return transcript(
            self.rules,
            self.players,
            seed=self.seed,
            start=self.start,
            start_events=self.start_events,
            title=self.name,
            note=self.note,
        )


def specimens() -> tuple[Specimen, ...]:
    """Returns one seeded game for every game family and mini-game of the core.

    Every family registered with the record codec has one, named after it
    (classic, hilo, tournament, arena_hilo, head_to_head, my_game,
    shoot_out, steal_a_pin, grab_two_pins, finale, squads, quiz); they play on the
    bundled decks with the default computer players.

    Raises:
        DeckError: If a bundled deck cannot be loaded.
    """
    animals, dinosaurs, planets = load_deck("animals"), load_deck("dinosaurs"), load_deck("planets_and_moons")
    arena = (
        animals,
        dinosaurs,
        planets,
        load_deck("mountains"),
        load_deck("countries"),
        load_deck("chemical_elements"),
    )
    hilo = HiLoRules(planets)
    steal = StealAPinRules(arena, seats=3)
    grab = GrabTwoPinsRules(arena, seats=3)
    grabbed = grab.begin(grab.scenario_table(pins=[0, 8, 2], active=1))
    return (
        Specimen("classic", ClassicRules(animals, seats=3), seed=7, note="Classic Top Trumps, three seats (C1-C12)."),
        Specimen(
            "hilo",
            hilo,
            seed=3,
            start=hilo.initial_state(shuffled=True),
            note="Hi Lo on its own, the whole deck shuffled first (T12).",
        ),
        Specimen(
            "tournament",
            TournamentRules(arena, seats=3, track_length=3),
            seed=2,
            note="A whole tournament on short tracks of 3 pins (T1-T16).",
        ),
        Specimen("arena_hilo", HiLoGame(arena, seats=3), seed=4, note="Hi Lo inside the arena (T12)."),
        Specimen("head_to_head", HeadToHeadRules(arena, seats=3), seed=4, note="Head to Head (T9)."),
        Specimen("my_game", MyGameRules(arena, seats=3), seed=1, note="My Game (T10)."),
        Specimen("shoot_out", ShootOutRules(arena, seats=4), seed=4, note="Shoot Out, four seats (T11)."),
        Specimen(
            "steal_a_pin",
            steal,
            seed=1,
            start=steal.start_from(pins=[1, 3, 2], active=0),
            note="Steal a Pin with pins on every track (T13).",
        ),
        Specimen(
            "grab_two_pins",
            grab,
            seed=1,
            start=grabbed.state,
            start_events=grabbed.events,
            note="Grab 2 Pins onto a track with room for one: the mini-game is over as it begins (T14).",
        ),
        Specimen(
            "finale",
            FinaleRules(arena, seats=6, supply=60),
            seed=6,
            start=_finale_start(FinaleRules(arena, seats=6, supply=60)),
            note="The Finale of six players on 9, 8, 8, 8, 8, 8 pins: the last dealt gets fewer (T16).",
        ),
        Specimen(
            "squads",
            SquadsRules(animals, seats=3, tokens_to_win=6),
            seed=3,
            note="Top Trump Squads, three seats building at once, to 6 tokens (S1-S7).",
        ),
        Specimen(
            "quiz",
            QuizRules(chart_set="Set 1"),
            seed=3,
            note="A whole Top Ten Quiz of set 1 between two computer teams (Q1-Q13).",
        ),
    )


def transcript(
    rules: Game,
    players: Sequence[SeatPlayer] | None = None,
    *,
    seed: int,
    start: Any = None,
    start_events: Sequence[Event] = (),
    names: Sequence[str] | None = None,
    title: str | None = None,
    note: str = "",
) -> str:
    """Returns the transcript of one seeded game between computer players.

    Args:
        rules: The rules of the game.
        players: One player per seat; None for the default computer player
            in every seat.
        seed: The match seed.
        start: A scenario start state, or None for the rules' initial state.
        start_events: The events of reaching `start`, narrated under it.
        names: One name per seat for the narration; None: "Seat 0", ...
        title: The first line; None uses the rules' family.
        note: One line under the title saying what the game shows.

    Returns:
        Plain text, one line per fact, ending in a newline.

    Raises:
        RuleOptionError: If `players` are not valid for the rules.
    """
    record = play(rules, players, seed=seed, start=start)
    narrator: Narrator | SquadsNarrator | QuizNarrator
    if isinstance(rules, SquadsRules):
        narrator = SquadsNarrator(rules, names)
    elif isinstance(rules, QuizRules):
        narrator = QuizNarrator(rules, names)
    else:
        narrator = Narrator(rules, names, **_scenario_context(start))
    family = str(getattr(rules, "family", type(rules).__name__))
    heading = title or family
    lines = [heading, "=" * len(heading)]
    if note:
        lines.append(note)
    lines += ["", *_rules_lines(rules, family), f"Seed: {seed}"]
    lines.append(f"Players: {_players(players)}")
    lines.append(f"Start: {'a scenario start' if start is not None else 'the initial state'}")
    if start_events:
        lines.append("  reached by:")
        lines += [f"   {sentence}" for sentence in narrator.narrate_all(start_events)]
    if start is not None:
        lines += [f"  {line}" for line in _state_lines(start)]
    state = rules.initial_state() if start is None else start
    for number, action in enumerate(record.actions, start=1):
        actor = rules.actor(state)
        who = narrator.names[actor] if isinstance(actor, int) else _ACTORS.get(actor, repr(actor))
        lines += ["", f"{number}. {who}: {_action_text(action)}"]
        if isinstance(actor, int):
            seen = _view_text(rules.observe(state, actor), narrator)
            if seen:
                lines.append(f"   sees: {seen}")
        step = rules.apply(state, action)
        state = step.state
        lines += [f"   {sentence}" for sentence in narrator.narrate_all(step.events)]
    outcome = record.outcome
    lines.append("")
    if outcome is None:
        lines.append("Outcome: none (the game is still going)")
    else:
        winners = ", ".join(narrator.names[s] for s in sorted(outcome.winners)) or "nobody"
        lines.append(f"Outcome: {outcome.termination.value}; winners: {winners}")
    return "\n".join(lines) + "\n"


# -- pieces ---------------------------------------------------------------------------


def _finale_start(rules: FinaleRules) -> Any:
    """Returns the Finale after its deck spin and shuffle, on 9, 8, 8, 8, 8, 8 pins (T16)."""
    return rules.start_from(pins=[8, 8, 9, 8, 8, 8], opening=1)


def _scenario_context(start: Any) -> dict[str, Any]:
    """Returns the opening and active player a narrator needs for a scenario start, if any."""
    if start is None:
        return {}
    context: dict[str, Any] = {}
    opening = getattr(start, "opening", None)
    if isinstance(opening, int):
        context["opening"] = opening
    table = getattr(start, "table", None)
    if table is not None:
        context["active"] = table.active
    return context


def _rules_lines(rules: Game, family: str) -> list[str]:
    version = getattr(rules, "rules_version", None)
    lines = [f"Rules: {type(rules).__name__} (family {family!r}, rules version {version}), {rules.seats} seats"]
    options = rules.options() if hasattr(rules, "options") else {}
    shown = {k: v for k, v in options.items() if k not in ("openings", "arena_decks")}
    if shown:
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in shown.items()))
    if isinstance(rules, ArenaRules):
        for opening, deck in enumerate(rules.openings):
            lines.append(f"Deck {opening + 1}: {_deck_line(deck)}")
    else:
        single = getattr(rules, "deck", None)
        if isinstance(single, Deck):
            lines.append(f"Deck: {_deck_line(single)}")
    return lines


def _deck_line(deck: Deck) -> str:
    categories = ", ".join(
        f"{c.name}{f' ({c.unit})' if c.unit else ''}{'' if c.higher_is_better else ' lower is better'}"
        for c in deck.categories
    )
    return f"{deck.name}, {len(deck.cards)} cards; {categories}"


def _players(players: Sequence[SeatPlayer] | None) -> str:
    if players is None:
        return "the default computer player of the game in every seat"
    return ", ".join(f"{seat}: {player!r}" for seat, player in enumerate(players))


def _state_lines(state: Any) -> list[str]:
    """Returns the public facts of a scenario start: pins, the opening, the active player."""
    out = []
    table = getattr(state, "table", None)
    if table is not None:
        out.append(f"pins on the tracks: {list(table.pins.tracks)}; active player: seat {table.active}")
    opening = getattr(state, "opening", None)
    if opening is not None:
        out.append(f"opening in use: deck {opening + 1}")
    hands = getattr(getattr(state, "play", None), "hands", None)
    if hands is not None:
        out.append(f"cards in hand: {[len(hand) for hand in hands]}")
    return out


def _action_text(action: Any) -> str:
    """Returns an action as its class and fields: ``ChooseCategory(category=2)``."""
    if is_dataclass(action) and not isinstance(action, type):
        inner = ", ".join(f"{f.name}={_short(getattr(action, f.name))}" for f in fields(action))
        return f"{type(action).__name__}({inner})"
    return repr(action)


def _short(value: Any) -> str:
    if isinstance(value, tuple) and len(value) > 12:
        return f"({', '.join(map(str, value[:12]))}, ... {len(value)} in all)"
    return repr(value)


def _view_text(view: Any, narrator: Narrator | SquadsNarrator | QuizNarrator) -> str:
    """Returns what the acting seat could see, in a line (its top card, the counts)."""
    match view:
        case ClassicView():
            card = _card_text(view.deck, view.stack[0]) if view.stack else "no card"
            return f"top card {card}; stacks {list(view.stack_sizes)}; pot {len(view.pot)}"
        case TournamentView():
            if view.hilo is not None:
                return _view_text(view.hilo, narrator)
            parts = []
            if view.stack and view.deck is not None:
                parts.append(f"top card {_card_text(view.deck, view.stack[0])}")
            if view.hand_sizes:
                parts.append(f"hands {list(view.hand_sizes)}")
            parts.append(f"tracks {list(view.tracks)}")
            return "; ".join(parts)
        case SquadsView():
            return f"round {view.round}; tokens {list(view.scores)}"
        case QuizView():
            turned = ", ".join(str(rank) for rank, _ in view.turned) or "none"
            points = [sum(tiles) for tiles in view.won]
            return f"round {view.round}; middle {list(view.middle)}; points {points}; turned {turned}"
        case HiLoView():
            row = ", ".join("face down" if c is None else view.deck.cards[c].name for c in view.faces)
            category = "none yet" if view.category is None else view.deck.categories[view.category].name
            return f"row [{row}]; category {category}; pins {view.pins}"
        case _:
            return ""


def _card_text(deck: Deck, card: int) -> str:
    values = ", ".join(
        f"{category.name} {value_words(category, value)}"
        for category, value in zip(deck.categories, deck.cards[card].values, strict=True)
    )
    return f"{deck.cards[card].name} ({values})"
