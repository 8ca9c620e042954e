"""Duel mini-games: Head to Head, My Game and the Finale share this frame (rules T2, T9, T10, T16).

Rules card:

- The stages before the card play (spins, picks, the Finale's shuffle and
  allotment) belong to each mini-game; each then deals from the top of the
  opening's stack (T2) and starts a duel (`toptrumps_core.tournament.duel`,
  T5-T8).
- When one player is left holding cards the mini-game is over: that player
  gets `DuelMiniGame.pins_for_win` pins (T9: 1, T10: 2), and every card the
  mini-game used, discards included, goes under the stack in the order it
  was taken (T2).  The Finale instead ends the tournament (T16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from toptrumps_core.protocol import Action, Actor, Distribution, Event, Seat, Transition
from toptrumps_core.tournament.arena import Table
from toptrumps_core.tournament.dealing import deal, deal_in_turn, dealt_then
from toptrumps_core.tournament.duel import DuelRules, DuelState
from toptrumps_core.tournament.mini_game import CardsDealt, MiniGame, MiniGameState, Stage
from toptrumps_core.tournament.view import TournamentView

__all__ = ["DuelMiniGame"]


class DuelMiniGame(MiniGame):
    """A mini-game whose card play is a duel: Head to Head, My Game, the Finale.

    Subclasses handle the stages before the deal and call `start_duel`; this
    class runs the PLAY stage through `DuelRules` and, when one player is
    left holding cards, awards `pins_for_win` pins and returns the cards (T2).
    """

    pins_for_win: int = 1

    def duel(self, state: MiniGameState) -> DuelRules:
        """Returns the duel engine for the deck in use."""
        assert state.opening is not None
        return DuelRules(self.openings[state.opening], self.seats, self.tie_discard)

    def start_duel(
        self,
        state: MiniGameState,
        order: Sequence[Seat],
        counts: Sequence[int],
        chooser: Seat,
        *,
        short: bool = False,
        in_turn: bool = False,
    ) -> tuple[MiniGameState, CardsDealt]:
        """Deals from the opening's stack and starts the duel with `chooser`.

        Args:
            state: The state before the deal; its opening is chosen.
            order: The seats to deal to, in dealing order.
            counts: Cards for each seat of `order`, same order.
            chooser: The first chooser.
            short: Deal until the stack is empty if it has too few cards
                (the Finale, T16), instead of raising.
            in_turn: Deal each seat its whole count before the next
                (`deal_in_turn`, the Finale from rules version 2, T16)
                instead of one card at a time going round (`deal`).

        Raises:
            RuleOptionError: If the stack has too few cards and not `short`.
        """
        assert state.opening is not None
        dealer = deal_in_turn if in_turn else deal
        hands, rest, taken = dealer(state.table.stacks[state.opening], order, counts, self.seats, short=short)
        play = self.duel(state).start(hands, stack=rest, taken=taken, chooser=chooser)
        return (
            replace(state, stage=Stage.PLAY, play=play),
            CardsDealt(state.opening, tuple(map(len, hands))),
        )

    def hands_table(
        self,
        *,
        active: Seat,
        pins: Sequence[int] | None,
        stack: Sequence[str] | None,
        opening: int,
        hands: Sequence[Sequence[str]] | None,
    ) -> Table:
        """Returns a scenario's table; with `hands`, their cards lie on top of `stack`, as dealt.

        Raises:
            RuleOptionError: If a seat, opening or card name is not valid, or
                a card is named twice (in the hands or the stack).
        """
        if hands is not None:  # the hands were dealt from the top of the stack
            stack = dealt_then(self.openings[opening], hands, stack)
        return self.scenario_table(active=active, pins=pins, stack=stack, opening=opening)

    def start_with_hands(self, state: MiniGameState, hands: Sequence[Sequence[str]], chooser: Seat) -> MiniGameState:
        """Returns `state` with the duel started from named hands (a scenario, not a deal).

        Args:
            state: A state whose table came from `hands_table` with the same hands.
            hands: One list of card names per seat, top first; empty for a
                seat not playing.
            chooser: The first chooser.

        Raises:
            RuleOptionError: If a name is unknown, or as `DuelRules.start`.
        """
        assert state.opening is not None
        built = [self.card_numbers(state.opening, names) for names in hands]
        held = tuple(c for numbers in built for c in numbers)
        rest = tuple(c for c in state.table.stacks[state.opening] if c not in held)
        play = self.duel(state).start(built, stack=rest, taken=held, chooser=chooser)
        return replace(state, stage=Stage.PLAY, play=play)

    def play_actor(self, state: MiniGameState) -> Actor:
        """Returns the duel's actor."""
        return self.duel(state).actor(state.play)

    def stage_chance(self, state: MiniGameState) -> Distribution | None:
        """Returns the duel's T7 lot when it is pending."""
        if state.stage is Stage.PLAY:
            return self.duel(state).chance(state.play)
        return None

    def legal_actions(self, state: MiniGameState) -> tuple[Action, ...]:
        """Returns the duel's legal actions in the PLAY stage."""
        if state.stage is Stage.PLAY:
            return self.duel(state).legal_actions(state.play)
        return ()

    def apply_play(self, state: MiniGameState, action: Action) -> Transition[MiniGameState]:
        """Applies a duel action; when the duel is over, settles the mini-game."""
        duel = self.duel(state)
        step = duel.apply(state.play, action)
        state = replace(state, play=step.state)
        if step.state.winner is None:
            return Transition(state, step.events)
        final, events = self.settle(state, step.state)
        return Transition(final, step.events + events)

    def settle(self, state: MiniGameState, play: DuelState) -> tuple[MiniGameState, tuple[Event, ...]]:
        """Ends the mini-game after the duel: pins to the winner, cards under the stack."""
        assert play.winner is not None
        return self.finish(state, [(play.winner, self.pins_for_win)], play.taken, play.stack)

    def observe(self, state: MiniGameState, seat: Seat) -> TournamentView:
        """Returns what `seat` may see, the duel included."""
        view = super().observe(state, seat)
        if isinstance(state.play, DuelState):
            view = replace(view, **self.duel(state).view_fields(state.play, seat))
            if state.stage is not Stage.OVER:
                counts = list(view.arena_counts)
                assert state.opening is not None
                counts[state.opening] = len(state.play.stack)
                view = replace(view, arena_counts=tuple(counts))
        return view
