"""The worker's handling of one job, in process: time limit, cancel, a lost lease, the pool's settings hand-off."""

from __future__ import annotations

import os

import pytest

from app.jobs.pool import settings_env
from app.jobs.queue import UNFINISHED_MARKER, SqliteJobQueue, new_job_id
from app.jobs.worker import JobGuard, JobStopped, error_code, execute
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
    job = queue.claim("w", lease_s=60)
    run(queue, job, settings)
    assert queue.get(job.id).error_code == "timeout"
    assert (out / UNFINISHED_MARKER).is_file()
    assert not (tmp_path / "data" / "scenes").exists()


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
