"""Ship's fittings and toys: a ship's wheel, a mast with sails, a teddy bear and a small collectible figure."""

from __future__ import annotations

import numpy as np

from tools.assets.families.palette import BRASS
from tools.assets.mesh import Part, material, rod, sphere
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipsoid, fit, hull, lathe, post, rot, slab, torus_y, x_rod, zcyl


@generator("ships_wheel", variants=1)
def ships_wheel(p: GenParams) -> list[Part]:
    """A ship's wheel facing +Z on a turned wooden pedestal: a rim, eight spokes running out into handles, a brass hub."""
    w, h, d = p.size
    wood = p.mat("wood", "#7a4a26")
    r = w / 2 * 0.72
    hub = np.array([0, h - w / 2, d * 0.25])
    rim = torus_y(r, 0.035 * w, (0, 0, 0), 24, 6)
    rot(rim, np.pi / 2, (1, 0, 0)).apply_translation(hub)
    parts = [Part(rim, wood), Part(zcyl(0.08 * w, 0.12 * d + 0.02, hub, 12), BRASS)]
    for a in np.arange(8) * np.pi / 4:
        tip = hub + [np.cos(a) * w / 2, np.sin(a) * w / 2, 0]
        parts.append(Part(rod(hub, tip, 0.02 * w, 6), wood))
    parts.append(Part(lathe([(0, 0), (0.5, 0), (0.35, 0.1), (0.3, 0.9), (0.4, 1.0), (0, 1.0)], 0, 0, -d * 0.1, 12,
                            (d * 0.6, d * 0.6)).apply_scale([1, h - w / 2, 1]), wood))
    return fit(parts, p.size)


@generator("mast", variants=2)
def mast(p: GenParams) -> list[Part]:
    """A ship's mast: v0 square-rigged, two yards with bellied square sails and a crow's nest; v1 fore-and-aft, a boom
    and a triangular sail. The sails face +Z."""
    w, h, d = p.size
    spar = material("wood", "#6b4a2f")
    cloth = p.mat("fabric", "#efe6cf")
    parts = [Part(post(0.02 * h, h, 0, 0, 0, 10), spar)]
    if p.variant == 1:
        boom_y = 0.12 * h
        parts.append(Part(x_rod(0, w, boom_y, 0, 0.012 * h, 8), spar))
        parts.append(Part(hull([(0.03 * w, boom_y + 0.02 * h, -0.01), (0.03 * w, 0.97 * h, -0.01), (0.97 * w, boom_y + 0.02 * h, -0.01),
                                (0.03 * w, boom_y + 0.02 * h, 0.01), (0.03 * w, 0.97 * h, 0.01), (0.97 * w, boom_y + 0.02 * h, 0.01),
                                (0.35 * w, 0.4 * h, d * 0.3)]), cloth))
        return fit(parts, p.size)
    for top, bottom, span in ((0.9, 0.6, 0.7), (0.55, 0.2, 1.0)):
        parts.append(Part(x_rod(-span * w / 2, span * w / 2, top * h, 0.02 * h, 0.012 * h, 8), spar))
        y0, y1, half = bottom * h, top * h - 0.01 * h, span * w / 2 * 0.95
        parts.append(Part(hull([(sx * half, y, 0.03 * h) for sx in (-1, 1) for y in (y0, y1)]
                               + [(sx * half * 0.8, (y0 + y1) / 2, 0.03 * h + d * 0.4) for sx in (-1, 1)]), cloth))
    parts.append(Part(lathe([(0, 0), (0.08 * h, 0), (0.08 * h, 0.04 * h), (0, 0.04 * h)], 0, 0.92 * h, 0, 12), spar))
    return fit(parts, p.size)


@generator("teddy_bear", variants=1)
def teddy_bear(p: GenParams) -> list[Part]:
    """A sitting teddy bear facing +Z: a plump body, legs forward, arms at its sides, a round head with ears and a muzzle."""
    w, h, d = p.size
    fur = p.mat("fabric", "#a8743f")
    pale = material("fabric", "#e3c49a")
    eye = material("plastic", "#111111")
    parts = [Part(ellipsoid((0.3 * w, 0.3 * h, 0.28 * d), (0, 0.3 * h, -0.05 * d)), fur, smooth=True),
             Part(sphere(0.22 * h, (0, 0.72 * h, 0.0), 2), fur, smooth=True),
             Part(ellipsoid((0.1 * w, 0.07 * h, 0.08 * d), (0, 0.68 * h, 0.2 * h)), pale, smooth=True)]
    for sx in (-1, 1):
        parts.append(Part(sphere(0.08 * h, (sx * 0.16 * h, 0.9 * h, -0.02 * d), 1), fur))
        parts.append(Part(ellipsoid((0.1 * w, 0.09 * h, 0.22 * d), (sx * 0.2 * w, 0.09 * h, 0.2 * d)), fur, smooth=True))
        parts.append(Part(ellipsoid((0.09 * w, 0.2 * h, 0.09 * d), (sx * 0.36 * w, 0.35 * h, 0.05 * d)), fur, smooth=True))
        parts.append(Part(sphere(0.025 * h, (sx * 0.07 * h, 0.77 * h, 0.19 * h), 1), eye))
    parts.append(Part(sphere(0.03 * h, (0, 0.71 * h, 0.26 * h), 1), eye))
    return fit(parts, p.size)


@generator("figurine", variants=2)
def figurine(p: GenParams) -> list[Part]:
    """A small collectible figure on a round base facing +Z: v0 a character with big hair (an anime figure), v1 a
    caped hero (an action figure)."""
    w, h, d = p.size
    base = material("plastic", "#1c1c1e")
    outfit = p.mat("plastic", ("#e84a7f", "#2e4a9d")[p.variant])
    skin = material("plastic", "#f2c9a0")
    parts = [Part(lathe([(0, 0), (0.5, 0), (0.5, 0.06), (0, 0.06)], 0, 0, 0, 16, (w, d)), base)]
    for sx in (-1, 1):
        parts.append(Part(rod((sx * 0.08 * w, 0.06 * h, 0), (sx * 0.08 * w, 0.4 * h, 0), 0.06 * w, 6), outfit))
        parts.append(Part(rod((sx * 0.16 * w, 0.68 * h, 0), (sx * 0.3 * w, 0.45 * h, 0.05 * d), 0.05 * w, 6), skin))
    parts.append(Part(lathe([(0, 0), (0.2, 0), (0.16, 0.42 * h), (0, 0.45 * h)], 0, 0.38 * h, 0, 10, (w, d)), outfit))
    head_y = 0.83 * h
    parts.append(Part(sphere(0.1 * h, (0, head_y, 0), 1), skin))
    if p.variant == 0:
        parts.append(Part(ellipsoid((0.14 * h, 0.12 * h, 0.12 * h), (0, head_y + 0.04 * h, -0.03 * h), 1), material("plastic", "#4fb3e8")))
    else:
        parts.append(Part(slab(0.45 * w, 0.5 * h, 0.02 * d + 0.002, 0, 0.3 * h, -0.2 * d), material("fabric", "#c0392b")))  # a cape
    return fit(parts, p.size)
