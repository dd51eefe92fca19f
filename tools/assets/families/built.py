"""Built generators: windows, tents, benches, fountains, street furniture, buildings, paths, roads."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.nature import (
    around, by_shape, chamfered_box, ellipsoid, fit, frustum, hull, ring, rot, slab, spike, xcyl, zcyl,
)
from tools.assets.mesh import Part, box, cone, cylinder, material, rod, scaled, sphere
from tools.assets.registry import GenParams, generator

WOOD = "#6b4a2b"
IRON = "#2b2b2b"
WHITE = "#f4f1ea"
WATER = "#6fb7e0"
LIGHT = "#fff1c1"


def building_window(center, width: float, height: float, depth: float) -> list[Part]:
    """A window on a +Z facing wall: white frame with a dark reflective pane and a cross bar."""
    frame, pane = material("wood", WHITE), material("ceramic", "#41627e")
    x, y, z = center
    bar = 0.08 * min(width, height)
    return [Part(box((width, height, depth), (x, y, z)), frame),
            Part(box((width - 2 * bar, height - 2 * bar, depth * 1.4), (x, y, z)), pane),
            Part(box((bar * 0.6, height - 2 * bar, depth * 1.6), (x, y, z)), frame),
            Part(box((width - 2 * bar, bar * 0.6, depth * 1.6), (x, y, z)), frame)]


def gable(width: float, depth: float, eave_y: float, ridge_y: float, along_x: bool = True, overhang: float = 0.0) -> list:
    """(n, 3) corner points of a gable roof prism whose ridge runs along X (or Z)."""
    hw, hd = width / 2 + overhang, depth / 2 + overhang
    if along_x:
        return [(sx * hw, eave_y, sz * hd) for sx in (-1, 1) for sz in (-1, 1)] + [(sx * hw, ridge_y, 0) for sx in (-1, 1)]
    return [(sx * hw, eave_y, sz * hd) for sx in (-1, 1) for sz in (-1, 1)] + [(0, ridge_y, sz * hd) for sz in (-1, 1)]


def pyramid_roof(half: float, base_y: float, height: float) -> trimesh.Trimesh:
    """Four-sided pyramid, square footprint of side 2*half."""
    return hull([(sx * half, base_y, sz * half) for sx in (-1, 1) for sz in (-1, 1)] + [(0, base_y + height, 0)])


# ------------------------------------------------------------------ windows

@generator("window")
def window(p: GenParams) -> list[Part]:
    frame = p.mat("wood", WHITE)
    glass = material("glass", "#a8d4ef")
    f = 0.06 * min(p.w, p.h)
    depth = p.d * (0.7 if p.variant == 1 else 1.0)
    z = -(p.d - depth) / 2
    parts = [Part(box((p.w, f, depth), (0, p.h - f / 2, z)), frame), Part(box((p.w, f, depth), (0, f / 2, z)), frame),
             Part(box((f, p.h, depth), (-p.w / 2 + f / 2, p.h / 2, z)), frame), Part(box((f, p.h, depth), (p.w / 2 - f / 2, p.h / 2, z)), frame),
             Part(box((p.w - 2 * f, p.h - 2 * f, depth * 0.3), (0, p.h / 2, z)), glass)]
    bar = f * 0.6
    if p.variant == 0:  # casement: four panes
        xs, ys = [0.0], [p.h / 2]
    elif p.variant == 1:  # single pane over a deep sill
        xs, ys = [], []
        parts.append(Part(box((p.w, f * 0.8, p.d), (0, f * 0.4, 0)), frame))
    else:  # sash: six panes, heavier meeting rail
        xs, ys = [-(p.w - 2 * f) / 6, (p.w - 2 * f) / 6], [p.h / 2]
        parts.append(Part(box((p.w - 2 * f, f, depth * 0.9), (0, p.h / 2, z)), frame))
    parts += [Part(box((bar, p.h - 2 * f, depth * 0.8), (x, p.h / 2, z)), frame) for x in xs]
    parts += [Part(box((p.w - 2 * f, bar, depth * 0.8), (0, y, z)), frame) for y in ys]
    return fit(parts, p.size)


# ------------------------------------------------------------- camping, park

@generator("tent")
def tent(p: GenParams) -> list[Part]:
    canvas = p.mat("fabric", ("#d9822b", "#2e86c1", "#e8dcc0")[p.variant])
    dark = material("fabric", "#3a2e25")
    pole = material("wood", WOOD)
    if p.variant == 0:  # ridge tent, door on the front gable
        parts = [Part(hull(gable(p.w, p.d * 0.96, 0, p.h * 0.96, along_x=False)), canvas),
                 Part(hull([(-0.22 * p.w, 0, 0.49 * p.d), (0.22 * p.w, 0, 0.49 * p.d), (0, 0.7 * p.h, 0.49 * p.d),
                            (-0.22 * p.w, 0, 0.5 * p.d), (0.22 * p.w, 0, 0.5 * p.d), (0, 0.7 * p.h, 0.5 * p.d)]), dark)]
        parts += [Part(rod((0, 0, z * p.d), (0, p.h, z * p.d), 0.012 * p.w, 6), pole) for z in (-0.47, 0.47)]
        return fit(parts, p.size)
    if p.variant == 1:  # dome tent with an oval door
        rings = [around(14, np.cos(a), np.sin(a)) for a in np.linspace(0, 1.35, 6)]
        dome = hull(np.vstack(rings + [[(0, 1, 0)]]) * [p.w / 2, p.h, p.d / 2])
        door = ellipsoid((0.22 * p.w, 0.32 * p.h, 0.04 * p.d), (0, 0.28 * p.h, 0.46 * p.d), 1)
        return fit([Part(dome, canvas), Part(door, dark)], p.size)
    r = min(p.w, p.d) / 2  # teepee with poles crossing above the apex
    parts = [Part(cone(r, 0.85 * p.h, (0, 0, 0), 12), canvas),
             Part(hull([(-0.18 * r, 0, 0.93 * r), (0.18 * r, 0, 0.93 * r), (0, 0.4 * p.h, 0.5 * r), (0, 0.0, 0.99 * r)]), dark)]
    for x, _, z in around(5, 0.35 * r, phase=0.2):
        parts.append(Part(rod((-x * 0.3, 0.6 * p.h, -z * 0.3), (x, p.h, z), 0.02 * r, 6), pole))
    return fit(parts, p.size)


@generator("bench")
def bench(p: GenParams) -> list[Part]:
    wood = p.mat("wood", ("#8b5a2b", "#a0703f", "#7a5230")[p.variant])
    frame = material("metal", IRON) if p.variant != 1 else material("stone", "#a8a39a")
    seat_y = 0.53 * p.h
    seat_d = 0.72 * p.d
    seat_z = p.d / 2 - seat_d / 2
    parts: list[Part] = []
    if p.variant == 0:  # park bench: slats on cast-iron sides, slatted back leaning back
        for i in range(4):
            z = seat_z + (i - 1.5) * seat_d / 4
            parts.append(Part(box((p.w, 0.035 * p.h, seat_d / 4 * 0.8), (0, seat_y, z)), wood))
        for i in range(3):
            y0 = seat_y + 0.12 * p.h + i * 0.11 * p.h
            z0 = -p.d / 2 + 0.15 * p.d - (y0 - seat_y) / (p.h - seat_y) * 0.12 * p.d
            parts.append(Part(box((p.w, 0.08 * p.h, 0.03 * p.d), (0, y0, z0)), wood))
        for x in (-0.44 * p.w, 0.44 * p.w):
            parts += [Part(rod((x, 0, 0.45 * p.d), (x, seat_y, 0.35 * p.d), 0.03 * p.d, 8), frame),
                      Part(rod((x, 0, -0.2 * p.d), (x, p.h, -0.5 * p.d), 0.03 * p.d, 8), frame),
                      Part(rod((x, seat_y + 0.2 * p.h, -0.3 * p.d), (x, seat_y + 0.22 * p.h, 0.45 * p.d), 0.025 * p.d, 8), frame),
                      Part(rod((x, seat_y + 0.22 * p.h, 0.45 * p.d), (x, seat_y, 0.45 * p.d), 0.025 * p.d, 8), frame)]
        return fit(parts, p.size)
    if p.variant == 1:  # modern: two stone blocks, thick seat, solid back on posts
        for x in (-0.35 * p.w, 0.35 * p.w):
            parts.append(Part(box((0.12 * p.w, seat_y - 0.04 * p.h, seat_d), (x, (seat_y - 0.04 * p.h) / 2, seat_z)), frame))
            parts.append(Part(box((0.05 * p.w, p.h - seat_y, 0.08 * p.d), (x, seat_y + (p.h - seat_y) / 2, -0.42 * p.d)), frame))
        parts.append(Part(box((p.w, 0.08 * p.h, seat_d), (0, seat_y - 0.04 * p.h, seat_z)), wood))
        parts.append(Part(box((p.w, 0.3 * p.h, 0.07 * p.d), (0, p.h - 0.15 * p.h, -0.47 * p.d)), wood))
        return fit(parts, p.size)
    for x in (-0.4 * p.w, 0.4 * p.w):  # rustic: splayed log legs, a plank back on posts
        for z in (seat_z - 0.35 * seat_d, seat_z + 0.35 * seat_d):
            parts.append(Part(rod((x * 1.1, 0, z + np.sign(z - seat_z) * 0.05 * p.d), (x, seat_y, z), 0.035 * p.d, 8), frame))
        parts.append(Part(rod((x, seat_y, -0.4 * p.d), (x, p.h, -0.47 * p.d), 0.03 * p.d, 8), wood))
    parts.append(Part(chamfered_box((p.w, 0.09 * p.h, seat_d), (0, seat_y, seat_z), 0.2), wood))
    parts.append(Part(chamfered_box((p.w * 0.95, 0.17 * p.h, 0.06 * p.d), (0, p.h - 0.1 * p.h, -0.46 * p.d), 0.2), wood))
    return fit(parts, p.size)


@generator("fountain")
def fountain(p: GenParams) -> list[Part]:
    p = by_shape(p, round=0, square=1, octagonal=2)
    stone = p.mat("stone", "#b9b3a6")
    water = material("water", WATER)
    r = min(p.w, p.d) / 2
    wall_h = 0.25 * p.h
    parts: list[Part] = []
    if p.variant == 1:  # square basin, obelisk spout
        t = 0.08 * r
        for sx, sz, lx, lz in ((0, 1, 2 * r, t), (0, -1, 2 * r, t), (1, 0, t, 2 * r), (-1, 0, t, 2 * r)):
            parts.append(Part(box((lx, wall_h, lz), (sx * (r - t / 2), wall_h / 2, sz * (r - t / 2))), stone))
        parts.append(Part(box((2 * r - 2 * t, 0.8 * wall_h, 2 * r - 2 * t), (0, 0.4 * wall_h, 0)), water))
        parts.append(Part(rot(frustum(0.18 * r, 0.08 * r, 0.75 * p.h, (0, 0, 0), 4), np.pi / 4, (0, 1, 0)), stone))
        parts.append(Part(sphere(0.1 * r, (0, 0.78 * p.h, 0), 1), stone))
        for x, _, z in around(4, 0.12 * r, 0.6 * p.h):
            parts.append(Part(spike((x, 0.6 * p.h, z), (x * 4, 0.75 * wall_h, z * 4), 0.03 * r, 6), water))
        parts.append(Part(spike((0, 0.85 * p.h, 0), (0, p.h, 0), 0.03 * r, 6), water))
        return fit(parts, p.size)
    sections = 24 if p.variant == 0 else 8
    parts += [Part(ring(0.9 * r, r, wall_h, (0, wall_h / 2, 0), sections), stone),
              Part(cylinder(0.92 * r, 0.8 * wall_h, (0, 0.4 * wall_h, 0), sections), water),
              Part(cylinder(0.08 * r, 0.55 * p.h, (0, 0.275 * p.h, 0), 12), stone),
              Part(frustum(0.08 * r, 0.45 * r, 0.08 * p.h, (0, 0.5 * p.h, 0), sections), stone),
              Part(cylinder(0.4 * r, 0.02 * p.h, (0, 0.58 * p.h, 0), sections), water)]
    if p.variant == 0:  # second, smaller tier and a jet
        parts += [Part(cylinder(0.05 * r, 0.2 * p.h, (0, 0.68 * p.h, 0), 10), stone),
                  Part(frustum(0.05 * r, 0.22 * r, 0.06 * p.h, (0, 0.75 * p.h, 0), 16), stone),
                  Part(spike((0, 0.8 * p.h, 0), (0, p.h, 0), 0.04 * r, 8), water)]
    else:  # octagonal: a curtain of water falls from the single bowl, a ball on top
        parts += [Part(frustum(0.45 * r, 0.6 * r, 0.4 * p.h, (0, 0.18 * p.h, 0), 8), water),
                  Part(cylinder(0.06 * r, 0.2 * p.h, (0, 0.68 * p.h, 0), 8), stone),
                  Part(sphere(0.14 * r, (0, p.h - 0.14 * r, 0), 1), stone)]
    return fit(parts, p.size)


@generator("lamp_post")
def lamp_post(p: GenParams) -> list[Part]:
    metal = p.mat("metal", IRON)
    light = material("emissive", LIGHT)
    r = min(p.w, p.d) / 2
    pole_r = max(0.15 * r, 0.02)
    parts = [Part(frustum(0.7 * r, 0.4 * r, 0.08 * p.h, (0, 0, 0), 12), metal)]
    if p.variant == 0:  # classic lantern with a pyramid cap
        top = 0.82 * p.h
        parts += [Part(cylinder(pole_r, top, (0, top / 2, 0), 12), metal),
                  Part(frustum(0.35 * r, 0.8 * r, 0.02 * p.h, (0, top, 0), 4), metal),
                  Part(rot(frustum(0.55 * r, 0.75 * r, 0.11 * p.h, (0, top + 0.01 * p.h, 0), 4), np.pi / 4, (0, 1, 0)), light),
                  Part(rot(cone(0.95 * r, 0.05 * p.h, (0, top + 0.12 * p.h, 0), 4), np.pi / 4, (0, 1, 0)), metal),
                  Part(sphere(0.12 * r, (0, p.h - 0.12 * r, 0), 1), metal)]
        return fit(parts, p.size)
    if p.variant == 1:  # modern: curved arm over the street, flat head lit underneath
        top = 0.92 * p.h
        parts += [Part(cylinder(pole_r, top, (0, top / 2, -0.7 * r), 12), metal),
                  Part(rod((0, top, -0.7 * r), (0, p.h - 0.02 * p.h, 0.1 * r), pole_r * 0.8, 8), metal),
                  Part(chamfered_box((0.8 * r, 0.04 * p.h, 1.0 * r), (0, p.h - 0.02 * p.h, 0.5 * r), 0.3), metal),
                  Part(box((0.6 * r, 0.01 * p.h, 0.8 * r), (0, p.h - 0.045 * p.h, 0.5 * r)), light)]
        return fit(parts, p.size)
    top = 0.85 * p.h  # two globes on a crossbar
    parts += [Part(cylinder(pole_r, top, (0, top / 2, 0), 12), metal),
              Part(xcyl(pole_r * 0.6, 1.5 * r, (0, top, 0), 8), metal)]
    for x in (-0.75 * r, 0.75 * r):
        parts += [Part(cylinder(0.12 * r, 0.03 * p.h, (x, top + 0.015 * p.h, 0), 8), metal),
                  Part(sphere(0.25 * r, (x, top + 0.03 * p.h + 0.25 * r, 0), 2), light, smooth=True)]
    parts.append(Part(spike((0, top, 0), (0, p.h, 0), pole_r, 8), metal))
    return fit(parts, p.size)


@generator("umbrella")
def umbrella(p: GenParams) -> list[Part]:
    p = by_shape(p, round=0, square=1)
    canopy = p.mat("fabric", ("#c0392b", "#f5f0e1", "#2e86c1")[p.variant])
    pole_mat = material("metal", "#c0c4c8") if p.variant != 1 else material("wood", WOOD)
    r = min(p.w, p.d) / 2
    rim_y, peak_y = 0.74 * p.h, 0.95 * p.h
    parts = [Part(rod((0, 0, 0), (0, p.h, 0), max(0.02 * r, 0.012), 8), pole_mat),
             Part(sphere(0.03 * r, (0, p.h - 0.03 * r, 0), 1), pole_mat)]
    if p.variant == 0:  # round canopy on a cross stand
        parts.append(Part(cone(r, peak_y - rim_y, (0, rim_y, 0), 16), canopy))
        parts += [Part(rod((-0.3 * r * s, 0.01, -0.3 * r * t), (0.3 * r * s, 0.01, 0.3 * r * t), 0.02 * r, 6), pole_mat) for s, t in ((1, 0), (0, 1))]
    elif p.variant == 1:  # square market parasol on a heavy base
        parts.append(Part(rot(cone(r * np.sqrt(2), peak_y - rim_y, (0, rim_y, 0), 4), np.pi / 4, (0, 1, 0)), canopy))
        parts.append(Part(box((0.4 * r, 0.05 * p.h, 0.4 * r), (0, 0.025 * p.h, 0)), material("stone", "#8b8680")))
    else:  # striped beach umbrella stuck in the sand
        white = material("fabric", WHITE)
        rim = around(8, r, rim_y)
        for i in range(8):
            a, b = rim[i], rim[(i + 1) % 8]
            wedge = hull([a, b, (0, peak_y, 0), a + [0, 0.02 * p.h, 0], b + [0, 0.02 * p.h, 0], (0, peak_y + 0.02 * p.h, 0)])
            parts.append(Part(wedge, canopy if i % 2 else white))
    return fit(parts, p.size)


@generator("sun_lounger")
def sun_lounger(p: GenParams) -> list[Part]:
    body = p.mat(*(("wood", "#b07a45"), ("fabric", "#2e86c1"), ("plastic", "#f4f4f0"))[p.variant])
    frame = material("metal", "#c0c4c8") if p.variant == 1 else body
    deck_y = 0.6 * p.h
    hinge_z = -0.15 * p.d
    back_top = (0, p.h, -p.d / 2 + 0.02 * p.d)
    parts: list[Part] = []
    if p.variant == 0:  # slatted wooden lounger
        for x in (-0.45 * p.w, 0.45 * p.w):
            parts.append(Part(box((0.06 * p.w, 0.12 * p.h, p.d * 0.7), (x, deck_y - 0.06 * p.h, 0.15 * p.d)), frame))
            for z in (-0.1 * p.d, 0.45 * p.d):
                parts.append(Part(box((0.08 * p.w, deck_y, 0.04 * p.d), (x, deck_y / 2, z)), frame))
        for i in range(12):
            z = hinge_z + (i + 0.5) * (p.d / 2 - hinge_z) / 12
            parts.append(Part(box((p.w * 0.96, 0.05 * p.h, 0.035 * p.d), (0, deck_y + 0.025 * p.h, z)), body))
        parts.append(Part(slab((0, deck_y + 0.03 * p.h, hinge_z), back_top, p.w * 0.96, 0.04 * p.h), body))
        parts.append(Part(box((0.08 * p.w, deck_y, 0.04 * p.d), (0, deck_y / 2, -0.45 * p.d)), frame))
        return fit(parts, p.size)
    if p.variant == 1:  # padded mattress on a tube frame with wheels at the head
        for x in (-0.45 * p.w, 0.45 * p.w):
            parts.append(Part(rod((x, deck_y - 0.1 * p.h, -0.45 * p.d), (x, deck_y - 0.1 * p.h, 0.48 * p.d), 0.02 * p.w, 8), frame))
            parts.append(Part(rod((x, 0, 0.45 * p.d), (x, deck_y - 0.1 * p.h, 0.45 * p.d), 0.02 * p.w, 8), frame))
            parts.append(Part(xcyl(0.12 * p.h, 0.04 * p.w, (x, 0.12 * p.h, -0.44 * p.d), 12), material("plastic", "#222222")))
        parts.append(Part(chamfered_box((p.w * 0.92, 0.15 * p.h, p.d / 2 - hinge_z), (0, deck_y, (p.d / 2 + hinge_z) / 2), 0.3), body))
        parts.append(Part(slab((0, deck_y, hinge_z), back_top, p.w * 0.92, 0.15 * p.h), body))
        return fit(parts, p.size)
    foot = material("plastic", "#d8d8d2")  # one-piece moulded plastic
    parts.append(Part(hull([(sx * p.w / 2, deck_y + dy, z) for sx in (-1, 1) for dy in (0, 0.08 * p.h) for z in (hinge_z, p.d / 2)]), body))
    parts.append(Part(slab((0, deck_y + 0.04 * p.h, hinge_z), back_top, p.w, 0.08 * p.h), body))
    for z in (-0.4 * p.d, 0.42 * p.d):
        parts.append(Part(box((p.w * 0.9, deck_y, 0.06 * p.d), (0, deck_y / 2, z)), foot))
    return fit(parts, p.size)


# ------------------------------------------------------------ farm, village

@generator("well")
def well(p: GenParams) -> list[Part]:
    stone = p.mat("stone", "#9a948a")
    wood = material("wood", WOOD)
    roof = material("ceramic", "#7a3b2e")
    dark_water = material("water", "#24455c")
    r = min(p.w, p.d) / 2
    wall_h = 0.38 * p.h
    parts: list[Part] = []
    if p.variant == 1:  # square brick well, four posts, pyramid roof
        t = 0.15 * r
        for sx, sz, lx, lz in ((0, 1, 1.6 * r, t), (0, -1, 1.6 * r, t), (1, 0, t, 1.6 * r), (-1, 0, t, 1.6 * r)):
            parts.append(Part(box((lx, wall_h, lz), (sx * (0.8 * r - t / 2), wall_h / 2, sz * (0.8 * r - t / 2))), stone))
        parts.append(Part(box((1.6 * r - 2 * t, 0.8 * wall_h, 1.6 * r - 2 * t), (0, 0.4 * wall_h, 0)), dark_water))
        for sx in (-1, 1):
            for sz in (-1, 1):
                parts.append(Part(box((0.08 * r, 0.75 * p.h, 0.08 * r), (sx * 0.72 * r, 0.375 * p.h, sz * 0.72 * r)), wood))
        parts.append(Part(pyramid_roof(r, 0.75 * p.h, 0.25 * p.h), roof))
        return fit(parts, p.size)
    parts += [Part(ring(0.72 * r, 0.9 * r, wall_h, (0, wall_h / 2, 0), 20), stone),
              Part(cylinder(0.75 * r, 0.8 * wall_h, (0, 0.4 * wall_h, 0), 20), dark_water)]
    bucket = [Part(frustum(0.12 * r, 0.15 * r, 0.1 * p.h, (0.1 * r, 0.45 * p.h, 0), 10), wood),
              Part(rod((0.1 * r, 0.55 * p.h, 0), (0.1 * r, 0.7 * p.h, 0), 0.01 * r, 4), material("fabric", "#c8b58a"))]
    if p.variant == 0:  # round well under a gable roof, crank and bucket
        for x in (-0.82 * r, 0.82 * r):
            parts.append(Part(box((0.1 * r, 0.82 * p.h, 0.1 * r), (x, 0.41 * p.h, 0)), wood))
        parts += [Part(xcyl(0.05 * r, 2 * r, (0, 0.7 * p.h, 0), 8), wood),
                  Part(rod((r, 0.7 * p.h, 0), (r, 0.62 * p.h, 0.1 * r), 0.03 * r, 6), wood),
                  Part(hull(gable(2 * r, 1.4 * r, 0.78 * p.h, p.h, along_x=True)), roof)]
        return fit(parts + bucket, p.size)
    for x in (-0.85 * r, 0.85 * r):  # A-frames carrying a pulley wheel
        for z in (-0.3 * r, 0.3 * r):
            parts.append(Part(rod((x, 0, z), (x * 0.9, 0.95 * p.h, 0), 0.05 * r, 8), wood))
    parts += [Part(xcyl(0.04 * r, 1.8 * r, (0, 0.93 * p.h, 0), 8), wood),
              Part(xcyl(0.12 * r, 0.04 * r, (0.1 * r, 0.93 * p.h, 0), 16), material("metal", IRON))]
    bucket[1] = Part(rod((0.1 * r, 0.55 * p.h, 0), (0.1 * r, 0.93 * p.h, 0), 0.01 * r, 4), material("fabric", "#c8b58a"))
    return fit(parts + bucket, p.size)


@generator("house")
def house(p: GenParams) -> list[Part]:
    walls = p.mat("stone", ("#e9dfc8", "#c9d6df", "#f0e2b6")[p.variant])
    roof = material("ceramic", ("#8e3b2e", "#4a4f57", "#5b3a29")[p.variant])
    door = material("wood", WOOD)
    w, h, d = p.size
    if p.variant == 2:  # tall narrow gable to the front, two storeys
        wall_h = 0.62 * h
        parts = [Part(box((0.9 * w, wall_h, 0.92 * d), (0, wall_h / 2, 0)), walls),
                 Part(hull(gable(0.9 * w, 0.92 * d, wall_h, h, along_x=False, overhang=0.05 * w)), roof),
                 Part(box((0.14 * w, 0.32 * h, 0.02 * d), (0.2 * w, 0.16 * h, 0.46 * d)), door),
                 Part(zcyl(0.06 * w, 0.03 * d, (0, 0.76 * h, 0.47 * d), 16), material("ceramic", "#41627e"))]
        for x, y in ((-0.22 * w, 0.2 * h), (-0.22 * w, 0.46 * h), (0.2 * w, 0.46 * h)):
            parts += building_window((x, y, 0.46 * d), 0.16 * w, 0.16 * h, 0.02 * d)
        return fit(parts, p.size)
    wall_h = 0.55 * h
    body_d = 0.9 * d if p.variant == 0 else 0.75 * d
    body_z = (d - body_d) / 2 * (-1 if p.variant == 1 else 0)
    ridge = (w / 2, h * 0.95, 0) if p.variant == 0 else (0.2 * w, h * 0.95, 0)
    roof_pts = [(sx * w / 2, wall_h, body_z + sz * (body_d / 2 + 0.04 * d)) for sx in (-1, 1) for sz in (-1, 1)]
    roof_pts += [(sx * ridge[0], ridge[1], body_z) for sx in (-1, 1)]
    front = body_z + body_d / 2
    parts = [Part(box((0.94 * w, wall_h, body_d), (0, wall_h / 2, body_z)), walls), Part(hull(roof_pts), roof),
             Part(box((0.08 * w, 0.3 * h, 0.08 * w), (0.25 * w, 0.85 * h, body_z - 0.1 * d)), material("stone", "#8a5a44")),
             Part(box((0.13 * w, 0.33 * h, 0.02 * d), (0, 0.165 * h, front)), door)]
    for x in (-0.3 * w, 0.3 * w):
        parts += building_window((x, 0.28 * h, front), 0.16 * w, 0.18 * h, 0.02 * d)
    if p.variant == 1:  # hip roof and a front porch on posts
        for x in (-0.12 * w, 0.12 * w):
            parts.append(Part(box((0.03 * w, 0.38 * h, 0.03 * w), (x, 0.19 * h, d / 2 - 0.02 * d)), material("wood", WHITE)))
        parts.append(Part(hull([(sx * 0.15 * w, 0.38 * h, d / 2) for sx in (-1, 1)] + [(sx * 0.15 * w, 0.45 * h, front) for sx in (-1, 1)]
                               + [(sx * 0.15 * w, 0.42 * h, front) for sx in (-1, 1)]), roof))
    return fit(parts, p.size)


@generator("barn")
def barn(p: GenParams) -> list[Part]:
    red = p.mat("wood", "#a32a1f")
    trim = material("wood", WHITE)
    roof = material("plastic", "#5f6670")
    w, h, d = p.size
    body_w = w if p.variant == 0 else 0.7 * w
    cx = 0 if p.variant == 0 else -0.15 * w
    wall_h = 0.45 * h
    if p.variant == 0:  # gambrel roof
        profile = [(-0.5, 0.45), (-0.36, 0.78), (0, 1.0), (0.36, 0.78), (0.5, 0.45)]
    else:
        profile = [(-0.5, 0.45), (0, 0.9), (0.5, 0.45)]
    roof_pts = [(cx + px * body_w * 1.02, py * h, sz * d / 2) for px, py in profile for sz in (-1, 1)]
    front = 0.47 * d
    parts = [Part(box((0.96 * body_w, wall_h, 0.94 * d), (cx, wall_h / 2, 0)), red),
             Part(hull([(cx + px * body_w * 0.96, py * h * 0.995, sz * 0.47 * d) for px, py in profile for sz in (-1, 1)]), red),
             Part(hull(roof_pts + [(cx + px * body_w * 0.9, py * h - 0.02 * h, sz * d / 2) for px, py in profile for sz in (-1, 1)]), roof),
             Part(box((0.36 * body_w, 0.38 * h, 0.02 * d), (cx, 0.19 * h, front)), trim),
             Part(box((0.32 * body_w, 0.35 * h, 0.03 * d), (cx, 0.175 * h, front)), red),
             Part(box((0.12 * body_w, 0.1 * h, 0.03 * d), (cx, 0.6 * h, front)), material("wood", "#3a2a20"))]
    for sx in (-1, 1):  # white X braces on the big door
        low, high = (cx - sx * 0.15 * body_w, 0.02 * h, front + 0.02 * d), (cx + sx * 0.15 * body_w, 0.33 * h, front + 0.02 * d)
        parts.append(Part(slab(low, high, 0.02 * w, 0.01 * d, up=(0, 0, 1)), trim))
    if p.variant == 1:  # lean-to shed on the right
        parts.append(Part(box((0.3 * w, 0.3 * h, 0.8 * d), (0.35 * w, 0.15 * h, 0)), red))
        parts.append(Part(hull([(0.2 * w, 0.5 * h, sz * 0.42 * d) for sz in (-1, 1)] + [(0.5 * w, 0.3 * h, sz * 0.42 * d) for sz in (-1, 1)]
                               + [(0.2 * w, 0.47 * h, sz * 0.42 * d) for sz in (-1, 1)]), roof))
    if p.variant == 2:  # silo with a domed cap
        silo = material("plastic", "#c8ccd2")
        parts += [Part(cylinder(0.12 * w, 0.85 * h, (0.37 * w, 0.425 * h, -0.2 * d), 20), silo),
                  Part(scaled(sphere(1, (0, 0, 0), 2), (0.12 * w, 0.15 * h, 0.12 * w)).apply_translation((0.37 * w, 0.85 * h, -0.2 * d)), silo)]
    return fit(parts, p.size)


def sail(hub, angle: float, length: float, width: float, depth: float, cloth, spar) -> list[Part]:
    """One windmill sail in the XY plane: a spar from ``hub`` (3,) at ``angle`` and a cloth panel along its outer part."""
    hub = np.asarray(hub, dtype=float)
    out = np.array([np.cos(angle), np.sin(angle), 0.0])
    return [Part(rod(hub, hub + out * length, width * 0.08, 6), spar),
            Part(slab(hub + out * length * 0.25, hub + out * length, width, depth, up=(0, 0, 1)), cloth)]


@generator("windmill")
def windmill(p: GenParams) -> list[Part]:
    tower = p.mat(*(("stone", "#e8e0cc"), ("plastic", "#f4f4f4"), ("wood", "#8b5a2b"))[p.variant])
    cloth, spar = material("fabric", "#f4efe0"), material("wood", WOOD)
    w, h, d = p.size
    r = min(w, d) / 2
    if p.variant == 1:  # wind turbine: slender mast, nacelle, three blades
        blade = 0.55 * w
        hub = np.array([0, h - blade, 0.15 * d])
        parts = [Part(frustum(0.08 * r, 0.05 * r, hub[1], (0, 0, 0), 12), tower),
                 Part(chamfered_box((0.1 * r, 0.09 * r, 0.35 * r), (0, hub[1], 0.0), 0.3), tower),
                 Part(sphere(0.06 * r, hub, 1), tower)]
        for k in range(3):
            a = np.pi / 2 + k * 2 * np.pi / 3
            tip = hub + blade * np.array([np.cos(a), np.sin(a), 0])
            parts.append(Part(slab(hub, tip, 0.05 * w, 0.02 * d, up=(0, 0, 1)), tower))
        return fit(parts, p.size)
    if p.variant == 0:  # tower mill: octagonal tower, cap, four sails in an X
        arm = 0.7 * w
        hub = np.array([0, 0.66 * h, 0.3 * r])
        parts = [Part(frustum(0.6 * r, 0.4 * r, 0.62 * h, (0, 0, 0), 8), tower),
                 Part(ellipsoid((0.45 * r, 0.08 * h, 0.45 * r), (0, 0.62 * h, 0), 1), material("wood", "#5b3a29")),
                 Part(box((0.25 * r, 0.1 * h, 0.05 * r), (0, 0.05 * h, 0.55 * r)), material("wood", "#3a2a20")),
                 Part(zcyl(0.06 * r, 0.5 * r, hub - [0, 0, 0.2 * r], 8), spar)]
        for k in range(4):
            parts += sail(hub, np.pi / 4 + k * np.pi / 2, arm, 0.12 * w, 0.02 * d, cloth, spar)
        return fit(parts, p.size)
    arm = 0.5 * w  # post mill: a wooden house on a trestle, sails in a plus
    hub = np.array([0, h - arm, 0.55 * r])
    body_y, body_top = 0.25 * h, hub[1] + 0.06 * h
    parts = [Part(box((0.15 * r, body_y, 0.15 * r), (0, body_y / 2, 0)), spar),
             Part(box((1.1 * r, body_top - body_y, 1.0 * r), (0, (body_y + body_top) / 2, 0)), tower),
             Part(hull(gable(1.1 * r, 1.0 * r, body_top, body_top + 0.1 * h, along_x=False, overhang=0.05 * r)), material("wood", "#5b3a29")),
             Part(box((0.3 * r, 0.12 * h, 0.05 * r), (0, body_y + 0.08 * h, 0.5 * r)), material("wood", "#3a2a20")),
             Part(zcyl(0.05 * r, 0.3 * r, hub - [0, 0, 0.1 * r], 8), spar)]
    for x, _, z in around(4, 0.5 * r, phase=np.pi / 4):
        parts.append(Part(rod((x, 0, z), (0, 0.35 * body_y, 0), 0.04 * r, 6), spar))
    for k in range(4):
        parts += sail(hub, k * np.pi / 2, arm, 0.1 * w, 0.02 * d, cloth, spar)
    return fit(parts, p.size)


@generator("market_stall")
def market_stall(p: GenParams) -> list[Part]:
    canopy = p.mat("fabric", ("#c0392b", "#2e86c1", "#27ae60")[p.variant])
    wood = material("wood", "#a0703f")
    white = material("fabric", WHITE)
    w, h, d = p.size
    counter_h = 0.4 * h
    parts = [Part(box((w * 0.96, counter_h, 0.4 * d), (0, counter_h / 2, 0.28 * d)), wood)]
    post_h = 0.8 * h if p.variant == 0 else 0.85 * h
    for sx in (-1, 1):
        for sz in (-1, 1):
            top = post_h if (p.variant != 0 or sz > 0) else 0.95 * h
            parts.append(Part(box((0.04 * w, top, 0.04 * w), (sx * 0.46 * w, top / 2, sz * 0.45 * d)), wood))
    fruit = [material("plastic", c) for c in ("#e74c3c", "#f39c12", "#8bc34a")]
    for i, x in enumerate((-0.3 * w, 0, 0.3 * w)):  # crates of produce on the counter
        parts.append(Part(box((0.22 * w, 0.06 * h, 0.3 * d), (x, counter_h + 0.03 * h, 0.28 * d)), material("wood", "#c9a26b")))
        for dx, _, dz in around(4, 0.05 * w, phase=i):
            parts.append(Part(sphere(0.035 * w, (x + dx, counter_h + 0.07 * h, 0.28 * d + dz), 1), fruit[i]))
    if p.variant == 0:  # striped awning sloping to the front
        strips = 6
        for i in range(strips):
            x0 = -w / 2 + i * w / strips
            parts.append(Part(hull([(x, y, z) for x in (x0, x0 + w / strips) for y, z in ((h, -0.5 * d), (0.78 * h, 0.5 * d))]
                                   + [(x, y - 0.02 * h, z) for x in (x0, x0 + w / strips) for y, z in ((h, -0.5 * d), (0.78 * h, 0.5 * d))]),
                              canopy if i % 2 == 0 else white))
    elif p.variant == 1:  # kiosk: flat roof, back wall, name board
        parts += [Part(box((w, 0.05 * h, d), (0, h - 0.025 * h, 0)), canopy),
                  Part(box((w * 0.9, 0.12 * h, 0.03 * d), (0, post_h - 0.04 * h, 0.48 * d)), white),
                  Part(box((w * 0.92, post_h, 0.03 * d), (0, post_h / 2, -0.45 * d)), canopy)]
    else:  # peaked tent roof
        parts.append(Part(hull([(sx * w / 2, post_h, sz * d / 2) for sx in (-1, 1) for sz in (-1, 1)] + [(0, h, 0)]), canopy))
        parts.append(Part(box((w, 0.06 * h, d), (0, post_h - 0.03 * h, 0)), white))
    return fit(parts, p.size)


# ------------------------------------------------------- garden, street bits

@generator("fence")
def fence(p: GenParams) -> list[Part]:
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


@generator("stone_path")
def stone_path(p: GenParams) -> list[Part]:
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
