"""Things that float or fly: planets, moons, a sun, party and hot-air balloons, birds.

They mount in the air (Category.air_height). Moving parts sit in named
nodes like the fairground's: a bird's ``wing_left`` / ``wing_right`` pivot at
the shoulder, a hot-air balloon's burner ``flame`` at its bottom. Planets and
moons move as whole objects (orbit, spin), so they need no nodes.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.motion import flame
from tools.assets.mesh import Z_TO_Y, Part, box, material, rod, sphere
from tools.assets.registry import GenParams, by_shape, generator
from tools.assets.shapes import ellipsoid, fit, hull, lathe, rotated_x, spike, strip

# ------------------------------------------------------------ round bodies

def arc(radius: float, lat0: float, lat1: float, steps: int = 6) -> list[tuple[float, float]]:
    """(radius, height) points of a sphere's meridian from latitude ``lat0`` to ``lat1`` (radians, -pi/2..pi/2)."""
    return [(radius * np.cos(a), radius * np.sin(a)) for a in np.linspace(lat0, lat1, steps)]


def banded_sphere(radius: float, centre, edges, mats, sections: int = 32) -> list[Part]:
    """A sphere cut at latitudes ``edges`` (radians, ascending, from -pi/2 to pi/2) into closed slices,
    slice k in ``mats[k % len(mats)]``: a gas giant's cloud bands, an envelope's coloured rings."""
    c = np.asarray(centre, dtype=float)
    parts = []
    for k, (lo, hi) in enumerate(zip(edges[:-1], edges[1:])):
        profile = [(0.0, radius * np.sin(lo)), *arc(radius, lo, hi), (0.0, radius * np.sin(hi))]
        profile = [pt for i, pt in enumerate(profile) if i == 0 or not np.allclose(pt, profile[i - 1])]
        parts.append(Part(lathe(profile, c[0], c[1], c[2], sections=sections), mats[k % len(mats)], smooth=True))
    return parts


def surface_patch(centre, radius: float, direction, size: float, flat: float, mat) -> Part:
    """A flattened blob on a sphere's surface (a crater floor, a continent, a sunspot) facing ``direction`` (3,)."""
    n = np.asarray(direction, dtype=float)
    n /= np.linalg.norm(n)
    blob = ellipsoid((size, flat, size), (0, 0, 0), 1)
    blob.apply_transform(trimesh.geometry.align_vectors([0, 1, 0], n))
    return Part(blob.apply_translation(np.asarray(centre, dtype=float) + n * (radius - 0.3 * flat)), mat, smooth=True)


def directions(rng: np.random.Generator, count: int) -> np.ndarray:
    """(count, 3) seeded unit vectors spread over the sphere."""
    v = rng.normal(size=(count, 3))
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def cratered(radius: float, centre, base, crater, rng: np.random.Generator, count: int) -> list[Part]:
    """A rocky ball with ``count`` craters: darker dished patches with a lighter rim."""
    parts = [Part(sphere(radius, centre, 3), base, smooth=True)]
    rim = material("stone", "#cfc9c0")
    for n, s in zip(directions(rng, count), rng.uniform(0.12, 0.28, count)):
        parts.append(surface_patch(centre, radius, n, s * radius * 1.15, 0.06 * radius, rim))
        parts.append(surface_patch(centre, radius + 0.01 * radius, n, s * radius, 0.06 * radius, crater))
    return parts


_GAS_BANDS = (("#d9b38c", "#b97a4a", "#efe0c4", "#a5653a"), ("#9fc6e0", "#6c9cc4", "#d6e9f5"),
              ("#c9b26b", "#e6d49a", "#a88c46"))


@generator("planet")
def planet(p: GenParams) -> list[Part]:
    """A planet: rocky red and cratered, an ocean world, or another kind."""
    r = min(p.size) / 2
    centre = (0, r, 0)
    rng = p.rng()
    if p.variant == 1:  # rocky, red, cratered
        base = p.mat("stone", "#b5533a")
        return fit(cratered(r, centre, base, material("stone", "#7e3526"), rng, 14), p.size)
    if p.variant == 2:  # ocean world: blue seas, green-brown continents, white polar caps
        sea = p.mat("ceramic", "#2f6fb0")
        parts = banded_sphere(r, centre, [-np.pi / 2, -1.25, 1.25, np.pi / 2], [material("stone", "#f4f7fa"), sea])
        land = [material("foliage", "#4f8a3c"), material("stone", "#a0814f")]
        for k, n in enumerate(directions(rng, 9)):
            if abs(n[1]) < 0.85:
                parts.append(surface_patch(centre, r, n, rng.uniform(0.25, 0.45) * r, 0.05 * r, land[k % 2]))
        return fit(parts, p.size)
    colours = _GAS_BANDS[0] if p.color is None else (p.color, "#f0e6d6")
    edges = [-np.pi / 2, *np.sort(rng.uniform(-1.3, 1.3, 9)), np.pi / 2]  # gas giant: uneven cloud bands
    mats = [material("fabric", c) for c in colours]
    parts = banded_sphere(r, centre, edges, mats)
    parts.append(surface_patch(centre, r, (0.8, -0.35, 0.5), 0.22 * r, 0.05 * r, material("fabric", "#c0573a")))
    return fit(parts, p.size)


@generator("ringed_planet")
def ringed_planet(p: GenParams) -> list[Part]:
    """A ringed planet: a ball in a tilted ring that stays within the height."""
    w, h, _ = p.size
    r = h / 2
    centre = np.array([0.0, r, 0.0])
    colours = _GAS_BANDS[(2, 1, 0)[p.variant]] if p.color is None else (p.color, "#f0e6d6")
    edges = [-np.pi / 2, -1.0, -0.55, -0.2, 0.15, 0.5, 0.95, np.pi / 2]
    parts = banded_sphere(r, centre, edges, [material("fabric", c) for c in colours])
    tilt = (0.3, 0.2, 0.38)[p.variant]  # the ring's tilt towards the viewer; its sweep stays within h
    ring_mats = [material("stone", c) for c in (("#e6d3a8", "#b89a6a"), ("#c7dbe8", "#8fb3cc"), ("#d8c08a", "#9c8457"))[p.variant]]
    rings = ((1.0, 0.84), (0.8, 0.62)) if p.variant != 1 else ((1.0, 0.7),)
    for (outer, inner), mat in zip(rings, ring_mats):
        band = trimesh.creation.annulus(r_min=inner * w / 2, r_max=outer * w / 2, height=0.01 * h, sections=64)
        band.apply_transform(Z_TO_Y)
        parts.append(Part(rotated_x(band, tilt).apply_translation(centre), mat))
    return fit(parts, p.size)


@generator("moon")
def moon(p: GenParams) -> list[Part]:
    """A moon: cratered, icy with dark cracks, or another kind."""
    r = min(p.size) / 2
    centre = np.array([0.0, r, 0.0])
    rng = p.rng()
    if p.variant == 2:  # icy moon: pale with long dark cracks
        ice = p.mat("ceramic", "#e8f1f6")
        parts = [Part(sphere(r, centre, 3), ice, smooth=True)]
        crack = material("stone", "#8a6f5a")
        for n in directions(rng, 6):  # each crack follows a great circle in short straight pieces
            t = np.cross(n, [0, 1, 0] if abs(n[1]) < 0.9 else [1, 0, 0])
            t /= np.linalg.norm(t)
            points = [centre + 1.005 * r * (n + s * t) / np.linalg.norm(n + s * t) for s in np.linspace(-0.7, 0.7, 6)]
            for a, b in zip(points[:-1], points[1:]):
                mid = (a + b) / 2 - centre
                parts.append(Part(strip(a, b, 0.04 * r, 0.03 * r, up=tuple(mid / np.linalg.norm(mid))), crack))
        return fit(parts, p.size)
    base, dark = (("#a9a9a6", "#6f6f6c"), ("#d9b45a", "#9c6b2d"))[p.variant]
    return fit(cratered(r, centre, p.mat("stone", base), material("stone", dark), rng, 10), p.size)


@generator("sun")
def sun(p: GenParams) -> list[Part]:
    """A sun: a glowing ball, a stylised sun with flame rays, or a white star in a halo."""
    r = min(p.size) / 2
    centre = np.array([0.0, r, 0.0])
    glow = p.mat("emissive", ("#ffc93c", "#ff9f1c", "#fff1b0")[p.variant])
    if p.variant == 1:  # stylised sun: a smaller ball ringed with flame rays
        core = 0.68 * r
        parts = [Part(sphere(core, centre, 3), glow, smooth=True)]
        ray = material("emissive", "#ffd166")
        for n in directions(p.rng(), 26):
            parts.append(Part(spike(centre + n * 0.9 * core, centre + n * r, 0.16 * core, 6), ray))
        return fit(parts, p.size)
    parts = [Part(sphere(0.9 * r if p.variant == 2 else r, centre, 3), glow, smooth=True)]
    if p.variant == 2:  # white star in a soft halo
        parts.append(Part(sphere(r, centre, 3), material("glass", "#ffe9a8"), smooth=True))
        return fit(parts, p.size)
    spot = material("emissive", "#e07a1f")
    for n in directions(p.rng(), 6):  # sunspots
        parts.append(surface_patch(centre, r, n, 0.1 * r, 0.04 * r, spot))
    return fit(parts, p.size)


# ---------------------------------------------------------------- balloons

def string(top, length: float, radius: float, sway: float, mat) -> list[Part]:
    """A hanging string from (3,) ``top`` down ``length`` metres, kinked gently ``sway`` to the side."""
    t = np.asarray(top, dtype=float)
    points = [t + [sway * np.sin(k * 1.7), -length * k / 4, sway * 0.5 * np.cos(k * 1.3) - sway * 0.5] for k in range(5)]
    return [Part(rod(a, b, radius, 5), mat) for a, b in zip(points[:-1], points[1:])]


@generator("balloon")
def balloon(p: GenParams) -> list[Part]:
    """A party balloon on a string: round, heart-shaped or another shape."""
    p = by_shape(p, round=0)
    w, h, _ = p.size
    r = w / 2
    # v2 is a gold foil balloon, painted as glossy plastic: with no environment map a metal would render black
    skin = p.mat(*(("plastic", "#d62828"), ("plastic", "#ff5d8f"), ("plastic", "#e9b949"))[p.variant])
    body_h = 1.2 * w
    knot_y = h - body_h
    parts: list[Part] = []
    if p.variant == 1:  # heart: two lobes and a point, the point down
        lobes = [ellipsoid((0.55 * r, 0.55 * r, 0.45 * r), (sx * 0.45 * r, h - 0.55 * r, 0), 2) for sx in (-1, 1)]
        parts.append(Part(hull(np.vstack([m.vertices for m in lobes] + [[(0, knot_y + 0.05 * h, 0)]])), skin, smooth=True))
    else:  # round latex (or foil) balloon: a teardrop narrowing to the knot
        profile = [(0.0, 0.0), (0.12 * r, 0.06 * body_h), *[(r * np.cos(a), 0.55 * body_h + 0.45 * body_h * np.sin(a))
                                                            for a in np.linspace(-1.2, np.pi / 2, 12)]]
        profile[-1] = (0.0, body_h)
        parts.append(Part(lathe(profile, 0, knot_y, 0, sections=24), skin, smooth=True))
    parts.append(Part(ellipsoid((0.1 * r, 0.05 * body_h, 0.1 * r), (0, knot_y, 0), 1), skin))
    parts += string((0, knot_y, 0), knot_y, 0.006 * r, 0.15 * r, material("fabric", "#f4f4f2"))
    return fit(parts, p.size)


def gores(radius: float, height: float, base_y: float, count: int, mats) -> list[Part]:
    """A hot-air balloon envelope from vertical panels (gores) in alternating ``mats``.

    The envelope's radius is a concave function of height (a cone widening into a dome), so the body is
    convex and each gore, its slice between two meridian planes, is the convex hull of its profile points.
    """
    profile = [(0.28 * radius, 0.0)]
    profile += [(radius * np.cos(a), 0.62 * height + 0.38 * height * np.sin(a)) for a in np.linspace(-1.1, 1.45, 14)]
    axis = np.array([[0.0, base_y, 0.0], [0.0, base_y + height, 0.0]])
    parts = []
    for k in range(count):
        angles = 2 * np.pi * (k + np.array([0.0, 0.5, 1.0])) / count
        rim = [(r * np.cos(a), base_y + y, r * np.sin(a)) for a in angles for r, y in profile]
        parts.append(Part(hull(np.vstack([rim, axis])), mats[k % len(mats)]))
    return parts


@generator("hot_air_balloon")
def hot_air_balloon(p: GenParams) -> list[Part]:
    """A hot-air balloon: striped gores over a wicker basket, in three colour schemes."""
    colours = (("#d62828", "#f6bd60"), ("#1d3557", "#e63946", "#f1faee"), ("#2a9d8f", "#e9c46a", "#f4a261", "#264653"))[p.variant]
    mats = [p.mat("fabric", colours[0])] + [material("fabric", c) for c in colours[1:]]
    w, h, _ = p.size
    basket_h, rope_h = 0.06 * h, 0.12 * h
    envelope_y = basket_h + rope_h
    parts = gores(w / 2, h - envelope_y, envelope_y, 16, mats)
    wicker = material("wood", "#a0703f")
    side = 0.09 * w
    parts.append(Part(box((side, basket_h, side), (0, basket_h / 2, 0)), wicker))
    parts.append(Part(box((side * 1.08, 0.012 * h, side * 1.08), (0, basket_h, 0)), material("leather", "#5b3a29")))
    mouth = 0.28 * w / 2
    for sx in (-1, 1):
        for sz in (-1, 1):
            parts.append(Part(rod((sx * side / 2, basket_h, sz * side / 2), (sx * mouth * 0.7, envelope_y, sz * mouth * 0.7),
                                  0.003 * w, 5), material("fabric", "#3a2a20")))
    burner_y = basket_h + 0.55 * rope_h
    parts.append(Part(box((0.04 * w, 0.015 * h, 0.04 * w), (0, burner_y, 0)), material("metal", "#8d9196")))
    return fit(parts + flame((0, burner_y + 0.0075 * h, 0), 0.012 * w, 0.05 * h), p.size)


# -------------------------------------------------------------------- birds

_BIRDS = (  # (body, wing, wing tip, beak) colours: gull, crow, swallow
    ("#f4f4f2", "#a9b0b7", "#2b2b2e", "#f0a202"),
    ("#1f1f22", "#2b2b30", "#101012", "#3a3a3a"),
    ("#1d3557", "#233d66", "#14213d", "#2b2b2e"),
)


def wing(shoulder, span: float, chord: float, side: int, mat, tip_mat, dihedral: float) -> list[Part]:
    """One wing from (3,) ``shoulder`` out along ``side`` (+1: +X) with its node pivoting at the shoulder."""
    s = np.asarray(shoulder, dtype=float)
    out = np.array([side * np.cos(dihedral), np.sin(dihedral), 0.0])
    elbow, tip = s + out * 0.55 * span, s + out * span - [0, 0, 0.25 * chord]
    name = "wing_left" if side < 0 else "wing_right"
    joint = Part(sphere(0.12 * chord, s, 1), mat, node=name, pivot="center")
    inner = Part(hull([s + [0, 0, 0.45 * chord], s - [0, 0, 0.45 * chord], elbow + [0, 0, 0.35 * chord],
                       elbow - [0, 0, 0.45 * chord], s + [0, 0.04 * chord, 0], elbow + [0, 0.03 * chord, 0]]), mat, node=name)
    outer = Part(hull([elbow + [0, 0, 0.35 * chord], elbow - [0, 0, 0.45 * chord], tip, elbow + [0, 0.03 * chord, 0]]),
                 tip_mat, node=name)
    return [joint, inner, outer]


@generator("bird")
def bird(p: GenParams) -> list[Part]:
    """A bird; one variant has a swallow's forked tail."""
    body_c, wing_c, tip_c, beak_c = _BIRDS[p.variant]
    body = p.mat("fabric", body_c)
    w, h, d = p.size
    centre = np.array([0.0, 0.4 * h, 0.0])
    parts = [Part(ellipsoid((0.09 * w, 0.28 * h, 0.3 * d), centre, 2), body, smooth=True),
             Part(sphere(0.075 * w, centre + [0, 0.15 * h, 0.32 * d], 2), body, smooth=True),
             Part(spike(centre + [0, 0.13 * h, 0.4 * d], centre + [0, 0.1 * h, 0.5 * d], 0.025 * w, 5),
                  material("plastic", beak_c))]
    tail = material("fabric", tip_c if p.variant else wing_c)
    if p.variant == 2:  # a swallow's forked tail
        for sx in (-1, 1):
            parts.append(Part(strip(centre - [0, 0, 0.25 * d], centre + [sx * 0.08 * w, 0, -0.5 * d], 0.03 * w, 0.05 * h), tail))
    else:
        parts.append(Part(hull([centre + [0, 0.02 * h, -0.2 * d], centre + [-0.1 * w, 0, -0.45 * d],
                                centre + [0.1 * w, 0, -0.45 * d], centre + [0, -0.05 * h, -0.25 * d]]), tail))
    wing_mat = material("fabric", wing_c)
    tip_mat = material("fabric", tip_c)
    for side in (-1, 1):
        parts += wing(centre + [side * 0.07 * w, 0.1 * h, 0.05 * d], 0.43 * w, 0.45 * d, side, wing_mat, tip_mat, 0.35)
    return fit(parts, p.size)
