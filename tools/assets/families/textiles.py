"""Clothing and textiles: folded clothes, towels and blankets, a towel rail, hats, boots, cushions, and the generic
garment archetype (a garment on a hanger). Soft things are chamfered boxes and ellipsoids in fabric, front +Z.
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.palette import CHROME
from tools.assets.mesh import Part, material, rod
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import chamfered_box, ellipsoid, fit, frustum, hull, lathe, slab, torus_y, xcyl

CLOTH_COLOURS = ("#2e4a7d", "#c0392b", "#e8e4da", "#4a6b3a", "#7d5a8a", "#d9a441", "#3a3c40")


# -------------------------------------------------------- folded textiles

def _folded(w: float, d: float, thickness: float, y: float, mat, roll: bool) -> list[Part]:
    """One folded piece: a soft slab, its folded edge rounded at +Z when ``roll``."""
    parts = [Part(chamfered_box((w, thickness, d), (0, y + thickness / 2, 0), 0.3), mat)]
    if roll:
        parts.append(Part(xcyl(thickness / 2, w * 0.98, (0, y + thickness / 2, d / 2 - thickness / 2), 10), mat))
    return parts


@generator("folded_cloth", sizes=((0.35, 0.2, 0.3), (0.35, 0.2, 0.3), (0.5, 0.12, 0.4)))
def folded_cloth(p: GenParams) -> list[Part]:
    """Folded textiles: v0 a pile of folded clothes of mixed colours, v1 a stack of towels, v2 a folded blanket."""
    w, h, d = p.size
    rng = p.rng()
    count = (5, 3, 1)[p.variant]
    layer = h / count
    parts = []
    for i in range(count):
        colour = p.color or (str(rng.choice(CLOTH_COLOURS)) if p.variant == 0 else ("#f4f1ea", "#8aa8c8", "#8e1b2b")[p.variant])
        mat = material(p.material or "fabric", colour)
        shrink = rng.uniform(0.9, 1.0) if p.variant == 0 else 1.0
        parts += _folded(w * shrink, d * shrink, layer * 0.98, i * layer, mat, p.variant != 0)
    return fit(parts, p.size)


@generator("towel_rail", variants=1)
def towel_rail(p: GenParams) -> list[Part]:
    """A chrome rail on two wall brackets with a towel folded over it, hanging down in front."""
    w, h, d = p.size
    towel = p.mat("fabric", "#f4f1ea")
    bar_y = h - 0.03
    parts = [Part(xcyl(0.012, w, (0, bar_y, 0), 10), CHROME)]
    parts += [Part(rod((sx * (w / 2 - 0.02), bar_y, 0), (sx * (w / 2 - 0.02), bar_y, -d / 2), 0.01, 6), CHROME) for sx in (-1, 1)]
    parts.append(Part(slab(w * 0.8, h - 0.04, 0.02, 0, 0, 0.02), towel))
    parts.append(Part(slab(w * 0.8, h * 0.7, 0.02, 0, h * 0.3 - 0.04, -0.02), towel))
    return fit(parts, p.size)


# ------------------------------------------------------------------- hats

def _brimmed_hat(p: GenParams) -> list[Part]:
    felt = p.mat("fabric", "#5a4632")
    return [Part(lathe([(0, 0), (0.5, 0), (0.5, 0.04), (0, 0.04)], 0, 0, 0, 24), felt),
            Part(lathe([(0, 0), (0.27, 0), (0.25, 0.75), (0.15, 0.85), (0, 0.8)], 0, 0.02, 0, 20), felt, smooth=True),
            Part(lathe([(0, 0), (0.275, 0), (0.272, 0.1), (0, 0.1)], 0, 0.05, 0, 20), material("fabric", "#1c1c1e"))]


def _conical_hat(p: GenParams) -> list[Part]:
    straw = p.mat("fabric", "#d9c48a")
    return [Part(frustum(0.5, 0.0, 1.0, (0, 0, 0), 24), straw),
            Part(torus_y(0.49, 0.012, (0, 0.01, 0), 24, 4), material("fabric", "#a08850"))]


def _pointed_hat(p: GenParams) -> list[Part]:
    cloth = p.mat("fabric", "#2c2a6b")
    brim = lathe([(0, 0), (0.5, 0), (0.5, 0.03), (0, 0.03)], 0, 0, 0, 24)
    tip = [(0.27 * np.cos(a), 0.03, 0.27 * np.sin(a)) for a in np.linspace(0, 2 * np.pi, 12, endpoint=False)]
    return [Part(brim, cloth), Part(hull(tip + [(0.05, 1.0, -0.05)]), cloth)]


@generator("hat")
def hat(p: GenParams) -> list[Part]:
    """A hat: v0 felt hat with a brim and band, v1 wide conical straw hat, v2 tall pointed witch's or wizard's hat."""
    return fit(pick(p, (_brimmed_hat, _conical_hat, _pointed_hat)), p.size)


# ------------------------------------------------------------- boots

@generator("boots", variants=2)
def boots(p: GenParams) -> list[Part]:
    """A pair of boots side by side, toes towards +Z: v0 leather boots, v1 rubber wellingtons."""
    w, h, d = p.size
    skin = p.mat(*(("leather", "#5a3b22"), ("plastic", "#2f5d3a"))[p.variant])
    sole = material("plastic", "#1c1c1e")
    parts = []
    for sx in (-0.25, 0.25):
        x = sx * w
        parts.append(Part(slab(0.4 * w, 0.06 * h, d, x, 0, 0), sole))
        parts.append(Part(ellipsoid((0.2 * w, 0.2 * h, 0.45 * d), (x, 0.16 * h, 0.04 * d)), skin, smooth=True))
        parts.append(Part(lathe([(0, 0), (0.19 * w, 0), (0.2 * w, 0.84 * h), (0, 0.84 * h)], x, 0.16 * h, -0.22 * d, 12), skin))
    return fit(parts, p.size)


# ------------------------------------------------------------- cushions

@generator("cushion", variants=2)
def cushion(p: GenParams) -> list[Part]:
    """A cushion: v0 a plump square scatter cushion with piping, v1 a round floor cushion (pouf)."""
    w, h, d = p.size
    cover = p.mat("fabric", ("#c98b3f", "#6b4a7d")[p.variant])
    if p.variant == 1:
        return fit([Part(lathe([(0, 0), (0.45, 0), (0.5, 0.5), (0.45, 1.0), (0, 1.0)], 0, 0, 0, 20), cover, smooth=True)], p.size)
    return fit([Part(ellipsoid((w / 2, h / 2, d / 2), (0, h / 2, 0)), cover, smooth=True),
                Part(chamfered_box((w * 0.92, h * 0.3, d * 0.92), (0, h / 2, 0), 0.5), cover)], p.size)


# --------------------------------------------------------- generic garment

@generator("hanging_garment", variants=2, options={"accent": None}, sizes=((0.55, 1.0, 0.12), (0.5, 0.75, 0.1)))
def hanging_garment(p: GenParams) -> list[Part]:
    """A garment of some kind on a hanger, hung from a wall hook: v0 a long coat, v1 a shirt. Front +Z."""
    w, h, d = p.size
    cloth = p.mat("fabric", ("#7d3a2a", "#e8e4da")[p.variant])
    trim = material("fabric", p.text_option("accent") or ("#3a2a20", "#2e4a7d")[p.variant])
    hook_h = 0.12 * h
    body_top = h - hook_h
    shoulders = body_top - 0.1 * h
    length = (0.9, 0.6)[p.variant] * h
    parts = [Part(rod((0, h - 0.01, -d / 4), (0, body_top, 0), 0.008, 6), CHROME),
             Part(rod((-0.45 * w, shoulders, 0), (0, body_top, 0), 0.01, 6), CHROME),
             Part(rod((0.45 * w, shoulders, 0), (0, body_top, 0), 0.01, 6), CHROME)]
    torso = hull([(sx * 0.45 * w, shoulders, sz * d * 0.4) for sx in (-1, 1) for sz in (-1, 1)]
                 + [(sx * 0.35 * w, shoulders - length, sz * d * 0.35) for sx in (-1, 1) for sz in (-1, 1)]
                 + [(sx * 0.1 * w, body_top, 0) for sx in (-1, 1)])
    parts.append(Part(torso, cloth))
    for sx in (-1, 1):  # sleeves hang along the sides
        parts.append(Part(hull([(sx * 0.42 * w, shoulders, sz * d * 0.3) for sz in (-1, 1)]
                               + [(sx * 0.5 * w, shoulders, 0)]
                               + [(sx * x * w, shoulders - 0.55 * length, sz * d * 0.25) for x in (0.38, 0.5) for sz in (-1, 1)]),
                          cloth))
    parts += [Part(ellipsoid((0.015 * w + 0.005, 0.015 * w + 0.005, 0.01), (0, shoulders - length * f, d * 0.4), 0), trim)
              for f in (0.2, 0.4, 0.6)]  # buttons
    return fit(parts, p.size)
