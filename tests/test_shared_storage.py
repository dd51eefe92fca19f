"""Scene outputs on shared storage (issue 15, part 4): with S3 storage every API instance serves a scene from the
bucket, whichever host made it, and a worker on a host that lacks the scene's folder edits it from the bucket's
copy. Real PostgreSQL (the shared jobs) and a real SeaweedFS (the bucket); no data folder is shared."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import httpx
import pytest
from api_process import ServerProcess, WorkerHost, follow, queued_run, started, submit_and_kill_at
from fastapi.testclient import TestClient
from seaweed import running_seaweed

from app.api.server import create_app
from graph.publish import upload_bundle
from tools.core.errors import StorageError
from tools.core.settings import Settings
from tools.storage.bundle import MARKER, STAGED
from tools.storage.folder import fetch_folder, keep_folder, state_prefix
from tools.storage.open import open_store
from tools.storage.unfinished import (
    UnfinishedFolder,
    latest_manifest,
    restore,
    saved_elsewhere,
    unfinished_prefix,
)

pytest.importorskip("psycopg", reason="the PostgreSQL driver is an extra: pip install -e '.[postgres]'")

SCENE_WAIT_S = 600  # a bound on a hung run, not a speed expectation: this machine is shared
BUNDLE = {"index.html": b"<!doctype html><title>scene</title>", "viewer.js": b"// viewer", "scene.json": b'{"v": 1}',
          "scene.glb": b"glTF-scene", "report.json": b'{"passed": true}', "assets/a.glb": b"glTF-a",
          "screenshots/hero.png": b"\x89PNG-hero"}


@pytest.fixture(scope="module")
def seaweed():
    with running_seaweed() as server:
        yield server


def s3_settings(seaweed, bucket: str) -> dict:
    return {"storage": "s3", "s3_endpoint": seaweed.endpoint, "s3_bucket": bucket,
            "s3_access_key": seaweed.access_key, "s3_secret_key": seaweed.secret_key}


def api(data_dir: Path, **settings) -> TestClient:
    return TestClient(create_app(Settings(data_dir=data_dir, _env_file=None, **settings), workers=0),
                      base_url="http://127.0.0.1")


def worker_makes(settings: Settings, queue, scene_id: str, folder: Path) -> None:
    """Play a worker on a host of its own: claim the job, write its folder there, publish and keep it, finish."""
    job = queue.claim("elsewhere", lease_s=60)
    assert job.id == scene_id
    for name, data in BUNDLE.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "plan.json").write_text("{}")  # private: kept with the folder, never served
    store = open_store(settings)
    upload_bundle(store, folder, f"scenes/{scene_id}")
    keep_folder(store, scene_id, folder)
    queue.finish(scene_id, "elsewhere", "succeeded", passed=True)


def test_any_api_instance_serves_a_scene_that_is_only_in_the_bucket(postgres_server, seaweed, tmp_path):
    shared = {"database_url": postgres_server.fresh_database(), **s3_settings(seaweed, "two-apis")}
    with api(tmp_path / "a", **shared) as a, api(tmp_path / "b", **shared) as b:
        scene_id = a.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        worker_makes(a.app.state.settings, a.app.state.queue, scene_id, tmp_path / "worker" / scene_id)
        for client in (a, b):
            scene = client.get(f"/v1/scenes/{scene_id}").json()
            assert scene["urls"]["screenshots"] == {"hero": f"/v1/scenes/{scene_id}/files/screenshots/hero.png"}
            for name, data in BUNDLE.items():
                got = client.get(f"/v1/scenes/{scene_id}/files/{name}")
                assert got.status_code == 200 and got.content == data, name
                assert got.headers["access-control-allow-origin"] == "*"
            assert client.get(scene["urls"]["scene_glb"]).content == BUNDLE["scene.glb"]
            assert client.get(scene["urls"]["page"]).headers["content-type"].startswith("text/html")
            zipped = zipfile.ZipFile(io.BytesIO(client.get(scene["urls"]["bundle"]).content))
            assert {n: zipped.read(n) for n in zipped.namelist()} == BUNDLE
            for private in ("plan.json", MARKER, "../two-apis"):
                assert client.get(f"/v1/scenes/{scene_id}/files/{private}").status_code == 404
        assert not (tmp_path / "a" / "scenes").exists() and not (tmp_path / "b" / "scenes").exists()

        assert b.delete(f"/v1/scenes/{scene_id}").status_code == 204
        assert a.get(f"/v1/scenes/{scene_id}").status_code == 404
        store = open_store(a.app.state.settings)
        assert store.list_keys(f"scenes/{scene_id}") == [] and store.list_keys(state_prefix(scene_id)) == []


def test_a_scene_whose_marker_is_missing_is_not_served(postgres_server, seaweed, tmp_path):
    """A publish cut off before its marker (or a marker taken down by a republish) shows no scene at all."""
    shared = {"database_url": postgres_server.fresh_database(), **s3_settings(seaweed, "no-marker")}
    with api(tmp_path / "a", **shared) as a:
        scene_id = a.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        store = open_store(a.app.state.settings)
        store.put_bytes(f"scenes/{scene_id}/index.html", BUNDLE["index.html"])  # the page, but no marker
        a.app.state.queue.claim("elsewhere", lease_s=60)
        a.app.state.queue.finish(scene_id, "elsewhere", "succeeded", passed=True)
        assert a.get(f"/v1/scenes/{scene_id}").json()["urls"] is None
        assert a.get(f"/v1/scenes/{scene_id}/files/index.html").status_code == 404
        assert a.get(f"/v1/scenes/{scene_id}/bundle").status_code == 404


def test_an_edit_whose_publish_fails_midway_leaves_the_scene_served_as_it_was(postgres_server, seaweed, tmp_path):
    """The edit's worker loses the bucket after a few puts of its new revision: the job fails, and both API
    instances still serve the scene as it was, every file and the zip, from the old marker."""
    shared = {"database_url": postgres_server.fresh_database(), **s3_settings(seaweed, "failed-edit")}
    with api(tmp_path / "a", **shared) as a, api(tmp_path / "b", **shared) as b:
        scene_id = a.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        folder = tmp_path / "worker" / scene_id
        worker_makes(a.app.state.settings, a.app.state.queue, scene_id, folder)
        assert b.post(f"/v1/scenes/{scene_id}/edits", json={"instruction": "make the table red"}).status_code == 202
        queue = a.app.state.queue
        assert queue.claim("elsewhere", lease_s=60).kind == "edit"
        (folder / "scene.json").write_bytes(b'{"v": 2}')  # the new revision
        (folder / "screenshots" / "hero.png").write_bytes(b"\x89PNG-red")
        (folder / "screenshots" / "top.png").write_bytes(b"\x89PNG-top")
        store = open_store(a.app.state.settings)
        live_put, puts = store.client.put_object, []

        def put_then_lose_the_bucket(**kwargs):
            puts.append(kwargs["Key"])
            if len(puts) > 2:
                raise StorageError(f"s3 {seaweed.endpoint} is unreachable")
            return live_put(**kwargs)

        store.client.put_object = put_then_lose_the_bucket
        with pytest.raises(StorageError, match="unreachable"):
            upload_bundle(store, folder, f"scenes/{scene_id}")
        assert len(puts) == 3 and not any(key.endswith(MARKER) for key in puts)
        queue.finish(scene_id, "elsewhere", "failed", error=("storage_error", "the bucket went away"))
        for client in (a, b):
            scene = client.get(f"/v1/scenes/{scene_id}").json()
            assert scene["status"] == "failed" and scene["urls"] is not None, scene
            for name, data in BUNDLE.items():
                assert client.get(f"/v1/scenes/{scene_id}/files/{name}").content == data, name
            assert client.get(f"/v1/scenes/{scene_id}/files/screenshots/top.png").status_code == 404
            zipped = zipfile.ZipFile(io.BytesIO(client.get(scene["urls"]["bundle"]).content))
            assert {n: zipped.read(n) for n in zipped.namelist()} == BUNDLE
        assert not open_store(a.app.state.settings).list_keys(f"scenes/{scene_id}/{STAGED}")


def test_a_kept_folder_comes_back_whole_with_its_links(seaweed, tmp_path):
    store = open_store(Settings(data_dir=tmp_path, _env_file=None, **s3_settings(seaweed, "folders")))
    folder = tmp_path / "made"
    (folder / "revisions" / "1").mkdir(parents=True)
    (folder / "viewer.js").write_text("// viewer")
    (folder / "revisions.json").write_text('{"revisions": []}')
    (folder / "revisions" / "1" / "viewer.js").symlink_to(Path("..", "..", "viewer.js"))
    keep_folder(store, "s-kept", folder, copies=("revisions.json",))
    assert store.get_bytes(f"{state_prefix('s-kept')}/revisions.json") == b'{"revisions": []}'
    back = tmp_path / "elsewhere"
    assert fetch_folder(store, "s-kept", back)
    assert (back / "revisions" / "1" / "viewer.js").is_symlink() and (back / "revisions" / "1" / "viewer.js").read_text() == "// viewer"
    assert not fetch_folder(store, "s-never", tmp_path / "none")


def test_a_half_made_folder_is_kept_at_each_stage_putting_only_what_changed(seaweed, tmp_path):
    """What the worker saves at a stage's end: only new contents go up, in one batch, a shared asset is named
    (never copied), and another folder gets the folder back byte for byte, links included; a late save of an
    earlier attempt (a worker that lost its lease) does not hide its successor's."""
    store = open_store(Settings(data_dir=tmp_path, _env_file=None, **s3_settings(seaweed, "unfinished")))
    folder = tmp_path / "host1" / ".s-half.partial"
    (folder / "assets").mkdir(parents=True)
    (folder / "assets" / "a1.glb").write_bytes(b"glTF-a1")
    store.put_bytes("assets/a1.glb", b"glTF-a1", "model/gltf-binary")  # as the assets stage put it
    keeper = UnfinishedFolder(store, "s-half", folder, attempt=1)
    after_assets = keeper.save("assets")
    assert after_assets["files"]["assets/a1.glb"]["key"] == "assets/a1.glb"
    assert keeper.stats.puts == 0  # the asset is the store's own: the manifest is all that went up

    made = {name: data for name, data in BUNDLE.items() if not name.startswith("assets/")}
    for name, data in made.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "revisions").mkdir()
    (folder / "revisions" / "viewer.js").symlink_to(Path("..", "viewer.js"))
    after_compose = keeper.save("compose")
    assert (keeper.stats.hashed, keeper.stats.puts) == (7, 1)  # every new file hashed once, put in one batch
    (folder / "scene.json").write_bytes(b'{"v": 2}')
    after_verify = keeper.save("verify")
    assert (keeper.stats.hashed, keeper.stats.puts) == (8, 2)  # only the changed file, alone in its batch
    batch = {name: entry["key"] for name, entry in after_compose["files"].items() if "member" in entry}
    moved_on = {name: entry["key"] for name, entry in after_verify["files"].items() if "member" in entry}
    assert {name for name in batch if moved_on[name] != batch[name]} == {"scene.json"}
    assert store.list_keys("assets") == ["assets/a1.glb"]

    there = tmp_path / "host2" / ".s-half.partial"
    manifest = latest_manifest(store, "s-half", attempt=2)
    assert manifest == after_verify and saved_elsewhere(manifest, there) and not saved_elsewhere(manifest, folder)
    restore(store, manifest, there)
    for name, data in {**made, "scene.json": b'{"v": 2}', "assets/a1.glb": b"glTF-a1"}.items():
        assert (there / name).read_bytes() == data, name
    assert (there / "revisions" / "viewer.js").is_symlink() and (there / "revisions" / "viewer.js").read_text() == "// viewer"
    assert not there.with_name(there.name + ".restoring").exists()

    successor = UnfinishedFolder(store, "s-half", there, attempt=2)
    successor.adopt(manifest)
    successor.save("repair")
    assert successor.stats.puts == 0  # what the first host put is not put again
    keeper.save("late")  # the first host's worker, still running after its lease went
    assert latest_manifest(store, "s-half", attempt=3)["stage"] == "repair"

    store.delete_keys(["assets/a1.glb"])  # a content the store lost: no half folder, the run starts over
    with pytest.raises(StorageError, match="not in"):
        restore(store, manifest, tmp_path / "host3" / ".s-half.partial")
    assert not (tmp_path / "host3" / ".s-half.partial").exists()
    assert not (tmp_path / "host3" / ".s-half.partial.restoring").exists()


def test_a_run_resumes_in_its_folder_brought_to_another_path(tmp_path, lazy_browser):
    """The checkpoint names the folder the run started in; a folder brought elsewhere resumes there when the
    caller says it brought it (the state then names the new one), and starts over when it does not."""
    from graph.context import RunContext
    from graph.runner import generate_scene

    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    events: list[tuple[str, str]] = []
    context = RunContext(settings, lazy_browser, lambda stage, message: events.append((stage, message)))
    first = tmp_path / "host1" / "scene"
    generate_scene("a table", first, context, scene_id="s-moved1", interrupt_after=["assets"])
    moved = tmp_path / "host2" / "scene"
    moved.parent.mkdir()
    first.rename(moved)
    events.clear()
    state = generate_scene("a table", moved, context, scene_id="s-moved1", interrupt_after=["layout"],
                           moved_here=True)
    assert [stage for stage, message in events if message == "started"] == ["layout"]
    assert any(stage == "resume" and "brought" in message for stage, message in events)
    assert state["out_dir"] == str(moved.resolve()) and state["placements"]

    events.clear()
    again = tmp_path / "host3" / "scene"
    shutil.copytree(moved, again)
    generate_scene("a table", again, context, scene_id="s-moved1", interrupt_after=["plan"])
    assert [stage for stage, message in events if message == "started"] == ["plan"]  # not told: starts over


@pytest.mark.slow
@pytest.mark.browser
def test_a_worker_hosts_scene_is_served_edited_and_deleted_with_no_shared_disk(postgres_server, seaweed, tmp_path):
    """Two API instances and worker hosts, each with its own data folder: the scene the first host made is served
    whole by both instances; a second host, which never saw the folder, edits it; DELETE through A removes it."""
    url = postgres_server.fresh_database()
    common = {"max_repairs": 1, **s3_settings(seaweed, "no-shared-disk")}
    with ServerProcess(tmp_path / "a", workers=0, database_url=url, **common) as a, \
            ServerProcess(tmp_path / "b", workers=0, database_url=url, **common) as b:
        with WorkerHost(tmp_path / "host1", url, processes=1, **common):
            scene = httpx.post(f"{a.base}/v1/scenes", json={"prompt": "a table"}, timeout=30).json()
            _, made = follow(b.base, scene["id"], SCENE_WAIT_S)
        assert made is not None and made["status"] == "succeeded", made
        served = {}
        for base in (a.base, b.base):
            urls = httpx.get(f"{base}/v1/scenes/{scene['id']}", timeout=30).json()["urls"]
            files = {name: httpx.get(base + urls[name], timeout=60) for name in ("page", "scene_glb", "bundle")}
            files["scene_json"] = httpx.get(f"{base}/v1/scenes/{scene['id']}/files/scene.json", timeout=30)
            assert all(r.status_code == 200 for r in files.values()), {k: r.status_code for k, r in files.items()}
            zipped = zipfile.ZipFile(io.BytesIO(files.pop("bundle").content))
            served[base] = {name: r.content for name, r in files.items()}
            served[base]["bundle"] = {name: zipped.read(name) for name in zipped.namelist()}  # zip times differ
        assert served[a.base] == served[b.base]
        assert json.loads(served[a.base]["scene_json"])["id"] == scene["id"]
        assert served[a.base]["scene_glb"][:4] == b"glTF"
        assert served[a.base]["bundle"]["scene.glb"] == served[a.base]["scene_glb"]
        assert not (tmp_path / "host2").exists()

        with WorkerHost(tmp_path / "host2", url, processes=1, **common):
            edit = httpx.post(f"{b.base}/v1/scenes/{scene['id']}/edits", json={"instruction": "make the table red"},
                              timeout=30)
            assert edit.status_code == 202, edit.text
            _, edited = follow(a.base, scene["id"], SCENE_WAIT_S)
        assert edited is not None and edited["status"] == "succeeded", edited
        assert edited["revisions"][1]["counts"]["recoloured"] == 1  # the log the second host kept in the bucket
        report = httpx.get(f"{b.base}{edited['urls']['report']}", timeout=30).json()
        assert report["edit"]["revision"] == 2

        assert httpx.delete(f"{a.base}/v1/scenes/{scene['id']}", timeout=30).status_code == 204
        assert httpx.get(f"{b.base}/v1/scenes/{scene['id']}", timeout=30).status_code == 404
    store = open_store(Settings(data_dir=tmp_path / "probe", _env_file=None, **s3_settings(seaweed, "no-shared-disk")))
    assert store.list_keys(f"scenes/{scene['id']}") == [] and store.list_keys(state_prefix(scene["id"])) == []


@pytest.mark.slow
@pytest.mark.browser
def test_a_worker_host_killed_mid_run_leaves_the_job_to_a_host_with_another_data_folder(postgres_server, seaweed,
                                                                                        tmp_path):
    """The first worker host is SIGKILLed at verify; the second, with a data folder of its own, brings the
    half-made folder from the bucket and resumes from the checkpoint: plan and assets ran once, on the first."""
    url = postgres_server.fresh_database()
    common = {"max_repairs": 1, "job_lease_s": 3, **s3_settings(seaweed, "moved-run")}
    with ServerProcess(tmp_path / "api", workers=0, database_url=url, **common) as a:
        scene = submit_and_kill_at(WorkerHost(tmp_path / "host1", url, processes=1, **common), a.base, a.base,
                                   "a table", "verify", SCENE_WAIT_S)
        store = open_store(Settings(data_dir=tmp_path / "probe", _env_file=None, **common))
        left = latest_manifest(store, scene["id"], attempt=1)
        assert left is not None and left["stage"] == "compose" and "index.html" in left["files"], left
        assert not (tmp_path / "host2").exists()
        with WorkerHost(tmp_path / "host2", url, processes=1, **common):
            _, final = follow(a.base, scene["id"], SCENE_WAIT_S)
        assert final is not None and final["status"] == "succeeded", final
        page = httpx.get(f"{a.base}{final['urls']['page']}", timeout=30)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    attempts, stages = queued_run(url, scene["id"])
    assert attempts == 2
    assert started(stages).count("plan") == 1 and started(stages).count("assets") == 1, stages  # not redone on host 2
    brought = next(i for i, s in enumerate(stages) if s["stage"] == "resume" and "brought" in s["message"])
    assert started(stages[brought:])[0] == "verify", stages[brought:]
    assert (tmp_path / "host2" / "scenes" / scene["id"] / "index.html").is_file()
    assert store.list_keys(unfinished_prefix(scene["id"])) == []  # the finished folder is kept whole instead
    assert store.exists(f"{state_prefix(scene['id'])}/folder.tar.gz")
