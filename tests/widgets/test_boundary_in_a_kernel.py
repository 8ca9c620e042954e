"""In a real Jupyter kernel, a failing handler's traceback goes to the server's log and never to the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

jupyter_client = pytest.importorskip("jupyter_client")

CODE = """
from widgets._boundary import ErrorBoundary
shown = []
boundary = ErrorBoundary(lambda text, kind: shown.append(text))
with boundary:
    raise RuntimeError("secret detail /srv/app/notebooks")
print("shown:", shown)
"""


def test_a_failing_handler_logs_its_traceback_on_the_server_and_sends_only_the_message(tmp_path: Path) -> None:
    server_log = tmp_path / "kernel-stderr.txt"
    manager = jupyter_client.KernelManager(kernel_name="python3")
    with open(server_log, "wb") as log:
        manager.start_kernel(stderr=log)
    client = manager.client()
    client.start_channels()
    messages: list[dict[str, Any]] = []
    try:
        client.wait_for_ready(timeout=60)
        reply = client.execute_interactive(CODE, timeout=60, output_hook=messages.append)
        assert reply["content"]["status"] == "ok"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    sent = repr([m["content"] for m in messages if m["msg_type"] != "execute_input"])  # the code echoed back
    assert "shown: ['Something went wrong; the game is unchanged. (details are in the server log)']" in sent
    assert "Traceback" not in sent and "secret detail" not in sent and "RuntimeError" not in sent
    logged = server_log.read_text(errors="replace")
    assert "widget handler failed: secret detail /srv/app/notebooks" in logged
    assert "Traceback" in logged and "RuntimeError" in logged
