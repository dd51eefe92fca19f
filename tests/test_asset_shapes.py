"""Rounded and bevelled shapes: exact sizes, closed meshes, and the furniture that uses them shows its rounds."""

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.assets.shapes import bevelled_slab, cushion, rounded_box
from tools.core.gltf import read_glb
from tools.page.scene_glb import read_accessor


def test_rounded_box_keeps_its_size_and_is_closed():
    mesh = rounded_box((0.6, 0.12, 0.5), (1.0, 2.0, 3.0), radius=0.04)
    np.testing.assert_allclose(mesh.extents, (0.6, 0.12, 0.5), atol=1e-6)
    np.testing.assert_allclose(mesh.bounds.mean(axis=0), (1.0, 2.0, 3.0), atol=1e-6)
    assert mesh.is_watertight and mesh.volume < 0.6 * 0.12 * 0.5 and len(mesh.faces) < 400
    thin = rounded_box((0.5, 0.01, 0.5), radius=0.2)  # the radius is capped at half the thinnest side
    np.testing.assert_allclose(thin.extents, (0.5, 0.01, 0.5), atol=1e-6)


def test_cushion_and_bevelled_slab_stand_on_their_point():
    for mesh in (cushion(0.5, 0.1, 0.4, 0, 0.3, 0), bevelled_slab(1.2, 0.04, 0.8, 0, 0.7, 0)):
        assert mesh.is_watertight
    assert cushion(0.5, 0.1, 0.4, 0, 0.3, 0).bounds[0][1] == pytest.approx(0.3)
    assert bevelled_slab(1.2, 0.04, 0.8, 0, 0.7, 0).bounds[1][1] == pytest.approx(0.74)


@pytest.mark.parametrize("category", ["sofa", "armchair", "bed"])
def test_upholstery_shades_round(category):
    gltf = read_glb(generate(category).glb)
    blob = gltf.binary_blob()
    normals = np.concatenate([read_accessor(gltf, blob, p.attributes.NORMAL) for p in gltf.meshes[0].primitives])
    leaning = np.abs(normals[:, 1])
    assert ((leaning > 0.3) & (leaning < 0.95)).mean() > 0.1, "rounded edges: normals between the faces' axes"
