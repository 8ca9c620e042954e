"""The app for the load tests: launched as README says (``scripts/app.sh``), for one class.

The server runs with the launcher's own settings (preheated kernels, the
default pool) and a kernel cap of exactly one class (`CLASS_SIZE` places),
so the tests can check that a whole class fits and the next visitor is told
the class is full.  Its log is kept in ``test-artifacts/voila-load.log``.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app_process import app_process
from tests.polling import until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SERVER_LOG = ARTIFACTS / "voila-load.log"
CLASS_SIZE = 30
"""Pupils opening the classic lesson at the same moment (issue: a class of 30 on one server)."""
START_SECONDS = 240


@pytest.fixture(scope="package")
def class_server() -> Iterator[str]:
    """Starts ``scripts/app.sh --no-browser --max-kernels 30`` and yields its base URL once every pool is full."""
    with app_process(SERVER_LOG, f"--max-kernels={CLASS_SIZE}") as process:
        yield _wait_for_pools(process)


def server_log() -> str:
    """Returns the load server's log so far."""
    return SERVER_LOG.read_text(encoding="utf-8", errors="replace")


def _wait_for_pools(process: subprocess.Popen[bytes]) -> str:
    """Waits until the app answers and every lesson's pool is filled; returns the base URL."""
    lessons = len(list((ROOT / "notebooks").glob("*.ipynb")))

    def ready() -> str | None:
        if process.poll() is not None:
            pytest.fail(f"the app exited with {process.returncode}:\n{server_log()[-3000:]}")
        text = server_log()
        found = re.search(r"(http://localhost:\d+)/", text)
        return found.group(1) if found and text.count("Kernel pool of ") >= lessons else None

    return until(ready, seconds=START_SECONDS, what=f"every lesson's pool to be filled (log: {SERVER_LOG})")
