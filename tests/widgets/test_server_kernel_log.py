"""A page's kernel, started as the launcher starts it, keeps tracebacks and standard error for the server's log.

The kernel is a real ipykernel started with `KERNEL_ARGUMENTS`; the test
plays the page's part on the kernel's channels: it sends the malformed
widget messages a pupil's browser could send (a value of the wrong type, an
unknown widget, a method nobody knows, no method at all) and reads every
message the kernel publishes back, as the page's websocket would.
"""

from __future__ import annotations

import json
import queue
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from widgets.server.kernels import KERNEL_ARGUMENTS

jupyter_client = pytest.importorskip("jupyter_client")

SETUP = """
import ipywidgets
games = ipywidgets.IntText(value=3, description="Games")
print(games.model_id)
"""


@pytest.fixture
def page_kernel(tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    """Yields a client of a kernel started with the launcher's arguments, and the file its standard error goes to."""
    server_log = tmp_path / "server-log.txt"
    manager = jupyter_client.KernelManager(kernel_name="python3")
    with open(server_log, "wb") as log:
        manager.start_kernel(stderr=log, extra_arguments=list(KERNEL_ARGUMENTS))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield client, server_log
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _published_until_idle(client: Any, msg_id: str) -> list[dict[str, Any]]:
    """Returns every iopub message the kernel publishes for the request `msg_id`, until it is idle again."""
    published = []
    while True:
        try:
            message = client.get_iopub_msg(timeout=30)
        except queue.Empty:
            raise AssertionError(f"the kernel did not answer request {msg_id}") from None
        published.append(message)
        idle = message["msg_type"] == "status" and message["content"]["execution_state"] == "idle"
        if idle and message["parent_header"].get("msg_id") == msg_id:
            return published


def _reply_to(client: Any, msg_id: str) -> dict[str, Any]:
    """Returns the shell reply to the request `msg_id` (earlier replies, such as kernel_info's, are skipped)."""
    for _ in range(20):
        reply: dict[str, Any] = client.get_shell_msg(timeout=30)
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply
    raise AssertionError(f"no reply to request {msg_id}")


def _send_comm_msg(client: Any, comm_id: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    message = client.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
    client.shell_channel.send(message)
    return _published_until_idle(client, message["header"]["msg_id"])


def _execute(client: Any, code: str) -> list[dict[str, Any]]:
    msg_id = client.execute(code)
    return _published_until_idle(client, msg_id)


def _stdout(published: list[dict[str, Any]]) -> str:
    return "".join(m["content"]["text"] for m in published if m["msg_type"] == "stream")


def test_malformed_widget_messages_send_the_page_no_traceback_and_the_server_log_keeps_it(
    page_kernel: tuple[Any, Path],
) -> None:
    client, server_log = page_kernel
    games = _stdout(_execute(client, SETUP)).strip()
    assert len(games) == 32, games
    published: list[dict[str, Any]] = []
    for comm_id, data in [
        (games, {"method": "update", "state": {"value": "not a number"}, "buffer_paths": []}),
        (games, {"method": "update", "state": {"description": ["a", "list"]}, "buffer_paths": []}),
        (uuid.uuid4().hex, {"method": "update", "state": {"value": 1}, "buffer_paths": []}),
        (games, {"method": "no such method"}),
        (games, {}),
    ]:
        published += _send_comm_msg(client, comm_id, data)
    sent = json.dumps([m["content"] for m in published])
    assert not [m for m in published if m["msg_type"] in ("error", "stream")], sent[:2000]
    assert "Traceback" not in sent and "site-packages" not in sent and "TraitError" not in sent
    logged = server_log.read_text(errors="replace")
    assert "traceback not sent to the page" in logged and "TraitError" in logged and "KeyError: 'method'" in logged
    assert "No such comm" in logged
    # The widget kept its value and the kernel answers the next request as usual.
    after = _execute(client, "games.value = games.value + 1\nprint(games.value)")
    assert _stdout(after).strip() == "4"


def test_a_page_kernel_s_standard_error_and_failing_code_go_to_the_server_log_only(
    page_kernel: tuple[Any, Path],
) -> None:
    client, server_log = page_kernel
    code = (
        "import sys, warnings, os\n"
        "print('to stderr', file=sys.stderr)\n"
        "os.write(2, b'to file descriptor 2\\n')\n"
        "warnings.warn('a warning with a path')\n"
        "raise RuntimeError('secret detail /srv/app')"
    )
    msg_id = client.execute(code)
    published = _published_until_idle(client, msg_id)
    reply = _reply_to(client, msg_id)
    assert reply["content"]["status"] == "error"  # the request that failed still says so (Voilà logs it)
    sent = json.dumps([m["content"] for m in published if m["msg_type"] != "execute_input"])
    assert "secret detail" not in sent and "to stderr" not in sent and "file descriptor" not in sent
    assert "warning with a path" not in sent
    logged = server_log.read_text(errors="replace")
    for text in ("to stderr", "to file descriptor 2", "a warning with a path", "RuntimeError: secret detail /srv/app"):
        assert text in logged
