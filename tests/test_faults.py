"""Machine faults with the real parts, in process: SQLite files damaged on disk, a locked database, a full or
read-only tmpfs. Each is a MachineFault naming the file; the API answers 503, the job fails as `environment`,
the worker and the pool back off; an internal error shows only an id that the log line carries."""

from __future__ import annotations

import logging
import os
import re
import signal
import sqlite3
import subprocess
import threading
from contextlib import closing

import pytest
from fastapi.testclient import TestClient
from faults import damage_middle, fill, garbage_at_start, read_only, some_database, tiny_disk

from app.api.server import create_app
from app.jobs import pool as pool_module
from app.jobs import worker as worker_module
from app.jobs.backoff import Backoff
from app.jobs.queue import SqliteJobQueue, jobs_db, new_job_id
from app.jobs.worker import execute, serve_jobs
from graph.context import LazyBrowser
from tools.core.errors import MachineFault
from tools.core.faults import probe_database, probe_folder
from tools.core.settings import Settings

LOOPBACK = "http://127.0.0.1"  # local-only mode answers only loopback Host names (app/api/edge.py)
ERROR_ID = re.compile(r"err-[0-9a-f]{12}")


def settings_for(data_dir, **overrides) -> Settings:
    return Settings(data_dir=data_dir, _env_file=None, **overrides)


def queue_with_jobs(path, jobs: int = 30) -> SqliteJobQueue:
    queue = SqliteJobQueue(path)
    for _ in range(jobs):
        queue.submit(new_job_id(), "local", "a table " * 20, 0, {})
    return queue


def run_job(queue: SqliteJobQueue, settings: Settings):
    queue.submit(new_job_id(), "local", "a table", 0, {})
    job = queue.claim("w", lease_s=60)
    browser = LazyBrowser(None, 30)  # never launched: every case here fails before verify
    try:
        execute(queue, job, "w", settings, browser, os.getppid())
    finally:
        browser.close()
    return queue.get(job.id)


@pytest.fixture
def disk(tmp_path):
    with tiny_disk(tmp_path / "disk") as mounted:
        yield mounted


@pytest.fixture
def held_lock(tmp_path):
    """jobs.sqlite with another connection holding its write lock (as a stuck process would)."""
    queue = queue_with_jobs(tmp_path / "data" / "jobs.sqlite", jobs=1)
    with closing(sqlite3.connect(queue.path, isolation_level=None)) as other:
        other.execute("BEGIN EXCLUSIVE")
        yield queue
        other.execute("ROLLBACK")


def test_probes_name_a_damaged_start_a_damaged_middle_and_pass_a_sound_or_missing_file(tmp_path):
    garbage_at_start(start := some_database(tmp_path / "start.sqlite"))
    damage_middle(middle := some_database(tmp_path / "middle.sqlite"))
    for damaged in (start, middle):
        fault = probe_database(damaged)
        assert fault is not None and fault.kind == "damaged" and str(damaged) in str(fault), fault
        assert "move it aside" in str(fault)
    assert probe_database(some_database(tmp_path / "sound.sqlite")) is None
    assert probe_database(tmp_path / "not-made-yet.sqlite") is None


def test_a_locked_database_is_named_as_locked(held_lock):
    fault = probe_database(held_lock.path, lock_timeout_s=0.2)
    assert fault is not None and fault.kind == "locked" and str(held_lock.path) in str(fault)


def test_a_full_disk_and_a_read_only_one_fail_the_folder_probe_and_the_queue(disk):
    queue = SqliteJobQueue(disk / "jobs.sqlite")
    fill(disk)
    full = probe_folder(disk)
    assert full is not None and full.kind == "disk_full" and str(disk) in str(full)
    with pytest.raises(MachineFault, match="jobs.sqlite") as raised:
        for _ in range(50):
            queue.submit(new_job_id(), "local", "a table " * 100, 0, {})
    assert raised.value.kind == "disk_full" and "free space" in str(raised.value)
    (disk / "filler").unlink()
    read_only(disk)
    assert probe_folder(disk).kind == "read_only"
    assert probe_database(queue.path).kind == "read_only"
    with pytest.raises(MachineFault, match="jobs.sqlite"):
        queue.submit(new_job_id(), "local", "a table", 0, {})


def test_a_job_database_with_garbage_at_its_start_is_a_fault_naming_it(tmp_path):
    path = queue_with_jobs(tmp_path / "jobs.sqlite").path
    garbage_at_start(path)
    with pytest.raises(MachineFault, match=re.escape(str(path))) as raised:
        SqliteJobQueue(path)
    assert raised.value.kind == "damaged"


def test_damaged_job_database_answers_503_and_readyz_names_it(tmp_path):
    data = tmp_path / "data"
    damage_middle(queue_with_jobs(jobs_db(data)).path)
    with TestClient(create_app(settings_for(data), workers=0), base_url=LOOPBACK) as client:  # it starts: the schema reads
        posted = client.post("/v1/scenes", json={"prompt": "a table"})
        assert posted.status_code == 503, posted.text
        error = posted.json()["error"]
        assert error["code"] == "environment" and "jobs.sqlite" in error["message"]
        assert error["details"]["fault"] == "damaged" and posted.headers["retry-after"]
        assert client.get("/v1/scenes").status_code == 503
        ready = client.get("/readyz")
        assert ready.status_code == 503
        checks = ready.json()["checks"]
        assert not checks["databases"]["ok"] and "damaged" in checks["databases"]["files"][str(jobs_db(data))]
        assert not checks["queue"]["ok"]


def test_a_full_data_dir_answers_503_disk_full_not_500(disk):
    settings = settings_for(disk, rate_limit_per_min=100_000, max_concurrent_jobs_per_key=100_000)
    with TestClient(create_app(settings, workers=0), base_url=LOOPBACK) as client:
        fill(disk)
        answers = [client.post("/v1/scenes", json={"prompt": "a table " * 100}) for _ in range(50)]
        listed = client.get("/v1/scenes")
    refused = [a for a in answers if a.status_code != 202]
    assert refused and all(a.status_code == 503 for a in refused), [a.status_code for a in answers]
    error = refused[0].json()["error"]
    assert error["code"] == "environment" and error["details"]["fault"] == "disk_full", error
    assert "jobs.sqlite" in error["message"] and refused[0].headers["retry-after"]
    assert listed.status_code in (200, 503)  # reads may still work on a full disk; never a 500


def test_readyz_names_a_locked_job_database_and_a_full_data_dir(held_lock, tmp_path, disk):
    settings = settings_for(tmp_path / "data")
    with TestClient(create_app(settings, workers=0, queue=held_lock), base_url=LOOPBACK) as client:
        ready = client.get("/readyz")
    assert ready.status_code == 503 and "locked" in ready.json()["checks"]["databases"]["files"][str(held_lock.path)]
    fill(disk)
    with TestClient(create_app(settings_for(disk), workers=0, queue=held_lock), base_url=LOOPBACK) as client:
        data_dir = client.get("/readyz").json()["checks"]["data_dir"]
    assert not data_dir["ok"] and "No space left" in data_dir["problem"]


def test_a_damaged_checkpoint_database_fails_the_job_as_environment_naming_it(tmp_path):
    settings = settings_for(tmp_path / "data")
    queue = SqliteJobQueue(tmp_path / "jobs.sqlite")
    some_database(settings.checkpoint_db)
    garbage_at_start(settings.checkpoint_db)
    done = run_job(queue, settings)
    assert done.status == "failed" and done.error_code == "environment", done
    assert str(settings.checkpoint_db) in done.error_message and "move it aside" in done.error_message


def test_a_checkpoint_database_damaged_in_the_middle_fails_the_job_naming_it(tmp_path):
    from langgraph.checkpoint.sqlite import SqliteSaver

    settings = settings_for(tmp_path / "data")
    settings.checkpoint_db.parent.mkdir(parents=True)
    with closing(sqlite3.connect(settings.checkpoint_db, check_same_thread=False)) as conn:
        SqliteSaver(conn).setup()
    damage_middle(settings.checkpoint_db)
    done = run_job(SqliteJobQueue(tmp_path / "jobs.sqlite"), settings)
    assert done.error_code == "environment" and str(settings.checkpoint_db) in done.error_message, done


def test_a_full_data_dir_fails_the_job_as_environment_and_it_is_not_claimed_again(tmp_path, disk):
    settings = settings_for(disk)
    queue = SqliteJobQueue(tmp_path / "jobs.sqlite")  # the queue on a sound disk, the scenes on the full one
    fill(disk)
    done = run_job(queue, settings)
    assert done.status == "failed" and done.error_code == "environment", done
    assert str(disk) in done.error_message and "free space" in done.error_message
    assert queue.claim("w2", lease_s=60) is None


def test_an_internal_error_shows_an_id_and_the_log_line_carries_it(tmp_path, monkeypatch, caplog):
    def broken(job, context):
        raise RuntimeError("secret detail of a bug")

    monkeypatch.setattr(worker_module, "run_scene", broken)
    with caplog.at_level(logging.ERROR):
        done = run_job(SqliteJobQueue(tmp_path / "jobs.sqlite"), settings_for(tmp_path / "data"))
    assert done.error_code == "internal" and "secret" not in done.error_message and "Runtime" not in done.error_message
    error_id = ERROR_ID.search(done.error_message).group()
    assert any(error_id in r.getMessage() and r.exc_info for r in caplog.records)


def test_the_api_answers_an_internal_error_with_an_id_only(tmp_path, caplog):
    app = create_app(settings_for(tmp_path / "data"), workers=0)

    def broken(job_id):
        raise RuntimeError("secret detail of a bug")

    app.state.queue.get = broken
    with TestClient(app, raise_server_exceptions=False, base_url=LOOPBACK) as client, caplog.at_level(logging.ERROR):
        answer = client.get("/v1/scenes/s-0123456789abcdef")
    assert answer.status_code == 500
    error = answer.json()["error"]
    assert error["code"] == "internal" and "secret" not in error["message"]
    assert error["details"]["error_id"] in error["message"]
    assert any(error["details"]["error_id"] in r.getMessage() for r in caplog.records)


def test_a_worker_on_a_damaged_job_database_backs_off_instead_of_exiting(tmp_path, monkeypatch, caplog):
    path = queue_with_jobs(tmp_path / "jobs.sqlite", jobs=1).path
    garbage_at_start(path)
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 5:
            raise worker_module.WorkerShutdown()

    monkeypatch.setattr(worker_module.time, "sleep", sleep)
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        with caplog.at_level(logging.ERROR):
            serve_jobs(settings_for(tmp_path / "data"), os.getppid(), path)
    finally:
        signal.signal(signal.SIGTERM, sigterm)
    assert waits == [1, 2, 4, 8, 16]
    assert str(path) in caplog.records[0].getMessage()


def test_backoff_doubles_to_its_cap_and_resets():
    backoff = Backoff(first_s=1, cap_s=10)
    assert [backoff.next_wait() for _ in range(6)] == [1, 2, 4, 8, 10, 10]
    backoff.reset()
    assert backoff.next_wait() == 1


def test_the_pool_restarts_a_worker_that_dies_at_start_with_growing_waits(tmp_path, monkeypatch):
    monkeypatch.setattr(pool_module, "WATCH_INTERVAL_S", 0.05)
    pool = pool_module.WorkerPool(settings_for(tmp_path), 1)
    monkeypatch.setattr(pool, "_spawn", lambda: subprocess.Popen(["false"]))  # dies at once, as a broken install
    pool.start()
    threading.Event().wait(2.0)  # without back-off: a restart every interval, about 40
    pool.stop()
    assert 2 <= pool.restarts <= 8, pool.restarts  # waits of 0.05, 0.1, 0.2 ... s: about 5
