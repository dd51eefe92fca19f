"""Nature generators: rocks, logs, fire, snowmen, camels, hay bales, ponds."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, box, cylinder, material, rod, scaled, sphere
from tools.assets.registry import GenParams, by_shape, generator
from tools.assets.shapes import around, chamfered_box, ellipsoid, fit, frustum, hull, ring, spike, xcyl

BARK = "#5a3b22"


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
    """A rock: a lumpy boulder, or a flat slab with a small stone leaning on it."""
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
    """A log: one with a branch stub and moss, or a little pile of three."""
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
    """Three emissive tongues: an orange outer pair and a yellow core, in the "flame" node the page flickers
    (pivoting at the bottom of the core)."""
    outer, inner = material("emissive", "#ff7a1a"), material("emissive", "#ffd23f")
    c = np.asarray(center, dtype=float)
    parts = [Part(spike(c + [dx, 0, dz], c + [dx * 0.5, h, dz * 0.5], radius, 7), outer, node="flame")
             for dx, dz, h in ((radius * 0.5, 0, height * 0.8), (-radius * 0.4, radius * 0.3, height * 0.7))]
    return parts + [Part(spike(c, c + [0, height, 0], radius * 0.8, 7), inner, node="flame", pivot="bottom")]


@generator("campfire")
def campfire(p: GenParams) -> list[Part]:
    """A campfire: a ring of stones, a metal fire bowl on legs, or a teepee of sticks."""
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
    """A snowman of three snowballs, with a top hat, scarf or bobble beanie."""
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
    """A camel; one variant wears a saddle blanket."""
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
    """A hay bale: rectangular, or a round bale standing on end."""
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
    """A pond: water in an oval of rim stones, or an irregular pond in a grass edge with lily pads."""
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
