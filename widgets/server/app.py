"""The Voilà application of the app: the lessons behind a front door, and no listings.

`guarded_voila(...)` returns a subclass of Voilà's application whose
handlers differ from Voilà's own in these ways:

- ``/`` sends a visitor to the landing page, and ``/voila/tree`` (Voilà's
  folder listing) does too, so no visitor sees the server's folders;
- ``/voila/api/contents`` (the folder listing as data) is gone;
- ``/voila/files/`` serves images only (Voilà's allow-list); any other file
  or a folder gets the "no such page" page, as if it were not there;
- a request to render a lesson goes through `front_door.FrontDoor` first,
  which answers anything that is not a visitor opening a lesson with one of
  the app's own pages (`pages`) before a kernel starts; the kernel cap
  counts the places pupils take (`places.Places`), not the kernels waiting
  in Voilà's preheated pools;
- a few pages at a time run their notebook (``pages_at_once``); the others
  wait their turn, so a class arriving together on a small server gets its
  first pages in seconds (a page from the preheated pool needs no turn);
- a request that finds every place taken waits a few seconds
  (``place_wait_seconds``) for one to free before it gets the "class is
  full" page: a pupil who reloads a page frees its place only when the old
  page's kernel is shutting down, which can come a moment after the new
  request (a kernel being shut down takes no place, `places.Places.taken`);
- when a page's response ends (sent, or its visitor left), the kernel
  manager is told (``page_sent``): from then on a kernel without a websocket
  connection for a short grace is shut down (`kernels.PageKernelManager`);
- the kernel websocket sends the page no error, no standard error and no
  traceback (`websocket.PageWebsocketHandler`);
- every error these handlers answer with is an app page: no traceback, no
  server path, nothing fetched from the internet (Voilà's own error page
  loads a stylesheet from a CDN).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from widgets.server.front_door import FrontDoor, Verdict
from widgets.server.pages import PageKind, page
from widgets.server.places import Places, pooled_kernels
from widgets.server.websocket import PageWebsocketHandler

__all__ = ["guarded_voila"]

_ERROR_PAGES: dict[int, PageKind] = {404: "not_found", 403: "forbidden", 503: "full"}
WAIT_BEAT_SECONDS = 10
"""How often a page waiting for its turn sends a byte (Voilà's own keep-alive interval)."""
PLACE_CHECK_SECONDS = 0.25
"""How often a request waiting for a place looks again."""


class _AppPages:
    """Mixin for handlers that answer errors with the app's own pages."""

    base_url: str

    def _home(self) -> str:
        return str(url_path_join(self.base_url, "/"))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Answers an error with an app page (never a traceback; Voilà's page loads a CDN stylesheet)."""
        handler: Any = self
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.finish(page(_ERROR_PAGES.get(status_code, "error"), home=self._home()))


class _PageKernels:
    """The kernel manager as one page's request sees it: tells `Places` about the page's kernel.

    Voilà's handler gets a page's kernel in one of two calls: ``start_kernel``
    (a new kernel, whose id is chosen here so that `Places` knows it while it
    starts) or ``get_rendered_notebook`` (one taken from the preheated pool).
    Every other attribute is the shared manager's own.
    """

    def __init__(self, manager: Any, places: Places, ticket: int, on_kernel: Callable[[str], None]) -> None:
        self._manager = manager
        self._places = places
        self._ticket = ticket
        self._on_kernel = on_kernel

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("kernel_id", str(uuid.uuid4()))
        self._places.starting(self._ticket, kwargs["kernel_id"])
        try:
            kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        finally:
            self._places.opened(self._ticket)
        self._on_kernel(str(kernel_id))
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        try:
            rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        finally:
            self._places.opened(self._ticket)
        self._on_kernel(str(rendered[2]))  # (rendering, cells rendered so far, kernel id)
        return rendered


class _GuardedVoilaHandler(_AppPages, TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's render handler behind the front door (`FrontDoor.decide` before any kernel starts)."""

    front_door: FrontDoor
    places: Places
    turns: asyncio.Semaphore
    place_wait_seconds: float
    _ticket: int | None = None
    _has_turn = False
    _gone = False
    _ended = False
    _kernel_id: str | None = None

    @property
    def kernel_manager(self) -> Any:  # type: ignore[override]
        """The shared kernel manager; for a page that took a place, seen through `_PageKernels`."""
        if self._ticket is None:
            return self.settings["kernel_manager"]
        if not hasattr(self, "_page_kernels"):
            self._page_kernels = _PageKernels(
                self.settings["kernel_manager"], self.places, self._ticket, self._page_kernel
            )
        return self._page_kernels

    def _page_kernel(self, kernel_id: str) -> None:
        """Notes the page's kernel, as activity (`PageKernelManager.page_opened`); if the visitor left, says so now."""
        self._kernel_id = kernel_id
        page_opened = getattr(self.settings["kernel_manager"], "page_opened", None)
        if page_opened is not None:
            page_opened(kernel_id)
        if self._ended:
            self._page_sent()

    def _page_sent(self) -> None:
        """The response has ended: the page's kernel needs a connection from now on (`PageKernelManager.page_sent`)."""
        self._ended = True
        page_sent = getattr(self.settings["kernel_manager"], "page_sent", None)
        if self._kernel_id is not None and page_sent is not None:
            page_sent(self._kernel_id)

    def _release_opening_place(self) -> None:
        if self._ticket is not None:
            self.places.left(self._ticket)
        if self._has_turn:
            self._has_turn = False
            self.turns.release()

    async def get_generator(self, path: str | None = None) -> AsyncIterator[str]:
        """Voilà's page, after this page's turn to run its notebook (`guarded_voila`'s `pages_at_once`).

        A page served from the preheated pool has run already and needs no
        turn.  While a page waits, a newline every `WAIT_BEAT_SECONDS` (allowed
        before ``<!DOCTYPE html>``) keeps the browser and any proxy waiting.
        """
        manager = self.settings["kernel_manager"]
        from_pool = bool(path and manager.get_pool_size(path) > 0 and manager.notebook_data.get(path))
        if self._ticket is not None and not from_pool:
            while not self._has_turn:
                try:
                    await asyncio.wait_for(self.turns.acquire(), WAIT_BEAT_SECONDS)
                    self._has_turn = True
                except asyncio.TimeoutError:
                    self.set_header("Content-Type", "text/html")
                    self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
                    yield "\n"
        async for html in super().get_generator(path=path):
            yield html

    def on_finish(self) -> None:
        self._release_opening_place()
        self._page_sent()
        super().on_finish()

    def on_connection_close(self) -> None:
        self._gone = True
        self._release_opening_place()
        self._page_sent()
        super().on_connection_close()

    def _verdict(self, path: str) -> Verdict:
        manager = self.settings["kernel_manager"]
        taken = self.places.taken(
            running=manager.list_kernel_ids(),
            pooled=pooled_kernels(getattr(manager, "_pools", {})),
            stopping=getattr(manager, "stopping", frozenset()),
        )
        return self.front_door.decide(path, self.request.arguments, self.request.headers, kernels=taken)

    async def _verdict_after_waiting_for_a_place(self, path: str) -> Verdict:
        """The front door's verdict; while it is "full", asked again for up to `place_wait_seconds`.

        Nothing is awaited between the verdict "serve" and the place being
        taken (`Places.opening`), so requests waiting together never take more
        places than are free.
        """
        verdict = self._verdict(path)
        if verdict.action == "full" and self.place_wait_seconds > 0:
            self.log.info("front door: waiting for a place for %s", self.request.path)
        deadline = asyncio.get_running_loop().time() + self.place_wait_seconds
        while verdict.action == "full" and not self._gone and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(PLACE_CHECK_SECONDS)
            verdict = self._verdict(path)
        return verdict

    async def prepare(self) -> None:
        await super().prepare()
        if self._finished:
            return
        path = self.path_args[0] if self.path_args else ""
        verdict = await self._verdict_after_waiting_for_a_place(path)
        if verdict.action == "serve" and self._gone:
            verdict = Verdict("full", reason="the visitor left while waiting for a place")
        if verdict.action == "serve":
            self._ticket = self.places.opening()
            return
        self.log.info("front door: %s for %s (%s)", verdict.action, self.request.path, verdict.reason)
        lesson = url_path_join(self.base_url, "voila/render", verdict.location or "")
        if verdict.action == "redirect":
            self.redirect(lesson)
            return
        status = {"not_found": 404, "forbidden": 403, "follow_link": 200, "full": 503}[verdict.action]
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(verdict.action, home=self._home(), lesson=lesson))


class _NotFoundHandler(_AppPages, tornado.web.RequestHandler):
    """Answers every address the app does not serve with its "no such page" page."""

    @property
    def base_url(self) -> str:  # type: ignore[override]
        return str(self.settings.get("base_url", "/"))

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class _ImageFileHandler(_AppPages, AllowListFileHandler):  # type: ignore[misc]
    """Voilà's ``/voila/files/`` handler: a file off its allow-list is "no such page" (404), not Tornado's 403."""

    @property
    def base_url(self) -> str:  # type: ignore[override]
        return str(self.settings.get("base_url", "/"))

    def get_absolute_path(self, root: str, path: str) -> str:
        try:
            return str(super().get_absolute_path(root, path))
        except tornado.web.HTTPError as refused:
            if refused.status_code != 403:
                raise
            raise tornado.web.HTTPError(404, "not an image: %s", path) from None


def guarded_voila(
    *,
    landing_page: str,
    lessons: frozenset[str],
    max_kernels: int,
    pages_at_once: int = 4,
    place_wait_seconds: float = 5.0,
) -> type[Any]:
    """Returns the app's Voilà application class.

    Args:
        landing_page: The notebook ``/`` and ``/voila/tree`` send visitors to.
        lessons: The notebook file names that may be rendered.
        max_kernels: How many places (pupils' pages, `Places`) may be taken
            at once (see `FrontDoor`); kernels waiting in a preheated pool take none.
        pages_at_once: How many pages may start and run their notebook at the
            same time (1 or more); the others wait their turn in order.  A
            class arriving together on a small server then gets its first
            pages in seconds instead of every page after a minute or more.
        place_wait_seconds: How long a request that finds every place taken
            waits for one to free before it gets the "class is full" page, in
            seconds, 0 or more (a reloaded page's old kernel is shut down a
            moment after the new request arrives).

    Raises:
        ValueError: If `max_kernels` or `pages_at_once` is below 1, or
            `place_wait_seconds` is negative.
    """
    if pages_at_once < 1:
        raise ValueError(f"pages_at_once must be 1 or more; got {pages_at_once}")
    if place_wait_seconds < 0:
        raise ValueError(f"place_wait_seconds must be 0 or more; got {place_wait_seconds}")
    door = FrontDoor(lessons=lessons, max_kernels=max_kernels)
    shared = {
        "front_door": door,
        "places": Places(),
        "turns": asyncio.Semaphore(pages_at_once),
        "place_wait_seconds": place_wait_seconds,
    }
    guarded = type("GuardedVoilaHandler", (_GuardedVoilaHandler,), shared)

    class GuardedVoila(Voila):  # type: ignore[misc]
        """Voilà serving the lessons behind the front door (see the module docstring)."""

        def init_handlers(self) -> list[Any]:
            landing = url_path_join(self.server_url, "voila/render", landing_page)
            to_landing = (tornado.web.RedirectHandler, {"url": landing})
            handlers: list[Any] = [
                (self.server_url, *to_landing),
                (url_path_join(self.server_url, "voila/tree.*"), *to_landing),
            ]
            for pattern, handler, *options in super().init_handlers():
                if handler in (TornadoVoilaTreeHandler, VoilaContentsHandler):
                    continue
                if handler is TornadoVoilaHandler:
                    handler = guarded
                elif handler is AllowListFileHandler:
                    handler = _ImageFileHandler
                elif handler is VoilaKernelWebsocketHandler:
                    handler = PageWebsocketHandler
                handlers.append((pattern, handler, *options))
            handlers.append((url_path_join(self.server_url, ".*"), _NotFoundHandler))
            return handlers

    return GuardedVoila
