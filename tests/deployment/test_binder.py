"""Binder opens the app from one repository setting, on a fully pinned environment, through the app's command."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9,._-]+\])?==[A-Za-z0-9.+!-]+$")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("binder_link", ROOT / "scripts" / "binder_link.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_badge_is_the_link_built_from_the_repository_setting() -> None:
    script = _script()
    badge = script.BADGE.format(link=script.binder_link())
    assert badge in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_binder_link_opens_a_notebook_that_exists() -> None:
    link = _script().binder_link()
    landing = re.search(r"urlpath=voila%2Frender%2F(.+)$", link)
    assert landing, link
    assert (ROOT / "notebooks" / landing.group(1).replace("%2F", "/")).is_file()


def test_a_fork_s_repository_setting_changes_the_link_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    script = _script()
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project.urls]\nSource = "https://github.com/a-school/our-trumps.git"\n')
    assert script.binder_link(pyproject).startswith("https://mybinder.org/v2/gh/a-school/our-trumps/HEAD?urlpath=")
    pyproject.write_text('[project.urls]\nSource = "https://example.org/a-school"\n')
    with pytest.raises(ValueError, match=r"must be https://github\.com/OWNER/NAME"):
        script.binder_link(pyproject)


def test_every_line_of_the_binder_environment_is_a_pin() -> None:
    lines = [line.split("#")[0].strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    requirements = [line for line in lines if line]
    assert len(requirements) > 20
    loose = [line for line in requirements if not PIN.match(line)]
    assert loose == [], f"pin these as name==version: {loose}"
    names = [re.split(r"[\[=]", line)[0].lower().replace("_", "-") for line in requirements]
    assert len(names) == len(set(names)), "a package is pinned twice"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")


def test_binder_starts_the_app_through_its_command_and_warms_the_engine_up() -> None:
    build = (ROOT / "binder" / "postBuild").read_text()
    assert "toptrumps-classroom warm-up" in build
    start = ROOT / "binder" / "start"
    assert start.stat().st_mode & 0o111, "binder/start must be executable"
    last = [line for line in start.read_text().splitlines() if line.strip()][-1]
    assert last.startswith("exec toptrumps-classroom serve "), last
    assert "JUPYTERHUB_SERVICE_PREFIX" in last
