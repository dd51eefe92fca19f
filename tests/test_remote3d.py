"""Remote text-to-3D: the client against the project's own asset service, started here on 127.0.0.1.

Also the assets node's "find before you make": user imports first, the remote service for unknown nouns.
"""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import numpy as np
import pytest
import trimesh
from asset_service import procedural_glb, running_service, serve_assets

from tools.assets.generate import generate
from tools.catalog.importer import import_asset
from tools.catalog.remote3d import RemoteGenerator, remote_key
from tools.catalog.store import Catalog
from tools.core.errors import AssetError
from tools.core.schema import ObjectSpec
from tools.supply.make import make_asset

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE_M = 1e-3
FAST = {"timeout_s": 10.0, "poll_interval_s": 0.01}


def in_centimetres_off_centre(prompt: str, category: str) -> bytes:
    """The procedural asset as a sloppy service might send it: in cm, Z-up, away from the origin."""
    scene = trimesh.load(io.BytesIO(procedural_glb(prompt, category)), file_type="glb", force="scene")
    scene.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, [1, 0, 0]))
    scene.apply_scale(100.0)
    scene.apply_translation([250, 30, -40])
    return scene.export(file_type="glb")


def always_fails(prompt: str, category: str) -> bytes:
    raise RuntimeError("out of GPU memory")


@pytest.fixture
def catalog(tmp_path) -> Catalog:
    return Catalog(tmp_path / "data")


def bounds(glb: bytes) -> np.ndarray:
    """(2, 3) min and max corner of the GLB's geometry."""
    return np.asarray(trimesh.load(io.BytesIO(glb), file_type="glb", force="scene").bounds)


def test_happy_path_gives_a_validated_normalised_remote_catalog_entry(catalog):
    with serve_assets(in_centimetres_off_centre) as url:
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        glb = remote.generate("a red chair", "chair")
    entry = catalog.get(remote_key(url, "a red chair", "chair"))
    assert entry.source == "remote" and entry.category == "chair"
    assert catalog.file(entry).read_bytes() == glb
    lo, hi = bounds(glb)
    assert abs(lo[1]) < TOLERANCE_M  # standing on y = 0
    assert abs(lo[0] + hi[0]) < TOLERANCE_M and abs(lo[2] + hi[2]) < TOLERANCE_M  # bottom centre
    typical_height = generate("chair").size[1]
    assert abs((hi[1] - lo[1]) - typical_height) < 0.01  # metres and +Y up again
    document = json.loads(glb[20 : 20 + int.from_bytes(glb[12:16], "little")])
    extras = document["asset"]["extras"]
    assert extras["source"] == "remote" and extras["key"] == entry.key
    assert extras["params"]["units"] == "cm" and extras["params"]["up"] == "z"
    assert extras["params"]["service"] == url
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), str(catalog.file(entry))],
                         capture_output=True, text=True, check=True)
    assert not any(r["errors"] for r in json.loads(out.stdout).values()), out.stdout


def test_second_call_is_a_cache_hit(catalog):
    with serve_assets() as url:
        service = running_service(url)
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        first = remote.generate("a blue lamp", "table_lamp")
        assert service.tasks_created == 1
        again = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST).generate("a blue lamp", "table_lamp")
        assert service.tasks_created == 1  # the catalog answered, the service was not asked
        assert again == first
        remote.generate("a green lamp", "table_lamp")
        assert service.tasks_created == 2  # another prompt is another task


def test_failing_task_raises_asset_error_with_the_reason(catalog):
    with serve_assets(always_fails) as url:
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        with pytest.raises(AssetError, match=r"failed: RuntimeError: out of GPU memory") as caught:
            remote.generate("a chair", "chair")
    assert url in str(caught.value)


def test_unknown_category_raises_asset_error_naming_the_url(catalog):
    with serve_assets() as url:
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        with pytest.raises(AssetError, match=r"HTTP 400: unknown category 'spaceship'") as caught:
            remote.generate("a spaceship", "spaceship")
        assert running_service(url).tasks_created == 0
    assert f"{url}/v1/tasks" in str(caught.value)


def test_a_task_that_never_finishes_hits_max_wait(catalog):
    release = threading.Event()

    def never_done(prompt: str, category: str) -> bytes:
        release.wait()
        raise RuntimeError("released at teardown")

    with serve_assets(never_done) as url:
        remote = RemoteGenerator(url, max_wait_s=0.3, catalog=catalog, **FAST)
        try:
            with pytest.raises(AssetError, match=r"not done after 0.3 s .*last status 'running'"):
                remote.generate("a chair", "chair")
        finally:
            release.set()


def test_unreachable_service_and_bad_glb_raise_asset_error(catalog):
    with serve_assets() as url:
        pass  # stopped: nothing listens on that port now
    with pytest.raises(AssetError, match="unreachable"):
        RemoteGenerator(url, max_wait_s=1, catalog=catalog, **FAST).generate("a chair", "chair")
    with serve_assets(lambda prompt, category: b"glTF not really") as url:
        with pytest.raises(AssetError):
            RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST).generate("a chair", "chair")
    assert not catalog.entries("remote")


def test_service_speaks_the_protocol_over_plain_http():
    with serve_assets() as url:
        created = httpx.post(f"{url}/v1/tasks", json={"prompt": "a chair", "category": "chair"})
        assert created.status_code == 202
        assert httpx.get(f"{url}/v1/tasks/{'0' * 32}").status_code == 404
        assert httpx.post(f"{url}/v1/tasks", content=b"{not json").status_code == 400


def test_assets_node_prefers_a_user_import(tmp_path, catalog):
    imported = import_asset(generate("chair", variant=1).glb, "chair", catalog, licence="CC0-1.0").entry
    spec = ObjectSpec(key="chair", category="chair", noun="chair")
    ref = make_asset(spec, seed=1, out_dir=tmp_path / "out", catalog=catalog)
    assert ref.source == "user" and ref.key == imported.key
    assert (tmp_path / "out" / ref.path).read_bytes() == catalog.file(imported).read_bytes()
    table = make_asset(ObjectSpec(key="table", category="table", noun="table"), 1, tmp_path / "out", catalog=catalog)
    assert table.source == "procedural"  # no import of that category: generated as before


def test_assets_node_asks_the_remote_service_for_unknown_nouns_only(tmp_path, catalog):
    with serve_assets() as url:
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        odd = ObjectSpec(key="gramophone", category="placeholder", noun="gramophone", placeholder=True)
        ref = make_asset(odd, seed=1, out_dir=tmp_path / "out", catalog=catalog, remote=remote)
        assert ref.source == "remote" and ref.key == remote_key(url, "gramophone", "placeholder")
        assert (tmp_path / "out" / ref.path).is_file()
        chair = make_asset(ObjectSpec(key="chair", category="chair", noun="chair"), 1, tmp_path / "out",
                           catalog=catalog, remote=remote)
        assert chair.source == "procedural"
        assert running_service(url).tasks_created == 1


def test_assets_node_falls_back_to_the_placeholder_when_the_service_fails(tmp_path, catalog):
    with serve_assets(always_fails) as url:
        remote = RemoteGenerator(url, max_wait_s=30, catalog=catalog, **FAST)
        odd = ObjectSpec(key="gramophone", category="placeholder", noun="gramophone", placeholder=True)
        ref = make_asset(odd, seed=1, out_dir=tmp_path / "out", catalog=catalog, remote=remote)
    assert ref.source == "procedural" and ref.category == "placeholder"


def test_module_runs_as_a_command():
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "asset_service.py"), "--help"], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert "--port" in out.stdout
