"""Household prop generators: lamps, paintings, screens, potted plants, books, cups.

Each category has three variants, picked by ``p.variant``.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.palette import (
    BLACK,
    BRASS,
    DARK_METAL,
    DARK_WOOD,
    LEAF,
    LEAF_DARK,
    PAPER,
    SOIL,
    WARM_LIGHT,
    WHITE,
)
from tools.assets.mesh import Part, material, rod, rotated_y, sphere
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import frame, frustum, hull, lathe, parts_of, post, rotated_x, slab

# ------------------------------------------------------------ table lamp

@generator("table_lamp")
def table_lamp(p: GenParams) -> list[Part]:
    """A table lamp: drum shade, ginger-jar base, or banker's lamp."""
    return pick(p, (_lamp_drum, _lamp_ginger_jar, _lamp_bankers))


def _shade(p: GenParams, y0: float, r_bottom: float, r_top: float, height: float) -> list[Part]:
    """A glowing shade (square when asked) with a bulb inside."""
    if p.shape == "square":
        shade = hull([(sx * r, y, sz * r) for r, y in ((r_bottom, y0), (r_top, y0 + height)) for sx in (-1, 1) for sz in (-1, 1)])
    else:
        shade = frustum(r_bottom, r_top, height, (0, y0, 0), 24)
    return [Part(shade, WARM_LIGHT)]


def _lamp_drum(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    base = p.mat("ceramic", "#d8cbb0")
    parts = [Part(frustum(r * 0.55, r * 0.45, h * 0.05, (0, 0, 0), 20), base),
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
    """A painting: landscape, abstract or portrait."""
    return pick(p, (_painting_landscape, _painting_abstract, _painting_portrait))


def _canvas(p: GenParams, border: float, frame_mat, back: float) -> tuple[list[Part], float, float, float]:
    """Frame (or none when border == 0) and canvas. Returns parts, canvas width, height and its front z."""
    w, h, d = p.size
    parts = []
    if border > 0:
        parts = parts_of(frame(w, h, d, border), frame_mat)
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
    """A screen: projector screen, whiteboard or blackboard."""
    return pick(p, (_screen_projector, _screen_whiteboard, _screen_blackboard))


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
    parts = parts_of(frame(w, h - tray_h, d * 0.6, border, 0, tray_h, -d * 0.2), frame_mat)
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
    """A potted plant: ficus, snake plant or flowering plant."""
    return pick(p, (_plant_ficus, _plant_snake, _plant_flowering))


def _pot(p: GenParams, height: float, r_top: float) -> list[Part]:
    """The pot (square when asked) with a soil surface just under its rim."""
    pot_mat = p.mat("ceramic", "#b5603c")
    if p.shape == "square":
        pot = hull([(sx * r, y, sz * r) for r, y in ((r_top * 0.8, 0), (r_top, height)) for sx in (-1, 1) for sz in (-1, 1)])
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
        blade = hull([(-lw / 2, 0, 0), (lw / 2, 0, 0), (-lw / 2, 0, 0.01), (lw / 2, 0, 0.01),
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
    """A book: hardcover, paperback or antique."""
    return pick(p, (_book_hardcover, _book_paperback, _book_antique))


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
    """A cup: mug, teacup or glass."""
    return pick(p, (_cup_mug, _cup_teacup, _cup_glass))


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
    return parts + parts_of(_handle(r, h * 0.2, h * 0.8, w - 2 * r, min(0.006, h * 0.06)), body)


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
    return parts + parts_of(handle, body)


def _cup_glass(p: GenParams) -> list[Part]:
    w, h, d = p.size
    r = min(w, d) / 2
    glass = p.mat("glass", "#e6f2f7")
    wall = min(0.003, r * 0.08)
    tumbler = [(0, 0), (r * 0.8, 0), (r, h), (r - wall, h), (r * 0.8 - wall, wall * 3), (0, wall * 3)]
    return [Part(lathe(tumbler, sections=20), glass),
            Part(frustum(r * 0.8 - wall * 1.5, r * 0.8 + (r * 0.2) * 0.6 - wall * 1.5, h * 0.6, (0, wall * 3, 0), 20), material("water", "#f0a040"))]
