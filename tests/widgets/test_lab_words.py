"""What the simulation lab says: counts carry thousands separators, shares are written one way."""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as ipw

from tests.widgets.stepping import ByHand
from widgets.lab import MAX_GAMES, MAX_RULES_GAMES, SimulationLab

BARE_COUNT = re.compile(r"(?<![\d,.])\d{4,}(?![\d,])")
"""A whole number of four or more digits written without a thousands separator (5000, not 5,000)."""
PERCENT = re.compile(r"[<>]?\d+(?:\.\d+)?%")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _walk(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _finish(steps: ByHand) -> None:
    while steps.step():
        pass


def test_counts_are_written_with_thousands_separators() -> None:
    lab = SimulationLab(games=12_000, seed=7)
    lab.run()
    words = [w for w in _walk(lab) if isinstance(w, ipw.HTML) and not {"tt-svg", "tt-style"} & set(w._dom_classes)]
    shown = [w.value for w in words]
    texts = [_text(value) for value in shown if value]
    assert any("12,000" in text for text in texts)
    assert [found for text in texts for found in BARE_COUNT.findall(text)] == []
    lab._games.max = MAX_GAMES  # a page that still offers the batch engine's maximum
    lab.strategy_controls[0].value = "card_counting"
    lab._games.max = MAX_GAMES
    lab._games.value = 6_000
    lab.run()
    assert f"from 10 to {MAX_RULES_GAMES:,}; got 6,000" in lab._status.text


def test_the_first_choosers_shares_are_written_one_way_in_the_words_and_the_chart() -> None:
    lab = SimulationLab(games=2_000, seed=7)
    lab.run()
    words = _text(lab._words["first"].value)
    shares = PERCENT.findall(words.replace("95%", ""))
    assert len(shares) == 4  # the share, its interval's ends, the fair share
    assert all(re.fullmatch(r"\d+\.\d%", share) for share in shares), shares
    fair = re.search(r"fair share (\S+%)", words)
    assert fair is not None and f"no advantage: {fair.group(1)}" in lab._charts["first"].value
