"""`ProjectorSwitch`: one toggle that makes every game of the page readable on a classroom projector.

Projector mode adds the class ``tt-projector`` to each registered view:
bigger type, the full width of the screen, bigger comparison cards (the
style sheet in `widgets._style` says how).  The mode belongs to the page
(one kernel serves one page): switched on in one game, it is on in every
game of the page, and stays on for games started later on it.
"""

from __future__ import annotations

import weakref

import ipywidgets as ipw

__all__ = ["PROJECTOR_CLASS", "ProjectorSwitch", "projector_on"]

PROJECTOR_CLASS = "tt-projector"
"""The CSS class a view carries while projector mode is on."""

_page = {"on": False}
_switches: weakref.WeakSet[ProjectorSwitch] = weakref.WeakSet()


def projector_on() -> bool:
    """Returns whether projector mode is on for this page."""
    return _page["on"]


class ProjectorSwitch(ipw.ToggleButton):
    """The "Projector mode 📽" toggle of one view (`view` gets ``tt-projector`` while it is on).

    Args:
        view: The view to enlarge (the game's outermost box).

    Example:
        >>> view = ipw.VBox()
        >>> switch = ProjectorSwitch(view)
        >>> switch.value = True
        >>> PROJECTOR_CLASS in view._dom_classes, projector_on()
        (True, True)
        >>> switch.value = False
    """

    def __init__(self, view: ipw.DOMWidget) -> None:
        super().__init__(value=_page["on"], layout=ipw.Layout(width="auto"))
        self.add_class("tt-projector-toggle")
        self._view = weakref.ref(view)
        _switches.add(self)
        self.observe(lambda change: self._follow(bool(change["new"])), names="value")
        self._apply()

    def close(self) -> None:
        """Closes the toggle; the page's other games keep their mode."""
        _switches.discard(self)
        super().close()

    def _follow(self, on: bool) -> None:
        """Redraws this switch and its view; a change made here is the page's change."""
        if _page["on"] != on:
            _set_page(on)
        self._apply()

    def _apply(self) -> None:
        on = bool(self.value)
        with self.hold_sync():
            self.description = "📽 Projector mode: on" if on else "📽 Projector mode: off"
            self.tooltip = (
                "Back to the normal size" if on else "Bigger type and the full screen width, for a classroom projector"
            )
        view = self._view()
        if view is not None:
            (view.add_class if on else view.remove_class)(PROJECTOR_CLASS)


def _set_page(on: bool) -> None:
    """Puts every switch of the page (and its view) in mode `on` (each switch's observer redraws it)."""
    _page["on"] = on
    for switch in list(_switches):
        switch.value = on
