"""SVG pictures of the tournament: the card arena, the spinner and the pin tracks (rules T1, T3).

Pure functions from plain values to an `Svg` (the `str` subclass of
`toptrumps_core.svg` that Jupyter shows as a picture), with the same
conventions as that module:

- built with `xml.etree.ElementTree`, so every name is escaped;
- a ``<title>`` and a ``<desc>`` say in words what the picture shows (every
  deck and count, where the arrow points, every player's pins);
- everything is said in text as well as colour: "IN PLAY" on the opening in
  use, the sector names on the spinner, "▶ turn", "★ Pin Master", "FULL" and
  "5 / 9 pins" on the tracks;
- ``width``, ``height`` and ``viewBox`` are set; the ``*_PX`` constants are
  pixels at the default width and each picture scales with ``width_px``;
- the same input gives the same bytes (no ids, no counters, no random), and
  no ``<script>`` or event-handler attribute is ever written.

The spinner's arrow is a group with the class ``tt-spinner-arrow``, drawn
pointing up around the spinner's centre and turned to its sector by a
``transform="rotate(angle)"`` attribute (`sector_angle`); a page can animate
it with a CSS ``transform`` (the widget `widgets.spinner.Spinner` does) and
shows the right sector without CSS.

Colours come from `COLOURS`: `toptrumps_core.svg.COLOURS` plus the
tournament's own roles; every function takes overrides by keyword.

Example:
    >>> picture = spinner(sector=3)
    >>> picture.startswith("<svg") and 'data-sector="3"' in picture and "Hi Lo" in picture
    True
    >>> "IN PLAY" in arena(["Animals"] * 6, [36, 36, 30, 36, 36, 36], in_use=2)
    True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from toptrumps_core.cards import Deck
from toptrumps_core.svg import COLOURS as CARD_COLOURS
from toptrumps_core.svg import (  # the element helpers both picture modules share
    Svg,
    _check_index,
    _clean,
    _finish,
    _n,
    _palette,
    _rect,
    _root,
    _scale,
    _text,
)
from toptrumps_core.tournament.arena import OPENINGS, SECTORS, Sector

__all__ = [
    "ARENA_WIDTH_PX",
    "COLOURS",
    "PIN_TRACKS_WIDTH_PX",
    "SECTOR_LABELS",
    "SPINNER_WIDTH_PX",
    "arena",
    "pin_tracks",
    "sector_angle",
    "sector_label",
    "spinner",
]

# --- Sizes, in pixels at the default width -------------------------------------

ARENA_WIDTH_PX = 700
"""Default width of the `arena` picture (px)."""
SPINNER_WIDTH_PX = 440
"""Default width of the `spinner` picture (px)."""
PIN_TRACKS_WIDTH_PX = 640
"""Default width of the `pin_tracks` picture (px)."""

PAD_PX = 14
CORNER_PX = 16

ARENA_HEIGHT_PX = 610
HEX_RADIUS_PX = 130
OPENING_DISTANCE_PX = 240
OPENING_WIDTH_PX = 224
OPENING_HEIGHT_PX = 90
OPENING_NAME_FONT_PX = 19
OPENING_LINE_PX = 22
OPENING_COUNT_FONT_PX = 19
ARENA_TITLE_FONT_PX = 26
ARENA_SMALL_FONT_PX = 17
BADGE_FONT_PX = 15

SPINNER_RADIUS_PX = 188
SPINNER_CAPTION_FONT_PX = 22
SECTOR_FONT_PX = 20
SECTOR_MIN_FONT_PX = 13
SECTOR_LINE_PX = 23
HUB_RADIUS_PX = 26
ARROW_LENGTH_PX = 104
LABEL_RADIUS = 0.72
"""Where sector labels sit, as a share of the spinner's radius (beyond the arrow's tip)."""

TRACK_ROW_PX = 76
TRACK_HEADER_PX = 48
TRACK_NAME_WIDTH_PX = 190
TRACK_HOLES_WIDTH_PX = 290
TRACK_HOLE_RADIUS_PX = 13
TRACK_COUNT_WIDTH_PX = 118
TRACK_NAME_FONT_PX = 22
TRACK_SMALL_FONT_PX = 16
TRACK_COUNT_FONT_PX = 21
TRACK_NOTE_FONT_PX = 16

# --- Words and colours -------------------------------------------------------------

SECTOR_LABELS: tuple[str, ...] = ("My Game", "Head to Head", "Shoot Out", "Hi Lo", "Steal a Pin", "Grab 2 Pins")
"""The spinner's mini-game sectors as players name them, in `SECTORS` order (rule T3)."""

_LABEL_OF: Mapping[Sector, str] = MappingProxyType(dict(zip(SECTORS, SECTOR_LABELS, strict=True)))

COLOURS: Mapping[str, str] = MappingProxyType(
    {
        **CARD_COLOURS,
        "arena": "#2E4A3B",  # the arena's hexagon
        "arena_text": "#FFFFFF",
        "opening": "#FFFFFF",  # an opening's label box
        "slot": "#14241C",  # the opening cut in the hexagon's edge
        "in_use": "#1D5FA8",  # outline and badge of the opening in play
        "in_use_text": "#FFFFFF",
        "sector_0": "#FFE08A",
        "sector_1": "#BFE3FF",
        "sector_2": "#FFC9B8",
        "sector_3": "#C8F0C8",
        "sector_4": "#E4D2FF",
        "sector_5": "#FFD6EC",
        "sector_text": "#1B2A4A",
        "sector_edge": "#1B2A4A",
        "chosen": "#C62828",  # outline of the sector the arrow points at
        "arrow": "#1B2A4A",
        "arrow_edge": "#FFFFFF",
        "hub": "#FFD23F",
        "pin": "#C62828",  # a pin in its hole
        "pin_edge": "#7A1212",
        "hole": "#D9D2C0",  # an empty hole
        "hole_edge": "#8A8170",
        "turn": "#FFF3C4",  # the row of the player whose turn it is
        "full": "#0F7B3F",
        "full_text": "#FFFFFF",
    }
)
"""Default colours by role: `toptrumps_core.svg.COLOURS` plus the tournament's own.

Text colours reach a contrast ratio of 4.5:1 on their backgrounds; no
colour is the only signal of anything (every sector and badge has words).
"""

_ELLIPSIS = "…"


def sector_label(sector: Sector) -> str:
    """Returns the name players use for a mini-game sector, e.g. "Grab 2 Pins".

    Example:
        >>> sector_label(Sector.HI_LO)
        'Hi Lo'
    """
    return _LABEL_OF[sector]


def sector_angle(sector: int) -> int:
    """Returns the angle, in degrees clockwise from 12 o'clock, at which the arrow points at `sector`.

    Sector i covers the angles from ``60 * i`` to ``60 * (i + 1)``; the arrow
    points at its middle.

    Raises:
        ValueError: If `sector` is not 0..5.

    Example:
        >>> [sector_angle(i) for i in range(6)]
        [30, 90, 150, 210, 270, 330]
    """
    _check_index(sector, OPENINGS, "sector")
    return 360 * sector // OPENINGS + 180 // OPENINGS


# --- The arena -----------------------------------------------------------------------


def arena(
    decks: Sequence[str | Deck],
    counts: Sequence[int] | None = None,
    *,
    in_use: int | None = None,
    width_px: int = ARENA_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the card arena: a hexagon with its six openings, each with a deck's name and stack size (T1).

    Opening 1 is at the top and the others follow clockwise, numbered as
    the spinner's sectors are when it spins for a deck.  The opening whose
    stack a mini-game is using has a thick outline and an "IN PLAY" badge.

    Args:
        decks: The deck in each opening, by name or as a `Deck`, six entries
            (the same deck may fill several), e.g. ``rules.openings``.
        counts: Cards in each opening's stack now, six entries, each >= 0;
            None: every deck whole (needs `Deck` entries).
        in_use: Index (0-based) of the opening in play, or None.
        width_px: Width of the picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The arena as SVG markup.

    Raises:
        ValueError: If `decks` or `counts` do not have six entries, a count is
            not a whole number >= 0, `in_use` is not 0..5, `width_px` is not a
            positive int, or `colours` has an unknown key; or if `counts`
            is None and a deck is given only by name.

    Example:
        >>> picture = arena(["Animals", "Dinosaurs"] * 3, [36, 30] * 3)
        >>> picture.count(">36 cards</text>"), "Dinosaurs" in picture
        (3, True)
    """
    given = list(decks)
    names = [_clean(d.name if isinstance(d, Deck) else str(d)) for d in given]
    if len(names) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} deck names, one per opening; got {len(names)}")
    if counts is None:
        if not all(isinstance(d, Deck) for d in given):
            raise ValueError("counts are needed when the decks are given by name")
        counts = [len(d.cards) for d in given if isinstance(d, Deck)]
    sizes = list(counts)
    if len(sizes) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} stack sizes, one per opening; got {len(sizes)}")
    for size in sizes:
        _check_count(size, "a stack size")
    if in_use is not None:
        _check_index(in_use, OPENINGS, "in_use")
    palette = _palette(colours, COLOURS)
    scale = _scale(width_px, ARENA_WIDTH_PX)
    width, height = ARENA_WIDTH_PX, ARENA_HEIGHT_PX
    cx, cy = width / 2, height / 2

    total = sum(sizes)
    lines = [f"opening {i + 1}: {names[i]}, {_cards(sizes[i])}" for i in range(OPENINGS)]
    playing = f" A mini-game is using opening {in_use + 1} ({names[in_use]})." if in_use is not None else ""
    desc = f"The card arena, a hexagon with six openings holding {_cards(total)}: " + "; ".join(lines) + "." + playing
    root = _root(width, height, scale, "The card arena", desc)
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)

    apothem = HEX_RADIUS_PX * math.cos(math.pi / OPENINGS)
    corners = [_at(cx, cy, HEX_RADIUS_PX, 30 + 60 * k) for k in range(OPENINGS)]
    ET.SubElement(
        root,
        "polygon",
        {
            "points": " ".join(f"{_n(x)},{_n(y)}" for x, y in corners),
            "fill": palette["arena"],
            "stroke": palette["slot"],
            "stroke-width": "4",
            "stroke-linejoin": "round",
        },
    )
    _text(
        root,
        cx,
        cy - 18,
        "CARD ARENA",
        anchor="middle",
        size=ARENA_TITLE_FONT_PX,
        fill=palette["arena_text"],
        bold=True,
    )
    _text(root, cx, cy + 12, "6 openings", anchor="middle", size=ARENA_SMALL_FONT_PX, fill=palette["arena_text"])
    _text(root, cx, cy + 36, _cards(total), anchor="middle", size=ARENA_SMALL_FONT_PX, fill=palette["arena_text"])

    for index in range(OPENINGS):
        angle = 60 * index
        chosen = index == in_use
        # the opening: a slot cut into the middle of the hexagon's edge, joined to its label box
        edge_x, edge_y = _at(cx, cy, apothem, angle)
        box_x, box_y = _at(cx, cy, OPENING_DISTANCE_PX, angle)
        ink = palette["in_use"] if chosen else palette["slot"]
        _line(root, edge_x, edge_y, box_x, box_y, ink, 6 if chosen else 3)
        slot_dx, slot_dy = _at(0, 0, 34, angle + 90)
        _line(root, edge_x - slot_dx, edge_y - slot_dy, edge_x + slot_dx, edge_y + slot_dy, ink, 12)
        left = box_x - OPENING_WIDTH_PX / 2
        top = box_y - OPENING_HEIGHT_PX / 2
        _rect(
            root,
            left,
            top,
            OPENING_WIDTH_PX,
            OPENING_HEIGHT_PX,
            fill=palette["opening"],
            rx=12,
            stroke=ink,
            stroke_width=6 if chosen else 2.5,
        )
        # a small face-down stack numbered like the spinner's deck sectors, then the name and the count
        icon_w, icon_h = 34, 48
        icon_x, icon_y = left + 12, box_y - icon_h / 2
        if sizes[index]:
            _rect(root, icon_x + 5, icon_y - 5, icon_w, icon_h, fill=palette["back_pattern"], rx=4)
            _rect(root, icon_x, icon_y, icon_w, icon_h, fill=palette["back"], rx=4, stroke="#FFFFFF", stroke_width=2)
            number_ink = palette["back_panel"]
        else:
            _rect(
                root,
                icon_x,
                icon_y,
                icon_w,
                icon_h,
                fill="none",
                rx=4,
                stroke=palette["empty"],
                stroke_width=2,
                dash="5 4",
            )
            number_ink = palette["text"]
        _text(
            root, icon_x + icon_w / 2, box_y + 8, str(index + 1), anchor="middle", size=22, fill=number_ink, bold=True
        )
        text_left = icon_x + icon_w + 14
        room = left + OPENING_WIDTH_PX - 10 - text_left
        lines = _wrap(names[index], room, OPENING_NAME_FONT_PX, 2, bold=True)
        line_top = box_y - (len(lines) * OPENING_LINE_PX + OPENING_LINE_PX) / 2 + OPENING_NAME_FONT_PX * 0.85
        for number, line in enumerate(lines):
            _text(
                root,
                text_left,
                line_top + number * OPENING_LINE_PX,
                line,
                size=OPENING_NAME_FONT_PX,
                fill=palette["text"],
                anchor="start",
                bold=True,
            )
        _text(
            root,
            text_left,
            line_top + len(lines) * OPENING_LINE_PX + 2,
            _cards(sizes[index]),
            size=OPENING_COUNT_FONT_PX,
            fill=palette["text"],
            anchor="start",
        )
        if chosen:
            badge_w, badge_h = 86, 24
            _rect(
                root, box_x - badge_w / 2, top - badge_h / 2, badge_w, badge_h, fill=palette["in_use"], rx=badge_h / 2
            )
            _text(
                root,
                box_x,
                top + 5,
                "IN PLAY",
                anchor="middle",
                size=BADGE_FONT_PX,
                fill=palette["in_use_text"],
                bold=True,
            )
    return _finish(root)


# --- The spinner ------------------------------------------------------------------------


def spinner(
    labels: Sequence[str] = SECTOR_LABELS,
    *,
    sector: int | None = None,
    mark: bool = True,
    caption: str = "",
    width_px: int = SPINNER_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws the spinner: six equal, labelled sectors and an arrow (rule T3).

    Sector 1 starts at 12 o'clock and the others follow clockwise.  The arrow
    points at the middle of `sector` (`sector_angle`); before any spin it
    points straight up.  The arrow is the group ``<g class="tt-spinner-arrow"
    data-sector="i" transform="rotate(angle)">``, so a page can animate it.

    Args:
        labels: The six sector names: the mini-games (default,
            `SECTOR_LABELS`), or the openings' decks for a deck spin.
        sector: Index (0-based) of the sector the arrow points at, or None
            for a spinner not yet spun.
        mark: If True, the sector pointed at gets a thick outline and a bold
            label with "★"; False hides the result (while the arrow spins).
        caption: A line above the spinner, e.g. "Spin for the mini-game"; ""
            for none.
        width_px: Width of the picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The spinner as SVG markup.

    Raises:
        ValueError: If `labels` does not have six entries, `sector` is not
            0..5, `width_px` is not a positive int, or `colours` has an
            unknown key.

    Example:
        >>> picture = spinner(sector=0)
        >>> 'transform="rotate(30)"' in picture, "points at sector 1, My Game" in picture
        (True, True)
    """
    names = [_clean(str(label)) for label in labels]
    if len(names) != OPENINGS:
        raise ValueError(f"expected {OPENINGS} sector labels; got {len(names)}")
    if sector is not None:
        _check_index(sector, OPENINGS, "sector")
    palette = _palette(colours, COLOURS)
    scale = _scale(width_px, SPINNER_WIDTH_PX)
    caption = _clean(caption)
    top = PAD_PX + (SPINNER_CAPTION_FONT_PX * 1.5 if caption else 0)
    width, height = SPINNER_WIDTH_PX, top + 2 * SPINNER_RADIUS_PX + 12 + PAD_PX
    cx, cy = width / 2, top + SPINNER_RADIUS_PX + 6
    angle = 0 if sector is None else sector_angle(sector)

    listed = "; ".join(f"{i + 1}: {name}" for i, name in enumerate(names))
    where = "points straight up: not spun yet" if sector is None else f"points at sector {sector + 1}, {names[sector]}"
    title = f"Spinner: {names[sector]}" if sector is not None and mark else "Spinner"
    desc = f"A spinner with six equal sectors ({listed}). The arrow {where}."
    root = _root(width, height, scale, title, desc)
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    if caption:
        text, size = _fit_size(caption, width - 2 * PAD_PX, SPINNER_CAPTION_FONT_PX, SECTOR_MIN_FONT_PX, bold=True)
        _text(
            root,
            cx,
            PAD_PX + SPINNER_CAPTION_FONT_PX,
            text,
            anchor="middle",
            size=size,
            fill=palette["table_text"],
            bold=True,
        )

    radius = SPINNER_RADIUS_PX
    for index in range(OPENINGS):
        start, end = 60 * index, 60 * (index + 1)
        x0, y0 = _at(cx, cy, radius, start)
        x1, y1 = _at(cx, cy, radius, end)
        r = _n(radius)
        ET.SubElement(
            root,
            "path",
            {
                "d": f"M{_n(cx)} {_n(cy)}L{_n(x0)} {_n(y0)}A{r} {r} 0 0 1 {_n(x1)} {_n(y1)}Z",
                "fill": palette[f"sector_{index}"],
                "stroke": palette["sector_edge"],
                "stroke-width": "2.5",
                "stroke-linejoin": "round",
            },
        )
    chosen = sector if mark else None
    if chosen is not None:  # drawn last, so its outline is not hidden under its neighbours'
        start, end = 60 * chosen, 60 * (chosen + 1)
        inset = radius - 4
        x0, y0 = _at(cx, cy, inset, start)
        x1, y1 = _at(cx, cy, inset, end)
        r = _n(inset)
        ET.SubElement(
            root,
            "path",
            {
                "d": f"M{_n(cx)} {_n(cy)}L{_n(x0)} {_n(y0)}A{r} {r} 0 0 1 {_n(x1)} {_n(y1)}Z",
                "fill": "none",
                "stroke": palette["chosen"],
                "stroke-width": "7",
                "stroke-linejoin": "round",
            },
        )
    for index, name in enumerate(names):
        label_x, label_y = _at(cx, cy, radius * LABEL_RADIUS, 60 * index + 30)
        text = f"★ {name}" if index == chosen else name
        bold = index == chosen
        room = radius * 0.58
        size = float(SECTOR_FONT_PX)
        lines = _wrap(text, room, size, 3, bold=bold)
        while size > SECTOR_MIN_FONT_PX and (len(lines) > 3 or any(line.endswith(_ELLIPSIS) for line in lines)):
            size -= 1
            lines = _wrap(text, room, size, 3, bold=bold)
        first = label_y - (len(lines) - 1) * SECTOR_LINE_PX / 2 + size * 0.35
        for number, line in enumerate(lines):
            _text(
                root,
                label_x,
                first + number * SECTOR_LINE_PX,
                line,
                anchor="middle",
                size=size,
                fill=palette["sector_text"],
                bold=bold,
            )
    _circle(root, cx, cy, radius, fill="none", stroke=palette["sector_edge"], stroke_width=4)

    # the arrow, drawn pointing up around the origin, then moved to the centre and turned
    centre = ET.SubElement(root, "g", {"transform": f"translate({_n(cx)} {_n(cy)})"})
    arrow = ET.SubElement(
        centre,
        "g",
        {
            "class": "tt-spinner-arrow",
            "data-sector": "" if sector is None else str(sector),
            "transform": f"rotate({angle})",
        },
    )
    tip, head, shaft = ARROW_LENGTH_PX, 34, 9
    points = [
        (0, -tip),
        (head * 0.75, -tip + head),
        (shaft, -tip + head),
        (shaft, 30),
        (-shaft, 30),
        (-shaft, -tip + head),
        (-head * 0.75, -tip + head),
    ]
    ET.SubElement(
        arrow,
        "polygon",
        {
            "points": " ".join(f"{_n(x)},{_n(y)}" for x, y in points),
            "fill": palette["arrow"],
            "stroke": palette["arrow_edge"],
            "stroke-width": "3",
            "stroke-linejoin": "round",
        },
    )
    _circle(root, cx, cy, HUB_RADIUS_PX, fill=palette["hub"], stroke=palette["arrow"], stroke_width=4)
    return _finish(root)


# --- The pin tracks ---------------------------------------------------------------------------


def pin_tracks(
    names: Sequence[str],
    tracks: Sequence[int],
    *,
    track_length: int = 9,
    pin_master: int = 0,
    supply: int | None = None,
    active: int | None = None,
    notes: Sequence[str] = (),
    width_px: int = PIN_TRACKS_WIDTH_PX,
    colours: Mapping[str, str] | None = None,
) -> Svg:
    """Draws every player's pin track, the Pin Master and the supply (rule T1).

    One row per player: the name ("▶" and a tinted row for the player whose
    turn it is, "★ Pin Master" under the Pin Master's name), the holes with
    the pins in them, the count ("5 / 9 pins", "FULL" when the track is full,
    T15) and a note, such as who handed out the last award.

    Args:
        names: Each player's name, one per seat (2..6).
        tracks: Pins on each track, one per seat, each 0..`track_length`.
        track_length: Holes per track (T1), 1..99.
        pin_master: The Pin Master's seat.
        supply: Pins left in the supply, or None to leave it out.
        active: The seat whose turn it is, or None.
        notes: A short note per seat ("" for none), e.g. "+2 (My Game) from
            Pin Master You"; () for no notes.
        width_px: Width of the picture in pixels (>= 1).
        colours: Colours overriding `COLOURS` by key; None for the defaults.

    Returns:
        The pin tracks as SVG markup.

    Raises:
        ValueError: If the lengths disagree, a count is out of range, a seat
            is not a seat, `width_px` is not a positive int, or `colours` has
            an unknown key.

    Example:
        >>> picture = pin_tracks(["You", "Computer 1"], [9, 2], pin_master=0, supply=7)
        >>> "FULL" in picture and "2 / 9 pins" in picture and "★ Pin Master" in picture
        True
    """
    players = [_clean(str(n)) for n in names]
    seats = len(players)
    if not 1 <= seats <= 6:
        raise ValueError(f"expected 1 to 6 player names; got {seats}")
    pins = list(tracks)
    if len(pins) != seats:
        raise ValueError(f"expected one track per player ({seats}); got {len(pins)}")
    if isinstance(track_length, bool) or not isinstance(track_length, int) or not 1 <= track_length <= 99:
        raise ValueError(f"track_length must be a whole number from 1 to 99; got {track_length!r}")
    for count in pins:
        _check_count(count, "a pin count")
        if count > track_length:
            raise ValueError(f"a track holds at most {track_length} pins; got {count!r}")
    _check_index(pin_master, seats, "pin_master")
    if active is not None:
        _check_index(active, seats, "active")
    if supply is not None:
        _check_count(supply, "the supply")
    remarks = [_clean(str(n)) for n in notes] if notes else [""] * seats
    if len(remarks) != seats:
        raise ValueError(f"expected one note per player ({seats}) or none; got {len(remarks)}")
    palette = _palette(colours, COLOURS)
    scale = _scale(width_px, PIN_TRACKS_WIDTH_PX)
    width = PIN_TRACKS_WIDTH_PX
    height = TRACK_HEADER_PX + seats * TRACK_ROW_PX + PAD_PX

    rows = []
    for seat in range(seats):
        roles = [r for r, ok in (("Pin Master", seat == pin_master), ("their turn", seat == active)) if ok]
        role = f" ({', '.join(roles)})" if roles else ""
        note = f" — {remarks[seat]}" if remarks[seat] else ""
        rows.append(f"{players[seat]}{role}: {pins[seat]} of {track_length} pins{note}")
    kept = f" The supply holds {_pins(supply)}." if supply is not None else ""
    desc = f"Pin tracks of {track_length} holes. " + "; ".join(rows) + "." + kept
    root = _root(width, height, scale, "Pin tracks", desc)
    _rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    heading = f"Pin tracks · {track_length} holes each"
    _text(
        root,
        PAD_PX + 4,
        TRACK_HEADER_PX * 0.62,
        heading,
        size=22,
        fill=palette["table_text"],
        anchor="start",
        bold=True,
    )
    if supply is not None:
        _text(
            root,
            width - PAD_PX - 4,
            TRACK_HEADER_PX * 0.62,
            f"Supply: {_pins(supply)} left",
            size=20,
            fill=palette["table_text"],
            anchor="end",
            bold=True,
        )

    spacing = min(TRACK_HOLES_WIDTH_PX / track_length, 2.5 * TRACK_HOLE_RADIUS_PX)
    hole_r = min(TRACK_HOLE_RADIUS_PX, spacing * 0.4)
    holes_left = PAD_PX + TRACK_NAME_WIDTH_PX
    count_left = holes_left + TRACK_HOLES_WIDTH_PX + 10
    count_w = TRACK_COUNT_WIDTH_PX - 8
    for seat in range(seats):
        top = TRACK_HEADER_PX + seat * TRACK_ROW_PX
        holes_y = top + 27
        if seat == active:
            _rect(root, PAD_PX / 2, top + 2, width - PAD_PX, TRACK_ROW_PX - 4, fill=palette["turn"], rx=10)
        elif seat:
            _line(root, PAD_PX, top, width - PAD_PX, top, palette["rule"], 1.5)
        name = f"▶ {players[seat]}" if seat == active else players[seat]
        label, size = _fit_size(name, TRACK_NAME_WIDTH_PX - 12, TRACK_NAME_FONT_PX, TRACK_SMALL_FONT_PX, bold=True)
        _text(root, PAD_PX + 4, holes_y + 8, label, size=size, fill=palette["text"], anchor="start", bold=True)
        if seat == pin_master:
            _text(
                root,
                PAD_PX + 4,
                top + 62,
                "★ Pin Master",
                size=TRACK_SMALL_FONT_PX,
                fill=palette["text"],
                anchor="start",
            )
        for hole in range(track_length):
            x = holes_left + spacing * (hole + 0.5)
            if hole < pins[seat]:
                _circle(root, x, holes_y, hole_r, fill=palette["pin"], stroke=palette["pin_edge"], stroke_width=2)
                _circle(root, x - hole_r * 0.3, holes_y - hole_r * 0.3, hole_r * 0.3, fill="#FFFFFF")
            else:
                _circle(
                    root, x, holes_y, hole_r * 0.62, fill=palette["hole"], stroke=palette["hole_edge"], stroke_width=2
                )
        if pins[seat] >= track_length:
            _rect(root, count_left, holes_y - 16, count_w, 32, fill=palette["full"], rx=16)
            _text(
                root,
                count_left + count_w / 2,
                holes_y + 7,
                "FULL",
                anchor="middle",
                size=TRACK_COUNT_FONT_PX,
                fill=palette["full_text"],
                bold=True,
            )
        else:
            count_text = f"{pins[seat]} / {track_length} pins"
            text, size = _fit_size(count_text, count_w, TRACK_COUNT_FONT_PX, TRACK_SMALL_FONT_PX, bold=True)
            _text(root, count_left, holes_y + 7, text, size=size, fill=palette["text"], anchor="start", bold=True)
        if remarks[seat]:
            room = width - PAD_PX - holes_left
            note = _fit(remarks[seat], room, TRACK_NOTE_FONT_PX)
            _text(root, holes_left, top + 62, note, size=TRACK_NOTE_FONT_PX, fill=palette["muted"], anchor="start")
    return _finish(root)


# --- Words ---------------------------------------------------------------------------------


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _pins(count: int) -> str:
    return f"{count} pin" if count == 1 else f"{count} pins"


def _text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Returns a generous estimate of the width of `text` (no fonts are measured)."""
    ems = 0.0
    for char in text:
        if char in "ijlI.,:;'|!()[] ":
            ems += 0.36
        elif char in "mwMW@%":
            ems += 1.0
        elif char.isupper() or ord(char) > 0x2000:
            ems += 0.74
        else:
            ems += 0.62
    return ems * size * (1.1 if bold else 1.0)


def _fit(text: str, room: float, size: float, *, bold: bool = False) -> str:
    """Returns `text`, cut and ended with "…" if it is wider than `room`."""
    if _text_width(text, size, bold=bold) <= room:
        return text
    while text and _text_width(text + _ELLIPSIS, size, bold=bold) > room:
        text = text[:-1]
    return text.rstrip() + _ELLIPSIS


def _fit_size(text: str, room: float, size: float, min_size: float, *, bold: bool = False) -> tuple[str, float]:
    """Returns `text` and a font size <= `size` that fit `room`; below `min_size` the text is cut."""
    width = _text_width(text, size, bold=bold)
    if width <= room or width == 0:
        return text, size
    fitted = max(min_size, math.floor(size * room / width))
    return _fit(text, room, fitted, bold=bold), fitted


def _wrap(text: str, room: float, size: float, max_lines: int, *, bold: bool = False) -> list[str]:
    """Returns `text` broken at spaces into at most `max_lines` lines no wider than `room`."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and _text_width(candidate, size, bold=bold) > room:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [_fit(line, room, size, bold=bold) for line in lines]


# --- Element helpers ---------------------------------------------------------------------------


def _at(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """Returns the point `radius` from the centre at `degrees` clockwise from 12 o'clock."""
    theta = math.radians(degrees)
    return cx + radius * math.sin(theta), cy - radius * math.cos(theta)


def _check_count(count: object, what: str) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"{what} must be a whole number >= 0; got {count!r}")


def _circle(
    parent: ET.Element,
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str,
    stroke: str | None = None,
    stroke_width: float = 0,
) -> ET.Element:
    element = ET.SubElement(parent, "circle", {"cx": _n(cx), "cy": _n(cy), "r": _n(r), "fill": fill})
    if stroke:
        element.set("stroke", stroke)
        element.set("stroke-width", _n(stroke_width))
    return element


def _line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> ET.Element:
    return ET.SubElement(
        parent,
        "line",
        {
            "x1": _n(x1),
            "y1": _n(y1),
            "x2": _n(x2),
            "y2": _n(y2),
            "stroke": stroke,
            "stroke-width": _n(width),
            "stroke-linecap": "round",
        },
    )
