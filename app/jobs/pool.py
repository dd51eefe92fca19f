"""The worker pool: N ``app.jobs.worker`` processes started, watched and stopped by their parent (the
server, or `diorama batch` over its own job database).

Processes, not threads: generation is CPU-bound Python plus Chromium, so N
workers really run side by side, and a crash in one (or a hard time-limit exit)
costs only that worker, which the pool starts again: at once after a worker
that ran a while, with exponential back-off (capped) after one that died soon
after its start, which keeps dying for the same reason (a broken install, a
machine fault) and must not become a restart loop. A worker that recycles itself
(``RECYCLE_EXIT``, after its share of jobs) is restarted at once too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TextIO

from app.jobs.backoff import Backoff
from tools.core.settings import REPO_ROOT, Settings

STOP_GRACE_S = 10.0  # SIGTERM, then SIGKILL after this long
WATCH_INTERVAL_S = 1.0
HEALTHY_RUN_S = 60.0  # a worker that lived this long died of its job, not of its start: restart it at once
RESTART_BACKOFF_CAP_S = 60.0
RECYCLE_EXIT = 75  # a worker that ran its share of jobs (or grew too big) exits with this: start a fresh one now


def settings_env(settings: Settings) -> dict[str, str]:
    """The server's settings as DIORAMA_* variables, so a worker reads exactly what the server was given."""
    env = dict(os.environ)
    for name, value in settings.model_dump().items():
        key = f"DIORAMA_{name.upper()}"
        if value is None:
            env.pop(key, None)
        elif isinstance(value, list):
            env[key] = ",".join(map(str, value))
        elif isinstance(value, Path):
            env[key] = str(value.resolve())  # workers run from the repository root
        elif hasattr(value, "get_secret_value"):
            env[key] = value.get_secret_value()
        else:
            env[key] = str(value)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


@dataclass
class WorkerSlot:
    """One worker process of the pool, when it started, and when it may be started again after dying."""

    proc: subprocess.Popen
    started: float = field(default_factory=time.monotonic)
    backoff: Backoff = field(default_factory=lambda: Backoff(WATCH_INTERVAL_S, RESTART_BACKOFF_CAP_S))
    restart_at: float | None = None  # set when it was found dead


class WorkerPool:
    """Keeps ``size`` worker processes alive until ``stop()``.

    queue_path: the job database they serve (default: the data dir's, or PostgreSQL's); owner: run only this
    owner's jobs (a batch's; default: the jobs without a folder of their own); log: where their output goes
    (default: ``data_dir/logs/workers.log``; a CLI passes its own stderr).
    """

    def __init__(self, settings: Settings, size: int, queue_path: Path | None = None,
                 log: TextIO | None = None, owner: str | None = None) -> None:
        self.settings, self.size, self.queue_path, self.log, self.owner = settings, size, queue_path, log, owner
        self._slots: list[WorkerSlot] = []
        self._stopping = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="worker-pool", daemon=True)
        self.restarts = 0

    def _spawn(self) -> subprocess.Popen:
        command = [sys.executable, "-m", "app.jobs.worker", "--parent-pid", str(os.getpid())]
        if self.queue_path is not None:
            command += ["--queue", str(self.queue_path.resolve())]
        if self.owner is not None:
            command += ["--owner", self.owner]
        if self.log is not None:
            return self._popen(command, self.log)
        log = Path(self.settings.data_dir) / "logs"
        log.mkdir(parents=True, exist_ok=True)
        with open(log / "workers.log", "ab") as sink:
            return self._popen(command, sink)

    def _popen(self, command: list[str], sink: IO) -> subprocess.Popen:
        # Own process group: a terminal's Ctrl-C must not reach the worker's Chromium mid-render; the
        # parent stops workers itself (SIGTERM), and a worker dies with its parent (PR_SET_PDEATHSIG).
        return subprocess.Popen(command, cwd=REPO_ROOT, env=settings_env(self.settings), process_group=0,
                                stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)

    def start(self) -> None:
        """Start the worker processes and the thread that restarts any that die."""
        self._slots = [WorkerSlot(self._spawn()) for _ in range(self.size)]
        self._watcher.start()

    def _watch(self) -> None:
        while not self._stopping.wait(WATCH_INTERVAL_S):
            for slot in self._slots:
                if slot.proc.poll() is None or self._stopping.is_set():
                    continue
                now = time.monotonic()
                if slot.restart_at is None:  # found dead just now
                    if now - slot.started >= HEALTHY_RUN_S or slot.proc.returncode == RECYCLE_EXIT:
                        slot.backoff.reset()
                    # the first wait (one interval) has passed while it lay dead; later ones double up to the cap
                    slot.restart_at = now + slot.backoff.next_wait() - WATCH_INTERVAL_S
                if now >= slot.restart_at:
                    slot.proc, slot.started, slot.restart_at = self._spawn(), now, None
                    self.restarts += 1

    def alive(self) -> int:
        """How many worker processes are running now."""
        return sum(slot.proc.poll() is None for slot in self._slots)

    def stop(self) -> None:
        """SIGTERM every worker (each hands its job back to the queue), then SIGKILL stragglers."""
        self._stopping.set()
        if self._watcher.is_alive():
            self._watcher.join()
        procs = [slot.proc for slot in self._slots]
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
