"""Pipes, hoses and tubes, tyres, gears, bags, trays and piles of newspapers; the generic tube archetype.

Round things use rods and rings; a pipe run is drawn along X so its length faces the viewer.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.archetypes import GOODS_COLOURS
from tools.assets.families.palette import BRASS, DARK_METAL, PAPER
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import fit, hull, ring, rot, slab, torus_y, xcyl, z_disc

COPPER = "#b87333"


def bent_path(points, radius: float, mat, sections: int = 10) -> list[Part]:
    """A tube of ``radius`` along the polyline ``points`` [(x, y, z), ...], a ball at every bend to close the joint."""
    parts = [Part(rod(a, b, radius, sections), mat) for a, b in zip(points, points[1:])]
    return parts + [Part(sphere(radius, point, 1), mat) for point in points[1:-1]]


@generator("pipes", variants=2)
def pipes(p: GenParams) -> list[Part]:
    """A run of pipework along X on floor stands: v0 copper pipes with elbows, flanges and a valve wheel, v1 a
    single grey steel pipe rising into a bend."""
    w, h, d = p.size
    # glossy ceramic, not metal: a metal reads black on a page without an environment map
    metal = p.mat("ceramic", (COPPER, "#9aa0a6")[p.variant])
    r = min(0.12 * h, 0.3 * d)
    parts = [Part(slab(0.06, 0.6 * h, 0.6 * d, x, 0, 0), material("metal", "#3a3c40")) for x in (-0.3 * w, 0.3 * w)]
    if p.variant == 0:
        for z, y in ((-0.2 * d, 0.6 * h + r), (0.2 * d, 0.6 * h + r)):
            parts += bent_path([(-w / 2 + r, 0.0, z), (-w / 2 + r, y, z), (w / 2 - r, y, z), (w / 2 - r, h - r, z)], r, metal)
            parts += [Part(xcyl(r * 1.5, 0.04, (x, y, z), 12), metal) for x in (-0.1 * w, 0.15 * w)]  # flanges
        hub = (0.0, 0.6 * h + r, 0.2 * d + 2 * r)
        wheel = torus_y(2.5 * r, 0.3 * r, (0, 0, 0), 16, 5)
        rot(wheel, np.pi / 2, (1, 0, 0)).apply_translation(hub)
        parts += [Part(wheel, material("metal", "#c0392b")), Part(rod((0, 0.6 * h + r, 0.2 * d), hub, 0.3 * r, 6), metal)]
    else:
        parts += bent_path([(-w / 2 + r, 0.6 * h + r, 0), (w / 2 - 2 * r, 0.6 * h + r, 0), (w / 2 - r, 0.6 * h + 2 * r, 0),
                            (w / 2 - r, h - r, 0)], r, metal, 14)
    return fit(parts, p.size)


@generator("hose", variants=2)
def hose(p: GenParams) -> list[Part]:
    """A hose: v0 coiled flat on the ground with its nozzle out to +Z, v1 wound on a reel on a stand."""
    w, h, d = p.size
    rubber = p.mat("plastic", ("#2e8b57", "#c0231b")[p.variant])
    r = min(w, d) / 2
    if p.variant == 0:
        tube = 0.45 * h
        parts = [Part(torus_y(r * k, tube, (0, tube + i * 1.6 * tube, 0), 24, 6), rubber)
                 for i, k in enumerate((0.95, 0.85, 0.75, 0.88))]
        parts += [Part(rod((0, tube, r * 0.9), (0, tube, r * 0.98), tube * 0.9, 8), BRASS)]
        return fit(parts, p.size)
    frame = material("metal", "#3a3c40")
    hub_y = 0.55 * h
    drum = xcyl(0.35 * h, 0.7 * w, (0, hub_y, 0), 20)
    parts = [Part(drum, rubber)]
    parts += [Part(xcyl(0.45 * h, 0.03, (sx * 0.37 * w, hub_y, 0), 20), frame) for sx in (-1, 1)]
    parts += [Part(rod((sx * 0.45 * w, 0, sz * 0.4 * d), (sx * 0.4 * w, hub_y, 0), 0.02, 6), frame) for sx in (-1, 1) for sz in (-1, 1)]
    parts.append(Part(rod((0, hub_y - 0.35 * h, 0.1 * d), (0, 0.05, 0.5 * d), 0.04 * h, 6), rubber))
    return fit(parts, p.size)


@generator("tube_like", variants=2, options={"accent": None}, sizes=((2.0, 0.3, 0.3), (0.8, 0.8, 0.8)))
def tube_like(p: GenParams) -> list[Part]:
    """A tube of some kind: v0 a length of pipe lying along X with a collar at each end, v1 a coil standing on edge."""
    w, h, d = p.size
    body = p.mat("plastic", ("#8a8d91", "#d9822b")[p.variant])
    trim = material("metal", p.text_option("accent") or "#3a3c40")
    if p.variant == 0:
        r = min(h, d) / 2
        return fit([Part(xcyl(r * 0.85, w * 0.9, (0, r, 0), 16), body)]
                   + [Part(xcyl(r, w * 0.05, (sx * w * 0.475, r, 0), 16), trim) for sx in (-1, 1)], p.size)
    coil = torus_y(0.4 * w, 0.08 * w, (0, 0, 0), 24, 8)
    rot(coil, np.pi / 2, (1, 0, 0)).apply_translation((0, h / 2, 0))
    return fit([Part(coil, body), Part(slab(0.3 * w, 0.05 * h, 0.3 * d, 0, 0, 0), trim)], p.size)


@generator("tyres", variants=2)
def tyres(p: GenParams) -> list[Part]:
    """Tyres: v0 a stack of four lying flat, v1 one tyre standing on its tread, facing +Z."""
    w, h, d = p.size
    rubber = p.mat("plastic", "#1c1c1c")
    if p.variant == 1:
        r = h / 2
        tyre = torus_y(0.72 * r, 0.28 * r, (0, 0, 0), 24, 8)
        rot(tyre, np.pi / 2, (1, 0, 0)).apply_translation((0, r, 0))
        return fit([Part(tyre, rubber), Part(z_disc(0.9 * r, 0.9 * r, 0.6 * d, (0, r, 0), 16), material("metal", "#b8bcc2"))], p.size)
    layer = h / 4
    return fit([Part(ring(0.25 * w, 0.5 * w, layer * 0.95, (0, layer * (i + 0.5), 0), 24), rubber) for i in range(4)], p.size)


@generator("gears", variants=1)
def gears(p: GenParams) -> list[Part]:
    """Three meshing gear wheels on a wall plate, facing +Z, each with teeth round its rim and a hub."""
    w, h, d = p.size
    brass = p.mat("ceramic", "#c9a24a")  # metal would read black without an environment map
    parts = [Part(slab(w, h, 0.2 * d, 0, 0, -0.4 * d), material("wood", "#4a3320"))]
    for (x, y, r, teeth) in ((-0.22, 0.55, 0.26, 14), (0.22, 0.4, 0.18, 10), (0.3, 0.8, 0.12, 8)):
        cx, cy, radius = x * w, y * h, r * min(w, h) * 1.15
        parts.append(Part(z_disc(2 * radius, 2 * radius, 0.4 * d, (cx, cy, 0.1 * d), 24), brass))
        for a in np.arange(teeth) * 2 * np.pi / teeth:
            tooth = slab(0.35 * radius * 2 * np.pi / teeth, 0.18 * radius, 0.4 * d, 0, 0, 0)
            rot(tooth, a - np.pi / 2, (0, 0, 1)).apply_translation((cx + np.cos(a) * radius * 0.95, cy + np.sin(a) * radius * 0.95, 0.1 * d))
            parts.append(Part(tooth, brass))
        parts.append(Part(z_disc(0.35 * radius, 0.35 * radius, 0.6 * d, (cx, cy, 0.2 * d), 12), DARK_METAL))
    return fit(parts, p.size)


@generator("bag", variants=2)
def bag(p: GenParams) -> list[Part]:
    """A bag: v0 a paper shopping bag with rope handles, v1 a stack of three plump sacks of pet food or feed."""
    w, h, d = p.size
    if p.variant == 0:
        paper = p.mat("fabric", "#c8a46a")
        body_h = 0.72 * h
        parts = [Part(slab(w, body_h, d, 0, 0, 0), paper)]
        for sz in (-1, 1):
            pts = [(x * w, body_h + 0.28 * h * np.sin(np.pi * (x + 0.25) / 0.5), sz * 0.4 * d) for x in np.linspace(-0.25, 0.25, 5)]
            parts += [Part(rod(a, b, 0.012 * h + 0.002, 5), material("fabric", "#5a3b22")) for a, b in zip(pts, pts[1:])]
        return fit(parts, p.size)
    rng = p.rng()
    parts = []
    layer = h / 3
    for i in range(3):
        colour = p.color or str(rng.choice(GOODS_COLOURS))
        sack = hull([(sx * w / 2 * k, i * layer + y, sz * d / 2 * k) for sx in (-1, 1) for sz in (-1, 1)
                     for y, k in ((0.0, 0.9), (layer * 0.5, 1.0), (layer * 0.97, 0.85))])
        parts.append(Part(sack, material("plastic", colour)))
        parts.append(Part(slab(0.4 * w, 0.4 * layer, 0.004, 0, i * layer + 0.3 * layer, d / 2), PAPER))  # the label
    return fit(parts, p.size)


@generator("tray", variants=1)
def tray(p: GenParams) -> list[Part]:
    """A serving tray: a flat base with a low rim and a cut-out handle at each end."""
    w, h, d = p.size
    wood = p.mat("wood", "#9a6b3f")
    t = 0.015
    parts = [Part(slab(w, t, d, 0, 0, 0), wood)]
    parts += [Part(slab(w, h, t, 0, 0, sz * (d / 2 - t / 2)), wood) for sz in (-1, 1)]
    parts += [Part(slab(t * 2, h * 1.0, d, sx * (w / 2 - t), 0, 0), wood) for sx in (-1, 1)]
    return fit(parts, p.size)


@generator("newspapers", variants=1)
def newspapers(p: GenParams) -> list[Part]:
    """A pile of folded newspapers, each turned a little, the top one showing a headline and a picture."""
    w, h, d = p.size
    paper = p.mat("fabric", "#e9e4d6")
    rng = p.rng()
    count = max(3, round(h / 0.012))
    layer = h / count
    parts = []
    for i in range(count):
        sheet = slab(w * 0.9, layer * 0.95, d * 0.9, 0, i * layer, 0)
        parts.append(Part(rot(sheet, rng.uniform(-0.08, 0.08), (0, 1, 0)), paper))
    ink = material("plastic", "#2b2b2b")
    parts.append(Part(slab(w * 0.6, 0.002, d * 0.08, 0, h, -0.3 * d), ink))
    parts.append(Part(slab(w * 0.3, 0.002, d * 0.3, -0.2 * w, h, 0.05 * d), material("plastic", "#7f8c8d")))
    return fit(parts, p.size)

