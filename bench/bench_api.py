"""Scenes per minute through the REST API with 1, 2 and 4 workers; p50/p95 job latency.

    .venv/bin/python bench/bench_api.py [PROMPTS] [--limit 8] [--workers 1,2,4] [--json out.json]

For each worker count: a fresh `diorama serve` (own data folder, so no asset
cache carries over), every prompt submitted at once, then polled until all
have ended. Throughput is prompts / (last end - first submit); latency is each
job's finished_at - created_at (queue wait included); warm s/scene is the median of
finished_at - started_at over every scene but each worker's first, and the stages'
medians come from each scene's report.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from api_process import ServerProcess  # noqa: E402

from tools.evaluate.run import percentile  # noqa: E402

DEV_PROMPTS = ROOT.parent / "shared" / "prompts" / "dev.txt"
POLL_S = 1.0
TERMINAL = {"succeeded", "failed", "cancelled"}


def seconds_between(start: str, end: str) -> float:
    parse = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


def run_once(prompts: list[str], workers: int) -> dict:
    with tempfile.TemporaryDirectory(prefix=f"bench-api-{workers}-") as tmp:
        with ServerProcess(Path(tmp), workers, max_concurrent_jobs_per_key=len(prompts) + 1,
                           rate_limit_per_min=10_000) as server:
            time.sleep(5.0)  # let the workers import before the clock starts (the server answers before they do)
            started = time.perf_counter()
            ids = [httpx.post(f"{server.base}/v1/scenes", json={"prompt": p}, timeout=60).json()["id"] for p in prompts]
            scenes: dict[str, dict] = {}
            while len(scenes) < len(ids):
                time.sleep(POLL_S)
                for scene_id in ids:
                    if scene_id not in scenes:
                        scene = httpx.get(f"{server.base}/v1/scenes/{scene_id}", timeout=60).json()
                        if scene["status"] in TERMINAL:
                            scenes[scene_id] = scene
            wall = time.perf_counter() - started
            timings = [httpx.get(f"{server.base}{s['urls']['report']}", timeout=60).json().get("timings", {})
                       for s in scenes.values() if s.get("urls")]
    latencies = [seconds_between(s["created_at"], s["finished_at"]) for s in scenes.values()]
    # A worker's own seconds on each scene (started -> finished), less each worker's first (cold) scene.
    in_order = sorted(scenes.values(), key=lambda s: s["started_at"])
    warm = [seconds_between(s["started_at"], s["finished_at"]) for s in in_order[workers:]]
    stages = {stage: round(statistics.median(t.get(stage, 0.0) for t in timings), 2)
              for stage in dict.fromkeys(k for t in timings for k in t)} if timings else {}
    return {
        "workers": workers, "scenes": len(ids), "wall_s": round(wall, 1),
        "warm_s_per_scene": round(statistics.median(warm), 2) if warm else None, "stages_median_s": stages,
        "scenes_per_min": round(len(ids) / wall * 60, 2),
        "p50_s": round(percentile(latencies, 0.5), 1), "p95_s": round(percentile(latencies, 0.95), 1),
        "succeeded": sum(s["status"] == "succeeded" for s in scenes.values()),
        "passed": sum(bool(s["passed"]) for s in scenes.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prompts", nargs="?", type=Path, default=DEV_PROMPTS)
    parser.add_argument("--limit", type=int, default=8)
    parser.add_argument("--workers", default="1,2,4", help="comma-separated worker counts")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    prompts = [p.strip() for p in args.prompts.read_text().splitlines() if p.strip()][: args.limit]
    rows = []
    print("| workers | scenes | wall s | scenes/min | p50 s | p95 s | warm s/scene | succeeded | passed |", flush=True)
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    for workers in (int(w) for w in args.workers.split(",")):
        row = run_once(prompts, workers)
        rows.append(row)
        print(f"| {row['workers']} | {row['scenes']} | {row['wall_s']} | {row['scenes_per_min']} | {row['p50_s']} | "
              f"{row['p95_s']} | {row['warm_s_per_scene']} | {row['succeeded']} | {row['passed']} |", flush=True)
        print(f"  median seconds per stage (report.json timings): {row['stages_median_s']}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
