"""Lesson pieces: self-check questions, exact-beside-simulated charts and experiments.

- `SelfCheck` (`self_check`): a multiple-choice question with radio buttons,
  a "Check" button and instant feedback; the answer stays in Python.
- `convergence_plot`, `tie_chart` (`charts`): matplotlib figures (made
  without pyplot, so nothing is shown twice) of a Monte Carlo estimate
  beside the exact value (rule P5); `figure_svg` turns one into SVG for an
  ``HTML`` widget.
- Live experiments, each with its controls, a "Run" button, a progress bar,
  a chart and a table of exact beside simulated values:
  `FirstChooserExperiment` (`first_chooser`; lesson 1: does the first
  chooser win more often? C3, P5), `TieExperiment`
  (`ties`; lesson 2: ties among k random cards, rule P4), `PotExperiment`
  (`pots`; lesson 2: whole games under both ``no_data`` options, C5, C6)
  and `HiLoConvergence` (`hilo_convergence`; lesson 3: the law of large
  numbers on the expected Hi Lo pins, P2).  The largest run each offers is
  capped so that, at its worst settings (the slowest bundled deck, the most
  players) on a 2-core laptop, it finishes within the 10 s a class will
  wait (each cap's docstring says how long); a progress bar moves meanwhile.

- `ChartButton` (`chart_button`): a chart drawn when the class presses its
  button, so a page opens without loading matplotlib.
- `best_plan_words`, `first_call_words` (`hilo_words`): lesson 3's exact
  Hi Lo results (P2) as sentences, not raw Python values.

A click on an experiment's Run button plays it in a worker thread
(`widgets._toolkit.Experiment`): the page stays usable, and Stop ends it.
The lessons build them with ``run=False``, so a page opens without playing
a game; numpy, numba and pandas (the batch engine) and matplotlib load only
when a run first needs them.

Every handler runs inside the error boundary (`widgets._boundary`); values set
from the page are checked before use.  The notebooks import these names from
``widgets.lesson``.
"""

from widgets._toolkit import figure_svg
from widgets.lesson.chart_button import ChartButton
from widgets.lesson.charts import TieResult, convergence_plot, tie_chart
from widgets.lesson.first_chooser import FirstChooserExperiment
from widgets.lesson.hilo_convergence import HILO_TRIALS_MAX, HiLoConvergence
from widgets.lesson.hilo_words import Sentence, best_plan_words, first_call_words
from widgets.lesson.pots import POT_GAMES_MAX, PotExperiment
from widgets.lesson.self_check import SelfCheck
from widgets.lesson.ties import TIE_TRIALS_MAX, TieExperiment

__all__ = [
    "HILO_TRIALS_MAX",
    "POT_GAMES_MAX",
    "TIE_TRIALS_MAX",
    "ChartButton",
    "FirstChooserExperiment",
    "HiLoConvergence",
    "PotExperiment",
    "SelfCheck",
    "Sentence",
    "TieExperiment",
    "TieResult",
    "best_plan_words",
    "convergence_plot",
    "figure_svg",
    "first_call_words",
    "tie_chart",
]
