"""The job queue on PostgreSQL (``DIORAMA_DATABASE_URL=postgresql://...``): many API instances and many workers
on many hosts share it.

The same rows, rules and answers as ``SqliteJobQueue`` (app/jobs/queue.py), written for a server that many
clients write at once:

- a claim takes the oldest claimable row ``FOR UPDATE SKIP LOCKED``, so workers never wait on one another's
  claims and never take the same job;
- a submit (or an edit) takes a transaction-scoped advisory lock on its owner first, so racing submits of one
  owner, from any API instance, count the active jobs one after another and the cap holds across instances;
- events are numbered from one sequence while an advisory lock is held until commit, so they commit in
  ``seq`` order and a follower that reads ``seq > last`` never skips an event that commits late;
- leases and timestamps are the database's clock, not the hosts', so a host whose clock runs ahead cannot
  steal live leases;
- an inserted job sends ``NOTIFY diorama_jobs``; ``wait_for_work`` LISTENs, so idle workers start at once
  without polling hard.

Migrations are numbered (``MIGRATIONS``); ``schema_version`` records the applied ones, and they run under an
advisory lock, so instances starting together migrate once. A server that cannot be reached (down, restarting,
refusing) raises a ``MachineFault`` naming it: the API answers 503, a worker waits with back-off and goes on.
"""

from __future__ import annotations

import builtins
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeAlias

import psycopg
from psycopg.rows import DictRow, dict_row

from app.jobs.queue import ACTIVE, TERMINAL, ActiveCapReached, Event, IdempotencyConflict, Job, Status
from tools.core.errors import MachineFault

NOW = "EXTRACT(EPOCH FROM clock_timestamp())"  # the server's clock in seconds, like time.time() in SQLite's rows
NOTIFY_CHANNEL = "diorama_jobs"
MIGRATION_LOCK = 0x64696f72  # advisory lock keys: any constant that no other application on the server uses
EVENTS_LOCK = 0x64696f73
OWNER_LOCK_SPACE = 0x64696f74
CONNECT_TIMEOUT_S = 5  # an API request waits this long for the database before answering 503
IDLE_KEPT = 8  # idle connections a process keeps for its request threads (a worker: its guard thread too)
MIGRATIONS: list[str] = [
    """
    CREATE TABLE jobs (
        id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, prompt TEXT NOT NULL, seed BIGINT NOT NULL,
        options JSONB NOT NULL, status TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1, instruction TEXT,
        stage TEXT, progress DOUBLE PRECISION NOT NULL DEFAULT 0, created_at DOUBLE PRECISION NOT NULL,
        queued_at DOUBLE PRECISION NOT NULL, started_at DOUBLE PRECISION, finished_at DOUBLE PRECISION,
        passed BOOLEAN, error_code TEXT, error_message TEXT, summary JSONB,
        cancel_requested BOOLEAN NOT NULL DEFAULT FALSE, lease_owner TEXT, lease_expires DOUBLE PRECISION,
        attempts INTEGER NOT NULL DEFAULT 0, idempotency_key TEXT, request_hash TEXT, out_dir TEXT
    );
    CREATE UNIQUE INDEX jobs_idempotency ON jobs(owner, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX jobs_status ON jobs(status, queued_at);
    CREATE INDEX jobs_newest ON jobs(owner, created_at DESC, id DESC);
    CREATE TABLE revisions (
        job_id TEXT NOT NULL, revision INTEGER NOT NULL, instruction TEXT, created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (job_id, revision)
    );
    CREATE TABLE events (
        seq BIGSERIAL PRIMARY KEY, job_id TEXT NOT NULL, revision INTEGER NOT NULL, event TEXT NOT NULL,
        data JSONB NOT NULL
    );
    CREATE INDEX events_job ON events(job_id, revision, seq);
    CREATE TABLE observations (
        id BIGSERIAL PRIMARY KEY, metric TEXT NOT NULL, label TEXT NOT NULL, value DOUBLE PRECISION NOT NULL,
        ok BOOLEAN NOT NULL, created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX observations_metric ON observations(metric, label);
    CREATE INDEX observations_age ON observations(created_at);
    """,
]
Db: TypeAlias = "psycopg.Connection[DictRow]"  # one connection, its rows dicts
DATABASE_FIX = "check that PostgreSQL is up and DIORAMA_DATABASE_URL points at it"


def describe(url: str) -> str:
    """The server of a connection URL without its password: what a fault message may name."""
    info = psycopg.conninfo.conninfo_to_dict(url)
    return f"postgresql://{info.get('host', 'localhost')}:{info.get('port', 5432)}/{info.get('dbname', '')}"


@contextmanager
def server_faults(where: str) -> Iterator[None]:
    """Inside, a connection that cannot be made or was lost becomes a MachineFault naming the server."""
    try:
        yield
    except psycopg.OperationalError as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise MachineFault(f"the job database {where} cannot be used: {first_line}; {DATABASE_FIX}",
                           where, "unreachable") from error


class Connections:
    """Connections kept idle for reuse and checked (one round trip) before each use; a new one is made when none
    is idle. No background reconnect loop with its own back-off (as a pool has): the first call after an outage
    connects at once, so the API stops answering 503 as soon as the server is back."""

    def __init__(self, url: str, keep: int = IDLE_KEPT) -> None:
        self.url, self.keep = url, keep
        self._idle: builtins.list[Db] = []
        self._lock = threading.Lock()

    @contextmanager
    def transaction(self) -> Iterator[Db]:
        """One transaction: committed when the block ends, rolled back when it raises."""
        db = self._take()
        try:
            with db.transaction():
                yield db
        finally:
            self._give_back(db)

    def _take(self) -> Db:
        while True:
            with self._lock:
                db = self._idle.pop() if self._idle else None
            if db is None:
                return psycopg.connect(self.url, autocommit=True, row_factory=dict_row,
                                       connect_timeout=CONNECT_TIMEOUT_S)
            try:
                db.execute("")  # cut by a restart since its last use? then the next one, or a new one
                return db
            except psycopg.OperationalError:
                db.close()

    def _give_back(self, db: Db) -> None:
        with self._lock:
            if not db.closed and not db.broken and len(self._idle) < self.keep:
                self._idle.append(db)
                return
        db.close()

    def close(self) -> None:
        """Close the idle connections."""
        with self._lock:
            idle, self._idle = self._idle, []
        for db in idle:
            db.close()


class PostgresJobQueue:
    """The ``JobQueue`` on one PostgreSQL database."""

    path: Path | None = None  # no file: health checks probe the server through the queue instead

    def __init__(self, url: str) -> None:
        self.url, self.where = url, describe(url)
        self._connections = Connections(url)
        with self._transaction() as db:
            migrate(db)

    def close(self) -> None:
        """Close the idle connections."""
        self._connections.close()

    @contextmanager
    def _transaction(self) -> Iterator[Db]:
        """One transaction on a kept connection: committed when the block ends, rolled back when it raises."""
        with server_faults(self.where), self._connections.transaction() as db:
            yield db

    def _job(self, db: Db, job_id: str) -> Job | None:
        row = db.execute("SELECT * FROM jobs WHERE id = %s", (job_id,)).fetchone()
        if row is None:
            return None
        revisions = db.execute("SELECT revision, instruction, created_at FROM revisions WHERE job_id = %s "
                               "ORDER BY revision", (job_id,)).fetchall()
        return _job_from_row(row, revisions)

    def _existing_job(self, db: Db, job_id: str) -> Job:
        job = self._job(db, job_id)
        assert job is not None, job_id
        return job

    @staticmethod
    def _event(db: Db, job_id: str, revision: int, event: str, data: dict) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (EVENTS_LOCK,))  # held to commit: seq order = commit order
        db.execute("INSERT INTO events (job_id, revision, event, data) VALUES (%s, %s, %s, %s)",
                   (job_id, revision, event, json.dumps(data)))

    @staticmethod
    def _lock_owner(db: Db, owner: str) -> None:
        """Serialise this owner's submits in every process until the transaction ends."""
        db.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (OWNER_LOCK_SPACE, owner))

    @staticmethod
    def _check_cap(db: Db, owner: str, max_active: int | None) -> None:
        if max_active is None:
            return
        active = scalar(db, "SELECT COUNT(*) FROM jobs WHERE owner = %s AND status IN ('queued', 'running')",
                        (owner,))
        if active >= max_active:
            raise ActiveCapReached(active)

    def submit(self, job_id: str, owner: str, prompt: str, seed: int, options: dict[str, Any],
               idempotency_key: str | None = None, max_active: int | None = None,
               out_dir: Path | None = None) -> tuple[Job, bool]:
        """Queue a new scene; as ``SqliteJobQueue.submit``."""
        request_hash = json.dumps([prompt, seed, options], sort_keys=True)
        with self._transaction() as db:
            self._lock_owner(db, owner)
            if idempotency_key is not None:
                row = db.execute("SELECT id, request_hash FROM jobs WHERE owner = %s AND idempotency_key = %s",
                                 (owner, idempotency_key)).fetchone()
                if row is not None:
                    if row["request_hash"] != request_hash:
                        raise IdempotencyConflict(idempotency_key)
                    return self._existing_job(db, row["id"]), False
            self._check_cap(db, owner, max_active)
            db.execute(
                f"INSERT INTO jobs (id, owner, kind, prompt, seed, options, status, created_at, queued_at, "
                f"idempotency_key, request_hash, out_dir) VALUES (%s, %s, 'generate', %s, %s, %s, 'queued', {NOW}, "
                f"{NOW}, %s, %s, %s)",
                (job_id, owner, prompt, seed, json.dumps(options), idempotency_key, request_hash,
                 None if out_dir is None else str(out_dir)))
            db.execute(f"INSERT INTO revisions VALUES (%s, 1, NULL, {NOW})", (job_id,))
            self._event(db, job_id, 1, "queued", {"message": "queued", "t": 0.0})
            db.execute(f"NOTIFY {NOTIFY_CHANNEL}")
            return self._existing_job(db, job_id), True

    def by_idempotency_key(self, owner: str, key: str) -> Job | None:
        """The owner's job made with this idempotency key, if any."""
        with self._transaction() as db:
            row = db.execute("SELECT id FROM jobs WHERE owner = %s AND idempotency_key = %s", (owner, key)).fetchone()
            return None if row is None else self._job(db, row["id"])

    def submit_edit(self, job_id: str, instruction: str, max_active: int | None = None) -> Job | None:
        """Queue an edit as the scene's next revision; as ``SqliteJobQueue.submit_edit``."""
        with self._transaction() as db:
            owner = db.execute("SELECT owner FROM jobs WHERE id = %s", (job_id,)).fetchone()
            if owner is None:
                return None
            self._lock_owner(db, owner["owner"])
            job = self._job(db, job_id)
            if job is None or job.status in ACTIVE:
                return None
            self._check_cap(db, job.owner, max_active)
            revision = job.revision + 1
            db.execute(
                f"UPDATE jobs SET kind = 'edit', status = 'queued', revision = %s, instruction = %s, stage = NULL, "
                f"progress = 0, queued_at = {NOW}, started_at = NULL, finished_at = NULL, passed = NULL, "
                "error_code = NULL, error_message = NULL, summary = NULL, cancel_requested = FALSE, attempts = 0, "
                "lease_owner = NULL, lease_expires = NULL WHERE id = %s", (revision, instruction, job_id))
            db.execute(f"INSERT INTO revisions VALUES (%s, %s, %s, {NOW})", (job_id, revision, instruction))
            self._event(db, job_id, revision, "queued", {"message": "edit queued", "t": 0.0})
            db.execute(f"NOTIFY {NOTIFY_CHANNEL}")
            return self._job(db, job_id)

    def claim(self, worker: str, lease_s: float) -> Job | None:
        """Take the oldest queued job, or a running one whose worker stopped renewing its lease."""
        with self._transaction() as db:
            row = db.execute(
                f"SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND lease_expires < {NOW}) "
                "ORDER BY queued_at LIMIT 1 FOR UPDATE SKIP LOCKED").fetchone()
            if row is None:
                return None
            db.execute(
                f"UPDATE jobs SET status = 'running', lease_owner = %s, lease_expires = {NOW} + %s, "
                f"attempts = attempts + 1, started_at = COALESCE(started_at, {NOW}) WHERE id = %s",
                (worker, lease_s, row["id"]))
            return self._job(db, row["id"])

    def wait_for_work(self, timeout_s: float) -> None:
        """Return when a job is queued (NOTIFY from any instance) or after ``timeout_s``."""
        with server_faults(self.where), psycopg.connect(self.url, autocommit=True,
                                                        connect_timeout=CONNECT_TIMEOUT_S) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            for _ in listener.notifies(timeout=timeout_s, stop_after=1):
                pass

    def heartbeat(self, job_id: str, worker: str, lease_s: float) -> bool:
        """Renew the lease; False when this worker no longer holds the job."""
        with self._transaction() as db:
            cursor = db.execute(f"UPDATE jobs SET lease_expires = {NOW} + %s WHERE id = %s AND lease_owner = %s "
                                "AND status = 'running'", (lease_s, job_id, worker))
            return cursor.rowcount == 1

    def record(self, job_id: str, worker: str, stage: str, message: str, progress: float) -> bool:
        """Store a stage event; False when the worker should stop (lost lease or cancel requested)."""
        with self._transaction() as db:
            row = db.execute(f"SELECT revision, {NOW} - started_at AS t, cancel_requested FROM jobs WHERE id = %s "
                             "AND lease_owner = %s AND status = 'running' FOR UPDATE", (job_id, worker)).fetchone()
            if row is None:
                return False
            db.execute("UPDATE jobs SET stage = %s, progress = GREATEST(progress, %s) WHERE id = %s",
                       (stage, progress, job_id))
            data = {"stage": stage, "message": message, "progress": progress, "t": round(float(row["t"]), 3)}
            self._event(db, job_id, row["revision"], "stage", data)
            return not row["cancel_requested"]

    def finish(self, job_id: str, worker: str, status: Status, passed: bool | None = None,
               error: tuple[str, str] | None = None, summary: dict[str, Any] | None = None) -> bool:
        """End the job this worker holds; False when it no longer held it (nothing changes then)."""
        code, message = error or (None, None)
        with self._transaction() as db:
            row = db.execute("SELECT revision FROM jobs WHERE id = %s AND lease_owner = %s AND status = 'running' "
                             "FOR UPDATE", (job_id, worker)).fetchone()
            if row is None:
                return False
            db.execute(
                f"UPDATE jobs SET status = %s, passed = %s, error_code = %s, error_message = %s, summary = %s, "
                f"finished_at = {NOW}, progress = CASE WHEN %s = 'succeeded' THEN 1 ELSE progress END, "
                "lease_owner = NULL, lease_expires = NULL WHERE id = %s",
                (status, passed, code, message, json.dumps(summary) if summary else None, status, job_id))
            self._event(db, job_id, row["revision"], "done", {"status": status})
            return True

    def release(self, job_id: str, worker: str) -> None:
        """Give a job back to the queue unfinished; being stopped is no failed attempt."""
        with self._transaction() as db:
            db.execute("UPDATE jobs SET status = 'queued', lease_owner = NULL, lease_expires = NULL, "
                       "attempts = GREATEST(attempts - 1, 0), started_at = NULL "
                       "WHERE id = %s AND lease_owner = %s AND status = 'running'", (job_id, worker))
            db.execute(f"NOTIFY {NOTIFY_CHANNEL}")

    def cancel(self, job_id: str) -> Job | None:
        """A queued job (or one whose worker is gone) is cancelled at once; a running one when its worker
        next checks in, on whichever host it runs."""
        with self._transaction() as db:
            job = self._job(db, job_id)
            if job is None or job.status in TERMINAL:
                return job
            orphaned = db.execute(f"SELECT 1 FROM jobs WHERE id = %s AND status = 'running' AND lease_expires < {NOW}",
                                  (job_id,)).fetchone()
            if job.status == "queued" or orphaned:
                db.execute(f"UPDATE jobs SET status = 'cancelled', finished_at = {NOW}, cancel_requested = TRUE, "
                           "error_code = 'cancelled', error_message = 'cancelled on request', lease_owner = NULL, "
                           "lease_expires = NULL WHERE id = %s", (job_id,))
                self._event(db, job_id, job.revision, "done", {"status": "cancelled"})
            else:
                db.execute("UPDATE jobs SET cancel_requested = TRUE WHERE id = %s", (job_id,))
            return self._job(db, job_id)

    def delete(self, job_id: str) -> bool:
        """Delete a job, its revisions and its events; False when there was none."""
        with self._transaction() as db:
            cursor = db.execute("DELETE FROM jobs WHERE id = %s", (job_id,))
            db.execute("DELETE FROM revisions WHERE job_id = %s", (job_id,))
            db.execute("DELETE FROM events WHERE job_id = %s", (job_id,))
            return cursor.rowcount == 1

    def get(self, job_id: str) -> Job | None:
        """The job with this id, if any."""
        with self._transaction() as db:
            return self._job(db, job_id)

    def list(self, owner: str | None, limit: int, before: tuple[float, str] | None) -> list[Job]:
        """Newest first; ``before`` is the (created_at, id) of the last job of the previous page."""
        where: builtins.list[str] = []
        args: builtins.list[object] = []
        if owner is not None:
            where.append("owner = %s")
            args.append(owner)
        if before is not None:
            where.append("(created_at < %s OR (created_at = %s AND id < %s))")
            args += [before[0], before[0], before[1]]
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        with self._transaction() as db:
            ids = db.execute(f"SELECT id FROM jobs {clause} ORDER BY created_at DESC, id DESC LIMIT %s",
                             (*args, limit)).fetchall()
            return [job for row in ids if (job := self._job(db, row["id"])) is not None]

    def events(self, job_id: str, revision: int, after_seq: int = 0) -> builtins.list[Event]:
        """A revision's events after the given sequence number."""
        with self._transaction() as db:
            rows = db.execute("SELECT * FROM events WHERE job_id = %s AND revision = %s AND seq > %s ORDER BY seq",
                              (job_id, revision, after_seq)).fetchall()
        return [_event_from_row(r) for r in rows]

    def head(self) -> int:
        """The seq of the newest event of any job."""
        with self._transaction() as db:
            return int(scalar(db, "SELECT COALESCE(MAX(seq), 0) FROM events"))

    def follow(self, after_seq: int) -> builtins.list[Event]:
        """Every job's events after ``after_seq``, oldest first."""
        with self._transaction() as db:
            rows = db.execute("SELECT * FROM events WHERE seq > %s ORDER BY seq", (after_seq,)).fetchall()
        return [_event_from_row(r) for r in rows]

    def count(self, status: Status, owner: str | None = None) -> int:
        """How many jobs (of this owner) have this status."""
        with self._transaction() as db:
            if owner is None:
                return int(scalar(db, "SELECT COUNT(*) FROM jobs WHERE status = %s", (status,)))
            return int(scalar(db, "SELECT COUNT(*) FROM jobs WHERE status = %s AND owner = %s", (status, owner)))

    def observe(self, metric: str, label: str, value: float, ok: bool = True) -> None:
        """Keep one measurement for /metrics (any API instance reads them back)."""
        with self._transaction() as db:
            db.execute(f"INSERT INTO observations (metric, label, value, ok, created_at) VALUES (%s, %s, %s, %s, {NOW})",
                       (metric, label, value, ok))

    def observation_totals(self, metric: str, buckets: tuple[float, ...] = ()) -> builtins.list[dict[str, Any]]:
        """Per label: ``n``, ``total``, ``ok`` and ``le_<i>``; as ``SqliteJobQueue.observation_totals``."""
        le = "".join(f", SUM((value <= %s)::int) AS le_{i}" for i in range(len(buckets)))
        with self._transaction() as db:
            return db.execute(f"SELECT label, COUNT(*) AS n, SUM(value) AS total, SUM(ok::int) AS ok{le} "
                              "FROM observations WHERE metric = %s GROUP BY label ORDER BY label",
                              (*buckets, metric)).fetchall()

    def prune(self, before: float) -> dict[str, int]:
        """Forget observations made before ``before`` and the events (but ``done``) of jobs ended before it."""
        with self._transaction() as db:
            observations = db.execute("DELETE FROM observations WHERE created_at < %s", (before,)).rowcount
            events = db.execute("DELETE FROM events WHERE event != 'done' AND job_id IN (SELECT id FROM jobs WHERE "
                                "status IN ('succeeded', 'failed', 'cancelled') AND finished_at < %s)",
                                (before,)).rowcount
        return {"observations": observations, "events": events}


def scalar(db: Db, sql: str, args: tuple = ()) -> Any:
    """The one value of a query that always answers one row (a COUNT, a MAX)."""
    row = db.execute(sql, args).fetchone()
    assert row is not None, sql
    return next(iter(row.values()))


def migrate(db: Db) -> int:
    """Apply the migrations this database has not had yet, once, whoever runs it at the same time; the version."""
    db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
               "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
    current = scalar(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
    for version, sql in enumerate(MIGRATIONS[current:], start=current + 1):
        db.execute(sql)
        db.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
    return len(MIGRATIONS)


def _job_from_row(row: dict[str, Any], revisions: builtins.list[dict[str, Any]]) -> Job:
    return Job(
        id=row["id"], owner=row["owner"], kind=row["kind"], prompt=row["prompt"], seed=row["seed"],
        options=row["options"], status=row["status"], created_at=row["created_at"], revision=row["revision"],
        instruction=row["instruction"], stage=row["stage"], progress=row["progress"], started_at=row["started_at"],
        finished_at=row["finished_at"], passed=row["passed"], error_code=row["error_code"],
        error_message=row["error_message"], summary=row["summary"], cancel_requested=row["cancel_requested"],
        attempts=row["attempts"], revisions=revisions, out_dir=row["out_dir"],
    )


def _event_from_row(row: dict[str, Any]) -> Event:
    return Event(row["seq"], row["job_id"], row["revision"], row["event"], row["data"])
