"""The shared toolkit every view is built from, one module per responsibility.

- `words`: values with units, percentages, plurals, lists, seat names;
- `controls`: HTML pieces, buttons, the status line, the hot-seat pass
  screen and the settings controls (deck, seed, rule options);
- `rerender`: closing what a re-render replaced, and ignoring clicks on
  buttons of a past decision;
- `driver`: `MatchDriver`, the one helper over a core `Match` (who may act
  now, settle chance, fast-forward, stale clicks; simultaneous and judge's
  nodes for a view that shows them, a clear refusal for one that does not);
- `seeds`: a game's seed, drawn from the operating system and kept out of
  the page until the game ends (a teacher may still set one);
- `clock`: `app_clock`, the one clock every timer of the pages reads, and
  the app's test mode (`in_test_mode`, `clock_controls`);
- `settings_form`: `SettingsForm`, one form built from a settings
  dataclass's field metadata, with kind validation;
- `views`: `MatchView` and `SeatedView`, the frames of the views;
- `stepped_run`: `SteppedRun`, a long computation in steps, one per turn
  of the kernel's event loop, so the page stays live and Stop works;
- `experiment_frame`: `Experiment`, the frame of every classroom
  experiment, run in steps;
- `disclosure`: `Disclosure`, a real button that shows and hides a box;
- `projector`: `ProjectorSwitch`, the page's projector mode;
- `rules_panel`: `RulesPanel`, the one part of a page naming rules by their
  RULES.md IDs (for the teacher).

The names below are re-exported here, so a view imports from
``widgets._toolkit``.  Nothing here draws random numbers, blocks the
kernel or sends code to the page.
"""

from widgets._toolkit.clock import Clock, ManualClock, RealClock, app_clock, clock_controls, in_test_mode
from widgets._toolkit.controls import (
    DEFAULT_SEED,
    OWN_DECK,
    SEED_MAX,
    StatusLine,
    big_button,
    count_slider,
    deck_dropdown,
    deck_names,
    html_widget,
    log_html,
    number_dropdown,
    pass_panel,
    rule_toggle,
    seed_text,
    shown_seed,
)
from widgets._toolkit.disclosure import Disclosure
from widgets._toolkit.driver import (
    CHANCE_STEPS_MAX,
    STEP_SETTLE_SECONDS,
    Due,
    MatchDriver,
    Played,
    StepClicks,
    Turn,
    TurnNotSupported,
    page_click,
)
from widgets._toolkit.experiment_frame import Experiment, figure_svg
from widgets._toolkit.projector import PROJECTOR_CLASS, ProjectorSwitch, projector_on
from widgets._toolkit.rerender import ClickGuard, close_tree, swap_children
from widgets._toolkit.rules_panel import RULES_PANEL_CLASS, RulesPanel
from widgets._toolkit.seeds import DRAWN_SEED_MAX, TEACHER_SEED, SeedSource, fresh_seed, read_seed, seed_box, seed_words
from widgets._toolkit.settings_form import (
    Heading,
    Setting,
    SettingsForm,
    check_settings,
    rule_option,
    seed_field,
    setting,
)
from widgets._toolkit.stepped_run import STEP_PAUSE_S, Schedule, Sleep, SteppedRun
from widgets._toolkit.views import MatchView, SeatedView
from widgets._toolkit.words import SeatNames, and_list, esc, is_whole, or_list, percent, plural, value_text, whole

__all__ = [
    "CHANCE_STEPS_MAX",
    "DEFAULT_SEED",
    "DRAWN_SEED_MAX",
    "OWN_DECK",
    "PROJECTOR_CLASS",
    "RULES_PANEL_CLASS",
    "SEED_MAX",
    "STEP_PAUSE_S",
    "STEP_SETTLE_SECONDS",
    "TEACHER_SEED",
    "ClickGuard",
    "Clock",
    "Disclosure",
    "Due",
    "Experiment",
    "Heading",
    "ManualClock",
    "MatchDriver",
    "MatchView",
    "Played",
    "ProjectorSwitch",
    "RealClock",
    "RulesPanel",
    "Schedule",
    "SeatNames",
    "SeatedView",
    "SeedSource",
    "Setting",
    "SettingsForm",
    "Sleep",
    "StatusLine",
    "StepClicks",
    "SteppedRun",
    "Turn",
    "TurnNotSupported",
    "and_list",
    "app_clock",
    "big_button",
    "check_settings",
    "clock_controls",
    "close_tree",
    "count_slider",
    "deck_dropdown",
    "deck_names",
    "esc",
    "figure_svg",
    "fresh_seed",
    "html_widget",
    "in_test_mode",
    "is_whole",
    "log_html",
    "number_dropdown",
    "or_list",
    "page_click",
    "pass_panel",
    "percent",
    "plural",
    "projector_on",
    "read_seed",
    "rule_option",
    "rule_toggle",
    "seed_box",
    "seed_field",
    "seed_text",
    "seed_words",
    "setting",
    "shown_seed",
    "swap_children",
    "value_text",
    "whole",
]
