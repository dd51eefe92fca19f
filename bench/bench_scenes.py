"""End-to-end seconds per scene over a prompt file, with the split per stage.

    .venv/bin/python bench/bench_scenes.py [PROMPTS] [--limit N]

One warm browser for all scenes (its launch is reported apart). Prints a line
per scene, then median and p90 of the total and of each stage.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graph.context import LazyBrowser, RunContext  # noqa: E402
from graph.runner import generate_scene  # noqa: E402
from tools.core.errors import InputError  # noqa: E402
from tools.core.settings import Settings  # noqa: E402

DEV_PROMPTS = ROOT.parent / "shared" / "prompts" / "dev.txt"
STAGES = ("plan", "assets", "layout", "compose", "verify", "repair", "publish")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prompts", nargs="?", type=Path, default=DEV_PROMPTS)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    prompts = [p.strip() for p in args.prompts.read_text().splitlines() if p.strip()]
    prompts = prompts[: args.limit] if args.limit else prompts
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp) / "data", _env_file=None)
        browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
        start = time.perf_counter()
        browser.get()
        print(f"browser launch: {time.perf_counter() - start:.2f} s")
        totals, per_stage, passed = [], {s: [] for s in STAGES}, 0
        try:
            for i, prompt in enumerate(prompts):
                start = time.perf_counter()
                try:
                    state = generate_scene(prompt, Path(tmp) / f"s{i}", RunContext(settings, browser))
                except InputError as error:  # a refused prompt is a result too, not the end of the benchmark
                    print(f"  refused: {error}  {prompt[:70]}")
                    continue
                total = time.perf_counter() - start
                totals.append(total)
                passed += bool(state["passed"])
                for stage in STAGES:
                    per_stage[stage].append(state["timings"].get(stage, 0.0))
                print(f"{total:6.2f} s  {'pass' if state['passed'] else 'FAIL'}  {len(state['placements']):4d} objects  {prompt[:70]}")
        finally:
            browser.close()
    print(f"\nscenes: {len(totals)}, passed: {passed}")
    print(f"end to end: median {statistics.median(totals):.2f} s, p90 {percentile(totals, 0.9):.2f} s")
    for stage, values in per_stage.items():
        print(f"  {stage:<8} median {statistics.median(values):.3f} s  p90 {percentile(values, 0.9):.3f} s")


if __name__ == "__main__":
    main()
