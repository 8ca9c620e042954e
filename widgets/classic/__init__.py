"""The classic Top Trumps table (rules C1-C12), one module per responsibility.

- `table`: `ClassicTable`, the view over a core `Match` (intents, flow,
  rendering);
- `settings`: `TableSettings` and the "New game" form built from it;
- `screens`: the card area (the category choice, the C10 pick, the winner
  screen); `hot_seat`: the pass screen and the watch screen;
- `board`: the stacks row and the picture of the last comparison, from
  public facts;
- `lens`: the exact odds beside each category (rule P3);
- `log`: the game log and the sentences about the game.

``from widgets import ClassicTable`` loads it.
"""

from widgets.classic.settings import TableSettings
from widgets.classic.table import FAST_FORWARD_MAX_COMPARISONS, LOG_LINES, ClassicTable

__all__ = ["FAST_FORWARD_MAX_COMPARISONS", "LOG_LINES", "ClassicTable", "TableSettings"]
