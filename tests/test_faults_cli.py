"""Machine faults through the commands people run: `diorama generate`, `serve` and `doctor` exit 3 naming the
file or endpoint and what to do (never a traceback, never exit 1); a running server answers 503 and /readyz says
which database is damaged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
from api_process import ServerProcess
from faults import clean_env, damage_middle, fill, garbage_at_start, no_such_port, read_only, some_database, tiny_disk

from app.jobs.queue import SqliteJobQueue, jobs_db, new_job_id

REPO = Path(__file__).resolve().parents[1]
EXIT_ENVIRONMENT = 3


def diorama(*args: str, data_dir: Path, timeout: float = 300, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env=clean_env(DIORAMA_DATA_DIR=str(data_dir), **env))


def assert_machine_fault(result: subprocess.CompletedProcess, *named: str) -> None:
    assert result.returncode == EXIT_ENVIRONMENT, (result.returncode, result.stderr[-3000:])
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    for words in named:
        assert words in result.stderr, result.stderr[-3000:]


def damaged_queue(data_dir: Path) -> Path:
    queue = SqliteJobQueue(jobs_db(data_dir))
    for _ in range(20):
        queue.submit(new_job_id(), "local", "a table", 0, {})
    damage_middle(queue.path)
    return queue.path


def test_generate_with_a_damaged_checkpoint_database_exits_3_naming_it(tmp_path):
    data = tmp_path / "data"
    garbage_at_start(some_database(data / "checkpoints.sqlite"))
    result = diorama("generate", "a table", "--out", str(tmp_path / "out"), data_dir=data)
    assert_machine_fault(result, str(data / "checkpoints.sqlite"), "move it aside")


def test_generate_on_a_full_data_dir_exits_3_naming_it(tmp_path):
    with tiny_disk(tmp_path / "disk") as disk:
        fill(disk)
        result = diorama("generate", "a table", "--out", str(tmp_path / "out"), data_dir=disk)
    assert_machine_fault(result, str(disk), "free space")


def test_generate_into_a_read_only_folder_exits_3_naming_it(tmp_path):
    with tiny_disk(tmp_path / "disk") as disk:
        read_only(disk)
        result = diorama("generate", "a table", "--out", str(disk / "scene"), data_dir=tmp_path / "data")
    assert_machine_fault(result, f"{disk}/.scene.", "read-only")  # the scene's staging sibling there (out_folder.py)


def test_generate_with_a_dead_storage_endpoint_exits_3_naming_it(tmp_path):
    endpoint = no_such_port()
    result = diorama("generate", "a table", "--out", str(tmp_path / "out"), data_dir=tmp_path / "data",
                     DIORAMA_STORAGE="s3", DIORAMA_S3_ENDPOINT=endpoint, DIORAMA_S3_ACCESS_KEY="k",
                     DIORAMA_S3_SECRET_KEY="s")
    assert_machine_fault(result, endpoint, "DIORAMA_S3_ENDPOINT")


def test_serve_on_a_job_database_with_garbage_at_its_start_exits_3_naming_it(tmp_path):
    data = tmp_path / "data"
    garbage_at_start(some_database(jobs_db(data)))
    result = diorama("serve", "--port", "0", "--workers", "0", data_dir=data, timeout=120)
    assert_machine_fault(result, str(jobs_db(data)), "move it aside")


def serve_module(*args: str, data_dir: Path, **env: str) -> subprocess.CompletedProcess:
    """`python -m app.cli.serve`, the entry point tests and benchmarks start the server with."""
    return subprocess.run([sys.executable, "-m", "app.cli.serve", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env=clean_env(DIORAMA_DATA_DIR=str(data_dir), **env))


def test_python_m_serve_maps_faults_and_bad_settings_as_diorama_serve_does(tmp_path):
    data = tmp_path / "data"
    garbage_at_start(some_database(jobs_db(data)))
    assert_machine_fault(serve_module("--port", "0", "--workers", "0", data_dir=data), str(jobs_db(data)),
                         "move it aside")
    short_key = serve_module("--port", "0", "--workers", "0", data_dir=tmp_path / "fresh", DIORAMA_API_KEYS="short")
    assert short_key.returncode == 2 and "Traceback" not in short_key.stderr, short_key.stderr[-3000:]
    assert short_key.stderr.startswith("error: bad setting: DIORAMA_API_KEYS: key 1 is shorter than 16 characters")


def test_a_server_on_a_damaged_job_database_answers_503_and_readyz_names_it(tmp_path):
    data = tmp_path / "data"
    path = damaged_queue(data)
    with ServerProcess(data, workers=0) as server:
        posted = httpx.post(f"{server.base}/v1/scenes", json={"prompt": "a table"}, timeout=30)
        ready = httpx.get(f"{server.base}/readyz", timeout=30)
    assert posted.status_code == 503 and posted.json()["error"]["code"] == "environment", posted.text
    assert str(path) in posted.json()["error"]["message"]
    assert ready.status_code == 503 and "damaged" in ready.json()["checks"]["databases"]["files"][str(path)]


def test_doctor_quick_checks_each_database_and_names_the_damaged_ones(tmp_path):
    data = tmp_path / "data"
    jobs = damaged_queue(data)
    garbage_at_start(some_database(data / "checkpoints.sqlite"))
    result = diorama("doctor", "--json", data_dir=data, DIORAMA_CHROMIUM="/bin/false")  # no browser launch here
    checks = {c["name"]: c for c in json.loads(result.stdout)}
    assert result.returncode == EXIT_ENVIRONMENT
    for name, path in [("db jobs.sqlite", jobs), ("db checkpoints.sqlite", data / "checkpoints.sqlite")]:
        assert checks[name]["status"] == "FAIL" and str(path) in checks[name]["detail"], checks[name]
        assert "move it aside" in checks[name]["fix"]
    assert checks["db catalog.sqlite"]["status"] == "OK"


def test_doctor_names_a_full_data_dir(tmp_path):
    with tiny_disk(tmp_path / "disk") as disk:
        fill(disk)
        result = diorama("doctor", "--json", data_dir=disk, DIORAMA_CHROMIUM="/bin/false")
    checks = {c["name"]: c for c in json.loads(result.stdout)}
    assert result.returncode == EXIT_ENVIRONMENT
    assert checks["data dir"]["status"] == "FAIL" and "No space left" in checks["data dir"]["detail"]
