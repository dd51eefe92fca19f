"""`diorama batch PROMPTS --out DIR --jobs N`: many scenes through the job queue, resumable, for pipelines.

PROMPTS is a .txt or .jsonl file (app/cli/batch_input.py). Scene k goes to DIR/<line>-<slug>/;
DIR/results.jsonl gets one object per scene (app/cli/batch_results.py), rewritten whole after each
scene so a reader never sees half a file.

The scenes are jobs run by N processes of the service's worker (app/jobs/worker.py), started by the
batch. Without DIORAMA_DATABASE_URL the jobs are in the batch's own job database,
DIR/.batch/jobs.sqlite: a running `diorama serve` must not pick up (or list) a batch's jobs, and a
rerun with the same --out must find the jobs of the run it resumes. With DIORAMA_DATABASE_URL they
are in the shared PostgreSQL database (checkpoints too), under an owner of their own,
``batch:<host>:<DIR>``: the batch's workers claim only those jobs, and `diorama worker` hosts never
take them (a job that names its own folder runs only on the host that has the folder), so a batch
works on one machine as on SQLite and leaves the service's jobs to the service's workers. Each job
names its output folder, which appears only once its scene is written (app/jobs/scene_folder.py: it
is written in a hidden sibling, renamed into place).

Resuming: a scene is finished when the results file says ok/checks_failed and its report.json
agrees (same scene id and verdict); a rerun skips those. A scene whose job succeeded but that the
killed batch did not record yet is recorded from its job, not run again. The others are jobs still
queued (handed back by a stopped worker) or running (their worker was killed: reclaimed when the
lease runs out), or are queued anew; either way the scene resumes from its LangGraph checkpoint
(thread = scene id).

Workers run in their own process groups: Ctrl-C reaches only this process, which stops them
(SIGTERM: each hands its job back and closes its Chromium) and exits 130.
"""

from __future__ import annotations

import argparse
import logging
import socket
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from app.cli.arguments import seed_argument
from app.cli.batch_input import BatchItem, read_batch
from app.cli.batch_results import (
    EXIT_CHECKS_FAILED,
    ProgressLine,
    exit_code,
    is_finished,
    job_record,
    load_results,
    result_line,
    summary_table,
    write_results,
)

if TYPE_CHECKING:
    from app.jobs.pool import WorkerPool
    from app.jobs.queue import Job, JobQueue
    from tools.core.settings import Settings

EXIT_INTERRUPTED = 130
BATCH_OWNER = "batch"  # the owner of every job in a batch's own SQLite database
JOB_DB = Path(".batch") / "jobs.sqlite"  # under DIR
POLL_S = 0.2  # how often the coordinator reads the queue's new events
log = logging.getLogger("diorama.batch")


def batch_owner(settings: Settings, out_root: Path) -> str:
    """The owner of the batch's jobs: in a database of its own any name does; in a shared one, this host's
    batch into this folder (its rerun finds its jobs; no other batch's jobs are its)."""
    if settings.database_url is None:
        return BATCH_OWNER
    return f"{BATCH_OWNER}:{socket.gethostname()}:{out_root.resolve()}"


def job_id_of(item: BatchItem, out_root: Path) -> str:
    """The scene id (the job id and the checkpoint's thread id): the line's own, else from prompt, seed, folder."""
    from graph.scene_id import default_scene_id

    return item.scene_id or default_scene_id(item.prompt, item.seed, out_root / item.name)


@dataclass
class Batch:
    """Submits the scenes as jobs, one per free worker (so scheduling can stop), and follows them to the end."""

    items: list[BatchItem]
    out_root: Path
    results_path: Path
    jobs: int
    fail_fast: bool
    json_logs: bool
    settings: Settings
    records: dict[int, dict] = field(default_factory=dict)
    interrupted: bool = False
    stopped: str | None = None  # why no new scene is started: --fail-fast, or the machine cannot make scenes

    def run(self) -> dict[int, dict]:
        """Run every unfinished item, keeping earlier finished results, and return the records by line."""
        earlier = load_results(self.results_path)
        self.records = {item.line: earlier[item.line] for item in self.items
                        if is_finished(item, earlier.get(item.line), self.out_root)}
        todo = deque(item for item in self.items if item.line not in self.records)
        progress = ProgressLine(len(self.items), len(self.records), enabled=not self.json_logs)
        if self.records:
            progress.say(f"skipping {len(self.records)} finished scene(s) of an earlier run")
        if todo:
            self._work(todo, progress)
        progress.close()
        return self.records

    def _work(self, todo: deque[BatchItem], progress: ProgressLine) -> None:
        from app.jobs.backend import open_queue
        from app.jobs.pool import WorkerPool

        (self.out_root / JOB_DB).parent.mkdir(parents=True, exist_ok=True)  # marks the folder as a batch's
        queue = open_queue(self.settings, None if self.settings.database_url else self.out_root / JOB_DB)
        owner = batch_owner(self.settings, self.out_root)
        ids = {item.line: job_id_of(item, self.out_root) for item in todo}
        cancel_leftovers(queue, set(ids.values()), owner)
        seen = queue.head()
        workers = self.settings.model_copy(update={"log_format": "json" if self.json_logs else "text"})
        pool = WorkerPool(workers, min(self.jobs, len(todo)), queue.path, log=sys.stderr, owner=owner)
        pending: dict[str, BatchItem] = {}  # job id -> its item: submitted, not ended
        submitted: dict[str, BatchItem] = {}  # every job this run submitted or resumed
        restarts_at_progress = 0
        try:
            pool.start()
            while todo or pending:
                # One job per worker, none waiting: a job queued ahead would be claimed the moment a failure
                # ends its worker's scene, before we could stop scheduling (--fail-fast, a machine problem).
                while todo and not self.stopped and len(pending) < pool.size:
                    item = todo.popleft()
                    job = self._submit(queue, owner, ids[item.line], item)
                    submitted[job.id] = item
                    if job.status == "succeeded":  # ended after the killed run's last record
                        self._ended(job, item, progress)
                    else:
                        pending[job.id] = item
                if self.stopped:
                    todo.clear()
                    cancel_queued(queue, pending)
                time.sleep(POLL_S)
                events = queue.follow(seen)
                progress.running = queue.count("running", owner)
                for event in events:
                    seen = event.seq
                    if event.event == "done" and event.job_id in pending:
                        self._ended(queue.get(event.job_id), pending.pop(event.job_id), progress)
                        restarts_at_progress = pool.restarts
                check_workers(pool, pool.restarts - restarts_at_progress)
                progress.show()
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            pool.stop()
        if self.interrupted:
            self._record_ended_meanwhile(queue, submitted, progress)

    def _record_ended_meanwhile(self, queue: JobQueue, submitted: dict[str, BatchItem],
                                progress: ProgressLine) -> None:
        """After Ctrl-C: record the jobs that ended while the workers stopped (or whose end the interrupt cut
        short), so every scene folder in place is in the results file."""
        from app.jobs.queue import ACTIVE

        for job_id, item in submitted.items():
            job = queue.get(job_id)
            if item.line not in self.records and job is not None and job.status not in ACTIVE:
                self._ended(job, item, progress)
        # The Ctrl-C may have landed inside a write, after a record was kept and before the file held it.
        write_results(self.results_path, self.records)

    def _submit(self, queue: JobQueue, owner: str, job_id: str, item: BatchItem) -> Job:
        """Queue the scene, unless an earlier run left its job queued or running (then that job resumes) or
        succeeded with its folder in place (then it is recorded as it is); the job either way."""
        from app.jobs.queue import ACTIVE
        from tools.core.errors import InputError

        out = self.out_root / item.name
        job = queue.get(job_id)
        if job is not None and job.owner != owner:
            raise InputError(f"scene id {job_id} (line {item.line}) belongs to another batch or to the service "
                             f"({job.owner}) in the shared database; give the line an id of its own")
        same = job is not None and \
            (job.prompt, job.seed, job.options, job.out_dir) == (item.prompt, item.seed, item.options, str(out))
        if job is not None and same and (job.status in ACTIVE or
                                         (job.status == "succeeded" and (out / "report.json").is_file())):
            return job
        if job is not None:
            queue.delete(job_id)
        return queue.submit(job_id, owner, item.prompt, item.seed, item.options, out_dir=out)[0]

    def _ended(self, job: Job | None, item: BatchItem, progress: ProgressLine) -> None:
        """Record a scene whose job ended; a failure stops scheduling under --fail-fast, a machine problem always."""
        if job is None or job.status == "cancelled":  # cancelled by us once scheduling stopped: not run
            return
        record = job_record(item, job)
        self.records[record["line"]] = record
        write_results(self.results_path, self.records)
        failed = record["status"] != "ok"
        if failed and self.fail_fast:
            self.stopped = "after the first failure (--fail-fast)"
        elif record["error_kind"] == "environment":
            self.stopped = f"by a machine problem (fix it, then rerun): {record['error']}"
        progress.done += 1
        progress.failed += failed
        log.info("scene %s: %s", record["line"], record["status"],
                 extra={"scene_id": record["id"], "line": record["line"], "status": record["status"]})
        progress.say(result_line(record))


def cancel_leftovers(queue: JobQueue, wanted: set[str], owner: str) -> None:
    """An earlier run's jobs that this run does not want (the file changed) must not be run by its workers."""
    from app.jobs.queue import ACTIVE

    for job in queue.list(owner, sys.maxsize, None):
        if job.status in ACTIVE and job.id not in wanted:
            queue.cancel(job.id)


def cancel_queued(queue: JobQueue, pending: dict[str, BatchItem]) -> None:
    """Scheduling stopped: jobs no worker has claimed yet are cancelled; running ones finish."""
    for job_id in pending:
        job = queue.get(job_id)
        if job is not None and job.status == "queued":
            queue.cancel(job_id)


def check_workers(pool: WorkerPool, restarts_without_progress: int) -> None:
    """Workers that keep dying while no scene ends are broken (a bad install), not unlucky: stop the batch."""
    from app.jobs.worker import MAX_ATTEMPTS
    from tools.core.errors import DioramaError

    if restarts_without_progress > MAX_ATTEMPTS * pool.size:
        raise DioramaError(f"batch worker processes keep dying ({restarts_without_progress} restarts, no scene "
                           "finished); see the errors above, and run `diorama doctor`")


def cmd_batch(args: argparse.Namespace) -> int:
    """`diorama batch`: generate every prompt of a file and write results.jsonl."""
    from app.cli.out_folder import claim_folder
    from app.logs import json_logging_enabled
    from tools.core.errors import InputError
    from tools.core.settings import get_settings

    if args.jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {args.jobs}")
    items = read_batch(args.prompts, args.seed)
    out = claim_folder(args.out, (JOB_DB.parts[0],), args.force, "the batch")  # its own job database marks it
    settings = get_settings()  # bad DIORAMA_* values fail here, before any worker starts
    batch = Batch(items, out, args.results or out / "results.jsonl", args.jobs, args.fail_fast,
                  json_logging_enabled(), settings)
    out.mkdir(parents=True, exist_ok=True)
    records = batch.run()
    if batch.interrupted:
        print(f"interrupted: {len(records)}/{len(items)} scenes finished; rerun the same command to finish the rest",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    done = [records[line] for line in sorted(records)]
    print("\n" + summary_table(done))
    if len(done) < len(items):
        print(f"{len(items) - len(done)} scene(s) not run: stopped {batch.stopped}")
    print(f"results: {batch.results_path}")
    return exit_code(done) if len(done) == len(items) else max(exit_code(done), EXIT_CHECKS_FAILED)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `batch` command to the CLI."""
    p = subparsers.add_parser("batch", help="generate every prompt of a .txt or .jsonl file in worker processes")
    p.add_argument("prompts", type=Path, help=".txt (one prompt per line) or .jsonl ({prompt, seed?, id?, options?})")
    p.add_argument("--out", type=Path, required=True,
                   help="folder for the scenes and results.jsonl: new, empty, or an earlier batch's (resumed)")
    p.add_argument("--force", action="store_true", help="write into a folder that holds other files (they stay)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes, each with its own Chromium (default 1)")
    p.add_argument("--seed", type=seed_argument, default=0, help="seed for lines that give none (default 0)")
    p.add_argument("--fail-fast", action="store_true", help="start no new scene after the first failure")
    p.add_argument("--results", type=Path, help="JSONL results file (default: OUT/results.jsonl)")
    p.set_defaults(func=cmd_batch)
