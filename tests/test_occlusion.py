"""Baked ambient occlusion: COLOR_0 on every opaque generated primitive, lit tops keep their colour, hidden
corners darken, and it is cheap."""

import time

import numpy as np
import pytest

from tools.assets.generate import clear_memo, generate
from tools.assets.mesh import box
from tools.assets.occlusion import STRENGTH, Occlusion, vertex_colors
from tools.core.gltf import read_glb
from tools.page.scene_glb import read_accessor

# Lit tops (table tops, beds, shelves' tops) keep at least this mean colour factor; a seat between arms and a
# back keeps at least SEAT_MEAN_FLOOR, the crease where it meets them being shaded as a real one is.
UP_MEAN_FLOOR = 0.95
SEAT_MEAN_FLOOR = 0.82
SEATS = ("sofa", "armchair")
FURNITURE = ("sofa", "armchair", "table", "bed", "desk", "bookshelf", "chair", "wardrobe")


def test_an_open_top_sees_the_sky_and_a_covered_floor_does_not():
    slab = box((1.0, 0.05, 1.0), (0, 0.125, 0))  # a low bench: its top on four legs
    legs = [box((0.05, 0.1, 0.05), (x, 0.05, z)) for x in (-0.45, 0.45) for z in (-0.45, 0.45)]
    occlusion = Occlusion([slab, *legs], floor_y=0.0)
    points = np.array([[0, 0.15, 0], [0, 0.10, 0], [0.45, 0.01, 0.475]])
    normals = np.array([[0, 1, 0], [0, -1, 0], [0, 0, 1.0]])
    top, under, foot = occlusion.factors(points, normals)
    assert top == pytest.approx(1.0)
    assert under < 0.9, "the underside looks down at the floor"
    assert foot < 0.95 and foot >= 1 - STRENGTH, "near the floor the leg is darker, within the strength"
    with pytest.raises(ValueError):
        occlusion.factors(points, normals[:2])
    with pytest.raises(ValueError):
        Occlusion([], 0.0)


def test_vertex_colours_are_grey_rgba_bytes():
    colors = vertex_colors(np.array([1.0, 0.5, -1.0]))
    assert colors.dtype == np.uint8 and colors.tolist() == [[255] * 4, [128, 128, 128, 255], [0, 0, 0, 255]]


def _covered(points: np.ndarray, triangles: np.ndarray) -> np.ndarray:
    """(n,) whether a vertical ray up from each of (n, 3) points meets any of (m, 3, 3) triangles above it."""
    a, b, c = (triangles[:, i][None] for i in range(3))
    p = points[:, None]
    d = (b[..., 2] - c[..., 2]) * (a[..., 0] - c[..., 0]) + (c[..., 0] - b[..., 0]) * (a[..., 2] - c[..., 2])
    with np.errstate(divide="ignore", invalid="ignore"):  # triangles seen edge-on from above: d = 0
        w1 = ((b[..., 2] - c[..., 2]) * (p[..., 0] - c[..., 0]) + (c[..., 0] - b[..., 0]) * (p[..., 2] - c[..., 2])) / d
        w2 = ((c[..., 2] - a[..., 2]) * (p[..., 0] - c[..., 0]) + (a[..., 0] - c[..., 0]) * (p[..., 2] - c[..., 2])) / d
        w3 = 1 - w1 - w2
        inside = (np.abs(d) > 1e-12) & (w1 >= 0) & (w2 >= 0) & (w3 >= 0)
        height = w1 * a[..., 1] + w2 * b[..., 1] + w3 * c[..., 1]
        return np.any(inside & (height > p[..., 1] + 1e-3), axis=1)


def _lit_top_and_all_means(category: str) -> tuple[float, float]:
    """Area-weighted mean AO factor over the asset's lit tops (faces looking up with nothing above them: a
    seat cushion, a table top, not the frame a cushion lies on), and over all its faces."""
    gltf = read_glb(generate(category).glb)
    blob = gltf.binary_blob()
    prims = []
    for prim in gltf.meshes[0].primitives:
        pos = read_accessor(gltf, blob, prim.attributes.POSITION).astype(float)
        tri = read_accessor(gltf, blob, prim.indices).reshape(-1, 3)
        colors = prim.attributes.COLOR_0
        ao = read_accessor(gltf, blob, colors)[:, 0] / 255 if colors is not None else np.ones(len(pos))
        prims.append((pos, tri, ao))
    every_triangle = np.concatenate([pos[tri] for pos, tri, _ in prims])
    factors, areas, lit = [], [], []
    for pos, tri, ao in prims:
        cross = np.cross(pos[tri[:, 1]] - pos[tri[:, 0]], pos[tri[:, 2]] - pos[tri[:, 0]])
        area = np.linalg.norm(cross, axis=1) / 2
        up = cross[:, 1] > 0.9 * np.maximum(np.linalg.norm(cross, axis=1), 1e-12)
        open_sky = ~_covered(pos[tri].mean(axis=1), every_triangle)
        factors.append(ao[tri].mean(axis=1))
        areas.append(area)
        lit.append(up & open_sky)
    factor, area, lit_mask = np.concatenate(factors), np.concatenate(areas), np.concatenate(lit)
    return float((factor * area)[lit_mask].sum() / area[lit_mask].sum()), float((factor * area).sum() / area.sum())


@pytest.mark.parametrize("category", FURNITURE)
def test_furniture_tops_keep_their_colour_and_the_rest_reads_solid(category):
    up, overall = _lit_top_and_all_means(category)
    assert up >= (SEAT_MEAN_FLOOR if category in SEATS else UP_MEAN_FLOOR), f"{category}: lit tops darkened to {up:.3f}"
    assert overall < 0.98, f"{category}: no shade baked at all ({overall:.3f})"


def test_lights_and_glass_carry_no_occlusion():
    gltf = read_glb(generate("floor_lamp").glb)
    for mesh in gltf.meshes:
        for prim in mesh.primitives:
            mat = gltf.materials[prim.material]
            see_through_or_lit = mat.alphaMode == "BLEND" or any(mat.emissiveFactor or [])
            assert (prim.attributes.COLOR_0 is None) == see_through_or_lit, mat.name


def test_baking_is_cheap():
    started = time.perf_counter()
    for category in FURNITURE:
        clear_memo()
        generate(category, variant=2)
    per_asset = (time.perf_counter() - started) / len(FURNITURE)
    assert per_asset < 1.5, f"{per_asset:.2f} s per asset"  # loose: a shared CI machine; the bench measures it
