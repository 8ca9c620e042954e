"""The one view design: a game's page is a `GameView` over its match, drawn from a pure presenter.

- `screen`: `Screen`, a frozen description of what a page shows (title,
  board pictures, prompt, choices as ``(label, action)``, panels), with no
  widget in it;
- `render`: `ScreenRenderer`, the one renderer from a `Screen` to
  ipywidgets, inside ``hold_sync``, reusing what it drew before;
- `game_view`: `GameView`, which owns the `Match` and drives every node kind
  (a seat, chance, simultaneous moves, a judge), with stale clicks, the error
  boundary, the log, saving and resuming, and focus; each game supplies a
  presenter, ``present(seen, events, ui) -> Screen``;
- `in_play`: `InPlay`, the mark of a game in progress (the page warns
  before a reload or a close loses it) and the question before Play again.

docs/architecture.md tells how a game's view is made.
"""

from widgets.gameview.game_view import FAST_FORWARD_ROUNDS, AnyMatch, GamePage, GameView
from widgets.gameview.render import STATE_CLASS_PREFIX, ScreenRenderer
from widgets.gameview.screen import Choice, ChoiceKind, Picture, Presenter, Screen, Seen, Toggle, Tone

__all__ = [
    "FAST_FORWARD_ROUNDS",
    "STATE_CLASS_PREFIX",
    "AnyMatch",
    "Choice",
    "ChoiceKind",
    "GamePage",
    "GameView",
    "Picture",
    "Presenter",
    "Screen",
    "ScreenRenderer",
    "Seen",
    "Toggle",
    "Tone",
]
