"""Props: lamps, pictures, boards, plants, small things on tables, containers, toys, sport gear.

Shapes reuse the helpers of the kitchen_bath family (``slab``, ``lathe``, ...).
Proportions come from ``p.size``; small details are clamped to it.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.kitchen_bath import (
    frame,
    frustum,
    lathe,
    open_box,
    post,
    rotated_x,
    rotated_z,
    slab,
)
from tools.assets.mesh import Part, capsule, material, rod, rotated_y, sphere
from tools.assets.registry import GenParams, generator

WARM_LIGHT = material("emissive", "#fff1c8")
BRASS = material("metal", "#c9a24a")
DARK_METAL = material("metal", "#3a3c40")
BLACK = material("plastic", "#1b1b1d")
WHITE = material("plastic", "#f4f4f2")
PINE = material("wood", "#c89a63")
DARK_WOOD = material("wood", "#6b4a2f")
SOIL = material("stone", "#3d2b1f")
LEAF = material("foliage", "#3f7d3a")
LEAF_DARK = material("foliage", "#2e5f2c")
PAPER = material("fabric", "#f3ecd9")


def _parts(meshes: list[trimesh.Trimesh], mat, smooth: bool = False) -> list[Part]:
    return [Part(m, mat, smooth) for m in meshes]


def _hull(points) -> trimesh.Trimesh:
    """Convex hull of (n, 3) points: a closed solid for shapes no primitive gives (boards, wedges)."""
    return trimesh.convex.convex_hull(np.asarray(points, dtype=float))


def _pick(p: GenParams, builders):
    return builders[p.variant % len(builders)](p)


# ------------------------------------------------------------ table lamp

@generator("table_lamp")
def table_lamp(p: GenParams) -> list[Part]:
    return _pick(p, (_lamp_drum, _lamp_ginger_jar, _lamp_bankers))


def _shade(p: GenParams, y0: float, r_bottom: float, r_top: float, height: float) -> list[Part]:
    """A glowing shade (square when asked) with a bulb inside."""
    if p.shape == "square":
        shade = _hull([(sx * r, y, sz * r) for r, y in ((r_bottom, y0), (r_top, y0 + height)) for sx in (-1, 1) for sz in (-1, 1)])
    else:
        shade = frustum(r_bottom, r_top, height, 0, y0, 0, 24)
    return [Part(shade, WARM_LIGHT)]


def _lamp_drum(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    base = p.mat("ceramic", "#d8cbb0")
    parts = [Part(frustum(r * 0.55, r * 0.45, h * 0.05, 0, 0, 0, 20), base),
             Part(post(min(0.012, r * 0.1), h * 0.55, 0, h * 0.05, 0, 10), BRASS)]
    return parts + _shade(p, h * 0.55, r, r * 0.95, h * 0.45)


def _lamp_ginger_jar(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    base = p.mat("ceramic", "#2f5d8a")
    jar = [(0, 0), (r * 0.4, 0), (r * 0.62, h * 0.12), (r * 0.6, h * 0.3), (r * 0.3, h * 0.42), (r * 0.2, h * 0.45), (0, h * 0.45)]
    parts = [Part(lathe(jar, sections=20), base, True),
             Part(post(min(0.01, r * 0.08), h * 0.15, 0, h * 0.45, 0, 10), BRASS)]
    return parts + _shade(p, h * 0.58, r, r * 0.6, h * 0.42)


def _lamp_bankers(p: GenParams) -> list[Part]:
    """Desk lamp: square base, angled arm and a metal cone head with a glowing bulb, facing +Z."""
    w, h, d = p.size
    body = p.mat("metal", "#2f4f3f")
    rr = min(0.012, w * 0.05)
    joint = (0, h * 0.7, -d * 0.3)
    head = (0, h * 0.85, d * 0.05)
    parts = [Part(slab(w * 0.9, h * 0.05, d * 0.6, 0, 0, -d * 0.2), body),
             Part(rod((0, h * 0.05, -d * 0.3), joint, rr, 10), DARK_METAL),
             Part(rod(joint, head, rr, 10), DARK_METAL),
             Part(sphere(rr * 1.8, joint, 1), DARK_METAL, True)]
    cone_r = min(w, d) * 0.4
    cone = trimesh.creation.cone(cone_r, h * 0.28, sections=20)
    # trimesh cones are Z-up (apex +Z): tip the apex up and back so the open side points down-forward
    cone.apply_transform(trimesh.transformations.rotation_matrix(-np.pi * 0.75, [1, 0, 0]))
    cone.apply_translation((0, head[1] + h * 0.05, head[2] + d * 0.12))
    parts.append(Part(cone, body))
    lo, hi = cone.bounds
    bulb = sphere(cone_r * 0.45, ((lo[0] + hi[0]) / 2, lo[1] + cone_r * 0.35, hi[2] - cone_r * 0.5), 1)
    return parts + [Part(bulb, WARM_LIGHT, True)]


# ------------------------------------------------------ painting, screen

@generator("painting")
def painting(p: GenParams) -> list[Part]:
    return _pick(p, (_painting_landscape, _painting_abstract, _painting_portrait))


def _canvas(p: GenParams, border: float, frame_mat, back: float) -> tuple[list[Part], float, float, float]:
    """Frame (or none when border == 0) and canvas. Returns parts, canvas width, height and its front z."""
    w, h, d = p.size
    parts = []
    if border > 0:
        parts = _parts(frame(w, h, d, border), frame_mat)
    cw, ch = w - 2 * border, h - 2 * border
    canvas_d = d * back
    parts.append(Part(slab(cw + 0.002, ch + 0.002, canvas_d, 0, border - 0.001, -d / 2 + canvas_d / 2), p.mat("fabric", "#9cc7e4")))
    return parts, cw, ch, -d / 2 + canvas_d


def _daub(x: float, y: float, z: float, w: float, h: float, color: str, round_: bool = False) -> Part:
    """A paint patch a millimetre proud of the canvas at z, centred at (x, y)."""
    if round_:
        patch = rod((x, y, z - 0.001), (x, y, z + 0.002), min(w, h) / 2, 20)
    else:
        patch = slab(w, h, 0.003, x, y - h / 2, z + 0.0005)
    return Part(patch, material("fabric", color))


def _painting_landscape(p: GenParams) -> list[Part]:
    w, h, d = p.size
    border = min(w, h) * 0.08
    parts, cw, ch, z = _canvas(p, border, material("metal", "#b8913a"), 0.6)
    cy = border + ch / 2
    parts += [_daub(0, border + ch * 0.2, z, cw, ch * 0.4, "#5f8f45"),
              _daub(-cw * 0.2, border + ch * 0.45, z + 0.001, cw * 0.5, ch * 0.14, "#7d8f9e"),
              _daub(cw * 0.2, border + ch * 0.42, z + 0.002, cw * 0.4, ch * 0.22, "#4d6f7f"),
              _daub(cw * 0.28, cy + ch * 0.25, z, cw * 0.16, ch * 0.2, "#f5d76e", True),
              _daub(-cw * 0.15, border + ch * 0.12, z + 0.003, cw * 0.5, ch * 0.06, "#3f6fa8")]
    return parts


def _painting_abstract(p: GenParams) -> list[Part]:
    w, h, d = p.size
    border = min(w, h) * 0.025
    parts, cw, ch, z = _canvas(p, border, BLACK, 0.8)
    rng = p.rng()
    colors = ("#d7263d", "#f46036", "#2e294e", "#1b998b", "#c5d86d", "#f2f2f2")
    for i in range(6):
        bw, bh = cw * rng.uniform(0.15, 0.45), ch * rng.uniform(0.15, 0.45)
        x = rng.uniform(-cw / 2 + bw / 2, cw / 2 - bw / 2)
        y = border + rng.uniform(bh / 2, ch - bh / 2)
        parts.append(_daub(x, y, z + 0.0005 * i, bw, bh, colors[i], i % 3 == 2))
    return parts


def _painting_portrait(p: GenParams) -> list[Part]:
    """Unframed gallery-wrap canvas with a figure: head, shoulders on a dark ground."""
    w, h, d = p.size
    parts, cw, ch, z = _canvas(p, 0.0, None, 1.0)
    parts += [_daub(0, ch * 0.5, z, cw * 0.9, ch * 0.9, "#2b2a33"),
              _daub(0, ch * 0.25, z + 0.001, cw * 0.45, ch * 0.3, "#7a3b2e"),
              _daub(0, ch * 0.58, z + 0.001, cw * 0.24, ch * 0.32, "#e0b48f", True),
              _daub(0, ch * 0.72, z + 0.002, cw * 0.24, ch * 0.08, "#3b2418")]
    return parts


@generator("screen")
def screen(p: GenParams) -> list[Part]:
    return _pick(p, (_screen_projector, _screen_whiteboard, _screen_blackboard))


def _screen_projector(p: GenParams) -> list[Part]:
    w, h, d = p.size
    case_r = min(d / 2, h * 0.05)
    surface = p.mat("fabric", "#f7f7f5")
    drop = h - 2 * case_r
    parts = [Part(rod((-w / 2, h - case_r, 0), (w / 2, h - case_r, 0), case_r, 16), WHITE),
             Part(slab(w * 0.94, drop, 0.004, 0, h - 2 * case_r - drop + 0.002, 0), surface),
             Part(slab(w * 0.94, drop * 0.08, 0.006, 0, h - 2 * case_r - drop * 0.08, 0.001), BLACK),  # top black drop
             Part(rod((-w * 0.47, drop * 0.012, 0), (w * 0.47, drop * 0.012, 0), min(0.012, case_r), 10), BLACK)]  # weight bar
    return parts + [Part(slab(0.004, drop * 0.06, 0.004, 0, 0, 0), BLACK)]  # pull cord


def _board(p: GenParams, surface, frame_mat, tray_items) -> list[Part]:
    w, h, d = p.size
    border = min(0.04, h * 0.04)
    tray_h = min(0.04, h * 0.04)
    parts = _parts(frame(w, h - tray_h, d * 0.6, border, 0, tray_h, -d * 0.2), frame_mat)
    parts.append(Part(slab(w - border, h - tray_h - border, d * 0.4, 0, tray_h + border / 2, -d * 0.25), surface))
    parts.append(Part(slab(w * 0.98, tray_h, d, 0, 0, 0), frame_mat))
    return parts + tray_items


def _screen_whiteboard(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tray = min(0.04, h * 0.04)
    pens = [Part(rod((w * x, tray + 0.008, d * 0.2), (w * x + 0.12, tray + 0.008, d * 0.2), 0.008, 8), material("plastic", c))
            for x, c in ((0.1, "#1f4fbf"), (0.2, "#c62828"), (-0.3, "#222222"))]
    return _board(p, p.mat("ceramic", "#fbfbfb"), material("metal", "#b9bcc0"), pens)


def _screen_blackboard(p: GenParams) -> list[Part]:
    w, h, d = p.size
    tray = min(0.04, h * 0.04)
    chalk = [Part(rod((w * x, tray + 0.006, d * 0.2), (w * x + 0.08, tray + 0.006, d * 0.2), 0.006, 8), material("stone", "#f5f5f0"))
             for x in (0.15, -0.2)]
    writing = [Part(slab(w * lw, 0.012, 0.002, w * x, h * y, -d * 0.05), material("stone", "#dfe6dc"))
               for x, y, lw in ((-0.2, 0.75, 0.35), (-0.25, 0.62, 0.25), (-0.1, 0.49, 0.55), (0.25, 0.3, 0.2))]
    return _board(p, p.mat("stone", "#2f4a3a"), DARK_WOOD, chalk + writing)


# ----------------------------------------------------------- plants

@generator("potted_plant")
def potted_plant(p: GenParams) -> list[Part]:
    return _pick(p, (_plant_ficus, _plant_snake, _plant_flowering))


def _pot(p: GenParams, height: float, r_top: float) -> list[Part]:
    """The pot (square when asked) with a soil surface just under its rim."""
    pot_mat = p.mat("ceramic", "#b5603c")
    if p.shape == "square":
        pot = _hull([(sx * r, y, sz * r) for r, y in ((r_top * 0.8, 0), (r_top, height)) for sx in (-1, 1) for sz in (-1, 1)])
    else:
        pot = lathe([(0, 0), (r_top * 0.72, 0), (r_top * 0.95, height * 0.85), (r_top, height * 0.86), (r_top, height), (0, height)], sections=20)
    return [Part(pot, pot_mat), Part(post(r_top * 0.92, 0.01, 0, height, 0, 20), SOIL)]


def _plant_ficus(p: GenParams) -> list[Part]:
    w, h, d = p.size
    pot_h, r = h * 0.28, min(w, d) * 0.3
    parts = _pot(p, pot_h, r)
    trunk = material("wood", "#7a5a3a")
    parts.append(Part(rod((0, pot_h, 0), (w * 0.03, h * 0.7, 0), min(0.02, r * 0.12), 8), trunk))
    rng = p.rng()  # jitter only inwards, so the crown still fills the asked size
    cr = min(w, d) * 0.26
    parts.append(Part(sphere(cr, (0, h - cr, 0), 1), LEAF_DARK))
    for i in range(6):
        a = i * np.pi / 3 + rng.uniform(-0.2, 0.2)
        c = (np.cos(a) * (w / 2 - cr), h - cr * rng.uniform(1.6, 2.1), np.sin(a) * (d / 2 - cr))
        parts.append(Part(sphere(cr, c, 1), LEAF if i % 2 else LEAF_DARK))
    return parts


def _plant_snake(p: GenParams) -> list[Part]:
    """Upright sword-shaped leaves fanning out of a tall pot."""
    w, h, d = p.size
    pot_h, r = h * 0.35, min(w, d) * 0.36
    parts = _pot(p, pot_h, r)
    rng = p.rng()
    for i in range(9):
        a = i * 2 * np.pi / 9
        rise = (h - pot_h) * (1.0 if i == 0 else rng.uniform(0.7, 1.0))
        reach = max(np.hypot(w / 2 * np.cos(a), d / 2 * np.sin(a)) - r * 0.4, 0.01)  # tips touch the asked footprint
        length, tilt = float(np.hypot(rise, reach)), float(np.arctan2(reach, rise))
        lw = min(w, d) * 0.1
        blade = _hull([(-lw / 2, 0, 0), (lw / 2, 0, 0), (-lw / 2, 0, 0.01), (lw / 2, 0, 0.01),
                       (0, length, 0.003), (-lw * 0.4, length * 0.6, 0.005), (lw * 0.4, length * 0.6, 0.005)])
        blade = rotated_x(blade, tilt)
        blade = rotated_y(blade, a + np.pi / 2).apply_translation((np.cos(a) * r * 0.4, pot_h, -np.sin(a) * r * 0.4))
        parts.append(Part(blade, LEAF if i % 2 else material("foliage", "#6f8f3a")))
    return parts


def _plant_flowering(p: GenParams) -> list[Part]:
    """A round bush of leaves dotted with flowers in a low wide bowl."""
    w, h, d = p.size
    pot_h, r = h * 0.3, min(w, d) * 0.42
    parts = _pot(p, pot_h, r)
    bush_r = min(w, d) * 0.5
    bush = sphere(1.0, (0, 0, 0), 2)
    bush.apply_scale([bush_r, (h - pot_h) / 2, bush_r])
    parts.append(Part(bush.apply_translation((0, pot_h + (h - pot_h) / 2 - 0.005, 0)), LEAF, True))
    rng = p.rng()
    petals = material("fabric", "#e85d8a")
    for _ in range(14):
        theta, phi = rng.uniform(0, 2 * np.pi), rng.uniform(0.1, 1.3)
        c = (np.cos(theta) * np.sin(phi) * bush_r * 0.93, pot_h + (h - pot_h) / 2 * (1 + 0.93 * np.cos(phi)),
             np.sin(theta) * np.sin(phi) * bush_r * 0.93)
        parts.append(Part(sphere(min(w, d) * 0.05, c, 1), petals))
    return parts


# ------------------------------------------------------- small things

@generator("book")
def book(p: GenParams) -> list[Part]:
    return _pick(p, (_book_hardcover, _book_paperback, _book_antique))


def _book_body(p: GenParams, board: float, inset: float, cover) -> list[Part]:
    """Standing book, front cover facing +Z, spine on the -X side; boards of thickness ``board``."""
    w, h, d = p.size
    pages_d = d - 2 * board
    return [Part(slab(w, h, board, 0, 0, d / 2 - board / 2), cover),
            Part(slab(w, h, board, 0, 0, -d / 2 + board / 2), cover),
            Part(slab(board * 1.5, h, d, -w / 2 + board * 0.75, 0, 0), cover),
            Part(slab(w - inset - board, h - 2 * inset, pages_d + 0.001, -inset / 2 + board / 2, inset, 0), PAPER)]


def _book_hardcover(p: GenParams) -> list[Part]:
    w, h, d = p.size
    cover = p.mat("fabric", "#8c2f39")
    board = min(0.004, d * 0.12)
    parts = _book_body(p, board, min(0.004, h * 0.02), cover)
    gold = material("metal", "#d4af37")
    return parts + [Part(slab(w * 0.6, h * 0.08, 0.001, 0, h * 0.7, d / 2 + 0.0005), gold),
                    Part(slab(w * 0.4, h * 0.02, 0.001, 0, h * 0.62, d / 2 + 0.0005), gold)]


def _book_paperback(p: GenParams) -> list[Part]:
    """Thin covers flush with the pages, a picture on the front."""
    w, h, d = p.size
    cover = p.mat("plastic", "#f2c14e")
    board = min(0.001, d * 0.05)
    parts = _book_body(p, board, 0.0005, cover)
    return parts + [Part(slab(w * 0.8, h * 0.45, 0.001, 0, h * 0.25, d / 2 + 0.0005), material("plastic", "#2e6f95")),
                    Part(slab(w * 0.7, h * 0.07, 0.001, 0, h * 0.8, d / 2 + 0.0005), BLACK)]


def _book_antique(p: GenParams) -> list[Part]:
    """Leather-bound with raised bands across a rounded spine."""
    w, h, d = p.size
    cover = p.mat("leather", "#5a3a22")
    board = min(0.005, d * 0.12)
    parts = _book_body(p, board, min(0.005, h * 0.025), cover)
    parts.append(Part(rod((-w / 2 + d * 0.2, 0, 0), (-w / 2 + d * 0.2, h, 0), d / 2, 12), cover))
    gold = material("metal", "#c9a24a")
    for y in (0.2, 0.4, 0.6, 0.8):
        parts.append(Part(rod((-w / 2 + d * 0.2, h * y - 0.003, 0), (-w / 2 + d * 0.2, h * y + 0.003, 0), d / 2 + 0.001, 12), gold))
    return parts + [Part(slab(w * 0.5, h * 0.5, 0.001, w * 0.05, h * 0.25, d / 2 + 0.0005), material("leather", "#7a4e2d"))]


@generator("cup")
def cup(p: GenParams) -> list[Part]:
    return _pick(p, (_cup_mug, _cup_teacup, _cup_glass))


def _handle(x0: float, y0: float, y1: float, reach: float, r: float) -> list[trimesh.Trimesh]:
    """A C-shaped handle on the +X side from height y0 to y1, sticking out ``reach`` from x0."""
    a = (x0 - r, y0, 0)
    b = (x0 + reach - r, y0 + (y1 - y0) * 0.15, 0)
    c = (x0 + reach - r, y1 - (y1 - y0) * 0.15, 0)
    e = (x0 - r, y1, 0)
    return [rod(a, b, r, 8), rod(b, c, r, 8), rod(c, e, r, 8)] + [sphere(r, q, 1) for q in (b, c)]


def _cup_mug(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(0.38 * w, 0.45 * d)
    body = p.mat("ceramic", "#e9e4da")
    wall = min(0.005, r * 0.12)
    mug = [(0, 0), (r, 0), (r, h), (r - wall, h), (r - wall, wall * 2), (0, wall * 2)]
    parts = [Part(lathe(mug, sections=20), body)]
    parts.append(Part(post(r - wall, 0.002, 0, h * 0.8, 0, 20), material("plastic", "#3b1f10")))
    return parts + _parts(_handle(r, h * 0.2, h * 0.8, w - 2 * r, min(0.006, h * 0.06)), body)


def _cup_teacup(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("ceramic", "#ffffff")
    sr = min(w, d) / 2
    saucer = [(0, 0), (sr * 0.5, 0), (sr, h * 0.1), (sr * 0.95, h * 0.12), (sr * 0.45, h * 0.05), (0, h * 0.05)]
    r, ch = sr * 0.62, h * 0.9
    cup_profile = [(0, 0), (r * 0.55, 0), (r * 0.9, ch * 0.5), (r, ch), (r * 0.92, ch), (r * 0.82, ch * 0.5), (r * 0.45, ch * 0.1), (0, ch * 0.1)]
    gold = material("metal", "#d4af37")
    parts = [Part(lathe(saucer, sections=24), body, True),
             Part(lathe(cup_profile, 0, h * 0.05, 0, 24), body, True),
             Part(post(r * 0.9, 0.002, 0, h * 0.05 + ch * 0.75, 0, 20), material("water", "#a0522d")),
             Part(lathe([(r * 0.99, 0), (r * 1.02, 0), (r * 1.02, 0.003), (r * 0.99, 0.003), (r * 0.99, 0)], 0, h * 0.05 + ch - 0.004, 0, 24), gold)]
    handle = _handle(r * 0.95, h * 0.05 + ch * 0.35, h * 0.05 + ch * 0.9, r * 0.5, min(0.004, h * 0.04))
    return parts + _parts(handle, body)


def _cup_glass(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    glass = p.mat("glass", "#e6f2f7")
    wall = min(0.003, r * 0.08)
    tumbler = [(0, 0), (r * 0.8, 0), (r, h), (r - wall, h), (r * 0.8 - wall, wall * 3), (0, wall * 3)]
    return [Part(lathe(tumbler, sections=20), glass),
            Part(frustum(r * 0.8 - wall * 1.5, r * 0.8 + (r * 0.2) * 0.6 - wall * 1.5, h * 0.6, 0, wall * 3, 0, 20), material("water", "#f0a040"))]


@generator("vase")
def vase(p: GenParams) -> list[Part]:
    return _pick(p, (_vase_bulb, _vase_flowers, _vase_amphora))


def _vase_bulb(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    body = p.mat("ceramic", "#3a7ca5")
    profile = [(0, 0), (r * 0.55, 0), (r * 0.95, h * 0.25), (r, h * 0.4), (r * 0.7, h * 0.65), (r * 0.32, h * 0.8),
               (r * 0.35, h * 0.97), (r * 0.45, h), (r * 0.3, h), (r * 0.25, h * 0.8), (0, h * 0.8)]
    return [Part(lathe(profile, sections=24), body, True)]


def _vase_flowers(p: GenParams) -> list[Part]:
    """A slim cylinder vase holding stems with blooms; the blooms reach the top of the size."""
    w, h, d = p.size
    r = min(w, d) * 0.3
    vh = h * 0.55
    body = p.mat("glass", "#cfe8e0")
    parts = [Part(lathe([(0, 0), (r, 0), (r, vh), (r * 0.9, vh), (r * 0.9, 0.006), (0, 0.006)], sections=20), body),
             Part(post(r * 0.88, vh * 0.6, 0, 0.006, 0, 20), material("water", "#bfe3f0"))]
    stem = material("foliage", "#4d7c2f")
    blooms = ("#e63946", "#f4a261", "#ffd166", "#e76f9b", "#f1faee")
    spread = min(w, d) / 2
    for i in range(5):
        a = i * 2 * np.pi / 5
        tip = (np.cos(a) * (w / 2 - spread * 0.3), h - spread * 0.3 - (i % 2) * h * 0.08, np.sin(a) * (d / 2 - spread * 0.3))
        parts.append(Part(rod((0, vh * 0.3, 0), tip, min(0.004, r * 0.08), 6), stem))
        parts.append(Part(sphere(spread * 0.3, tip, 1), material("fabric", blooms[i])))
    return parts


def _vase_amphora(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) * 0.43
    body = p.mat("ceramic", "#b5651d")
    profile = [(0, 0), (r * 0.45, 0), (r * 0.35, h * 0.08), (r, h * 0.55), (r * 0.6, h * 0.8), (r * 0.45, h * 0.85),
               (r * 0.5, h * 0.97), (r * 0.65, h), (r * 0.4, h), (r * 0.3, h * 0.85), (0, h * 0.85)]
    parts = [Part(lathe(profile, sections=24), body, True)]
    for sx in (-1, 1):  # two handles from neck to shoulder reach the full width
        parts += _parts([rod((sx * r * 0.5, h * 0.9, 0), (sx * w / 2 * 0.92, h * 0.85, 0), min(0.008, r * 0.1), 8),
                         rod((sx * w / 2 * 0.92, h * 0.85, 0), (sx * r * 0.85, h * 0.62, 0), min(0.008, r * 0.1), 8)], body)
    band = material("stone", "#1e1e1e")
    return parts + [Part(lathe([(r * 0.9, 0), (r * 0.97, 0), (r * 0.97, h * 0.05), (r * 0.9, h * 0.05), (r * 0.9, 0)],
                               0, h * 0.42, 0, 24), band)]


# ---------------------------------------------------------- containers

@generator("crate")
def crate(p: GenParams) -> list[Part]:
    return _pick(p, (_crate_slatted, _crate_plastic, _crate_shipping))


def _slats_around(w: float, h: float, d: float, n: int, t: float, mat) -> list[Part]:
    """n horizontal boards of thickness t on each of the four sides of a w x h x d box, gaps between."""
    pitch = h / n
    bh = pitch * 0.75
    parts = []
    for i in range(n):
        y = i * pitch + (pitch - bh) / 2
        parts += _parts([slab(w, bh, t, 0, y, d / 2 - t / 2), slab(w, bh, t, 0, y, -d / 2 + t / 2),
                         slab(t, bh, d, w / 2 - t / 2, y, 0), slab(t, bh, d, -w / 2 + t / 2, y, 0)], mat)
    return parts


def _crate_slatted(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#c89a63")
    t, post_w = min(0.018, w * 0.04), min(0.045, w * 0.08)
    parts = _slats_around(w - 2 * t, h, d - 2 * t, 4, t, wood)
    parts += _parts([slab(post_w, h, post_w, sx * (w / 2 - post_w / 2), 0, sz * (d / 2 - post_w / 2)) for sx in (-1, 1) for sz in (-1, 1)],
                    material("wood", "#a87a48"))
    parts.append(Part(slab(w - 2 * t, t, d - 2 * t, 0, 0.002, 0), DARK_WOOD))  # floor seen through the open top
    return parts + [Part(slab(w - 4 * t, h * 0.98, d - 4 * t, 0, 0.002, 0), material("wood", "#3a2a1c"))]  # shadowed inside


def _crate_plastic(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#2f6db5")
    wall = min(0.012, w * 0.03)
    parts = _parts(open_box(w, h, d, wall), body)
    hole = material("plastic", "#10213a")
    for sx in (-1, 1):  # hand holes near the top of the short sides
        parts.append(Part(slab(0.004, h * 0.12, d * 0.35, sx * (w / 2 + 0.001), h * 0.72, 0), hole))
    for x in np.linspace(-w * 0.35, w * 0.35, 5):  # vent slots on the long sides
        for sz in (-1, 1):
            parts.append(Part(slab(w * 0.06, h * 0.4, 0.004, x, h * 0.15, sz * (d / 2 + 0.001)), hole))
    return parts


def _crate_shipping(p: GenParams) -> list[Part]:
    """Closed plank box with cross braces on the front and back faces."""
    w, h, d = p.size
    wood = p.mat("wood", "#d2b07a")
    brace = material("wood", "#9c7444")
    bt = min(0.02, d * 0.05)
    bw = min(0.06, h * 0.15)
    parts = [Part(slab(w - 2 * bt, h, d - 2 * bt, 0, 0, 0), wood)]
    parts += [Part(slab(w - 2 * bt, 0.003, 0.001, 0, h * y, d / 2 - bt + 0.0005), DARK_WOOD) for y in (0.25, 0.5, 0.75)]
    diag = float(np.hypot(w - 2 * bw - 2 * bt, h - 2 * bw))
    angle = float(np.arctan2(h - 2 * bw, w - 2 * bw - 2 * bt))
    for sz in (-1, 1):
        z = sz * (d / 2 - bt / 2)
        parts += _parts(frame(w, h, bt, bw, 0, 0, z), brace)
        cross = rotated_z(slab(diag, bw, bt, 0, -bw / 2, 0), angle).apply_translation((0, h / 2, z))
        parts.append(Part(cross, brace))
    return parts


@generator("barrel")
def barrel(p: GenParams) -> list[Part]:
    return _pick(p, (_barrel_wooden, _barrel_oil_drum, _barrel_plastic))


def _barrel_wooden(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    wood = p.mat("wood", "#9c6a3c")
    ys = np.linspace(0, h, 9)
    bulge = [r * (0.84 + 0.16 * np.sin(np.pi * y / h)) for y in ys]
    stave_profile = [(0, 0)] + [(b * 0.985, y) for b, y in zip(bulge, ys, strict=True)] + [(0, h)]
    parts = [Part(lathe(stave_profile, sections=24), wood)]
    for b, y in ((bulge[1], ys[1]), (bulge[3], ys[3] - h * 0.02), (bulge[5], ys[5] + h * 0.0), (bulge[7], ys[7])):
        hoop = [(b * 0.96, y - h * 0.02), (b * 1.0 + 0.002, y - h * 0.02), (b * 1.0 + 0.002, y + h * 0.02), (b * 0.96, y + h * 0.02), (b * 0.96, y - h * 0.02)]
        parts.append(Part(lathe(hoop, sections=24), DARK_METAL))
    for i in range(12):  # stave seams
        a = i * 2 * np.pi / 12
        mid = bulge[4] * 0.995
        parts.append(Part(rod((np.cos(a) * r * 0.84, 0.001, np.sin(a) * r * 0.84), (np.cos(a) * mid, h / 2, np.sin(a) * mid), 0.002, 4), DARK_WOOD))
        parts.append(Part(rod((np.cos(a) * mid, h / 2, np.sin(a) * mid), (np.cos(a) * r * 0.84, h - 0.001, np.sin(a) * r * 0.84), 0.002, 4), DARK_WOOD))
    return parts


def _barrel_oil_drum(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    body = p.mat("metal", "#2b5d9c")
    rim = min(0.012, h * 0.015)
    parts = [Part(post(r * 0.97, h - 2 * rim, 0, rim, 0, 32), body)]
    for y in (0.0, h - rim * 2):
        parts.append(Part(post(r, rim * 2, 0, y, 0, 32), body))
    for y in (h / 3, 2 * h / 3):
        parts.append(Part(post(r, rim * 1.5, 0, y - rim * 0.75, 0, 32), body))
    return parts + [Part(post(r * 0.08, 0.006, r * 0.55, h, 0, 12), DARK_METAL), Part(post(r * 0.05, 0.006, -r * 0.55, h, 0, 12), DARK_METAL),
                    Part(slab(r * 0.8, h * 0.18, 0.002, 0, h * 0.42, r * 0.97 - 0.0), WHITE)]


def _barrel_plastic(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    body = p.mat("plastic", "#1f78b4")
    profile = [(0, 0), (r * 0.9, 0), (r, h * 0.06), (r, h * 0.94), (r * 0.9, h), (0, h)]
    parts = [Part(lathe(profile, sections=28), body, True)]
    for y in (0.3, 0.5, 0.7):
        parts.append(Part(lathe([(r * 0.95, h * y - 0.01), (r * 1.0, h * y - 0.01), (r * 1.0, h * y + 0.01), (r * 0.95, h * y + 0.01), (r * 0.95, h * y - 0.01)], sections=28), body))
    return parts + [Part(post(r * 0.12, 0.012, r * 0.5, h - 0.002, 0, 12), WHITE), Part(post(r * 0.08, 0.012, -r * 0.5, h - 0.002, 0, 12), WHITE)]


@generator("toy_box")
def toy_box(p: GenParams) -> list[Part]:
    return _pick(p, (_toy_box_chest, _toy_box_plastic, _toy_box_open))


def _letter_blocks(w: float, y: float, z: float, size: float) -> list[Part]:
    colors = ("#e63946", "#f4a261", "#2a9d8f", "#457b9d")
    return [Part(slab(size, size, 0.004, -w * 0.3 + i * w * 0.2, y, z), material("plastic", c)) for i, c in enumerate(colors)]


def _toy_box_chest(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#f2e2c4")
    lid_h = h * 0.14
    parts = [Part(slab(w * 0.97, h - lid_h, d * 0.96, 0, 0, 0), body),
             Part(slab(w, lid_h, d, 0, h - lid_h, 0), material("wood", "#5fa8d3"))]
    parts += _letter_blocks(w, h * 0.3, d * 0.48 + 0.002, min(w, h) * 0.16)
    return parts + _parts([slab(w * 0.015, h * 0.06, d * 0.3, sx * (w / 2 - w * 0.0075), h * 0.6, 0) for sx in (-1, 1)], BLACK)  # side grips


def _toy_box_plastic(p: GenParams) -> list[Part]:
    """Rounded plastic tub with a lid and grip handles on the ends."""
    w, h, d = p.size
    body = p.mat("plastic", "#ff8c42")
    lid = material("plastic", "#ffd23f")
    hw = min(0.025, w * 0.04)
    cw = w - 2 * hw
    rc = min(cw, d) * 0.15
    corners = [(sx * (cw / 2 - rc), sz * (d / 2 - rc)) for sx in (-1, 1) for sz in (-1, 1)]
    def rounded(y0: float, y1: float, inset: float) -> trimesh.Trimesh:
        pts = [(cx + (rc - inset) * np.cos(a), y, cz + (rc - inset) * np.sin(a))
               for cx, cz in corners for a in np.linspace(0, 2 * np.pi, 12, endpoint=False) for y in (y0, y1)]
        return _hull(pts)
    parts = [Part(rounded(0, h * 0.88, rc * 0.2), body), Part(rounded(h * 0.86, h, 0), lid)]
    for sx in (-1, 1):
        parts.append(Part(slab(hw, h * 0.08, d * 0.4, sx * (w / 2 - hw / 2), h * 0.7, 0), lid))
    return parts


def _toy_box_open(p: GenParams) -> list[Part]:
    """Open painted box with toys poking out over the rim."""
    w, h, d = p.size
    body = p.mat("wood", "#e76f51")
    bh = h * 0.75
    parts = _parts(open_box(w, bh, d, min(0.018, w * 0.04)), body)
    parts.append(Part(slab(w * 0.9, bh * 0.8, d * 0.85, 0, 0.01, 0), material("plastic", "#6d597a")))  # the toy pile
    ball_r = h - bh
    parts.append(Part(sphere(ball_r, (w * 0.2, bh * 0.8 + ball_r * 0.9, 0), 2), material("plastic", "#e63946"), True))
    for i, c in enumerate(("#2a9d8f", "#f4a261", "#457b9d")):
        cube = rotated_y(slab(ball_r * 0.9, ball_r * 0.9, ball_r * 0.9, 0, 0, 0), 0.4 * i)
        parts.append(Part(cube.apply_translation((-w * 0.25 + i * w * 0.12, bh * 0.8, d * 0.1 - i * d * 0.1)), material("plastic", c)))
    bear = material("fabric", "#a0704a")
    parts += [Part(sphere(ball_r * 0.6, (-w * 0.32, h - ball_r * 0.6, -d * 0.2), 1), bear, True),
              Part(sphere(ball_r * 0.25, (-w * 0.32 - ball_r * 0.45, h - ball_r * 0.2, -d * 0.2), 1), bear, True),
              Part(sphere(ball_r * 0.25, (-w * 0.32 + ball_r * 0.45, h - ball_r * 0.2, -d * 0.2), 1), bear, True)]
    return parts


@generator("paint_can")
def paint_can(p: GenParams) -> list[Part]:
    return _pick(p, (_paint_can_closed, _paint_can_open, _paint_bucket))


def _wire_handle(r: float, y: float, rise: float, wire: float) -> list[trimesh.Trimesh]:
    """A bail handle across the top in the XY plane, ears at +-r, apex ``rise`` above y."""
    pts = [(r * np.cos(a), y + rise * np.sin(a), 0) for a in np.linspace(0, np.pi, 7)]
    return [rod(a, b, wire, 6) for a, b in zip(pts[:-1], pts[1:], strict=True)]


def _paint_can_closed(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2 * 0.96
    ch = h * 0.85
    tin = material("metal", "#c9ccd0")
    parts = [Part(post(r, ch, 0, 0, 0, 24), tin), Part(post(r * 1.02, 0.006, 0, ch - 0.006, 0, 24), tin),
             Part(post(r * 1.005, ch * 0.6, 0, ch * 0.18, 0, 24), p.mat("plastic", "#d62828"))]  # label in the paint colour
    return parts + _parts(_wire_handle(r, ch * 0.85, h - ch * 0.85, min(0.002, r * 0.03)), DARK_METAL)


def _paint_can_open(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2 * 0.9
    paint = p.mat("plastic", "#2a9d8f")
    tin = material("metal", "#c9ccd0")
    wall = min(0.003, r * 0.05)
    parts = [Part(lathe([(0, 0), (r, 0), (r, h), (r - wall, h), (r - wall, wall), (0, wall)], sections=24), tin),
             Part(post(r - wall, 0.004, 0, h * 0.85, 0, 24), paint),
             Part(capsule(min(0.006, r * 0.1), h * 0.35, (r + 0.002, h * 0.8, 0), 8), paint, True),  # drip down the side
             Part(post(r * 1.003, h * 0.5, 0, h * 0.2, 0, 24), material("plastic", "#f1faee"))]
    lid = post(r * 1.02, 0.004, 0, 0, 0, 24)
    lid = rotated_z(lid, 1.2).apply_translation((r + w * 0.05, 0.0, 0))
    parts.append(Part(lid.apply_translation((0, -lid.bounds[0][1], 0)), tin))
    return parts


def _paint_bucket(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    bucket = p.mat("plastic", "#f4f4f2")
    bh = h * 0.9
    parts = [Part(frustum(r * 0.85, r * 0.99, bh * 0.96, 0, 0, 0, 24), bucket),
             Part(post(r, bh * 0.05, 0, bh * 0.95, 0, 24), material("plastic", "#e76f51")),  # lid
             Part(post(r * 1.005, bh * 0.05, 0, bh * 0.75, 0, 24), bucket)]
    return parts + _parts(_wire_handle(r * 0.95, bh * 0.8, h - bh * 0.8, min(0.003, r * 0.04)), BLACK)


@generator("trash_can")
def trash_can(p: GenParams) -> list[Part]:
    if p.shape == "round":
        return _trash_pedal(p)
    if p.shape == "square":
        return _trash_swing(p)
    return _pick(p, (_trash_pedal, _trash_swing, _trash_wheelie))


def _trash_pedal(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2 * 0.92
    body = p.mat("metal", "#b0b4b8")
    lid_h = h * 0.06
    parts = [Part(post(r, h - lid_h, 0, 0, 0, 32), body),
             Part(lathe([(0, 0), (r * 1.02, 0), (r * 1.02, lid_h * 0.5), (r * 0.7, lid_h), (0, lid_h)], 0, h - lid_h, 0, 32), body, True),
             Part(post(r * 1.01, h * 0.05, 0, 0, 0, 32), BLACK)]
    return parts + [Part(slab(r * 0.5, h * 0.025, d / 2 - r + 0.02 + r * 0.1, 0, h * 0.02, r + (d / 2 - r) / 2 - r * 0.05), BLACK)]


def _trash_swing(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#3a7d44")
    lid_h = h * 0.14
    parts = [Part(_hull([(sx * x, y, sz * z) for x, z, y in ((w * 0.44, d * 0.44, 0), (w / 2, d / 2, h - lid_h))
                         for sx in (-1, 1) for sz in (-1, 1)]), body),
             Part(slab(w, lid_h, d, 0, h - lid_h, 0), body),
             Part(slab(w * 0.6, lid_h * 0.6, 0.006, 0, h - lid_h * 0.8, d / 2), BLACK)]  # swing flap
    return parts


def _trash_wheelie(p: GenParams) -> list[Part]:
    """Wheelie bin: tapered body, overhanging lid with the hinge at the back, two wheels and a handle bar."""
    w, h, d = p.size
    body = p.mat("plastic", "#2b2d42")
    wheel_r = min(h * 0.1, d * 0.22)
    lid_h = h * 0.05
    top = h - lid_h
    hull = _hull([(sx * x, y, z) for sx in (-1, 1) for x, y, z in
                  ((w * 0.4, 0.02 * h, d * 0.38), (w * 0.4, 0.02 * h, -d * 0.28), (w * 0.48, top, d * 0.42), (w * 0.48, top, -d * 0.42))])
    parts = [Part(hull, body), Part(slab(w, lid_h, d * 0.98, 0, top, d * 0.01), material("plastic", "#4a7c59"))]
    parts += [Part(rod((sx * w * 0.42, wheel_r, -d / 2 + wheel_r), (sx * w / 2, wheel_r, -d / 2 + wheel_r), wheel_r, 16), BLACK)
              for sx in (-1, 1)]
    return parts + [Part(rod((-w * 0.4, top - h * 0.04, -d / 2 + 0.015), (w * 0.4, top - h * 0.04, -d / 2 + 0.015), 0.015, 8), BLACK)]


# ------------------------------------------------------------ toys, art

@generator("ball")
def ball(p: GenParams) -> list[Part]:
    return _pick(p, (_ball_soccer, _ball_basket, _ball_beach))


def _ball_centre(p: GenParams) -> tuple[float, float]:
    r = min(p.size) / 2
    return r, r


def _ball_soccer(p: GenParams) -> list[Part]:
    r, cy = _ball_centre(p)
    parts = [Part(sphere(r, (0, cy, 0), 2), p.mat("plastic", "#f7f7f7"), True)]
    patches = trimesh.creation.icosahedron().vertices  # 12 pentagon centres
    black = material("plastic", "#151515")
    for v in patches:
        v = v / np.linalg.norm(v)
        parts.append(Part(sphere(r * 0.3, v * r * 0.74 + (0, cy, 0), 1), black, True))
    return parts


def _seam(r: float, cy: float, axis: str) -> trimesh.Trimesh:
    """A thin dark band around the ball: a disc just wider than the ball, cut edge-on."""
    t = r * 0.04
    if axis == "y":
        return post(r * 1.006, t, 0, cy - t / 2, 0, 32)
    a, b = ((-t / 2, cy, 0), (t / 2, cy, 0)) if axis == "x" else ((0, cy, -t / 2), (0, cy, t / 2))
    return rod(a, b, r * 1.006, 32)


def _ball_basket(p: GenParams) -> list[Part]:
    r, cy = _ball_centre(p)
    parts = [Part(sphere(r, (0, cy, 0), 2), p.mat("leather", "#d9692b"), True)]
    seams = [_seam(r, cy, a) for a in ("x", "y", "z")]
    return parts + _parts(seams, material("plastic", "#1b1b1b"))


def _ball_beach(p: GenParams) -> list[Part]:
    """Six coloured lunes meeting at white pole caps; each lune is a convex wedge of the sphere."""
    r, cy = _ball_centre(p)
    unit = sphere(r, (0, 0, 0), 3).vertices
    colors = ("#e63946", "#ffffff", "#ffd166", "#ffffff", "#1d7fd6", "#ffffff")
    colors = (p.color or colors[0], *colors[1:])
    parts = []
    for i, color in enumerate(colors):
        a0, a1 = i * np.pi / 3, (i + 1) * np.pi / 3
        ang = np.mod(np.arctan2(unit[:, 2], unit[:, 0]), 2 * np.pi)
        inside = unit[(ang >= a0 - 1e-6) & (ang <= a1 + 1e-6)]
        edges = [(r * np.cos(a) * np.sin(t), r * np.cos(t), r * np.sin(a) * np.sin(t)) for a in (a0, a1) for t in np.linspace(0, np.pi, 17)]
        wedge = _hull(np.vstack([inside, edges, [(0, r, 0), (0, -r, 0)]])).apply_translation((0, cy, 0))
        parts.append(Part(wedge, material(p.material or "plastic", color)))
    for sy in (-1, 1):
        parts.append(Part(sphere(r * 0.22, (0, cy + sy * r * 0.9, 0), 1), WHITE, True))
    return parts


@generator("sculpture")
def sculpture(p: GenParams) -> list[Part]:
    return _pick(p, (_sculpture_bust, _sculpture_abstract, _sculpture_figure))


def _plinth(p: GenParams, height: float) -> list[Part]:
    w, _, d = p.size
    stone = material("stone", "#8d8a85")
    return [Part(slab(w, height * 0.1, d, 0, 0, 0), stone), Part(slab(w * 0.8, height * 0.8, d * 0.8, 0, height * 0.1, 0), stone),
            Part(slab(w * 0.9, height * 0.1, d * 0.9, 0, height * 0.9, 0), stone)]


def _sculpture_bust(p: GenParams) -> list[Part]:
    w, h, d = p.size
    marble = p.mat("stone", "#eeeae2")
    base = h * 0.5
    bh = h - base
    parts = _plinth(p, base)
    chest = sphere(1.0, (0, 0, 0), 2)
    chest.apply_scale([w * 0.32, bh * 0.3, d * 0.18])
    parts.append(Part(chest.apply_translation((0, base + bh * 0.22, 0)), marble, True))
    parts.append(Part(frustum(min(w, d) * 0.2, min(w, d) * 0.12, bh * 0.08, 0, base, 0, 20), marble))  # socle
    parts.append(Part(post(bh * 0.08, bh * 0.2, 0, base + bh * 0.42, 0, 16), marble))
    hy, hz = bh * 0.22, bh * 0.18
    head = sphere(1.0, (0, 0, 0), 2)
    head.apply_scale([bh * 0.16, hy, hz])
    parts.append(Part(head.apply_translation((0, h - hy, 0)), marble, True))
    nose_y = h - hy * 1.05
    parts.append(Part(_hull([(0, nose_y, hz * 1.12), (0, nose_y + hy * 0.35, hz * 0.95), (-hz * 0.12, nose_y, hz * 0.85),
                             (hz * 0.12, nose_y, hz * 0.85), (0, nose_y + hy * 0.35, hz * 0.8)]), marble))
    return parts


def _sculpture_abstract(p: GenParams) -> list[Part]:
    """A twisted stack of blocks under a ring, in polished metal on a low plinth."""
    w, h, d = p.size
    metal = p.mat("metal", "#c27c4a")
    base = h * 0.12
    parts = _plinth(p, base)
    n = 6
    seg = (h - base) * 0.6 / n
    for i in range(n):
        s = min(w, d) * (0.55 - 0.05 * i)
        block = rotated_y(slab(s, seg, s, 0, 0, 0), i * np.pi / 10)
        parts.append(Part(block.apply_translation((0, base + i * seg, 0)), metal))
    ring_r = (h - base) * 0.2
    ring = lathe([(ring_r * 0.75, -ring_r * 0.12), (ring_r, -ring_r * 0.12), (ring_r, ring_r * 0.12), (ring_r * 0.75, ring_r * 0.12),
                  (ring_r * 0.75, -ring_r * 0.12)], sections=28)
    ring = rotated_x(ring, np.pi / 2).apply_translation((0, h - ring_r, 0))
    return parts + [Part(ring, metal)]


def _sculpture_figure(p: GenParams) -> list[Part]:
    """A standing figure on a round base: legs, torso, arms, head."""
    w, h, d = p.size
    bronze = p.mat("metal", "#8c6239")
    base = h * 0.08
    parts = [Part(post(min(w, d) / 2, base, 0, 0, 0, 32), material("stone", "#7d7a75"))]
    fh = h - base
    lr, ar = fh * 0.045, fh * 0.035
    hip, shoulder = base + fh * 0.47, base + fh * 0.8
    for sx in (-1, 1):
        parts.append(Part(rod((sx * fh * 0.06, base, sx * fh * 0.04), (sx * fh * 0.05, hip, 0), lr, 10), bronze))
        hand = (sx * w * 0.42, shoulder - fh * 0.32, fh * 0.05 * sx)
        parts.append(Part(rod((sx * fh * 0.12, shoulder, 0), hand, ar, 10), bronze))
        parts.append(Part(sphere(ar * 1.2, hand, 1), bronze, True))
    parts.append(Part(capsule(fh * 0.11, shoulder - hip + fh * 0.12, (0, (hip + shoulder) / 2, 0), 12), bronze, True))
    parts.append(Part(post(fh * 0.03, fh * 0.06, 0, shoulder, 0, 10), bronze))
    return parts + [Part(sphere(fh * 0.07, (0, h - fh * 0.07, 0), 2), bronze, True)]


@generator("easel")
def easel(p: GenParams) -> list[Part]:
    return _pick(p, (_easel_a_frame, _easel_studio, _easel_display))


def _easel_canvas(w: float, y0: float, height: float, z: float, tilt: float) -> list[Part]:
    cw = w * 0.7
    canvas = [Part(slab(cw, height, 0.02, 0, 0, 0), PAPER),
              Part(slab(cw * 0.7, height * 0.4, 0.004, -cw * 0.05, height * 0.15, 0.011), material("fabric", "#6a994e")),
              Part(rod((cw * 0.15, height * 0.7, 0.01), (cw * 0.15, height * 0.7, 0.014), height * 0.1, 16), material("fabric", "#f2a541"))]
    for part in canvas:
        rotated_x(part.mesh, -tilt).apply_translation((0, y0, z))
    return canvas


def _easel_a_frame(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#c19a6b")
    r = min(0.018, w * 0.03)
    top = (0, h - r, 0.0)
    foot_z = d / 2 - r
    parts = [Part(rod((-w / 2 + r, 0, foot_z * 0.75), top, r, 8), wood), Part(rod((w / 2 - r, 0, foot_z * 0.75), top, r, 8), wood),
             Part(rod((0, 0, -foot_z), (0, h * 0.92, -0.01), r, 8), wood)]
    tray_y, front_z = h * 0.38, foot_z * 0.75 * (1 - 0.38) + 0.03
    parts.append(Part(slab(w * 0.8, 0.025, 0.06, 0, tray_y, front_z), wood))
    return parts + _easel_canvas(w, tray_y + 0.025, h * 0.4, front_z + 0.01, 0.12)


def _easel_studio(p: GenParams) -> list[Part]:
    """H-frame studio easel: two uprights on a footed base, a blank board clamped between tray and top bar."""
    w, h, d = p.size
    wood = p.mat("wood", "#7b5233")
    post_w = min(0.05, w * 0.07)
    parts = [Part(slab(w, post_w, post_w * 1.5, 0, 0, sz * d * 0.4), wood) for sz in (-1, 1)]
    parts += [Part(slab(post_w * 1.5, post_w, d, sx * w * 0.3, 0, 0), wood) for sx in (-1, 1)]
    parts += [Part(slab(post_w, h - post_w, post_w, sx * w * 0.3, post_w, 0), wood) for sx in (-1, 1)]
    parts.append(Part(slab(w * 0.75, post_w, post_w, 0, h - post_w, 0), wood))
    parts.append(Part(slab(w * 0.75, post_w, post_w * 2.5, 0, h * 0.35, post_w), wood))
    parts.append(Part(slab(w * 0.75, post_w, post_w, 0, h * 0.6 + post_w, post_w), wood))  # clamp
    return parts + [Part(slab(w * 0.7, h * 0.6 - h * 0.35, 0.02, 0, h * 0.35 + post_w, post_w), material("wood", "#efe8dc"))]


def _easel_display(p: GenParams) -> list[Part]:
    """Slim black metal tripod holding a framed poster."""
    w, h, d = p.size
    r = min(0.008, w * 0.015)
    top = (0, h * 0.97, 0.0)
    foot_z = d / 2 - r
    parts = _parts([rod((-w / 2 + r, 0, foot_z * 0.75), top, r, 8), rod((w / 2 - r, 0, foot_z * 0.75), top, r, 8),
                    rod((0, 0, -foot_z), (0, h * 0.85, -0.01), r, 8)], BLACK)
    ledge_y = h * 0.45
    front_z = foot_z * 0.75 * (1 - 0.45) + 0.02
    parts.append(Part(slab(w * 0.75, 0.02, 0.05, 0, ledge_y, front_z), BLACK))
    poster_h = h * 0.5
    board = [Part(slab(w * 0.72, poster_h, 0.015, 0, 0, 0), material("wood", "#222222")),
             Part(slab(w * 0.64, poster_h * 0.9, 0.004, 0, poster_h * 0.05, 0.009), p.mat("fabric", "#e9c46a")),
             Part(slab(w * 0.5, poster_h * 0.12, 0.004, 0, poster_h * 0.7, 0.012), material("fabric", "#264653"))]
    for part in board:
        rotated_x(part.mesh, -0.15).apply_translation((0, ledge_y + 0.02, front_z + 0.005))
    return parts + board


# ------------------------------------------------------------- outdoors

@generator("surfboard")
def surfboard(p: GenParams) -> list[Part]:
    return _pick(p, (_surf_longboard, _surf_shortboard, _surf_fish))


def _outline(w: float, length: float, nose: float, tail: float, n: int = 24) -> np.ndarray:
    """(n, 2) half-width x along z of a board, nose at +length/2; ``nose``/``tail`` are the exponents of the taper."""
    z = np.linspace(-length / 2, length / 2, n)
    u = (z + length / 2) / length
    front = np.clip(1 - ((u - 0.45) / 0.55) ** 2, 0, 1) ** (1 / nose)
    back = np.clip(1 - ((0.45 - u) / 0.45) ** 2, 0, 1) ** (1 / tail)
    half = np.where(u > 0.45, front, back)
    return np.c_[np.maximum(half * w / 2, 0.004), z]


def _board_hull(outline: np.ndarray, y0: float, t: float, side: int = 0) -> trimesh.Trimesh:
    """A lens-section board from an outline; side -1/+1 keeps only that half (x <= 0 or x >= 0)."""
    pts = []
    for hw, z in outline:
        xs = {0: (-hw, hw), -1: (-hw, 0.0), 1: (0.0, hw)}[side]
        for x in xs:
            edge = abs(x) > 1e-9
            pts += [(x * (0.92 if edge else 1), y0 + (t * 0.15 if edge else 0), z), (x * (0.85 if edge else 1), y0 + (t * 0.85 if edge else t), z)]
    return _hull(pts)


def _fins(p: GenParams, xs, fin_h: float, length: float) -> list[Part]:
    fin = material("plastic", "#2b2b2b")
    parts = []
    for x in xs:
        z0 = -length / 2 + length * 0.05
        parts.append(Part(_hull([(x - 0.003, fin_h, z0), (x + 0.003, fin_h, z0), (x - 0.003, fin_h, z0 + length * 0.08),
                                 (x + 0.003, fin_h, z0 + length * 0.08), (x - 0.002, 0, z0), (x + 0.002, 0, z0),
                                 (x, fin_h * 0.3, z0 + length * 0.05)]), fin))
    return parts


def _surf_longboard(p: GenParams) -> list[Part]:
    w, h, d = p.size
    fin_h, t = h * 0.45, h * 0.55
    outline = _outline(w, d, 1.6, 2.2)
    parts = [Part(_board_hull(outline, fin_h, t), p.mat("plastic", "#f4efe1"))]
    parts.append(Part(slab(0.006, 0.002, d * 0.96, 0, fin_h + t - 0.001, 0), material("wood", "#8a5a35")))  # stringer
    for z in (0.3, 0.34):
        band = outline[:, 0][int((z + 0.5) * (len(outline) - 1))] * 2 * 0.86
        parts.append(Part(slab(band, 0.002, d * 0.015, 0, fin_h + t - 0.001, z * d), material("plastic", "#e76f51")))
    return parts + _fins(p, (0.0,), fin_h, d)


def _surf_shortboard(p: GenParams) -> list[Part]:
    w, h, d = p.size
    fin_h, t = h * 0.5, h * 0.5
    outline = _outline(w, d, 0.9, 1.6)
    parts = [Part(_board_hull(outline, fin_h, t), p.mat("plastic", "#ffffff"))]
    parts.append(Part(slab(w * 0.5, 0.002, d * 0.25, 0, fin_h + t * 0.85, -d * 0.05), material("plastic", "#118ab2")))
    parts.append(Part(slab(w * 0.4, 0.002, d * 0.15, 0, fin_h + t * 0.85, -d * 0.38), material("plastic", "#073b4c")))  # tail pad
    return parts + _fins(p, (-w * 0.15, 0.0, w * 0.15), fin_h, d)


def _surf_fish(p: GenParams) -> list[Part]:
    """Wide, short board with a swallow tail: two half hulls that part at the tail."""
    w, h, d = p.size
    fin_h, t = h * 0.45, h * 0.55
    outline = _outline(w, d, 1.3, 4.0)
    body = p.mat("plastic", "#ffb703")
    notch = d * 0.1
    parts = []
    for side in (-1, 1):
        half = _board_hull(outline[outline[:, 1] > -d / 2 + notch], fin_h, t, side)
        tip = np.array([(side * w * 0.28, fin_h + t * 0.2, -d / 2), (side * w * 0.28, fin_h + t * 0.8, -d / 2),
                        (side * w * 0.4, fin_h + t * 0.5, -d / 2 + notch)])
        parts.append(Part(_hull(np.vstack([half.vertices, tip])), body))
    parts.append(Part(slab(w * 0.9, 0.002, d * 0.04, 0, fin_h + t * 0.85, d * 0.1), material("plastic", "#fb8500")))
    return parts + _fins(p, (-w * 0.3, w * 0.3), fin_h, d)


@generator("sled")
def sled(p: GenParams) -> list[Part]:
    return _pick(p, (_sled_wooden, _sled_toboggan, _sled_sleigh))


def _runner(x: float, y: float, length: float, curl: float, r: float) -> list[trimesh.Trimesh]:
    """A runner along Z at height y whose front (+Z) curls up by ``curl``."""
    pts = [(x, y, -length / 2), (x, y, length / 2 - curl)]
    pts += [(x, y + curl * (1 - np.cos(a)), length / 2 - curl + curl * np.sin(a)) for a in np.linspace(0.4, np.pi * 0.9, 5)]
    return [rod(a, b, r, 8) for a, b in zip(pts[:-1], pts[1:], strict=True)] + [sphere(r, q, 1) for q in pts[1:-1]]


def _sled_wooden(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#b5651d")
    r = min(0.012, h * 0.05)
    curl = h * 0.4
    parts = []
    for sx in (-1, 1):
        parts += _parts(_runner(sx * w * 0.4, r, d - 2 * r, curl, r), DARK_METAL)
        parts += _parts([slab(0.02, h * 0.6, 0.03, sx * w * 0.4, r, z * d) for z in (-0.35, 0.0, 0.28)], wood)
    parts += [Part(slab(w, h * 0.08, d * 0.14, 0, h * 0.6, z * d), wood) for z in (-0.38, -0.22, -0.06, 0.1, 0.26)]
    return parts + [Part(rod((-w * 0.4, h * 0.75, d / 2 - curl), (w * 0.4, h * 0.75, d / 2 - curl), 0.008, 8), material("fabric", "#c1121f"))]


def _sled_toboggan(p: GenParams) -> list[Part]:
    """Plastic tray whose nose curls up and back."""
    w, h, d = p.size
    body = p.mat("plastic", "#d62828")
    t = min(0.01, h * 0.05)
    flat = d - min(h * 0.48, d * 0.3)
    parts = [Part(slab(w, t, flat, 0, 0, -d / 2 + flat / 2), body)]
    parts += _parts([slab(t, h * 0.35, flat, sx * (w / 2 - t / 2), 0, -d / 2 + flat / 2) for sx in (-1, 1)], body)
    curl_r = min(h * 0.48, d * 0.3)
    curl_z = d / 2 - curl_r  # the curl's widest point reaches the front of the size
    for a0, a1 in zip(np.linspace(0, np.pi * 0.85, 6)[:-1], np.linspace(0, np.pi * 0.85, 6)[1:], strict=True):
        p0 = (curl_z + curl_r * np.sin(a0), curl_r * (1 - np.cos(a0)))
        p1 = (curl_z + curl_r * np.sin(a1), curl_r * (1 - np.cos(a1)))
        seg = slab(w, t, float(np.hypot(p1[0] - p0[0], p1[1] - p0[1])) + t, 0, -t / 2, 0)
        seg = rotated_x(seg, -np.arctan2(p1[1] - p0[1], p1[0] - p0[0]))
        parts.append(Part(seg.apply_translation((0, (p0[1] + p1[1]) / 2, (p0[0] + p1[0]) / 2)), body))
    rope = material("fabric", "#f1c40f")
    return parts + _parts([rod((sx * w * 0.45, h * 0.3, -d * 0.4), (sx * w * 0.45, h * 0.3, d * 0.2), 0.006, 6) for sx in (-1, 1)], rope)


def _sled_sleigh(p: GenParams) -> list[Part]:
    """A little sleigh: curled runners, a box seat and a high back at -Z."""
    w, h, d = p.size
    body = p.mat("wood", "#9b2226")
    r = min(0.012, h * 0.05)
    gold = material("metal", "#d4a017")
    parts = []
    for sx in (-1, 1):
        parts += _parts(_runner(sx * w * 0.42, r, d - 2 * r, h * 0.45, r), gold)
        parts += _parts([rod((sx * w * 0.42, r, z * d), (sx * w * 0.38, h * 0.3, z * d), r * 0.8, 6) for z in (-0.3, 0.2)], gold)
    parts.append(Part(slab(w * 0.9, h * 0.25, d * 0.7, 0, h * 0.3, -d * 0.1), body))
    parts.append(Part(slab(w * 0.9, h * 0.45, d * 0.08, 0, h * 0.55, -d * 0.41), body))
    return parts + [Part(slab(w * 0.8, h * 0.05, d * 0.35, 0, h * 0.55, -d * 0.18), material("fabric", "#283618"))]
