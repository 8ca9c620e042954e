"""The simulation lab's words and choices for pupils: strategies, rule options, engines (rules C2, C4, C6).

The page never shows a registry name (``card_counting``) or an option's
spelling in code (``deal_all``): each strategy has its words here, each rule
option the words of its specification (`toptrumps_core.options`), with the
rule ID beside them.  `rule_choice` builds the toggle buttons of one rule
option in those words; `engine_words` says which engine plays a run and, when it is
the exact rules engine, which setting needs it; `games_limit` is the most
games a run plays on that engine, the Games box's maximum.

The results' sections speak before their button has run (`WAITING_WORDS`),
while the ladder runs (`LADDER_RUNNING`) and when a run is stopped
(`GAMES_STOPPED`, `LADDER_STOPPED`, `ladder_unfinished`); the progress line
that says a run is done points down to the charts (`CHARTS_BELOW`,
`LADDER_BELOW`), which on a phone start below the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as ipw

from toptrumps_core.classic import ClassicRules
from toptrumps_core.options import option_spec
from toptrumps_core.simulation import BATCH_STRATEGIES, BatchUnsupported
from toptrumps_core.simulation.experiments import Engine, check_batch
from widgets._toolkit import and_list, esc, rule_toggle

__all__ = [
    "CHARTS_BELOW",
    "ENGINE_WORDS",
    "GAMES_STOPPED",
    "LADDER_BELOW",
    "LADDER_RUNNING",
    "LADDER_STOPPED",
    "MAX_GAMES",
    "MAX_RULES_GAMES",
    "MIN_GAMES",
    "RULE_CHOICES",
    "STRATEGY_LABELS",
    "WAITING_WORDS",
    "choose_engine",
    "engine_words",
    "games_limit",
    "ladder_unfinished",
    "rule_choice",
]

MIN_GAMES, MAX_GAMES = 10, 100_000
"""Games one run plays on the batch engine."""
MAX_RULES_GAMES = 5_000
"""Most games one run plays on the exact rules engine (about 10 ms a game)."""
STRATEGY_LABELS = {
    "random": "random (easy)",
    "best_value": "best value (medium)",
    "best_rank": "best rank (hard)",
    "card_counting": "card counting (expert)",
}
"""Each classic strategy's name in the page, by its registry name."""
ENGINE_WORDS: dict[Engine, str] = {
    "batch": "the batch engine (fast, the same games as the rules engine)",
    "rules": "the exact rules engine",
}
"""Each engine's name in the page."""
RULE_CHOICES = ("no_data", "leftover", "collect_order")
"""The classic rule options the lab sets; their words are `ClassicRules`' own (`toptrumps_core.options`)."""
_CHART_WAITS = "<p>Press <b>Run the games</b> to draw this chart.</p>"
WAITING_WORDS = {
    "lengths": _CHART_WAITS,
    "first": _CHART_WAITS,
    "cards": _CHART_WAITS,
    "ladder": (
        "<p>The ladder puts every computer player against every other, on the same deals both ways round, "
        "and rates them on the Elo scale that chess uses. Press <b>Run the ladder</b> above to play it: "
        "its chart and the best player appear here.</p>"
    ),
}
"""What each results section (keys of ``widgets.lab.lab.SECTIONS``) says before its button has run (HTML)."""
LADDER_RUNNING = (
    "<p>The ladder is running: every computer player is playing every other. The progress bar above shows "
    "how far it has got; its chart appears here when it ends.</p>"
)
"""The ladder section's words while the ladder plays (HTML)."""
CHARTS_BELOW = "The charts are below ▼"
"""Ends the progress line of a finished run that drew charts (plain text)."""
LADDER_BELOW = "Its chart is below ▼"
"""Ends the progress line of a finished ladder (plain text)."""
GAMES_STOPPED = "Stopped: the charts below show the games played until then."
"""The status line when Stop ends a run of games (plain text)."""
LADDER_STOPPED = "Stopped: the ladder ended early, so it gave no ratings this time."
"""The status line when Stop ends a ladder (plain text)."""


def rule_choice(option: str, value: str) -> ipw.ToggleButtons:
    """Returns toggle buttons for a rule option of `RULE_CHOICES`, in pupils' words with its rule ID, set to `value`.

    Raises:
        KeyError: If `option` is not one of `RULE_CHOICES`.
    """
    if option not in RULE_CHOICES:
        raise KeyError(f"the lab sets no rule option {option!r}; it sets {', '.join(RULE_CHOICES)}")
    return rule_toggle(option_spec(ClassicRules, option), value)


def choose_engine(rules: ClassicRules, strategies: Sequence[str], choice: str = "auto") -> tuple[Engine, str]:
    """Returns the engine that plays these settings, and why it is the rules engine ("" for the batch engine).

    Args:
        rules: The run's rules.
        strategies: One strategy name per seat.
        choice: ``"auto"`` (the batch engine where it plays the settings) or
            ``"rules"`` (always the exact rules engine).

    Returns:
        The engine, and the reason in pupils' words (HTML-escaped), such as
        "card counting (expert), seat 2, plays only there".
    """
    if choice == "rules":
        return "rules", "chosen for this page"
    try:
        check_batch(rules, strategies)
    except BatchUnsupported:
        return "rules", _why_rules(rules, strategies)
    return "batch", ""


def _why_rules(rules: ClassicRules, strategies: Sequence[str]) -> str:
    seats: dict[str, list[str]] = {}
    for seat, name in enumerate(strategies):
        if name not in BATCH_STRATEGIES:
            seats.setdefault(STRATEGY_LABELS.get(name, name), []).append(str(seat + 1))
    needs = [f"{label} at {'seat' if len(at) == 1 else 'seats'} {and_list(at)}" for label, at in seats.items()]
    if rules.collect_order != "fixed":
        needs.append("shuffling won cards")
    if rules.look_at_last is not None:
        needs.append("choosing from the last cards")
    if not needs:
        return "these settings need it"
    return esc(f"{and_list(needs)} {'plays' if len(needs) == 1 else 'play'} only there")


def ladder_unfinished(earlier: str) -> str:
    """Returns the ladder section's words after a ladder stopped early (HTML).

    Args:
        earlier: The section's words for the last whole ladder, whose chart
            is still shown (HTML), or "" if there was none.
    """
    kept = " The chart above is the last whole ladder's." if earlier else ""
    return (
        f"<p>The ladder was stopped before the end, so it gave no new ratings.{kept} "
        f"Press <b>Run the ladder</b> to play it again.</p>{earlier}"
    )


def games_limit(engine: Engine) -> int:
    """Returns the most games one run plays on `engine`: `MAX_GAMES` or `MAX_RULES_GAMES`."""
    return MAX_GAMES if engine == "batch" else MAX_RULES_GAMES


def engine_words(engine: Engine, why: str) -> str:
    """Returns the page's line on which engine plays the next run and how many games it allows (HTML)."""
    reason = f", because {why}" if why else ""
    return (
        f"<p>With these settings the games run on <b>{ENGINE_WORDS[engine]}</b>{reason}: "
        f"up to {games_limit(engine):,} games.</p>"
    )
