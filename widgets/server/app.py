"""The Voilà application of the app: the lessons behind a front door, and no listings.

`guarded_voila(...)` returns a subclass of Voilà's application whose
handlers differ from Voilà's own in five ways:

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
- every error these handlers answer with is an app page: no traceback, no
  server path, nothing fetched from the internet (Voilà's own error page
  loads a stylesheet from a CDN).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from widgets.server.front_door import FrontDoor
from widgets.server.pages import PageKind, page
from widgets.server.places import Places, pooled_kernels

__all__ = ["guarded_voila", "lessons_in"]

_ERROR_PAGES: dict[int, PageKind] = {404: "not_found", 403: "forbidden", 503: "full"}
WAIT_BEAT_SECONDS = 10
"""How often a page waiting for its turn sends a byte (Voilà's own keep-alive interval)."""


def lessons_in(folder: Path) -> frozenset[str]:
    """Returns the file names of the notebooks directly in `folder` (the lessons the app serves)."""
    return frozenset(p.name for p in folder.glob("*.ipynb") if p.is_file())


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

    def __init__(self, manager: Any, places: Places, ticket: int) -> None:
        self._manager = manager
        self._places = places
        self._ticket = ticket

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("kernel_id", str(uuid.uuid4()))
        self._places.starting(self._ticket, kwargs["kernel_id"])
        try:
            return await ensure_async(self._manager.start_kernel(*args, **kwargs))
        finally:
            self._places.opened(self._ticket)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await self._manager.get_rendered_notebook(*args, **kwargs)
        finally:
            self._places.opened(self._ticket)


class _GuardedVoilaHandler(_AppPages, TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's render handler behind the front door (`FrontDoor.decide` before any kernel starts)."""

    front_door: FrontDoor
    places: Places
    turns: asyncio.Semaphore
    _ticket: int | None = None
    _has_turn = False

    @property
    def kernel_manager(self) -> Any:  # type: ignore[override]
        """The shared kernel manager; for a page that took a place, seen through `_PageKernels`."""
        if self._ticket is None:
            return self.settings["kernel_manager"]
        if not hasattr(self, "_page_kernels"):
            self._page_kernels = _PageKernels(self.settings["kernel_manager"], self.places, self._ticket)
        return self._page_kernels

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
        super().on_finish()

    def on_connection_close(self) -> None:
        self._release_opening_place()
        super().on_connection_close()

    async def prepare(self) -> None:
        await super().prepare()
        if self._finished:
            return
        path = self.path_args[0] if self.path_args else ""
        manager = self.settings["kernel_manager"]
        taken = self.places.taken(
            running=manager.list_kernel_ids(), pooled=pooled_kernels(getattr(manager, "_pools", {}))
        )
        verdict = self.front_door.decide(path, self.request.arguments, self.request.headers, kernels=taken)
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


def guarded_voila(*, landing_page: str, lessons: frozenset[str], max_kernels: int, pages_at_once: int = 4) -> type[Any]:
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

    Raises:
        ValueError: If `max_kernels` or `pages_at_once` is below 1.
    """
    if pages_at_once < 1:
        raise ValueError(f"pages_at_once must be 1 or more; got {pages_at_once}")
    door = FrontDoor(lessons=lessons, max_kernels=max_kernels)
    shared = {"front_door": door, "places": Places(), "turns": asyncio.Semaphore(pages_at_once)}
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
                handlers.append((pattern, handler, *options))
            handlers.append((url_path_join(self.server_url, ".*"), _NotFoundHandler))
            return handlers

    return GuardedVoila
