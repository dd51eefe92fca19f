"""Buildings: houses, barns, windmills, market stalls, and their shared windows and roofs."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, box, cylinder, material, rod, scaled, sphere, with_pattern
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import around, chamfered_box, ellipsoid, fit, frustum, hull, strip, zcyl

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


@generator("house")
def house(p: GenParams) -> list[Part]:
    """A house: brick cottage, rendered house, or tall narrow two-storey gable."""
    walls = p.mat("stone", ("#b5634a", "#c9d6df", "#f0e2b6")[p.variant])
    if p.variant == 0:  # a brick cottage; the others are rendered
        walls = with_pattern(walls, "brick")
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
    """A barn: gambrel roof, with a lean-to shed, or with a domed silo."""
    red = with_pattern(p.mat("wood", "#a32a1f"), "planks")
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
        parts.append(Part(strip(low, high, 0.02 * w, 0.01 * d, up=(0, 0, 1)), trim))
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
            Part(strip(hub + out * length * 0.25, hub + out * length, width, depth, up=(0, 0, 1)), cloth)]


def in_rotor(parts: list[Part]) -> list[Part]:
    """``parts`` moved into the "rotor" child node the page spins; four sails in a cross pivot at their joint centre, the hub."""
    for part in parts:
        part.node = "rotor"
    return parts


@generator("windmill")
def windmill(p: GenParams) -> list[Part]:
    """A windmill: an octagonal tower mill with four sails, a wind turbine, or a third kind of mill."""
    tower = p.mat(*(("stone", "#e8e0cc"), ("plastic", "#f4f4f4"), ("wood", "#8b5a2b"))[p.variant])
    cloth, spar = material("fabric", "#f4efe0"), material("wood", WOOD)
    w, h, d = p.size
    r = min(w, d) / 2
    if p.variant == 1:  # wind turbine: slender mast, nacelle, three blades
        blade = 0.55 * w
        hub = np.array([0, h - blade, 0.15 * d])
        parts = [Part(frustum(0.08 * r, 0.05 * r, hub[1], (0, 0, 0), 12), tower),
                 Part(chamfered_box((0.1 * r, 0.09 * r, 0.35 * r), (0, hub[1], 0.0), 0.3), tower),
                 Part(sphere(0.06 * r, hub, 1), tower, node="rotor", pivot="center")]
        for k in range(3):
            a = np.pi / 2 + k * 2 * np.pi / 3
            tip = hub + blade * np.array([np.cos(a), np.sin(a), 0])
            parts.append(Part(strip(hub, tip, 0.05 * w, 0.02 * d, up=(0, 0, 1)), tower, node="rotor"))
        return fit(parts, p.size)
    if p.variant == 0:  # tower mill: octagonal tower, cap, four sails in an X
        arm = 0.7 * w
        hub = np.array([0, 0.66 * h, 0.3 * r])
        parts = [Part(frustum(0.6 * r, 0.4 * r, 0.62 * h, (0, 0, 0), 8), tower),
                 Part(ellipsoid((0.45 * r, 0.08 * h, 0.45 * r), (0, 0.62 * h, 0), 1), material("wood", "#5b3a29")),
                 Part(box((0.25 * r, 0.1 * h, 0.05 * r), (0, 0.05 * h, 0.55 * r)), material("wood", "#3a2a20")),
                 Part(zcyl(0.06 * r, 0.5 * r, hub - [0, 0, 0.2 * r], 8), spar)]
        for k in range(4):
            parts += in_rotor(sail(hub, np.pi / 4 + k * np.pi / 2, arm, 0.12 * w, 0.02 * d, cloth, spar))
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
        parts += in_rotor(sail(hub, k * np.pi / 2, arm, 0.1 * w, 0.02 * d, cloth, spar))
    return fit(parts, p.size)


@generator("market_stall")
def market_stall(p: GenParams) -> list[Part]:
    """A market stall: counter and posts under a canopy; striped awning or kiosk by variant."""
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
