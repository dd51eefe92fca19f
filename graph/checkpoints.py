"""Where a scene run's LangGraph checkpoints live: SQLite in the data dir, or PostgreSQL when
``DIORAMA_DATABASE_URL`` is set, so a job resumed on another host finds the nodes that finished on the first.

``open_checkpointer`` yields a saver for one run (or one look-up); its connection closes with the block.
The Postgres saver's tables are made once per process (``setup()`` is LangGraph's own versioned migrations),
under an advisory lock so hosts starting together do not race on them.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager

from langgraph.checkpoint.base import BaseCheckpointSaver

from tools.core.settings import Settings

SETUP_LOCK = 0x64696f75  # an advisory lock key no other application on the server uses
SETUP_POLL_S = 0.2
_set_up: set[str] = set()  # database URLs whose checkpoint tables this process has made sure of
_setup_guard = threading.Lock()


@contextmanager
def open_checkpointer(settings: Settings) -> Iterator[BaseCheckpointSaver]:
    """The checkpoint saver of these settings, open for the block."""
    if settings.database_url is None:
        db = settings.checkpoint_db
        db.parent.mkdir(parents=True, exist_ok=True)
        from langgraph.checkpoint.sqlite import SqliteSaver

        with closing(sqlite3.connect(db, timeout=30, check_same_thread=False)) as conn:
            yield SqliteSaver(conn)
        return
    import psycopg  # loads only where a server is configured
    from langgraph.checkpoint.postgres import PostgresSaver

    url = settings.database_url.get_secret_value()
    with PostgresSaver.from_conn_string(url) as saver:
        with _setup_guard:
            if url not in _set_up:
                with psycopg.connect(url, autocommit=True) as lock:  # the lock goes when this connection closes
                    # polled, not waited for: a statement waiting on the lock is a transaction that the holder's
                    # CREATE INDEX CONCURRENTLY waits for in turn, a deadlock the server cannot see
                    while lock.execute("SELECT pg_try_advisory_lock(%s)", (SETUP_LOCK,)).fetchone() != (True,):
                        time.sleep(SETUP_POLL_S)
                    saver.setup()
                _set_up.add(url)
        yield saver
