"""The app as a teacher installs it: the wheel in a fresh environment, no checkout, every lesson in Chromium.

The wheel is built from this checkout and installed with its ``app`` extra
into a virtual environment outside it (`tests.installed_app`); the app is
prepared (``toptrumps-classroom warm-up``) and started
(``toptrumps-classroom serve``) from an empty folder, so whatever it serves
came with the package.  Each lesson must open with its widgets drawn, the
app's version at its foot, no console error, no failed cell, and nothing
fetched from outside the machine.  Screenshots are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app_process import STOP_SECONDS, free_port
from tests.browser.conftest import ARTIFACTS, _wait_for_app
from tests.installed_app import ROOT, build_wheel, install_app

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

pytestmark = pytest.mark.browser

LOG = ARTIFACTS / "installed-app.log"
LESSONS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
RENDER_SECONDS = 240
WARM_UP_SECONDS = 600
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _outside_the_checkout(folder: Path) -> Path:
    assert ROOT not in folder.resolve().parents, f"{folder} is inside the checkout"
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Builds the wheel and installs it into a fresh environment; returns the environment's ``bin`` folder."""
    root = _outside_the_checkout(tmp_path_factory.mktemp("installed-app"))
    return install_app(build_wheel(root / "wheel"), root / "environment")


@pytest.fixture(scope="module")
def empty_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with nothing in it, outside the checkout, to run the command from."""
    return _outside_the_checkout(tmp_path_factory.mktemp("empty-folder"))


def _environment() -> dict[str, str]:
    """This process's environment without what would point the installed app back at the checkout."""
    return {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "NUMBA_CACHE_DIR")
    }


@pytest.fixture(scope="module")
def installed_url(installed: Path, empty_folder: Path) -> Iterator[str]:
    """Warms the installed app up, serves it from the empty folder, and yields its base URL."""
    warm = subprocess.run(
        [str(installed / "toptrumps-classroom"), "warm-up"],
        cwd=empty_folder,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=WARM_UP_SECONDS,
    )
    assert warm.returncode == 0, warm.stderr[-3000:]
    assert "Simulation engine ready" in warm.stdout, warm.stdout
    LOG.parent.mkdir(parents=True, exist_ok=True)
    command = [
        str(installed / "toptrumps-classroom"),
        "serve",
        "--no-browser",
        f"--port={free_port()}",
        "--pool-size=0",  # a page starts its kernel when opened: the machine is shared with other tests
    ]
    with open(LOG, "w") as log:
        process = subprocess.Popen(
            command, cwd=empty_folder, env=_environment(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        yield _wait_for_app(LOG, process)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    assert list(empty_folder.iterdir()) == [], "serving wrote into the folder it was started from"


def test_the_installed_command_prints_the_package_s_version(installed: Path, empty_folder: Path) -> None:
    shown = subprocess.run(
        [str(installed / "toptrumps-classroom"), "--version"],
        cwd=empty_folder,
        env=_environment(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.split() == ["toptrumps-classroom", VERSION]


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_opens_from_the_installed_app(installed_url: str, page_and_log: Any, lesson: str) -> None:
    page, log = page_and_log
    log.server_log = LOG
    log.server_log_offset = LOG.stat().st_size
    page.goto(f"{installed_url}/voila/render/{lesson}", wait_until="commit")  # Voilà streams the page
    version = page.locator(".tt-version")
    version.wait_for(state="attached", timeout=RENDER_SECONDS * 1000)  # written after the last cell has run
    assert version.inner_text().strip() == f"Top Trumps Classroom {VERSION}"
    page.locator("#rendered_cells .jupyter-widgets").first.wait_for(timeout=RENDER_SECONDS * 1000)
    assert page.locator("#rendered_cells .jupyter-widgets:visible").count() >= 1, "no widget was drawn"
    assert page.locator(".tt-game-missing").count() == 0, "a widget could not be drawn"
    log.assert_clean()


def test_the_start_page_is_where_the_installed_app_lands(installed_url: str, page_and_log: Any) -> None:
    page, log = page_and_log
    log.server_log = LOG
    log.server_log_offset = LOG.stat().st_size
    page.goto(installed_url + "/", wait_until="commit")
    page.locator(".tt-version").wait_for(state="attached", timeout=RENDER_SECONDS * 1000)
    assert page.url.endswith("/voila/render/00_start_here.ipynb"), page.url
    for lesson in LESSONS[1:]:
        assert page.locator(f"a[href*='{lesson}']").count() >= 1, f"the start page does not link to {lesson}"
    log.assert_clean()
