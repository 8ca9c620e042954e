"""A game in progress at a page: its mark on the page, and the question before "Play again" loses it.

A game is *in progress* at a page from the first move made there after it
was shown until it ends.  While it is, `InPlay` puts the class
`IN_PLAY_CLASS` on the view's root; the app's page script (the Voila
template ``widgets/share/voila/templates/toptrumps/index.html.j2``) asks the
browser to warn before a reload or a close while such a root exists.  Play
again during such a game asks once first (`QUESTION`), through the screen:
its prompt becomes the question, and two buttons answer it.

Example:
    >>> import ipywidgets as ipw
    >>> root = ipw.VBox()
    >>> guard = InPlay(root)
    >>> guard.mark(moves=1, over=False)
    >>> guard.in_play, guard.ask()
    (True, True)
    >>> guard.screen(Screen(title_html="Hi Lo", state="call")).prompt
    'Start a new game? This one is not finished.'
    >>> guard.mark(moves=2, over=True)
    >>> guard.in_play, guard.asking
    (False, False)
"""

from __future__ import annotations

from dataclasses import replace

import ipywidgets as ipw

from widgets._toolkit import big_button
from widgets.gameview.screen import Screen

__all__ = ["ASKING_STATE", "IN_PLAY_CLASS", "QUESTION", "InPlay"]

IN_PLAY_CLASS = "tt-in-play"
"""The class of a game view's root while a game is in progress there (the page script warns before leaving)."""
QUESTION = "Start a new game? This one is not finished."
"""What the page asks when "Play again" would end a game in progress."""
ASKING_STATE = "start-again"
"""The screen's state while the page asks `QUESTION` (the root's class ``tt-state-start-again``)."""


class InPlay:
    """Marks `root` while a game is in progress, and holds the question before a new game.

    Args:
        root: The game view's root widget, which carries `IN_PLAY_CLASS`.

    Attributes:
        yes: The button that starts the new game ("Yes, start a new game").
        no: The button that keeps the game ("No, keep playing"), where the
            focus goes, so a repeated key press does not lose the game.
        box: The two buttons in a row, shown only while the page asks.
    """

    def __init__(self, root: ipw.DOMWidget) -> None:
        self._root = root
        self._in_play = False
        self._asking = False
        self.yes = big_button("Yes, start a new game", "End this game and shuffle for a new one", primary=False)
        self.no = big_button("No, keep playing", "Go back to this game", primary=True)
        self.box = ipw.HBox([self.yes, self.no], layout=ipw.Layout(flex_flow="row wrap", display="none"))

    @property
    def in_play(self) -> bool:
        """True while a game is in progress at the page (the root carries `IN_PLAY_CLASS`)."""
        return self._in_play

    @property
    def asking(self) -> bool:
        """True while the page asks `QUESTION`."""
        return self._asking

    def mark(self, *, moves: int, over: bool) -> None:
        """Marks the root for a game with `moves` moves (>= 0) made at this page since it was shown.

        A game that is over, or has no move made here, is not in progress; nor is a question then open.
        """
        in_play = moves > 0 and not over
        if in_play != self._in_play:
            (self._root.add_class if in_play else self._root.remove_class)(IN_PLAY_CLASS)
            self._in_play = in_play
        if not in_play:
            self.settle()

    def ask(self) -> bool:
        """Opens the question if a game is in progress and it is not open yet; returns True if it did."""
        if not self._in_play or self._asking:
            return False
        self._asking = True
        self.box.layout.display = None
        return True

    def settle(self) -> None:
        """Closes the question (answered, or a move was made)."""
        self._asking = False
        self.box.layout.display = "none"

    def screen(self, screen: Screen) -> Screen:
        """Returns `screen`, or while asking, the same screen with the question in place of its choices."""
        if not self._asking:
            return screen
        return replace(screen, state=ASKING_STATE, prompt=QUESTION, hint="", choices=(), closing_html="")
