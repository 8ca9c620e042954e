"""Tests for the tournament pictures of toptrumps_core.svg: the arena, the spinner and the pin tracks (T1, T3)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from toptrumps_core import svg
from toptrumps_core.cards import Category, Deck
from toptrumps_core.deckfiles import bundled_decks, load_deck
from toptrumps_core.svg import Svg
from toptrumps_core.svg.spinners import ASCENT, DESCENT, RIM_MARGIN_PX, SPINNER_RADIUS_PX
from toptrumps_core.svg.text_fitting import text_width
from toptrumps_core.tournament.spinner import SECTORS, Sector

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script> & co"
DECKS = ["Animals", "Chemical Elements", "Countries", "Dinosaurs", "Mountains", "Planets and Moons"]
COUNTS = [36, 32, 0, 30, 1, 34]


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def all_text(root: ET.Element) -> str:
    return " ".join(texts(root))


def assert_safe_and_accessible(picture: str) -> ET.Element:
    assert isinstance(picture, Svg) and picture._repr_svg_() == picture
    root = parse(picture)
    assert "<script" not in picture.lower() and " on" not in re.sub(r"\s+", " ", picture).split(">")[0]
    for element in root.iter():
        assert not any(name.lower().startswith("on") for name in element.attrib), element.attrib
        assert "id" not in element.attrib
    assert root.find(f"{NS}title") is not None and (root.find(f"{NS}title").text or "").strip()
    assert root.find(f"{NS}desc") is not None and (root.find(f"{NS}desc").text or "").strip()
    assert root.get("viewBox") and root.get("width") and root.get("height")
    return root


# -- the arena -------------------------------------------------------------------------------------


def test_arena_has_six_openings_with_names_and_counts() -> None:
    picture = svg.arena(DECKS, COUNTS, in_use=3)
    root = assert_safe_and_accessible(picture)
    words = texts(root)
    for number in range(1, 7):
        assert str(number) in words  # each opening is numbered, as the deck spin's sectors are
    for count in COUNTS:
        assert (f"{count} cards" if count != 1 else "1 card") in words
    text = all_text(root)
    for name in ("Animals", "Chemical", "Elements", "Dinosaurs", "Mountains", "Planets and", "Moons"):
        assert name in text
    assert words.count("IN PLAY") == 1 and "CARD ARENA" in words
    desc = root.find(f"{NS}desc").text or ""
    assert "opening 4: Dinosaurs, 30 cards" in desc and "using opening 4 (Dinosaurs)" in desc
    assert "133 cards" in desc  # the total


def test_arena_marks_nothing_when_no_opening_is_in_use_and_draws_empty_stacks_dashed() -> None:
    picture = svg.arena(DECKS, COUNTS)
    assert "IN PLAY" not in picture and "stroke-dasharray" in picture


def test_arena_takes_decks_and_counts_them() -> None:
    deck = Deck.from_rows("Tiny", [Category("A"), Category("B")], {f"c{i}": [i, i] for i in range(7)})
    picture = svg.arena([deck] * 6)
    assert all_text(parse(picture)).count("7 cards") == 6
    with pytest.raises(ValueError, match="counts"):
        svg.arena(DECKS)


@pytest.mark.parametrize(
    ("decks", "counts", "kwargs"),
    [
        (DECKS[:5], COUNTS[:5], {}),
        (DECKS, COUNTS[:5], {}),
        (DECKS, [1, 2, 3, 4, 5, -1], {}),
        (DECKS, [1, 2, 3, 4, 5, 1.5], {}),
        (DECKS, COUNTS, {"in_use": 6}),
        (DECKS, COUNTS, {"width_px": 0}),
        (DECKS, COUNTS, {"colours": {"nope": "#000"}}),
    ],
)
def test_arena_refuses_bad_input(decks: list[str], counts: list[object], kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        svg.arena(decks, counts, **kwargs)  # type: ignore[arg-type]


# -- the spinner -------------------------------------------------------------------------------------


def test_spinner_has_six_labelled_sectors() -> None:
    root = assert_safe_and_accessible(svg.spinner(caption="Spin for the mini-game"))
    wedges = [p for p in root.iter(f"{NS}path") if p.get("fill", "").startswith("#") and "A" in p.get("d", "")]
    assert len(wedges) == 6
    text = all_text(root)
    for label in svg.SECTOR_LABELS:
        for word in label.split():
            assert word in text
    assert "Spin for the mini-game" in texts(root)
    assert tuple(svg.sector_label(s) for s in SECTORS) == svg.SECTOR_LABELS
    assert svg.sector_label(Sector.GRAB_TWO_PINS) == "Grab 2 Pins"


@pytest.mark.parametrize("sector", range(6))
def test_spinner_arrow_points_at_the_sector(sector: int) -> None:
    picture = svg.spinner(sector=sector)
    root = assert_safe_and_accessible(picture)
    (arrow,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "tt-spinner-arrow"]
    assert arrow.get("data-sector") == str(sector)
    assert arrow.get("transform") == f"rotate({60 * sector + 30})" == f"rotate({svg.sector_angle(sector)})"
    label = svg.SECTOR_LABELS[sector]
    assert f"points at sector {sector + 1}, {label}" in (root.find(f"{NS}desc").text or "")
    assert "★" in all_text(root)  # the result is marked in words, not colour alone
    hidden = svg.spinner(sector=sector, mark=False)
    assert "★" not in hidden and 'data-sector="' + str(sector) in hidden


def test_spinner_not_spun_points_up_and_takes_deck_labels() -> None:
    root = parse(svg.spinner())
    (arrow,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "tt-spinner-arrow"]
    assert arrow.get("transform") == "rotate(0)" and arrow.get("data-sector") == ""
    labels = [f"{i + 1} · {name}" for i, name in enumerate(DECKS)]
    text = all_text(parse(svg.spinner(labels, sector=2)))
    assert "Countries" in text and "Dinosaurs" in text


def test_sector_angles_are_the_middles_of_six_equal_sectors() -> None:
    assert [svg.sector_angle(i) for i in range(6)] == [30, 90, 150, 210, 270, 330]
    with pytest.raises(ValueError):
        svg.sector_angle(6)
    with pytest.raises(ValueError):
        svg.sector_angle(True)  # type: ignore[arg-type]


def test_spinner_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        svg.spinner(["a"] * 5)
    with pytest.raises(ValueError):
        svg.spinner(sector=-1)
    with pytest.raises(ValueError):
        svg.spinner(width_px=-3)


# -- the pin tracks -------------------------------------------------------------------------------------


def test_pin_tracks_show_every_players_pins_and_the_pin_master() -> None:
    names = ["You", "Computer 1", "Computer 2", "Computer 3"]
    picture = svg.pin_tracks(
        names,
        [3, 9, 0, 1],
        pin_master=2,
        supply=23,
        active=1,
        notes=["+2 in My Game · Pin Master: Computer 2", "", "", ""],
    )
    root = assert_safe_and_accessible(picture)
    words = texts(root)
    assert "3 / 9 pins" in words and "0 / 9 pins" in words and "1 / 9 pins" in words
    assert "FULL" in words and "9 / 9 pins" not in words
    assert words.count("★ Pin Master") == 1 and "▶ Computer 1" in words
    assert "Supply: 23 pins left" in words
    assert "+2 in My Game · Pin Master: Computer 2" in words
    pins = [c for c in root.iter(f"{NS}circle") if c.get("fill") == svg.COLOURS["pin"]]
    holes = [c for c in root.iter(f"{NS}circle") if c.get("fill") == svg.COLOURS["hole"]]
    assert len(pins) == 13 and len(holes) == 4 * 9 - 13
    desc = root.find(f"{NS}desc").text or ""
    assert "Computer 2 (Pin Master): 0 of 9 pins" in desc and "Computer 1 (their turn): 9 of 9 pins" in desc


def test_pin_tracks_with_another_track_length() -> None:
    picture = svg.pin_tracks(["A", "B"], [10, 4], track_length=10)
    root = parse(picture)
    assert "FULL" in texts(root) and "4 / 10 pins" in texts(root)
    assert len([c for c in root.iter(f"{NS}circle") if c.get("fill") == svg.COLOURS["pin"]]) == 14


@pytest.mark.parametrize(
    ("names", "tracks", "kwargs"),
    [
        (["A", "B"], [1], {}),
        (["A", "B"], [1, 10], {}),
        (["A", "B"], [1, -1], {}),
        (["A", "B"], [1, 2], {"pin_master": 2}),
        (["A", "B"], [1, 2], {"active": -1}),
        (["A", "B"], [1, 2], {"notes": ["x"]}),
        (["A", "B"], [1, 2], {"track_length": 0}),
        (["A"] * 7, [0] * 7, {}),
    ],
)
def test_pin_tracks_refuse_bad_input(names: list[str], tracks: list[int], kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        svg.pin_tracks(names, tracks, **kwargs)  # type: ignore[arg-type]


# -- every picture --------------------------------------------------------------------------------------


def pictures(name: str) -> list[str]:
    return [
        svg.arena([name] * 6, [1] * 6, in_use=0),
        svg.spinner([name] * 6, sector=1, caption=name),
        svg.pin_tracks([name, "B"], [1, 2], notes=[name, name]),
    ]


def test_user_text_is_escaped_and_control_characters_dropped() -> None:
    for picture in pictures(HOSTILE + "\x00\x1b"):
        root = parse(picture)  # still valid XML
        assert "<script>" not in picture and "&lt;script&gt;" in picture
        assert "\x00" not in picture and "\x1b" not in picture
        for element in root.iter():
            assert not element.tag.endswith("script")


def test_pictures_are_deterministic_and_scale_with_width() -> None:
    assert pictures("Same") == pictures("Same")
    small = parse(svg.arena(DECKS, COUNTS, width_px=350))
    big = parse(svg.arena(DECKS, COUNTS, width_px=700))
    assert small.get("viewBox") == big.get("viewBox")
    assert float(big.get("width") or 0) == pytest.approx(2 * float(small.get("width") or 0))
    assert float(big.get("height") or 0) == pytest.approx(2 * float(small.get("height") or 0))


def test_colours_can_be_overridden_by_role() -> None:
    picture = svg.spinner(sector=0, colours={"sector_0": "#ABCDEF", "chosen": "#123456"})
    assert 'fill="#ABCDEF"' in picture and 'stroke="#123456"' in picture
    assert svg.COLOURS["table"]  # one palette holds the card colours too


SPINNER_LABELS = sorted({*svg.SECTOR_LABELS, *(load_deck(name).name for name in bundled_decks())})


@pytest.mark.parametrize("label", SPINNER_LABELS)
def test_spinner_chosen_label_in_bold_fits_inside_its_sector_and_the_rim(label: str) -> None:
    """Every mini-game and bundled deck name, chosen (bold), in every sector: whole, inside the rim and wedge."""
    for sector in range(6):
        root = parse(svg.spinner([label] * 6, sector=sector))
        (rim,) = [c for c in root.iter(f"{NS}circle") if float(c.get("r", 0)) == SPINNER_RADIUS_PX]
        cx, cy = float(rim.get("cx", 0)), float(rim.get("cy", 0))
        bold = [t for t in root.iter(f"{NS}text") if t.get("font-weight") == "bold"]
        assert " ".join(t.text or "" for t in bold) == f"★ {label}", "the chosen label is drawn whole, uncut"
        for line in bold:
            x, y, size = float(line.get("x", 0)) - cx, float(line.get("y", 0)) - cy, float(line.get("font-size", 0))
            half = text_width(line.text or "", size, bold=True) / 2
            corners = [(x + dx, y + dy) for dx in (-half, half) for dy in (-size * ASCENT, size * DESCENT)]
            for px, py in corners:
                assert math.hypot(px, py) <= SPINNER_RADIUS_PX - RIM_MARGIN_PX, (label, sector, line.text)
                turn = (math.degrees(math.atan2(px, -py)) - 60 * sector) % 360  # clockwise from the sector's start
                assert 0 <= turn <= 60, (label, sector, line.text, turn)
