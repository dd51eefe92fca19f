"""Fittings shared by kitchen and bathroom generators: handles, knobs, taps, cut-out decks, cabinet fronts."""

from __future__ import annotations

import trimesh

from tools.assets.mesh import Part, rod
from tools.assets.shapes import open_box, parts_of, post, slab


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


# ------------------------------------------------------ counters and sinks

def deck_with_hole(w: float, d: float, t: float, y: float, hole_w: float, hole_d: float,
                   hx: float = 0.0, hz: float = 0.0) -> list[trimesh.Trimesh]:
    """A w x d slab of thickness t at height y with a rectangular hole centred on (hx, hz)."""
    x0, x1, z0, z1 = hx - hole_w / 2, hx + hole_w / 2, hz - hole_d / 2, hz + hole_d / 2
    return [slab(x0 + w / 2, t, d, (x0 - w / 2) / 2, y, 0), slab(w / 2 - x1, t, d, (x1 + w / 2) / 2, y, 0),
            slab(hole_w, t, z0 + d / 2, hx, y, (z0 - d / 2) / 2), slab(hole_w, t, d / 2 - z1, hx, y, (z1 + d / 2) / 2)]


def inset_basin(top: float, t: float, bw: float, bd: float, depth: float, hx: float, hz: float) -> list[trimesh.Trimesh]:
    """A steel bowl hanging below a hole of bw x bd in a top whose upper face is at ``top``."""
    wall = min(0.008, bw * 0.03)
    return open_box(bw, depth, bd, wall, hx, top - depth, hz) + [post(min(0.025, bw * 0.08), 0.003, hx, top - depth + wall, hz)]


def cabinet_doors(w: float, y0: float, y1: float, z_face: float, n: int, body, pull) -> list[Part]:
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


def drawer_stack(x: float, dw: float, y0: float, y1: float, z_face: float, n: int, body, pull) -> list[Part]:
    """A column of n drawer fronts with bar pulls between heights y0 and y1."""
    gap = min(0.006, dw * 0.01)
    dh = (y1 - y0) / n
    parts = []
    for i in range(n):
        yb = y0 + dh * i
        parts.append(Part(slab(dw - gap, dh - gap, 0.018, x, yb + gap / 2, z_face + 0.009), body))
        parts += parts_of(bar_handle_h(x - dw * 0.2, x + dw * 0.2, yb + dh * 0.6, z_face + 0.018, 0.022), pull)
    return parts
