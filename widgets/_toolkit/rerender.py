"""Re-renders without leaks or double moves.

A view re-renders after every move and replaces its buttons.  `swap_children`
and `close_tree` close every widget a render replaced (children, layouts and
styles, to the bottom), so nothing stays live in the kernel's registry; and
`ClickGuard` ties each button to the decision it was made for, so a late
click on a button of a past decision (a double-click, a click racing a
re-render) is ignored quietly instead of acting twice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

import ipywidgets as ipw

__all__ = ["ClickGuard", "close_tree", "swap_children"]


def _parts(widget: ipw.Widget) -> Iterator[ipw.Widget]:
    """Yields the widgets `widget` holds in its synced traits: children, layout, style, and the like."""
    for name in widget.keys:
        value = getattr(widget, name, None)
        items = value if isinstance(value, (tuple, list)) else (value,)
        yield from (item for item in items if isinstance(item, ipw.Widget))


def _reachable(roots: Iterable[ipw.Widget]) -> set[int]:
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        widget = todo.pop()
        if id(widget) not in seen:
            seen.add(id(widget))
            todo.extend(_parts(widget))
    return seen


def close_tree(widget: ipw.Widget, *, keep: Iterable[ipw.Widget] = (), include_self: bool = True) -> None:
    """Closes `widget` and every widget under it (children, layouts, styles), except those in `keep`.

    A closed widget leaves the page and the kernel's registry; closing only
    the top of a tree would leave its buttons live and its parts leaking.
    """
    kept = _reachable(keep)
    order: list[ipw.Widget] = []
    seen: set[int] = set()
    todo = [widget]
    while todo:
        current = todo.pop()
        if id(current) in seen or id(current) in kept:
            continue
        seen.add(id(current))
        order.append(current)
        todo.extend(_parts(current))
    for part in reversed(order):  # the leaves first
        if part is widget and not include_self:
            continue
        part.close()


def swap_children(box: ipw.Box, children: Sequence[ipw.Widget]) -> None:
    """Replaces `box`'s children and closes every old child's tree that the new ones do not use."""
    old = box.children
    with box.hold_sync():
        box.children = tuple(children)
    for child in old:
        close_tree(child, keep=children)


class ClickGuard:
    """Ties each button to the decision it was made for, so a click on a button of a past decision does nothing.

    A view re-renders after every move and replaces (and closes) its
    buttons; a fast second click (a double-click), or a click that races a
    re-render, can still reach a button of the decision before.  Acting on
    it would make a move nobody chose, and refusing it loudly would scold
    the pupil for the page's timing, so it is ignored quietly: a click acts
    only while its button is open and its decision is still the one open.

    Args:
        decision: Returns a value that names the decision now open (for
            example the game's number and how many actions it has taken);
            it changes whenever a different decision is open.

    Example:
        >>> moves = []
        >>> guard = ClickGuard(lambda: len(moves))
        >>> button = guard.bind(ipw.Button(description="Go"), lambda: moves.append("go"))
        >>> button.click(); button.click()  # the second click is for a decision already made
        >>> moves
        ['go']
    """

    def __init__(self, decision: Callable[[], Hashable]) -> None:
        self._decision = decision

    def bind(self, button: ipw.Button, intent: Callable[[], object]) -> ipw.Button:
        """Makes a click on `button` call `intent`, while the decision it was made for is still open."""
        made_for = self._decision()

        def clicked(pressed: ipw.Button) -> None:
            if pressed.comm is not None and self._decision() == made_for:  # closed: replaced by a re-render
                intent()

        button.on_click(clicked)
        return button
