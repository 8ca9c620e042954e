"""Plain-text transcripts of seeded games: the rules, every action with who took it, the outcome.

A transcript (as open_spiel keeps its playthroughs) is a readable record of
one game: the rules and the start, then, for every action, who took it (a
seat, chance, or the judge), what the acting seat could see when it decided,
and the narration of what followed (`toptrumps_core.narration`), each
sentence followed by the IDs of the rules it applies in brackets ("[C4]")
where its narrator gives them, then the outcome.  The same rules, players and seed always give the same transcript,
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
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Protocol, runtime_checkable

from toptrumps_core.cards import Deck
from toptrumps_core.chance import DEFAULT_SEED_SCHEME, SeedScheme
from toptrumps_core.families import BUILT_IN, GameFamily, Playthrough, SeatNarrator, get_game
from toptrumps_core.narration.words import Sentence
from toptrumps_core.play import SeatPlayer, play
from toptrumps_core.protocol import CHANCE, JUDGE, SIMULTANEOUS, TERMINAL, AnyGame, Event

__all__ = ["Specimen", "specimens", "transcript"]

_ACTORS = {CHANCE: "chance", SIMULTANEOUS: "every listed seat", JUDGE: "the judge", TERMINAL: "nobody"}


@runtime_checkable
class _CitesRules(Protocol):
    """A narrator that also gives the rules each sentence applies (the core's narrators do)."""

    def tell_all(self, events: Sequence[Event]) -> list[Sentence]: ...


def _sentences(narrator: SeatNarrator, events: Sequence[Event]) -> list[str]:
    """Returns one line per event: the sentence, then its rule IDs in brackets where the narrator gives them."""
    if isinstance(narrator, _CitesRules):
        return [sentence.cited() for sentence in narrator.tell_all(events)]
    return narrator.narrate_all(events)


@dataclass(frozen=True)
class Specimen(Playthrough):
    """One seeded game to write a transcript of: a family's `Playthrough` that writes its own.

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

    def transcript(self, seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME) -> str:
        """Returns the transcript of this game (see `transcript`), its streams drawn by `seed_scheme`."""
        return transcript(
            self.rules,
            self.players,
            seed=self.seed,
            seed_scheme=seed_scheme,
            start=self.start,
            start_events=self.start_events,
            title=self.name,
            note=self.note,
        )


def specimens() -> tuple[Specimen, ...]:
    """Returns the seeded games of every game family of the core, as each family sets them up.

    One game per family of `toptrumps_core.families.BUILT_IN`, named after
    it, in that order; they play on the bundled decks with the default
    computer players.

    Raises:
        DeckError: If a bundled deck cannot be loaded.
    """
    out = []
    for name in BUILT_IN:
        for game in get_game(name).load_playthroughs():
            out.append(Specimen(**{f.name: getattr(game, f.name) for f in fields(Playthrough)}))
    return tuple(out)


def transcript(
    rules: AnyGame,
    players: Sequence[SeatPlayer[Any]] | None = None,
    *,
    seed: int,
    seed_scheme: SeedScheme = DEFAULT_SEED_SCHEME,
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
        seed_scheme: How the streams come from the seed
            (`toptrumps_core.chance.SEED_SCHEMES`).
        start: A scenario start state, or None for the rules' initial state.
        start_events: The events of reaching `start`, narrated under it.
        names: One name per seat for the narration; None: "Seat 0", ...
        title: The first line; None uses the rules' family.
        note: One line under the title saying what the game shows.

    Returns:
        Plain text, one line per fact, ending in a newline.

    Raises:
        RuleOptionError: If `players` are not valid for the rules.
        ValueError: If the rules' ``family`` is not a registered game family.
        LookupError: If the family has no narrator.
    """
    record = play(rules, players, seed=seed, start=start, seed_scheme=seed_scheme)
    game = _game_family(rules)
    narrator = game.make_narrator(rules, names, start)
    family = game.name
    heading = title or family
    lines = [heading, "=" * len(heading)]
    if note:
        lines.append(note)
    lines += ["", *_rules_lines(rules, family), f"Seed: {seed}"]
    lines.append(f"Players: {_players(players)}")
    lines.append(f"Start: {'a scenario start' if start is not None else 'the initial state'}")
    if start_events:
        lines.append("  reached by:")
        lines += [f"   {sentence}" for sentence in _sentences(narrator, start_events)]
    if start is not None:
        lines += [f"  {line}" for line in _state_lines(start)]
    state = rules.initial_state() if start is None else start
    for number, action in enumerate(record.actions, start=1):
        actor = rules.actor(state)
        who = narrator.names[actor] if isinstance(actor, int) else _ACTORS.get(actor, repr(actor))
        lines += ["", f"{number}. {who}: {_action_text(action)}"]
        if isinstance(actor, int):
            seen = game.describe_view(rules.observe(state, actor))
            if seen:
                lines.append(f"   sees: {seen}")
        step = rules.apply(state, action)
        state = step.state
        lines += [f"   {sentence}" for sentence in _sentences(narrator, step.events)]
    outcome = record.outcome
    lines.append("")
    if outcome is None:
        lines.append("Outcome: none (the game is still going)")
    else:
        winners = ", ".join(narrator.names[s] for s in sorted(outcome.winners)) or "nobody"
        lines.append(f"Outcome: {outcome.termination.value}; winners: {winners}")
    return "\n".join(lines) + "\n"


# -- pieces ---------------------------------------------------------------------------


def _game_family(rules: AnyGame) -> GameFamily:
    """Returns the registered game family of `rules` (its ``family``, its wire name)."""
    name = getattr(rules, "family", None)
    if not isinstance(name, str):
        raise ValueError(f"{type(rules).__name__} names no game family; a transcript needs a registered one")
    return get_game(name)


def _rules_lines(rules: AnyGame, family: str) -> list[str]:
    version = getattr(rules, "rules_version", None)
    lines = [f"Rules: {type(rules).__name__} (family {family!r}, rules version {version}), {rules.seats} seats"]
    options = rules.options() if hasattr(rules, "options") else {}
    shown = {k: v for k, v in options.items() if k not in ("openings", "arena_decks")}
    if shown:
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in shown.items()))
    openings = getattr(rules, "openings", None)
    if isinstance(openings, tuple) and all(isinstance(deck, Deck) for deck in openings):
        for opening, deck in enumerate(openings):
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


def _players(players: Sequence[SeatPlayer[Any]] | None) -> str:
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
