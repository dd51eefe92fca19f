"""Leisure and art props: balls, sculptures, easels, surfboards, sleds."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.palette import BLACK, DARK_METAL, PAPER, WHITE
from tools.assets.mesh import Part, capsule, material, rod, rotated_y, sphere
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import frustum, hull, lathe, parts_of, post, rotated_x, slab

# ------------------------------------------------------------ toys, art

@generator("ball")
def ball(p: GenParams) -> list[Part]:
    """A ball: soccer ball, basketball or beach ball."""
    return pick(p, (_ball_soccer, _ball_basket, _ball_beach))


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
    return parts + parts_of(seams, material("plastic", "#1b1b1b"))


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
        wedge = hull(np.vstack([inside, edges, [(0, r, 0), (0, -r, 0)]])).apply_translation((0, cy, 0))
        parts.append(Part(wedge, material(p.material or "plastic", color)))
    for sy in (-1, 1):
        parts.append(Part(sphere(r * 0.22, (0, cy + sy * r * 0.9, 0), 1), WHITE, True))
    return parts


@generator("sculpture")
def sculpture(p: GenParams) -> list[Part]:
    """A sculpture on a plinth: bust, abstract or figure."""
    return pick(p, (_sculpture_bust, _sculpture_abstract, _sculpture_figure))


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
    parts.append(Part(frustum(min(w, d) * 0.2, min(w, d) * 0.12, bh * 0.08, (0, base, 0), 20), marble))  # socle
    parts.append(Part(post(bh * 0.08, bh * 0.2, 0, base + bh * 0.42, 0, 16), marble))
    hy, hz = bh * 0.22, bh * 0.18
    head = sphere(1.0, (0, 0, 0), 2)
    head.apply_scale([bh * 0.16, hy, hz])
    parts.append(Part(head.apply_translation((0, h - hy, 0)), marble, True))
    nose_y = h - hy * 1.05
    parts.append(Part(hull([(0, nose_y, hz * 1.12), (0, nose_y + hy * 0.35, hz * 0.95), (-hz * 0.12, nose_y, hz * 0.85),
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
    """An easel: A-frame, studio or display easel."""
    return pick(p, (_easel_a_frame, _easel_studio, _easel_display))


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
    parts = parts_of([rod((-w / 2 + r, 0, foot_z * 0.75), top, r, 8), rod((w / 2 - r, 0, foot_z * 0.75), top, r, 8),
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
    """A surfboard: longboard, shortboard or fish."""
    return pick(p, (_surf_longboard, _surf_shortboard, _surf_fish))


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
    return hull(pts)


def _fins(p: GenParams, xs, fin_h: float, length: float) -> list[Part]:
    fin = material("plastic", "#2b2b2b")
    parts = []
    for x in xs:
        z0 = -length / 2 + length * 0.05
        parts.append(Part(hull([(x - 0.003, fin_h, z0), (x + 0.003, fin_h, z0), (x - 0.003, fin_h, z0 + length * 0.08),
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
        parts.append(Part(hull(np.vstack([half.vertices, tip])), body))
    parts.append(Part(slab(w * 0.9, 0.002, d * 0.04, 0, fin_h + t * 0.85, d * 0.1), material("plastic", "#fb8500")))
    return parts + _fins(p, (-w * 0.3, w * 0.3), fin_h, d)


@generator("sled")
def sled(p: GenParams) -> list[Part]:
    """A sled: wooden sled, toboggan or sleigh."""
    return pick(p, (_sled_wooden, _sled_toboggan, _sled_sleigh))


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
        parts += parts_of(_runner(sx * w * 0.4, r, d - 2 * r, curl, r), DARK_METAL)
        parts += parts_of([slab(0.02, h * 0.6, 0.03, sx * w * 0.4, r, z * d) for z in (-0.35, 0.0, 0.28)], wood)
    parts += [Part(slab(w, h * 0.08, d * 0.14, 0, h * 0.6, z * d), wood) for z in (-0.38, -0.22, -0.06, 0.1, 0.26)]
    return parts + [Part(rod((-w * 0.4, h * 0.75, d / 2 - curl), (w * 0.4, h * 0.75, d / 2 - curl), 0.008, 8), material("fabric", "#c1121f"))]


def _sled_toboggan(p: GenParams) -> list[Part]:
    """Plastic tray whose nose curls up and back."""
    w, h, d = p.size
    body = p.mat("plastic", "#d62828")
    t = min(0.01, h * 0.05)
    flat = d - min(h * 0.48, d * 0.3)
    parts = [Part(slab(w, t, flat, 0, 0, -d / 2 + flat / 2), body)]
    parts += parts_of([slab(t, h * 0.35, flat, sx * (w / 2 - t / 2), 0, -d / 2 + flat / 2) for sx in (-1, 1)], body)
    curl_r = min(h * 0.48, d * 0.3)
    curl_z = d / 2 - curl_r  # the curl's widest point reaches the front of the size
    for a0, a1 in zip(np.linspace(0, np.pi * 0.85, 6)[:-1], np.linspace(0, np.pi * 0.85, 6)[1:], strict=True):
        p0 = (curl_z + curl_r * np.sin(a0), curl_r * (1 - np.cos(a0)))
        p1 = (curl_z + curl_r * np.sin(a1), curl_r * (1 - np.cos(a1)))
        seg = slab(w, t, float(np.hypot(p1[0] - p0[0], p1[1] - p0[1])) + t, 0, -t / 2, 0)
        seg = rotated_x(seg, -np.arctan2(p1[1] - p0[1], p1[0] - p0[0]))
        parts.append(Part(seg.apply_translation((0, (p0[1] + p1[1]) / 2, (p0[0] + p1[0]) / 2)), body))
    rope = material("fabric", "#f1c40f")
    return parts + parts_of([rod((sx * w * 0.45, h * 0.3, -d * 0.4), (sx * w * 0.45, h * 0.3, d * 0.2), 0.006, 6) for sx in (-1, 1)], rope)


def _sled_sleigh(p: GenParams) -> list[Part]:
    """A little sleigh: curled runners, a box seat and a high back at -Z."""
    w, h, d = p.size
    body = p.mat("wood", "#9b2226")
    r = min(0.012, h * 0.05)
    gold = material("metal", "#d4a017")
    parts = []
    for sx in (-1, 1):
        parts += parts_of(_runner(sx * w * 0.42, r, d - 2 * r, h * 0.45, r), gold)
        parts += parts_of([rod((sx * w * 0.42, r, z * d), (sx * w * 0.38, h * 0.3, z * d), r * 0.8, 6) for z in (-0.3, 0.2)], gold)
    parts.append(Part(slab(w * 0.9, h * 0.25, d * 0.7, 0, h * 0.3, -d * 0.1), body))
    parts.append(Part(slab(w * 0.9, h * 0.45, d * 0.08, 0, h * 0.55, -d * 0.41), body))
    return parts + [Part(slab(w * 0.8, h * 0.05, d * 0.35, 0, h * 0.55, -d * 0.18), material("fabric", "#283618"))]
