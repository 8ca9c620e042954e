"""The page's websocket passes on a kernel's widget messages and drops errors, standard error and tracebacks."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from voila.app import Voila
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from widgets.server.app import guarded_voila
from widgets.server.websocket import V1_PROTOCOL, PageWebsocketHandler, page_may_receive, page_may_see

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


def test_the_app_serves_kernel_websockets_through_the_page_s_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    voilas = [("/api/kernels/(?P<kernel_id>k)/channels", VoilaKernelWebsocketHandler), ("/voila/static/(.*)", object)]
    monkeypatch.setattr(Voila, "init_handlers", lambda self: voilas)
    app_class = guarded_voila(landing_page="00_start_here.ipynb", lessons=frozenset(), max_kernels=1)
    app = app_class.__new__(app_class)
    app.server_url = "/"
    handlers = {pattern: handler for pattern, handler, *_ in app.init_handlers()}
    assert handlers["/api/kernels/(?P<kernel_id>k)/channels"] is PageWebsocketHandler
    assert VoilaKernelWebsocketHandler not in handlers.values()


def test_the_page_s_handler_hands_voila_only_what_the_page_may_see(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Any] = []
    monkeypatch.setattr(VoilaKernelWebsocketHandler, "write_message", lambda self, m, binary=False: written.append(m))
    handler = PageWebsocketHandler.__new__(PageWebsocketHandler)
    monkeypatch.setattr(PageWebsocketHandler, "selected_subprotocol", V1_PROTOCOL)
    monkeypatch.setattr(PageWebsocketHandler, "kernel_id", "k", raising=False)
    monkeypatch.setattr(PageWebsocketHandler, "log", logging.getLogger("test"), raising=False)
    for channel, msg_type, content in KEPT + DROPPED:
        handler.write_message(_forms(channel, msg_type, content)[0][0], binary=True)
    assert len(written) == len(KEPT)
    assert [json.loads(deserialize_msg_from_ws_v1(m)[1][0])["msg_type"] for m in written] == [k[1] for k in KEPT]
