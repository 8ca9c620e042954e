"""The Spinner widget: animates to the sector the core drew, reveals by an asyncio task (DESIGN "Spinner")."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine
from typing import Any

import pytest

from toptrumps_core import svg
from toptrumps_core.tournament.spinner import Spin
from widgets._toolkit.clock import ManualClock
from widgets.spinner import SPIN_SECONDS, Spinner
from widgets.tournament import TournamentArena

KEYFRAMES = re.compile(
    r"@keyframes (tt-spin-[\w-]+) \{ from \{ transform: rotate\((-?\d+)deg\); \} "
    r"to \{ transform: rotate\((-?\d+)deg\); \} \}"
)


def picture(spinner: Spinner) -> str:
    return str(spinner.children[0].get_state()["value"])


def result_html(spinner: Spinner) -> str:
    return str(spinner.children[1].get_state()["value"])


def drawn_sector(html: str) -> int:
    return int(re.search(r'class="tt-spinner-box[^"]*" data-sector="(\d)"', html).group(1))  # type: ignore[union-attr]


def arrow_angle(html: str) -> int:
    return int(re.search(r'class="tt-spinner-arrow" data-sector="\d" transform="rotate\((\d+)\)"', html).group(1))  # type: ignore[union-attr]


async def instant(seconds: float) -> None:
    await asyncio.sleep(0)


# -- the picture ------------------------------------------------------------------------------------


@pytest.mark.parametrize("sector", range(6))
def test_the_animation_ends_at_the_drawn_sector(sector: int) -> None:
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append, turns=3)
    spinner.spin_to(sector, result="done")
    html = picture(spinner)
    name, start, end = KEYFRAMES.search(html).groups()  # type: ignore[union-attr]
    assert int(end) % 360 == svg.sector_angle(sector) == arrow_angle(html)
    assert int(end) - int(start) >= 3 * 360  # a few whole turns first
    assert drawn_sector(html) == sector
    assert f".{name} .tt-spinner-arrow {{ animation: {name} " in html
    assert re.search(
        rf"@media \(prefers-reduced-motion: reduce\) \{{ \.{name} \.tt-spinner-arrow \{{ animation: none; \}} \}}", html
    )
    assert "<script" not in html.lower()
    for coroutine in pending:
        coroutine.close()


def test_each_spin_starts_where_the_last_one_stopped() -> None:
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append)
    ends: list[int] = []
    names: list[str] = []
    for sector in (2, 2, 5, 0):
        spinner.spin_to(sector, result="x")
        name, start, end = KEYFRAMES.search(picture(spinner)).groups()  # type: ignore[union-attr]
        if ends:
            assert int(start) == ends[-1]
        ends.append(int(end))
        names.append(name)
        assert int(end) > int(start)
        spinner.cancel()
    assert len(set(ends)) == 4 and len(set(names)) == 4  # a new animation name each spin: the browser restarts it
    for coroutine in pending:
        coroutine.close()


def test_a_spin_shown_without_animation_has_no_keyframes() -> None:
    spinner = Spinner()
    spinner.spin_to(4, result="Steal a Pin!", animate=False)
    assert "@keyframes" not in picture(spinner)
    assert arrow_angle(picture(spinner)) == svg.sector_angle(4)
    assert spinner.result_text == "Steal a Pin!" and "Steal a Pin!" in result_html(spinner)


# -- the reveal ---------------------------------------------------------------------------------------


def test_the_reveal_waits_for_the_injected_sleep_and_the_control_is_disabled_meanwhile() -> None:
    revealed: list[str] = []

    async def main() -> None:
        clock = ManualClock()
        spinner = Spinner(
            sleep=clock.sleep,
            duration_s=2.5,
            on_spin=lambda: None,
            on_revealed=lambda: revealed.append(spinner.result_text),
        )
        spinner.enabled = True
        assert not spinner.button.disabled
        spinner.spin_to(3, result="Hi Lo!")
        assert spinner.spinning and spinner.button.disabled
        assert spinner.result_text == "" and "Hi Lo" not in result_html(spinner)
        assert isinstance(spinner.task, asyncio.Task)
        await asyncio.sleep(0)
        assert clock.pending == 1 and spinner.spinning  # waiting on the injected clock
        await clock.advance(2.4)
        assert spinner.spinning and spinner.result_text == ""  # not before its time
        task = spinner.task
        await clock.advance(0.1)
        await task
        assert not spinner.spinning and not spinner.button.disabled
        assert spinner.result_text == "Hi Lo!" and "Hi Lo!" in result_html(spinner)
        assert "@keyframes" not in picture(spinner)  # at rest, the chosen sector marked
        assert "★" in picture(spinner)

    asyncio.run(main())
    assert revealed == ["Hi Lo!"]


def test_an_injected_scheduler_gets_the_reveal() -> None:
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append, sleep=instant)
    spinner.spin_to(1, result="Head to Head!")
    assert spinner.spinning and len(pending) == 1
    asyncio.run(pending.pop())
    assert not spinner.spinning and spinner.result_text == "Head to Head!"


def test_cancel_stops_the_pending_reveal() -> None:
    revealed: list[int] = []

    async def main() -> None:
        clock = ManualClock()
        spinner = Spinner(sleep=clock.sleep, on_revealed=lambda: revealed.append(1))
        spinner.spin_to(0, result="My Game!")
        task = spinner.task
        await asyncio.sleep(0)
        spinner.cancel(reveal=False)
        await asyncio.sleep(0)
        assert task.cancelled() or task.done()
        assert not spinner.spinning and spinner.result_text == "" and spinner.task is None
        await clock.advance(SPIN_SECONDS)  # the time the cancelled reveal waited for passes
        assert spinner.result_text == "" and revealed == []
        # cancelling with the reveal (the default) shows the result at once
        spinner.spin_to(5, result="Grab 2 Pins!")
        spinner.cancel()
        assert spinner.result_text == "Grab 2 Pins!" and revealed == [1]

    asyncio.run(main())


def test_a_stale_reveal_does_nothing() -> None:
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append, sleep=instant)
    spinner.spin_to(1, result="first")
    spinner.spin_to(2, result="second")  # finishes the first spin at once
    assert spinner.spinning and spinner.sector == 2
    asyncio.run(pending[0])  # the first spin's task, late
    assert spinner.spinning and spinner.result_text == ""
    asyncio.run(pending[1])
    assert spinner.result_text == "second"


def test_without_an_event_loop_the_result_shows_at_once() -> None:
    spinner = Spinner()
    spinner.spin_to(2, result="Shoot Out!")
    assert not spinner.spinning and spinner.result_text == "Shoot Out!" and spinner.task is None


def test_a_click_while_spinning_is_ignored() -> None:
    clicks: list[int] = []
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append, on_spin=lambda: clicks.append(1))
    spinner.enabled = True
    spinner.button.click()
    assert clicks == [1]
    spinner.spin_to(0, result="x")
    spinner.button.click()  # a late click from the page
    assert clicks == [1]
    spinner.enabled = False
    spinner.cancel()
    spinner.button.click()
    assert clicks == [1] and spinner.button.disabled
    for coroutine in pending:
        coroutine.close()


def test_the_control_goes_off_before_the_page_sees_the_arrow_turn() -> None:
    # Each child widget sends its own message to the page: a page that showed the
    # arrow turning before the control went off would offer a click mid-spin.
    pending: list[Coroutine[Any, Any, None]] = []
    spinner = Spinner(schedule=pending.append, on_spin=lambda: None)
    spinner.enabled = True
    sent: list[str] = []
    spinner.button.observe(lambda change: sent.append(f"control off={change['new']}"), names="disabled")
    spinner.children[0].observe(
        lambda change: sent.append("arrow turning" if 'data-spinning="yes"' in change["new"] else "arrow at rest"),
        names="value",
    )
    spinner.spin_to(2, result="x")
    assert sent == ["control off=True", "arrow turning"]
    for coroutine in pending:
        coroutine.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        Spinner(labels=["a", "b"])
    with pytest.raises(ValueError):
        Spinner(duration_s=-1)
    spinner = Spinner()
    with pytest.raises(ValueError):
        spinner.spin_to(6, result="x")


# -- in the arena -------------------------------------------------------------------------------------


def test_the_arena_animates_to_the_sector_the_core_drew() -> None:
    pending: list[Coroutine[Any, Any, None]] = []
    arena = TournamentArena.new(seats=3, humans=1, seed=11, spin_schedule=pending.append, spin_sleep=instant)
    checked = 0
    for _ in range(400):
        if arena.match.is_over or checked >= 3:
            break
        if arena.screen == "spin":
            arena.buttons[arena.spinner.button.description].click()
            action = arena.match.actions[-1]
            assert isinstance(action, Spin)
            html = picture(arena.spinner)
            assert drawn_sector(html) == action.sector
            assert int(KEYFRAMES.search(html).group(3)) % 360 == svg.sector_angle(action.sector)  # type: ignore[union-attr]
            assert arena.screen == "spinning" and arena.spinner.button.disabled and not arena.buttons
            asyncio.run(pending.pop())
            assert arena.screen != "spinning"
            assert arena.spinner.result_text.rstrip("!") in (
                *svg.SECTOR_LABELS,
                *(f"Deck {i + 1}: {d.name}" for i, d in enumerate(arena.match.rules.openings)),
            )
            checked += 1
        elif arena.buttons:
            next(iter(arena.buttons.values())).click()
        else:
            arena.next()
            if arena.screen == "spinning":  # a computer's spin, animated too
                action = arena.match.actions[-1]
                assert drawn_sector(picture(arena.spinner)) == action.sector
                arena.next()  # "Stop the spinner": the result at once
                assert arena.screen != "spinning"
                for coroutine in pending:
                    coroutine.close()
                pending.clear()
    assert checked >= 1
    for coroutine in pending:
        coroutine.close()


def test_fast_forward_is_off_while_the_arrow_spins_and_back_once_it_stops() -> None:
    """While the arrow turns only "Stop the spinner ▶" moves the game on; Fast-forward ⏩ waits for the result (T3)."""
    pending: list = []
    arena = TournamentArena.new(seats=4, humans=1, seed=2024, spin_schedule=pending.append)
    seen = 0
    turning_with_controls_on: list[str] = []  # in the order the page gets them: each widget its own message

    def arrow_drawn(change: dict) -> None:
        on = [b.description for b in (arena.fast_forward_button, arena.spinner.button) if not b.disabled]
        if 'data-spinning="yes"' in change["new"] and on:
            turning_with_controls_on.append(", ".join(on))

    arena.spinner.children[0].observe(arrow_drawn, names="value")
    for _ in range(600):
        if arena.screen == "over" or seen >= 4:
            break
        if arena.screen == "spin":
            arena.spinner.button.click()
        elif arena.buttons:
            next(iter(arena.buttons.values())).click()
        else:
            arena.next()
        if arena.screen == "spinning":
            assert arena.fast_forward_button.disabled, "Fast-forward is on while the arrow spins"
            assert not arena.next_button.disabled and arena.next_button.description == "Stop the spinner ▶"
            seen += 1
            asyncio.run(pending.pop())  # the arrow stops: the result is revealed
            assert arena.screen != "spinning"
            assert arena.fast_forward_button.disabled == (arena.screen != "watch")  # on again for a computer's step
        for coroutine in pending:
            coroutine.close()
        pending.clear()
    assert seen >= 4
    assert turning_with_controls_on == [], "the page saw the arrow turn while these were still on"
