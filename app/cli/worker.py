"""`diorama worker [--processes N]`: scene workers without an API, for as many hosts as the database serves.

With ``DIORAMA_DATABASE_URL`` set, any number of hosts run this against one PostgreSQL database while API
instances (`diorama serve --workers 0`) take the requests. Each process keeps one Chromium (a fresh browser
context per page) and makes way for a fresh process after ``DIORAMA_WORKER_MAX_JOBS`` jobs or above
``DIORAMA_WORKER_MAX_RSS_MB``. SIGTERM or Ctrl-C stops it: each process hands its job back to the queue.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

MAX_PROCESSES = 64


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `worker` command to the CLI."""
    w = subparsers.add_parser("worker", help="run scene jobs from the job database (no API)")
    w.add_argument("--processes", type=int, default=None,
                   help="worker processes (default: one per core); each runs one scene at a time")
    w.set_defaults(func=cmd_worker)


def cmd_worker(args: argparse.Namespace) -> int:
    """Run worker processes until SIGTERM or Ctrl-C. A database that cannot be reached is waited for (each
    process backs off and retries), as hosts and the database start in any order."""
    from app.cli.output import EXIT_BAD_INPUT, EXIT_OK
    from app.jobs.pool import WorkerPool
    from app.jobs.queue import jobs_db
    from tools.core.settings import get_settings

    processes = args.processes if args.processes is not None else os.cpu_count() or 1
    if not 1 <= processes <= MAX_PROCESSES:
        print(f"error: --processes must be 1..{MAX_PROCESSES}, got {processes}", file=sys.stderr)
        return EXIT_BAD_INPUT
    settings = get_settings()
    where = "the database of DIORAMA_DATABASE_URL" if settings.database_url else str(jobs_db(settings.data_dir))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    pool = WorkerPool(settings, processes, log=sys.stderr)
    pool.start()
    print(f"Diorama worker: {processes} processes on {where} (Ctrl-C stops)", file=sys.stderr, flush=True)
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        pool.stop()
    return EXIT_OK
