"""The app's pages: time to the first usable control in Chromium, and a class opening lesson 1 at once.

The script starts the app as the launcher does (``python -m widgets.server``,
preheated kernels, ``--pool-size``) on a port of its own, waits until every
lesson's pool is full, then prints:

1. **One pupil**: for each notebook 00-08, the seconds from asking for the
   page in headless Chromium (Debian's ``/usr/bin/chromium`` through
   Playwright, as the browser tests do) until the page has loaded (its HTML
   and scripts) and until its first widget control (a button, field or list
   inside a widget) shows and is enabled, which the page draws only once its
   kernel has sent every widget of the page.  Each notebook is opened
   ``--repeat`` times, each in a fresh browser context and from the preheated
   pool (the script waits after each visit until the pool has refilled and
   the server is quiet); the row gives the median and the worst, and the
   kilobytes the page's websocket brought before its first control (the
   widgets' state).  A reference row comes first: a bare notebook with one
   ipywidgets Button, served by the same app from the same pool settings, whose
   first control is the floor Voilà itself sets.  One visit of it before
   the rows, not counted, warms Chromium up (its first page pays for starting
   the browser's processes).
2. **A class at once**: ``--pupils`` pupils open lesson 01 at the same moment,
   one in Chromium and the others as widget-protocol clients
   (`tests.load.pupils`); the seconds until each has a usable control
   (fastest, median, slowest), then the memory of each pupil's kernel from
   ``/proc`` (RSS, PSS and USS, in MiB) against a bare kernel showing one
   ipywidgets Button, started in the same run.  ``--pupils 0`` leaves this out.

Nothing outside this machine loads: Chromium resolves no host name but
localhost (``--host-resolver-rules``, which costs the page nothing, unlike a
request handler in Playwright), and every request to another host is counted
and printed; there should be none.  The app serves a copy of ``notebooks/``
with the bare notebook added, in a temporary folder (the teacher's deck folder
stays ``notebooks/decks``).  Nothing is asserted: the figures are printed for
the project's notes.

Run: ``.venv/bin/python benchmarks/bench_pages.py`` (``--help``; ``--only 07``
opens only the notebooks whose names contain 07); it takes about a minute per
notebook and repeat on two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.load.pupils, run from anywhere

from tests.load.pupils import Pupil  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LOCAL_HOSTS = ("localhost", "127.0.0.1")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    # Every other host name fails to resolve, so nothing outside this machine loads.
    "--host-resolver-rules=MAP * ~NOTFOUND, " + ", ".join(f"EXCLUDE {host}" for host in LOCAL_HOSTS),
]
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome:", "chrome-error:")
CONTROL = (
    "button.jupyter-widgets:not([disabled]), .jupyter-widgets button:not([disabled]),"
    " .jupyter-widgets input:not([disabled]),"
    " .jupyter-widgets select:not([disabled]), .jupyter-widgets textarea:not([disabled])"
)
FIRST_CONTROL_JS = f"""() => [...document.querySelectorAll({CONTROL!r})].some(e => e.offsetParent !== null)"""
PAGE_SECONDS = 300
LESSON = "01_classic_top_trumps.ipynb"
BARE_WIDGET = "import ipywidgets\nbutton = ipywidgets.Button(description='Go')\ndisplay(button)"
BARE_NOTEBOOK = "zz_bare_button.ipynb"
"""The reference page: one code cell showing one ipywidgets Button (`BARE_WIDGET`)."""


@dataclass(frozen=True)
class Visit:
    """One page opened in Chromium: seconds to loaded and to the first control (None: not in time).

    `websocket_kib` is what the page's websockets brought before its first
    control, in KiB; `outside` the addresses on other hosts it asked for.
    """

    loaded: float | None
    control: float | None
    websocket_kib: float
    outside: tuple[str, ...]


@dataclass(frozen=True)
class Memory:
    """One process's memory in MiB: resident (RSS), proportional (PSS) and its own (USS)."""

    rss: float
    pss: float
    uss: float


def memory_of(pid: int) -> Memory:
    """Reads `pid`'s memory from ``/proc/<pid>/smaps_rollup`` (Linux)."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) / 1024
    return Memory(fields["Rss"], fields["Pss"], fields["Private_Clean"] + fields["Private_Dirty"])


def kernel_pid(kernel_id: str) -> int | None:
    """Returns the process id of the kernel `kernel_id` (its command line names its connection file)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if f"kernel-{kernel_id}.json".encode() in command:
                return int(entry.name)
    return None


def served_folder(folder: Path) -> Path:
    """Copies the notebooks into `folder` and adds the bare one-Button notebook; returns `folder`."""
    import nbformat

    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, folder / notebook.name)
    bare = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE_WIDGET)])
    bare.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(bare, folder / BARE_NOTEBOOK)
    return folder


def start_app(port: int, pool_size: int, log: Path, folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Starts the app on `folder` and returns it and its base URL once every lesson's pool is full."""
    command = [
        sys.executable,
        "-m",
        "widgets.server.command",
        "serve",
        f"--lessons={folder}",
        "--no-browser",
        f"--port={port}",
        f"--pool-size={pool_size}",
        f"--decks={ROOT / 'notebooks' / 'decks'}",
    ]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    lessons = len(list(folder.glob("*.ipynb")))
    deadline = time.monotonic() + PAGE_SECONDS
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        found = re.search(r"(http://localhost:\d+)/", text)
        if process.poll() is not None:
            raise SystemExit(f"the app stopped:\n{text[-2000:]}")
        if found and (pool_size == 0 or text.count("Kernel pool of ") >= lessons):
            wait_until_quiet(process.pid)  # the pooled kernels have run their notebooks
            return process, found.group(1)
        time.sleep(0.5)
    raise SystemExit(f"the app's pools were not full after {PAGE_SECONDS} s")


def cpu_seconds(pid: int) -> float:
    """Returns the CPU seconds `pid` has used (user and system, from ``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_quiet(server: int, quiet_seconds: float = 3.0) -> None:
    """Waits until the server's kernels use almost no CPU for `quiet_seconds` (at most `PAGE_SECONDS`)."""
    deadline = time.monotonic() + PAGE_SECONDS
    quiet_since = time.monotonic()
    before = _children_cpu(server)
    while time.monotonic() < deadline and time.monotonic() - quiet_since < quiet_seconds:
        time.sleep(0.5)
        now = _children_cpu(server)
        if now - before > 0.05:
            quiet_since = time.monotonic()
        before = now


def _children_cpu(server: int) -> float:
    total = 0.0
    for child in Path(f"/proc/{server}/task/{server}/children").read_text().split():
        with contextlib.suppress(OSError):  # a kernel that just stopped
            total += cpu_seconds(int(child))
    return total


async def first_control_in_chromium(browser: Any, url: str) -> Visit:
    """Opens `url` in a fresh context and returns the `Visit`: when it loaded and showed an enabled control."""
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    outside: list[str] = []
    received = [0]
    context.on("request", lambda request: _note_outside(request.url, outside))
    page = await context.new_page()
    page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: _count(frame, received)))
    started = time.monotonic()
    loaded = control = None
    try:
        await page.goto(url, wait_until="load", timeout=PAGE_SECONDS * 1000)
        loaded = time.monotonic() - started
        await page.wait_for_function(FIRST_CONTROL_JS, polling=50, timeout=PAGE_SECONDS * 1000)
        control = time.monotonic() - started
    except Exception:  # a page without a control in time: reported as none
        pass
    finally:
        kib = received[0] / 1024
        await context.close()
    return Visit(loaded, control, kib, tuple(outside))


def _note_outside(url: str, outside: list[str]) -> None:
    host = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    if not url.startswith(LOCAL_SCHEMES) and host not in LOCAL_HOSTS:
        outside.append(url)


def _count(frame: Any, received: list[int]) -> None:
    received[0] += len(frame if isinstance(frame, (bytes, str)) else frame.get("payload", ""))


async def protocol_pupil(url: str) -> Pupil:
    """A pupil without a browser on lesson 01, connected (its `seconds_to_control` set)."""
    pupil = Pupil(url)
    await pupil.open(LESSON)
    await pupil.connect()
    return pupil


def bare_kernel_memory() -> Memory:
    """Starts a kernel showing one ipywidgets Button and returns its memory."""
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        client.execute_interactive(BARE_WIDGET, timeout=120, output_hook=lambda _msg: None)
        time.sleep(1)
        return memory_of(manager.provisioner.process.pid)  # type: ignore[union-attr]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _row(label: str, rss: float, pss: float, uss: float, form: str) -> None:
    print(f"  {label:24} {rss:{form}} {pss:{form}} {uss:{form}}")


def _seconds(value: float | None) -> str:
    return "  none" if value is None else f"{value:6.2f}"


def _median_worst(values: list[float | None]) -> str:
    if any(v is None for v in values):
        return f"{_seconds(None)} {_seconds(None)}"
    return f"{_seconds(statistics.median(values))} {_seconds(max(values))}"  # type: ignore[type-var]


async def one_pupil(browser: Any, url: str, notebooks: list[str], repeat: int, server: int) -> None:
    """Prints, for each of `notebooks`, the median and worst seconds over `repeat` fresh visits."""
    print(f"One pupil, preheated: seconds in Chromium (median and worst of {repeat} visits)")
    print(f"  {'':34} {'loaded':>13} {'first control':>13} {'ws KiB':>7}")
    print(f"  {'':34} {'median  worst':>13} {'median  worst':>13}")
    loop = asyncio.get_running_loop()
    await first_control_in_chromium(browser, f"{url}/voila/render/{BARE_NOTEBOOK}")  # warm-up, not counted
    await loop.run_in_executor(None, wait_until_quiet, server)
    outside: list[str] = []
    for name in notebooks:
        visits = []
        for _ in range(repeat):
            visits.append(await first_control_in_chromium(browser, f"{url}/voila/render/{name}"))
            outside.extend(visits[-1].outside)
            await loop.run_in_executor(None, wait_until_quiet, server)  # the pool refills
        label = f"{name} (reference)" if name == BARE_NOTEBOOK else name
        loaded = _median_worst([v.loaded for v in visits])
        control = _median_worst([v.control for v in visits])
        kib = statistics.median(v.websocket_kib for v in visits)
        print(f"  {label:34} {loaded} {control} {kib:7.0f}", flush=True)
    if outside:
        print(f"  requests to other hosts (blocked): {len(outside)}: {sorted(set(outside))[:20]}")
    else:
        print("  requests to other hosts: none")


async def run(url: str, notebooks: list[str], repeat: int, pupils: int, server: int) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        await one_pupil(browser, url, notebooks, repeat, server)
        if pupils:
            await a_class_at_once(browser, url, pupils)
        await browser.close()


async def a_class_at_once(browser: Any, url: str, pupils: int) -> None:
    """Prints how long `pupils` pupils opening lesson 01 at once wait, and their kernels' memory."""
    print(f"\n{pupils} pupils open {LESSON} at once (1 in Chromium, {pupils - 1} widget-protocol clients)")
    chromium = asyncio.ensure_future(first_control_in_chromium(browser, f"{url}/voila/render/{LESSON}"))
    arrived = await asyncio.gather(*(protocol_pupil(url) for _ in range(pupils - 1)), return_exceptions=True)
    in_chromium = await chromium
    connected = [p for p in arrived if isinstance(p, Pupil)]
    waits = sorted(p.seconds_to_control for p in connected)
    if waits:
        print(
            f"  widget-protocol pupils with a control: {len(connected)} of {pupils - 1}; seconds: fastest "
            f"{waits[0]:.1f}, median {statistics.median(waits):.1f}, slowest {waits[-1]:.1f}"
        )
    print(
        f"  the Chromium pupil: loaded {_seconds(in_chromium.loaded)} s, "
        f"first control {_seconds(in_chromium.control)} s"
    )
    failed = [repr(p)[:200] for p in arrived if not isinstance(p, Pupil)]
    if failed:
        print(f"  failed: {failed}")
    memories = [memory_of(pid) for pid in (kernel_pid(p.kernel_id) for p in connected) if pid]
    bare = bare_kernel_memory()
    print("\nKernel memory per pupil, MiB (mean over the pupils' kernels; bare = one ipywidgets Button)")
    print(f"  {'':24} {'RSS':>8} {'PSS':>8} {'USS':>8}")
    if memories:
        mean = Memory(*(statistics.fmean(getattr(m, f) for m in memories) for f in ("rss", "pss", "uss")))
        _row(f"lesson 01 ({len(memories)} kernels)", mean.rss, mean.pss, mean.uss, "8.1f")
    _row("bare kernel", bare.rss, bare.pss, bare.uss, "8.1f")
    if memories:
        _row("ratio to bare", mean.rss / bare.rss, mean.pss / bare.pss, mean.uss / bare.uss, "8.2f")
    await asyncio.gather(*(p.leave() for p in connected), return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8942, help="the app's port (default 8942)")
    parser.add_argument("--pool-size", type=int, default=1, help="preheated kernels per lesson (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="visits of each notebook, each in a fresh context (3)")
    parser.add_argument("--only", default="", help="open only the notebooks whose names contain this (default all)")
    parser.add_argument(
        "--pupils", type=int, default=10, help="pupils opening lesson 01 at once (default 10; 0: leave it out)"
    )
    args = parser.parse_args()
    log = ROOT / "test-artifacts" / "bench-pages-voila.log"
    log.parent.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
        served = served_folder(Path(folder))
        lessons = sorted(p.name for p in served.glob("*.ipynb") if p.name != BARE_NOTEBOOK and args.only in p.name)
        notebooks = [BARE_NOTEBOOK, *lessons]
        process, url = start_app(args.port, args.pool_size, log, served)
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"app: {url}, --pool-size {args.pool_size}, {os.cpu_count()} cores, load average {load}")
        print(f"log in {log.relative_to(ROOT)}\n")
        try:
            asyncio.run(run(url, notebooks, max(1, args.repeat), args.pupils and max(2, args.pupils), process.pid))
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
