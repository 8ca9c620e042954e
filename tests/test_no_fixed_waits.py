"""No test waits a fixed time: no Playwright timeout waits anywhere in tests/, no sleep in the browser and load tests.

Browser and load tests wait for the page's own state (Playwright's
``wait_for`` and ``wait_for_function``) or poll a server through
`tests.polling`; the app's test mode gives them a clock they move
(`widgets._toolkit.clock`).  This test counts what is left, so a fixed
wait cannot come back unseen.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
WAIT_FOR_TIMEOUT = "wait_for_" + "timeout"  # Playwright's fixed wait
SLEEP = re.compile(r"\bsleep\(")


def fixed_waits(files: list[Path], pattern: re.Pattern[str]) -> list[str]:
    """Returns ``name:line: text`` of each line of `files` that `pattern` finds.

    Example:
        >>> fixed_waits([], SLEEP)
        []
    """
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_no_test_waits_for_a_timeout() -> None:
    files = sorted(path for path in TESTS.rglob("*.py") if path != Path(__file__))
    assert len(files) > 50, "the tests were not found"
    assert fixed_waits(files, re.compile(re.escape(WAIT_FOR_TIMEOUT))) == []


def test_no_browser_or_load_test_sleeps() -> None:
    files = sorted([*(TESTS / "browser").rglob("*.py"), *(TESTS / "load").rglob("*.py")])  # (this file is in neither)
    assert len(files) > 10, "the browser and load tests were not found"
    assert fixed_waits(files, SLEEP) == []


def test_the_count_finds_a_fixed_wait(tmp_path: Path) -> None:
    waits = tmp_path / "waits.py"
    waits.write_text(f"page.{WAIT_FOR_TIMEOUT}(300)\ntime.sleep(1)\nawait asyncio.sleep(0.5)\nkeep_sleeping = 1\n")
    assert len(fixed_waits([waits], re.compile(re.escape(WAIT_FOR_TIMEOUT)))) == 1
    assert len(fixed_waits([waits], SLEEP)) == 2
