"""Vehicle generators: car, bus, bicycle, tractor, boat. Length runs along Z, the front faces +Z."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, box, cylinder, material, rod
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import chamfered_box, ellipsoid, fit, hull, rot, strip, xcyl

TYRE = "#1c1c1c"
RIM = "#b8bcc2"
GLASS = "#9fc6dd"
INTERIOR = "#2a2a2a"
BOAT_WOOD = "#8b5a2b"  # oars, paddles, thwarts, spars


def wheel(center, radius: float, width: float, rim_color: str = RIM) -> list[Part]:
    """Tyre and hub of a wheel turning about X, centred at ``center`` (3,)."""
    return [Part(xcyl(radius, width, center, 18), material("plastic", TYRE)),
            Part(xcyl(radius * 0.6, width * 1.06, center, 12), material("metal", rim_color))]


def side_profile(profile, half_width: float, inset: float = 0.0) -> trimesh.Trimesh:
    """Convex solid from a side outline ``profile`` [(z, y), ...] extruded to +-``half_width`` in X.

    ``inset`` pulls the top points in by that much on each side, rounding the shoulders.
    """
    top = max(y for _, y in profile)
    points = [(sx * (half_width - (inset if y >= top - 1e-9 else 0.0)), y, z) for z, y in profile for sx in (-1, 1)]
    return hull(points)


def lights(front_z: float, back_z: float, y: float, x: float, size: float) -> list[Part]:
    """Emissive head lights at the front and red tail lights at the back."""
    head, tail = material("emissive", "#fff6d8"), material("emissive", "#d0201b")
    return [Part(box((size, size * 0.6, 0.04 * size + 0.01), (sx * x, y, z)), mat)
            for z, mat in ((front_z, head), (back_z, tail)) for sx in (-1, 1)]


# ---------------------------------------------------------------------- car

@generator("car")
def car(p: GenParams) -> list[Part]:
    """A car: sedan, hatchback or another body."""
    paint = p.mat("plastic", ("#c0392b", "#2e86c1", "#4a4f57")[p.variant])
    glass = material("glass", GLASS)
    w, h, d = p.size
    r = min(0.075 * d, 0.23 * h)
    tyre_w = 0.13 * w
    belt = (0.55, 0.58, 0.55)[p.variant] * h
    body = [(-0.5 * d, 0.2 * h), (-0.5 * d, belt), (0.5 * d, 0.22 * h), (0.5 * d, 0.42 * h), (0.42 * d, belt)]
    parts = [Part(side_profile(body, 0.48 * w, 0.03 * w), paint)]
    if p.variant == 0:  # sedan: sloping screens, boot behind the cabin
        cabin = [(-0.3 * d, belt), (0.2 * d, belt), (-0.18 * d, h), (0.04 * d, h)]
    elif p.variant == 1:  # hatchback: long roof down to an upright tailgate
        cabin = [(-0.48 * d, belt), (0.18 * d, belt), (-0.44 * d, h), (0.02 * d, h)]
    else:  # pickup: short cab, open bed behind
        cabin = [(-0.12 * d, belt), (0.18 * d, belt), (-0.1 * d, h), (0.05 * d, h)]
        bed_top = belt + 0.12 * h
        parts += [Part(box((0.06 * w, bed_top - 0.3 * h, 0.36 * d), (sx * 0.45 * w, (bed_top + 0.3 * h) / 2, -0.31 * d)), paint) for sx in (-1, 1)]
        parts.append(Part(box((0.96 * w, bed_top - 0.3 * h, 0.04 * d), (0, (bed_top + 0.3 * h) / 2, -0.48 * d)), paint))
        parts.append(Part(box((0.84 * w, 0.02 * h, 0.36 * d), (0, belt + 0.01 * h, -0.31 * d)), material("plastic", INTERIOR)))
    parts.append(Part(side_profile([(z, y - 0.01 * h) for z, y in cabin], 0.42 * w, 0.05 * w), glass))
    roof_z = [z for z, y in cabin if y == h]
    parts.append(Part(box((0.76 * w, 0.04 * h, roof_z[1] - roof_z[0] + 0.02 * d), (0, h - 0.02 * h, sum(roof_z) / 2)), paint))
    seat_z = (min(z for z, _ in cabin) + max(z for z, _ in cabin)) / 2
    parts.append(Part(box((0.7 * w, 0.2 * h, 0.2 * d), (0, belt + 0.08 * h, seat_z)), material("fabric", INTERIOR)))
    for z in (-0.32 * d, 0.3 * d):
        for sx in (-1, 1):
            parts += wheel((sx * (w / 2 - tyre_w / 2), r, z), r, tyre_w)
    parts += lights(0.5 * d - 0.03 * d, -0.5 * d + 0.005 * d, 0.38 * h, 0.34 * w, 0.16 * w)
    return fit(parts, p.size)


# ---------------------------------------------------------------------- bus

def window_band(y0: float, y1: float, z0: float, z1: float, w: float, panes: int, paint) -> list[Part]:
    """A glazed band around the bus between heights y0..y1, with pillars between the side panes."""
    glass = material("glass", "#2d3f4f")
    parts = [Part(box((w, y1 - y0, z1 - z0), (0, (y0 + y1) / 2, (z0 + z1) / 2)), glass)]
    for z in np.linspace(z0, z1, panes + 1)[1:-1]:
        parts.append(Part(box((w * 1.01, y1 - y0, 0.012 * (z1 - z0) + 0.03), (0, (y0 + y1) / 2, z)), paint))
    return parts


@generator("bus")
def bus(p: GenParams) -> list[Part]:
    """A bus: single-decker, double-decker or school bus."""
    paint = p.mat("plastic", ("#2e86c1", "#f2b705", "#c0392b")[p.variant])
    dark = material("plastic", INTERIOR)
    w, h, d = p.size
    r = min(0.045 * d, 0.16 * h)
    floor = 0.12 * h
    front = 0.5 * d if p.variant != 1 else 0.4 * d
    body_len = front + 0.5 * d
    mid = (front - 0.5 * d) / 2
    if p.variant == 2:  # double-decker: two glazed bands
        bands = [(0.32 * h, 0.5 * h), (0.66 * h, 0.88 * h)]
    else:
        bands = [(0.45 * h, 0.82 * h)]
    parts = [Part(chamfered_box((w, bands[0][0] - floor, body_len), (0, (floor + bands[0][0]) / 2, mid), 0.04), paint)]
    tops = [b[0] for b in bands[1:]] + [h]
    for (y0, y1), top in zip(bands, tops):
        parts += window_band(y0, y1, -0.5 * d + 0.02 * d, front, w * 0.98, 8, paint)
        parts.append(Part(chamfered_box((w, top - y1, body_len), (0, (y1 + top) / 2, mid), 0.04), paint))
    parts.append(Part(box((w * 0.9, 0.3 * h, body_len * 0.9), (0, floor + 0.2 * h, mid)), dark))  # seats seen through glass
    parts.append(Part(box((0.02 * w, bands[0][1] - floor - 0.05 * h, 0.09 * d), (-0.5 * w, (bands[0][1] + floor) / 2, front - 0.08 * d)), dark))
    if p.variant == 1:  # school bus bonnet
        parts.append(Part(chamfered_box((0.9 * w, 0.3 * h, 0.1 * d), (0, floor + 0.15 * h, 0.45 * d), 0.15), paint))
        parts.append(Part(box((0.5 * w, 0.18 * h, 0.01 * d), (0, floor + 0.14 * h, 0.5 * d)), material("metal", RIM)))
    for z in (-0.3 * d, 0.3 * d):
        for sx in (-1, 1):
            parts += wheel((sx * 0.42 * w, r, z), r, 0.16 * w)
    parts += lights(0.5 * d - 0.005 * d, -0.5 * d + 0.005 * d, floor + 0.1 * h, 0.38 * w, 0.12 * w)
    return fit(parts, p.size)


# ------------------------------------------------------------------ bicycle

def bike_wheel(z: float, radius: float, tyre: float) -> list[Part]:
    """A spoked wheel in the YZ plane, touching the ground, at depth ``z``."""
    torus = trimesh.creation.torus(major_radius=radius - tyre, minor_radius=tyre, major_sections=24, minor_sections=6)
    rot(torus, np.pi / 2, (0, 1, 0)).apply_translation((0, radius, z))
    steel = material("metal", RIM)
    parts = [Part(torus, material("plastic", TYRE)), Part(xcyl(0.08 * radius, 0.2 * radius, (0, radius, z), 8), steel)]
    for a in np.linspace(0, np.pi, 6, endpoint=False):
        offset = np.array([0, np.sin(a), np.cos(a)]) * (radius - tyre)
        parts.append(Part(rod(np.array([0, radius, z]) - offset, np.array([0, radius, z]) + offset, max(0.003, 0.012 * radius), 4), steel))
    return parts


@generator("bicycle")
def bicycle(p: GenParams) -> list[Part]:
    """A bicycle: diamond frame, step-through, or with a front basket and mudguards."""
    paint = p.mat("plastic", ("#c0392b", "#3d8c5c", "#2b2b2b")[p.variant])
    black = material("plastic", TYRE)
    steel = material("metal", RIM)
    w, h, d = p.size
    tyre = (0.02, 0.02, 0.035)[p.variant] * d
    radius = (0.205, 0.205, 0.19)[p.variant] * d
    rear, front = -0.5 * d + radius, 0.5 * d - radius
    tube = (0.016, 0.018, 0.022)[p.variant] * d * 0.6
    axle_r, axle_f = np.array([0, radius, rear]), np.array([0, radius, front])
    crank = np.array([0, 0.9 * radius, rear + 0.42 * (front - rear)])
    seat_top = np.array([0, (0.72, 0.68, 0.64)[p.variant] * h, crank[2] - 0.08 * d])
    head_top = np.array([0, 0.8 * h, front - 0.14 * d])
    head_low = np.array([0, 0.62 * h, front - 0.1 * d])
    tubes = [(crank, seat_top), (crank, head_low), (crank, axle_r), (seat_top, axle_r), (head_top, head_low), (head_low, axle_f)]
    if p.variant == 1:  # step-through: a low second tube instead of the top tube
        tubes.append((crank + [0, 0.05 * h, 0.05 * d], head_low + [0, 0.06 * h, 0]))
    else:
        tubes.append((seat_top, head_top - [0, (0.0, 0.0, 0.08)[p.variant] * h, 0]))
    parts = [Part(rod(a, b, tube * (1.6 if (a is head_low and b is axle_f and p.variant == 2) else 1.0), 8), paint) for a, b in tubes]
    parts += bike_wheel(rear, radius, tyre) + bike_wheel(front, radius, tyre)
    saddle = seat_top + [0, 0.12 * h, -0.01 * d]
    bar = head_top + [0, 0.2 * h - 0.015 * d, -0.03 * d]
    parts += [Part(rod(seat_top, saddle, tube * 0.8, 6), steel),
              Part(ellipsoid((0.07 * w * 1.6, 0.03 * h, 0.07 * d), saddle + [0, 0.015 * d, 0], 1), black),
              Part(rod(head_top, bar, tube * 0.8, 6), steel),
              Part(xcyl(0.012 * d, w, bar, 8), steel),
              Part(xcyl(0.09 * radius * 2, 0.02 * w, crank, 12), steel)]
    for sx in (-1, 1):
        parts.append(Part(xcyl(0.014 * d, 0.12 * w, bar + [sx * 0.44 * w, 0, 0], 8), black))
        pedal = crank + [sx * 0.22 * w, sx * 0.12 * h, 0]
        parts += [Part(rod(crank, pedal, 0.008 * d, 6), steel), Part(box((0.14 * w, 0.015 * h, 0.05 * d), pedal + [sx * 0.07 * w, 0, 0]), black)]
    if p.variant == 1:  # basket over the front wheel and mudguards
        parts.append(Part(box((0.45 * w, 0.14 * h, 0.16 * d), (0, 0.76 * h, front + 0.01 * d)), material("wood", "#b08050")))
        for z in (rear, front):
            parts.append(Part(strip((0, radius * 2.05, z - 0.08 * d), (0, radius * 2.05, z + 0.08 * d), 0.07 * w, 0.005 * d), paint))
    return fit(parts, p.size)


# ------------------------------------------------------------------ tractor

@generator("tractor")
def tractor(p: GenParams) -> list[Part]:
    """A tractor: with a cab, open vintage under a roll bar, or with a front loader."""
    paint = p.mat("plastic", ("#c0392b", "#2e7d32", "#1f5fa8")[p.variant])
    dark = material("plastic", INTERIOR)
    glass = material("glass", GLASS)
    w, h, d = p.size
    rear_r, front_r = 0.28 * h, 0.13 * h
    rear_z, front_z = -0.25 * d, 0.3 * d
    rim = "#f2c230" if p.variant != 2 else RIM
    parts = wheel((-0.39 * w, rear_r, rear_z), rear_r, 0.22 * w, rim) + wheel((0.39 * w, rear_r, rear_z), rear_r, 0.22 * w, rim)
    parts += wheel((-0.33 * w, front_r, front_z), front_r, 0.12 * w, rim) + wheel((0.33 * w, front_r, front_z), front_r, 0.12 * w, rim)
    parts += [Part(box((0.4 * w, 0.18 * h, 0.8 * d), (0, 0.34 * h, 0.05 * d)), paint),
              Part(chamfered_box((0.42 * w, 0.22 * h, 0.5 * d), (0, 0.5 * h, 0.22 * d), 0.15), paint),
              Part(box((0.36 * w, 0.16 * h, 0.02 * d), (0, 0.48 * h, 0.47 * d)), dark),
              Part(rod((0.12 * w, 0.6 * h, 0.3 * d), (0.12 * w, 0.82 * h, 0.3 * d), 0.025 * w, 8), dark)]
    for sx in (-1, 1):  # mudguards over the big wheels
        parts.append(Part(box((0.24 * w, 0.03 * h, 0.4 * d), (sx * 0.39 * w, 2 * rear_r + 0.03 * h, rear_z)), paint))
    cab_z0, cab_z1 = -0.42 * d, -0.05 * d
    seat = (0, 0.58 * h, -0.25 * d)
    parts.append(Part(box((0.36 * w, 0.08 * h, 0.1 * d), seat), dark))
    parts.append(Part(rod((0, 0.6 * h, -0.05 * d), (0, 0.7 * h, -0.12 * d), 0.015 * w, 6), dark))
    if p.variant == 1:  # open vintage tractor under a roll bar
        for sx in (-1, 1):
            parts.append(Part(rod((sx * 0.3 * w, 2 * rear_r, -0.38 * d), (sx * 0.3 * w, h, -0.38 * d), 0.03 * w, 8), dark))
        parts.append(Part(xcyl(0.03 * w, 0.6 * w, (0, h, -0.38 * d), 8), dark))
        return fit(parts, p.size)
    for sx in (-1, 1):  # glazed cab: four posts, glass, a roof
        for z in (cab_z0, cab_z1):
            parts.append(Part(box((0.04 * w, h - 0.45 * h, 0.04 * w), (sx * 0.3 * w, 0.725 * h, z)), paint))
    parts += [Part(box((0.58 * w, 0.4 * h, cab_z1 - cab_z0), (0, 0.7 * h, (cab_z0 + cab_z1) / 2)), glass),
              Part(chamfered_box((0.68 * w, 0.05 * h, cab_z1 - cab_z0 + 0.08 * d), (0, h - 0.025 * h, (cab_z0 + cab_z1) / 2), 0.2), paint)]
    if p.variant == 2:  # front loader: two arms and a bucket ahead of the bonnet
        for sx in (-1, 1):
            parts.append(Part(rod((sx * 0.28 * w, 0.62 * h, -0.05 * d), (sx * 0.28 * w, 0.18 * h, 0.46 * d), 0.03 * w, 8), paint))
        parts.append(Part(hull([(sx * 0.48 * w, y, z) for sx in (-1, 1) for y, z in ((0.02 * h, 0.5 * d), (0.02 * h, 0.42 * d), (0.22 * h, 0.42 * d))]),
                          material("metal", "#5a5a5a")))
    return fit(parts, p.size)


# --------------------------------------------------------------------- boat

def hull_sections(sections, half_w: float) -> list:
    """Points of a boat hull from sections [(z, width_share, keel_y, gunwale_y), ...]."""
    points = []
    for z, share, keel, gunwale in sections:
        half = max(share * half_w, 1e-3)
        points += [(sx * half, gunwale, z) for sx in (-1, 1)] + [(sx * half * 0.45, keel, z) for sx in (-1, 1)]
    return points


@generator("boat", variants=4)
def boat(p: GenParams) -> list[Part]:
    """v0 rowing boat with oars; v1 canoe with a paddle; v2 motor boat with a console and an outboard;
    v3 sailing boat: a mast with a triangular mainsail on a boom and a jib to the bow."""
    paint = p.mat("wood", ("#d9a441", "#c0392b", "#f4f4f0", "#7a1f2b")[p.variant])  # never blue: boats sit on water
    deck = material("wood", "#b08050")
    w, h, d = p.size
    # The sailing boat's mast takes the height: its hull's freeboard is set by the length instead.
    top = min(0.36 * h, 0.12 * d) if p.variant == 3 else (0.62, 0.7, 0.55)[p.variant] * h
    if p.variant == 1:  # canoe: pointed at both ends, upswept tips
        sections = [(-0.5 * d, 0.02, 0.5 * top, 1.1 * top), (-0.3 * d, 0.45, 0.05 * top, top), (0, 0.55, 0, 0.95 * top),
                    (0.3 * d, 0.45, 0.05 * top, top), (0.5 * d, 0.02, 0.5 * top, 1.1 * top)]
    else:  # square transom at the back, raised pointed bow
        sections = [(-0.5 * d, 0.75, 0.15 * top, top), (-0.1 * d, 1.0, 0, top), (0.25 * d, 0.85, 0.02 * top, 1.05 * top),
                    (0.5 * d, 0.02, 0.6 * top, 1.25 * top)]
    parts = [Part(hull(hull_sections(sections, w / 2)), paint)]
    inner = [(z * 0.92, share * 0.85, top * 0.9, top + 0.01 * h) for z, share, _, _ in sections if share > 0.1]
    parts.append(Part(hull(hull_sections(inner, w / 2)), deck))
    fittings = (rowing_fittings, canoe_fittings, motor_fittings, sailing_rig)[p.variant]
    return fit(parts + fittings(p, top), p.size)


def rowing_fittings(p: GenParams, top: float) -> list[Part]:
    """Two thwarts and the oars resting in the oarlocks."""
    w, h, d = p.size
    wood = material("wood", BOAT_WOOD)
    parts = [Part(box((0.85 * w, 0.04 * h, 0.07 * d), (0, top + 0.04 * h, z)), wood) for z in (-0.2 * d, 0.12 * d)]
    for sx in (-1, 1):
        parts.append(Part(rod((sx * 0.3 * w, top + 0.1 * h, -0.25 * d), (sx * 0.45 * w, top + 0.06 * h, 0.3 * d), 0.012 * w, 6), wood))
        parts.append(Part(strip((sx * 0.45 * w, top + 0.06 * h, 0.22 * d), (sx * 0.47 * w, top + 0.05 * h, 0.36 * d), 0.06 * w, 0.01 * h), wood))
    return parts


def canoe_fittings(p: GenParams, top: float) -> list[Part]:
    """A paddle laid across, two cane seats."""
    w, h, d = p.size
    wood = material("wood", BOAT_WOOD)
    parts = [Part(box((0.5 * w, 0.03 * h, 0.05 * d), (0, top * 0.95, z)), wood) for z in (-0.25 * d, 0.25 * d)]
    parts.append(Part(rod((-0.5 * w, top + 0.03 * h, 0.02 * d), (0.3 * w, top + 0.03 * h, -0.02 * d), 0.012 * w, 6), wood))
    parts.append(Part(strip((0.3 * w, top + 0.03 * h, -0.02 * d), (0.5 * w, top + 0.03 * h, -0.03 * d), 0.1 * w, 0.01 * h), wood))
    return parts


def motor_fittings(p: GenParams, top: float) -> list[Part]:
    """A console with a windscreen, a bench seat, an outboard motor at the stern."""
    w, h, d = p.size
    paint, dark = p.mat("wood", "#f4f4f0"), material("plastic", INTERIOR)
    return [Part(box((0.4 * w, 0.25 * h, 0.1 * d), (0, top + 0.12 * h, 0.05 * d)), paint),
            Part(strip((0, top + 0.24 * h, 0.1 * d), (0, h - 0.01 * h, 0.07 * d), 0.45 * w, 0.01 * h, up=(0, 0, 1)),
                 material("glass", GLASS)),
            Part(box((0.5 * w, 0.12 * h, 0.1 * d), (0, top + 0.07 * h, -0.25 * d)), material("fabric", INTERIOR)),
            Part(chamfered_box((0.2 * w, 0.3 * h, 0.07 * d), (0, top + 0.1 * h, -0.5 * d), 0.2), dark),
            Part(cylinder(0.03 * w, top * 0.8, (0, top * 0.55, -0.5 * d), 8), dark)]


def sail(corners, thickness: float) -> trimesh.Trimesh:
    """A flat sail in the YZ plane: the triangle of (y, z) ``corners``, ``thickness`` thick in X."""
    return hull([(sx * thickness / 2, y, z) for y, z in corners for sx in (-1, 1)])


def sailing_rig(p: GenParams, top: float) -> list[Part]:
    """Mast a third of the way back from the bow, mainsail on a boom aft of it, a jib to the bow, a tiller."""
    w, h, d = p.size
    spar, cloth = material("wood", BOAT_WOOD), material("fabric", "#f4efe0")
    mast_z, boom_y, tack_y = 0.14 * d, top + 0.1 * (h - top), top + 0.05 * (h - top)
    mast_r, cloth_t = 0.025 * w, 0.006 * w
    return [Part(cylinder(mast_r, h - top * 0.9, (0, (h + top * 0.9) / 2, mast_z), 10), spar),
            Part(rod((0, boom_y, mast_z), (0, boom_y, -0.42 * d), 0.7 * mast_r, 8), spar),
            Part(sail([(boom_y + 0.02 * h, mast_z - 1.5 * mast_r), (0.98 * h, mast_z - 1.5 * mast_r),
                       (boom_y + 0.02 * h, -0.4 * d)], cloth_t), cloth),
            Part(sail([(tack_y, mast_z + 1.5 * mast_r), (0.86 * h, mast_z + 1.5 * mast_r), (tack_y, 0.44 * d)], cloth_t),
                 cloth),
            Part(rod((0, top + 0.02 * h, -0.5 * d), (0, top + 0.04 * h, -0.3 * d), 0.5 * mast_r, 6), spar)]
