"""Durable scene jobs: the queue interface and its SQLite implementation.

One job per scene id. A job is claimed under a lease that its worker renews
with heartbeats; a job whose lease ran out (its worker died) is claimed again
and resumes from the scene's LangGraph checkpoint. A job handed back (its
worker was stopped) is queued again as if it had never been claimed. Every write that a worker
makes is conditioned on it still holding the lease, so a job never runs in two
places at once. An edit re-queues the same scene as a new revision.

A service job writes its scene under ``data_dir/scenes/<id>``; a job may name
its own folder instead (``out_dir``: `diorama batch` puts each scene in the
folder the user asked for).

The queue sits behind ``JobQueue``. Its rules are SQL written once (``SqlJobQueue``) that two backends run:
``SqliteJobQueue`` here (one host) and ``PostgresJobQueue`` (app/jobs/postgres.py, many hosts).
A damaged, locked or unwritable database file (or a full disk) raises a
``MachineFault`` naming the file, never a bare sqlite3 error.
"""

from __future__ import annotations

import builtins
import json
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal, Protocol

from tools.core.faults import database_faults

Status = Literal["queued", "running", "succeeded", "failed", "cancelled"]
TERMINAL: frozenset[str] = frozenset({"succeeded", "failed", "cancelled"})
ACTIVE: frozenset[str] = frozenset({"queued", "running"})


class ActiveCapReached(Exception):
    """The owner already has ``max_active`` jobs queued or running (checked in the submit's transaction)."""

    def __init__(self, active: int) -> None:
        super().__init__(f"{active} jobs queued or running")
        self.active = active


class IdempotencyConflict(Exception):
    """The idempotency key was used before with a different request body."""


@dataclass
class Job:
    """One scene job as the queue stores it."""

    id: str
    owner: str
    kind: Literal["generate", "edit"]
    prompt: str
    seed: int
    options: dict[str, Any]
    status: Status
    created_at: float
    revision: int = 1
    instruction: str | None = None
    stage: str | None = None
    progress: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None
    passed: bool | None = None
    error_code: str | None = None
    error_message: str | None = None
    summary: dict[str, Any] | None = None
    cancel_requested: bool = False
    attempts: int = 0
    revisions: list[dict[str, Any]] = field(default_factory=list)
    out_dir: str | None = None  # absolute folder the scene is written to; None: scene_dir(data_dir, id)


@dataclass
class Event:
    """One progress event of a job revision, numbered in the order the queue recorded it."""

    seq: int
    job_id: str
    revision: int
    event: str
    data: dict[str, Any]


class JobQueue(Protocol):
    """What the API and the workers need from a queue: ``SqliteJobQueue`` here, ``PostgresJobQueue``
    (app/jobs/postgres.py) when ``DIORAMA_DATABASE_URL`` is set; ``open_queue`` (app/jobs/backend.py) picks."""

    @property
    def path(self) -> Path | None:
        """The database file, for health probes; None for a server."""

    def submit(self, job_id: str, owner: str, prompt: str, seed: int, options: dict[str, Any],
               idempotency_key: str | None = None, max_active: int | None = None,
               out_dir: Path | None = None) -> tuple[Job, bool]:
        """Add a generate job (or return the one with the same idempotency key) and whether it is new."""
    def submit_edit(self, job_id: str, instruction: str, max_active: int | None = None) -> Job | None:
        """Queue an edit of a finished job as its next revision; None when there is no such job."""
    def by_idempotency_key(self, owner: str, key: str) -> Job | None:
        """The owner's job made with this idempotency key, if any."""
    def claim(self, worker: str, lease_s: float, owner: str | None = None) -> Job | None:
        """Take the oldest queued job (or one whose lease ran out) for this worker: of ``owner`` when given,
        else one without a folder of its own."""
    def wait_for_work(self, timeout_s: float) -> None:
        """An idle worker's wait: until a job may be there to claim, at most ``timeout_s``."""
    def heartbeat(self, job_id: str, worker: str, lease_s: float) -> bool:
        """Extend the worker's lease on a job; False when the worker no longer holds it."""
    def record(self, job_id: str, worker: str, stage: str, message: str, progress: float) -> bool:
        """Record a stage's progress for a job the worker holds; False when it no longer holds it."""
    def finish(self, job_id: str, worker: str, status: Status, passed: bool | None = None,
               error: tuple[str, str] | None = None, summary: dict[str, Any] | None = None) -> bool:
        """End a job the worker holds with a status, error and summary; False when it no longer holds it."""
    def release(self, job_id: str, worker: str) -> None:
        """Hand a job back to the queue unfinished (the worker is stopping)."""
    def cancel(self, job_id: str) -> Job | None:
        """Cancel a queued or running job; None when there is no such job."""
    def delete(self, job_id: str) -> bool:
        """Delete a job, its revisions and its events; False when there was none."""
    def get(self, job_id: str) -> Job | None:
        """The job with this id, if any."""
    def list(self, owner: str | None, limit: int, before: tuple[float, str] | None) -> list[Job]:
        """The owner's jobs (everyone's when None), newest first, created before the cursor."""
    def events(self, job_id: str, revision: int, after_seq: int = 0) -> builtins.list[Event]:
        """A revision's events after the given sequence number."""
    def head(self) -> int:
        """The newest event's sequence number."""
    def follow(self, after_seq: int) -> builtins.list[Event]:
        """Every event after the given sequence number."""
    def count(self, status: Status, owner: str | None = None) -> int:
        """How many jobs (of this owner) have this status."""
    def observe(self, metric: str, label: str, value: float, ok: bool = True) -> None:
        """Keep one measurement for /metrics."""
    def observation_totals(self, metric: str, buckets: tuple[float, ...] = ()) -> builtins.list[Any]:
        """Per label, rows read by name: ``label``, ``n``, ``total``, ``ok`` and ``le_<i>``."""
    def prune(self, before: float) -> dict[str, int]:
        """Forget old observations and the events of jobs that ended long ago."""


SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, prompt TEXT NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, status TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1, instruction TEXT,
    stage TEXT, progress REAL NOT NULL DEFAULT 0, created_at REAL NOT NULL, queued_at REAL NOT NULL,
    started_at REAL, finished_at REAL, passed INTEGER, error_code TEXT, error_message TEXT, summary TEXT,
    cancel_requested INTEGER NOT NULL DEFAULT 0, lease_owner TEXT, lease_expires REAL,
    attempts INTEGER NOT NULL DEFAULT 0, idempotency_key TEXT, request_hash TEXT, out_dir TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS jobs_idempotency ON jobs(owner, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS jobs_status ON jobs(status, queued_at);
CREATE INDEX IF NOT EXISTS jobs_newest ON jobs(owner, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS revisions (
    job_id TEXT NOT NULL, revision INTEGER NOT NULL, instruction TEXT, created_at REAL NOT NULL,
    PRIMARY KEY (job_id, revision)
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, job_id TEXT NOT NULL, revision INTEGER NOT NULL,
    event TEXT NOT NULL, data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_job ON events(job_id, revision, seq);
CREATE TABLE IF NOT EXISTS observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, metric TEXT NOT NULL, label TEXT NOT NULL, value REAL NOT NULL,
    ok INTEGER NOT NULL, created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS observations_metric ON observations(metric, label);
CREATE INDEX IF NOT EXISTS observations_age ON observations(created_at);
"""
JOBS_DB_NAME = "jobs.sqlite"  # the service's queue, under the data dir
IDLE_POLL_S = 0.5  # an idle worker's wait between claims on SQLite
BUSY_TIMEOUT_S = 30.0  # many processes write here; a writer waits for the lock instead of failing


def new_job_id() -> str:
    """A fresh random scene id."""
    return "s-" + uuid.uuid4().hex[:16]


def jobs_db(data_dir: Path) -> Path:
    """The service's job database."""
    return data_dir / JOBS_DB_NAME


def scene_dir(data_dir: Path, job_id: str) -> Path:
    """Where a service job's scene is written (and served from)."""
    return data_dir / "scenes" / job_id


def job_dir(data_dir: Path, job: Job) -> Path:
    """Where this job's scene is written: the folder it named, else its place under the data dir."""
    return Path(job.out_dir) if job.out_dir else scene_dir(data_dir, job.id)


def iso(ts: float | None) -> str | None:
    """A UTC timestamp as ISO 8601 with a Z, or None."""
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Connection(Protocol):
    """What the rules need of a connection: ``execute`` with ``?`` placeholders, rows readable by column name."""

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        """Run one statement; the cursor (``fetchone``, ``fetchall``, ``rowcount``)."""


class SqlJobQueue:
    """The queue's rules in SQL that SQLite and PostgreSQL both run: one piece of code for both backends.

    A backend gives ``_connect`` (a connection; single statements commit on their own) and ``_transaction``
    (read-then-write without interleaving), and where it differs: its clock, row locks, the per-owner lock
    that serialises submits across processes, ordering of events, and a wake-up for idle workers.
    """

    CLAIM_LOCK = ""  # appended to the claim's SELECT (PostgreSQL: FOR UPDATE SKIP LOCKED)
    ROW_LOCK = ""  # appended to a read-then-write SELECT of one job (PostgreSQL: FOR UPDATE)

    def _connect(self) -> AbstractContextManager[Connection]:
        raise NotImplementedError

    def _transaction(self) -> AbstractContextManager[Connection]:
        raise NotImplementedError

    def _clock(self, db: Connection) -> float:
        """Now, in seconds since the epoch, as every host agrees on it (leases compare against it)."""
        return time.time()

    def _lock_owner(self, db: Connection, owner: str) -> None:
        """Serialise this owner's submits until the transaction ends (SQLite's write lock already does)."""

    def _announce(self, db: Connection) -> None:
        """A job became claimable: wake idle workers (SQLite's poll soon)."""

    def _job(self, db: Connection, job_id: str) -> Job | None:
        row = db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is None:
            return None
        revisions = db.execute("SELECT revision, instruction, created_at FROM revisions WHERE job_id = ? "
                               "ORDER BY revision", (job_id,)).fetchall()
        return _job_from_row(row, [dict(r) for r in revisions])

    def _existing_job(self, db: Connection, job_id: str) -> Job:
        """A job this transaction has just found or written, so it is there."""
        job = self._job(db, job_id)
        assert job is not None, job_id
        return job

    def _event(self, db: Connection, job_id: str, revision: int, event: str, data: dict) -> None:
        """Append an event (a backend whose events may commit out of sequence order overrides this)."""
        db.execute("INSERT INTO events (job_id, revision, event, data) VALUES (?, ?, ?, ?)",
                   (job_id, revision, event, json.dumps(data)))

    @staticmethod
    def _check_cap(db: Connection, owner: str, max_active: int | None) -> None:
        """Inside the write transaction, so concurrent submits cannot all pass the same count."""
        if max_active is None:
            return
        active = db.execute("SELECT COUNT(*) AS n FROM jobs WHERE owner = ? AND status IN ('queued', 'running')",
                            (owner,)).fetchone()["n"]
        if active >= max_active:
            raise ActiveCapReached(active)

    def submit(self, job_id: str, owner: str, prompt: str, seed: int, options: dict[str, Any],
               idempotency_key: str | None = None, max_active: int | None = None,
               out_dir: Path | None = None) -> tuple[Job, bool]:
        """Queue a new scene (into ``out_dir`` when given); returns (job, created). A repeated idempotency
        key returns the first job (never capped); otherwise ActiveCapReached when the owner has
        ``max_active`` jobs queued or running."""
        request_hash = json.dumps([prompt, seed, options], sort_keys=True)
        with self._transaction() as db:
            now = self._clock(db)
            self._lock_owner(db, owner)
            if idempotency_key is not None:
                row = db.execute("SELECT id, request_hash FROM jobs WHERE owner = ? AND idempotency_key = ?",
                                 (owner, idempotency_key)).fetchone()
                if row is not None:
                    if row["request_hash"] != request_hash:
                        raise IdempotencyConflict(idempotency_key)
                    return self._existing_job(db, row["id"]), False
            self._check_cap(db, owner, max_active)
            db.execute(
                "INSERT INTO jobs (id, owner, kind, prompt, seed, options, status, created_at, queued_at, "
                "idempotency_key, request_hash, out_dir) VALUES (?, ?, 'generate', ?, ?, ?, 'queued', ?, ?, ?, ?, ?)",
                (job_id, owner, prompt, seed, json.dumps(options), now, now, idempotency_key, request_hash,
                 None if out_dir is None else str(out_dir)))
            db.execute("INSERT INTO revisions VALUES (?, 1, NULL, ?)", (job_id, now))
            self._event(db, job_id, 1, "queued", {"message": "queued", "t": 0.0})
            self._announce(db)
            return self._existing_job(db, job_id), True

    def by_idempotency_key(self, owner: str, key: str) -> Job | None:
        """The owner's job made with this idempotency key, if any."""
        with self._connect() as db:
            row = db.execute("SELECT id FROM jobs WHERE owner = ? AND idempotency_key = ?", (owner, key)).fetchone()
            return None if row is None else self._job(db, row["id"])

    def submit_edit(self, job_id: str, instruction: str, max_active: int | None = None) -> Job | None:
        """Queue an edit as the scene's next revision; None when a job on it is still queued or running,
        ActiveCapReached when its owner has ``max_active`` jobs queued or running."""
        with self._transaction() as db:
            now = self._clock(db)
            owner = db.execute("SELECT owner FROM jobs WHERE id = ?", (job_id,)).fetchone()
            if owner is None:
                return None
            self._lock_owner(db, owner["owner"])
            job = self._existing_job(db, job_id)
            if job.status in ACTIVE:
                return None
            self._check_cap(db, job.owner, max_active)
            revision = job.revision + 1
            db.execute(
                "UPDATE jobs SET kind = 'edit', status = 'queued', revision = ?, instruction = ?, stage = NULL, "
                "progress = 0, queued_at = ?, started_at = NULL, finished_at = NULL, passed = NULL, "
                "error_code = NULL, error_message = NULL, summary = NULL, cancel_requested = FALSE, attempts = 0, "
                "lease_owner = NULL, lease_expires = NULL WHERE id = ?", (revision, instruction, now, job_id))
            db.execute("INSERT INTO revisions VALUES (?, ?, ?, ?)", (job_id, revision, instruction, now))
            self._event(db, job_id, revision, "queued", {"message": "edit queued", "t": 0.0})
            self._announce(db)
            return self._job(db, job_id)

    def claim(self, worker: str, lease_s: float, owner: str | None = None) -> Job | None:
        """Take the oldest queued job, or a running one whose worker stopped renewing its lease.

        With ``owner``, only that owner's jobs: a batch's workers run its jobs and nobody else's. Without, only
        jobs with no folder of their own: a job that names its folder (a batch's) is run only by the workers of
        the batch that named it, on the host where that folder is, though the database is shared with others.
        """
        mine, args = ("owner = ?", (owner,)) if owner is not None else ("out_dir IS NULL", ())
        with self._transaction() as db:
            now = self._clock(db)
            row = db.execute(
                f"SELECT id FROM jobs WHERE (status = 'queued' OR (status = 'running' AND lease_expires < ?)) "
                f"AND {mine} ORDER BY queued_at LIMIT 1{self.CLAIM_LOCK}", (now, *args)).fetchone()
            if row is None:
                return None
            db.execute(
                "UPDATE jobs SET status = 'running', lease_owner = ?, lease_expires = ?, attempts = attempts + 1, "
                "started_at = COALESCE(started_at, ?) WHERE id = ?", (worker, now + lease_s, now, row["id"]))
            return self._job(db, row["id"])

    def heartbeat(self, job_id: str, worker: str, lease_s: float) -> bool:
        """Renew the lease; False when this worker no longer holds the job (reclaimed, cancelled, deleted)."""
        with self._connect() as db:
            cursor = db.execute("UPDATE jobs SET lease_expires = ? WHERE id = ? AND lease_owner = ? "
                                "AND status = 'running'", (self._clock(db) + lease_s, job_id, worker))
            return cursor.rowcount == 1

    def record(self, job_id: str, worker: str, stage: str, message: str, progress: float) -> bool:
        """Store a stage event; False when the worker should stop (lost lease or cancel requested)."""
        with self._transaction() as db:
            row = db.execute("SELECT revision, started_at, progress, cancel_requested FROM jobs WHERE id = ? "
                             f"AND lease_owner = ? AND status = 'running'{self.ROW_LOCK}", (job_id, worker)).fetchone()
            if row is None:
                return False
            db.execute("UPDATE jobs SET stage = ?, progress = ? WHERE id = ?",
                       (stage, max(row["progress"], progress), job_id))
            data = {"stage": stage, "message": message, "progress": progress,
                    "t": round(self._clock(db) - row["started_at"], 3)}
            self._event(db, job_id, row["revision"], "stage", data)
            return not row["cancel_requested"]

    def finish(self, job_id: str, worker: str, status: Status, passed: bool | None = None,
               error: tuple[str, str] | None = None, summary: dict[str, Any] | None = None) -> bool:
        """End the job this worker holds; False when it no longer held it (nothing changes then)."""
        code, message = error or (None, None)
        with self._transaction() as db:
            row = db.execute("SELECT revision, progress FROM jobs WHERE id = ? AND lease_owner = ? "
                             f"AND status = 'running'{self.ROW_LOCK}", (job_id, worker)).fetchone()
            if row is None:
                return False
            db.execute(
                "UPDATE jobs SET status = ?, passed = ?, error_code = ?, error_message = ?, summary = ?, "
                "finished_at = ?, progress = ?, lease_owner = NULL, lease_expires = NULL WHERE id = ?",
                (status, passed, code, message, json.dumps(summary) if summary else None, self._clock(db),
                 1.0 if status == "succeeded" else row["progress"], job_id))
            self._event(db, job_id, row["revision"], "done", {"status": status})
            return True

    def release(self, job_id: str, worker: str) -> None:
        """Give a job back to the queue (the worker is shutting down); the next claim resumes it. Being
        stopped is no failed attempt, and the job's clock starts again when it is claimed again."""
        with self._transaction() as db:
            db.execute("UPDATE jobs SET status = 'queued', lease_owner = NULL, lease_expires = NULL, "
                       "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, started_at = NULL "
                       "WHERE id = ? AND lease_owner = ? AND status = 'running'", (job_id, worker))
            self._announce(db)

    def cancel(self, job_id: str) -> Job | None:
        """A queued job (or one whose worker is gone) is cancelled at once; a running one when its worker
        next checks in."""
        with self._transaction() as db:
            now = self._clock(db)
            job = self._job(db, job_id)
            if job is None or job.status in TERMINAL:
                return job
            orphaned = db.execute("SELECT 1 FROM jobs WHERE id = ? AND status = 'running' AND lease_expires < ?",
                                  (job_id, now)).fetchone()
            if job.status == "queued" or orphaned:
                db.execute("UPDATE jobs SET status = 'cancelled', finished_at = ?, cancel_requested = TRUE, "
                           "error_code = 'cancelled', error_message = 'cancelled on request', lease_owner = NULL, "
                           "lease_expires = NULL WHERE id = ?", (now, job_id))
                self._event(db, job_id, job.revision, "done", {"status": "cancelled"})
            else:
                db.execute("UPDATE jobs SET cancel_requested = TRUE WHERE id = ?", (job_id,))
            return self._job(db, job_id)

    def delete(self, job_id: str) -> bool:
        """Delete a job, its revisions and its events; False when there was none."""
        with self._transaction() as db:
            cursor = db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))
            db.execute("DELETE FROM revisions WHERE job_id = ?", (job_id,))
            db.execute("DELETE FROM events WHERE job_id = ?", (job_id,))
            return cursor.rowcount == 1

    def get(self, job_id: str) -> Job | None:
        """The job with this id, if any."""
        with self._connect() as db:
            return self._job(db, job_id)

    def list(self, owner: str | None, limit: int, before: tuple[float, str] | None) -> list[Job]:
        """Newest first; ``before`` is the (created_at, id) of the last job of the previous page."""
        where: builtins.list[str] = []
        args: builtins.list[object] = []
        if owner is not None:
            where.append("owner = ?")
            args.append(owner)
        if before is not None:
            where.append("(created_at < ? OR (created_at = ? AND id < ?))")
            args += [before[0], before[0], before[1]]
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        with self._connect() as db:
            ids = db.execute(f"SELECT id FROM jobs {clause} ORDER BY created_at DESC, id DESC LIMIT ?",
                             (*args, limit)).fetchall()
            return [job for row in ids if (job := self._job(db, row["id"])) is not None]

    def events(self, job_id: str, revision: int, after_seq: int = 0) -> builtins.list[Event]:
        """A revision's events after the given sequence number."""
        with self._connect() as db:
            rows = db.execute("SELECT * FROM events WHERE job_id = ? AND revision = ? AND seq > ? ORDER BY seq",
                              (job_id, revision, after_seq)).fetchall()
        return [_event_from_row(r) for r in rows]

    def head(self) -> int:
        """The seq of the newest event of any job: ``follow(head())`` sees only what happens next."""
        with self._connect() as db:
            return int(db.execute("SELECT COALESCE(MAX(seq), 0) AS head FROM events").fetchone()["head"])

    def follow(self, after_seq: int) -> builtins.list[Event]:
        """Every job's events after ``after_seq``, oldest first: how one process watches many jobs cheaply."""
        with self._connect() as db:
            rows = db.execute("SELECT * FROM events WHERE seq > ? ORDER BY seq", (after_seq,)).fetchall()
        return [_event_from_row(r) for r in rows]

    def count(self, status: Status, owner: str | None = None) -> int:
        """How many jobs (of this owner) have this status."""
        with self._connect() as db:
            if owner is None:
                return int(db.execute("SELECT COUNT(*) AS n FROM jobs WHERE status = ?", (status,)).fetchone()["n"])
            return int(db.execute("SELECT COUNT(*) AS n FROM jobs WHERE status = ? AND owner = ?",
                                  (status, owner)).fetchone()["n"])

    def observe(self, metric: str, label: str, value: float, ok: bool = True) -> None:
        """Keep one measurement for /metrics (workers are other processes; the API reads these back)."""
        with self._connect() as db:
            db.execute("INSERT INTO observations (metric, label, value, ok, created_at) VALUES (?, ?, ?, ?, ?)",
                       (metric, label, value, ok, self._clock(db)))

    def observation_totals(self, metric: str, buckets: tuple[float, ...] = ()) -> builtins.list[Any]:
        """Per label: ``n``, ``total`` (sum of values), ``ok`` (how many ok) and ``le_<i>`` (values <= buckets[i]).

        Summed inside the database, so a scrape moves one row per label, not every observation ever made.
        """
        le = "".join(f", SUM(CASE WHEN value <= ? THEN 1 ELSE 0 END) AS le_{i}" for i in range(len(buckets)))
        with self._connect() as db:
            return db.execute(f"SELECT label, COUNT(*) AS n, SUM(value) AS total, "
                              f"SUM(CASE WHEN ok THEN 1 ELSE 0 END) AS ok{le} "
                              "FROM observations WHERE metric = ? GROUP BY label ORDER BY label",
                              (*buckets, metric)).fetchall()

    def prune(self, before: float) -> dict[str, int]:
        """Forget observations made before ``before`` and the events of jobs that ended before it.

        Each revision's ``done`` event stays, so a client following an old scene still gets its end.
        """
        with self._transaction() as db:
            observations = db.execute("DELETE FROM observations WHERE created_at < ?", (before,)).rowcount
            events = db.execute("DELETE FROM events WHERE event != 'done' AND job_id IN (SELECT id FROM jobs WHERE "
                                "status IN ('succeeded', 'failed', 'cancelled') AND finished_at < ?)",
                                (before,)).rowcount
        return {"observations": observations, "events": events}


class SqliteJobQueue(SqlJobQueue):
    """``data_dir/jobs.sqlite`` in WAL mode; safe across processes (each call opens its own connection)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with database_faults(path):
            path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        with self._transaction() as db:  # under the write lock: processes opening an old database at once
            _add_missing_columns(db)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with database_faults(self.path), \
                closing(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)) as db:
            db.row_factory = sqlite3.Row
            yield db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that takes the lock up front, so read-then-write cannot interleave."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:  # SQLite already rolled back after a full disk or an I/O error
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def wait_for_work(self, timeout_s: float) -> None:
        """Another process's submit sends no signal through a file: poll again soon."""
        time.sleep(min(timeout_s, IDLE_POLL_S))


def _job_from_row(row: Any, revisions: list[dict[str, Any]]) -> Job:
    return Job(
        id=row["id"], owner=row["owner"], kind=row["kind"], prompt=row["prompt"], seed=row["seed"],
        options=json.loads(row["options"]), status=row["status"], created_at=row["created_at"],
        revision=row["revision"], instruction=row["instruction"], stage=row["stage"], progress=row["progress"],
        started_at=row["started_at"], finished_at=row["finished_at"],
        passed=None if row["passed"] is None else bool(row["passed"]),
        error_code=row["error_code"], error_message=row["error_message"],
        summary=json.loads(row["summary"]) if row["summary"] else None,
        cancel_requested=bool(row["cancel_requested"]), attempts=row["attempts"], revisions=revisions,
        out_dir=row["out_dir"],
    )


def _event_from_row(row: Any) -> Event:
    return Event(row["seq"], row["job_id"], row["revision"], row["event"], json.loads(row["data"]))


def _add_missing_columns(db: sqlite3.Connection) -> None:
    """A job database made before a column existed gets it (CREATE TABLE IF NOT EXISTS leaves old tables)."""
    columns = {row["name"] for row in db.execute("PRAGMA table_info(jobs)")}
    if "out_dir" not in columns:
        db.execute("ALTER TABLE jobs ADD COLUMN out_dir TEXT")
