"""`SelfCheck`: a multiple-choice question with radio buttons, a "Check" button and instant feedback.

The answer and its explanation stay in Python: no synced trait holds them
until the pupil has answered right.  Every handler runs inside the error
boundary (`widgets._boundary`).
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as ipw

from toptrumps_core.checks import is_whole_number, whole_number
from widgets._boundary import ErrorBoundary, StatusKind, handler
from widgets._style import shared_style_sheet
from widgets._toolkit import esc


class SelfCheck(ipw.VBox):
    """A self-check question: pick one answer, press "Check", get instant feedback.

    The answer's index and the explanation are kept in Python only (never in
    a synced trait); the explanation is shown once the pupil answers right.

    Args:
        question: The question, plain text (escaped for the page).
        choices: Two or more different answers, plain text, in the order shown.
        answer_index: Position of the right answer in `choices`, from 0.
        explanation: Why that answer is right; shown after "Right!".
        hint: Shown after "Not quite:" for a wrong answer; None for a gentle
            "have another look and try again".

    Raises:
        ValueError: If there are fewer than two choices, two are the same,
            or `answer_index` is not a position in `choices`.

    Example:
        >>> quiz = SelfCheck("2 + 2?", ["3", "4"], 1, "Two and two make four.")
        >>> quiz.select(0); quiz.check(); quiz.feedback
        'Not quite: have another look and try again.'
        >>> quiz.select(1); quiz.check(); quiz.feedback
        'Right! Two and two make four.'
    """

    def __init__(
        self,
        question: str,
        choices: Sequence[str],
        answer_index: int,
        explanation: str,
        *,
        hint: str | None = None,
    ) -> None:
        options = [str(c) for c in choices]
        if len(options) < 2 or len(set(options)) != len(options):
            raise ValueError(f"a question needs two or more different choices; got {options!r}")
        self._answer = whole_number(answer_index, "answer_index", low=0, high=len(options) - 1, error=ValueError)
        self._explanation = explanation
        self._hint = hint or "have another look and try again."
        self._feedback_text = ""
        self._right: bool | None = None
        self._boundary = ErrorBoundary(self._show_status)
        self._question = ipw.HTML(f"<div class='tt-heading' role='heading' aria-level='3'>❓ {esc(question)}</div>")
        self._choices = ipw.RadioButtons(options=options, value=None, layout=ipw.Layout(width="auto"))
        self._choices.add_class("tt-choices")
        self._check = ipw.Button(
            description="Check ✓", tooltip="Check your answer", layout=ipw.Layout(width="auto", align_self="flex-start")
        )
        self._check.add_class("tt-big")
        self._check.add_class("tt-primary")
        self._check.on_click(lambda _button: self.check())
        self._feedback = ipw.HTML()
        self._feedback.add_class("tt-status")
        super().__init__([shared_style_sheet(), self._question, self._choices, self._check, self._feedback])
        for css in ("tt-table", "tt-lesson", "tt-selfcheck"):
            self.add_class(css)

    @property
    def choices(self) -> ipw.RadioButtons:
        """The radio buttons (their ``index`` is the pupil's choice, or None)."""
        return self._choices

    @property
    def check_button(self) -> ipw.Button:
        """The "Check" button."""
        return self._check

    @property
    def feedback(self) -> str:
        """The latest feedback as plain text ("" before the first check)."""
        return self._feedback_text

    @property
    def is_right(self) -> bool | None:
        """True/False after a check of an answer; None before any answer was checked."""
        return self._right

    def select(self, index: int) -> None:
        """Selects the answer at `index` (as a click on its radio button would)."""
        self._choices.index = index

    @handler
    def check(self) -> None:
        """Checks the selected answer and shows "Right! ..." or "Not quite: ..."."""
        picked = self._choices.index
        if picked is None:
            self._say("Pick an answer first, then press Check.", "info")
            return
        if not is_whole_number(picked, low=0, high=len(self._choices.options) - 1):
            self._say("That answer is not one of the choices; pick one of them.", "error")
            return
        self._right = picked == self._answer
        if self._right:
            self._say(f"Right! {self._explanation}", "right")
        else:
            self._say(f"Not quite: {self._hint}", "wrong")

    def _say(self, text: str, kind: str) -> None:
        self._feedback_text = text
        sign = {"right": "✅ ", "wrong": "✘ ", "error": "⚠ "}.get(kind, "")
        css = "tt-result-win" if kind == "right" else "tt-status-error" if kind in ("wrong", "error") else ""
        self._feedback.value = f"<span class='{css}' role='status'>{sign}{esc(text)}</span>"

    def _show_status(self, text: str, kind: StatusKind) -> None:
        self._say(text, "error" if kind == "error" else "info")
