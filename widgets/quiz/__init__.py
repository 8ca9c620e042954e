"""The Top Ten Quiz in the page (rules Q1-Q13).

- `master`: `QuizMaster`, the board and the teacher's controls;
- `panels`: the controls for each moment of the quiz;
- `board`: the board as HTML (scores, tiles, the ten ranks, the countdown);
- `timer`: `Countdown`, the one asyncio countdown, and `FakeClock` for tests;
- `settings`: the "New quiz" settings;
- `sounds`: short sounds made here.
"""

from __future__ import annotations

from widgets.quiz.master import QuizMaster
from widgets.quiz.timer import Countdown, FakeClock

__all__ = ["Countdown", "FakeClock", "QuizMaster"]
