"""The page's websocket passes on a kernel's widget messages and drops errors, standard error and tracebacks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import serialize_binary_message, serialize_msg_to_ws_v1

from widgets.server.websocket import V1_PROTOCOL, page_may_receive, page_may_see

SESSION = Session()
UPDATE = {
    "comm_id": "c" * 32,
    "data": {"method": "update", "state": {"value": '<span class="tt-status-error">Sorry: stream on</span>'}},
}
TRACEBACK = ['File "/srv/app/.venv/lib/python3.11/site-packages/traitlets/traitlets.py", line 2680']
ERROR = {"ename": "TraitError", "evalue": "expected an int", "traceback": TRACEBACK}

KEPT: list[tuple[str, str, dict[str, Any]]] = [
    ("iopub", "comm_msg", UPDATE),
    ("iopub", "stream", {"name": "stdout", "text": "no error here"}),
    ("iopub", "status", {"execution_state": "idle"}),
    ("shell", "comm_info_reply", {"status": "ok", "comms": {}}),
]
DROPPED: list[tuple[str, str, dict[str, Any]]] = [
    ("iopub", "error", ERROR),
    ("iopub", "stream", {"name": "stderr", "text": "No such comm: 1234"}),
    ("shell", "execute_reply", {"status": "error", **ERROR}),
    ("iopub", "comm_msg", {"comm_id": "c" * 32, "data": {}, "traceback": TRACEBACK}),
]


Written = bytes | str | dict[str, Any]


def _forms(channel: str, msg_type: str, content: dict[str, Any]) -> list[tuple[Written, str | None]]:
    """Returns the message in each form the page's websocket handler writes, with the subprotocol of each."""
    message = SESSION.msg(msg_type, content)
    v1 = serialize_msg_to_ws_v1(message, channel, SESSION.pack)
    legacy = dict(message, channel=channel, buffers=[])
    text = json.dumps(legacy, default=str)
    binary = serialize_binary_message(dict(legacy, buffers=[b"\x00\x01"]))
    return [(v1, V1_PROTOCOL), (text, None), (binary, None), (legacy, None)]


@pytest.mark.parametrize(("channel", "msg_type", "content"), KEPT)
def test_widget_messages_and_standard_output_reach_the_page_in_every_form(
    channel: str, msg_type: str, content: dict[str, Any]
) -> None:
    assert page_may_see(channel, msg_type, content)
    for message, subprotocol in _forms(channel, msg_type, content):
        assert page_may_receive(message, subprotocol), (msg_type, type(message))


@pytest.mark.parametrize(("channel", "msg_type", "content"), DROPPED)
def test_errors_standard_error_and_tracebacks_never_reach_the_page_in_any_form(
    channel: str, msg_type: str, content: dict[str, Any]
) -> None:
    assert not page_may_see(channel, msg_type, content)
    for message, subprotocol in _forms(channel, msg_type, content):
        assert not page_may_receive(message, subprotocol), (msg_type, type(message))


def test_a_message_that_cannot_be_read_is_not_sent() -> None:
    assert not page_may_receive('{"header": "error" ', None)
    assert not page_may_receive(b"\x03\x00stream garbage", V1_PROTOCOL)
    assert not page_may_receive(b"\x7f\x00\x00\x00 an error, said to hold many buffers", None)
    assert not page_may_receive(b"\x01\x00\x00\x00\x08\x00\x00\x00{not json: error", None)
