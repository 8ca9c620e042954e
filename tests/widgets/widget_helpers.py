"""What the headless widget tests share: walking a view's widgets, reading what the page gets, counting widgets."""

from __future__ import annotations

import html
import json
import re
import warnings
from collections.abc import Iterable, Iterator

import ipywidgets as ipw


def descendants(root: ipw.Widget) -> Iterator[ipw.Widget]:
    """Yields `root` and every widget reachable from it: children, layouts, styles, any widget trait."""
    seen: set[str] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget.model_id in seen:
            continue
        seen.add(widget.model_id)
        yield widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            items: Iterable[object] = value if isinstance(value, (tuple, list)) else (value,)
            stack.extend(item for item in items if isinstance(item, ipw.Widget))


def browser_text(root: ipw.Widget) -> str:
    """Returns every synced trait value of every descendant, as one JSON text (what the page can read)."""
    return "\n".join(json.dumps(w.get_state(), default=str, ensure_ascii=False) for w in descendants(root))


def page_words(root: ipw.Widget) -> str:
    """Returns the page's text roughly as a reader sees it: tags dropped, entities decoded, spaces joined."""
    text = browser_text(root).replace("\\n", " ")
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def live_widgets() -> int:
    """Returns how many widgets the kernel holds open (``ipywidgets.Widget.widgets``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the registry's old name, still the registry
        return len(ipw.Widget.widgets)


PYTHON_REPR = re.compile(r"\b[A-Z]\w*\((?:\w+=|\))")
"""A Python repr such as ``ChooseCategory(category=0)`` or ``Call(direction='higher')``: never page text."""
