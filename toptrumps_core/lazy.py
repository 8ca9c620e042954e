"""A package's public names, each imported from its module when first used (PEP 562).

Every package of the core that loads its modules only when a name is used
(the root package, `strategies`, `narration`, `simulation`) builds its
module-level ``__getattr__`` and ``__dir__`` here, once::

    __getattr__, __dir__ = lazy_exports(__name__, {"play": "toptrumps_core.play"})

This module sits in the bottom layer, so any package may import it, and it
imports only `importlib` and `sys` (loaded by every interpreter before any of
our code): ``import toptrumps_core`` stays as cheap as before
(`benchmarks/bench_import.py`).
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # True for type checkers; importing typing would cost more than this whole module
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(package: str, homes: Mapping[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """Returns a package's ``__getattr__`` and ``__dir__``, which import each public name's module on first use.

    The returned ``__getattr__(name)`` imports the module `homes` names for
    `name`, takes `name` from it and keeps it in the package's namespace, so
    later uses never call it again.  ``__dir__()`` lists the package's
    namespace, its ``__all__`` and every name of `homes`, sorted.

    Args:
        package: The package's ``__name__``, e.g. ``"toptrumps_core.strategies"``.
        homes: Public name -> the module that defines it: absolute
            (``"toptrumps_core.play"``) or relative to `package`
            (``".registry"``).  Read when a name is first used, so the
            package may fill it after this call.

    Returns:
        ``(__getattr__, __dir__)``, to assign at the package's module level.

    Raises:
        AttributeError: From ``__getattr__``, if `name` is not in `homes`
            (the message names the package and the name), or its module has
            no such name.

    Example:
        >>> getter, names = lazy_exports("toptrumps_core", {"make_rng": "toptrumps_core.chance"})
        >>> getter("make_rng").__name__
        'make_rng'
        >>> "make_rng" in names()
        True
    """

    def __getattr__(name: str) -> object:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        vars(sys.modules[package])[name] = value  # later uses skip this function
        return value

    def __dir__() -> list[str]:
        namespace = vars(sys.modules[package])
        return sorted(set(namespace) | set(namespace.get("__all__", ())) | set(homes))

    return __getattr__, __dir__
