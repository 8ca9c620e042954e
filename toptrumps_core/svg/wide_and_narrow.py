"""`WideAndNarrow`: one picture drawn twice, wide for a laptop and narrow for a phone, and the HTML that shows one.

A picture made of a row of columns (the Squads mission card and rows) is
legible wide only while it is shown at nearly its design width; on a phone
it would shrink to a few pixels.  So it is drawn twice: with every column
on one line (the string itself, and Jupyter's SVG display) and with the
columns wrapped to a few lines.  Its HTML (Jupyter's preferred display, and
what widgets put in the page) holds both and a CSS container query that shows
the narrow one whenever the box it sits in is narrower than `wide_from_px`:
the width at which the wide picture's smallest text, `smallest_font_px`, is
still `READABLE_PX` on screen.  A browser without container queries shows
the wide one.  Both layouts say the same in their ``<title>`` and ``<desc>``;
the hidden one is out of the accessibility tree (``display: none``).
"""

from __future__ import annotations

import math

from toptrumps_core.svg.elements import Svg

__all__ = ["READABLE_PX", "WideAndNarrow", "picture_html"]

READABLE_PX = 11
"""The smallest text, in screen pixels, a picture may show (the narrow layout takes over below it)."""


class WideAndNarrow(Svg):
    """SVG markup of the wide layout (a `str`), with the narrow layout and the HTML that picks one.

    Args:
        wide: The wide layout's markup (every column on one line).
        narrow: The narrow layout's markup (the columns wrapped).
        design_width_px: The wide layout's width in design pixels.
        smallest_font_px: Its smallest font size in design pixels.

    Attributes:
        narrow: The narrow layout's markup.
        wide_from_px: The narrowest box (CSS px) in which the wide layout shows.

    Example:
        >>> both = WideAndNarrow(Svg("<svg>wide</svg>"), Svg("<svg>narrow</svg>"), 700, 14)
        >>> both.wide_from_px, both == "<svg>wide</svg>", "narrow" in both._repr_html_()
        (550, True, True)
    """

    narrow: Svg
    wide_from_px: int

    def __new__(cls, wide: str, narrow: str, design_width_px: float, smallest_font_px: float) -> WideAndNarrow:
        """Returns the wide markup `wide` carrying `narrow` and the width the switch happens at."""
        picture = super().__new__(cls, wide)
        picture.narrow = Svg(narrow)
        picture.wide_from_px = math.ceil(design_width_px * READABLE_PX / smallest_font_px)
        return picture

    def html(self) -> str:
        """Returns both layouts in one box that shows the wide one from `wide_from_px` CSS px, else the narrow one."""
        name = f"tt-layouts-{self.wide_from_px}"
        style = (
            f".{name} {{ container-type: inline-size; width: 100%; }}"
            f" .{name} svg {{ max-width: 100%; height: auto; display: block; }}"
            f" .{name} > .tt-narrow {{ display: none; }}"
            f" @container (max-width: {self.wide_from_px - 0.02}px) {{"
            f" .{name} > .tt-wide {{ display: none; }} .{name} > .tt-narrow {{ display: block; }} }}"
        )
        return (
            f'<div class="tt-layouts {name}"><style>{style}</style>'
            f'<div class="tt-wide">{self!s}</div><div class="tt-narrow">{self.narrow}</div></div>'
        )

    def _repr_html_(self) -> str:
        return self.html()


def picture_html(picture: Svg) -> str:
    """Returns the HTML that shows `picture` in a page: both layouts of a `WideAndNarrow`, else the markup itself.

    A `WideAndNarrow` gives both layouts in one box that shows the wide one
    while the box is at least `wide_from_px` CSS px wide (the width at which
    its smallest design-px text is still `READABLE_PX` on screen), else the
    narrow one; any other picture is put in the page as it is, at its own
    width.  Both layouts say the same in their ``<title>`` and ``<desc>``.

    Args:
        picture: The picture's SVG markup (design px scaled to its width).

    Returns:
        HTML text: the ``<div>`` holding both layouts and their CSS container
        query, or the SVG markup of `picture` unchanged.

    Example:
        >>> picture_html(Svg("<svg/>"))
        '<svg/>'
    """
    return picture.html() if isinstance(picture, WideAndNarrow) else str(picture)
