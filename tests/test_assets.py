"""Every asset category: a valid, correctly oriented, correctly sized GLB."""

import io
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.generate import generate
from tools.assets.registry import GENERATORS, SIZES, VARIANTS
from tools.core.gltf import read_glb
from tools.knowledge.categories import CATEGORIES, variant_size

ROOT = Path(__file__).resolve().parents[1]
ALL = sorted(CATEGORIES)
SIZE_TOLERANCE = 0.15  # generated extent within 15% of the asked size on every axis
MAX_TRIANGLES = 20_000


def test_every_category_has_a_generator():
    assert set(ALL) <= set(GENERATORS)
    # any other generator is an archetype (person, quadruped, appliance: tests/test_archetypes.py), sized by itself
    assert set(GENERATORS) - set(ALL) <= set(SIZES)


@pytest.mark.parametrize("category", ALL)
def test_asset_is_y_up_bottom_centred_and_sized(category):
    for variant in range(VARIANTS[category]):
        size = np.array(variant_size(category, variant))  # a variant may have its own real size (a sailing boat)
        asset = generate(category, size=tuple(size), variant=variant)
        scene = trimesh.load(io.BytesIO(asset.glb), file_type="glb")
        lo, hi = scene.bounds
        assert lo[1] == pytest.approx(0, abs=1e-3), "origin must be at the bottom"
        assert abs(lo[0] + hi[0]) < 1e-3 and abs(lo[2] + hi[2]) < 1e-3, "origin must be centred in x and z"
        np.testing.assert_allclose(hi - lo, size, rtol=SIZE_TOLERANCE, atol=0.02, err_msg=f"variant {variant}")
        triangles = sum(len(g.faces) for g in scene.geometry.values())
        assert 0 < triangles <= MAX_TRIANGLES


@pytest.mark.parametrize("category", ALL)
def test_asset_is_content_addressed_and_carries_extras(category):
    a = generate(category, color="#336699", variant=1)
    b = generate(category, color="#336699", variant=1)
    assert a.glb == b.glb and a.key == b.key
    assert generate(category, color="#993333", variant=1).key != a.key
    extras = read_glb(a.glb).asset.extras
    assert extras["category"] == category and extras["licence"] and extras["source"] == "procedural"


def test_gltf_validator_reports_no_errors(tmp_path):
    paths = []
    for category in ALL:
        for variant in range(VARIANTS[category]):
            path = tmp_path / f"{category}-{variant}.glb"
            path.write_bytes(generate(category, variant=variant, color="#8899aa").glb)
            paths.append(str(path))
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True, check=True)
    bad = {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"]}
    assert not bad, bad


def test_trimesh_primitives_are_converted_to_y_up():
    from tools.assets.mesh import cylinder

    lo, hi = cylinder(0.1, 2.0).bounds
    assert hi[1] - lo[1] == pytest.approx(2.0) and hi[2] - lo[2] == pytest.approx(0.2, abs=1e-3)


MIN_TRIANGLE_AREA = 1e-9  # m^2: below this a triangle is degenerate (no visible surface, NaN normals)


@pytest.mark.parametrize("category", ALL)
def test_asset_geometry_is_clean(category):
    for variant in range(VARIANTS[category]):
        scene = trimesh.load(io.BytesIO(generate(category, variant=variant).glb), file_type="glb", process=False)
        for name, mesh in scene.geometry.items():
            stored = np.asarray(mesh.vertex_normals)[mesh.faces].mean(axis=1)
            wound_against = (np.einsum("ij,ij->i", stored, mesh.face_normals) < 0).sum()
            assert wound_against == 0, f"{category} v{variant} {name}: {wound_against} faces wound against their normals"
            areas = mesh.area_faces
            assert areas.min() > MIN_TRIANGLE_AREA, f"{category} v{variant} {name}: degenerate triangle"
            normals = np.asarray(mesh.vertex_normals)
            assert np.all(np.isfinite(normals)), f"{category} v{variant} {name}: non-finite normals"
