"""Working vehicles: trucks (box, tanker, fire engine), vans, railway wagons, locomotives and track, aeroplanes,
and the generic vehicle archetype. Length runs along Z, the front faces +Z, wheels turn in the ``wheel`` way
vehicles.py draws them.
"""

from __future__ import annotations

import numpy as np
from trimesh.transformations import rotation_matrix

from tools.assets.families.vehicles import GLASS, INTERIOR, RIM, lights, side_profile, wheel
from tools.assets.mesh import Part, box, capsule, cylinder, material, rod
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import chamfered_box, fit, hull, rot, slab, x_rod, z_rod, zcyl

# Real sizes (m) the railway and truck generators are built at before fitting: axles, gauge and cabs are fixed.
TRUCK_SIZE, WAGON_SIZE, LOCOMOTIVE_SIZE = (2.5, 3.4, 8.5), (2.9, 3.9, 12.0), (3.0, 4.2, 17.0)


def cab(w: float, h: float, z0: float, z1: float, floor: float, paint) -> list[Part]:
    """A truck's cab between z0 (back) and z1 (front): a body, a windscreen band and a bumper."""
    glass = material("glass", GLASS)
    length = z1 - z0
    return [Part(chamfered_box((w, h - floor, length), (0, (h + floor) / 2, (z0 + z1) / 2), 0.08), paint),
            Part(box((w * 0.92, 0.3 * (h - floor), 0.02), (0, floor + 0.68 * (h - floor), z1 + 0.005)), glass),
            Part(box((w * 1.01, 0.26 * (h - floor), length * 0.4), (0, floor + 0.68 * (h - floor), z1 - length * 0.3)), glass),
            Part(box((w, 0.12 * (h - floor), 0.1), (0, floor, z1 + 0.03)), material("metal", RIM))]


def axle_wheels(zs, w: float, r: float) -> list[Part]:
    """A pair of wheels at every z of ``zs``."""
    return [part for z in zs for sx in (-1, 1) for part in wheel((sx * (w / 2 - 0.15), r, z), r, 0.3)]


@generator("truck")
def truck(p: GenParams) -> list[Part]:
    """A truck: v0 a box truck, v1 a tanker (a fuel truck), v2 a fire engine with a ladder and a light bar."""
    w, h, d = TRUCK_SIZE  # wheels and cabs have real sizes: built at a real size, then fit to p.size
    paint = p.mat("plastic", ("#f4f4f2", "#e8e8e6", "#c0231b")[p.variant])
    r, floor = 0.5, 1.0
    cab_len = 2.2 if p.variant != 2 else 3.2
    parts = cab(w, min(h, 3.0), d / 2 - cab_len, d / 2, floor, paint)
    body_z0, body_z1 = -d / 2, d / 2 - cab_len - 0.1
    mid, length = (body_z0 + body_z1) / 2, body_z1 - body_z0
    parts.append(Part(box((w * 0.6, 0.25, d * 0.95), (0, floor - 0.1, 0)), material("plastic", INTERIOR)))  # chassis
    if p.variant == 0:
        parts.append(Part(box((w, h - floor, length), (0, (h + floor) / 2, mid)), material("plastic", "#d8dadc")))
    elif p.variant == 1:
        tank = rod((0, 0, body_z0 + 0.1), (0, 0, body_z1), (h - floor) / 2 * 0.95, 20)
        tank.apply_transform(np.diag([w / (h - floor) / 0.95, 1.0, 1.0, 1.0]))
        parts.append(Part(tank.apply_translation((0, (h + floor) / 2, 0)), material("ceramic", "#d8dadc")))
    else:
        parts.append(Part(box((w, 2.9 - floor, length), (0, (2.9 + floor) / 2, mid)), paint))
        for z in np.linspace(body_z0 + 0.4, body_z1 - 0.4, 4):  # locker shutters
            for sx in (-1, 1):
                parts.append(Part(box((0.02, 1.2, length / 5), (sx * w / 2, floor + 0.9, z)), material("metal", RIM)))
        ladder = material("metal", "#d8dadc")
        parts += [Part(z_rod(body_z0, d / 2 - 0.5, sx * 0.35, h - 0.15, 0.05, 6), ladder) for sx in (-1, 1)]
        parts += [Part(x_rod(-0.35, 0.35, h - 0.15, z, 0.03, 5), ladder) for z in np.arange(body_z0 + 0.2, d / 2 - 0.5, 0.4)]
        parts.append(Part(box((w * 0.7, 0.12, 0.25), (0, 3.06, d / 2 - 0.5)), material("emissive", "#3f7fff")))
    parts += axle_wheels((d / 2 - cab_len * 0.55, -d / 2 + 1.4, -d / 2 + 2.5), w, r)
    parts += lights(d / 2 + 0.02, -d / 2, floor + 0.2, 0.4 * w, 0.2)
    return fit(parts, p.size)


@generator("van", variants=2)
def van(p: GenParams) -> list[Part]:
    """A van: v0 a panel van with a short bonnet and a sliding side door, v1 a camper van in two tones with a pop-up roof."""
    w, h, d = p.size
    paint = p.mat("plastic", ("#f4f4f2", "#4f9ca8")[p.variant])
    glass = material("glass", GLASS)
    body_h = h if p.variant == 0 else 0.86 * h
    r = min(0.08 * d, 0.17 * h)
    profile = [(-0.5 * d, 0.2 * body_h), (-0.5 * d, body_h), (0.3 * d, body_h), (0.42 * d, 0.6 * body_h), (0.5 * d, 0.5 * body_h),
               (0.5 * d, 0.2 * body_h)]
    parts = [Part(side_profile(profile, 0.49 * w, 0.04 * w), paint),
             Part(side_profile([(0.28 * d, 0.92 * body_h), (0.31 * d, 0.92 * body_h), (0.45 * d, 0.62 * body_h), (0.42 * d, 0.62 * body_h)],
                               0.47 * w + 0.02), glass),
             Part(box((1.0 * w + 0.02, 0.25 * body_h, 0.2 * d), (0, 0.72 * body_h, 0.2 * d)), glass)]
    if p.variant == 1:
        parts.append(Part(box((w * 1.005, 0.35 * body_h, d * 0.98), (0, 0.38 * body_h, -0.01 * d)), material("plastic", "#f4f1ea")))
        parts.append(Part(hull([(sx * 0.45 * w, body_h, z) for sx in (-1, 1) for z in (-0.4 * d, 0.25 * d)]
                               + [(sx * 0.45 * w, h, -0.4 * d) for sx in (-1, 1)]), material("fabric", "#e8dcc0")))
        parts.append(Part(box((1.0 * w + 0.02, 0.2 * body_h, 0.3 * d), (0, 0.72 * body_h, -0.2 * d)), glass))
    else:
        parts.append(Part(box((0.005, 0.6 * body_h, 0.22 * d), (0.5 * w, 0.55 * body_h, 0.05 * d)), material("plastic", "#c9ccd0")))
    for z in (-0.33 * d, 0.33 * d):
        for sx in (-1, 1):
            parts += wheel((sx * (w / 2 - 0.12 * w / 2), r, z), r, 0.12 * w)
    parts += lights(0.5 * d - 0.01, -0.5 * d + 0.005, 0.4 * body_h, 0.36 * w, 0.14 * w)
    return fit(parts, p.size)


# ---------------------------------------------------------------- railway

def bogies(w: float, d: float, r: float) -> list[Part]:
    """Two bogies of two axles each under a railway vehicle d long."""
    frame = material("metal", "#2b2b2b")
    parts = []
    for zc in (-0.36 * d, 0.36 * d):
        parts.append(Part(box((w * 0.8, r * 0.8, 2.6), (0, r, zc)), frame))
        for z in (zc - 0.9, zc + 0.9):
            parts += [Part(cylinder(r, 0.12, (0, 0, 0), 16).apply_transform(_axle_turn()).apply_translation((sx * 0.72, r, z)),
                           material("metal", "#3a3c40")) for sx in (-1, 1)]
    return parts


def _axle_turn() -> np.ndarray:
    """A vertical cylinder turned to lie along X (a wheel on an axle)."""
    return rotation_matrix(np.pi / 2, [0, 0, 1])


@generator("freight_wagon")
def freight_wagon(p: GenParams) -> list[Part]:
    """A railway freight wagon on two bogies: v0 a boxcar with a sliding door, v1 a tank wagon, v2 an open hopper of coal."""
    w, h, d = WAGON_SIZE
    paint = p.mat("plastic", ("#9a4a2a", "#3a3d42", "#5d6470")[p.variant])  # painted steel
    r, deck = 0.46, 1.2
    parts = bogies(w, d, r) + [Part(box((w, 0.2, d), (0, deck, 0)), material("metal", "#2b2b2b"))]
    body_h = h - deck - 0.1
    if p.variant == 0:
        parts.append(Part(box((w, body_h, d * 0.98), (0, deck + 0.1 + body_h / 2, 0)), paint))
        for sx in (-1, 1):
            parts.append(Part(box((0.03, body_h * 0.85, 2.0), (sx * w / 2, deck + 0.1 + body_h * 0.45, 0)), material("metal", "#6b2d1c")))
    elif p.variant == 1:
        tank = rod((0, 0, -d * 0.47), (0, 0, d * 0.47), body_h / 2, 20).apply_translation((0, deck + 0.1 + body_h / 2, 0))
        parts += [Part(tank, paint), Part(cylinder(0.35, 0.25, (0, h - 0.12, 0), 12), paint)]
    else:
        parts.append(Part(hull([(sx * w / 2, deck + 0.1 + body_h, sz * d * 0.48) for sx in (-1, 1) for sz in (-1, 1)]
                               + [(sx * w * 0.3, deck + 0.1, sz * d * 0.4) for sx in (-1, 1) for sz in (-1, 1)]), paint))
        parts.append(Part(box((w * 0.9, 0.05, d * 0.9), (0, deck + 0.1 + body_h - 0.2, 0)), material("stone", "#1e1e1e")))
    return fit(parts, p.size)


@generator("locomotive", variants=2)
def locomotive(p: GenParams) -> list[Part]:
    """A locomotive on bogies: v0 a diesel with a long hood and a cab near the front, v1 a steam engine with a boiler
    and chimney, cab at the back."""
    w, h, d = LOCOMOTIVE_SIZE
    paint = p.mat("plastic", ("#f2b705", "#24503a")[p.variant])  # painted steel
    glass = material("glass", GLASS)
    r, deck = 0.5, 1.2
    parts = bogies(w, d, r) + [Part(box((w, 0.25, d), (0, deck, 0)), material("metal", "#2b2b2b"))]
    top = deck + 0.12
    if p.variant == 0:
        parts.append(Part(chamfered_box((w * 0.8, h * 0.62 - top, d * 0.7), (0, (h * 0.62 + top) / 2, -0.12 * d), 0.1), paint))
        parts.append(Part(chamfered_box((w, h - top, 0.18 * d), (0, (h + top) / 2, 0.36 * d), 0.05), paint))
        parts.append(Part(box((w * 0.9, 0.22 * h, 0.02), (0, h * 0.82, 0.45 * d + 0.005)), glass))
    else:
        boiler_r = 0.55 * (h - top) / 2
        parts.append(Part(rod((0, 0, -0.2 * d), (0, 0, 0.48 * d), boiler_r, 18).apply_translation((0, top + boiler_r, 0)), paint))
        parts.append(Part(cylinder(0.25, 0.35 * h, (0, top + 2 * boiler_r + 0.12 * h, 0.38 * d), 12), material("metal", "#1c1c1e")))
        parts.append(Part(box((w, h - top, 0.28 * d), (0, (h + top) / 2, -0.35 * d)), paint))
        parts.append(Part(box((w * 1.01, 0.2 * h, 0.12 * d), (0, h * 0.78, -0.35 * d)), glass))
    parts += lights(0.5 * d + 0.01, -0.5 * d, deck + 0.5, 0.3 * w, 0.2)
    return fit(parts, p.size)


@generator("railway_track", variants=1)
def railway_track(p: GenParams) -> list[Part]:
    """A straight length of railway track along Z: two steel rails on wooden sleepers over a ballast bed."""
    w, h, d = 2.6, 0.3, p.size[2] * 2.6 / p.size[0]  # standard gauge across, as long as asked
    sleeper = p.mat("wood", "#5a4632")
    parts = [Part(slab(w, 0.4 * h, d, 0, 0, 0), material("stone", "#8a8478"))]
    parts += [Part(slab(0.9 * w, 0.25 * h, 0.25, 0, 0.35 * h, z), sleeper) for z in np.arange(-d / 2 + 0.3, d / 2 - 0.1, 0.65)]
    parts += [Part(slab(0.07, 0.4 * h, d, sx * 0.72, 0.6 * h, 0), material("metal", "#8a8d91")) for sx in (-1, 1)]
    return fit(parts, p.size)


# ---------------------------------------------------------------- aircraft

@generator("airplane", variants=2)
def airplane(p: GenParams) -> list[Part]:
    """An aeroplane on its undercarriage, nose to +Z: v0 a jet airliner with engines under swept wings, v1 a small
    propeller plane with a high wing."""
    w, h, d = p.size
    paint = p.mat("plastic", "#f4f4f2")
    dark = material("plastic", "#2b2d31")
    r = 0.1 * d if p.variant == 0 else 0.09 * d
    body_y = h * (0.35 if p.variant == 0 else 0.42)
    fuselage = capsule(r, d, (0, 0, 0), 16)
    rot(fuselage, np.pi / 2, (1, 0, 0)).apply_translation((0, body_y, 0))
    parts = [Part(fuselage, paint)]
    wing_y = body_y - 0.4 * r if p.variant == 0 else body_y + 0.9 * r
    sweep = 0.12 * d if p.variant == 0 else 0.0
    for sx in (-1, 1):
        parts.append(Part(hull([(0, wing_y, 0.1 * d), (0, wing_y, -0.08 * d), (sx * w / 2, wing_y + 0.02 * h, -0.02 * d - sweep),
                                (sx * w / 2, wing_y + 0.02 * h, -0.07 * d - sweep), (0, wing_y + 0.03 * h, 0.05 * d)]), paint))
        parts.append(Part(hull([(0, body_y, -0.4 * d), (0, body_y, -0.48 * d), (sx * 0.18 * w, body_y + 0.05 * h, -0.5 * d),
                                (sx * 0.18 * w, body_y + 0.05 * h, -0.46 * d), (0, body_y + 0.02 * h, -0.44 * d)]), paint))
        if p.variant == 0:
            parts.append(Part(zcyl(0.35 * r, 0.12 * d, (sx * 0.3 * w / 2, wing_y - 0.4 * r, 0.06 * d - sweep * 0.3), 12), dark))
        parts.append(Part(rod((sx * 0.1 * w, body_y - 0.5 * r, 0.0), (sx * 0.1 * w, 0.06 * h, -0.02 * d), 0.02 * h + 0.02, 6), dark))
        parts.append(Part(zcyl(0.06 * h, 0.05 * h, (sx * 0.1 * w, 0.06 * h, -0.02 * d), 12), dark))
    parts.append(Part(hull([(0, body_y, -0.36 * d), (0, body_y, -0.5 * d), (0, h, -0.5 * d), (0, h, -0.45 * d),
                            (0.01 * w, body_y, -0.45 * d), (-0.01 * w, body_y, -0.45 * d)]), paint))  # the fin
    parts.append(Part(zcyl(0.02 * h, 0.05 * h, (0, 0.02 * h, 0.38 * d), 8), dark))  # the nose wheel
    parts.append(Part(rod((0, 0.02 * h, 0.38 * d), (0, body_y - 0.5 * r, 0.38 * d), 0.02 * h, 6), dark))
    if p.variant == 1:
        parts.append(Part(box((0.02 * w, 0.5 * h, 0.01 * d), (0, body_y, 0.5 * d + r * 0.1)), dark))  # the propeller
    parts.append(Part(box((r * 1.2, 0.35 * r, 0.08 * d), (0, body_y + 0.55 * r, 0.38 * d)), material("glass", GLASS)))
    return fit(parts, p.size)


# --------------------------------------------------------- generic vehicle

@generator("vehicle_like", variants=2, options={"accent": None}, sizes=((1.8, 1.8, 4.0), (2.2, 2.0, 3.0)))
def vehicle_like(p: GenParams) -> list[Part]:
    """A vehicle of some kind: v0 a boxy road vehicle with a glazed cab on four wheels, v1 a six-wheeled rover with a
    mast and a camera head."""
    w, h, d = p.size
    paint = p.mat("plastic", ("#5d6d7e", "#e8e4da")[p.variant])
    trim = material("plastic", p.text_option("accent") or ("#2b2d31", "#c9a24a")[p.variant])
    r = min(0.14 * d, 0.22 * h)
    if p.variant == 0:
        parts = [Part(chamfered_box((w, 0.5 * h, d), (0, r + 0.25 * h, 0), 0.1), paint),
                 Part(chamfered_box((0.9 * w, 0.4 * h, 0.5 * d), (0, 0.5 * h + r + 0.2 * h - 0.01, 0.05 * d), 0.1),
                      material("glass", GLASS)),
                 Part(box((w * 1.01, 0.08 * h, d * 1.01), (0, r + 0.05 * h, 0)), trim)]
        zs: tuple[float, ...] = (-0.32 * d, 0.32 * d)
    else:
        parts = [Part(box((0.8 * w, 0.25 * h, 0.8 * d), (0, 0.4 * h, 0)), paint),
                 Part(rod((0.2 * w, 0.5 * h, 0.3 * d), (0.2 * w, 0.9 * h, 0.3 * d), 0.03 * w, 6), trim),
                 Part(box((0.2 * w, 0.1 * h, 0.12 * d), (0.2 * w, 0.95 * h, 0.3 * d)), trim),
                 Part(box((0.7 * w, 0.02 * h, 0.5 * d), (0, 0.54 * h, -0.1 * d)), material("plastic", "#2e4a7d"))]
        zs = (-0.38 * d, 0.0, 0.38 * d)
    for z in zs:
        for sx in (-1, 1):
            parts += wheel((sx * (w / 2 - 0.06 * w), r, z), r, 0.12 * w)
    return fit(parts, p.size)

