"""The one clock of the pages' timers, and the app's test mode (`widgets._toolkit.clock`)."""

from __future__ import annotations

import asyncio

import ipywidgets as ipw
import pytest

from widgets._toolkit import clock as clock_module
from widgets._toolkit import seeds
from widgets._toolkit.clock import TEST_MODE_VARIABLE, ManualClock, RealClock, app_clock, clock_controls, in_test_mode
from widgets._toolkit.driver import StepClicks, page_click
from widgets.quiz.timer import Countdown
from widgets.spinner import SPIN_SECONDS, Spinner


@pytest.fixture
def test_mode_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's test mode, with a new kernel clock (as a new kernel of the app would have)."""
    monkeypatch.setenv(TEST_MODE_VARIABLE, "1")
    monkeypatch.setattr(clock_module, "_app_clock", None)
    monkeypatch.setattr(seeds, "_test_seeds", iter(range(100)))


def test_outside_test_mode_the_clock_is_real_and_no_page_holds_the_control(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TEST_MODE_VARIABLE, raising=False)
    monkeypatch.setattr(clock_module, "_app_clock", None)
    assert not in_test_mode()
    assert isinstance(app_clock(), RealClock)
    assert clock_controls() == ()
    assert len({seeds.fresh_seed() for _ in range(3)}) == 3  # drawn, not counted
    monkeypatch.setenv(TEST_MODE_VARIABLE, "yes")  # only "1" turns it on
    assert not in_test_mode()


def test_a_manual_clock_wakes_sleeps_in_time_order_and_forgets_cancelled_ones() -> None:
    clock = ManualClock(start=10)
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.now()))

    async def main() -> None:
        tasks = [asyncio.ensure_future(sleeper(name, s)) for name, s in (("c", 3), ("a", 1), ("gone", 2), ("b", 2))]
        await asyncio.sleep(0)
        assert clock.pending == 4
        tasks[2].cancel()
        await clock.advance(2.5)
        assert woke == [("a", 11.0), ("b", 12.0)] and clock.now() == 12.5
        await clock.advance(0.5)
        await asyncio.gather(tasks[0], tasks[1], tasks[3])
        assert woke[-1] == ("c", 13.0) and clock.pending == 0
        with pytest.raises(ValueError, match="seconds >= 0"):
            await clock.advance(-1)

    asyncio.run(main())


def test_moves_asked_for_at_once_add_up_and_never_turn_the_clock_back() -> None:
    clock = ManualClock()
    ticks: list[float] = []

    async def ticker() -> None:
        while True:
            await clock.sleep(1)
            ticks.append(clock.now())

    async def main() -> None:
        ticking = asyncio.ensure_future(ticker())
        await asyncio.sleep(0)
        await asyncio.gather(clock.advance(5), clock.advance(1))  # the second asked while the first moves
        assert clock.now() == 6.0
        assert ticks == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
        ticking.cancel()

    asyncio.run(main())


def test_a_countdown_on_the_manual_clock_runs_out_only_when_the_clock_gets_there() -> None:
    clock = ManualClock()
    ticks: list[int] = []
    done: list[str] = []

    async def main() -> None:
        countdown = Countdown(
            on_tick=ticks.append, on_done=lambda: done.append("time up"), clock=clock, sleep=clock.sleep
        )
        countdown.start(15)
        await clock.advance(14.5)
        assert done == [] and countdown.seconds_left == 1
        await clock.advance(0.5)
        assert done == ["time up"]

    asyncio.run(main())
    assert ticks[0] == 15 and ticks[-1] == 0 and ticks == sorted(ticks, reverse=True)


def test_in_test_mode_the_timers_use_the_kernel_s_manual_clock_and_the_control_moves_it(test_mode_kernel: None) -> None:
    clock = app_clock()
    assert isinstance(clock, ManualClock) and app_clock() is clock
    (control,) = clock_controls()
    assert control.layout.display == "none" and "tt-test-clock" in control._dom_classes
    revealed: list[str] = []

    async def main() -> None:
        spinner = Spinner(on_revealed=lambda: revealed.append(spinner.result_text))
        spinner.spin_to(3, result="Hi Lo!")
        await clock.advance(0)
        assert spinner.spinning and revealed == []  # time stands still until a test moves it
        control.value = "nonsense"  # not a number of seconds: ignored, and the box emptied
        assert control.value == ""
        control.value = str(SPIN_SECONDS)
        while control.value:  # the kernel empties the box once the clock has moved
            await asyncio.sleep(0)
        assert not spinner.spinning and revealed == ["Hi Lo!"]
        assert clock.now() == SPIN_SECONDS

    asyncio.run(main())


def test_in_test_mode_each_new_game_of_a_kernel_gets_the_next_known_seed(test_mode_kernel: None) -> None:
    assert [seeds.fresh_seed() for _ in range(3)] == [0, 1, 2]


def test_in_test_mode_a_second_press_of_the_same_button_acts_at_once(test_mode_kernel: None) -> None:
    """Tests press again only once the page shows the step before, so no click is taken for a double click."""
    moves: list[str] = []
    button = StepClicks().bind(ipw.Button(description="Fast-forward ⏩"), lambda: moves.append("step"))
    page_click(button)
    page_click(button)
    assert moves == ["step", "step"]
