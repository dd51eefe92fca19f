"""Which job queue a process uses: PostgreSQL when ``DIORAMA_DATABASE_URL`` is set (many hosts share it), else
the SQLite file in the data dir (or the one a batch names)."""

from __future__ import annotations

from pathlib import Path

from app.jobs.queue import JobQueue, SqliteJobQueue, jobs_db
from tools.core.settings import Settings


def open_queue(settings: Settings, sqlite_path: Path | None = None) -> JobQueue:
    """The service's queue; ``sqlite_path``: a SQLite file of its own (a batch's), whatever the settings say."""
    if settings.database_url is not None and sqlite_path is None:
        from app.jobs.postgres import PostgresJobQueue  # psycopg loads only where a server is configured

        return PostgresJobQueue(settings.database_url.get_secret_value())
    return SqliteJobQueue(sqlite_path or jobs_db(settings.data_dir))
