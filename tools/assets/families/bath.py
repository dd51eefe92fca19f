"""Bathroom generators: bathtubs, toilets, showers."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.kitchen_parts import bar_handle_v, deck_with_hole, knob
from tools.assets.families.palette import CHROME, GLASS, PORCELAIN, STEEL, WATER
from tools.assets.mesh import Part, capsule, material, rod, rotated_y, sphere, with_pattern
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import frustum, lathe, open_box, parts_of, post, rotated_x, rotated_z, slab

# ------------------------------------------------------------ bathroom

@generator("bathtub")
def bathtub(p: GenParams) -> list[Part]:
    """A bathtub: built-in, clawfoot or modern (round and oval shapes are clawfoot)."""
    if p.shape in ("oval", "round"):
        return _bathtub_clawfoot(p)
    return (_bathtub_builtin, _bathtub_clawfoot, _bathtub_modern)[p.variant](p)


def _bathtub_builtin(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f7f7f4")
    wall = min(0.08, 0.1 * d)
    tiled = with_pattern(china, "tiles")  # a built-in tub is boxed in with tiles
    parts = parts_of(open_box(w, h, d, wall, 0, 0, 0), tiled)
    parts.append(Part(slab(w - 2 * wall, 0.01, d - 2 * wall, 0, h * 0.65, 0), WATER))
    spout_x = w / 2 - wall / 2
    parts += parts_of([rod((spout_x, h * 0.85, 0), (spout_x - wall * 1.5, h * 0.85, 0), min(0.015, h * 0.03), 10),
                     knob(spout_x, h * 0.9, 0.08, 0.02, 0.01)], CHROME)
    return parts


def _bathtub_clawfoot(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f4f1ea")
    foot = 0.15 * h
    bh = h - foot
    profile = [(0, 0), (0.8, 0), (0.95, bh * 0.5), (1.0, bh), (0.96, bh), (0.9, bh * 0.5), (0.76, bh * 0.12), (0, bh * 0.12)]
    parts = [Part(lathe(profile, 0, foot, 0, 40, scale=(w / 2, d / 2)), china, True),
             Part(lathe([(0, 0), (0.9, 0), (0.9, 0.01), (0, 0.01)], 0, foot + bh * 0.55, 0, 40, scale=(w / 2, d / 2)), WATER)]
    brass = material("metal", "#b58b4c")
    for sx in (-1, 1):
        for sz in (-1, 1):
            parts.append(Part(frustum(min(0.04, w * 0.03), min(0.025, w * 0.02), foot * 1.3, (sx * w * 0.33, 0, sz * d * 0.25), 12), brass))
            parts.append(Part(sphere(min(0.035, w * 0.025), (sx * w * 0.33, min(0.03, foot * 0.4), sz * d * 0.25), 1), brass, True))
    tap_x = -w / 2 + w * 0.05
    parts += parts_of([rod((tap_x, h - 0.02, 0), (tap_x + w * 0.06, h - 0.02, 0), min(0.015, h * 0.03), 10)], brass)
    return parts


def _bathtub_modern(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#ffffff")
    wall = min(0.06, 0.08 * d)
    rim = min(0.06, 0.1 * h)
    parts = parts_of(open_box(w, h - rim, d, wall, 0, 0, 0), china)
    parts += parts_of(deck_with_hole(w, d, rim, h - rim, w - 2 * wall - 0.06, d - 2 * wall - 0.06), china)
    parts.append(Part(slab(w * 0.96, h * 0.7, 0.012, 0, h * 0.08, d / 2), material("wood", "#a8774f")))  # slatted apron
    for x in np.linspace(-w * 0.45, w * 0.45, 12):
        parts.append(Part(slab(0.006, h * 0.7, 0.004, x, h * 0.08, d / 2 + 0.006), material("wood", "#6b4a2f")))
    inner = w / 2 - wall
    backrest = rotated_z(slab(0.02, h * 0.8, d - 2 * wall - 0.02, 0, 0, 0), -0.45)
    parts.append(Part(backrest.apply_translation((-inner + 0.16, wall, 0)), china))
    parts.append(Part(slab(w - 2 * wall - 0.02, 0.01, d - 2 * wall - 0.02, 0, h * 0.6, 0), WATER))
    parts.append(Part(capsule(min(0.05, h * 0.08), d * 0.3, (0, 0, 0)).apply_transform(
        trimesh.transformations.rotation_matrix(np.pi / 2, [1, 0, 0])).apply_translation((-inner + 0.05, h - 0.02, 0)),
        material("fabric", "#cfc8bd"), True))
    parts += parts_of([rod((-w * 0.15, h + 0.0, d / 2 - wall / 2), (w * 0.15, h, d / 2 - wall / 2), min(0.012, h * 0.02), 8)], CHROME)
    return parts


@generator("toilet")
def toilet(p: GenParams) -> list[Part]:
    """A toilet: close-coupled, wall-hung, or with its lid up."""
    return (_toilet_close_coupled, _toilet_wall_hung, _toilet_lid_up)[p.variant](p)


def _toilet_bowl(p: GenParams, china, y0: float, rim_y: float, pedestal: bool) -> list[Part]:
    """Oval bowl with seat and lid, its rim at ``rim_y``; returns parts and fills the front of the footprint."""
    w, _, d = p.size
    bd = 0.66 * d
    cz = d / 2 - bd / 2
    hb = rim_y - y0
    profile = ([(0, 0), (0.5, 0), (0.55, hb * 0.45)] if pedestal else [(0, hb * 0.3), (0.55, hb * 0.35)])
    profile += [(1.0, hb * 0.92), (1.0, hb), (0.86, hb), (0.45, hb * 0.5), (0, hb * 0.5)]
    parts = [Part(lathe(profile, 0, y0, cz, 32, scale=(w / 2, bd / 2)), china, True)]
    seat = [(0.62, 0), (1.0, 0), (1.0, 0.025), (0.62, 0.025), (0.62, 0)]
    parts.append(Part(lathe(seat, 0, rim_y, cz, 32, scale=(w / 2 * 0.98, bd / 2 * 0.98)), china))
    return parts


def _closed_lid(w: float, d: float, bowl_depth: float, rim: float, china) -> Part:
    """The lid lying shut on a bowl whose rim is at height ``rim``; bowl_depth is the bowl's extent along z."""
    return Part(lathe([(0, 0), (1, 0), (1, 0.02), (0, 0.02)], 0, rim + 0.025, d / 2 - bowl_depth / 2, 32,
                      scale=(w / 2 * 0.98, bowl_depth / 2 * 0.98)), china)


def _toilet_close_coupled(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f7f7f4")
    rim = 0.5 * h
    parts = _toilet_bowl(p, china, 0, rim, True)
    bd = 0.66 * d
    parts.append(_closed_lid(w, d, bd, rim, china))
    tank_d = 0.3 * d
    parts += [Part(slab(w * 0.9, h - rim - 0.03, tank_d, 0, rim - 0.02, -d / 2 + tank_d / 2), china),
              Part(slab(w * 0.95, 0.03, tank_d + 0.02, 0, h - 0.03, -d / 2 + tank_d / 2 + 0.005), china),
              Part(slab(w * 0.5, rim - 0.02, tank_d * 0.8, 0, 0, -d / 2 + tank_d * 0.6), china),
              Part(post(min(0.02, w * 0.06), 0.006, 0, h, -d / 2 + tank_d / 2), CHROME)]
    return parts


def _toilet_wall_hung(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#ffffff")
    rim = 0.52 * h
    parts = _toilet_bowl(p, china, rim - 0.2 * h, rim, False)
    bd = 0.66 * d
    parts.append(_closed_lid(w, d, bd, rim, china))
    panel_d = 0.3 * d
    parts.append(Part(slab(w, h, panel_d, 0, 0, -d / 2 + panel_d / 2), material("stone", "#d6d2cb")))
    parts.append(Part(slab(w * 0.95, rim - 0.2 * h + 0.05 * h, d - bd - panel_d + 0.02, 0, rim - 0.2 * h, -d / 2 + panel_d + (d - bd - panel_d) / 2), china))
    parts.append(Part(slab(w * 0.5, 0.12 * h, 0.01, 0, 0.75 * h, -d / 2 + panel_d), CHROME))  # flush plate
    return parts


def _toilet_lid_up(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#efe9dc")
    rim = 0.48 * h
    parts = _toilet_bowl(p, china, 0, rim, True)
    bd = 0.66 * d
    tank_d = 0.28 * d
    tank_top = h - 0.04 * h
    parts += [Part(slab(w, tank_top - rim, tank_d, 0, rim, -d / 2 + tank_d / 2), china),
              Part(rod((-w / 2, tank_top, -d / 2 + tank_d / 2), (w / 2, tank_top, -d / 2 + tank_d / 2), min(tank_d / 2, 0.04 * h), 16), china),
              Part(slab(w * 0.5, rim, tank_d * 0.8, 0, 0, -d / 2 + tank_d * 0.6), china)]
    lid_r = min(bd / 2 * 0.95, (h - rim - 0.04) / 2)  # raised, it must stay under the top of the size
    lid = lathe([(0, 0), (1, 0), (1, 0.02), (0, 0.02)], 0, 0, 0, 32, scale=(w / 2 * 0.95, lid_r))
    lid = rotated_x(lid, -np.pi / 2 + 0.12)  # raised, leaning back against the tank
    lo, hi = lid.bounds
    lid.apply_translation((0, rim + 0.03 - lo[1], -d / 2 + tank_d + 0.005 - lo[2]))
    parts.append(Part(lid, china))
    parts.append(Part(slab(w * 0.2, 0.02, 0.02, -w * 0.3, tank_top - 0.08 * h, -d / 2 + tank_d), CHROME))  # lever
    return parts


@generator("shower")
def shower(p: GenParams) -> list[Part]:
    """A shower: square, quadrant or walk-in."""
    return (_shower_square, _shower_quadrant, _shower_walk_in)[p.variant](p)


def _shower_head(x: float, z: float, top: float, reach: float, r: float) -> list[trimesh.Trimesh]:
    """Riser on the back wall at (x, z) and a round head on an arm reaching +Z."""
    return [rod((x, top * 0.45, z), (x, top, z), 0.012, 8), rod((x, top, z), (x, top, z + reach), 0.012, 8),
            post(r, 0.02, x, top - 0.02, z + reach), knob(x, top * 0.5, z - 0.01, 0.035, 0.04)]


def _shower_square(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tile = p.mat("stone", "#e8e6e1")
    tray_h, pane, wall = min(0.08, 0.04 * h), 0.01, min(0.06, 0.08 * d)
    parts = [Part(slab(w, tray_h, d, 0, 0, 0), PORCELAIN),
             Part(slab(w, h, wall, 0, 0, -d / 2 + wall / 2), tile),
             Part(slab(pane, h - tray_h, d - wall, -w / 2 + pane / 2, tray_h, wall / 2), GLASS),
             Part(slab(pane, h - tray_h, d - wall, w / 2 - pane / 2, tray_h, wall / 2), GLASS),
             Part(slab(w * 0.5, h - tray_h - 0.05, pane, -w * 0.25, tray_h, d / 2 - pane / 2), GLASS),
             Part(slab(w * 0.5, h - tray_h - 0.05, pane, w * 0.22, tray_h, d / 2 - pane * 2.5), GLASS)]  # sliding door
    parts += parts_of([slab(w, 0.03, 0.03, 0, h - 0.03, d / 2 - 0.015), slab(0.025, h - tray_h, 0.025, -w / 2 + 0.0125, tray_h, d / 2 - 0.0125),
                     slab(0.025, h - tray_h, 0.025, w / 2 - 0.0125, tray_h, d / 2 - 0.0125),
                     *bar_handle_v(-0.02, 0.4 * h, 0.6 * h, d / 2 - pane * 3, -0.03)], CHROME)
    return parts + parts_of(_shower_head(0, -d / 2 + wall, 0.9 * h, 0.25 * d, min(0.1, w * 0.1)), CHROME)


def _shower_quadrant(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tile = p.mat("stone", "#c9d6dc")
    tray_h, pane, wall = min(0.08, 0.04 * h), 0.01, min(0.06, 0.08 * d)
    r = min(w, d) * 0.55  # straight sides, then a quarter-circle front centred on the back-left corner
    corner = np.array([-w / 2, -d / 2])
    angles = np.linspace(0, np.pi / 2, 10)
    ext_w, ext_d = w - r, d - r
    outline = [corner, corner + (w, 0)]
    outline += [corner + (ext_w + r * np.cos(a), ext_d + r * np.sin(a)) for a in angles]
    outline += [corner + (0, d)]
    pts2 = np.array(outline)
    tray = trimesh.convex.convex_hull(np.vstack([np.c_[pts2[:, 0], np.zeros(len(pts2)), pts2[:, 1]],
                                                 np.c_[pts2[:, 0], np.full(len(pts2), tray_h), pts2[:, 1]]]))
    parts = [Part(tray, PORCELAIN), Part(slab(w, h, wall, 0, 0, -d / 2 + wall / 2), tile),
             Part(slab(wall, h, d, -w / 2 + wall / 2, 0, 0), tile)]
    arc = [corner + (ext_w + r * np.cos(a), ext_d + r * np.sin(a)) for a in angles]
    for a, b in zip(arc[:-1], arc[1:], strict=True):
        seg = b - a
        length = float(np.hypot(*seg))
        mid = (a + b) / 2
        panel = slab(length + 0.002, h - tray_h - 0.02, pane, 0, tray_h, 0)
        parts.append(Part(rotated_y(panel, -np.arctan2(seg[1], seg[0])).apply_translation((mid[0], 0, mid[1])), GLASS))
    for a in (arc[0], arc[-1]):
        parts.append(Part(slab(0.025, h - tray_h, 0.025, a[0], tray_h, a[1]), CHROME))
    parts.append(Part(slab(w - r - wall + 0.01, h - tray_h, pane, -w / 2 + wall + (w - r - wall) / 2, tray_h, d / 2 - pane / 2), GLASS)
                 if w - r - wall > 0.02 else Part(slab(0.02, 0.02, 0.02, 0, h - 0.02, 0), CHROME))
    return parts + parts_of(_shower_head(-w * 0.1, -d / 2 + wall, 0.9 * h, 0.2 * d, min(0.08, w * 0.08)), CHROME)


def _shower_walk_in(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tile = p.mat("stone", "#4b4f55")
    tray_h, pane, wall = min(0.03, 0.02 * h), 0.01, min(0.06, 0.08 * d)
    parts = [Part(slab(w, tray_h, d, 0, 0, 0), material("stone", "#8c8f93")),
             Part(slab(w, h, wall, 0, 0, -d / 2 + wall / 2), tile),
             Part(slab(pane, h - tray_h, d - wall, w / 2 - pane / 2, tray_h, wall / 2), GLASS),
             Part(slab(0.02, 0.02, d - wall, w / 2 - 0.01, h - 0.02, wall / 2), material("metal", "#1e1e1e")),
             Part(post(min(0.03, w * 0.04), 0.004, 0, tray_h, 0), STEEL)]  # drain
    black = material("metal", "#1e1e1e")
    arm_y = 0.95 * h
    parts += parts_of([rod((0, arm_y, -d / 2 + wall), (0, arm_y, -d * 0.05), 0.012, 8),
                     slab(min(0.3, w * 0.33), 0.015, min(0.3, d * 0.33), 0, arm_y - 0.02, -d * 0.05),
                     rod((-w * 0.3, 0.3 * h, -d / 2 + wall + 0.02), (-w * 0.3, 0.75 * h, -d / 2 + wall + 0.02), 0.01, 8),
                     knob(w * 0.2, 0.5 * h, -d / 2 + wall, 0.035, 0.04)], black)
    return parts
