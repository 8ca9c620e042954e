"""Compiling the batch engine with numba, cached on disk where a folder is writable.

numba keeps compiled code in ``NUMBA_CACHE_DIR`` when that is set, else
beside the source (``__pycache__``) when that folder is writable, else in
the user's cache folder (``~/.cache/numba``).  Where none is writable (a
read-only install with no home folder) the engine still runs, compiling
once per process: `cache_folder` then returns None.  Set ``NUMBA_CACHE_DIR``
to a writable folder to keep the compile between processes there.

A change to any of the engine's modules compiles the engine afresh, and a
shared install whose code folder only its administrator can write reads
the compile its set-up left there (`toptrumps_core.simulation.compile_cache`).

`counting_compiles` counts what numba compiles while a block runs (a load
from the cache is not a compile), to check that a warm cache is used.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import numba
from numba.core import event

from toptrumps_core.simulation.compile_cache import EngineCache

__all__ = [
    "CompileCount",
    "cache_folder",
    "compiled",
    "compiled_inline",
    "counting_compiles",
]

F = TypeVar("F", bound=Callable[..., Any])

_FOLDERS: dict[str, str | None] = {}


def compiled(function: F) -> F:
    """Returns `function` compiled by numba (no Python objects, the GIL released), cached on disk if possible.

    Whole-number division and remainder by zero are not checked (numpy's
    error model): the engine never divides by zero, and the checks cost
    compile time and speed.

    Args:
        function: A function of numbers and numpy arrays only (numba's
            nopython mode), compiled on its first call for the argument
            types of that call.

    Returns:
        numba's dispatcher, called as `function` is.

    Raises:
        numba.core.errors.TypingError: When first called with arguments
            numba cannot compile.
    """
    return _compile(function, inline=False)


def compiled_inline(function: F) -> F:
    """Returns `function` like `compiled`, but written into each compiled caller in place of a call.

    For small functions on the hot path of a loop: a compiled caller pays
    no call, and the compiler optimises the function's code with the
    caller's.  Called from Python, it runs like any compiled function.

    Args:
        function: As for `compiled`; small, since every caller holds a copy.

    Returns:
        numba's dispatcher, called as `function` is.

    Raises:
        numba.core.errors.TypingError: When first called with arguments
            numba cannot compile.
    """
    return _compile(function, inline=True)


def _compile(function: F, *, inline: bool) -> F:
    """Returns `function` compiled by numba, on its first call, cached on disk if possible."""
    options: dict[str, Any] = {"nogil": True, "error_model": "numpy", "inline": "always" if inline else "never"}
    dispatcher = numba.njit(**options)(function)
    try:  # numba's own `enable_caching`, with the engine's cache
        kept = EngineCache(function)  # type: ignore[no-untyped-call]
        dispatcher._cache = kept
        _FOLDERS[_name(function)] = str(kept._impl.locator.get_cache_path())
    except RuntimeError:  # numba found no folder to cache in
        _FOLDERS[_name(function)] = None
    return cast(F, dispatcher)


def cache_folder(function: Callable[..., Any] | None = None) -> str | None:
    """Returns the folder holding compiled code, or None when it is not kept (compiled once per process).

    Args:
        function: A function made by `compiled` or `compiled_inline`; None
            for the batch engine's own (the simulation package's): None
            unless every one of them is kept, else the first of their folders.

    Raises:
        KeyError: If `function` was not made by `compiled` or `compiled_inline`.

    Example:
        >>> folder = cache_folder()
        >>> folder is None or isinstance(folder, str)
        True
    """
    if function is not None:
        return _FOLDERS[_name(getattr(function, "py_func", function))]
    folders = {folder for name, folder in _FOLDERS.items() if name.startswith(_ENGINE)}
    if None in folders or not folders:
        return None
    return sorted(f for f in folders if f is not None)[0]


_ENGINE = __name__.rsplit(".", 1)[0] + "."


def _name(function: Callable[..., Any]) -> str:
    """Returns a function's module and qualified name, e.g. ``toptrumps_core.simulation.kernel.play_games``."""
    return f"{function.__module__}.{function.__qualname__}"


@dataclass
class CompileCount:
    """What numba compiled while a `counting_compiles` block ran.

    Attributes:
        functions: The name of each function compiled, once per
            specialisation, callees (compiled inside their callers) included,
            in the order their compiles ended.
        seconds: Wall-clock seconds spent compiling, >= 0: the outermost
            compiles only, so a callee's time is not counted twice.
        cpu_seconds: The process's CPU seconds over the same compiles
            (`time.process_time`): on a busy machine, nearer the work done.
    """

    functions: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0


class _CompileListener(event.Listener):
    """Adds each compile numba reports to a `CompileCount`."""

    def __init__(self, count: CompileCount) -> None:
        self.count = count
        self.started: list[tuple[float, float]] = []

    def on_start(self, event: Any) -> None:
        self.started.append((time.perf_counter(), time.process_time()))

    def on_end(self, event: Any) -> None:
        if not self.started:  # a compile that began before the count did
            return
        wall, cpu = self.started.pop()
        if not self.started:
            self.count.seconds += time.perf_counter() - wall
            self.count.cpu_seconds += time.process_time() - cpu
        self.count.functions.append(event.data["dispatcher"].py_func.__name__)


@contextmanager
def counting_compiles() -> Iterator[CompileCount]:
    """Counts numba's compiles while the block runs (numba's ``numba:compile`` events; cache loads are not compiles).

    Counts the compiles of the thread that runs the block and of any other
    thread compiling meanwhile (numba compiles one function at a time).

    Yields:
        A `CompileCount`, filled in as the block runs.

    Example:
        >>> with counting_compiles() as count:
        ...     pass
        >>> count.functions, count.seconds, count.cpu_seconds
        ([], 0.0, 0.0)
    """
    count = CompileCount()
    with event.install_listener("numba:compile", _CompileListener(count)):
        yield count
