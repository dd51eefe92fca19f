"""The page's weight, draw calls and frames per second while someone orbits the camera.

    .venv/bin/python bench/bench_page.py ["PROMPT" ...] [--folder SCENE_DIR ...] [--seconds S] [--viewport WxH]
        [--loads N]

Generates each prompt (default: a forest of 200 trees) with the whole agent, or
takes existing scene folders, then opens each page in headless Chromium and
prints what it downloaded (bytes by kind, requests), the folder's files by type
(the page's own html+js+css apart from the GLBs), its draw calls and triangles, the
milliseconds V8 spent parsing, compiling and running the modules' top level (from a
trace of each load), the time until its module scripts have run (DOMContentLoaded) and
until it is ready and until its first frame
can be read back (drawn), with the CPU seconds Chromium's processes spent on the load, each the median of --loads loads, and frames per second: for S seconds every animation frame
orbits the camera one step through the page's own arrow-key handler (a static
scene draws only when asked, so each frame is one full draw), or, for an
animated scene, the frames its own loop draws. Chromium here renders WebGL in
software (SwiftShader) on shared cores: read the figure as a lower bound.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graph.context import LazyBrowser, RunContext  # noqa: E402
from graph.runner import generate_scene  # noqa: E402
from tools.core.settings import Settings  # noqa: E402
from tools.core.static_server import serve_folder  # noqa: E402
from tools.verify.page import PageWeight  # noqa: E402

DEFAULT_PROMPTS = ("a forest with 200 trees",)
_READY_JS = "() => ['ready', 'error'].includes(document.documentElement.dataset.dioramaState)"
# The folder's files by what they are: the page's own (what a visitor's browser parses) apart from the geometry.
FILE_TYPES = {".html": "html", ".js": "js", ".css": "css", ".glb": "glb", ".json": "json", ".png": "textures",
              ".jpg": "textures", ".jpeg": "textures", ".webp": "textures"}
_MODULES_RAN_JS = "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
# V8's trace events for the page's JavaScript, by what they count (milliseconds, all threads): a module's source is
# parsed while it streams in, and each function again, fully, when first called; then compiled to bytecode.
TRACE_CATEGORIES = ["v8", "disabled-by-default-v8.compile"]
TRACE_EVENTS = {"v8.parseOnBackground": "parse", "V8.ParseFunction": "parse", "V8.CompileCode": "compile",
                "v8.evaluateModule": "evaluate"}
# Ready comes one animation frame after the first frame is issued; under SwiftShader that frame is often still
# being drawn in the GPU process then (ready 0.9 s, drawn 4.3 s on one load of the demo, 5.6 and 6.1 s on the
# next), so a load's cost is read when the canvas can be read back, which waits for the drawing.
_DRAWN_JS = "() => window.diorama.imageStats()"
# SwiftShader compiles its pipelines on the first frames (a second or more each): not counted.
WARMUP_FRAMES = 4
# Counts animation frames for `seconds` after the warm-up; a static page is asked for one orbit step
# (one draw) per frame.
_FPS_JS = """async ([seconds, warmup]) => {
  const animated = Boolean(window.diorama.animated);
  let started = null, frames = 0, seen = 0;
  await new Promise((resolve) => {
    const tick = (now) => {
      if (!animated) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
      seen += 1;
      if (seen === warmup) started = now;
      if (seen > warmup) frames += 1;
      if (started === null || now - started < seconds * 1000) requestAnimationFrame(tick); else resolve();
    };
    requestAnimationFrame(tick);
  });
  window.diorama.imageStats();  // wait for the last frame's drawing to finish before stopping the clock
  return { frames, seconds: (performance.now() - started) / 1000, animated };
}"""


def folder_bytes(folder: Path) -> dict[str, int]:
    """Bytes of the folder's files by FILE_TYPES (screenshots and report aside: the verifier's, not the page's)."""
    sizes = {kind: 0 for kind in (*FILE_TYPES.values(), "other")}
    for path in folder.rglob("*"):
        if path.is_file() and "screenshots" not in path.relative_to(folder).parts and path.name != "report.json":
            sizes[FILE_TYPES.get(path.suffix.lower(), "other")] += path.stat().st_size
    return sizes


def chromium_cpu_s() -> float:
    """CPU seconds (user + system) of this process's descendants still running: Playwright's driver and the
    Chromium it launched (browser, renderers, the GPU process where SwiftShader draws). Linux's /proc only."""
    parents, cpu = {}, {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        parents[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    me = os.getpid()

    def descends(pid: int) -> bool:
        while pid > 1 and pid != me:
            pid = parents.get(pid, 0)
        return pid == me

    return sum(seconds for pid, seconds in cpu.items() if pid != me and descends(pid))


def load(browser, base_url: str, viewport: tuple[int, int]) -> dict[str, float]:
    """One fresh load, traced: seconds to ready and to the first frame drawn, Chromium's CPU seconds until then,
    ms until the module scripts had run, V8's ms by TRACE_EVENTS."""
    with browser.new_page(viewport) as page:
        chromium = page.context.browser
        chromium.start_tracing(page=page, categories=TRACE_CATEGORIES)
        cpu_before = chromium_cpu_s()
        started = time.perf_counter()
        page.goto(base_url + "index.html")
        page.wait_for_function(_READY_JS, timeout=120_000)
        timing = {"ready_s": time.perf_counter() - started, "modules_ms": page.evaluate(_MODULES_RAN_JS)}
        if page.evaluate("() => document.documentElement.dataset.dioramaState") == "ready":
            page.evaluate(_DRAWN_JS)
        timing.update(drawn_s=time.perf_counter() - started, cpu_s=chromium_cpu_s() - cpu_before)
        trace = json.loads(chromium.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    v8 = {kind: 0.0 for kind in TRACE_EVENTS.values()}
    for event in events:
        if event.get("ph") == "X" and event.get("name") in TRACE_EVENTS:
            v8[TRACE_EVENTS[event["name"]]] += event.get("dur", 0) / 1000
    return {**timing, **{f"{kind}_ms": ms for kind, ms in v8.items()}}


def measure(browser, folder: Path, seconds: float, viewport: tuple[int, int], loads: int) -> dict:
    with serve_folder(folder) as base_url:
        traced = [load(browser, base_url, viewport) for _ in range(loads)]
        with browser.new_page(viewport) as page:
            weight = PageWeight(page, base_url, folder)
            page.goto(base_url + "index.html")
            page.wait_for_function(_READY_JS, timeout=120_000)
            state = page.evaluate("() => document.documentElement.dataset.dioramaState")
            if state != "ready":
                raise RuntimeError(f"{folder}: page state {state}: "
                                   f"{page.evaluate('() => document.documentElement.dataset.dioramaError')}")
            info = page.evaluate("() => window.diorama.info()")
            run = page.evaluate(_FPS_JS, [seconds, WARMUP_FRAMES])
    medians = {key: statistics.median(one[key] for one in traced) for key in traced[0]}
    return {**weight.summary(), **info, **medians, "files": folder_bytes(folder),
            "fps": run["frames"] / run["seconds"], "frames": run["frames"], "animated": run["animated"]}


def report_line(name: str, m: dict) -> str:
    kinds = ", ".join(f"{kind} {size / 1e6:.2f}" for kind, size in m["bytes"]["by_kind"].items())
    files = m["files"]
    page = files["html"] + files["js"] + files["css"]
    on_disk = ", ".join(f"{kind} {size / 1e3:.0f}" for kind, size in files.items() if size)
    return (f"{name}\n  {m['objects']} objects, {m['drawCalls']} draw calls ({m['objectDrawCalls']} for objects), "
            f"{m['triangles']} triangles\n  {m['bytes']['total'] / 1e6:.2f} MB in {m['requests']} requests ({kinds} MB)"
            f"\n  folder: page {page / 1e3:.0f} KB (html+js+css), glb {files['glb'] / 1e3:.0f} KB ({on_disk} KB)"
            f"\n  V8 parse {m['parse_ms']:.0f} ms, compile {m['compile_ms']:.0f} ms, module top level "
            f"{m['evaluate_ms']:.0f} ms; modules ran after {m['modules_ms']:.0f} ms, ready in {m['ready_s']:.2f} s, "
            f"drawn in {m['drawn_s']:.2f} s, Chromium CPU {m['cpu_s']:.2f} s (medians of the loads; page's loadMs "
            f"{m['loadMs']})\n  "
            f"{m['fps']:.1f} frames/s over {m['frames']} frames{' (animated)' if m['animated'] else ''}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prompts", nargs="*", default=list(DEFAULT_PROMPTS))
    parser.add_argument("--folder", type=Path, action="append", default=[], help="measure this scene folder")
    parser.add_argument("--seconds", type=float, default=4.0, help="how long to count frames")
    parser.add_argument("--viewport", default="1280x800")
    parser.add_argument("--loads", type=int, default=3, help="loads of each page; times are their medians")
    args = parser.parse_args()
    width, height = (int(v) for v in args.viewport.lower().split("x"))
    viewport = (width, height)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp) / "data", _env_file=None)
        browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
        try:
            scenes = [(str(folder), folder) for folder in args.folder]
            if not scenes:
                for i, prompt in enumerate(args.prompts):
                    generate_scene(prompt, Path(tmp) / f"s{i}", RunContext(settings, browser))
                    scenes.append((prompt, Path(tmp) / f"s{i}"))
            for name, folder in scenes:
                print(report_line(name, measure(browser.get(), folder, args.seconds, viewport, args.loads)), flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
