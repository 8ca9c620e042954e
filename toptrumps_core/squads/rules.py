"""The rules of Top Trump Squads: deal, missions, building, scoring, rounds (rules S1-S7).

Rules card:

- `SquadsRules` holds the deck, the seat count (2 or more, S1), the prepared
  missions the makers choose from (default: the missions bundled for the
  deck, `toptrumps_core.squads.mission_files`) and ``tokens_to_win`` (S7:
  10; fewer for a short classroom game).
- A round (S6): chance shuffles the whole deck (`Shuffle`); each seat is
  dealt k cards face down, one at a time around the table from seat 0, in
  slots 0..k-1, slot i standing for category i (S1); k is the deck's
  category count, so the deck needs seats x k cards.
- The round's mission maker (seat 0 first, then going left each round, S2)
  sets the mission: a prepared one or any valid mission (`ChooseMission`).
- Building (S3) is a `SIMULTANEOUS` node: every seat whose squad is not yet
  built submits one move at a time, `PickUp(slot)` of a face-down card when
  its hand is empty, or `Place(slot)` of the card in hand into the empty slot
  it came from or onto a face-down card (which it then holds).  Face-up
  cards never move; a seat's squad is built when all k slots are face up.
  Each seat sees only its own row (`observe`).
- Scoring (S4, S5), slot by slot left to right, only the three mission slots:
  the best card by the slot's goal wins its tokens, every card tied for best
  too; no data never wins; if nobody has data, nobody scores.
- The end (S7): after a round in which anyone has ``tokens_to_win`` or more,
  the highest score wins; an equal highest score is a tie.
- Records (`to_data`, `from_data`) write the deck, the seats, the option and
  the missions; scenario starts (`start_from`) begin a round from named cards.

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toptrumps_core.cards import Deck, ScenarioCards
from toptrumps_core.checks import whole_number
from toptrumps_core.errors import IllegalActionError, RecordError, RuleOptionError
from toptrumps_core.events import GameEnded
from toptrumps_core.options import check_options, option, option_values, options_from_data
from toptrumps_core.probability.settle import best_cards
from toptrumps_core.protocol import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Actor,
    Distribution,
    Event,
    NodeKind,
    Outcome,
    Seat,
    Shuffle,
    SimultaneousGame,
    Transition,
    UniformPermutation,
    check_chance,
    check_joint,
    check_seat,
)
from toptrumps_core.record import card_game_data, card_game_parts, check_rules_version, decode, encode
from toptrumps_core.squads.events import (
    CardPickedUp,
    CardPlaced,
    MissionChosen,
    RoundScored,
    SlotScored,
    SquadBuilt,
    SquadsDealt,
    SquadsRevealed,
)
from toptrumps_core.squads.mission_files import bundled_missions
from toptrumps_core.squads.missions import Mission, MissionError, check_mission
from toptrumps_core.squads.state import (
    ChooseMission,
    PickUp,
    Place,
    RoundReveal,
    SquadRow,
    SquadsDecision,
    SquadsEnd,
    SquadsPhase,
    SquadsState,
    SquadsView,
)

__all__ = ["MIN_CATEGORIES", "MIN_SEATS", "RULES_VERSION", "TOKENS_TO_WIN", "SquadsRules"]

RULES_VERSION = 1
MIN_SEATS = 2  # rule S1
MIN_CATEGORIES = 3  # a mission names three different categories (S2)
TOKENS_TO_WIN = 10  # rule S7


@dataclass(frozen=True)
class SquadsRules(SimultaneousGame[SquadsState, SquadsDecision, SquadsView]):
    """The rules of one game of Squads (S1-S7).

    Attributes:
        deck: The deck; it needs 3 or more categories (S2) and at least
            seats x categories cards (S1).
        seats: Number of players, 2 or more (S1).
        missions: The prepared missions a mission maker chooses from; None
            (default) for the missions bundled for the deck.  Kept as a
            tuple, each checked against the deck.
        tokens_to_win: The tokens that end the game at the end of a round
            (S7: 10); a whole number >= 1.

    Raises:
        RuleOptionError: If the deck is not a `Deck` or has fewer than three
            categories, the seats are not a whole number >= 2, the deck is
            too small for the players (the message names the deck, the
            players and the cards), `tokens_to_win` is not a whole number
            >= 1, or no missions are given for a deck without bundled ones.
        MissionError: If a mission is not valid for the deck.

    Example:
        >>> from toptrumps_core.deckfiles import load_deck
        >>> rules = SquadsRules(load_deck("animals"), seats=3)
        >>> rules.cards_each, len(rules.missions) >= 5
        (4, True)
    """

    node_kinds: ClassVar[frozenset[NodeKind]] = frozenset({NodeKind.SIMULTANEOUS, NodeKind.CHANCE})

    family: ClassVar[str] = "squads"
    rules_version: ClassVar[int] = RULES_VERSION

    deck: Deck
    seats: int = 3
    missions: tuple[Mission, ...] | None = None
    tokens_to_win: int = option(
        "S7",
        default=TOKENS_TO_WIN,
        low=1,
        label="Tokens to win",
        help="The game ends after a round in which a player has this many tokens",
    )

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            raise RuleOptionError(f"deck must be a Deck (see load_deck); got {self.deck!r}")
        k = len(self.deck.categories)
        if k < MIN_CATEGORIES:
            raise RuleOptionError(
                f"deck {self.deck.name!r} has {k} categories; a Squads mission needs {MIN_CATEGORIES} (rule S2)"
            )
        whole_number(self.seats, "seats", low=MIN_SEATS, rule="S1", error=RuleOptionError)
        if self.seats * k > len(self.deck.cards):
            raise RuleOptionError(
                f"deck {self.deck.name!r} has {len(self.deck.cards)} cards, too few for {self.seats} players "
                f"of {k} cards each ({self.seats * k} needed, rule S1)"
            )
        check_options(self)
        missions = bundled_missions(self.deck) if self.missions is None else self.missions
        if isinstance(missions, (str, Mission)) or not isinstance(missions, Sequence):
            raise RuleOptionError(f"missions must be a list of Mission; got {missions!r:.80}")
        if not missions:
            raise RuleOptionError(
                f"deck {self.deck.name!r} has no prepared missions: pass missions=[Mission(...), ...] (rule S2)"
            )
        checked = tuple(check_mission(m, self.deck, label=f"#{n}") for n, m in enumerate(missions, start=1))
        object.__setattr__(self, "missions", checked)

    # -- options and records ----------------------------------------------------

    @property
    def cards_each(self) -> int:
        """Returns k, the cards dealt to each seat: one per category (S1)."""
        return len(self.deck.categories)

    @property
    def mission_list(self) -> tuple[Mission, ...]:
        """Returns the prepared missions (never None once built)."""
        assert self.missions is not None
        return self.missions

    def options(self) -> dict[str, Any]:
        """Returns the rule options by name (deck, seats and missions excluded; `option_values`)."""
        return option_values(self)

    def to_data(self) -> dict[str, Any]:
        """Returns the rules as record data: seats, options, deck, and the missions."""
        data = card_game_data(self.deck, self.seats, self.options())
        data["missions"] = encode(self.mission_list)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, rules_version: int = RULES_VERSION) -> SquadsRules:
        """Returns the rules that `to_data` wrote, playing version `rules_version` (only 1).

        Raises:
            RecordError: If a part is missing or not valid, or the version is not played.
            RuleOptionError: If the seats, an option or a mission is not valid.
        """
        check_rules_version(rules_version, (RULES_VERSION,), cls.family)
        deck, seats, options = card_game_parts(data)
        if "missions" not in data:
            raise RecordError("the record's \"rules\" has no 'missions' (the prepared missions)")
        missions = decode(data["missions"])
        return cls(deck, seats, missions=missions, **options_from_data(cls, options))

    # -- starts -------------------------------------------------------------------

    def initial_state(self) -> SquadsState:
        """Returns the state before the first shuffle (actor: CHANCE)."""
        return SquadsState(SquadsPhase.SHUFFLE, 0, 0, None, (), (0,) * self.seats)

    def start_from(
        self,
        *,
        rows: Sequence[Sequence[str]],
        mission: Mission | str | None = None,
        scores: Sequence[int] | None = None,
        maker: Seat = 0,
        round: int = 1,
    ) -> SquadsState:
        """Returns a scenario start: a round dealt from named cards, face down.

        Args:
            rows: One list of k card names per seat, slot 0 first.
            mission: The round's mission (a `Mission`, or the title of a
                prepared one); None to let the maker choose it first.
            scores: Tokens per seat so far; None for none.
            maker: The round's mission maker.
            round: The round's number, from 1.

        Raises:
            RuleOptionError: If there is not one row of k known, different
                cards per seat, the mission is unknown or not valid, the
                scores are not one whole number >= 0 per seat, or the maker
                or round is out of range.
        """
        if len(rows) != self.seats:
            raise RuleOptionError(f"expected {self.seats} rows, one per seat; got {len(rows)}")
        names = ScenarioCards(self.deck)
        dealt = []
        for seat, row in enumerate(rows):
            if isinstance(row, str) or len(row) != self.cards_each:
                raise RuleOptionError(f"seat {seat}'s row must name {self.cards_each} cards, one per slot (S1)")
            dealt.append(SquadRow.dealt(names.numbers(row)))
        tokens = (0,) * self.seats if scores is None else tuple(scores)
        if len(tokens) != self.seats:
            raise RuleOptionError(f"scores must be one whole number >= 0 per seat; got {scores!r}")
        for seat, token in enumerate(tokens):
            whole_number(token, f"seat {seat}'s score (tokens)", low=0, error=RuleOptionError)
        check_seat(maker, self.seats)
        whole_number(round, "round", low=1, error=RuleOptionError)
        chosen = self._scenario_mission(mission)
        phase = SquadsPhase.MISSION if chosen is None else SquadsPhase.BUILD
        return SquadsState(phase, round, maker, chosen, tuple(dealt), tokens)

    def _scenario_mission(self, mission: Mission | str | None) -> Mission | None:
        if mission is None or isinstance(mission, Mission):
            return None if mission is None else check_mission(mission, self.deck)
        for prepared in self.mission_list:
            if prepared.title == mission:
                return prepared
        titles = ", ".join(repr(m.title) for m in self.mission_list)
        raise RuleOptionError(f"no prepared mission {mission!r}; expected one of {titles}")

    def check_start(self, state: object) -> None:
        """Checks that `state` is a Squads state play can go on from (a loaded record's start).

        Raises:
            RuleOptionError: If it is not a `SquadsState` with one score per
                seat, a maker in range, and, once dealt, one row of k slots
                per seat with every card at most once.
        """
        if not isinstance(state, SquadsState):
            raise RuleOptionError(f"expected a SquadsState; got {type(state).__name__}")
        if len(state.scores) != self.seats or not 0 <= state.maker < self.seats:
            raise RuleOptionError("the start needs one score per seat and a mission maker among the seats")
        if state.phase in (SquadsPhase.MISSION, SquadsPhase.BUILD):
            if len(state.rows) != self.seats or any(len(r.cards) != self.cards_each for r in state.rows):
                raise RuleOptionError(f"the start needs {self.seats} rows of {self.cards_each} slots")
            cards = [c for r in state.rows for c in r.all_cards()]
            if len(set(cards)) != len(cards) or not all(0 <= c < len(self.deck.cards) for c in cards):
                raise RuleOptionError("every card of the start must be a card of the deck, at most once")
        if state.phase is SquadsPhase.BUILD and state.mission is None:
            raise RuleOptionError("a start in the building phase needs a mission")

    # -- the protocol ---------------------------------------------------------------

    def actor(self, state: SquadsState) -> Actor:
        """Returns who acts: CHANCE (the shuffle), the mission maker, SIMULTANEOUS (building) or TERMINAL."""
        match state.phase:
            case SquadsPhase.SHUFFLE:
                return CHANCE
            case SquadsPhase.MISSION:
                return state.maker
            case SquadsPhase.BUILD:
                return SIMULTANEOUS
            case _:
                return TERMINAL

    def seats_to_act(self, state: SquadsState) -> tuple[Seat, ...]:
        """Returns the seats still building, in seat order (S3); empty outside building."""
        if state.phase is not SquadsPhase.BUILD:
            return ()
        return tuple(seat for seat, row in enumerate(state.rows) if not row.is_built)

    def legal_actions(self, state: SquadsState, seat: Seat | None = None) -> tuple[SquadsDecision, ...]:
        """Returns the actions open to the actor, or to `seat` while building (S2, S3).

        Building: `PickUp` of each face-down slot with nothing in hand, else
        `Place` into the empty slot or onto each face-down slot.  Choosing the
        mission: one `ChooseMission` per prepared mission (any valid mission
        is accepted too).
        """
        if state.phase is SquadsPhase.MISSION:
            if seat is not None and seat != state.maker:
                return ()
            return tuple(ChooseMission(m) for m in self.mission_list)
        if state.phase is not SquadsPhase.BUILD or seat is None or seat not in self.seats_to_act(state):
            return ()
        row = state.rows[seat]
        down = row.face_down_slots()
        if row.held is None:
            return tuple(PickUp(slot) for slot in down)
        empty = row.empty_slot
        return tuple(Place(slot) for slot in sorted({*down, *(() if empty is None else (empty,))}))

    def chance(self, state: SquadsState) -> Distribution:
        """Returns the fresh shuffle of the whole deck at the start of a round (S6).

        Raises:
            IllegalActionError: If chance does not act in `state`.
        """
        if state.phase is not SquadsPhase.SHUFFLE:
            raise IllegalActionError(f"chance does not act now (phase {state.phase.value!r})")
        return UniformPermutation(len(self.deck.cards))

    def apply(self, state: SquadsState, action: Action) -> Transition[SquadsState]:
        """Returns the state after `action` and the events it caused.

        Raises:
            IllegalActionError: If `action` is not legal in `state` (a
                mission not valid for the deck, a move for a seat not
                building, a slot that is face up...).
        """
        match state.phase:
            case SquadsPhase.SHUFFLE:
                check_chance(self, state, action)
                assert isinstance(action, Shuffle)
                return self._deal(state, action)
            case SquadsPhase.MISSION:
                return self._choose(state, action)
            case SquadsPhase.BUILD:
                return self._build(state, action)
            case _:
                raise IllegalActionError(f"the game is over; got {action!r}")

    def observe(self, state: SquadsState, seat: Seat) -> SquadsView:
        """Returns what `seat` may see: its own face-up cards and hand, the others' progress as counts (S3).

        Raises:
            IllegalActionError: If `seat` is not a seat of this game.
        """
        seat = check_seat(seat, self.seats)
        rows = state.rows
        if rows:
            own = rows[seat]
            shown = tuple(card if up else None for card, up in zip(own.cards, own.face_up, strict=True))
            face_up, empty, held = own.face_up, own.empty_slot, own.held
        else:
            shown, face_up, empty, held = (None,) * self.cards_each, (False,) * self.cards_each, None, None
        return SquadsView(
            seat=seat,
            deck=self.deck,
            phase=state.phase,
            round=state.round,
            maker=state.maker,
            mission=state.mission,
            scores=state.scores,
            row=shown,
            face_up=face_up,
            empty_slot=empty,
            held=held,
            placed=tuple(r.placed for r in rows) if rows else (0,) * self.seats,
            holding=tuple(r.held is not None for r in rows) if rows else (False,) * self.seats,
            last=state.last,
            tokens_to_win=self.tokens_to_win,
        )

    def outcome(self, state: SquadsState) -> Outcome | None:
        """Returns the outcome once someone reached `tokens_to_win` at a round's end, else None (S7)."""
        if state.phase is not SquadsPhase.OVER:
            return None
        best = max(state.scores)
        return Outcome(SquadsEnd.TOKENS_REACHED, frozenset(s for s, t in enumerate(state.scores) if t == best))

    # -- steps ------------------------------------------------------------------------

    def _deal(self, state: SquadsState, action: Shuffle) -> Transition[SquadsState]:
        """Deals k cards face down to each seat, one at a time around the table (S1, S6)."""
        n, k = self.seats, self.cards_each
        rows = tuple(SquadRow.dealt(tuple(action.order[slot * n + seat] for slot in range(k))) for seat in range(n))
        after = replace(state, phase=SquadsPhase.MISSION, round=state.round + 1, mission=None, rows=rows)
        return Transition(after, (SquadsDealt(after.round, state.maker, k),))

    def _choose(self, state: SquadsState, action: Action) -> Transition[SquadsState]:
        """Sets the round's mission (S2)."""
        if not isinstance(action, ChooseMission):
            raise IllegalActionError(f"the mission maker sets a mission now (ChooseMission); got {action!r}")
        try:
            mission = check_mission(action.mission, self.deck)
        except MissionError as err:
            raise IllegalActionError(f"that mission cannot be played: {err}") from None
        after = replace(state, phase=SquadsPhase.BUILD, mission=mission)
        return Transition(after, (MissionChosen(state.maker, mission),))

    def _build(self, state: SquadsState, action: Action) -> Transition[SquadsState]:
        """Applies every building seat's move at once (S3); scores the round once all are built."""
        joint = check_joint(self, state, action)
        rows = list(state.rows)
        events: list[Event] = []
        for seat, move in joint.moves:
            row = rows[seat]
            if isinstance(move, PickUp):
                rows[seat] = _pick_up(row, move.slot)
                events.append(CardPickedUp(seat, move.slot))
            else:
                assert isinstance(move, Place)
                displaced = row.cards[move.slot] is not None
                rows[seat] = _place(row, move.slot)
                events.append(CardPlaced(seat, move.slot, displaced))
                if rows[seat].is_built:
                    events.append(SquadBuilt(seat))
        after = replace(state, rows=tuple(rows))
        if all(row.is_built for row in after.rows):
            scored = self._score(after)
            return Transition(scored.state, (*events, *scored.events))
        return Transition(after, tuple(events))

    def _score(self, state: SquadsState) -> Transition[SquadsState]:
        """Scores the mission slots left to right (S4, S5) and ends the round or the game (S6, S7)."""
        mission = state.mission
        assert mission is not None
        built = tuple(tuple(c for c in row.cards if c is not None) for row in state.rows)
        events: list[Event] = [SquadsRevealed(built)]
        won = [0] * self.seats
        for category, tokens in enumerate(mission.tokens_by_category(self.deck)):
            if not tokens:
                continue  # S4: only the mission slots count
            role = mission.slot_of(self.deck, category)
            assert role is not None
            slot = role[2]
            cards = tuple((seat, row[category]) for seat, row in enumerate(built))
            values = [self.deck.cards[card].values[category] for _, card in cards]
            winners = best_cards(values, slot.goal, slot.target)
            for seat in winners:
                won[seat] += tokens
            events.append(SlotScored(category, tokens, cards, winners))
        scores = tuple(s + w for s, w in zip(state.scores, won, strict=True))
        events.append(RoundScored(state.round, tuple(won), scores))
        last = RoundReveal(state.round, mission, built, tuple(won))
        if max(scores) >= self.tokens_to_win:
            after = replace(state, phase=SquadsPhase.OVER, scores=scores, last=last)
            outcome = self.outcome(after)
            assert outcome is not None
            events.append(GameEnded(outcome))
        else:
            maker = (state.maker + 1) % self.seats  # S2: the mission maker passes left
            after = replace(
                state, phase=SquadsPhase.SHUFFLE, maker=maker, mission=None, rows=(), scores=scores, last=last
            )
        return Transition(after, tuple(events))


def _pick_up(row: SquadRow, slot: int) -> SquadRow:
    """Returns `row` with the face-down card of `slot` in hand (S3)."""
    cards = list(row.cards)
    held, cards[slot] = cards[slot], None
    return replace(row, cards=tuple(cards), held=held)


def _place(row: SquadRow, slot: int) -> SquadRow:
    """Returns `row` with the card in hand face up in `slot`, holding the face-down card it covered (S3)."""
    cards, face_up = list(row.cards), list(row.face_up)
    displaced = cards[slot]
    cards[slot], face_up[slot] = row.held, True
    return replace(row, cards=tuple(cards), face_up=tuple(face_up), held=displaced)
