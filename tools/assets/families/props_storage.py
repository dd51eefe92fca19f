"""Containers: vases, crates, barrels, toy boxes, paint cans, bins."""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.families.palette import BLACK, DARK_METAL, DARK_WOOD, WHITE
from tools.assets.mesh import Part, capsule, material, rod, rotated_y, sphere
from tools.assets.registry import GenParams, generator, pick
from tools.assets.shapes import frame, frustum, hull, lathe, open_box, parts_of, post, rotated_z, slab


@generator("vase")
def vase(p: GenParams) -> list[Part]:
    """A vase: bulb, with flowers, or amphora."""
    return pick(p, (_vase_bulb, _vase_flowers, _vase_amphora))


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
        parts += parts_of([rod((sx * r * 0.5, h * 0.9, 0), (sx * w / 2 * 0.92, h * 0.85, 0), min(0.008, r * 0.1), 8),
                         rod((sx * w / 2 * 0.92, h * 0.85, 0), (sx * r * 0.85, h * 0.62, 0), min(0.008, r * 0.1), 8)], body)
    band = material("stone", "#1e1e1e")
    return parts + [Part(lathe([(r * 0.9, 0), (r * 0.97, 0), (r * 0.97, h * 0.05), (r * 0.9, h * 0.05), (r * 0.9, 0)],
                               0, h * 0.42, 0, 24), band)]


# ---------------------------------------------------------- containers

@generator("crate")
def crate(p: GenParams) -> list[Part]:
    """A crate: slatted wood, plastic, or shipping crate."""
    return pick(p, (_crate_slatted, _crate_plastic, _crate_shipping))


def _slats_around(w: float, h: float, d: float, n: int, t: float, mat) -> list[Part]:
    """n horizontal boards of thickness t on each of the four sides of a w x h x d box, gaps between."""
    pitch = h / n
    bh = pitch * 0.75
    parts = []
    for i in range(n):
        y = i * pitch + (pitch - bh) / 2
        parts += parts_of([slab(w, bh, t, 0, y, d / 2 - t / 2), slab(w, bh, t, 0, y, -d / 2 + t / 2),
                         slab(t, bh, d, w / 2 - t / 2, y, 0), slab(t, bh, d, -w / 2 + t / 2, y, 0)], mat)
    return parts


def _crate_slatted(p: GenParams) -> list[Part]:
    w, h, d = p.size
    wood = p.mat("wood", "#c89a63")
    t, post_w = min(0.018, w * 0.04), min(0.045, w * 0.08)
    parts = _slats_around(w - 2 * t, h, d - 2 * t, 4, t, wood)
    parts += parts_of([slab(post_w, h, post_w, sx * (w / 2 - post_w / 2), 0, sz * (d / 2 - post_w / 2)) for sx in (-1, 1) for sz in (-1, 1)],
                    material("wood", "#a87a48"))
    parts.append(Part(slab(w - 2 * t, t, d - 2 * t, 0, 0.002, 0), DARK_WOOD))  # floor seen through the open top
    return parts + [Part(slab(w - 4 * t, h * 0.98, d - 4 * t, 0, 0.002, 0), material("wood", "#3a2a1c"))]  # shadowed inside


def _crate_plastic(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#2f6db5")
    wall = min(0.012, w * 0.03)
    parts = parts_of(open_box(w, h, d, wall), body)
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
        parts += parts_of(frame(w, h, bt, bw, 0, 0, z), brace)
        cross = rotated_z(slab(diag, bw, bt, 0, -bw / 2, 0), angle).apply_translation((0, h / 2, z))
        parts.append(Part(cross, brace))
    return parts


@generator("barrel")
def barrel(p: GenParams) -> list[Part]:
    """A barrel: wooden, oil drum or plastic."""
    return pick(p, (_barrel_wooden, _barrel_oil_drum, _barrel_plastic))


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
    """A toy box: chest, plastic or open."""
    return pick(p, (_toy_box_chest, _toy_box_plastic, _toy_box_open))


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
    return parts + parts_of([slab(w * 0.015, h * 0.06, d * 0.3, sx * (w / 2 - w * 0.0075), h * 0.6, 0) for sx in (-1, 1)], BLACK)  # side grips


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
        return hull(pts)
    parts = [Part(rounded(0, h * 0.88, rc * 0.2), body), Part(rounded(h * 0.86, h, 0), lid)]
    for sx in (-1, 1):
        parts.append(Part(slab(hw, h * 0.08, d * 0.4, sx * (w / 2 - hw / 2), h * 0.7, 0), lid))
    return parts


def _toy_box_open(p: GenParams) -> list[Part]:
    """Open painted box with toys poking out over the rim."""
    w, h, d = p.size
    body = p.mat("wood", "#e76f51")
    bh = h * 0.75
    parts = parts_of(open_box(w, bh, d, min(0.018, w * 0.04)), body)
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
    """A paint can: closed, open, or a bucket."""
    return pick(p, (_paint_can_closed, _paint_can_open, _paint_bucket))


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
    return parts + parts_of(_wire_handle(r, ch * 0.85, h - ch * 0.85, min(0.002, r * 0.03)), DARK_METAL)


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
    parts = [Part(frustum(r * 0.85, r * 0.99, bh * 0.96, (0, 0, 0), 24), bucket),
             Part(post(r, bh * 0.05, 0, bh * 0.95, 0, 24), material("plastic", "#e76f51")),  # lid
             Part(post(r * 1.005, bh * 0.05, 0, bh * 0.75, 0, 24), bucket)]
    return parts + parts_of(_wire_handle(r * 0.95, bh * 0.8, h - bh * 0.8, min(0.003, r * 0.04)), BLACK)


@generator("trash_can")
def trash_can(p: GenParams) -> list[Part]:
    """A trash can: pedal bin, swing-top or wheelie bin (round and square shapes pick the first two)."""
    if p.shape == "round":
        return _trash_pedal(p)
    if p.shape == "square":
        return _trash_swing(p)
    return pick(p, (_trash_pedal, _trash_swing, _trash_wheelie))


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
    parts = [Part(hull([(sx * x, y, sz * z) for x, z, y in ((w * 0.44, d * 0.44, 0), (w / 2, d / 2, h - lid_h))
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
    shell = hull([(sx * x, y, z) for sx in (-1, 1) for x, y, z in
                  ((w * 0.4, 0.02 * h, d * 0.38), (w * 0.4, 0.02 * h, -d * 0.28), (w * 0.48, top, d * 0.42), (w * 0.48, top, -d * 0.42))])
    parts = [Part(shell, body), Part(slab(w, lid_h, d * 0.98, 0, top, d * 0.01), material("plastic", "#4a7c59"))]
    parts += [Part(rod((sx * w * 0.42, wheel_r, -d / 2 + wheel_r), (sx * w / 2, wheel_r, -d / 2 + wheel_r), wheel_r, 16), BLACK)
              for sx in (-1, 1)]
    return parts + [Part(rod((-w * 0.4, top - h * 0.04, -d / 2 + 0.015), (w * 0.4, top - h * 0.04, -d / 2 + 0.015), 0.015, 8), BLACK)]
