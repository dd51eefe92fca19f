"""Machine faults: what the OS and SQLite raise, turned into a ``MachineFault`` that names the file and the fix,
and the probes that find such a fault before a job does (`diorama doctor`, ``/readyz``).

A fault is a property of the machine (a full disk, a read-only mount, a damaged or locked database file), not
of the request or of the code: the CLI answers it with exit 3, the service with 503, a job fails as
``environment``. Errors that are not faults (a missing file, a programming error) are left alone.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import uuid
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from tools.core.errors import MachineFault

PROBE_BYTES = 4096  # one page: an empty file fits in a full tmpfs, a page of data does not
MIN_FREE_BYTES = 16 * 1024 * 1024  # below this a scene (assets, screenshots, checkpoints) cannot be written
PROBE_LOCK_TIMEOUT_S = 2.0  # a worker holds the job database's write lock for milliseconds, a stuck process forever
DATA_DIR_FIX = "or set DIORAMA_DATA_DIR to another folder"

OS_FAULTS: dict[int, tuple[str, str]] = {  # errno -> (kind, what to do)
    errno.ENOSPC: ("disk_full", "free space on that disk, then retry"),
    errno.EDQUOT: ("disk_full", "the disk quota is used up: free space or raise the quota, then retry"),
    errno.EROFS: ("read_only", "it is on a read-only file system: remount it writable"),
    errno.EACCES: ("permission", "permission denied: fix the folder's owner or permissions"),
    errno.EPERM: ("permission", "operation not permitted: fix the folder's owner or permissions"),
    errno.EIO: ("io", "the disk reported an I/O error: check the disk (dmesg), then retry"),
    errno.EMFILE: ("descriptors", "the process ran out of file descriptors: raise `ulimit -n`"),
    errno.ENFILE: ("descriptors", "the system ran out of file descriptors: raise fs.file-max"),
}
DAMAGED_DB_FIX = ("stop Diorama, then restore the file from a backup or move it aside (a fresh one is made on "
                  "the next start; what it held is lost)")
SQLITE_FAULTS: dict[str, tuple[str, str]] = {  # SQLite primary result code -> (kind, what to do)
    "SQLITE_CORRUPT": ("damaged", DAMAGED_DB_FIX),
    "SQLITE_NOTADB": ("damaged", DAMAGED_DB_FIX),
    "SQLITE_FULL": ("disk_full", "the disk holding it is full: free space there, then retry"),
    "SQLITE_BUSY": ("locked", "another process holds its lock (a second `diorama serve` or batch on the same "
                              "data dir?): stop that process, then retry"),
    "SQLITE_LOCKED": ("locked", "another connection holds its lock: stop the process holding it, then retry"),
    "SQLITE_READONLY": ("read_only", "it cannot be written: make the file and its folder writable"),
    "SQLITE_CANTOPEN": ("permission", "it cannot be opened: check that its folder exists and is writable"),
    "SQLITE_PERM": ("permission", "access denied: fix the file's owner or permissions"),
    "SQLITE_IOERR": ("io", "reading or writing it failed (a full or failing disk?): check the disk, then retry"),
}


def sqlite_code(error: sqlite3.Error) -> str:
    """'SQLITE_IOERR_WRITE' -> 'SQLITE_IOERR': the primary code (Python 3.11 names the extended one)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return "_".join(name.split("_")[:2])


def fault_kind(error: BaseException) -> tuple[str, str] | None:
    """(kind, what to do) when ``error`` is a machine fault, None when it is something else."""
    if isinstance(error, MachineFault):
        return error.kind, ""
    if isinstance(error, sqlite3.Error):
        return SQLITE_FAULTS.get(sqlite_code(error))
    if isinstance(error, OSError):
        return OS_FAULTS.get(error.errno or -1)
    return None


def fault_from(error: BaseException, resource: str | Path | None = None) -> MachineFault | None:
    """The MachineFault ``error`` means, naming ``resource`` (else the file the OSError names); None if no fault."""
    if isinstance(error, MachineFault):
        return error
    found = fault_kind(error)
    if found is None:
        return None
    kind, fix = found
    named = resource if resource is not None else getattr(error, "filename", None)
    if kind in ("io", "disk_full") and isinstance(named, Path) and (full := low_space(named.parent)) is not None:
        fault = MachineFault(f"{named}: {error}; {full}", str(named), "disk_full")  # SQLite's WAL says 'I/O error'
    else:
        what = f"{named}: " if named else ""
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        fault = MachineFault(f"{what}{detail}; {fix}", str(named or ""), kind)
    fault.__cause__ = error
    return fault


@contextmanager
def database_faults(path: Path) -> Iterator[None]:
    """Inside, a SQLite or OS fault becomes a MachineFault naming the database ``path``."""
    try:
        yield
    except (sqlite3.Error, OSError) as error:
        fault = fault_from(error, path)
        if fault is None:
            raise
        raise fault from error


def probe_folder(folder: Path) -> MachineFault | None:
    """Write a page of data into ``folder`` (made if missing), sync and delete it; None when that works and
    the disk has room for a scene, else the fault that stopped it."""
    folder = Path(folder)
    probe = folder / f".probe-{uuid.uuid4().hex[:8]}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(probe, "wb") as f:
            f.write(os.urandom(PROBE_BYTES))
            f.flush()
            os.fsync(f.fileno())
    except OSError as error:
        return fault_from(error, folder) or MachineFault(f"{folder}: {error}; {DATA_DIR_FIX}", str(folder),
                                                         "unwritable")
    finally:
        with suppress(OSError):  # not made (the folder could not be), or the fault above says why
            probe.unlink()
    return low_space(folder)


def low_space(folder: Path) -> MachineFault | None:
    """A disk_full fault when the disk holding ``folder`` (or its nearest existing parent) is nearly full."""
    existing = Path(folder).absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    free = shutil.disk_usage(existing).free
    if free >= MIN_FREE_BYTES:
        return None
    return MachineFault(f"{folder}: only {free // 1024} KiB free on its disk (a scene needs at least "
                        f"{MIN_FREE_BYTES // 2**20} MiB); free space there, {DATA_DIR_FIX}", str(folder), "disk_full")


def probe_database(path: Path, lock_timeout_s: float = PROBE_LOCK_TIMEOUT_S) -> MachineFault | None:
    """Open the SQLite file, run ``PRAGMA quick_check`` and take (then drop) its write lock; None when all of
    that works or the file does not exist yet (it is made on first use), else the fault naming the file."""
    path = Path(path)
    if not path.exists():
        return None
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):  # SQLite may still read it
        mount = "on a read-only file system" if os.statvfs(path).f_flag & os.ST_RDONLY else "not writable"
        return MachineFault(f"{path}: {mount}; make the file and its folder writable, {DATA_DIR_FIX}", str(path),
                            "read_only" if "read-only" in mount else "permission")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=lock_timeout_s,
                                     isolation_level=None)) as db:
            problems = [row[0] for row in db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                return MachineFault(f"{path}: damaged ({'; '.join(problems[:3])}); {DAMAGED_DB_FIX}",
                                    str(path), "damaged")
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
    except (sqlite3.Error, OSError) as error:
        return fault_from(error, path) or MachineFault(f"{path}: {error}; {DAMAGED_DB_FIX}", str(path), "damaged")
    return None


def diagnose(error: BaseException, databases: Iterable[Path], folders: Iterable[Path]) -> MachineFault | None:
    """The MachineFault behind ``error``, naming the file at fault; None when ``error`` is no machine fault.

    SQLite's errors do not say which file they came from, and an OSError raised by write() names none: then
    the probes find it (the first damaged or locked database, the first folder that cannot be written).
    """
    if isinstance(error, MachineFault):
        return error
    if fault_kind(error) is None:
        return None
    if isinstance(error, OSError) and error.filename:
        return fault_from(error)
    databases, folders = list(databases), list(folders)
    found = next((fault for fault in _probe_all(error, databases, folders) if fault is not None), None)
    if found is None:  # gone by now (a full disk freed, a lock released): name the suspects
        suspects = databases + folders
        return fault_from(error, "one of " + ", ".join(map(str, suspects)) if suspects else None)
    found.__cause__ = error
    return found


def _probe_all(error: BaseException, databases: list[Path], folders: list[Path]) -> Iterator[MachineFault | None]:
    if isinstance(error, sqlite3.Error):
        yield from (probe_database(db) for db in databases)
    yield from (probe_folder(folder) if Path(folder).is_dir() else low_space(folder) for folder in folders)
