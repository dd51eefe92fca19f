"""Real machine faults for tests: SQLite files damaged on disk, a tiny tmpfs filled up or mounted read-only."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

TINY_DISK = "3m"


def garbage_at_start(db: Path) -> None:
    """Overwrite the SQLite header (and the schema page) with text: 'file is not a database'."""
    checkpoint(db)
    with open(db, "r+b") as f:
        f.write(b"this is no longer a database " * 200)


def damage_middle(db: Path) -> None:
    """Overwrite every table's and index's root page with 0xff, keeping the header and the schema page intact:
    the file opens and its schema reads, but any query of a table finds 'database disk image is malformed'."""
    checkpoint(db)
    with closing(sqlite3.connect(db)) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        roots = [r for (r,) in conn.execute("SELECT rootpage FROM sqlite_master WHERE rootpage > 1")]
    with open(db, "r+b") as f:
        for root in roots:
            f.seek((root - 1) * page_size)
            f.write(b"\xff" * page_size)


def checkpoint(db: Path) -> None:
    """Move what the WAL holds into the main file, so damage to the file is damage to the database."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def some_database(db: Path, rows: int = 200) -> Path:
    """A small SQLite file of several pages."""
    db.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        conn.executemany("INSERT INTO t (body) VALUES (?)", [("x" * 300,)] * rows)
        conn.commit()
    return db


@contextmanager
def tiny_disk(where: Path, size: str = TINY_DISK) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``where``; the test is skipped where mounting is not allowed."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> None:
    """Write into ``disk`` until it has no room left."""
    with open(disk / "filler", "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
    try:  # the last bytes a page did not take
        with open(disk / "filler-tail", "wb") as f:
            while True:
                f.write(b"\0")
                f.flush()
    except OSError:
        pass


def read_only(disk: Path) -> None:
    """Remount the tmpfs at ``disk`` read-only."""
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)


def no_such_port() -> str:
    """A URL on 127.0.0.1 where nothing listens (a port just freed)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def clean_env(**env: str) -> dict[str, str]:
    """The environment without the caller's DIORAMA_* settings, plus ``env``."""
    return {**{k: v for k, v in os.environ.items() if not k.startswith("DIORAMA_")}, **env}
