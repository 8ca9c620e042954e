"""The classic table's words about the game: the log lines, the sentence about the last comparison, the end.

Every sentence names seats as the page does (`SeatNames`: "You",
"Player 2", "Computer 1") and values with their units (`value_text`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NoReturn, TypeAlias

from toptrumps_core.cards import Deck
from toptrumps_core.events import ChooserDrawn, Dealt, GameEnded, PotCollected, Revealed, SeatOut, Tied, Won
from toptrumps_core.protocol import Event, Outcome, Seat, Termination
from widgets._toolkit import SeatNames, and_list, plural, value_text

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # pragma: no cover - Python 3.10

    def assert_never(value: NoReturn) -> NoReturn:
        """Fails loudly on a value the `match` statement did not expect."""
        raise AssertionError(f"unexpected value: {value!r}")


__all__ = ["LOG_LINES", "ClassicEvent", "explanation", "headline", "log_line", "result_sentence"]

LOG_LINES = 30
"""How many lines the game log keeps, newest first."""

ClassicEvent: TypeAlias = Dealt | Revealed | Won | Tied | PotCollected | SeatOut | ChooserDrawn | GameEnded
"""Every event a classic game emits (toptrumps_core.events)."""


def _card_words(deck: Deck, card_number: int, category: int) -> str:
    card = deck.cards[card_number]
    return f"{card.name} {value_text(deck.categories[category], card.values[category])}"


def log_line(event: ClassicEvent, names: SeatNames, deck: Deck, number: int) -> str:
    """Returns one line of the game log for `event` (every event class, checked by `assert_never`).

    Args:
        event: A classic event.
        names: The page's seat names.
        deck: The deck in play.
        number: The comparison's number, counted from 1 (for `Revealed`).
    """
    match event:
        case Dealt(stack_sizes=sizes, set_aside=aside):
            dealt = ", ".join(f"{names[s]} {n}" for s, n in enumerate(sizes))
            return f"Shuffled and dealt: {dealt}" + (f"; {aside} set aside" if aside else "") + "."
        case Revealed(chooser=chooser, category=category, cards=cards):
            shown = " · ".join(f"{names[s]}: {_card_words(deck, c, category)}" for s, c in cards)
            return f"#{number} {names.subject(chooser, 'chose', 'chose')} {deck.categories[category].name} — {shown}"
        case Won(seat=seat, cards=cards):
            return f"{names.subject(seat, 'win', 'wins')} {plural(len(cards), 'card')}."
        case Tied(seats=seats, pot_size=pot_size):
            between = f" between {and_list([names.whom(s) for s in seats])}" if seats else " (no data)"
            return f"Tie{between}: the pot now holds {plural(pot_size, 'card')}."
        case PotCollected(seat=seat, cards=cards):
            return f"{names.subject(seat, 'take', 'takes')} the pot ({plural(len(cards), 'card')})."
        case SeatOut(seat=seat):
            return f"{names.subject(seat, 'are', 'is')} out of cards."
        case ChooserDrawn(seat=seat, among=among):
            lot = and_list([names.whom(s) for s in among])
            return f"Drawn by lot among {lot}: {names.whom(seat)} chooses next."
        case GameEnded(outcome=outcome):
            return f"Game over: {headline(outcome, names)}"
        case _:
            assert_never(event)


def result_sentence(last: Sequence[Event], names: SeatNames, deck: Deck) -> tuple[str, str]:
    """Returns the sentence about the last comparison and its kind ("win", "tie" or "").

    Args:
        last: The events of the last comparison, its `Revealed` first; ()
            before the first comparison.
        names: The page's seat names.
        deck: The deck in play.
    """
    if not last:
        return "", ""
    revealed = last[0]
    assert isinstance(revealed, Revealed)
    category = deck.categories[revealed.category]
    by_seat = dict(revealed.cards)
    winner: Seat | None = None
    tied: Tied | None = None
    pot = 0
    drawn: Seat | None = None
    ended = False
    for event in last[1:]:
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
        text = f"{names.subject(winner, 'win', 'wins')} with {category.name} {value}{lower}!"
        if pot:
            text += f" {names.subject(winner, 'take', 'takes')} the pot too ({plural(pot, 'card')})."
        return text, "win"
    if tied is None:
        return "", ""
    text = f"Tie — {plural(len(revealed.cards), 'card')} go to the pot"
    if ended:
        text += "."
    elif drawn is not None:
        out, picked = names.whom(revealed.chooser), names.whom(drawn)
        text += f"; {out} ran out, so a lot picked {picked} to choose next."
    else:
        text += f"; {names.subject(revealed.chooser, 'choose', 'chooses', start=False)} again."
    if tied.seats:
        value = value_text(category, deck.cards[by_seat[tied.seats[0]]].values[revealed.category])
        both = "both" if len(tied.seats) == 2 else "all"
        text += f" ({and_list([names[s] for s in tied.seats])} {both} had {category.name} {value}.)"
    else:
        missing = [deck.cards[c].name for _, c in revealed.cards if deck.cards[c].values[revealed.category] is None]
        if missing:
            text += f" ({and_list(missing)} {'has' if len(missing) == 1 else 'have'} no data for {category.name}.)"
    return text, "tie"


def headline(outcome: Outcome, names: SeatNames) -> str:
    """Returns who won in one sentence: "You win!", "It's a draw between you and Computer 1."."""
    winners = sorted(outcome.winners)
    if outcome.termination is Termination.UNFINISHED or not winners:
        return "Unfinished — nobody wins."
    if len(winners) == 1:
        return f"{names.subject(winners[0], 'win', 'wins')}!"
    return f"It's a draw between {and_list([names.whom(s) for s in winners])}."


def explanation(
    outcome: Outcome, names: SeatNames, sizes: Sequence[int], *, round_limit: int | None, moves: int
) -> str:
    """Returns in words why the game ended (outcome.termination), citing the rule.

    Args:
        outcome: The game's outcome.
        names: The page's seat names.
        sizes: Cards each seat holds at the end.
        round_limit: The game's rule C11 option.
        moves: Actions taken (for an unfinished game, rule C12).
    """
    winners = sorted(outcome.winners)
    together = and_list([names.whom(s) for s in winners])
    match outcome.termination:
        case Termination.LAST_STACK:
            return f"{names.subject(winners[0], 'hold', 'holds')} every card still in play (rule C7)."
        case Termination.DRAW_ALL_OUT:
            return (
                f"The last comparison was a tie that left nobody holding cards, so {together} share the game (rule C7)."
            )
        case Termination.ROUND_LIMIT:
            most = max(sizes) if sizes else 0
            holder = (
                f"{names.subject(winners[0], 'hold', 'holds', start=False)} the most cards ({most})"
                if len(winners) == 1
                else f"{together} hold the most cards ({most} each)"
            )
            return f"The round limit of {plural(round_limit or 0, 'comparison')} was reached; {holder} (rule C11)."
        case Termination.UNFINISHED:
            return (
                f"The game was stopped after {moves:,} move{'' if moves == 1 else 's'} because it could go "
                "round forever, so nobody wins (rule C12)."
            )
        case _:
            return f"The game ended ({outcome.termination.value})."
