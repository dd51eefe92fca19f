"""Nature generators: trees, plants, rocks, fire, snowmen, camels, ponds.

The shape helpers at the top (hull, rot, xcyl, ...) are shared by the built
and vehicle families, which import them from here.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import trimesh

from tools.assets.mesh import Part, Z_TO_Y, box, capsule, cone, cylinder, material, rod, scaled, sphere
from tools.assets.registry import GenParams, generator

BARK = "#5a3b22"
LEAF = "#3f7d3a"


# ------------------------------------------------------------ shape helpers

def hull(points) -> trimesh.Trimesh:
    """Closed convex hull of (n, 3) points: wedges, prisms, blades, car bodies."""
    return trimesh.convex.convex_hull(np.asarray(points, dtype=float))


def rot(mesh: trimesh.Trimesh, angle: float, axis, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` in place by ``angle`` radians about ``axis`` (3,) through ``about`` (3,)."""
    return mesh.apply_transform(trimesh.transformations.rotation_matrix(angle, axis, about))


def xcyl(radius: float, length: float, center=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Cylinder lying along X (axles, logs, wheels seen from the side)."""
    c = np.asarray(center, dtype=float)
    half = np.array([length / 2, 0, 0])
    return rod(c - half, c + half, radius, sections)


def zcyl(radius: float, length: float, center=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Cylinder lying along Z (discs facing +Z: sign faces, flower heads)."""
    c = np.asarray(center, dtype=float)
    half = np.array([0, 0, length / 2])
    return rod(c - half, c + half, radius, sections)


def ring(r_in: float, r_out: float, height: float, center=(0, 0, 0), sections: int = 24) -> trimesh.Trimesh:
    """Vertical-axis hollow cylinder (basin walls, twine bands, well walls)."""
    mesh = trimesh.creation.annulus(r_min=r_in, r_max=r_out, height=height, sections=sections)
    mesh.apply_transform(Z_TO_Y)
    return mesh.apply_translation(center)


def ellipsoid(radii, center=(0, 0, 0), subdivisions: int = 2) -> trimesh.Trimesh:
    """Sphere stretched to (3,) ``radii``, centred at ``center``."""
    return scaled(sphere(1.0, (0, 0, 0), subdivisions), radii).apply_translation(center)


def frustum(r_bottom: float, r_top: float, height: float, base=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Truncated cone on the vertical axis, its bottom disc centred at ``base``."""
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    circle = np.stack([np.cos(angles), np.zeros_like(angles), np.sin(angles)], axis=1)
    bottom = circle * r_bottom
    top = circle * max(r_top, 1e-4) + [0, height, 0]
    return hull(np.concatenate([bottom, top]) + np.asarray(base, dtype=float))


def spike(base, tip, radius: float, sections: int = 6) -> trimesh.Trimesh:
    """Cone from a disc of ``radius`` around ``base`` (3,) to the point ``tip`` (3,)."""
    base, tip = np.asarray(base, dtype=float), np.asarray(tip, dtype=float)
    axis = (tip - base) / np.linalg.norm(tip - base)
    u = np.cross(axis, [0, 1, 0] if abs(axis[1]) < 0.9 else [1, 0, 0])
    u /= np.linalg.norm(u)
    v = np.cross(axis, u)
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    disc = base + radius * (np.outer(np.cos(angles), u) + np.outer(np.sin(angles), v))
    return hull(np.vstack([disc, tip]))


def slab(a, b, width: float, thickness: float, up=(0, 1, 0)) -> trimesh.Trimesh:
    """Thin flat strip from point ``a`` to ``b`` (both (3,)): leaves, fronds, blades, planks."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    along = (b - a) / np.linalg.norm(b - a)
    side = np.cross(along, up)
    side = side / np.linalg.norm(side) if np.linalg.norm(side) > 1e-6 else np.array([1.0, 0, 0])
    normal = np.cross(side, along)
    corners = [p + s * side * width / 2 + n * normal * thickness / 2 for p in (a, b) for s in (-1, 1) for n in (-1, 1)]
    return hull(corners)


def chamfered_box(size, center=(0, 0, 0), bevel: float = 0.1) -> trimesh.Trimesh:
    """Box of (3,) ``size`` with its edges cut back by ``bevel`` (a fraction of the smallest side)."""
    size = np.asarray(size, dtype=float)
    cut = bevel * size.min()
    corners = [(size / 2 - shrink * cut) * signs for shrink in np.eye(3) for signs in np.array(list(np.ndindex(2, 2, 2))) * 2 - 1]
    return hull(np.asarray(corners) + np.asarray(center, dtype=float))


def fit(parts: list[Part], size) -> list[Part]:
    """Scale all parts about their bottom centre so their joint extent is exactly (3,) ``size``.

    The generators already build close to ``size``; this absorbs what their
    shapes leave over (a crown's jitter, a wheel poking out) so every variant
    honours the asked size.
    """
    bounds = np.array([p.mesh.bounds for p in parts])
    lo, hi = bounds[:, 0].min(axis=0), bounds[:, 1].max(axis=0)
    extent = hi - lo
    if np.any(extent <= 0):
        raise ValueError(f"parts have a flat extent {extent}; cannot fit to {size}")
    anchor = np.array([(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2])
    factors = np.asarray(size, dtype=float) / extent
    transform = np.diag([*factors, 1.0])
    for part in parts:
        part.mesh.apply_translation(-anchor)
        part.mesh.apply_transform(transform)
    return parts


def by_shape(p: GenParams, **variant_of_shape: int) -> GenParams:
    """``p`` with the variant that draws its shape word ('round', 'square', ...), if that word is one of ``variant_of_shape``."""
    if p.shape in variant_of_shape:
        return dataclasses.replace(p, variant=variant_of_shape[p.shape])
    return p


def around(n: int, radius: float, y: float = 0.0, phase: float = 0.0) -> np.ndarray:
    """(n, 3) points evenly spaced on a horizontal circle."""
    angles = phase + np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.stack([radius * np.cos(angles), np.full(n, y), radius * np.sin(angles)], axis=1)


# -------------------------------------------------------------------- trees

@generator("pine_tree")
def pine_tree(p: GenParams) -> list[Part]:
    needles = p.mat("foliage", "#2c5e3b" if p.variant != 2 else "#2a4f47")
    bark = material("wood", BARK)
    r = p.w / 2
    crown_base = p.h * (0.12, 0.1, 0.22)[p.variant]
    parts = [Part(cylinder(max(0.08 * p.w, 0.02), crown_base + 0.1 * p.h, (0, (crown_base + 0.1 * p.h) / 2, 0), 12), bark)]
    if p.variant == 1:  # one tall cone: a young fir
        return fit(parts + [Part(cone(r, p.h - crown_base, (0, crown_base, 0), 16), needles)], p.size)
    layers, share = (4, 0.42) if p.variant == 0 else (6, 0.24)
    layer_h = (p.h - crown_base) * share
    step = (p.h - crown_base - layer_h) / (layers - 1)
    for i in range(layers):
        radius = r * (1 - 0.75 * i / layers)
        tier = cone(radius, layer_h, (0, crown_base + i * step, 0), 14 if p.variant == 0 else 9)
        parts.append(Part(rotated_tier(tier, i), needles))
    return fit(parts, p.size)


def rotated_tier(mesh: trimesh.Trimesh, i: int) -> trimesh.Trimesh:
    """Turn each tier a little so faceted cones do not line up."""
    return rot(mesh, 0.4 * i, (0, 1, 0))


@generator("oak_tree")
def oak_tree(p: GenParams) -> list[Part]:
    leaves = p.mat("foliage", ("#4f7f2f", "#3d6e2c", "#6b9a3a")[p.variant])
    bark = material("wood", BARK)
    rng = p.rng()
    trunk_r = max(0.05 * p.w, 0.03)
    parts = [Part(frustum(trunk_r * 1.4, trunk_r, 0.55 * p.h, (0, 0, 0), 12), bark)]
    if p.variant == 0:  # broad cloud of leaf clumps
        parts.append(Part(ellipsoid((0.3 * p.w, 0.2 * p.h, 0.3 * p.d), (0, 0.72 * p.h, 0)), leaves, smooth=True))
        for x, _, z in around(6, 0.27 * p.w, phase=rng.uniform(0, 1)):
            y = p.h * rng.uniform(0.58, 0.7)
            parts.append(Part(ellipsoid((0.22 * p.w, 0.15 * p.h, 0.22 * p.d), (x, y, z * p.d / p.w), 1), leaves))
        parts.append(Part(ellipsoid((0.2 * p.w, 0.12 * p.h, 0.2 * p.d), (0, 0.88 * p.h, 0), 1), leaves))
    elif p.variant == 1:  # one round crown: a park tree
        parts.append(Part(ellipsoid((p.w / 2, 0.34 * p.h, p.d / 2), (0, 0.66 * p.h, 0)), leaves, smooth=True))
    else:  # forked trunk with three separate clumps
        tips = [(-0.27 * p.w, 0.68 * p.h, 0.05 * p.d), (0.27 * p.w, 0.64 * p.h, -0.08 * p.d), (0.02 * p.w, 0.8 * p.h, 0.2 * p.d)]
        for tip in tips:
            parts.append(Part(rod((0, 0.45 * p.h, 0), tip, trunk_r * 0.55, 8), bark))
            parts.append(Part(ellipsoid((0.23 * p.w, 0.17 * p.h, 0.23 * p.d), tip, 1), leaves))
    return fit(parts, p.size)


def palm_crown(top, reach: float, droop: float, count: int, phase: float, leaves, nut) -> list[Part]:
    """Fronds radiating from ``top`` (3,), each rising then drooping out to ``reach``; coconuts under them."""
    top = np.asarray(top, dtype=float)
    parts = []
    for x, _, z in around(count, 1.0, phase=phase):
        out = np.array([x, 0, z])
        mid = top + out * reach * 0.55 + [0, droop * 0.25, 0]
        tip = top + out * reach - [0, droop, 0]
        parts.append(Part(slab(top, mid, reach * 0.4, 0.03), leaves))
        parts.append(Part(slab(mid, tip, reach * 0.28, 0.03), leaves))
    for x, _, z in around(3, reach * 0.08, phase=phase):
        parts.append(Part(sphere(reach * 0.07, top + [x, -reach * 0.08, z], 1), nut))
    return parts


@generator("palm_tree")
def palm_tree(p: GenParams) -> list[Part]:
    leaves = p.mat("foliage", "#4c8c34")
    bark = material("wood", "#8a6b45")
    nut = material("wood", "#5b4024")
    r = max(0.045 * p.w, 0.03)
    reach = p.w / 2
    if p.variant == 2:  # two palms leaning apart
        parts = []
        for side, height in ((-1, 0.85), (1, 1.0)):
            top = np.array([side * 0.2 * p.w, height * p.h * 0.85, 0])
            parts += [Part(rod((side * 0.05 * p.w, 0, 0), top, r, 8), bark)]
            parts += palm_crown(top, reach * 0.6, 0.08 * p.h, 6, side, leaves, nut)
        return fit(parts, p.size)
    trunk_top = 0.82 * p.h
    parts = []
    if p.variant == 0:  # curved trunk
        t = np.linspace(0, 1, 7)
        spine = np.stack([0.22 * p.w * t**2, trunk_top * t, np.zeros_like(t)], axis=1)
        for i in range(len(t) - 1):
            parts.append(Part(rod(spine[i], spine[i + 1], r * (1.25 - 0.4 * t[i]), 8), bark))
        top = spine[-1]
    else:  # straight trunk of stacked rings
        rings = 8
        for i in range(rings):
            seg_h = trunk_top / rings
            parts.append(Part(frustum(r * 1.3, r * 1.0, seg_h, (0, i * seg_h, 0), 8), bark))
        top = np.array([0, trunk_top, 0])
    parts += palm_crown(top, reach, 0.12 * p.h, 9 if p.variant == 0 else 7, 0.3, leaves, nut)
    return fit(parts, p.size)


# ------------------------------------------------------------------- plants

@generator("bush")
def bush(p: GenParams) -> list[Part]:
    leaves = p.mat("foliage", "#3e7a34")
    rng = p.rng()
    if p.variant == 1:  # clipped hedge block
        return [Part(chamfered_box((p.w, p.h, p.d), (0, p.h / 2, 0), 0.15), leaves)]
    parts = [Part(ellipsoid((0.3 * p.w, 0.4 * p.h, 0.3 * p.d), (0, 0.55 * p.h, 0)), leaves)]
    for x, _, z in around(5, 0.25 * p.w, phase=rng.uniform(0, 1)):
        parts.append(Part(ellipsoid((0.25 * p.w, 0.3 * p.h, 0.25 * p.d), (x, 0.32 * p.h, z * p.d / p.w), 1), leaves))
    if p.variant == 2:  # rose bush: blooms scattered over the surface
        bloom = material("fabric", "#c8283c")
        for _ in range(12):
            angle, lift = rng.uniform(0, 2 * np.pi), rng.uniform(0.2, 1.2)
            direction = np.array([np.cos(angle), lift, np.sin(angle)]) / np.hypot(1, lift)
            spot = np.array([0, 0.45 * p.h, 0]) + direction * [0.45 * p.w, 0.5 * p.h, 0.45 * p.d]
            parts.append(Part(sphere(0.06 * min(p.w, p.h), spot, 1), bloom))
    return fit(parts, p.size)


@generator("flower")
def flower(p: GenParams) -> list[Part]:
    petals = p.mat("foliage", ("#f4f4f0", "#e0245e", "#f5c518")[p.variant])
    green = material("foliage", "#4b8a3a")
    stem_r = max(0.02 * p.w, 0.003)
    head_y = 0.85 * p.h
    parts = [Part(cylinder(stem_r, head_y, (0, head_y / 2, 0), 8), green)]
    for side in (-1, 1):  # two leaves along the stem
        parts.append(Part(slab((0, 0.1 * p.h, 0), (side * 0.3 * p.w, 0.35 * p.h, side * 0.3 * p.d), 0.12 * p.w, 0.01 * p.w), green))
    if p.variant == 0:  # daisy: flat ring of petals round a yellow eye
        parts.append(Part(cylinder(0.1 * p.w, 0.05 * p.h, (0, head_y + 0.02 * p.h, 0), 12), material("foliage", "#f2c14e")))
        for x, _, z in around(10, 0.3 * p.w, head_y):
            parts.append(Part(slab((x * 0.2, head_y, z * 0.2), (x * 1.65, head_y + 0.01 * p.h, z * 1.65), 0.09 * p.w, 0.012 * p.w), petals))
    elif p.variant == 1:  # tulip: closed cup of upright petals
        for x, _, z in around(5, 0.09 * p.w):
            parts.append(Part(ellipsoid((0.1 * p.w, 0.12 * p.h, 0.1 * p.w), (x, head_y + 0.03 * p.h, z), 1), petals))
    else:  # sunflower: big head facing the front
        head = np.array([0, head_y - 0.05 * p.h, 0.05 * p.d])
        parts.append(Part(zcyl(0.2 * p.w, 0.06 * p.d, head, 16), material("wood", "#4a2f1b")))
        for x, _, y in around(12, 0.3 * p.w):
            parts.append(Part(slab(head + [x * 0.5, y * 0.5, 0], head + [x * 1.6, y * 1.6, 0.01], 0.1 * p.w, 0.01, up=(0, 0, 1)), petals))
    return fit(parts, p.size)


@generator("cactus")
def cactus(p: GenParams) -> list[Part]:
    skin = p.mat("foliage", "#3f7d3a")
    if p.variant == 0:  # saguaro: trunk and two arms
        r, arm_r = 0.16 * p.w, 0.1 * p.w
        parts = [Part(capsule(r, p.h, (0, p.h / 2, 0)), skin, smooth=True)]
        for side, y0, y1 in ((-1, 0.4, 0.72), (1, 0.52, 0.84)):
            elbow = (side * 0.38 * p.w, y0 * p.h, 0)
            parts.append(Part(rod((0, y0 * p.h, 0), elbow, arm_r, 12), skin))
            parts.append(Part(capsule(arm_r, (y1 - y0) * p.h + arm_r, (elbow[0], (y0 + y1) / 2 * p.h, 0)), skin, smooth=True))
        return fit(parts, p.size)
    rng = p.rng()
    bloom = material("fabric", "#e85d9c")
    parts = []
    if p.variant == 1:  # organ pipe: a clump of columns
        heights = [1.0, 0.8, 0.65, 0.72, 0.55]
        for (x, _, z), height in zip(around(5, 0.28 * p.w, phase=rng.uniform(0, 1)), heights):
            r = 0.12 * p.w
            parts.append(Part(capsule(r, height * p.h, (x, height * p.h / 2, z), 10), skin, smooth=True))
            parts.append(Part(sphere(0.45 * r, (x, height * p.h, z), 1), bloom))
        parts.append(Part(capsule(0.14 * p.w, 0.9 * p.h, (0, 0.45 * p.h, 0)), skin, smooth=True))
        return fit(parts, p.size)
    pads = [((0, 0.2, 0), 0.0, 0.0), ((-0.18, 0.5, 0), 0.6, 0.35), ((0.18, 0.55, 0.05), -0.9, -0.3),  # prickly pear
            ((-0.25, 0.8, -0.05), 0.2, 0.2), ((0.15, 0.84, 0.05), 1.2, -0.25)]
    for (x, y, z), yaw, tilt in pads:
        pad = ellipsoid((0.2 * p.w, 0.16 * p.h, 0.05 * p.w), (0, 0, 0), 1)
        rot(rot(pad, tilt, (0, 0, 1)), yaw, (0, 1, 0)).apply_translation((x * p.w, y * p.h, z * p.d))
        parts.append(Part(pad, skin))
        parts.append(Part(sphere(0.04 * p.w, (x * p.w, y * p.h + 0.16 * p.h, z * p.d), 1), bloom))
    return fit(parts, p.size)


@generator("grass")
def grass(p: GenParams) -> list[Part]:
    blades_mat = p.mat("foliage", ("#5b8c32", "#6f8f3a", "#7aa83c")[p.variant])
    rng = p.rng()
    thick = max(0.02 * min(p.w, p.d), 0.004)
    parts = []
    count, spread = ((16, 0.12), (10, 0.2), (26, 0.4))[p.variant]
    for _ in range(count):
        a = rng.uniform(0, 2 * np.pi)
        base = np.array([np.cos(a), 0, np.sin(a)]) * rng.uniform(0, spread) * [p.w, 0, p.d]
        lean = 0.5 if p.variant != 1 else 0.15
        tip = base + np.array([np.cos(a) * lean * p.w, p.h * rng.uniform(0.55, 1.0), np.sin(a) * lean * p.d])
        parts.append(Part(spike(base, tip, thick, 3), blades_mat))
    if p.variant == 1:  # reeds carry brown cattail heads
        head = material("fabric", "#6b4423")
        for x, _, z in around(3, 0.08 * p.w, phase=rng.uniform(0, 1)):
            parts.append(Part(rod((x, 0, z), (x, 0.8 * p.h, z), thick * 0.6, 6), blades_mat))
            parts.append(Part(capsule(thick * 1.4, 0.22 * p.h, (x, 0.8 * p.h, z), 8), head))
    if p.variant == 2:  # meadow clump with a few white flowers
        petal = material("foliage", "#f4f4f0")
        for _ in range(4):
            spot = rng.uniform(-0.3, 0.3, 2)
            parts.append(Part(sphere(thick * 2.5, (spot[0] * p.w, 0.7 * p.h, spot[1] * p.d), 1), petal))
    return fit(parts, p.size)


# ---------------------------------------------------------- rocks and wood

def boulder(rng: np.random.Generator, radii, center, points: int = 22) -> trimesh.Trimesh:
    """Faceted rock: hull of jittered points on the upper half of an ellipsoid with a flat base."""
    dirs = rng.normal(size=(points, 3))
    dirs /= np.linalg.norm(dirs, axis=1, keepdims=True)
    dirs[:, 1] = np.abs(dirs[:, 1])
    pts = dirs * rng.uniform(0.8, 1.0, (points, 1)) * radii
    base = around(7, 1.0, phase=rng.uniform(0, 1)) * [radii[0] * 0.85, 0, radii[2] * 0.85]
    return hull(np.vstack([pts, base]) + np.asarray(center, dtype=float))


@generator("rock")
def rock(p: GenParams) -> list[Part]:
    stone = p.mat("stone", "#8b8680")
    rng = p.rng()
    if p.variant == 0:
        return fit([Part(boulder(rng, (p.w / 2, p.h, p.d / 2), (0, 0, 0), 26), stone)], p.size)
    if p.variant == 1:  # flat slab with a small stone leaning on it
        return fit([Part(boulder(rng, (0.42 * p.w, 0.7 * p.h, 0.5 * p.d), (-0.08 * p.w, 0, 0), 14), stone),
                    Part(boulder(rng, (0.2 * p.w, p.h * 0.45, 0.22 * p.d), (0.3 * p.w, 0, 0.2 * p.d), 10), stone)], p.size)
    specs = [((0.3, 1.0, 0.32), (-0.15, 0, -0.1)), ((0.22, 0.65, 0.24), (0.25, 0, 0.05)), ((0.16, 0.4, 0.16), (-0.05, 0, 0.3))]
    return fit([Part(boulder(rng, np.multiply(r, (p.w, p.h, p.d)), np.multiply(c, (p.w, p.h, p.d)), 14), stone)
                for r, c in specs], p.size)


def log_mesh(radius: float, length: float, center, bark, cut) -> list[Part]:
    """A log along X: bark cylinder with lighter sawn ends."""
    c = np.asarray(center, dtype=float)
    end = min(0.02 * length, 0.02)
    parts = [Part(xcyl(radius, length - 2 * end, c, 12), bark)]
    for side in (-1, 1):
        parts.append(Part(xcyl(radius * 0.88, 2 * end, c + [side * (length / 2 - end), 0, 0], 12), cut))
    return parts


@generator("log")
def log(p: GenParams) -> list[Part]:
    bark = p.mat("wood", "#6b4a2b")
    cut = material("wood", "#c9a26b")
    r = min(p.h, p.d) / 2
    if p.variant == 2:  # a little pile: two logs with one on top
        small = r * 0.54
        parts = log_mesh(small, p.w, (0, small, -small), bark, cut) + log_mesh(small, p.w, (0, small, small), bark, cut)
        return fit(parts + log_mesh(small, p.w * 0.9, (0.03 * p.w, small * 2.7, 0), bark, cut), p.size)
    parts = log_mesh(r, p.w, (0, r, 0), bark, cut)
    if p.variant == 1:  # branch stub and moss
        parts.append(Part(rod((0.15 * p.w, r, 0), (0.25 * p.w, 1.9 * r, 0.6 * r), 0.25 * r, 8), bark))
        parts.append(Part(ellipsoid((0.2 * p.w, 0.25 * r, 0.7 * r), (-0.2 * p.w, 1.85 * r, 0), 1), material("foliage", "#55803a")))
    return fit(parts, p.size)


# ------------------------------------------------------------------ campfire

def flames(center, radius: float, height: float) -> list[Part]:
    """Three emissive tongues: an orange outer pair and a yellow core."""
    outer, inner = material("emissive", "#ff7a1a"), material("emissive", "#ffd23f")
    c = np.asarray(center, dtype=float)
    parts = [Part(spike(c + [dx, 0, dz], c + [dx * 0.5, h, dz * 0.5], radius, 7), outer)
             for dx, dz, h in ((radius * 0.5, 0, height * 0.8), (-radius * 0.4, radius * 0.3, height * 0.7))]
    return parts + [Part(spike(c, c + [0, height, 0], radius * 0.8, 7), inner)]


@generator("campfire")
def campfire(p: GenParams) -> list[Part]:
    wood = material("wood", "#6b4a2b")
    parts: list[Part] = []
    if p.variant == 2:  # metal fire bowl on three legs
        bowl = p.mat("metal", "#7a7a7a")
        parts.append(Part(frustum(0.25 * p.w, 0.5 * p.w, 0.3 * p.h, (0, 0.15 * p.h, 0), 16), bowl))
        for x, _, z in around(3, 0.3 * p.w):
            parts.append(Part(rod((x, 0, z), (x * 0.7, 0.2 * p.h, z * 0.7), 0.02 * p.w, 6), bowl))
        return fit(parts + flames((0, 0.4 * p.h, 0), 0.18 * p.w, 0.6 * p.h), p.size)
    stone = p.mat("stone", "#7d7a75")
    stone_r = 0.08 * p.w
    for x, _, z in around(10, 0.5 * p.w - stone_r):
        parts.append(Part(ellipsoid((stone_r, 0.12 * p.h, stone_r), (x, 0.05 * p.h, z), 1), stone))
    if p.variant == 0:  # teepee of sticks
        for x, _, z in around(6, 0.28 * p.w, phase=0.3):
            parts.append(Part(rod((x, 0, z), (0, 0.55 * p.h, 0), 0.035 * p.w, 6), wood))
        return fit(parts + flames((0, 0.05 * p.h, 0), 0.15 * p.w, 0.95 * p.h), p.size)
    r = 0.04 * p.w  # log-cabin stack
    for layer in range(3):
        y = r + layer * 2 * r
        for side in (-1, 1):
            offset = side * 0.18 * p.w
            stick = xcyl(r, 0.55 * p.w, (0, y, offset), 8) if layer % 2 == 0 else rod((offset, y, -0.27 * p.w), (offset, y, 0.27 * p.w), r, 8)
            parts.append(Part(stick, wood))
    return fit(parts + flames((0, 0.1 * p.h, 0), 0.13 * p.w, 0.9 * p.h), p.size)


# ------------------------------------------------------------ snow, animals

@generator("snowman")
def snowman(p: GenParams) -> list[Part]:
    snow = p.mat("stone", "#f4f7fb")
    coal = material("plastic", "#1a1a1a")
    carrot = material("plastic", "#f07f1d")
    stick = material("wood", "#5a3b22")
    ratios = (1.0, 0.72, 0.5) if p.variant != 2 else (1.0, 0.62)
    hat_share = (0.6, 0.35, 0.75)[p.variant]
    span = 1 + sum(0.8 * (a + b) for a, b in zip(ratios, ratios[1:])) + ratios[-1] + hat_share
    r1 = min(p.h / span, 0.45 * p.w)
    centers, y = [], r1
    for i, k in enumerate(ratios):
        if i:
            y += 0.8 * (ratios[i - 1] + k) * r1
        centers.append(y)
    parts = [Part(sphere(k * r1, (0, c, 0), 2), snow, smooth=True) for k, c in zip(ratios, centers)]
    head_r, head_y = ratios[-1] * r1, centers[-1]
    body_r, body_y = ratios[-2] * r1, centers[-2]
    parts.append(Part(spike((0, head_y, head_r * 0.9), (0, head_y - 0.05 * head_r, head_r * 1.9), head_r * 0.14, 8), carrot))
    for side in (-1, 1):
        parts.append(Part(sphere(head_r * 0.1, (side * 0.35 * head_r, head_y + 0.3 * head_r, 0.88 * head_r), 1), coal))
        parts.append(Part(rod((side * 0.8 * body_r, body_y + 0.3 * body_r, 0), (side * p.w / 2, body_y + body_r, 0), 0.02 * p.w, 6), stick))
    for k in range(3):
        parts.append(Part(sphere(body_r * 0.08, (0, body_y + (0.4 - 0.35 * k) * body_r, body_r * 0.98), 1), coal))
    top = head_y + 0.85 * head_r
    if p.variant in (0, 2):  # top hat
        parts.append(Part(cylinder(head_r * 0.95, 0.06 * r1, (0, top, 0), 16), coal))
        parts.append(Part(cylinder(head_r * 0.6, hat_share * r1, (0, top + hat_share * r1 / 2, 0), 16), coal))
    if p.variant in (1, 2):  # scarf
        parts.append(Part(ring(head_r * 0.7, head_r * 1.0, 0.25 * head_r, (0, head_y - 0.85 * head_r, 0), 16), material("fabric", "#c0392b")))
    if p.variant == 1:  # bobble beanie
        parts.append(Part(ellipsoid((head_r * 0.85, hat_share * r1, head_r * 0.85), (0, top - 0.1 * r1, 0), 1), material("fabric", "#2e86c1")))
        parts.append(Part(sphere(head_r * 0.2, (0, top + hat_share * r1 - 0.1 * r1, 0), 1), material("fabric", "#f4f7fb")))
    return fit(parts, p.size)


@generator("camel")
def camel(p: GenParams) -> list[Part]:
    hide = p.mat("fabric", "#c69c6d")
    dark = material("fabric", "#8a6a45")
    w, h, d = p.size
    leg_top = (0.55, 0.55, 0.6)[p.variant] * h
    body_y = leg_top + 0.1 * h
    parts = [Part(ellipsoid((0.4 * w, 0.16 * h, 0.3 * d), (0, body_y, -0.02 * d)), hide, smooth=True)]
    humps = [(-0.04,)] if p.variant != 1 else [(-0.14,), (0.1,)]
    for (z,) in humps:
        size = 0.13 if p.variant != 1 else 0.1
        parts.append(Part(ellipsoid((0.28 * w, size * h, 0.14 * d), (0, body_y + 0.11 * h, z * d), 1), hide, smooth=True))
    for x in (-0.2 * w, 0.2 * w):
        for z in (-0.22 * d, 0.2 * d):
            knee = (x, 0.3 * leg_top, z + 0.01 * d)
            parts.append(Part(rod((x, leg_top + 0.06 * h, z), knee, 0.075 * w, 8), hide))
            parts.append(Part(rod(knee, (x, 0.03 * h, z), 0.05 * w, 8), hide))
            parts.append(Part(cylinder(0.06 * w, 0.03 * h, (x, 0.015 * h, z + 0.01 * d), 8), dark))
    shoulder, dip, head = (0, body_y + 0.02 * h, 0.25 * d), (0, body_y - 0.02 * h, 0.36 * d), (0, 0.9 * h, 0.41 * d)
    parts += [Part(rod(shoulder, dip, 0.11 * w, 10), hide), Part(rod(dip, head, 0.08 * w, 10), hide)]
    parts.append(Part(ellipsoid((0.09 * w, 0.05 * h, 0.07 * d), (0, 0.9 * h, 0.45 * d), 1), hide, smooth=True))
    for side in (-1, 1):
        parts.append(Part(spike((side * 0.05 * w, 0.93 * h, 0.41 * d), (side * 0.08 * w, 0.98 * h, 0.4 * d), 0.02 * w, 5), hide))
    parts.append(Part(rod((0, body_y, -0.31 * d), (0, body_y - 0.2 * h, -0.34 * d), 0.02 * w, 6), dark))
    if p.variant == 2:  # saddle blanket
        parts.append(Part(box((0.84 * w, 0.05 * h, 0.22 * d), (0, body_y + 0.16 * h, -0.04 * d)), material("fabric", "#b03a2e")))
    return fit(parts, p.size)


@generator("hay_bale")
def hay_bale(p: GenParams) -> list[Part]:
    p = by_shape(p, round=0, square=1)
    hay = p.mat("fabric", "#d8b75a")
    twine = material("fabric", "#8c6d2f")
    if p.variant == 0:  # round bale standing on end
        r = min(p.w, p.d) / 2
        parts = [Part(cylinder(r, p.h, (0, p.h / 2, 0), 24), hay)]
        parts += [Part(ring(r * 0.98, r * 1.01, 0.03 * p.h, (0, y * p.h, 0), 24), twine) for y in (0.3, 0.7)]
        parts.append(Part(cylinder(r * 0.35, 0.01 * p.h, (0, p.h, 0), 16), twine))
        return fit(parts, p.size)
    blocks = [((p.w, p.h, p.d), 0.0, False)] if p.variant == 1 else [((p.w, p.h / 2, p.d * 0.6), 0.0, False), ((p.w * 0.6, p.h / 2, p.d), p.h / 2, True)]
    parts = []
    for (bw, bh, bd), y0, crosswise in blocks:
        parts.append(Part(chamfered_box((bw, bh, bd), (0, y0 + bh / 2, 0), 0.06), hay))
        for t in (-0.25, 0.25):
            band = box((bw * 1.01, bh * 1.01, 0.03 * bd), (0, y0 + bh / 2, t * bd)) if crosswise else box((0.03 * bw, bh * 1.01, bd * 1.01), (t * bw, y0 + bh / 2, 0))
            parts.append(Part(band, twine))
    return fit(parts, p.size)


@generator("pond")
def pond(p: GenParams) -> list[Part]:
    water = p.mat("water", "#3f7fae")
    deep = material("stone", "#1f3b4d")
    stone = material("stone", "#8b8680")
    a, b = p.w / 2, p.d / 2
    parts: list[Part] = []
    if p.variant == 0:  # oval of rim stones
        s = 0.06 * p.w
        for x, _, z in around(18, 1.0):
            parts.append(Part(ellipsoid((s, p.h / 2, s), (x * (a - s), p.h / 2, z * (b - s)), 1), stone))
        parts.append(Part(scaled(cylinder(1, 0.45 * p.h, (0, 0.225 * p.h, 0), 24), (a - s, 1, b - s)), deep))
        parts.append(Part(scaled(cylinder(1, 0.1 * p.h, (0, 0.5 * p.h, 0), 24), (a - s, 1, b - s)), water))
        return fit(parts, p.size)
    grass_mat = material("foliage", "#5b8c32" if p.variant == 1 else "#d8c79a")
    if p.variant == 1:  # irregular pond in a grass edge, lily pads
        rng = p.rng()
        outline = around(12, 1.0) * rng.uniform(0.75, 0.9, (12, 1)) * [a, 0, b]
        parts.append(Part(scaled(cylinder(1, 0.3 * p.h, (0, 0.15 * p.h, 0), 24), (a, 1, b)), grass_mat))
        parts.append(Part(hull(np.vstack([outline + [0, 0.28 * p.h, 0], outline * 0.95 + [0, 0.5 * p.h, 0]])), water))
        for x, _, z in around(3, 0.4 * a, phase=rng.uniform(0, 1)):
            parts.append(Part(scaled(cylinder(1, 0.05 * p.h, (x, 0.52 * p.h, z * b / a), 12), (0.1 * a, 1, 0.1 * a)), material("foliage", "#3e7a34")))
        parts.append(Part(sphere(0.1 * p.h, (0.4 * a, 0.6 * p.h, 0), 1), material("foliage", "#f2a7c3")))
        return fit(parts, p.size)
    for cx, sx in ((-0.35 * a, 0.65), (0.4 * a, 0.55)):  # kidney of two lobes on a sandy shore
        parts.append(Part(scaled(cylinder(1, 0.3 * p.h, (cx, 0.15 * p.h, 0), 20), (sx * a, 1, b * (0.95 if cx < 0 else 0.8))), grass_mat))
        parts.append(Part(scaled(cylinder(1, 0.25 * p.h, (cx, 0.35 * p.h, 0), 20), (sx * a * 0.85, 1, b * (0.8 if cx < 0 else 0.65))), water))
    return fit(parts, p.size)
