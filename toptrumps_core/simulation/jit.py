"""Compiling the batch engine with numba, cached on disk where a folder is writable.

numba keeps compiled code beside the source (``__pycache__``) when that
folder is writable, else in the user's cache folder (``~/.cache/numba``), or
in ``NUMBA_CACHE_DIR`` when that is set.  Where none is writable (a
read-only install with no home folder) the engine still runs, compiling
once per process: `cache_folder` then returns None.  Set ``NUMBA_CACHE_DIR``
to a writable folder to keep the compile between processes there.

numba checks a cached function against its own module's source only, yet a
compiled caller holds copies of its callees from other modules (the
playing loop holds the streams' seeding).  Here every cached function is
checked against all the engine's modules (`engine_stamp`): a change to any
of them compiles the engine afresh, never runs a callee's old code.

`counting_compiles` counts what numba compiles while a block runs (a load
from the cache is not a compile), to check that a warm cache is used.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core import caching, event

__all__ = [
    "CompileCount",
    "cache_folder",
    "compiled",
    "compiled_inline",
    "counting_compiles",
    "engine_stamp",
    "sources_stamp",
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
    try:  # numba's own `enable_caching`, with the engine's source stamp
        dispatcher._cache = _EngineCache(function)  # type: ignore[no-untyped-call]
        _FOLDERS[function.__qualname__] = _folder_of(dispatcher)
    except RuntimeError:  # numba found no writable folder to cache in
        _FOLDERS[function.__qualname__] = None
    return cast(F, dispatcher)


def sources_stamp(folder: Path) -> str:
    """Returns the SHA-256 of the names and contents of the ``*.py`` files in `folder`, as hex.

    Args:
        folder: A folder of Python modules (not searched below).

    Example:
        >>> len(sources_stamp(Path(__file__).parent))
        64
    """
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@cache
def engine_stamp() -> str:
    """Returns `sources_stamp` of the simulation package, the engine's modules: read once per process.

    Every cached compiled function is checked against it, so a change to
    any of the engine's modules compiles the engine afresh.
    """
    return sources_stamp(Path(__file__).parent)


class _EngineStamp:
    """A numba cache locator's freshness: the engine's modules together, not one function's module alone."""

    def get_source_stamp(self) -> str:
        return engine_stamp()


class _UserProvided(_EngineStamp, caching.UserProvidedCacheLocator):
    """``NUMBA_CACHE_DIR``, when set."""


class _InTree(_EngineStamp, caching.InTreeCacheLocator):
    """``__pycache__`` beside the source, when writable."""


class _UserWide(_EngineStamp, caching.UserWideCacheLocator):
    """The user's cache folder."""


class _EngineCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes: list[type[object]] = [_UserProvided, _InTree, _UserWide]  # noqa: RUF012 (numba's own list)


class _EngineCache(caching.FunctionCache):
    """numba's cache of compiled functions, checked against `engine_stamp`.

    Raises:
        RuntimeError: When no folder can be written (numba's own error).
    """

    _impl_class = _EngineCacheImpl


def cache_folder() -> str | None:
    """Returns the folder holding the batch engine's compiled code, or None when nothing is cached.

    Example:
        >>> folder = cache_folder()
        >>> folder is None or isinstance(folder, str)
        True
    """
    folders = {folder for folder in _FOLDERS.values()}
    if None in folders or not folders:
        return None
    return sorted(f for f in folders if f is not None)[0]


def _folder_of(dispatcher: Any) -> str | None:
    """Returns the folder numba's cache of `dispatcher` writes to (numba's own locator), or None."""
    try:
        return str(dispatcher._cache._impl._locator.get_cache_path())
    except AttributeError:
        return None


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
