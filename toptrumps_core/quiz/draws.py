"""Which seven charts a quiz plays: a whole set, or an own set drawn at random (rules Q1, Q12).

`ChartDraw` is the distribution of the `PickCharts` chance action, with
exact probabilities:

- ``"set"``: one of the given sets (each its first seven charts, in order),
  the sets equally likely;
- ``"one_of_each"``: one chart of each of the seven categories, each chart
  of a category equally likely, in a random order;
- ``"one_category"``: seven different charts of one category in a random
  order.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from toptrumps_core.protocol import Action
from toptrumps_core.quiz.actions import PickCharts
from toptrumps_core.quiz.charts import CHARTS_PER_SET

__all__ = ["ChartDraw"]


@dataclass(frozen=True, slots=True)
class ChartDraw:
    """The distribution of the seven charts of a quiz (Q12).

    Attributes:
        mode: ``"set"``, ``"one_of_each"`` or ``"one_category"``.
        groups: For ``"set"``: each set's seven keys in play order.  For the
            own sets: the keys of each category drawn from (one group per
            category for ``"one_of_each"``, one group for ``"one_category"``).
    """

    mode: str
    groups: tuple[tuple[str, ...], ...]

    def sample(self, rng: random.Random) -> PickCharts:
        """Returns seven charts drawn with `rng`."""
        if self.mode == "set":
            return PickCharts(self.groups[rng.randrange(len(self.groups))])
        if self.mode == "one_of_each":
            keys = [group[rng.randrange(len(group))] for group in self.groups]
        else:
            keys = list(self.groups[0])
            rng.shuffle(keys)
            keys = keys[:CHARTS_PER_SET]
        rng.shuffle(keys)
        return PickCharts(tuple(keys))

    def probability(self, action: Action) -> Fraction:
        """Returns the exact probability of `action` (0 if it cannot be drawn)."""
        if not isinstance(action, PickCharts) or len(action.keys) != CHARTS_PER_SET:
            return Fraction(0)
        keys = action.keys
        if self.mode == "set":
            return Fraction(sum(1 for group in self.groups if group == keys), len(self.groups))
        if len(set(keys)) != CHARTS_PER_SET:
            return Fraction(0)
        if self.mode == "one_of_each":
            chance = Fraction(1, math.factorial(CHARTS_PER_SET))
            for group in self.groups:
                hits = sum(1 for key in keys if key in group)
                if hits != 1:
                    return Fraction(0)
                chance /= len(group)
            return chance
        pool = self.groups[0]
        if not all(key in pool for key in keys):
            return Fraction(0)
        return Fraction(math.factorial(len(pool) - CHARTS_PER_SET), math.factorial(len(pool)))
