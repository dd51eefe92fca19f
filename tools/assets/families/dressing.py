"""Room dressing generators: ceiling lamps and panels, window drapes, a wall shelf with its things, a laid table.

These are the things that make a furnished room look lived in (tools/plan/dress.py adds them). Hanging things
are built from their top (y = h) down; wall things have their back on the wall plane (z = -d/2).
"""

from __future__ import annotations

from tools.assets.families.furniture_parts import books
from tools.assets.families.palette import BRASS, LEAF, PORCELAIN, SOIL, STEEL, WARM_LIGHT, WHITE
from tools.assets.mesh import Part, cylinder, material, sphere
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import fit, frustum, lathe, post, slab, x_rod

CORD = material("plastic", "#2b2b2b")
GLASS_TINT = material("glass", "#e6f0f2")


@generator("ceiling_lamp", variants=2)
def ceiling_lamp(p: GenParams) -> list[Part]:
    """v0 a pendant: a dome shade on a cord from a canopy; v1 a flush drum close to the ceiling."""
    return fit(pick(p, (_pendant, _flush_drum)), p.size)


def _pendant(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    shade_h = min(h * 0.4, r * 0.8)
    shade = p.mat("metal", "#2f4f4a")
    dome = [(0.0, 0.0), (r, 0.0), (r * 0.98, shade_h * 0.15), (r * 0.55, shade_h * 0.8), (r * 0.18, shade_h), (0.0, shade_h)]
    return [Part(cylinder(r * 0.22, 0.025, (0, h - 0.0125, 0), 16), WHITE),
            Part(post(0.004, h - shade_h - 0.02, 0, shade_h, 0, 6), CORD),
            Part(lathe(dome, sections=24), shade, True),
            Part(sphere(r * 0.28, (0, r * 0.12, 0), subdivisions=1), WARM_LIGHT, True)]


def _flush_drum(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    return [Part(cylinder(r * 0.35, h * 0.15, (0, h * 0.925, 0), 20), WHITE),
            Part(frustum(r * 0.9, r, h * 0.85, (0, 0, 0), 28), WARM_LIGHT, True)]


@generator("ceiling_panel", variants=1)
def ceiling_panel(p: GenParams) -> list[Part]:
    """A square recessed light panel: a white trim around a glowing diffuser."""
    w, h, d = p.size
    trim = 0.03
    return [Part(slab(w, h * 0.4, d, 0, h * 0.6, 0), WHITE),
            Part(slab(w, h * 0.6, trim, 0, 0, (d - trim) / 2), STEEL),
            Part(slab(w, h * 0.6, trim, 0, 0, -(d - trim) / 2), STEEL),
            Part(slab(trim, h * 0.6, d - 2 * trim, (w - trim) / 2, 0, 0), STEEL),
            Part(slab(trim, h * 0.6, d - 2 * trim, -(w - trim) / 2, 0, 0), STEEL),
            Part(slab(w - 2 * trim, h * 0.3, d - 2 * trim, 0, h * 0.3, 0), WARM_LIGHT)]


@generator("drape", variants=1)
def drape(p: GenParams) -> list[Part]:
    """One gathered curtain panel: vertical folds hanging from a rod ring, back to the wall."""
    w, h, d = p.size
    cloth = p.mat("fabric", "#b9a48a")
    folds = max(3, int(w / 0.09))
    fold_w = w / folds
    parts = [Part(x_rod(-w / 2, w / 2, h - 0.03, -d / 2 + 0.03, 0.012, 10), BRASS)]
    for k in range(folds):
        x = -w / 2 + fold_w * (k + 0.5)
        depth = d * (0.75 if k % 2 == 0 else 0.45)
        parts.append(Part(slab(fold_w * 1.05, h - 0.06, depth, x, 0, -d / 2 + depth / 2), cloth))
    return fit(parts, p.size)


@generator("wall_shelf", variants=2)
def wall_shelf(p: GenParams) -> list[Part]:
    """A plank on two brackets holding books, a potted plant and a jar (v0); v1 two planks, books on both."""
    w, h, d = p.size
    wood = p.mat("wood", "#9a6b43")
    rng = p.rng()
    t, bracket = 0.025, 0.07  # plank thickness; the brackets under the lowest plank, against the wall
    levels = (bracket,) if p.variant == 0 else (bracket, (h + bracket) / 2)
    room = (h - bracket) / len(levels) - t
    parts = [Part(slab(0.02, bracket, d * 0.7, sx * w * 0.35, 0, -d * 0.15), STEEL) for sx in (-1, 1)]
    for y in levels:
        parts.append(Part(slab(w, t, d, 0, y, 0), wood))
        parts += books(rng, -w / 2 + 0.02, w * 0.15, y + t, room, -d / 2 + 0.01, d * 0.8, 0.9)
    top = levels[-1] + t
    pot_r = min(d * 0.3, 0.06)
    parts += [Part(frustum(pot_r * 0.8, pot_r, pot_r * 1.6, (w * 0.3, top, 0), 14), material("ceramic", "#c66b3d")),
              Part(sphere(pot_r * 1.3, (w * 0.3, top + pot_r * 2.4, 0), subdivisions=1), LEAF, True),
              Part(cylinder(pot_r * 0.4, pot_r * 0.3, (w * 0.3, top + pot_r * 1.55, 0), 10), SOIL),
              Part(cylinder(pot_r * 0.6, pot_r * 2.0, (w * 0.42, top + pot_r, d * 0.1), 14), GLASS_TINT)]
    return fit(parts, p.size)


@generator("table_setting", variants=1)
def table_setting(p: GenParams) -> list[Part]:
    """Places laid flat along both long sides, as many as the length seats 0.6 m apart: a plate on a napkin
    between a knife and a fork; a runner down the middle. Flat, so the cups and vases of the table stand
    among them."""
    w, h, d = p.size
    seats = max(1, int(w / 0.6))
    spacing = w / seats
    plate_r = min(0.13, spacing * 0.22, d * 0.18)
    napkin = p.mat("fabric", "#8f3b2e")
    parts = [Part(slab(w * 0.9, h * 0.5, d * 0.2, 0, 0, 0), napkin)]
    for side in (-1, 1):
        z = side * (d / 2 - plate_r - 0.03)
        for k in range(seats):
            x = -w / 2 + spacing * (k + 0.5)
            parts += [Part(slab(plate_r * 2.4, h * 0.5, plate_r * 2.2, x, 0, z), material("fabric", "#efe9dc")),
                      Part(cylinder(plate_r, h * 0.5, (x, h * 0.75, z), 24), PORCELAIN, True),
                      Part(slab(0.018, h * 0.5, plate_r * 1.6, x - plate_r - 0.03, h * 0.5, z), STEEL),
                      Part(slab(0.018, h * 0.5, plate_r * 1.6, x + plate_r + 0.03, h * 0.5, z), STEEL)]
    return fit(parts, p.size)
