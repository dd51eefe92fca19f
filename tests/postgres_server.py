"""A real PostgreSQL for tests: Debian's `postgresql` package, ``initdb`` into a temp folder, 127.0.0.1 only.

``running_postgres()`` makes a cluster in a temporary folder (trust auth, fsync off: a test server), starts
``postgres`` on a free port and stops it afterwards. PostgreSQL refuses to run as root, so when the tests run
as root the cluster belongs to a system user made for it (``diorama-pg``) and the server runs as that user.
``stop()``/``start()`` take the same server down and up again on the same port (a database outage).
``fresh_database()`` makes an empty database and gives its URL. Start-up takes one to three seconds.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from seaweed import free_ports

BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name), reverse=True)
SERVER_USER = "diorama-pg"
START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
# A test server: nothing here must survive a crash, and each test makes its own database.
SERVER_OPTIONS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                  "-c", "max_connections=300", "-c", "listen_addresses=127.0.0.1", "-c", "log_min_messages=warning"]


def postgres_bin(name: str) -> str | None:
    """A PostgreSQL server program (initdb, postgres) from Debian's packages, else from PATH."""
    for folder in BIN_DIRS:
        if (folder / name).is_file():
            return str(folder / name)
    return shutil.which(name)


def server_user() -> str | None:
    """The user the server runs as: the caller, or (as root) a system user made for it once."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER],
                       check=True, capture_output=True)
    return SERVER_USER


@dataclass
class Postgres:
    port: int
    data_dir: Path
    log: Path
    user: str | None
    process: subprocess.Popen | None = field(default=None, repr=False)

    def url(self, database: str = "postgres") -> str:
        """The connection URL of one database on this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Start the server and wait until it takes connections."""
        postgres = postgres_bin("postgres")
        assert postgres is not None
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(
                [postgres, "-D", str(self.data_dir), "-p", str(self.port), "-k", str(self.data_dir), *SERVER_OPTIONS],
                stdout=sink, stderr=subprocess.STDOUT, user=self.user)
        self._wait_until_up()

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are cut, as when a database host goes away)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(2)  # SIGINT: PostgreSQL's fast shutdown
        try:
            self.process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def fresh_database(self) -> str:
        """An empty database of its own; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def _wait_until_up(self) -> None:
        import psycopg

        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                with psycopg.connect(self.url(), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                pass
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"postgres exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"postgres did not start in {START_TIMEOUT_S} s:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.05)  # polling a port that is not open yet; not synchronising on time


@contextmanager
def running_postgres() -> Iterator[Postgres]:
    """A PostgreSQL server in a temporary folder for the block's duration."""
    initdb = postgres_bin("initdb")
    if initdb is None or postgres_bin("postgres") is None:
        raise FileNotFoundError("PostgreSQL not found: make postgresql (apt-get install postgresql)")
    user = server_user()
    with tempfile.TemporaryDirectory(prefix="postgres-") as tmp:
        if user is not None:
            shutil.chown(tmp, user)
        data = Path(tmp) / "data"
        subprocess.run([initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"],
                       check=True, capture_output=True, user=user, cwd=tmp)
        server = Postgres(free_ports(1)[0], data, Path(tmp) / "postgres.log", user)
        server.start()
        try:
            yield server
        finally:
            server.stop()
