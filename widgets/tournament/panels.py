"""The arena's panel for the mini-game in play: its table, prompts and choice buttons (T5-T16).

`ArenaPanels` is the part of `TournamentArena` that draws the panel: the
story of the mini-game just played, Hi Lo's row, Shoot Out's cards, the duel
table of Head to Head, My Game and the Finale, the hot-seat pass screen, the
winner screen, and one button per legal choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import ipywidgets as ipw

from toptrumps_core import svg
from toptrumps_core.classic import ChooseCategory
from toptrumps_core.events import Revealed, Tied, Won
from toptrumps_core.protocol import Action
from toptrumps_core.tournament.finale import (
    PIN_LIMIT,
    FinaleCardsAllotted,
)
from toptrumps_core.tournament.head_to_head import PickOpponent
from toptrumps_core.tournament.hilo import Call
from toptrumps_core.tournament.mini_game import MiniGameOver
from toptrumps_core.tournament.my_game import PickDeck
from toptrumps_core.tournament.pins import PinAwarded, PinsNotTaken
from toptrumps_core.tournament.spinner import Sector
from toptrumps_core.tournament.steal_a_pin import NothingToSteal, Rob
from widgets._toolkit import (
    big_button,
    esc,
    html_widget,
    pass_panel,
    plural,
    swap_children,
    value_text,
)

__all__ = ["ArenaPanels"]

_PRIZES: Mapping[Sector, str] = {
    Sector.MY_GAME: "everyone plays; the last player holding cards gets 2 pins",
    Sector.HEAD_TO_HEAD: "two players; the last one holding cards gets 1 pin",
    Sector.SHOOT_OUT: "one card each; the best value gets 1 pin",
    Sector.HI_LO: "the active player alone calls higher or lower; up to 2 pins",
    Sector.STEAL_A_PIN: "take a pin from another player's track",
    Sector.GRAB_TWO_PINS: "take 2 pins from the supply",
}


class ArenaPanels:
    """The part of `TournamentArena` that draws the mini-game's panel and its choices.

    A mixin of `TournamentArena`: public facts come from
    `TournamentRules.public_view`, the person's own top card from their seat's
    view only, and every choice button is made from the legal actions and
    bound through the arena's driver (stale clicks are ignored).
    """

    def _render_panel_spinning(self) -> None:
        self._replace_panel(
            "🎡 Spinning…", [html_widget("tt-say", '<div class="tt-say">Watch the spinner — where will it stop?</div>')]
        )
        self._buttons = {}
        self._choices = {}

    def _render_panel(self) -> None:
        self._buttons = {}
        self._choices = {}
        screen = self.screen
        if screen == "over":
            head, parts = self._over_panel()
        else:
            if self._public().stage in ("start", "spin"):
                head, parts = self._between_panel()
            else:
                head, parts = self._mini_panel()
            if screen == "pass":
                parts = [*parts, *self._pass_parts()]
            elif screen == "spin":
                self._buttons[self._spinner.button.description] = self._spinner.button
        self._replace_panel(head, parts)

    def _replace_panel(self, head: str, parts: list[ipw.Widget]) -> None:
        self._panel_head.value = head
        swap_children(self._panel, parts)  # closes the old panel, buttons and all

    # -- panels ---------------------------------------------------------------------------------------

    def _between_panel(self) -> tuple[str, list[ipw.Widget]]:
        """The story of the mini-game just played, and who spins next."""
        parts: list[ipw.Widget] = []
        last = [e for e in self._story.mini_events if isinstance(e, MiniGameOver)]
        if not last:
            active = self._active()
            who = self._names[active] if active is not None else "The first player"
            text = (
                f"{esc(who)} {'start' if who == 'You' else 'starts'} the tournament. "
                "Each turn starts with a spin for the mini-game; after it, the turn passes left. "
                "When a pin track is full, the Finale begins."
            )
            return "Welcome to the Tournament!", [html_widget("tt-say", f'<div class="tt-say">{text}</div>')]
        over = last[-1]
        head = f"{svg.sector_label(over.sector)} is over"
        parts.extend(self._story_parts(over.sector, finished=True))
        parts.append(html_widget("tt-say", f'<div class="tt-say-big">{esc(self._result_words())}</div>'))
        return esc(head), parts

    def _result_words(self) -> str:
        """Returns what the mini-game just played gave: the narrator's sentences of its pin events."""
        said = self._story.said(NothingToSteal, PinAwarded, PinsNotTaken)
        return " ".join(said) if said else "No pins this time."

    def _mini_panel(self) -> tuple[str, list[ipw.Widget]]:
        view = self._public()
        if view.finale:
            title = "The Finale"
            sub = "every player with pins plays; cards by pins; the last player holding cards wins the tournament"
            sector = None
        else:
            sector = view.sector
            assert sector is not None
            title = svg.sector_label(sector)
            sub = _PRIZES[sector]
            if view.opponent is not None and view.active is not None:
                sub = f"{self._names[view.active]} against {self._names[view.opponent]}; {sub}"
        if view.deck is not None:
            sub += f" · deck: {view.deck.name}"
        head = f'{esc(title)}<span class="tt-panel-sub">{esc(sub)}</span>'
        return head, self._story_parts(sector, finished=False)

    def _story_parts(self, sector: Sector | None, *, finished: bool) -> list[ipw.Widget]:
        """The mini-game's table: prompts, cards and choices (finished: the last picture)."""
        parts: list[ipw.Widget] = []
        view = None if finished else self._public()
        stage = view.stage if view is not None else "over"
        if stage == "spin_deck":
            what = "the Finale's deck" if view is not None and view.finale else "the deck"
            parts.append(
                html_widget("tt-say", f'<div class="tt-say">First, a spin for {what}: one of the six openings.</div>')
            )
            return parts
        if stage in ("pick_opponent", "pick_deck", "rob"):
            prompt = {
                "pick_opponent": "Pick an opponent (their pins are shown). The winner of the two gets 1 pin.",
                "pick_deck": "Pick the deck for My Game: 3 cards each, dealt from its stack.",
                "rob": "Steal a Pin: take one pin from another player's track.",
            }[stage]
            parts.append(html_widget("tt-say", f'<div class="tt-say">{esc(prompt)}</div>'))
            parts.extend(self._choice_parts())
            return parts
        if sector is Sector.HI_LO:
            return self._hilo_parts(finished)
        if sector is Sector.SHOOT_OUT and not finished:
            return self._shootout_parts()
        if sector in (Sector.STEAL_A_PIN, Sector.GRAB_TWO_PINS):
            return parts
        own = [] if finished else self._own_card_parts()
        if own and self.screen == "choose":
            parts.extend(own)  # the choice first, where the class sees it without scrolling
            own = []
        if self._story.finale or (view is not None and view.finale):
            parts.append(html_widget("tt-pic", self._finale_table()))
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        if not finished:
            parts.append(html_widget("tt-pic", self._seats_strip()))
        parts.extend(own)
        return parts

    def _finale_table(self) -> str:
        allotted = [e for e in self._story.mini_events if isinstance(e, FinaleCardsAllotted)]
        if not allotted:
            return ""
        event = allotted[-1]
        tracks = self._public().tracks
        how = (
            f"More than {PIN_LIMIT} pins are in play ({event.pins_in_play}), so cards go by rank: 6, 5, 4, 3, 2, 1."
            if event.by_rank
            else f"{event.pins_in_play} pins are in play (30 or fewer), so each player gets one card per pin."
        )
        rows = "".join(
            f"<tr><td>{esc(self._names[s])}</td><td>{tracks[s]}</td><td>{n if n else 'out (no pins)'}</td></tr>"
            for s, n in enumerate(event.cards)
        )
        return (
            f'<div class="tt-say">{esc(how)}</div><table class="tt-finale-table">'
            f"<tr><th>Player</th><th>Pins</th><th>Finale cards</th></tr>{rows}</table>"
        )

    def _seats_strip(self) -> str:
        """Every player of the card play: cards in hand, who chooses, and their face-up discards."""
        view = self._public()
        deck = view.deck
        if deck is None or not view.players:
            return ""
        figures = []
        for seat in view.players:
            size = view.hand_sizes[seat]
            if size == 0:
                badge = "OUT"
            elif seat == view.chooser:
                badge = "★ chooses"
            else:
                badge = "&nbsp;"
            discards = view.discards[seat]
            shown = ", ".join(deck.cards[c].name for c in discards) if discards else "none"
            picture = svg.stack(size, label=self._names[seat], width_px=130)
            css = "tt-seat tt-seat-now" if seat == view.chooser else "tt-seat"
            figures.append(
                f'<figure class="{css}">{picture}<figcaption>{badge}'
                f'<span class="tt-discards">Discards ({len(discards)}): {esc(shown)}</span></figcaption></figure>'
            )
        return f'<div class="tt-seats" role="list" aria-label="Players and their discards">{"".join(figures)}</div>'

    def _last_comparison(self) -> str:
        """The last comparison of this mini-game, every revealed card face up, as SVG."""
        index = max((i for i, e in enumerate(self._story.mini_events) if isinstance(e, Revealed)), default=None)
        if index is None:
            return ""
        deck = self._story.deck
        revealed = self._story.mini_events[index]
        assert isinstance(revealed, Revealed)
        after = self._story.mini_events[index + 1 :]
        won = next((e.seat for e in after if isinstance(e, Won)), None)
        tie = any(isinstance(e, Tied) for e in after)
        shown = list(revealed.cards)
        winners = [i for i, (seat, _) in enumerate(shown) if seat == won]
        width = max(110, min(230, 1000 // max(len(shown), 1) - 30))
        picture = svg.comparison(
            [(self._names[s], deck.cards[c]) for s, c in shown],
            revealed.category,
            winners=winners,
            tie=tie and not winners,
            width_px=width,
        )
        return f'<div class="tt-heading">Last comparison</div>{picture}'

    def _own_card_parts(self) -> list[ipw.Widget]:
        """The top card of the person at the screen, with category buttons when it is their choice."""
        seat = self._private_seat()
        if seat is None:
            return []
        view = self._match.view(seat)
        card = view.top_card
        if card is None:
            return []
        owner = "Your" if self._names[seat] == "You" else f"{self._names[seat]}'s"
        choosing = self.screen == "choose" and self._match.waiting_for == seat
        picture = html_widget("tt-pic", str(svg.card(card, width_px=270)))
        if not choosing:
            caption = html_widget(
                "tt-say", f'<div class="tt-say">{esc(owner)} top card (only the top card is shown).</div>'
            )
            return [caption, picture]
        caption = html_widget("tt-say", f'<div class="tt-say-big">{esc(owner)} top card — choose a category:</div>')
        buttons = self._choice_buttons(vertical=True)
        return [caption, ipw.HBox([picture, buttons], layout=ipw.Layout(flex_flow="row wrap"))]

    def _shootout_parts(self) -> list[ipw.Widget]:
        view = self._public()
        deck = view.deck
        parts: list[ipw.Widget] = []
        if deck is None:
            return parts
        seat = self._private_seat()
        figures = []
        for player in view.players:
            name = esc(self._names[player])
            if player == seat and self._match.view(player).top_card is not None:
                card = self._match.view(player).top_card
                assert card is not None
                picture = svg.card(card, width_px=220)
            elif view.hand_sizes[player]:
                picture = svg.face_down(width_px=130, label="")
            else:
                continue
            figures.append(f"<figure>{picture}<figcaption>{name}</figcaption></figure>")
        chooser = view.active if view.active is not None else 0
        you = self._names[chooser] == "You"
        looks = self._names.subject(chooser, "look", "looks")
        says = (
            f"One card each. {looks} at {'your' if you else 'their'} card and {'pick' if you else 'picks'} the category"
        )
        parts.append(html_widget("tt-say", f'<div class="tt-say">{esc(says)}; then everyone\'s card is turned.</div>'))
        parts.append(html_widget("tt-pic", f'<div class="tt-row-cards">{"".join(figures)}</div>'))
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        if self.screen == "choose" and self._match.waiting_for == seat:
            parts.append(html_widget("tt-say", '<div class="tt-say-big">Choose a category:</div>'))
            parts.append(self._choice_buttons(vertical=False))
        return parts

    def _hilo_parts(self, finished: bool) -> list[ipw.Widget]:
        """Hi Lo's row from the public view: face-up cards, the calls judged, the cards put aside (T12)."""
        public = self._public()
        row = public.last_hilo if finished else public.hilo
        parts: list[ipw.Widget] = []
        if row is None:
            return parts
        deck = row.deck
        figures = []
        verdicts = dict(enumerate(row.calls, start=1))  # the n-th call is judged on the (n + 1)-th card
        for slot, card in enumerate(row.faces):
            if card is None:
                picture = svg.face_down(width_px=150, label="?")
            else:
                picture = svg.card(deck.cards[card], highlight=row.category, width_px=210, lower_wins=False)
            caption = f"Card {slot + 1}"
            if slot in verdicts:
                direction, right = verdicts[slot]
                caption += f" — called {direction}: {'right ✓' if right else 'wrong ✗'}"
            figures.append(f"<figure>{picture}<figcaption>{esc(caption)}</figcaption></figure>")
        parts.append(html_widget("tt-pic", f'<div class="tt-row-cards">{"".join(figures)}</div>'))
        if row.put_aside:
            names = ", ".join(deck.cards[c].name for c in row.put_aside)
            parts.append(html_widget("tt-say", f'<div class="tt-say">Put aside for no data: {esc(names)}.</div>'))
        if finished:
            return parts
        if self.screen == "choose" and self._match.waiting_for is not None:
            legal = self._match.legal_actions()
            if legal and isinstance(legal[0], Call):
                shown = row.shown
                if shown is not None and row.category is not None:
                    value = value_text(deck.categories[row.category], shown.values[row.category])
                    ask = f"Will the next card be higher or lower than {value}? (Equal counts as right.)"
                else:
                    ask = "Higher or lower? (Equal counts as right.)"
            else:
                ask = "Choose one category for the whole game (only one where the first card has a value)."
            parts.append(html_widget("tt-say", f'<div class="tt-say-big">{esc(ask)}</div>'))
            parts.append(self._choice_buttons(vertical=False))
        return parts

    def _pass_parts(self) -> list[ipw.Widget]:
        seat = self._match.waiting_for
        assert seat is not None
        text, button = pass_panel(self._names[seat])
        self._buttons[button.description] = self._driver.bind(button, self.ready)
        return [text, button]

    def _over_panel(self) -> tuple[str, list[ipw.Widget]]:
        outcome = self._match.outcome
        assert outcome is not None
        view = self._public()
        rows = "".join(
            f"<li>{esc(self._names[s])}: {plural(n, 'pin')}{' 🏆' if s in outcome.winners else ''}</li>"
            for s, n in enumerate(view.tracks)
        )
        finale = self._finale_table()
        body = (
            f'<div class="tt-panel" role="status"><div class="tt-winner">🏆 {esc(self._story.headline(outcome))}</div>'
            f"<p>After {plural(view.turns, 'mini-game')} and the Finale.</p><ul>{rows}</ul>{finale}"
            "<p>Play again: open <b>New tournament ⚙</b> below.</p></div>"
        )
        parts: list[ipw.Widget] = [html_widget("tt-over", body)]
        comparison = self._last_comparison()
        if comparison:
            parts.append(html_widget("tt-pic", comparison))
        return "The winner", parts

    # -- choices --------------------------------------------------------------------------------------

    def _choice_parts(self) -> list[ipw.Widget]:
        if self.screen != "choose":
            actor = self._match.actor
            if isinstance(actor, int):
                deciding = f"{esc(self._names[actor])} is deciding — press Next ▶."
                return [html_widget("tt-say", f'<div class="tt-say">{deciding}</div>')]
            return []
        return [self._choice_buttons(vertical=False)]

    def _choice_buttons(self, *, vertical: bool) -> ipw.Box:
        """One button per legal action of the person to act (T8's forbidden category shown disabled)."""
        seat = self._match.waiting_for
        assert seat is not None
        view = self._match.view(seat)
        legal = self._match.legal_actions()
        buttons: list[ipw.Button] = []
        for number, action in enumerate(legal, start=1):
            label, tip = self._choice_words(action, view, number)
            button = _choice_button(label, tip)
            self._driver.bind(button, partial(self.choose, label))
            self._buttons[label] = button
            self._choices[label] = action
            buttons.append(button)
        forbidden = view.forbidden_category
        card = view.top_card
        if forbidden is not None and card is not None and view.hilo is None:
            category = card.categories[forbidden]
            value = value_text(category, card.values[forbidden])
            blocked = _choice_button(
                f"{category.name}: {value} — not allowed (last card)",
                "With one card left you may not name the category of the comparison just before",
            )
            blocked.disabled = True
            buttons.insert(min(forbidden, len(buttons)), blocked)
        box = ipw.VBox(buttons) if vertical else ipw.HBox(buttons)
        box.add_class("tt-choices")
        return box

    def _choice_words(self, action: Action, view: Any, number: int) -> tuple[str, str]:
        """Returns the button label and tooltip of a choice, the `number`-th offered."""
        rules = self._rules
        if isinstance(action, PickOpponent):
            pins = view.tracks[action.seat]
            return (
                f"Play against {self._names[action.seat]} ({plural(pins, 'pin')})",
                f"Head to Head against {self._names[action.seat]}",
            )
        if isinstance(action, PickDeck):
            deck = rules.openings[action.opening]
            count = view.arena_counts[action.opening]
            return f"{action.opening + 1} · {deck.name} ({plural(count, 'card')})", f"Play My Game with {deck.name}"
        if isinstance(action, Rob):
            pins = view.tracks[action.seat]
            return (
                f"Steal from {self._names[action.seat]} ({plural(pins, 'pin')})",
                f"Take one pin from {self._names.whose(action.seat)} track",
            )
        if isinstance(action, Call):
            arrow = "⬆ Higher" if action.direction == "higher" else "⬇ Lower"
            return f"{arrow} (or equal)", f"Call {action.direction}: an equal value also counts as right"
        if isinstance(action, ChooseCategory):
            card = view.hilo.first_card if view.hilo is not None else view.top_card
            if card is None:
                return f"Category {action.category + 1}", "Choose this category"
            category = card.categories[action.category]
            value = value_text(category, card.values[action.category])
            if view.hilo is not None:  # in Hi Lo no category wins: the calls compare the cards turned next
                return f"{category.name}: {value}", f"Play Hi Lo on {category.name}: {card.name} has {value}"
            lower = "  ▼ lower wins" if not category.higher_is_better else ""
            direction = "higher wins" if category.higher_is_better else "lower wins"
            return f"{category.name}: {value}{lower}", f"Choose {category.name}: {card.name} has {value}; {direction}"
        return f"Choice {number}", "Make this choice"


def _choice_button(label: str, tooltip: str) -> ipw.Button:
    """Returns one choice of the panel (an opponent, a deck, a category...), as a large outlined button."""
    button = big_button(label, tooltip, primary=False)
    button.add_class("tt-choice")
    return button
