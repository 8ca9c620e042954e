"""ClassicRules.public_view: what everyone at the table may see, and nothing face down (C2, C4, C5, C7)."""

from __future__ import annotations

import dataclasses

import pytest

from toptrumps_core import ClassicRules, Match, load_deck
from toptrumps_core.classic import ClassicPublicView


@pytest.mark.parametrize("options", [{}, {"leftover": "set_aside"}, {"look_at_last": 3}])
def test_public_view_agrees_with_every_seat_s_view_through_a_game(options: dict[str, object]) -> None:
    rules = ClassicRules(load_deck("dinosaurs"), seats=4, **options)  # type: ignore[arg-type]
    match = Match(rules, ["random"] * 4, seed=12)
    states = [match.state]
    while not match.is_over:
        match.step()
        states.append(match.state)
    assert len(states) > 10
    for state in states:
        public = rules.public_view(state)
        for seat in range(rules.seats):
            view = rules.observe(state, seat)
            assert public.stack_sizes == view.stack_sizes
            assert public.pot_size == len(view.pot)
            assert public.set_aside_count == view.set_aside_count
            assert public.chooser == view.chooser and public.comparisons == view.comparisons
            assert public.outcome == view.outcome


def test_public_view_names_no_card() -> None:
    fields = {field.name for field in dataclasses.fields(ClassicPublicView)}
    assert fields == {"stack_sizes", "pot_size", "set_aside_count", "chooser", "comparisons", "outcome"}
    rules = ClassicRules(load_deck("animals"), seats=2)
    names = [card.name for card in rules.deck.cards]
    one = rules.public_view(rules.start_from(stacks=[names[:3], names[3:6]], chooser=0))
    other = rules.public_view(rules.start_from(stacks=[names[6:9], names[9:12]], chooser=0))
    assert one == other  # other cards face down, the same public view
