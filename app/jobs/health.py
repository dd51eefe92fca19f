"""The machine a scene runs on, probed: the data folder and every database in it.

`diorama doctor`, ``/readyz``, the workers and the CLI share these, so each of them names the same file
with the same fix when the disk is full, a folder is read-only or a database is damaged or locked.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from app.jobs.queue import jobs_db
from tools.core.errors import MachineFault
from tools.core.faults import diagnose, probe_database, probe_folder

if TYPE_CHECKING:
    from tools.core.settings import Settings

log = logging.getLogger(__name__)


def databases(settings: Settings, queue_path: Path | None = None) -> list[Path]:
    """Every SQLite file under the data folder a scene or a job reads or writes (with DIORAMA_DATABASE_URL,
    jobs and checkpoints live on the server: the queue's own calls report that one)."""
    data_dir = Path(settings.data_dir)
    shared = [] if settings.database_url and queue_path is None else [queue_path or jobs_db(data_dir),
                                                                      settings.checkpoint_db]
    return [*shared, data_dir / "catalog.sqlite", settings.llm_cache_db]


def probe_machine(settings: Settings, queue_path: Path | None = None) -> dict[str, MachineFault | None]:
    """The data folder and each database (by path), each with its fault or None: write and delete a file,
    open each database and run its quick check."""
    found: dict[str, MachineFault | None] = {str(settings.data_dir): probe_folder(Path(settings.data_dir))}
    found |= {str(db): probe_database(db) for db in databases(settings, queue_path)}
    return found


def explain(error: BaseException, settings: Settings | None, folders: Iterable[Path] = ()) -> MachineFault | None:
    """The machine fault behind ``error`` naming its file (probing for it if need be); None when it is none."""
    if settings is None:
        return diagnose(error, [], folders)
    return diagnose(error, databases(settings), [Path(settings.data_dir), *folders])


@contextmanager
def machine_faults(folders: Iterable[Path] = ()) -> Iterator[None]:
    """Inside, an OS or SQLite error that is a machine fault becomes a MachineFault naming the file (the CLI
    maps it to exit 3); anything else passes unchanged. ``folders``: where the command writes besides the
    data folder."""
    try:
        yield
    except Exception as error:
        fault = explain(error, _settings_or_none(), folders)
        if fault is None or fault is error:
            raise
        raise fault from error


def _settings_or_none() -> Settings | None:
    from pydantic import ValidationError

    from tools.core.settings import get_settings

    try:
        return get_settings()
    except ValidationError:  # the command reports bad settings itself
        return None


def error_id() -> str:
    """A short id for one internal error: the client sees it, the log line carries it, grep finds both."""
    return "err-" + uuid.uuid4().hex[:12]
