"""Every asset category: a valid, correctly oriented, correctly sized GLB."""

import io
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.generate import clear_memo, generate
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


COLOR = "#336699"  # a requested colour: the coloured builds are checked and validated as well as the plain ones
MIN_TRIANGLE_AREA = 1e-9  # m^2: below this a triangle is degenerate (no visible surface, NaN normals)


@pytest.mark.parametrize("category", ALL)
def test_asset_is_y_up_bottom_centred_sized_and_clean(category, built):
    """Each variant at its typical size (a variant may have its own real size: a sailing boat), built once and read
    once for both the placement and the geometry checks."""
    for variant in range(VARIANTS[category]):
        size = np.array(variant_size(category, variant))
        scene = trimesh.load(io.BytesIO(built(category, variant=variant).glb), file_type="glb", process=False)
        lo, hi = scene.bounds
        assert lo[1] == pytest.approx(0, abs=1e-3), "origin must be at the bottom"
        assert abs(lo[0] + hi[0]) < 1e-3 and abs(lo[2] + hi[2]) < 1e-3, "origin must be centred in x and z"
        np.testing.assert_allclose(hi - lo, size, rtol=SIZE_TOLERANCE, atol=0.02, err_msg=f"variant {variant}")
        triangles = sum(len(g.faces) for g in scene.geometry.values())  # unmerged: never fewer than processed
        assert 0 < triangles <= MAX_TRIANGLES
        for name, mesh in scene.geometry.items():
            stored = np.asarray(mesh.vertex_normals)[mesh.faces].mean(axis=1)
            wound_against = (np.einsum("ij,ij->i", stored, mesh.face_normals) < 0).sum()
            assert wound_against == 0, f"{category} v{variant} {name}: {wound_against} faces wound against their normals"
            areas = mesh.area_faces
            assert areas.min() > MIN_TRIANGLE_AREA, f"{category} v{variant} {name}: degenerate triangle"
            normals = np.asarray(mesh.vertex_normals)
            assert np.all(np.isfinite(normals)), f"{category} v{variant} {name}: non-finite normals"


@pytest.mark.parametrize("category", ALL)
def test_asset_is_content_addressed_and_carries_extras(category, built):
    coloured = built(category, color=COLOR, variant=1)
    again = generate(category, color=COLOR, variant=1)
    assert again.glb == coloured.glb and again.key == coloured.key
    assert built(category, variant=1).key != coloured.key  # the colour is part of the key
    extras = read_glb(coloured.glb).asset.extras
    assert extras["category"] == category and extras["licence"] and extras["source"] == "procedural"


def test_generation_is_deterministic_without_the_memo():
    """The content test above reads generate()'s in-process memo; a fresh build must give the same bytes."""
    first = generate("chair", color=COLOR, variant=1)
    clear_memo()
    second = generate("chair", color=COLOR, variant=1)
    assert second is not first and second.glb == first.glb and second.key == first.key


def test_gltf_validator_reports_no_errors(tmp_path, built):
    """Every variant of every kind, plain and coloured (the builds the tests above made), in one validator run."""
    paths = []
    for category in ALL:
        for variant in range(VARIANTS[category]):
            for color in (None, COLOR):
                path = tmp_path / f"{category}-{variant}-{color or 'plain'}.glb".replace("#", "")
                path.write_bytes(built(category, color=color, variant=variant).glb)
                paths.append(str(path))
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True, check=True)
    bad = {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"]}
    assert not bad, bad


def test_trimesh_primitives_are_converted_to_y_up():
    from tools.assets.mesh import cylinder

    lo, hi = cylinder(0.1, 2.0).bounds
    assert hi[1] - lo[1] == pytest.approx(2.0) and hi[2] - lo[2] == pytest.approx(0.2, abs=1e-3)
