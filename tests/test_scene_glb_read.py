"""tools/page/scene_glb.py reads asset GLBs through tools.core.gltf.read_glb_json, not pygltflib's dataclasses:
the meshes it gets must be the ones pygltflib's objects give, array for array, for generated assets (textured,
coloured, many parts) and for a GLB with node transforms and shared meshes (a scene.glb read as an asset)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.core.errors import AssetError
from tools.core.gltf import read_glb, read_glb_json
from tools.page import scene_glb as module

KINDS = [("house", 0), ("sofa", 0), ("bookshelf", 0), ("oak_tree", 0), ("campfire", 0), ("bucket", 0)]


def by_pygltflib(data: bytes, name: str, monkeypatch) -> module.Mesh:
    gltf = read_glb(data)
    monkeypatch.setattr(module, "read_glb_json", lambda _data: (gltf, gltf.binary_blob() or b""))
    try:
        return module.asset_mesh.__wrapped__(data, name)
    finally:
        monkeypatch.undo()


def assert_same_mesh(fast: module.Mesh, slow: module.Mesh) -> None:
    assert fast.name == slow.name and len(fast.primitives) == len(slow.primitives)
    for a, b in zip(fast.primitives, slow.primitives):
        for field in dataclasses.fields(a):
            x, y = getattr(a, field.name), getattr(b, field.name)
            if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
                assert x is not None and y is not None and x.dtype == y.dtype and np.array_equal(x, y), field.name
            else:
                assert x == y, field.name


@pytest.mark.parametrize("kind,variant", KINDS)
def test_a_generated_asset_reads_as_pygltflib_reads_it(kind, variant, monkeypatch):
    glb = generate(kind, variant=variant).glb
    assert_same_mesh(module.asset_mesh.__wrapped__(glb, kind), by_pygltflib(glb, kind, monkeypatch))


def test_node_transforms_and_shared_meshes_read_as_pygltflib_reads_them(tmp_path, monkeypatch):
    files = {}
    for kind, variant in KINDS[:3]:
        asset = generate(kind, variant=variant)
        files[asset.key] = tmp_path / f"{asset.key}.glb"
        files[asset.key].write_bytes(asset.glb)
    instances = [{"id": f"o{i}", "category": "x", "asset_key": key, "position": (i * 3.0, 0.5, -1.0),
                  "rotation": (0, 0.38268343, 0, 0.92387953), "scale": (1, 1.5, 1)}
                 for i, key in enumerate([*files, *files])]
    glb = module.scene_glb(files, instances)
    assert_same_mesh(module.asset_mesh.__wrapped__(glb, "scene"), by_pygltflib(glb, "scene", monkeypatch))


def test_what_is_not_a_glb_is_refused():
    with pytest.raises(AssetError, match="not a GLB"):
        read_glb_json(b"PK\x03\x04 a zip file")
    glb = generate("bucket").glb
    view, blob = read_glb_json(glb)
    assert view.asset.version == "2.0" and view.nodes[0].mesh == 0 and view.nodes[0].no_such_member is None
    assert blob == read_glb(glb).binary_blob()
