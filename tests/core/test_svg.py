"""Tests for toptrumps_core.svg: safe, valid, deterministic, accessible pictures."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

from toptrumps_core import svg
from toptrumps_core.cards import Card, Category, Deck
from toptrumps_core.svg.sizes import FACT_MAX_LINES

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"


def tiny_deck() -> Deck:
    categories = [
        Category("Length", "m"),
        Category("Weight", "t"),
        Category("Top speed", "km/h"),
        Category("Price", "£", higher_is_better=False),
        Category("Golf score", higher_is_better=False),
    ]
    return Deck.from_rows(
        "Dinosaurs & <friends>",
        categories,
        {
            "Tyrannosaurus": [12.3, 7, 30, 950, 72],
            "Diplodocus": [27, 15, 15, "n/a", 80],
            HOSTILE: [2, 0.015, 64, 120, "n/a"],
            "Velociraptor": [2, 0.015, 64, 120, 70],
        },
    )


def dressed(card: Card) -> Card:
    return dataclasses.replace(card, code="C3", picture="🦖", fact="Teeth as long as bananas & sharper than knives.")


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def texts(picture: str) -> list[str]:
    return [el.text or "" for el in parse(picture).iter(f"{NS}text")]


def text_elements(picture: str, content: str) -> list[ET.Element]:
    return [el for el in parse(picture).iter(f"{NS}text") if el.text == content]


def all_pictures() -> list[str]:
    deck = tiny_deck()
    first, second, hostile = deck.cards[0], deck.cards[1], deck.cards[2]
    return [
        svg.card(dressed(first), highlight=1, marks={3: "62% win"}, selectable=True),
        svg.card(hostile),
        svg.face_down(label=HOSTILE),
        svg.stack(0, label=HOSTILE),
        svg.stack(3),
        svg.stack(40, label="Pot"),
        svg.comparison([(HOSTILE, hostile), ("Computer 1", second), ("Computer 2", None)], 0, winners=[1]),
        svg.comparison([("You", first), ("Computer 1", second)], 3, tie=True),
        svg.deck(deck, columns=2, max_cards=3),
    ]


# --- Safety and validity --------------------------------------------------------


def test_every_picture_is_valid_xml_without_scripts_or_event_handlers() -> None:
    for picture in all_pictures():
        assert isinstance(picture, svg.Svg)
        root = parse(picture)
        assert root.tag == f"{NS}svg"
        assert "<script" not in picture.lower()
        for element in root.iter():
            assert element.tag != f"{NS}script"
            assert not [name for name in element.attrib if name.lower().startswith("on")], element.attrib
        assert not re.search(r"<[^>]*\son\w+\s*=", picture)


def test_hostile_card_name_is_escaped_and_reads_back_exactly() -> None:
    hostile = tiny_deck().cards[2]
    picture = svg.card(hostile)
    assert "&lt;script&gt;" in picture
    assert "<script" not in picture
    assert text_elements(picture, HOSTILE), texts(picture)
    assert parse(picture).find(f"{NS}title").text == HOSTILE  # type: ignore[union-attr]


def test_hostile_player_name_deck_name_and_labels_are_escaped() -> None:
    deck = tiny_deck()
    picture = svg.comparison([(HOSTILE, deck.cards[0]), ("x", deck.cards[1])], 0)
    assert text_elements(picture, HOSTILE)
    deck_picture = svg.deck(deck)
    assert "<friends>" not in deck_picture
    assert parse(deck_picture).find(f"{NS}title").text == "Deck: Dinosaurs & <friends>"  # type: ignore[union-attr]
    stack_picture = svg.stack(2, label=HOSTILE)
    assert "<script" not in stack_picture
    assert parse(stack_picture).find(f"{NS}title").text == f"{HOSTILE}: 2 cards"  # type: ignore[union-attr]
    assert [t for t in texts(stack_picture) if t.startswith("<script>")]  # drawn, cut to fit


def test_characters_xml_cannot_hold_are_dropped() -> None:
    card = dataclasses.replace(tiny_deck().cards[0], name="Bad\x00name\x1b here\nnow", fact="a\x0bb")
    root = parse(svg.card(card))  # must not raise
    assert root.find(f"{NS}title").text == "Badname here now"  # type: ignore[union-attr]


# --- Cards ----------------------------------------------------------------------


def test_no_data_is_shown_as_grey_italic_na() -> None:
    diplodocus = tiny_deck().cards[1]
    [na] = text_elements(svg.card(diplodocus), "n/a")
    assert na.get("font-style") == "italic"
    assert na.get("fill") == svg.COLOURS["muted"]
    assert text_elements(svg.card(tiny_deck().cards[0]), "n/a") == []


def test_lower_wins_mark_appears_exactly_on_lower_is_better_categories() -> None:
    deck = tiny_deck()
    lower = sum(not c.higher_is_better for c in deck.categories)
    assert lower == 2
    for card in deck:
        assert len(text_elements(svg.card(card), "▼ lower wins")) == lower
    higher_only = Deck.from_rows("Up", [Category("A"), Category("B")], {"x": [1, 2], "y": [3, 4]})
    assert text_elements(svg.card(higher_only.cards[0]), "▼ lower wins") == []


def test_a_card_drawn_without_lower_wins_neither_shows_nor_says_it() -> None:
    card = tiny_deck().cards[0]
    marked, plain = svg.card(card), svg.card(card, lower_wins=False)
    assert "lower wins" in marked and "lower wins" not in plain
    assert "Price (£): 950" in plain and "◀" in svg.card(card, highlight=3, lower_wins=False)  # the rest as before
    # the rows lose the room the line took, so the card is shorter
    assert ET.fromstring(str(plain)).get("viewBox") != ET.fromstring(str(marked)).get("viewBox")


def test_values_use_format_value() -> None:
    shown = texts(svg.card(tiny_deck().cards[0]))
    for expected in ("12.3", "7", "30", "950", "72", "Length (m)", "Top speed (km/h)", "Golf score"):
        assert expected in shown


def test_highlight_draws_bold_label_band_and_arrow() -> None:
    card = tiny_deck().cards[0]
    plain = svg.card(card)
    assert "◀" not in plain
    picture = svg.card(card, highlight=2)
    assert len(text_elements(picture, "◀")) == 1
    [label] = text_elements(picture, "Top speed (km/h)")
    assert label.get("font-weight") == "bold"
    assert svg.COLOURS["highlight"] in picture
    [desc] = parse(picture).iter(f"{NS}desc")
    assert "Top speed (km/h): 30, chosen category" in (desc.text or "")


def test_marks_are_drawn_as_text_badges() -> None:
    card = tiny_deck().cards[0]
    picture = svg.card(card, marks={0: "62% win", 3: "5% win", 4: ""})
    assert len(text_elements(picture, "62% win")) == 1
    assert len(text_elements(picture, "5% win")) == 1
    assert "62% win" in (parse(picture).find(f"{NS}desc").text or "")  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [-1, 5, True, "1"])
def test_bad_highlight_or_mark_index_raises(bad: object) -> None:
    card = tiny_deck().cards[0]
    with pytest.raises(ValueError, match="index"):
        svg.card(card, highlight=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="index"):
        svg.card(card, marks={bad: "x"})  # type: ignore[dict-item]


def test_card_header_picture_and_fact() -> None:
    card = dressed(tiny_deck().cards[0])
    picture = svg.card(card)
    shown = texts(picture)
    assert "Tyrannosaurus" in shown and "C3" in shown
    [emoji] = text_elements(picture, "🦖")
    assert "Noto Color Emoji" in (emoji.get("font-family") or "")
    assert any("bananas" in line for line in shown)


def test_long_text_is_cut_with_ellipsis_but_kept_whole_in_the_title() -> None:
    long_name = "Micropachycephalosaurus hongtuyanensis the magnificent, the largest of its kind ever found"
    fact = " ".join(["word"] * 60)
    card = dataclasses.replace(tiny_deck().cards[0], name=long_name, fact=fact)
    picture = svg.card(card)
    root = parse(picture)
    assert root.find(f"{NS}title").text == long_name  # type: ignore[union-attr]
    lines = texts(picture)
    first = next(i for i, t in enumerate(lines) if t.startswith("Micro"))
    header = " ".join(lines[first : first + 2])
    assert header.endswith("…") and len(header) < len(long_name)
    fact_lines = [t for t in texts(picture) if t.startswith("word")]
    assert len(fact_lines) == FACT_MAX_LINES and fact_lines[-1].endswith("…")


def test_selectable_rows_carry_their_category_index() -> None:
    card = tiny_deck().cards[0]
    root = parse(svg.card(card, selectable=True))
    indices = [g.get("data-category") for g in root.iter(f"{NS}g") if g.get("data-category") is not None]
    assert indices == ["0", "1", "2", "3", "4"]
    assert "data-category" not in svg.card(card)


def test_width_scales_the_picture_and_sets_the_viewbox() -> None:
    card = tiny_deck().cards[0]
    small, large = parse(svg.card(card, width_px=160)), parse(svg.card(card))
    assert large.get("width") == str(svg.CARD_WIDTH_PX)
    assert small.get("viewBox") == large.get("viewBox")
    assert float(small.get("height") or 0) * 2 == pytest.approx(float(large.get("height") or 0), abs=0.02)
    with pytest.raises(ValueError, match="width_px"):
        svg.card(card, width_px=0)


def test_colours_can_be_overridden_by_keyword_and_unknown_names_raise() -> None:
    card = tiny_deck().cards[0]
    picture = svg.card(card, highlight=0, colours={"highlight": "#00FFAA"})
    assert "#00FFAA" in picture and svg.COLOURS["highlight"] not in picture
    with pytest.raises(ValueError, match="unknown colour"):
        svg.card(card, colours={"hilight": "#000"})
    with pytest.raises(TypeError):
        svg.COLOURS["text"] = "#000"  # type: ignore[index]


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize(
    ("ink", "paper"),
    [
        ("text", "card"),
        ("text", "row_alt"),
        ("text", "picture"),
        ("muted", "card"),
        ("muted", "row_alt"),
        ("muted", "highlight"),
        ("highlight_text", "highlight"),
        ("lower", "card"),
        ("lower", "row_alt"),
        ("lower", "highlight"),
        ("header_text", "header"),
        ("code_text", "code"),
        ("mark_text", "mark"),
        ("winner_text", "winner"),
        ("tie_text", "tie"),
        ("table_text", "table"),
        ("back_text", "back_panel"),
    ],
)
def test_default_palette_has_readable_contrast(ink: str, paper: str) -> None:
    a, b = sorted((_luminance(svg.COLOURS[ink]), _luminance(svg.COLOURS[paper])), reverse=True)
    assert (a + 0.05) / (b + 0.05) >= 4.5


# --- Comparison -------------------------------------------------------------------


@pytest.mark.parametrize("winners", [(), (1,), (0, 2)])
def test_comparison_draws_one_winner_badge_per_winner(winners: tuple[int, ...]) -> None:
    deck = tiny_deck()
    picture = svg.comparison(
        [("You", deck.cards[0]), ("Computer 1", deck.cards[1]), ("Computer 2", deck.cards[3])], 0, winners=winners
    )
    assert len(text_elements(picture, "WINNER")) == len(winners)
    assert text_elements(picture, "TIE — cards to the pot") == []
    shown = texts(picture)
    assert {"You", "Computer 1", "Computer 2"} <= set(shown)
    assert len(text_elements(picture, "◀")) == 3  # the chosen category on every card


def test_comparison_tie_draws_the_tie_banner_and_no_winner() -> None:
    deck = tiny_deck()
    picture = svg.comparison([("You", deck.cards[2]), ("Computer 1", deck.cards[3])], 1, tie=True)
    assert len(text_elements(picture, "TIE — cards to the pot")) == 1
    assert text_elements(picture, "WINNER") == []
    assert "Tie" in (parse(picture).find(f"{NS}desc").text or "")  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="tie"):
        svg.comparison([("You", deck.cards[2]), ("Computer 1", deck.cards[3])], 1, tie=True, winners=[0])


def test_comparison_draws_none_face_down_and_keeps_it_hidden() -> None:
    deck = tiny_deck()
    picture = svg.comparison([("You", deck.cards[0]), ("Computer 1", None)], 0, winners=[0])
    assert "Diplodocus" not in picture and "Top Trumps" in texts(picture)
    assert "face-down" in (parse(picture).find(f"{NS}desc").text or "")  # type: ignore[union-attr]
    assert len(text_elements(picture, "◀")) == 1
    all_hidden = svg.comparison([("A", None), ("B", None)], 3)
    assert parse(all_hidden).tag == f"{NS}svg"


def test_comparison_caption_names_the_category_and_its_direction() -> None:
    deck = tiny_deck()
    picture = svg.comparison([("You", deck.cards[0]), ("Computer 1", deck.cards[1])], 3)
    assert "Price (£) · lower wins" in texts(picture)
    desc = parse(picture).find(f"{NS}desc").text or ""  # type: ignore[union-attr]
    assert "Tyrannosaurus, 950" in desc and "Diplodocus, n/a (no data)" in desc


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"category": 5}, "category"), ({"category": -1}, "category"), ({"winners": [2]}, "winner")],
)
def test_comparison_rejects_bad_indices(kwargs: dict[str, object], match: str) -> None:
    deck = tiny_deck()
    arguments: dict[str, object] = {"category": 0, **kwargs}
    with pytest.raises(ValueError, match=match):
        svg.comparison([("You", deck.cards[0]), ("Computer 1", deck.cards[1])], **arguments)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one"):
        svg.comparison([], 0)


# --- Backs, stacks, decks -----------------------------------------------------------


def test_face_down_shows_no_card_and_has_its_label() -> None:
    picture = svg.face_down(label="Dinosaurs")
    assert texts(picture) == ["Dinosaurs"]
    assert texts(svg.face_down(label="")) == []


@pytest.mark.parametrize(
    ("count", "caption", "backs"), [(0, "no cards", 0), (1, "1 card", 1), (12, "12 cards", 5), (3, "3 cards", 3)]
)
def test_stack_writes_its_count_and_draws_at_most_five_backs(count: int, caption: str, backs: int) -> None:
    picture = svg.stack(count, label="Computer 1")
    assert text_elements(picture, caption)
    assert "Computer 1" in texts(picture)
    root = parse(picture)
    red = [r for r in root.iter(f"{NS}rect") if r.get("fill") == svg.COLOURS["back"]]
    assert len(red) == backs
    dashed = [r for r in root.iter(f"{NS}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == (1 if count == 0 else 0)


def test_a_stack_drawn_without_its_count_is_shorter_and_still_says_it_in_its_title() -> None:
    counted, bare = svg.stack(12), svg.stack(12, with_count=False)
    assert text_elements(counted, "12 cards") and not texts(bare)
    assert parse(bare).find(f"{NS}title").text == "12 cards"  # type: ignore[union-attr]
    assert float(parse(bare).get("height", 0)) < float(parse(counted).get("height", 0))
    assert [svg.stack_count(n) for n in (0, 1, 12)] == ["no cards", "1 card", "12 cards"]


def test_stack_rejects_negative_counts() -> None:
    with pytest.raises(ValueError, match="count"):
        svg.stack(-1)


def test_deck_grid_titles_the_deck_and_counts_the_rest() -> None:
    deck = tiny_deck()
    picture = svg.deck(deck, columns=2, max_cards=3)
    shown = texts(picture)
    assert "Dinosaurs & <friends>" in shown and "+1 more" in shown
    assert "4 cards, 5 categories" in shown
    assert "Velociraptor" not in shown
    whole = texts(svg.deck(deck))
    assert "Velociraptor" in whole and not [t for t in whole if t.endswith("more")]
    assert "+4 more" in texts(svg.deck(deck, max_cards=0))
    with pytest.raises(ValueError, match="columns"):
        svg.deck(deck, columns=0)


# --- Determinism, display, text alternatives ------------------------------------------


def test_same_input_gives_the_same_bytes() -> None:
    assert all_pictures() == all_pictures()
    first, again = tiny_deck(), tiny_deck()
    assert svg.card(first.cards[0], highlight=1) == svg.card(again.cards[0], highlight=1)
    assert "id=" not in "".join(all_pictures())


def test_svg_displays_itself_in_jupyter() -> None:
    picture = svg.card(tiny_deck().cards[0])
    assert picture._repr_svg_() == picture
    assert picture._repr_html_() == picture
    assert isinstance(picture._repr_svg_(), str)
    assert tiny_deck().cards[0]._repr_svg_() == picture


@pytest.mark.parametrize(
    "draw",
    [
        lambda: svg.card(tiny_deck().cards[1]),
        lambda: svg.face_down(),
        lambda: svg.stack(5, label="Pot"),
        lambda: svg.comparison([("You", tiny_deck().cards[0]), ("Computer 1", None)], 0),
        lambda: svg.deck(tiny_deck()),
    ],
)
def test_every_picture_has_title_desc_size_and_fonts(draw: Callable[[], str]) -> None:
    root = parse(draw())
    title, desc = list(root)[:2]
    assert title.tag == f"{NS}title" and (title.text or "").strip()
    assert desc.tag == f"{NS}desc" and (desc.text or "").strip()
    assert root.get("width") and root.get("height") and root.get("viewBox")
    assert "sans-serif" in (root.get("font-family") or "")
    assert root.get("role") == "img"


def test_card_desc_reads_every_value() -> None:
    diplodocus = tiny_deck().cards[1]
    desc = parse(svg.card(diplodocus)).find(f"{NS}desc").text or ""  # type: ignore[union-attr]
    for words in (
        "Diplodocus",
        "Length (m): 27",
        "Weight (t): 15",
        "Price (£): n/a (no data), lower wins",
        "Golf score: 80, lower wins",
    ):
        assert words in desc


def test_relative_image_pictures_are_drawn_and_urls_are_never_fetched() -> None:
    card = tiny_deck().cards[0]
    local = parse(svg.card(dataclasses.replace(card, picture="images/rex.png")))
    [image] = list(local.iter(f"{NS}image"))
    assert image.get("href") == "images/rex.png"
    for remote in ("https://example.com/rex.png", "//example.com/rex.png", "/etc/rex.png", "javascript:x.png"):
        root = parse(svg.card(dataclasses.replace(card, picture=remote)))
        assert list(root.iter(f"{NS}image")) == []
