"""Prints the Binder link of the app, built from the one repository setting in pyproject.toml.

The repository is ``[project.urls] Source`` (``https://github.com/OWNER/NAME``);
the link opens Binder straight into the app's landing page (``binder/start``
starts the app with ``toptrumps-classroom serve``, which serves the lessons
at ``voila/render/LESSON``).  README's
badge must be this link (a test checks), so a fork changes one line of
``pyproject.toml`` and runs this script to get its own badge.

Run: ``.venv/bin/python scripts/binder_link.py`` (``--badge`` for README's Markdown).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
LANDING_PAGE = "00_start_here.ipynb"
BADGE = "[![Open the app in Binder](https://mybinder.org/badge_logo.svg)]({link})"


def repository(pyproject: Path = ROOT / "pyproject.toml") -> tuple[str, str]:
    """Returns (owner, name) of the GitHub repository named by ``[project.urls] Source``.

    Raises:
        ValueError: If the setting is missing or is not a ``https://github.com/OWNER/NAME`` address.
    """
    with open(pyproject, "rb") as file:
        source = tomllib.load(file).get("project", {}).get("urls", {}).get("Source", "")
    parts = urlsplit(source)
    path = [p for p in parts.path.split("/") if p]
    if parts.scheme != "https" or parts.hostname != "github.com" or len(path) != 2:
        raise ValueError(f"[project.urls] Source must be https://github.com/OWNER/NAME; got {source!r}")
    return path[0], path[1].removesuffix(".git")


def binder_link(pyproject: Path = ROOT / "pyproject.toml", landing_page: str = LANDING_PAGE) -> str:
    """Returns the Binder address that opens the app's landing page from the repository's default branch."""
    owner, name = repository(pyproject)
    return f"https://mybinder.org/v2/gh/{owner}/{name}/HEAD?urlpath={quote('voila/render/' + landing_page, safe='')}"


def main(argv: list[str]) -> None:
    """Prints the link, or README's badge with ``--badge``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--badge", action="store_true", help="print README's Markdown badge")
    link = binder_link()
    print(BADGE.format(link=link) if parser.parse_args(argv).badge else link)


if __name__ == "__main__":
    main(sys.argv[1:])
