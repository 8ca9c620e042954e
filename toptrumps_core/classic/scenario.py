"""Scenario starts of a classic game, and the check of a loaded start state (rules C1-C10).

Rules card:

- A scenario start (`ClassicRules.start_from`) deals given stacks instead of a
  shuffle: one list of card names per seat, top first, an empty one for a
  seat already out (C7); the cards named nowhere are set aside (C2); the pot
  may already hold cards, which lie face up (C5); the chooser must hold
  cards (C3).
- A record's start state (`ClassicRules.check_start`) must hold every card of
  the deck exactly once (C2, C4, C5), seat and category numbers in range, and
  a step whose actor exists: a chooser holding cards (C3, C9), a seat to pick
  (C10), seats to draw the next chooser among (C8) or won cards to collect (C4).

Rules version: 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.cards import Deck, ScenarioCards
from toptrumps_core.classic.state import ClassicState, Step
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.protocol import Outcome, Seat

__all__ = ["check_start", "scenario_start"]


def scenario_start(
    deck: Deck,
    seats: int,
    *,
    stacks: Sequence[Sequence[str]],
    chooser: Seat = 0,
    pot: Sequence[str] = (),
) -> ClassicState:
    """Returns a scenario start of a game of `seats` seats with `deck`: given stacks (card names, top first).

    Cards not named anywhere are set aside.  Only the pot's cards have been
    revealed (they lie face up).

    Args:
        deck: The deck in play.
        seats: The number of seats.
        stacks: One list of card names per seat, top first; an empty list
            for a seat that is already out.
        chooser: The seat that names the first category; must hold cards.
        pot: Card names already in the pot, oldest first.

    Raises:
        RuleOptionError: If the stack count differs from `seats`, a name
            is unknown or used twice, fewer than two seats hold cards, or
            the chooser holds none.
    """
    if len(stacks) != seats:
        raise RuleOptionError(f"expected {seats} stacks, one per seat; got {len(stacks)}")
    named = ScenarioCards(deck)
    built = tuple(named.numbers(s) for s in stacks)
    pot_cards = named.numbers(pot)
    if sum(1 for s in built if s) < 2:
        raise RuleOptionError("a scenario needs at least two seats holding cards")
    if not 0 <= chooser < seats or not built[chooser]:
        raise RuleOptionError(f"the chooser must be a seat holding cards; got {chooser!r}")
    aside = tuple(i for i in range(len(deck.cards)) if i not in named.used)
    return ClassicState(
        stacks=built,
        pot=pot_cards,
        set_aside=aside,
        chooser=chooser,
        step=Step.CHOOSE,
        revealed=frozenset(pot_cards),  # the pot lies face up (C5)
    )


def check_start(state: object, deck: Deck, seats: int) -> None:
    """Checks that `state` is a state of a game of `seats` seats with `deck` that play can go on from.

    Used to vet the start state of a loaded record: it must be a
    `ClassicState` with one stack per seat, every card of the deck exactly
    once across the stacks, pot, set-aside and pending cards (or none at
    all, before the deal), seat and category numbers in range, and a step
    whose actor exists (a chooser holding cards, someone to pick, to draw
    among or to collect).

    Raises:
        RuleOptionError: If it is not; the message says what is wrong.
    """
    if not isinstance(state, ClassicState):
        raise RuleOptionError(f"expected a ClassicState; got {type(state).__name__}")
    n_cards, n_cats = len(deck.cards), len(deck.categories)

    def numbers(value: object, limit: int) -> bool:
        return isinstance(value, tuple) and all(type(x) is int and 0 <= x < limit for x in value)

    def problem() -> str | None:
        if not isinstance(state.stacks, tuple) or len(state.stacks) != seats:
            return f"expected {seats} stacks, one per seat"
        groups = (*state.stacks, state.pot, state.set_aside, state.pending)
        if not all(numbers(group, n_cards) for group in groups):
            return f"every card must be a number from 0 to {n_cards - 1}"
        cards = sorted(c for group in groups for c in group)
        if cards != list(range(n_cards)) and (cards or state.step is not Step.DEAL):
            return "every card of the deck must be in exactly one place"
        if not isinstance(state.revealed, frozenset) or not numbers(tuple(state.revealed), n_cards):
            return "revealed must be a set of card numbers"
        if not all(numbers(group, seats) for group in (state.pickers, state.lot_among, state.last_players)):
            return "pickers, lot_among and last_players must hold seat numbers"
        if type(state.chooser) is not int or not 0 <= state.chooser < seats:
            return f"the chooser must be a seat from 0 to {seats - 1}"
        if state.category is not None and not (type(state.category) is int and 0 <= state.category < n_cats):
            return f"the category must be None or a number from 0 to {n_cats - 1}"
        if type(state.comparisons) is not int or state.comparisons < 0 or type(state.chooser_picked) is not bool:
            return "comparisons must be a whole number >= 0 and chooser_picked True or False"
        if not isinstance(state.step, Step) or (state.outcome is None) != (state.step is not Step.OVER):
            return "the step must be known, and the outcome set exactly when the game is over"
        if state.outcome is not None and not isinstance(state.outcome, Outcome):
            return "the outcome must be an Outcome"
        ready = {
            Step.DEAL: not cards,
            Step.CHOOSE: bool(state.stacks[state.chooser]),
            Step.PICK: bool(state.pickers) and state.category is not None,
            Step.COLLECT: bool(state.pending),
            Step.LOT: len(state.lot_among) >= 2 and all(state.stacks[s] for s in state.lot_among),
            Step.OVER: True,
        }
        if not ready[state.step] or not all(state.stacks[s] for s in state.pickers):
            return f"nobody can act at step {state.step.value!r}"
        return None

    message = problem()
    if message is not None:
        raise RuleOptionError(f"not a valid start state: {message}")
