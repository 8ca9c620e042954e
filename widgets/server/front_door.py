"""What the app does with a request for a page, decided before any kernel starts.

Every page of the app runs a notebook in a kernel of its own, and a kernel is
the costliest thing the server gives away (about 100 MiB and a core for a few
seconds).  So the app answers at once, and starts no kernel, for a request
that is not a visitor opening a lesson:

- a notebook that does not exist, or a path outside the lessons' folder:
  a "no such page" page (404);
- a request to change the page's template or theme (``?template=lab``): sent
  back to the same lesson with the app's own template, which needs nothing
  from the internet;
- a request from another site that is not a visitor following a link (an
  image, a frame, a script on some page): refused (403), so no other site
  can start kernels here;
- a visitor following a link from another site (a class page, a message):
  a page with one same-site link to the lesson, so the kernel starts only
  when a person asks for it;
- every place taken (`FrontDoor.max_kernels`): a "the class is full, try
  again in a minute" page (503) that tries again by itself.

Browsers say where a request comes from in the ``Sec-Fetch-Site`` and
``Sec-Fetch-Dest`` headers (Fetch Metadata).  A request without them (an old
browser, a command-line client) is judged by its ``Origin``, then its
``Referer``: one naming a host other than the request's own ``Host`` comes
from another site, and follows the same rules (without ``Sec-Fetch-Dest`` it
counts as a page load, so it gets the page with a link).  A request with
neither (an address typed in) is taken as a visitor's, and the kernel cap
stays the defence against floods.

`FrontDoor.decide` is a pure function of the request, so each rule is tested
without a server:

    >>> door = FrontDoor(lessons=frozenset({"00_start_here.ipynb"}), max_kernels=2)
    >>> door.decide("00_start_here.ipynb", {}, {}, kernels=0).action
    'serve'
    >>> door.decide("../pyproject.toml", {}, {}, kernels=0).action
    'not_found'
    >>> door.decide("00_start_here.ipynb", {"template": ["lab"]}, {}, kernels=0).location
    '00_start_here.ipynb'
    >>> image = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image"}
    >>> door.decide("00_start_here.ipynb", {}, image, kernels=0).action
    'forbidden'
    >>> forged = {"Host": "school.example:8866", "Origin": "http://evil.example"}
    >>> door.decide("00_start_here.ipynb", {}, forged, kernels=0).action
    'follow_link'
    >>> door.decide("00_start_here.ipynb", {}, {}, kernels=2).action
    'full'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlencode, urlsplit

__all__ = ["OVERRIDE_ARGUMENTS", "FrontDoor", "Verdict"]

OVERRIDE_ARGUMENTS = frozenset({"template", "theme"})
"""Query arguments that would change how Voilà draws a page; the app ignores them."""

Action = Literal["serve", "redirect", "not_found", "forbidden", "follow_link", "full"]


@dataclass(frozen=True)
class Verdict:
    """What to answer a request with.

    Attributes:
        action: ``"serve"`` (render the lesson in a new kernel), ``"redirect"``
            (to `location`), or one of the app's own pages: ``"not_found"``
            (404), ``"forbidden"`` (403), ``"follow_link"`` (200, a page with a
            link to `location`), ``"full"`` (503).
        location: The lesson's address relative to the render folder, for
            ``"redirect"`` and ``"follow_link"``; None otherwise.
        reason: A short explanation for the server log.
    """

    action: Action
    location: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class FrontDoor:
    """The rules for requests to render a lesson (see the module docstring).

    Args:
        lessons: The notebook file names the app serves (``"01_classic_top_trumps.ipynb"``...).
        max_kernels: How many kernels may run at once (1 or more); a request
            beyond that gets the "class is full" page.
    """

    lessons: frozenset[str]
    max_kernels: int

    def __post_init__(self) -> None:
        if self.max_kernels < 1:
            raise ValueError(f"max_kernels must be 1 or more; got {self.max_kernels}")

    def decide(
        self,
        path: str,
        arguments: Mapping[str, Sequence[object]],
        headers: Mapping[str, str],
        *,
        kernels: int,
    ) -> Verdict:
        """Returns what to do with a request to render `path`.

        Args:
            path: The path after ``/voila/render/``, as the browser sent it.
            arguments: The query arguments (name -> values).
            headers: The request headers (``Sec-Fetch-Site``, ``Sec-Fetch-Dest``;
                without Fetch Metadata, ``Origin``, ``Referer`` and ``Host``).
            kernels: How many places are taken now (pupils' kernels and pages opening, `widgets.server.places`).
        """
        if path not in self.lessons:
            return Verdict("not_found", reason=f"no lesson {path!r}")
        kept = {name: values for name, values in arguments.items() if name not in OVERRIDE_ARGUMENTS}
        if len(kept) != len(arguments):
            query = urlencode([(name, _text(v)) for name, values in kept.items() for v in values])
            return Verdict("redirect", path + (f"?{query}" if query else ""), "template or theme override ignored")
        if _site(headers) == "cross-site":
            if _header(headers, "Sec-Fetch-Dest") not in ("document", ""):
                return Verdict("forbidden", reason="a cross-site request that is not a page load")
            return Verdict("follow_link", path, "a link from another site")
        if kernels >= self.max_kernels:
            return Verdict("full", reason=f"{kernels} places taken, the cap is {self.max_kernels}")
        return Verdict("serve")


def _site(headers: Mapping[str, str]) -> str:
    """Returns ``Sec-Fetch-Site``, or without it ``"cross-site"`` when ``Origin`` or ``Referer`` names another host."""
    site = _header(headers, "Sec-Fetch-Site")
    if site:
        return site
    source = _header(headers, "Origin") or _header(headers, "Referer")
    if not source:
        return ""  # an address typed in, or a client that says nothing
    origin = _host(source)
    own = _host(f"{urlsplit(source).scheme}://{_header(headers, 'Host')}")
    return "same-origin" if origin is not None and origin == own else "cross-site"


def _host(address: str) -> tuple[str, int] | None:
    """Returns an address's host and port (80 or 443 when not written), or None for ``null`` or nonsense."""
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname, port if port is not None else (443 if parts.scheme in ("https", "wss") else 80)


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value.strip().lower()
    return ""


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
