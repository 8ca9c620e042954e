"""Compiling the batch engine with numba, cached on disk where a folder is writable.

numba keeps compiled code beside the source (``__pycache__``) when that
folder is writable, else in the user's cache folder (``~/.cache/numba``), or
in ``NUMBA_CACHE_DIR`` when that is set.  Where none is writable (a
read-only install with no home folder) the engine still runs, compiling
once per process: `cache_folder` then returns None.  Set ``NUMBA_CACHE_DIR``
to a writable folder to keep the compile between processes there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["cache_folder", "compiled", "compiled_for"]

F = TypeVar("F", bound=Callable[..., Any])

_FOLDERS: dict[str, str | None] = {}


def compiled(function: F) -> F:
    """Returns `function` compiled by numba (no Python objects, the GIL released), cached on disk if possible.

    Raises:
        numba.core.errors.TypingError: When first called with arguments
            numba cannot compile.
    """
    return _compile(function, None)


def compiled_for(signature: str) -> Callable[[F], F]:
    """Returns a decorator like `compiled` that compiles for one numba `signature` only, at once.

    One signature, instead of one version per distinct call (numba
    specialises small whole-number arguments by their value), keeps the
    compile short.

    Args:
        signature: A numba signature such as ``"uint64(uint64, int64)"``.

    Raises:
        numba.core.errors.TypingError: When `signature` does not fit the function.
    """

    def decorate(function: F) -> F:
        return _compile(function, signature)

    return decorate


def _compile(function: F, signature: str | None) -> F:
    """Returns `function` compiled by numba, for `signature` at once or else on first call, cached if possible."""
    jit = numba.njit if signature is None else (lambda **options: numba.njit(signature, **options))
    try:
        dispatcher = jit(cache=True, nogil=True)(function)
        _FOLDERS[function.__qualname__] = _folder_of(dispatcher)
    except RuntimeError:  # numba found no writable folder to cache in
        dispatcher = jit(cache=False, nogil=True)(function)
        _FOLDERS[function.__qualname__] = None
    return cast(F, dispatcher)


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
