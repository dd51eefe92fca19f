"""Verification speed against its floor, measured in the same run, on dev prompts.

    .venv/bin/python bench/bench_verify.py [--prompts FILE] [--count 3] [--warm 2]

For each of the first COUNT prompts: `diorama generate` into a temporary folder (the CLI end to end,
its verify stage as it ran there), then, back to back on that folder:
- the floor: Chromium launched, the page loaded to ready at the verifier's former 1024x768 viewport,
  one screenshot, closed: what any check of the page must pay at least;
- verification as the CLI runs it: Chromium launched, then `verify_scene` (seconds per step);
- verification with the browser warm (the service and batch path), WARM times.
Prints each, the ratios verification/floor and CLI end to end/floor, and their medians
(targets: <= 1.5x and <= 2x). Other work on the machine moves every figure; the ratios
compare figures taken in the same minute.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.core.static_server import serve_folder  # noqa: E402
from tools.verify.browser import Browser  # noqa: E402
from tools.verify.render import verify_scene  # noqa: E402

FLOOR_VIEWPORT = (1024, 768)  # the page as a visitor's laptop opens it; fixed, whatever the verifier uses
DEFAULT_PROMPTS = ROOT.parent / "shared" / "prompts" / "dev.txt"
TARGET_VERIFY_RATIO = 1.5
TARGET_CLI_RATIO = 2.0
TIMEOUT_S = 180  # a loaded machine must slow the figures, not fail the page
_READY_JS = "() => ['ready', 'error'].includes(document.documentElement.dataset.dioramaState)"


def generate(prompt: str, out: Path, data_dir: Path) -> tuple[float, dict]:
    """Wall seconds of `diorama generate PROMPT --out OUT` and its report.json timings."""
    env = {**os.environ, "DIORAMA_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT),
           "DIORAMA_RENDER_TIMEOUT_S": str(TIMEOUT_S)}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "app.cli", "generate", prompt, "--out", str(out)], cwd=ROOT, env=env,
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return seconds, report["timings"]


def floor_seconds(out: Path, shot: Path) -> float:
    """Chromium launch + the page loaded to ready + one screenshot, in a browser of its own."""
    started = time.perf_counter()
    with serve_folder(out) as base_url, Browser(timeout_s=TIMEOUT_S) as browser, browser.new_page(FLOOR_VIEWPORT) as page:
        page.goto(base_url + "index.html?t=0", wait_until="commit")
        page.wait_for_function(_READY_JS)
        page.screenshot(path=str(shot), type="png")
    return time.perf_counter() - started


def cold_verification(out: Path) -> tuple[float, dict]:
    """Chromium launch + verify_scene, as `diorama generate` verifies its one scene; and the report."""
    started = time.perf_counter()
    with Browser(timeout_s=TIMEOUT_S) as browser:
        report = verify_scene(out, browser, TIMEOUT_S)
    return time.perf_counter() - started, report


def describe(report: dict) -> str:
    steps = ", ".join(f"{name} {seconds:.2f}" for name, seconds in report["timings"].items())
    failed = [check["name"] for check in report["checks"] if not check["passed"]]
    return f"{steps}; failed: {', '.join(failed) or 'none'}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--prompts", type=Path, default=DEFAULT_PROMPTS)
    parser.add_argument("--count", type=int, default=3, help="first N prompts of the file")
    parser.add_argument("--warm", type=int, default=2, help="warm verifications per scene")
    args = parser.parse_args()
    prompts = [line.strip() for line in args.prompts.read_text(encoding="utf-8").splitlines() if line.strip()]
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    verify_ratios, cli_ratios, warm_all = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for number, prompt in enumerate(prompts[: args.count], 1):
            out = Path(tmp) / f"scene-{number}"
            cli, stages = generate(prompt, out, Path(tmp) / "data")
            floor = floor_seconds(out, Path(tmp) / f"floor-{number}.png")
            cold, report = cold_verification(out)
            with Browser(timeout_s=TIMEOUT_S) as browser:
                verify_scene(out, browser, TIMEOUT_S)  # the first scene of a browser pays its shader and module caches
                warm = [verify_scene(out, browser, TIMEOUT_S)["seconds"] for _ in range(args.warm)]
            warm_all += warm
            verify_ratios.append(cold / floor)
            cli_ratios.append(cli / floor)
            print(f"{number}. {prompt[:70]}")
            print(f"   floor {floor:.2f} s | verification {cold:.2f} s ({cold / floor:.2f}x floor): {describe(report)}")
            print(f"   warm verification {', '.join(f'{s:.2f}' for s in warm)} s | CLI end to end {cli:.2f} s "
                  f"({cli / floor:.2f}x floor; stages {', '.join(f'{k} {v:.2f}' for k, v in stages.items())})")
    print(f"median verification/floor {statistics.median(verify_ratios):.2f}x (target <= {TARGET_VERIFY_RATIO}x), "
          f"CLI end to end/floor {statistics.median(cli_ratios):.2f}x (target <= {TARGET_CLI_RATIO}x), "
          f"warm verification median {statistics.median(warm_all):.2f} s")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
