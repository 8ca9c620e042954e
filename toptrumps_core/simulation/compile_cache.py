"""Where numba keeps the batch engine's compile, and when a kept compile is still the engine's.

numba keeps a compiled function in the first of these folders that it can
write: ``NUMBA_CACHE_DIR`` when that is set, ``__pycache__`` beside the
source, the user's cache folder (``~/.cache/numba``).  `EngineCache` keeps
that order (numba's ``NUMBA_CACHE_LOCATOR_CLASSES``, when set, replaces it,
and with it the two changes) with two changes:

- Freshness: numba checks a kept function against its own module's source
  only, yet a compiled caller holds copies of its callees from other
  modules (the playing loop holds the streams' seeding).  Every function
  here is checked against all the engine's modules (`ENGINE_MODULES`,
  `engine_stamp`): a change to any of them compiles the engine afresh,
  never runs a callee's old code.
- A shared install: where ``__pycache__`` beside the source cannot be
  written (a school server's or a hub's environment, installed by an
  administrator) but holds this engine's compile, put there by the set-up
  (``toptrumps-classroom warm-up``), the compile is read from there, instead of
  every pupil's first run compiling it again into their own cache folder.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from numba.core import caching

__all__ = ["ENGINE_MODULES", "EngineCache", "engine_stamp", "sources_stamp"]


ENGINE_MODULES = ("compile_cache.py", "jit.py", "kernel.py", "twister.py")
"""The modules of the simulation package whose code, or compile options, go into the engine's compile."""


def sources_stamp(paths: Iterable[Path]) -> str:
    """Returns the SHA-256 of the names and contents of the files `paths`, as hex: the same for the same files.

    Args:
        paths: Files, in any order.

    Raises:
        OSError: If a file cannot be read.

    Example:
        >>> len(sources_stamp(Path(__file__).parent / name for name in ENGINE_MODULES))
        64
    """
    digest = hashlib.sha256()
    for path in sorted(paths, key=lambda path: path.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@cache
def engine_stamp() -> str:
    """Returns `sources_stamp` of the `ENGINE_MODULES`, read once per process.

    Every kept compiled function is checked against it, so a change to any
    of the engine's modules compiles the engine afresh.
    """
    return sources_stamp(Path(__file__).parent / name for name in ENGINE_MODULES)


class _EngineStamp:
    """A numba cache locator's freshness: the engine's modules together, not one function's module alone."""

    writable = True

    def get_source_stamp(self) -> str:
        return engine_stamp()


class _UserProvided(_EngineStamp, caching.UserProvidedCacheLocator):
    """``NUMBA_CACHE_DIR``, when set."""


class _InTree(_EngineStamp, caching.InTreeCacheLocator):
    """``__pycache__`` beside the source, when writable."""


class _InTreeReadOnly(_EngineStamp, caching.InTreeCacheLocator):
    """``__pycache__`` beside the source when it cannot be written but holds the function's fresh compile."""

    writable = False

    def ensure_cache_path(self) -> None:
        """Raises OSError unless the folder can be read (it is never written)."""
        if not os.access(self.get_cache_path(), os.R_OK | os.X_OK):
            raise OSError(f"cannot read {self.get_cache_path()}")

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> _InTreeReadOnly | None:
        """Returns the locator when the folder holds `py_func`'s compile for today's engine, else None."""
        locator = super().from_function(py_func, py_file)
        if locator is None:
            return None
        # numba's own name for the function's index (numba.core.caching._CacheImpl)
        name = f"{Path(py_file).stem}.{py_func.__qualname__}".replace("<", "").replace(">", "")
        base = f"{name}-{locator.get_disambiguator()}.py{sys.version_info[0]}{sys.version_info[1]}"
        folder, abiflags = locator.get_cache_path(), getattr(sys, "abiflags", "")
        index = caching.IndexDataCacheFile(folder, base + abiflags, engine_stamp())
        try:
            fresh = bool(index._load_index())  # empty for another engine or another numba
        except Exception:  # an index cut short, or not numba's: not this engine's compile
            fresh = False
        return locator if fresh else None


class _UserWide(_EngineStamp, caching.UserWideCacheLocator):
    """The user's cache folder."""


class _EngineCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes: list[type[object]] = [  # noqa: RUF012 (numba's own list)
        _UserProvided,
        _InTree,
        _InTreeReadOnly,
        _UserWide,
    ]


class EngineCache(caching.FunctionCache):
    """numba's cache of one compiled function, checked against `engine_stamp`, and read-only where it must be.

    Set as a numba dispatcher's ``_cache`` (what numba's own
    ``enable_caching`` does with its cache).

    Args:
        py_func: The Python function compiled.

    Raises:
        RuntimeError: When no folder can be written or read (numba's own error).
    """

    _impl_class = _EngineCacheImpl

    def save_overload(self, sig: Any, data: Any) -> None:
        """Keeps a new compile, except in a folder read only: there it lives as long as the process."""
        if self._impl.locator.writable:
            super().save_overload(sig, data)
