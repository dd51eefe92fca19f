"""Procedural base-colour textures: embedded in the GLB, validator clean, deterministic, carried into scene.glb."""

import json
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.assets.mesh import box_uvs
from tools.assets.textures import PATTERNS, TEXTURE_PX, png_bytes, texture
from tools.core.gltf import read_glb
from tools.page.scene_glb import asset_mesh, scene_glb

ROOT = Path(__file__).resolve().parents[1]
TEXTURED = [("house", 0), ("barn", 1), ("well", 1), ("table", 0), ("bathtub", 0)]


def _decode_png(data: bytes) -> np.ndarray:
    """(h, w, 3) pixels of an unfiltered 8-bit RGB PNG as png_bytes writes it."""
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    idat_len = int.from_bytes(data[33:37], "big")
    raw = zlib.decompress(data[41:41 + idat_len])
    rows = np.frombuffer(raw, np.uint8).reshape(height, 1 + width * 3)
    assert not rows[:, 0].any(), "every row uses filter 0"
    return rows[:, 1:].reshape(height, width, 3)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_are_small_deterministic_pngs_with_visible_structure(pattern):
    tex = texture(pattern)
    again = png_bytes(_decode_png(tex.png))
    assert tex.png.startswith(b"\x89PNG\r\n\x1a\n") and tex.png == again
    pixels = _decode_png(tex.png)
    assert pixels.shape == (TEXTURE_PX, TEXTURE_PX, 3) and TEXTURE_PX <= 64
    assert pixels.std() > 5, "a pattern must show lines, not a flat colour"
    assert tex.metres > 0


def test_png_writer_rejects_wrong_shapes():
    with pytest.raises(ValueError):
        png_bytes(np.zeros((4, 4), np.uint8))


def test_box_uvs_project_each_face_on_its_plane():
    positions = np.array([[1.0, 2.0, 3.0]] * 3)
    normals = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=float)
    np.testing.assert_allclose(box_uvs(positions, normals, 0.5), [[2, 6], [2, -4], [6, -4]])


@pytest.mark.parametrize("category,variant", TEXTURED)
def test_textured_asset_embeds_its_image_and_uvs(category, variant):
    glb = generate(category, variant=variant).glb
    assert glb == generate(category, variant=variant).glb, "textures keep the content address"
    gltf = read_glb(glb)
    assert len(gltf.images) == 1 and gltf.images[0].mimeType == "image/png" and gltf.images[0].bufferView is not None
    textured = [i for i, m in enumerate(gltf.materials) if m.pbrMetallicRoughness.baseColorTexture is not None]
    assert textured
    for prim in gltf.meshes[0].primitives:
        has_uvs = prim.attributes.TEXCOORD_0 is not None
        assert has_uvs == (prim.material in textured)


def test_textured_assets_and_their_scene_glb_pass_the_validator(tmp_path):
    files = {}
    for category, variant in TEXTURED:
        asset = generate(category, variant=variant)
        files[asset.key] = tmp_path / f"{asset.key}.glb"
        files[asset.key].write_bytes(asset.glb)
    instances = [{"id": f"o{i}", "category": "x", "asset_key": key, "position": (i * 3.0, 0, 0),
                  "rotation": (0, 0, 0, 1), "scale": (1, 1, 1)} for i, key in enumerate(files)]
    scene = tmp_path / "scene.glb"
    scene.write_bytes(scene_glb(files, instances))
    paths = [str(p) for p in [*files.values(), scene]]
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True, check=True)
    bad = {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"] or r["warnings"]}
    assert not bad, bad
    gltf = read_glb(scene.read_bytes())
    assert len(gltf.images) == 4, "house and well share one brick image; barn, table and bathtub add one each"


def test_scene_glb_keeps_texture_bytes_and_uvs():
    glb = generate("house", variant=0).glb
    mesh = asset_mesh(glb, "house")
    textured = [p for p in mesh.primitives if p.material.texture is not None]
    assert textured and textured[0].material.texture.png == texture("brick").png
    assert textured[0].uvs is not None and textured[0].uvs.shape == (len(textured[0].positions), 2)
