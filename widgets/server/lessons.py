"""Where the app's lessons are, which one a visitor lands on, and the app's version.

The lessons (the teaching notebooks) ship inside the package: the wheel
installs them as data files in ``share/toptrumps-classroom/lessons`` under
the environment's prefix (``[tool.setuptools.data-files]`` in
``pyproject.toml``).  `installed_lessons` finds them through the installed
package's file list, so they are found wherever pip put them (a virtual
environment, ``pipx``, ``pip install --user``).  In a source checkout the
lessons are its ``notebooks/`` folder, served as they are edited.

A teacher may serve a folder of their own instead (``--lessons FOLDER``);
`check_lessons` says what is wrong with one that cannot be served.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from toptrumps_core.record.release import DISTRIBUTION, release

__all__ = [
    "DISTRIBUTION",
    "LANDING_PAGE",
    "LESSONS_DATA",
    "app_version",
    "check_lessons",
    "installed_lessons",
    "landing_page",
    "lessons_in",
]

LESSONS_DATA = "share/toptrumps-classroom/lessons"
"""Where the wheel puts the lessons, under the environment's prefix (``pyproject.toml``'s data files)."""

LANDING_PAGE = "00_start_here.ipynb"
"""The lesson a visitor of ``/`` lands on, when the folder has it."""

_CHECKOUT_LESSONS = Path(__file__).resolve().parents[2] / "notebooks"


def app_version() -> str:
    """Returns the installed app's version, e.g. ``"0.1.0"`` (`toptrumps_core.record.release`, as records carry it).

    Raises:
        importlib.metadata.PackageNotFoundError: If the app is not installed
            (``pip install .``, or ``pip install -e .`` in a checkout).
    """
    version = release()
    if version is None:
        raise metadata.PackageNotFoundError(DISTRIBUTION)
    return version


def installed_lessons() -> Path:
    """Returns the folder of the app's own lessons.

    In a source checkout this is its ``notebooks/`` folder (so an edited
    lesson is served at once); otherwise the folder the wheel installed
    (`LESSONS_DATA`).

    Raises:
        FileNotFoundError: If the app is neither run from a checkout nor
            installed with its lessons (an install that lost its data files).
    """
    if (_CHECKOUT_LESSONS / LANDING_PAGE).is_file():
        return _CHECKOUT_LESSONS
    try:
        files = metadata.distribution(DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        files = []
    for file in files:
        if file.as_posix().endswith(f"{LESSONS_DATA}/{LANDING_PAGE}"):
            return Path(str(file.locate())).resolve().parent
    raise FileNotFoundError(
        f"the app's lessons are missing: expected {LESSONS_DATA}/{LANDING_PAGE} in the installed "
        f"{DISTRIBUTION} package, or a checkout's notebooks/ folder; reinstall the package, "
        "or name a folder of lessons with --lessons"
    )


def lessons_in(folder: Path) -> frozenset[str]:
    """Returns the file names of the notebooks directly in `folder` (the lessons the app serves); empty if none."""
    return frozenset(p.name for p in folder.glob("*.ipynb") if p.is_file())


def landing_page(lessons: frozenset[str]) -> str:
    """Returns the lesson ``/`` sends a visitor to: `LANDING_PAGE` when there, else the first by name.

    Args:
        lessons: The notebook file names served (`lessons_in`), at least one.

    Raises:
        ValueError: If `lessons` is empty.

    Example:
        >>> landing_page(frozenset({"b.ipynb", "a.ipynb"}))
        'a.ipynb'
    """
    if not lessons:
        raise ValueError("there is no lesson to land on: the folder holds no .ipynb notebook")
    return LANDING_PAGE if LANDING_PAGE in lessons else min(lessons)


def check_lessons(folder: Path) -> Path:
    """Returns `folder`, absolute, if it can be served as the app's lessons.

    Args:
        folder: A folder holding notebooks (``.ipynb`` files) directly in it.

    Raises:
        ValueError: If `folder` does not exist, is not a folder, or holds no
            notebook; the message names the folder and what was expected.
    """
    if not folder.exists():
        raise ValueError(
            f"no lessons folder {str(folder)!r}: it does not exist (expected a folder of .ipynb notebooks)"
        )
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is a file; expected a folder of .ipynb notebooks")
    if not lessons_in(folder):
        raise ValueError(f"no lessons in {str(folder)!r}: expected .ipynb notebooks directly in the folder")
    return folder.resolve()
