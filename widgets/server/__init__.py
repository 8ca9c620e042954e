"""Serve the teaching notebooks as a web app with Voilà.

``toptrumps-classroom serve`` (`widgets.server.command`; also
``python -m widgets.server``) starts Voilà on the app's own lessons, the
ones installed with the package (`widgets.server.lessons`), or on a
teacher's folder of notebooks (``--lessons``), and sends a visitor of ``/``
straight to the landing page, ``00_start_here``.  The app:

- runs every notebook in a fresh kernel per visit, with sources stripped and
  tracebacks hidden (Voilà's defaults), and refuses execute requests from the
  page, so a pupil cannot run code on the server;
- never restarts a kernel that dies: it is forgotten at once, so its page
  says the connection is lost and offers a reload instead of ignoring clicks,
  and a pooled kernel that dies is replaced (`widgets.server.kernels`);
- shuts a page's kernel down when its tab closes, and, when a page leaves
  without saying so (a reload before it arrived, a closed browser, a page
  that never connected), once its kernel has had no websocket connection for
  ``--reconnect-seconds`` (`DEFAULT_RECONNECT_SECONDS`, time enough for a
  dropped Wi-Fi to come back; `widgets.server.absences`); kernels waiting in
  the pool are left alone, and kernels without a connection are culled after
  ten minutes idle anyway, checking every minute, so a classroom's memory and
  places come back;
- serves only images as static files, and needs no internet connection (its
  template, `TEMPLATE`, is Voilà's "lab" template without the stylesheets
  that one loads from a CDN), on every address it answers;
- answers, before any kernel starts, a missing lesson, a template or theme
  override, a request from another site and a full server with pages of its
  own, and lists no folder (`widgets.server.front_door`, `widgets.server.app`);
- offers every game the deck files of a folder (``--decks``, by default
  ``decks/`` in the lessons' folder), so a teacher's own decks appear in
  every deck list;
- shows the app's version at the foot of every page;
- answers under a base URL (``--base-url``; on a JupyterHub, the hub's
  prefix for the user's server, ``JUPYTERHUB_SERVICE_PREFIX``);
- keeps ``--pool-size`` kernels per lesson started and already executed
  (Voilà's preheated kernels, `DEFAULT_POOL_SIZE`), so a visitor gets a
  finished page at once; each pooled kernel is handed to one visitor only,
  and a new one starts in its place;
- runs at most ``--max-kernels`` pupils' pages at once (`DEFAULT_MAX_KERNELS`;
  the pool's waiting kernels, and kernels being shut down, are not counted);
  a visitor who finds every place taken waits up to ``--wait-for-place``
  seconds (`DEFAULT_PLACE_WAIT_SECONDS`) for one to free, as when a pupil
  reloads a page, then is asked to try again in a minute;
- sends no traceback and no standard error to a page: each kernel keeps them
  for the server's log (`widgets.server.kernel_log`), and the page's
  websocket drops any that get through (`widgets.server.websocket`);
- starts kernels with local sockets (no network ports that two kernels
  starting together could both pick) and waits for busy kernels as long as a
  class opening one lesson together needs (`KERNEL_START_SECONDS`,
  `OUTPUT_WAIT_SECONDS`), so every page gets its widgets, and lets
  `PAGES_AT_ONCE` pages run their notebook at a time, the others in turn, so
  the first pupils of a class get their page in seconds;
- listens on localhost, on the first free port from 8866 (``--port``).

Examples:
    toptrumps-classroom serve                 # http://localhost:8866/
    toptrumps-classroom serve --port 9000 --no-browser --lessons ~/my-lessons
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from toptrumps_core.deckfiles import DECKS_FOLDER_VARIABLE
from widgets.server.absences import DEFAULT_RECONNECT_SECONDS
from widgets.server.lessons import LANDING_PAGE, app_version, check_lessons, installed_lessons, landing_page, lessons_in

__all__ = [
    "DEFAULT_MAX_KERNELS",
    "DEFAULT_PLACE_WAIT_SECONDS",
    "DEFAULT_POOL_SIZE",
    "DEFAULT_RECONNECT_SECONDS",
    "KERNEL_MIB",
    "LANDING_PAGE",
    "SERVICE_PREFIX_VARIABLE",
    "SERVICE_URL_VARIABLE",
    "add_serve_options",
    "hub_defaults",
    "main",
    "serve",
    "voila_arguments",
]

DECKS_IN_LESSONS = "decks"
"""The teacher's deck folder, inside the lessons' folder, unless ``--decks`` names another."""

SERVICE_PREFIX_VARIABLE = "JUPYTERHUB_SERVICE_PREFIX"
"""The environment variable a JupyterHub sets to the URL prefix of a user's server (``/user/NAME/``)."""

SERVICE_URL_VARIABLE = "JUPYTERHUB_SERVICE_URL"
"""The environment variable a JupyterHub (2.0 or later) sets to where a user's server must listen.

For example ``http://0.0.0.0:8888/user/NAME/``: its address, port and path.
"""

DEFAULT_PORT = 8866
DEFAULT_IP = "localhost"


def hub_defaults(environment: Mapping[str, str]) -> tuple[str, int, str]:
    """Returns the ``serve`` defaults (address, port, base URL), from a JupyterHub's variables when set.

    A hub starting the app as a user's server says where it must listen
    (`SERVICE_URL_VARIABLE`) and under which prefix (`SERVICE_PREFIX_VARIABLE`);
    elsewhere the app listens on localhost, from port 8866, under ``/``.

    Args:
        environment: The process's environment variables (``os.environ``).

    Raises:
        ValueError: If `SERVICE_URL_VARIABLE` is set but is not an http
            address with a port.

    Example:
        >>> hub_defaults({})
        ('localhost', 8866, '/')
        >>> hub_defaults({"JUPYTERHUB_SERVICE_URL": "http://0.0.0.0:8888/user/ann/"})
        ('0.0.0.0', 8888, '/user/ann/')
    """
    prefix = environment.get(SERVICE_PREFIX_VARIABLE) or "/"
    service = environment.get(SERVICE_URL_VARIABLE)
    if not service:
        return DEFAULT_IP, DEFAULT_PORT, prefix
    parts = urlsplit(service)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme not in ("http", "https") or not parts.hostname or port is None:
        raise ValueError(
            f"{SERVICE_URL_VARIABLE} must be an address such as http://0.0.0.0:8888/user/NAME/; got {service!r}"
        )
    return parts.hostname, port, environment.get(SERVICE_PREFIX_VARIABLE) or parts.path or "/"


TEMPLATE = "toptrumps"
"""The app's Voilà template: "lab" without stylesheets fetched from a CDN."""

TEMPLATE_ROOT = Path(__file__).resolve().parents[1] / "share"
"""A Jupyter data folder holding ``voila/templates/toptrumps``."""

KERNEL_IDLE_SECONDS = 600
CULL_INTERVAL_SECONDS = 60
IMAGES_ONLY = r".*\.(png|jpg|jpeg|gif|svg|webp)$"
DEFAULT_MAX_KERNELS = 40
"""Pupils' pages the app runs at once unless ``--max-kernels`` says otherwise (a class of 30 and spare tabs)."""
DEFAULT_PLACE_WAIT_SECONDS = 5.0
"""How long a visitor of a full class waits for a place unless ``--wait-for-place`` says otherwise, in seconds.

A pupil who reloads a page frees its place only when the old page's kernel is
being shut down, a moment after the new request can arrive.
"""
DEFAULT_POOL_SIZE = 1
"""Preheated kernels kept waiting per lesson unless ``--pool-size`` says otherwise (0: none)."""
KERNEL_MIB = 70
"""About how much memory one lesson's kernel holds when its page opens, in MiB (a waiting pooled kernel as much).

Measured by ``benchmarks/bench_pages.py`` (69 MiB RSS for lesson 1, 53 for a bare
ipywidgets kernel); the simulation lab, and any page once numpy and numba ran
an experiment, hold about 220.
"""
PAGES_AT_ONCE = 2 * (os.cpu_count() or 1)
"""Pages that start and run their notebook at the same time (two per core); the next ones wait their turn."""
KERNEL_START_SECONDS = 300
"""How long a page waits for its kernel to answer (Voilà's 60 s is too short for 30 kernels starting on 2 cores)."""
PAGE_KERNEL_MANAGER = "widgets.server.kernels.PageKernelManager"
"""The kernel manager Voilà builds its pools on (`widgets.server.kernels`); imported by Voilà at start."""
OUTPUT_WAIT_SECONDS = 300
"""How long a cell's widgets may take to arrive after the cell has run (nbclient's 4 s drops them under load)."""


def voila_arguments(
    *,
    port: int,
    open_browser: bool,
    ip: str = "localhost",
    pool_size: int = DEFAULT_POOL_SIZE,
    reconnect_seconds: float = DEFAULT_RECONNECT_SECONDS,
    lessons: Path | None = None,
    base_url: str = "/",
    version: str | None = None,
) -> list[str]:
    """Returns the Voilà command-line arguments the app runs with.

    Args:
        port: The first port to try; Voilà moves on to the next free one.
        open_browser: Open the landing page in the default browser.
        ip: The address to listen on (default: this machine only).
        pool_size: Preheated kernels kept waiting per lesson, 0 or more (0: every
            page starts its kernel when it is opened).
        reconnect_seconds: How long a sent page's kernel may go without a
            websocket connection before it is shut down, in seconds, more than 0.
        lessons: The folder of notebooks served; None for the app's own
            (`widgets.server.lessons.installed_lessons`).
        base_url: The URL path the app answers under, starting and ending
            with ``/`` (``/user/NAME/`` on a JupyterHub).
        version: The version shown at the foot of every page; None for the
            installed app's (`widgets.server.lessons.app_version`).

    Raises:
        ValueError: If `pool_size` is negative, `reconnect_seconds` is not
            more than 0, or `base_url` does not start and end with ``/``.
    """
    if pool_size < 0:
        raise ValueError(f"pool_size must be 0 or more; got {pool_size}")
    if not 0 < reconnect_seconds < float("inf"):
        raise ValueError(f"reconnect_seconds must be more than 0; got {reconnect_seconds}")
    if not (base_url.startswith("/") and base_url.endswith("/")):
        raise ValueError(f"base_url must start and end with '/', as in /user/NAME/; got {base_url!r}")
    shown = app_version() if version is None else version
    preheat = [
        "--VoilaConfiguration.preheat_kernel=True",
        f"--VoilaConfiguration.default_pool_size={pool_size}",
    ]
    return [
        str(installed_lessons() if lessons is None else lessons),
        f"--port={port}",
        f"--Voila.base_url={base_url}",
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
        # A restarted kernel has none of its page's widgets: at the first death
        # the kernel is removed (404 to the page's connection check) instead.
        "--KernelRestarter.restart_limit=0",
        f"--VoilaConfiguration.multi_kernel_manager_class={PAGE_KERNEL_MANAGER}",
        f"--PageKernelManager.reconnect_seconds={reconnect_seconds:g}",
        # Voilà 0.5's page posts its kernel shutdown on closing without an XSRF
        # token (voila-dashboards/voila#1458), so every closed tab left its kernel
        # running until culled.  The app has no login and refuses execute
        # requests, so the check protects nothing here; without it a closed tab
        # frees its kernel at once.
        "--Voila.tornado_settings={'disable_check_xsrf': True}",
        # Every kernel listens on Unix sockets in Voilà's own folder: with TCP, a
        # kernel is given free ports that another kernel starting at the same
        # moment can take first ("ZMQError: Address already in use").
        "--KernelManager.transport=ipc",
        f"--VoilaExecutor.startup_timeout={KERNEL_START_SECONDS}",
        # nbclient waits 4 s for a cell's output after the cell has run, then
        # drops it: with a class of kernels busy, pages lost their widgets.
        f"--VoilaExecutor.iopub_timeout={OUTPUT_WAIT_SECONDS}",
        # The template writes it at the foot of every page (widgets/share/voila/templates/toptrumps).
        f"--VoilaConfiguration.resources={{'app_version': {shown!r}}}",
        *(preheat if pool_size > 0 else []),
        "--Voila.log_level=INFO",
    ]


def add_serve_options(parser: argparse.ArgumentParser) -> None:
    """Adds the launcher's options (``--port``, ``--lessons``, ``--decks``, ...) to `parser`, for `serve`."""
    try:
        ip, port, base_url = hub_defaults(os.environ)
    except ValueError as problem:
        parser.error(str(problem))
    parser.add_argument("--port", type=_port, default=port, help="first port to try (default 8866; on a hub, its port)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    parser.add_argument(
        "--ip", default=ip, help="address to listen on (default localhost; 0.0.0.0: everyone; on a hub, its address)"
    )
    parser.add_argument(
        "--lessons",
        type=Path,
        default=None,
        metavar="FOLDER",
        help="a folder of your own lesson notebooks (.ipynb) to serve instead of the app's own lessons",
    )
    parser.add_argument(
        "--decks",
        type=Path,
        default=None,
        metavar="FOLDER",
        help="a folder of .toml and .csv deck files that every game offers (default: decks/ in the lessons' folder)",
    )
    parser.add_argument(
        "--base-url",
        default=base_url,
        metavar="PATH",
        help=(
            "the address path the app answers under, such as /user/NAME/ (default /; on a JupyterHub, "
            f"the hub's prefix for this server, ${SERVICE_PREFIX_VARIABLE})"
        ),
    )
    parser.add_argument(
        "--max-kernels",
        type=_at_least_one,
        default=DEFAULT_MAX_KERNELS,
        metavar="N",
        help=(
            "pupils' pages (kernels) open at once, not counting the pool; the next visitor is asked to wait "
            f"(default {DEFAULT_MAX_KERNELS}; each page holds about {KERNEL_MIB} MB)"
        ),
    )
    parser.add_argument(
        "--pool-size",
        type=_at_least_zero,
        default=DEFAULT_POOL_SIZE,
        metavar="N",
        help=(
            "kernels kept started and executed for each lesson, so a page opens at once (0: none; "
            f"default {DEFAULT_POOL_SIZE}); costs about {KERNEL_MIB} MB per kernel, times the number of lessons"
        ),
    )
    parser.add_argument(
        "--wait-for-place",
        type=_seconds,
        default=DEFAULT_PLACE_WAIT_SECONDS,
        metavar="SECONDS",
        help=(
            "how long a visitor who finds every place taken waits for one to free (a pupil reloading a page) "
            f"before the class-is-full page (default {DEFAULT_PLACE_WAIT_SECONDS:g})"
        ),
    )
    parser.add_argument(
        "--reconnect-seconds",
        type=_more_than_zero_seconds,
        default=DEFAULT_RECONNECT_SECONDS,
        metavar="SECONDS",
        help=(
            "how long a page may go without a connection to its kernel (a reload, a closed browser, a dropped "
            f"Wi-Fi) before its kernel is shut down and its place freed (default {DEFAULT_RECONNECT_SECONDS:g})"
        ),
    )


def serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Starts the app with the options `add_serve_options` parsed into `args`, and serves until interrupted (Ctrl+C).

    Args:
        parser: The parser that read `args`; a bad ``--lessons`` or
            ``--base-url`` ends the program through it, with its usage and
            what was wrong (exit status 2).
        args: The parsed options.
    """
    try:
        lessons = installed_lessons() if args.lessons is None else check_lessons(args.lessons)
    except (FileNotFoundError, ValueError) as problem:
        parser.error(str(problem))
    base_url = args.base_url if args.base_url.endswith("/") else args.base_url + "/"
    if not base_url.startswith("/"):
        parser.error(f"argument --base-url: expected a path starting with '/', as in /user/NAME/; got {base_url!r}")
    decks = lessons / DECKS_IN_LESSONS if args.decks is None else args.decks
    os.environ[DECKS_FOLDER_VARIABLE] = str(decks.resolve())  # every page's kernel inherits it
    # Voilà finds templates in the Jupyter data folders; ours comes first.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATE_ROOT), os.environ.get("JUPYTER_PATH")]))
    from widgets._toolkit.clock import TEST_MODE_VARIABLE, in_test_mode
    from widgets.server.app import guarded_voila  # Voilà and tornado load only when the app starts

    if in_test_mode():  # every page deals known seeds and its timers stand still: never for a class
        sys.stderr.write(
            f"TEST MODE ({TEST_MODE_VARIABLE}=1): every game is dealt a known seed and its clock stands still "
            f"until a test moves it. Never serve a class like this: unset {TEST_MODE_VARIABLE} and start again.\n"
        )

    served = lessons_in(lessons)
    app_class = guarded_voila(
        landing_page=landing_page(served),
        lessons=served,
        max_kernels=args.max_kernels,
        pages_at_once=PAGES_AT_ONCE,
        place_wait_seconds=args.wait_for_place,
    )
    arguments = voila_arguments(
        port=args.port,
        open_browser=not args.no_browser,
        ip=args.ip,
        pool_size=args.pool_size,
        reconnect_seconds=args.reconnect_seconds,
        lessons=lessons,
        base_url=base_url,
    )
    app_class.launch_instance(arguments)


def main(argv: Sequence[str] | None = None) -> None:
    """Starts the app and serves until interrupted (Ctrl+C), as ``toptrumps-classroom serve`` does.

    Args:
        argv: The launcher's options (`add_serve_options`); None for the program's own.
    """
    parser = argparse.ArgumentParser(prog="python -m widgets.server", description=__doc__.splitlines()[0])
    add_serve_options(parser)
    serve(parser, parser.parse_args(argv))


def _at_least_one(text: str) -> int:
    """Parses ``--max-kernels``: a whole number of 1 or more."""
    return _whole_number(text, least=1)


def _at_least_zero(text: str) -> int:
    """Parses ``--pool-size``: a whole number of 0 or more."""
    return _whole_number(text, least=0)


def _port(text: str) -> int:
    """Parses ``--port``: a port number, 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535; got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535; got {port}")
    return port


def _seconds(text: str) -> float:
    """Parses ``--wait-for-place``: a number of seconds, 0 or more."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, 0 or more; got {text!r}") from None
    if not seconds >= 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds, 0 or more; got {text}")
    return seconds


def _more_than_zero_seconds(text: str) -> float:
    """Parses ``--reconnect-seconds``: a number of seconds, more than 0."""
    seconds = _seconds(text)
    if seconds == 0:
        raise argparse.ArgumentTypeError("expected a number of seconds, more than 0; got 0")
    return seconds


def _whole_number(text: str, *, least: int) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of kernels, {least} or more; got {text!r}") from None
    if number < least:
        raise argparse.ArgumentTypeError(f"expected a whole number of kernels, {least} or more; got {number}")
    return number
