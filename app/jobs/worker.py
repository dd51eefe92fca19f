"""One scene worker process: ``python -m app.jobs.worker --parent-pid PID [--queue FILE] [--owner NAME]``.

It polls the job queue (PostgreSQL when DIORAMA_DATABASE_URL is set, else the
service's ``data_dir/jobs.sqlite``, or a batch's own), runs each job with the
process's one Chromium (a fresh browser context per page), renews the job's
lease from a guard thread, and records stage events in the queue database.
It dies with the server (PR_SET_PDEATHSIG, and a parent-pid check), ignores
Ctrl-C (the server stops it with SIGTERM and it hands its job back), and a job
it held when it died is reclaimed after the lease and resumed from the
scene's LangGraph checkpoint. After ``worker_max_jobs`` jobs, or above
``worker_max_rss_mb`` (Chromium included), it exits for a fresh process. A generate job writes its scene into a hidden
sibling of its folder and renames it into place when the scene is written
(app/jobs/scene_folder.py), so a folder cut off never looks done. A batch job's
sibling outlives a failure (the batch's rerun resumes there); a service job's
goes when the job ends without a scene, as nothing resumes an ended job. With
S3 storage a service job's finished folder is kept in the bucket too
(tools/storage/folder.py) and an edit starts from the bucket's copy, and with
PostgreSQL too a generate's half-made folder is saved to the bucket at each
stage's end (tools/storage/unfinished.py), so a job cut off on one host
resumes from its checkpoint on another: no host's disk holds what another
host needs.

A machine fault (full disk, read-only folder, damaged or locked database)
fails the job it hit as ``environment`` with the file named; when the job
database itself cannot be used the worker waits with exponential back-off
instead of exiting (the pool would only restart it into the same fault).
An unexpected error fails the job as ``internal`` with an error id that the
worker's log line carries next to the traceback.
"""

from __future__ import annotations

import argparse
import ctypes
import logging
import os
import shutil
import signal
import socket
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from app.jobs.backend import open_queue
from app.jobs.backoff import Backoff
from app.jobs.health import error_id, explain
from app.jobs.pool import RECYCLE_EXIT
from app.jobs.queue import Job, JobQueue, Status, job_dir
from app.jobs.scene_folder import put_in_place, staging_folder
from app.logs import log_progress
from graph.context import LazyBrowser, RunContext
from graph.revisions import REVISIONS_FILE
from graph.state import SceneState
from tools.core.errors import DioramaError, InputError, MachineFault, RenderError, StorageError
from tools.core.report import Report
from tools.core.settings import Settings
from tools.core.telemetry import tool_call
from tools.storage.base import Store
from tools.storage.folder import fetch_folder, keep_folder
from tools.storage.unfinished import UnfinishedFolder, forget_unfinished, latest_manifest, restore, saved_elsewhere

IDLE_WAIT_S = 5.0  # longest idle wait between claims (a queued job wakes a PostgreSQL worker at once)
MAX_ATTEMPTS = 3  # a job whose worker died this often is failed, not retried forever
HARD_TIMEOUT_GRACE_S = 30.0  # past its time limit, a job stuck inside one stage gets this long before the exit
STAGE_PROGRESS: dict[str, float] = {
    "resume": 0.02, "plan": 0.05, "assets": 0.15, "layout": 0.35, "compose": 0.45, "verify": 0.55,
    "repair": 0.75, "publish": 0.92, "edit": 0.1,
}
PR_SET_PDEATHSIG = 1
log = logging.getLogger(__name__)


class JobStopped(Exception):
    """Raised from the progress callback between stages: cancelled, timed out, or the lease was lost."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class WorkerShutdown(BaseException):
    """SIGTERM from the server: hand the job back and exit."""


class ShutdownSignal:
    """SIGTERM, raised as WorkerShutdown only where the worker can stop cleanly: while a scene runs (execute
    hands the job back) or while it waits. Anywhere else (claiming a job, recording its end) it is noted and the
    worker stops after that step: a shutdown raised between the claim and the hand-back would leave the job
    'running', to be reclaimed after its lease as if its worker had died (a failed attempt)."""

    def __init__(self) -> None:
        self.requested = False
        self._interruptible = False

    def handle(self, signum: int, frame: object) -> None:
        """The SIGTERM handler."""
        self.requested = True
        if self._interruptible:
            raise WorkerShutdown()

    @contextmanager
    def interruptible(self) -> Iterator[None]:
        """Inside, SIGTERM raises WorkerShutdown at once (and on entry, when it came before)."""
        if self.requested:
            raise WorkerShutdown()
        self._interruptible = True
        try:
            yield
        finally:
            self._interruptible = False

    def finishing(self) -> None:
        """From here to the end of the interruptible block the scene is being put in place and its end recorded:
        SIGTERM waits for that, so a folder in place always belongs to a job that ended (and a released job
        never leaves one)."""
        self._interruptible = False


SHUTDOWN = ShutdownSignal()  # signal handlers belong to the process; main() installs this one


class JobGuard:
    """Renews the lease while a job runs and turns cancel, time limit and lost lease into ``JobStopped``."""

    def __init__(self, queue: JobQueue, job: Job, worker: str, settings: Settings, parent_pid: int) -> None:
        self.queue, self.job, self.worker, self.settings, self.parent_pid = queue, job, worker, settings, parent_pid
        self.started = time.monotonic()
        self.lease_lost = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._renew, name=f"lease:{job.id}", daemon=True)

    def __enter__(self) -> JobGuard:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def _renew(self) -> None:
        interval = max(0.5, self.settings.job_lease_s / 4)
        while not self._done.wait(interval):
            if os.getppid() != self.parent_pid:
                os._exit(1)  # the server died: the next server reclaims the job
            try:
                if time.monotonic() - self.started > self.settings.job_timeout_s + HARD_TIMEOUT_GRACE_S:
                    self.queue.finish(self.job.id, self.worker, "failed", error=timeout_error(self.settings))
                    os._exit(3)  # stuck inside one stage; the pool starts a fresh worker
                if not self.queue.heartbeat(self.job.id, self.worker, self.settings.job_lease_s):
                    self.lease_lost = True
            except MachineFault as fault:  # the job's next progress record meets the same fault and ends it
                log.error("job %s: cannot renew its lease: %s", self.job.id, fault)

    def progress(self, stage: str, message: str) -> None:
        """The run's progress callback: records the event, then stops the run if it must not go on."""
        if self.lease_lost:
            raise JobStopped("lost")
        if time.monotonic() - self.started > self.settings.job_timeout_s:
            raise JobStopped("timeout")
        log_progress(stage, message)  # JSON logs carry the stage events too
        self.job.progress = STAGE_PROGRESS.get(stage, self.job.progress)
        if not self.queue.record(self.job.id, self.worker, stage, message, self.job.progress):
            current = self.queue.get(self.job.id)
            raise JobStopped("cancelled" if current is not None and current.cancel_requested else "lost")


def timeout_error(settings: Settings) -> tuple[str, str]:
    """The error a job that ran past its time limit ends with."""
    return "timeout", f"the job ran longer than its limit of {settings.job_timeout_s:g} s (DIORAMA_JOB_TIMEOUT_S)"


def job_settings(settings: Settings, job: Job) -> Settings:
    """The settings for one job: the service's, with the job's max_repairs if it set one."""
    max_repairs = job.options.get("max_repairs")
    return settings if max_repairs is None else settings.model_copy(update={"max_repairs": int(max_repairs)})


def run_scene(job: Job, context: RunContext) -> SceneState:
    """Run a job's generate or edit in its folder and return the final graph state; with shared storage the
    folder comes from the store before an edit and goes back to it after either, and a generate's half-made
    folder follows its checkpoint through the store (``keep_unfinished``)."""
    out = job_dir(context.settings.data_dir, job)
    shared = keeps_folder_in_store(context.settings, job)
    if job.kind == "edit":
        from graph.edit import edit_scene  # written alongside the API; imported only when an edit runs

        assert job.instruction is not None  # submit_edit stores the instruction of every edit job
        if shared:
            bring_folder(context.store, job, out)
        state = edit_scene(out, job.instruction, context)
    else:
        from graph.runner import generate_scene

        staging = staging_folder(out, job.id)
        moved_here = follows_checkpoint(context.settings, job) and keep_unfinished(context, job, staging)
        state = generate_scene(job.prompt, staging, context, seed=job.seed, scene_id=job.id, fresh_out_dir=True,
                               moved_here=moved_here)
        SHUTDOWN.finishing()
        put_in_place(staging, out)
    if shared:
        keep_folder(context.store, job.id, out, copies=(REVISIONS_FILE,))
        if follows_checkpoint(context.settings, job):  # the finished folder is kept whole: its half-made copy goes
            forget_unfinished(context.store, job.id)
    return state


def keep_unfinished(context: RunContext, job: Job, staging: Path) -> bool:
    """Before a generate job runs (shared storage, PostgreSQL): have the run save its folder to the store at each
    stage's end (tools/storage/unfinished.py), and bring the folder from the store when another folder (another
    host's) saved it last; True when it was brought here, so the run resumes in it."""
    from graph.graph import FINAL_STAGE  # with the graph, which the run imports anyway

    store = context.store
    keeper = UnfinishedFolder(store, job.id, staging, job.attempts)

    def save(stage: str) -> None:
        if stage != FINAL_STAGE:  # after the last stage the job ends and keeps the whole folder instead
            with tool_call("storage_keep_unfinished"):
                keeper.save(stage)

    context.stage_done = save
    manifest = latest_manifest(store, job.id, job.attempts)
    if manifest is None:
        return False
    moved = saved_elsewhere(manifest, staging)
    if moved:
        started = time.perf_counter()
        try:
            restore(store, manifest, staging)
        except StorageError as error:  # the run starts over here, as without the copy
            log.warning("job %s: cannot bring its half-made folder from the store: %s", job.id, error)
            context.progress("resume", f"its half-made folder could not be brought from {store.describe()}")
            return False
        context.progress("resume", f"brought its folder from {store.describe()} in {time.perf_counter() - started:.1f} s "
                                   f"({len(manifest['files'])} files, as {manifest['host']} left it after "
                                   f"{manifest['stage']})")
    keeper.adopt(manifest)  # what it lists is in the store: not put again
    return moved


def keeps_folder_in_store(settings: Settings, job: Job) -> bool:
    """Whether the job's folder lives in the store between jobs: a service job's with S3 storage, so any host
    edits the scene and any API instance serves it (a batch's folders are the batch's own, on its host)."""
    return settings.storage == "s3" and job.out_dir is None


def follows_checkpoint(settings: Settings, job: Job) -> bool:
    """Whether a generate job's half-made folder goes to the store at each stage: when its folder lives there and
    its checkpoints are in PostgreSQL, where a worker on another host resumes it (with SQLite every worker that
    can claim the job is on this host, and finds the folder here)."""
    return job.kind == "generate" and keeps_folder_in_store(settings, job) and settings.database_url is not None


def bring_folder(store: Store, job: Job, out: Path) -> None:
    """Before an edit: the scene folder as the store keeps it, which the host that finished the scene last put
    there (this host's disk may hold an older revision, or nothing)."""
    staging = staging_folder(out, job.id)
    if fetch_folder(store, job.id, staging):
        put_in_place(staging, out)
    elif not (out / "scene.json").is_file():
        raise StorageError(f"{store.describe()} keeps no working folder of {job.id} and this host has none "
                           f"({out}): the scene was made before scene folders went to the store, or by a host "
                           "without DIORAMA_STORAGE=s3; edit it on that host, or generate it again")


def discard_unfinished(settings: Settings, job: Job) -> None:
    """A service job that ended without a scene: its staging folder goes (nothing resumes an ended job), and with
    shared storage its copy in the store. A batch job's stays, for the batch's rerun to resume in."""
    if job.out_dir is None and job.kind == "generate":
        shutil.rmtree(staging_folder(job_dir(settings.data_dir, job), job.id), ignore_errors=True)
        if follows_checkpoint(settings, job):
            from tools.storage.open import open_store  # boto3 only with S3 storage

            try:
                forget_unfinished(open_store(settings), job.id)
            except StorageError as error:  # nothing resumes it; deleting the scene removes it with the rest
                log.warning("job %s: could not remove its half-made folder from the store: %s", job.id, error)


def summary_of(state: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """The figures a finished job's summary shows: objects, checks and requirements passed, seconds."""
    report = Report.model_validate(state["report"]) if state.get("report") else Report(passed=False)
    return {
        "objects": len(state.get("placements", [])),
        "checks_passed": report.checks_passed(), "checks": len(report.checks),
        "requirements_met": report.requirements_met(), "requirements": len(report.requirements),
        "seconds": round(seconds, 2),
    }


def observe_run(queue: JobQueue, state: Mapping[str, Any], seconds: float) -> None:
    """Per-stage seconds, tool calls and the verification result, for /metrics in the API process."""
    for stage_name, stage_seconds in (state.get("timings") or {}).items():
        queue.observe("stage_seconds", stage_name, stage_seconds)
    for call in state.get("tool_calls") or []:
        queue.observe("tool_call", str(call.get("tool")), float(call.get("seconds", 0.0)), bool(call.get("ok", True)))
    queue.observe("verification", "scene", 1.0, bool(state.get("passed")))
    queue.observe("job_seconds", "scene", seconds)


def execute(queue: JobQueue, job: Job, worker: str, settings: Settings, browser: LazyBrowser,
            parent_pid: int) -> None:
    """Run one claimed job to an end state (or hand it back on shutdown)."""
    guard = JobGuard(queue, job, worker, job_settings(settings, job), parent_pid)
    context = RunContext(guard.settings, browser, guard.progress)
    try:
        with guard, SHUTDOWN.interruptible():
            state = run_scene(job, context)
    except JobStopped as stop:
        if end_stopped(queue, job, worker, settings, stop.reason):
            discard_unfinished(settings, job)
        return
    except WorkerShutdown:
        queue.release(job.id, worker)
        raise
    except Exception as e:
        if finish_despite_faults(queue, job.id, worker, "failed", error=failure(e, job, settings)):
            discard_unfinished(settings, job)
        return
    seconds = time.time() - (job.started_at or time.time())
    if finish_despite_faults(queue, job.id, worker, "succeeded", passed=bool(state.get("passed")),
                             summary=summary_of(state, seconds)):
        observe_run(queue, state, seconds)


def end_stopped(queue: JobQueue, job: Job, worker: str, settings: Settings, reason: str) -> bool:
    """End a job its run stopped; True when it ended here (or was deleted), so its unfinished output may go."""
    if reason == "cancelled":
        return finish_despite_faults(queue, job.id, worker, "cancelled", error=("cancelled", "cancelled on request"))
    if reason == "timeout":
        return finish_despite_faults(queue, job.id, worker, "failed", error=timeout_error(settings))
    if queue.get(job.id) is not None:  # its lease went to another worker, which goes on in the same folder
        return False
    if job.out_dir is None:  # deleted through the API while it ran: what it wrote after the delete goes too
        shutil.rmtree(job_dir(settings.data_dir, job), ignore_errors=True)
    return True


def failure(error: Exception, job: Job, settings: Settings) -> tuple[str, str]:
    """The (code, message) a job that raised ``error`` fails with: its input, the machine, or a bug."""
    if isinstance(error, InputError):
        return "invalid_input", str(error)
    fault = explain(error, settings, [job_dir(settings.data_dir, job)])
    if fault is not None:
        log.error("job %s hit a machine fault: %s", job.id, fault)
        return error_code(fault), str(fault)
    if isinstance(error, DioramaError):
        return error_code(error), str(error)
    internal = error_id()  # a bug: its traceback goes to the log under this id, the client sees only the id
    log.error("internal error %s in job %s", internal, job.id, exc_info=error)
    return "internal", f"internal error {internal}: the worker log has the details (grep {internal})"


def finish_despite_faults(queue: JobQueue, job_id: str, worker: str, status: Status, **ending: Any) -> bool:
    """``queue.finish``, retried with back-off while the job database cannot be written (a full disk frees up,
    a lock is released): a job must not stay 'running' to be claimed and hit the same fault again."""
    backoff = Backoff()
    while True:
        try:
            return queue.finish(job_id, worker, status, **ending)
        except MachineFault as fault:
            wait = backoff.next_wait()
            log.error("cannot record the end of job %s (%s); retrying in %g s", job_id, fault, wait)
            time.sleep(wait)


def error_code(error: DioramaError) -> str:
    """``RenderError`` -> ``render_error``: the error's class, as the API's error codes are spelled; a plain
    MachineFault (disk, folder, database) is ``environment``."""
    if type(error) is MachineFault:
        return "environment"
    name = type(error).__name__
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def die_with_parent(parent_pid: int) -> None:
    """Make the kernel kill this worker when its parent dies; exit now if it already has."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        sys.exit(1)


def serve_jobs(settings: Settings, parent_pid: int, queue_path: Path | None = None, warm: bool = False,
               owner: str | None = None) -> int:
    """Claim and run jobs until the parent process dies or a shutdown signal arrives (exit 0), or until this
    process should make way for a fresh one (``RECYCLE_EXIT``: the pool starts another at once); with
    ``warm``, Chromium starts before the first claim (a worker process), not inside the first scene; with
    ``owner``, only that owner's jobs (a batch's), else only jobs without a folder of their own."""
    worker = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    backoff = Backoff()
    queue: JobQueue | None = None
    jobs_run = 0
    try:
        if warm:
            warm_browser(browser)
        while os.getppid() == parent_pid and not SHUTDOWN.requested:
            try:
                queue = queue or open_queue(settings, queue_path)
                claimed = serve_one(queue, worker, settings, browser, parent_pid, owner)
                if not claimed:
                    with SHUTDOWN.interruptible():
                        queue.wait_for_work(IDLE_WAIT_S)
            except MachineFault as fault:  # the job database: waiting beats a restart into the same fault
                wait = backoff.next_wait()
                log.error("worker %s cannot use the job queue: %s; retrying in %g s", worker, fault, wait)
                with SHUTDOWN.interruptible():
                    time.sleep(wait)
                continue
            backoff.reset()
            if claimed:
                jobs_run += 1
                if worn_out(settings, jobs_run):
                    return RECYCLE_EXIT
    except WorkerShutdown:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not cut the browser's close short
        browser.close()
    return 0


def warm_browser(browser: LazyBrowser) -> None:
    """Launch Chromium and its context before the first job, so no scene waits for them; one that cannot
    start is left for the job to meet, which reports it as a machine fault with its reason."""
    try:
        browser.get().warm()
    except RenderError as error:
        log.warning("Chromium did not start ahead of the first job: %s", error)


def worn_out(settings: Settings, jobs_run: int) -> bool:
    """Whether this worker has run its share of jobs or grown past its memory limit (Chromium leaks over
    hundreds of pages; a fresh process is the sure cure)."""
    rss_mb = tree_rss_mb(os.getpid())
    if jobs_run < settings.worker_max_jobs and rss_mb <= settings.worker_max_rss_mb:
        return False
    log.info("worker %d recycles after %d jobs at %.0f MB", os.getpid(), jobs_run, rss_mb)
    return True


def tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants (its Chromium) in MB; 0 where /proc is missing."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    rss_kb = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return rss_kb / 1024 + sum(tree_rss_mb(int(child)) for child in children)


def serve_one(queue: JobQueue, worker: str, settings: Settings, browser: LazyBrowser, parent_pid: int,
              owner: str | None = None) -> bool:
    """Claim one job (of ``owner`` when given) and run it to its end; False when there was none to claim."""
    job = queue.claim(worker, settings.job_lease_s, owner)
    if job is None:
        return False
    if job.attempts > MAX_ATTEMPTS:
        if finish_despite_faults(queue, job.id, worker, "failed", error=(
                "worker_lost", f"the worker running this job died {job.attempts - 1} times; see logs/workers.log")):
            discard_unfinished(settings, job)
    else:
        execute(queue, job, worker, settings, browser, parent_pid)
    return True


def main(argv: list[str] | None = None) -> int:
    """Run a scene worker process: `python -m app.jobs.worker --parent-pid PID`."""
    parser = argparse.ArgumentParser(prog="python -m app.jobs.worker", description="Run Diorama scene jobs.")
    parser.add_argument("--parent-pid", type=int, required=True, help="exit when this process dies")
    parser.add_argument("--queue", type=Path, help="job database (default: DIORAMA_DATA_DIR/jobs.sqlite)")
    parser.add_argument("--owner", help="run only this owner's jobs (a batch's); default: jobs without own folder")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the server decides
    signal.signal(signal.SIGTERM, SHUTDOWN.handle)
    die_with_parent(args.parent_pid)
    settings = Settings()
    from app.logs import configure_logging

    configure_logging(json=settings.log_format == "json", level=settings.log_level)  # logs/workers.log
    return serve_jobs(settings, args.parent_pid, args.queue, warm=True, owner=args.owner)


if __name__ == "__main__":
    sys.exit(main())
