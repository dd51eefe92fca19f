"""Storage: key sanitising, the local folder, and S3 against a real SeaweedFS started by this module."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from seaweed import free_ports, running_seaweed

from tools.core.errors import InvalidKeyError, StorageError
from tools.core.settings import Settings
from tools.storage.base import LocalStore, Store, clean_key
from tools.storage.open import open_store
from tools.storage.s3 import S3Store

GLB = b"glTF" + bytes(range(256)) * 4


@pytest.fixture(scope="module")
def seaweed():
    with running_seaweed() as server:
        yield server


@pytest.fixture
def s3_store(seaweed, request) -> S3Store:
    """A store in its own prefix of the shared bucket, so tests do not see each other's keys."""
    return S3Store(seaweed.endpoint, "diorama-test", prefix=f"t/{request.node.name}",
                   access_key=seaweed.access_key, secret_key=seaweed.secret_key)


def fetch(url: str) -> tuple[int, bytes, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read(), response.headers.get("Content-Type", "")


# --- keys ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("key, cleaned", [
    ("assets/ab12.glb", "assets/ab12.glb"),
    ("a\\b\\c.png", "a/b/c.png"),
    ("a//./b/", "a/b"),
    ("./scenes/x/index.html", "scenes/x/index.html"),
])
def test_keys_are_normalised(key, cleaned):
    assert clean_key(key) == cleaned


@pytest.mark.parametrize("key", [
    "../etc/passwd", "a/../../b", "a\\..\\..\\b", "/etc/passwd", "\\\\server\\share", "C:\\x", "c:x",
    "a\x00b", "a\nb", "", ".", "./", "a/..",
])
def test_keys_that_could_escape_are_refused(key):
    with pytest.raises(InvalidKeyError):
        clean_key(key)


def test_local_store_refuses_escaping_keys_and_writes_nothing_outside(tmp_path):
    store = LocalStore(tmp_path / "root")
    for key in ("../x.txt", "/tmp/x.txt", "a/../../x.txt", "x\x00.txt"):
        with pytest.raises(InvalidKeyError):
            store.put_bytes(key, b"x")
    assert not (tmp_path / "x.txt").exists()


def test_local_store_refuses_a_symlink_leading_out(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    (root / "link").symlink_to(tmp_path)
    with pytest.raises(InvalidKeyError):
        LocalStore(root).put_bytes("link/escaped.txt", b"x")


def test_s3_keys_stay_within_the_prefix(s3_store):
    with pytest.raises(InvalidKeyError):
        s3_store.put_bytes("../outside.txt", b"x")
    url = s3_store.put_bytes("a\\b.json", b"{}")
    assert s3_store.list_keys() == ["a/b.json"]
    assert "/diorama-test/t/" in url


# --- the local folder ---------------------------------------------------------------------------

def test_local_store_round_trip_idempotent_put_and_urls(tmp_path):
    store = LocalStore(tmp_path / "pub")
    url = store.put_bytes("assets/k.glb", GLB)
    assert url == (tmp_path / "pub" / "assets" / "k.glb").resolve().as_uri()
    assert store.get_bytes("assets/k.glb") == GLB and store.exists("assets/k.glb")
    store.put_bytes("assets/k.glb", GLB)
    assert (store.stats.puts, store.stats.skipped) == (1, 1)
    store.put_bytes("assets/k.glb", GLB + b"!")
    assert store.stats.puts == 2 and store.get_bytes("assets/k.glb") == GLB + b"!"
    public = LocalStore(tmp_path / "pub", public_base_url="https://cdn.example/d/")
    assert public.url("scenes/s 1/index.html") == "https://cdn.example/d/scenes/s%201/index.html"


def test_local_put_folder_and_delete_prefix(tmp_path):
    folder = tmp_path / "scene"
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text("<html></html>")
    (folder / "assets" / "a.glb").write_bytes(GLB)
    (folder / "half-written.tmp").write_bytes(b"partial")
    store = LocalStore(tmp_path / "pub")
    urls = store.put_folder(folder, "scenes/s1")
    assert sorted(urls) == ["assets/a.glb", "index.html"]
    assert store.list_keys("scenes") == ["scenes/s1/assets/a.glb", "scenes/s1/index.html"]
    store.put_bytes("scenes/s10/index.html", b"other scene")
    assert store.delete_prefix("scenes/s1") == 2
    assert store.list_keys() == ["scenes/s10/index.html"]


def test_open_store_defaults_to_the_published_folder(tmp_path):
    store = open_store(Settings(data_dir=tmp_path / "data", _env_file=None))
    assert isinstance(store, LocalStore) and store.root == (tmp_path / "data" / "published").resolve()


# --- S3 against SeaweedFS -----------------------------------------------------------------------

def test_s3_put_get_and_presigned_url_over_http(s3_store):
    url = s3_store.put_bytes("assets/k.glb", GLB)
    assert s3_store.get_bytes("assets/k.glb") == GLB and s3_store.exists("assets/k.glb")
    assert "X-Amz-Expires=" in url and "X-Amz-Signature=" in url
    status, body, content_type = fetch(url)
    assert (status, body, content_type) == (200, GLB, "model/gltf-binary")
    assert not s3_store.exists("assets/missing.glb")
    with pytest.raises(StorageError, match="missing.glb"):
        s3_store.get_bytes("assets/missing.glb")


def test_s3_unsigned_url_is_refused(s3_store):
    s3_store.put_bytes("private.json", b"{}")
    bare = s3_store.url("private.json").split("?")[0]
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetch(bare)
    assert refused.value.code == 403


def test_s3_presigned_url_expires(s3_store):
    s3_store.put_bytes("soon.json", b"{}")
    url = s3_store.url("soon.json", expires_s=1)
    deadline = time.time() + 5
    while time.time() < deadline:  # the URL dies after its expiry; poll instead of a fixed sleep
        try:
            fetch(url)
        except urllib.error.HTTPError as refused:
            assert refused.code == 403
            return
        time.sleep(0.2)
    pytest.fail("a presigned URL with a 1 s expiry still worked after 5 s")


def test_s3_put_is_idempotent_and_rewrites_changed_bytes(s3_store):
    s3_store.put_bytes("assets/k.glb", GLB)
    s3_store.put_bytes("assets/k.glb", GLB)
    assert (s3_store.stats.puts, s3_store.stats.skipped) == (1, 1)
    s3_store.put_bytes("assets/k.glb", GLB[:-1])
    assert s3_store.stats.puts == 2 and s3_store.get_bytes("assets/k.glb") == GLB[:-1]


@pytest.mark.parametrize("name, content_type", [
    ("a.glb", "model/gltf-binary"), ("index.html", "text/html"), ("hero.png", "image/png"),
    ("scene.json", "application/json"), ("viewer.js", "text/javascript"), ("blob.bin", "application/octet-stream"),
])
def test_s3_content_types_follow_the_suffix(s3_store, name, content_type):
    s3_store.put_bytes(name, b"x")
    assert s3_store.head(name)["ContentType"].split(";")[0] == content_type
    assert fetch(s3_store.url(name))[2].split(";")[0] == content_type


def test_s3_put_folder_and_delete_prefix(s3_store, tmp_path):
    (tmp_path / "screenshots").mkdir()
    (tmp_path / "screenshots" / "hero.png").write_bytes(b"\x89PNG")
    (tmp_path / "scene.json").write_text(json.dumps({"version": 1}))
    urls = s3_store.put_folder(tmp_path, "scenes/s1")
    assert sorted(urls) == ["scene.json", "screenshots/hero.png"]
    assert fetch(urls["scene.json"])[1] == b'{"version": 1}'
    s3_store.put_bytes("scenes/s10/keep.json", b"{}")
    assert s3_store.delete_prefix("scenes/s1") == 2
    assert s3_store.list_keys() == ["scenes/s10/keep.json"]


def test_s3_public_base_url_gives_plain_urls(seaweed):
    store = S3Store(seaweed.endpoint, "diorama-test", prefix="pub", access_key=seaweed.access_key,
                    secret_key=seaweed.secret_key, public_base_url="https://cdn.example/b")
    assert store.put_bytes("assets/k.glb", GLB) == "https://cdn.example/b/pub/assets/k.glb"


def test_s3_wrong_secret_is_a_storage_error_naming_the_endpoint(seaweed):
    store = S3Store(seaweed.endpoint, "diorama-test", access_key=seaweed.access_key, secret_key="wrong")
    with pytest.raises(StorageError, match=seaweed.endpoint):
        store.put_bytes("x.json", b"{}")


def test_unreachable_endpoint_fails_fast_naming_it():
    (port,) = free_ports(1)  # nothing listens there once the probe socket is closed
    endpoint = f"http://127.0.0.1:{port}"
    store = S3Store(endpoint, "diorama", access_key="a", secret_key="b", max_attempts=2)
    with pytest.raises(StorageError, match=f"unreachable.*127.0.0.1:{port}"):
        store.put_bytes("x.json", b"{}")


def test_open_store_builds_s3_from_settings(seaweed, tmp_path):
    settings = Settings(data_dir=tmp_path, storage="s3", s3_endpoint=seaweed.endpoint, s3_bucket="from-settings",
                        s3_access_key=seaweed.access_key, s3_secret_key=seaweed.secret_key, _env_file=None)
    store: Store = open_store(settings)
    assert isinstance(store, S3Store)
    store.put_bytes("k.json", b"{}")
    assert store.get_bytes("k.json") == b"{}"


# --- a scene published to S3 --------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
def test_generate_scene_publishes_to_seaweedfs(seaweed, tmp_path, lazy_browser):
    from graph.context import RunContext
    from graph.runner import generate_scene

    settings = Settings(data_dir=tmp_path / "data", storage="s3", s3_endpoint=seaweed.endpoint,
                        s3_bucket="scenes-e2e", s3_access_key=seaweed.access_key,
                        s3_secret_key=seaweed.secret_key, _env_file=None)
    context = RunContext(settings, lazy_browser)
    out = tmp_path / "scene"
    state = generate_scene("a wooden table with a red vase on it and two chairs", out, context, seed=3, scene_id="e2e")
    store = context.store
    keys = set(store.list_keys())
    page = [p.name for p in out.iterdir() if p.suffix in {".html", ".js", ".css"}]  # every module the page loads
    bundle = {f"scenes/e2e/{name}" for name in (*page, "scene.json", "scene.glb", "report.json")}
    assert bundle <= keys
    assert {f"scenes/e2e/{p.relative_to(out).as_posix()}" for p in out.rglob("*.png")} <= keys
    assert "scenes/e2e/viewer.js" in keys and not any(k.startswith("scenes/e2e/vendor/") for k in keys)

    scene = json.loads(store.get_bytes("scenes/e2e/scene.json"))
    assert scene == json.loads((out / "scene.json").read_text()) and scene["urls"] == state["scene"]["urls"]
    urls = scene["urls"]
    assert set(urls["screenshots"]) >= {"hero", "top", "side"}
    for obj in scene["objects"]:
        assert f"assets/{Path(obj['asset']).name}" in keys  # the shared, content-addressed copy
        assert obj["asset_url"] == urls["assets"][obj["asset"]]
    status, body, content_type = fetch(scene["objects"][0]["asset_url"])
    assert status == 200 and body[:4] == b"glTF" and content_type == "model/gltf-binary"
    assert fetch(urls["index"])[2].startswith("text/html")
    assert fetch(urls["screenshots"]["hero"])[2] == "image/png"
    assert json.loads(fetch(urls["report"])[1])["urls"] == urls
