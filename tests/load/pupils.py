"""A pupil without a browser: opens a lesson page over HTTP and plays it through the widget protocol.

`Pupil` does what a lesson page does in the browser, with nothing drawn:

1. ``GET /voila/render/<lesson>``: the executed page, with its kernel's id
   (``jupyter-config-data``) and the widgets its cells show
   (``application/vnd.jupyter.widget-view+json``);
2. opens the kernel's websocket (``/api/kernels/<id>/channels``, Jupyter's
   JSON protocol) and asks for every widget's state through the
   ``jupyter.widget.control`` comm, as ipywidgets' page manager does;
3. clicks a Button found by its description (a ``comm_msg`` with the
   ``{"event": "click"}`` custom message), waits until the kernel is idle
   again, and keeps every widget's state up to date from the kernel's
   ``comm_open``, ``update`` and ``comm_close`` messages;
4. leaves as a closing tab does: closes the websocket and asks Voilà to shut
   the kernel down (``/voila/api/shutdown/<id>``).

`play_classic` plays the classic table (lesson 01) to the end this way.
Used by the load test (``tests/load``) and ``benchmarks/bench_pages.py``;
everything is asyncio, so dozens of pupils share one thread.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_binary_message
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
VIEWS = re.compile(r'application/vnd\.jupyter\.widget-view\+json[^}]*?model_id[^:]*:\s*[^"]*"([0-9a-f]{32})')
MODEL_REF = "IPY_MODEL_"
CONTROL_PROTOCOL = "1.0.0"
"""The version of ipywidgets' ``jupyter.widget.control`` protocol (ipywidgets 8)."""
HIDDEN_FIELDS = frozenset({"traceback", "ename", "evalue"})
"""Fields of a message's content that describe an exception on the server (`Pupil.hidden`)."""
CATEGORY_BUTTON = re.compile(r"^[^:]+: ")
GAME_OVER = "Play again with the same or new settings"
MAX_CLICKS = 400
"""Most clicks `play_classic` makes before it gives up (a game of 3 seats needs far fewer)."""
PAGE_SECONDS = 600.0
"""How long a pupil waits for the page, and for each answer of the kernel."""

AsyncHTTPClient.configure(None, max_clients=100)


class PupilError(AssertionError):
    """A page did not behave as a pupil needs: no kernel, no widgets, no answer, no such button."""


@dataclass
class Widget:
    """One widget model the kernel holds: its comm id, model name and last known state."""

    comm_id: str
    state: dict[str, Any]

    @property
    def model(self) -> str:
        """The model's name, ``"ButtonModel"``, ``"HTMLModel"``..."""
        return str(self.state.get("_model_name", ""))

    def children(self) -> list[str]:
        """Returns the comm ids of the widgets this one shows (a box's children, an accordion's panels)."""
        found = self.state.get("children", [])
        return [ref[len(MODEL_REF) :] for ref in found if isinstance(ref, str) and ref.startswith(MODEL_REF)]


@dataclass
class Pupil:
    """One pupil's page, without a browser (see the module docstring).

    Args:
        base_url: The app's address, ``"http://localhost:8941"``.

    Attributes:
        kernel_id: The page's kernel, once `open` has run.
        shown: The comm ids of the widgets the page's cells show, in order.
        widgets: Every widget model the kernel holds, by comm id.
        seconds_to_page: Seconds from the request to the whole page (`open`).
        seconds_to_control: Seconds from the request until the widgets'
            states arrived with an enabled Button among them (`connect`).
        hidden: The messages received that a page must never get: an
            ``error``, a ``stream`` of standard error, or any message whose
            content names a traceback (``traceback``, ``ename``, ``evalue``).
    """

    base_url: str
    kernel_id: str = ""
    shown: list[str] = field(default_factory=list)
    widgets: dict[str, Widget] = field(default_factory=dict)
    seconds_to_page: float = 0.0
    seconds_to_control: float = 0.0
    hidden: list[dict[str, Any]] = field(default_factory=list)
    _socket: WebSocketClientConnection | None = None
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)
    _idle: dict[str, asyncio.Event] = field(default_factory=dict)
    _reader: asyncio.Task[None] | None = None
    _started: float = 0.0
    _control_comm: str = field(default_factory=lambda: uuid.uuid4().hex)
    _states_arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def open(self, lesson: str) -> str:
        """Loads the lesson's page and returns its HTML; sets `kernel_id` and `shown`.

        Raises:
            PupilError: If the page is not a lesson page with a kernel and widgets.
        """
        self._started = time.monotonic()
        request = HTTPRequest(f"{self.base_url}/voila/render/{lesson}", request_timeout=PAGE_SECONDS)
        response = await AsyncHTTPClient().fetch(request, raise_error=False)
        self.seconds_to_page = time.monotonic() - self._started
        page = response.body.decode("utf-8", "replace")
        config = CONFIG.search(page)
        if response.code != 200 or not config:
            raise PupilError(f"{lesson}: status {response.code}, no kernel on the page: {page[:300]!r}")
        self.kernel_id = json.loads(html.unescape(config.group(1)))["kernelId"]
        self.shown = VIEWS.findall(page.replace("&quot;", '"').replace('\\"', '"'))
        if not self.shown:
            raise PupilError(f"{lesson}: the page shows no widget (kernel {self.kernel_id})")
        return page

    async def connect(self) -> None:
        """Opens the kernel's websocket and fetches every widget's state (as the page's widget manager does).

        Raises:
            PupilError: If the states do not arrive, or the page shows a widget the kernel does not hold.
        """
        address = self.base_url.replace("http", "ws", 1)
        request = HTTPRequest(
            f"{address}/api/kernels/{self.kernel_id}/channels?session_id={self._session}",
            request_timeout=PAGE_SECONDS,
        )
        self._socket = await websocket_connect(request, max_message_size=64 * 1024 * 1024)
        self._reader = asyncio.ensure_future(self._read())
        opened = {"comm_id": self._control_comm, "target_name": "jupyter.widget.control", "data": {}}
        await self._ask("comm_open", opened, metadata={"version": CONTROL_PROTOCOL})
        asked = {"comm_id": self._control_comm, "data": {"method": "request_states"}}
        await self._ask("comm_msg", asked)
        await asyncio.wait_for(self._states_arrived.wait(), PAGE_SECONDS)
        missing = [comm for comm in self.shown if comm not in self.widgets]
        if missing:
            raise PupilError(f"the page shows widgets the kernel does not hold: {missing}")
        if not self.buttons():
            raise PupilError("the page shows no enabled button")
        self.seconds_to_control = time.monotonic() - self._started

    def visible(self, root: str | None = None) -> Iterator[Widget]:
        """Yields every widget the page shows, depth first from the page's cells (or from `root`)."""
        seen: set[str] = set()
        stack = list(reversed(self.shown if root is None else [root]))
        while stack:
            comm = stack.pop()
            widget = self.widgets.get(comm)
            if widget is None or comm in seen:
                continue
            seen.add(comm)
            yield widget
            stack.extend(reversed(widget.children()))

    def buttons(self, root: str | None = None) -> list[Widget]:
        """Returns the enabled Buttons the page shows (under `root`, a comm id, if given)."""
        return [w for w in self.visible(root) if w.model == "ButtonModel" and not w.state.get("disabled")]

    def texts(self, root: str | None = None) -> list[str]:
        """Returns the values of every HTML and Label widget the page shows (under `root`, if given)."""
        return [str(w.state.get("value", "")) for w in self.visible(root) if w.model in ("HTMLModel", "LabelModel")]

    async def click(self, button: Widget) -> None:
        """Clicks `button` and waits until the kernel has answered (idle again).

        Raises:
            PupilError: If the kernel does not answer within `PAGE_SECONDS`.
        """
        content = {"comm_id": button.comm_id, "data": {"method": "custom", "content": {"event": "click"}}}
        await self._ask("comm_msg", content, wait=True)

    async def leave(self) -> None:
        """Leaves as a closing tab does: closes the websocket and asks Voilà to shut the kernel down."""
        if self._socket is not None:
            self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
        if self.kernel_id:
            request = HTTPRequest(
                f"{self.base_url}/voila/api/shutdown/{self.kernel_id}", method="POST", body=b"", request_timeout=60
            )
            await AsyncHTTPClient().fetch(request, raise_error=False)

    async def _ask(
        self, msg_type: str, content: dict[str, Any], *, wait: bool = False, metadata: dict[str, Any] | None = None
    ) -> None:
        if self._socket is None:
            raise PupilError("not connected")
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "msg_type": msg_type,
            "username": "pupil",
            "session": self._session,
            "date": "",
            "version": "5.3",
        }
        message = {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": "shell",
        }
        idle = self._idle[msg_id] = asyncio.Event()
        await self._socket.write_message(json.dumps(message))
        if wait:
            try:
                await asyncio.wait_for(idle.wait(), PAGE_SECONDS)
            except asyncio.TimeoutError:
                raise PupilError(f"the kernel did not answer a {msg_type} in {PAGE_SECONDS:.0f} s") from None

    async def _read(self) -> None:
        assert self._socket is not None
        while True:
            raw = await self._socket.read_message()
            if raw is None:
                return
            message = deserialize_binary_message(raw) if isinstance(raw, bytes) else json.loads(raw)
            self._take(message)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("msg_type") or message["header"]["msg_type"]
        content = message.get("content", {})
        parent = message.get("parent_header", {}).get("msg_id", "")
        if kind == "error" or (kind == "stream" and content.get("name") == "stderr") or HIDDEN_FIELDS & content.keys():
            self.hidden.append(message)
        if kind == "status" and content.get("execution_state") == "idle" and parent in self._idle:
            self._idle.pop(parent).set()
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.widgets[content["comm_id"]] = Widget(content["comm_id"], dict(content["data"].get("state", {})))
        elif kind == "comm_close":
            self.widgets.pop(content.get("comm_id", ""), None)
        elif kind == "comm_msg":
            data = content.get("data", {})
            if content.get("comm_id") == self._control_comm and data.get("method") == "update_states":
                for comm, state in data.get("states", {}).items():
                    self.widgets[comm] = Widget(comm, dict(state.get("state", {})))
                self._states_arrived.set()
            elif data.get("method") in ("update", "echo_update") and content.get("comm_id") in self.widgets:
                self.widgets[content["comm_id"]].state.update(data.get("state", {}))


@dataclass(frozen=True)
class Played:
    """How one pupil's classic game went: clicks made, and the winner screen's text."""

    clicks: int
    ending: str


def classic_table(pupil: Pupil) -> str:
    """Returns the comm id of the first widget the page shows that holds a classic table's "Next ▶" button.

    Raises:
        PupilError: If no shown widget holds one.
    """
    for root in pupil.shown:
        if any(w.model == "ButtonModel" and w.state.get("description") == "Next ▶" for w in pupil.visible(root)):
            return root
    raise PupilError(f"no classic table among the {len(pupil.shown)} widgets the page shows")


async def play_classic(pupil: Pupil, *, choice: int = 0) -> Played:
    """Plays the classic table of lesson 01 to the end: a category when one is offered, else Fast-forward, else Next.

    Args:
        pupil: A connected pupil on lesson 01 (one of its shown widgets is the table).
        choice: Which of the offered categories the pupil clicks (counted
            round, so any whole number picks one): pupils of a class play different games.

    Raises:
        PupilError: If the game has not ended after `MAX_CLICKS` clicks, or no button is offered.
    """
    table = classic_table(pupil)
    for clicks in range(MAX_CLICKS):
        over = [text for text in pupil.texts(table) if GAME_OVER in text]
        if over:
            return Played(clicks, " ".join(re.sub(r"<[^>]+>", " ", over[0]).split()))
        offered = pupil.buttons(table)
        by_name = {str(b.state.get("description", "")): b for b in offered}
        categories = [b for name, b in by_name.items() if CATEGORY_BUTTON.match(name)]
        watch = by_name.get("Fast-forward ⏩") or by_name.get("Next ▶")
        move = categories[choice % len(categories)] if categories else watch
        if move is None:
            raise PupilError(f"no move offered after {clicks} clicks; buttons: {sorted(by_name)}")
        await pupil.click(move)
    raise PupilError(f"the game did not end in {MAX_CLICKS} clicks")
