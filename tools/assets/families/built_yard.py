"""Yard and street pieces: fences, birdbaths, gravestones, stone paths, signs, solar panels, roads."""

from __future__ import annotations

import numpy as np

from tools.assets.families.built import IRON, WATER, WHITE, WOOD, gable
from tools.assets.mesh import Part, box, cone, cylinder, material, rod, sphere
from tools.assets.registry import GenParams, by_shape, generator
from tools.assets.shapes import around, ellipsoid, fit, frustum, hull, rot, spike, zcyl

# ------------------------------------------------------- garden, street bits

@generator("fence")
def fence(p: GenParams) -> list[Part]:
    """A fence along the width: posts with pointed pickets, split rails, or metal."""
    wood = p.mat(*(("wood", "#f0ede6"), ("wood", "#8b5a2b"), ("metal", IRON))[p.variant])
    w, h, d = p.size
    posts = max(2, int(round(w / 1.5)) + 1)
    post_w = min(0.1, 0.05 * w)
    parts = [Part(box((post_w, h * 0.95, d), (x, h * 0.475, 0)), wood) for x in np.linspace(-w / 2 + post_w / 2, w / 2 - post_w / 2, posts)]
    if p.variant == 0:  # pointed pickets on two rails
        parts += [Part(box((w, 0.07 * h, 0.3 * d), (0, y * h, -0.3 * d)), wood) for y in (0.3, 0.75)]
        count = max(3, int(w / 0.13))
        pw = 0.6 * w / count
        for x in np.linspace(-w / 2 + pw, w / 2 - pw, count):
            outline = [(x - pw / 2, 0.05 * h), (x + pw / 2, 0.05 * h), (x + pw / 2, 0.88 * h), (x, h), (x - pw / 2, 0.88 * h)]
            parts.append(Part(hull([(px, py, z) for px, py in outline for z in (-0.15 * d, 0.25 * d)]), wood))
    elif p.variant == 1:  # three split rails
        parts += [Part(box((w, 0.08 * h, 0.5 * d), (0, y * h, 0.1 * d)), wood) for y in (0.3, 0.58, 0.86)]
    else:  # wrought-iron railing with spear tips
        parts += [Part(box((w, 0.04 * h, 0.4 * d), (0, y * h, 0)), wood) for y in (0.12, 0.8)]
        for x in np.arange(-w / 2 + 0.12, w / 2 - 0.06, 0.12):
            parts.append(Part(rod((x, 0.1 * h, 0), (x, 0.9 * h, 0), 0.1 * d, 6), wood))
            parts.append(Part(spike((x, 0.9 * h, 0), (x, h, 0), 0.2 * d, 4), wood))
    return fit(parts, p.size)


@generator("birdbath")
def birdbath(p: GenParams) -> list[Part]:
    """A birdbath: a bowl of water on a column; square modern pedestal or baluster column by variant."""
    p = by_shape(p, round=0, square=1)
    stone = p.mat("stone", "#b9b3a6")
    water = material("water", WATER)
    r = min(p.w, p.d) / 2
    if p.variant == 1:  # square modern pedestal
        parts = [Part(box((1.2 * r, 0.08 * p.h, 1.2 * r), (0, 0.04 * p.h, 0)), stone),
                 Part(box((0.4 * r, 0.8 * p.h, 0.4 * r), (0, 0.4 * p.h, 0)), stone),
                 Part(box((2 * r, 0.12 * p.h, 2 * r), (0, 0.86 * p.h, 0)), stone),
                 Part(box((1.7 * r, 0.02 * p.h, 1.7 * r), (0, 0.925 * p.h, 0)), water)]
        return fit(parts, p.size)
    bowl_y = 0.78 * p.h if p.variant == 0 else 0.7 * p.h
    parts = [Part(frustum(0.7 * r, 0.4 * r, 0.1 * p.h, (0, 0, 0), 16), stone),
             Part(frustum(0.2 * r, 0.15 * r, bowl_y - 0.1 * p.h, (0, 0.1 * p.h, 0), 12), stone),
             Part(frustum(0.25 * r, r, 0.12 * p.h, (0, bowl_y, 0), 20), stone),
             Part(cylinder(0.88 * r, 0.02 * p.h, (0, bowl_y + 0.12 * p.h, 0), 20), water)]
    if p.variant == 0:  # baluster bulge on the column
        parts.append(Part(ellipsoid((0.28 * r, 0.12 * p.h, 0.28 * r), (0, 0.45 * p.h, 0), 1), stone, smooth=True))
        return fit(parts, p.size)
    bird = material("fabric", "#6d4c41")  # a small bird perched on the rim
    rim = np.array([0.8 * r, bowl_y + 0.12 * p.h, 0])
    parts += [Part(ellipsoid((0.1 * r, 0.06 * p.h, 0.06 * r), rim + [0, 0.05 * p.h, 0], 1), bird, smooth=True),
              Part(sphere(0.06 * r, rim + [0.08 * r, 0.11 * p.h, 0], 1), bird, smooth=True),
              Part(spike(rim + [0.13 * r, 0.11 * p.h, 0], rim + [0.2 * r, 0.1 * p.h, 0], 0.02 * r, 5), material("plastic", "#f39c12"))]
    return fit(parts, p.size)


@generator("gravestone")
def gravestone(p: GenParams) -> list[Part]:
    """Facing +Z on a low plinth: v0 a round-topped headstone, v1 a cross, v2 an obelisk."""
    stone = p.mat("stone", ("#8f8c86", "#a9a59c", "#6f6d69")[p.variant])
    w, h, d = p.size
    base_h = 0.1 * h
    parts = [Part(box((w, base_h, d), (0, base_h / 2, 0)), stone)]
    if p.variant == 1:  # a cross: upright and arms
        bar = 0.22 * w
        parts += [Part(box((bar, h - base_h, 0.6 * d), (0, (h + base_h) / 2, 0)), stone),
                  Part(box((0.8 * w, bar, 0.6 * d), (0, 0.72 * h, 0)), stone)]
    elif p.variant == 2:  # an obelisk: a tapered shaft with a pyramid cap
        shaft_top = 0.85 * h
        parts += [Part(frustum(0.3 * min(w, d) * 1.2, 0.2 * min(w, d) * 1.2, shaft_top - base_h, (0, base_h, 0), 4),
                       stone),
                  Part(spike((0, shaft_top, 0), (0, h, 0), 0.2 * min(w, d) * 1.2, 4), stone)]
    else:  # a headstone: a slab with a rounded top and an engraved line
        slab_h = h - base_h - 0.35 * w
        parts += [Part(box((0.85 * w, slab_h, 0.7 * d), (0, base_h + slab_h / 2, 0)), stone),
                  Part(zcyl(0.425 * w, 0.7 * d, (0, base_h + slab_h, 0), 20), stone),
                  Part(box((0.5 * w, 0.03 * h, 0.72 * d), (0, base_h + 0.6 * slab_h, 0)), material("stone", "#4d4b48"))]
    return fit(parts, p.size)


@generator("stone_path")
def stone_path(p: GenParams) -> list[Part]:
    """A stone path along the depth: staggered flagstones, pavers in running bond, or another pattern."""
    stone = p.mat("stone", "#9a948a")
    rng = p.rng()
    w, h, d = p.size
    parts: list[Part] = []
    if p.variant == 0:  # irregular flagstones, two per row, staggered
        rows = max(2, int(d / 0.55))
        pitch = d / rows
        for i in range(rows):
            z = -d / 2 + (i + 0.5) * pitch
            for cx, share in ((-0.25 * w, 0.5), (0.25 * w, 0.5)) if i % 2 == 0 else ((-0.3 * w, 0.4), (0.2 * w, 0.6)):
                outline = around(7, 1.0, phase=rng.uniform(0, 1)) * rng.uniform(0.75, 1.0, (7, 1)) * [share * w / 2 * 0.92, 0, pitch / 2 * 0.92]
                parts.append(Part(hull(np.vstack([outline, outline + [0, h, 0]]) + [cx, 0, z]), stone))
    elif p.variant == 1:  # rectangular pavers in running bond
        rows = max(2, int(d / 0.4))
        pitch, gap = d / rows, 0.02 * w
        for i in range(rows):
            z = -d / 2 + (i + 0.5) * pitch
            joints = [-w / 2, 0, w / 2] if i % 2 == 0 else [-w / 2, -w / 4, w / 4, w / 2]
            for x0, x1 in zip(joints, joints[1:]):
                parts.append(Part(box((x1 - x0 - gap, h, pitch - gap), ((x0 + x1) / 2, h / 2, z)), stone))
    else:  # round stepping stones in a gentle zigzag
        count = max(2, int(d / 0.7))
        r = min(0.28 * w, 0.45 * d / count)
        for i in range(count):
            x = (0.5 * w - r) * (1 if i % 2 else -1)
            z = -d / 2 + r + i * (d - 2 * r) / (count - 1)
            parts.append(Part(cylinder(r * rng.uniform(0.9, 1.0), h, (x, h / 2, z), 12), stone))
    return fit(parts, p.size)


@generator("sign")
def sign(p: GenParams) -> list[Part]:
    """A sign: round road sign on a pole, wooden signpost with arrow boards, or a board."""
    p = by_shape(p, round=0, arrow=1)
    panel = p.mat(*(("metal", "#c0392b"), ("wood", "#a0703f"), ("wood", "#2e6b3a"))[p.variant])
    white = material("plastic", WHITE)
    w, h, d = p.size
    if p.variant == 0:  # round road sign on a pole
        r = w / 2
        return fit([Part(cylinder(0.35 * d, h - r, ((0), (h - r) / 2, -0.1 * d), 12), material("metal", "#9aa0a6")),
                    Part(zcyl(r, 0.2 * d, (0, h - r, 0.1 * d), 24), white),
                    Part(zcyl(0.82 * r, 0.3 * d, (0, h - r, 0.12 * d), 24), panel),
                    Part(box((1.1 * r, 0.2 * r, 0.35 * d), (0, h - r, 0.15 * d)), white)], p.size)
    if p.variant == 1:  # wooden signpost with two arrow boards
        post = material("wood", WOOD)
        parts = [Part(box((0.12 * w, h * 0.95, 0.8 * d), (0, h * 0.475, 0)), post),
                 Part(rot(cone(0.1 * w, 0.05 * h, (0, h * 0.95, 0), 4), np.pi / 4, (0, 1, 0)), post)]
        for y, side in ((0.8 * h, 1), (0.64 * h, -1)):
            tip, body = side * w / 2, side * 0.3 * w
            outline = [(-side * 0.25 * w, y - 0.05 * h), (body, y - 0.05 * h), (tip, y), (body, y + 0.05 * h), (-side * 0.25 * w, y + 0.05 * h)]
            parts.append(Part(hull([(x, yy, z) for x, yy in outline for z in (0.4 * d, 0.5 * d)]), panel))
        return fit(parts, p.size)
    post = material("wood", WOOD)  # notice board on two posts under a little roof
    parts = [Part(box((0.08 * w, 0.95 * h, 0.5 * d), (x, 0.475 * h, -0.2 * d)), post) for x in (-0.4 * w, 0.4 * w)]
    parts += [Part(box((0.9 * w, 0.38 * h, 0.3 * d), (0, 0.68 * h, 0.1 * d)), post),
              Part(box((0.8 * w, 0.33 * h, 0.3 * d), (0, 0.68 * h, 0.15 * d)), panel),
              Part(hull(gable(w, d, 0.9 * h, h, along_x=True)), material("ceramic", "#5b3a29"))]
    return fit(parts, p.size)


@generator("solar_panel")
def solar_panel(p: GenParams) -> list[Part]:
    """A solar panel: tilted modules on a frame; one or two modules, on a pole mount or legs."""
    cells = p.mat("plastic", "#1d2b53")
    frame = material("metal", "#c0c4c8")
    w, h, d = p.size
    tilt = np.radians(30 if p.variant == 2 else 38)
    length = d / np.cos(tilt)
    center_y = h - length / 2 * np.sin(tilt)
    modules = [(-0.25 * w, 0.48 * w), (0.25 * w, 0.48 * w)] if p.variant == 1 else [(0.0, w)]
    parts: list[Part] = []
    for cx, mw in modules:
        panel = [box((mw, 0.03 * h, length), (cx, 0, 0))]
        nx, nz = max(2, int(mw / 0.28)), max(3, int(length / 0.2))
        for i in range(nx):
            for k in range(nz):
                panel.append(box((mw / nx * 0.9, 0.035 * h, length / nz * 0.9), (cx - mw / 2 + (i + 0.5) * mw / nx, 0.005 * h, -length / 2 + (k + 0.5) * length / nz)))
        for j, mesh in enumerate(panel):
            rot(mesh, tilt, (1, 0, 0)).apply_translation((0, center_y, 0))
            parts.append(Part(mesh, frame if j == 0 else cells))
    if p.variant == 2:  # single pole mount
        parts += [Part(cylinder(0.04 * w, center_y, (0, center_y / 2, 0), 12), frame),
                  Part(box((0.25 * w, 0.02 * h, 0.25 * d), (0, 0.01 * h, 0)), frame)]
        return fit(parts, p.size)
    front_y = center_y - length / 2 * np.sin(tilt)
    for x in (-0.42 * w, 0.42 * w):  # A-frame legs: short at the front, tall at the back
        parts += [Part(rod((x, 0, 0.45 * d), (x, front_y, 0.45 * d), 0.02 * w, 6), frame),
                  Part(rod((x, 0, -0.45 * d), (x, h - 0.08 * h, -0.45 * d), 0.02 * w, 6), frame),
                  Part(rod((x, 0.03 * h, -0.45 * d), (x, 0.03 * h, 0.45 * d), 0.02 * w, 6), frame)]
    return fit(parts, p.size)


@generator("road")
def road(p: GenParams) -> list[Part]:
    """A road along the width: two lanes with a dashed centre line, or a double yellow line and zebra crossing."""
    asphalt = p.mat("stone", ("#3a3a3c", "#333335", "#2b2b2d")[p.variant])
    white, yellow = material("plastic", "#f4f4f0"), material("plastic", "#f2c230")
    w, h, d = p.size
    base_h, line_h = 0.75 * h, h
    line_w = 0.02 * d
    parts = [Part(box((w, base_h, d), (0, base_h / 2, 0)), asphalt)]

    def line(x0: float, x1: float, z: float, mat, width: float = line_w) -> Part:
        return Part(box((x1 - x0, line_h - base_h * 0.9, width), ((x0 + x1) / 2, (line_h + base_h * 0.9) / 2, z)), mat)

    def dashes(z: float) -> list[Part]:
        dash, gap = 0.5 * d, 0.75 * d
        starts = np.arange(-w / 2 + gap / 2, w / 2 - dash, dash + gap)
        return [line(x, x + dash, z, white) for x in starts]

    parts += [line(-w / 2, w / 2, side * 0.44 * d, white) for side in (-1, 1)]
    if p.variant == 0:  # two lanes, dashed centre line
        parts += dashes(0.0)
    elif p.variant == 1:  # double yellow centre line broken by a zebra crossing
        half = 0.25 * d
        for z in (-0.02 * d, 0.02 * d):
            parts += [line(-w / 2, -half, z, yellow), line(half, w / 2, z, yellow)]
        for z in np.linspace(-0.38 * d, 0.38 * d, 7):
            parts.append(line(-0.2 * d, 0.2 * d, z, white, 0.07 * d))
    else:  # four lanes
        for z in (-0.22 * d, 0.22 * d):
            parts += dashes(z)
        parts += [line(-w / 2, w / 2, z, yellow) for z in (-0.015 * d, 0.015 * d)]
    return fit(parts, p.size)
