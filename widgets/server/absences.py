"""Pages that left: a page's kernel with no websocket is shut down after a short grace, freeing its place.

A pupil's place (`widgets.server.places`) is held by the kernel of their page.
Voilà's page asks for its kernel's shutdown as it unloads, but a page can
leave without asking: a reload that cancels the page before it arrived, a
browser that is closed or crashes, a laptop lid shut, a page fetched by a
program that never opens its websocket.  Jupyter's idle culler frees those
after ten minutes only, and it cannot tell them apart from a connected page
that is merely quiet (`widgets.server.voila_arguments`).

`Absences` keeps, for every kernel whose page the app has sent
(`Absences.page_sent`), since when it has had no websocket connection; a
kernel absent for `Absences.grace_seconds` in a row is due to be shut down
(`Absences.overdue`).  The grace is long enough for a dropped Wi-Fi
connection to come back: a page whose websocket reconnects keeps its kernel.
These never count as absent:

- a kernel waiting in Voilà's preheated pool (no page has it yet);
- a kernel whose page is still being rendered and sent (its page cannot
  connect before it has arrived);
- a kernel with a connection (it keeps Jupyter's idle rules);
- a kernel being shut down already.

    >>> absences = Absences(grace_seconds=30)
    >>> absences.page_sent("k1")
    >>> absences.overdue(now=0, running=["k1", "k2"], connected=[])  # k2: its page is still being sent
    []
    >>> absences.overdue(now=29, running=["k1", "k2"], connected=[])
    []
    >>> absences.overdue(now=30, running=["k1", "k2"], connected=[])
    ['k1']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

__all__ = ["DEFAULT_RECONNECT_SECONDS", "Absences", "check_interval"]

DEFAULT_RECONNECT_SECONDS = 30.0
"""How long a page may go without a connection to its kernel before the kernel is shut down, in seconds.

Long enough for a pupil's dropped Wi-Fi to come back (the page reconnects by
itself), short enough that a class reloading pages or closing browsers
does not fill every place.
"""


def check_interval(grace_seconds: float) -> float:
    """Returns how often to look for absent pages, in seconds: a quarter of the grace, from 0.25 s to 5 s.

    Args:
        grace_seconds: The grace (`Absences.grace_seconds`), more than 0.

    A kernel is then shut down between `grace_seconds` and 1.25 times it after its page left.
    """
    return min(5.0, max(0.25, grace_seconds / 4))


class Absences:
    """Since when each sent page's kernel has had no connection (see the module docstring).

    Args:
        grace_seconds: How long a kernel may go without a connection, in
            seconds, more than 0.

    Raises:
        ValueError: If `grace_seconds` is not more than 0.
    """

    def __init__(self, grace_seconds: float) -> None:
        if not grace_seconds > 0:
            raise ValueError(f"grace_seconds must be more than 0; got {grace_seconds}")
        self.grace_seconds = float(grace_seconds)
        self._sent: set[str] = set()
        self._absent_since: dict[str, float] = {}

    def page_sent(self, kernel_id: str) -> None:
        """Notes that the page of `kernel_id` has been sent, or given up (its visitor left while it was sent)."""
        self._sent.add(kernel_id)

    def forget(self, kernel_id: str) -> None:
        """Forgets `kernel_id` (it was shut down, or died)."""
        self._sent.discard(kernel_id)
        self._absent_since.pop(kernel_id, None)

    def overdue(
        self,
        *,
        now: float,
        running: Iterable[str],
        connected: Collection[str],
        pooled: Collection[str] = (),
        stopping: Collection[str] = (),
    ) -> list[str]:
        """Returns the kernels to shut down now: sent, and without a connection for the whole grace.

        Call it every `check_interval` seconds; a kernel's absence is counted
        from the first call that finds it without a connection.

        Args:
            now: The time, in seconds (any monotonic clock, the same at every call).
            running: The ids of the kernels the server runs; any other is forgotten.
            connected: The ids of the kernels with at least one websocket
                connection (their absence, if any, ends).
            pooled: The ids of the kernels waiting in a preheated pool (never due).
            stopping: The ids of the kernels being shut down (never due).

        Returns:
            The ids due, in the order their absence began; each is forgotten.
        """
        alive = set(running)
        for kernel_id in [k for k in self._sent if k not in alive]:
            self.forget(kernel_id)
        for kernel_id in self._sent:
            if kernel_id in connected or kernel_id in pooled or kernel_id in stopping:
                self._absent_since.pop(kernel_id, None)
            else:
                self._absent_since.setdefault(kernel_id, now)
        due = [k for k, since in self._absent_since.items() if now - since >= self.grace_seconds]
        for kernel_id in due:
            self.forget(kernel_id)
        return due
