"""The image definition (``Dockerfile``), checked where no container engine runs.

It must install the pinned environment Binder and CI install, install the
app from the checkout, compile the simulation engine with the app's own
``warm-up`` before the pupils' user takes over, and start through the app's
command with options the command accepts.  Building it is documented in
``docs/teachers.md``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from widgets.server.command import command_parser

ROOT = Path(__file__).resolve().parents[2]


def _instructions() -> list[tuple[str, str]]:
    """Returns the Dockerfile's instructions in order, as (keyword, arguments), continuation lines joined."""
    lines = [line for line in (ROOT / "Dockerfile").read_text().splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n\s*", " ", "\n".join(lines))
    found = []
    for line in joined.splitlines():
        if line.strip():
            keyword, _, arguments = line.strip().partition(" ")
            found.append((keyword.upper(), arguments.strip()))
    return found


def _index(instructions: list[tuple[str, str]], keyword: str, contains: str) -> int:
    matches = [i for i, (word, arguments) in enumerate(instructions) if word == keyword and contains in arguments]
    assert matches, f"no {keyword} instruction with {contains!r} in the Dockerfile"
    return matches[0]


def test_the_image_runs_the_python_that_binder_runs() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    base = _instructions()[0]
    assert base[0] == "FROM"
    assert re.fullmatch(rf"python:{re.escape(runtime)}(-slim)?", base[1]), base


def test_the_image_installs_the_pinned_environment_then_the_app_then_warms_it_up_as_root() -> None:
    instructions = _instructions()
    pins = _index(instructions, "RUN", "-r /tmp/requirements.txt")
    assert _index(instructions, "COPY", "binder/requirements.txt /tmp/requirements.txt") < pins
    app = _index(instructions, "RUN", "--no-deps /tmp/toptrumps-classroom")
    warm = _index(instructions, "RUN", "toptrumps-classroom warm-up")
    user = _index(instructions, "USER", "")
    assert pins < app < warm < user, "pins, then the app, then the warm-up, then the pupils' user"


def test_the_image_serves_through_the_command_on_the_port_it_exposes_as_an_ordinary_user() -> None:
    instructions = _instructions()
    keyword, arguments = instructions[-1]
    assert keyword == "CMD"
    command = json.loads(arguments)
    assert command[:2] == ["toptrumps-classroom", "serve"]
    options = command_parser().parse_args(command[1:])  # options the command accepts, or SystemExit
    assert options.ip == "0.0.0.0" and options.no_browser
    assert instructions[_index(instructions, "EXPOSE", "")][1] == str(options.port)
    assert "ARG NB_UID=1000" in {f"{word} {rest}" for word, rest in instructions}


def test_the_image_is_built_from_the_checkout_without_its_environments_or_caches() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {".git", ".venv", "**/__pycache__", "test-artifacts"} <= ignored
