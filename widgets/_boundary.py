"""The one error boundary that every widget handler runs inside.

ipywidgets' `CallbackDispatcher` reports an exception raised by a callback
only as a traceback in the kernel's output or log, and Voilà hides tracebacks
from readers, and an error the page does not show is a bug.  So no exception
may leave a handler:

- a `TopTrumpsError` (an illegal move, a bad rule option, a bad deck file) is
  the user's to fix: its message is shown kindly in the widget's status line;
- any other `Exception` is ours: the page says "Something went wrong; the game
  is unchanged. (details are in the server log)" and the traceback is logged
  on the logger ``"widgets"`` at ERROR;
- `KeyboardInterrupt`, `SystemExit` and other non-`Exception` throwables pass.

Widgets validate what the page sends and apply an action to the `Match` only
after it is validated, so a handler that fails on a `TopTrumpsError` has
changed nothing.  For the rare error after an action was applied (say, a bug
while drawing the result), a widget can pass `snapshot`: a function called
when a handler starts that returns a function putting everything back; the
boundary calls it on any failure, before saying "the game is unchanged".

Use it as a method decorator on a widget that has a ``_boundary`` attribute:

>>> class Demo:
...     def __init__(self):
...         self.shown = []
...         self._boundary = ErrorBoundary(lambda text, kind: self.shown.append((kind, text)))
...     @handler
...     def move(self, legal):
...         if not legal:
...             raise IllegalActionError("that category is not on your card")
...         return "moved"
>>> demo = Demo()
>>> demo.move(True), demo.move(False), demo.shown
('moved', None, [('error', 'Sorry — that category is not on your card.')])

or as a context manager: ``with self._boundary: ...``.
"""

from __future__ import annotations

import functools
import io
import logging
import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any, Literal, TextIO, TypeVar

from toptrumps_core.errors import IllegalActionError, TopTrumpsError  # noqa: F401 (doctest)

__all__ = ["GENERIC_MESSAGE", "LOGGER_NAME", "ErrorBoundary", "StatusKind", "friendly", "handler"]

LOGGER_NAME = "widgets"
"""Name of the logger that receives the tracebacks of unexpected errors."""

GENERIC_MESSAGE = "Something went wrong; the game is unchanged. (details are in the server log)"
"""What the page says when a handler fails with an error that is not a `TopTrumpsError`."""

StatusKind = Literal["info", "error"]
"""How a status message is shown: ``"error"`` gets a warning sign and a frame."""

_log = logging.getLogger(LOGGER_NAME)
_F = TypeVar("_F", bound=Callable[..., Any])


def _log_to_the_server_only(log: logging.Logger) -> None:
    """In a Jupyter kernel, sends `log`'s records to the server's log and never to the page.

    A kernel forwards whatever its code writes to standard error, even at
    the file-descriptor level, to the page as a "stderr" stream message: a
    traceback logged the usual way would travel over the page's websocket
    (hidden by Voilà, but readable there).  The kernel keeps a copy of the
    original standard error (``sys.stderr._original_stdstream_copy``), which
    is the server's terminal and log; records go there alone, as ipykernel
    does for its own log.  Outside a kernel nothing changes.
    """
    if not type(sys.stderr).__module__.startswith("ipykernel") or any(
        getattr(h, "_server_only", False) for h in log.handlers
    ):
        return
    original = getattr(sys.stderr, "_original_stdstream_copy", None)
    stream: TextIO | None = sys.__stderr__  # not watched by the kernel when it captures no file descriptor
    if isinstance(original, int):
        stream = io.TextIOWrapper(io.FileIO(original, "w", closefd=False), write_through=True)
    handler = logging.StreamHandler(stream)
    handler._server_only = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("[%(name)s] %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.propagate = False


_log_to_the_server_only(_log)


def friendly(err: TopTrumpsError) -> str:
    """Returns the message of `err` as a sentence for the page.

    Example:
        >>> friendly(IllegalActionError("seats must be 2 to 6; got 9"))
        'Sorry — seats must be 2 to 6; got 9.'
    """
    text = " ".join(str(err).split()) or type(err).__name__
    if text[-1] not in ".!?":
        text += "."
    return f"Sorry — {text}"


class ErrorBoundary:
    """Runs handlers so that no exception reaches the page (see the module docstring).

    Args:
        show: Called with ``(text, kind)`` to put a message in the widget's
            status line; `kind` is ``"error"`` for both kinds of failure.
        logger: Where tracebacks of unexpected errors go; the ``"widgets"``
            logger by default.
        snapshot: Optional; called as a handler starts, returns a function
            that restores the widget (and its game) to that moment; called
            when the handler fails, before the message is shown.  Handlers
            may nest; each level restores its own snapshot.
    """

    def __init__(
        self,
        show: Callable[[str, StatusKind], None],
        *,
        logger: logging.Logger | None = None,
        snapshot: Callable[[], Callable[[], None]] | None = None,
    ) -> None:
        self._show = show
        self._logger = logger or _log
        self._snapshot = snapshot
        self._restores: list[Callable[[], None] | None] = []

    def __enter__(self) -> ErrorBoundary:
        restore = None
        if self._snapshot is not None:
            try:
                restore = self._snapshot()
            except Exception:
                self._logger.exception("could not take a snapshot before a widget handler")
        self._restores.append(restore)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        restore = self._restores.pop() if self._restores else None
        if exc is None or not isinstance(exc, Exception):
            return False
        expected = isinstance(exc, TopTrumpsError)
        if not expected:
            self._logger.error("widget handler failed: %s", exc, exc_info=(type(exc), exc, exc.__traceback__))
        if restore is not None:  # a no-op when the handler failed before changing anything
            try:
                restore()
            except Exception:
                self._logger.exception("could not restore the widget after an error")
        self._tell(friendly(exc) if isinstance(exc, TopTrumpsError) else GENERIC_MESSAGE)
        return True

    def run(self, function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Returns ``function(*args, **kwargs)``, or None if it failed (and was reported)."""
        with self:
            return function(*args, **kwargs)
        return None

    def wrap(self, function: _F) -> _F:
        """Returns `function` made to run inside this boundary (for ``on_click`` and ``observe``)."""

        @functools.wraps(function)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            return self.run(function, *args, **kwargs)

        return guarded  # type: ignore[return-value]

    def _tell(self, text: str) -> None:
        try:
            self._show(text, "error")
        except Exception:  # the status line itself failed: the log is all we have
            self._logger.exception("could not show a message in the page: %s", text)


def handler(method: _F) -> _F:
    """Decorates a widget method so that it runs inside ``self._boundary``.

    The method returns its value, or None when it failed; the failure is shown
    in the page and, if unexpected, logged (see `ErrorBoundary`).
    """

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        boundary: ErrorBoundary = self._boundary
        return boundary.run(method, self, *args, **kwargs)

    return guarded  # type: ignore[return-value]
