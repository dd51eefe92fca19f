"""Scenes per minute, p50/p95 latency and CPU-seconds per scene against worker processes, with one Chromium
kept per process (as `diorama worker` does) against a Chromium launched for each job; then a projection.

    .venv/bin/python bench/bench_scale.py [--jobs 4] [--workers 1,2] [--postgres | --database-url URL] [--json F]

Each configuration gets a fresh data folder (no asset cache carries over) and a fresh queue: SQLite in that
folder, a new database on ``--database-url``, or (``--postgres``) on a PostgreSQL the bench starts itself with
the tests' helper (tests/postgres_server.py). The worker processes import everything (and, reusing, start
Chromium) before the clock starts; then every job is queued at once and the workers run them through the
service's own ``execute`` until none is left. Throughput is jobs / (last finish - first submit); latency is
each job's finished - created (queue wait included). CPU-seconds per job are the user+system time of the
worker process and everything under it (Chromium, its GPU and renderer processes, the Playwright driver,
children that ended and were reaped included), read from /proc before the claim and after the job's end
while its Chromium still runs: a launch per job pays its launch, not its close (closing is quick, and a
closed Chromium's time cannot be read back). The projection to more cores divides core-seconds by the measured CPU-seconds per scene:
it is arithmetic, not a measurement.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from app.jobs.backend import open_queue  # noqa: E402
from app.jobs.queue import new_job_id  # noqa: E402
from tools.core.settings import Settings  # noqa: E402
from tools.evaluate.run import percentile  # noqa: E402

PROMPTS = ["a bedroom with a double bed, two nightstands with lamps on them and a wardrobe; 4m x 4m",
           "a home office with a desk, an office chair, two bookshelves against the wall and a potted plant",
           "a kitchen with a white fridge, a stove, a sink counter and a round dining table with four chairs",
           "a cozy living room with a grey sofa facing a TV, a wooden coffee table and a floor lamp; 5m x 4m"]
TICKS = os.sysconf("SC_CLK_TCK")
PROJECTED_HOSTS, PROJECTED_CORES = 4, 16


def tree_cpu_s(pid: int) -> float:
    """User+system seconds of a process and its descendants, ended children it waited for included."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0  # ended while being read
    own = sum(int(v) for v in fields[11:15]) / TICKS  # utime, stime, cutime, cstime
    return own + sum(tree_cpu_s(int(child)) for child in children)


def settings_for(data_dir: Path, database_url: str | None) -> Settings:
    return Settings(data_dir=data_dir, _env_file=None, database_url=database_url)


def work(data_dir: Path, database_url: str | None, reuse: bool, ready: Any, go: Any, results: Any) -> None:
    """One worker process: claim and run jobs until none is left; report each job's CPU-seconds."""
    import graph.runner  # noqa: F401  (imported before the clock, as a long-lived worker has it)
    from app.jobs.worker import execute, warm_browser
    from graph.context import LazyBrowser

    settings = settings_for(data_dir, database_url)
    queue = open_queue(settings)
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    if reuse:
        warm_browser(browser)
    worker = f"bench:{os.getpid()}"
    ready.put(os.getpid())
    go.wait()
    try:
        while (job := queue.claim(worker, settings.job_lease_s)) is not None:
            before = tree_cpu_s(os.getpid())
            execute(queue, job, worker, settings, browser, os.getppid())
            # read while Chromium lives: once closed, its time is lost wherever no ancestor reaped it
            results.put((job.id, tree_cpu_s(os.getpid()) - before))
            if not reuse:
                browser.close()  # the next job launches its own
    finally:
        browser.close()


def run_config(prompts: list[str], workers: int, reuse: bool, database_url: str | None) -> dict[str, Any]:
    """One configuration on a fresh data folder and queue; its row of the table."""
    context = mp.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    with tempfile.TemporaryDirectory(prefix=f"bench-scale-{workers}-") as tmp:
        settings = settings_for(Path(tmp), database_url)
        queue = open_queue(settings)
        procs = [context.Process(target=work, args=(Path(tmp), database_url, reuse, ready, go, results))
                 for _ in range(workers)]
        for proc in procs:
            proc.start()
        for _ in procs:
            ready.get(timeout=300)
        load_before = os.getloadavg()[0]
        started = time.time()
        ids = [queue.submit(new_job_id(), "bench", p, 0, {}, None, None)[0].id for p in prompts]
        go.set()
        cpu = dict(results.get(timeout=1800) for _ in ids)
        for proc in procs:
            proc.join()
        jobs = [queue.get(job_id) for job_id in ids]
    ended = [j for j in jobs if j is not None and j.finished_at is not None]
    wall = max(j.finished_at for j in ended) - started if ended else float("nan")
    latencies = [j.finished_at - j.created_at for j in ended]
    return {"workers": workers, "browser": "reused" if reuse else "launch per job", "jobs": len(ids),
            "wall_s": round(wall, 1), "scenes_per_min": round(len(ended) / wall * 60, 2),
            "p50_s": round(percentile(latencies, 0.5), 1), "p95_s": round(percentile(latencies, 0.95), 1),
            "cpu_s_per_job": round(sum(cpu.values()) / len(cpu), 1),
            "succeeded": sum(j.status == "succeeded" for j in ended), "passed": sum(bool(j.passed) for j in ended),
            "load_avg_1m": f"{load_before:.1f}-{os.getloadavg()[0]:.1f}"}


def projection(rows: list[dict[str, Any]]) -> str:
    """Scenes per minute on PROJECTED_HOSTS x PROJECTED_CORES from the least CPU per scene measured here."""
    best = min(r["cpu_s_per_job"] for r in rows if r["browser"] == "reused")
    cores = PROJECTED_HOSTS * PROJECTED_CORES
    return (f"Projection (arithmetic, not measured): {PROJECTED_HOSTS} hosts x {PROJECTED_CORES} cores = {cores} "
            f"worker processes x 60 s / {best} CPU-s per scene = {cores * 60 / best:.0f} scenes/min, if scenes "
            f"stay CPU-bound, cores are as fast as these and nothing else (database, storage, model) limits.")


def table(rows: list[dict[str, Any]]) -> str:
    head = "| workers | browser | jobs | wall s | scenes/min | p50 s | p95 s | CPU-s/job | succeeded | passed | load 1m |"
    lines = [head, "|---" * (head.count("|") - 1) + "|"]
    for r in rows:
        lines.append(f"| {r['workers']} | {r['browser']} | {r['jobs']} | {r['wall_s']} | {r['scenes_per_min']} | "
                     f"{r['p50_s']} | {r['p95_s']} | {r['cpu_s_per_job']} | {r['succeeded']} | {r['passed']} | "
                     f"{r['load_avg_1m']} |")
    return "\n".join(lines)


@contextmanager
def database(args: argparse.Namespace) -> Iterator[Any]:
    """A function that gives each configuration a fresh database URL (or None: SQLite)."""
    if args.database_url:
        yield lambda: args.database_url
    elif args.postgres:
        from postgres_server import running_postgres

        with running_postgres() as server:
            yield server.fresh_database
    else:
        yield lambda: None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=4, help="scenes per configuration")
    parser.add_argument("--workers", default="1,2", help="worker process counts, comma-separated")
    parser.add_argument("--postgres", action="store_true", help="start a test PostgreSQL for the queue")
    parser.add_argument("--database-url", help="a PostgreSQL to use (each configuration's jobs stay in it)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    prompts = [PROMPTS[i % len(PROMPTS)] for i in range(args.jobs)]
    rows = []
    with database(args) as fresh_url:
        for workers in [int(n) for n in args.workers.split(",")]:
            for reuse in (True, False):
                rows.append(run_config(prompts, workers, reuse, fresh_url()))
                print(json.dumps(rows[-1]), flush=True)
    print(table(rows))
    print(projection(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
