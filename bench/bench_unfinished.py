"""What keeping a scene's half-made folder in the bucket costs: seconds per stage boundary and per scene.

    .venv/bin/python bench/bench_unfinished.py [--prompts FILE] [--limit N]

Starts PostgreSQL and `weed mini` as the tests do (tests/postgres_server.py, tests/seaweed.py), then runs each
prompt (default: the first 3 of bench/prompts/tune-a.txt) as a service job through one worker
(app/jobs/worker.py) with S3 storage, so every stage ends with the save of tools/storage/unfinished.py. The
seconds come from the scene's own report.json: the ``storage_keep_unfinished`` tool calls (each save, inside its
stage) against the sum of the stage seconds. Prints one line per scene and the total.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from postgres_server import running_postgres  # noqa: E402
from seaweed import running_seaweed  # noqa: E402

from app.jobs.backend import open_queue  # noqa: E402
from app.jobs.queue import new_job_id, scene_dir  # noqa: E402
from app.jobs.worker import serve_one  # noqa: E402
from graph.context import LazyBrowser  # noqa: E402
from tools.core.settings import Settings  # noqa: E402

SAVE_TOOL = "storage_keep_unfinished"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=Path, default=ROOT / "bench" / "prompts" / "tune-a.txt")
    parser.add_argument("--limit", type=int, default=3)
    args = parser.parse_args()
    lines = [line.strip() for line in args.prompts.read_text().splitlines()]
    prompts = [line for line in lines if line and not line.startswith("#")][: args.limit]
    total_saves = total_stages = 0.0
    with running_postgres() as postgres, running_seaweed() as seaweed, tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), _env_file=None, database_url=postgres.fresh_database(),
                            storage="s3", s3_endpoint=seaweed.endpoint, s3_bucket="bench-unfinished",
                            s3_access_key=seaweed.access_key, s3_secret_key=seaweed.secret_key)
        queue = open_queue(settings, None)
        browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
        try:
            for prompt in prompts:
                job, _ = queue.submit(new_job_id(), "bench", prompt, 0, {})
                started = time.perf_counter()
                serve_one(queue, "bench-worker", settings, browser, os.getppid())
                wall = time.perf_counter() - started
                report = json.loads((scene_dir(settings.data_dir, job.id) / "report.json").read_text())
                saves = [call for call in report["tool_calls"] if call["tool"] == SAVE_TOOL]
                seconds = sum(call["seconds"] for call in saves)
                stages = sum(report["timings"].values())
                total_saves, total_stages = total_saves + seconds, total_stages + stages
                print(f"{prompt[:60]!r}: {len(saves)} saves {seconds:.3f} s of {stages:.1f} s in stages "
                      f"({100 * seconds / stages:.1f}%), wall {wall:.1f} s; per stage: "
                      + ", ".join(f"{call['stage']} {call['seconds']:.3f}" for call in saves))
        finally:
            browser.close()
            queue.close()
    print(f"total: {total_saves:.2f} s of saves in {total_stages:.1f} s of stages "
          f"({100 * total_saves / total_stages:.1f}%); load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
