"""furniture generators: seating, tables and beds.

The rest of the family lives beside this module: furniture_storage (cabinets,
shelves), furniture_fittings (tv, lamps, rug, mirror, chandelier) and
furniture_workshop (workbench, tool cabinet, gym); furniture_parts holds the
shared pieces.

Each generator fills ``p.size`` (w, h, d) with proportions taken from the
size itself, so size words stretch the object without breaking it. The main
(colourable) material is the upholstery of seats, the body of cabinets and
the frame of beds; wood legs, chrome and bulbs keep fixed colours.
"""

from __future__ import annotations

import numpy as np

# The sibling modules hold the rest of the family; importing them registers their generators.
from tools.assets.families.furniture_parts import (
    BLACK,
    CHROME,
    DARK_WOOD,
    FRONT_ROOM,
    LIGHT_WOOD,
    LINEN,
    ROUND_SHAPES,
    WOOD,
    drawer_bank,
    four_legs,
    thickness,
)
from tools.assets.mesh import Part, cylinder, material, rod, rotated_y, scaled, sphere, with_pattern
from tools.assets.registry import GenParams, generator
from tools.assets.shapes import (
    bevelled_slab,
    cushion,
    ellipse_slab,
    frustum,
    ring_of_rods,
    rotated_x,
    slab,
    torus_y,
    x_rod,
    z_rod,
)
from tools.core.gltf import Material

# ------------------------------------------------------------------ seating

def _upholstered(p: GenParams, seats: int, style: str, default_colour: str) -> list[Part]:
    """Sofa or armchair. style: 'modern' (box arms, metal feet), 'rolled' (rolled arms,
    tufted back, bun feet), 'sectional' (chaise on the right) or 'wingback'."""
    W, H, D = p.size
    cover = p.mat("fabric", default_colour)
    feet_mat = material("wood", DARK_WOOD) if style in ("rolled", "wingback") else material("metal", BLACK)
    leg_h = min(0.1, H * 0.12) if style != "wingback" else H * 0.2
    arm_w = min(0.22, W * (0.14 if seats == 1 else 0.09))
    back_d, seat_top, cush_t = D * 0.22, H * 0.5, H * 0.13
    legs = four_legs(W / 2 - 0.05, D / 2 - 0.05, leg_h, thickness(W, 0.05, 0.05, 0.02),
                     round_legs=True, taper=0.7 if style == "wingback" else 1.0)
    if style == "sectional":  # the left front foot moves back under the shorter main seat
        legs[1].apply_translation((0, 0, -D * 0.38))
    parts = [Part(m, feet_mat) for m in legs]
    if style == "rolled":
        parts += _rolled_body(p, seats, cover, leg_h, arm_w, back_d, seat_top, cush_t)
    elif style == "wingback":
        parts += _wingback_body(p, cover, leg_h, arm_w, back_d, seat_top, cush_t)
    else:
        parts += _modern_body(p, seats, cover, leg_h, arm_w, back_d, seat_top, cush_t, chaise=style == "sectional")
    return parts


def _cushion_row(x0: float, x1: float, n: int, y: float, t: float, z0: float, z1: float, mat: Material) -> list[Part]:
    """n seat cushions side by side over [x0, x1], from depth z0 (back) to z1 (front)."""
    cw = (x1 - x0) / n
    return [Part(cushion(cw - 0.012, t, z1 - z0 - 0.01, x0 + cw * (i + 0.5), y, (z0 + z1) / 2), mat, smooth=True)
            for i in range(n)]


def _back_cushions(x0: float, x1: float, n: int, y: float, top: float, z_back: float, depth: float,
                   mat: Material) -> list[Part]:
    """Loose back cushions leaning backwards against a back frame at ``z_back``."""
    cw, parts = (x1 - x0) / n, []
    for i in range(n):
        m = cushion(cw - 0.015, top - y, depth, x0 + cw * (i + 0.5), y, z_back + depth / 2 + 0.02)
        parts.append(Part(rotated_x(m, -0.14, (0, y, z_back + depth)), mat, smooth=True))
    return parts


def _modern_body(p: GenParams, seats: int, cover: Material, leg_h: float, arm_w: float, back_d: float,
                 seat_top: float, cush_t: float, chaise: bool) -> list[Part]:
    W, H, D = p.size
    main_d = D * 0.62 if chaise else D
    z_front = -D / 2 + main_d
    arm_top = H * 0.68
    parts = [Part(slab(W, seat_top - cush_t - leg_h, main_d, 0, leg_h, -D / 2 + main_d / 2), cover),
             Part(slab(W, H * 0.8 - leg_h, back_d, 0, leg_h, -D / 2 + back_d / 2), cover),
             Part(cushion(arm_w, arm_top - leg_h, main_d, -W / 2 + arm_w / 2, leg_h, -D / 2 + main_d / 2, 0.2), cover,
                  smooth=True)]
    inner_x0, inner_x1 = -W / 2 + arm_w, W / 2 - arm_w
    n = max(1, seats)
    if chaise:
        chaise_w = W * 0.36
        inner_x1 = W / 2 - chaise_w
        parts.append(Part(slab(chaise_w, seat_top - cush_t - leg_h, D, W / 2 - chaise_w / 2, leg_h, 0), cover))
        parts += _cushion_row(inner_x1, W / 2, 1, seat_top - cush_t, cush_t, -D / 2 + back_d, D / 2, cover)
        parts += _back_cushions(inner_x1, W / 2, 1, seat_top, H, -D / 2 + back_d, D * 0.16, cover)
        n = max(1, n - 1)
    else:
        parts.append(Part(cushion(arm_w, arm_top - leg_h, D, W / 2 - arm_w / 2, leg_h, 0, 0.2), cover, smooth=True))
    parts += _cushion_row(inner_x0, inner_x1, n, seat_top - cush_t, cush_t, -D / 2 + back_d, z_front, cover)
    parts += _back_cushions(inner_x0, inner_x1, n, seat_top, H, -D / 2 + back_d, D * 0.16, cover)
    return parts


def _rolled_body(p: GenParams, seats: int, cover: Material, leg_h: float, arm_w: float, back_d: float,
                 seat_top: float, cush_t: float) -> list[Part]:
    W, H, D = p.size
    roll_r, back_r = arm_w * 0.6, back_d * 0.5
    arm_top = H * 0.66
    parts = [Part(slab(W - 2 * roll_r, seat_top - cush_t - leg_h, D, 0, leg_h, 0), cover),
             Part(slab(W - 0.02, H - back_r - leg_h, back_d, 0, leg_h, -D / 2 + back_d / 2), cover),
             Part(x_rod(-W / 2 + 0.01, W / 2 - 0.01, H - back_r, -D / 2 + back_r, back_r, sections=16), cover)]
    for sx in (-1, 1):
        x = sx * (W / 2 - roll_r)
        parts.append(Part(slab(arm_w, arm_top - roll_r - leg_h, D - 0.02, x, leg_h, 0), cover))
        parts.append(Part(z_rod(-D / 2 + 0.01, D / 2, x, arm_top - roll_r, roll_r, sections=16), cover))
    inner = W / 2 - 2 * roll_r + 0.02
    parts += _cushion_row(-inner, inner, max(1, seats), seat_top - cush_t, cush_t, -D / 2 + back_d, D / 2, cover)
    button = material("leather", BLACK)
    cols = max(3, int(W / 0.22))
    for row in range(2):
        y = seat_top + (H - seat_top) * (0.35 + 0.3 * row)
        for i in range(cols):
            x = -inner + (2 * inner) * (i + 0.5 + 0.5 * (row % 2) - 0.25) / cols
            parts.append(Part(sphere(0.012, (x, y, -D / 2 + back_d + 0.002), subdivisions=0), button))
    return parts


def _wingback_body(p: GenParams, cover: Material, leg_h: float, arm_w: float, back_d: float,
                   seat_top: float, cush_t: float) -> list[Part]:
    W, H, D = p.size
    back_d = D * 0.16
    arm_top, wing_w = H * 0.62, thickness(W, 0.09, 0.08, 0.04)
    parts = [Part(slab(W - 2 * wing_w, seat_top - cush_t - leg_h, D - 0.04, 0, leg_h, 0), cover),
             Part(slab(W - 2 * wing_w, H - leg_h, back_d, 0, leg_h, -D / 2 + back_d / 2), cover)]
    for sx in (-1, 1):
        parts.append(Part(slab(wing_w, H * 0.92 - leg_h, D * 0.45, sx * (W / 2 - wing_w / 2), leg_h, -D / 2 + D * 0.225), cover))
        parts.append(Part(slab(wing_w, arm_top - leg_h, D - 0.04, sx * (W / 2 - wing_w / 2), leg_h, 0), cover))
        parts.append(Part(z_rod(-D / 2 + 0.02, D / 2, sx * (W / 2 - wing_w / 2), arm_top, wing_w * 0.6, 12), cover))
    parts += _cushion_row(-W / 2 + wing_w, W / 2 - wing_w, 1, seat_top - cush_t, cush_t, -D / 2 + back_d, D / 2 - 0.02, cover)
    return parts


@generator("sofa", variants=3)
def sofa(p: GenParams) -> list[Part]:
    """A sofa with one seat per 0.65 m of width: modern, rolled-arm or sectional (also for L/corner shapes)."""
    seats = max(1, min(4, round(p.w / 0.65)))
    sectional = p.variant == 2 or p.shape in ("l", "sectional", "corner")
    style = "sectional" if sectional else ("rolled" if p.variant == 1 else "modern")
    return _upholstered(p, seats, style, "#6d7f99")


@generator("armchair", variants=3)
def armchair(p: GenParams) -> list[Part]:
    """An armchair: modern, rolled-arm or wingback."""
    style = ("modern", "rolled", "wingback")[p.variant]
    return _upholstered(p, 1, style, "#8c6f56")


@generator("chair", variants=3)
def chair(p: GenParams) -> list[Part]:
    """v0 slatted wooden chair; v1 upholstered seat and back; v2 moulded shell on metal legs."""
    W, H, D = p.size
    seat_top = H * 0.5
    seat_t, leg = thickness(H, 0.045, 0.04, 0.015), thickness(W, 0.08, 0.04, 0.015)
    hx, hz = W / 2 - leg / 2, D / 2 - leg / 2
    if p.variant == 2:
        return _shell_chair(p, seat_top, leg)
    frame = p.mat("wood", WOOD) if p.variant == 0 else material("wood", DARK_WOOD)
    parts = [Part(m, frame) for m in four_legs(hx, hz, seat_top - seat_t, leg)]
    for sx in (-1, 1):  # back legs continue up as the posts of the back
        parts.append(Part(slab(leg, H - seat_top + seat_t, leg, sx * hx, seat_top - seat_t, -hz), frame))
        parts.append(Part(slab(leg * 0.6, leg * 0.6, D - leg, sx * hx, seat_top * 0.3, 0), frame))
    if p.variant == 0:
        parts.append(Part(slab(W, seat_t, D, 0, seat_top - seat_t, 0), frame))
        rail_h = (H - seat_top) * 0.18
        parts.append(Part(slab(W - leg, rail_h, leg * 0.7, 0, H - rail_h, -hz), frame))
        slats = 3 if W < 0.55 else 5
        for i in range(slats):
            x = (-0.5 + (i + 0.5) / slats) * (W - 2 * leg)
            parts.append(Part(slab(leg * 0.7, H - rail_h - seat_top, leg * 0.5, x, seat_top, -hz), frame))
    else:
        cover = p.mat("fabric", "#7a9a8c")
        parts.append(Part(slab(W, seat_t, D, 0, seat_top - seat_t, 0), frame))
        parts.append(Part(slab(W - 0.01, seat_t * 1.6, D - 0.01, 0, seat_top - 0.005, 0.005), cover))
        back = slab(W - 2 * leg, (H - seat_top) * 0.7, leg * 0.9, 0, H - (H - seat_top) * 0.72, -hz + leg * 0.2)
        parts.append(Part(back, cover))
    return parts


def _shell_chair(p: GenParams, seat_top: float, leg: float) -> list[Part]:
    W, H, D = p.size
    shell = p.mat("plastic", "#e8e4da")
    steel = material("metal", CHROME)
    r = leg * 0.35
    parts = []
    for sx in (-1, 1):
        for sz in (-1, 1):
            parts.append(Part(rod((sx * (W / 2 - r), 0, sz * (D / 2 - r)), (sx * W * 0.28, seat_top - 0.03, sz * D * 0.28), r, 8), steel))
    parts.append(Part(slab(W * 0.96, 0.03, D * 0.9, 0, seat_top - 0.03, D * 0.03), shell))
    back_y = seat_top + (H - seat_top) * 0.3
    radius = W * 0.48
    for angle in np.linspace(-0.7, 0.7, 5):  # facets curve the back around the sitter
        x = np.sin(angle) * radius
        z = -D / 2 + 0.03 + (1 - np.cos(angle)) * radius
        panel = slab(W * 0.24, H - back_y, 0.02, x, back_y, z)
        panel = rotated_y(panel, -angle, (x, 0, z))
        parts.append(Part(rotated_x(panel, -0.1, (0, back_y, z)), shell))
    for sx in (-1, 1):  # two struts carry the back
        parts.append(Part(rod((sx * W * 0.2, seat_top - 0.02, -D / 2 + 0.06), (sx * W * 0.2, back_y + 0.03, -D / 2 + 0.035), r, 8), steel))
    return parts


@generator("office_chair", variants=3)
def office_chair(p: GenParams) -> list[Part]:
    """Five-star base on casters, gas column, seat and back. v0 mesh back with arms;
    v1 high-back executive with headrest; v2 armless task chair."""
    W, H, D = p.size
    cover = p.mat("leather" if p.variant == 1 else "fabric", ("#2d3a4a", "#1f1f1f", "#4a6d8c")[p.variant])
    frame = material("metal", CHROME if p.variant == 1 else BLACK)
    caster_r = thickness(min(W, D), 0.05, 0.03, 0.012)
    reach, hub_y = min(W, D) / 2 - caster_r, caster_r * 2 + 0.02
    parts = []
    for k in range(5):
        a = np.pi / 2 + k * 2 * np.pi / 5
        end = (reach * np.cos(a), hub_y, reach * np.sin(a))
        parts.append(Part(rod((0, hub_y, 0), end, thickness(reach, 0.06, 0.02, 0.008), 8), frame))
        parts.append(Part(sphere(caster_r, (end[0], caster_r, end[2]), subdivisions=1), material("plastic", BLACK), smooth=True))
    seat_y, seat_t = H * 0.42, thickness(H, 0.07, 0.08, 0.03)
    parts.append(Part(cylinder(0.025, seat_y - seat_t - hub_y, (0, (seat_y - seat_t + hub_y) / 2, 0), 12), frame))
    parts.append(Part(slab(W * 0.78, seat_t, D * 0.72, 0, seat_y - seat_t, D * 0.06), cover))
    back_z = -D * 0.36
    back_bottom = (seat_y + 0.06, seat_y + 0.03, H - (H - seat_y) * 0.55)[p.variant]
    back_top = H * 0.88 if p.variant == 1 else H
    back = slab(W * (0.7, 0.72, 0.6)[p.variant], back_top - back_bottom, (0.03, 0.08, 0.05)[p.variant], 0, back_bottom, back_z)
    parts.append(Part(rotated_x(back, -0.08, (0, back_bottom, back_z)), cover))
    if p.variant == 0:  # the mesh is stretched over a darker frame
        outline = slab(W * 0.74, back_top - back_bottom - 0.01, 0.02, 0, back_bottom, back_z - 0.02)
        parts.append(Part(rotated_x(outline, -0.08, (0, back_bottom, back_z)), frame))
    if p.variant == 1:
        head = slab(W * 0.5, H - back_top - 0.02, 0.07, 0, back_top + 0.02, back_z - 0.02)
        parts.append(Part(rotated_x(head, -0.08, (0, back_bottom, back_z)), cover))
    parts.append(Part(slab(0.06, back_bottom + 0.1 - seat_y, 0.025, 0, seat_y - seat_t, back_z - 0.01), frame))
    if p.variant != 2:
        arm_h, x = (H - seat_y) * 0.35, W * 0.39 + 0.02
        for sx in (-1, 1):
            parts.append(Part(slab(0.025, arm_h + seat_t, 0.04, sx * x, seat_y - seat_t, -D * 0.05), frame))
            parts.append(Part(slab(0.06, 0.03, D * 0.38, sx * x, seat_y + arm_h, 0.0), cover if p.variant == 1 else frame))
    return parts


@generator("stool", variants=3)
def stool(p: GenParams) -> list[Part]:
    """v0 bar stool with splayed metal legs and foot ring; v1 square wooden stool with
    stretchers; v2 upholstered seat on a chrome pedestal."""
    W, H, D = p.size
    round_seat = p.shape in ROUND_SHAPES or (p.variant != 1 and p.shape != "square")
    seat_t = thickness(H, 0.07, 0.06, 0.02)
    seat_mat = p.mat("leather" if p.variant == 2 else "wood", ("#a8743f", LIGHT_WOOD, "#7a1f2b")[p.variant])
    top_y = H - seat_t * (1.8 if p.variant == 2 else 1.0)
    seat_h = H - top_y
    seat = ellipse_slab(W, seat_h, D, y=top_y, sections=24) if round_seat else slab(W, seat_h, D, y=top_y)
    parts = [Part(seat, seat_mat)]
    steel = material("metal", BLACK if p.variant == 0 else CHROME)
    if p.variant == 0:
        r = thickness(W, 0.04, 0.015, 0.008)
        for k in range(4):
            a = np.pi / 4 + k * np.pi / 2
            c, s = np.cos(a), np.sin(a)
            parts.append(Part(rod((c * W * 0.2, top_y, s * D * 0.2), (c * (W * 0.46 - r), 0, s * (D * 0.46 - r)), r, 8), steel))
        ring_r = 0.5 * (0.2 + (0.46 - 0.2) * 0.67) * (W + D) / 2
        parts += [Part(m, steel) for m in ring_of_rods(ring_r, top_y * 0.33, r * 0.8, 12)]
    elif p.variant == 1:
        leg = thickness(W, 0.1, 0.045, 0.015)
        wood = material("wood", DARK_WOOD)
        parts += [Part(m, wood) for m in four_legs(W / 2 - leg * 0.9, D / 2 - leg * 0.9, top_y, leg)]
        for y in (top_y * 0.25, top_y * 0.85):
            for sx in (-1, 1):
                parts.append(Part(slab(leg * 0.6, leg * 0.6, D - 2 * leg, sx * (W / 2 - leg * 0.9), y, 0), wood))
                parts.append(Part(slab(W - 2 * leg, leg * 0.6, leg * 0.6, 0, y, sx * (D / 2 - leg * 0.9)), wood))
    else:
        parts.append(Part(ellipse_slab(W * 0.8, 0.02, D * 0.8, sections=24), steel))
        parts.append(Part(cylinder(thickness(W, 0.07, 0.03, 0.012), top_y, (0, top_y / 2, 0), 12), steel))
        parts.append(Part(torus_y(min(W, D) * 0.28, 0.01, (0, top_y * 0.45, 0), 16, 6), steel))
    return parts


# ------------------------------------------------------------------- tables

def _top(W: float, D: float, t: float, y: float, mat: Material, round_top: bool) -> Part:
    """A table top, its edges bevelled (or an elliptic disc) so they catch a highlight."""
    return Part(ellipse_slab(W, t, D, y=y, sections=40) if round_top else bevelled_slab(W, t, D, y=y), mat)


@generator("coffee_table", variants=3)
def coffee_table(p: GenParams) -> list[Part]:
    """v0 wooden table with a lower shelf; v1 glass top on a metal frame; v2 oval on round legs."""
    W, H, D = p.size
    round_top = p.variant == 2 or p.shape in ROUND_SHAPES
    t = thickness(H, 0.08, 0.04, 0.015)
    leg = thickness(min(W, D), 0.07, 0.05, 0.015)
    if p.variant == 1 and p.material in (None, "glass", "metal"):  # a 'wooden' table gets the wooden build
        glass, steel = material("glass", "#cfe3ea"), p.mat("metal", BLACK)  # the colour goes to the frame, not the glass
        parts = [_top(W, D, t * 0.5, H - t * 0.5, glass, round_top)]
        hx, hz = W / 2 - leg, D / 2 - leg
        parts += [Part(m, steel) for m in four_legs(hx, hz, H - t * 0.5, leg * 0.6)]
        for y in (H - t * 1.3, H * 0.15):
            for sz in (-1, 1):
                parts.append(Part(slab(2 * hx, leg * 0.6, leg * 0.6, 0, y, sz * hz), steel))
            for sx in (-1, 1):
                parts.append(Part(slab(leg * 0.6, leg * 0.6, 2 * hz, sx * hx, y, 0), steel))
        return parts
    wood = p.mat("wood", (WOOD, WOOD, LIGHT_WOOD)[p.variant])
    parts = [_top(W, D, t, H - t, wood, round_top)]
    k = 0.32 if round_top else 0.5
    hx, hz = W * k - leg, D * k - leg
    parts += [Part(m, wood) for m in four_legs(hx, hz, H - t, leg, round_legs=round_top, taper=0.7)]
    shelf_w, shelf_d = 2 * hx + leg * (1.6 if round_top else 1.0), 2 * hz + leg * (1.6 if round_top else 1.0)
    shelf = ellipse_slab(shelf_w * 1.3, t * 0.7, shelf_d * 1.3, y=H * 0.18) if round_top else slab(shelf_w, t * 0.7, shelf_d, y=H * 0.18)
    parts.append(Part(shelf, wood))
    return parts


@generator("table", variants=3)
def table(p: GenParams) -> list[Part]:
    """v0 four legs and an apron; v1 trestle ends with a stretcher; v2 oval/round on pedestals.
    shape 'round' or 'oval' gives any variant an elliptic top."""
    W, H, D = p.size
    round_top = p.variant == 2 or p.shape in ROUND_SHAPES
    t = thickness(H, 0.05, 0.045, 0.02)
    leg = thickness(min(W, D), 0.07, 0.07, 0.03)
    wood = p.mat("wood", (WOOD, DARK_WOOD, LIGHT_WOOD)[p.variant])
    grain = with_pattern(wood, "wood_grain") if p.material in (None, "wood") else wood
    parts = [_top(W, D, t, H - t, grain, round_top)]
    if p.variant == 0:
        k = 0.33 if round_top else 0.5
        hx, hz = W * k - leg * 1.5, D * k - leg * 1.5
        parts += [Part(m, wood) for m in four_legs(hx, hz, H - t, leg, round_legs=round_top)]
        apron = H * 0.1
        if not round_top:
            for sz in (-1, 1):
                parts.append(Part(slab(2 * hx, apron, leg * 0.5, 0, H - t - apron, sz * hz), wood))
            for sx in (-1, 1):
                parts.append(Part(slab(leg * 0.5, apron, 2 * hz, sx * hx, H - t - apron, 0), wood))
    elif p.variant == 1:
        x = W * (0.3 if round_top else 0.38)
        span = D * (0.6 if round_top else 0.8)
        for sx in (-1, 1):
            parts.append(Part(slab(leg * 1.3, leg, span, sx * x, 0, 0), wood))
            parts.append(Part(slab(leg * 0.8, H - t - 2 * leg, D * 0.22, sx * x, leg, 0), wood))
            parts.append(Part(slab(leg * 1.3, leg, span * 0.9, sx * x, H - t - leg, 0), wood))
        parts.append(Part(slab(2 * x, leg * 0.9, leg * 0.7, 0, H * 0.3, 0), wood))
    else:
        columns = (-W * 0.25, W * 0.25) if W > 1.35 * D else (0.0,)
        foot_r = min(D, W / len(columns)) * 0.3
        for x in columns:
            parts.append(Part(frustum(foot_r, foot_r * 0.3, H * 0.12, (x, 0, 0), 24), wood))
            parts.append(Part(cylinder(leg * 0.9, H - t, (x, (H - t) / 2, 0), 16), wood))
        if len(columns) == 2:
            parts.append(Part(slab(W * 0.5, leg * 0.8, leg, 0, H - t - leg * 0.8, 0), wood))
    return parts


@generator("desk", variants=3)
def desk(p: GenParams) -> list[Part]:
    """v0 drawer pedestal and a panel leg; v1 metal legs with a pencil drawer;
    v2 executive desk with two pedestals and a modesty panel."""
    W, H, D = p.size
    t = thickness(H, 0.045, 0.04, 0.02)
    body = p.mat("wood", (WOOD, LIGHT_WOOD, DARK_WOOD)[p.variant])
    brass = material("metal", "#b08d57")
    parts = [Part(bevelled_slab(W, t, D, 0, H - t, 0), body)]
    ped_w, ped_d = W * 0.32, D - FRONT_ROOM - 0.02
    ped_z = -D / 2 + 0.01 + ped_d / 2
    if p.variant == 1:
        leg = thickness(W, 0.03, 0.045, 0.025)
        steel = material("metal", BLACK)
        parts += [Part(m, steel) for m in four_legs(W / 2 - leg, D / 2 - leg, H - t, leg)]
        parts.append(Part(slab(W - 2 * leg, H * 0.3, 0.015, 0, H * 0.55, -D / 2 + leg), steel))
        parts.append(Part(slab(W * 0.5, H * 0.08, D * 0.8, 0, H - t - H * 0.08, -D * 0.05), body))
        parts += drawer_bank(-W * 0.24, W * 0.24, H - t - H * 0.08, H - t, D * 0.35, 1, 1, body, brass, "bar")
        return parts
    sides = (1,) if p.variant == 0 else (-1, 1)
    for sx in sides:
        x = sx * (W / 2 - ped_w / 2)
        parts.append(Part(slab(ped_w, H - t, ped_d, x, 0, ped_z), body))
        parts += drawer_bank(x - ped_w / 2, x + ped_w / 2, H * 0.05, H - t, ped_z + ped_d / 2, 3, 1, body, brass,
                             "bar" if p.variant == 0 else "knob")
    if p.variant == 0:
        panel = thickness(W, 0.025, 0.03, 0.018)
        parts.append(Part(slab(panel, H - t, D - 0.02, -W / 2 + panel / 2, 0, 0), body))
    parts.append(Part(slab(W - 2 * ped_w, H * 0.5, 0.018, 0, H * 0.45, -D / 2 + 0.04), body))
    return parts


# --------------------------------------------------------------------- beds

@generator("bed", variants=3)
def bed(p: GenParams) -> list[Part]:
    """v0 wooden frame with head and foot boards; v1 upholstered platform with a tall
    channelled headboard; v2 metal frame with spindles. shape 'single'/'double' sets pillows."""
    W, H, D = p.size
    frame = p.mat("fabric" if p.variant == 1 else ("wood" if p.variant == 0 else "metal"),
                  (WOOD, "#8a8f99", "#2f2f33")[p.variant])
    board = thickness(D, 0.03, 0.06, 0.025)
    mattress_bottom, mattress_top = H * 0.33, H * 0.6
    parts = _bed_frame(p, frame, board, mattress_bottom)
    inner_w, z_head, z_foot = W - 2 * board - 0.01, -D / 2 + board * (2 if p.variant == 1 else 1), D / 2 - board
    if p.variant == 1:
        z_foot = D / 2 - 0.01
    parts.append(Part(cushion(inner_w, mattress_top - mattress_bottom, z_foot - z_head, 0, mattress_bottom,
                              (z_head + z_foot) / 2, 0.25), material("fabric", LINEN), smooth=True))
    parts += _bedding(p, inner_w, z_head, z_foot, mattress_top)
    return parts


def _bed_frame(p: GenParams, frame: Material, board: float, mattress_bottom: float) -> list[Part]:
    W, H, D = p.size
    if p.variant == 1:
        parts = [Part(slab(W, mattress_bottom, D - 2 * board, 0, 0, board), frame),
                 Part(slab(W, H, board * 2, 0, 0, -D / 2 + board), frame)]
        channels = max(3, int(W / 0.3))
        for i in range(channels):  # vertical padded channels proud of the headboard
            x = -W / 2 + W * (i + 0.5) / channels
            parts.append(Part(slab(W / channels - 0.02, H * 0.55, 0.03, x, H * 0.4, -D / 2 + board * 2 + 0.015), frame))
        return parts
    leg = thickness(W, 0.05, 0.07, 0.04)
    parts = []
    if p.variant == 0:
        parts.append(Part(slab(W, H, board, 0, 0, -D / 2 + board / 2), frame))
        parts.append(Part(slab(W, H * 0.5, board, 0, 0, D / 2 - board / 2), frame))
        parts += [Part(m, frame) for m in four_legs(W / 2 - leg / 2, D / 2 - board - leg / 2, mattress_bottom, leg)]
        for sx in (-1, 1):
            parts.append(Part(slab(board, mattress_bottom * 0.5, D - 2 * board, sx * (W / 2 - board / 2), mattress_bottom * 0.5, 0), frame))
        return parts
    r = thickness(W, 0.015, 0.022, 0.012)
    for z, top in ((-D / 2 + r, H), (D / 2 - r, H * 0.62)):
        for sx in (-1, 1):
            parts.append(Part(rod((sx * (W / 2 - r), 0, z), (sx * (W / 2 - r), top, z), r, 10), frame))
        for y in (top - r, mattress_bottom + r):
            parts.append(Part(x_rod(-W / 2 + r, W / 2 - r, y, z, r * 0.8, 8), frame))
        spindles = max(4, int(W / 0.15))
        for i in range(1, spindles):
            x = -W / 2 + W * i / spindles
            parts.append(Part(rod((x, mattress_bottom + r, z), (x, top - r, z), r * 0.5, 6), frame))
    for sx in (-1, 1):
        parts.append(Part(z_rod(-D / 2 + r, D / 2 - r, sx * (W / 2 - r), mattress_bottom + r, r * 0.8, 8), frame))
    parts.append(Part(slab(W - 4 * r, 0.02, D - 4 * r, 0, mattress_bottom - 0.01, 0), material("wood", LIGHT_WOOD)))
    return parts


def _bedding(p: GenParams, inner_w: float, z_head: float, z_foot: float, top: float) -> list[Part]:
    """Duvet (the requested colour), its folded cuff, and one or two pillows."""
    W, H, _ = p.size
    duvet = material("fabric", p.color or "#b7c7d9")
    linen = material("fabric", "#f7f5f0")
    length = z_foot - z_head
    duvet_back = z_head + length * 0.3
    parts = [Part(cushion(inner_w + 0.03, H * 0.2 + 0.03, z_foot - duvet_back + 0.015, 0, top - H * 0.2,
                          (duvet_back + z_foot + 0.015) / 2, 0.3), duvet, smooth=True),
             Part(cushion(inner_w + 0.035, 0.04, 0.14, 0, top - 0.005, duvet_back + 0.07), linen, smooth=True)]
    single = p.shape == "single" or (W < 1.2 and p.shape != "double")
    count = 1 if single else 2
    pw = min(0.7, inner_w / count - 0.06)
    for i in range(count):
        x = (i - (count - 1) / 2) * (inner_w / count)
        pillow = scaled(sphere(0.5, (x, top + 0.05, z_head + 0.25), subdivisions=2), (pw, min(0.13, H * 0.15), min(0.4, length * 0.18)))
        parts.append(Part(pillow, linen, smooth=True))
    return parts

