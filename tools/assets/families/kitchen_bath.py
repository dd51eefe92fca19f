"""Kitchen and bathroom generators: appliances, counters, sanitary ware.

The shape helpers at the top (``slab``, ``post``, ``lathe``, ``open_box``,
``rotated_x``/``rotated_z``, handles) are also used by the props family.
Every size is a fraction of the asked ``p.size``; only small details (handle
bars, seams, feet) use absolute metres, clamped to the size.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Z_TO_Y, Part, box, capsule, cylinder, material, rod, rotated_y, sphere
from tools.assets.registry import GenParams, generator

STEEL = material("metal", "#c4c8cc")
CHROME = material("metal", "#e4e6e8")
DARK = material("plastic", "#1c1c1e")
BLACK_GLASS = material("plastic", "#0e1114")
GLASS = material("glass", "#dfeff5")
PORCELAIN = material("ceramic", "#f6f6f2")
COUNTER_STONE = material("stone", "#d9d4cc")
WATER = material("water", "#7fb8d6")
DISPLAY = material("emissive", "#47d16b")


# ------------------------------------------------------------- shape helpers

def slab(w: float, h: float, d: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> trimesh.Trimesh:
    """Axis-aligned box of extent (w, h, d) whose bottom face is centred on (x, y, z)."""
    return box((w, h, d), (x, y + h / 2, z))


def post(r: float, h: float, x: float = 0.0, y: float = 0.0, z: float = 0.0, sections: int = 16) -> trimesh.Trimesh:
    """Vertical cylinder of radius ``r`` standing on (x, y, z)."""
    return cylinder(r, h, (x, y + h / 2, z), sections)


def lathe(profile, x: float = 0.0, y: float = 0.0, z: float = 0.0, sections: int = 24, scale=(1.0, 1.0)) -> trimesh.Trimesh:
    """Closed solid of revolution about the vertical axis through (x, y, z).

    profile: (n, 2) (radius, height) points that either start and end on the
    axis (radius 0), e.g. axis-bottom -> rim -> inner wall -> axis-top for a
    cup, or form a closed loop (first point == last) for rings.
    scale: (sx, sz) stretches the circle into an ellipse (oval tubs, bowls).
    """
    pts = np.asarray(profile, dtype=float)
    on_axis = pts.ndim == 2 and pts.shape[1] == 2 and abs(pts[0, 0]) < 1e-9 and abs(pts[-1, 0]) < 1e-9
    closed = pts.ndim == 2 and pts.shape[1] == 2 and len(pts) > 3 and np.allclose(pts[0], pts[-1])
    if not (on_axis or closed):
        raise ValueError(f"lathe profile must be (n, 2), on the axis at both ends or closed, got {pts.tolist()}")
    mesh = trimesh.creation.revolve(pts, sections=sections)
    if mesh.volume < 0:
        mesh.invert()
    mesh.apply_transform(Z_TO_Y)
    mesh.apply_scale([scale[0], 1.0, scale[1]])
    return mesh.apply_translation((x, y, z))


def frustum(r_bottom: float, r_top: float, h: float, x: float = 0.0, y: float = 0.0, z: float = 0.0,
            sections: int = 24) -> trimesh.Trimesh:
    """Solid truncated cone standing on (x, y, z)."""
    return lathe([(0, 0), (r_bottom, 0), (r_top, h), (0, h)], x, y, z, sections)


def rotated_x(mesh: trimesh.Trimesh, angle: float, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` by ``angle`` radians about the X axis through ``about`` (+angle tips +Y towards +Z)."""
    return mesh.apply_transform(trimesh.transformations.rotation_matrix(angle, [1, 0, 0], about))


def rotated_z(mesh: trimesh.Trimesh, angle: float, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` by ``angle`` radians about the Z axis through ``about``."""
    return mesh.apply_transform(trimesh.transformations.rotation_matrix(angle, [0, 0, 1], about))


def open_box(w: float, h: float, d: float, t: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> list[trimesh.Trimesh]:
    """An open-topped hollow box (bottom and four walls of thickness ``t``) standing on (x, y, z)."""
    return [slab(w, t, d, x, y, z),
            slab(w, h, t, x, y, z - d / 2 + t / 2), slab(w, h, t, x, y, z + d / 2 - t / 2),
            slab(t, h, d, x - w / 2 + t / 2, y, z), slab(t, h, d, x + w / 2 - t / 2, y, z)]


def frame(w: float, h: float, d: float, t: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> list[trimesh.Trimesh]:
    """A rectangular picture-frame border in the XY plane, outer size w x h, bars ``t`` wide, bottom at y."""
    return [slab(w, t, d, x, y, z), slab(w, t, d, x, y + h - t, z),
            slab(t, h, d, x - w / 2 + t / 2, y, z), slab(t, h, d, x + w / 2 - t / 2, y, z)]


def bar_handle_v(x: float, y0: float, y1: float, z_face: float, reach: float) -> list[trimesh.Trimesh]:
    """Vertical pull handle from y0 to y1 standing ``reach`` in front (+Z) of the face at z_face."""
    r = min(0.012, reach * 0.3)
    z = z_face + reach - r
    return [rod((x, y0, z), (x, y1, z), r, 8),
            rod((x, y0 + r, z_face), (x, y0 + r, z), r * 0.8, 8), rod((x, y1 - r, z_face), (x, y1 - r, z), r * 0.8, 8)]


def bar_handle_h(x0: float, x1: float, y: float, z_face: float, reach: float) -> list[trimesh.Trimesh]:
    """Horizontal pull handle from x0 to x1 standing ``reach`` in front of the face at z_face."""
    r = min(0.012, reach * 0.3)
    z = z_face + reach - r
    return [rod((x0, y, z), (x1, y, z), r, 8),
            rod((x0 + r, y, z_face), (x0 + r, y, z), r * 0.8, 8), rod((x1 - r, y, z_face), (x1 - r, y, z), r * 0.8, 8)]


def knob(x: float, y: float, z_face: float, r: float, depth: float) -> trimesh.Trimesh:
    """A round control knob on a +Z facing panel."""
    return rod((x, y, z_face - 0.001), (x, y, z_face + depth), r, 12)


def faucet(x: float, y: float, z: float, height: float, reach: float) -> list[trimesh.Trimesh]:
    """A gooseneck tap standing on (x, y, z) whose spout reaches ``reach`` towards +Z."""
    r = min(0.014, height * 0.08)
    top = y + height
    return [post(r * 1.6, r * 1.5, x, y, z),
            rod((x, y, z), (x, top, z), r, 10),
            rod((x, top, z), (x, top - r, z + reach), r, 10),
            rod((x, top - r, z + reach), (x, top - height * 0.3, z + reach), r * 0.9, 10)]


def _parts(meshes: list[trimesh.Trimesh], mat, smooth: bool = False) -> list[Part]:
    return [Part(m, mat, smooth) for m in meshes]


# ---------------------------------------------------------------- fridge

@generator("fridge")
def fridge(p: GenParams) -> list[Part]:
    return (_fridge_top_freezer, _fridge_side_by_side, _fridge_retro)[p.variant](p)


def _fridge_shell(p: GenParams, body, reach: float, foot: float) -> list[Part]:
    w, h, d = p.size
    door_t = 0.06 * d
    return [Part(slab(w, h - foot, d - door_t - reach, 0, foot, -(door_t + reach) / 2), body),
            *_parts([post(min(0.02, w * 0.04), foot, sx * w * 0.4, 0, sz * d * 0.35) for sx in (-1, 1) for sz in (-1, 1)], DARK)]


def _fridge_top_freezer(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f2f2f0")
    reach, foot, gap = 0.05 * d, 0.02 * h, min(0.008, h * 0.005)
    face = d / 2 - reach
    door_t, split = 0.06 * d, 0.66 * h
    parts = _fridge_shell(p, body, reach, foot)
    parts += [Part(slab(w, split - gap - foot, door_t, 0, foot, face - door_t / 2), body),
              Part(slab(w, h - split - gap, door_t, 0, split + gap, face - door_t / 2), body)]
    hx = w * 0.4
    handles = bar_handle_v(hx, split - 0.35 * h, split - 0.08 * h, face, reach) + bar_handle_v(hx, split + 0.05 * h, split + 0.2 * h, face, reach)
    return parts + _parts(handles, STEEL)


def _fridge_side_by_side(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#b9bdc2")
    reach, foot, gap = 0.05 * d, 0.02 * h, min(0.008, w * 0.01)
    face, door_t = d / 2 - reach, 0.06 * d
    parts = _fridge_shell(p, body, reach, foot)
    for side, frac in ((-1, 0.42), (1, 0.58)):  # freezer narrower than the fridge door
        dw = w * frac - gap / 2
        cx = side * (w / 2 - dw / 2)
        parts.append(Part(slab(dw, h - foot, door_t, cx, foot, face - door_t / 2), body))
    split_x = -w / 2 + w * 0.42
    parts += _parts(bar_handle_v(split_x - 0.04 * w, 0.35 * h, 0.8 * h, face, reach), DARK)
    parts += _parts(bar_handle_v(split_x + 0.04 * w, 0.35 * h, 0.8 * h, face, reach), DARK)
    parts.append(Part(slab(w * 0.2, h * 0.16, 0.01, -w * 0.23, 0.55 * h, face + 0.004), BLACK_GLASS))  # water dispenser
    parts.append(Part(slab(w * 0.08, h * 0.02, 0.01, -w * 0.23, 0.68 * h, face + 0.008), DISPLAY))
    return parts


def _fridge_retro(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#9fd8cf")
    reach, foot = 0.06 * d, 0.06 * h
    r = min(w, d) * 0.12  # rounded top edge: a horizontal cylinder over the front and back
    core_d = d - reach
    parts = [Part(slab(w, h - foot - r, core_d, 0, foot, -reach / 2), body),
             Part(slab(w, r, core_d - 2 * r, 0, h - r, -reach / 2), body),
             Part(rod((-w / 2, h - r, d / 2 - reach - r), (w / 2, h - r, d / 2 - reach - r), r, 16), body),
             Part(rod((-w / 2, h - r, -d / 2 + r), (w / 2, h - r, -d / 2 + r), r, 16), body)]
    parts += _parts([rod((sx * w * 0.4, 0, sz * d * 0.3), (sx * w * 0.38, foot, sz * d * 0.3), min(0.02, w * 0.04), 10)
                     for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    face = d / 2 - reach
    parts.append(Part(slab(w * 0.98, h * 0.012, 0.01, 0, 0.7 * h, face + 0.002), CHROME))  # door seam trim
    parts += _parts(bar_handle_h(w * 0.15, w * 0.4, 0.76 * h, face, reach) + bar_handle_h(w * 0.15, w * 0.4, 0.62 * h, face, reach), CHROME)
    parts.append(Part(slab(w * 0.2, h * 0.03, 0.008, 0, 0.2 * h, face), CHROME))  # badge
    return parts


# ----------------------------------------------------------------- stove

@generator("stove")
def stove(p: GenParams) -> list[Part]:
    return (_stove_electric, _stove_gas, _stove_induction)[p.variant](p)


def _oven_front(p: GenParams, body, top: float, reach: float) -> list[Part]:
    """Oven door with window and handle, control strip above; the body's front face is at d/2 - reach."""
    w, h, d = p.size
    face = d / 2 - reach
    door_top = top * 0.78
    door_bottom = top * 0.14
    parts = [Part(slab(w * 0.94, door_top - door_bottom, 0.012, 0, door_bottom, face + 0.004), body),
             Part(slab(w * 0.7, (door_top - door_bottom) * 0.5, 0.006, 0, door_bottom + (door_top - door_bottom) * 0.25, face + 0.012), BLACK_GLASS),
             Part(slab(w * 0.94, top * 0.1, 0.01, 0, top * 0.02, face + 0.003), DARK)]  # drawer / kick strip
    parts += _parts(bar_handle_h(-w * 0.4, w * 0.4, door_top - top * 0.05, face + 0.01, reach - 0.01), STEEL)
    return parts


def _stove_electric(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f4f4f2")
    reach, top = 0.07 * d, 0.97 * h
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w, h - top, d - reach, 0, top, -reach / 2), BLACK_GLASS)]
    for sx in (-1, 1):
        for sz, rr in ((-1, 0.2), (1, 0.15)):
            parts.append(Part(post(w * rr, 0.004, sx * w * 0.23, h - 0.002, sz * d * 0.2), material("plastic", "#3a3a3c")))
    face = d / 2 - reach
    parts += _parts([knob(x * w, top * 0.88, face, min(0.02, w * 0.04), reach * 0.6) for x in (-0.36, -0.18, 0.18, 0.36)], DARK)
    return parts + _oven_front(p, body, top, reach)


def _stove_gas(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#c2c5c8")
    reach = 0.07 * d
    top, guard = 0.86 * h, 0.04 * d
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w, h - top, guard, 0, top, -d / 2 + guard / 2), body)]  # back guard
    grate_y = top + 0.02 * h
    for sx in (-1, 1):
        for sz in (-1, 1):
            cx, cz = sx * w * 0.23, sz * d * 0.18 - reach / 2
            parts.append(Part(post(w * 0.06, grate_y - top, cx, top, cz), DARK))
            parts += _parts([rod((cx - w * 0.16, grate_y, cz), (cx + w * 0.16, grate_y, cz), 0.006, 6),
                             rod((cx, grate_y, cz - w * 0.16), (cx, grate_y, cz + w * 0.16), 0.006, 6)], DARK)
    face = d / 2 - reach
    parts += _parts([knob(x * w, top * 0.9, face, min(0.022, w * 0.045), reach * 0.7) for x in (-0.38, -0.19, 0.0, 0.19, 0.38)], DARK)
    return parts + _oven_front(p, body, top, reach)


def _stove_induction(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#2b2d30")
    reach, top = 0.06 * d, 0.98 * h
    parts = [Part(slab(w, top, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w * 1.0, h - top, d, 0, top, 0), BLACK_GLASS)]
    ring = material("plastic", "#6b6f74")
    for sx, sz, rr in ((-1, -1, 0.2), (1, -1, 0.15), (-1, 1, 0.15), (1, 1, 0.2)):
        outer = lathe([(0, 0), (w * rr, 0), (w * rr, 0.002), (0, 0.002)], sx * w * 0.23, h, sz * d * 0.2)
        parts.append(Part(outer, ring))
    parts.append(Part(slab(w * 0.3, 0.002, d * 0.06, 0, h, d * 0.42), DISPLAY))  # touch controls
    parts += [Part(slab(w * 0.94, top * 0.12, 0.012, 0, top * 0.82, d / 2 - reach + 0.004), BLACK_GLASS)]
    return parts + _oven_front(p, body, top * 0.95, reach)


# ------------------------------------------------------ counters and sinks

def deck_with_hole(w: float, d: float, t: float, y: float, hole_w: float, hole_d: float,
                   hx: float = 0.0, hz: float = 0.0) -> list[trimesh.Trimesh]:
    """A w x d slab of thickness t at height y with a rectangular hole centred on (hx, hz)."""
    x0, x1, z0, z1 = hx - hole_w / 2, hx + hole_w / 2, hz - hole_d / 2, hz + hole_d / 2
    return [slab(x0 + w / 2, t, d, (x0 - w / 2) / 2, y, 0), slab(w / 2 - x1, t, d, (x1 + w / 2) / 2, y, 0),
            slab(hole_w, t, z0 + d / 2, hx, y, (z0 - d / 2) / 2), slab(hole_w, t, d / 2 - z1, hx, y, (z1 + d / 2) / 2)]


def _inset_basin(top: float, t: float, bw: float, bd: float, depth: float, hx: float, hz: float) -> list[trimesh.Trimesh]:
    """A steel bowl hanging below a hole of bw x bd in a top whose upper face is at ``top``."""
    wall = min(0.008, bw * 0.03)
    return open_box(bw, depth, bd, wall, hx, top - depth, hz) + [post(min(0.025, bw * 0.08), 0.003, hx, top - depth + wall, hz)]


def _cabinet_doors(w: float, y0: float, y1: float, z_face: float, n: int, body, pull) -> list[Part]:
    """n doors side by side across width w between heights y0 and y1, with small pulls."""
    gap = min(0.006, w * 0.01)
    dw = w / n
    parts = []
    for i in range(n):
        cx = -w / 2 + dw * (i + 0.5)
        parts.append(Part(slab(dw - gap, y1 - y0 - gap, 0.018, cx, y0 + gap / 2, z_face + 0.009), body))
        side = 1 if i % 2 == 0 else -1  # pulls near the meeting edges
        px = cx + side * (dw / 2 - min(0.05, dw * 0.15)) if n > 1 else cx + dw * 0.35
        parts.append(Part(knob(px, y1 - min(0.08, (y1 - y0) * 0.2), z_face + 0.018, min(0.012, dw * 0.05), 0.022), pull))
    return parts


def _drawer_stack(x: float, dw: float, y0: float, y1: float, z_face: float, n: int, body, pull) -> list[Part]:
    gap = min(0.006, dw * 0.01)
    dh = (y1 - y0) / n
    parts = []
    for i in range(n):
        yb = y0 + dh * i
        parts.append(Part(slab(dw - gap, dh - gap, 0.018, x, yb + gap / 2, z_face + 0.009), body))
        parts += _parts(bar_handle_h(x - dw * 0.2, x + dw * 0.2, yb + dh * 0.6, z_face + 0.018, 0.022), pull)
    return parts


@generator("sink_counter")
def sink_counter(p: GenParams) -> list[Part]:
    return (_sink_counter_doors, _sink_counter_drawers, _sink_counter_farmhouse)[p.variant](p)


def _counter_carcass(p: GenParams, body, top_y: float, t: float, front_gap: float) -> list[Part]:
    """Cabinet walls up to the top and a dark toe kick; the front face sits at d/2 - front_gap."""
    w, _, d = p.size
    kick = min(0.1, top_y * 0.12)
    cd = d - front_gap - 0.02
    parts = _parts(open_box(w - 0.01, top_y - t - kick, cd, 0.018, 0, kick, -(front_gap + 0.02) / 2), body)
    return parts + [Part(slab(w - 0.05, kick, cd - 0.05, 0, 0, -(front_gap + 0.02) / 2 - 0.02), DARK)]


def _sink_counter_doors(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#ece6da")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd = min(0.55 * w, 0.6), 0.6 * d
    parts = _counter_carcass(p, body, top, t, 0.04)
    parts += _parts(deck_with_hole(w, d, t, top - t, bw, bd, 0, 0.02 * d), COUNTER_STONE)
    parts += _parts(_inset_basin(top, t, bw, bd, min(0.2, top * 0.25), 0, 0.02 * d), STEEL)
    parts += _parts(faucet(0, top, -d * 0.38, h - top, d * 0.3), CHROME)
    kick = min(0.1, top * 0.12)
    return parts + _cabinet_doors(w - 0.01, kick, top - t, face - 0.02, 2, body, CHROME)


def _sink_counter_drawers(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#8a5a35")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd = 0.3 * w, 0.6 * d
    parts = _counter_carcass(p, body, top, t, 0.04)
    holes_x = (-0.18 * w, 0.18 * w)
    # a top with two holes: three slabs between/around the holes plus front and back strips
    x_edges = [-w / 2, holes_x[0] - bw / 2, holes_x[0] + bw / 2, holes_x[1] - bw / 2, holes_x[1] + bw / 2, w / 2]
    z0, z1 = 0.02 * d - bd / 2, 0.02 * d + bd / 2
    stone = material("stone", "#3b3b3d")
    for a, b in ((x_edges[0], x_edges[1]), (x_edges[2], x_edges[3]), (x_edges[4], x_edges[5])):
        parts.append(Part(slab(b - a, t, d, (a + b) / 2, top - t, 0), stone))
    for a, b in ((x_edges[1], x_edges[2]), (x_edges[3], x_edges[4])):
        parts += [Part(slab(b - a, t, z0 + d / 2, (a + b) / 2, top - t, (z0 - d / 2) / 2), stone),
                  Part(slab(b - a, t, d / 2 - z1, (a + b) / 2, top - t, (z1 + d / 2) / 2), stone)]
    for hx in holes_x:
        parts += _parts(_inset_basin(top, t, bw, bd, min(0.2, top * 0.25), hx, 0.02 * d), STEEL)
    parts += _parts(faucet(0, top, -d * 0.38, h - top, d * 0.28), STEEL)
    kick = min(0.1, top * 0.12)
    dw = w * 0.3
    parts += _drawer_stack(-w / 2 + dw / 2, dw, kick, top - t, face - 0.02, 3, body, STEEL)
    doors = _cabinet_doors(w - dw - 0.01, kick, top - t, face - 0.02, 2, body, STEEL)
    for part in doors:
        part.mesh.apply_translation((dw / 2, 0, 0))
    return parts + doors


def _sink_counter_farmhouse(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#5d7a8c")
    top, t = 0.82 * h, min(0.04, 0.05 * h)
    face = d / 2 - 0.04
    bw, bd, depth = 0.6 * w, 0.75 * d, min(0.25, top * 0.3)
    hz = d / 2 - bd / 2
    wood_top = material("wood", "#b07a45")
    parts = _counter_carcass(p, body, top, t, 0.04)
    parts += _parts(deck_with_hole(w, d, t, top - t, bw, bd, 0, hz)[:3], wood_top)
    wall = min(0.025, bw * 0.05)
    parts += _parts(open_box(bw, depth, bd, wall, 0, top - depth, hz), PORCELAIN)  # apron sink, front flush with the top
    parts += _parts(faucet(0, top, -d * 0.4, h - top, d * 0.3), material("metal", "#b08d57"))
    kick = min(0.1, top * 0.12)
    return parts + _cabinet_doors(w - 0.01, kick, top - depth - 0.01, face - 0.02, 2, body, CHROME)


@generator("counter")
def counter(p: GenParams) -> list[Part]:
    return (_counter_shop, _counter_bar, _counter_display)[p.variant](p)


def _raised_panels(w: float, y0: float, y1: float, z_face: float, n: int, mat) -> list[Part]:
    pw = w / n
    return [Part(slab(pw * 0.78, (y1 - y0) * 0.75, 0.012, -w / 2 + pw * (i + 0.5), y0 + (y1 - y0) * 0.125, z_face + 0.006), mat)
            for i in range(n)]


def _counter_shop(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#9b6b43")
    t, over = min(0.05, 0.05 * h), min(0.05, 0.08 * d)
    kick = min(0.1, 0.1 * h)
    base_d = d - over - 0.012
    parts = [Part(slab(w - 2 * over, h - t, base_d, 0, 0, -(over + 0.012) / 2), body),
             Part(slab(w, t, d, 0, h - t, 0), COUNTER_STONE),
             Part(slab(w - 2 * over + 0.004, kick, 0.012, 0, 0, d / 2 - over - 0.006), DARK)]
    return parts + _raised_panels(w - 2 * over, kick, h - t, d / 2 - over - 0.012, max(2, round(w / 0.5)), body)


def _counter_bar(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#4a2e1e")
    t = min(0.05, 0.05 * h)
    work_y, bar_d = 0.86 * h, 0.35 * d
    front_z = d / 2 - bar_d * 0.3  # the raised bar overhangs the front face
    base_d = front_z + d / 2
    parts = [Part(slab(w, work_y - t, base_d, 0, 0, (front_z - d / 2) / 2), body),
             Part(slab(w, t, d - bar_d * 0.7, 0, work_y - t, -(bar_d * 0.7) / 2), COUNTER_STONE),  # back work top
             Part(slab(w, h - work_y, bar_d * 0.3, 0, work_y - t, front_z - bar_d * 0.15), body),  # riser
             Part(slab(w, t, bar_d, 0, h - t, d / 2 - bar_d / 2), material("wood", "#c08a50"))]
    brass = material("metal", "#c9a24a")
    rail_z = front_z + min(0.12, d * 0.17)
    parts.append(Part(rod((-w / 2 + 0.05, 0.2 * h, rail_z), (w / 2 - 0.05, 0.2 * h, rail_z), min(0.025, 0.025 * h), 12), brass))
    for x in np.linspace(-w / 2 + 0.1, w / 2 - 0.1, max(2, round(w / 0.8) + 1)):
        parts.append(Part(rod((x, 0.2 * h, rail_z), (x, 0.2 * h, front_z), 0.012, 8), brass))
    return parts + _raised_panels(w, 0.1 * h, work_y - t, front_z, max(2, round(w / 0.6)), body)


def _counter_display(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#e4e0d8")
    base_h, t, post_r = 0.4 * h, min(0.012, 0.02 * d), min(0.02, 0.02 * w)
    parts = [Part(slab(w, base_h, d, 0, 0, 0), body),
             Part(slab(w, t, d, 0, h - t, 0), GLASS),
             Part(slab(w, h - base_h - t, t, 0, base_h, d / 2 - t / 2), GLASS),
             Part(slab(t, h - base_h - t, d, -w / 2 + t / 2, base_h, 0), GLASS),
             Part(slab(t, h - base_h - t, d, w / 2 - t / 2, base_h, 0), GLASS),
             Part(slab(w, h - base_h, t, 0, base_h, -d / 2 + t / 2), body),
             Part(slab(w - 2 * t, t, d - 2 * t, 0, base_h + (h - base_h) * 0.45, 0), GLASS)]  # shelf
    parts += _parts([post(post_r, h - base_h, sx * (w / 2 - post_r), base_h, sz * (d / 2 - post_r), 8)
                     for sx in (-1, 1) for sz in (-1, 1)], STEEL)
    rng = p.rng()
    colors = ("#e8b04a", "#c4553f", "#6d9a5b", "#4f79b0", "#f2e6c8")
    for i, x in enumerate(np.linspace(-w / 2 + 0.15 * w, w / 2 - 0.15 * w, 5)):
        bw, bh = w * rng.uniform(0.05, 0.09), (h - base_h) * rng.uniform(0.15, 0.3)
        parts.append(Part(slab(bw, bh, d * 0.3, x, base_h, 0), material("plastic", colors[i])))
    return parts


@generator("sink")
def sink(p: GenParams) -> list[Part]:
    return (_sink_pedestal, _sink_vanity, _sink_console)[p.variant](p)


def _wash_basin(w: float, bh: float, d: float, y: float, z: float, round_bowl: bool) -> list[trimesh.Trimesh]:
    """A porcelain basin block w x bh x d standing on (0, y, z) with a bowl hollowed from its top, tap deck at the back."""
    if round_bowl:
        r = 1.0
        profile = [(0, 0), (r * 0.7, 0), (r, bh * 0.8), (r, bh), (r * 0.9, bh), (r * 0.6, bh * 0.25), (0, bh * 0.25)]
        return [lathe(profile, 0, y, z, 28, scale=(w / 2, d / 2))]
    back = d * 0.22
    wall = min(0.03, w * 0.06)
    inner = open_box(w, bh, d - back + wall, wall, 0, y, z + back / 2 - wall / 2)
    return inner + [slab(w, bh, back, 0, y, z - d / 2 + back / 2)]


def _sink_pedestal(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f6f6f2")
    top, bh = 0.84 * h, 0.18 * h
    parts = _parts(_wash_basin(w, bh, d, top - bh, 0, p.shape in ("round", "oval")), china)
    parts.append(Part(lathe([(0, 0), (0.2 * w, 0), (0.13 * w, top * 0.5), (0.16 * w, top - bh), (0, top - bh)], 0, 0, -0.15 * d, 20), china, True))
    return parts + _parts(faucet(0, top, -d * 0.38, h - top, d * 0.2), CHROME)


def _sink_vanity(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("wood", "#6f4e37")
    top, t = 0.66 * h, min(0.03, 0.04 * h)
    parts = [Part(slab(w, top - t - 0.06 * h, d - 0.04, 0, 0.06 * h, -0.02), body),
             Part(slab(w, t, d, 0, top - t, 0), COUNTER_STONE)]
    parts += _parts([post(min(0.015, w * 0.03), 0.06 * h, sx * w * 0.45, 0, sz * d * 0.4, 8) for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    r, bh = min(0.38 * w, 0.38 * d), 0.16 * h
    bowl = [(0, 0), (r * 0.45, 0), (r * 0.95, bh * 0.6), (r, bh), (r * 0.92, bh), (r * 0.85, bh * 0.6), (r * 0.4, bh * 0.12), (0, bh * 0.12)]
    parts.append(Part(lathe(bowl, 0, top, 0.05 * d, 28), PORCELAIN, True))
    parts += _parts(faucet(0, top, -d * 0.4, h - top, d * 0.3), material("metal", "#2a2a2a"))
    return parts + _cabinet_doors(w, 0.06 * h, top - t, d / 2 - 0.04, 2, body, CHROME)


def _sink_console(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f6f6f2")
    top, bh = 0.84 * h, 0.15 * h
    parts = _parts(_wash_basin(w, bh, d, top - bh, 0, p.shape in ("round", "oval")), china)
    leg_r = min(0.015, w * 0.03)
    legs_z = d / 2 - leg_r * 2
    parts += _parts([post(leg_r, top - bh, sx * (w / 2 - leg_r * 2), 0, legs_z, 12) for sx in (-1, 1)], CHROME)
    parts += _parts([rod((-w / 2 + leg_r * 2, 0.45 * h, legs_z), (w / 2 - leg_r * 2, 0.45 * h, legs_z), leg_r * 0.8, 10),
                     rod((-w / 2 + leg_r * 2, 0.05 * h, legs_z), (w / 2 - leg_r * 2, 0.05 * h, legs_z), leg_r * 0.8, 10)], CHROME)
    parts.append(Part(slab(w * 0.8, 0.09 * h, 0.02, 0, 0.36 * h, legs_z), material("fabric", "#e9dcc6")))  # towel on the bar
    return parts + _parts(faucet(0, top, -d * 0.38, h - top, d * 0.2), CHROME)


# ------------------------------------------------------------ bathroom

@generator("bathtub")
def bathtub(p: GenParams) -> list[Part]:
    if p.shape in ("oval", "round"):
        return _bathtub_clawfoot(p)
    return (_bathtub_builtin, _bathtub_clawfoot, _bathtub_modern)[p.variant](p)


def _bathtub_builtin(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f7f7f4")
    wall = min(0.08, 0.1 * d)
    parts = _parts(open_box(w, h, d, wall, 0, 0, 0), china)
    parts.append(Part(slab(w - 2 * wall, 0.01, d - 2 * wall, 0, h * 0.65, 0), WATER))
    spout_x = w / 2 - wall / 2
    parts += _parts([rod((spout_x, h * 0.85, 0), (spout_x - wall * 1.5, h * 0.85, 0), min(0.015, h * 0.03), 10),
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
            parts.append(Part(frustum(min(0.04, w * 0.03), min(0.025, w * 0.02), foot * 1.3, sx * w * 0.33, 0, sz * d * 0.25, 12), brass))
            parts.append(Part(sphere(min(0.035, w * 0.025), (sx * w * 0.33, min(0.03, foot * 0.4), sz * d * 0.25), 1), brass, True))
    tap_x = -w / 2 + w * 0.05
    parts += _parts([rod((tap_x, h - 0.02, 0), (tap_x + w * 0.06, h - 0.02, 0), min(0.015, h * 0.03), 10)], brass)
    return parts


def _bathtub_modern(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#ffffff")
    wall = min(0.06, 0.08 * d)
    rim = min(0.06, 0.1 * h)
    parts = _parts(open_box(w, h - rim, d, wall, 0, 0, 0), china)
    parts += _parts(deck_with_hole(w, d, rim, h - rim, w - 2 * wall - 0.06, d - 2 * wall - 0.06), china)
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
    parts += _parts([rod((-w * 0.15, h + 0.0, d / 2 - wall / 2), (w * 0.15, h, d / 2 - wall / 2), min(0.012, h * 0.02), 8)], CHROME)
    return parts


@generator("toilet")
def toilet(p: GenParams) -> list[Part]:
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


def _toilet_close_coupled(p: GenParams) -> list[Part]:
    w, h, d = p.size
    china = p.mat("ceramic", "#f7f7f4")
    rim = 0.5 * h
    parts = _toilet_bowl(p, china, 0, rim, True)
    bd = 0.66 * d
    parts.append(Part(lathe([(0, 0), (1, 0), (1, 0.02), (0, 0.02)], 0, rim + 0.025, d / 2 - bd / 2, 32,
                            scale=(w / 2 * 0.98, bd / 2 * 0.98)), china))  # closed lid
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
    parts.append(Part(lathe([(0, 0), (1, 0), (1, 0.02), (0, 0.02)], 0, rim + 0.025, d / 2 - bd / 2, 32,
                            scale=(w / 2 * 0.98, bd / 2 * 0.98)), china))
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
    parts += _parts([slab(w, 0.03, 0.03, 0, h - 0.03, d / 2 - 0.015), slab(0.025, h - tray_h, 0.025, -w / 2 + 0.0125, tray_h, d / 2 - 0.0125),
                     slab(0.025, h - tray_h, 0.025, w / 2 - 0.0125, tray_h, d / 2 - 0.0125),
                     *bar_handle_v(-0.02, 0.4 * h, 0.6 * h, d / 2 - pane * 3, -0.03)], CHROME)
    return parts + _parts(_shower_head(0, -d / 2 + wall, 0.9 * h, 0.25 * d, min(0.1, w * 0.1)), CHROME)


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
    return parts + _parts(_shower_head(-w * 0.1, -d / 2 + wall, 0.9 * h, 0.2 * d, min(0.08, w * 0.08)), CHROME)


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
    parts += _parts([rod((0, arm_y, -d / 2 + wall), (0, arm_y, -d * 0.05), 0.012, 8),
                     slab(min(0.3, w * 0.33), 0.015, min(0.3, d * 0.33), 0, arm_y - 0.02, -d * 0.05),
                     rod((-w * 0.3, 0.3 * h, -d / 2 + wall + 0.02), (-w * 0.3, 0.75 * h, -d / 2 + wall + 0.02), 0.01, 8),
                     knob(w * 0.2, 0.5 * h, -d / 2 + wall, 0.035, 0.04)], black)
    return parts


# ----------------------------------------------------------- appliances

@generator("coffee_machine")
def coffee_machine(p: GenParams) -> list[Part]:
    return (_coffee_espresso, _coffee_drip, _coffee_pod)[p.variant](p)


def _small_cup(x: float, y: float, z: float, r: float) -> list[Part]:
    cup = lathe([(0, 0), (r * 0.8, 0), (r, r * 1.4), (r * 0.85, r * 1.4), (r * 0.7, r * 0.2), (0, r * 0.2)], x, y, z, 16)
    return [Part(cup, PORCELAIN, True), Part(post(r * 0.8, 0.002, x, y + r * 1.1, z), material("plastic", "#4a2c1a"))]


def _coffee_espresso(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#c0c3c6")
    back_d = 0.6 * d
    parts = [Part(slab(w, h * 0.96, back_d, 0, 0, -d / 2 + back_d / 2), body),
             Part(slab(w, h * 0.25, d, 0, h * 0.71, 0), body),  # head overhang
             Part(slab(w * 0.9, h * 0.04, d - back_d, 0, 0, d / 2 - (d - back_d) / 2), DARK),  # drip tray
             Part(slab(w * 0.8, h * 0.04, back_d * 0.8, 0, h * 0.96, -d / 2 + back_d / 2), STEEL)]  # cup warmer rail
    gz = d / 2 - 0.35 * d
    parts += _parts([post(w * 0.12, h * 0.06, 0, h * 0.65, gz), post(w * 0.1, h * 0.04, 0, h * 0.61, gz)], STEEL)
    parts.append(Part(rod((0, h * 0.63, gz), (0, h * 0.6, d / 2 - 0.005), min(0.015, w * 0.05), 10), DARK))  # portafilter handle
    parts.append(Part(rod((w * 0.38, h * 0.72, d / 2 - 0.1 * d), (w * 0.4, h * 0.25, d / 2 - 0.08 * d), 0.005, 6), CHROME))  # steam wand
    parts.append(Part(knob(-w * 0.28, h * 0.86, d / 2, min(0.03, w * 0.1), 0.004), material("ceramic", "#fafafa")))  # gauge
    return parts + _small_cup(0, h * 0.04, gz, min(0.03, w * 0.1))


def _coffee_drip(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#222326")
    col_d = 0.35 * d
    parts = [Part(slab(w, h * 0.08, d, 0, 0, 0), body),
             Part(slab(w, h, col_d, 0, 0, -d / 2 + col_d / 2), body),
             Part(slab(w, h * 0.22, d, 0, h * 0.78, 0), body),
             Part(slab(w * 0.7, h * 0.12, 0.006, 0, h * 0.84, d / 2), BLACK_GLASS),
             Part(slab(w * 0.16, h * 0.03, 0.004, -w * 0.2, h * 0.87, d / 2 + 0.004), DISPLAY)]
    r, ch = min(w, d - col_d) * 0.42, h * 0.38
    cz = -d / 2 + col_d + (d - col_d) / 2
    carafe = [(0, 0), (r, 0), (r, ch * 0.7), (r * 0.6, ch), (r * 0.55, ch), (r * 0.93, ch * 0.7), (r * 0.93, 0.004), (0, 0.004)]
    parts.append(Part(lathe(carafe, 0, h * 0.08, cz, 20), GLASS, True))
    parts.append(Part(lathe([(0, 0), (r * 0.9, 0), (r * 0.9, ch * 0.45), (0, ch * 0.45)], 0, h * 0.08 + 0.005, cz, 20),
                      material("plastic", "#3b1f10"), True))
    parts.append(Part(slab(w * 0.06, ch * 0.6, r * 0.6, r * 1.1, h * 0.08 + ch * 0.2, cz), DARK))  # carafe handle
    return parts


def _coffee_pod(p: GenParams) -> list[Part]:
    """Capsule machine: slim column with a head that overhangs a cup, water tank behind, lever on top."""
    w, h, d = p.size
    body = p.mat("plastic", "#b3262e")
    tank_d = 0.28 * d
    core_d = d - tank_d
    head_h = 0.3 * h
    nose_r = head_h / 2  # the head's front is rounded
    parts = [Part(slab(w * 0.9, h - head_h, core_d * 0.5, 0, 0, -d / 2 + tank_d + core_d * 0.25), body),
             Part(slab(w, head_h, core_d - nose_r, 0, h - head_h, -d / 2 + tank_d + (core_d - nose_r) / 2), body),
             Part(rod((-w / 2, h - nose_r, d / 2 - nose_r), (w / 2, h - nose_r, d / 2 - nose_r), nose_r, 20), body),
             Part(slab(w * 0.9, h * 0.05, core_d, 0, 0, d / 2 - core_d / 2), DARK),  # base / drip tray
             Part(slab(w * 0.85, h * 0.85, tank_d, 0, 0, -d / 2 + tank_d / 2), GLASS),
             Part(slab(w * 0.75, h * 0.5, tank_d * 0.8, 0, h * 0.05, -d / 2 + tank_d / 2), WATER)]
    cup_z = d / 2 - core_d * 0.4
    parts.append(Part(post(w * 0.08, h * 0.05, 0, h - head_h - h * 0.05, cup_z), CHROME))  # spout
    parts.append(Part(slab(w * 0.5, h * 0.025, core_d * 0.4, 0, h - 0.001, -d / 2 + tank_d + core_d * 0.3), CHROME))  # lever
    return parts + _small_cup(0, h * 0.05, cup_z, min(0.035, w * 0.12))


@generator("microwave")
def microwave(p: GenParams) -> list[Part]:
    return (_microwave_panel, _microwave_retro, _microwave_steel)[p.variant](p)


def _microwave_body(p: GenParams, body, foot: float) -> list[Part]:
    w, h, d = p.size
    parts = [Part(slab(w, h - foot, d - 0.02, 0, foot, -0.01), body)]
    if foot > 0:
        parts += _parts([post(0.015, foot, sx * w * 0.4, 0, sz * d * 0.35, 8) for sx in (-1, 1) for sz in (-1, 1)], DARK)
    return parts


def _microwave_panel(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#f0f0ee")
    face = d / 2 - 0.02
    parts = _microwave_body(p, body, 0.01)
    parts += [Part(slab(w * 0.72, h * 0.86, 0.01, -w * 0.13, h * 0.07, face + 0.005), body),
              Part(slab(w * 0.5, h * 0.6, 0.004, -w * 0.15, h * 0.2, face + 0.011), BLACK_GLASS),
              Part(slab(w * 0.18, h * 0.1, 0.004, w * 0.37, h * 0.78, face + 0.002), DISPLAY)]
    for i in range(3):
        for j in range(3):
            parts.append(Part(slab(w * 0.04, h * 0.06, 0.006, w * (0.32 + 0.05 * j), h * (0.55 - 0.11 * i), face), DARK))
    parts.append(Part(slab(w * 0.14, h * 0.08, 0.008, w * 0.37, h * 0.12, face), STEEL))  # door release button
    return parts


def _microwave_retro(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("plastic", "#e7d6b0")
    r = min(h, w) * 0.12
    foot = min(0.02, h * 0.06)
    face = d / 2 - 0.02
    parts = [Part(slab(w, h - foot - r, d - 0.02, 0, foot, -0.01), body),
             Part(slab(w - 2 * r, r, d - 0.02, 0, h - r, -0.01), body)]
    for sx in (-1, 1):
        parts.append(Part(rod((sx * (w / 2 - r), h - r, -d / 2), (sx * (w / 2 - r), h - r, face), r, 16), body))
    parts += _parts([post(0.015, foot, sx * w * 0.4, 0, sz * d * 0.35, 8) for sx in (-1, 1) for sz in (-1, 1)], CHROME)
    parts += _parts(frame(w * 0.68, h * 0.7, 0.012, min(0.02, h * 0.06), -w * 0.14, h * 0.12, face + 0.004), CHROME)
    parts.append(Part(slab(w * 0.6, h * 0.6, 0.004, -w * 0.14, h * 0.17, face + 0.003), material("plastic", "#2a2620")))
    parts += _parts([knob(w * 0.35, h * y, face, min(0.025, w * 0.05), 0.02) for y in (0.65, 0.35)], CHROME)
    return parts


def _microwave_steel(p: GenParams) -> list[Part]:
    w, h, d = p.size
    body = p.mat("metal", "#aeb2b6")
    reach = 0.045
    face = d / 2 - reach
    parts = [Part(slab(w, h, d - reach, 0, 0, -reach / 2), body),
             Part(slab(w * 0.98, h * 0.78, 0.01, 0, h * 0.04, face + 0.004), BLACK_GLASS),
             Part(slab(w * 0.98, h * 0.14, 0.01, 0, h * 0.83, face + 0.004), body),
             Part(slab(w * 0.12, h * 0.06, 0.004, w * 0.3, h * 0.87, face + 0.01), DISPLAY)]
    return parts + _parts(bar_handle_h(-w * 0.4, w * 0.4, h * 0.74, face + 0.009, reach - 0.009), STEEL)
