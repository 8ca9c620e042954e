"""Game logs read in play order: each comparison, then its result, the newest comparison on top.

Classic, the tournament and Hi Lo: the line that reveals the cards comes
just above the line that says who won (never below it, as a log written
line by line newest first had it), and the log is the same whether the
events came a click at a time or all at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toptrumps_core.classic import ClassicRules
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.narration import Narrator
from toptrumps_core.play import play
from toptrumps_core.protocol import Event
from toptrumps_core.tournament.game import TournamentRules
from toptrumps_core.tournament.hilo_events import HiLoCalled, HiLoTurned
from widgets import ClassicTable, HiLoTable
from widgets._toolkit import SeatNames
from widgets.classic.log import GameLog
from widgets.tournament.log import ArenaStory


def _pairs(
    events: Sequence[Event], told: Sequence[str], lines: Sequence[str], first: type, then: tuple[type, ...]
) -> int:
    """Checks each `first` event's line is followed in the log by its next event's line (a `then`); returns how many.

    `told` holds each event's sentence, in order.
    """
    checked = 0
    for index, event in enumerate(events[:-1]):
        if not isinstance(event, first) or not isinstance(events[index + 1], then):
            continue
        head, result = told[index], told[index + 1]
        places = [k for k, line in enumerate(lines) if line.endswith(head)]
        if not places or places[0] + 1 >= len(lines):
            continue  # fell off the end of the log
        assert lines[places[0] + 1] == result, f"{result!r} should follow {head!r}"
        checked += 1
    return checked


def test_classic_each_comparison_then_its_result_newest_comparison_first() -> None:
    table = ClassicTable.new(seats=3, seed=41)
    for _ in range(12):
        if table.screen == "choose":
            table.choose(table.match.legal_actions()[0].category)
        else:
            table.next()
    lines = table.log_lines
    events = table.match.events
    told = Narrator(table.match.rules, [table.player_name(s) for s in range(3)]).narrate_all(events)
    assert _pairs(events, told, lines, Revealed, (Won, Tied)) >= 5
    numbers = [int(m.group(1)) for line in lines if (m := re.match(r"#(\d+) ", line))]
    assert numbers == sorted(numbers, reverse=True) and len(numbers) >= 5


def test_classic_the_log_is_the_same_told_a_click_at_a_time_or_at_once() -> None:
    rules = ClassicRules(load_deck("animals"), seats=3)
    record = play(rules, None, seed=5)
    names = ["You", "Computer 1", "Computer 2"]
    at_once, by_step = GameLog(rules, names), GameLog(rules, names)
    at_once.tell(record.events)
    for event in record.events:
        by_step.tell([event])
    assert at_once.lines == by_step.lines and at_once.lines[0].startswith("Game over")


def test_tournament_each_comparison_then_its_result() -> None:
    rules = TournamentRules(seats=3)
    record = play(rules, None, seed=3)
    names = SeatNames(3, [0])
    story = ArenaStory(rules, names)
    events = record.events
    told = Narrator(rules, names).narrate_all(events)
    checked = 0
    for cut in range(0, len(events), 40):  # the log keeps the newest lines only: check it as it grows
        story.read(events[cut : cut + 40])
        checked += _pairs(events[: cut + 40], told, story.lines, Revealed, (Won, Tied))
    assert checked >= 10


def test_hi_lo_each_card_turned_then_whether_the_call_was_right() -> None:
    table = HiLoTable.new(seed=8)
    while not table.match.is_over:
        (table.category_buttons or table.call_buttons)[0].click()
    events = table.match.events
    told = Narrator(table.match.rules, ["You"]).narrate_all(events)
    assert _pairs(events, told, table.log_lines, HiLoTurned, (HiLoCalled,)) >= 1
