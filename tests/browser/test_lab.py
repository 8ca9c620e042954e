"""Lesson 07 in the page: a small experiment runs, its progress bar finishes and the charts appear; Stop works."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

LESSON = "/voila/render/07_simulation_lab.ipynb"
LAB = ".tt-lab"


def _open(page: Any, app_url: str) -> Any:
    page.goto(app_url + LESSON, wait_until="domcontentloaded", timeout=180_000)
    lab = page.locator(LAB)
    lab.wait_for(timeout=120_000)
    return lab


def _games(lab: Any, count: int) -> None:
    box = lab.get_by_role("spinbutton", name="Games", exact=True)
    box.fill(str(count))
    box.press("Enter")


def test_a_small_experiment_finishes_its_progress_bar_and_draws_the_charts(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    lab = _open(page, app_url)
    _games(lab, 2000)
    lab.get_by_role("button", name="Run the games").click()
    lab.get_by_text(re.compile(r"Done: 2,000 games played")).wait_for(timeout=120_000)
    bar = lab.locator(".widget-hprogress .progress-bar").first
    assert bar.evaluate("e => e.style.width") in ("100%", "100.0%")
    assert "progress-bar-success" in (bar.get_attribute("class") or "")
    charts = lab.locator(".tt-svg svg")
    charts.nth(2).wait_for(timeout=30_000)
    assert charts.count() >= 3  # game lengths, the first chooser, the cards
    assert "batch engine" in lab.inner_text()
    assert "Seat 1 chose first and won" in lab.inner_text()
    assert lab.get_by_role("button", name="Stop").is_disabled()
    assert lab.get_by_role("button", name="Run the games").is_enabled()
    unnamed = lab.evaluate(
        """lab => [...lab.querySelectorAll('button, select, input')]
            .filter(e => e.offsetParent !== null)
            .filter(e => !(e.innerText?.trim() || e.getAttribute('aria-label') || e.getAttribute('title')
                          || (e.id && document.querySelector(`label[for="${e.id}"]`)?.innerText.trim())))
            .map(e => e.outerHTML.slice(0, 160))"""
    )
    assert unnamed == []  # every control has a text name
    assert lab.locator('[title="null"]:visible').count() == 0  # a label titled by a missing tooltip
    assert "Press Run the ladder" in lab.inner_text()  # the ladder's section says how to fill it
    log.assert_clean()


def test_stop_ends_a_long_run_while_the_page_stays_live(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    lab = _open(page, app_url)
    _games(lab, 100_000)
    lab.get_by_role("button", name="Run the games").click()
    lab.get_by_text(re.compile(r"[1-9][\d,]* of 100,000 games played")).wait_for(timeout=120_000)
    lab.get_by_role("button", name="Stop").click()
    lab.get_by_text("Stopped: the charts below show the games played until then.").wait_for(timeout=60_000)
    assert "Done:" not in lab.inner_text()
    lab.locator(".tt-svg svg").first.wait_for(timeout=30_000)
    assert lab.get_by_role("button", name="Run the games").is_enabled()
    log.assert_clean()


def test_on_a_phone_every_control_and_chart_fits_the_screen(app_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    page.set_viewport_size({"width": 390, "height": 844})
    lab = _open(page, app_url)
    _games(lab, 100)
    lab.get_by_role("button", name="Run the games").click()
    done = lab.get_by_text(re.compile(r"Done: 100 games played"))
    done.wait_for(timeout=120_000)
    lab.locator(".tt-svg svg").nth(2).wait_for(timeout=30_000)
    assert "The charts are below" in done.inner_text()  # they start under the screen's bottom edge
    first_chart = lab.locator(".tt-svg svg").first.bounding_box()
    assert first_chart is not None and first_chart["y"] > done.bounding_box()["y"]
    wide = page.evaluate(
        """() => [...document.querySelectorAll('.jp-OutputArea-output pre, .jp-OutputArea-output table')]
            .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 0.5)
            .map(e => e.className)"""
    )
    assert wide == [] and page.locator("table.dataframe").count() == 0  # no raw table, nothing past the edge
    past_the_edge = lab.evaluate(
        """lab => [...lab.querySelectorAll('.widget-inline-hbox, .widget-hprogress, .widget-toggle-buttons,'
                                         + ' button, input, select, label, .widget-label, .progress, .tt-svg svg')]
            .filter(e => e.offsetParent !== null || e.tagName === 'svg')
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map(e => `${e.tagName}.${e.className.baseVal ?? e.className} right=${e.getBoundingClientRect().right}`)"""
    )
    assert past_the_edge == []
    log.assert_clean()
