"""The tournament's pin tracks: every player's pins, the Pin Master and the supply (rules T1, T15).

Everything is said in text as well as colour: "▶" on the row of the player
whose turn it is, "★ Pin Master", "5 / 9 pins" and "FULL" beside each track.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toptrumps_core.checks import whole_number
from toptrumps_core.svg.elements import (
    Svg,
    check_count,
    check_index,
    clean_text,
    draw_circle,
    draw_line,
    draw_rect,
    draw_text,
    finish,
    new_root,
    plural,
    scale_of,
)
from toptrumps_core.svg.palette import palette_of
from toptrumps_core.svg.sizes import CORNER_PX, PAD_PX
from toptrumps_core.svg.text_fitting import fit, fit_size

__all__ = ["PIN_TRACKS_WIDTH_PX", "pin_tracks"]

PIN_TRACKS_WIDTH_PX = 640
"""Default width of the `pin_tracks` picture (px)."""

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
    players = [clean_text(str(n)) for n in names]
    seats = len(players)
    if not 1 <= seats <= 6:
        raise ValueError(f"expected 1 to 6 player names; got {seats}")
    pins = list(tracks)
    if len(pins) != seats:
        raise ValueError(f"expected one track per player ({seats}); got {len(pins)}")
    whole_number(track_length, "track_length", low=1, high=99, error=ValueError)
    for count in pins:
        check_count(count, "a pin count")
        if count > track_length:
            raise ValueError(f"a track holds at most {track_length} pins; got {count!r}")
    check_index(pin_master, seats, "pin_master")
    if active is not None:
        check_index(active, seats, "active")
    if supply is not None:
        check_count(supply, "the supply")
    remarks = [clean_text(str(n)) for n in notes] if notes else [""] * seats
    if len(remarks) != seats:
        raise ValueError(f"expected one note per player ({seats}) or none; got {len(remarks)}")
    palette = palette_of(colours)
    scale = scale_of(width_px, PIN_TRACKS_WIDTH_PX)
    width = PIN_TRACKS_WIDTH_PX
    height = TRACK_HEADER_PX + seats * TRACK_ROW_PX + PAD_PX

    rows = []
    for seat in range(seats):
        roles = [r for r, ok in (("Pin Master", seat == pin_master), ("their turn", seat == active)) if ok]
        role = f" ({', '.join(roles)})" if roles else ""
        note = f" — {remarks[seat]}" if remarks[seat] else ""
        rows.append(f"{players[seat]}{role}: {pins[seat]} of {track_length} pins{note}")
    kept = f" The supply holds {plural(supply, 'pin')}." if supply is not None else ""
    desc = f"Pin tracks of {track_length} holes. " + "; ".join(rows) + "." + kept
    root = new_root(width, height, scale, "Pin tracks", desc)
    draw_rect(root, 0, 0, width, height, fill=palette["table"], rx=CORNER_PX)
    heading = f"Pin tracks · {track_length} holes each"
    draw_text(
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
        draw_text(
            root,
            width - PAD_PX - 4,
            TRACK_HEADER_PX * 0.62,
            f"Supply: {plural(supply, 'pin')} left",
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
            draw_rect(root, PAD_PX / 2, top + 2, width - PAD_PX, TRACK_ROW_PX - 4, fill=palette["turn"], rx=10)
        elif seat:
            draw_line(root, PAD_PX, top, width - PAD_PX, top, palette["rule"], 1.5)
        name = f"▶ {players[seat]}" if seat == active else players[seat]
        label, size = fit_size(name, TRACK_NAME_WIDTH_PX - 12, TRACK_NAME_FONT_PX, TRACK_SMALL_FONT_PX, bold=True)
        draw_text(root, PAD_PX + 4, holes_y + 8, label, size=size, fill=palette["text"], anchor="start", bold=True)
        if seat == pin_master:
            draw_text(
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
                draw_circle(root, x, holes_y, hole_r, fill=palette["pin"], stroke=palette["pin_edge"], stroke_width=2)
                draw_circle(root, x - hole_r * 0.3, holes_y - hole_r * 0.3, hole_r * 0.3, fill="#FFFFFF")
            else:
                draw_circle(
                    root, x, holes_y, hole_r * 0.62, fill=palette["hole"], stroke=palette["hole_edge"], stroke_width=2
                )
        if pins[seat] >= track_length:
            draw_rect(root, count_left, holes_y - 16, count_w, 32, fill=palette["full"], rx=16)
            draw_text(
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
            text, size = fit_size(count_text, count_w, TRACK_COUNT_FONT_PX, TRACK_SMALL_FONT_PX, bold=True)
            draw_text(root, count_left, holes_y + 7, text, size=size, fill=palette["text"], anchor="start", bold=True)
        if remarks[seat]:
            room = width - PAD_PX - holes_left
            note = fit(remarks[seat], room, TRACK_NOTE_FONT_PX)
            draw_text(root, holes_left, top + 62, note, size=TRACK_NOTE_FONT_PX, fill=palette["muted"], anchor="start")
    return finish(root)
