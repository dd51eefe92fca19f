"""The REST API in process (no workers): error shapes, limits, keys, tokens, files, listing, idempotency."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient

from app.api.output import FolderOutput
from app.api.scenes import revision_views
from app.api.server import create_app
from app.jobs.queue import scene_dir
from tools.core.settings import Settings

KEY = "test-key-1-0123456789"
OTHER_KEY = "other-key-0123456789"


def make_client(tmp_path, **overrides) -> TestClient:
    settings = Settings(data_dir=tmp_path / "data", _env_file=None, **overrides)
    return TestClient(create_app(settings, workers=0), base_url="http://127.0.0.1")  # local-only mode checks Host


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path) as c:
        yield c


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["message"]
    return body["error"]


def finish_with_output(client: TestClient, scene_id: str) -> None:
    """Play the worker: claim the job, write a small output folder, finish it."""
    app = client.app
    queue = app.state.queue
    job = queue.claim("test-worker", lease_s=60)
    assert job.id == scene_id
    out = scene_dir(app.state.settings.data_dir, scene_id)
    (out / "screenshots").mkdir(parents=True)
    (out / "index.html").write_text("<!doctype html><title>scene</title>")
    (out / "scene.json").write_text('{"version": 1}')
    (out / "scene.glb").write_bytes(b"glTF")
    (out / "screenshots" / "hero.png").write_bytes(b"\x89PNG")
    (out / "private.txt").write_text("not part of the bundle")
    queue.finish(scene_id, "test-worker", "succeeded", passed=True,
                 summary={"objects": 1, "checks_passed": 1, "checks": 1, "requirements_met": 1, "requirements": 1,
                          "seconds": 1.0})


def test_submit_returns_202_with_the_scene_object(client):
    r = client.post("/v1/scenes", json={"prompt": "a table", "seed": 3, "options": {"max_repairs": 1}})
    assert r.status_code == 202
    scene = r.json()
    assert scene["id"].startswith("s-") and scene["status"] == "queued" and scene["seed"] == 3
    assert scene["urls"] is None and scene["revisions"][0]["revision"] == 1
    assert client.get(f"/v1/scenes/{scene['id']}").json()["prompt"] == "a table"


@pytest.mark.parametrize("body", [{"prompt": ""}, {"prompt": "   "}, {"prompt": "x" * 2001}, {"seed": 1},
                                  {"prompt": "a table", "options": {"max_repairs": 99}},
                                  {"prompt": "a table", "unknown": 1}])
def test_bad_bodies_are_422_with_the_error_shape(client, body):
    assert_error(client.post("/v1/scenes", json=body), 422, "invalid_request")


def test_unknown_scene_route_and_method_share_the_error_shape(client):
    assert_error(client.get("/v1/scenes/s-0000000000000000"), 404, "not_found")
    assert_error(client.get("/v1/nothing-here"), 404, "not_found")
    assert_error(client.put("/v1/scenes"), 405, "method_not_allowed")
    assert_error(client.get("/v1/scenes/NOT..valid"), 422, "invalid_request")


def test_a_body_over_the_limit_is_413(client):
    r = client.post("/v1/scenes", content=b'{"prompt": "' + b"x" * 70_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert_error(r, 413, "too_large")


def test_rate_limit_answers_429_with_retry_after(tmp_path):
    with make_client(tmp_path, rate_limit_per_min=2) as c:
        assert [c.post("/v1/scenes", json={"prompt": f"a table {i}"}).status_code for i in range(2)] == [202, 202]
        r = c.post("/v1/scenes", json={"prompt": "a chair"})
        assert_error(r, 429, "rate_limited")
        assert 1 <= int(r.headers["retry-after"]) <= 60


def test_concurrency_cap_answers_429(tmp_path):
    with make_client(tmp_path, max_concurrent_jobs_per_key=1) as c:
        assert c.post("/v1/scenes", json={"prompt": "a table"}).status_code == 202
        r = c.post("/v1/scenes", json={"prompt": "a chair"})
        assert assert_error(r, 429, "rate_limited")["details"]["limit"] == "concurrency"
        assert int(r.headers["retry-after"]) > 0


def test_idempotency_key_same_body_same_job_other_body_409(client):
    headers = {"Idempotency-Key": "abc"}
    first = client.post("/v1/scenes", json={"prompt": "a table"}, headers=headers)
    again = client.post("/v1/scenes", json={"prompt": "a table"}, headers=headers)
    assert first.status_code == 202 and again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert_error(client.post("/v1/scenes", json={"prompt": "a chair"}, headers=headers), 409, "conflict")


def test_list_paginates_newest_first(client):
    ids = [client.post("/v1/scenes", json={"prompt": f"a table {i}"}).json()["id"] for i in range(5)]
    seen, cursor = [], None
    while True:
        page = client.get("/v1/scenes", params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        seen += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == ids[::-1]
    assert_error(client.get("/v1/scenes", params={"cursor": "garbage!"}), 422, "invalid_request")
    assert_error(client.get("/v1/scenes", params={"limit": 0}), 422, "invalid_request")


def test_cancel_a_queued_job_and_delete_it(client):
    scene = client.post("/v1/scenes", json={"prompt": "a table"}).json()
    cancelled = client.post(f"/v1/scenes/{scene['id']}/cancel")
    assert cancelled.status_code == 202 and cancelled.json()["status"] == "cancelled"
    events = client.get(f"/v1/scenes/{scene['id']}/events")
    assert "event: done" in events.text and '"cancelled"' in events.text
    assert client.delete(f"/v1/scenes/{scene['id']}").status_code == 204
    assert_error(client.get(f"/v1/scenes/{scene['id']}"), 404, "not_found")


def test_files_bundle_and_glb_of_a_finished_scene(client):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    assert_error(client.get(f"/v1/scenes/{scene_id}/bundle"), 404, "not_found")  # nothing finished yet
    finish_with_output(client, scene_id)
    scene = client.get(f"/v1/scenes/{scene_id}").json()
    assert scene["status"] == "succeeded" and scene["summary"]["objects"] == 1
    page = client.get(scene["urls"]["page"])
    assert page.status_code == 200 and page.headers["access-control-allow-origin"] == "*"
    assert page.headers["content-type"].startswith("text/html")
    assert client.get(scene["urls"]["screenshots"]["hero"]).content == b"\x89PNG"
    glb = client.get(scene["urls"]["scene_glb"])
    assert glb.headers["content-type"] == "model/gltf-binary" and glb.content == b"glTF"
    names = zipfile.ZipFile(io.BytesIO(client.get(scene["urls"]["bundle"]).content)).namelist()
    assert {"index.html", "scene.json", "scene.glb", "screenshots/hero.png"} <= set(names)
    assert "private.txt" not in names
    for path in ("private.txt", "../jobs.sqlite", "..%2F..%2Fjobs.sqlite", "%2Fetc%2Fpasswd", "vendor/%2E%2E/%2E%2E/x"):
        assert_error(client.get(f"/v1/scenes/{scene_id}/files/{path}"), 404, "not_found")
    missing = client.get(f"/v1/scenes/{scene_id}/files/private.txt")
    assert missing.headers["access-control-allow-origin"] == "*"  # the sandboxed page sees a 404, not a CORS error


def test_edits_wait_for_graph_edit_or_the_running_job(client):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    r = client.post(f"/v1/scenes/{scene_id}/edits", json={"instruction": "make it blue"})
    assert r.status_code in (409, 501)
    assert_error(r, r.status_code, "conflict" if r.status_code == 409 else "not_implemented")


def _log_edit(client: TestClient, scene_id: str, entries: list[dict]) -> None:
    """Play graph/edit.py: the scene folder's revisions.json with the generated revision and ``entries``."""
    log = [{"revision": 1, "instruction": None, "created_at": "2026-11-30T04:00:00+00:00"}, *entries]
    out = scene_dir(client.app.state.settings.data_dir, scene_id)
    (out / "revisions.json").write_text(json.dumps({"revisions": log}))


def test_a_scene_s_revisions_carry_what_each_edit_changed(client):
    scene_id = client.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
    finish_with_output(client, scene_id)
    queued = client.post(f"/v1/scenes/{scene_id}/edits", json={"instruction": "make the table red"}).json()
    assert queued["revisions"][1]["counts"] is None  # not made yet
    queue = client.app.state.queue
    queue.claim("test-worker", lease_s=60)
    _log_edit(client, scene_id, [{"revision": 2, "instruction": "make the table red", "counts": {"recoloured": 1},
                                  "changes": ["recoloured table red"], "created_at": datetime.now(UTC).isoformat()}])
    queue.finish(scene_id, "test-worker", "succeeded", passed=True)
    revisions = client.get(f"/v1/scenes/{scene_id}").json()["revisions"]
    assert [(r["revision"], r["counts"], r["changes"]) for r in revisions] == [
        (1, None, None), (2, {"recoloured": 1}, ["recoloured table red"])]


def test_after_a_failed_edit_each_revision_keeps_its_own_account(tmp_path):
    folder = tmp_path / "scene"
    folder.mkdir()
    asked = [{"revision": 1, "instruction": None, "created_at": 100.0},
             {"revision": 2, "instruction": "make it blue", "created_at": 200.0},  # made the folder's revision 2
             {"revision": 3, "instruction": "make it red", "created_at": 300.0},  # failed: made nothing
             {"revision": 4, "instruction": "make it red", "created_at": 400.0},  # made the folder's revision 3
             {"revision": 5, "instruction": "make it red", "created_at": 500.0}]  # still running
    def at(seconds: float) -> str:  # as graph/edit.py writes it
        return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")

    (folder / "revisions.json").write_text(json.dumps({"revisions": [
        {"revision": 1, "instruction": None, "created_at": at(90)},
        {"revision": 2, "instruction": "make it blue", "created_at": at(230), "counts": {"recoloured": 1}},
        {"revision": 3, "instruction": "make it red", "created_at": at(430), "counts": {"recoloured": 2}}]}))
    views = revision_views(asked, FolderOutput(folder).revision_log())
    assert [v["counts"] for v in views] == [None, {"recoloured": 1}, None, {"recoloured": 2}, None]


def test_keys_required_when_configured_and_scenes_are_per_key(tmp_path):
    with make_client(tmp_path, api_keys=[KEY, OTHER_KEY]) as c:
        assert_error(c.post("/v1/scenes", json={"prompt": "a table"}), 401, "unauthorized")
        assert_error(c.get("/v1/scenes", headers={"X-API-Key": "wrong"}), 401, "unauthorized")
        scene = c.post("/v1/scenes", json={"prompt": "a table"}, headers={"Authorization": f"Bearer {KEY}"}).json()
        assert c.get(f"/v1/scenes/{scene['id']}", headers={"X-API-Key": KEY}).status_code == 200
        assert_error(c.get(f"/v1/scenes/{scene['id']}", headers={"X-API-Key": OTHER_KEY}), 404, "not_found")
        assert c.get("/v1/scenes", headers={"X-API-Key": OTHER_KEY}).json()["items"] == []
        assert c.get("/healthz").json() == {"status": "ok"}


def test_signed_urls_load_files_without_headers(tmp_path):
    with make_client(tmp_path, api_keys=[KEY]) as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}, headers={"X-API-Key": KEY}).json()["id"]
        finish_with_output(c, scene_id)
        scene = c.get(f"/v1/scenes/{scene_id}", headers={"X-API-Key": KEY}).json()
        page_url = scene["urls"]["page"]
        assert "/signed/" in page_url
        assert c.get(page_url).status_code == 200  # no header: the token in the path is enough
        assert c.get(page_url.replace("index.html", "scene.json")).status_code == 200  # relative links keep it
        assert c.get(scene["urls"]["bundle"]).status_code == 200 and "?token=" in scene["urls"]["bundle"]
        assert c.get(scene["events_url"]).status_code == 200
        forged = page_url.replace("/signed/", "/signed/1").replace(scene_id, scene_id)
        assert_error(c.get(forged), 401, "unauthorized")
        assert_error(c.get(f"/v1/scenes/{scene_id}/files/index.html"), 401, "unauthorized")


def test_readyz_without_a_key_fits_its_documented_model(tmp_path):
    from app.api.models import ErrorDetail, Ready

    with make_client(tmp_path, api_keys=[KEY]) as c:
        bare = c.get("/readyz").json()
        schemas = c.get("/openapi.json").json()["components"]["schemas"]
    assert "checks" not in bare and Ready.model_validate(bare).checks is None
    assert schemas["Ready"].get("required") == ["status"]
    assert "environment" in ErrorDetail.model_fields["code"].description


def test_service_routes(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz").json()
    assert set(ready["checks"]) == {"queue", "chromium", "three", "storage", "model", "data_dir", "databases"}
    metrics = client.get("/metrics")
    assert metrics.status_code == 200 and "diorama_queue_depth" in metrics.text
    ui = client.get("/")
    assert ui.status_code == 200 and "frame-ancestors 'none'" in ui.headers["content-security-policy"]
    spec = client.get("/openapi.json").json()
    submit = spec["paths"]["/v1/scenes"]["post"]["responses"]
    assert {"202", "422", "429", "413", "401"} <= set(submit)
    assert submit["429"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")


def test_published_file_never_leaves_the_folder(tmp_path):
    from app.api.output import published_file
    from app.api.security import ApiError

    folder = tmp_path / "scene"
    (folder / "assets").mkdir(parents=True)
    (folder / "assets" / "a.glb").write_bytes(b"glTF")
    (tmp_path / "secret.txt").write_text("no")
    (folder / "assets" / "link.glb").symlink_to(tmp_path / "secret.txt")
    assert published_file(folder, "assets/a.glb") == (folder / "assets" / "a.glb").resolve()
    for bad in ("../secret.txt", "assets/../../secret.txt", "/etc/passwd", "assets/link.glb", "assets\\a.glb",
                "", "assets/", "report.json"):
        with pytest.raises(ApiError):
            published_file(folder, bad)


def test_serve_refuses_a_public_host_without_keys(monkeypatch, capsys):
    from app.cli.serve import main as serve_main
    from tools.core.settings import get_settings

    monkeypatch.delenv("DIORAMA_API_KEYS", raising=False)
    get_settings.cache_clear()
    try:
        assert serve_main(["--host", "0.0.0.0", "--port", "1"]) == 2
    finally:
        get_settings.cache_clear()
    assert "DIORAMA_API_KEYS" in capsys.readouterr().err


def test_fresh_idempotency_keys_do_not_bypass_the_limits(tmp_path):
    with make_client(tmp_path, max_concurrent_jobs_per_key=1) as c:
        assert c.post("/v1/scenes", json={"prompt": "a table"}, headers={"Idempotency-Key": "1"}).status_code == 202
        assert c.post("/v1/scenes", json={"prompt": "a table"}, headers={"Idempotency-Key": "1"}).status_code == 200
        assert_error(c.post("/v1/scenes", json={"prompt": "a chair"}, headers={"Idempotency-Key": "2"}), 429, "rate_limited")
