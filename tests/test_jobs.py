"""The job queue on both backends (SQLite, and a real PostgreSQL): leases, reclaiming, cancellation,
idempotency, revisions, events. SQLite-only tests (an old database file) take ``tmp_path`` alone."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from app.jobs.queue import (
    ActiveCapReached,
    IdempotencyConflict,
    JobQueue,
    SqliteJobQueue,
    job_dir,
    new_job_id,
    scene_dir,
)


@pytest.fixture(params=["sqlite", "postgres"])
def queue(request, tmp_path) -> JobQueue:
    if request.param == "sqlite":
        return SqliteJobQueue(tmp_path / "jobs.sqlite")
    from app.jobs.postgres import PostgresJobQueue

    postgres = PostgresJobQueue(request.getfixturevalue("postgres_server").fresh_database())
    request.addfinalizer(postgres.close)
    return postgres


def submit(queue: JobQueue, prompt: str = "a table", key: str | None = None, owner: str = "local"):
    return queue.submit(new_job_id(), owner, prompt, 0, {}, key)


def test_claim_takes_oldest_first_and_only_once(queue):
    first, _ = submit(queue, "one")
    submit(queue, "two")
    claimed = queue.claim("w1", lease_s=60)
    assert claimed.id == first.id and claimed.status == "running" and claimed.attempts == 1
    second = queue.claim("w2", lease_s=60)
    assert second.prompt == "two"
    assert queue.claim("w3", lease_s=60) is None


def test_concurrent_claims_never_share_a_job(queue):
    for i in range(20):
        submit(queue, f"p{i}")
    claimed: list[str] = []

    def worker(name: str) -> None:
        while (job := queue.claim(name, lease_s=60)) is not None:
            claimed.append(job.id)

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(claimed) == 20 and len(set(claimed)) == 20


def test_an_expired_lease_is_reclaimed_and_the_old_worker_is_shut_out(queue):
    job, _ = submit(queue)
    queue.claim("dead", lease_s=-1)  # already expired: its worker stopped renewing
    reclaimed = queue.claim("alive", lease_s=60)
    assert reclaimed.id == job.id and reclaimed.attempts == 2
    assert not queue.heartbeat(job.id, "dead", 60)
    assert not queue.record(job.id, "dead", "plan", "started", 0.05)
    assert not queue.finish(job.id, "dead", "succeeded", passed=True)
    assert queue.heartbeat(job.id, "alive", 60)
    assert queue.finish(job.id, "alive", "succeeded", passed=True, summary={"objects": 1})
    done = queue.get(job.id)
    assert done.status == "succeeded" and done.passed is True and done.progress == 1.0


def test_a_live_lease_is_not_reclaimed(queue):
    submit(queue)
    queue.claim("w1", lease_s=60)
    assert queue.claim("w2", lease_s=60) is None


def test_cancel_queued_is_immediate_and_running_stops_at_the_next_record(queue):
    queued, _ = submit(queue, "queued")
    assert queue.cancel(queued.id).status == "cancelled"
    running, _ = submit(queue, "running")
    queue.claim("w", lease_s=60)
    assert queue.cancel(running.id).status == "running"
    assert queue.record(running.id, "w", "layout", "started", 0.35) is False
    assert queue.finish(running.id, "w", "cancelled", error=("cancelled", "cancelled on request"))
    assert queue.get(running.id).status == "cancelled"
    assert queue.claim("w2", lease_s=60) is None


def test_cancel_of_a_job_whose_worker_died_is_immediate(queue):
    job, _ = submit(queue)
    queue.claim("dead", lease_s=-1)
    cancelled = queue.cancel(job.id)
    assert cancelled.status == "cancelled" and cancelled.error_code == "cancelled"
    assert queue.claim("w", lease_s=60) is None


def test_release_puts_the_job_back(queue):
    job, _ = submit(queue)
    queue.claim("w", lease_s=60)
    queue.release(job.id, "w")
    assert queue.get(job.id).status == "queued"
    assert queue.claim("w2", lease_s=60).id == job.id


def test_a_released_job_is_no_failed_attempt(queue):
    """A worker stopped on purpose (Ctrl-C, shutdown) hands its job back as if it had never claimed it."""
    job, _ = submit(queue)
    for _ in range(5):
        queue.claim("w", lease_s=60)
        queue.release(job.id, "w")
    back = queue.get(job.id)
    assert back.attempts == 0 and back.started_at is None
    assert queue.claim("w", lease_s=60).attempts == 1


def test_a_job_may_name_its_own_folder(queue, tmp_path):
    own, _ = queue.submit(new_job_id(), "batch", "a table", 0, {}, out_dir=tmp_path / "out" / "001-a-table")
    service, _ = submit(queue)
    assert queue.get(own.id).out_dir == str(tmp_path / "out" / "001-a-table")
    assert job_dir(tmp_path / "data", own) == tmp_path / "out" / "001-a-table"
    assert service.out_dir is None and job_dir(tmp_path / "data", service) == scene_dir(tmp_path / "data", service.id)


def test_a_job_with_its_own_folder_is_claimed_only_by_its_owners_workers(queue, tmp_path):
    """A batch's job (its folder on the batch's host) is never taken by the service's workers, on any host, and a
    batch's workers take only their batch's jobs."""
    own, _ = queue.submit(new_job_id(), "batch:h:/b1", "a table", 0, {}, out_dir=tmp_path / "b1" / "001-a-table")
    other, _ = queue.submit(new_job_id(), "batch:h:/b2", "a table", 0, {}, out_dir=tmp_path / "b2" / "001-a-table")
    service, _ = submit(queue)
    assert queue.claim("service-worker", lease_s=60).id == service.id
    assert queue.claim("service-worker", lease_s=60) is None
    assert queue.claim("b1-worker", lease_s=60, owner="batch:h:/b1").id == own.id
    assert queue.claim("b1-worker", lease_s=60, owner="batch:h:/b1") is None
    assert queue.get(other.id).status == "queued"


def test_a_database_made_before_out_dir_gets_the_column(tmp_path):
    path = tmp_path / "jobs.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE jobs (id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, prompt TEXT "
                   "NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL, status TEXT NOT NULL, revision INTEGER "
                   "NOT NULL DEFAULT 1, instruction TEXT, stage TEXT, progress REAL NOT NULL DEFAULT 0, created_at "
                   "REAL NOT NULL, queued_at REAL NOT NULL, started_at REAL, finished_at REAL, passed INTEGER, "
                   "error_code TEXT, error_message TEXT, summary TEXT, cancel_requested INTEGER NOT NULL DEFAULT 0, "
                   "lease_owner TEXT, lease_expires REAL, attempts INTEGER NOT NULL DEFAULT 0, idempotency_key TEXT, "
                   "request_hash TEXT)")
    queue = SqliteJobQueue(path)
    job, _ = queue.submit(new_job_id(), "batch", "a table", 0, {}, out_dir=tmp_path / "out")
    assert queue.get(job.id).out_dir == str(tmp_path / "out")
    SqliteJobQueue(path)  # opening it again adds nothing twice


def test_follow_sees_every_jobs_events_after_head(queue):
    old, _ = submit(queue, "before")
    head = queue.head()
    first, _ = submit(queue, "one")
    second, _ = submit(queue, "two")
    queue.cancel(first.id)
    seen = [(e.job_id, e.event) for e in queue.follow(head)]
    assert seen == [(first.id, "queued"), (second.id, "queued"), (first.id, "done")]
    assert queue.follow(queue.head()) == [] and old.id not in {job_id for job_id, _ in seen}


def test_idempotency_key_returns_the_same_job_and_refuses_another_body(queue):
    first, created = submit(queue, "a table", key="k1")
    again, created_again = submit(queue, "a table", key="k1")
    assert created and not created_again and again.id == first.id
    other_owner, created_other = submit(queue, "a table", key="k1", owner="someone-else")
    assert created_other and other_owner.id != first.id
    with pytest.raises(IdempotencyConflict):
        submit(queue, "a chair", key="k1")


def test_concurrent_submits_never_pass_the_active_cap(queue):
    """The cap is counted in the submit's own transaction: racing submits cannot all see room."""
    barrier = threading.Barrier(16)
    outcomes: list[str] = []

    def submitter(i: int) -> None:
        barrier.wait()
        try:
            queue.submit(new_job_id(), "busy", f"p{i}", i, {}, None, max_active=3)
            outcomes.append("queued")
        except ActiveCapReached as capped:
            assert capped.active == 3
            outcomes.append("capped")

    threads = [threading.Thread(target=submitter, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["capped"] * 13 + ["queued"] * 3
    submit(queue, owner="someone-else")  # another owner's jobs do not count
    finished = queue.claim("w", lease_s=60)
    queue.finish(finished.id, "w", "succeeded")
    queue.submit(new_job_id(), "busy", "after one finished", 0, {}, None, max_active=3)  # a slot freed


def test_events_replay_in_order_per_revision(queue):
    job, _ = submit(queue)
    queue.claim("w", lease_s=60)
    queue.record(job.id, "w", "plan", "started", 0.05)
    queue.record(job.id, "w", "plan", "done", 0.05)
    queue.finish(job.id, "w", "succeeded", passed=True)
    events = queue.events(job.id, 1)
    assert [e.event for e in events] == ["queued", "stage", "stage", "done"]
    assert queue.events(job.id, 1, after_seq=events[1].seq)[0].data["message"] == "done"
    edited = queue.submit_edit(job.id, "make it blue")
    assert edited.kind == "edit" and edited.revision == 2 and edited.status == "queued"
    assert [r["instruction"] for r in edited.revisions] == [None, "make it blue"]
    assert [e.event for e in queue.events(job.id, 2)] == ["queued"]
    assert queue.submit_edit(job.id, "again") is None  # the edit is still queued


def test_list_pages_newest_first_and_delete_forgets(queue):
    ids = [submit(queue, f"p{i}")[0].id for i in range(5)]
    page = queue.list(None, 2, None)
    assert [j.id for j in page] == ids[::-1][:2]
    rest = queue.list(None, 10, (page[-1].created_at, page[-1].id))
    assert [j.id for j in rest] == ids[::-1][2:]
    assert queue.delete(ids[0]) and queue.get(ids[0]) is None and queue.events(ids[0], 1) == []
    assert not queue.delete(ids[0])


def test_summary_counts_the_reports_checks_and_requirements():
    from app.jobs.worker import summary_of

    report = {"passed": False, "checks": [{"name": "ready", "passed": True, "evidence": "ready"},
                                          {"name": "motion", "passed": False, "evidence": "did not move"}],
              "requirements": [{"id": "count_chair", "kind": "count", "description": "a chair", "passed": True}]}
    summary = summary_of({"report": report, "placements": [{}, {}]}, 1.234)
    assert summary == {"objects": 2, "checks_passed": 1, "checks": 2, "requirements_met": 1, "requirements": 1,
                       "seconds": 1.23}
    assert summary_of({}, 0)["checks"] == 0, "a run that ended before verify has no report"
