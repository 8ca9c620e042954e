"""SVG elements every picture is built from: the `Svg` string, its root and its shapes.

Every picture module builds its drawing with these helpers, so that all of
them keep the same conventions:

- elements come from `xml.etree.ElementTree`, so user text (card names,
  facts, player names) is always escaped, and `clean_text` drops the
  characters XML 1.0 cannot hold;
- the root has a ``<title>`` and a ``<desc>`` for screen readers, and sets
  ``width``, ``height`` and ``viewBox``, so a picture scales uniformly;
- numbers are written short (`coord`), so the same input gives the same
  bytes; no ids, no ``<script>``, no event-handler attributes.

Coordinates and sizes are in design pixels: pixels at the picture's default
width.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from toptrumps_core.checks import whole_number
from toptrumps_core.svg.palette import SANS_FONT

__all__ = [
    "SVG_NS",
    "Svg",
    "check_count",
    "check_index",
    "clean_text",
    "coord",
    "draw_circle",
    "draw_line",
    "draw_rect",
    "draw_text",
    "finish",
    "new_root",
    "plural",
    "point_at",
    "scale_of",
    "top_rounded_path",
]

SVG_NS = "http://www.w3.org/2000/svg"
"""The SVG namespace, written on every root element."""

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


class Svg(str):
    """SVG markup that Jupyter displays as an image (a `str` otherwise).

    Example:
        >>> from toptrumps_core.svg import face_down
        >>> picture = face_down()
        >>> picture._repr_svg_() is picture and isinstance(picture, str)
        True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self

    def _repr_html_(self) -> str:
        return self


# --- Text and numbers --------------------------------------------------------


def clean_text(text: str) -> str:
    r"""Returns `text` on one line, without characters XML 1.0 cannot hold.

    Example:
        >>> clean_text("  T. rex\n\x00 the  king ")
        'T. rex the king'
    """
    return " ".join(_NOT_XML.sub("", text).split())


def coord(number: float, digits: int = 2) -> str:
    """Returns `number` as short SVG attribute text, with at most `digits` decimals.

    Example:
        >>> coord(12.0), coord(12.5), coord(-0.001), coord(1 / 3, 4)
        ('12', '12.5', '0', '0.3333')
    """
    text = f"{number:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def plural(count: int, one: str, many: str | None = None) -> str:
    """Returns the count with its noun: ``"1 card"``, ``"2 cards"``, ``"3 categories"``.

    Args:
        count: How many.
        one: The noun for one.
        many: The noun for any other count; None adds an "s" to `one`.
    """
    return f"{count} {one if count == 1 else (many or one + 's')}"


# --- Checks --------------------------------------------------------------------


def scale_of(width_px: int, design_width: float) -> float:
    """Returns how much a picture `design_width` design pixels wide is scaled to be `width_px` wide.

    Raises:
        ValueError: If `width_px` is not a whole number of pixels >= 1.
    """
    return whole_number(width_px, "width_px (pixels)", low=1, error=ValueError) / design_width


def check_index(index: object, count: int, what: str) -> None:
    """Raises ValueError, naming `what`, unless `index` is an int from 0 to ``count - 1``."""
    whole_number(index, f"{what} (an index)", low=0, high=count - 1, error=ValueError)


def check_count(count: object, what: str) -> None:
    """Raises ValueError, naming `what`, unless `count` is an int >= 0."""
    whole_number(count, what, low=0, error=ValueError)


# --- The root --------------------------------------------------------------------


def new_root(width: float, height: float, scale: float, title: str, desc: str) -> ET.Element:
    """Returns an ``<svg>`` root with its text alternative.

    Args:
        width: Width of the drawing in design pixels.
        height: Height of the drawing in design pixels.
        scale: Screen pixels per design pixel (from `scale_of`).
        title: Short name of the picture, e.g. "Comparison: Length".
        desc: Everything the picture shows, in words, for screen readers.
    """
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": coord(width * scale),
            "height": coord(height * scale),
            "viewBox": f"0 0 {coord(width)} {coord(height)}",
            "role": "img",
            "font-family": SANS_FONT,
        },
    )
    ET.SubElement(root, "title").text = clean_text(title)
    ET.SubElement(root, "desc").text = clean_text(desc)
    return root


def finish(root: ET.Element) -> Svg:
    """Returns the markup of a picture built on `root` (from `new_root`)."""
    return Svg(ET.tostring(root, encoding="unicode"))


# --- Shapes ------------------------------------------------------------------------


def draw_rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str,
    rx: float = 0,
    stroke: str | None = None,
    stroke_width: float = 0,
    dash: str | None = None,
) -> ET.Element:
    """Adds a rectangle to `parent`, with corners of radius `rx` and an optional (dashed) outline.

    Args:
        parent: The element to draw in.
        x: Left edge (design px).
        y: Top edge (design px).
        width: Width (design px).
        height: Height (design px).
        fill: Fill colour, or "none".
        rx: Corner radius; 0 for square corners.
        stroke: Outline colour; None for no outline.
        stroke_width: Outline width (design px).
        dash: An SVG ``stroke-dasharray`` such as ``"10 7"``; None for a solid outline.

    Returns:
        The new element.
    """
    element = ET.SubElement(
        parent, "rect", {"x": coord(x), "y": coord(y), "width": coord(width), "height": coord(height), "fill": fill}
    )
    if rx:
        element.set("rx", coord(rx))
    if stroke:
        element.set("stroke", stroke)
        element.set("stroke-width", coord(stroke_width))
    if dash:
        element.set("stroke-dasharray", dash)
    return element


def draw_text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    anchor: str = "start",
    bold: bool = False,
) -> ET.Element:
    """Adds one line of text to `parent`, cleaned by `clean_text` (ElementTree escapes it).

    Args:
        parent: The element to draw in.
        x: Where the text is anchored (design px).
        y: The baseline (design px).
        text: The words; fit them first (`toptrumps_core.svg.text_fitting`).
        size: Font size (design px).
        fill: Text colour.
        anchor: "start", "middle" or "end": which end of the text sits at `x`.
        bold: True for bold text.

    Returns:
        The new element.
    """
    element = ET.SubElement(parent, "text", {"x": coord(x), "y": coord(y), "font-size": coord(size), "fill": fill})
    if anchor != "start":
        element.set("text-anchor", anchor)
    if bold:
        element.set("font-weight", "bold")
    element.text = clean_text(text)
    return element


def draw_circle(
    parent: ET.Element,
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str,
    stroke: str | None = None,
    stroke_width: float = 0,
) -> ET.Element:
    """Adds a circle of radius `r` around (`cx`, `cy`) to `parent`, with an optional outline."""
    element = ET.SubElement(parent, "circle", {"cx": coord(cx), "cy": coord(cy), "r": coord(r), "fill": fill})
    if stroke:
        element.set("stroke", stroke)
        element.set("stroke-width", coord(stroke_width))
    return element


def draw_line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> ET.Element:
    """Adds a line with round ends from (`x1`, `y1`) to (`x2`, `y2`) to `parent`."""
    return ET.SubElement(
        parent,
        "line",
        {
            "x1": coord(x1),
            "y1": coord(y1),
            "x2": coord(x2),
            "y2": coord(y2),
            "stroke": stroke,
            "stroke-width": coord(width),
            "stroke-linecap": "round",
        },
    )


def top_rounded_path(x: float, y: float, width: float, height: float, radius: float) -> str:
    """Returns path data for a box whose top corners only are rounded."""
    r = coord(radius)
    return (
        f"M{coord(x)} {coord(y + height)}V{coord(y + radius)}A{r} {r} 0 0 1 {coord(x + radius)} {coord(y)}"
        f"H{coord(x + width - radius)}A{r} {r} 0 0 1 {coord(x + width)} {coord(y + radius)}V{coord(y + height)}Z"
    )


def point_at(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """Returns the point `radius` from (`cx`, `cy`) at `degrees` clockwise from 12 o'clock."""
    theta = math.radians(degrees)
    return cx + radius * math.sin(theta), cy - radius * math.cos(theta)
