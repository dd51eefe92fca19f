"""Outdoor structures: windows, tents, benches, fountains, lamp posts, umbrellas, loungers, wells."""

from __future__ import annotations

import numpy as np

from tools.assets.families.built import IRON, LIGHT, WATER, WHITE, WOOD, gable, pyramid_roof
from tools.assets.mesh import Part, box, cone, cylinder, material, rod, sphere, with_pattern
from tools.assets.registry import GenParams, by_shape, generator
from tools.assets.shapes import around, chamfered_box, ellipsoid, fit, frustum, hull, ring, rot, spike, strip, xcyl

# ------------------------------------------------------------------ windows

@generator("window")
def window(p: GenParams) -> list[Part]:
    """A window: framed glass; casement with four panes, or a single pane over a deep sill."""
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
    """A tent: ridge tent with a door on the front gable, or a dome tent with an oval door."""
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
    """A bench: park bench with cast-iron sides, modern stone-block bench, or a third style."""
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
    """A fountain: round basin, square basin with an obelisk spout, or a second, smaller tier with a jet."""
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
    """A lamp post: classic lantern with a pyramid cap, or a modern curved arm with a flat head."""
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
    """A parasol: round canopy on a cross stand, or a square market parasol on a heavy base."""
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
    """A sun lounger: slatted wood, padded mattress on a tube frame, or plastic."""
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
        parts.append(Part(strip((0, deck_y + 0.03 * p.h, hinge_z), back_top, p.w * 0.96, 0.04 * p.h), body))
        parts.append(Part(box((0.08 * p.w, deck_y, 0.04 * p.d), (0, deck_y / 2, -0.45 * p.d)), frame))
        return fit(parts, p.size)
    if p.variant == 1:  # padded mattress on a tube frame with wheels at the head
        for x in (-0.45 * p.w, 0.45 * p.w):
            parts.append(Part(rod((x, deck_y - 0.1 * p.h, -0.45 * p.d), (x, deck_y - 0.1 * p.h, 0.48 * p.d), 0.02 * p.w, 8), frame))
            parts.append(Part(rod((x, 0, 0.45 * p.d), (x, deck_y - 0.1 * p.h, 0.45 * p.d), 0.02 * p.w, 8), frame))
            parts.append(Part(xcyl(0.12 * p.h, 0.04 * p.w, (x, 0.12 * p.h, -0.44 * p.d), 12), material("plastic", "#222222")))
        parts.append(Part(chamfered_box((p.w * 0.92, 0.15 * p.h, p.d / 2 - hinge_z), (0, deck_y, (p.d / 2 + hinge_z) / 2), 0.3), body))
        parts.append(Part(strip((0, deck_y, hinge_z), back_top, p.w * 0.92, 0.15 * p.h), body))
        return fit(parts, p.size)
    foot = material("plastic", "#d8d8d2")  # one-piece moulded plastic
    parts.append(Part(hull([(sx * p.w / 2, deck_y + dy, z) for sx in (-1, 1) for dy in (0, 0.08 * p.h) for z in (hinge_z, p.d / 2)]), body))
    parts.append(Part(strip((0, deck_y + 0.04 * p.h, hinge_z), back_top, p.w, 0.08 * p.h), body))
    for z in (-0.4 * p.d, 0.42 * p.d):
        parts.append(Part(box((p.w * 0.9, deck_y, 0.06 * p.d), (0, deck_y / 2, z)), foot))
    return fit(parts, p.size)


# ------------------------------------------------------------ farm, village

@generator("well")
def well(p: GenParams) -> list[Part]:
    """A well: round well under a gable roof with crank and bucket, or square brick well with a pyramid roof."""
    stone = p.mat("stone", "#9a948a")
    bricks = with_pattern(p.mat("stone", "#b0654a"), "brick")
    wood = material("wood", WOOD)
    roof = material("ceramic", "#7a3b2e")
    dark_water = material("water", "#24455c")
    r = min(p.w, p.d) / 2
    wall_h = 0.38 * p.h
    parts: list[Part] = []
    if p.variant == 1:  # square brick well, four posts, pyramid roof
        t = 0.15 * r
        for sx, sz, lx, lz in ((0, 1, 1.6 * r, t), (0, -1, 1.6 * r, t), (1, 0, t, 1.6 * r), (-1, 0, t, 1.6 * r)):
            parts.append(Part(box((lx, wall_h, lz), (sx * (0.8 * r - t / 2), wall_h / 2, sz * (0.8 * r - t / 2))), bricks))
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
