"""Publishing is all or nothing and DELETE removes every copy (issue 13), against the local store and a real
SeaweedFS: storage failing mid-publish (a dead port, the server stopped) leaves no page and no marker."""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request
from pathlib import Path

import boto3
import pytest
from botocore.config import Config
from seaweed import free_ports, running_seaweed
from test_api import KEY, finish_with_output, make_client

from app.jobs.queue import scene_dir
from graph.publish import upload_bundle
from tools.core.errors import StorageError
from tools.storage.base import LocalStore
from tools.storage.bundle import MARKER, STAGED, published_files, replace_published_file, stored_key, unpublish
from tools.storage.open import open_store
from tools.storage.s3 import S3Store

PREFIX = "scenes/s-1"


def scene_folder(root: Path) -> Path:
    """A small output folder with every part of a bundle (page, its script and style, data, assets, screenshots;
    vendor/ as a scene composed before the page was bundled has it)."""
    out = root / "scene"
    for sub in ("assets", "vendor", "screenshots"):
        (out / sub).mkdir(parents=True)
    (out / "index.html").write_text("<!doctype html><title>scene</title>")
    (out / "viewer.js").write_text("// viewer")
    (out / "ui.css").write_text("/* ui */")
    (out / "scene.json").write_text('{"version": 1}')
    (out / "scene.glb").write_bytes(b"glTF-scene")
    (out / "report.json").write_text('{"passed": true}')
    (out / "assets" / "a.glb").write_bytes(b"glTF-a")
    (out / "vendor" / "three.module.js").write_text("// three")
    (out / "screenshots" / "hero.png").write_bytes(b"\x89PNG")
    return out


class FailingLocalStore(LocalStore):
    """A local store whose put number ``fail_at`` fails as a full disk would (the write hook at the storage seam)."""

    def __init__(self, root: Path, fail_at: int) -> None:
        super().__init__(root)
        self.fail_at, self.order = fail_at, []

    def put_bytes(self, key, data, content_type=None):
        if len(self.order) + 1 == self.fail_at:
            raise StorageError(f"cannot write {key!r}: [Errno 28] No space left on device")
        self.order.append(key)
        return super().put_bytes(key, data, content_type)


def test_the_page_goes_up_after_everything_it_loads_and_the_marker_last(tmp_path):
    out = scene_folder(tmp_path)
    store = FailingLocalStore(tmp_path / "store", fail_at=0)
    assert upload_bundle(store, out, PREFIX) == 9
    names = [key.removeprefix(PREFIX + "/") for key in store.order]
    assert names[-2:] == ["index.html", MARKER] and names[-3] == "report.json"
    files = published_files(store, PREFIX)
    assert set(files) == {n for n in names if n != MARKER}
    assert files["scene.json"]["bytes"] == len('{"version": 1}') and len(files["scene.glb"]["sha256"]) == 64


@pytest.mark.parametrize("fail_at", [1, 4, 8, 9, 10])
def test_a_put_failing_midway_leaves_nothing_of_the_attempt(tmp_path, fail_at):
    store = FailingLocalStore(tmp_path / "store", fail_at)
    with pytest.raises(StorageError, match="No space left"):
        upload_bundle(store, scene_folder(tmp_path), PREFIX)
    assert store.list_keys(PREFIX) == [] and published_files(store, PREFIX) is None
    assert not (tmp_path / "store" / "scenes" / "s-1").exists()


def served(store, prefix: str = PREFIX) -> dict[str, bytes]:
    """What a reader that trusts the marker gets (the API): every file it lists, read where it says, checked."""
    import hashlib
    files = published_files(store, prefix)
    assert files is not None, "no marker: the scene is not served"
    got = {name: store.get_bytes(stored_key(prefix, name, entry)) for name, entry in files.items()}
    for name, data in got.items():
        assert hashlib.sha256(data).hexdigest() == files[name]["sha256"], name
    return got


def edit_folder(out: Path) -> None:
    """What an edit's revision changes: scene.json and the hero shot differ, a new shot, vendor/ gone."""
    (out / "scene.json").write_text('{"version": 1, "edited": true}')
    (out / "screenshots" / "hero.png").write_bytes(b"\x89PNG-edited")
    (out / "screenshots" / "top.png").write_bytes(b"\x89PNG-top")
    shutil.rmtree(out / "vendor")


@pytest.mark.parametrize("fail_at", [1, 2, 3, 4])  # every put before the switch: 2 staged, 1 new file, the marker
def test_a_republish_failing_midway_leaves_the_old_scene_served(tmp_path, fail_at):
    """An edit's publish with the store failing midway: the old marker stays, and every file it lists is still
    there with its old bytes; nothing the attempt put is left."""
    out = scene_folder(tmp_path)
    upload_bundle(LocalStore(tmp_path / "store"), out, PREFIX)
    before = served(LocalStore(tmp_path / "store"))
    keys_before = LocalStore(tmp_path / "store").list_keys(PREFIX)
    edit_folder(out)
    store = FailingLocalStore(tmp_path / "store", fail_at)
    with pytest.raises(StorageError, match="No space left"):
        upload_bundle(store, out, PREFIX)
    assert len(store.order) == fail_at - 1
    assert served(store) == before
    assert store.list_keys(PREFIX) == keys_before  # nothing staged or new is left behind


def test_a_republish_switches_to_the_whole_new_set_then_tidies(tmp_path):
    out = scene_folder(tmp_path)
    store = FailingLocalStore(tmp_path / "store", fail_at=0)
    upload_bundle(store, out, PREFIX)
    edit_folder(out)
    store.order.clear()
    upload_bundle(store, out, PREFIX)
    names = [key.removeprefix(PREFIX + "/") for key in store.order]
    assert names.index(MARKER) == 3 and all(n.startswith(".staged/") for n in names[:3] if n != "screenshots/top.png")
    assert names[4:] == ["screenshots/hero.png", "scene.json", MARKER]  # moved into place, then the marker again
    files = published_files(store, PREFIX)
    assert not any("key" in entry for entry in files.values())
    expected = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert served(store) == expected
    assert store.list_keys(PREFIX) == sorted([*(f"{PREFIX}/{n}" for n in expected), f"{PREFIX}/{MARKER}"])


def test_a_republish_cut_off_after_its_switch_serves_the_new_scene_and_the_next_finishes_the_move(tmp_path):
    out = scene_folder(tmp_path)
    upload_bundle(LocalStore(tmp_path / "store"), out, PREFIX)
    edit_folder(out)
    store = FailingLocalStore(tmp_path / "store", fail_at=5)  # the first move after the new marker
    upload_bundle(store, out, PREFIX)  # published: the marker lists a whole set, the tidying waits
    expected = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert served(store) == expected
    assert {name for name, entry in published_files(store, PREFIX).items() if "key" in entry} == {
        "screenshots/hero.png", "scene.json"}
    upload_bundle(LocalStore(tmp_path / "store"), out, PREFIX)
    assert served(store) == expected and not any("key" in e for e in published_files(store, PREFIX).values())
    assert not store.list_keys(f"{PREFIX}/{STAGED}")


def test_a_file_replaced_after_publishing_keeps_the_marker_true(tmp_path):
    """An edit rewrites report.json after its publish: the marker's entry follows, so readers that trust the
    marker's sizes and hashes (the API streaming from S3) get the new file's."""
    import hashlib
    out = scene_folder(tmp_path)
    store = LocalStore(tmp_path / "store")
    upload_bundle(store, out, PREFIX)
    (out / "report.json").write_text('{"passed": true, "edit": {"revision": 2}}')
    replace_published_file(store, PREFIX, "report.json", out / "report.json")
    entry = published_files(store, PREFIX)["report.json"]
    data = store.get_bytes(f"{PREFIX}/report.json")
    assert data == (out / "report.json").read_bytes()
    assert entry == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def test_unpublish_removes_the_local_folder(tmp_path):
    store = LocalStore(tmp_path / "store")
    upload_bundle(store, scene_folder(tmp_path), PREFIX)
    store.put_bytes("scenes/s-10/keep.json", b"{}")
    assert unpublish(store, PREFIX) == 8  # marker and page went first
    assert not (tmp_path / "store" / "scenes" / "s-1").exists() and store.exists("scenes/s-10/keep.json")


# --- SeaweedFS --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def seaweed():
    with running_seaweed() as server:
        yield server


def s3_store(seaweed, bucket: str = "publish-test") -> S3Store:
    return S3Store(seaweed.endpoint, bucket, access_key=seaweed.access_key, secret_key=seaweed.secret_key,
                   max_attempts=1)


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code


def test_s3_put_to_a_dead_port_midway_rolls_the_attempt_back(seaweed, tmp_path):
    store = s3_store(seaweed)
    (dead_port,) = free_ports(1)
    dead = boto3.session.Session().client(
        "s3", endpoint_url=f"http://127.0.0.1:{dead_port}", region_name="us-east-1",
        aws_access_key_id="a", aws_secret_access_key="b",
        config=Config(retries={"max_attempts": 1}, connect_timeout=1, request_checksum_calculation="when_required"))
    live_put, puts = store.client.put_object, []

    def put_then_lose_the_endpoint(**kwargs):
        puts.append(kwargs["Key"])
        return (live_put if len(puts) <= 4 else dead.put_object)(**kwargs)

    store.client.put_object = put_then_lose_the_endpoint
    with pytest.raises(StorageError, match="unreachable"):
        upload_bundle(store, scene_folder(tmp_path), "scenes/dead-port")
    assert len(puts) == 5
    assert store.list_keys("scenes/dead-port") == []  # the four that went up were deleted again


def test_seaweedfs_stopped_mid_publish_never_gets_the_page_or_the_marker(tmp_path):
    with running_seaweed() as server:
        store = s3_store(server, "stopped")
        live_put, written = store.client.put_object, []

        def put_then_stop(**kwargs):
            if len(written) == 3:
                server.stop()
            answer = live_put(**kwargs)
            written.append(kwargs["Key"])
            return answer

        store.client.put_object = put_then_stop
        with pytest.raises(StorageError, match=f"unreachable.*{server.endpoint}"):
            upload_bundle(store, scene_folder(tmp_path), "scenes/stopped")
    assert len(written) == 3 and not any(k.endswith(("index.html", MARKER)) for k in written)


def test_delete_removes_the_s3_copy_and_its_presigned_urls_fail(seaweed, tmp_path):
    s3 = {"storage": "s3", "s3_endpoint": seaweed.endpoint, "s3_bucket": "api-delete",
          "s3_access_key": seaweed.access_key, "s3_secret_key": seaweed.secret_key}
    with make_client(tmp_path, api_keys=[KEY], **s3) as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}, headers={"X-API-Key": KEY}).json()["id"]
        finish_with_output(c, scene_id)
        store = open_store(c.app.state.settings)
        upload_bundle(store, scene_dir(c.app.state.settings.data_dir, scene_id), f"scenes/{scene_id}")
        urls = [store.url(f"scenes/{scene_id}/{name}") for name in ("index.html", "scene.json", MARKER)]
        assert [status_of(url) for url in urls] == [200, 200, 200]
        assert c.delete(f"/v1/scenes/{scene_id}", headers={"X-API-Key": KEY}).status_code == 204
        assert [status_of(url) for url in urls] == [404, 404, 404]
        assert store.list_keys(f"scenes/{scene_id}") == []


def test_delete_with_the_store_down_is_503_and_keeps_the_scene(tmp_path):
    (dead_port,) = free_ports(1)
    with make_client(tmp_path, storage="s3", s3_endpoint=f"http://127.0.0.1:{dead_port}",
                     s3_access_key="a", s3_secret_key="b") as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        r = c.delete(f"/v1/scenes/{scene_id}")
        assert r.status_code == 503 and f"127.0.0.1:{dead_port}" in json.dumps(r.json())
        assert c.get(f"/v1/scenes/{scene_id}").status_code == 200


def test_delete_removes_the_local_published_folder(tmp_path):
    with make_client(tmp_path) as c:
        scene_id = c.post("/v1/scenes", json={"prompt": "a table"}).json()["id"]
        finish_with_output(c, scene_id)
        settings = c.app.state.settings
        upload_bundle(open_store(settings), scene_dir(settings.data_dir, scene_id), f"scenes/{scene_id}")
        published = settings.data_dir / "published" / "scenes" / scene_id
        assert (published / "index.html").is_file()
        assert c.delete(f"/v1/scenes/{scene_id}").status_code == 204
        assert not published.exists() and not scene_dir(settings.data_dir, scene_id).exists()
