"""Plants and water features: ferns, vines, a weeping willow, lily pads, a waterfall, a stream, and the generic
plant archetype. Leaves are thin strips (as the palm's fronds); water is the ``water`` material, its moving
sheet in the named ``water`` node the page ripples.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.nature import BARK
from tools.assets.families.nature_objects import boulder
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import around, ellipse_slab, ellipsoid, fit, frustum, hull, slab, strip

WATER_BLUE = "#6fb7e0"


def frond(base, direction, length: float, rise: float, width: float, leaves) -> list[Part]:
    """An arching frond from ``base`` (3,) out along the unit horizontal ``direction``: up, then drooping."""
    base, direction = np.asarray(base, dtype=float), np.asarray(direction, dtype=float)
    mid = base + direction * length * 0.5 + [0, rise, 0]
    tip = base + direction * length + [0, rise * 0.3, 0]
    return [Part(strip(base, mid, width, 0.02), leaves), Part(strip(mid, tip, width * 0.6, 0.02), leaves)]


@generator("fern", variants=2)
def fern(p: GenParams) -> list[Part]:
    """A fern: v0 a ground clump of arching fronds, v1 a tree fern, fronds crowning a furry trunk."""
    w, h, d = p.size
    leaves = p.mat("foliage", ("#4c8c34", "#3d7a30")[p.variant])
    rng = p.rng()
    base_y = 0.0 if p.variant == 0 else 0.75 * h
    parts = [] if p.variant == 0 else [Part(frustum(0.06 * w, 0.045 * w, base_y, (0, 0, 0), 10), material("wood", BARK))]
    for x, _, z in around(11, 1.0, 0.0, rng.uniform(0, 1)):
        length = 0.5 * w * rng.uniform(0.85, 1.0)
        parts += frond((0, base_y, 0), (x, 0, z), length, (h - base_y) * rng.uniform(0.8, 1.0), 0.12 * w, leaves)
    return fit(parts, p.size)


@generator("vine", variants=2)
def vine(p: GenParams) -> list[Part]:
    """A climbing plant: v0 a liana twisting up round a thin stem with leaves along it, v1 ivy on a wooden trellis."""
    w, h, d = p.size
    leaves = p.mat("foliage", "#3f7d3a")
    stem = material("wood", "#6b5a3a")
    rng = p.rng()
    parts = []
    if p.variant == 1:
        trellis = material("wood", "#c8a46a")
        parts += [Part(slab(0.04, h, 0.04, x, 0, -d / 2 + 0.02), trellis) for x in np.linspace(-w / 2, w / 2, 5)]
        parts += [Part(slab(w, 0.04, 0.04, 0, y, -d / 2 + 0.02), trellis) for y in np.linspace(0.1, h - 0.04, 6)]
        for _ in range(40):
            x, y = rng.uniform(-w / 2, w / 2), rng.uniform(0, h * 0.95)
            parts.append(Part(ellipsoid((0.06 * w + 0.02, 0.05 * h + 0.02, 0.02), (x, y, -d / 2 + 0.06), 0), leaves))
        return fit(parts, p.size)
    t = np.linspace(0, 1, 13)
    pts = [(0.3 * w * np.cos(6 * a), a * h, 0.3 * d * np.sin(6 * a)) for a in t]
    parts += [Part(rod(a, b, 0.02 * w + 0.01, 6), stem) for a, b in zip(pts, pts[1:])]
    parts.append(Part(rod((0, 0, 0), (0, h * 0.97, 0), 0.02 * w + 0.01, 6), stem))
    for x, y, z in pts[1:]:
        out = np.array([x, 0, z]) / (np.hypot(x, z) + 1e-9)
        tip = np.array([x, y, z]) + out * 0.2 * w - [0, 0.05 * h, 0]
        parts.append(Part(strip((x, y, z), tip, 0.12 * w, 0.02), leaves))
    return fit(parts, p.size)


@generator("weeping_willow", variants=1)
def weeping_willow(p: GenParams) -> list[Part]:
    """A weeping willow: a stout trunk, a dome of branches and long curtains of leafy strands hanging to the ground."""
    w, h, d = p.size
    leaves = p.mat("foliage", "#8aa83a")
    bark = material("wood", BARK)
    rng = p.rng()
    crown_y = 0.72 * h
    parts = [Part(frustum(0.07 * w, 0.05 * w, crown_y, (0, 0, 0), 10), bark),
             Part(ellipsoid((0.3 * w, 0.22 * h, 0.3 * d), (0, crown_y + 0.05 * h, 0)), leaves, smooth=True)]
    for x, _, z in around(22, 1.0, 0.0, rng.uniform(0, 1)):
        top = np.array([x * 0.42 * w, crown_y + 0.1 * h, z * 0.42 * d])
        foot = top * [1.15, 0, 1.15] + [0, h * rng.uniform(0.05, 0.3), 0]
        parts.append(Part(strip(top, foot, 0.14 * w, 0.02, up=(x, 0, z)), leaves))
    return fit(parts, p.size)


@generator("water_lily", variants=1)
def water_lily(p: GenParams) -> list[Part]:
    """Lily pads floating on water: round leaves with a notch, lying flat, and a pink flower on one of them."""
    w, h, d = p.size
    pad = p.mat("foliage", "#3f8a3a")
    rng = p.rng()
    parts = []
    for x, z, r in ((-0.3, -0.2, 0.2), (0.25, -0.25, 0.16), (0.0, 0.2, 0.22), (0.32, 0.28, 0.14), (-0.3, 0.32, 0.12)):
        angles = np.linspace(0.25, 2 * np.pi - 0.25, 12) + rng.uniform(0, np.pi)
        rim = [(x * w + r * w * np.cos(a), y, z * d + r * d * np.sin(a)) for a in angles for y in (0.0, 0.01)]
        parts.append(Part(hull(rim + [(x * w, 0.0, z * d), (x * w, 0.01, z * d)]), pad))
    for x, _, z in around(6, 0.04 * w, 0.01):
        parts.append(Part(strip((0.0, 0.01, 0.2 * d), (x, h, 0.2 * d + z), 0.04 * w, 0.01), material("fabric", "#f2a7c4")))
    parts.append(Part(sphere(0.02 * w + 0.005, (0, 0.02, 0.2 * d), 1), material("plastic", "#f1c40f")))
    return fit(parts, p.size)


@generator("waterfall", variants=1)
def waterfall(p: GenParams) -> list[Part]:
    """A waterfall: a rocky cliff at the back, a sheet of falling water down its face into a round pool at +Z."""
    w, h, d = p.size
    rock = p.mat("stone", "#7a7468")
    water = material("water", WATER_BLUE)
    rng = p.rng()
    cliff_d = 0.45 * d
    parts = [Part(boulder(rng, (0.5 * w, 0.5 * h, 0.5 * cliff_d), (0, 0.5 * h, -d / 2 + cliff_d / 2)), rock)]
    parts += [Part(boulder(rng, (0.16 * w, 0.08 * h, 0.1 * d), (sx * 0.36 * w, 0.06 * h, 0.15 * d)), rock) for sx in (-1, 1)]
    lip_z = -d / 2 + cliff_d * 0.9
    parts.append(Part(hull([(sx * 0.14 * w, y, z) for sx in (-1, 1) for y, z in
                            ((0.96 * h, lip_z - 0.1 * d), (0.96 * h, lip_z), (0.02, lip_z + 0.12 * d), (0.02, lip_z + 0.16 * d))]),
                      water, node="water"))
    parts.append(Part(ellipse_slab(0.62 * w, 0.03, 0.5 * d, 0, 0.0, d / 2 - 0.25 * d), water, node="water"))
    return fit(parts, p.size)


@generator("stream", variants=2)
def stream(p: GenParams) -> list[Part]:
    """Running water along Z: v0 a winding stream between pebble banks, v1 a straight canal between stone edges."""
    w, h, d = p.size
    water = material("water", WATER_BLUE)
    bank = p.mat("stone", ("#8a8478", "#a09a8e")[p.variant])
    if p.variant == 1:
        return fit([Part(slab(0.8 * w, 0.6 * h, d, 0, 0, 0), water, node="water")]
                   + [Part(slab(0.1 * w, h, d, sx * 0.45 * w, 0, 0), bank) for sx in (-1, 1)], p.size)
    zs = np.linspace(-d / 2, d / 2, 9)
    xs = 0.25 * w * np.sin(zs / d * 2 * np.pi)
    parts = []
    for (z0, x0), (z1, x1) in zip(zip(zs, xs), zip(zs[1:], xs[1:])):
        parts.append(Part(hull([(x + s * 0.22 * w, y, z) for x, z in ((x0, z0), (x1, z1)) for s in (-1, 1) for y in (0.0, 0.5 * h)]),
                          water, node="water"))
    rng = p.rng()
    for x, z in zip(xs, zs):
        for s in (-1, 1):
            parts.append(Part(sphere(0.05 * w + 0.02, (x + s * 0.26 * w, 0.0, z + rng.uniform(-0.3, 0.3)), 0), bank))
    return fit(parts, p.size)


@generator("leafy_plant", variants=2, options={"accent": None}, sizes=((0.6, 0.7, 0.6), (0.5, 1.2, 0.5)))
def leafy_plant(p: GenParams) -> list[Part]:
    """A plant of some kind growing from the ground: v0 a low leafy clump, v1 a tall stalk with broad leaves and a
    flower head (the ``accent`` colour)."""
    w, h, d = p.size
    leaves = p.mat("foliage", ("#4f8a2f", "#3f7d3a")[p.variant])
    rng = p.rng()
    if p.variant == 0:
        parts = [Part(ellipsoid((0.3 * w, 0.3 * h, 0.3 * d), (0, 0.3 * h, 0), 1), leaves)]
        for x, _, z in around(7, 1.0, 0.0, rng.uniform(0, 1)):
            parts.append(Part(strip((0, 0.2 * h, 0), (x * 0.5 * w, h * rng.uniform(0.7, 1.0), z * 0.5 * d), 0.2 * w, 0.02), leaves))
        return fit(parts, p.size)
    parts = [Part(rod((0, 0, 0), (0, 0.9 * h, 0), 0.02 * w + 0.005, 6), material("foliage", "#5a7d2a"))]
    for i, (x, _, z) in enumerate(around(6, 0.45, 0.0, 0.3)):
        y = (0.2 + 0.11 * i) * h
        parts.append(Part(strip((0, y, 0), (x * w, y + 0.12 * h, z * d), 0.22 * w, 0.02), leaves))
    parts.append(Part(sphere(0.1 * w + 0.01, (0, 0.92 * h, 0), 1), material("fabric", p.text_option("accent") or "#f1c40f")))
    return fit(parts, p.size)
