"""Computer strategies: legal choices from views only.

Card counting is checked against odds worked out by hand (rule P3); views are
checked to hide what a seat may not see (rule C10 decides what it may).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from tests.core.guess_and_judge import GuessInOrder, GuessRules, LenientJudge
from tests.core.sealed_bid import SealedBidRules
from toptrumps_core import HiLoRules, TournamentRules, load_deck
from toptrumps_core.cards import Category, Deck
from toptrumps_core.classic import ChooseCategory, ClassicRules, ClassicState, ClassicView, PickCard
from toptrumps_core.errors import IllegalActionError, RuleOptionError
from toptrumps_core.play import Match, play
from toptrumps_core.protocol import Shuffle
from toptrumps_core.strategies import (
    DIFFICULTIES,
    HUMAN,
    BestHiLo,
    BestRank,
    BestValue,
    CardCounting,
    RandomStrategy,
    RandomTournamentPlayer,
    Strategy,
    TournamentPlayer,
    default_player,
    get_strategy,
    registry,
)

ALL: list[Strategy] = [RandomStrategy(), BestValue(), BestRank(), CardCounting(), CardCounting(no_data="loses")]
ANT, BEE, CAT, DOG, EEL, FOX = range(6)


@dataclass
class Spy(Strategy[Any]):
    """Wraps a strategy and keeps what it was handed."""

    inner: Strategy
    seen: list[tuple[Any, tuple[Any, ...]]] = field(default_factory=list)

    def choose(self, view: ClassicView, legal: Sequence[Any], rng: random.Random) -> Any:
        self.seen.append((view, tuple(legal)))
        return self.inner.choose(view, legal, rng)


@pytest.mark.parametrize("strategy", ALL, ids=repr)
@pytest.mark.parametrize("options", [{}, {"look_at_last": 3}, {"look_at_last": 5, "no_data": "loses"}])
def test_each_strategy_returns_a_legal_action_and_sees_only_views(
    zoo: Deck, strategy: Strategy, options: dict[str, Any]
) -> None:
    rules = ClassicRules(zoo, seats=3, **options)
    spies = [Spy(strategy) for _ in range(3)]
    for seed in range(8):
        match = Match(rules, spies, seed=seed, max_actions=400)
        while not match.is_over:
            actor = match.actor
            legal = match.legal_actions()
            match.step()
            if isinstance(actor, int):
                view, handed = spies[actor].seen[-1]
                assert type(view) is ClassicView and view.seat == actor
                assert handed == legal
                assert match.actions[-1] in legal
    handed_types = {type(a) for spy in spies for _, legal in spy.seen for a in legal}
    expected = {ChooseCategory, PickCard} if options else {ChooseCategory}
    assert handed_types == expected


def test_no_state_ever_reaches_a_strategy(zoo: Deck) -> None:
    spy = Spy(RandomStrategy())
    play(ClassicRules(zoo, seats=2, look_at_last=3), [spy, spy], seed=3)
    assert spy.seen
    for view, _ in spy.seen:
        assert not isinstance(view, ClassicState)
        assert not any(isinstance(getattr(view, name), ClassicState) for name in view.__dataclass_fields__)


def swap_hidden(state: ClassicState, seat: int, i: int, j: int) -> ClassicState:
    stack = list(state.stacks[seat])
    stack[i], stack[j] = stack[j], stack[i]
    return ClassicState(
        stacks=tuple(tuple(stack) if s == seat else other for s, other in enumerate(state.stacks)),
        pot=state.pot,
        set_aside=state.set_aside,
        chooser=state.chooser,
        step=state.step,
    )


def test_a_view_does_not_depend_on_another_seats_hidden_cards(zoo: Deck) -> None:
    # Seat 1's two cards are face down to seat 0 (even its top card): swapping
    # them leaves seat 0's view exactly the same, whatever look_at_last says.
    for look in (None, 2):
        rules = ClassicRules(zoo, seats=3, look_at_last=look)
        state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog"], ["Eel", "Fox"]], chooser=0)
        other = swap_hidden(state, 1, 0, 1)
        assert other.stacks[1] != state.stacks[1]
        assert rules.observe(other, 0) == rules.observe(state, 0)
        assert rules.observe(other, 2) == rules.observe(state, 2)
        assert rules.observe(other, 1) != rules.observe(state, 1)  # seat 1 sees its own top card


def test_a_view_holds_the_own_top_card_and_public_facts_only(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Ant", "Bee"], ["Cat", "Dog"], ["Eel"]], chooser=1, pot=["Fox"])
    view = rules.observe(state, 0)
    assert view.stack == (ANT,) and view.top_card == zoo.cards[ANT]
    assert view.stack_sizes == (2, 2, 1) and view.pot == (FOX,) and view.chooser == 1
    assert view.opponents == 2
    # Unseen: everything but its own top card and the face-up pot.
    assert view.unseen == (BEE, CAT, DOG, EEL)
    with pytest.raises(IllegalActionError):
        rules.observe(state, 3)


def test_a_collected_pot_is_known_to_its_new_owner(zoo: Deck) -> None:
    # The scenario pot (Fox) lies face up.  Seat 0 chooses Speed: Bee 20 beats
    # Eel 5, so seat 0 holds Ant, Bee, Eel, Fox and knows the last three (it saw
    # them face up and put them under its stack); only Cat and Dog are unseen.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Bee", "Ant"], ["Eel", "Cat", "Dog"]], chooser=0, pot=["Fox"])
    after = rules.apply(state, ChooseCategory(0)).state
    assert after.stacks[0] == (ANT, BEE, EEL, FOX)
    view = rules.observe(after, 0)
    assert view.known_own == {BEE, EEL, FOX}
    assert set(view.unseen) == {CAT, DOG}


# -- card counting -----------------------------------------------------------------------


@pytest.fixture
def counting_deck() -> Deck:
    # "Me" holds 5 in X, Y and Z (all higher is better) against one opponent whose
    # top card is one of six unseen cards:
    #   X: 1 2 3 4 | 8 9   -> win 4/6, tie 0,   score 4/6          = 0.667
    #   Y: 1 2 3 | 5 5 5   -> win 3/6, tie 3/6, score 1/2 + 1/4    = 0.75
    #   Z: 5 5 5 5 5 5     -> win 0,   tie 1,   score 0 + 1/2      = 0.5
    # Best P(win): X.  Best P(win)+P(tie): Y and Z.  Best P(win)+P(tie)/2: Y only.
    cats = [Category("X"), Category("Y"), Category("Z")]
    rows: dict[str, list[object]] = {
        "Me": [5, 5, 5],
        "o1": [1, 1, 5],
        "o2": [2, 2, 5],
        "o3": [3, 3, 5],
        "o4": [4, 5, 5],
        "o5": [8, 5, 5],
        "o6": [9, 5, 5],
    }
    return Deck.from_rows("Counting", cats, rows)


def test_card_counting_maximises_win_plus_half_tie(counting_deck: Deck) -> None:
    rules = ClassicRules(counting_deck, seats=2)
    state = rules.start_from(stacks=[["Me"], ["o1", "o2", "o3", "o4", "o5", "o6"]], chooser=0)
    view = rules.observe(state, 0)
    legal = rules.legal_actions(state)
    counting = CardCounting()
    me = counting_deck.card("Me")
    assert [counting.score(view, me, c) for c in range(3)] == [Fraction(2, 3), Fraction(3, 4), Fraction(1, 2)]
    for seed in range(20):  # no tie in the scores: no randomness in the choice
        assert counting.choose(view, legal, random.Random(seed)) == ChooseCategory(1)


def test_card_counting_ignores_cards_it_has_seen(zoo: Deck) -> None:
    # Seat 0 holds Eel (Speed 5, Price 3, Weight 2); the face-up pot holds Ant and
    # Bee, so the one opponent's top card is one of Cat, Dog, Fox:
    #   Speed 5 vs 30, 30, 50: loses to all: score 0.
    #   Price 3 vs 8, 2, 9 (lower is better): wins 2 of 3, no tie: score 2/3.
    #   Weight 2 vs 4, 20, 6: loses to all: score 0.
    # Counting Ant (5) and Bee (3, a tie) as possible would give Price 3.5/5 instead.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Eel"], ["Cat", "Dog", "Fox"]], chooser=0, pot=["Ant", "Bee"])
    view = rules.observe(state, 0)
    assert set(view.unseen) == {CAT, DOG, FOX}
    eel = zoo.cards[EEL]
    assert CardCounting().score(view, eel, 0) == 0
    assert CardCounting().score(view, eel, 1) == Fraction(2, 3)
    assert CardCounting().score(view, eel, 2) == 0
    assert CardCounting().choose(view, rules.legal_actions(state), random.Random(0)) == ChooseCategory(1)


def test_card_counting_follows_the_games_no_data_option(zoo: Deck) -> None:
    # Ant has no Weight: under "tie" that is a sure tie (score 1/2); under "loses"
    # it loses to every card that has a Weight: Bee..Fox all do, so score 0.
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Ant"], ["Bee", "Cat", "Dog", "Eel", "Fox"]], chooser=0)
    view = rules.observe(state, 0)
    ant = zoo.cards[ANT]
    assert CardCounting(no_data="tie").score(view, ant, 2) == Fraction(1, 2)
    assert CardCounting(no_data="loses").score(view, ant, 2) == 0
    assert default_player(ClassicRules(zoo, seats=2, no_data="loses")) == CardCounting(no_data="loses")


def test_best_value_and_best_rank_scores_by_hand(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    state = rules.start_from(stacks=[["Bee"], ["Cat"]], chooser=0)
    view = rules.observe(state, 0)
    bee = zoo.cards[BEE]
    # Speed runs 1..50: Bee 20 sits (20-1)/49 of the way up.
    assert BestValue().score(view, bee, 0) == Fraction(19, 49)
    # Price runs 2..9, lower is better: Bee 3 is 1 - (3-2)/7 = 6/7 of the way to the best.
    assert BestValue().score(view, bee, 1) == Fraction(6, 7)
    assert BestValue().score(view, zoo.cards[ANT], 2) == -1  # no data
    # BestRank Price: Bee 3 beats Ant 5, Cat 8, Fox 9, ties Eel 3, loses to Dog 2: 3.5/5.
    assert BestRank().score(view, bee, 1) == Fraction(7, 10)
    # BestRank Weight: Bee 1 beats only Ant (no data): 1/5.
    assert BestRank().score(view, bee, 2) == Fraction(1, 5)


def test_look_at_last_pick_plays_the_best_card_for_the_named_category(zoo: Deck) -> None:
    # Seat 1 holds Cat, Dog, Eel and has heard "Price" (lower is better): Dog (2)
    # is its best card for Price under every scored strategy.
    rules = ClassicRules(zoo, seats=2, look_at_last=3)
    state = rules.start_from(stacks=[["Fox"], ["Cat", "Dog", "Eel"]], chooser=0)
    picking = rules.apply(state, ChooseCategory(1)).state
    view = rules.observe(picking, 1)
    legal = rules.legal_actions(picking)
    for strategy in (BestValue(), BestRank(), CardCounting()):
        assert strategy.choose(view, legal, random.Random(1)) == PickCard(1)


# -- registry and driver ------------------------------------------------------------------------


def test_get_strategy_by_name_and_difficulty() -> None:
    assert get_strategy("expert") == CardCounting()
    assert get_strategy("easy") == RandomStrategy()
    assert list(DIFFICULTIES) == ["easy", "medium", "hard", "expert"]


def test_get_strategy_error_lists_the_known_names() -> None:
    with pytest.raises(ValueError, match="no strategy 'genius'") as info:
        get_strategy("genius")
    for name in ("random", "best_value", "best_rank", "card_counting", "easy", "medium", "hard", "expert"):
        assert repr(name) in str(info.value)


def test_play_refuses_a_human_seat(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    with pytest.raises(RuleOptionError, match="Match"):
        play(rules, [RandomStrategy(), HUMAN], seed=1)  # type: ignore[list-item]


def test_play_needs_one_strategy_per_seat(zoo: Deck) -> None:
    with pytest.raises(RuleOptionError, match="one per seat"):
        play(ClassicRules(zoo, seats=3), [RandomStrategy()] * 2, seed=1)


def test_match_stops_for_a_human_and_refuses_an_illegal_submit(zoo: Deck) -> None:
    rules = ClassicRules(zoo, seats=2)
    match = Match(rules, [HUMAN, RandomStrategy()], seed=2)
    match.advance()
    assert match.waiting_for == 0 and isinstance(match.actions[0], Shuffle)
    before = (match.state, len(match.actions), len(match.events))
    with pytest.raises(IllegalActionError):
        match.submit(ChooseCategory(9))
    assert (match.state, len(match.actions), len(match.events)) == before
    with pytest.raises(IllegalActionError, match="human"):
        match.step()
    match.submit(ChooseCategory(0))
    assert len(match.actions) == 2


# -- the first chooser's edge with card counting (investigated: a real effect, not a bug) ---------------


@dataclass(frozen=True)
class FirstOfTheBest(Strategy[ClassicView]):
    """Card counting with ties between equal scores broken by position, not by the seat's stream.

    With it a game depends on the cards and the seating alone, so a game and
    its rotated twin can be compared move for move.
    """

    inner: CardCounting = field(default_factory=CardCounting)

    def choose(self, view: ClassicView, legal: Sequence[Any], rng: random.Random) -> Any:
        class First(random.Random):
            def randrange(self, *args: Any, **kwargs: Any) -> int:
                return 0

        return self.inner.choose(view, legal, First())


def test_rotating_the_seats_rotates_the_game() -> None:
    # Seat 0 wins about half of 6-seat "expert" games on decks with no-data
    # values.  If anything in views, dealing or the driver favoured seat 0
    # itself, moving every stack r seats to the left (and the first chooser
    # with it) would change the game; it must only relabel it.
    from toptrumps_core.deckfiles import load_deck
    from toptrumps_core.events import ChooserDrawn

    deck = load_deck("animals")
    rules = ClassicRules(deck, seats=6)
    names = [c.name for c in deck.cards]
    compared = 0
    for seed in range(12):
        order = names[:]
        random.Random(seed).shuffle(order)
        stacks = [order[s::6] for s in range(6)]  # rule C2: one card at a time from seat 0
        first = Match(rules, [FirstOfTheBest()] * 6, seed=seed, start=rules.start_from(stacks=stacks, chooser=0))
        first.advance()
        if any(isinstance(e, ChooserDrawn) for e in first.events):
            continue  # a C8 lot draws among seats in seat order: not a relabelling
        for r in (1, 3, 5):
            rotated = [stacks[(s - r) % 6] for s in range(6)]
            start = rules.start_from(stacks=rotated, chooser=r)
            twin = Match(rules, [FirstOfTheBest()] * 6, seed=seed, start=start)
            twin.advance()
            assert twin.actions == first.actions
            assert twin.outcome is not None and first.outcome is not None
            assert twin.outcome.winners == {(w + r) % 6 for w in first.outcome.winners}
            compared += 1
    assert compared >= 15


def test_card_counting_keeps_the_choice_with_a_sure_tie(zoo: Deck) -> None:
    # The mechanism behind the first chooser's edge: Ant is weak everywhere it
    # has data (Speed 1 loses to every card; Price 5 beats two opponents only
    # 1 time in 10), but it has no Weight.  Under no_data="tie" (rule C6)
    # naming Weight is a sure tie, scored 1/2, so card counting names it, the
    # cards go to the pot and the same chooser picks again (rule C5).
    rules = ClassicRules(zoo, seats=3)
    state = rules.start_from(stacks=[["Ant", "Fox"], ["Bee", "Cat"], ["Dog", "Eel"]], chooser=0)
    choice = CardCounting().choose(rules.observe(state, 0), rules.legal_actions(state), random.Random(0))
    assert choice == ChooseCategory(2)  # Weight
    after = rules.apply(state, choice).state
    assert after.pot and after.chooser == 0 and rules.actor(after) == 0
    # Told that a no-data card loses instead, it has no sure tie to hide behind.
    loses = ClassicRules(zoo, seats=3, no_data="loses")
    state = loses.start_from(stacks=[["Ant", "Fox"], ["Bee", "Cat"], ["Dog", "Eel"]], chooser=0)
    assert CardCounting(no_data="loses").choose(
        loses.observe(state, 0), loses.legal_actions(state), random.Random(0)
    ) != ChooseCategory(2)


# -- one random player, and the default player of each family -----------------------------------------


def test_one_random_player_serves_every_game() -> None:
    assert RandomTournamentPlayer is RandomStrategy and RandomTournamentPlayer() == RandomStrategy()


def test_the_default_player_comes_from_the_family_registry_not_the_rules(zoo: Deck) -> None:
    for cls in (ClassicRules, HiLoRules, TournamentRules):
        assert not hasattr(cls, "default_strategy")
    assert default_player(ClassicRules(zoo, seats=3)) == CardCounting(no_data="tie")
    assert default_player(HiLoRules(zoo)) == BestHiLo()
    assert default_player(TournamentRules(load_deck("animals"), seats=3)) == TournamentPlayer()
    assert Match(HiLoRules(zoo), seed=1).strategies == (BestHiLo(),)


def test_a_game_without_a_default_player_needs_its_strategies() -> None:
    with pytest.raises(RuleOptionError, match=r"SealedBidRules has no default computer player.*'classic'"):
        Match(SealedBidRules())


def test_a_judged_game_may_register_its_default_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = GuessRules()
    assert registry.default_judge(rules) is None
    monkeypatch.setitem(registry._JUDGES, rules.family, lambda rules: LenientJudge(False))
    match = Match(rules, [GuessInOrder()] * 2, seed=3)
    assert match.judge == LenientJudge(False)
