"""Diorama on one PostgreSQL database: many API instances and worker hosts, each its own process group, as
separate hosts would be (the crash test shares the data folder, as hosts without S3 storage share a volume, so
the job resumes in its half-made folder; tests/test_shared_storage.py runs hosts that share no disk).

Proves: migrations run once when instances start together; checkpoints live in the database; 100 concurrent
submissions to two API instances get only 202 or 429 and the per-key cap holds across them; PostgreSQL down
for a few seconds gives 503 in the error shape (never 500) and the workers wait and then go on; a worker
host SIGKILLed in the middle of a scene leaves the job to the other host, which resumes it from its checkpoint
(attempts recorded); a job cancelled through one instance stops at its next stage on the worker host running
it, which then takes the next job.
"""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from api_process import ServerProcess, WorkerHost, follow, queued_run, started, submit_and_kill_at, wait_for

from app.jobs.queue import new_job_id
from tools.core.settings import Settings

pytest.importorskip("psycopg", reason="the PostgreSQL driver is an extra: pip install -e '.[postgres]'")
from app.jobs.postgres import PostgresJobQueue  # noqa: E402  (after the skip: it imports psycopg)

CHEAP_PROMPT = "a table"
SCENE_WAIT_S = 600  # a bound on a hung run, not a speed expectation: this machine is shared


def test_instances_starting_together_migrate_once(postgres_server):
    url = postgres_server.fresh_database()
    queues: list[PostgresJobQueue] = []
    threads = [threading.Thread(target=lambda: queues.append(PostgresJobQueue(url))) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(queues) == 6
    import psycopg

    with psycopg.connect(url) as db:
        assert db.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [(1,), (2,)]
    for queue in queues:
        queue.close()


def test_checkpoints_live_in_the_database(postgres_server, tmp_path, lazy_browser):
    """A run stopped after layout is in PostgreSQL's checkpoint tables; deleting the scene forgets them."""
    from app.api.scenes import forget_checkpoint
    from graph.checkpoints import open_checkpointer
    from graph.context import RunContext
    from graph.runner import generate_scene

    settings = Settings(data_dir=tmp_path / "data", _env_file=None, database_url=postgres_server.fresh_database())
    out = tmp_path / "scene"
    generate_scene(CHEAP_PROMPT, out, RunContext(settings, lazy_browser), scene_id="s-pg0001",
                   interrupt_after=["layout"])
    with open_checkpointer(settings) as saver:
        found = saver.get_tuple({"configurable": {"thread_id": "s-pg0001"}})
        assert found is not None and found.checkpoint["channel_values"]["plan"]
    assert not settings.checkpoint_db.exists(), "no SQLite checkpoint file beside the server"
    forget_checkpoint(settings, ["s-pg0001"])
    with open_checkpointer(settings) as saver:
        assert saver.get_tuple({"configurable": {"thread_id": "s-pg0001"}}) is None


@pytest.mark.slow
def test_a_hundred_submissions_to_two_instances_get_202_or_429_and_the_cap_holds(postgres_server, tmp_path):
    url = postgres_server.fresh_database()
    settings = {"database_url": url, "max_concurrent_jobs_per_key": 5, "rate_limit_per_min": 1000}
    with ServerProcess(tmp_path / "a", workers=0, **settings) as a, ServerProcess(tmp_path / "b", workers=0,
                                                                                   **settings) as b:
        def post(i: int) -> int:
            base = (a, b)[i % 2].base
            return httpx.post(f"{base}/v1/scenes", json={"prompt": f"a table {i}"}, timeout=60).status_code

        with ThreadPoolExecutor(max_workers=20) as pool:
            codes = list(pool.map(post, range(100)))
        listed = httpx.get(f"{b.base}/v1/scenes", params={"limit": 100}, timeout=30).json()["items"]
    assert set(codes) <= {202, 429}, sorted(set(codes))
    assert codes.count(202) == 5 and len(listed) == 5  # no worker runs: none finished, so the cap stays full


@pytest.mark.slow
def test_postgres_down_for_seconds_gives_503_and_workers_wait_then_go_on(tmp_path):
    from fastapi.testclient import TestClient
    from postgres_server import running_postgres

    from app.api.server import create_app

    with running_postgres() as server:
        url = server.fresh_database()
        settings = Settings(data_dir=tmp_path / "data", _env_file=None, database_url=url)
        # A job that ends at its first stage (a time limit of ~0 s): proof that a worker claimed and wrote it.
        with TestClient(create_app(settings, workers=0), base_url="http://127.0.0.1") as api, \
                WorkerHost(tmp_path / "data", url, job_timeout_s=1e-9, job_lease_s=2):
            first = api.post("/v1/scenes", json={"prompt": CHEAP_PROMPT}).json()["id"]
            assert wait_for(lambda: api.get(f"/v1/scenes/{first}").json()["status"] == "failed", 120), "no worker"
            server.stop()
            down = api.post("/v1/scenes", json={"prompt": CHEAP_PROMPT})
            assert down.status_code == 503, down.text
            assert down.json()["error"]["code"] == "environment" and "postgresql://" in down.json()["error"]["message"]
            assert api.get("/v1/scenes").status_code == 503
            assert api.get("/readyz").status_code == 503
            time.sleep(3)  # the outage: the workers meanwhile fail to claim and back off
            server.start()
            late = api.post("/v1/scenes", json={"prompt": CHEAP_PROMPT})
            assert late.status_code == 202, late.text
            ended = wait_for(lambda: api.get(f"/v1/scenes/{late.json()['id']}").json()["status"] == "failed", 90)
            assert ended, "no worker took the job submitted after the outage"
            assert api.get(f"/v1/scenes/{late.json()['id']}").json()["error"]["code"] == "timeout"


@pytest.mark.slow
@pytest.mark.browser
def test_a_worker_host_killed_mid_verify_leaves_the_job_to_another_host(postgres_server, tmp_path):
    """Two API instances, three worker processes on two hosts; SIGKILL the host running the scene at verify."""
    url = postgres_server.fresh_database()
    data = tmp_path / "data"
    common = {"database_url": url, "job_lease_s": 3, "max_repairs": 1}
    with ServerProcess(data, workers=0, **common) as a, ServerProcess(data, workers=0, **common) as b:
        scene = submit_and_kill_at(WorkerHost(data, url, processes=1, job_lease_s=3, max_repairs=1), a.base, b.base,
                                   CHEAP_PROMPT, "verify", SCENE_WAIT_S)
        with WorkerHost(data, url, processes=2, job_lease_s=3, max_repairs=1):
            _, final = follow(b.base, scene["id"], SCENE_WAIT_S)
    assert final is not None and final["status"] == "succeeded", final
    attempts, stages = queued_run(url, scene["id"])
    assert attempts == 2
    assert any(s["stage"] == "resume" for s in stages)
    assert started(stages).count("plan") == 1, stages  # resumed, not redone


def test_a_submitted_job_wakes_a_waiting_worker_at_once(postgres_server):
    queue = PostgresJobQueue(postgres_server.fresh_database())
    try:
        woke: list[float] = []
        waiter = threading.Thread(target=lambda: (queue.wait_for_work(30), woke.append(time.monotonic())))
        waiter.start()
        time.sleep(0.5)  # let it LISTEN first
        submitted = time.monotonic()
        queue.submit(new_job_id(), "local", CHEAP_PROMPT, 0, {})
        waiter.join(10)
        assert woke and woke[0] - submitted < 5, "the NOTIFY did not reach the listener"
    finally:
        queue.close()


@pytest.mark.slow
@pytest.mark.browser
def test_a_job_cancelled_through_another_instance_stops_on_its_worker_host_which_goes_on(postgres_server, tmp_path):
    """A worker host runs a scene that API instance A took; B cancels it: the host stops it at its next stage
    (it ends ``cancelled``, never published) and then takes the next job. No disk is shared."""
    url = postgres_server.fresh_database()
    with ServerProcess(tmp_path / "a", workers=0, database_url=url) as a, \
            ServerProcess(tmp_path / "b", workers=0, database_url=url) as b, \
            WorkerHost(tmp_path / "host", url, processes=1):
        first = httpx.post(f"{a.base}/v1/scenes", json={"prompt": CHEAP_PROMPT}, timeout=30).json()
        with httpx.stream("GET", f"{a.base}/v1/scenes/{first['id']}/events", timeout=SCENE_WAIT_S) as stream:
            for line in stream.iter_lines():
                if line.startswith("data: ") and json.loads(line[6:]).get("stage") == "plan":
                    break  # running on the host now
        asked = httpx.post(f"{b.base}/v1/scenes/{first['id']}/cancel", timeout=30)
        assert asked.status_code == 202, asked.text
        stages, final = follow(b.base, first["id"], SCENE_WAIT_S)
        assert final is not None and final["status"] == "cancelled" and final["error"]["code"] == "cancelled"
        assert final["urls"] is None and "publish" not in {s["stage"] for s in stages}
        second = httpx.post(f"{b.base}/v1/scenes", json={"prompt": CHEAP_PROMPT}, timeout=30).json()
        _, after = follow(a.base, second["id"], SCENE_WAIT_S)
    assert after is not None and after["status"] == "succeeded", after
    queue = PostgresJobQueue(url)
    try:
        cancelled, taken = queue.get(first["id"]), queue.get(second["id"])
        assert cancelled.attempts == 1 and taken.attempts == 1  # the host stopped the first, and did not die of it
    finally:
        queue.close()
