"""The per-key rate limit on PostgreSQL holds across API instances: two apps on one database share one count.

Proves: submissions spread over two instances are admitted up to the limit and no more, the 429 has the
same shape and Retry-After as on one process; racing admissions from two instances never pass the limit; a
request refused by the concurrency cap gives its rate back; the window slides (old requests leave it).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from app.api.security import SharedRateLimiter
from app.api.server import create_app
from tools.core.settings import Settings

pytest.importorskip("psycopg", reason="the PostgreSQL driver is an extra: pip install -e '.[postgres]'")
from app.jobs.postgres import PostgresJobQueue  # noqa: E402  (after the skip: it imports psycopg)


def api(tmp_path, url: str, name: str, **settings: object) -> TestClient:
    app = create_app(Settings(data_dir=tmp_path / name, _env_file=None, database_url=url, **settings), workers=0)
    return TestClient(app, base_url="http://127.0.0.1")


def test_the_rate_limit_holds_across_two_api_instances(postgres_server, tmp_path):
    url = postgres_server.fresh_database()
    with api(tmp_path, url, "a", rate_limit_per_min=3) as a, api(tmp_path, url, "b", rate_limit_per_min=3) as b:
        assert isinstance(a.app.state.limiter, SharedRateLimiter)  # type: ignore[attr-defined]
        codes = [c.post("/v1/scenes", json={"prompt": f"a table {i}"}).status_code
                 for i, c in enumerate((a, b, a))]
        assert codes == [202, 202, 202]
        for refused in (b.post("/v1/scenes", json={"prompt": "a chair"}),
                        a.post("/v1/scenes", json={"prompt": "a chair"})):
            assert refused.status_code == 429, refused.text
            error = refused.json()["error"]
            assert error["code"] == "rate_limited" and error["details"] == {"limit": "rate", "per_minute": 3}
            assert 50 <= int(refused.headers["retry-after"]) <= 60


def test_racing_admissions_from_two_instances_never_pass_the_limit(postgres_server):
    url = postgres_server.fresh_database()
    first, second = PostgresJobQueue(url), PostgresJobQueue(url)
    try:
        with ThreadPoolExecutor(max_workers=12) as pool:
            waits = list(pool.map(lambda i: (first, second)[i % 2].admit_rate("k-1", 5, 60.0), range(40)))
        assert waits.count(None) == 5
        assert all(0 < wait <= 60 for wait in waits if wait is not None)
        assert first.admit_rate("k-2", 5, 60.0) is None, "another key has its own count"
    finally:
        first.close()
        second.close()


def test_a_refund_gives_the_rate_back_and_old_requests_leave_the_window(postgres_server):
    queue = PostgresJobQueue(postgres_server.fresh_database())
    try:
        assert queue.admit_rate("k-1", 2, 1.0) is None and queue.admit_rate("k-1", 2, 1.0) is None
        assert queue.admit_rate("k-1", 2, 1.0) is not None
        queue.refund_rate("k-1")
        assert queue.admit_rate("k-1", 2, 1.0) is None, "the refunded slot is free again"
        time.sleep(1.1)
        assert queue.admit_rate("k-1", 2, 1.0) is None, "a second later the window is empty"
    finally:
        queue.close()


def test_a_job_refused_by_the_cap_does_not_use_up_the_shared_rate(postgres_server, tmp_path):
    url = postgres_server.fresh_database()
    with api(tmp_path, url, "a", rate_limit_per_min=2, max_concurrent_jobs_per_key=1) as a, \
            api(tmp_path, url, "b", rate_limit_per_min=2, max_concurrent_jobs_per_key=1) as b:
        assert a.post("/v1/scenes", json={"prompt": "a table"}).status_code == 202
        capped = b.post("/v1/scenes", json={"prompt": "a chair"})
        assert capped.status_code == 429 and capped.json()["error"]["details"]["limit"] == "concurrency"
        scene = a.get("/v1/scenes").json()["items"][0]["id"]
        assert a.post(f"/v1/scenes/{scene}/cancel").status_code in (200, 202)
        assert b.post("/v1/scenes", json={"prompt": "a chair"}).status_code == 202, "the capped one was refunded"
