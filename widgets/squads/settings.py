"""The "New game ⚙" settings of the Squads table: deck, people, computers, tokens to win, seed (S1, S7).

Every value the page sends is checked before a game is built: the deck must
be one the list offers, the players 2 or more (S1) and the deck big enough
for them; a bad choice is explained by the error boundary and the game in
play is untouched.
"""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.cards import Deck
from toptrumps_core.deckfiles import load_deck
from toptrumps_core.errors import RuleOptionError
from toptrumps_core.options import option_spec
from toptrumps_core.squads import SquadsRules
from widgets._toolkit import deck_dropdown, deck_names, number_dropdown, read_seed, seed_box, whole

__all__ = ["SquadSettings", "short_name"]


class SquadSettings(ipw.VBox):
    """The settings form of a new Squads game.

    Args:
        deck: The short name of the deck chosen first (e.g. ``"animals"``).
        people: People at the screen, 1 to 4.
        computers: Computer players, 0 to 5.
        tokens_to_win: Tokens that end the game (S7: 10).

    The seed box starts empty (a fresh deal); a teacher's number deals that
    game, and the box is emptied once it starts (`widgets._toolkit.seeds`).
    """

    def __init__(self, *, deck: str, people: int, computers: int, tokens_to_win: int) -> None:
        self.deck = deck_dropdown(deck)
        self.people = number_dropdown(
            "People", range(1, 5), min(max(people, 1), 4), "How many people play at this screen"
        )
        self.computers = number_dropdown(
            "Computers", range(0, 6), min(max(computers, 0), 5), "How many computer players"
        )
        tokens = option_spec(SquadsRules, "tokens_to_win")
        self.tokens = number_dropdown(tokens.label, range(3, 21), min(max(tokens_to_win, 3), 20), tokens.help)
        self.seed = seed_box()
        super().__init__(
            [
                self.deck,
                ipw.HBox([self.people, self.computers, self.tokens], layout=ipw.Layout(flex_flow="row wrap")),
                self.seed,
            ]
        )
        self.add_class("tt-settings")

    def rules_and_people(self) -> tuple[SquadsRules, int, int | None]:
        """Returns the rules, the number of people and the seed the form says (None: empty), all checked.

        Raises:
            RuleOptionError: If a value is not one the form offers, there are
                fewer than two players (S1), or the deck is too small for them.
            DeckError: If the deck cannot be loaded.
        """
        offered = [value for _, value in deck_names()]
        if self.deck.value not in offered:
            raise RuleOptionError(f"choose a deck from the list; got {self.deck.value!r}")
        people = whole(self.people.value, 1, 4, "people")
        computers = whole(self.computers.value, 0, 5, "computers")
        tokens = whole(self.tokens.value, 3, 20, "tokens to win")
        seed = read_seed(self.seed.value)
        if people + computers < 2:
            raise RuleOptionError("Squads needs two or more players: add a person or a computer")
        rules = SquadsRules(load_deck(self.deck.value), seats=people + computers, tokens_to_win=tokens)
        return rules, people, seed


def short_name(deck: Deck) -> str:
    """Returns the name `load_deck` takes for a bundled deck (its file name), or "" for another deck."""
    for name, value in deck_names():
        if name == deck.name:
            return value
    return ""
