"""The ``toptrumps-classroom`` command: the one way to start the app, and to prepare it.

``toptrumps-classroom serve`` starts the app (every option of the launcher,
`widgets.server.add_serve_options`, with the same defaults);
``toptrumps-classroom warm-up`` compiles the simulation engine into its
shared cache, once after installing, so the first lesson that plays many
games opens at once; ``toptrumps-classroom --version`` prints the version.
``./scripts/app.sh``, Binder and the container image (``Dockerfile``) all
start the app through it.

Examples:
    toptrumps-classroom serve --no-browser --port 9000
    toptrumps-classroom warm-up
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from widgets.server import add_serve_options, serve
from widgets.server.lessons import DISTRIBUTION, app_version

__all__ = ["PROGRAM", "command_parser", "main", "warm_up"]

PROGRAM = DISTRIBUTION
"""The command's name (``[project.scripts]`` of ``pyproject.toml``)."""

WARM_UP_SEATS = (2, 3)
"""The numbers of players the warm-up plays: the engine compiles its playing loop once for each."""

_DESCRIPTION = (
    "Top Trumps Classroom: lessons on probability, played as card games in a web browser. "
    "Start the app with 'serve' and open the address it prints."
)


def warm_up() -> str:
    """Plays a few games on the simulation engine, compiling it into its cache when the cache is cold.

    Run once after installing (and after each upgrade) as the user who
    installed the app: the compile is kept beside the installed code, where
    every pupil's page reads it; with the cache warm it takes a second or two.

    Returns:
        One line for the person who ran it: how long it took and where the
        compile is kept (or that it is not kept, and why).
    """
    from toptrumps_core import ClassicRules, load_deck  # the engine loads numpy and numba: only when asked
    from toptrumps_core.simulation import play_batch
    from toptrumps_core.simulation.jit import cache_folder

    start = time.perf_counter()
    for seats in WARM_UP_SEATS:
        play_batch(ClassicRules(load_deck("animals"), seats=seats), ["random"] * seats, [1, 2])
    where = cache_folder()
    kept = f"cached in {where}" if where else "not cached: no writable folder (set NUMBA_CACHE_DIR)"
    return f"Simulation engine ready in {time.perf_counter() - start:.1f} s ({kept})."


def command_parser() -> argparse.ArgumentParser:
    """Returns the command's parser: ``--version``, then ``serve`` (its options) or ``warm-up``.

    ``serve``'s parsed options carry their parser as ``parser`` (for `widgets.server.serve`'s errors).
    """
    parser = argparse.ArgumentParser(prog=PROGRAM, description=_DESCRIPTION)
    parser.add_argument(
        "--version", action="version", version=f"{PROGRAM} {app_version()}", help="print the app's version and stop"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    serve_parser = commands.add_parser(
        "serve",
        help="start the app and serve the lessons to browsers (Ctrl+C stops it)",
        description=(
            "Start the app: the lessons open in a web browser at the address printed below, "
            "on the start page, which links to every lesson."
        ),
    )
    add_serve_options(serve_parser)
    serve_parser.set_defaults(parser=serve_parser)
    commands.add_parser(
        "warm-up",
        help="prepare the simulation engine once after installing, so the first lessons open at once",
        description=(
            "Compile the simulation engine into its cache (tens of seconds, once): run it after installing "
            "or upgrading, as the user who installed the app."
        ),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    """Runs ``toptrumps-classroom`` with `argv` (None: the program's own arguments).

    A wrong command or option ends the program with its usage, what was
    wrong, and exit status 2 (argparse).
    """
    parser = command_parser()
    args = parser.parse_args(argv)
    if args.command == "warm-up":
        sys.stdout.write(warm_up() + "\n")  # the command line, not a page: widgets never print()
    else:
        serve(args.parser, args)


if __name__ == "__main__":  # pragma: no cover - run as ``python -m widgets.server.command``
    main(sys.argv[1:])
