"""The job queue on PostgreSQL (``DIORAMA_DATABASE_URL=postgresql://...``): many API instances and many workers
on many hosts share it.

The same rows and the same rules (``SqlJobQueue``, app/jobs/queue.py) as SQLite, with what a server that many
clients write at once needs besides:

- a claim takes the oldest claimable row ``FOR UPDATE SKIP LOCKED``, so workers never wait on one another's
  claims and never take the same job;
- a submit (or an edit) takes a transaction-scoped advisory lock on its owner first, so racing submits of one
  owner, from any API instance, count the active jobs one after another and the cap holds across instances;
- events are numbered from one sequence while an advisory lock is held until commit, so they commit in
  ``seq`` order and a follower that reads ``seq > last`` never skips an event that commits late;
- leases and timestamps are the database's clock, not the hosts', so a host whose clock runs ahead cannot
  steal live leases;
- the per-key rate limit is a row per key (``admit_rate``), so it holds across API instances too;
- an inserted job sends ``NOTIFY diorama_jobs``; ``wait_for_work`` LISTENs, so idle workers start at once
  without polling hard.

Migrations are numbered (``MIGRATIONS``); ``schema_version`` records the applied ones, and they run under an
advisory lock, so instances starting together migrate once. A server that cannot be reached (down, restarting,
refusing) raises a ``MachineFault`` naming it: the API answers 503, a worker waits with back-off and goes on.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeAlias

import psycopg
from psycopg.rows import DictRow, dict_row

from app.jobs.queue import Connection, SqlJobQueue
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
        options TEXT NOT NULL, status TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1, instruction TEXT,
        stage TEXT, progress DOUBLE PRECISION NOT NULL DEFAULT 0, created_at DOUBLE PRECISION NOT NULL,
        queued_at DOUBLE PRECISION NOT NULL, started_at DOUBLE PRECISION, finished_at DOUBLE PRECISION,
        passed BOOLEAN, error_code TEXT, error_message TEXT, summary TEXT,
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
        data TEXT NOT NULL
    );
    CREATE INDEX events_job ON events(job_id, revision, seq);
    CREATE TABLE observations (
        id BIGSERIAL PRIMARY KEY, metric TEXT NOT NULL, label TEXT NOT NULL, value DOUBLE PRECISION NOT NULL,
        ok BOOLEAN NOT NULL, created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX observations_metric ON observations(metric, label);
    CREATE INDEX observations_age ON observations(created_at);
    """,
    # 2: the per-key rate limit shared by every API instance: one row per key, the times (the server's clock,
    # seconds) of its admitted requests inside the last window; at most the limit of them, pruned on each write.
    """
    CREATE TABLE rate_limits (owner TEXT PRIMARY KEY, stamps DOUBLE PRECISION[] NOT NULL);
    """,
]
ADMIT_RATE = f"""
    INSERT INTO rate_limits AS r (owner, stamps) VALUES (?, ARRAY[{NOW}])
    ON CONFLICT (owner) DO UPDATE
        SET stamps = ARRAY(SELECT s FROM unnest(r.stamps) AS s WHERE s > EXCLUDED.stamps[1] - ?) || EXCLUDED.stamps
        WHERE (SELECT count(*) FROM unnest(r.stamps) AS s WHERE s > EXCLUDED.stamps[1] - ?) < ?
    RETURNING owner
"""
# NULL when the window emptied since the refusal: the caller then waits the shortest time
OLDEST_WAIT = f"SELECT MIN(s) + ? - {NOW} FROM rate_limits, unnest(stamps) AS s WHERE owner = ? AND s > {NOW} - ?"
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


class Qmarks:
    """A psycopg connection that takes the rules' ``?`` placeholders (their SQL has no other ``?`` or ``%``)."""

    def __init__(self, db: Db) -> None:
        self.db = db

    def execute(self, sql: str, parameters: Any = (), /) -> psycopg.Cursor[DictRow]:
        """Run one statement with ``?`` placeholders."""
        return self.db.execute(sql.replace("?", "%s"), parameters)


class PostgresJobQueue(SqlJobQueue):
    """The ``JobQueue`` on one PostgreSQL database: the rules of ``SqlJobQueue`` with a server's locks."""

    CLAIM_LOCK = " FOR UPDATE SKIP LOCKED"
    ROW_LOCK = " FOR UPDATE"
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
    def _transaction(self) -> Iterator[Qmarks]:
        """One transaction on a kept connection: committed when the block ends, rolled back when it raises."""
        with server_faults(self.where), self._connections.transaction() as db:
            yield Qmarks(db)

    _connect = _transaction  # a server has no cheaper kind of connection

    def _clock(self, db: Connection) -> float:
        return float(db.execute(f"SELECT {NOW}::float8 AS now").fetchone()["now"])

    def _lock_owner(self, db: Connection, owner: str) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?, hashtext(?))", (OWNER_LOCK_SPACE, owner))

    def _announce(self, db: Connection) -> None:
        db.execute(f"NOTIFY {NOTIFY_CHANNEL}")  # delivered when the transaction commits

    def _event(self, db: Connection, job_id: str, revision: int, event: str, data: dict) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (EVENTS_LOCK,))  # held to commit: seq order = commit order
        super()._event(db, job_id, revision, event, data)

    def admit_rate(self, owner: str, limit: int, window_s: float) -> float | None:
        """Count one request of ``owner`` if fewer than ``limit`` were admitted in the last ``window_s``, across
        every instance; None when admitted, else the seconds until the oldest of them leaves the window.

        The check and the write are one upsert: its row lock orders racing instances, and the WHERE sees the
        row as the previous winner left it, so the limit holds however many instances ask at once."""
        with self._transaction() as db:
            admitted = db.execute(ADMIT_RATE, (owner, window_s, window_s, limit)).fetchone()
            if admitted is not None:
                return None
            wait = scalar(db, OLDEST_WAIT, (window_s, owner, window_s))
            return 0.0 if wait is None else float(wait)

    def refund_rate(self, owner: str) -> None:
        """Uncount the owner's latest admitted request (refused for another reason after ``admit_rate``)."""
        with self._transaction() as db:
            db.execute("UPDATE rate_limits SET stamps = stamps[1:cardinality(stamps) - 1] WHERE owner = ?", (owner,))

    def wait_for_work(self, timeout_s: float) -> None:
        """Return when a job is queued (NOTIFY from any instance) or after ``timeout_s``."""
        with server_faults(self.where), psycopg.connect(self.url, autocommit=True,
                                                        connect_timeout=CONNECT_TIMEOUT_S) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            for _ in listener.notifies(timeout=timeout_s, stop_after=1):
                pass


def scalar(db: Connection, sql: str, args: tuple = ()) -> Any:
    """The one value of a query that always answers one row (a COUNT, a MAX)."""
    row = db.execute(sql, args).fetchone()
    assert row is not None, sql
    return next(iter(row.values()))


def migrate(db: Connection) -> int:
    """Apply the migrations this database has not had yet, once, whoever runs it at the same time; the version."""
    db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
               "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
    current = scalar(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
    for version, sql in enumerate(MIGRATIONS[current:], start=current + 1):
        db.execute(sql)
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
    return len(MIGRATIONS)
