"""Things with moving parts: ceiling, standing and desk fans, candles, carousels, ferris wheels.

Each puts what moves in a named child node (``Part.node``) the page animates:
``rotor`` (fan blades, a carousel's platform and horses, a ferris wheel's
wheel) turns about its node's origin, which is set on the spin axis through a
part marked ``pivot``; ``flame`` flickers about the bottom of the flame.
Rotors are symmetric about their axis wherever the asset's box must hold the
whole swept circle (ceiling fan, carousel, ferris wheel).
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.built import in_rotor
from tools.assets.families.palette import BRASS, WARM_LIGHT
from tools.assets.mesh import Part, box, cone, cylinder, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import around, ellipsoid, fit, frustum, hull, rotated_x, strip, torus_y, zcyl

ROTOR, FLAME = "rotor", "flame"


def rotor(parts: list[Part], hub: Part) -> list[Part]:
    """``parts`` and ``hub`` in the rotor node; ``hub`` (centred on the spin axis) sets the pivot."""
    hub.node, hub.pivot = ROTOR, "center"
    return [hub, *in_rotor(parts)]


# ------------------------------------------------------------------ fans

def _blade_angles(count: int, phase: float = 0.0) -> np.ndarray:
    return phase + np.linspace(0, 2 * np.pi, count, endpoint=False)


@generator("ceiling_fan")
def ceiling_fan(p: GenParams) -> list[Part]:
    """A ceiling fan hanging from the ceiling: downrod, flush-mount, or with a light bowl under the motor."""
    body = p.mat(*(("metal", "#b08d57"), ("plastic", "#f2f2f0"), ("metal", "#2b2b2e"))[p.variant])
    blade_mat = (material("wood", "#7a5234"), material("plastic", "#f2f2f0"), material("metal", "#3a3c40"))[p.variant]
    w, h, _ = p.size
    reach = w / 2
    hugger = p.variant == 1  # flush-mount: no downrod, the motor right under the canopy
    motor_top = h * (0.75 if hugger else 0.4)
    parts = [Part(frustum(0.06 * w, 0.1 * w, 0.06 * h, (0, h - 0.06 * h, 0), 20), body),
             Part(cylinder(0.075 * w, 0.16 * h, (0, motor_top - 0.08 * h, 0), 24), body)]
    if not hugger:
        parts.append(Part(rod((0, h - 0.06 * h, 0), (0, motor_top, 0), 0.012 * w, 10), body))
    blade_y = motor_top - 0.2 * h
    if p.variant == 0:  # light bowl under the motor
        parts.append(Part(ellipsoid((0.07 * w, 0.12 * h, 0.07 * w), (0, 0.12 * h, 0), 2), WARM_LIGHT, smooth=True))
        parts.append(Part(cylinder(0.075 * w, 0.05 * h, (0, 0.22 * h, 0), 24), body))
    hub = Part(cylinder(0.09 * w, 0.08 * h, (0, blade_y, 0), 24), body)
    blades: list[Part] = []
    for angle in _blade_angles(4, np.pi / 4 * (p.variant == 2)):
        out = np.array([np.cos(angle), 0.0, np.sin(angle)])
        root, tip = out * 0.1 * w + [0, blade_y, 0], out * reach + [0, blade_y, 0]
        blades.append(Part(rod(out * 0.05 * w + [0, blade_y, 0], root, 0.008 * w, 6), body))
        blades.append(Part(strip(root, tip, (0.16, 0.12, 0.11)[p.variant] * w, 0.012 * h), blade_mat))
    return fit(parts + rotor(blades, hub), p.size)


def fan_head(centre, radius: float, depth: float, blades: int, cage, blade_mat, motor) -> list[Part]:
    """A fan head at (3,) ``centre`` facing +Z: motor housing behind, a round wire cage ``radius`` wide and
    ``depth`` deep, and a rotor of ``blades`` blades turning about the Z axis through ``centre``."""
    c = np.asarray(centre, dtype=float)
    front, back = c + [0, 0, depth / 2], c - [0, 0, depth / 2]
    parts = [Part(zcyl(0.32 * radius, 0.9 * depth, back - [0, 0, 0.25 * depth], 20), motor)]
    for z_at, r_scale in ((front, 1.0), (back, 0.95)):
        parts.append(Part(rotated_x(torus_y(radius * r_scale - 0.012 * radius, 0.025 * radius, (0, 0, 0), 32, 6),
                                    np.pi / 2).apply_translation(z_at), cage, smooth=True))
    parts.append(Part(rotated_x(torus_y(0.5 * radius, 0.02 * radius, (0, 0, 0), 24, 6), np.pi / 2).apply_translation(front),
                      cage, smooth=True))
    for angle in _blade_angles(8, np.pi / 8):  # grille spokes across the front, and the cage's sides (wires: smooth, light)
        out = np.array([np.cos(angle), np.sin(angle), 0.0])
        parts.append(Part(rod(front + out * 0.12 * radius, front + out * 0.97 * radius, 0.012 * radius, 5), cage, smooth=True))
        parts.append(Part(rod(front + out * 0.97 * radius, back + out * 0.92 * radius, 0.012 * radius, 5), cage, smooth=True))
    parts.append(Part(zcyl(0.14 * radius, 0.04 * depth, front, 16), cage))  # badge on the grille
    hub = Part(zcyl(0.16 * radius, 0.3 * depth, c, 16), motor)
    vanes = []
    for angle in _blade_angles(blades, np.pi / 2):
        out = np.array([np.cos(angle), np.sin(angle), 0.0])
        vanes.append(Part(strip(c + out * 0.12 * radius, c + out * 0.82 * radius, 0.42 * radius, 0.02 * depth,
                                up=(0, 0, 1)), blade_mat))
    return parts + rotor(vanes, hub)


_FAN_STYLES = (  # (body kind, body colour, blade colour, blades)
    ("plastic", "#f2f2f0", "#9ec9e8", 3),
    ("plastic", "#232326", "#3a3c40", 5),
    ("metal", "#4f7a63", "#c9a24a", 4),  # vintage: green enamel, brass blades
)


def _fan_materials(p: GenParams):
    kind, colour, blade_colour, blades = _FAN_STYLES[p.variant]
    body = p.mat(kind, colour)
    blade = material("metal" if p.variant == 2 else "plastic", blade_colour)
    cage = BRASS if p.variant == 2 else body
    return body, blade, cage, blades


def _fan(p: GenParams, head_z: float, head_depth: float, stand) -> list[Part]:
    """A fan: ``stand(p, body, head_y)`` carrying a head as wide as the fan, ``head_z`` and ``head_depth`` in depths."""
    body, blade, cage, blades = _fan_materials(p)
    w, h, d = p.size
    centre = (0, h - w / 2, head_z * d)
    return fit(stand(p, body, centre[1]) + fan_head(centre, w / 2, head_depth * d, blades, cage, blade, body), p.size)


def _pedestal(p: GenParams, body, head_y: float) -> list[Part]:
    w, h, d = p.size
    base = (cylinder(0.4 * w, 0.04 * h, (0, 0.02 * h, 0), 28) if p.variant != 1 else
            box((0.8 * w, 0.04 * h, 0.8 * d), (0, 0.02 * h, 0)))
    neck = head_y - 0.1 * w
    return [Part(base, body), Part(rod((0, 0.04 * h, 0), (0, neck, -0.1 * d), 0.025 * w, 10), body),
            Part(rod((0, neck, -0.1 * d), (0, head_y, -0.1 * d), 0.04 * w, 10), body)]


def _desk_stand(p: GenParams, body, head_y: float) -> list[Part]:
    w, h, d = p.size
    base = (frustum(0.36 * w, 0.3 * w, 0.08 * h, (0, 0, -0.05 * d), 24) if p.variant != 1 else
            box((0.7 * w, 0.08 * h, 0.8 * d), (0, 0.04 * h, -0.05 * d)))
    return [Part(base, body), Part(rod((0, 0.08 * h, -0.05 * d), (0, head_y, -0.12 * d), 0.05 * w, 10), body)]


@generator("standing_fan")
def standing_fan(p: GenParams) -> list[Part]:
    """A standing fan on a pedestal."""
    return _fan(p, 0.08, 0.35, _pedestal)


@generator("desk_fan")
def desk_fan(p: GenParams) -> list[Part]:
    """A desk fan on a short stand."""
    return _fan(p, 0.1, 0.4, _desk_stand)


# ---------------------------------------------------------------- candle

def flame(base, radius: float, height: float) -> list[Part]:
    """A teardrop flame standing on (3,) ``base`` in the flame node, pivoting at its bottom: yellow core, orange skin."""
    b = np.asarray(base, dtype=float)
    skin = Part(hull(np.vstack([ellipsoid((radius, 0.35 * height, radius), b + [0, 0.35 * height, 0], 1).vertices,
                                [b + [0, height, 0]]])), material("emissive", "#ff9a2e"), node=FLAME, pivot="bottom")
    core = Part(ellipsoid((0.5 * radius, 0.3 * height, 0.5 * radius), b + [0, 0.32 * height, 0], 1),
                material("emissive", "#fff2a8"), node=FLAME)
    return [skin, core]


@generator("candle")
def candle(p: GenParams) -> list[Part]:
    """A candle with a flame: plain, pillar with wax drips, or a taper in a brass holder."""
    wax = p.mat("plastic", ("#f6f1e4", "#c0392b", "#efe6d0")[p.variant])
    w, h, _ = p.size
    r = w / 2
    flame_h = 0.16 * h
    if p.variant == 2:  # a taper in a brass holder with a drip dish
        top = h - flame_h - 0.03 * h
        parts = [Part(cylinder(r, 0.03 * h, (0, 0.015 * h, 0), 20), BRASS),
                 Part(frustum(0.35 * r, 0.45 * r, 0.12 * h, (0, 0.03 * h, 0), 16), BRASS),
                 Part(cylinder(0.5 * r, 0.03 * h, (0, 0.16 * h, 0), 16), BRASS),
                 Part(cylinder(0.32 * r, top - 0.17 * h, (0, (top + 0.17 * h) / 2, 0), 16), wax)]
    else:
        body_r = r if p.variant == 1 else 0.75 * r
        top = h - flame_h - 0.03 * h
        parts = [Part(cylinder(body_r, top, (0, top / 2, 0), 24), wax)]
        if p.variant == 1:  # a pillar candle with wax drips down its side
            for x, _, z in around(5, body_r, phase=0.4):
                parts.append(Part(ellipsoid((0.12 * r, 0.12 * h, 0.12 * r), (0.97 * x, top - 0.1 * h, 0.97 * z), 1), wax))
            parts[0] = Part(cylinder(0.9 * body_r, top, (0, top / 2, 0), 24), wax)
    wick = Part(cylinder(0.05 * r, 0.04 * h, (0, top + 0.015 * h, 0), 8), material("fabric", "#2b2420"))
    return fit(parts + [wick] + flame((0, top + 0.025 * h, 0), 0.22 * r, flame_h + 0.005 * h), p.size)


# ------------------------------------------------------------- fairground

def blob(spheres) -> trimesh.Trimesh:
    """The convex hull of ellipsoids given as ((3,) radii, (3,) centre) pairs: a smooth lump (a body, a head)."""
    return hull(np.vstack([ellipsoid(radii, centre, 1).vertices for radii, centre in spheres]))


def horse(base, heading: float, height: float, coat, mane) -> list[Part]:
    """A carousel horse ``height`` tall whose feet are at (3,) ``base``, its nose towards ``heading`` (radians in XZ)."""
    b = np.asarray(base, dtype=float)
    fwd = np.array([np.cos(heading), 0.0, np.sin(heading)])
    side = np.array([-fwd[2], 0.0, fwd[0]])
    up = np.array([0.0, 1.0, 0.0])
    s = height
    body_c = b + 0.55 * s * up
    barrel = (0.18 * s, 0.16 * s, 0.18 * s)
    body = blob([(barrel, body_c + fwd * 0.2 * s), (barrel, body_c - fwd * 0.2 * s)])
    head = blob([((0.07 * s, 0.08 * s, 0.07 * s), body_c + (fwd * 0.32 + up * 0.12) * s),
                 ((0.06 * s,) * 3, body_c + (fwd * 0.5 + up * 0.32) * s),
                 ((0.04 * s,) * 3, body_c + (fwd * 0.62 + up * 0.24) * s)])
    mane_strip = strip(body_c + (fwd * 0.3 + up * 0.2) * s, body_c + (fwd * 0.45 + up * 0.4) * s, 0.05 * s, 0.03 * s,
                       up=tuple(side))
    parts = [Part(body, coat, smooth=True), Part(head, coat, smooth=True), Part(mane_strip, mane)]
    for f in (-1, 1):  # legs, front pair reaching forward as if galloping
        for sd in (-1, 1):
            hip = body_c + (fwd * f * 0.22 + side * sd * 0.08 - up * 0.08) * s
            hoof = b + (fwd * f * 0.38 + side * sd * 0.08 + up * 0.1) * s
            parts.append(Part(rod(hip, hoof, 0.035 * s, 6), coat))
    return parts


@generator("carousel")
def carousel(p: GenParams) -> list[Part]:
    """A carousel: horses on poles under a canopy, with benches in one variant."""
    canopy = p.mat("fabric", ("#c0392b", "#2e86c1", "#8e44ad")[p.variant])
    white, gold = material("fabric", "#f6f1e4"), BRASS
    wood = material("wood", "#8b5a2b")
    w, h, _ = p.size
    r = w / 2
    base_h, deck_h = 0.05 * h, 0.04 * h
    eave, top = 0.66 * h, h
    fixed = [Part(frustum(r, 0.97 * r, base_h, (0, 0, 0), 40), material("stone", "#9a948a"))]
    hub = Part(cylinder(0.12 * r, top - base_h - 0.02 * h, (0, (top + base_h) / 2, 0), 20), gold)
    turning = [Part(cylinder(0.95 * r, deck_h, (0, base_h + deck_h / 2, 0), 40), wood),
               Part(cylinder(0.3 * r, eave - base_h - deck_h, (0, (eave + base_h + deck_h) / 2, 0), 16),
                    material("ceramic", "#f3e5c0")),
               Part(cone(r, top - eave - 0.08 * h, (0, eave + 0.08 * h, 0), 40), canopy),
               Part(cylinder(r, 0.08 * h, (0, eave + 0.04 * h, 0), 40), white),
               Part(sphere(0.05 * r, (0, top - 0.03 * r, 0), 1), gold)]
    rows = ((0.72, 8), (0.48, 6)) if p.variant == 1 else ((0.72, (8, 8, 6)[p.variant]),)
    coats = [material("plastic", c) for c in ("#f6f1e4", "#3b2a20", "#d4a373", "#7f8c8d")]
    deck_top = base_h + deck_h
    for ring_r, count in rows:
        for k, (x, _, z) in enumerate(around(count, ring_r * r, phase=0.2 if ring_r < 0.6 else 0.0)):
            turning.append(Part(rod((x, deck_top, z), (x, eave, z), 0.015 * r, 8), gold))
            heading = np.arctan2(z, x) + np.pi / 2  # nose along the direction of travel
            lift = 0.12 * h * (k % 2)  # every other horse up, as if mid-gallop
            turning += horse((x, deck_top + 0.08 * h + lift, z), heading, 0.22 * h, coats[k % len(coats)], canopy)
            if p.variant == 2 and k % 2:  # benches between the horses
                a = np.arctan2(z, x) + np.pi / count
                bx, bz = ring_r * r * np.cos(a), ring_r * r * np.sin(a)
                turning.append(Part(box((0.5 * r * np.pi / count, 0.1 * h, 0.1 * r), (bx, deck_top + 0.05 * h, bz)), canopy))
    return fit(fixed + rotor(turning, hub), p.size)


@generator("ferris_wheel")
def ferris_wheel(p: GenParams) -> list[Part]:
    """A ferris wheel: a rim of pods on a frame, in three colour schemes."""
    frame = p.mat("metal", ("#ecf0f1", "#c0392b", "#2c3e50")[p.variant])
    pod_colours = (("#e74c3c", "#f1c40f", "#3498db", "#2ecc71"), ("#f6f1e4",), ("#f39c12", "#9b59b6"))[p.variant]
    pods = [material("plastic", c) for c in pod_colours]
    w, h, d = p.size
    outer = min(w / 2, 0.44 * h)  # the circle swept by the pods' outer edge
    pod_r = 0.08 * outer
    rim_r = outer - 2 * pod_r
    hub_c = np.array([0.0, h - outer, 0.0])
    half = 0.12 * d
    count = (16, 12, 20)[p.variant]
    fixed = [Part(box((0.5 * w, 0.02 * h, 0.9 * d), (0, 0.01 * h, 0)), material("stone", "#8c8c8c"))]
    for sz in (-1, 1):  # A-frame legs from the ground to the axle on each side
        for sx in (-1, 1):
            fixed.append(Part(rod((sx * 0.22 * w, 0.02 * h, sz * 0.45 * d), hub_c + [0, 0, sz * 1.3 * half], 0.02 * outer, 8), frame))
    fixed.append(Part(zcyl(0.04 * outer, 2.8 * half, hub_c, 12), frame))
    hub = Part(zcyl(0.08 * outer, 2.2 * half, hub_c, 16), frame)
    wheel: list[Part] = []
    for z in (-half, half):
        rim = rotated_x(torus_y(rim_r, 0.015 * outer, (0, 0, 0), 64, 6), np.pi / 2).apply_translation(hub_c + [0, 0, z])
        wheel.append(Part(rim, frame, smooth=True))
    angles = np.linspace(0, 2 * np.pi, count, endpoint=False)
    for k, a in enumerate(angles):
        out = np.array([np.cos(a), np.sin(a), 0.0])
        for z in (-half, half):
            wheel.append(Part(rod(hub_c + [0, 0, z], hub_c + out * rim_r + [0, 0, z], 0.006 * outer, 5), frame, smooth=True))
        wheel.append(Part(rod(hub_c + out * rim_r - [0, 0, half], hub_c + out * rim_r + [0, 0, half], 0.008 * outer, 5), frame,
                          smooth=True))
        wheel.append(Part(ellipsoid((pod_r, pod_r, 0.8 * half), hub_c + out * (rim_r + pod_r), 1), pods[k % len(pods)], smooth=True))
    return fit(fixed + rotor(wheel, hub), p.size)

