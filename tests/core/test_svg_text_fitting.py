"""Tests for toptrumps_core.svg.text_fitting: the one width model every picture fits its text with.

The model promises that fitted text stays inside its box in DejaVu Sans, the
widest common system font; these tests measure that with the real font files
(bundled with matplotlib) through Pillow.
"""

from __future__ import annotations

import string
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toptrumps_core import bundled_decks, load_deck, svg
from toptrumps_core.svg.text_fitting import BOLD_FACTOR, ELLIPSIS, char_width_em, fit, fit_size, text_width, wrap

matplotlib = pytest.importorskip("matplotlib")
ImageFont = pytest.importorskip("PIL.ImageFont")

NS = "{http://www.w3.org/2000/svg}"
FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
SYMBOLS = "…★▶◀▼·—–°±×£€’“”éüßøÅ"
MeasureFn = Callable[[str, float, bool], float]


@cache
def _font(bold: bool) -> object:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), 200)


def measured(text: str, size: float, bold: bool = False) -> float:
    """Returns the width of `text` in DejaVu Sans (Bold) at font size `size`."""
    return float(_font(bold).getlength(text)) * size / 200  # type: ignore[attr-defined]


def deck_texts() -> list[str]:
    texts: set[str] = set()
    for name in bundled_decks():
        deck = load_deck(name)
        texts.add(deck.name)
        texts.update(c.label for c in deck.categories)
        for card in deck.cards:
            texts.update((card.name, card.fact))
    return sorted(t for t in texts if t)


LONG_TEXTS = [
    "Wolfeschlegelsteinhausenbergerdorff",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "MMMM mmmm WWWW wwww @@@@ %%%% ####",
    "Top speed (km/h) [higher] — and a note in brackets (see above)",
    "★ Pin Master · +2 (My Game) from Pin Master Somebody Else",
    "Ünïcödé Ñåmé Ærø ßtraße",
]


def test_the_width_table_is_no_narrower_than_dejavu_sans_regular_or_bold() -> None:
    for char in string.printable.strip() + " " + SYMBOLS:
        em = char_width_em(char)
        assert em >= measured(char, 1.0) - 1e-9, char
        assert em * BOLD_FACTOR >= measured(char, 1.0, bold=True) - 1e-9, char


def test_text_width_adds_up_the_characters() -> None:
    assert text_width("", 20) == 0
    assert text_width("iW", 10) == pytest.approx(10 * (char_width_em("i") + char_width_em("W")))
    assert text_width("iW", 10, bold=True) == pytest.approx(BOLD_FACTOR * text_width("iW", 10))
    assert text_width("e\u0301", 10) == text_width("e", 10)  # a combining accent takes no room


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("room", [60, 150, 292])
def test_fitted_text_stays_inside_its_box_in_dejavu_sans(bold: bool, room: float) -> None:
    for text in [*deck_texts(), *LONG_TEXTS]:
        for size in (15, 19, 26):
            cut = fit(text, room, size, bold=bold)
            assert measured(cut, size, bold) <= room, (text, size)
            assert cut == text or cut.endswith(ELLIPSIS)
            shrunk, new_size = fit_size(text, room, size, size * 0.7, bold=bold)
            assert new_size <= size and measured(shrunk, new_size, bold) <= room, (text, size)
            for line in wrap(text, room, size, 3, bold=bold):
                assert measured(line, size, bold) <= room, (text, size, line)


def test_fit_size_shrinks_before_it_cuts() -> None:
    text, size = fit_size("Pachycephalosaurus", 250, 26, 18, bold=True)
    assert text == "Pachycephalosaurus" and 18 <= size < 26
    cut, smallest = fit_size("Pachycephalosaurus the very long name", 200, 26, 18, bold=True)
    assert smallest == 18 and cut.endswith(ELLIPSIS) and text_width(cut, 18, bold=True) <= 200


def test_wrap_breaks_at_spaces_and_marks_what_is_left_over() -> None:
    assert wrap("one two three", 1000, 16, 2) == ["one two three"]
    lines = wrap("The largest land animal that ever lived on the plains", 100, 16, 2)
    assert len(lines) == 2 and lines[-1].endswith(ELLIPSIS)
    assert all(text_width(line, 16) <= 100 for line in lines)
    broken = wrap("Wolfeschlegelsteinhausenbergerdorff", 100, 16, 5)
    assert "".join(broken) == "Wolfeschlegelsteinhausenbergerdorff" and len(broken) > 1


def test_wrap_cuts_a_character_wider_than_the_line() -> None:
    # U+0E5C is wider at 23 px bold than a 30 px line: it cannot be shown, so the line says it was cut
    assert text_width("\u0e5c", 23, bold=True) > 30
    assert wrap("\u0e5c", 30, 23, 3, bold=True) == [ELLIPSIS]
    assert wrap("a \u0e5c", 30, 23, 3, bold=True) == ["a", ELLIPSIS]


@given(st.text(max_size=60), st.floats(min_value=30, max_value=400), st.sampled_from([12, 16, 23]), st.booleans())
def test_fit_and_wrap_never_exceed_the_room_by_their_own_estimate(
    text: str, room: float, size: int, bold: bool
) -> None:
    assert text_width(fit(text, room, size, bold=bold), size, bold=bold) <= room
    for line in wrap(text, room, size, 3, bold=bold):
        assert text_width(line, size, bold=bold) <= room


# --- the pictures ----------------------------------------------------------------------------------


def extents(root: ET.Element) -> Iterator[tuple[ET.Element, float, float]]:
    """Yields each text element with its left and right edge, measured in DejaVu Sans (untransformed text)."""
    for element in root.iter(f"{NS}text"):
        if "Emoji" in (element.get("font-family") or ""):
            continue  # a card's picture: colour emoji, not in DejaVu Sans
        size = float(element.get("font-size") or 0)
        width = measured(element.text or "", size, element.get("font-weight") == "bold")
        x = float(element.get("x") or 0)
        anchor = element.get("text-anchor", "start")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        yield element, left, left + width


def long_named_deck() -> svg.Svg:
    deck = load_deck("dinosaurs")
    return svg.card(deck.cards[0], highlight=2, marks={1: "62% win against the others"}, width_px=320)


@pytest.mark.parametrize(
    "picture",
    [
        long_named_deck(),
        *[svg.card(card, highlight=0) for card in load_deck("chemical_elements").cards[:8]],
        *[svg.card(card) for card in load_deck("planets_and_moons").cards[:8]],
        svg.face_down(label="A very long label on the back of the card"),
        svg.stack(12, label="Computer 1 with a very long name indeed"),
        svg.arena(["Animals", "Planets and moons of the solar system", "Countries"] * 2, [36, 0, 1] * 2, in_use=1),
        svg.spinner(["Planets and moons of the solar system", "Chemical elements"] * 3, sector=0),
        svg.pin_tracks(
            ["You", "Wolfeschlegelsteinhausenbergerdorff", "Somebody with a long name"],
            [9, 3, 0],
            active=1,
            supply=12,
            notes=["", "+2 (Grab 2 Pins) from Pin Master You, and a very long note that runs on and on", ""],
        ),
    ],
    ids=lambda p: ET.fromstring(p).findtext(f"{NS}title"),
)
def test_every_text_of_a_picture_stays_inside_the_picture(picture: str) -> None:
    root = ET.fromstring(picture)
    width = float((root.get("viewBox") or "").split()[2])
    for element, left, right in extents(root):
        assert left >= 0 and right <= width, element.text


def test_a_card_rows_label_ends_before_its_value_begins() -> None:
    for name in bundled_decks():
        for card in load_deck(name).cards[:6]:
            root = ET.fromstring(svg.card(card, highlight=1))
            for row in root.iter(f"{NS}g"):
                placed = list(extents(row))
                [(value, value_left, _)] = [p for p in placed if p[0].get("text-anchor") == "end"]
                [(label, _, label_right)] = [
                    p
                    for p in placed
                    if p[0].get("y") == value.get("y")
                    and p[0] is not value
                    and p[0].get("text-anchor", "start") == "start"
                ]
                assert label_right <= value_left, (card.name, label.text, value.text)


def test_pin_track_names_end_before_the_holes_and_opening_names_inside_their_box() -> None:
    names = ["Wolfeschlegelsteinhausenbergerdorff", "Somebody with a long name", "MMMMMMMMMMMMMMMM"]
    tracks = ET.fromstring(svg.pin_tracks(names, [1, 2, 3], active=2, pin_master=1))
    first_hole = min(float(c.get("cx") or 0) - float(c.get("r") or 0) for c in tracks.iter(f"{NS}circle"))
    in_column = [(el.text, right) for el, left, right in extents(tracks) if left < 30 and float(el.get("y") or 0) > 48]
    assert len(in_column) >= 4 and all(right < first_hole for _, right in in_column), in_column
    arena = ET.fromstring(svg.arena(["Planets and moons of the solar system", "WWWWWWWWWWWWWWWW"] * 3, [1] * 6))
    boxes = [r for r in arena.iter(f"{NS}rect") if r.get("width") == "224"]
    for element, left, right in extents(arena):
        if element.get("font-size") == "19":  # an opening's name and count
            box = next(b for b in boxes if float(b.get("x") or 0) <= left <= float(b.get("x") or 0) + 224)
            assert right <= float(box.get("x") or 0) + 224, element.text
