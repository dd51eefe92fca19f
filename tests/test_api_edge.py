"""The API's edge, hardened (issue 13): Host check, body errors, Allow, Last-Event-ID, stream cap, link tokens,
readiness and metrics behind a key, the bundle route, pruning. In process, with the real queue database."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import time
import zipfile

import httpx
import pytest
from pydantic import ValidationError
from test_api import KEY, OTHER_KEY, assert_error, finish_with_output, make_client

from app.api.metrics import Pruner, metrics_registry, render
from app.api.security import KeyRing, link_secret, owner_of
from app.jobs.queue import SqliteJobQueue, scene_dir
from tools.core.settings import Settings


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path) as c:
        yield c


# --- local-only mode answers loopback names only ------------------------------------------------

@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost", "LocalHost:1", "[::1]", "[::1]:8000"])
def test_local_only_mode_answers_loopback_hosts(client, host):
    assert client.get("/healthz", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "0.0.0.0", ""])
def test_local_only_mode_refuses_other_hosts_with_421(client, host):
    for path in ("/healthz", "/v1/scenes", "/"):
        assert_error(client.get(path, headers={"host": host}), 421, "misdirected_request")


def test_with_keys_any_host_is_served(tmp_path):
    with make_client(tmp_path, api_keys=[KEY]) as c:
        assert c.get("/healthz", headers={"host": "diorama.example.com"}).status_code == 200


# --- bodies, methods, Last-Event-ID ------------------------------------------------------------

def test_a_chunked_body_over_the_limit_is_413(client):
    def chunks():
        for _ in range(100):
            yield b"x" * 1000  # no Content-Length: the client sends it chunked

    assert_error(client.post("/v1/scenes", content=chunks(), headers={"content-type": "application/json"}),
                 413, "too_large")


@pytest.mark.parametrize("content_type, body", [("application/json", b"not json"), ("application/json", b'{"prompt"'),
                                                ("text/plain", b"a table")])
def test_a_body_that_is_not_json_is_400(client, content_type, body):
    r = client.post("/v1/scenes", content=body, headers={"content-type": content_type})
    assert "not JSON" in assert_error(r, 400, "invalid_request")["message"]


def test_json_with_a_wrong_field_is_still_422(client):
    assert_error(client.post("/v1/scenes", json=[1, 2]), 422, "invalid_request")
    assert_error(client.post("/v1/scenes", json={"prompt": ""}), 422, "invalid_request")


@pytest.mark.parametrize("method, path, allowed", [
    ("PUT", "/v1/scenes", {"GET", "POST"}),
    ("PATCH", "/v1/scenes/s-0000000000000000", {"GET", "DELETE"}),
    ("POST", "/healthz", {"GET"}),
])
def test_405_lists_the_allowed_methods(client, method, path, allowed):
    r = client.request(method, path)
    assert_error(r, 405, "method_not_allowed")
    assert allowed <= {m.strip() for m in r.headers["allow"].split(",")}


def test_a_huge_last_event_id_is_400_not_a_traceback(client):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    client.post(f"/v1/scenes/{scene_id}/cancel")
    assert_error(client.get(f"/v1/scenes/{scene_id}/events", headers={"Last-Event-ID": "9" * 20}),
                 400, "invalid_request")
    resumed = client.get(f"/v1/scenes/{scene_id}/events", headers={"Last-Event-ID": "1"})
    assert resumed.status_code == 200 and "event: done" in resumed.text


def test_event_streams_over_the_cap_get_503(tmp_path):
    with make_client(tmp_path, max_event_streams=1) as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        c.app.state.event_streams.open = 1  # one stream is being followed
        r = c.get(f"/v1/scenes/{scene_id}/events")
        assert assert_error(r, 503, "unavailable")["details"] == {"limit": "event_streams"}
        assert int(r.headers["retry-after"]) > 0
        c.app.state.event_streams.open = 0
        c.post(f"/v1/scenes/{scene_id}/cancel")
        assert c.get(f"/v1/scenes/{scene_id}/events").status_code == 200
        assert c.app.state.event_streams.open == 0  # the finished stream gave its place back


def test_the_stream_count_falls_when_a_stream_ends_early():
    from app.api.scenes import StreamCount

    async def events():
        yield 1
        yield 2

    async def take_one(streams):
        stream = streams.counted(events())
        assert await anext(stream) == 1 and streams.open == 1
        await stream.aclose()  # the client left
        return streams.open

    assert asyncio.run(take_one(StreamCount(5))) == 0


# --- keys, links, secrets ----------------------------------------------------------------------

def test_short_api_keys_are_refused_at_start_up_without_showing_them():
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None, api_keys="a-long-enough-key-123,short")
    message = str(refused.value)
    assert "key 2 is shorter than 16 characters" in message and "secrets.token_urlsafe" in message
    assert "short'" not in message.split("input_value")[0]


def test_the_link_secret_is_random_made_once_and_private(tmp_path):
    first = link_secret(tmp_path)
    assert len(first) == 64 and link_secret(tmp_path) == first
    assert stat.S_IMODE(os.stat(tmp_path / "link-secret").st_mode) == 0o600
    assert link_secret(tmp_path / "other") != first
    assert link_secret(tmp_path, "configured") == b"configured"


def test_link_tokens_carry_an_opaque_key_id(tmp_path):
    keys = KeyRing([KEY, OTHER_KEY], 3600, link_secret(tmp_path))
    token = keys.token("s-1", owner_of(KEY))
    expires, kid, signature = token.split(".")
    assert owner_of(KEY) not in token and owner_of(KEY)[2:] not in token and KEY not in token
    assert kid != keys.token("s-1", owner_of(OTHER_KEY)).split(".")[1]
    assert keys.token_owner(token, "s-1") == owner_of(KEY)
    assert keys.token_owner(token, "s-2") is None  # signed for one scene only
    other_secret = KeyRing([KEY, OTHER_KEY], 3600, b"another-server")
    assert other_secret.token("s-1", owner_of(KEY)).split(".")[1] != kid  # the id depends on the secret
    assert other_secret.token_owner(token, "s-1") is None
    assert keys.token_owner(f"{'9' * 40}.{kid}.{signature}", "s-1") is None
    without_key = KeyRing([OTHER_KEY], 3600, link_secret(tmp_path))
    assert without_key.token_owner(token, "s-1") is None  # removing a key revokes its links


def test_signed_urls_of_the_api_use_the_opaque_id(tmp_path):
    with make_client(tmp_path, api_keys=[KEY]) as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}, headers={"X-API-Key": KEY}).json()["id"]
        finish_with_output(c, scene_id)
        page = c.get(f"/v1/scenes/{scene_id}", headers={"X-API-Key": KEY}).json()["urls"]["page"]
        assert owner_of(KEY) not in page and "k-" not in page.split("/signed/")[1]
        assert c.get(page).status_code == 200


def test_readyz_detail_and_metrics_need_a_key_when_keys_are_set(tmp_path):
    with make_client(tmp_path, api_keys=[KEY]) as c:
        bare = c.get("/readyz")
        assert bare.status_code in (200, 503) and set(bare.json()) == {"status"}
        assert set(c.get("/readyz", headers={"X-API-Key": "wrong-key-0123456789"}).json()) == {"status"}
        assert "queue" in c.get("/readyz", headers={"X-API-Key": KEY}).json()["checks"]
        assert_error(c.get("/metrics"), 401, "unauthorized")
        assert "diorama_queue_depth" in c.get("/metrics", headers={"X-API-Key": KEY}).text


# --- the bundle route ---------------------------------------------------------------------------

def test_the_bundle_follows_no_symlink(client, tmp_path):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    finish_with_output(client, scene_id)
    out = scene_dir(client.app.state.settings.data_dir, scene_id)
    outside = tmp_path / "host"
    outside.mkdir()
    secret = outside / "host-secret.txt"
    secret.write_text("host file")
    (out / "report.json").symlink_to(secret)
    (out / "vendor").symlink_to(outside, target_is_directory=True)
    (out / "assets").mkdir()
    (out / "assets" / "a.glb").write_bytes(b"glTF")
    (out / "assets" / "link.glb").symlink_to(secret)
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/v1/scenes/{scene_id}/bundle").content))
    assert "report.json" not in archive.namelist() and "assets/link.glb" not in archive.namelist()
    assert not any(name.startswith("vendor/") for name in archive.namelist())
    assert "assets/a.glb" in archive.namelist()
    assert all(b"host file" not in archive.read(name) for name in archive.namelist())
    assert_error(client.get(f"/v1/scenes/{scene_id}/files/report.json"), 404, "not_found")


def test_the_bundle_is_zipped_once_per_version_and_delete_removes_it(client):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    finish_with_output(client, scene_id)
    cache = client.app.state.settings.data_dir / "bundles" / scene_id
    first = client.get(f"/v1/scenes/{scene_id}/bundle").content
    (zipped,) = cache.glob("*.zip")
    made = zipped.stat().st_mtime_ns
    assert client.get(f"/v1/scenes/{scene_id}/bundle").content == first and zipped.stat().st_mtime_ns == made
    out = scene_dir(client.app.state.settings.data_dir, scene_id)
    (out / "scene.json").write_text('{"version": 1, "edited": true}')  # a new revision
    names = zipfile.ZipFile(io.BytesIO(client.get(f"/v1/scenes/{scene_id}/bundle").content))
    assert b"edited" in names.read("scene.json") and len(list(cache.glob("*.zip"))) == 1
    assert client.delete(f"/v1/scenes/{scene_id}").status_code == 204
    assert not cache.exists()


# --- pruning and metrics -----------------------------------------------------------------------

def test_pruning_forgets_old_observations_and_events_but_keeps_each_end(tmp_path):
    queue = SqliteJobQueue(tmp_path / "jobs.sqlite")
    job, _ = queue.submit("s-old", "local", "a table", 0, {}, None)
    claimed = queue.claim("w", 60)
    queue.record(claimed.id, "w", "plan", "started", 0.1)
    queue.finish(claimed.id, "w", "succeeded", passed=True)
    queue.observe("stage_seconds", "plan", 1.0)
    before = [e.event for e in queue.events("s-old", 1)]
    assert "done" in before and len(before) > 1
    Pruner(queue, retention_days=1).prune_once()
    assert [e.event for e in queue.events("s-old", 1)] == before  # nothing is a day old yet
    assert queue.prune(time.time() + 1) == {"observations": 1, "events": len(before) - 1}
    assert [e.event for e in queue.events("s-old", 1)] == ["done"]
    assert queue.observation_totals("stage_seconds") == []


def test_metrics_sum_in_the_database(tmp_path):
    queue = SqliteJobQueue(tmp_path / "jobs.sqlite")
    for seconds in (0.2, 3.0, 30.0):
        queue.observe("stage_seconds", "layout", seconds)
    queue.observe("tool_call", "render", 1.0, ok=False)
    queue.observe("tool_call", "render", 1.0)
    (row,) = queue.observation_totals("stage_seconds", (0.5, 5.0))
    assert (row["label"], row["n"], row["le_0"], row["le_1"]) == ("layout", 3, 1, 2)
    assert row["total"] == pytest.approx(33.2)
    text = render(metrics_registry(queue)).decode()
    assert 'diorama_stage_seconds_bucket{le="5.0",stage="layout"} 2.0' in text
    assert 'diorama_stage_seconds_count{stage="layout"} 3.0' in text
    assert 'diorama_tool_call_failures_total{tool="render"} 1.0' in text


def test_a_served_page_is_refused_under_a_rebinding_name(tmp_path):
    """The same check through a real socket: an httpx client that says it is evil.example."""
    import threading

    import uvicorn

    from app.api.server import create_app

    app = create_app(Settings(data_dir=tmp_path / "data", _env_file=None), workers=0)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)  # waiting for the port to open
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/v1/scenes", headers={"Host": "evil.example"}).status_code == 421
    finally:
        server.should_exit = True
        thread.join(10)
