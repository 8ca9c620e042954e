"""The app's own pages for the answers that start no kernel: no such page, full, a link, an error.

Each page stands alone: its style is inline, it loads nothing (no script, no
font, nothing from the internet), it says in one sentence what happened and
what to do, and it links back to the start page.  Nothing from the server's
inside (a path, a traceback) is ever written into one.

    >>> html = page("full", home="/")
    >>> "The class is full" in html and "http" not in html.replace('http-equiv', '')
    True
"""

from __future__ import annotations

from html import escape
from typing import Literal

__all__ = ["STATUS", "PageKind", "page"]

PageKind = Literal["not_found", "forbidden", "follow_link", "full", "error"]

STATUS: dict[PageKind, int] = {"not_found": 404, "forbidden": 403, "follow_link": 200, "full": 503, "error": 500}
"""The HTTP status each page is sent with."""

RETRY_SECONDS = 60
"""How soon the "class is full" page tries again by itself."""

_TEXT: dict[PageKind, tuple[str, str]] = {
    "not_found": ("No such page", "There is no lesson at this address. The start page lists every lesson."),
    "forbidden": ("Not here", "Lessons open as pages of their own, not inside another site."),
    "follow_link": ("Open the lesson", "You followed a link to a lesson of Top Trumps Classroom."),
    "full": (
        "The class is full",
        "Every place on this server is taken just now. Please try again in a minute: this page tries by itself.",
    ),
    "error": ("Something went wrong", "The server could not answer this request. Please try again."),
}

_STYLE = (
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;padding:2rem 1rem;"
    "background:#f6f7fb;color:#1d2330;font-size:1.15rem;line-height:1.5}"
    "main{max-width:34rem;margin:10vh auto;background:#fff;border:1px solid #d5d9e3;border-radius:12px;"
    "padding:1.5rem 1.75rem}h1{font-size:1.6rem;margin:0 0 .5rem}"
    "a.button{display:inline-block;margin-top:1rem;padding:.6rem 1.1rem;border-radius:8px;background:#1f5fbf;"
    "color:#fff;text-decoration:none;font-weight:600}a.button:focus{outline:3px solid #0b2a5b;outline-offset:3px}"
    "a{color:#1f5fbf}"
)


def page(kind: PageKind, *, home: str, lesson: str | None = None) -> str:
    """Returns the HTML of one of the app's own pages.

    Args:
        kind: Which page (see `STATUS` for the status each is sent with).
        home: The start page's address (``"/"`` under the app's base URL).
        lesson: For ``"follow_link"``, the lesson's address on this server
            (the link the visitor clicks); None for the other pages.

    Raises:
        ValueError: If `kind` is ``"follow_link"`` without a `lesson`.
    """
    title, text = _TEXT[kind]
    refresh = f'<meta http-equiv="refresh" content="{RETRY_SECONDS}">' if kind == "full" else ""
    if kind == "follow_link":
        if lesson is None:
            raise ValueError("a follow_link page needs the lesson's address")
        action = f'<a class="button" href="{escape(lesson, quote=True)}">Open the lesson</a>'
    else:
        action = f'<a class="button" href="{escape(home, quote=True)}">Go to the start page</a>'
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{refresh}<title>{escape(title)} · Top Trumps Classroom</title><style>{_STYLE}</style></head>"
        f"<body><main><h1>{escape(title)}</h1><p>{escape(text)}</p>{action}</main></body></html>"
    )
