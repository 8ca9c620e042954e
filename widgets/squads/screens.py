"""The HTML pieces of the Squads table: the tokens board, the others' progress, the reveal, the end (S3, S5, S7).

Pure functions from what a seat may see (`SquadsView`, the public reveal)
to HTML text; nothing here holds a card nobody may see.
"""

from __future__ import annotations

from collections.abc import Sequence

from toptrumps_core.cards import Deck
from toptrumps_core.narration import value_words
from toptrumps_core.squads import RoundReveal, SlotScored, SquadsView
from toptrumps_core.svg import picture_html, squad_row
from widgets._toolkit import SeatNames, esc

__all__ = ["end_html", "progress_html", "reveal_rows_html", "slot_result_html", "tokens_html"]


def tokens_html(names: SeatNames, scores: Sequence[int], tokens_to_win: int) -> str:
    """Returns the token totals: one line per seat, a bar of ★ and the number in words (S7).

    Example:
        >>> "You: 3 tokens" in tokens_html(SeatNames(2, [0]), [3, 1], 10)
        True
    """
    lines = []
    for seat, score in enumerate(scores):
        stars = "★" * min(score, tokens_to_win)
        word = "token" if score == 1 else "tokens"
        lines.append(f"<li><b>{esc(names[seat])}: {score} {word}</b> <span aria-hidden='true'>{stars}</span></li>")
    return (
        f"<div class='tt-panel' role='status' aria-label='Tokens'><div class='tt-heading'>Tokens "
        f"(first to {tokens_to_win} ends the game)</div><ul>{''.join(lines)}</ul></div>"
    )


def progress_html(view: SquadsView, names: SeatNames) -> str:
    """Returns how far every other seat has built: counts only, never their cards (S3).

    Example:
        >>> from toptrumps_core import load_deck
        >>> from toptrumps_core.squads import SquadsRules
        >>> rules = SquadsRules(load_deck("animals"), seats=2)
        >>> rows = [["Lion", "Tiger", "Giraffe", "Cheetah"], ["Ostrich", "Red fox", "Plains zebra", "Blue whale"]]
        >>> state = rules.start_from(rows=rows, mission=rules.mission_list[0])
        >>> "Computer 1 has placed 0 of 4 cards" in progress_html(rules.observe(state, 0), SeatNames(2, [0]))
        True
    """
    k = len(view.row)
    parts = []
    for seat, placed in enumerate(view.placed):
        if seat == view.seat:
            continue
        done = " — squad built ✓" if placed == k else ""
        parts.append(f"<li>{esc(names[seat])} has placed {placed} of {k} cards{done}</li>")
    return f"<div aria-label='Building'><ul>{''.join(parts)}</ul></div>"


def slot_result_html(event: SlotScored, deck: Deck, names: SeatNames) -> str:
    """Returns one revealed mission slot in words: every card, its value, who won the tokens (S5)."""
    category = deck.categories[event.category]
    cards = ", ".join(
        f"{esc(names.whose(seat))} {esc(deck.cards[card].name)} "
        f"<b>{esc(value_words(category, deck.cards[card].values[event.category]))}</b>"
        for seat, card in event.cards
    )
    if not event.winners:
        result = "No card has data here: nobody scores."
    elif len(event.winners) == 1:
        result = f"🏆 {esc(names.subject(event.winners[0], 'win', 'wins'))} {event.tokens} ★."
    else:
        who = " and ".join(esc(names.whom(s)) for s in event.winners)
        result = f"🏆 Tied for best: {who} each win {event.tokens} ★."
    return f"<div style='margin: 4px 0'><b>{esc(category.name)}</b> ({event.tokens} ★): {cards}. {result}</div>"


def reveal_rows_html(
    deck: Deck, reveal: RoundReveal, names: SeatNames, scored: Sequence[SlotScored], shown: int, *, width_px: int
) -> str:
    """Returns every seat's revealed row, the first `shown` mission slots marked won or lost (S4, S5).

    Each face-up card shows its name; a mission slot's value, in that slot's
    category in large type, shows only once the slot is turned (before, "?"),
    so no value of a slot not turned yet is in the page; the slots outside the
    mission are drawn dimmed as discarded (S4), their values shown plain only
    once every mission slot is turned.  Each row is at most `width_px` CSS px wide, and wraps its slots
    to two a line where it would be drawn too small to read (a phone).
    """
    turned = {event.category for event in scored[:shown]}
    revealed = range(len(deck.categories)) if shown >= len(scored) else turned
    rows = []
    for seat, row in enumerate(reveal.rows):
        results: dict[int, str] = {}
        winners = []
        for event in scored[:shown]:
            if seat in event.winners:
                results[event.category] = f"WON +{event.tokens} ★"
                winners.append(event.category)
            elif not event.winners:
                results[event.category] = "nobody scores"
            else:
                results[event.category] = "lost"
        svg = squad_row(
            deck,
            row,
            mission=reveal.mission,
            name=names[seat],
            results=results,
            winners=winners,
            revealed=revealed,
        )
        box = f"flex: 1 1 {width_px // 2}px; max-width: {width_px}px"
        rows.append(f"<div class='tt-svg' style='{box}'>{picture_html(svg)}</div>")
    return f"<div style='display: flex; flex-wrap: wrap; gap: 12px'>{''.join(rows)}</div>"


def end_html(names: SeatNames, scores: Sequence[int], winners: Sequence[int], tokens_to_win: int = 10) -> str:
    """Returns the end screen's words: who won with the most tokens, or the tie (S7).

    Example:
        >>> "tie" in end_html(SeatNames(2, [0]), [10, 10], [0, 1], 10)
        True
    """
    best = max(scores)
    if len(winners) == 1:
        head = f"🏆 {esc(names.subject(winners[0], 'win', 'wins'))} with {best} tokens!"
    else:
        head = "🤝 It's a tie: " + " and ".join(esc(names[s]) for s in winners) + f" share the most tokens ({best})."
    rule = (
        f"The game ends after a round in which someone has {tokens_to_win} or more tokens; the highest score wins."
    )
    return f"<div class='tt-panel'><div class='tt-headline'>{head}</div><div>{rule}</div></div>"
