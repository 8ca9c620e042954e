"""The app's pages: time to the first usable control in Chromium, and a class opening lesson 1 at once.

The script starts the app as the launcher does (``python -m widgets.server``,
preheated kernels, ``--pool-size``) on a port of its own, waits until every
lesson's pool is full, then prints:

1. **One pupil**: for each notebook 00-08, the seconds from asking for the
   page in headless Chromium (Debian's ``/usr/bin/chromium`` through
   Playwright, as the browser tests do) until its first widget control (a
   button, field or list inside a widget) shows and is enabled, which the page
   draws only once its kernel has answered.  Each page is the first visit of
   its lesson, so it comes from the preheated pool.
2. **A class at once**: ``--pupils`` pupils open lesson 01 at the same moment,
   one in Chromium and the others as widget-protocol clients
   (`tests.load.pupils`); the seconds until each has a usable control
   (fastest, median, slowest), then the memory of each pupil's kernel from
   ``/proc`` (RSS, PSS and USS, in MiB) against a bare kernel showing one
   ipywidgets Button, started in the same run.

Nothing is asserted: the figures are printed for the project's notes.

Run: ``.venv/bin/python benchmarks/bench_pages.py`` (``--help``); it takes a
few minutes on two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.load.pupils, run from anywhere

from tests.load.pupils import Pupil  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
CONTROL = (
    ".jupyter-widgets button:not([disabled]), .jupyter-widgets input:not([disabled]),"
    " .jupyter-widgets select:not([disabled]), .jupyter-widgets textarea:not([disabled])"
)
FIRST_CONTROL_JS = f"""() => [...document.querySelectorAll({CONTROL!r})].some(e => e.offsetParent !== null)"""
PAGE_SECONDS = 300
LESSON = "01_classic_top_trumps.ipynb"
BARE_WIDGET = "import ipywidgets\nbutton = ipywidgets.Button(description='Go')\ndisplay(button)"


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


def start_app(port: int, pool_size: int, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Starts the app and returns it and its base URL once every lesson's pool is full."""
    command = [sys.executable, "-m", "widgets.server", "--no-browser", f"--port={port}", f"--pool-size={pool_size}"]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    lessons = len(list((ROOT / "notebooks").glob("*.ipynb")))
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


async def first_control_in_chromium(browser: Any, url: str) -> tuple[float | None, float | None]:
    """Returns the seconds until the page at `url` has loaded (its HTML and scripts) and shows an enabled control.

    Either is None when it did not come within `PAGE_SECONDS`.
    """
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    page = await context.new_page()
    await page.route("**/*", _local_only)
    started = time.monotonic()
    loaded = None
    try:
        await page.goto(url, wait_until="load", timeout=PAGE_SECONDS * 1000)
        loaded = time.monotonic() - started
        await page.wait_for_function(FIRST_CONTROL_JS, polling=50, timeout=PAGE_SECONDS * 1000)
        return loaded, time.monotonic() - started
    except Exception:  # a page without a control in time: reported as none
        return loaded, None
    finally:
        await context.close()


async def _local_only(route: Any) -> None:
    url = route.request.url
    if url.startswith(("http://localhost", "http://127.0.0.1", "data:", "blob:", "about:")):
        await route.continue_()
    else:
        await route.abort()


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
    return "none" if value is None else f"{value:6.2f} s"


async def run(url: str, pupils: int, server: int) -> None:
    from playwright.async_api import async_playwright

    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        print("One pupil, preheated: seconds in Chromium until the page has loaded, and to its first usable control")
        for name in notebooks:
            loaded, control = await first_control_in_chromium(browser, f"{url}/voila/render/{name}")
            print(f"  {name:34} loaded {_seconds(loaded)}   first control {_seconds(control)}")
        await asyncio.get_running_loop().run_in_executor(None, wait_until_quiet, server)  # the pools refill
        print(f"\n{pupils} pupils open {LESSON} at once (1 in Chromium, {pupils - 1} widget-protocol clients)")
        chromium = asyncio.ensure_future(first_control_in_chromium(browser, f"{url}/voila/render/{LESSON}"))
        arrived = await asyncio.gather(*(protocol_pupil(url) for _ in range(pupils - 1)), return_exceptions=True)
        in_chromium = await chromium
        await browser.close()
    connected = [p for p in arrived if isinstance(p, Pupil)]
    waits = sorted(p.seconds_to_control for p in connected)
    if waits:
        print(
            f"  widget-protocol pupils with a control: {len(connected)} of {pupils - 1}; seconds: fastest "
            f"{waits[0]:.1f}, median {statistics.median(waits):.1f}, slowest {waits[-1]:.1f}"
        )
    print(f"  the Chromium pupil: loaded {_seconds(in_chromium[0])}, first control {_seconds(in_chromium[1])}")
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
    parser.add_argument("--pupils", type=int, default=10, help="pupils opening lesson 01 at once (default 10)")
    args = parser.parse_args()
    log = ROOT / "test-artifacts" / "bench-pages-voila.log"
    log.parent.mkdir(exist_ok=True)
    process, url = start_app(args.port, args.pool_size, log)
    print(f"app: {url}, --pool-size {args.pool_size}, {os.cpu_count()} cores; log in {log.relative_to(ROOT)}\n")
    try:
        asyncio.run(run(url, max(2, args.pupils), process.pid))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
