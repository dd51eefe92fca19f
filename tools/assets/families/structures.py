"""Built structures people walk on, through or up: bridges, stairs, ladders, towers, gates, gazebos, stands,
ramps, a castle, and the generic structure archetype.

Built from slabs and rods at real size, front +Z; a bridge and a gate span X (the long side faces the viewer).
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.built import IRON, pyramid_roof
from tools.assets.mesh import Part, cone, material, rod
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import around, fit, frustum, hull, lathe, post, rot, slab, x_rod

STONE = "#9c968c"


def railing(x0: float, x1: float, ys, z: float, height: float, mat, spacing: float = 1.0) -> list[Part]:
    """Posts every ``spacing`` metres from x0 to x1 standing on the heights ``ys(x)``, with a top rail."""
    count = max(2, int(abs(x1 - x0) / spacing) + 1)
    xs = np.linspace(x0, x1, count)
    parts = [Part(post(0.04, height, x, ys(x), z, 6), mat) for x in xs]
    parts += [Part(rod((a, ys(a) + height, z), (b, ys(b) + height, z), 0.03, 6), mat) for a, b in zip(xs, xs[1:])]
    return parts


# ------------------------------------------------------------------ bridge

def _arched_bridge(p: GenParams) -> list[Part]:
    w, h, d = p.size
    deck = p.mat("wood", "#8a5a34")
    rail = material("wood", "#5c3b23")
    rise = 0.45 * h

    def top(x: float) -> float:
        return rise * (1 - (2 * x / w) ** 2) + 0.1

    xs = np.linspace(-w / 2, w / 2, 9)
    parts = [Part(hull([(a, top(a) - 0.12, -d / 2), (a, top(a), -d / 2), (a, top(a) - 0.12, d / 2), (a, top(a), d / 2),
                        (b, top(b) - 0.12, -d / 2), (b, top(b), -d / 2), (b, top(b) - 0.12, d / 2), (b, top(b), d / 2)]), deck)
             for a, b in zip(xs, xs[1:])]
    for z in (-d / 2 + 0.05, d / 2 - 0.05):
        parts += railing(-w / 2 + 0.05, w / 2 - 0.05, top, z, h - rise - 0.1, rail, w / 6)
    return parts


def _beam_bridge(p: GenParams) -> list[Part]:
    w, h, d = p.size
    stone = p.mat("stone", STONE)
    deck_y = 0.5 * h
    parts = [Part(slab(w, 0.25, d, 0, deck_y - 0.25, 0), stone)]
    parts += [Part(slab(0.6, deck_y - 0.25, d * 0.8, x, 0, 0), stone) for x in (-w / 2 + 0.3, 0.0, w / 2 - 0.3)]
    for z in (-d / 2 + 0.1, d / 2 - 0.1):
        parts.append(Part(slab(w, h - deck_y, 0.2, 0, deck_y, z), stone))  # parapets
    return parts


def _rope_bridge(p: GenParams) -> list[Part]:
    w, h, d = p.size
    plank = p.mat("wood", "#a0703f")
    rope = material("fabric", "#c8b48a")
    sag = 0.25 * h

    def low(x: float) -> float:
        return h * 0.3 + sag * ((2 * x / w) ** 2 - 1) + sag

    parts = [Part(slab(0.15, 0.04, d * 0.9, x, low(x), 0), plank) for x in np.linspace(-w / 2 + 0.3, w / 2 - 0.3, 16)]
    for sx in (-1, 1):
        parts += [Part(post(0.08, h, sx * (w / 2 - 0.1), 0, z, 8), plank) for z in (-d / 2 + 0.1, d / 2 - 0.1)]
    xs = np.linspace(-w / 2 + 0.1, w / 2 - 0.1, 9)
    for z in (-d / 2 + 0.1, d / 2 - 0.1):
        for lift in (0.04, 0.75 * h - 0.3 * h):
            parts += [Part(rod((a, low(a) + lift, z), (b, low(b) + lift, z), 0.02, 5), rope) for a, b in zip(xs, xs[1:])]
    return parts


@generator("bridge")
def bridge(p: GenParams) -> list[Part]:
    """A bridge spanning X: v0 arched wooden footbridge, v1 stone beam bridge on piers, v2 rope bridge."""
    return fit(pick(p, (_arched_bridge, _beam_bridge, _rope_bridge)), p.size)


# ---------------------------------------------------------------- stairs

def _straight_stairs(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tread = p.mat("wood", "#9a6b3f")
    steps = max(4, round(h / 0.18))
    rise, run = h / steps, d / steps
    parts = [Part(slab(w, rise * (i + 1), run, 0, 0, d / 2 - run * (i + 0.5)), tread) for i in range(steps)]
    rail = material("wood", "#5c3b23")
    for sx in (-1, 1):
        x = sx * (w / 2 - 0.04)
        parts.append(Part(rod((x, rise + 0.9, d / 2 - run / 2), (x, h + 0.9 - rise, -d / 2 + run / 2), 0.03, 6), rail))
        parts += [Part(post(0.025, 0.9, x, rise * (i + 1), d / 2 - run * (i + 0.5), 6), rail) for i in range(0, steps, 3)]
    return parts


def _spiral_stairs(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tread = p.mat("metal", "#4a4f57")
    steps = max(6, round(h / 0.2))
    rise = h / steps
    parts = [Part(post(0.08, h + 0.9, 0, 0, 0, 12), tread)]
    for i in range(steps):
        angle = i * 2 * np.pi / 12
        wedge = hull([(0, 0, -0.05), (0, 0, 0.05), (w / 2, 0, -0.22 * w), (w / 2, 0, 0.22 * w),
                      (0, 0.04, -0.05), (0, 0.04, 0.05), (w / 2, 0.04, -0.22 * w), (w / 2, 0.04, 0.22 * w)])
        rot(wedge, angle, (0, 1, 0)).apply_translation((0, rise * (i + 1) - 0.04, 0))
        parts.append(Part(wedge, tread))
        x, z = 0.48 * w * np.cos(-angle), 0.48 * w * np.sin(-angle)
        parts.append(Part(post(0.015, 0.9, x, rise * (i + 1), z, 5), tread))
    return parts


@generator("staircase", variants=2)
def staircase(p: GenParams) -> list[Part]:
    """A flight of stairs: v0 straight, rising towards -Z with hand rails; v1 spiral round a post."""
    return fit(pick(p, (_straight_stairs, _spiral_stairs)), p.size)


@generator("ladder", variants=1)
def ladder(p: GenParams) -> list[Part]:
    """A wooden ladder leaning back (its top towards -Z), rungs a foot apart."""
    w, h, d = p.size
    wood = p.mat("wood", "#b5834a")
    parts = []
    for sx in (-1, 1):
        parts.append(Part(rod((sx * w / 2, 0, d / 2), (sx * w / 2 * 0.85, h, -d / 2), 0.03, 6), wood))
    for t in np.arange(0.08, 1.0, 0.3 / max(h, 0.3)):
        x = w / 2 * (1 - 0.15 * t)
        parts.append(Part(rod((-x, t * h, d / 2 - t * d), (x, t * h, d / 2 - t * d), 0.02, 6), wood))
    return fit(parts, p.size)


# ------------------------------------------------------------------ towers

def _watchtower(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#7a5230")
    dark = material("wood", "#4a3320")
    deck_y = 0.62 * h
    parts = [Part(rod((sx * w / 2, 0, sz * d / 2), (sx * w * 0.38, deck_y, sz * d * 0.38), 0.08, 6), wood)
             for sx in (-1, 1) for sz in (-1, 1)]
    for y in (0.2 * deck_y, 0.55 * deck_y):  # cross braces
        parts += [Part(x_rod(-w * 0.45, w * 0.45, y, sz * d * 0.44, 0.04, 5), dark) for sz in (-1, 1)]
    parts.append(Part(slab(w * 0.85, 0.12, d * 0.85, 0, deck_y, 0), wood))
    parts.append(Part(slab(w * 0.85, 0.9, 0.05, 0, deck_y, d * 0.4), dark))  # the front parapet
    parts += [Part(post(0.05, 0.25 * h, sx * w * 0.38, deck_y, sz * d * 0.38, 6), wood) for sx in (-1, 1) for sz in (-1, 1)]
    parts.append(Part(pyramid_roof(w / 2, deck_y + 0.25 * h, h - deck_y - 0.25 * h), dark))
    return parts


def _stone_tower(p: GenParams) -> list[Part]:
    w, h, d = p.size
    stone = p.mat("stone", STONE)
    r = min(w, d) / 2
    parts = [Part(frustum(r * 0.95, r * 0.88, h * 0.88, (0, 0, 0), 16), stone),
             Part(lathe([(0, 0), (r, 0), (r, 0.06 * h), (0, 0.06 * h)], 0, 0.86 * h, 0, 16), stone)]
    parts += [Part(slab(0.35 * r, 0.08 * h, 0.3 * r, x, 0.92 * h, z), stone) for x, _, z in around(8, 0.85 * r)]
    parts.append(Part(slab(0.3 * r, 0.5, 0.1, 0, 0.6 * h, r * 0.9), material("plastic", "#1c1c1e")))  # a slit window
    return parts


def _control_tower(p: GenParams) -> list[Part]:
    w, h, d = p.size
    concrete = p.mat("stone", "#d6d3cc")
    r = min(w, d) / 2
    cab_y = 0.78 * h
    return [Part(post(0.32 * r, cab_y, 0, 0, 0, 16), concrete),
            Part(frustum(0.55 * r, r, 0.06 * h, (0, cab_y, 0), 16), concrete),
            Part(frustum(r * 0.95, r, 0.1 * h, (0, cab_y + 0.06 * h, 0), 16), material("glass", "#5d8fb3")),
            Part(frustum(r, 0.5 * r, 0.04 * h, (0, cab_y + 0.16 * h, 0), 16), concrete),
            Part(post(0.03 * r, 0.02 * h, 0, cab_y + 0.2 * h - 0.001, 0, 6), material("metal", "#c4c8cc"))]


@generator("tower")
def tower(p: GenParams) -> list[Part]:
    """A tower: v0 wooden watchtower on braced legs, v1 round stone tower with battlements, v2 airport control tower."""
    return fit(pick(p, (_watchtower, _stone_tower, _control_tower)), p.size)


# -------------------------------------------------------------------- gate

def _field_gate(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#a07a4f")
    parts = [Part(slab(0.16, h, 0.16, sx * (w / 2 - 0.08), 0, 0), wood) for sx in (-1, 1)]
    bars = 5
    for i in range(bars):
        parts.append(Part(slab(w - 0.36, 0.08, 0.05, 0, 0.15 + i * (h * 0.78 - 0.15) / (bars - 1), 0), wood))
    parts.append(Part(hull([(-w / 2 + 0.2, 0.15, -0.02), (-w / 2 + 0.2, 0.15, 0.02), (w / 2 - 0.25, h * 0.78, -0.02),
                            (w / 2 - 0.25, h * 0.78, 0.02), (-w / 2 + 0.28, 0.15, 0.02), (w / 2 - 0.33, h * 0.78, 0.02)]), wood))
    return parts


def _iron_gates(p: GenParams) -> list[Part]:
    w, h, d = p.size
    iron = p.mat("metal", IRON)
    stone = material("stone", STONE)
    pier = min(0.6, w * 0.15)
    parts = [Part(slab(pier, h, d, sx * (w / 2 - pier / 2), 0, 0), stone) for sx in (-1, 1)]
    inner = w / 2 - pier
    for x in np.linspace(-inner + 0.06, inner - 0.06, 16):
        top = h * (0.85 - 0.12 * (abs(x) / inner) ** 2)
        parts.append(Part(post(0.018, top, x, 0, 0, 6), iron))
        parts.append(Part(cone(0.04, 0.1, (x, top, 0), 6), iron))
    parts += [Part(x_rod(-inner, inner, y, 0, 0.025, 6), iron) for y in (0.12, 0.5 * h)]
    return parts


@generator("gate", variants=2)
def gate(p: GenParams) -> list[Part]:
    """A gate across X: v0 five-bar wooden field gate between posts, v1 wrought-iron gates between stone piers."""
    return fit(pick(p, (_field_gate, _iron_gates)), p.size)


# ---------------------------------------------------------- gazebo, stands

@generator("gazebo", variants=2)
def gazebo(p: GenParams) -> list[Part]:
    """An open garden pavilion: v0 octagonal gazebo with a pointed roof, v1 square pergola with a slatted top."""
    w, h, d = p.size
    wood = p.mat("wood", ("#f4f1ea", "#8a5a34")[p.variant])
    if p.variant == 0:
        r = min(w, d) / 2
        parts = [Part(lathe([(0, 0), (r, 0), (r, 0.25), (0, 0.25)], 0, 0, 0, 8), wood)]
        parts += [Part(post(0.06, 0.55 * h, x, 0.25, z, 6), wood) for x, _, z in around(8, 0.9 * r, 0, np.pi / 8)]
        parts.append(Part(cone(r * 1.08, 0.4 * h, (0, 0.6 * h, 0), 8), material("stone", "#5d6d7e")))
        parts.append(Part(lathe([(0, 0), (0.95 * r, 0), (0.95 * r, 0.05 * h), (0, 0.05 * h)], 0, 0.55 * h, 0, 8), wood))
        return fit(parts, p.size)
    parts = [Part(slab(0.14, 0.88 * h, 0.14, sx * (w / 2 - 0.1), 0, sz * (d / 2 - 0.1)), wood) for sx in (-1, 1) for sz in (-1, 1)]
    parts += [Part(slab(w, 0.16, 0.08, 0, 0.88 * h, sz * (d / 2 - 0.1)), wood) for sz in (-1, 1)]
    parts += [Part(slab(0.06, 0.12 * h - 0.16, d, x, 0.88 * h + 0.16, 0), wood) for x in np.linspace(-w / 2 + 0.1, w / 2 - 0.1, 9)]
    return fit(parts, p.size)


@generator("bleachers", variants=1)
def bleachers(p: GenParams) -> list[Part]:
    """Tiered spectator benches rising towards -Z on a steel frame, the seats facing +Z."""
    w, h, d = p.size
    seat = p.mat("metal", "#b8bcc2")
    frame = material("metal", "#4a4f57")
    rows = max(3, round(d / 0.75))
    run = d / rows
    parts = []
    for i in range(rows):
        y, z = (i + 1) * h / rows, d / 2 - run * (i + 0.5)
        parts.append(Part(slab(w, 0.05, run * 0.45, 0, y - 0.05, z - run * 0.2), seat))
        parts.append(Part(slab(w, 0.04, run * 0.4, 0, y - 0.45 * h / rows, z + run * 0.28), seat))  # the foot board
        parts += [Part(slab(0.06, y, 0.06, x, 0, z), frame) for x in np.linspace(-w / 2 + 0.05, w / 2 - 0.05, 4)]
    return fit(parts, p.size)


@generator("ramp", variants=2)
def ramp(p: GenParams) -> list[Part]:
    """A skate ramp: v0 half-pipe (two curved walls facing across X with decks), v1 a plain wedge ramp rising to -Z."""
    w, h, d = p.size
    surface = p.mat("wood", ("#c9a36b", "#8a8d91")[p.variant])
    if p.variant == 1:
        return fit([Part(hull([(sx * w / 2, 0, z) for sx in (-1, 1) for z in (-d / 2, d / 2)]
                              + [(sx * w / 2, h, -d / 2) for sx in (-1, 1)]), surface)], p.size)
    parts = []
    flat = 0.3 * w
    for side in (-1, 1):
        angles = np.linspace(0, np.pi / 2, 7)
        radius = w / 2 - flat / 2 - 0.4
        for a0, a1 in zip(angles, angles[1:]):
            pts = []
            for a in (a0, a1):
                x = side * (flat / 2 + radius * np.sin(a))
                y = radius * (1 - np.cos(a))
                pts += [(x, 0, -d / 2), (x, 0, d / 2), (x, y, -d / 2), (x, y, d / 2)]
            parts.append(Part(hull(pts), surface))
        deck_x = side * (flat / 2 + radius + 0.2)
        parts.append(Part(slab(0.4, h, d, deck_x, 0, 0), surface))
        parts.append(Part(rod((side * (flat / 2 + radius), h, -d / 2), (side * (flat / 2 + radius), h, d / 2), 0.03, 8),
                          material("metal", "#c4c8cc")))  # the coping
    parts.append(Part(slab(flat, 0.02, d, 0, 0, 0), surface))
    return fit(parts, p.size)


# ------------------------------------------------------------------ castle

@generator("castle", variants=1)
def castle(p: GenParams) -> list[Part]:
    """A small castle: curtain walls with battlements, a round tower at each corner and a gatehouse at +Z."""
    w, h, d = p.size
    stone = p.mat("stone", STONE)
    wall_h, r = 0.55 * h, 0.12 * min(w, d)
    parts = []
    for sz in (-1, 1):
        parts.append(Part(slab(w - 2 * r, wall_h, 0.6, 0, 0, sz * (d / 2 - r)), stone))
    for sx in (-1, 1):
        parts.append(Part(slab(0.6, wall_h, d - 2 * r, sx * (w / 2 - r), 0, 0), stone))
    for x in np.linspace(-w / 2 + 2 * r, w / 2 - 2 * r, 7):  # merlons along the front and back walls
        parts += [Part(slab(0.5, 0.5, 0.6, x, wall_h, sz * (d / 2 - r)), stone) for sz in (-1, 1)]
    for sx in (-1, 1):
        for sz in (-1, 1):
            x, z = sx * (w / 2 - r), sz * (d / 2 - r)
            parts.append(Part(post(r, 0.85 * h, x, 0, z, 12), stone))
            parts.append(Part(cone(r * 1.15, 0.15 * h, (x, 0.85 * h, z), 12), material("stone", "#5d6d7e")))
    parts.append(Part(slab(0.3 * w, 0.7 * h, 0.2 * d, 0, 0, d / 2 - r), stone))  # gatehouse
    parts.append(Part(slab(0.12 * w, 0.3 * h, 0.05, 0, 0, d / 2 - r + 0.1 * d), material("wood", "#4a3320")))
    return fit(parts, p.size)


# ---------------------------------------------------------- generic structure

@generator("structure_like", variants=2, options={"accent": None}, sizes=((4.0, 3.0, 4.0), (4.0, 3.5, 1.0)))
def structure_like(p: GenParams) -> list[Part]:
    """A built structure of some kind: v0 a raised platform on posts with a railing and steps, v1 a portal (two piers
    and a lintel) to walk through."""
    w, h, d = p.size
    body = p.mat("wood" if p.variant == 0 else "stone", ("#8a5a34", STONE)[p.variant])
    trim = material("wood" if p.variant == 0 else "stone", p.text_option("accent") or ("#5c3b23", "#7f7a70")[p.variant])
    if p.variant == 1:
        pier = 0.2 * w
        return fit([Part(slab(pier, 0.82 * h, d, sx * (w / 2 - pier / 2), 0, 0), body) for sx in (-1, 1)]
                   + [Part(slab(w, 0.18 * h, d, 0, 0.82 * h, 0), trim)], p.size)
    deck_y, run = 0.6 * h, min(1.0, 0.3 * d)  # the front ``run`` of the footprint holds the steps
    back, front = -d / 2 + 0.1, d / 2 - run - 0.1
    parts = [Part(slab(0.15, deck_y, 0.15, sx * (w / 2 - 0.1), 0, z), trim) for sx in (-1, 1) for z in (back, front)]
    parts.append(Part(slab(w, 0.12, d - run, 0, deck_y - 0.12, -run / 2), body))
    for z in (back, front):
        parts += railing(-w / 2 + 0.05, w / 2 - 0.05, lambda _x: deck_y, z, h - deck_y, trim, w / 4)
    steps = 4
    parts += [Part(slab(0.8, deck_y * (i + 1) / steps, run / steps, 0, 0, d / 2 - run / steps * (i + 0.5)), body)
              for i in range(steps)]
    return fit(parts, p.size)

