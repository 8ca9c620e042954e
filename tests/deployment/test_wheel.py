"""The wheel built from this checkout carries everything a teacher's install needs: lessons, template, command.

Whether the installed wheel serves every lesson in a browser is
``tests/browser/test_installed_app.py``.
"""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from configparser import ConfigParser
from pathlib import Path

import pytest

from tests.installed_app import build_wheel
from widgets.server.lessons import LESSONS_DATA

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    with zipfile.ZipFile(build_wheel(tmp_path_factory.mktemp("wheel"))) as built:
        yield built


def _project() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        project: dict[str, object] = tomllib.load(file)["project"]
    return project


def _data(wheel: zipfile.ZipFile, version: object) -> dict[str, str]:
    """Returns the wheel's data files: path under the environment's prefix -> path in the wheel."""
    prefix = f"toptrumps_classroom-{version}.data/data/"
    return {name.removeprefix(prefix): name for name in wheel.namelist() if name.startswith(prefix)}


def test_every_lesson_and_the_deck_folder_ship_as_they_are_in_the_checkout(wheel: zipfile.ZipFile) -> None:
    data = _data(wheel, _project()["version"])
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(lessons) >= 9
    for lesson in [*lessons, ROOT / "notebooks" / "decks" / "README.md"]:
        shipped = f"{LESSONS_DATA}/{lesson.relative_to(ROOT / 'notebooks').as_posix()}"
        assert shipped in data, f"{shipped} is not in the wheel"
        assert wheel.read(data[shipped]) == lesson.read_bytes(), f"{shipped} differs from the checkout's"


def test_the_voila_template_ships_where_voila_finds_it_and_beside_the_launcher(wheel: zipfile.ZipFile) -> None:
    data = _data(wheel, _project()["version"])
    names = set(wheel.namelist())
    template = ROOT / "widgets" / "share" / "voila" / "templates" / "toptrumps"
    files = sorted(template.iterdir())
    assert {file.name for file in files} >= {"index.html.j2", "conf.json"}
    for file in files:
        assert f"share/jupyter/voila/templates/toptrumps/{file.name}" in data
        assert f"widgets/share/voila/templates/toptrumps/{file.name}" in names


def test_the_wheel_declares_the_command_and_the_version_of_pyproject(wheel: zipfile.ZipFile) -> None:
    project = _project()
    info = f"toptrumps_classroom-{project['version']}.dist-info"
    entry_points = ConfigParser()
    entry_points.read_string(wheel.read(f"{info}/entry_points.txt").decode())
    assert entry_points["console_scripts"]["toptrumps-classroom"] == "widgets.server.command:main"
    metadata = wheel.read(f"{info}/METADATA").decode()
    assert f"\nVersion: {project['version']}\n" in metadata
    assert "Provides-Extra: app" in metadata


def test_the_changelog_s_newest_entry_is_the_version_of_pyproject() -> None:
    headings = [line for line in (ROOT / "CHANGELOG.md").read_text().splitlines() if line.startswith("## ")]
    assert headings, "CHANGELOG.md has no release heading"
    assert headings[0].split()[1] == _project()["version"], headings[0]
