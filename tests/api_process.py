"""`diorama serve` and `diorama worker` as child processes, for tests and benchmarks.

Each runs in its own session, as on a host of its own, so one killpg takes the server (or worker host), its
workers and their Chromiums (the crash tests SIGKILL exactly that way).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tools.core.settings import REPO_ROOT

START_WAIT_S = 120.0
STOP_WAIT_S = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """Start with ``start()``; ``stop()`` is Ctrl-C (then SIGKILL of what is left), ``kill()`` is SIGKILL of all."""

    def __init__(self, data_dir: Path, workers: int, **settings: object) -> None:
        self.data_dir, self.workers, self.port = data_dir, workers, free_port()
        self.env = {**os.environ, "DIORAMA_DATA_DIR": str(data_dir),
                    **{f"DIORAMA_{k.upper()}": str(v) for k, v in settings.items()}}
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.data_dir / "server.log", "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "app.cli.serve", "--port", str(self.port), "--workers", str(self.workers)],
                cwd=REPO_ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_WAIT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {(self.data_dir / 'server.log').read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.2)
        self.kill()
        raise RuntimeError(f"the server did not answer /healthz within {START_WAIT_S:g} s")

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # anything the server left behind
        except ProcessLookupError:
            pass
        self.proc.wait()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def follow(base: str, scene_id: str, timeout_s: float = 600.0) -> tuple[list[dict], dict | None]:
    """Read a scene's events stream to its end: (stage events, the final scene object or None)."""
    stages, final, event = [], None, None
    with httpx.stream("GET", f"{base}/v1/scenes/{scene_id}/events", timeout=timeout_s) as response:
        response.raise_for_status()
        for line in response.iter_lines():
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
                if event == "done":
                    final = data
                else:
                    stages.append(data)
    return stages, final


class WorkerHost:
    """`diorama worker` in a session of its own, as on another host: ``kill()`` takes it all (SIGKILL)."""

    def __init__(self, data_dir: Path, database_url: str, processes: int = 1, **settings: object) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log = data_dir / f"worker-host-{id(self)}.log"
        self.env = {**os.environ, "DIORAMA_DATA_DIR": str(data_dir), "DIORAMA_DATABASE_URL": database_url,
                    **{f"DIORAMA_{k.upper()}": str(v) for k, v in settings.items()}}
        self.processes = processes
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> WorkerHost:
        with self.log.open("ab") as sink:
            self.proc = subprocess.Popen([sys.executable, "-m", "app.cli.main", "worker", "--processes",
                                          str(self.processes)], cwd=REPO_ROOT, env=self.env, stdout=sink,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def kill(self) -> None:
        """kill -9 of the host's every process: the supervisor, its workers and their Chromiums."""
        assert self.proc is not None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.terminate()  # each worker hands its job back
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                pass
        self.kill()


def wait_for(condition, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def submit_and_kill_at(host: WorkerHost, submit_base: str, events_base: str, prompt: str, stage: str,
                       timeout_s: float) -> dict:
    """Starts ``host``, submits ``prompt`` through the API at ``submit_base``, and SIGKILLs the whole host once the
    scene's events (read from the API at ``events_base``) reach ``stage``: the scene object the submission answered.
    """
    host.__enter__()
    try:
        scene = httpx.post(f"{submit_base}/v1/scenes", json={"prompt": prompt}, timeout=30).json()
        with httpx.stream("GET", f"{events_base}/v1/scenes/{scene['id']}/events", timeout=timeout_s) as stream:
            for line in stream.iter_lines():
                if line.startswith("data: ") and json.loads(line[6:]).get("stage") == stage:
                    break
    finally:
        host.kill()
    return scene


def queued_run(database_url: str, scene_id: str) -> tuple[int, list[dict]]:
    """(attempts, the data of every stage event of the first attempt) of a job in the Postgres queue."""
    from app.jobs.postgres import PostgresJobQueue  # psycopg: only the Postgres tests get here

    queue = PostgresJobQueue(database_url)
    try:
        return queue.get(scene_id).attempts, [e.data for e in queue.events(scene_id, 1) if e.event == "stage"]
    finally:
        queue.close()


def started(stages: list[dict]) -> list[str]:
    """The stages that started, in order, from a run's stage events."""
    return [s["stage"] for s in stages if s["message"] == "started"]
