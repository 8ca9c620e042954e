"""Serve the teaching notebooks as a web app with Voilà.

``python -m widgets.server`` starts Voilà on ``notebooks/`` and sends a
visitor of ``/`` straight to the landing page, ``00_start_here``.  The app:

- runs every notebook in a fresh kernel per visit, with sources stripped and
  tracebacks hidden (Voilà's defaults), and refuses execute requests from the
  page, so a pupil cannot run code on the server;
- shuts a page's kernel down when its tab closes, and culls kernels idle for
  ten minutes, checking every minute, so a classroom's memory comes back;
- serves only images as static files, and needs no internet connection (its
  template, `TEMPLATE`, is Voilà's "lab" template without the stylesheets
  that one loads from a CDN), on every address it answers;
- answers, before any kernel starts, a missing lesson, a template or theme
  override, a request from another site and a full server with pages of its
  own, and lists no folder (`widgets.server.front_door`, `widgets.server.app`);
- offers every game the deck files of a folder (``--decks``, `DECKS` by
  default), so a teacher's own decks appear in every deck list;
- runs at most ``--max-kernels`` kernels at once (`DEFAULT_MAX_KERNELS`); the
  next visitor is asked to try again in a minute;
- listens on localhost, on the first free port from 8866 (``--port``).

Examples:
    python -m widgets.server                 # http://localhost:8866/
    python -m widgets.server --port 9000 --no-browser
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from toptrumps_core.deckfiles import DECKS_FOLDER_VARIABLE

__all__ = ["DECKS", "DEFAULT_MAX_KERNELS", "LANDING_PAGE", "NOTEBOOKS", "main", "voila_arguments"]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
"""The folder of teaching notebooks the app serves."""

DECKS = NOTEBOOKS / "decks"
"""The teacher's deck folder unless ``--decks`` names another (`toptrumps_core.deckfiles.folder_decks`)."""

LANDING_PAGE = "00_start_here.ipynb"
"""The notebook a visitor of ``/`` lands on."""

TEMPLATE = "toptrumps"
"""The app's Voilà template: "lab" without stylesheets fetched from a CDN."""

TEMPLATE_ROOT = Path(__file__).resolve().parents[1] / "share"
"""A Jupyter data folder holding ``voila/templates/toptrumps``."""

KERNEL_IDLE_SECONDS = 600
CULL_INTERVAL_SECONDS = 60
IMAGES_ONLY = r".*\.(png|jpg|jpeg|gif|svg|webp)$"
DEFAULT_MAX_KERNELS = 40
"""Kernels the app runs at once unless ``--max-kernels`` says otherwise (a class of 30 and spare tabs)."""


def voila_arguments(*, port: int, open_browser: bool, ip: str = "localhost") -> list[str]:
    """Returns the Voilà command-line arguments the app runs with.

    Args:
        port: The first port to try; Voilà moves on to the next free one.
        open_browser: Open the landing page in the default browser.
        ip: The address to listen on (default: this machine only).
    """
    return [
        str(NOTEBOOKS),
        f"--port={port}",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=50",
        f"--Voila.open_browser={open_browser}",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        f"--VoilaConfiguration.file_allowlist=['{IMAGES_ONLY}']",
        f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=False",
        # Voilà 0.5's page posts its kernel shutdown on closing without an XSRF
        # token (voila-dashboards/voila#1458), so every closed tab left its kernel
        # running until culled.  The app has no login and refuses execute
        # requests, so the check protects nothing here; without it a closed tab
        # frees its kernel at once.
        "--Voila.tornado_settings={'disable_check_xsrf': True}",
        "--Voila.log_level=INFO",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    """Starts the app and serves until interrupted (Ctrl+C)."""
    parser = argparse.ArgumentParser(prog="python -m widgets.server", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866, help="first port to try (default 8866)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    parser.add_argument("--ip", default="localhost", help="address to listen on (default localhost)")
    parser.add_argument(
        "--decks",
        type=Path,
        default=DECKS,
        help="a folder of .toml and .csv deck files that every game offers (default: notebooks/decks)",
    )
    parser.add_argument(
        "--max-kernels",
        type=_at_least_one,
        default=DEFAULT_MAX_KERNELS,
        help=f"pages (kernels) running at once; the next visitor is asked to wait (default {DEFAULT_MAX_KERNELS})",
    )
    args = parser.parse_args(argv)
    os.environ[DECKS_FOLDER_VARIABLE] = str(args.decks.resolve())  # every page's kernel inherits it
    # Voilà finds templates in the Jupyter data folders; ours comes first.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATE_ROOT), os.environ.get("JUPYTER_PATH")]))
    from widgets.server.app import guarded_voila, lessons_in  # Voilà and tornado load only when the app starts

    app_class = guarded_voila(landing_page=LANDING_PAGE, lessons=lessons_in(NOTEBOOKS), max_kernels=args.max_kernels)
    app_class.launch_instance(voila_arguments(port=args.port, open_browser=not args.no_browser, ip=args.ip))


def _at_least_one(text: str) -> int:
    """Parses ``--max-kernels``: a whole number of 1 or more."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of kernels, 1 or more; got {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of kernels, 1 or more; got {number}")
    return number
