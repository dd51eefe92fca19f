"""The worker's handling of one job, in process: time limit, cancel, a lost lease, the pool's settings hand-off;
and a SIGTERM wherever it lands hands the job back (no failed attempt) or lets its end be recorded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.jobs import worker as worker_module
from app.jobs.pool import settings_env
from app.jobs.queue import SqliteJobQueue, new_job_id, scene_dir
from app.jobs.scene_folder import staging_folder
from app.jobs.worker import JobGuard, JobStopped, ShutdownSignal, error_code, execute, serve_jobs
from graph.context import LazyBrowser
from tools.core.errors import RenderError
from tools.core.settings import Settings


@pytest.fixture
def queue(tmp_path) -> SqliteJobQueue:
    return SqliteJobQueue(tmp_path / "data" / "jobs.sqlite")


def claimed(queue: SqliteJobQueue, prompt: str = "a table"):
    queue.submit(new_job_id(), "local", prompt, 0, {})
    return queue.claim("w", lease_s=60)


def run(queue, job, settings) -> None:
    browser = LazyBrowser(None, 30)  # never launched: every case here stops before verify
    try:
        execute(queue, job, "w", settings, browser, os.getppid())
    finally:
        browser.close()


def test_a_job_past_its_time_limit_fails_with_timeout(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, job_timeout_s=1e-9)
    job = claimed(queue)
    run(queue, job, settings)
    done = queue.get(job.id)
    assert done.status == "failed" and done.error_code == "timeout" and "DIORAMA_JOB_TIMEOUT_S" in done.error_message
    assert done.passed is None and done.summary is None


def test_a_job_with_its_own_folder_writes_there_and_a_cut_off_scene_stays_unfinished(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, job_timeout_s=1e-9)
    out = tmp_path / "batch" / "001-a-table"
    queue.submit(new_job_id(), "batch", "a table", 0, {}, out_dir=out)
    job = queue.claim("w", lease_s=60, owner="batch")
    run(queue, job, settings)
    assert queue.get(job.id).error_code == "timeout"
    assert not out.exists() and staging_folder(out, job.id).is_dir()  # kept for the batch's rerun to resume in
    assert not (tmp_path / "data" / "scenes").exists()


def test_a_service_job_that_ends_without_a_scene_leaves_no_folder(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, job_timeout_s=1e-9)
    job = claimed(queue)
    run(queue, job, settings)
    assert queue.get(job.id).error_code == "timeout"
    folder = scene_dir(settings.data_dir, job.id)
    assert not folder.exists() and not staging_folder(folder, job.id).exists()


def test_a_cancelled_job_stops_at_the_first_stage(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    job = claimed(queue)
    queue.cancel(job.id)
    run(queue, job, settings)
    done = queue.get(job.id)
    assert done.status == "cancelled" and done.error_code == "cancelled"
    assert [e.data.get("stage") for e in queue.events(job.id, 1) if e.event == "stage"] == ["plan"]


def test_a_worker_that_lost_its_lease_leaves_the_job_to_its_new_owner(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    job = claimed(queue)
    queue.release(job.id, "w")
    queue.claim("new-owner", lease_s=60)
    run(queue, job, settings)
    assert queue.get(job.id).status == "running"  # untouched: it belongs to new-owner now


def test_guard_raises_when_the_lease_was_lost(queue, tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    job = claimed(queue)
    guard = JobGuard(queue, job, "w", settings, os.getppid())
    guard.progress("plan", "started")
    guard.lease_lost = True
    with pytest.raises(JobStopped, match="lost"):
        guard.progress("plan", "done")


def test_error_codes_follow_the_error_class():
    assert error_code(RenderError("x")) == "render_error"


def test_workers_get_the_servers_settings(tmp_path):
    settings = Settings(data_dir=tmp_path / "rel", _env_file=None, api_keys=["a" * 16, "b" * 16], job_timeout_s=12)
    env = settings_env(settings)
    assert env["DIORAMA_API_KEYS"] == "a" * 16 + "," + "b" * 16 and env["DIORAMA_JOB_TIMEOUT_S"] == "12.0"
    assert env["DIORAMA_DATA_DIR"] == str((tmp_path / "rel").resolve())


# --- SIGTERM: a clean hand-back is no failed attempt ------------------------------------------

@pytest.fixture
def sigterm(monkeypatch):
    """The worker's SIGTERM handler installed in this process (as main() installs it), removed afterwards."""
    shutdown = ShutdownSignal()
    monkeypatch.setattr(worker_module, "SHUTDOWN", shutdown)
    previous = signal.signal(signal.SIGTERM, shutdown.handle)
    yield shutdown
    signal.signal(signal.SIGTERM, previous)


def sigterm_during(monkeypatch, method: str) -> None:
    """SIGTERM this process from inside ``SqliteJobQueue.<method>``: after its write (claim), before it (finish)."""
    real = getattr(SqliteJobQueue, method)

    def signalled(self, *args, **kwargs):
        if method == "claim":
            result = real(self, *args, **kwargs)
            os.kill(os.getpid(), signal.SIGTERM)
            return result
        os.kill(os.getpid(), signal.SIGTERM)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SqliteJobQueue, method, signalled)


def test_a_sigterm_just_after_the_claim_hands_the_job_back_unattempted(queue, tmp_path, sigterm, monkeypatch):
    job, _ = queue.submit(new_job_id(), "local", "a table", 0, {})
    sigterm_during(monkeypatch, "claim")
    serve_jobs(Settings(data_dir=tmp_path / "data", _env_file=None), os.getppid(), queue.path)
    back = queue.get(job.id)
    assert sigterm.requested and back.status == "queued" and back.attempts == 0 and back.started_at is None


def test_a_sigterm_while_a_jobs_end_is_recorded_lets_it_be_recorded_then_stops(queue, tmp_path, sigterm,
                                                                              monkeypatch):
    ending, _ = queue.submit(new_job_id(), "local", "   ", 0, {})  # refused by the run's first check
    waiting, _ = queue.submit(new_job_id(), "local", "a table", 0, {})
    sigterm_during(monkeypatch, "finish")
    serve_jobs(Settings(data_dir=tmp_path / "data", _env_file=None), os.getppid(), queue.path)
    ended = queue.get(ending.id)
    assert ended.status == "failed" and ended.error_code == "invalid_input"
    assert queue.get(waiting.id).status == "queued" and queue.get(waiting.id).attempts == 0  # not claimed


@pytest.mark.slow
def test_a_worker_process_sigtermed_mid_scene_hands_its_job_back(queue, tmp_path):
    """The real path: the pool's SIGTERM to a worker process running a scene."""
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, chromium="/bin/false")
    job, _ = queue.submit(new_job_id(), "local", "a bedroom with a bed, two nightstands and a wardrobe", 0, {})
    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "-m", "app.jobs.worker", "--parent-pid", str(os.getpid()),
                             "--queue", str(queue.path)], cwd=repo, env=settings_env(settings),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not any(e.event == "stage" for e in queue.events(job.id, 1)):
            assert proc.poll() is None and time.monotonic() < deadline, "the worker never started the scene"
            time.sleep(0.05)
        proc.terminate()
        assert proc.wait(60) == 0
    finally:
        proc.kill()
    back = queue.get(job.id)
    assert back.status == "queued" and back.attempts == 0, (back.status, back.attempts, back.error_message)
    assert queue.claim("w", lease_s=60).attempts == 1


def test_a_worker_recycles_after_its_share_of_jobs_or_above_its_memory_limit(tmp_path, monkeypatch):
    from app.jobs.worker import tree_rss_mb, worn_out

    assert tree_rss_mb(os.getpid()) > 10  # this Python, at least
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, worker_max_jobs=3, worker_max_rss_mb=100_000)
    assert not worn_out(settings, 2) and worn_out(settings, 3)
    monkeypatch.setattr(worker_module, "tree_rss_mb", lambda pid: 100_001.0)  # as a leaking Chromium would grow
    assert worn_out(settings, 1)
