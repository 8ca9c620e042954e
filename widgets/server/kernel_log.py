"""Inside a page's kernel: errors and standard error go to the server's log, never to the page.

A Jupyter kernel sends every client, the page included, what its code writes
to standard error (as "stream" messages) and every traceback it shows (as
"error" messages, with the server's paths in them).  A pupil's browser can
make the kernel fail on purpose: a widget message with a value of the wrong
type, for a widget that does not exist, or with a method nobody knows makes
ipywidgets show a traceback and the kernel log a warning.  Voilà hides such
output on the page, but it still travels over the page's websocket.

The launcher starts every page's kernel with this module as an IPython
extension (`widgets.server.kernels.KERNEL_ARGUMENTS`, with the kernel's
file-descriptor capture off, so its own standard error is the server's).
`load_ipython_extension` then:

- points ``sys.stderr`` at the server's log: warnings, a library's messages
  and Python's last-resort logging go there, not to the page;
- sends the records of every logger to the server's log, marked
  ``[page kernel]``;
- shows a traceback (`IPython`'s ``_showtraceback``) by writing it to the
  server's log instead of publishing it; the kernel's reply to the request
  that failed still says so (Voilà logs "Error at server while executing
  cell" for a lesson's cell that fails).

The page keeps working: a malformed message changes nothing and the next
click is answered as usual.
"""

from __future__ import annotations

import io
import logging
import sys
import traceback
import types
from typing import Any, TextIO

__all__ = ["LOG_FORMAT", "load_ipython_extension", "server_stream"]

LOG_FORMAT = "[page kernel] %(levelname)s %(name)s: %(message)s"
"""How a page kernel's log records read in the server's log."""


def server_stream(stderr: Any = None) -> TextIO:
    """Returns a text stream to the server's log (the kernel's own standard error).

    Args:
        stderr: The kernel's ``sys.stderr`` (default: the current one).  When
            the kernel captures its file descriptors, its stream keeps the
            original one as ``_original_stdstream_copy``; otherwise
            ``sys.__stderr__`` is the server's, and is returned.  None (no
            standard error at all) gives a stream that drops everything.
    """
    stderr = sys.stderr if stderr is None else stderr
    original = getattr(stderr, "_original_stdstream_copy", None)
    if isinstance(original, int):
        return io.TextIOWrapper(io.FileIO(original, "w", closefd=False), write_through=True)
    return sys.__stderr__ if sys.__stderr__ is not None else io.StringIO()


def load_ipython_extension(shell: Any) -> None:
    """Sends the kernel's standard error, log and tracebacks to the server's log only (see the module docstring).

    Args:
        shell: The kernel's interactive shell (ipykernel's ``ZMQInteractiveShell``).
    """
    stream = server_stream()
    sys.stderr = stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logging.getLogger().addHandler(handler)
    logging.captureWarnings(True)
    shell._showtraceback = types.MethodType(_traceback_to_the_server(stream), shell)


def _traceback_to_the_server(stream: TextIO) -> Any:
    """Returns a ``_showtraceback`` method that writes the traceback to `stream` and publishes nothing."""

    def show(shell: Any, etype: type[BaseException], evalue: BaseException, stb: list[str]) -> None:
        text = "".join(traceback.format_exception(etype, evalue, getattr(evalue, "__traceback__", None)))
        stream.write(f"[page kernel] ERROR traceback not sent to the page:\n{text}")
        stream.flush()
        if getattr(getattr(shell, "displayhook", None), "msg", None) is not None:
            shell._last_traceback_during_displayhook = True  # the execute reply still fails, as ipykernel's does
        shell._last_traceback = stb  # the reply to the request that failed carries it (to Voilà, not the page)

    return show
