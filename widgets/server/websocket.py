"""What a page's websocket passes on from its kernel: no error, no standard error, no traceback.

A page talks to its kernel over one websocket (``/api/kernels/<id>/channels``),
and the kernel sends it everything it publishes.  The kernel itself already
keeps its tracebacks and standard error for the server's log
(`widgets.server.kernel_log`); this is the second guard, at the server: a
message is sent on to the page only if `page_may_see` says so, so nothing a
kernel prints to standard error, and no traceback, exception name or value,
ever reaches a pupil's browser, whatever the kernel was started with.

A lesson page needs none of these messages: Voilà hides them on the page,
and the page sends no request whose answer carries an error (Voilà lets it
send only comm and info messages).

Messages come in the two forms of Jupyter's websocket protocols: the "v1"
binary form (what JupyterLab's code in the browser asks for) and the older
JSON text form (with a binary variant for messages that carry buffers).  A
message is parsed only when its bytes could hold something hidden (the words
``error``, ``stream``, ``traceback`` or ``ename``), so a widget's update goes
through untouched.

    >>> page_may_see("iopub", "stream", {"name": "stdout", "text": "4"})
    True
    >>> page_may_see("iopub", "stream", {"name": "stderr", "text": "Traceback..."})
    False
    >>> page_may_see("iopub", "error", {"ename": "KeyError", "evalue": "'x'", "traceback": []})
    False
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_binary_message, deserialize_msg_from_ws_v1
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

__all__ = ["HIDDEN_FIELDS", "V1_PROTOCOL", "PageWebsocketHandler", "page_may_receive", "page_may_see"]

HIDDEN_FIELDS = frozenset({"traceback", "ename", "evalue"})
"""Fields of a message's content that describe an exception on the server; a message with one never reaches the page."""

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The websocket subprotocol of Jupyter's binary message form."""

_SUSPECT = ("error", "stream", "traceback", "ename")


def page_may_see(channel: str | None, msg_type: str, content: Mapping[str, Any]) -> bool:
    """Returns whether a kernel's message may be sent to the page.

    Args:
        channel: The message's channel (``"iopub"``, ``"shell"``...), None if unknown.
        msg_type: The message's type (its header's ``msg_type``).
        content: The message's content.

    Returns:
        False for an ``error`` message, a ``stream`` of standard error, and any
        message whose content has a field of `HIDDEN_FIELDS`; True otherwise.
    """
    del channel  # the same rules hold on every channel
    if msg_type == "error" or (msg_type == "stream" and content.get("name") == "stderr"):
        return False
    return not (HIDDEN_FIELDS & content.keys())


def page_may_receive(message: bytes | str | Mapping[str, Any], subprotocol: str | None) -> bool:
    """Returns whether a message as written to the page's websocket may be sent (`page_may_see`).

    Args:
        message: The message as the websocket handler writes it: bytes in the
            v1 form (`V1_PROTOCOL`), JSON text, bytes of the older binary form,
            or a message already parsed (a dict with ``header`` and ``content``).
        subprotocol: The websocket's subprotocol (`V1_PROTOCOL`, or None for the older form).

    A message that cannot be read is not sent (a kernel's messages always can be).
    """
    if isinstance(message, Mapping):
        return _may_see_parsed(message)
    raw = message.encode("utf-8", "replace") if isinstance(message, str) else bytes(message)
    if not any(word.encode() in raw for word in _SUSPECT):
        return True
    try:
        if isinstance(message, str):
            return _may_see_parsed(json.loads(message))
        if subprotocol == V1_PROTOCOL:
            if 8 * (int.from_bytes(raw[:8], "little") + 1) > len(raw):
                return False  # more offsets than bytes: not a message
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header, content = json.loads(parts[0]), json.loads(parts[3])
            return page_may_see(channel, str(header.get("msg_type", "")), content)
        if not 0 < int.from_bytes(raw[:4], "big", signed=True) < len(raw) // 4:
            return False  # more buffers than bytes: not a message
        return _may_see_parsed(deserialize_binary_message(raw))
    except (ValueError, IndexError, KeyError, TypeError, AttributeError):
        return False


def _may_see_parsed(message: Mapping[str, Any]) -> bool:
    header = message.get("header") or {}
    content = message.get("content") or {}
    return page_may_see(message.get("channel"), str(header.get("msg_type", "")), content)


class PageWebsocketHandler(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """Voilà's kernel websocket handler, sending the page only what `page_may_receive` allows."""

    def write_message(self, message: bytes | str | dict[str, Any], binary: bool = False) -> Any:
        """Sends `message` to the page, unless it holds an error, standard error or a traceback (dropped)."""
        if not page_may_receive(message, self.selected_subprotocol):
            self.log.debug("Not sent to the page of kernel %s: an error or standard error", self.kernel_id)
            return None
        return super().write_message(message, binary)
