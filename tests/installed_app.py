"""The app as a teacher installs it: the wheel built from this checkout, installed into a fresh environment.

`build_wheel` builds the wheel from the same ``pyproject.toml`` the tests use
(pip's ordinary build, from the package index pip is configured with; its
cache makes a second build quick), on a copy of the checkout's files (those
git tracks or would track), so nothing left in the checkout by an earlier
build (``build/``) can slip into the wheel.  `install_app` makes a virtual environment
outside the checkout and installs the wheel with its ``app`` extra, pinned
by ``binder/requirements.txt`` as every other environment of the app is.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "binder" / "requirements.txt"
BUILD_SECONDS = 600
"""How long building the wheel, or installing it with its dependencies, may take (with pip's cache: 1-3 min)."""


def source_copy(folder: Path) -> Path:
    """Copies the checkout's files that git tracks or would track (not ignored) into `folder`; returns it.

    Raises:
        subprocess.CalledProcessError: If git cannot list the checkout's files.
    """
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is listed too
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    return folder


def build_wheel(out: Path) -> Path:
    """Builds the app's wheel from a copy of this checkout (`source_copy`) into `out`; returns its path.

    Args:
        out: An empty folder, or one to make; the copy is made in ``out/source``.

    Raises:
        subprocess.CalledProcessError: If git cannot list the files or pip cannot build the wheel.
        AssertionError: If the build made no wheel, or more than one.
    """
    source = source_copy(out / "source")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(source)],
        check=True,
        capture_output=True,
        timeout=BUILD_SECONDS,
    )
    wheels = list(out.glob("toptrumps_classroom-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {out}; found {wheels}"
    return wheels[0]


def install_app(wheel: Path, environment: Path) -> Path:
    """Makes a fresh virtual environment at `environment`, installs `wheel` with its ``app`` extra into it.

    Returns:
        The environment's ``bin`` folder (its ``toptrumps-classroom`` command and ``python``).

    Raises:
        subprocess.CalledProcessError: If pip cannot install it.
    """
    venv.create(environment, with_pip=True)
    bin_folder = environment / "bin"
    subprocess.run(
        [
            str(bin_folder / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-compile",
            "--constraint",
            str(PINS),
            f"{wheel}[app]",
        ],
        check=True,
        capture_output=True,
        timeout=BUILD_SECONDS,
        cwd=environment,
    )
    return bin_folder
