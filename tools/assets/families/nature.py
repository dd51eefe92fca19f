"""Nature generators: trees and plants."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, capsule, cone, cylinder, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import around, chamfered_box, ellipsoid, fit, frustum, rot, spike, strip, zcyl

BARK = "#5a3b22"
LEAF = "#3f7d3a"


# -------------------------------------------------------------------- trees

@generator("pine_tree")
def pine_tree(p: GenParams) -> list[Part]:
    """A pine tree: stacked cones, or one tall cone (a young fir)."""
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
    """An oak tree: a broad cloud of leaf clumps or one round crown."""
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
        parts.append(Part(strip(top, mid, reach * 0.4, 0.03), leaves))
        parts.append(Part(strip(mid, tip, reach * 0.28, 0.03), leaves))
    for x, _, z in around(3, reach * 0.08, phase=phase):
        parts.append(Part(sphere(reach * 0.07, top + [x, -reach * 0.08, z], 1), nut))
    return parts


@generator("palm_tree")
def palm_tree(p: GenParams) -> list[Part]:
    """A palm tree: one, a curved trunk, or two palms leaning apart."""
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
    """A bush: round, a clipped hedge block, or a rose bush with blooms."""
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
    """A flower: a daisy, a tulip or another bloom on a stem."""
    petals = p.mat("foliage", ("#f4f4f0", "#e0245e", "#f5c518")[p.variant])
    green = material("foliage", "#4b8a3a")
    stem_r = max(0.02 * p.w, 0.003)
    head_y = 0.85 * p.h
    parts = [Part(cylinder(stem_r, head_y, (0, head_y / 2, 0), 8), green)]
    for side in (-1, 1):  # two leaves along the stem
        parts.append(Part(strip((0, 0.1 * p.h, 0), (side * 0.3 * p.w, 0.35 * p.h, side * 0.3 * p.d), 0.12 * p.w, 0.01 * p.w), green))
    if p.variant == 0:  # daisy: flat ring of petals round a yellow eye
        parts.append(Part(cylinder(0.1 * p.w, 0.05 * p.h, (0, head_y + 0.02 * p.h, 0), 12), material("foliage", "#f2c14e")))
        for x, _, z in around(10, 0.3 * p.w, head_y):
            parts.append(Part(strip((x * 0.2, head_y, z * 0.2), (x * 1.65, head_y + 0.01 * p.h, z * 1.65), 0.09 * p.w, 0.012 * p.w), petals))
    elif p.variant == 1:  # tulip: closed cup of upright petals
        for x, _, z in around(5, 0.09 * p.w):
            parts.append(Part(ellipsoid((0.1 * p.w, 0.12 * p.h, 0.1 * p.w), (x, head_y + 0.03 * p.h, z), 1), petals))
    else:  # sunflower: big head facing the front
        head = np.array([0, head_y - 0.05 * p.h, 0.05 * p.d])
        parts.append(Part(zcyl(0.2 * p.w, 0.06 * p.d, head, 16), material("wood", "#4a2f1b")))
        for x, _, y in around(12, 0.3 * p.w):
            parts.append(Part(strip(head + [x * 0.5, y * 0.5, 0], head + [x * 1.6, y * 1.6, 0.01], 0.1 * p.w, 0.01, up=(0, 0, 1)), petals))
    return fit(parts, p.size)


@generator("cactus")
def cactus(p: GenParams) -> list[Part]:
    """A cactus: a saguaro with two arms, an organ-pipe clump, or another kind."""
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
    """A tuft of grass: plain, reeds with cattail heads, or a meadow clump with white flowers."""
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
