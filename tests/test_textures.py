"""Procedural PBR texture sets (base colour, normal, roughness): embedded in the GLB, tiled by
KHR_texture_transform, validator clean, deterministic, shared, carried into scene.glb."""

import json
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.assets.mesh import box_tangents, box_uvs, kind_pattern, material
from tools.assets.textures import PATTERNS, TEXTURE_PX, normal_map, png_bytes, surface, texture, texture_set
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


LINED = ("wood_grain", "planks", "brick", "tiles")  # patterns whose colour itself shows lines


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_are_small_deterministic_pngs_with_visible_structure(pattern):
    images = texture_set(pattern)
    for tex in (images.base, images.normal, images.roughness):
        again = png_bytes(_decode_png(tex.png))
        assert tex.png.startswith(b"\x89PNG\r\n\x1a\n") and tex.png == again
        assert _decode_png(tex.png).shape == (TEXTURE_PX, TEXTURE_PX, 3) and TEXTURE_PX <= 64
        assert tex.metres == images.base.metres > 0
    pixels = _decode_png(images.base.png)
    assert pixels.std() > (5 if pattern in LINED else 1), "a pattern must show structure, not a flat colour"
    normals = _decode_png(images.normal.png).astype(float) / 127.5 - 1
    assert normals[..., 2].min() > 0.3 and normals[..., :2].std() > 0.005, "a relief that faces out and shows"
    assert np.allclose(np.linalg.norm(normals, axis=2), 1, atol=0.02)
    mr = _decode_png(images.roughness.png)
    assert (mr[..., 2] == 255).all(), "B = 1: the material's metallicFactor holds"
    assert 0 < mr[..., 1].min() and mr[..., 1].max() <= 255
    assert texture(pattern) is images.base and texture_set(pattern) is images
    assert sum(len(t.png) for t in (images.base, images.normal, images.roughness)) < 24_000


def test_normal_map_follows_gltf_axes():
    flat = normal_map(np.zeros((8, 8)))
    assert (flat == [128, 128, 255]).all()
    ramp = normal_map(np.tile(np.arange(8.0), (8, 1)) % 4)  # rises along columns (U) except at the wrap
    assert ramp[4, 1, 0] < 128, "height rising to the right tilts the normal left (-X)"
    rows = normal_map(np.tile(np.arange(8.0)[:, None], (1, 8)) % 4)  # rises down the image
    assert rows[1, 4, 1] > 128, "height rising down the image tilts the normal up it (+Y)"
    with pytest.raises(ValueError):
        normal_map(np.zeros((4, 4, 3)))


def test_fields_tile_without_seams():
    for pattern in ("fabric", "leather", "stone", "concrete"):
        height = surface(pattern).height
        wrap = np.abs(height[0] - height[-1]).mean() + np.abs(height[:, 0] - height[:, -1]).mean()
        inner = np.abs(np.diff(height, axis=0)).mean() + np.abs(np.diff(height, axis=1)).mean()
        assert wrap < 2 * inner, f"{pattern}: its edges must meet like neighbouring texels"


def test_material_kinds_get_their_real_surfaces():
    assert material("wood", "#9a6b3f").texture == texture("wood_grain")
    assert material("fabric", "#6d7f99").normal_texture == texture_set("fabric").normal
    assert kind_pattern("metal", "#c4c8cc") == "brushed_metal" and kind_pattern("metal", "#c0392b") == "painted_metal"
    assert kind_pattern("wood", "#f4f1ea") == "painted_metal", "white wood is painted: a coat, no grain"
    assert kind_pattern("glass", "#ffffff") is None and material("plastic", "#ffffff").texture is None
    tiled = material("stone", "#d9d4cc", "tiles")
    assert tiled.name == "stone:#d9d4cc:tiles" and tiled.roughness_texture == texture_set("tiles").roughness


def test_png_writer_rejects_wrong_shapes():
    with pytest.raises(ValueError):
        png_bytes(np.zeros((4, 4), np.uint8))


def test_box_uvs_project_each_face_on_its_plane():
    positions = np.array([[1.0, 2.0, 3.0]] * 3)
    normals = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=float)
    np.testing.assert_allclose(box_uvs(positions, normals, 0.5), [[2, 6], [2, -4], [6, -4]])
    upright = np.array([True, True, True])  # a post: grain runs up its sides, its top is unchanged
    np.testing.assert_allclose(box_uvs(positions, normals, 0.5, upright), [[2, 6], [4, 2], [4, 6]])


def test_box_tangents_run_along_u_and_normal_to_the_face():
    normals = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0], [0.6, 0, 0.8]], dtype=float)
    tangents = box_tangents(normals)
    np.testing.assert_allclose(np.einsum("ij,ij->i", tangents[:, :3], normals), 0, atol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(tangents[:, :3], axis=1), 1)
    np.testing.assert_allclose(tangents[:3], [[1, 0, 0, 1], [1, 0, 0, 1], [0, 0, 1, -1]], atol=1e-9)
    bitangent = np.cross(normals[1], tangents[1, :3]) * tangents[1, 3]
    np.testing.assert_allclose(bitangent, [0, 1, 0], atol=1e-9)  # up the image is up the wall


@pytest.mark.parametrize("category,variant", TEXTURED)
def test_textured_asset_embeds_its_images_uvs_and_tangents(category, variant):
    glb = generate(category, variant=variant).glb
    assert glb == generate(category, variant=variant).glb, "textures keep the content address"
    gltf = read_glb(glb)
    names = [image.name for image in gltf.images]
    assert len(names) == len(set(names)), "one image per pattern map per GLB, however many materials use it"
    assert len(names) % 3 == 0 and all(i.mimeType == "image/png" and i.bufferView is not None for i in gltf.images)
    assert "KHR_texture_transform" in gltf.extensionsUsed and not gltf.extensionsRequired
    textured = [i for i, m in enumerate(gltf.materials) if m.pbrMetallicRoughness.baseColorTexture is not None]
    assert textured
    for i in textured:
        mat = gltf.materials[i]
        pattern = gltf.images[gltf.textures[mat.pbrMetallicRoughness.baseColorTexture.index].source].name
        repeat = 1 / texture(pattern).metres
        for info in (mat.pbrMetallicRoughness.baseColorTexture, mat.normalTexture,
                     mat.pbrMetallicRoughness.metallicRoughnessTexture):
            assert info.extensions["KHR_texture_transform"]["scale"] == pytest.approx([repeat, repeat])
    for prim in gltf.meshes[0].primitives:
        assert (prim.attributes.TEXCOORD_0 is not None) == (prim.material in textured)
        assert (prim.attributes.TANGENT is not None) == (prim.material in textured)


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
    per_asset = {image.name for path in files.values() for image in read_glb(path.read_bytes()).images}
    assert len(gltf.images) == len(per_asset), "assets sharing a pattern share its images in scene.glb"


def test_scene_glb_keeps_texture_set_uvs_tangents_and_occlusion():
    glb = generate("house", variant=0).glb
    mesh = asset_mesh(glb, "house")
    textured = [p for p in mesh.primitives if p.material.texture is not None]
    brick = next(p for p in textured if p.material.texture.png == texture("brick").png)
    images = texture_set("brick")
    assert brick.material.normal_texture == images.normal and brick.material.roughness_texture == images.roughness
    assert brick.uvs is not None and brick.uvs.shape == (len(brick.positions), 2)
    assert brick.tangents is not None and brick.tangents.shape == (len(brick.positions), 4)
    assert brick.colors is not None and brick.colors.dtype == np.uint8 and brick.colors[:, 0].min() < 255


def test_room_finishes_have_loadable_texture_files():
    from tools.assets.textures import FLOOR_PATTERNS, WALL_PATTERNS, repeat_metres, surface_files

    for pattern in {*FLOOR_PATTERNS.values(), *WALL_PATTERNS.values()}:
        files = surface_files(pattern)
        assert sorted(files) == sorted(f"textures/{pattern}{s}.png" for s in ("", "_normal", "_roughness"))
        assert all(data.startswith(b"\x89PNG") for data in files.values()) and repeat_metres(pattern) > 0
