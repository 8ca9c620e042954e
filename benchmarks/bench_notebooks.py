"""What each teaching notebook costs a kernel: seconds to execute it, and memory after.

Each notebook of ``notebooks/`` (or those named on the command line) is
executed headless by nbclient in a fresh kernel, as Voila (and its
preheated kernels) execute a page before a pupil sees it, together with a
bare notebook of one cell that shows one ipywidgets ``Button``, in the same
run and on the same machine.  Printed per notebook: the seconds the kernel
took to start, the seconds to execute every cell, the kernel's resident
memory (RSS) and unique memory (USS, what one more pupil's kernel adds) in
MiB after the last cell, each as a multiple of the bare kernel's, and which
of the heavy optional libraries (numpy, numba, pandas, matplotlib) the page
imported.  Every time is the best of ``--repeat`` fresh kernels, so that a
burst of other work on a shared machine slows one run, not the figure;
memory is the smallest too.  Nothing is asserted.

Run: ``.venv/bin/python benchmarks/bench_notebooks.py [01 04 ...] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import psutil
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
HEAVY = ("numpy", "numba", "pandas", "matplotlib")
BARE = "bare one-Button"
MIB = 1024 * 1024
_PROBE = f"import sys, json; print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"


@dataclass(frozen=True)
class Run:
    """One notebook executed in one fresh kernel.

    Attributes:
        start: Seconds from asking for a kernel until it answers.
        execute: Seconds to execute every code cell, in order.
        rss: The kernel process's resident memory after the last cell, in MiB.
        uss: Its unique memory (pages no other process shares), in MiB.
        heavy: The heavy optional libraries in the kernel's ``sys.modules``.
    """

    start: float
    execute: float
    rss: float
    uss: float
    heavy: tuple[str, ...]


def bare_notebook() -> nbformat.NotebookNode:
    """The baseline page: one cell that shows one ipywidgets button."""
    return nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell('import ipywidgets\nipywidgets.Button(description="Go")')]
    )


def run_once(notebook: nbformat.NotebookNode) -> Run:
    """Executes ``notebook`` in a fresh kernel (working folder ``notebooks/``) and measures it.

    Raises:
        nbclient.exceptions.CellExecutionError: A cell raised.
    """
    km = KernelManager(kernel_name="python3")
    began = time.perf_counter()
    km.start_kernel(cwd=str(NOTEBOOKS), stderr=subprocess.DEVNULL)  # not its start-up warnings
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        started = time.perf_counter()
        client = NotebookClient(notebook, km=km, kc=kc, timeout=600, resources={"metadata": {"path": str(NOTEBOOKS)}})
        client.execute()
        executed = time.perf_counter()
        memory = psutil.Process(km.provisioner.process.pid).memory_full_info()  # type: ignore[union-attr]
        probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(_PROBE)])
        NotebookClient(probe, km=km, kc=kc, timeout=60).execute()
        heavy = tuple(json.loads(probe.cells[0].outputs[0]["text"]))
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)
    return Run(started - began, executed - started, memory.rss / MIB, memory.uss / MIB, heavy)


def best_of(notebook: nbformat.NotebookNode, repeat: int) -> Run:
    """The best figures of ``repeat`` fresh kernels (each notebook copy executed once)."""
    runs = [run_once(nbformat.from_dict(json.loads(json.dumps(notebook)))) for _ in range(repeat)]
    return Run(
        min(r.start for r in runs),
        min(r.execute for r in runs),
        min(r.rss for r in runs),
        min(r.uss for r in runs),
        runs[-1].heavy,
    )


def _rows(bare: Run, paths: list[Path], repeat: int) -> Iterator[tuple[str, Run]]:
    yield BARE, bare
    for path in paths:
        yield path.stem, best_of(nbformat.read(path, as_version=4), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="notebook name prefixes such as 01 04 (default: every notebook)")
    parser.add_argument("--repeat", type=int, default=1, help="fresh kernels per notebook; the best is printed")
    args = parser.parse_args()
    paths = sorted(NOTEBOOKS.glob("*.ipynb"))
    if args.prefixes:
        paths = [p for p in paths if any(p.name.startswith(prefix) for prefix in args.prefixes)]
    bare = best_of(bare_notebook(), args.repeat)
    print(
        f"{'notebook':<32} {'start s':>7} {'exec s':>7} {'RSS MiB':>8} {'xbare':>6} {'USS MiB':>8} {'xbare':>6}",
        "heavy",
    )
    for name, run in _rows(bare, paths, args.repeat):
        print(
            f"{name:<32} {run.start:7.2f} {run.execute:7.2f} {run.rss:8.1f} {run.rss / bare.rss:6.2f}"
            f" {run.uss:8.1f} {run.uss / bare.uss:6.2f}  {','.join(run.heavy) or '-'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
