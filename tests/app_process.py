"""The app as a process for the tests that need a real server: started as README says, stopped whole.

The browser, connection and load tests each start ``scripts/app.sh`` with
their own options and wait for it in their own way; `app_process` is the
part they share: a free port, the log, the app's test mode (known seeds, a
clock the tests move: `widgets._toolkit.clock`), and stopping the launcher
with every kernel it started (its process group).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from widgets._toolkit.clock import TEST_MODE_VARIABLE

ROOT = Path(__file__).resolve().parents[1]
STOP_SECONDS = 30
"""How long the app has to stop on SIGTERM before it is killed."""


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def app_process(log_path: Path, *options: str) -> Iterator[subprocess.Popen[bytes]]:
    """Starts ``scripts/app.sh --no-browser --port=<free port> *options``, its output in `log_path`.

    Yields the launcher's process (its own process group) as soon as it is
    started: the caller waits for the app in its own way (the log names its
    URL).  The app runs in test mode (``TOPTRUMPS_TEST_MODE=1``).  On
    leaving, the whole group gets SIGTERM, then SIGKILL after `STOP_SECONDS`.

    Args:
        log_path: The file the app's output goes to (replaced); its folder
            is made if missing.
        options: More launcher options (``python -m widgets.server --help``).
    """
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = ["bash", str(ROOT / "scripts" / "app.sh"), "--no-browser", f"--port={free_port()}", *options]
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, TEST_MODE_VARIABLE: "1"},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
