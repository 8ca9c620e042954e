"""Where numba keeps the batch engine's compile, and when a kept compile is still the engine's.

numba keeps a compiled function in the first of these folders that it can
write: ``NUMBA_CACHE_DIR`` when that is set, ``__pycache__`` beside the
source, the user's cache folder (``~/.cache/numba``).  `EngineCache` keeps
that order with one change:

- Freshness: numba checks a kept function against its own module's source
  only, yet a compiled caller holds copies of its callees from other
  modules (the playing loop holds the streams' seeding).  Every function
  here is checked against all the engine's modules (`engine_stamp`): a
  change to any of them compiles the engine afresh, never runs a callee's
  old code.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from numba.core import caching

__all__ = ["EngineCache", "engine_stamp", "sources_stamp"]


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

    Every kept compiled function is checked against it, so a change to any
    of the engine's modules compiles the engine afresh.
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
    _locator_classes: list[type[object]] = [  # noqa: RUF012 (numba's own list)
        _UserProvided,
        _InTree,
        _UserWide,
    ]


class EngineCache(caching.FunctionCache):
    """numba's cache of one compiled function, checked against `engine_stamp`.

    Set as a numba dispatcher's ``_cache`` (what numba's own
    ``enable_caching`` does with its cache).

    Args:
        py_func: The Python function compiled.

    Raises:
        RuntimeError: When no folder can be written (numba's own error).
    """

    _impl_class = _EngineCacheImpl
