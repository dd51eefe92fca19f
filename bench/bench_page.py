"""The page's weight, draw calls and frames per second while someone orbits the camera.

    .venv/bin/python bench/bench_page.py ["PROMPT" ...] [--folder SCENE_DIR ...] [--seconds S] [--viewport WxH]

Generates each prompt (default: a forest of 200 trees) with the whole agent, or
takes existing scene folders, then opens each page in headless Chromium and
prints what it downloaded (bytes by kind, requests), its draw calls and
triangles, load time, and frames per second: for S seconds every animation frame
orbits the camera one step through the page's own arrow-key handler (a static
scene draws only when asked, so each frame is one full draw), or, for an
animated scene, the frames its own loop draws. Chromium here renders WebGL in
software (SwiftShader) on shared cores: read the figure as a lower bound.
"""

from __future__ import annotations

import argparse
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


def measure(browser, folder: Path, seconds: float, viewport: tuple[int, int]) -> dict:
    with serve_folder(folder) as base_url, browser.new_page(viewport) as page:
        weight = PageWeight(page, base_url, folder)
        started = time.perf_counter()
        page.goto(base_url + "index.html")
        page.wait_for_function(_READY_JS, timeout=120_000)
        ready_s = time.perf_counter() - started
        state = page.evaluate("() => document.documentElement.dataset.dioramaState")
        if state != "ready":
            raise RuntimeError(f"{folder}: page state {state}: "
                               f"{page.evaluate('() => document.documentElement.dataset.dioramaError')}")
        info = page.evaluate("() => window.diorama.info()")
        run = page.evaluate(_FPS_JS, [seconds, WARMUP_FRAMES])
    return {**weight.summary(), **info, "ready_s": ready_s, "fps": run["frames"] / run["seconds"],
            "frames": run["frames"], "animated": run["animated"]}


def report_line(name: str, m: dict) -> str:
    kinds = ", ".join(f"{kind} {size / 1e6:.2f}" for kind, size in m["bytes"]["by_kind"].items())
    return (f"{name}\n  {m['objects']} objects, {m['drawCalls']} draw calls ({m['objectDrawCalls']} for objects), "
            f"{m['triangles']} triangles\n  {m['bytes']['total'] / 1e6:.2f} MB in {m['requests']} requests ({kinds} MB)"
            f"\n  ready in {m['ready_s']:.1f} s (page's loadMs {m['loadMs']}), "
            f"{m['fps']:.1f} frames/s over {m['frames']} frames{' (animated)' if m['animated'] else ''}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prompts", nargs="*", default=list(DEFAULT_PROMPTS))
    parser.add_argument("--folder", type=Path, action="append", default=[], help="measure this scene folder")
    parser.add_argument("--seconds", type=float, default=4.0, help="how long to count frames")
    parser.add_argument("--viewport", default="1280x800")
    args = parser.parse_args()
    viewport = tuple(int(v) for v in args.viewport.lower().split("x"))
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
                print(report_line(name, measure(browser.get(), folder, args.seconds, viewport)), flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
