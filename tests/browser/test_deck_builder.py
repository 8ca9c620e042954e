"""Lesson 08 in the page: a teacher's CSV deck is built, previewed, downloaded and played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toptrumps_core.deckfiles import parse_deck_toml

pytestmark = pytest.mark.browser

LESSON = "/voila/render/08_build_your_own_deck.ipynb"
BAD = "name,Weight (kg),Age [lower]\nCat,4,9\nDog,heavy,3\n,1,1\n"


def test_a_teacher_s_csv_is_checked_previewed_downloaded_and_played(
    app_url: str, page_and_log: Any, tmp_path: Path
) -> None:
    page, log = page_and_log
    page.goto(app_url + LESSON, wait_until="commit")
    builder = page.locator(".tt-deck-builder")
    builder.wait_for(timeout=90_000)
    box = builder.get_by_role("textbox", name="Deck file")
    box.fill(BAD)
    builder.get_by_role("button", name="Check the deck").click()
    problems = builder.get_by_role("region", name="Problems in the deck file")
    problems.wait_for(timeout=20_000)
    assert problems.locator("li").count() == 2
    assert "Line 3 · card 'Dog' · Weight" in problems.inner_text()

    box.fill("name,picture,Top speed (km/h),Weight (kg)\nCheetah,🐆,113,72\nElephant,🐘,40,6000\nTortoise,🐢,0.3,250\n")
    builder.get_by_role("textbox", name="Deck name").fill("Our animals")
    builder.get_by_role("textbox", name="Source").fill("Our class, from the zoo's signs, 2026")
    builder.get_by_role("button", name="Check the deck").click()
    link = builder.get_by_role("link", name="Download the deck file")
    link.wait_for(timeout=20_000)
    assert builder.locator("svg").count() >= 1 and problems.count() == 0
    with page.expect_download() as download:
        link.click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "our_animals.toml"
    deck = parse_deck_toml(saved.read_text(encoding="utf-8"))
    assert deck.name == "Our animals" and [c.name for c in deck.cards] == ["Cheetah", "Elephant", "Tortoise"]

    builder.get_by_role("button", name="Play it: classic game").click()
    page.get_by_text("Our animals", exact=False).nth(1).wait_for(timeout=30_000)
    choose = page.get_by_role("button", name="Top speed").first
    choose.wait_for(timeout=30_000)
    log.assert_clean()
