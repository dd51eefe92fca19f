"""furniture generators, fittings: tv, floor lamp, rug, mirror, chandelier, fireplace.

Light sources use the emissive material so they glow without a light; a
requested colour tints the shade (lamps) or frame (mirrors, chandeliers).
"""

from __future__ import annotations

import numpy as np

from tools.assets.families.furniture_parts import (
    BLACK,
    BULB,
    CHROME,
    DARK_WOOD,
    LINEN,
    MIRROR,
    ROUND_SHAPES,
    WOOD,
    thickness,
)
from tools.assets.families.nature_objects import flames
from tools.assets.mesh import Part, cylinder, material, rod, scaled, sphere, with_pattern
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import ellipse_slab, fit, frustum, slab, torus_y, xcyl, z_disc

SCREEN = "#1d2b3c"
CREAM = "#e8dcc0"


@generator("tv", variants=3)
def tv(p: GenParams) -> list[Part]:
    """Flat screen facing +Z. v0 on two feet with a rear electronics bulge; v1 on a central
    stand; v2 retro wooden bezel with a speaker strip on four short feet."""
    W, H, D = p.size
    bezel = p.mat("wood" if p.variant == 2 else "plastic", DARK_WOOD if p.variant == 2 else BLACK)
    screen = material("emissive", SCREEN)
    stand = material("metal", (BLACK, CHROME, BLACK)[p.variant])
    base = H * (0.07, 0.12, 0.05)[p.variant]
    panel_d = D * (0.35, 0.4, 0.8)[p.variant]
    panel_z = D / 2 - 0.003 - panel_d / 2
    parts = [Part(slab(W, H - base, panel_d, 0, base, panel_z), bezel)]
    rim = thickness(min(W, H), 0.025, 0.03, 0.008) * (3 if p.variant == 2 else 1)
    speaker = (H - base) * 0.14 if p.variant == 2 else 0.0
    parts.append(Part(slab(W - 2 * rim, H - base - 2 * rim - speaker, 0.004, 0, base + rim + speaker, D / 2 - 0.002), screen))
    if p.variant == 0:
        parts.append(Part(slab(W * 0.6, (H - base) * 0.6, D - panel_d, 0, base + (H - base) * 0.15, -D / 2 + (D - panel_d) / 2), bezel))
        for sx in (-1, 1):
            parts.append(Part(slab(thickness(W, 0.04, 0.05, 0.015), base + 0.02, D, sx * W * 0.38, 0, 0), stand))
    elif p.variant == 1:
        parts.append(Part(slab(W * 0.35, 0.015, D, 0, 0, 0), stand))
        parts.append(Part(slab(thickness(W, 0.05, 0.07, 0.02), base + 0.05, D - panel_d, 0, 0, -D / 2 + (D - panel_d) / 2), stand))
    else:
        grille = material("fabric", "#4a4a4a")
        parts.append(Part(slab(W - 2 * rim, speaker * 0.8, 0.004, 0, base + rim * 0.6, D / 2 - 0.002), grille))
        for sx in (-1, 1):
            for z in (-D * 0.3, D * 0.3):
                parts.append(Part(cylinder(min(0.015, D * 0.18), base, (sx * W * 0.42, base / 2, z), 8), stand))
    return parts


@generator("floor_lamp", variants=3)
def floor_lamp(p: GenParams) -> list[Part]:
    """v0 drum shade on a pole; v1 torchiere with an upturned glowing bowl; v2 wooden
    tripod with a cylinder shade and a bulb showing underneath."""
    W, H, D = p.size
    shade = material(p.material or "emissive", p.color or "#f6e7c1")
    pole_mat = material("metal", (BLACK, CHROME, BLACK)[p.variant])
    bulb = material("emissive", BULB)
    reach = min(W, D) / 2
    pole_r = thickness(H, 0.008, 0.015, 0.008)
    stretch = (W / (2 * reach), 1.0, D / (2 * reach))
    if p.variant == 1:
        bowl_h = H * 0.12
        return [Part(cylinder(reach * 0.6, 0.03, (0, 0.015, 0), 24), pole_mat),
                Part(cylinder(pole_r, H - bowl_h, (0, (H - bowl_h) / 2, 0), 10), pole_mat),
                Part(sphere(pole_r * 2.2, (0, H * 0.45, 0), subdivisions=1), pole_mat, smooth=True),
                Part(scaled(frustum(reach * 0.2, reach, bowl_h, (0, H - bowl_h, 0), 24), stretch), shade)]
    shade_h = H * (0.2 if p.variant == 0 else 0.22)
    parts = [Part(cylinder(pole_r, shade_h * 0.6, (0, H - shade_h * 0.7, 0), 8), pole_mat),
             Part(sphere(reach * 0.15, (0, H - shade_h + reach * 0.1, 0), subdivisions=1), bulb, smooth=True)]
    if p.variant == 0:
        parts.append(Part(cylinder(reach * 0.7, 0.03, (0, 0.015, 0), 24), pole_mat))
        parts.append(Part(cylinder(pole_r, H - shade_h, (0, (H - shade_h) / 2, 0), 10), pole_mat))
        parts.append(Part(scaled(frustum(reach, reach * 0.8, shade_h, (0, H - shade_h, 0), 24), stretch), shade))
        return parts
    apex = H * 0.55
    wood = material("wood", WOOD)
    for k in range(3):
        a = -np.pi / 2 + k * 2 * np.pi / 3
        foot = (np.cos(a) * (W / 2 - 0.015), 0.0, np.sin(a) * (D / 2 - 0.015))
        parts.append(Part(rod(foot, (0, apex, 0), thickness(H, 0.01, 0.015, 0.008), 8), wood))
    parts.append(Part(cylinder(pole_r, H - shade_h - apex, (0, (H - shade_h + apex) / 2, 0), 8), pole_mat))
    parts.append(Part(scaled(cylinder(reach * 0.85, shade_h, (0, H - shade_h / 2, 0), 24), stretch), shade))
    return parts


@generator("rug", variants=3)
def rug(p: GenParams) -> list[Part]:
    """v0 bordered rectangle with a medallion; v1 round/oval rings; v2 striped with fringes.
    Inner layers stand half a millimetre proud of outer ones so the faces never coincide; the whole
    rug stays under 5 mm so furniture may stand on it (see tools.layout.space.FLAT_OVERLAP)."""
    W, H, D = p.size
    main = p.mat("fabric", ("#a34a3c", "#4a6a8a", "#c9b48a")[p.variant])
    accent = material("fabric", CREAM if p.variant != 2 else "#3b3b4a")
    band = 0.08 * min(W, D)
    if p.variant == 1 or p.shape in ROUND_SHAPES:
        return [Part(ellipse_slab(W, H, D, sections=48), accent),
                Part(ellipse_slab(W - 2 * band, H + 0.0005, D - 2 * band, sections=48), main),
                Part(ellipse_slab(W * 0.35, H + 0.001, D * 0.35, sections=32), accent)]
    if p.variant == 0:
        return [Part(slab(W, H, D), accent),
                Part(slab(W - 2 * band, H + 0.0005, D - 2 * band), main),
                Part(ellipse_slab(W * 0.3, H + 0.001, D * 0.3, sections=32), accent)]
    fringe = min(0.06, W * 0.04)
    body_w, stripes = W - 2 * fringe, 7
    parts = []
    for i in range(stripes):
        sd = D / stripes
        parts.append(Part(slab(body_w, H, sd, 0, 0, -D / 2 + sd * (i + 0.5)), main if i % 2 == 0 else accent))
    strands = max(4, int(D / 0.05))
    linen = material("fabric", LINEN)
    for sx in (-1, 1):
        for j in range(strands):
            z = -D / 2 + D * (j + 0.5) / strands
            parts.append(Part(slab(fringe + 0.005, H * 0.5, 0.008, sx * (W / 2 - fringe / 2), 0, z), linen))
    return parts


@generator("mirror", variants=3)
def mirror(p: GenParams) -> list[Part]:
    """Wall mirror, glass facing +Z. v0 rectangular wooden frame; v1 oval gilt frame;
    v2 arched top."""
    W, H, D = p.size
    frame = p.mat("wood" if p.variant != 1 else "metal", (DARK_WOOD, "#b08d57", "#f0ece4")[p.variant])
    glass = material("ceramic", MIRROR)
    rim = thickness(min(W, H), 0.08, 0.08, 0.015)
    back_d = D - 0.004
    zc = -D / 2 + back_d / 2
    glass_z = D / 2 - 0.0025
    if p.variant == 1:
        return [Part(z_disc(W, H, back_d, (0, H / 2, zc), 40), frame),
                Part(z_disc(W - 2 * rim, H - 2 * rim, 0.005, (0, H / 2, glass_z), 40), glass)]
    if p.variant == 2 and H > W * 0.6:
        r = W / 2
        return [Part(slab(W, H - r, back_d, 0, 0, zc), frame),
                Part(z_disc(W, W, back_d, (0, H - r, zc), 32), frame),
                Part(slab(W - 2 * rim, H - r - rim, 0.005, 0, rim, glass_z), glass),
                Part(z_disc(W - 2 * rim, W - 2 * rim, 0.005, (0, H - r, glass_z), 32), glass)]
    parts = [Part(slab(W, H, D * 0.5, 0, 0, -D / 4), frame), Part(slab(W - 2 * rim, H - 2 * rim, 0.005, 0, rim, 0.0025), glass)]
    for y in (0, H - rim):
        parts.append(Part(slab(W, rim, D, 0, y, 0), frame))
    for sx in (-1, 1):
        parts.append(Part(slab(rim, H, D, sx * (W / 2 - rim / 2), 0, 0), frame))
    return parts


@generator("chandelier", variants=3)
def chandelier(p: GenParams) -> list[Part]:
    """Hangs from a ceiling canopy at the top (y = h). v0 classic arms with candles;
    v1 two glowing rings on cables; v2 cluster of pendant shades."""
    W, H, D = p.size
    frame = p.mat("metal", ("#b08d57", "#2a2a2a", "#c0c4c8")[p.variant])
    bulb = material("emissive", BULB)
    reach = min(W, D) / 2
    canopy_r = reach * (0.3 if p.variant == 2 else 0.18)
    parts = [Part(cylinder(canopy_r, 0.03, (0, H - 0.015, 0), 24), frame)]
    if p.variant == 0:
        return parts + _candle_arms(p, frame, bulb)
    if p.variant == 1:
        tube = thickness(W, 0.02, 0.02, 0.008)
        rings = ((reach - tube, tube), (reach * 0.6, H * 0.35))
        for major, y in rings:
            parts.append(Part(torus_y(major, tube, (0, y, 0), 32, 8), bulb))
            for k in range(3):
                a = k * 2 * np.pi / 3 + 0.5
                parts.append(Part(rod((np.cos(a) * canopy_r * 0.6, H - 0.03, np.sin(a) * canopy_r * 0.6),
                                      (np.cos(a) * major, y, np.sin(a) * major), 0.003, 6), frame))
        return parts
    shade_r = reach * 0.28
    drops = ((0.0, 0.0, 0.0), (reach - shade_r, 0.0, 0.25), (0.0, reach - shade_r, 0.4),
             (-(reach - shade_r), 0.0, 0.3), (0.0, -(reach - shade_r), 0.18))
    shade_h = H * 0.2
    for x, z, lift in drops:
        bottom = H * lift
        parts.append(Part(frustum(shade_r, shade_r * 0.25, shade_h, (x, bottom, z), 16), frame))
        parts.append(Part(sphere(shade_r * 0.4, (x, bottom + shade_r * 0.3, z), subdivisions=1), bulb, smooth=True))
        parts.append(Part(rod((x, bottom + shade_h, z), (x * 0.2, H - 0.03, z * 0.2), 0.003, 6), material("plastic", BLACK)))
    return parts


def _candle_arms(p: GenParams, frame, bulb) -> list[Part]:
    W, H, D = p.size
    reach = min(W, D) / 2
    hub_y, cup_r = H * 0.3, thickness(reach, 0.1, 0.04, 0.015)
    parts = [Part(cylinder(0.01, H - hub_y, (0, (H + hub_y) / 2, 0), 8), frame),
             Part(sphere(reach * 0.15, (0, hub_y, 0), subdivisions=1), frame, smooth=True),
             Part(frustum(0.008, reach * 0.12, hub_y, (0, 0, 0), 12), frame)]
    wax = material("ceramic", "#f4efe4")
    arms = 6
    for k in range(arms):
        a = k * 2 * np.pi / arms
        x, z = np.cos(a) * (reach - cup_r), np.sin(a) * (reach - cup_r)
        cup_y = hub_y + H * 0.12
        parts.append(Part(rod((0, hub_y, 0), (x, hub_y, z), 0.008, 6), frame))
        parts.append(Part(rod((x, hub_y, z), (x, cup_y, z), 0.008, 6), frame))
        parts.append(Part(frustum(cup_r * 0.5, cup_r, 0.03, (x, cup_y, z), 12), frame))
        parts.append(Part(cylinder(cup_r * 0.4, H * 0.12, (x, cup_y + 0.03 + H * 0.06, z), 8), wax))
        flame = scaled(sphere(cup_r * 0.35, (x, cup_y + 0.03 + H * 0.12 + cup_r * 0.3, z), subdivisions=1), (1, 1.7, 1))
        parts.append(Part(flame, bulb, smooth=True))
    return parts


@generator("fireplace", variants=3)
def fireplace(p: GenParams) -> list[Part]:
    """A fireplace facing +Z with logs burning in its opening (the "flame" node the page flickers):
    v0 brick with a wooden mantel, v1 white painted surround, v2 grey stone with a dark mantel."""
    W, H, D = p.size
    surround = p.mat("stone", ("#9c5a3c", "#efeae2", "#8a8680")[p.variant])
    if p.variant == 0:
        surround = with_pattern(surround, "brick")
    mantel = material("wood", (WOOD, "#f4f1ea", DARK_WOOD)[p.variant])
    soot, log_wood = material("stone", "#1c1a19"), material("wood", "#5a3b22")
    body_d, hearth_h, pillar_w = 0.75 * D, 0.05 * H, 0.18 * W
    opening_w, opening_h, breast_h = W - 2 * pillar_w, 0.55 * H, 0.94 * H
    body_z = -D / 2 + body_d / 2
    front_z = -D / 2 + body_d
    parts = [Part(slab(pillar_w, breast_h, body_d, x=side * (W - pillar_w) / 2, z=body_z), surround)
             for side in (-1, 1)]
    parts.append(Part(slab(opening_w, breast_h - opening_h, body_d, y=opening_h, z=body_z), surround))
    box_d = 0.6 * body_d  # the firebox: a sooty recess behind the opening
    parts.append(Part(slab(opening_w, opening_h, box_d, z=-D / 2 + box_d / 2), soot))
    parts.append(Part(slab(W, H - breast_h, 0.9 * D, y=breast_h, z=-0.05 * D), mantel))
    parts.append(Part(slab(opening_w + pillar_w, hearth_h, D - box_d, z=(-D / 2 + box_d + D / 2) / 2),
                      material("stone", "#6e6a66")))
    log_r, fire_z = 0.05 * H, (-D / 2 + box_d + front_z) / 2 - 0.1 * D
    for dz, tilt in ((-0.04 * D, 0.0), (0.05 * D, 0.12)):
        parts.append(Part(xcyl(log_r, 0.6 * opening_w, (tilt * opening_w, hearth_h + log_r, fire_z + dz), 10),
                          log_wood))
    return fit(parts + flames((0, hearth_h + log_r, fire_z), 0.1 * W, 0.38 * H), p.size)
